//! The side half of a store build: the `records` tables (one column per field), classes, defm
//! chains and column descriptions, written into a scratch database on its own thread (see
//! [`super::write_store`]); and the superclass edges, which the main thread writes.

use super::{file_line, loc_raw, sql_scalar, template_args_json, SideTable};
use crate::schema::{self, quote_ident, RECORD_COLUMNS};
use rusqlite::types::{ToSqlOutput, Value, ValueRef};
use rusqlite::{params, Connection, Statement};
use rustc_hash::FxHashMap as HashMap;
use std::collections::hash_map::Entry;
use std::path::Path;
use tdq_core::init::Init;
use tdq_core::types::RecId;
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
    tx.execute_batch(schema::RECORDS_INDEX)?;
    tx.commit()?;
    let mut tables: Vec<SideTable> = ["classes", "defm_chain", "tdq_columns"]
        .into_iter()
        .map(|name| SideTable { name, ddl: String::new(), after: String::new() })
        .collect();
    tables.push(SideTable { name: "records_short", ddl: format!("{}\n{}", ddl[0], schema::RECORDS_INDEX), after: String::new() });
    tables.push(SideTable { name: "records_long", ddl: ddl[1].clone(), after: view });
    Ok(tables)
}

/// A prepared statement that remembers what its parameters hold, and binds only those that
/// change: SQLite keeps bindings between executions, and consecutive rows share most values
/// (a def's superclass rows its id, the defs of a multiclass most fields), while binding costs
/// as much as inserting.
struct Insert<'c> {
    st: Statement<'c>,
    bound: Vec<Bound>,
}

/// What a parameter holds. Text is known only when it is borrowed from values that outlive the
/// statement, by address.
#[derive(Clone, Copy, PartialEq)]
enum Bound {
    Null,
    Int(i64),
    Text(usize, usize),
    Unknown,
}

impl<'c> Insert<'c> {
    fn new(tx: &'c Connection, sql: &str) -> rusqlite::Result<Self> {
        let st = tx.prepare(sql)?;
        // A statement's parameters start as NULL.
        let bound = vec![Bound::Null; st.parameter_count()];
        Ok(Insert { st, bound })
    }

    fn execute<'v>(&mut self, params: impl IntoIterator<Item = ToSqlOutput<'v>>) -> rusqlite::Result<()> {
        for (i, p) in params.into_iter().enumerate() {
            let now = match &p {
                ToSqlOutput::Borrowed(ValueRef::Null) | ToSqlOutput::Owned(Value::Null) => Bound::Null,
                ToSqlOutput::Borrowed(ValueRef::Integer(n)) | ToSqlOutput::Owned(Value::Integer(n)) => Bound::Int(*n),
                ToSqlOutput::Borrowed(ValueRef::Text(t)) => Bound::Text(t.as_ptr() as usize, t.len()),
                _ => Bound::Unknown,
            };
            let count = self.bound.len();
            let slot = self.bound.get_mut(i).ok_or(rusqlite::Error::InvalidParameterCount(i + 1, count))?;
            if now == Bound::Unknown || *slot != now {
                self.st.raw_bind_parameter(i + 1, &p)?;
                *slot = now;
            }
        }
        self.st.raw_execute().map(drop)
    }
}

/// Inserts rows of `width` values, `ROWS` to a statement: one statement per row costs more
/// than the row itself for small rows.
struct Batch<'c> {
    one: Insert<'c>,
    many: Insert<'c>,
    pending: Vec<Value>,
    width: usize,
}

const ROWS: usize = 64;

impl<'c> Batch<'c> {
    fn new(tx: &'c Connection, table: &str, columns: &[&str]) -> rusqlite::Result<Self> {
        let row = format!("({})", vec!["?"; columns.len()].join(","));
        let head = format!("INSERT INTO {table}({}) VALUES ", columns.join(","));
        Ok(Batch {
            one: Insert::new(tx, &format!("{head}{row}"))?,
            many: Insert::new(tx, &format!("{head}{}", vec![row; ROWS].join(",")))?,
            pending: Vec::with_capacity(columns.len() * ROWS),
            width: columns.len(),
        })
    }

    fn push(&mut self, row: impl IntoIterator<Item = Value>) -> rusqlite::Result<()> {
        self.pending.extend(row);
        if self.pending.len() == self.width * ROWS {
            self.many.execute(self.pending.drain(..).map(ToSqlOutput::Owned))?;
        }
        Ok(())
    }

    fn finish(mut self) -> rusqlite::Result<()> {
        let rest: Vec<Value> = self.pending.drain(..).collect();
        for row in rest.chunks(self.width) {
            self.one.execute(row.iter().cloned().map(ToSqlOutput::Owned))?;
        }
        Ok(())
    }
}

/// The rows of a `records` table, inserted in runs. Consecutive defs (by id) often have the same
/// fields (the instructions of one multiclass), and a statement inserting several rows names
/// the table's columns once: SQLite sets the ~500 columns a row does not name to NULL once per
/// statement, which costs more than the row itself when it is done for each row.
struct Runs<'c, 'v> {
    tx: &'c Connection,
    table: &'static str,
    fixed: &'static [&'static str],
    /// Every field column's quoted name.
    names: &'c [String],
    /// One statement per field list and run length (an index into `RUN_LENGTHS`).
    statements: HashMap<Vec<usize>, [Option<Insert<'c>>; RUN_LENGTHS.len()]>,
    /// The field columns of the rows in `pending`.
    cols: Vec<usize>,
    pending: Vec<ToSqlOutput<'v>>,
    rows: usize,
}

/// The rows one statement inserts, longest first.
const RUN_LENGTHS: [usize; 3] = [16, 4, 1];

impl<'c, 'v> Runs<'c, 'v> {
    fn new(tx: &'c Connection, table: &'static str, fixed: &'static [&'static str], names: &'c [String]) -> Self {
        Runs { tx, table, fixed, names, statements: HashMap::default(), cols: Vec::new(), pending: Vec::new(), rows: 0 }
    }

    /// Adds a row: the fixed columns' values, then those of the field columns `cols`.
    fn push(&mut self, cols: &[usize], row: impl Iterator<Item = ToSqlOutput<'v>>) -> rusqlite::Result<()> {
        if cols != self.cols.as_slice() {
            self.flush()?;
            self.cols.clear();
            self.cols.extend_from_slice(cols);
        }
        self.pending.extend(row);
        self.rows += 1;
        if self.rows == RUN_LENGTHS[0] {
            self.insert(0)?;
        }
        Ok(())
    }

    fn flush(&mut self) -> rusqlite::Result<()> {
        for (i, &n) in RUN_LENGTHS.iter().enumerate() {
            while self.rows >= n {
                self.insert(i)?;
            }
        }
        Ok(())
    }

    /// Inserts the first `RUN_LENGTHS[i]` pending rows.
    fn insert(&mut self, i: usize) -> rusqlite::Result<()> {
        let n = RUN_LENGTHS[i];
        let width = self.fixed.len() + self.cols.len();
        if !self.statements.contains_key(self.cols.as_slice()) {
            self.statements.insert(self.cols.clone(), Default::default());
        }
        let slot = &mut self.statements.get_mut(self.cols.as_slice()).expect("inserted above")[i];
        if slot.is_none() {
            let names: Vec<&str> = self
                .fixed
                .iter()
                .copied()
                .chain(self.cols.iter().map(|&c| self.names[c].as_str()))
                .collect();
            let row = format!("({})", vec!["?"; width].join(","));
            let sql = format!("INSERT INTO {}({}) VALUES {}", self.table, names.join(","), vec![row; n].join(","));
            *slot = Some(Insert::new(self.tx, &sql)?);
        }
        let st = slot.as_mut().expect("prepared above");
        st.execute(self.pending.drain(..n * width))?;
        self.rows -= n;
        Ok(())
    }
}

/// Record ids in increasing order: each table's rows are inserted in key order, which SQLite
/// appends without splitting pages.
fn by_id<'a>(ids: impl Iterator<Item = &'a RecId>) -> Vec<RecId> {
    let mut ids: Vec<RecId> = ids.copied().collect();
    ids.sort_unstable();
    ids
}

const NULL: Value = Value::Null;

fn text(s: Option<&str>) -> Value {
    s.map_or(Value::Null, |s| Value::Text(s.to_owned()))
}

fn int(i: Option<impl Into<i64>>) -> Value {
    i.map_or(Value::Null, |i| Value::Integer(i.into()))
}

/// `tdq_superclasses`, written by the main thread into the store itself: copying its 380
/// thousand rows (X86) from the side database would cost as much as writing them.
pub(super) fn superclasses(tx: &Connection, eval: &Evaluation) -> rusqlite::Result<()> {
    let rk = &eval.records;
    let mut sc = Batch::new(tx, "tdq_superclasses", &["record_id", "position", "superclass_id", "direct", "loc"])?;
    for id in by_id(rk.classes.values().chain(rk.defs.values())) {
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
    }
    sc.finish()
}

/// `classes`, `defm_chain`.
fn edges(tx: &Connection, eval: &Evaluation) -> rusqlite::Result<()> {
    let (rk, sm) = (&eval.records, &eval.sm);
    let mut defm = Batch::new(
        tx,
        "defm_chain",
        &["record", "record_id", "step", "multiclass", "defm_file", "defm_line", "defm_col", "defm_loc"],
    )?;
    let mut class_st =
        tx.prepare("INSERT INTO classes(id, name, file, line, template_args) VALUES (?1, ?2, ?3, ?4, ?5)")?;
    for id in by_id(rk.classes.values().chain(rk.defs.values())) {
        let rec = rk.get(id);
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

/// The field names of a def, with which are template arguments: defs with the same (most
/// instructions share theirs with many others) have the same columns.
type LayoutKey = Vec<(Init, bool)>;

/// Where a layout's fields go.
struct Layout {
    /// Per field, its column, if it has one.
    column: Vec<Option<usize>>,
    /// The columns in `records_short` and `records_long`, in field order.
    cols: [Vec<usize>; 2],
}

/// `records_short`, `records_long` and `tdq_columns`; returns the two tables' DDL and the
/// `records` view over them.
fn records(tx: &Connection, eval: &Evaluation) -> rusqlite::Result<([String; 2], String)> {
    let (rk, sm) = (&eval.records, &eval.sm);
    let mut scalars: HashMap<Init, Value> = HashMap::default();
    // Columns in order of first appearance over the defs in name order, with what they hold.
    let mut columns: Vec<Column> = Vec::new();
    let mut taken: std::collections::HashSet<String> = RECORD_COLUMNS.iter().map(|c| c.to_string()).collect();
    let mut column_of: HashMap<Init, usize> = HashMap::default();
    let mut layout_of: HashMap<LayoutKey, usize> = HashMap::default();
    let mut layouts: Vec<Layout> = Vec::new();
    let mut key: LayoutKey = Vec::new();
    for &id in rk.defs.values() {
        let rec = rk.get(id);
        key.clear();
        key.extend(rec.values.iter().map(|v| (v.name, v.template_arg)));
        let layout = match layout_of.get(key.as_slice()) {
            Some(&l) => l,
            None => {
                // A field list not seen before: its new names get columns.
                let mut column = Vec::with_capacity(rec.values.len());
                for v in &rec.values {
                    if v.template_arg {
                        column.push(None);
                        continue;
                    }
                    column.push(match column_of.entry(v.name) {
                        Entry::Occupied(e) => Some(*e.get()),
                        // SQLite's column limit: later field names are only in `fields`.
                        Entry::Vacant(_) if columns.len() >= schema::MAX_FIELD_COLUMNS => None,
                        Entry::Vacant(e) => {
                            let field = v.name.unquoted();
                            let mut col = field.clone();
                            while !taken.insert(col.to_ascii_lowercase()) {
                                col.push('_');
                            }
                            columns.push(Column { field, col, kinds: 0, bytes: 0, count: 0, long: false });
                            Some(*e.insert(columns.len() - 1))
                        }
                    });
                }
                layouts.push(Layout { column, cols: Default::default() });
                layout_of.insert(key.clone(), layouts.len() - 1);
                layouts.len() - 1
            }
        };
        for (v, c) in rec.values.iter().zip(&layouts[layout].column) {
            let Some(c) = *c else { continue };
            if v.lost {
                continue;
            }
            let column = &mut columns[c];
            match scalars.entry(v.value).or_insert_with(|| sql_scalar(v.value)) {
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
    for l in &mut layouts {
        for &c in l.column.iter().flatten() {
            l.cols[usize::from(columns[c].long)].push(c);
        }
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

    // Values are bound by reference to `scalars`, which the pass above filled for every field
    // with a column.
    let scalars = scalars;
    let names: Vec<String> = columns.iter().map(quoted).collect();
    let mut tables = [
        Runs::new(tx, "records_short", &RECORD_COLUMNS, &names),
        Runs::new(tx, "records_long", &["id"], &names),
    ];
    let mut rows: [Vec<ToSqlOutput<'_>>; 2] = Default::default();
    for id in by_id(rk.defs.values()) {
        let rec = rk.get(id);
        key.clear();
        key.extend(rec.values.iter().map(|v| (v.name, v.template_arg)));
        // Every def was laid out above.
        let layout = &layouts[layout_of[key.as_slice()]];
        let (file, line) = file_line(sm, rec.loc());
        rows.iter_mut().for_each(Vec::clear);
        rows[0].extend(
            [
                Value::Integer(id.0.into()),
                Value::Text(rec.name_string()),
                Value::Integer(rec.is_anonymous().into()),
                text(file),
                int(line),
            ]
            .map(ToSqlOutput::Owned),
        );
        rows[1].push(ToSqlOutput::Owned(Value::Integer(id.0.into())));
        for (v, c) in rec.values.iter().zip(&layout.column) {
            let Some(c) = *c else { continue };
            let value = if v.lost { &NULL } else { scalars.get(&v.value).unwrap_or(&NULL) };
            rows[usize::from(columns[c].long)].push(ToSqlOutput::Borrowed(value.into()));
        }
        for (long, row) in rows.iter_mut().enumerate() {
            if long == 0 || !layout.cols[long].is_empty() {
                tables[long].push(&layout.cols[long], row.drain(..))?;
            }
        }
    }
    for t in &mut tables {
        t.flush()?;
    }
    drop(tables);
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
