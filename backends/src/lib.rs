//! tdq-backends: everything tdq writes from evaluated records, one file per backend.
//!
//! The layout is LLVM's `utils/TableGen`: a backend is one file named after its flag
//! (`gen_vt.rs` for `--gen-vt`) implementing [`Backend`] plus one line in [`BACKENDS`];
//! `common/` holds what several share (record queries with LLVM's errors, emission helpers,
//! the models of intrinsics and, later, of the CodeGen target). `tdq tblgen` selects a backend
//! with the flag llvm-tblgen uses, and parses the options every backend declares
//! ([`Backend::options`]) once, with its own command line.
//!
//! A backend file says two more things, each in one place:
//!
//! - **Its options**, typed where they are declared: each `cl::opt` of LLVM's emitter is an
//!   [`Opt`] static of the backend's file (llvm-tblgen's name, help, value description and
//!   category, which `--help` shows as it does), listed by [`Backend::options`] and read in
//!   `emit` with [`BackendOptions::get`], which returns the option's type (`&str`, `bool`,
//!   `u32`, or an enum implementing [`Choice`]): a misspelt option does not compile. The option
//!   then leaves `UNIMPLEMENTED_OPTIONS` in cli/src/tblgen/options.rs.
//! - **What differs between releases**, as named behaviours: a `Form` struct whose fields say
//!   what the output does, and one constant `FORM: ByRelease<Form>` ([`tdq_core::ByRelease`]:
//!   a field a release, later releases usually written `Form { .., ..FORM_22 }`), read as
//!   `FORM.get(options.release)`. A new release makes the compiler ask every such table what
//!   it does; no backend matches or compares releases itself.
//!
//! ```
//! use std::io::Write;
//! use tdq_backends::{AnyOption, Backend, BackendError, BackendOptions, Opt, Output};
//! use tdq_core::{ByRelease, Evaluation};
//!
//! pub struct GenAsmWriter;
//!
//! /// `-asmwriternum`: which of the target's assembly writers to emit.
//! pub static ASMWRITERNUM: Opt<u32> = Opt {
//!     name: "asmwriternum",
//!     help: "Make -gen-asm-writer emit assembly writer #N",
//!     value_desc: "",
//!     category: "Options for -gen-asm-writer",
//!     default: 0,
//!     since: tdq_core::Release::V19,
//! };
//!
//! /// What a release writes.
//! struct Form {
//!     /// The writer's functions are `static` members.
//!     static_members: bool,
//! }
//!
//! const FORM_19: Form = Form { static_members: false };
//! const FORM: ByRelease<Form> = ByRelease { v19: FORM_19, v22: FORM_19, v23: Form { static_members: true } };
//!
//! impl Backend for GenAsmWriter {
//!     fn name(&self) -> &'static str {
//!         "gen-asm-writer"
//!     }
//!     fn help(&self) -> &'static str {
//!         "Generate assembly writer"
//!     }
//!     fn options(&self) -> &'static [&'static dyn AnyOption] {
//!         static OPTIONS: [&dyn AnyOption; 1] = [&ASMWRITERNUM];
//!         &OPTIONS
//!     }
//!     fn emit(&self, _: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
//!         let form = FORM.get(options.release);
//!         writeln!(out, "writer {}, static members: {}", options.get(&ASMWRITERNUM), form.static_members)?;
//!         Ok(())
//!     }
//! }
//! ```

#![forbid(unsafe_code)]

use std::collections::BTreeMap;
use std::io::Write;
use tdq_core::{Diagnostics, Evaluation, Release};

pub mod clang;
pub mod common;
pub mod dump_json;
pub mod gen_arm_target_def;
pub mod gen_asm_matcher;
pub mod gen_asm_writer;
pub mod gen_attrs;
pub mod gen_automata;
pub mod gen_callingconv;
pub mod gen_compress_inst_emitter;
pub mod gen_ctags;
pub mod gen_dag_isel;
pub mod gen_dfa_packetizer;
pub mod gen_directive_decl;
pub mod gen_directive_impl;
pub mod gen_disassembler;
pub mod gen_dxil_operation;
pub mod gen_emitter;
pub mod gen_exegesis;
pub mod gen_fast_isel;
pub mod gen_global_isel;
pub mod gen_global_isel_combiner;
pub mod gen_instr_docs;
pub mod gen_instr_info;
pub mod gen_intrinsic_enums;
pub mod gen_intrinsic_impl;
pub mod gen_macro_fusion_pred;
pub mod gen_opt_parser_defs;
pub mod gen_opt_rst;
pub mod gen_pseudo_lowering;
pub mod gen_register_bank;
pub mod gen_register_info;
pub mod gen_riscv_target_def;
pub mod gen_runtime_libcalls;
pub mod gen_sd_node_info;
pub mod gen_searchable_tables;
pub mod gen_subtarget;
pub mod gen_target_features;
pub mod gen_target_library_info;
pub mod gen_vt;
pub mod gen_x86_fold_tables;
pub mod gen_x86_instr_mapping;
pub mod gen_x86_mnemonic_tables;
pub mod global_isel;
pub mod null_backend;
pub mod print_detailed_records;
pub mod print_enums;
pub mod print_records;
pub mod print_sets;
mod x86_manual;

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
    /// `cl::list<std::string>` with `cl::CommaSeparated`: every occurrence's values, split at
    /// commas, in order.
    StrList,
}

/// A backend option as the command line and `--help` see it, whatever its type: what an
/// [`Opt`] declares, and how the options of backends tdq lacks are listed.
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
    /// The first release whose llvm-tblgen has it.
    pub since: Release,
}

/// One of a backend's own command-line options (a `cl::opt<T>` in LLVM's emitter file),
/// declared once, as a `static` in its backend's file, and read with [`BackendOptions::get`]:
/// `T` is its type (`&str`, `bool`, `u32`, or an enum that implements [`Choice`]), so a
/// misspelt option is a compile error and its value needs no conversion.
#[derive(Clone, Copy, Debug)]
pub struct Opt<T: OptionType> {
    /// Without dashes, e.g. `intrinsic-prefix`.
    pub name: &'static str,
    pub help: &'static str,
    /// `cl::value_desc`, or empty.
    pub value_desc: &'static str,
    /// `cl::cat`: the heading `--help` lists it under, e.g. `Options for -gen-intrinsic-enums`.
    pub category: &'static str,
    /// The value when the option is not given (`cl::init`; LLVM's own default is `""`, `false`
    /// or 0).
    pub default: T,
    /// The first release whose llvm-tblgen has it (the command line of an older one refuses it).
    pub since: Release,
}

/// A type a backend option's value has.
pub trait OptionType: Copy + Sync + 'static {
    /// What [`BackendOptions::get`] gives: the value, or a string borrowed from the options.
    type Value<'a>;
    /// How the command line parses it and `--help` shows it.
    const KIND: OptionKind;
    /// The value given (`None`: not given), else `default`.
    fn read(given: Option<&OptionValue>, default: Self) -> Self::Value<'_>;
}

impl OptionType for &'static str {
    type Value<'a> = &'a str;
    const KIND: OptionKind = OptionKind::Str;
    fn read(given: Option<&OptionValue>, default: Self) -> &str {
        match given {
            Some(OptionValue::Str(s)) => s,
            _ => default,
        }
    }
}

impl OptionType for bool {
    type Value<'a> = bool;
    const KIND: OptionKind = OptionKind::Bool;
    fn read(given: Option<&OptionValue>, default: Self) -> bool {
        match given {
            Some(OptionValue::Bool(b)) => *b,
            _ => default,
        }
    }
}

impl OptionType for u32 {
    type Value<'a> = u32;
    const KIND: OptionKind = OptionKind::Uint32;
    fn read(given: Option<&OptionValue>, default: Self) -> u32 {
        match given {
            // The command line refuses a value that does not fit (`cl::opt<unsigned>`).
            Some(OptionValue::Uint(n)) => u32::try_from(*n).unwrap_or(default),
            _ => default,
        }
    }
}

/// The type of a `cl::list<std::string>` option with `cl::CommaSeparated`: every value given,
/// in order, each occurrence split at commas (`-combiners=A,B -combiners=C` gives A, B, C).
/// Its [`Opt::default`] is `StrList` (no values).
#[derive(Clone, Copy, Debug)]
pub struct StrList;

impl OptionType for StrList {
    type Value<'a> = &'a [String];
    const KIND: OptionKind = OptionKind::StrList;
    fn read(given: Option<&OptionValue>, _: Self) -> &[String] {
        match given {
            Some(OptionValue::List(values)) => values,
            _ => &[],
        }
    }
}

/// The values of an enum option (`cl::values(clEnumValN(Value, "name", "help"), ...)`):
/// implementing it makes the enum an [`OptionType`].
pub trait Choice: Copy + Sync + 'static {
    /// Each value with its name on the command line and its help, in `--help`'s order.
    const CHOICES: &'static [(Self, &'static str, &'static str)];
    /// The same (name, help) pairs, as `--help` lists them: write it as
    /// `&choice_names::<Self, N>()` with `N` the number of values.
    const NAMES: &'static [(&'static str, &'static str)];
}

/// [`Choice::NAMES`] of `T`'s [`Choice::CHOICES`], made at compile time.
pub const fn choice_names<T: Choice, const N: usize>() -> [(&'static str, &'static str); N] {
    let mut names = [("", ""); N];
    let mut i = 0;
    while i < N {
        names[i] = (T::CHOICES[i].1, T::CHOICES[i].2);
        i += 1;
    }
    names
}

impl<T: Choice> OptionType for T {
    type Value<'a> = T;
    const KIND: OptionKind = OptionKind::Enum(T::NAMES);
    fn read(given: Option<&OptionValue>, default: Self) -> T {
        match given {
            Some(OptionValue::Str(name)) => {
                T::CHOICES.iter().find(|(_, n, _)| n == name).map_or(default, |&(value, _, _)| value)
            }
            _ => default,
        }
    }
}

/// An [`Opt`] of any type, as [`Backend::options`] lists it.
pub trait AnyOption: Sync {
    /// The option as the command line and `--help` see it.
    fn declaration(&self) -> BackendOption;
}

impl<T: OptionType> AnyOption for Opt<T> {
    fn declaration(&self) -> BackendOption {
        BackendOption {
            name: self.name,
            kind: T::KIND,
            help: self.help,
            value_desc: self.value_desc,
            category: self.category,
            since: self.since,
        }
    }
}

/// A backend option's value as given on the command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionValue {
    Str(String),
    Bool(bool),
    Uint(u64),
    List(Vec<String>),
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
    /// The release whose llvm-tblgen the output matches, the records' own (`tdq tblgen` makes
    /// sure of it): a backend reads what differs between releases from its own
    /// `ByRelease` table with it.
    pub release: Release,
    /// The values given for backends' own options ([`Backend::options`]), by option name;
    /// an option not given is absent. Backends read them with [`BackendOptions::get`].
    pub values: BTreeMap<&'static str, OptionValue>,
}

impl BackendOptions {
    /// The value of a backend's option: the one given, else the option's default.
    pub fn get<T: OptionType>(&self, option: &Opt<T>) -> T::Value<'_> {
        T::read(self.values.get(option.name), option.default)
    }

    /// Whether the option was given on the command line (LLVM's `getNumOccurrences()`), for
    /// the backends whose default depends on the records.
    pub fn is_given<T: OptionType>(&self, option: &Opt<T>) -> bool {
        self.values.contains_key(option.name)
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
    /// The backend's own options ([`Opt`] statics of its file), parsed with the rest of the
    /// command line and listed in `--help` under their category; [`Backend::emit`] reads
    /// their values with [`BackendOptions::get`].
    fn options(&self) -> &'static [&'static dyn AnyOption] {
        &[]
    }
    /// Writes the output for `input` (its records, and the sources for locations) to `out`.
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError>;
    /// Whether the backend only writes: it reports no warning or error and fails only when
    /// writing does. Its output to standard output can then be written as it is made, where
    /// another backend's is held until it has succeeded (as llvm-tblgen holds every output):
    /// nothing could tell the two apart.
    fn only_writes(&self) -> bool {
        false
    }
    /// Whether [`Backend::emit`] reads the records. One that reads only its options (and the
    /// release) runs, when the evaluation cache has the sources' evaluation, on the sources
    /// and dependencies alone: a cached evaluation printed nothing, so there is nothing of it
    /// to tell.
    fn reads_records(&self) -> bool {
        true
    }
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
    &gen_dag_isel::GenDagIsel,
    &gen_fast_isel::GenFastIsel,
    &gen_global_isel::GenGlobalIsel,
    &gen_global_isel_combiner::GenGlobalIselCombiner,
    &gen_dfa_packetizer::GenDfaPacketizer,
    &gen_runtime_libcalls::GenRuntimeLibcalls,
    &gen_callingconv::GenCallingConv,
    &gen_pseudo_lowering::GenPseudoLowering,
    &gen_macro_fusion_pred::GenMacroFusionPred,
    &gen_x86_mnemonic_tables::GenX86MnemonicTables,
    &gen_x86_fold_tables::GenX86FoldTables,
    &gen_dxil_operation::GenDxilOperation,
    &gen_x86_instr_mapping::GenX86InstrMapping,
    &gen_register_bank::GenRegisterBank,
    &gen_register_info::GenRegisterInfo,
    &gen_emitter::GenEmitter,
    &gen_disassembler::GenDisassembler,
    &gen_asm_writer::GenAsmWriter,
    &gen_asm_matcher::GenAsmMatcher,
    &gen_subtarget::GenSubtarget,
    &gen_sd_node_info::GenSdNodeInfo,
    &gen_compress_inst_emitter::GenCompressInstEmitter,
    &gen_instr_info::GenInstrInfo,
    &gen_instr_docs::GenInstrDocs,
];

/// The backend selected by an llvm-tblgen flag name (without dashes).
pub fn find(name: &str) -> Option<&'static dyn Backend> {
    BACKENDS.iter().copied().find(|b| b.name() == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What an enum option of a backend looks like (as `-suppress-per-hwmode-duplicates`).
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    enum Duplicates {
        Keep,
        Remove,
    }

    impl Choice for Duplicates {
        const CHOICES: &'static [(Self, &'static str, &'static str)] =
            &[(Duplicates::Keep, "O0", "Keep them"), (Duplicates::Remove, "O1", "Remove them")];
        const NAMES: &'static [(&'static str, &'static str)] = &choice_names::<Self, 2>();
    }

    static PREFIX: Opt<&str> = Opt {
        name: "test-prefix",
        help: "A prefix",
        value_desc: "prefix",
        category: "Test",
        default: "",
        since: Release::V19,
    };
    static NUMBER: Opt<u32> = Opt {
        name: "test-number",
        help: "A number",
        value_desc: "",
        category: "Test",
        default: 7,
        since: Release::V19,
    };
    static FLAG: Opt<bool> = Opt {
        name: "test-flag",
        help: "A flag",
        value_desc: "",
        category: "Test",
        default: false,
        since: Release::V19,
    };
    static DUPLICATES: Opt<Duplicates> = Opt {
        name: "test-duplicates",
        help: "Duplicates",
        value_desc: "",
        category: "Test",
        default: Duplicates::Keep,
        since: Release::V19,
    };

    #[test]
    fn option_values_are_typed_and_default_when_not_given() {
        let mut options = BackendOptions::default();
        assert_eq!(
            (options.get(&PREFIX), options.get(&NUMBER), options.get(&FLAG), options.get(&DUPLICATES)),
            ("", 7, false, Duplicates::Keep)
        );
        options.values.insert("test-prefix", OptionValue::Str("x86".into()));
        options.values.insert("test-number", OptionValue::Uint(1));
        options.values.insert("test-flag", OptionValue::Bool(true));
        options.values.insert("test-duplicates", OptionValue::Str("O1".into()));
        assert_eq!(
            (options.get(&PREFIX), options.get(&NUMBER), options.get(&FLAG), options.get(&DUPLICATES)),
            ("x86", 1, true, Duplicates::Remove)
        );
    }

    #[test]
    fn options_declare_their_kind_from_their_type() {
        assert_eq!(PREFIX.declaration().kind, OptionKind::Str);
        assert_eq!(NUMBER.declaration().kind, OptionKind::Uint32);
        assert_eq!(FLAG.declaration().kind, OptionKind::Bool);
        assert_eq!(DUPLICATES.declaration().kind, OptionKind::Enum(&[("O0", "Keep them"), ("O1", "Remove them")]));
        assert_eq!(PREFIX.declaration().value_desc, "prefix");
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
                let name = option.declaration().name;
                assert!(options.insert(name), "option {name} declared twice");
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
