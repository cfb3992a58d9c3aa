//! `tdq diff OLD NEW`: the records that differ between two TableGen inputs.
//!
//! Each side is a .td file, `REV:PATH` (a file in a revision of the current git repository,
//! its includes read from that revision) or a store written by `tdq export --db`. Each side
//! becomes a [`model::Snapshot`]; [`matching`] pairs their defs, [`compare`] finds what changed
//! and [`render`] prints it. Exit status as diff(1): 0 equal, 1 different, 2 trouble.

mod compare;
#[cfg(test)]
mod corpus_tests;
mod git;
mod includes;
mod matching;
mod model;
mod render;

use crate::exit_codes::{FAILURE, SUCCESS, TROUBLE};
use crate::os_message;
use compare::Filter;
use model::{Snapshot, SnapshotOptions};
use render::{Format, RenderOptions};
use std::io::{IsTerminal, Read, Write};
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub struct DiffArgs {
    /// The old side: a .td file, REV:PATH (a file in a git revision of the current
    /// repository), or a store written by `tdq export --db`.
    old: String,
    /// The new side, in the same forms.
    new: String,
    /// Add a directory to the include path of both sides (relative directories are taken
    /// inside the revision for a REV:PATH side, and inside each tree when the sides are files
    /// in two different trees).
    #[arg(short = 'I', value_name = "DIR")]
    include: Vec<String>,
    /// Add a directory to the old side's include path only (as given for a file, inside the
    /// revision for REV:PATH); may be repeated.
    #[arg(long, value_name = "DIR")]
    old_include: Vec<String>,
    /// Add a directory to the new side's include path only (as given for a file, inside the
    /// revision for REV:PATH); may be repeated.
    #[arg(long, value_name = "DIR")]
    new_include: Vec<String>,
    /// Define a preprocessor macro on both sides.
    #[arg(short = 'D', value_name = "NAME")]
    define: Vec<String>,
    /// The LLVM release both sides are evaluated as: 19, 22 or 23 (default: TDQ_LLVM_VERSION,
    /// tdq.toml, each side's LLVM tree, else the newest).
    #[arg(long, value_name = "V")]
    llvm_version: Option<String>,
    /// The release of the old side only (e.g. 19 for an LLVM 19 tree against a 23 one).
    #[arg(long, value_name = "V")]
    old_llvm_version: Option<String>,
    /// The release of the new side only.
    #[arg(long, value_name = "V")]
    new_llvm_version: Option<String>,
    /// Change a bound on the evaluation's work, as `tdq tblgen --limit` does; repeatable.
    #[arg(long, value_name = "NAME=N", value_parser = crate::parse_limit)]
    limit: Vec<String>,
    /// Stop the evaluations when tdq's memory passes SIZE (4G, 512M, 50%, none; default:
    /// TDQ_MAX_MEMORY, else half of the machine's memory).
    #[arg(long = "max-memory", value_name = "SIZE", value_parser = crate::memory::parse_bound)]
    max_memory: Option<String>,
    /// Only defs deriving from this class (on either side); may be repeated.
    #[arg(long, value_name = "CLASS")]
    class: Vec<String>,
    /// Only defs whose name matches this glob (on either side); may be repeated.
    #[arg(long, value_name = "GLOB")]
    record: Vec<String>,
    /// Only this field (`!superclasses` for the superclass list); may be repeated.
    #[arg(long, value_name = "FIELD")]
    field: Vec<String>,
    /// Never compare this field; may be repeated.
    #[arg(long, value_name = "FIELD")]
    ignore_field: Vec<String>,
    /// Print the summary only: the counts, by class, and the fields changed in most defs.
    #[arg(long)]
    stat: bool,
    /// Print the names of the defs that differ (added, removed, renamed, changed), one a line.
    #[arg(long, conflicts_with = "stat")]
    name_only: bool,
    /// List everything in the text and markdown formats: no list cut to its first names.
    #[arg(long)]
    full: bool,
    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    format: Format,
    /// Say on stderr how each side is evaluated: its root file, include path and release (and
    /// what chose it).
    #[arg(short = 'v', long)]
    verbose: bool,
    /// Colour the text format: auto (on a terminal, unless NO_COLOR is set), always or never.
    #[arg(long, value_enum, default_value = "auto")]
    color: ColorWhen,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum ColorWhen {
    Auto,
    Always,
    Never,
}

/// Where one side's records come from.
#[derive(Debug)]
enum Side {
    File(String),
    Revision { rev: String, path: String },
    Store(String),
}

impl Side {
    /// An existing file is a .td file or (by its header) a store; otherwise `REV:PATH` when
    /// there is a colon with something before it.
    fn parse(arg: &str) -> Side {
        let path = std::path::Path::new(arg);
        if path.is_file() {
            if is_sqlite(path) {
                return Side::Store(arg.to_string());
            }
            return Side::File(arg.to_string());
        }
        match arg.split_once(':') {
            Some((rev, path)) if !rev.is_empty() && !path.is_empty() => {
                Side::Revision { rev: rev.to_string(), path: path.to_string() }
            }
            _ => Side::File(arg.to_string()),
        }
    }
}

fn is_sqlite(path: &std::path::Path) -> bool {
    let mut header = [0u8; 16];
    std::fs::File::open(path).and_then(|mut f| f.read_exact(&mut header)).is_ok() && &header == b"SQLite format 3\0"
}

/// One side ready to evaluate: its root file and include directories, and the directory to
/// evaluate in (a revision's files are materialized in a temporary directory).
struct Prepared {
    main: String,
    /// `main` is a store written by `tdq export --db`, not a .td file.
    from_store: bool,
    include_dirs: Vec<String>,
    working_dir: Option<PathBuf>,
    _checkout: Option<tempfile::TempDir>,
}

/// An error that ends `tdq diff` with status 2.
#[derive(Debug)]
pub struct Trouble(pub String);

pub fn run(args: DiffArgs) -> i32 {
    match diff(&args) {
        Ok(equal) => {
            if equal {
                SUCCESS
            } else {
                FAILURE
            }
        }
        Err(Trouble(message)) => {
            eprintln!("tdq diff: {message}");
            TROUBLE
        }
    }
}

fn diff(args: &DiffArgs) -> Result<bool, Trouble> {
    crate::memory::start(crate::memory::choose(args.max_memory.as_deref(), None).map_err(Trouble)?);
    let filter = Filter {
        classes: args.class.clone(),
        records: args
            .record
            .iter()
            .map(|g| glob::Pattern::new(g).map_err(|e| Trouble(format!("invalid --record glob '{g}': {e}"))))
            .collect::<Result<_, _>>()?,
        fields: args.field.clone(),
        ignore_fields: args.ignore_field.clone(),
    };
    let sides = [Side::parse(&args.old), Side::parse(&args.new)];
    let includes = includes::of_sides(&sides, args)?;
    let prepared: Vec<Prepared> =
        sides.iter().zip(includes.dirs).map(|(s, dirs)| prepare(s, dirs)).collect::<Result<_, _>>()?;
    let [mut old, mut new] = evaluate_both(prepared, args)?;
    if let Some([old_tree, new_tree]) = includes.trees {
        (old.tree, new.tree) = (Some(old_tree), Some(new_tree));
    }
    let diff = compare::compare(&old, &new, &filter);
    let color = match args.color {
        ColorWhen::Always => true,
        ColorWhen::Never => false,
        ColorWhen::Auto => std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
    };
    let options = RenderOptions {
        format: args.format,
        stat: args.stat,
        full: args.full,
        name_only: args.name_only,
        color,
        old_name: &args.old,
        new_name: &args.new,
    };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    render::render(&diff, &options, &mut out)
        .and_then(|()| out.flush())
        .map_err(|e| Trouble(format!("cannot write the output: {}", os_message(&e))))?;
    let equal = diff.is_empty();
    // The process ends here: freeing millions of strings would only take time.
    std::mem::forget(diff);
    std::mem::forget(old);
    std::mem::forget(new);
    Ok(equal)
}

/// One side ready to evaluate, with its own include directories.
fn prepare(side: &Side, include_dirs: Vec<String>) -> Result<Prepared, Trouble> {
    match side {
        Side::File(path) => {
            Ok(Prepared { main: path.clone(), from_store: false, include_dirs, working_dir: None, _checkout: None })
        }
        Side::Revision { rev, path } => git::checkout(rev, path, &include_dirs),
        Side::Store(path) => Ok(Prepared {
            main: path.clone(),
            from_store: true,
            include_dirs: Vec::new(),
            working_dir: None,
            _checkout: None,
        }),
    }
}

/// Evaluates both sides, each on its own thread (interners are thread-local): at once when
/// both are read from the working directory, one after the other when either side must be
/// evaluated inside a checkout (the working directory is the process's).
fn evaluate_both(prepared: Vec<Prepared>, args: &DiffArgs) -> Result<[Snapshot; 2], Trouble> {
    let in_place = prepared.iter().all(|p| p.working_dir.is_none());
    let labels = [args.old.as_str(), args.new.as_str()];
    let snapshot_options =
        SnapshotOptions { json_values: args.format == Format::Json && !args.stat && !args.name_only };
    let spawn = |p: &Prepared, side_release: Option<&String>, label: &str| {
        // Each side in its own release: the side's flag, else the common one, else what the
        // environment or the side's tree says.
        let root = match &p.working_dir {
            Some(dir) => dir.join(&p.main),
            None => PathBuf::from(&p.main),
        };
        let flag = side_release.or(args.llvm_version.as_ref());
        let chosen =
            crate::release::choose(flag.map(String::as_str), None, Some(&root)).map_err(|e| Trouble(e.to_string()))?;
        if args.verbose && !p.from_store {
            let includes: String = p.include_dirs.iter().map(|d| format!(" -I {d}")).collect();
            eprintln!("tdq diff: {label}: evaluating {}{includes}, as {}", root.display(), chosen.describe());
        }
        let options = tdq_core::Options {
            include_dirs: p.include_dirs.clone(),
            defines: args.define.clone(),
            limits: crate::limits(&args.limit),
            release: chosen.release,
            ..Default::default()
        };
        let (main, from_store, note) = (p.main.clone(), p.from_store, chosen.failure_note());
        std::thread::Builder::new()
            .stack_size(crate::EVALUATION_STACK)
            .spawn(move || evaluate_side(&main, from_store, &options, snapshot_options, note))
            .map_err(|e| Trouble(format!("cannot start an evaluation thread: {e}")))
    };
    let join = |handle: std::thread::JoinHandle<Result<Snapshot, String>>, label: &str| {
        handle
            .join()
            .map_err(|_| Trouble(format!("evaluating {label} failed")))?
            .map_err(|message| Trouble(format!("{label}: {message}")))
    };
    if in_place {
        let old = spawn(&prepared[0], args.old_llvm_version.as_ref(), labels[0])?;
        let new = spawn(&prepared[1], args.new_llvm_version.as_ref(), labels[1])?;
        let old = join(old, labels[0]);
        let new = join(new, labels[1]);
        return Ok([old?, new?]);
    }
    let original = std::env::current_dir().map_err(|e| Trouble(format!("no working directory: {}", os_message(&e))))?;
    let mut snapshots = Vec::with_capacity(2);
    let side_releases = [args.old_llvm_version.as_ref(), args.new_llvm_version.as_ref()];
    for ((p, label), side_release) in prepared.iter().zip(labels).zip(side_releases) {
        let dir = p.working_dir.as_ref().unwrap_or(&original);
        std::env::set_current_dir(dir)
            .map_err(|e| Trouble(format!("cannot enter {}: {}", dir.display(), os_message(&e))))?;
        let result = spawn(p, side_release, label).and_then(|h| join(h, label));
        let _ = std::env::set_current_dir(&original);
        snapshots.push(result?);
    }
    let new = snapshots.pop().expect("two sides");
    let old = snapshots.pop().expect("two sides");
    Ok([old, new])
}

/// Reads and evaluates one root file, printing its diagnostics as llvm-tblgen does, or reads
/// the records of a store.
fn evaluate_side(
    main: &str,
    from_store: bool,
    options: &tdq_core::Options,
    snapshot: SnapshotOptions,
    release_note: Option<String>,
) -> Result<Snapshot, String> {
    if from_store {
        let conn = tdq_store::open_read_only(std::path::Path::new(main)).map_err(|e| e.to_string())?;
        let evaluation = tdq_store::load_evaluation(&conn).map_err(|e| e.to_string())?;
        let mut snapshot = Snapshot::from_evaluation(&evaluation, snapshot);
        // The store does not record which defs were named from an anonymous name.
        snapshot.knows_from_anonymous = false;
        std::mem::forget(evaluation);
        return Ok(snapshot);
    }
    let text = std::fs::read(main).map_err(|e| format!("could not open input file '{main}': {}", os_message(&e)))?;
    let evaluation = tdq_core::evaluate(main, text, options);
    let stderr = std::io::stderr();
    let mut err = stderr.lock();
    for diagnostic in &evaluation.diags.list {
        let _ = err.write_all(&tdq_core::diag::render_bytes(&evaluation.sm, diagnostic));
    }
    if evaluation.parse_failed || evaluation.diags.error_count() > 0 {
        if let Some(note) = release_note {
            let _ = writeln!(err, "tdq diff: {note}");
        }
        if !evaluation.missing_includes.is_empty() {
            let path: String = options.include_dirs.iter().map(|d| format!(" -I {d}")).collect();
            return Err(format!(
                "evaluation failed (errors above): an include file is not on this side's include path ({}); \
                 name include directories with -I DIR (taken inside each tree when the sides are files in two \
                 trees: -I include -I lib/Target/X86), or give each side its own with --old-include DIR and \
                 --new-include DIR",
                if path.is_empty() { "empty".to_string() } else { path.trim_start().to_string() }
            ));
        }
        return Err("evaluation failed (errors above)".to_string());
    }
    let snapshot = Snapshot::from_evaluation(&evaluation, snapshot);
    // Values live as long as the thread's interners; the rest is not worth freeing either.
    std::mem::forget(evaluation);
    Ok(snapshot)
}
