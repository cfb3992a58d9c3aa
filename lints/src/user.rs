//! User lints: a SQL query over the record store whose rows (`record`, `message`, optionally
//! `field`) become findings.
//!
//! The query runs through [`SqlSource`], so this crate needs no store of its own: tdq's store
//! (`tdq_store::Store::connection()`, a read-only `rusqlite::Connection` with a `records`
//! table: `name`, then one column per field) implements it through the `Connection` impl
//! below. [`scratch_records`] builds such a table in memory from an evaluation, for tests and
//! until the store is wired in.

use crate::config::UserLint;
use crate::{Error, Sink};
use rusqlite::types::ValueRef;
use std::collections::BTreeMap;
use tdq_core::init::InitKind;
use tdq_core::record::RecordKeeper;

/// One row of a user lint's result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    pub record: String,
    pub message: Option<String>,
    pub field: Option<String>,
}

/// Runs a user lint's SQL. Errors are messages for the user (bad SQL, missing columns).
pub trait SqlSource {
    fn rows(&self, sql: &str) -> Result<Vec<Row>, String>;
}

impl SqlSource for rusqlite::Connection {
    fn rows(&self, sql: &str) -> Result<Vec<Row>, String> {
        let mut stmt = self.prepare(sql).map_err(|e| e.to_string())?;
        let names: Vec<String> = stmt.column_names().iter().map(|s| s.to_string()).collect();
        let col = |n: &str| names.iter().position(|c| c.eq_ignore_ascii_case(n));
        let Some(record) = col("record") else {
            return Err(format!("the query must return a `record` column (it returns: {})", names.join(", ")));
        };
        let (message, field) = (col("message"), col("field"));
        let text = |r: &rusqlite::Row, i: usize| -> rusqlite::Result<Option<String>> {
            Ok(match r.get_ref(i)? {
                ValueRef::Null => None,
                ValueRef::Integer(n) => Some(n.to_string()),
                ValueRef::Real(x) => Some(x.to_string()),
                ValueRef::Text(t) | ValueRef::Blob(t) => Some(String::from_utf8_lossy(t).into_owned()),
            })
        };
        let rows = stmt
            .query_map([], |r| {
                Ok(Row {
                    record: text(r, record)?.unwrap_or_default(),
                    message: message.map(|i| text(r, i)).transpose()?.flatten(),
                    field: field.map(|i| text(r, i)).transpose()?.flatten(),
                })
            })
            .map_err(|e| e.to_string())?;
        rows.collect::<rusqlite::Result<Vec<Row>>>().map_err(|e| e.to_string())
    }
}

/// Runs one user lint into `sink`.
pub fn run_user_lint(lint: &UserLint, sql: &dyn SqlSource, sink: &mut Sink) -> Result<(), Error> {
    let rows = sql.rows(&lint.sql).map_err(|e| Error(format!("user lint `{}`: {e}", lint.id)))?;
    for row in rows {
        let Some(message) = row.message.or_else(|| lint.message.clone()) else {
            return Err(Error(format!("user lint `{}`: a row has no `message` and the lint gives none", lint.id)));
        };
        sink.report_named(&row.record, row.field.as_deref(), message);
    }
    Ok(())
}

/// A `records` table of every def, as the store lays it out: `name`, then one column per field
/// name (integers for bits, ints and bit strings that are fully known, text otherwise, NULL where
/// the def has no such field). SQLite allows 2000 columns: a larger union of field names is an
/// error here (the store is the real answer). In memory; for tests and for `tdq lint` until the store is wired.
pub fn scratch_records(rk: &RecordKeeper) -> rusqlite::Result<rusqlite::Connection> {
    let conn = rusqlite::Connection::open_in_memory()?;
    // Field name -> column. SQLite's names ignore case; a field differing from an earlier one
    // only in case (`FastIselShouldIgnore`, `FastISelShouldIgnore`) gets a `_2` suffix.
    let mut index: BTreeMap<String, usize> = BTreeMap::new();
    let mut order: Vec<String> = vec!["name".to_string()];
    let mut taken: std::collections::BTreeSet<String> = ["name".to_string()].into();
    for &id in rk.defs.values() {
        for v in &rk.get(id).values {
            let field = v.name.unquoted();
            if index.contains_key(&field) || field == "name" {
                continue;
            }
            let mut column = field.clone();
            let mut n = 1;
            while !taken.insert(column.to_lowercase()) {
                n += 1;
                column = format!("{field}_{n}");
            }
            index.insert(field, order.len());
            order.push(column);
        }
    }
    let quote = |s: &str| format!("\"{}\"", s.replace('"', "\"\""));
    let decl: Vec<String> = order[1..].iter().map(|c| quote(c)).collect();
    conn.execute_batch(&format!(
        "CREATE TABLE records (name TEXT PRIMARY KEY{}{});",
        if decl.is_empty() { "" } else { ", " },
        decl.join(", ")
    ))?;
    let placeholders: Vec<String> = (1..=order.len()).map(|i| format!("?{i}")).collect();
    let tx = conn.unchecked_transaction()?;
    {
        let mut insert = tx.prepare(&format!("INSERT INTO records VALUES ({})", placeholders.join(", ")))?;
        for (name, &id) in &rk.defs {
            let mut row: Vec<rusqlite::types::Value> = vec![rusqlite::types::Value::Null; order.len()];
            row[0] = rusqlite::types::Value::Text(name.to_string());
            for v in &rk.get(id).values {
                if let Some(&i) = index.get(&v.name.unquoted()) {
                    row[i] = sql_value(v.value);
                }
            }
            insert.execute(rusqlite::params_from_iter(row))?;
        }
    }
    tx.commit()?;
    Ok(conn)
}

fn sql_value(v: tdq_core::init::Init) -> rusqlite::types::Value {
    use rusqlite::types::Value;
    match v.kind() {
        InitKind::Unset => Value::Null,
        InitKind::Bit(b) => Value::Integer(*b as i64),
        InitKind::Int(n) => Value::Integer(*n),
        InitKind::Str(s, _) => Value::Text(s.to_string()),
        InitKind::Bits(bits) if bits.len() <= 63 && bits.iter().all(|b| matches!(b.kind(), InitKind::Bit(_))) => {
            Value::Integer(
                bits.iter().enumerate().map(|(i, b)| (matches!(b.kind(), InitKind::Bit(true)) as i64) << i).sum(),
            )
        }
        _ => Value::Text(v.to_string()),
    }
}
