//! `tdq repl`: an interactive SQL prompt over the store, with history and completion of
//! tables, columns, classes and SQL keywords.
//!
//! Statements end with `;` and may span lines. Dot commands: `.tables`, `.schema [TABLE]`,
//! `.mode FORMAT` (or `.format`), `.help`, `.quit`.

use super::{print_results, Failure, QueryOptions};
use rustyline::completion::{Completer, Pair};
use rustyline::error::ReadlineError;
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::validate::Validator;
use rustyline::{Context, Editor, Helper};
use tdq_queries::format::Format;
use tdq_queries::{Engine, ResultSet};

const KEYWORDS: &[&str] = &[
    "SELECT", "FROM", "WHERE", "GROUP", "BY", "ORDER", "LIMIT", "HAVING", "JOIN", "LEFT", "ON", "AND", "OR", "NOT",
    "IN", "LIKE", "GLOB", "IS", "NULL", "AS", "DISTINCT", "COUNT", "DESC", "ASC", "UNION", "WITH",
];

struct Words {
    words: Vec<String>,
}

impl Completer for Words {
    type Candidate = Pair;
    fn complete(&self, line: &str, pos: usize, _: &Context<'_>) -> rustyline::Result<(usize, Vec<Pair>)> {
        let start = line[..pos].rfind(|c: char| !(c.is_alphanumeric() || c == '_' || c == '.')).map_or(0, |p| p + 1);
        let prefix = &line[start..pos];
        if prefix.is_empty() {
            return Ok((pos, Vec::new()));
        }
        let lower = prefix.to_lowercase();
        let mut out: Vec<Pair> = self
            .words
            .iter()
            .filter(|w| w.to_lowercase().starts_with(&lower))
            .map(|w| Pair { display: w.clone(), replacement: w.clone() })
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

pub fn run(mut engine: Box<dyn Engine>, mut options: QueryOptions) -> Result<(), Failure> {
    let mut words: Vec<String> = KEYWORDS.iter().map(|s| s.to_string()).collect();
    words.extend(engine.table_names());
    words.extend(names(engine.as_mut(), "SELECT col FROM tdq_columns"));
    words.extend(names(engine.as_mut(), "SELECT name FROM classes"));
    words.sort();
    words.dedup();
    let mut editor: Editor<Words, rustyline::history::DefaultHistory> =
        Editor::new().map_err(|e| Failure::new(format!("terminal: {e}")))?;
    editor.set_helper(Some(Words { words }));
    let history = tdq_store::cache::cache_dir().join("repl-history");
    let _ = editor.load_history(&history);
    eprintln!("tdq repl: SQL ending with `;`, `.help` for commands, Ctrl-D to leave");
    let mut pending = String::new();
    loop {
        let prompt = if pending.is_empty() { "tdq> " } else { "...> " };
        let line = match editor.readline(prompt) {
            Ok(l) => l,
            Err(ReadlineError::Interrupted) => {
                pending.clear();
                continue;
            }
            Err(ReadlineError::Eof) => break,
            Err(e) => return Err(Failure::new(format!("terminal: {e}"))),
        };
        let trimmed = line.trim();
        if pending.is_empty() && trimmed.starts_with('.') {
            let _ = editor.add_history_entry(trimmed);
            if !dot_command(trimmed, engine.as_mut(), &mut options) {
                break;
            }
            continue;
        }
        pending.push_str(&line);
        pending.push('\n');
        if !trimmed.ends_with(';') {
            continue;
        }
        let sql = std::mem::take(&mut pending);
        let _ = editor.add_history_entry(sql.trim());
        match engine.run(&sql, &options.params) {
            Ok(results) => {
                if let Err(f) = print_results(&results, options.format) {
                    eprintln!("{}", f.message);
                }
            }
            Err(e) => eprint!("{}", e.render("<repl>", &sql)),
        }
    }
    if let Some(dir) = history.parent() {
        let _ = std::fs::create_dir_all(dir);
    }
    let _ = editor.save_history(&history);
    Ok(())
}

const HELP: &str = ".tables  .schema [TABLE]  .mode table|line|csv|tsv|json|jsonl|markdown (.format)  .help  .quit";

/// Runs a dot command; false to leave.
fn dot_command(cmd: &str, engine: &mut dyn Engine, options: &mut QueryOptions) -> bool {
    let mut parts = cmd.split_whitespace();
    match (parts.next().unwrap_or(""), parts.next()) {
        (".quit" | ".exit", _) => return false,
        (".tables", _) => println!("{}", engine.table_names().join("  ")),
        (".schema", Some(t)) => {
            match engine.run(&format!("SELECT * FROM {} LIMIT 0", tdq_store::schema::quote_ident(t)), &[]) {
                Ok(rs) => println!("{}", rs.first().map(|r| r.columns.join(", ")).unwrap_or_default()),
                Err(e) => eprintln!("error: {e}"),
            }
        }
        (".schema", None) => {
            for t in tdq_store::schema::TABLES {
                println!("{}: {}", t.name, t.about);
            }
        }
        (".format" | ".mode", Some(f)) => match f.parse::<Format>() {
            Ok(f) => options.format = Some(f),
            Err(e) => eprintln!("error: {e}"),
        },
        (".help", _) => eprintln!("{HELP}"),
        (other, _) => eprintln!("error: unknown command `{other}`\n{HELP}"),
    }
    true
}
