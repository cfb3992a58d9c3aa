//! tdq-core: TableGen's front end and evaluator.
//!
//! The pipeline is lexer (with the preprocessor and `include`) → parser → evaluator, and its
//! product is a [`record::RecordKeeper`]: the classes and defs llvm-tblgen would hold after
//! parsing, each with the provenance the store, diff and lints need. Nothing here knows about
//! SQL, terminals or command lines; the only I/O is reading source files through the include
//! resolver in [`lexer`].

#![forbid(unsafe_code)]

pub mod adopt;
mod ahead;
pub mod anonymous;
pub mod derived;
pub mod diag;
pub mod explain;
pub mod fold;
pub mod init;
pub mod intern;
pub mod lexer;
pub mod limits;
pub mod parser;
pub mod phases;
pub mod record;
pub mod release;
pub mod resolve;
pub mod source;
pub mod trace;
pub mod types;

pub use diag::{Diagnostic, Diagnostics, Severity};
pub use release::{ByRelease, Dialect, Release};
pub use source::{Loc, SourceMgr};

/// What an evaluation needs besides the root file: llvm-tblgen's front-end options.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// `-I` directories, searched in order after the name as written (relative to the working
    /// directory), as llvm-tblgen 19 does; the including file's directory is not searched.
    pub include_dirs: Vec<String>,
    /// `-D` macro names, defined before the root file is read.
    pub defines: Vec<String>,
    /// `--no-warn-on-unused-template-args`.
    pub no_warn_on_unused_template_args: bool,
    /// Bounds on the evaluation's work (`--limit NAME=N`).
    pub limits: limits::Limits,
    /// The LLVM release whose llvm-tblgen this evaluation matches (`--llvm-version`).
    pub release: release::Release,
    /// Keep the values as written at each class reference, `defm`, `let`, `defvar` and
    /// `foreach` ([`Evaluation::trace`], for `tdq explain`); off, the evaluation records nothing
    /// more.
    pub trace: bool,
    /// Lex on another thread, ahead of the evaluator (for a caller with a processor to spare;
    /// the result is the same).
    pub lex_ahead: bool,
}

/// The result of evaluating a root file: the records, what was said about them, and the
/// sources read.
pub struct Evaluation {
    pub records: record::RecordKeeper,
    /// Errors, warnings, assert and dump output, in the order llvm-tblgen prints them.
    pub diags: Diagnostics,
    pub sm: SourceMgr,
    /// Files included (for `-d`).
    pub dependencies: Vec<String>,
    /// `include`s that were not found, as written (each also an error in `diags`).
    pub missing_includes: Vec<String>,
    /// Parsing stopped at an error (llvm-tblgen then writes no output).
    pub parse_failed: bool,
    /// What [`Options::trace`] asked to record.
    pub trace: Option<Box<trace::Trace>>,
    /// The models computed from the records once and shared ([`derived::Derived`]).
    pub derived: derived::Derived,
}

impl Evaluation {
    /// An evaluation rebuilt from a store: only evaluations that printed nothing are stored, so
    /// it has no diagnostics, no failed parse and no trace.
    pub fn stored(records: record::RecordKeeper, sm: SourceMgr, dependencies: Vec<String>) -> Self {
        Evaluation {
            records,
            diags: Diagnostics::default(),
            sm,
            dependencies,
            missing_includes: Vec::new(),
            parse_failed: false,
            trace: None,
            derived: Default::default(),
        }
    }
}

/// Lexes, parses and evaluates `text` (the contents of `main_path`) as llvm-tblgen does.
pub fn evaluate(main_path: &str, text: Vec<u8>, opts: &Options) -> Evaluation {
    evaluate_overlaid(main_path, text, opts, None)
}

/// [`evaluate`], with the files `overlay` holds read from it instead of the disk (the language
/// server's open documents).
pub fn evaluate_overlaid(
    main_path: &str,
    text: Vec<u8>,
    opts: &Options,
    overlay: Option<std::sync::Arc<lexer::Overlay>>,
) -> Evaluation {
    opts.release.dialect().print.install();
    if opts.release.dialect().macro_names_checked {
        if let Some(bad) = opts.defines.iter().find(|d| !is_identifier(d)) {
            let mut diags = Diagnostics::default();
            diags.error(Loc::NONE, format!("invalid macro name `{bad}` specified on command line"));
            let mut records = record::RecordKeeper::default();
            records.release = opts.release;
            return Evaluation {
                records,
                diags,
                sm: SourceMgr::new(),
                dependencies: Vec::new(),
                missing_includes: Vec::new(),
                parse_failed: true,
                trace: None,
                derived: Default::default(),
            };
        }
    }
    let too_big = opts.limits.exceeds(limits::Limit::FileSize, text.len() as u64);
    let lex = lexer::Lexer::new(main_path, text, &opts.include_dirs, &opts.defines)
        .with_limits(opts.limits)
        .with_release(opts.release)
        .with_overlay(overlay);
    let config = parser::ParserConfig {
        no_warn_on_unused_template_args: opts.no_warn_on_unused_template_args,
        trace: opts.trace,
        lex_ahead: opts.lex_ahead && !too_big,
    };
    let mut p = parser::Parser::new(lex, config);
    p.rk.limits = opts.limits;
    p.rk.release = opts.release;
    let parse_failed = if too_big {
        // Not a byte of it is lexed: the error points at its start.
        p.rk.limit_exceeded(&[Loc { file: 0, offset: 0 }], limits::Limit::FileSize);
        true
    } else {
        p.parse_file().is_err() || p.rk.fatal
    };
    let (lex, mut records, trace) = p.into_parts();
    records.flush_defs();
    let diags = std::mem::take(&mut records.diags);
    let dependencies = lex.dependencies();
    let missing_includes = lex.missing_includes().to_vec();
    Evaluation {
        records,
        diags,
        sm: lex.sm,
        dependencies,
        missing_includes,
        parse_failed,
        trace,
        derived: Default::default(),
    }
}

/// `[a-zA-Z_][0-9a-zA-Z_]*`: what a `-D` macro name must be (since LLVM 22).
fn is_identifier(name: &str) -> bool {
    let mut bytes = name.bytes();
    bytes.next().is_some_and(|b| b.is_ascii_alphabetic() || b == b'_')
        && bytes.all(|b| b.is_ascii_alphanumeric() || b == b'_')
}
