//! `-gen-clang-data-collectors` (`StmtDataCollectors.inc`): each class's `Code`, as the body
//! of a `DEF_ADD_DATA` of the class's name, for the AST's data collectors.

use crate::{Backend, BackendError, BackendOptions, Output};
use std::io::Write;
use tdq_core::Evaluation;
use tdq_models::Fields;

pub struct GenClangDataCollectors;

impl Backend for GenClangDataCollectors {
    fn name(&self) -> &'static str {
        "gen-clang-data-collectors"
    }
    fn help(&self) -> &'static str {
        "Generate data collectors for AST nodes"
    }
    fn emit(&self, input: &Evaluation, _: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let f = Fields { input };
        let mut s = String::new();
        for (&name, &class) in &input.records.classes {
            let code = f.init(class, "Code")?.unquoted();
            s.push_str(&format!("DEF_ADD_DATA({name}, {{\n{code}}}\n)\n"));
        }
        s.push_str("#undef DEF_ADD_DATA\n");
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}
