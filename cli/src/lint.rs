//! `tdq lint`: evaluate the sources, run the enabled lints, filter through inline allows and a
//! baseline, and report. Exit status: 0 when no finding is at or above the failing level, 1
//! when one is, 2 on a usage, configuration or input error.

use crate::exit_codes::{FAILURE, SUCCESS, USAGE};
use clap::Args;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use tdq_lints::output::{self, Format};
use tdq_lints::rules::LINTS;
use tdq_lints::suppress::Baseline;
use tdq_lints::{Config, Context, Level};
use tdq_store::{Project, Sources};

use crate::query::{open_store, resolve_sources, SourceArgs, TdArgs};

/// `--td`/-I/-D naming exactly `sources`.
fn td_args(sources: &Sources) -> TdArgs {
    TdArgs {
        td: Some(sources.root.clone()),
        include: sources.include_dirs.clone(),
        define: sources.defines.clone(),
        llvm_version: Some(sources.release.to_string()),
        verbose: false,
        max_memory: None,
    }
}

#[derive(Args, Debug)]
pub struct LintArgs {
    /// The sources (default: the nearest tdq.toml's `[sources]`).
    #[command(flatten)]
    td: TdArgs,
    /// A tdq.toml whose `[lint]` table configures the lints (default: the nearest tdq.toml).
    #[arg(long, value_name = "FILE")]
    config: Option<PathBuf>,
    /// Lints to run instead of the default set (comma-separated ids, or `all`).
    #[arg(long, value_delimiter = ',', value_name = "IDS")]
    select: Vec<String>,
    /// Lints not to run (comma-separated ids).
    #[arg(long, value_delimiter = ',', value_name = "IDS")]
    ignore: Vec<String>,
    /// text, json, sarif or github.
    #[arg(long, default_value = "text", value_name = "FORMAT")]
    format: String,
    /// Write the report to this file instead of standard output.
    #[arg(short = 'o', long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// The lowest level that fails the run (error, warning, note); default warning.
    #[arg(long, value_name = "LEVEL")]
    fail_on: Option<String>,
    /// Report only findings not in this baseline file.
    #[arg(long, value_name = "FILE")]
    baseline: Option<PathBuf>,
    /// Write every current finding to this baseline file and exit 0.
    #[arg(long, value_name = "FILE")]
    write_baseline: Option<PathBuf>,
    /// Print the number of findings per lint instead of the findings.
    #[arg(long)]
    statistics: bool,
    /// List the lints: id, default level, whether on by default, summary.
    #[arg(long)]
    list: bool,
    /// Print a lint's documentation.
    #[arg(long, value_name = "ID")]
    explain: Option<String>,
    /// Colours in the text report: auto (on a terminal, unless NO_COLOR is set), always, never.
    #[arg(long, value_enum, default_value = "auto", value_name = "WHEN")]
    color: ColorChoice,
    /// Change a bound on the evaluation's work, as `tdq tblgen --limit` does; repeatable.
    #[arg(long, value_name = "NAME=N", value_parser = crate::parse_limit)]
    limit: Vec<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorChoice {
    Auto,
    Always,
    Never,
}

impl ColorChoice {
    /// Whether to colour what goes to standard output (or to a file: never, unless `always`).
    fn enabled(self, to_file: bool) -> bool {
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                !to_file
                    && std::io::stdout().is_terminal()
                    && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
                    && std::env::var_os("TERM").is_none_or(|t| t != "dumb")
            }
        }
    }
}

/// The project root paths are shown relative to: the directory of the tdq.toml in use, else
/// the git work tree the working directory is in.
fn project_root(config: Option<&Path>) -> Option<PathBuf> {
    let cwd = std::env::current_dir().ok()?;
    let root = match config {
        Some(c) => std::path::absolute(c).ok()?.parent()?.to_path_buf(),
        None => cwd.ancestors().find(|d| d.join(".git").exists())?.to_path_buf(),
    };
    // `..` and `.` out, as the findings' paths are made absolute the same way.
    let mut out = PathBuf::new();
    for part in root.components() {
        match part {
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    Some(out)
}

/// Runs `tdq lint`; returns the exit status.
pub fn run(args: LintArgs) -> i32 {
    match run_inner(args) {
        Ok(status) => status,
        Err(msg) => {
            eprintln!("tdq lint: error: {msg}");
            USAGE
        }
    }
}

fn run_inner(args: LintArgs) -> Result<i32, String> {
    // Without --config, the tdq.toml that names the sources (when they come from one) configures.
    let project = std::env::current_dir().ok().and_then(|d| Project::find(&d));
    let config_path = args.config.clone().or(project);
    if args.list {
        let mut out = String::new();
        for l in LINTS {
            let on = if l.enabled_by_default { "on" } else { "off" };
            out.push_str(&format!("{:<28} {:<8} {:<4} {}\n", l.id, l.default_level.as_str(), on, l.summary()));
        }
        for u in &load_config(config_path.as_deref())?.user {
            let summary = u.message.as_deref().unwrap_or("SQL over the record store");
            out.push_str(&format!("{:<28} {:<8} {:<4} user lint: {summary}\n", u.id, u.level.as_str(), "on"));
        }
        return emit(&args.output, &out).map(|()| SUCCESS);
    }
    if let Some(id) = &args.explain {
        let lint =
            tdq_lints::rules::find(id).ok_or_else(|| format!("no lint `{id}` (`tdq lint --list` lists them)"))?;
        let text = format!(
            "# {} ({}, {} by default)\n\n{}",
            lint.id,
            lint.default_level.as_str(),
            if lint.enabled_by_default { "on" } else { "off" },
            tdq_lints::doc::render(lint.doc)
        );
        return emit(&args.output, &text).map(|()| SUCCESS);
    }
    let format = Format::parse(&args.format)
        .ok_or_else(|| format!("--format {}: expected text, json, sarif or github", args.format))?;
    let mut config = load_config(config_path.as_deref())?;
    if !args.select.is_empty() {
        config.override_select(&args.select).map_err(|e| e.to_string())?;
    }
    config.extend_ignore(&args.ignore).map_err(|e| e.to_string())?;
    if let Some(level) = &args.fail_on {
        config.fail_on =
            Level::parse(level).ok_or_else(|| format!("--fail-on {level}: expected error, warning or note"))?;
    }
    let baseline = match &args.baseline {
        Some(path) => {
            let text =
                std::fs::read_to_string(path).map_err(|e| format!("{}: {}", path.display(), crate::os_message(&e)))?;
            Some(Baseline::parse(&text).map_err(|e| format!("{}: {e}", path.display()))?)
        }
        None => None,
    };
    let sources = resolve_sources(&args.td).map_err(|f| f.message)?;
    let style = output::Style {
        root: project_root(config_path.as_deref()),
        color: format == Format::Text && args.color.enabled(args.output.is_some()),
    };
    lint(&sources, &config, baseline.as_ref(), format, &style, &args)
}

fn lint(
    sources: &Sources,
    config: &Config,
    baseline: Option<&Baseline>,
    format: Format,
    style: &output::Style,
    args: &LintArgs,
) -> Result<i32, String> {
    let eval = crate::evaluate_sources(sources, crate::limits(&args.limit), false, "nothing linted")?;
    let ctx = Context::new(&eval);
    // User lints query the store (built or reused from the cache, as `tdq QUERY` does), class
    // views and all.
    let store = match config.running_user_lints().next() {
        None => None,
        Some(_) => {
            let source = SourceArgs { td: td_args(sources), db: None };
            let conn = open_store(&source).map_err(|f| f.message)?.conn;
            Some(EngineSql(std::cell::RefCell::new(tdq_queries::sqlite::SqliteEngine::new(conn))))
        }
    };
    let sql = store.as_ref().map(|c| c as &dyn tdq_lints::user::SqlSource);
    let mut findings = tdq_lints::run(&ctx, config, sql).map_err(|e| e.to_string())?;
    if let Some(path) = &args.write_baseline {
        let b = Baseline::of(&findings);
        std::fs::write(path, b.to_json()).map_err(|e| format!("{}: {}", path.display(), crate::os_message(&e)))?;
        eprintln!("tdq lint: {} finding(s) written to baseline {}", findings.len(), path.display());
        return Ok(SUCCESS);
    }
    if let Some(b) = baseline {
        findings.retain(|f| !b.contains(f));
    }
    let user_rules: Vec<(String, Level)> = config.running_user_lints().map(|u| (u.id.clone(), u.level)).collect();
    let report = if args.statistics {
        output::statistics(&findings)
    } else {
        output::render_styled(format, &findings, &eval.sm, &user_rules, style)
    };
    emit(&args.output, &report)?;
    let failing = findings.iter().any(|f| f.level >= config.fail_on);
    Ok(if failing { FAILURE } else { SUCCESS })
}

/// User lints' SQL run as `tdq QUERY` runs it: on the store, with the class views.
struct EngineSql(std::cell::RefCell<tdq_queries::sqlite::SqliteEngine>);

impl tdq_lints::user::SqlSource for EngineSql {
    fn rows(&self, sql: &str) -> Result<Vec<tdq_lints::user::Row>, String> {
        use tdq_queries::{Cell, Engine};
        let mut results = self.0.borrow_mut().run(sql, &[]).map_err(|e| match e.hint {
            Some(hint) => format!("{}; {hint}", e.message),
            None => e.message,
        })?;
        let rs = results.pop().unwrap_or_default();
        let col = |n: &str| rs.columns.iter().position(|c| c.eq_ignore_ascii_case(n));
        let Some(record) = col("record") else {
            return Err(format!("the query must return a `record` column (it returns: {})", rs.columns.join(", ")));
        };
        let (message, field) = (col("message"), col("field"));
        let text = |row: &[Cell], i: usize| match &row[i] {
            Cell::Null => None,
            Cell::Text(t) => Some(t.clone()),
            other => Some(other.to_string()),
        };
        Ok(rs
            .rows
            .iter()
            .map(|row| tdq_lints::user::Row {
                record: text(row, record).unwrap_or_default(),
                message: message.and_then(|i| text(row, i)),
                field: field.and_then(|i| text(row, i)),
            })
            .collect())
    }
}

/// The `[lint]` table of a tdq.toml (none: the defaults).
fn load_config(path: Option<&Path>) -> Result<Config, String> {
    let Some(path) = path else { return Ok(Config::default()) };
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {}", path.display(), crate::os_message(&e)))?;
    let doc: toml::Table = text.parse().map_err(|e: toml::de::Error| format!("{}: {}", path.display(), e.message()))?;
    let base = path.parent().unwrap_or(Path::new("."));
    match doc.get("lint") {
        None => Ok(Config::default()),
        Some(toml::Value::Table(t)) => Config::from_table(t, base).map_err(|e| format!("{}: {e}", path.display())),
        Some(_) => Err(format!("{}: `lint` must be a table", path.display())),
    }
}

fn emit(output: &Option<PathBuf>, text: &str) -> Result<(), String> {
    match output {
        Some(path) => std::fs::write(path, text).map_err(|e| format!("{}: {}", path.display(), crate::os_message(&e))),
        None => {
            let mut out = std::io::stdout().lock();
            // A closed pipe (`| head`) is not an error worth reporting.
            let _ = out.write_all(text.as_bytes()).and_then(|()| out.flush());
            Ok(())
        }
    }
}
