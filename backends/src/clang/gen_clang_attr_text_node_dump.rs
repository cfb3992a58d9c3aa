//! `-gen-clang-attr-text-node-dump` (`AttrTextNodeDump.inc`): for each AST attribute with
//! something to print, the `Visit` method of the text node dumper that prints its spelling
//! (when its spellings have different names) and its arguments.

use super::attr_args::visit_methods;
use crate::common::emit::source_file_header;
use crate::{Backend, BackendError, BackendOptions, Output};
use std::io::Write;
use tdq_core::Evaluation;
use tdq_models::clang::attributes::{flattened_spellings, spelling_names_are_common};

pub struct GenClangAttrTextNodeDump;

impl Backend for GenClangAttrTextNodeDump {
    fn name(&self) -> &'static str {
        "gen-clang-attr-text-node-dump"
    }
    fn help(&self) -> &'static str {
        "Generate clang attribute text node dumper"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let mut s = String::new();
        source_file_header(&mut s, "Attribute text node dumper", Some(&options.input_filename));
        // The spelling, when the attribute's spellings have different names.
        let spelling = |attr, body: &mut String| {
            let spellings = flattened_spellings(input, attr)?;
            if spellings.len() > 1 && !spelling_names_are_common(&spellings) {
                body.push_str("    OS << \" \" << A->getSpelling();\n");
            }
            Ok(())
        };
        // The delayed arguments are expressions, which print nothing here.
        visit_methods(input, options.release, &mut s, spelling, |arg, s| arg.dump(s))?;
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}
