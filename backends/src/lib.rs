//! tdq-backends: everything tdq writes from evaluated records, one file per backend.
//!
//! A backend is one file implementing [`Backend`] plus one line in [`BACKENDS`]; `tdq tblgen`
//! selects it with the same flag llvm-tblgen uses (`--print-records`, `--dump-json`, ...).

use std::io::Write;
use tdq_core::types::RecId;
use tdq_core::Evaluation;

pub mod detailed_records;
pub mod dump_json;
pub mod null;
pub mod print_enums;
pub mod print_records;
pub mod print_sets;

/// A backend failure that is not an I/O error: llvm-tblgen's PrintFatalError from a backend.
#[derive(Debug)]
pub enum BackendError {
    Io(std::io::Error),
    /// Already-formatted message (what llvm-tblgen prints before exiting with status 1).
    Fatal(String),
}

impl BackendError {
    /// LLVM's `PrintFatalError(ArrayRef<SMLoc>, Msg)`: an error at the first location, a note
    /// "instantiated from multiclass" at each other one; no locations gives the location-less
    /// `error: Msg` form of `PrintFatalError(Msg)`.
    pub fn fatal(sm: &tdq_core::SourceMgr, locs: &[tdq_core::Loc], message: impl Into<String>) -> BackendError {
        let mut diags = tdq_core::Diagnostics::new();
        if locs.is_empty() {
            diags.error(tdq_core::Loc::NONE, message);
        } else {
            diags.error_at(locs, message);
        }
        BackendError::Fatal(diags.render_all(sm))
    }
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
];

/// LLVM's `RecordKeeper::getAllDerivedDefinitions`: the defs deriving from class `class`,
/// sorted by name with numbers compared by value (`LessRecord`); a fatal error if there is no
/// such class.
pub fn all_derived_definitions(input: &Evaluation, class: &str) -> Result<Vec<RecId>, BackendError> {
    let rk = &input.records;
    let Some(class_id) = rk.class(class) else {
        return Err(BackendError::fatal(&input.sm, &[], format!("The class '{class}' is not defined\n")));
    };
    let mut defs: Vec<(&str, RecId)> = rk
        .defs
        .iter()
        .filter(|(_, &id)| rk.get(id).is_subclass_of(class_id))
        .map(|(name, &id)| (name.as_str(), id))
        .collect();
    defs.sort_by(|a, b| compare_numeric(a.0.as_bytes(), b.0.as_bytes()));
    Ok(defs.into_iter().map(|(_, id)| id).collect())
}

/// LLVM's `StringRef::compare_numeric`: byte order, except that runs of digits at the same
/// position compare as numbers (a longer run is larger, equal lengths compare bytewise).
pub fn compare_numeric(lhs: &[u8], rhs: &[u8]) -> std::cmp::Ordering {
    use std::cmp::Ordering;
    let end = lhs.len().min(rhs.len());
    let mut i = 0;
    while i < end {
        if lhs[i].is_ascii_digit() && rhs[i].is_ascii_digit() {
            let mut j = i + 1;
            loop {
                let l = lhs.get(j).is_some_and(u8::is_ascii_digit);
                let r = rhs.get(j).is_some_and(u8::is_ascii_digit);
                if l != r {
                    return if r { Ordering::Less } else { Ordering::Greater };
                }
                if !r {
                    break;
                }
                j += 1;
            }
            match lhs[i..j].cmp(&rhs[i..j]) {
                Ordering::Equal => {}
                unequal => return unequal,
            }
            i = j;
            continue;
        }
        if lhs[i] != rhs[i] {
            return lhs[i].cmp(&rhs[i]);
        }
        i += 1;
    }
    lhs.len().cmp(&rhs.len())
}

/// The backend selected by an llvm-tblgen flag name (without dashes).
pub fn find(name: &str) -> Option<&'static dyn Backend> {
    BACKENDS.iter().copied().find(|b| b.name() == name)
}
