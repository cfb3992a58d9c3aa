//! The `tdq` binary: subcommand dispatch. `tdq tblgen ...` (or this binary installed under the
//! name `llvm-tblgen`) is a drop-in llvm-tblgen of LLVM 19, 22 or 23 (`--llvm-version`), `tdq
//! clang-tblgen ...` (or the name `clang-tblgen`) a drop-in clang-tblgen; `tdq SQL` queries the
//! record store.

mod cache;
mod cl;
mod diff;
mod exit_codes;
mod explain;
mod heap;
mod interrupts;
mod lint;
mod lsp;
mod manual;
mod memory;
mod query;
mod release;
mod tblgen;
mod watch;

use clap::{Parser, Subcommand};
use std::ffi::OsString;
use std::io::Write;

#[global_allocator]
static ALLOCATOR: heap::Tracking = heap::Tracking;

#[derive(Parser)]
#[command(
    name = "tdq",
    version,
    about = "TableGen, reimplemented: evaluate and query .td files",
    long_about = "TableGen, reimplemented: evaluate and query .td files.\n\n\
        tdq SQL runs SQL over the evaluated records (`tdq schema` lists the tables):\n  \
        tdq --td lib/Target/X86/X86.td -I include -I lib/Target/X86 \"select name from records where isCall = 1\"",
    args_conflicts_with_subcommands = true
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    query: query::QueryArgs,
}

#[derive(Subcommand)]
enum Command {
    /// Run as llvm-tblgen (of the release `--llvm-version` names, default the newest): same
    /// options, output, messages and exit statuses (`tdq tblgen --help` lists them).
    #[command(disable_help_flag = true, disable_version_flag = true)]
    Tblgen {
        /// llvm-tblgen's options and input file.
        #[arg(trailing_var_arg = true, allow_hyphen_values = true, num_args = 0..)]
        args: Vec<OsString>,
    },
    /// Run as clang-tblgen (of the release `--llvm-version` names, default the newest): same
    /// options, output, messages and exit statuses (`tdq clang-tblgen --help` lists them).
    #[command(name = "clang-tblgen", disable_help_flag = true, disable_version_flag = true)]
    ClangTblgen {
        /// clang-tblgen's options and input file.
        #[arg(trailing_var_arg = true, allow_hyphen_values = true, num_args = 0..)]
        args: Vec<OsString>,
    },
    /// Run a canned query by name (`tdq q --list`).
    Q(query::CannedArgs),
    /// The store's tables and their columns.
    Schema(query::SchemaArgs),
    /// Write the store as a SQLite file or Parquet files.
    Export(query::ExportArgs),
    /// Create a tdq.toml naming the sources.
    Init(query::InitArgs),
    /// An interactive SQL prompt over the store.
    Repl(query::ReplArgs),
    /// The records that differ between two inputs (.td files, REV:PATH in git, or stores).
    /// Exit status 0 when equal, 1 when different, 2 on trouble.
    Diff(diff::DiffArgs),
    /// Run lints over the evaluated records (`tdq lint --list` lists them).
    Lint(Box<lint::LintArgs>),
    /// Where a def's field got its value: the statement that set it, then each template
    /// argument, defm, defvar and foreach back to the source: `tdq explain ADD32rr.AsmString`.
    /// Exit status 2 for a def or field that does not exist.
    Explain(explain::ExplainArgs),
    /// Draw the class hierarchy around a def or class (its superclasses up to the roots, the
    /// records deriving directly from it) as Graphviz dot or Mermaid: `tdq graph ADD32rr | dot -Tsvg`.
    Graph(query::GraphArgs),
    /// Run the TableGen language server on standard input and output, for editors (README,
    /// "Editors"): diagnostics, hover with the evaluated records, definitions, references,
    /// symbols, completion.
    Lsp(lsp::LspArgs),
    /// The cache: stores and `tdq tblgen` snapshots with their size, last use and sources
    /// (`tdq cache`), pruned by age or total size (`tdq cache prune --older-than 30d --max-size 2G`).
    Cache(cache::CacheArgs),
    /// Print a shell completion script: `tdq completions bash > /etc/bash_completion.d/tdq`,
    /// `tdq completions zsh > ~/.zfunc/_tdq`, `tdq completions fish > ~/.config/fish/completions/tdq.fish`.
    Completions {
        #[arg(value_enum)]
        shell: Shell,
    },
    /// Print tdq's man page, or a command's (`tdq man diff` is tdq-diff(1)), in roff:
    /// `tdq man > ~/.local/share/man/man1/tdq.1`, `tdq man diff > .../man1/tdq-diff.1`.
    Man {
        /// The command whose page to print (default: tdq's own).
        #[arg(value_name = "COMMAND")]
        command: Option<String>,
    },
}

#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum Shell {
    Bash,
    Zsh,
    Fish,
}

/// `tdq completions SHELL`.
fn print_completions(shell: Shell) -> i32 {
    let shell = match shell {
        Shell::Bash => clap_complete::Shell::Bash,
        Shell::Zsh => clap_complete::Shell::Zsh,
        Shell::Fish => clap_complete::Shell::Fish,
    };
    manual::print_completions(<Cli as clap::CommandFactory>::command(), shell)
}

/// The evaluator recurses over value trees; a deep one needs more than the main thread's 8 MiB
/// (llvm-tblgen relies on its stack the same way). Only the pages touched are committed.
pub(crate) const EVALUATION_STACK: usize = 1 << 30;

fn main() {
    let prefault = heap::start();
    let signals = interrupts::block();
    // The command ends the process itself (`real_main` exits), or by its panic.
    let command = std::thread::Builder::new().stack_size(EVALUATION_STACK).spawn(|| {
        let status = match std::panic::catch_unwind(real_main) {
            Ok(()) => exit_codes::SUCCESS,
            Err(_) => exit_codes::FAILURE,
        };
        std::process::exit(status)
    });
    if command.is_err() {
        std::process::exit(exit_codes::FAILURE);
    }
    watch::run(signals, prefault)
}

/// `tdq tblgen ARGS` or `tdq clang-tblgen ARGS`: the tool, its messages started with `tdq
/// tblgen` where LLVM's start with the program's name.
fn run_tool(tool: tblgen::Tool, file_name: &str, argv0: &str, args: &[String]) -> i32 {
    let subcommand = tool.subcommand();
    tblgen::run(tool, &format!("{file_name} {subcommand}"), &format!("{argv0} {subcommand}"), args)
}

fn real_main() {
    let mut argv = std::env::args_os();
    let argv0 = argv.next().map(lossy).unwrap_or_else(|| "tdq".to_string());
    let file_name = std::path::Path::new(&argv0)
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| argv0.clone());
    let args: Vec<String> = argv.map(lossy).collect();
    // Installed (or linked) as llvm-tblgen or clang-tblgen, tdq is that tool, argv[0] and all.
    if let Some(tool) = tblgen::Tool::from_program_name(&file_name) {
        std::process::exit(tblgen::run(tool, &file_name, &argv0, &args));
    }
    // The tools' words go to them untouched: clap would take a `--` of theirs for its own.
    for tool in [tblgen::Tool::LlvmTblgen, tblgen::Tool::ClangTblgen] {
        if args.first().map(String::as_str) == Some(tool.subcommand()) {
            std::process::exit(run_tool(tool, &file_name, &argv0, &args[1..]));
        }
    }
    let words = std::iter::once(argv0.clone()).chain(sources_after_command(args));
    let cli = match Cli::try_parse_from(words) {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            std::process::exit(if e.use_stderr() { exit_codes::USAGE } else { exit_codes::SUCCESS });
        }
    };
    let status = match cli.command {
        // Reached only through an abbreviation or alias clap accepts; run it all the same.
        Some(Command::Tblgen { args }) => {
            let args: Vec<String> = args.into_iter().map(lossy).collect();
            run_tool(tblgen::Tool::LlvmTblgen, &file_name, &argv0, &args)
        }
        Some(Command::ClangTblgen { args }) => {
            let args: Vec<String> = args.into_iter().map(lossy).collect();
            run_tool(tblgen::Tool::ClangTblgen, &file_name, &argv0, &args)
        }
        Some(Command::Q(args)) => query::run_canned(args),
        Some(Command::Schema(args)) => query::run_schema(args),
        Some(Command::Export(args)) => query::run_export(args),
        Some(Command::Init(args)) => query::run_init(args),
        Some(Command::Repl(args)) => query::run_repl(args),
        Some(Command::Diff(args)) => diff::run(args),
        Some(Command::Lint(args)) => lint::run(*args),
        Some(Command::Graph(args)) => query::run_graph(args),
        Some(Command::Explain(args)) => explain::run(args),
        Some(Command::Lsp(args)) => lsp::run(args),
        Some(Command::Cache(args)) => cache::run(args),
        Some(Command::Completions { shell }) => print_completions(shell),
        Some(Command::Man { command }) => {
            manual::print_man_page(<Cli as clap::CommandFactory>::command(), command.as_deref())
        }
        None => match mistyped_command(&cli.query) {
            Some(message) => {
                eprintln!("tdq: error: {message}");
                exit_codes::USAGE
            }
            None => query::run_query(cli.query),
        },
    };
    std::process::exit(status);
}

/// `tdq --td F -I D COMMAND ...` as `tdq COMMAND --td F -I D ...`: the source options a query
/// takes before its SQL also go before a command that takes them (`explain`, `q`, `lint`, ...).
/// clap would otherwise read the command's name as SQL.
fn sources_after_command(args: Vec<String>) -> Vec<String> {
    let takes_value = |w: &str| matches!(w, "--td" | "-I" | "-D" | "--llvm-version");
    let is_source = |w: &str| {
        takes_value(w)
            || w.starts_with("--td=")
            || w.starts_with("--llvm-version=")
            || (w.len() > 2 && (w.starts_with("-I") || w.starts_with("-D")))
    };
    let mut i = 0;
    while i < args.len() && is_source(&args[i]) {
        i += if takes_value(&args[i]) { 2 } else { 1 };
    }
    let command = <Cli as clap::CommandFactory>::command();
    let takes_sources = |name: &str| {
        command.find_subcommand(name).is_some_and(|c| c.get_arguments().any(|a| a.get_long() == Some("td")))
    };
    match args.get(i) {
        Some(word) if i > 0 && takes_sources(word) => {
            let mut out = vec![word.clone()];
            out.extend(args[..i].iter().cloned());
            out.extend(args[i + 1..].iter().cloned());
            out
        }
        _ => args,
    }
}

/// SQL statements of one word, which a bare word given as the query may be.
const ONE_WORD_STATEMENTS: &[&str] = &["analyze", "begin", "commit", "end", "reindex", "rollback", "vacuum"];

/// Why a query that is one bare word (`tdq lnit`) is a mistyped command rather than SQL, if it
/// is: SQL would only answer with a syntax error.
fn mistyped_command(args: &query::QueryArgs) -> Option<String> {
    let word = args.sql.as_deref()?;
    let bare = word.starts_with(|c: char| c.is_ascii_alphabetic())
        && word.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if !bare || ONE_WORD_STATEMENTS.contains(&word.to_ascii_lowercase().as_str()) {
        return None;
    }
    let command = <Cli as clap::CommandFactory>::command();
    let names: Vec<&str> = command.get_subcommands().map(|c| c.get_name()).filter(|n| *n != "help").collect();
    Some(match tdq_queries::closest(word, names.iter().copied()) {
        Some(name) => format!("no command `{word}`; did you mean `{name}`?"),
        None => format!(
            "no command `{word}` (the commands are {}); SQL is a whole statement, such as \"select name from records\"",
            names.join(", ")
        ),
    })
}

/// Checks one `--limit NAME=N` of a clap-parsed subcommand (`lint`, `diff`).
pub fn parse_limit(setting: &str) -> Result<String, String> {
    tdq_core::limits::Limits::default().apply(setting).map(|()| setting.to_string())
}

/// The limits that `--limit` settings checked by [`parse_limit`] ask for.
pub fn limits(settings: &[String]) -> tdq_core::limits::Limits {
    let mut limits = tdq_core::limits::Limits::default();
    for setting in settings {
        let _ = limits.apply(setting);
    }
    limits
}

/// Evaluates `sources` for a command that reads the records (`lint`, `explain`; with a trace for
/// `explain`). When they do not evaluate, their errors are printed, rendered, and the error says
/// what was not done (`nothing linted`).
pub fn evaluate_sources(
    sources: &tdq_store::Sources,
    limits: tdq_core::limits::Limits,
    trace: bool,
    not_done: &str,
) -> Result<tdq_core::Evaluation, String> {
    let path = &sources.root;
    let text = std::fs::read(path).map_err(|e| format!("could not open input file '{path}': {}", os_message(&e)))?;
    let opts = tdq_core::Options { no_warn_on_unused_template_args: true, limits, trace, ..sources.options() };
    let eval = tdq_core::evaluate(path, text, &opts);
    if eval.parse_failed || eval.diags.has_errors() {
        let mut err = std::io::stderr().lock();
        for d in eval.diags.list.iter().filter(|d| d.severity == tdq_core::Severity::Error) {
            let _ = std::io::Write::write_all(&mut err, &tdq_core::diag::render_bytes(&eval.sm, d));
        }
        if sources.release_from.is_default() {
            let _ = writeln!(err, "tdq: {}", tdq_store::project::default_release_note(sources.release));
        }
        return Err(format!("{path} does not evaluate; {not_done}"));
    }
    Ok(eval)
}

/// Command-line words as text. TableGen's paths and names are text; a word that is not UTF-8
/// keeps its valid parts.
fn lossy(word: OsString) -> String {
    word.into_string().unwrap_or_else(|w| w.to_string_lossy().into_owned())
}

/// An I/O error's message the way LLVM's `std::error_code::message()` words it:
/// "No such file or directory", without Rust's " (os error 2)".
pub fn os_message(e: &std::io::Error) -> String {
    let text = e.to_string();
    match text.rfind(" (os error ") {
        Some(at) if e.raw_os_error().is_some() => text[..at].to_string(),
        _ => text,
    }
}
