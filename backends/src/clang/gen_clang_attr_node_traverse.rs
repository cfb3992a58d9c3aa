//! `-gen-clang-attr-node-traverse` (`AttrNodeTraverse.inc`): for each AST attribute with
//! expressions or attributes among its arguments, the `Visit` method of the AST dumper's node
//! traverser that visits them.

use super::attr_args::visit_methods;
use crate::common::emit::source_file_header;
use crate::{Backend, BackendError, BackendOptions, Output};
use std::io::Write;
use tdq_core::Evaluation;

pub struct GenClangAttrNodeTraverse;

impl Backend for GenClangAttrNodeTraverse {
    fn name(&self) -> &'static str {
        "gen-clang-attr-node-traverse"
    }
    fn help(&self) -> &'static str {
        "Generate clang attribute traverser"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let mut s = String::new();
        source_file_header(&mut s, "Attribute text node traverser", Some(&options.input_filename));
        visit_methods(input, options.release, &mut s, |_, _| Ok(()), |arg, s| arg.dump_children(s))?;
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}
