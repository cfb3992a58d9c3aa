//! Writing an evaluation into a store: every table of [`crate::schema`], in one transaction.
//!
//! Values are deduplicated (X86's 2.6 million field values are 91 thousand distinct values),
//! so each is printed, converted to JSON and encoded once; per-field rows are integers only.
//! The wide `records` table is filled with one prepared statement per set of field names, so a
//! def binds only the columns it has, inserting the consecutive defs that share one in a single
//! statement. Every table is filled in key order, which SQLite appends without splitting pages.

mod wide;

use crate::ir;
use crate::schema;
use crate::sources_hash;
use rusqlite::types::Value;
use rusqlite::{params, Connection, Statement};
use rustc_hash::FxHashMap as HashMap;
use std::collections::hash_map::Entry;
use std::path::Path;
use std::sync::mpsc;
use tdq_backends::dump_json::value_json;
use tdq_core::init::{Init, InitKind};
use tdq_core::record::{Record, RecordKind, RecordVal};
use tdq_core::types::{RecId, Ty};
use tdq_core::{Evaluation, Loc, SourceMgr};

/// What the store records about how it was built, in `meta`.
#[derive(Clone, Debug, Default)]
pub struct BuildInfo {
    pub root: String,
    pub include_dirs: Vec<String>,
    pub defines: Vec<String>,
    /// The cache key, when the store is a cache entry.
    pub cache_key: String,
}

/// Writes `eval` into the empty database `conn`. The `records` tables, classes and defm
/// chains are written on a second thread into `scratch` (a file beside the
/// store, removed afterwards) and copied in at the end: SQLite copies a table into an empty
/// one of the same shape record by record without decoding them, so the two halves of the
/// work run side by side.
pub fn write_store(conn: &mut Connection, eval: &Evaluation, info: &BuildInfo, scratch: &Path) -> rusqlite::Result<()> {
    conn.execute_batch(&format!(
        "PRAGMA application_id = {}; PRAGMA user_version = {}; PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;",
        schema::APPLICATION_ID,
        schema::SCHEMA_VERSION
    ))?;
    let result = write_both(conn, eval, info, scratch);
    let _ = std::fs::remove_file(scratch);
    result
}

fn write_both(conn: &mut Connection, eval: &Evaluation, info: &BuildInfo, scratch: &Path) -> rusqlite::Result<()> {
    let tables = std::thread::scope(|s| {
        let side = std::thread::Builder::new()
            .name("tdq-store-side".into())
            .stack_size(SIDE_STACK)
            .spawn_scoped(s, || wide::write_side(scratch, eval))
            .expect("spawning a thread");
        let main = write_main(conn, eval, info);
        let side = side.join().unwrap_or_else(|_| Err(rusqlite::Error::InvalidQuery));
        main.and(side)
    })?;
    let tx = conn.transaction()?;
    tx.execute("ATTACH DATABASE ?1 AS side", [scratch.display().to_string()])?;
    for t in &tables {
        tx.execute_batch(&t.ddl)?;
        tx.execute_batch(&format!("INSERT INTO main.{0} SELECT * FROM side.{0};", t.name))?;
    }
    tx.commit()?;
    conn.execute_batch("DETACH DATABASE side;")?;
    conn.execute_batch(&format!(
        "{}\nCREATE VIEW fields AS {};\nCREATE VIEW superclasses AS {};\n{}",
        schema::CLASSES_INDEX,
        schema::FIELDS_VIEW_SQLITE,
        schema::SUPERCLASSES_VIEW,
        tables.iter().map(|t| t.after.as_str()).collect::<String>()
    ))?;
    Ok(())
}

/// Deep values are printed recursively, as on the evaluation thread.
const SIDE_STACK: usize = 256 << 20;

/// A table written on the side thread: how to create it in the store, and what to run once
/// it is there (views over it).
pub(crate) struct SideTable {
    pub name: &'static str,
    pub ddl: String,
    pub after: String,
}

fn write_main(conn: &mut Connection, eval: &Evaluation, info: &BuildInfo) -> rusqlite::Result<()> {
    let tx = conn.transaction()?;
    tx.execute_batch(schema::DDL)?;
    // Values are printed, converted to JSON and encoded on a third thread while this one numbers
    // them and writes the other tables; their rows are written last.
    std::thread::scope(|s| {
        let (to_encoder, batches) = mpsc::channel::<Vec<Init>>();
        let (encoded, from_encoder) = mpsc::channel::<Vec<Encoded>>();
        let encoder = std::thread::Builder::new()
            .name("tdq-store-values".into())
            .stack_size(SIDE_STACK)
            .spawn_scoped(s, move || {
                for batch in batches {
                    if encoded.send(batch.into_iter().map(encode).collect()).is_err() {
                        break;
                    }
                }
            })
            .expect("spawning a thread");
        let mut w = Writer::new(&eval.sm, to_encoder);
        w.meta(&tx, info)?;
        w.sources(&tx, &eval.sm)?;
        w.records(&tx, eval)?;
        w.send_values();
        let count = w.vals.len();
        w.globals(&tx, eval)?;
        w.flush_dedup_tables(&tx)?;
        wide::superclasses(&tx, eval)?;
        tx.execute_batch(schema::TDQ_RECORDS_INDEX)?;
        drop(w);
        let mut st = tx.prepare("INSERT INTO vals(id, text, json, ir) VALUES (?1, ?2, ?3, ?4)")?;
        let mut id = 0;
        for (text, json, ir) in from_encoder.iter().flatten() {
            st.execute(params![id, text, json, ir])?;
            id += 1;
        }
        encoder.join().map_err(|_| rusqlite::Error::InvalidQuery)?;
        if id != count as i64 {
            return Err(rusqlite::Error::InvalidQuery);
        }
        Ok(())
    })?;
    tx.commit()
}

/// A value's `vals` columns: printed, as JSON, encoded.
type Encoded = (String, String, Vec<u8>);

fn encode(v: Init) -> Encoded {
    (printed(v), value_json(v), ir::init_bytes(v))
}

/// Values are sent to be encoded this many at a time.
const VALUE_BATCH: usize = 256;

/// Deduplicating tables being filled.
struct Writer<'a> {
    sm: &'a SourceMgr,
    locs: HashMap<Loc, i64>,
    loc_rows: Vec<(Loc, i64)>,
    types: HashMap<(Ty, bool), i64>,
    type_rows: Vec<(String, Vec<u8>)>,
    vals: HashMap<Init, i64>,
    /// Values numbered and not yet sent to be encoded, and where they go.
    new_vals: Vec<Init>,
    to_encoder: mpsc::Sender<Vec<Init>>,
    names: HashMap<Init, i64>,
}

impl<'a> Writer<'a> {
    fn new(sm: &'a SourceMgr, to_encoder: mpsc::Sender<Vec<Init>>) -> Self {
        Writer {
            sm,
            locs: HashMap::default(),
            loc_rows: Vec::new(),
            types: HashMap::default(),
            type_rows: Vec::new(),
            vals: HashMap::default(),
            new_vals: Vec::new(),
            to_encoder,
            names: HashMap::default(),
        }
    }

    fn meta(&mut self, tx: &Connection, info: &BuildInfo) -> rusqlite::Result<()> {
        let mut st = tx.prepare("INSERT INTO meta(key, value) VALUES (?1, ?2)")?;
        let json = |v: &Vec<String>| serde_json::to_string(v).expect("strings serialize");
        let rows = [
            ("schema_version", schema::SCHEMA_VERSION.to_string()),
            ("tdq_version", env!("CARGO_PKG_VERSION").to_owned()),
            ("root", info.root.clone()),
            ("include_dirs", json(&info.include_dirs)),
            ("defines", json(&info.defines)),
            ("cache_key", info.cache_key.clone()),
        ];
        for (k, v) in rows {
            st.execute(params![k, v])?;
        }
        Ok(())
    }

    fn sources(&mut self, tx: &Connection, sm: &SourceMgr) -> rusqlite::Result<()> {
        let mut st = tx.prepare(
            "INSERT INTO sources(id, path, abs_path, hash, size, included_from_file, included_from_line, included_from, text)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
        )?;
        for (i, f) in sm.files.iter().enumerate() {
            let abs = std::path::absolute(&f.path).map(|p| p.display().to_string()).unwrap_or_else(|_| f.path.clone());
            let (from_file, from_line, from_raw) = match f.included_from {
                Some(l) => (Some(sm.path(l).to_owned()), Some(sm.line_col(l).0), Some(loc_raw(l))),
                None => (None, None, None),
            };
            st.execute(params![
                i as i64,
                f.path,
                abs,
                sources_hash::hash_hex(&f.text),
                f.text.len() as i64,
                from_file,
                from_line,
                from_raw,
                f.text
            ])?;
        }
        Ok(())
    }

    fn loc(&mut self, l: Loc) -> i64 {
        let next = self.loc_rows.len() as i64;
        *self.locs.entry(l).or_insert_with(|| {
            self.loc_rows.push((l, next));
            next
        })
    }

    fn ty(&mut self, v: &RecordVal) -> i64 {
        let code = v.ty.is_string() && v.value.is_code();
        let next = self.type_rows.len() as i64;
        match self.types.entry((v.ty, code)) {
            Entry::Occupied(e) => *e.get(),
            Entry::Vacant(e) => {
                self.type_rows.push((v.print_type(), ir::ty_bytes(v.ty)));
                *e.insert(next)
            }
        }
    }

    /// The id of a value, sending it to be encoded the first time.
    fn val(&mut self, v: Init) -> i64 {
        if let Some(&id) = self.vals.get(&v) {
            return id;
        }
        let id = self.vals.len() as i64;
        self.vals.insert(v, id);
        self.new_vals.push(v);
        if self.new_vals.len() == VALUE_BATCH {
            self.send_values();
        }
        id
    }

    fn send_values(&mut self) {
        // The encoder stops only when this end is gone; what it did not get is missed by the
        // count `write_main` checks.
        let _ = self.to_encoder.send(std::mem::take(&mut self.new_vals));
    }

    fn name(&mut self, st: &mut Statement<'_>, n: Init) -> rusqlite::Result<i64> {
        if let Some(&id) = self.names.get(&n) {
            return Ok(id);
        }
        let id = self.names.len() as i64;
        st.execute(params![id, n.unquoted(), ir::init_bytes(n)])?;
        self.names.insert(n, id);
        Ok(id)
    }

    fn file_line(&self, l: Loc) -> (Option<&'a str>, Option<u32>) {
        file_line(self.sm, l)
    }

    /// `tdq_records`, `tdq_names`, and the values' ids. Names, values and locations are numbered in order of
    /// first use over the records in name order (classes, then defs); the records' rows are
    /// inserted by id, as SQLite appends to a table fastest in key order.
    fn records(&mut self, tx: &Connection, eval: &Evaluation) -> rusqlite::Result<()> {
        let rk = &eval.records;
        let mut name_st = tx.prepare("INSERT INTO tdq_names(id, name, ir) VALUES (?1, ?2, ?3)")?;
        let mut rows: Vec<(RecId, String)> = Vec::with_capacity(rk.classes.len() + rk.defs.len());
        let mut num = itoa::Buffer::new();
        for &id in rk.classes.values().chain(rk.defs.values()) {
            let rec = rk.get(id);
            let mut fields = String::with_capacity(rec.values.len() * 24 + 2);
            fields.push('[');
            for (pos, v) in rec.values.iter().enumerate() {
                let ids = [
                    self.name(&mut name_st, v.name)?,
                    self.ty(v),
                    self.val(v.value),
                    self.loc(v.set_at),
                    self.loc(v.loc),
                    field_flags(v),
                ];
                fields.push_str(if pos > 0 { ",[" } else { "[" });
                for (i, n) in ids.into_iter().enumerate() {
                    if i > 0 {
                        fields.push(',');
                    }
                    fields.push_str(num.format(n));
                }
                fields.push(']');
            }
            fields.push(']');
            rows.push((id, fields));
        }
        rows.sort_unstable_by_key(|r| r.0);
        let mut rec_st = tx.prepare(
            "INSERT INTO tdq_records(id, kind, name, name_ir, locs, forward_decl_locs, template_args, fields)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        )?;
        for (id, fields) in rows {
            let rec = rk.get(id);
            let mut targs = Vec::new();
            for ta in &rec.template_args {
                put_blob(&mut targs, &ir::init_bytes(*ta));
            }
            rec_st.execute(params![
                id.0,
                kind_name(rec),
                rec.name_string(),
                ir::init_bytes(rec.name),
                locs_blob(&rec.locs),
                locs_blob(&rec.forward_decl_locs),
                targs,
                fields
            ])?;
        }
        Ok(())
    }

    fn globals(&mut self, tx: &Connection, eval: &Evaluation) -> rusqlite::Result<()> {
        let mut st =
            tx.prepare("INSERT INTO globals(name, type, value, value_json, ir) VALUES (?1, ?2, ?3, ?4, ?5)")?;
        for (name, v) in &eval.records.globals {
            let ty = v.ty().map(|t| t.to_string());
            st.execute(params![name, ty, v.to_string(), value_json(*v), ir::init_bytes(*v)])?;
        }
        Ok(())
    }

    fn flush_dedup_tables(&mut self, tx: &Connection) -> rusqlite::Result<()> {
        let mut st = tx.prepare("INSERT INTO locs(id, file, line, col, raw) VALUES (?1, ?2, ?3, ?4, ?5)")?;
        for &(l, id) in &self.loc_rows {
            let (file, line) = self.file_line(l);
            let col = file.map(|_| self.sm.line_col(l).1);
            st.execute(params![id, file, line, col, loc_raw(l)])?;
        }
        let mut st = tx.prepare("INSERT INTO types(id, name, ir) VALUES (?1, ?2, ?3)")?;
        for (id, (name, bytes)) in self.type_rows.iter().enumerate() {
            st.execute(params![id as i64, name, bytes])?;
        }
        Ok(())
    }
}

/// The file and line of a location, if it is one.
pub(crate) fn file_line(sm: &SourceMgr, l: Loc) -> (Option<&str>, Option<u32>) {
    match sm.file(l) {
        Some(f) => (Some(f.path.as_str()), Some(sm.line_col(l).0)),
        None => (None, None),
    }
}

pub(crate) fn kind_name(rec: &Record) -> &'static str {
    match rec.kind {
        RecordKind::Class => "class",
        RecordKind::AnonymousDef => "anonymous",
        RecordKind::Def => "def",
        RecordKind::MultiClass => "multiclass",
    }
}

/// `field_values.flags`: bit 0 `field` (non-concrete allowed), bit 1 template argument,
/// bit 2 value lost to a failed assignment.
fn field_flags(v: &RecordVal) -> i64 {
    i64::from(v.nonconcrete_ok) | i64::from(v.template_arg) << 1 | i64::from(v.lost) << 2
}

/// A location as one integer: file index in the high half, byte offset in the low half
/// (`Loc::NONE` is negative).
pub fn loc_raw(l: Loc) -> i64 {
    ((u64::from(l.file) << 32) | u64::from(l.offset)) as i64
}

pub fn loc_from_raw(raw: i64) -> Loc {
    let raw = raw as u64;
    Loc { file: (raw >> 32) as u32, offset: raw as u32 }
}

fn locs_blob(locs: &[Loc]) -> Vec<u8> {
    locs.iter().flat_map(|&l| loc_raw(l).to_le_bytes()).collect()
}

/// Appends a length-prefixed byte string (little-endian u32 length).
fn put_blob(out: &mut Vec<u8>, bytes: &[u8]) {
    out.extend_from_slice(&(bytes.len() as u32).to_le_bytes());
    out.extend_from_slice(bytes);
}

pub(crate) fn template_args_json(rec: &Record) -> String {
    let args: Vec<serde_json::Value> = rec
        .template_args
        .iter()
        .filter_map(|ta| rec.value(*ta))
        .map(|v| {
            let name = v.name.unquoted();
            let short = name.rsplit(':').next().unwrap_or(&name).to_owned();
            serde_json::json!({
                "name": short,
                "type": v.print_type(),
                "default": if v.value.is_unset() { None } else { Some(v.value.to_string()) },
            })
        })
        .collect();
    serde_json::Value::Array(args).to_string()
}

/// A value as llvm-tblgen prints it (`to_string` would print it into a buffer and copy that).
fn printed(v: Init) -> String {
    let mut s = String::new();
    v.write_to(&mut s);
    s
}

/// What a `records` column holds for a value: SQL-native where the value is a scalar.
pub(crate) fn sql_scalar(v: Init) -> Value {
    match v.kind() {
        InitKind::Unset => Value::Null,
        InitKind::Bit(b) => Value::Integer(i64::from(*b)),
        InitKind::Int(i) => Value::Integer(*i),
        InitKind::Str(s, _) => Value::Text((*s).to_owned()),
        InitKind::Def(_, name, _) => Value::Text((*name).to_owned()),
        InitKind::Bits(bits) => match known_bits(bits) {
            Some(n) => Value::Integer(n),
            None => Value::Text(printed(v)),
        },
        _ => Value::Text(printed(v)),
    }
}

/// The integer a bits value denotes when every bit is known and it fits in an `i64`
/// (a 64-bit value with the top bit set does not).
fn known_bits(bits: &[Init]) -> Option<i64> {
    if bits.len() > 64 {
        return None;
    }
    let mut n: u64 = 0;
    for (i, b) in bits.iter().enumerate() {
        match b.kind() {
            InitKind::Bit(true) => n |= 1 << i,
            InitKind::Bit(false) => {}
            _ => return None,
        }
    }
    i64::try_from(n).ok()
}
