//! `-gen-clang-diags-index-name`: `DIAG_NAME_INDEX(name)` for every diagnostic, sorted by
//! name byte by byte (`EmitClangDiagsIndexName`).

use crate::{all_derived_definitions, Backend, BackendError, BackendOptions, Output};
use std::io::Write;
use tdq_core::Evaluation;

pub struct GenClangDiagsIndexName;

impl Backend for GenClangDiagsIndexName {
    fn name(&self) -> &'static str {
        "gen-clang-diags-index-name"
    }
    fn help(&self) -> &'static str {
        "Generate Clang diagnostic name index"
    }
    fn emit(&self, input: &Evaluation, _options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let mut names: Vec<String> = all_derived_definitions(input, "Diagnostic")?
            .into_iter()
            .map(|diag| input.records.get(diag).name_string())
            .collect();
        // A stable sort, as names are unique.
        names.sort();
        let mut text = String::new();
        for name in names {
            text.push_str(&format!("DIAG_NAME_INDEX({name})\n"));
        }
        out.write_all(text.as_bytes())?;
        Ok(())
    }
}
