//! tdq-backends: everything tdq writes from evaluated records, one file per backend.
//!
//! The layout is LLVM's `utils/TableGen`: a backend is one file named after its flag
//! (`gen_vt.rs` for `--gen-vt`) implementing [`Backend`] plus one line in [`BACKENDS`];
//! `common/` holds what several share (record queries with LLVM's errors, emission helpers,
//! the models of intrinsics and, later, of the CodeGen target). `tdq tblgen` selects a backend
//! with the flag llvm-tblgen uses, and parses the options every backend declares
//! ([`Backend::options`]) once, with its own command line.

#![forbid(unsafe_code)]

use std::collections::BTreeMap;
use std::io::Write;
use tdq_core::{Diagnostics, Evaluation, Release};

pub mod clang;
pub mod common;
pub mod dump_json;
pub mod gen_arm_target_def;
pub mod gen_attrs;
pub mod gen_automata;
pub mod gen_ctags;
pub mod gen_directive_decl;
pub mod gen_directive_impl;
pub mod gen_exegesis;
pub mod gen_intrinsic_enums;
pub mod gen_intrinsic_impl;
pub mod gen_opt_parser_defs;
pub mod gen_opt_rst;
pub mod gen_riscv_target_def;
pub mod gen_runtime_libcalls;
pub mod gen_searchable_tables;
pub mod gen_target_features;
pub mod gen_target_library_info;
pub mod gen_vt;
pub mod null_backend;
pub mod print_detailed_records;
pub mod print_enums;
pub mod print_records;
pub mod print_sets;

pub use common::records::{all_derived_definitions, compare_numeric};

impl From<tdq_models::Fatal> for BackendError {
    fn from(e: tdq_models::Fatal) -> Self {
        BackendError::Fatal(e.0)
    }
}

impl BackendError {
    /// LLVM's `PrintFatalError` ([`tdq_models::Fatal::new`]) as a backend's error.
    pub fn fatal(locs: &[tdq_core::Loc], message: impl Into<String>) -> BackendError {
        tdq_models::Fatal::new(locs, message).into()
    }
}

/// A backend failure that is not an I/O error: llvm-tblgen's `PrintFatalError` from a backend,
/// as diagnostics (rendered once, by the driver, against the evaluation's sources).
#[derive(Debug)]
pub enum BackendError {
    Io(std::io::Error),
    /// What llvm-tblgen prints before exiting with status 1.
    Fatal(Diagnostics),
}

impl From<std::io::Error> for BackendError {
    fn from(e: std::io::Error) -> Self {
        BackendError::Io(e)
    }
}

/// The kind of value a backend option takes, as LLVM's `cl::opt<T>` types it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// `cl::opt<std::string>`.
    Str,
    /// `cl::opt<bool>`.
    Bool,
    /// `cl::opt<unsigned>`.
    Uint32,
    /// `cl::opt<enum>` with `cl::values(...)`: (name, help) of each value.
    Enum(&'static [(&'static str, &'static str)]),
}

/// One of a backend's own command-line options (a `cl::opt` in LLVM's emitter file).
#[derive(Clone, Copy, Debug)]
pub struct BackendOption {
    /// Without dashes, e.g. `intrinsic-prefix`.
    pub name: &'static str,
    pub kind: OptionKind,
    pub help: &'static str,
    /// `cl::value_desc`, or empty.
    pub value_desc: &'static str,
    /// `cl::cat`: the heading `--help` lists it under, e.g. `Options for -gen-intrinsic-enums`.
    pub category: &'static str,
}

/// A backend option's value as given on the command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionValue {
    Str(String),
    Bool(bool),
    Uint(u64),
}

/// What a backend may need from the command line besides the records: the options llvm-tblgen
/// keeps in backend-specific `cl::opt`s, and what its `RecordKeeper` remembers of the driver.
#[derive(Clone, Debug, Default)]
pub struct BackendOptions {
    /// The input file as named on the command line, `-` for standard input
    /// (`RecordKeeper::getInputFilename`). Empty: the root buffer's name.
    pub input_filename: String,
    /// `-o`, `-` for standard output; backends that write several files name them from it.
    pub output_filename: String,
    /// The release whose llvm-tblgen the output matches: what differs between releases is a
    /// branch or a table in the backend.
    pub release: Release,
    /// The values given for backends' own options ([`Backend::options`]), by option name;
    /// an option not given is absent.
    pub values: BTreeMap<&'static str, OptionValue>,
}

impl BackendOptions {
    /// A string option's value, `""` when not given (LLVM's default for `cl::opt<std::string>`).
    pub fn str(&self, name: &str) -> &str {
        match self.values.get(name) {
            Some(OptionValue::Str(s)) => s,
            _ => "",
        }
    }

    /// A boolean option's value, `false` when not given.
    pub fn flag(&self, name: &str) -> bool {
        matches!(self.values.get(name), Some(OptionValue::Bool(true)))
    }

    /// An unsigned option's value, `default` when not given.
    pub fn uint(&self, name: &str, default: u64) -> u64 {
        match self.values.get(name) {
            Some(OptionValue::Uint(n)) => *n,
            _ => default,
        }
    }

    /// LLVM 22's `FilenamePrefix`: the output file's name without directory and extension.
    pub fn output_stem(&self) -> &str {
        let name = self.output_filename.rsplit('/').next().unwrap_or("");
        match name.rfind('.') {
            Some(dot) if dot > 0 => &name[..dot],
            _ => name,
        }
    }
}

/// Where a backend writes: the main output (what `-o` names), the files some backends write
/// beside it (LLVM 22's `TableGenOutputFiles::AdditionalFiles`), and the warnings it reports.
/// Writing to an `Output` writes the main output.
pub struct Output<'a> {
    main: &'a mut dyn Write,
    /// Each further file's content by the suffix that replaces the main output's extension
    /// (`Enums.inc` makes `XGenRegisterInfoEnums.inc` of `XGenRegisterInfo.inc`), in the
    /// order llvm-tblgen writes them.
    pub additional: BTreeMap<String, Vec<u8>>,
    /// Warnings (`PrintWarning`), printed by the driver whether or not the backend succeeds.
    pub diags: Diagnostics,
}

impl<'a> Output<'a> {
    pub fn new(main: &'a mut dyn Write) -> Output<'a> {
        Output { main, additional: BTreeMap::new(), diags: Diagnostics::new() }
    }

    /// The buffer of the file written beside the main output with this suffix.
    pub fn additional_file(&mut self, suffix: &str) -> &mut Vec<u8> {
        self.additional.entry(suffix.to_owned()).or_default()
    }
}

impl Write for Output<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.main.write(buf)
    }
    fn write_all(&mut self, buf: &[u8]) -> std::io::Result<()> {
        self.main.write_all(buf)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.main.flush()
    }
}

/// One output format over the evaluated records.
pub trait Backend: Sync {
    /// The llvm-tblgen flag without dashes, e.g. `print-records`.
    fn name(&self) -> &'static str;
    /// One line for `--help`.
    fn help(&self) -> &'static str;
    /// The backend's own options, parsed with the rest of the command line and listed in
    /// `--help` under their category; their values reach [`Backend::emit`] in
    /// [`BackendOptions::values`].
    fn options(&self) -> &'static [BackendOption] {
        &[]
    }
    /// Writes the output for `input` (its records, and the sources for locations) to `out`.
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError>;
}

/// Every backend tdq has. The first is the default, as in llvm-tblgen.
pub static BACKENDS: &[&dyn Backend] = &[
    &print_records::PrintRecords,
    &print_detailed_records::PrintDetailedRecords,
    &null_backend::NullBackend,
    &dump_json::DumpJson,
    &print_enums::PrintEnums,
    &print_sets::PrintSets,
    &gen_ctags::CTags,
    &gen_searchable_tables::SearchableTables,
    &gen_vt::GenVt,
    &gen_attrs::GenAttrs,
    &gen_intrinsic_enums::GenIntrinsicEnums,
    &gen_intrinsic_impl::GenIntrinsicImpl,
    &gen_opt_parser_defs::GenOptParserDefs,
    &gen_opt_rst::GenOptRst,
    &gen_exegesis::GenExegesis,
    &gen_riscv_target_def::GenRiscvTargetDef,
    &gen_arm_target_def::GenArmTargetDef,
    &gen_directive_decl::GenDirectiveDecl,
    &gen_directive_impl::GenDirectiveImpl,
    &gen_target_features::GenTargetFeatures,
    &gen_target_library_info::GenTargetLibraryInfo,
    &gen_automata::GenAutomata,
    &gen_runtime_libcalls::GenRuntimeLibcalls,
];

/// The backend selected by an llvm-tblgen flag name (without dashes).
pub fn find(name: &str) -> Option<&'static dyn Backend> {
    BACKENDS.iter().copied().find(|b| b.name() == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn option_values_are_typed() {
        let mut options = BackendOptions::default();
        options.values.insert("intrinsic-prefix", OptionValue::Str("x86".into()));
        options.values.insert("asmwriternum", OptionValue::Uint(1));
        options.values.insert("omit-comments", OptionValue::Bool(true));
        assert_eq!(options.str("intrinsic-prefix"), "x86");
        assert_eq!(options.str("combiners"), "");
        assert_eq!(options.uint("asmwriternum", 0), 1);
        assert!(options.flag("omit-comments"));
        assert!(!options.flag("instrument-coverage"));
    }

    #[test]
    fn output_stem_is_the_file_name_without_extension() {
        let options =
            BackendOptions { output_filename: "lib/X86GenRegisterInfo.inc".into(), ..BackendOptions::default() };
        assert_eq!(options.output_stem(), "X86GenRegisterInfo");
    }

    #[test]
    fn backend_names_are_unique_and_options_declared_once() {
        let mut names = std::collections::BTreeSet::new();
        let mut options = std::collections::BTreeSet::new();
        for backend in BACKENDS {
            assert!(names.insert(backend.name()), "two backends named {}", backend.name());
            for option in backend.options() {
                assert!(options.insert(option.name), "option {} declared twice", option.name);
            }
        }
    }

    #[test]
    fn additional_files_are_kept_by_suffix() {
        let mut main = Vec::new();
        let mut out = Output::new(&mut main);
        out.write_all(b"main").unwrap();
        out.additional_file("Enums.inc").extend_from_slice(b"enums");
        let additional = std::mem::take(&mut out.additional);
        drop(out);
        assert_eq!(main, b"main");
        assert_eq!(additional["Enums.inc"], b"enums");
    }
}
