//! tdq-backends: everything tdq writes from evaluated records, one file per backend.
//!
//! A backend is one file implementing [`Backend`] plus one line in [`BACKENDS`]; `tdq tblgen`
//! selects it with the same flag llvm-tblgen uses (`--print-records`, `--dump-json`, ...).

use std::io::Write;
use tdq_core::record::RecordKeeper;

pub mod print_records;

/// A backend failure that is not an I/O error: llvm-tblgen's PrintFatalError from a backend.
#[derive(Debug)]
pub enum BackendError {
    Io(std::io::Error),
    /// Already-formatted message (what llvm-tblgen prints before exiting with status 1).
    Fatal(String),
}

impl From<std::io::Error> for BackendError {
    fn from(e: std::io::Error) -> Self {
        BackendError::Io(e)
    }
}

/// One output format over the evaluated records.
pub trait Backend: Sync {
    /// The llvm-tblgen flag without dashes, e.g. `print-records`.
    fn name(&self) -> &'static str;
    /// One line for `--help`.
    fn help(&self) -> &'static str;
    fn emit(&self, records: &RecordKeeper, out: &mut dyn Write) -> Result<(), BackendError>;
}

/// Every backend tdq has. The first is the default, as in llvm-tblgen.
pub static BACKENDS: &[&dyn Backend] = &[&print_records::PrintRecords];

/// The backend selected by an llvm-tblgen flag name (without dashes).
pub fn find(name: &str) -> Option<&'static dyn Backend> {
    BACKENDS.iter().copied().find(|b| b.name() == name)
}
