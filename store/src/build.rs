//! Writing an evaluation into a store.
//!
//! SQLite creates the store: every table, index and view, empty, and the small tables
//! (`meta`, `sources`, `globals`, `tdq_columns`) filled. The big tables are then written
//! straight into b-tree pages (`build/btree.rs`) by three threads at once: this one (records,
//! names, locations, types, superclass edges), one printing, converting to JSON and encoding
//! the values, and one writing the wide `records` tables, classes and defm chains.
//!
//! Values are deduplicated (X86's 2.6 million field values are 91 thousand distinct values),
//! so each is printed, converted to JSON and encoded once; per-field rows are integers only.

mod btree;
mod wide;

use crate::ir;
use crate::schema;
use crate::sources_hash;
use btree::{IndexTree, Pager, Record as Row, TableTree};
use rusqlite::types::Value;
use rusqlite::{params, Connection};
use rustc_hash::FxHashMap as HashMap;
use std::collections::hash_map::Entry;
use std::path::{Path, PathBuf};
use std::sync::{mpsc, OnceLock};
use tdq_backends::dump_json::{value_json, write_value_json};
use tdq_core::init::{push_int, Init, InitKind};
use tdq_core::record::{Record, RecordKind, RecordVal};
use tdq_core::types::Ty;
use tdq_core::{Evaluation, Loc, SourceMgr};

/// What the store records about how it was built, in `meta`.
#[derive(Clone, Debug, Default)]
pub struct BuildInfo {
    pub root: String,
    pub include_dirs: Vec<String>,
    pub defines: Vec<String>,
    /// What chose the release (`llvm_version_from` in `meta`).
    pub release_from: crate::ReleaseFrom,
    /// The cache key, when the store is a cache entry.
    pub cache_key: String,
    /// The directory the source paths are relative to (a cache entry's: [`crate::cache::Canonical`]);
    /// none: relative to the working directory, or absolute.
    pub base: Option<String>,
}

/// Writes `eval` into a new database at `path` (a file that does not exist yet, or is empty).
///
/// Three threads: this one numbers the names, types, values and locations of every field, the
/// values thread prints, converts to JSON and encodes each value, and the side thread plans the
/// `records` columns. Once the numbering and the plan are done, this thread has SQLite create
/// the store, and then each writes its tables' pages.
pub fn write_store(path: &Path, eval: &Evaluation, info: &BuildInfo) -> rusqlite::Result<()> {
    let plan: OnceLock<wide::Plan> = OnceLock::new();
    let store: OnceLock<(Pager, Roots)> = OnceLock::new();
    // Values print as the release that evaluated them, on every thread.
    let style = eval.records.release.dialect().print;
    style.install();
    std::thread::scope(|s| {
        let (planned, plan_done) = mpsc::channel::<()>();
        let (side_go, side_wait) = mpsc::channel::<()>();
        let (vals_go, vals_wait) = mpsc::channel::<()>();
        let (to_encoder, batches) = mpsc::channel::<Vec<Init>>();
        let (plan, store) = (&plan, &store);
        let side = std::thread::Builder::new()
            .name("tdq-store-side".into())
            .spawn_scoped(s, move || {
                style.install();
                let _ = plan.set(wide::plan(eval));
                let _ = planned.send(());
                side_wait.recv().map_err(|_| aborted())?;
                let ((pager, roots), plan) = (store.get().ok_or_else(aborted)?, plan.get().ok_or_else(aborted)?);
                wide::write_side(pager, roots, eval, plan)
            })
            .expect("spawning a thread");
        let values = std::thread::Builder::new()
            .name("tdq-store-values".into())
            .stack_size(ENCODER_STACK)
            .spawn_scoped(s, move || {
                style.install();
                let rows = encode_values(batches);
                vals_wait.recv().map_err(|_| aborted())?;
                let (pager, roots) = store.get().ok_or_else(aborted)?;
                let mut vals = TableTree::new(pager, roots.get("vals")?);
                for (id, row) in rows.iter().enumerate() {
                    vals.push(id as i64, row)?;
                }
                vals.finish()?;
                Ok(rows.len())
            })
            .expect("spawning a thread");
        let main = (move || -> rusqlite::Result<usize> {
            let mut w = Writer::new(&eval.sm, to_encoder);
            w.number(eval)?;
            let count = w.vals.len();
            // The values thread stops encoding when the sender is gone.
            w.to_encoder = None;
            plan_done.recv().map_err(|_| aborted())?;
            let plan = plan.get().ok_or_else(aborted)?;
            let roots = create(path, eval, info, plan)?;
            let _ = store.set((Pager::open(path)?, roots));
            let (pager, roots) = store.get().ok_or_else(aborted)?;
            let _ = (side_go.send(()), vals_go.send(()));
            w.write(pager, roots, eval)?;
            superclasses(pager, roots, eval)?;
            Ok(count)
        })();
        let side = side.join().unwrap_or_else(|_| Err(aborted()));
        let values = values.join().unwrap_or_else(|_| Err(aborted()));
        let (count, written) = (main?, values?);
        side?;
        if count != written {
            return Err(aborted());
        }
        Ok(())
    })?;
    store.into_inner().ok_or_else(aborted)?.0.finish()
}

/// The error of a thread that stopped because another failed.
fn aborted() -> rusqlite::Error {
    rusqlite::Error::InvalidQuery
}

/// Prints, converts to JSON and encodes the values as `vals` rows, in the order they come.
fn encode_values(batches: mpsc::Receiver<Vec<Init>>) -> Rows {
    let mut rows = Rows::default();
    let mut row = Row::default();
    let (mut text, mut json, mut bytes) = (String::new(), Vec::new(), Vec::new());
    for v in batches.into_iter().flatten() {
        text.clear();
        v.write_to(&mut text);
        json.clear();
        write_value_json(&mut json, v, &text);
        bytes.clear();
        ir::encode_init(v, &mut bytes);
        row.clear();
        // JSON is UTF-8.
        row.null().text(&text).text_bytes(&json).blob(&bytes);
        rows.push(row.finish(false));
    }
    rows
}

/// Encoded rows, one after another.
#[derive(Default)]
struct Rows {
    bytes: Vec<u8>,
    ends: Vec<usize>,
}

impl Rows {
    fn push(&mut self, row: &[u8]) {
        self.bytes.extend_from_slice(row);
        self.ends.push(self.bytes.len());
    }

    fn len(&self) -> usize {
        self.ends.len()
    }

    fn iter(&self) -> impl Iterator<Item = &[u8]> {
        let starts = std::iter::once(0).chain(self.ends.iter().copied());
        starts.zip(&self.ends).map(|(a, &b)| &self.bytes[a..b])
    }
}

/// The root page of each table and index SQLite created.
pub(crate) struct Roots(HashMap<String, u32>);

impl Roots {
    fn get(&self, name: &str) -> rusqlite::Result<u32> {
        self.0.get(name).copied().ok_or_else(|| rusqlite::Error::InvalidQuery)
    }
}

/// Creates the store with SQLite: every table, index and view, and the small tables' rows.
fn create(path: &Path, eval: &Evaluation, info: &BuildInfo, plan: &wide::Plan) -> rusqlite::Result<Roots> {
    let mut conn = Connection::open(path)?;
    conn.execute_batch(&format!(
        "PRAGMA page_size = {PAGE_SIZE}; PRAGMA application_id = {}; PRAGMA user_version = {}; \
         PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;",
        schema::APPLICATION_ID,
        schema::SCHEMA_VERSION
    ))?;
    let tx = conn.transaction()?;
    tx.execute_batch(schema::DDL)?;
    tx.execute_batch(&format!(
        "{}\n{}\n{}\n{}\nCREATE VIEW fields AS {};\nCREATE VIEW superclasses AS {};",
        plan.ddl,
        schema::CLASSES_INDEX,
        schema::TDQ_RECORDS_INDEX,
        schema::RECORDS_INDEX,
        schema::FIELDS_VIEW_SQLITE,
        schema::SUPERCLASSES_VIEW,
    ))?;
    meta(&tx, info, eval.records.release, eval.records.anon_counter)?;
    sources(&tx, &eval.sm, info.base.as_deref())?;
    globals(&tx, eval)?;
    plan.write_columns(&tx)?;
    let roots = {
        let mut st = tx.prepare("SELECT name, rootpage FROM sqlite_schema WHERE rootpage > 0")?;
        let rows = st.query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, u32>(1)?)))?;
        Roots(rows.collect::<rusqlite::Result<_>>()?)
    };
    tx.commit()?;
    conn.close().map_err(|(_, e)| e)?;
    Ok(roots)
}

/// Pages of 16 KiB: fewer, shallower b-trees than SQLite's default 4 KiB for a store of
/// hundreds of megabytes.
const PAGE_SIZE: usize = 16384;

/// `release`: the release the records were evaluated as (what `--from-db` backends print as,
/// and the model tables read by); `anonymous_records`: how many anonymous names the evaluation made (`--print-detailed-records`
/// reports it), which the records alone do not say.
fn meta(tx: &Connection, info: &BuildInfo, release: tdq_core::Release, anonymous_records: u32) -> rusqlite::Result<()> {
    let mut st = tx.prepare("INSERT INTO meta(key, value) VALUES (?1, ?2)")?;
    let json = |v: &Vec<String>| serde_json::to_string(v).expect("strings serialize");
    let rows = [
        ("schema_version", schema::SCHEMA_VERSION.to_string()),
        ("tdq_version", env!("CARGO_PKG_VERSION").to_owned()),
        ("root", info.root.clone()),
        ("include_dirs", json(&info.include_dirs)),
        ("defines", json(&info.defines)),
        ("llvm_version", release.to_string()),
        ("llvm_version_from", info.release_from.to_string()),
        ("cache_key", info.cache_key.clone()),
        ("base", info.base.clone().unwrap_or_default()),
        ("anonymous_records", anonymous_records.to_string()),
    ];
    for (k, v) in rows {
        st.execute(params![k, v])?;
    }
    Ok(())
}

fn sources(tx: &Connection, sm: &SourceMgr, base: Option<&str>) -> rusqlite::Result<()> {
    let mut st = tx.prepare(
        "INSERT INTO sources(id, path, abs_path, hash, size, included_from_file, included_from_line, included_from, text)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
    )?;
    for (i, f) in sm.files.iter().enumerate() {
        let path = match base {
            Some(base) => Path::new(base).join(&f.path),
            None => PathBuf::from(&f.path),
        };
        let abs = std::path::absolute(&path).map(|p| p.display().to_string()).unwrap_or_else(|_| f.path.clone());
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

fn globals(tx: &Connection, eval: &Evaluation) -> rusqlite::Result<()> {
    let mut st = tx.prepare("INSERT INTO globals(name, type, value, value_json, ir) VALUES (?1, ?2, ?3, ?4, ?5)")?;
    for (name, v) in &eval.records.globals {
        let ty = v.ty().map(|t| t.to_string());
        st.execute(params![name, ty, v.to_string(), value_json(*v), ir::init_bytes(*v)])?;
    }
    Ok(())
}

/// Deep values are printed recursively, as on the evaluation thread.
const ENCODER_STACK: usize = 256 << 20;

/// Values are sent to be encoded this many at a time.
const VALUE_BATCH: usize = 256;

/// Deduplicating tables being filled.
struct Writer<'a> {
    sm: &'a SourceMgr,
    locs: HashMap<Loc, i64>,
    loc_rows: Vec<Loc>,
    types: HashMap<(Ty, bool), i64>,
    type_rows: Vec<(String, Vec<u8>)>,
    vals: HashMap<Init, i64>,
    /// Values numbered and not yet sent to be encoded.
    new_vals: Vec<Init>,
    to_encoder: Option<mpsc::Sender<Vec<Init>>>,
    names: HashMap<Init, i64>,
    name_rows: Rows,
    /// A field's site: its name, type, where it was set, declared, and flags
    /// (`tdq_field_sites`; X86's 3 million fields have 20 thousand).
    sites: HashMap<[i64; 5], i64>,
    site_rows: Vec<[i64; 5]>,
    /// Each record's id and `tdq_records.fields`.
    fields: Vec<(u32, Vec<u8>)>,
    decimals: Decimals,
    row: Row,
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
            to_encoder: Some(to_encoder),
            names: HashMap::default(),
            name_rows: Rows::default(),
            sites: HashMap::default(),
            site_rows: Vec::new(),
            fields: Vec::new(),
            decimals: Decimals::default(),
            row: Row::default(),
        }
    }

    fn loc(&mut self, l: Loc) -> i64 {
        let next = self.loc_rows.len() as i64;
        *self.locs.entry(l).or_insert_with(|| {
            self.loc_rows.push(l);
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
        // count `write_store` checks.
        if let Some(to) = &self.to_encoder {
            let _ = to.send(std::mem::take(&mut self.new_vals));
        }
    }

    /// The id of a field's site, numbered in order of first use.
    fn site(&mut self, site: [i64; 5]) -> i64 {
        let next = self.site_rows.len() as i64;
        *self.sites.entry(site).or_insert_with(|| {
            self.site_rows.push(site);
            next
        })
    }

    /// The id of a field name, and its `tdq_names` row the first time.
    fn name(&mut self, n: Init) -> i64 {
        if let Some(&id) = self.names.get(&n) {
            return id;
        }
        let id = self.names.len() as i64;
        self.row.clear();
        self.row.null().text(&n.unquoted()).blob(&ir::init_bytes(n));
        self.name_rows.push(self.row.finish(false));
        self.names.insert(n, id);
        id
    }

    /// Numbers names, values and locations in order of first use over the records in name
    /// order (classes, then defs), and packs each record's fields (`tdq_records.fields`).
    fn number(&mut self, eval: &Evaluation) -> rusqlite::Result<()> {
        let rk = &eval.records;
        self.fields.reserve(rk.classes.len() + rk.defs.len());
        for &id in rk.classes.values().chain(rk.defs.values()) {
            let rec = rk.get(id);
            let mut fields = Vec::with_capacity(rec.values.len() * 16 + 2);
            fields.push(b'[');
            for (pos, v) in rec.values.iter().enumerate() {
                let name = self.name(v.name);
                let ty = self.ty(v);
                let value = self.val(v.value);
                let site = [name, ty, self.loc(v.set_at()), self.loc(v.loc), field_flags(v)];
                let ids = [self.site(site), value];
                // `[site,value]` (after a comma but for the first), formatted on the stack.
                let mut text = [0u8; 1 + 2 * 21 + 1 + 8];
                let mut at = 0;
                if pos > 0 {
                    text[0] = b',';
                    at = 1;
                }
                for (i, n) in ids.into_iter().enumerate() {
                    text[at] = if i == 0 { b'[' } else { b',' };
                    at += 1 + self.decimals.put(&mut text[at + 1..], n);
                }
                text[at] = b']';
                fields.extend_from_slice(&text[..=at]);
            }
            fields.push(b']');
            self.fields.push((id.0, fields));
        }
        self.send_values();
        Ok(())
    }

    /// `tdq_names`, `tdq_records` and its index, `tdq_field_sites`, `locs` and `types`.
    fn write(&mut self, pager: &Pager, roots: &Roots, eval: &Evaluation) -> rusqlite::Result<()> {
        let rk = &eval.records;
        let mut tree = TableTree::new(pager, roots.get("tdq_names")?);
        for (id, row) in self.name_rows.iter().enumerate() {
            tree.push(id as i64, row)?;
        }
        tree.finish()?;
        let mut rows = std::mem::take(&mut self.fields);
        rows.sort_unstable_by_key(|r| r.0);
        let mut tree = TableTree::new(pager, roots.get("tdq_records")?);
        let (mut blob, mut targs) = (Vec::new(), Vec::new());
        for (id, fields) in rows {
            let rec = rk.get(tdq_core::types::RecId(id));
            let row = &mut self.row;
            row.clear();
            row.null().text(kind_name(rec)).text(&rec.name_string()).blob(&ir::init_bytes(rec.name));
            locs_blob(&rec.locs, &mut blob);
            row.blob(&blob);
            locs_blob(&rec.forward_decl_locs, &mut blob);
            row.blob(&blob);
            targs.clear();
            for ta in &rec.template_args {
                put_blob(&mut targs, &ir::init_bytes(*ta));
            }
            // ASCII: numbers and punctuation.
            row.blob(&targs).text_bytes(&fields);
            tree.push(id.into(), row.finish(false))?;
        }
        tree.finish()?;
        let names = rk.classes.iter().chain(&rk.defs).map(|(name, id)| (name.to_string(), i64::from(id.0))).collect();
        wide::name_index(pager, roots.get("tdq_records_name")?, names, false)?;
        let mut tree = TableTree::new(pager, roots.get("tdq_field_sites")?);
        for (id, site) in self.site_rows.iter().enumerate() {
            self.row.clear();
            self.row.null();
            for &n in site {
                self.row.int(n);
            }
            tree.push(id as i64, self.row.finish(false))?;
        }
        tree.finish()?;
        let mut tree = TableTree::new(pager, roots.get("locs")?);
        for (id, &l) in self.loc_rows.iter().enumerate() {
            let (file, line) = file_line(self.sm, l);
            let col = file.map(|_| self.sm.line_col(l).1);
            self.row.clear();
            self.row.null().opt_text(file).opt_int(line.map(i64::from)).opt_int(col.map(i64::from)).int(loc_raw(l));
            tree.push(id as i64, self.row.finish(false))?;
        }
        tree.finish()?;
        let mut tree = TableTree::new(pager, roots.get("types")?);
        for (id, (name, bytes)) in self.type_rows.iter().enumerate() {
            self.row.clear();
            self.row.null().text(name).blob(bytes);
            tree.push(id as i64, self.row.finish(false))?;
        }
        tree.finish()
    }
}

/// Small numbers in decimal, each formatted once: the fields of X86's records hold 16 million
/// ids, most of them repeated.
#[derive(Default)]
struct Decimals(Vec<([u8; 8], u8)>);

/// Numbers formatted once and kept (ids are dense from 0).
const KEPT_DECIMALS: i64 = 1 << 22;

impl Decimals {
    /// Writes `n` in decimal at the start of `out`, which has room for any number and 8 bytes
    /// past its end; returns its length.
    fn put(&mut self, out: &mut [u8], n: i64) -> usize {
        if !(0..KEPT_DECIMALS).contains(&n) {
            let mut text = String::new();
            push_int(&mut text, n);
            out[..text.len()].copy_from_slice(text.as_bytes());
            return text.len();
        }
        while self.0.len() <= n as usize {
            let mut text = String::with_capacity(8);
            push_int(&mut text, self.0.len() as i64);
            let mut short = [0u8; 8];
            short[..text.len()].copy_from_slice(text.as_bytes());
            self.0.push((short, text.len() as u8));
        }
        let (text, len) = self.0[n as usize];
        out[..8].copy_from_slice(&text);
        usize::from(len)
    }
}

/// `tdq_superclasses`, by record and position.
fn superclasses(pager: &Pager, roots: &Roots, eval: &Evaluation) -> rusqlite::Result<()> {
    let rk = &eval.records;
    let mut tree = IndexTree::new(pager, roots.get("tdq_superclasses")?);
    let mut row = Row::default();
    for id in wide::by_id(rk.classes.values().chain(rk.defs.values())) {
        let rec = rk.get(id);
        let direct = rec.direct_superclasses(rk);
        for (pos, &(c, loc)) in rec.superclasses.iter().enumerate() {
            row.clear();
            row.int(id.0.into()).int(pos as i64).int(c.0.into()).int(direct.contains(&c).into()).int(loc_raw(loc));
            tree.push(row.finish(false))?;
        }
    }
    tree.finish()
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

/// `field_values.flags` ([`ir::decl_flags`]).
fn field_flags(v: &RecordVal) -> i64 {
    i64::from(ir::decl_flags(v))
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

fn locs_blob(locs: &[Loc], out: &mut Vec<u8>) {
    out.clear();
    out.extend(locs.iter().flat_map(|&l| loc_raw(l).to_le_bytes()));
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
