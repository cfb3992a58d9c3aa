//! tdq-backends: everything tdq writes from evaluated records, one file per backend.
//!
//! A backend is one file implementing [`Backend`] plus one line in [`BACKENDS`]; `tdq tblgen`
//! selects it with the same flag llvm-tblgen uses (`--print-records`, `--dump-json`, ...).

use std::io::Write;
use tdq_core::Evaluation;

pub mod ctags;
pub mod detailed_records;
pub mod dump_json;
pub mod null;
pub mod print_enums;
pub mod print_records;
pub mod print_sets;
pub mod searchable_tables;
mod support;

pub use support::{all_derived_definitions, compare_numeric};

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

/// What a backend may need from the command line besides the records: the options llvm-tblgen
/// keeps in backend-specific `cl::opt`s, and what its `RecordKeeper` remembers of the driver.
#[derive(Clone, Debug, Default)]
pub struct BackendOptions {
    /// `--class`: the class whose defs `--print-enums` lists (llvm-tblgen's default is empty).
    pub class: String,
    /// The input file as named on the command line, `-` for standard input
    /// (`RecordKeeper::getInputFilename`). Empty: the root buffer's name.
    pub input_filename: String,
}

/// One output format over the evaluated records.
pub trait Backend: Sync {
    /// The llvm-tblgen flag without dashes, e.g. `print-records`.
    fn name(&self) -> &'static str;
    /// One line for `--help`.
    fn help(&self) -> &'static str;
    /// Writes the output for `input` (its records, and the sources for locations) to `out`.
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut dyn Write) -> Result<(), BackendError>;
}

/// Every backend tdq has. The first is the default, as in llvm-tblgen.
pub static BACKENDS: &[&dyn Backend] = &[
    &print_records::PrintRecords,
    &detailed_records::PrintDetailedRecords,
    &null::NullBackend,
    &dump_json::DumpJson,
    &print_enums::PrintEnums,
    &print_sets::PrintSets,
    &ctags::CTags,
    &searchable_tables::SearchableTables,
];

/// The backend selected by an llvm-tblgen flag name (without dashes).
pub fn find(name: &str) -> Option<&'static dyn Backend> {
    BACKENDS.iter().copied().find(|b| b.name() == name)
}
