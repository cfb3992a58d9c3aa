//! llvm-tblgen's and clang-tblgen's options in each release, as their `--help-list-hidden`
//! lists them: the front end's (Main.cpp), the backends' own, and the ones every LLVM tool links
//! in. What differs between releases is the `Releases` beside an action or option; what differs
//! between the two tools is asked of [`Tool`].

use super::tool::Tool;
use crate::cl::{CommandLine, Flag, Immediate, LiteralGroup, OptSpec, Text, Texts, ValueKind};
use std::ops::RangeInclusive;
use tdq_backends::{BackendOption, OptionKind};
use tdq_core::Release::{self, V19, V22};

/// The releases an action or option exists in.
type Releases = RangeInclusive<Release>;
const EVERY: Releases = V19..=Release::NEWEST;
const FROM_22: Releases = V22..=Release::NEWEST;
const ONLY_19: Releases = V19..=V19;

/// One value of llvm-tblgen's "Action to perform" option.
struct Action {
    name: &'static str,
    help: &'static str,
    releases: Releases,
    /// From this release the backend is in llvm-tblgen's Basic library (utils/TableGen/Basic),
    /// which registers its actions before the others: `--help` lists those first.
    basic_from: Option<Release>,
}

const fn action(name: &'static str, help: &'static str) -> Action {
    Action { name, help, releases: EVERY, basic_from: None }
}

const fn basic(name: &'static str, help: &'static str) -> Action {
    Action { name, help, releases: EVERY, basic_from: Some(V22) }
}

impl Action {
    const fn releases(self, releases: Releases) -> Action {
        Action { releases, ..self }
    }
}

/// Every action llvm-tblgen knows in any release tdq matches, in the order of the source files
/// that register them (each release's `--help` order, once the Basic library's are put first).
/// tdq accepts those of the chosen release on the command line; those not in
/// `tdq_backends::BACKENDS` are refused after parsing, never ignored.
const ACTIONS: &[Action] = &[
    basic("gen-arm-target-def", "Generate the ARM or AArch64 Architecture information header."),
    action("gen-asm-matcher", "Generate assembly instruction matcher"),
    action("gen-asm-writer", "Generate assembly writer"),
    basic("gen-attrs", "Generate attributes"),
    action("gen-callingconv", "Generate calling convention descriptions"),
    action("gen-emitter", "Generate machine code emitter"),
    action("gen-compress-inst-emitter", "Generate compressed instructions."),
    action("gen-ctags", "Generate ctags-compatible index"),
    action("gen-dag-isel", "Generate a DAG instruction selector"),
    action("gen-automata", "Generate generic automata"),
    action("gen-dfa-packetizer", "Generate DFA Packetizer for VLIW targets"),
    basic("gen-directive-decl", "Generate directive related declaration code (header file)"),
    basic("gen-directive-impl", "Generate directive related implementation code"),
    action("gen-disassembler", "Generate disassembler"),
    action("gen-dxil-operation", "Generate DXIL operation information"),
    action("gen-exegesis", "Generate llvm-exegesis tables"),
    action("gen-fast-isel", "Generate a \"fast\" instruction selector"),
    action("gen-global-isel-combiner", "Generate GlobalISel Combiner"),
    action("gen-global-isel", "Generate GlobalISel selector"),
    action("gen-instr-docs", "Generate instruction documentation"),
    action("gen-instr-info", "Generate instruction descriptions"),
    basic("gen-intrinsic-enums", "Generate intrinsic enums"),
    basic("gen-intrinsic-impl", "Generate intrinsic information").releases(ONLY_19),
    basic("gen-intrinsic-impl", "Generate intrinsic implementation code").releases(FROM_22),
    action("gen-macro-fusion-pred", "Generate macro fusion predicators."),
    action("gen-opt-parser-defs", "Generate option definitions"),
    action("gen-opt-rst", "Generate option RST"),
    action("gen-pseudo-lowering", "Generate pseudo instruction lowering"),
    action("gen-register-bank", "Generate registers bank descriptions"),
    action("gen-register-info", "Generate registers and register classes info"),
    basic("gen-riscv-target-def", "Generate the list of CPUs and extensions for RISC-V"),
    basic("gen-runtime-libcalls", "Generate RuntimeLibcalls").releases(FROM_22),
    action("gen-sd-node-info", "Generate target SDNode descriptions").releases(FROM_22),
    action("gen-searchable-tables", "Generate generic binary-searchable table"),
    action("gen-subtarget", "Generate subtarget enumerations"),
    basic("print-records", "Print all records to stdout (default)"),
    basic("print-detailed-records", "Print full details of all records to stdout"),
    basic("null-backend", "Do nothing after parsing (useful for timing)"),
    basic("dump-json", "Dump all records as machine-readable JSON"),
    basic("print-enums", "Print enum values for a class"),
    basic("print-sets", "Print expanded sets for testing DAG exprs"),
    basic("gen-target-features", "Generate subtarget enumerations").releases(FROM_22),
    basic("gen-target-library-info", "Generate TargetLibraryInfo").releases(FROM_22),
    basic("gen-vt", "Generate ValueType"),
    action("gen-x86-instr-mapping", "Generate X86 instruction mapping"),
    action("gen-x86-fold-tables", "Generate X86 fold tables"),
    action("gen-x86-mnemonic-tables", "Generate X86 mnemonic tables"),
];

/// The actions of `release`'s llvm-tblgen, in its `--help` order.
pub fn llvm_actions(release: Release) -> Vec<(&'static str, &'static str)> {
    let mut actions: Vec<&Action> = ACTIONS.iter().filter(|a| a.releases.contains(&release)).collect();
    actions.sort_by_key(|a| a.basic_from.is_none_or(|from| release < from));
    actions.iter().map(|a| (a.name, a.help)).collect()
}

/// Whether some release's llvm-tblgen has the action `name` (the others are tdq's own).
pub fn is_llvm_action(name: &str) -> bool {
    ACTIONS.iter().any(|a| a.name == name)
}

/// The backend used when none is named.
pub const DEFAULT_BACKEND: &str = "print-records";

// The options the driver itself reads, declared and read through these constants.
pub const OUTPUT: Text = Text("o");
pub const DEPFILE: Text = Text("d");
pub const INCLUDE_DIRS: Texts = Texts("I");
pub const DEFINES: Texts = Texts("D");
pub const WRITE_IF_CHANGED: Flag = Flag("write-if-changed");
pub const FROM_DB: Text = Text("from-db");
pub const LIMITS: Texts = Texts("limit");
pub const MAX_MEMORY: Text = Text("max-memory");
pub const TIME_PHASES: Flag = Flag("time-phases");
pub const NO_WARN_ON_UNUSED_TEMPLATE_ARGS: Flag = Flag("no-warn-on-unused-template-args");
pub const COLOR_OPTION: Flag = Flag("color");
pub const INFO_OUTPUT_FILE: Text = Text("info-output-file");
pub const SORT_TIMERS: Flag = Flag("sort-timers");
pub const TRACK_MEMORY: Flag = Flag("track-memory");

const GENERIC: &str = "Generic Options";
const COLOR: &str = "Color Options";

/// The command line of `tool` (llvm-tblgen or clang-tblgen). `program_name` starts messages,
/// `argv0` is quoted in `Try: '<argv0> --help'`; `backend_options` are the options whose values
/// go to the backends ([`Tool::backend_options`]); `release` the tool matched.
pub fn command_line(
    tool: Tool,
    program_name: &str,
    argv0: &str,
    backend_options: &[BackendOption],
    release: tdq_core::Release,
) -> CommandLine {
    use ValueKind::{Bool, Str, Uint64};
    let opt = OptSpec::new;
    let values = tool.actions(release);
    CommandLine {
        program_name: program_name.to_string(),
        argv0: argv0.to_string(),
        positional_help: "<input file>",
        max_positionals: 1,
        literals: Some(LiteralGroup {
            help: "Action to perform:",
            values,
            category: crate::cl::GENERAL,
            sort_key: "dump-json",
        }),
        version_text: format!(
            "tdq version {} ({} {} compatible)\n",
            env!("CARGO_PKG_VERSION"),
            tool.name(),
            release.full_version()
        ),
        options: [
            // Main.cpp
            OUTPUT.declare("Output filename").value_desc("filename"),
            DEPFILE.declare("Dependency filename").value_desc("filename"),
            INCLUDE_DIRS.declare("Directory of include files").value_desc("directory").prefix(),
            DEFINES.declare("Name of the macro to be defined").value_desc("macro name").prefix(),
            WRITE_IF_CHANGED.declare("Only write output if it changed"),
            // tdq's own: read the records from a store instead of a .td file.
            FROM_DB.declare("Read the records from a store written by `tdq export --db` (tdq)")
                .value_desc("filename")
                .really_hidden(),
            // tdq's own: raise a bound on the evaluation's work (tdq_core::limits).
            LIMITS.declare("Set a limit on the evaluation's work, e.g. records=1000000 (tdq)")
                .value_desc("name=N")
                .really_hidden(),
            // tdq's own: the memory bound (cli/src/memory.rs).
            MAX_MEMORY.declare( "Stop the evaluation when memory use passes SIZE (tdq)")
                .value_desc("size")
                .really_hidden(),
            TIME_PHASES.declare("Time phases of parser and backend"),
            NO_WARN_ON_UNUSED_TEMPLATE_ARGS.declare("Disable unused template argument warnings."),
            // Backends' own options: each implemented backend declares its own
            // (`Backend::options`).
            // What every LLVM tool links in (Support's options).
            COLOR_OPTION.declare("Use colors in output (default=autodetect)").category(COLOR),
            opt("crash-diagnostics-dir", Str, "Directory for crash diagnostic files.").value_desc("directory").hidden(),
            opt("debug-counter", Str, "Comma separated list of debug counter skip and count")
                .hidden()
                .list()
                .single_dash_help(),
            opt("debug-counter-break-on-last", Bool, "Insert a break point on the last enabled count of a chunks list").hidden(),
            opt("disable-symbolication", Bool, "Disable symbolizing crash backtraces.").hidden(),
            INFO_OUTPUT_FILE.declare("File to append -stats and -timer output to").value_desc("filename").hidden(),
            opt("print-debug-counter", Bool, "Print out debug counter info after all counters accumulated").hidden(),
            opt("rng-seed", Uint64, "Seed for the random number generator").value_desc("seed").hidden(),
            SORT_TIMERS.declare("In the report, sort the timers in each group in wall clock time order").hidden(),
            opt("stats", Bool, "Enable statistics output from program (available with Asserts)").hidden(),
            opt("stats-json", Bool, "Display statistics as json data").hidden(),
            TRACK_MEMORY.declare("Enable -time-passes memory tracking (this may be slow)").hidden(),
            opt("help", ValueKind::Immediate(Immediate::Help), "Display available options (--help-hidden for more)").category(GENERIC),
            opt("h", ValueKind::Immediate(Immediate::Help), "Alias for --help").category(GENERIC).hidden(),
            opt("help-hidden", ValueKind::Immediate(Immediate::HelpHidden), "Display all available options")
                .category(GENERIC)
                .hidden(),
            opt(
                "help-list",
                ValueKind::Immediate(Immediate::HelpList),
                "Display list of available options (--help-list-hidden for more)",
            )
            .category(GENERIC)
            .hidden(),
            opt("help-list-hidden", ValueKind::Immediate(Immediate::HelpListHidden), "Display list of all available options")
                .category(GENERIC)
                .hidden(),
            opt("print-all-options", Bool, "Print all option values after command line parsing").category(GENERIC).hidden(),
            opt("print-options", Bool, "Print non-default options after command line parsing").category(GENERIC).hidden(),
            opt("version", ValueKind::Immediate(Immediate::Version), "Display the version of this program").category(GENERIC),
        ]
        .into_iter()
        .chain(
            [
                (
                    ONLY_19,
                    opt(
                        "treat-scalable-fixed-error-as-warning",
                        Bool,
                        "Treat issues where a fixed-width property is requested from a scalable type as a warning, instead of an error",
                    )
                    .hidden(),
                ),
                (
                    FROM_22,
                    opt("print-debug-counter-queries", Bool, "Print out each query of an enabled debug counter").hidden(),
                ),
            ]
            .into_iter()
            .filter(|(releases, _)| releases.contains(&release))
            .map(|(_, option)| option),
        )
        .chain(tool.has_long_string_literals(release).then(|| {
            opt(
                "long-string-literals",
                Bool,
                "when emitting large string tables, prefer string literals over comma-separated char literals. This can be a readability and compile-time performance win, but upsets some compilers",
            )
            .hidden()
        }))
        .chain(tool.own_options(release, backend_options))
        .collect(),
    }
}

/// llvm-tblgen's backend options in `release`, as tdq's backends declare them.
pub fn llvm_backend_options(release: Release, backend_options: &[BackendOption]) -> Vec<OptSpec> {
    backend_options.iter().filter(|o| o.since <= release).map(backend_opt).collect()
}

/// A backend's option as the command line declares it.
pub fn backend_opt(option: &BackendOption) -> OptSpec {
    let kind = match option.kind {
        OptionKind::Str | OptionKind::StrList => ValueKind::Str,
        OptionKind::Bool => ValueKind::Bool,
        OptionKind::Uint32 => ValueKind::Uint32,
        OptionKind::Enum(values) => ValueKind::Enum(values),
    };
    let spec = OptSpec::new(option.name, kind, option.help).value_desc(option.value_desc).category(option.category);
    match option.kind {
        OptionKind::StrList => spec.list(),
        OptionKind::Str | OptionKind::Bool | OptionKind::Uint32 | OptionKind::Enum(_) => spec,
    }
}
