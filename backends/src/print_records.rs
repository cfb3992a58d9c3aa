//! `--print-records`: llvm-tblgen's default backend, every class then every def as text.
use crate::{Backend, BackendError, BackendOptions, Output};
use tdq_core::Evaluation;

pub struct PrintRecords;

impl Backend for PrintRecords {
    fn name(&self) -> &'static str {
        "print-records"
    }
    fn help(&self) -> &'static str {
        "Print all records to stdout (default)"
    }
    fn only_writes(&self) -> bool {
        true
    }
    fn emit(&self, input: &Evaluation, _: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        input.records.print(out)?;
        Ok(())
    }
}
