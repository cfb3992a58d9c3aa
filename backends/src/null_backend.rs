//! `--null-backend`: parse and evaluate only, write nothing (for timing the front end).
use crate::{Backend, BackendError, BackendOptions, Output};
use tdq_core::Evaluation;

pub struct NullBackend;

impl Backend for NullBackend {
    fn name(&self) -> &'static str {
        "null-backend"
    }
    fn help(&self) -> &'static str {
        "Do nothing after parsing (useful for timing)"
    }
    fn only_writes(&self) -> bool {
        true
    }
    fn reads_records(&self) -> bool {
        false
    }
    fn emit(&self, _: &Evaluation, _: &BackendOptions, _: &mut Output) -> Result<(), BackendError> {
        Ok(())
    }
}
