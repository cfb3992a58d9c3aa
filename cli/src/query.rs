//! `tdq QUERY`, `tdq q`, `tdq schema`, `tdq export`, `tdq init`, `tdq repl`: SQL over the
//! record store.
//!
//! Every command gets its store the same way ([`open_store`]): `--db FILE` (a store written by
//! `tdq export --db`), else the sources named by `--td FILE -I DIR -D NAME` or the nearest
//! tdq.toml, through the cache. Results go to stdout; progress, timing and errors to stderr.

mod repl;

use crate::exit_codes::{FAILURE, SUCCESS, USAGE};
use clap::{Args, ValueEnum};
use std::io::{IsTerminal, Read, Write};
use std::path::PathBuf;
use std::time::Instant;
use tdq_queries::canned::CheckError;
use tdq_queries::format::{self, Format};
use tdq_queries::{Engine, Param, ResultSet};
use tdq_store::{Project, Sources};

/// The .td sources, as llvm-tblgen takes them.
#[derive(Args, Clone, Debug, Default)]
pub struct TdArgs {
    /// The root .td file (default: from tdq.toml in the working directory or above).
    #[arg(long = "td", value_name = "FILE")]
    pub td: Option<String>,
    /// Directory of include files (as llvm-tblgen's -I).
    #[arg(short = 'I', value_name = "DIR")]
    pub include: Vec<String>,
    /// Macro to define (as llvm-tblgen's -D).
    #[arg(short = 'D', value_name = "NAME")]
    pub define: Vec<String>,
    /// The LLVM release to evaluate as: 19, 22 or 23 (default: TDQ_LLVM_VERSION, tdq.toml's
    /// llvm-version, the release of the LLVM tree the root file is in, else the newest).
    #[arg(long = "llvm-version", value_name = "V")]
    pub llvm_version: Option<String>,
    /// Say on stderr which sources are evaluated, as which LLVM release and what chose it, and
    /// which store is used.
    #[arg(short = 'v', long)]
    pub verbose: bool,
    /// Stop the evaluation when tdq's memory passes SIZE (4G, 512M, 50%, none; default:
    /// TDQ_MAX_MEMORY, tdq.toml's max-memory, else half of the machine's memory).
    #[arg(long = "max-memory", value_name = "SIZE", value_parser = crate::memory::parse_bound)]
    pub max_memory: Option<String>,
}

/// Where the records come from: sources, or a stored database.
#[derive(Args, Clone, Debug, Default)]
pub struct SourceArgs {
    #[command(flatten)]
    pub td: TdArgs,
    /// Query a store written by `tdq export --db` instead of evaluating sources.
    #[arg(long = "db", value_name = "FILE", conflicts_with = "td")]
    pub db: Option<PathBuf>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum EngineKind {
    Sqlite,
    Datafusion,
}

/// How to run and show a query.
#[derive(Args, Clone, Debug)]
pub struct QueryOptions {
    /// The engine: SQLite on the store (default), or DataFusion on the same tables.
    #[arg(long, value_enum, default_value = "sqlite")]
    pub engine: EngineKind,
    /// Run DataFusion over a Parquet export (`tdq export --parquet DIR`) instead of a store.
    #[arg(long, value_name = "DIR")]
    pub data: Option<PathBuf>,
    /// Output format: table, line, csv, tsv, json, jsonl, markdown (default: a table fitted to
    /// the terminal, or `line` for one row too wide for it; tsv when not a terminal).
    #[arg(long, visible_alias = "mode", value_parser = parse_format)]
    pub format: Option<Format>,
    /// Bind a named parameter: `--param rec=ADD32rr` for `:rec` in the SQL.
    #[arg(long = "param", value_name = "NAME=VALUE", value_parser = Param::parse)]
    pub params: Vec<Param>,
    /// Print on stderr how long getting the store took (with evaluating the sources and writing
    /// the store when it was not cached: "built") and how long the query ran.
    #[arg(long)]
    pub timing: bool,
}

fn parse_format(s: &str) -> Result<Format, String> {
    s.parse()
}

/// `tdq [SQL]`.
#[derive(Args, Debug)]
pub struct QueryArgs {
    /// SQL to run; `-` reads it from standard input.
    pub sql: Option<String>,
    /// Read the SQL from a file.
    #[arg(short = 'f', long = "file", value_name = "FILE.sql", conflicts_with = "sql")]
    pub file: Option<PathBuf>,
    #[command(flatten)]
    pub source: SourceArgs,
    #[command(flatten)]
    pub options: QueryOptions,
}

/// An error for the user, with the exit status it ends with.
pub struct Failure {
    pub message: String,
    pub status: i32,
    /// The message is diagnostics in their own form (llvm-tblgen's `file:line:col: error:`, an
    /// SQL error with its caret), printed as it is; otherwise `tdq: error: ` goes before it.
    pub rendered: bool,
}

impl Failure {
    pub fn new(message: impl Into<String>) -> Failure {
        Failure { message: message.into(), status: FAILURE, rendered: false }
    }
    fn usage(message: impl Into<String>) -> Failure {
        Failure { message: message.into(), status: USAGE, rendered: false }
    }
    /// Diagnostics already rendered (see [`Failure::rendered`]).
    pub fn rendered(text: impl Into<String>) -> Failure {
        Failure { message: text.into(), status: FAILURE, rendered: true }
    }
    /// A query's error, rendered with its source name and the SQL line under a caret.
    pub fn query(e: &tdq_queries::QueryError, source: &str, sql: &str) -> Failure {
        Failure::rendered(e.render(source, sql))
    }
}

impl From<tdq_store::StoreError> for Failure {
    fn from(e: tdq_store::StoreError) -> Failure {
        match e {
            tdq_store::StoreError::Evaluation(e) => Failure::rendered(e.diags.render_all(&e.sm)),
            other => Failure::new(other.to_string()),
        }
    }
}

impl From<tdq_store::ProjectError> for Failure {
    fn from(e: tdq_store::ProjectError) -> Failure {
        match e.is_diagnostic() {
            true => Failure::rendered(e.to_string()),
            false => Failure::new(e.to_string()),
        }
    }
}

/// Prints a failure (if any) and turns the result into an exit status.
pub fn finish(result: Result<(), Failure>) -> i32 {
    match result {
        Ok(()) => SUCCESS,
        Err(f) => {
            let msg = f.message.trim_end();
            if !msg.is_empty() {
                if f.rendered {
                    eprintln!("{msg}");
                } else {
                    eprintln!("tdq: error: {msg}");
                }
            }
            f.status
        }
    }
}

/// The sources of `args`: `--td` with -I/-D, else the nearest tdq.toml.
pub fn resolve_sources(args: &TdArgs) -> Result<Sources, Failure> {
    if let Some(td) = &args.td {
        crate::memory::start(crate::memory::choose(args.max_memory.as_deref(), None).map_err(Failure::usage)?);
        let chosen = choose_release(args, None, td)?;
        let sources = Sources {
            root: td.clone(),
            include_dirs: args.include.clone(),
            defines: args.define.clone(),
            release: chosen.release,
            release_from: chosen.from.clone(),
        };
        announce(args, &sources, None);
        return Ok(sources);
    }
    let cwd = std::env::current_dir().map_err(|e| Failure::new(format!("cannot read the working directory: {e}")))?;
    let Some(path) = Project::find(&cwd) else {
        return Err(Failure::usage(
            "no sources: give the root file with --td FILE (and -I DIR, -D NAME), or create a tdq.toml with `tdq init --td FILE -I DIR`",
        ));
    };
    let mut project = Project::load(&path)?;
    crate::memory::start(
        crate::memory::choose(args.max_memory.as_deref(), project.max_memory.as_deref()).map_err(Failure::usage)?,
    );
    project.sources.include_dirs.extend(args.include.iter().cloned());
    project.sources.defines.extend(args.define.iter().cloned());
    let root = project.sources.root.clone();
    let chosen = choose_release(args, project.llvm_version.as_deref().map(|v| (v, path.as_path())), &root)?;
    project.sources.release = chosen.release;
    project.sources.release_from = chosen.from;
    announce(args, &project.sources, Some(&path));
    Ok(project.sources)
}

/// `--verbose`: the sources and their release, said once per command on stderr.
fn announce(args: &TdArgs, sources: &Sources, project: Option<&std::path::Path>) {
    static SAID: std::sync::Once = std::sync::Once::new();
    if !args.verbose {
        return;
    }
    SAID.call_once(|| {
        if let Some(project) = project {
            eprintln!("tdq: sources from {}", project.display());
        }
        let mut line = format!("tdq: evaluating {}", sources.root);
        for dir in &sources.include_dirs {
            line.push_str(&format!(" -I {dir}"));
        }
        for name in &sources.defines {
            line.push_str(&format!(" -D {name}"));
        }
        let chosen = crate::release::Chosen { release: sources.release, from: sources.release_from.clone() };
        eprintln!("{line}\ntdq: release: {}", chosen.describe());
    });
}

/// The release for `args`' evaluation (see `crate::release`).
fn choose_release(
    args: &TdArgs,
    config: Option<(&str, &std::path::Path)>,
    root: &str,
) -> Result<crate::release::Chosen, Failure> {
    crate::release::choose(args.llvm_version.as_deref(), config, Some(std::path::Path::new(root)))
        .map_err(|e| Failure::usage(e.to_string()))
}

/// A failed evaluation's error, with the note saying which release was used when nothing
/// named one.
pub fn with_release_note(e: tdq_store::StoreError, sources: &Sources) -> Failure {
    let failed = matches!(e, tdq_store::StoreError::Evaluation(_));
    let mut failure = Failure::from(e);
    if failed && sources.release_from.is_default() {
        let note = tdq_store::project::default_release_note(sources.release);
        failure.message = format!("{}\ntdq: {note}", failure.message.trim_end());
    }
    failure
}

/// An open store and what it cost.
pub struct OpenStore {
    pub conn: rusqlite::Connection,
    pub path: PathBuf,
    pub built: bool,
    pub seconds: f64,
    /// The directory of a store built outside the cache, kept while the store is in use.
    pub _temporary: Option<tempfile::TempDir>,
}

/// The store for `args`, built (with a spinner on a terminal) when missing or stale.
pub fn open_store(args: &SourceArgs) -> Result<OpenStore, Failure> {
    open_store_for(args, "")
}

/// The store for `args`, as [`open_store`]; when it is built, so are the model tables `sql`
/// names, from the evaluation at hand.
pub fn open_store_for(args: &SourceArgs, sql: &str) -> Result<OpenStore, Failure> {
    let identifiers = tdq_queries::scan::identifiers(sql);
    let groups = tdq_store::model::groups_named(identifiers.iter().map(String::as_str));
    let start = Instant::now();
    if let Some(db) = &args.db {
        let conn = tdq_store::open_read_only(db).map_err(|e| Failure::new(format!("{}: {e}", db.display())))?;
        return Ok(OpenStore {
            conn,
            path: db.clone(),
            built: false,
            seconds: start.elapsed().as_secs_f64(),
            _temporary: None,
        });
    }
    let sources = resolve_sources(&args.td)?;
    let mut spinner: Option<indicatif::ProgressBar> = None;
    let mut on_build = || {
        if std::io::stderr().is_terminal() {
            let bar = indicatif::ProgressBar::new_spinner();
            bar.set_message(format!("evaluating {} and building the store", sources.root));
            bar.enable_steady_tick(std::time::Duration::from_millis(100));
            spinner = Some(bar);
        }
    };
    let mut result =
        tdq_store::cache::open_or_build_with_model(&sources, &tdq_store::cache::cache_dir(), &mut on_build, &groups);
    // A cache that cannot be written is no reason to fail: the store goes to a temporary
    // directory, removed when the command ends.
    let mut temporary = None;
    if let Err(e @ tdq_store::StoreError::CacheUnwritable { .. }) = &result {
        eprintln!("tdq: warning: {e}; using a temporary store (set TDQ_CACHE_DIR to a writable directory to keep it)");
        let dir = tempfile::Builder::new()
            .prefix("tdq-store-")
            .tempdir()
            .map_err(|e| Failure::new(format!("cannot make a temporary directory: {e}")))?;
        result = tdq_store::cache::open_or_build_with_model(&sources, dir.path(), &mut || {}, &groups);
        temporary = Some(dir);
    }
    if let Some(bar) = spinner {
        bar.finish_and_clear();
    }
    let store = result.map_err(|e| with_release_note(e, &sources))?;
    if args.td.verbose {
        eprintln!("tdq: store: {} ({})", store.path.display(), if store.built { "built" } else { "cached" });
    }
    Ok(OpenStore {
        conn: store.conn,
        path: store.path,
        built: store.built,
        seconds: start.elapsed().as_secs_f64(),
        _temporary: temporary,
    })
}

impl OpenStore {
    /// Where the model tables of this store are kept: the cache directory, or the temporary
    /// directory of a store built outside it.
    pub fn model_dir(&self) -> PathBuf {
        match &self._temporary {
            Some(dir) => dir.path().to_owned(),
            None => tdq_store::cache::cache_dir(),
        }
    }
}

/// The engine `options` ask for, over `store` (or over a Parquet export with `--data`).
/// `sql`, when known, names the model tables to build with a new store.
fn make_engine(
    options: &QueryOptions,
    source: &SourceArgs,
    sql: &str,
) -> Result<(Box<dyn Engine>, Option<OpenStore>), Failure> {
    if let Some(dir) = &options.data {
        return Ok((datafusion_over_parquet(dir)?, None));
    }
    let store = open_store_for(source, sql)?;
    let conn = tdq_store::open_read_only(&store.path)?;
    let engine: Box<dyn Engine> = match options.engine {
        EngineKind::Sqlite => Box::new(tdq_queries::sqlite::SqliteEngine::new(conn).with_model_dir(store.model_dir())),
        EngineKind::Datafusion => datafusion_over_store(conn, store.model_dir())?,
    };
    Ok((engine, Some(store)))
}

#[cfg(feature = "datafusion")]
fn datafusion_over_store(conn: rusqlite::Connection, model_dir: PathBuf) -> Result<Box<dyn Engine>, Failure> {
    Ok(Box::new(
        tdq_queries::datafusion::DataFusionEngine::over_store(conn)
            .map_err(|e| Failure::new(e.message))?
            .with_model_dir(model_dir),
    ))
}

#[cfg(feature = "datafusion")]
fn datafusion_over_parquet(dir: &std::path::Path) -> Result<Box<dyn Engine>, Failure> {
    Ok(Box::new(
        tdq_queries::datafusion::DataFusionEngine::over_parquet(dir)
            .map_err(|e| Failure::new(format!("{}: {}", dir.display(), e.message)))?,
    ))
}

#[cfg(not(feature = "datafusion"))]
fn datafusion_over_store(_: rusqlite::Connection, _: PathBuf) -> Result<Box<dyn Engine>, Failure> {
    Err(Failure::usage("this tdq was built without DataFusion (cargo feature `datafusion`)"))
}

#[cfg(not(feature = "datafusion"))]
fn datafusion_over_parquet(_: &std::path::Path) -> Result<Box<dyn Engine>, Failure> {
    Err(Failure::usage("this tdq was built without DataFusion (cargo feature `datafusion`)"))
}

/// `tdq [SQL]`.
pub fn run_query(args: QueryArgs) -> i32 {
    finish((|| {
        let (sql, source_name) = match (&args.sql, &args.file) {
            (Some(s), _) if s == "-" => (read_stdin()?, "<stdin>".to_owned()),
            (Some(s), _) => (s.clone(), "<query>".to_owned()),
            (None, Some(f)) => (
                std::fs::read_to_string(f)
                    .map_err(|e| Failure::new(format!("{}: {}", f.display(), crate::os_message(&e))))?,
                f.display().to_string(),
            ),
            // No query on a terminal: the prompt, as sqlite3 opens one.
            (None, None) if std::io::stdin().is_terminal() && std::io::stdout().is_terminal() => {
                let (engine, _store) = make_engine(&args.options, &args.source, "")?;
                return repl::run(engine, args.options.clone());
            }
            (None, None) => {
                return Err(Failure::usage(
                    "no query: give SQL, `-f FILE.sql`, or `-` for standard input (`tdq --help`)",
                ))
            }
        };
        execute(&sql, &source_name, &args.source, &args.options)
    })())
}

fn read_stdin() -> Result<String, Failure> {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).map_err(|e| Failure::new(format!("reading standard input: {e}")))?;
    Ok(s)
}

/// Runs `sql` and prints its results.
pub fn execute(sql: &str, source_name: &str, source: &SourceArgs, options: &QueryOptions) -> Result<(), Failure> {
    execute_checked(sql, source_name, source, options, &mut |_| Ok(()))
}

/// Runs `sql` and prints its results, once `check` has accepted the store.
fn execute_checked(
    sql: &str,
    source_name: &str,
    source: &SourceArgs,
    options: &QueryOptions,
    check: &mut dyn FnMut(&mut dyn Engine) -> Result<(), Failure>,
) -> Result<(), Failure> {
    let (mut engine, mut store) = make_engine(options, source, sql)?;
    check(engine.as_mut())?;
    let mut start = Instant::now();
    let mut results = engine.run(sql, &options.params);
    // A cached store damaged where the freshness check does not read (a page of `records`,
    // say) fails only now: it is removed and rebuilt, once.
    if let (Err(e), Some(s)) = (&results, &store) {
        if !s.built && source.db.is_none() && e.kind == tdq_queries::QueryErrorKind::DamagedStore {
            let _ = std::fs::remove_file(&s.path);
            drop(engine);
            (engine, store) = make_engine(options, source, sql)?;
            start = Instant::now();
            results = engine.run(sql, &options.params);
        }
    }
    let results = results.map_err(|e| Failure::query(&e, source_name, sql))?;
    let query_seconds = start.elapsed().as_secs_f64();
    print_results(&results, options.format)?;
    if options.timing {
        if let Some(s) = &store {
            eprintln!("store: {:.3} s ({}) {}", s.seconds, if s.built { "built" } else { "cached" }, s.path.display());
        }
        eprintln!("query: {:.3} s", query_seconds);
    }
    Ok(())
}

pub fn print_results(results: &[ResultSet], format: Option<Format>) -> Result<(), Failure> {
    let width = terminal_width();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    for (i, rs) in results.iter().enumerate() {
        let format = format.unwrap_or(match width {
            // One row too wide for the terminal reads better as one line per column.
            Some(w) if rs.rows.len() == 1 && !format::fits(rs, w) => Format::Line,
            Some(_) => Format::Table,
            None => Format::Tsv,
        });
        if i > 0 && !matches!(format, Format::Jsonl) {
            let _ = writeln!(out);
        }
        if let Err(e) = format::write(rs, format, width, &mut out) {
            return broken_pipe_is_fine(e);
        }
    }
    out.flush().or_else(broken_pipe_is_fine)
}

/// The width of the terminal standard output is, if it is one.
fn terminal_width() -> Option<u16> {
    if !std::io::stdout().is_terminal() {
        return None;
    }
    let mut size = libc::winsize { ws_row: 0, ws_col: 0, ws_xpixel: 0, ws_ypixel: 0 };
    // SAFETY: TIOCGWINSZ writes a winsize into `size`.
    let ok = unsafe { libc::ioctl(libc::STDOUT_FILENO, libc::TIOCGWINSZ, &mut size) } == 0;
    Some(if ok && size.ws_col > 0 { size.ws_col } else { 80 })
}

fn broken_pipe_is_fine(e: std::io::Error) -> Result<(), Failure> {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        Ok(())
    } else {
        Err(Failure::new(format!("writing output: {e}")))
    }
}

/// `tdq q NAME [ARGS]`.
#[derive(Args, Debug)]
pub struct CannedArgs {
    /// The canned query (`tdq q --list` shows them).
    pub name: Option<String>,
    /// Its parameters, in order.
    pub args: Vec<String>,
    /// List the canned queries.
    #[arg(long)]
    pub list: bool,
    /// Print the query's SQL instead of running it.
    #[arg(long)]
    pub show: bool,
    #[command(flatten)]
    pub source: SourceArgs,
    #[command(flatten)]
    pub options: QueryOptions,
}

pub fn run_canned(mut args: CannedArgs) -> i32 {
    finish((|| {
        if args.list || args.name.is_none() {
            let mut out = String::new();
            for q in tdq_queries::canned::all() {
                let params: Vec<String> = q.params.iter().map(|p| p.0.to_uppercase()).collect();
                let usage = std::iter::once(q.name.to_string()).chain(params).collect::<Vec<_>>().join(" ");
                out.push_str(&format!("{usage}\n    {}\n", q.description));
            }
            print!("{out}");
            return Ok(());
        }
        let name = args.name.clone().unwrap_or_default();
        let Some(q) = tdq_queries::canned::find(&name) else {
            let names: Vec<&str> = tdq_queries::canned::CANNED.iter().map(|c| c.0).collect();
            let hint = tdq_queries::closest(&name, names.iter().copied())
                .map(|c| format!("; did you mean `{c}`?"))
                .unwrap_or_else(|| " (`tdq q --list` shows them)".into());
            return Err(Failure::usage(format!("no canned query `{name}`{hint}")));
        };
        if args.show {
            print!("{}", q.sql);
            return Ok(());
        }
        if args.args.len() > q.params.len() {
            return Err(Failure::usage(format!("`{}` takes {} argument(s)", q.name, q.params.len())));
        }
        for ((pname, _), value) in q.params.iter().zip(&args.args) {
            let p = Param::parse(&format!("{pname}={value}")).map_err(Failure::usage)?;
            args.options.params.retain(|x| x.name != p.name);
            args.options.params.push(p);
        }
        if let Some((missing, meaning)) =
            q.params.iter().find(|(n, _)| !args.options.params.iter().any(|p| &p.name == n))
        {
            return Err(Failure::usage(format!("`{}` needs {} ({meaning})", q.name, missing.to_uppercase())));
        }
        let params = args.options.params.clone();
        let source_name = format!("<{}>", q.name);
        let mut check = |engine: &mut dyn Engine| match q.check(engine, &params) {
            Ok(()) => Ok(()),
            Err(CheckError::NoSuch { what, name, did_you_mean }) => {
                let hint = did_you_mean.map(|c| format!("; did you mean `{c}`?")).unwrap_or_default();
                Err(Failure::usage(format!("no {} `{name}` in the records{hint}", what.as_str())))
            }
            Err(CheckError::Query(e)) => Err(Failure::query(&e, &source_name, q.sql)),
        };
        execute_checked(q.sql, &source_name, &args.source, &args.options, &mut check)
    })())
}

/// `tdq schema [TABLE]`.
#[derive(Args, Debug)]
pub struct SchemaArgs {
    /// A table, view or class: its columns.
    pub table: Option<String>,
    #[command(flatten)]
    pub source: SourceArgs,
}

/// Tables and views only the store itself reads (`tdq tblgen --from-db`, the views' joins).
const INTERNAL_TABLES: &[&str] = &["locs", "types", "vals", "records_short", "records_long", "field_values"];

pub fn run_schema(args: SchemaArgs) -> i32 {
    finish((|| {
        let Some(table) = &args.table else {
            let mut out = String::new();
            for t in tdq_store::schema::TABLES {
                out.push_str(&format!("{}\n    {}\n", t.name, t.about));
            }
            out.push_str(
                "\nmodel tables (what LLVM's target model derives; built the first time a query names one):\n",
            );
            for t in tdq_store::model::MODEL_TABLES {
                out.push_str(&format!("{}\n    {}\n", t.name, t.about));
            }
            // With sources at hand (or --db), the class views themselves.
            let have_sources = args.source.db.is_some() || resolve_sources(&args.source.td).is_ok();
            if have_sources {
                let store = open_store(&args.source)?;
                let mut engine = tdq_queries::sqlite::SqliteEngine::new(store.conn);
                let sql =
                    "SELECT c.name, (SELECT count(*) FROM tdq_superclasses s JOIN tdq_records r ON r.id = s.record_id \
                           WHERE s.superclass_id = c.id AND r.kind <> 'class') FROM classes c ORDER BY c.name";
                let rs = engine.run(sql, &[]).map_err(|e| Failure::query(&e, "<schema>", sql))?;
                let rows = rs.into_iter().next().unwrap_or_default().rows;
                out.push_str(&format!("\nclass views ({}; `tdq schema CLASS` shows one's columns):\n", rows.len()));
                for row in rows {
                    let name = tdq_store::schema::class_view_name(&row[0].to_string());
                    let n = row[1].to_string();
                    out.push_str(&format!("  {name:<32} {n} def{}\n", if n == "1" { "" } else { "s" }));
                }
            }
            print!("{out}");
            return Ok(());
        };
        let lower = table.to_ascii_lowercase();
        if lower.starts_with("tdq_") || lower.starts_with("sqlite_") || INTERNAL_TABLES.contains(&lower.as_str()) {
            return Err(Failure::usage(format!(
                "`{table}` is internal to the store (what `tdq tblgen --from-db` rebuilds records from); `tdq schema` lists the tables to query"
            )));
        }
        let store = open_store(&args.source)?;
        let doc = tdq_store::schema::TABLES
            .iter()
            .chain(tdq_store::model::MODEL_TABLES)
            .find(|t| t.name.eq_ignore_ascii_case(table));
        let mut engine = tdq_queries::sqlite::SqliteEngine::new(store.conn);
        let mut out = String::new();
        if doc.is_none() {
            // A class view: each column with the TableGen type of its field.
            let class = table.strip_prefix("class:").unwrap_or(table);
            let mut lookup = |q: &str| engine.run(q, &[]).map(|mut rs| rs.pop().unwrap_or_default());
            let view =
                tdq_queries::views::class_view(class, &mut lookup).map_err(|e| Failure::query(&e, "<schema>", ""))?;
            if let Some(view) = view {
                out.push_str(&format!("{table}: the defs deriving from class {class}\n"));
                for (col, ty) in &view.columns {
                    let about = match ty {
                        Some(ty) => ty.as_str(),
                        None => RECORD_COLUMN_DOCS.iter().find(|(c, _)| c == col).map_or("", |(_, a)| *a),
                    };
                    out.push_str(format!("  {col:<24} {about}\n").trim_end());
                    out.push('\n');
                }
                print!("{out}");
                return Ok(());
            }
        }
        let sql = format!("SELECT * FROM {} LIMIT 0", tdq_store::schema::quote_ident(table));
        let rs = engine.run(&sql, &[]).map_err(|e| Failure::query(&e, "<schema>", &sql))?;
        if let Some(d) = doc {
            out.push_str(&format!("{}\n    {}\n", d.name, d.about));
        } else {
            out.push_str(&format!("{table}\n"));
        }
        let documented: Vec<&(&str, &str)> = doc.map(|d| d.columns.iter().collect()).unwrap_or_default();
        for col in &rs[0].columns {
            let about = documented.iter().find(|(c, _)| c.split(", ").any(|x| x == col)).map(|(_, a)| *a);
            match about {
                Some(a) => out.push_str(&format!("  {col:<24} {a}\n")),
                None => out.push_str(&format!("  {col}\n")),
            }
        }
        print!("{out}");
        Ok(())
    })())
}

/// The fixed columns of `records` and the class views, as `tdq schema records` documents them.
const RECORD_COLUMN_DOCS: &[(&str, &str)] = &[
    ("id", "record id"),
    ("name", "the def's name"),
    ("anonymous", "1 for an anonymous def"),
    ("file", "file of the def"),
    ("line", "line of the def"),
];

/// `tdq export`.
#[derive(Args, Debug)]
pub struct ExportArgs {
    /// Write the store as a SQLite file.
    #[arg(long = "db", value_name = "FILE", required_unless_present = "parquet")]
    pub db_out: Option<PathBuf>,
    /// Write every table as a Parquet file into DIR.
    #[arg(long, value_name = "DIR")]
    pub parquet: Option<PathBuf>,
    #[command(flatten)]
    pub td: TdArgs,
    /// Export a store written earlier instead of evaluating sources.
    #[arg(long = "from-db", value_name = "FILE")]
    pub from_db: Option<PathBuf>,
}

pub fn run_export(args: ExportArgs) -> i32 {
    finish((|| {
        let source = SourceArgs { td: args.td.clone(), db: args.from_db.clone() };
        if let Some(db) = &args.db_out {
            let sources = resolve_sources(&args.td)?;
            let eval = tdq_store::cache::evaluate(&sources).map_err(|e| with_release_note(e, &sources))?;
            let info = tdq_store::BuildInfo {
                root: sources.root.clone(),
                include_dirs: sources.include_dirs.clone(),
                defines: sources.defines.clone(),
                release_from: sources.release_from.clone(),
                cache_key: String::new(),
                base: None,
            };
            tdq_store::cache::write_atomically(db, &eval, &info)?;
            add_model_tables(db, &eval).and_then(|()| add_class_views(db)).inspect_err(|_| {
                let _ = std::fs::remove_file(db);
            })?;
        }
        if let Some(dir) = &args.parquet {
            let store = open_store(&source)?;
            export_parquet(store.conn, dir)?;
        }
        Ok(())
    })())
}

/// Copies the model tables into an exported store, each group the model gives (what it does
/// not give is said on standard error).
fn add_model_tables(db: &std::path::Path, eval: &tdq_core::Evaluation) -> Result<(), Failure> {
    let fail = |e: &dyn std::fmt::Display| Failure::new(format!("{}: {e}", db.display()));
    let reader = tdq_store::open_read_only(db).map_err(|e| fail(&e))?;
    let tdq_store::model::ForExport { groups: files, left_out } =
        tdq_store::model::for_export(&reader, &tdq_store::cache::cache_dir(), Some(eval)).map_err(|e| fail(&e))?;
    drop(reader);
    warn_left_out(&left_out);
    let conn = rusqlite::Connection::open(db).map_err(|e| fail(&e))?;
    for (group, path) in files {
        let Some(path) = path else { continue };
        tdq_store::model::copy_into(&conn, &path, group).map_err(|e| fail(&e))?;
    }
    Ok(())
}

/// Says which model tables an export leaves out, and why (once: every group fails alike when
/// the records are no target).
fn warn_left_out(left_out: &[(tdq_store::model::Group, String)]) {
    let Some((_, first)) = left_out.first() else { return };
    let groups: Vec<&str> = left_out.iter().map(|(g, _)| g.name()).collect();
    let why = first.split_once('\n').map_or(first.as_str(), |(_, rest)| rest);
    eprintln!(
        "tdq: warning: the model tables ({}) are left out: the target model does not accept these records:\n{why}",
        groups.join(", ")
    );
}

/// Puts a view per class and `schema_docs` in an exported store, so that other programs query
/// it as tdq does.
fn add_class_views(db: &std::path::Path) -> Result<(), Failure> {
    let fail = |e: &dyn std::fmt::Display| Failure::new(format!("{}: {e}", db.display()));
    let conn = tdq_store::open_read_only(db).map_err(|e| fail(&e))?;
    let mut engine = tdq_queries::sqlite::SqliteEngine::new(conn);
    let mut lookup = |q: &str| engine.run(q, &[]).map(|mut rs| rs.pop().unwrap_or_default());
    let views = tdq_queries::views::all_class_views(&mut lookup).map_err(|e| fail(&e))?;
    drop(engine);
    let views: Vec<tdq_store::export::ClassView> = views
        .into_iter()
        .map(|(name, class, v)| tdq_store::export::ClassView { name, class, select: v.select, columns: v.columns })
        .collect();
    tdq_store::export::add_views_and_docs(db, &views).map_err(|e| fail(&e))
}

#[cfg(feature = "datafusion")]
fn export_parquet(conn: rusqlite::Connection, dir: &std::path::Path) -> Result<(), Failure> {
    let left_out = tdq_queries::datafusion::export_parquet(&conn, dir)
        .map_err(|e| Failure::new(format!("{}: {}", dir.display(), e.message)))?;
    warn_left_out(&left_out);
    Ok(())
}

#[cfg(not(feature = "datafusion"))]
fn export_parquet(_: rusqlite::Connection, _: &std::path::Path) -> Result<(), Failure> {
    Err(Failure::usage("this tdq was built without DataFusion and Parquet (cargo feature `datafusion`)"))
}

/// `tdq init`.
#[derive(Args, Debug)]
pub struct InitArgs {
    #[command(flatten)]
    pub td: TdArgs,
    /// Replace an existing tdq.toml.
    #[arg(long)]
    pub force: bool,
}

pub fn run_init(args: InitArgs) -> i32 {
    finish((|| {
        let path = PathBuf::from(tdq_store::project::PROJECT_FILE);
        if path.exists() && !args.force {
            return Err(Failure::new("tdq.toml already exists here (--force replaces it)"));
        }
        let Some(td) = &args.td.td else {
            return Err(Failure::usage("tdq init needs the root file: tdq init --td FILE [-I DIR]... [-D NAME]..."));
        };
        if !std::path::Path::new(td).is_file() {
            return Err(Failure::new(format!("{td}: no such file")));
        }
        let sources = Sources {
            root: td.clone(),
            include_dirs: args.td.include.clone(),
            defines: args.td.define.clone(),
            ..Default::default()
        };
        std::fs::write(&path, tdq_store::Project::template(&sources))
            .map_err(|e| Failure::new(format!("writing tdq.toml: {e}")))?;
        eprintln!("wrote tdq.toml for {td}");
        Ok(())
    })())
}

/// `tdq repl`.
#[derive(Args, Debug)]
pub struct ReplArgs {
    #[command(flatten)]
    pub source: SourceArgs,
    #[command(flatten)]
    pub options: QueryOptions,
}

pub fn run_repl(args: ReplArgs) -> i32 {
    finish((|| {
        let (engine, _store) = make_engine(&args.options, &args.source, "")?;
        repl::run(engine, args.options)
    })())
}

/// `tdq graph NAME`.
#[derive(Args, Debug)]
pub struct GraphArgs {
    /// The def or class.
    pub name: String,
    /// dot (Graphviz) or mermaid.
    #[arg(long, value_enum, default_value = "dot")]
    pub format: GraphFormat,
    #[command(flatten)]
    pub source: SourceArgs,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum GraphFormat {
    Dot,
    Mermaid,
}

pub fn run_graph(args: GraphArgs) -> i32 {
    finish((|| {
        let store = open_store(&args.source)?;
        let mut engine = tdq_queries::sqlite::SqliteEngine::new(store.conn);
        let graph =
            tdq_queries::graph::around(&mut engine, &args.name).map_err(|e| Failure::query(&e, "<graph>", ""))?;
        let Some(graph) = graph else {
            let names = engine.run("SELECT name FROM tdq_records", &[]).map_err(|e| Failure::new(e.message))?;
            let names: Vec<String> = names.into_iter().flat_map(|rs| rs.first_column_texts()).collect();
            let hint = tdq_queries::closest(&args.name, names.iter().map(String::as_str))
                .map(|c| format!("; did you mean `{c}`?"))
                .unwrap_or_default();
            return Err(Failure::usage(format!("no def or class `{}` in the records{hint}", args.name)));
        };
        print!(
            "{}",
            match args.format {
                GraphFormat::Dot => tdq_queries::graph::dot(&graph),
                GraphFormat::Mermaid => tdq_queries::graph::mermaid(&graph),
            }
        );
        Ok(())
    })())
}
