//! The side half of a store build: the `records` tables (one column per field), superclass
//! edges, classes, defm chains and column descriptions, written into a scratch database on
//! its own thread (see [`super::write_store`]).

use super::{file_line, loc_raw, sql_scalar, template_args_json, SideTable};
use crate::schema::{self, quote_ident, RECORD_COLUMNS};
use rusqlite::types::Value;
use rusqlite::{params, params_from_iter, Connection, Statement};
use rustc_hash::FxHashMap as HashMap;
use std::collections::hash_map::Entry;
use std::path::Path;
use tdq_core::init::Init;
use tdq_core::record::RecordVal;
use tdq_core::Evaluation;

/// Writes the side tables into a new database at `scratch`; returns them, in copy order.
pub(crate) fn write_side(scratch: &Path, eval: &Evaluation) -> rusqlite::Result<Vec<SideTable>> {
    let _ = std::fs::remove_file(scratch);
    let mut conn = Connection::open(scratch)?;
    conn.execute_batch("PRAGMA page_size = 16384; PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA cache_size = -262144;")?;
    let tx = conn.transaction()?;
    tx.execute_batch(schema::DDL)?;
    edges(&tx, eval)?;
    let (ddl, view) = records(&tx, eval)?;
    tx.commit()?;
    let mut tables: Vec<SideTable> = ["tdq_superclasses", "classes", "defm_chain", "tdq_columns"]
        .into_iter()
        .map(|name| SideTable { name, ddl: String::new(), after: String::new() })
        .collect();
    tables.push(SideTable { name: "records_short", ddl: ddl[0].clone(), after: String::new() });
    tables.push(SideTable { name: "records_long", ddl: ddl[1].clone(), after: view });
    Ok(tables)
}

/// Inserts rows of `width` values, `ROWS` to a statement: one statement per row costs more
/// than the row itself for small rows.
struct Batch<'c> {
    one: Statement<'c>,
    many: Statement<'c>,
    pending: Vec<Value>,
    width: usize,
}

const ROWS: usize = 64;

impl<'c> Batch<'c> {
    fn new(tx: &'c Connection, table: &str, columns: &[&str]) -> rusqlite::Result<Self> {
        let row = format!("({})", vec!["?"; columns.len()].join(","));
        let head = format!("INSERT INTO {table}({}) VALUES ", columns.join(","));
        Ok(Batch {
            one: tx.prepare(&format!("{head}{row}"))?,
            many: tx.prepare(&format!("{head}{}", vec![row; ROWS].join(",")))?,
            pending: Vec::with_capacity(columns.len() * ROWS),
            width: columns.len(),
        })
    }

    fn push(&mut self, row: impl IntoIterator<Item = Value>) -> rusqlite::Result<()> {
        self.pending.extend(row);
        if self.pending.len() == self.width * ROWS {
            self.many.execute(params_from_iter(self.pending.drain(..)))?;
        }
        Ok(())
    }

    fn finish(mut self) -> rusqlite::Result<()> {
        let rest: Vec<Value> = self.pending.drain(..).collect();
        for row in rest.chunks(self.width) {
            self.one.execute(params_from_iter(row.iter()))?;
        }
        Ok(())
    }
}

fn text(s: Option<&str>) -> Value {
    s.map_or(Value::Null, |s| Value::Text(s.to_owned()))
}

fn int(i: Option<impl Into<i64>>) -> Value {
    i.map_or(Value::Null, |i| Value::Integer(i.into()))
}

/// `tdq_superclasses`, `classes`, `defm_chain`.
fn edges(tx: &Connection, eval: &Evaluation) -> rusqlite::Result<()> {
    let (rk, sm) = (&eval.records, &eval.sm);
    let mut sc = Batch::new(tx, "tdq_superclasses", &["record_id", "position", "superclass_id", "direct", "loc"])?;
    let mut defm = Batch::new(
        tx,
        "defm_chain",
        &["record", "record_id", "step", "multiclass", "defm_file", "defm_line", "defm_col", "defm_loc"],
    )?;
    let mut class_st =
        tx.prepare("INSERT INTO classes(id, name, file, line, template_args) VALUES (?1, ?2, ?3, ?4, ?5)")?;
    for &id in rk.classes.values().chain(rk.defs.values()) {
        let rec = rk.get(id);
        let direct = rec.direct_superclasses(rk);
        for (pos, &(c, loc)) in rec.superclasses.iter().enumerate() {
            sc.push([
                Value::Integer(id.0.into()),
                Value::Integer(pos as i64),
                Value::Integer(c.0.into()),
                Value::Integer(direct.contains(&c).into()),
                Value::Integer(loc_raw(loc)),
            ])?;
        }
        if rec.is_class() {
            let (file, line) = file_line(sm, rec.loc());
            class_st.execute(params![id.0, rec.name_string(), file, line, template_args_json(rec)])?;
        }
        for (step, d) in rec.defm_chain.iter().enumerate() {
            let (file, line) = file_line(sm, d.defm_loc);
            let col = sm.file(d.defm_loc).map(|_| sm.line_col(d.defm_loc).1);
            defm.push([
                Value::Text(rec.name_string()),
                Value::Integer(id.0.into()),
                Value::Integer(step as i64),
                Value::Text(d.multiclass.to_owned()),
                text(file),
                int(line),
                int(col),
                Value::Integer(loc_raw(d.defm_loc)),
            ])?;
        }
    }
    sc.finish()?;
    defm.finish()
}

/// One field column of `records`.
struct Column {
    field: String,
    col: String,
    /// Bit 0: an integer was stored; bit 1: text.
    kinds: u8,
    bytes: usize,
    count: usize,
    /// In `records_long`.
    long: bool,
}

/// `records_short`, `records_long` and `tdq_columns`; returns the two tables' DDL and the
/// `records` view over them.
fn records(tx: &Connection, eval: &Evaluation) -> rusqlite::Result<([String; 2], String)> {
    let (rk, sm) = (&eval.records, &eval.sm);
    let mut scalars: HashMap<Init, Value> = HashMap::default();
    let mut scalar = |v: &RecordVal| -> Value {
        if v.lost {
            return Value::Null;
        }
        scalars.entry(v.value).or_insert_with(|| sql_scalar(v.value)).clone()
    };
    // Columns in order of first appearance over the defs in name order, with what they hold.
    let mut columns: Vec<Column> = Vec::new();
    let mut taken: std::collections::HashSet<String> = RECORD_COLUMNS.iter().map(|c| c.to_string()).collect();
    let mut column_of: HashMap<Init, usize> = HashMap::default();
    for &id in rk.defs.values() {
        for v in rk.get(id).values.iter().filter(|v| !v.template_arg) {
            let c = match column_of.entry(v.name) {
                Entry::Occupied(e) => *e.get(),
                // SQLite's column limit: later field names are only in `fields`.
                Entry::Vacant(_) if columns.len() >= schema::MAX_FIELD_COLUMNS => continue,
                Entry::Vacant(e) => {
                    let field = v.name.unquoted();
                    let mut col = field.clone();
                    while !taken.insert(col.to_ascii_lowercase()) {
                        col.push('_');
                    }
                    columns.push(Column { field, col, kinds: 0, bytes: 0, count: 0, long: false });
                    *e.insert(columns.len() - 1)
                }
            };
            let column = &mut columns[c];
            match scalar(v) {
                Value::Null => continue,
                Value::Integer(_) => {
                    column.kinds |= 1;
                    column.bytes += 8;
                }
                Value::Text(t) => {
                    column.kinds |= 2;
                    column.bytes += t.len();
                }
                _ => column.kinds |= 2,
            }
            column.count += 1;
        }
    }
    for c in &mut columns {
        c.long = c.count > 0 && c.bytes / c.count > schema::LONG_COLUMN_BYTES;
    }
    let quoted = |c: &Column| quote_ident(&c.col);
    let list = |long: bool| -> String {
        columns.iter().filter(|c| c.long == long).map(|c| format!(", {}", quoted(c))).collect()
    };
    let ddl = [
        format!(
            "CREATE TABLE records_short(id INTEGER PRIMARY KEY, name TEXT NOT NULL, anonymous INTEGER NOT NULL, file TEXT, line INTEGER{});",
            list(false)
        ),
        format!("CREATE TABLE records_long(id INTEGER PRIMARY KEY{});", list(true)),
    ];
    tx.execute_batch(&ddl.join("\n"))?;
    let view_cols: Vec<String> = RECORD_COLUMNS
        .iter()
        .map(|c| format!("s.{}", quote_ident(c)))
        .chain(columns.iter().map(|c| format!("{}.{}", if c.long { "l" } else { "s" }, quoted(c))))
        .collect();
    let view = format!(
        "CREATE VIEW records AS SELECT {} FROM records_short s LEFT JOIN records_long l ON l.id = s.id;\n",
        view_cols.join(", ")
    );

    // One statement per distinct field list and table.
    let mut statements: HashMap<(bool, Vec<usize>), Statement<'_>> = HashMap::default();
    let mut bound: Vec<Value> = Vec::new();
    for &id in rk.defs.values() {
        let rec = rk.get(id);
        let (file, line) = file_line(sm, rec.loc());
        for long in [false, true] {
            let fields: Vec<&RecordVal> = rec
                .values
                .iter()
                .filter(|v| !v.template_arg && column_of.get(&v.name).is_some_and(|&c| columns[c].long == long))
                .collect();
            if long && fields.is_empty() {
                continue;
            }
            let cols: Vec<usize> = fields.iter().map(|v| column_of[&v.name]).collect();
            let st = match statements.entry((long, cols)) {
                Entry::Occupied(e) => e.into_mut(),
                Entry::Vacant(e) => {
                    let (table, fixed): (&str, &[&str]) =
                        if long { ("records_long", &["id"]) } else { ("records_short", &RECORD_COLUMNS) };
                    let names: Vec<String> = fixed
                        .iter()
                        .map(|c| quote_ident(c))
                        .chain(e.key().1.iter().map(|&c| quoted(&columns[c])))
                        .collect();
                    let marks = vec!["?"; names.len()].join(",");
                    e.insert(tx.prepare(&format!("INSERT INTO {table}({}) VALUES ({marks})", names.join(",")))?)
                }
            };
            bound.clear();
            bound.push(Value::Integer(id.0.into()));
            if !long {
                bound.push(Value::Text(rec.name_string()));
                bound.push(Value::Integer(rec.is_anonymous().into()));
                bound.push(text(file));
                bound.push(int(line));
            }
            bound.extend(fields.into_iter().map(&mut scalar));
            st.execute(params_from_iter(bound.iter()))?;
        }
    }
    drop(statements);
    // What each column holds, so engines with typed columns (Arrow) can type it.
    let mut col_st = tx.prepare("INSERT INTO tdq_columns(field, col, kind, long) VALUES (?1, ?2, ?3, ?4)")?;
    for c in &columns {
        let kind = match c.kinds {
            0 | 1 => "INTEGER",
            2 => "TEXT",
            _ => "ANY",
        };
        col_st.execute(params![c.field, c.col, kind, c.long])?;
    }
    Ok((ddl, view))
}
