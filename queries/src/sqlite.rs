//! The SQLite engine: user SQL straight on the store file, opened read-only.

use crate::views::{self, ClassView};
use crate::{closest, closest_in_tiers, scan, Cell, Engine, Param, QueryError, QueryErrorKind, ResultSet};
use rusqlite::types::ValueRef;
use rusqlite::{Batch, Connection, Statement};
use std::collections::HashSet;
use std::path::PathBuf;
use tdq_store::model::Group;

pub struct SqliteEngine {
    conn: Connection,
    /// Tables and views of the store and the class views made so far.
    known: HashSet<String>,
    /// Where the model tables' files are kept (the cache directory).
    model_dir: PathBuf,
    /// The model table groups attached so far.
    attached: Vec<Group>,
}

impl SqliteEngine {
    /// An engine over a connection from [`tdq_store::open_read_only`], its model tables kept in
    /// the cache directory.
    pub fn new(conn: Connection) -> SqliteEngine {
        let mut engine = SqliteEngine {
            conn,
            known: HashSet::new(),
            model_dir: tdq_store::cache::cache_dir(),
            attached: Vec::new(),
        };
        engine.known = engine.table_names().into_iter().collect();
        engine
    }

    /// Keeps the model tables' files under `dir` instead (a store built outside the cache).
    pub fn with_model_dir(mut self, dir: PathBuf) -> SqliteEngine {
        self.model_dir = dir;
        self
    }

    /// Attaches the model tables `sql` names, building them first if need be.
    fn attach_model_tables(&mut self, sql: &str) -> Result<(), QueryError> {
        let identifiers = scan::identifiers(sql);
        let groups = tdq_store::model::groups_named(identifiers.iter().map(String::as_str));
        let before = self.attached.len();
        tdq_store::model::attach_groups(&self.conn, &self.model_dir, &groups, &mut self.attached)
            .map_err(model_error)?;
        for group in &self.attached[before..] {
            self.known.extend(group.tables().map(str::to_owned));
        }
        Ok(())
    }

    pub fn connection(&self) -> &Connection {
        &self.conn
    }

    fn make_views(&mut self, sql: &str) -> Result<(), QueryError> {
        self.attach_model_tables(sql)?;
        let conn = &self.conn;
        let mut lookup = |q: &str| run_one(conn, q, &[]);
        let wanted: Vec<ClassView> = views::views_for(sql, &self.known, &mut lookup)?;
        if wanted.is_empty() {
            return Ok(());
        }
        // The store itself is read-only and immutable; views go to the in-memory temp schema.
        let ddl: String = wanted
            .iter()
            .map(|v| format!("CREATE TEMP VIEW {} AS {};\n", tdq_store::schema::quote_ident(&v.name), v.select))
            .collect();
        let result = self
            .conn
            .execute_batch(&format!("PRAGMA query_only = 0;\n{ddl}PRAGMA query_only = 1;"))
            .map_err(|e| QueryError { kind: kind_of(&e), ..QueryError::new(format!("making class views: {e}")) });
        let _ = self.conn.pragma_update(None, "query_only", true);
        result?;
        self.known.extend(wanted.into_iter().map(|v| v.name));
        Ok(())
    }

    /// The columns of the tables and views `sql` names (class views included), in order.
    fn named_columns(&self, sql: &str) -> Vec<String> {
        let mut seen = HashSet::new();
        let mut columns = Vec::new();
        for word in scan::identifiers(sql) {
            let Some(table) = self.known.iter().find(|k| k.eq_ignore_ascii_case(&word)) else { continue };
            if !seen.insert(table.clone()) {
                continue;
            }
            let probe = format!("SELECT * FROM {} LIMIT 0", tdq_store::schema::quote_ident(table));
            if let Ok(st) = self.conn.prepare(&probe) {
                columns.extend(st.column_names().into_iter().map(str::to_owned));
            }
        }
        columns
    }

    /// A hint for an unknown column or table (with the word to point at), or for what the
    /// store refuses.
    fn hint(
        &mut self,
        message: &str,
        code: Option<rusqlite::ErrorCode>,
        sql: &str,
    ) -> Option<(Option<String>, String)> {
        if let Some(col) = message.strip_prefix("no such column: ") {
            let col = col.rsplit('.').next().unwrap_or(col).to_owned();
            let mut names: Vec<String> = tdq_store::schema::RECORD_COLUMNS.iter().map(|s| s.to_string()).collect();
            if let Ok(rs) = run_one(&self.conn, "SELECT col FROM tdq_columns", &[]) {
                names.extend(rs.first_column_texts());
            }
            let tiers = [self.named_columns(sql), names];
            let best = closest_in_tiers(&col, &tiers)?;
            return Some((Some(col.clone()), format!("no column `{col}`; did you mean `{best}`?")));
        }
        if let Some(table) = message.strip_prefix("no such table: ") {
            let table = table.rsplit('.').next().unwrap_or(table).to_owned();
            let mut names = self.table_names();
            if let Ok(rs) = run_one(&self.conn, "SELECT name FROM classes", &[]) {
                names.extend(rs.first_column_texts());
            }
            let best = closest(&table, names.iter().map(String::as_str))?;
            return Some((Some(table.clone()), format!("no table or class `{table}`; did you mean `{best}`?")));
        }
        // What `open_read_only` forbids, explained: by SQLite's error code where it has one; a
        // refused ATTACH (its limit is 0) is a plain SQLITE_ERROR that only SQLite's words tell.
        let refused = match code {
            Some(rusqlite::ErrorCode::ReadOnly) => {
                "the store is read-only: queries read it and never change it (`tdq export --db FILE` writes a copy of your own)"
            }
            _ if message.starts_with("too many attached databases") => {
                "ATTACH and VACUUM are disabled: a query reads the store and no other file"
            }
            // `load_extension()` refused is a plain SQLITE_ERROR from the function too.
            _ if message == "not authorized" && sql.to_ascii_lowercase().contains("load_extension") => {
                "loading SQLite extensions is disabled"
            }
            _ => return None,
        };
        Some((None, refused.to_owned()))
    }
}

impl Engine for SqliteEngine {
    fn run(&mut self, sql: &str, params: &[Param]) -> Result<Vec<ResultSet>, QueryError> {
        self.make_views(sql)?;
        let mut out = Vec::new();
        let mut batch = Batch::new(&self.conn, sql);
        let result = loop {
            match batch.next() {
                Ok(Some(mut st)) => match collect(&mut st, params) {
                    Ok(Some(rs)) => out.push(rs),
                    Ok(None) => {}
                    Err(e) => break Err(e),
                },
                Ok(None) => break Ok(()),
                Err(e) => break Err(e.into()),
            }
        };
        match result {
            Ok(()) => Ok(out),
            Err(e) => Err(self.error(sql, e)),
        }
    }

    /// The store's tables and views, and the model tables (attached or not: a query that names
    /// one attaches it).
    fn table_names(&mut self) -> Vec<String> {
        let mut names = run_one(
            &self.conn,
            "SELECT name FROM sqlite_schema WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' ORDER BY name",
            &[],
        )
        .map(ResultSet::first_column_texts)
        .unwrap_or_default();
        names.extend(tdq_store::model::MODEL_TABLE_GROUPS.iter().map(|(t, _)| t.to_string()));
        names.sort();
        names.dedup();
        names
    }
}

impl SqliteEngine {
    fn error(&mut self, sql: &str, e: QueryErrorOrSql) -> QueryError {
        match e {
            QueryErrorOrSql::Query(q) => q,
            QueryErrorOrSql::Sql(e) => {
                let (message, mut offset) = match &e {
                    rusqlite::Error::SqlInputError { msg, sql: tail, offset, .. } => {
                        let start = sql.len().saturating_sub(tail.len());
                        (msg.clone(), (*offset >= 0).then(|| start + *offset as usize))
                    }
                    rusqlite::Error::SqliteFailure(_, Some(msg)) => (msg.clone(), None),
                    other => (other.to_string(), None),
                };
                let mut hint = None;
                if let Some((word, text)) = self.hint(&message, e.sqlite_error_code(), sql) {
                    if let Some(word) = word {
                        offset = offset.or_else(|| scan::find_word(sql, &word));
                    }
                    hint = Some(text);
                }
                QueryError { message, position: offset.map(|o| scan::line_col(sql, o)), hint, kind: kind_of(&e) }
            }
        }
    }
}

/// Why the model tables could not be had, as a query error.
fn model_error(e: tdq_store::StoreError) -> QueryError {
    let kind = match &e {
        tdq_store::StoreError::Load(_) => QueryErrorKind::DamagedStore,
        _ => QueryErrorKind::Query,
    };
    QueryError { kind, ..QueryError::new(e.to_string()) }
}

/// SQLite's code for a damaged store file, read from the error (never from its words).
fn kind_of(e: &rusqlite::Error) -> QueryErrorKind {
    match e.sqlite_error_code() {
        Some(rusqlite::ErrorCode::DatabaseCorrupt | rusqlite::ErrorCode::NotADatabase) => QueryErrorKind::DamagedStore,
        _ => QueryErrorKind::Query,
    }
}

enum QueryErrorOrSql {
    Query(QueryError),
    Sql(rusqlite::Error),
}

impl From<rusqlite::Error> for QueryErrorOrSql {
    fn from(e: rusqlite::Error) -> Self {
        QueryErrorOrSql::Sql(e)
    }
}

/// Runs one statement of store-internal SQL.
fn run_one(conn: &Connection, sql: &str, params: &[Param]) -> Result<ResultSet, QueryError> {
    let mut st = conn.prepare(sql).map_err(|e| QueryError { kind: kind_of(&e), ..QueryError::new(e.to_string()) })?;
    match collect(&mut st, params) {
        Ok(rs) => Ok(rs.unwrap_or_default()),
        Err(QueryErrorOrSql::Query(q)) => Err(q),
        Err(QueryErrorOrSql::Sql(e)) => Err(QueryError { kind: kind_of(&e), ..QueryError::new(e.to_string()) }),
    }
}

/// Binds `params` to the statement's named parameters and reads its rows.
fn collect(st: &mut Statement<'_>, params: &[Param]) -> Result<Option<ResultSet>, QueryErrorOrSql> {
    for i in 1..=st.parameter_count() {
        let Some(name) = st.parameter_name(i).map(str::to_owned) else {
            return Err(QueryErrorOrSql::Query(QueryError::new(
                "positional parameters (`?`) are not supported; use named ones (`:name`) with --param name=value",
            )));
        };
        let bare = name.trim_start_matches([':', '$', '@']);
        let Some(p) = params.iter().find(|p| p.name == bare) else {
            return Err(QueryErrorOrSql::Query(QueryError::new(format!(
                "parameter `{name}` has no value; give it with --param {bare}=VALUE"
            ))));
        };
        match &p.value {
            Cell::Int(v) => st.raw_bind_parameter(i, v)?,
            Cell::Text(v) => st.raw_bind_parameter(i, v)?,
            Cell::Real(v) => st.raw_bind_parameter(i, v)?,
            Cell::Blob(v) => st.raw_bind_parameter(i, v)?,
            Cell::Null => st.raw_bind_parameter(i, rusqlite::types::Null)?,
        }
    }
    let columns: Vec<String> = st.column_names().into_iter().map(str::to_owned).collect();
    let star = st.expanded_sql().is_some_and(|sql| scan::selects_star(&sql));
    let mut rows = Vec::new();
    let mut raw = st.raw_query();
    while let Some(row) = raw.next()? {
        let mut cells = Vec::with_capacity(columns.len());
        for i in 0..columns.len() {
            cells.push(match row.get_ref(i)? {
                ValueRef::Null => Cell::Null,
                ValueRef::Integer(v) => Cell::Int(v),
                ValueRef::Real(v) => Cell::Real(v),
                ValueRef::Text(t) => Cell::Text(String::from_utf8_lossy(t).into_owned()),
                ValueRef::Blob(b) => Cell::Blob(b.to_vec()),
            });
        }
        rows.push(cells);
    }
    if columns.is_empty() {
        return Ok(None);
    }
    Ok(Some(ResultSet { columns, rows, star }))
}
