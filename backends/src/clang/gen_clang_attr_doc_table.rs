//! `-gen-clang-attr-doc-table` (`AttrDocTable.inc`): each AST attribute's first documentation's
//! text as a raw string (`AttrDoc_NAME`).

use crate::common::emit::source_file_header;
use crate::{Backend, BackendError, BackendOptions, Output};
use std::io::Write;
use tdq_core::Evaluation;
use tdq_models::clang::attributes::attributes;
use tdq_models::Fields;

pub struct GenClangAttrDocTable;

impl Backend for GenClangAttrDocTable {
    fn name(&self) -> &'static str {
        "gen-clang-attr-doc-table"
    }
    fn help(&self) -> &'static str {
        "Generate a table of attribute documentation"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let f = Fields { input };
        let mut s = String::new();
        source_file_header(&mut s, "Clang attribute documentation", Some(&options.input_filename));
        for &attr in attributes(input)?.iter() {
            if !f.bit(attr, "ASTNode")? {
                continue;
            }
            // Only the first documentation counts (LLVM asserts there is one).
            let text = match f.defs(attr, "Documentation")?.first() {
                Some(&doc) => f.optional_string(doc, "Content")?.unwrap_or(""),
                None => "",
            };
            let text = text.trim_matches([' ', '\t', '\n', '\x0b', '\x0c', '\r']);
            s.push_str(&format!("\nstatic const char AttrDoc_{}[] = R\"reST({text})reST\";\n", f.name(attr)));
        }
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}
