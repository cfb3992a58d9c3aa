//! tdq-queries: SQL over the record store.
//!
//! - [`Engine`]: runs SQL and returns [`ResultSet`]s. [`sqlite::SqliteEngine`] (the default)
//!   queries the store file directly; `datafusion::DataFusionEngine` (feature `datafusion`)
//!   runs the same SQL over Arrow tables read from the store or from a Parquet export.
//! - [`views`]: the per-class views (`select name from Instruction`), made for the classes a
//!   query names, in SQL both engines accept.
//! - [`canned`]: named queries shipped with tdq (`tdq q NAME`), one `.sql` file each.
//! - [`graph`]: the class hierarchy around a record, as dot or Mermaid (`tdq graph`).
//! - [`mod@format`]: table, CSV, TSV, JSON, JSON lines and Markdown output.

#![forbid(unsafe_code)]

pub mod canned;
#[cfg(feature = "datafusion")]
pub mod datafusion;
pub mod format;
pub mod graph;
pub mod scan;
pub mod sqlite;
pub mod views;

use std::fmt;
use tdq_core::diag::{caret_line, Tabs};

/// One result value, as both engines produce it.
#[derive(Clone, Debug, PartialEq)]
pub enum Cell {
    Null,
    Int(i64),
    Real(f64),
    Text(String),
    Blob(Vec<u8>),
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Cell::Null => Ok(()),
            Cell::Int(i) => write!(f, "{i}"),
            Cell::Real(r) => write!(f, "{r}"),
            Cell::Text(s) => f.write_str(s),
            Cell::Blob(b) => {
                f.write_str("x'")?;
                for byte in b {
                    write!(f, "{byte:02x}")?;
                }
                f.write_str("'")
            }
        }
    }
}

/// The rows of one statement.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ResultSet {
    pub columns: Vec<String>,
    pub rows: Vec<Vec<Cell>>,
    /// The statement's columns come from a `*` ([`scan::selects_star`]): a table fitted to the
    /// terminal may hide some of them, where it only cuts the values of columns a query names.
    pub star: bool,
}

impl ResultSet {
    /// The text values of the first column (names, mostly).
    pub fn first_column_texts(self) -> Vec<String> {
        self.rows
            .into_iter()
            .filter_map(|r| match r.into_iter().next() {
                Some(Cell::Text(t)) => Some(t),
                _ => None,
            })
            .collect()
    }
}

/// A query that failed: the engine's message, where in the SQL, and a hint.
#[derive(Debug, Clone, PartialEq)]
pub struct QueryError {
    pub message: String,
    /// 1-based line and column in the SQL text.
    pub position: Option<(usize, usize)>,
    pub hint: Option<String>,
    pub kind: QueryErrorKind,
}

/// What kind of failure a [`QueryError`] is, for callers that act on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum QueryErrorKind {
    /// The statement failed (its SQL, a parameter, a missing table ...).
    #[default]
    Query,
    /// The store file is damaged or not a database (SQLite's SQLITE_CORRUPT, SQLITE_NOTADB):
    /// a cached store may be rebuilt.
    DamagedStore,
}

impl QueryError {
    pub fn new(message: impl Into<String>) -> Self {
        QueryError { message: message.into(), position: None, hint: None, kind: QueryErrorKind::Query }
    }

    /// The error as tdq prints it: `<source>:line:col: error: message`, the SQL line with a
    /// caret, and the hint.
    pub fn render(&self, source: &str, sql: &str) -> String {
        let mut out = match self.position {
            Some((line, col)) => format!("{source}:{line}:{col}: error: {}\n", self.message),
            None => format!("{source}: error: {}\n", self.message),
        };
        if let Some((line, col)) = self.position {
            if let Some(text) = sql.lines().nth(line - 1) {
                // The column counts characters; the caret line wants a byte column.
                let byte_col = text.char_indices().nth(col.saturating_sub(1)).map_or(text.len(), |(i, _)| i) + 1;
                let (pad, caret) = caret_line(text.as_bytes(), byte_col as u32, Tabs::Keep);
                out.push_str(&format!("{text}\n{pad}{caret}\n"));
            }
        }
        if let Some(hint) = &self.hint {
            out.push_str(&format!("help: {hint}\n"));
        }
        out
    }
}

impl fmt::Display for QueryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for QueryError {}

/// A named parameter: `--param name=value` binds `:name` (also `$name`, `@name`).
/// A value that reads as an integer is bound as one.
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    pub name: String,
    pub value: Cell,
}

impl Param {
    /// Parses `name=value`.
    pub fn parse(s: &str) -> Result<Param, String> {
        let (name, value) = s.split_once('=').ok_or_else(|| format!("--param `{s}`: expected name=value"))?;
        let name = name.trim_start_matches([':', '$', '@']);
        if name.is_empty() || !name.chars().all(|c| c.is_alphanumeric() || c == '_') {
            return Err(format!("--param `{s}`: a parameter name is letters, digits and `_`"));
        }
        let value = match value.parse::<i64>() {
            Ok(i) => Cell::Int(i),
            Err(_) => Cell::Text(value.to_owned()),
        };
        Ok(Param { name: name.to_owned(), value })
    }
}

/// A SQL engine over one store.
pub trait Engine {
    /// Runs every statement of `sql`, returning one result set per statement that yields rows.
    fn run(&mut self, sql: &str, params: &[Param]) -> Result<Vec<ResultSet>, QueryError>;
    /// Table and view names users can query (the per-class views excluded), for completion and
    /// hints.
    fn table_names(&mut self) -> Vec<String>;
}

/// The closest of `candidates` to `word` (by edit distance, a swap of two neighbours counting
/// as one edit, ignoring case), if close enough to be what was meant: a third of the word's
/// length, one more for a candidate holding the word's letters in order (`recrd`, `records`).
/// Of equally close ones, one the word begins (`Siz`, `Size`) wins, then one with the same
/// first letter: `lnit` is `lint` rather than `init`.
pub fn closest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let w = word.to_lowercase();
    let first = w.chars().next();
    let length = word.chars().count();
    let limit = (length / 3).max(1);
    let mut best: Option<((usize, bool, bool), &str)> = None;
    for c in candidates {
        let lower = c.to_lowercase();
        let distance = edit_distance(&w, &lower);
        let abbreviates = length >= 3 && is_subsequence(&w, &lower);
        if distance > limit + usize::from(abbreviates) {
            continue;
        }
        let key = (distance, !lower.starts_with(&w), lower.chars().next() != first);
        if best.is_none_or(|(bk, _)| key < bk) {
            best = Some((key, c));
        }
    }
    best.map(|(_, c)| c)
}

/// The closest candidate of the first tier that has one close enough ([`closest`]): the
/// columns of the tables a query names before every other column.
pub fn closest_in_tiers<'a>(word: &str, tiers: &'a [Vec<String>]) -> Option<&'a str> {
    tiers.iter().find_map(|tier| closest(word, tier.iter().map(String::as_str)))
}

/// Whether the characters of `word` appear in `text` in order.
fn is_subsequence(word: &str, text: &str) -> bool {
    let mut rest = text.chars();
    word.chars().all(|c| rest.any(|t| t == c))
}

/// Optimal string alignment distance: insertions, deletions, substitutions and swaps of
/// neighbouring characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            d[i][j] = (d[i - 1][j] + 1).min(d[i][j - 1] + 1).min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d[i][j] = d[i][j].min(d[i - 2][j - 2] + 1);
            }
        }
    }
    d[a.len()][b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn params_parse() {
        assert_eq!(Param::parse("rec=ADD32rr").unwrap().value, Cell::Text("ADD32rr".into()));
        assert_eq!(Param::parse(":n=-3").unwrap(), Param { name: "n".into(), value: Cell::Int(-3) });
        assert!(Param::parse("novalue").is_err());
        assert!(Param::parse("a b=1").is_err());
    }

    #[test]
    fn closest_finds_typos_only() {
        let names = ["isCall", "isBranch", "mayLoad"];
        assert_eq!(closest("iscal", names), Some("isCall"));
        assert_eq!(closest("maylaod", names), Some("mayLoad"));
        assert_eq!(closest("Predicates", names), None);
        assert_eq!(closest("lnit", ["init", "lint"]), Some("lint"));
        assert_eq!(closest("shcema", ["schema", "repl"]), Some("schema"));
        assert_eq!(closest("recrd", ["records", "fields"]), Some("records"));
        assert_eq!(closest("Siz", ["Sig", "Size"]), Some("Size"));
        assert_eq!(closest("xyz", ["records"]), None);
    }

    #[test]
    fn tiers_come_first() {
        let tiers = [vec!["Size".to_string()], vec!["Sig".to_string()]];
        assert_eq!(closest_in_tiers("Siz", &tiers), Some("Size"));
        assert_eq!(closest_in_tiers("Sgi", &[vec!["name".to_string()], vec!["Sig".to_string()]]), Some("Sig"));
    }

    #[test]
    fn errors_render_with_a_caret() {
        let e = QueryError {
            kind: QueryErrorKind::Query,
            message: "no such column: x".into(),
            position: Some((2, 8)),
            hint: Some("did you mean `y`?".into()),
        };
        assert_eq!(
            e.render("<query>", "select 1\nwhere  x = 1"),
            "<query>:2:8: error: no such column: x\nwhere  x = 1\n       ^\nhelp: did you mean `y`?\n"
        );
    }
}
