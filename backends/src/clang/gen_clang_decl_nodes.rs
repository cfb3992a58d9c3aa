//! `-gen-clang-decl-nodes` (`DeclNodes.inc`): the declaration nodes' list, the declaration
//! contexts first among siblings, then the `DECL_CONTEXT`s.

use super::ast_nodes::{emit_decl_contexts, emit_nodes};
use crate::{Backend, BackendError, BackendOptions, Output};
use std::io::Write;
use tdq_core::Evaluation;

pub struct GenClangDeclNodes;

impl Backend for GenClangDeclNodes {
    fn name(&self) -> &'static str {
        "gen-clang-decl-nodes"
    }
    fn help(&self) -> &'static str {
        "Generate Clang AST declaration nodes"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let mut s = String::new();
        emit_nodes(input, options.release, &options.input_filename, "DeclNode", "Decl", "DeclContext", &mut s)?;
        emit_decl_contexts(input, &options.input_filename, &mut s)?;
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}
