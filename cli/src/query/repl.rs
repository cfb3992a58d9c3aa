//! `tdq repl`: an interactive SQL prompt over the store, with history and completion of
//! tables, columns, classes and SQL keywords.
//!
//! Statements end with `;` and may span lines. Dot commands: `.tables`, `.schema [TABLE]`,
//! `.mode FORMAT` (or `.format`), `.timing on|off`, `.read FILE.sql`, `.help`, `.quit`. Completion
//! offers first the columns of the tables and class views the statement names.
//!
//! Fed from a pipe or a file rather than a terminal, it prints no banner, runs every statement
//! and exits with status 1 when any of them (or a dot command) failed, as sqlite3 does.

use super::{print_results, Failure, QueryOptions};
use rustyline::completion::{Completer, Pair};
use rustyline::error::ReadlineError;
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::validate::Validator;
use rustyline::{Context, Editor, Helper};
use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::rc::Rc;
use tdq_queries::format::Format;
use tdq_queries::{Engine, ResultSet};

const KEYWORDS: &[&str] = &[
    "SELECT", "FROM", "WHERE", "GROUP", "BY", "ORDER", "LIMIT", "HAVING", "JOIN", "LEFT", "ON", "AND", "OR", "NOT",
    "IN", "LIKE", "GLOB", "IS", "NULL", "AS", "DISTINCT", "COUNT", "DESC", "ASC", "UNION", "WITH",
];

/// Completion: SQL keywords, tables, classes and field names, and first the columns of the
/// tables and class views the statement names (`fields` gives `set_file`, `value_json`, ...).
struct Words {
    words: Vec<String>,
    engine: Rc<RefCell<Box<dyn Engine>>>,
    /// Lower-cased names of what has columns: the store's tables and views, and the classes.
    relations: HashSet<String>,
    /// Columns of each relation asked about so far.
    columns: RefCell<HashMap<String, Vec<String>>>,
    /// The lines of the statement typed before this one.
    pending: Rc<RefCell<String>>,
}

impl Words {
    /// The columns of the relations named in `statement`, in the order named.
    fn columns_named(&self, statement: &str) -> Vec<String> {
        let mut out = Vec::new();
        for ident in tdq_queries::scan::identifiers(statement) {
            let key = ident.to_lowercase();
            if !self.relations.contains(&key) {
                continue;
            }
            let mut cache = self.columns.borrow_mut();
            let columns = cache.entry(key).or_insert_with(|| {
                let sql = format!("SELECT * FROM {} LIMIT 0", tdq_store::schema::quote_ident(&ident));
                match self.engine.borrow_mut().run(&sql, &[]) {
                    Ok(mut rs) => rs.pop().map(|r| r.columns).unwrap_or_default(),
                    Err(_) => Vec::new(),
                }
            });
            out.extend(columns.iter().cloned());
        }
        out
    }
}

impl Completer for Words {
    type Candidate = Pair;
    fn complete(&self, line: &str, pos: usize, _: &Context<'_>) -> rustyline::Result<(usize, Vec<Pair>)> {
        let start = line[..pos].rfind(|c: char| !(c.is_alphanumeric() || c == '_' || c == '.')).map_or(0, |p| p + 1);
        // `alias.col` completes the part after the dot.
        let start = line[start..pos].rfind('.').map_or(start, |d| start + d + 1);
        let prefix = &line[start..pos];
        if prefix.is_empty() {
            return Ok((pos, Vec::new()));
        }
        let lower = prefix.to_lowercase();
        let statement = format!("{}{line}", self.pending.borrow());
        let mut seen = HashSet::new();
        let mut out: Vec<Pair> = self
            .columns_named(&statement)
            .into_iter()
            .chain(self.words.iter().cloned())
            .filter(|w| w.to_lowercase().starts_with(&lower) && seen.insert(w.clone()))
            .map(|w| Pair { display: w.clone(), replacement: w })
            .collect();
        out.truncate(200);
        Ok((start, out))
    }
}

impl Hinter for Words {
    type Hint = String;
}
impl Highlighter for Words {}
impl Validator for Words {}
impl Helper for Words {}

fn names(engine: &mut dyn Engine, sql: &str) -> Vec<String> {
    match engine.run(sql, &[]) {
        Ok(rs) => rs.into_iter().flat_map(ResultSet::first_column_texts).collect(),
        Err(_) => Vec::new(),
    }
}

pub fn run(engine: Box<dyn Engine>, mut options: QueryOptions) -> Result<(), Failure> {
    let engine = Rc::new(RefCell::new(engine));
    let tables = engine.borrow_mut().table_names();
    let classes = names(engine.borrow_mut().as_mut(), "SELECT name FROM classes");
    let mut words: Vec<String> = KEYWORDS.iter().map(|s| s.to_string()).collect();
    words.extend(tables.iter().cloned());
    words.extend(names(engine.borrow_mut().as_mut(), "SELECT col FROM tdq_columns"));
    words.extend(classes.iter().cloned());
    // The columns of the documented tables, for a statement that names none yet.
    for t in tdq_store::schema::TABLES.iter().filter(|t| !t.name.starts_with('<')) {
        let sql = format!("SELECT * FROM {} LIMIT 0", tdq_store::schema::quote_ident(t.name));
        if let Ok(mut rs) = engine.borrow_mut().run(&sql, &[]) {
            words.extend(rs.pop().map(|r| r.columns).unwrap_or_default());
        }
    }
    words.sort();
    words.dedup();
    let relations: HashSet<String> = tables.iter().chain(&classes).map(|t| t.to_lowercase()).collect();
    let pending = Rc::new(RefCell::new(String::new()));
    let mut editor: Editor<Words, rustyline::history::DefaultHistory> =
        Editor::new().map_err(|e| Failure::new(format!("terminal: {e}")))?;
    editor.set_helper(Some(Words {
        words,
        engine: engine.clone(),
        relations,
        columns: RefCell::new(HashMap::new()),
        pending: pending.clone(),
    }));
    let history = tdq_store::cache::cache_dir().join("repl-history");
    let interactive = std::io::IsTerminal::is_terminal(&std::io::stdin());
    if interactive {
        let _ = editor.load_history(&history);
        eprintln!("tdq repl: SQL ending with `;`, `.help` for commands, Ctrl-D to leave");
    }
    let mut failed = 0usize;
    loop {
        let prompt = if pending.borrow().is_empty() { "tdq> " } else { "...> " };
        let line = match editor.readline(prompt) {
            Ok(l) => l,
            Err(ReadlineError::Interrupted) => {
                pending.borrow_mut().clear();
                continue;
            }
            Err(ReadlineError::Eof) => break,
            Err(e) => return Err(Failure::new(format!("terminal: {e}"))),
        };
        let trimmed = line.trim();
        if pending.borrow().is_empty() && trimmed.starts_with('.') {
            let _ = editor.add_history_entry(trimmed);
            match dot_command(trimmed, &mut **engine.borrow_mut(), &mut options) {
                Dot::Quit => break,
                Dot::Done => {}
                Dot::Failed => failed += 1,
            }
            continue;
        }
        pending.borrow_mut().push_str(&line);
        pending.borrow_mut().push('\n');
        if !trimmed.ends_with(';') {
            continue;
        }
        let sql = std::mem::take(&mut *pending.borrow_mut());
        let _ = editor.add_history_entry(sql.trim());
        if !run_sql(&mut **engine.borrow_mut(), &sql, "<repl>", &options) {
            failed += 1;
        }
    }
    // A statement left without its `;` at the end of the input still runs.
    let rest = std::mem::take(&mut *pending.borrow_mut());
    if !rest.trim().is_empty() && !run_sql(&mut **engine.borrow_mut(), &rest, "<repl>", &options) {
        failed += 1;
    }
    if !interactive {
        return match failed {
            0 => Ok(()),
            n => Err(Failure::new(format!("{n} statement{} failed", if n == 1 { "" } else { "s" }))),
        };
    }
    if let Some(dir) = history.parent() {
        let _ = std::fs::create_dir_all(dir);
    }
    let _ = editor.save_history(&history);
    Ok(())
}

/// Runs statements and prints their results (and, with `.timing on`, how long they took);
/// false when they failed.
fn run_sql(engine: &mut dyn Engine, sql: &str, source: &str, options: &QueryOptions) -> bool {
    let start = std::time::Instant::now();
    match engine.run(sql, &options.params) {
        Ok(results) => {
            let seconds = start.elapsed().as_secs_f64();
            if let Err(f) = print_results(&results, options.format) {
                eprintln!("{}", f.message);
                return false;
            }
            if options.timing {
                eprintln!("query: {seconds:.3} s");
            }
            true
        }
        Err(e) => {
            eprint!("{}", e.render(source, sql));
            false
        }
    }
}

/// What a dot command did.
enum Dot {
    Done,
    Failed,
    Quit,
}

const HELP: &str = ".tables  .schema [TABLE]  .mode table|line|csv|tsv|json|jsonl|markdown (.format)  \
                    .timing on|off  .read FILE.sql  .help  .quit";

/// Runs a dot command.
fn dot_command(cmd: &str, engine: &mut dyn Engine, options: &mut QueryOptions) -> Dot {
    let mut parts = cmd.split_whitespace();
    let fail = |message: String| {
        eprintln!("error: {message}");
        Dot::Failed
    };
    match (parts.next().unwrap_or(""), parts.next()) {
        (".quit" | ".exit", _) => Dot::Quit,
        (".tables", _) => {
            println!("{}", engine.table_names().join("  "));
            Dot::Done
        }
        (".schema", Some(t)) => {
            match engine.run(&format!("SELECT * FROM {} LIMIT 0", tdq_store::schema::quote_ident(t)), &[]) {
                Ok(rs) => {
                    println!("{}", rs.first().map(|r| r.columns.join(", ")).unwrap_or_default());
                    Dot::Done
                }
                Err(e) => fail(e.to_string()),
            }
        }
        (".schema", None) => {
            for t in tdq_store::schema::TABLES {
                println!("{}: {}", t.name, t.about);
            }
            Dot::Done
        }
        (".format" | ".mode", Some(f)) => match f.parse::<Format>() {
            Ok(f) => {
                options.format = Some(f);
                Dot::Done
            }
            Err(e) => fail(e.to_string()),
        },
        (".timing", Some(on @ ("on" | "off"))) => {
            options.timing = on == "on";
            Dot::Done
        }
        (".read", Some(file)) => match std::fs::read_to_string(file) {
            Ok(sql) if run_sql(engine, &sql, file, options) => Dot::Done,
            Ok(_) => Dot::Failed,
            Err(e) => fail(format!("{file}: {}", crate::os_message(&e))),
        },
        (".help", _) => {
            eprintln!("{HELP}");
            Dot::Done
        }
        (other, _) => fail(format!("unknown command `{other}`\n{HELP}")),
    }
}
