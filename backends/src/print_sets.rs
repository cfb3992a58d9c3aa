//! `--print-sets`: every def deriving from class `Set`, with the ordered set of records its
//! `Elements` dag expression denotes ([`tdq_models::set_theory`], driven as TableGen.cpp's
//! `PrintSets` does).

use crate::{all_derived_definitions, Backend, BackendError, BackendOptions, Output};
use std::io::Write;
use tdq_core::Evaluation;
use tdq_models::set_theory::SetTheory;

pub struct PrintSets;

impl Backend for PrintSets {
    fn name(&self) -> &'static str {
        "print-sets"
    }
    fn help(&self) -> &'static str {
        "Print expanded sets for testing DAG exprs"
    }
    fn emit(&self, input: &Evaluation, _: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let mut sets = SetTheory::new(input, &[("Set", "Elements")]);
        let mut s = String::new();
        for id in all_derived_definitions(input, "Set")? {
            s.push_str(&input.records.get(id).name_string());
            s.push_str(" = [");
            // Every def deriving from Set has an expander.
            for elt in sets.expand(id)?.unwrap_or_default().iter() {
                s.push(' ');
                s.push_str(&sets.name(*elt));
            }
            s.push_str(" ]\n");
        }
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}
