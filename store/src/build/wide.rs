//! The side half of a store build: the `records` tables (one column per field), classes and
//! defm chains, written on their own thread (see [`super::write_store`]), and the plan of the
//! `records` columns, made before the store is created.

use super::btree::{IndexTree, Pager, Record, TableTree};
use super::{file_line, loc_raw, sql_scalar, template_args_json, Roots};
use crate::schema::{self, quote_ident, RECORD_COLUMNS};
use rusqlite::types::Value;
use rusqlite::{params, Connection};
use rustc_hash::FxHashMap as HashMap;
use std::collections::hash_map::Entry;
use tdq_core::init::Init;
use tdq_core::types::RecId;
use tdq_core::Evaluation;

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
    /// Its place in its table.
    pos: usize,
}

/// The field names of a def, with which are template arguments: defs with the same (most
/// instructions share theirs with many others) have the same columns.
type LayoutKey = Vec<(Init, bool)>;

/// Where a layout's fields go.
struct Layout {
    /// Per field, its column, if it has one.
    column: Vec<Option<usize>>,
    /// Per table (`records_short`, `records_long`), the fields with a column there, as
    /// (place in the table, index of the field), in table order.
    order: [Vec<(usize, usize)>; 2],
}

/// The `records` columns of an evaluation: which field goes where, and what each holds.
pub(crate) struct Plan {
    columns: Vec<Column>,
    layouts: Vec<Layout>,
    /// Per record id, the layout of the def (`usize::MAX` for other records).
    layout_of_def: Vec<usize>,
    /// Each field value's `records` form.
    scalars: HashMap<Init, Value>,
    /// `records_short` and `records_long`, then the `records` view.
    pub ddl: String,
}

/// Plans the `records_short` and `records_long` columns.
pub(crate) fn plan(eval: &Evaluation) -> Plan {
    let rk = &eval.records;
    let mut scalars: HashMap<Init, Value> = HashMap::default();
    // Columns in order of first appearance over the defs in name order, with what they hold.
    let mut columns: Vec<Column> = Vec::new();
    let mut taken: std::collections::HashSet<String> = RECORD_COLUMNS.iter().map(|c| c.to_string()).collect();
    let mut column_of: HashMap<Init, usize> = HashMap::default();
    let mut layout_of: HashMap<LayoutKey, usize> = HashMap::default();
    let mut layouts: Vec<Layout> = Vec::new();
    let mut layout_of_def = vec![usize::MAX; rk.records.len()];
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
                            columns.push(Column { field, col, kinds: 0, bytes: 0, count: 0, long: false, pos: 0 });
                            Some(*e.insert(columns.len() - 1))
                        }
                    });
                }
                layouts.push(Layout { column, order: Default::default() });
                layout_of.insert(key.clone(), layouts.len() - 1);
                layouts.len() - 1
            }
        };
        if let Some(slot) = layout_of_def.get_mut(id.0 as usize) {
            *slot = layout;
        }
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
    let mut next = [RECORD_COLUMNS.len(), 1];
    for c in &mut columns {
        c.long = c.count > 0 && c.bytes / c.count > schema::LONG_COLUMN_BYTES;
        c.pos = next[usize::from(c.long)];
        next[usize::from(c.long)] += 1;
    }
    for l in &mut layouts {
        for (field, c) in l.column.iter().enumerate() {
            if let Some(c) = *c {
                l.order[usize::from(columns[c].long)].push((columns[c].pos, field));
            }
        }
        for o in &mut l.order {
            o.sort_unstable();
        }
    }
    let quoted = |c: &Column| quote_ident(&c.col);
    let list = |long: bool| -> String {
        columns.iter().filter(|c| c.long == long).map(|c| format!(", {}", quoted(c))).collect()
    };
    let view_cols: Vec<String> = RECORD_COLUMNS
        .iter()
        .map(|c| format!("s.{}", quote_ident(c)))
        .chain(columns.iter().map(|c| format!("{}.{}", if c.long { "l" } else { "s" }, quoted(c))))
        .collect();
    let ddl = format!(
        "CREATE TABLE records_short(id INTEGER PRIMARY KEY, name TEXT NOT NULL, anonymous INTEGER NOT NULL, file TEXT, line INTEGER{});\n\
         CREATE TABLE records_long(id INTEGER PRIMARY KEY{});\n\
         CREATE VIEW records AS SELECT {} FROM records_short s LEFT JOIN records_long l ON l.id = s.id;\n",
        list(false),
        list(true),
        view_cols.join(", ")
    );
    Plan { columns, layouts, layout_of_def, scalars, ddl }
}

impl Plan {
    /// `tdq_columns`: what each column holds, so engines with typed columns (Arrow) can type it.
    pub(crate) fn write_columns(&self, tx: &Connection) -> rusqlite::Result<()> {
        let mut col_st = tx.prepare("INSERT INTO tdq_columns(field, col, kind, long) VALUES (?1, ?2, ?3, ?4)")?;
        for c in &self.columns {
            let kind = match c.kinds {
                0 | 1 => "INTEGER",
                2 => "TEXT",
                _ => "ANY",
            };
            col_st.execute(params![c.field, c.col, kind, c.long])?;
        }
        Ok(())
    }
}

/// Writes `records_short` (with its index), `records_long`, `classes` (with its index) and
/// `defm_chain`.
pub(crate) fn write_side(pager: &Pager, roots: &Roots, eval: &Evaluation, plan: &Plan) -> rusqlite::Result<()> {
    records(pager, roots, eval, plan)?;
    edges(pager, roots, eval)
}

/// Record ids in increasing order: each table's rows are inserted in key order.
pub(super) fn by_id<'a>(ids: impl Iterator<Item = &'a RecId>) -> Vec<RecId> {
    let mut ids: Vec<RecId> = ids.copied().collect();
    ids.sort_unstable();
    ids
}

/// An index on a name, over `(name, id)` rows: its keys in order. Rows come from the
/// name-ordered maps of records, in one or two sorted runs, which the (stable) sort merges.
pub(super) fn name_index(pager: &Pager, root: u32, mut rows: Vec<(String, i64)>, unique: bool) -> rusqlite::Result<()> {
    rows.sort();
    let mut tree = IndexTree::new(pager, root);
    let mut key = Record::default();
    for (i, (name, id)) in rows.iter().enumerate() {
        if unique && i > 0 && rows[i - 1].0 == *name {
            return Err(rusqlite::Error::SqliteFailure(
                rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_CONSTRAINT),
                Some(format!("two records named {name}")),
            ));
        }
        key.clear();
        key.text(name).int(*id);
        tree.push(key.finish(false))?;
    }
    tree.finish()
}

/// `classes` and its index, `defm_chain`.
fn edges(pager: &Pager, roots: &Roots, eval: &Evaluation) -> rusqlite::Result<()> {
    let (rk, sm) = (&eval.records, &eval.sm);
    let mut classes = TableTree::new(pager, roots.get("classes")?);
    let mut defm = IndexTree::new(pager, roots.get("defm_chain")?);
    let mut row = Record::default();
    for id in by_id(rk.classes.values().chain(rk.defs.values())) {
        let rec = rk.get(id);
        let name = rec.name_string();
        if rec.is_class() {
            let (file, line) = file_line(sm, rec.loc());
            row.clear();
            row.null().text(&name).opt_text(file).opt_int(line.map(i64::from)).text(&template_args_json(rec));
            classes.push(id.0.into(), row.finish(false))?;
        }
        for (step, d) in rec.defm_chain.iter().enumerate() {
            let (file, line) = file_line(sm, d.defm_loc);
            let col = sm.file(d.defm_loc).map(|_| sm.line_col(d.defm_loc).1);
            // A `WITHOUT ROWID` row: its primary key first.
            row.clear();
            row.int(id.0.into())
                .int(step as i64)
                .text(&name)
                .text(d.multiclass)
                .opt_text(file)
                .opt_int(line.map(i64::from))
                .opt_int(col.map(i64::from))
                .int(loc_raw(d.defm_loc));
            defm.push(row.finish(false))?;
        }
    }
    classes.finish()?;
    defm.finish()?;
    let names = rk.classes.iter().map(|(name, id)| (name.to_string(), i64::from(id.0))).collect();
    name_index(pager, roots.get("classes_name")?, names, false)
}

/// `records_short`, `records_long` and the index on `records_short(name)`.
fn records(pager: &Pager, roots: &Roots, eval: &Evaluation, plan: &Plan) -> rusqlite::Result<()> {
    let (rk, sm) = (&eval.records, &eval.sm);
    let mut tables =
        [TableTree::new(pager, roots.get("records_short")?), TableTree::new(pager, roots.get("records_long")?)];
    let mut row = Record::default();
    for id in by_id(rk.defs.values()) {
        let rec = rk.get(id);
        // Every def was laid out by `plan`.
        let layout = plan
            .layout_of_def
            .get(id.0 as usize)
            .and_then(|&l| plan.layouts.get(l))
            .ok_or(rusqlite::Error::InvalidQuery)?;
        let name = rec.name_string();
        for (long, order) in layout.order.iter().enumerate() {
            row.clear();
            let mut next = if long == 0 {
                let (file, line) = file_line(sm, rec.loc());
                row.null().text(&name).int(rec.is_anonymous().into()).opt_text(file).opt_int(line.map(i64::from));
                RECORD_COLUMNS.len()
            } else if order.is_empty() {
                continue;
            } else {
                row.null();
                1
            };
            for &(pos, field) in order {
                while next < pos {
                    row.null();
                    next += 1;
                }
                let v = &rec.values[field];
                match if v.lost { None } else { plan.scalars.get(&v.value) } {
                    None | Some(Value::Null) => row.null(),
                    Some(Value::Integer(i)) => row.int(*i),
                    Some(Value::Text(t)) => row.text(t),
                    Some(Value::Real(r)) => row.real(*r),
                    Some(Value::Blob(b)) => row.blob(b),
                };
                next += 1;
            }
            tables[long].push(id.0.into(), row.finish(true))?;
        }
    }
    let [short, long] = tables;
    short.finish()?;
    long.finish()?;
    let names = rk.defs.iter().map(|(name, id)| (name.to_string(), i64::from(id.0))).collect();
    name_index(pager, roots.get("records_name")?, names, true)
}
