//! `-gen-clang-attr-undocumented-list` (LLVM 23): the attributes documented as `Undocumented`,
//! one a line, and their count, that clang's test `AST/undocumented-attrs.cpp` checks.

use crate::{Backend, BackendError, BackendOptions, Output};
use std::io::Write;
use tdq_core::Evaluation;
use tdq_models::clang::attributes::attributes;
use tdq_models::{Fatal, Fields};

pub struct GenClangAttrUndocumentedList;

impl Backend for GenClangAttrUndocumentedList {
    fn name(&self) -> &'static str {
        "gen-clang-attr-undocumented-list"
    }
    fn help(&self) -> &'static str {
        "Generate a list of undocumented attributes"
    }
    fn emit(&self, input: &Evaluation, _: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let f = Fields { input };
        if input.records.def("GlobalDocumentation").is_none() {
            return Err(Fatal::new(&[], "The Documentation top-level definition is missing.").into());
        }
        let mut undocumented = Vec::new();
        for &attr in attributes(input)?.iter() {
            // An attribute is listed once for each `Undocumented` documentation it has.
            for doc in f.defs(attr, "Documentation")? {
                if f.string(f.def(doc, "Category")?, "Name")? == "Undocumented" {
                    undocumented.push(f.name(attr));
                }
            }
        }
        let mut s = String::from("Undocumented attributes:\n");
        for name in &undocumented {
            s.push_str(name);
            s.push('\n');
        }
        s.push_str(&format!("Total: {}\n", undocumented.len()));
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}
