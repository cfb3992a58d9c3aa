//! Snapshots: an evaluation in a compact binary form that loads several times faster than the
//! sources evaluate (Intrinsics.td, RISC-V), for `tdq tblgen`'s evaluation cache
//! ([`crate::eval_cache`]). Not a store: no SQL, nothing for other programs; only what a
//! backend reads, exactly.
//!
//! A snapshot does not hold the sources, only how each was found (the name its `include`
//! wrote), the file that was (its canonical path) and a hash of its contents: [`load`] finds
//! and reads them again as the command loading it would (its root as it spells it, its `-I`
//! directories, its working directory), and a file that changed, or an `include` that would now
//! find another file, makes the snapshot stale. Nothing else in an evaluation depends on how
//! its paths are spelled: the loaded sources are named as that command names them, so one
//! snapshot serves every spelling of the same files (clang's build names `Attr.td` seven ways).
//!
//! Layout (varints and strings as in [`crate::ir`]); every value, type and string is written
//! once, in tables, and referred to by its index; a table entry's operands come before it. The
//! records are written as they are encoded, so the tables come after them:
//!
//! ```text
//! "tdq-snapshot\n" FORMAT
//! key · release · anonymous-name counter
//! sources:      n × (path · included from · include name · xxh3-128 of the contents)
//!               (the root's path as given, an include's canonical)
//! records:      n × (kind · name · locations · forward declarations · template arguments ·
//!                    fields (site · value) · superclass list · assertions · dumps · defm chain ·
//!                    made from an anonymous name)
//! classes:      n × record id, in name order
//! defs:         n × (record id · name), in name order
//! globals:      n × (name · value)
//! -- the tables the records refer to, filled while they were written: --
//! strings:      n × string                                            (each text once)
//! types:        n × type node (operands by index)
//! values:       n × value node (operands by index)
//! fields:       n × (name · type · flags · declared at · set at)      (a field's site)
//! superclasses: n × (m × (record id · at))                            (the shared lists)
//! where the tables start: 8 bytes, little-endian
//! xxh3-128 of all the above: 16 bytes, little-endian (a damaged snapshot is not read)
//! ```
//!
//! Loading is most of what a command served by the cache does, so it does little per thing: the
//! tables hold each string, value and superclass list once, which the loader adopts rather than
//! interns ([`tdq_core::adopt`]: a string is the snapshot's own bytes, kept for the life of the
//! process, and nothing is filed in an interning table until something is looked up), and the
//! defs come with their names, in order, to be hashed only if a backend looks one up by name.

use crate::ir::{self, put_str, put_uint, DecodeError, Operands, ReadOperands, Reader};
use rustc_hash::FxHashMap;
use std::fmt;
use std::hash::BuildHasher;
use std::io::Write;
use tdq_core::adopt::Adopter;
use tdq_core::init::{Init, InitKind};
use tdq_core::intern::Sym;
use tdq_core::record::{
    Assertion, DefmStep, Dump, FieldDecl, Locs, Record, RecordKeeper, RecordKind, RecordVal, Superclasses,
};
use tdq_core::types::{RecId, Ty};
use tdq_core::{Evaluation, Loc, Release, SourceMgr};
use xxhash_rust::xxh3::{xxh3_128, Xxh3Default};

const MAGIC: &[u8] = b"tdq-snapshot\n";
/// Bump whenever the layout, or what a value or record holds, changes.
const FORMAT: u64 = 3;

/// Why a snapshot was not used.
#[derive(Debug)]
pub enum SnapshotError {
    /// It is a snapshot of other sources or settings, or a source changed since: evaluate.
    Stale(String),
    /// Not a snapshot this tdq wrote, or cut short.
    Damaged(DecodeError),
}

impl fmt::Display for SnapshotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SnapshotError::Stale(why) => write!(f, "stale snapshot: {why}"),
            SnapshotError::Damaged(e) => write!(f, "damaged snapshot: {e}"),
        }
    }
}

impl std::error::Error for SnapshotError {}

impl From<DecodeError> for SnapshotError {
    fn from(e: DecodeError) -> Self {
        SnapshotError::Damaged(e)
    }
}

/// Whether `eval` can be snapshotted: it finished without a word (a snapshot replays no
/// diagnostics), every included file knows the name it was included by, nothing was traced,
/// and (asked on the thread that evaluated) its values' serial numbers never ran out.
pub fn can_snapshot(eval: &Evaluation) -> bool {
    Init::made() < u32::MAX
        && !eval.parse_failed
        && eval.diags.list.is_empty()
        && eval.trace.is_none()
        && eval.sm.files.iter().skip(1).all(|f| f.include_name.is_some())
}

/// The key a snapshot file starts with (read from its first bytes), for listing the cache.
pub fn key_of(head: &[u8]) -> Option<String> {
    let mut rest = head.strip_prefix(MAGIC)?;
    let mut uint = || {
        let mut n = 0u64;
        for shift in (0..64).step_by(7) {
            let (&b, tail) = rest.split_first()?;
            rest = tail;
            n |= u64::from(b & 0x7f) << shift;
            if b < 0x80 {
                return Some(n);
            }
        }
        None
    };
    let _format = uint()?;
    let len = usize::try_from(uint()?).ok()?;
    let bytes = rest.get(..len)?;
    String::from_utf8(bytes.to_vec()).ok()
}

/// Writes the snapshot of `eval` (see [`can_snapshot`]), filed under `key`, to `sink`: the
/// records as they are encoded (a large target's would be tens of megabytes more in memory),
/// then the tables they filled. Fails if an include's canonical path cannot be had (it is gone).
pub fn write(eval: &Evaluation, key: &str, sink: &mut impl Write) -> std::io::Result<()> {
    let sink = &mut Summed { sink, sum: Xxh3Default::default(), written: 0 };
    let rk = &eval.records;
    let mut w = Tables { value_ids: vec![0; Init::made() as usize], ..Tables::default() };
    let mut out = Vec::with_capacity(64 << 10);
    out.extend_from_slice(MAGIC);
    put_uint(&mut out, FORMAT);
    put_str(&mut out, key);
    put_str(&mut out, &rk.release.to_string());
    put_uint(&mut out, u64::from(rk.anon_counter));
    put_uint(&mut out, eval.sm.files.len() as u64);
    for (i, file) in eval.sm.files.iter().enumerate() {
        // The root as given: the key names the file (its canonical path), and the loading
        // command names it as it does.
        put_str(&mut out, &if i == 0 { file.path.clone() } else { canonical(&file.path)? });
        put_loc(&mut out, file.included_from.unwrap_or(Loc::NONE));
        put_bytes(&mut out, file.include_name.as_deref().unwrap_or_default());
        out.extend_from_slice(&xxh3_128(&file.text).to_le_bytes());
    }

    put_uint(&mut out, rk.records.len() as u64);
    for rec in &rk.records {
        w.record(rec, &mut out);
        if out.len() >= 64 << 10 {
            drain(&mut out, sink)?;
        }
    }
    put_uint(&mut out, rk.classes.len() as u64);
    for id in rk.classes.values() {
        put_uint(&mut out, u64::from(id.0));
    }
    // Named as `defs` names them (an anonymous def by its `anonymous_N`), in its order.
    let mut defs: Vec<(Sym, RecId)> = rk.defs.iter().map(|(&name, &id)| (name, id)).collect();
    let unflushed: Vec<RecId> = rk.all_def_ids().skip(defs.len()).collect();
    if !unflushed.is_empty() {
        defs.extend(unflushed.into_iter().map(|id| (rk.name_sym(id), id)));
        defs.sort_unstable();
    }
    put_uint(&mut out, defs.len() as u64);
    for (name, id) in defs {
        put_uint(&mut out, u64::from(id.0));
        w.sym(name, &mut out);
    }
    let mut globals: Vec<(&String, &Init)> = rk.globals.iter().collect();
    globals.sort_by(|a, b| a.0.cmp(b.0));
    put_uint(&mut out, globals.len() as u64);
    for (name, v) in globals {
        put_str(&mut out, name);
        w.init(*v, &mut out);
    }
    drain(&mut out, sink)?;

    // The tables, then where they start, then the checksum of it all.
    let tables_at = sink.written;
    let counts =
        [w.string_spans.len(), w.type_ids.len(), w.value_count as usize, w.site_ids.len(), w.superclass_ids.len()];
    for (n, table) in counts.into_iter().zip([&w.strings, &w.types, &w.values, &w.sites, &w.superclasses]) {
        put_uint(&mut out, n as u64);
        drain(&mut out, sink)?;
        sink.write_all(table)?;
    }
    sink.write_all(&tables_at.to_le_bytes())?;
    let sum = sink.sum.digest128();
    sink.sink.write_all(&sum.to_le_bytes())
}

/// A writer that counts and checksums what passes through it.
struct Summed<'a, W: Write> {
    sink: &'a mut W,
    sum: Xxh3Default,
    written: u64,
}

impl<W: Write> Write for Summed<'_, W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.sink.write(buf)?;
        self.sum.update(&buf[..n]);
        self.written += n as u64;
        Ok(n)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.sink.flush()
    }
}

/// Writes what `out` holds to `sink` and empties it.
fn drain(out: &mut Vec<u8>, sink: &mut impl Write) -> std::io::Result<()> {
    sink.write_all(out)?;
    out.clear();
    Ok(())
}

/// The file a command names, as the snapshot knows it: its canonical path.
pub fn canonical(path: &str) -> std::io::Result<String> {
    let canonical = std::fs::canonicalize(path)?;
    canonical.into_os_string().into_string().map_err(|_| std::io::Error::other("path is not UTF-8"))
}

/// The command a snapshot is loaded for: its root file as it names it and that file's contents
/// as just read, and where its includes are looked for.
#[derive(Clone, Copy)]
pub struct Sources<'a> {
    pub root_path: &'a str,
    pub root_text: &'a [u8],
    pub include_dirs: &'a [String],
    /// The largest file the command reads (`Limit::FileSize`).
    pub max_file: u64,
}

/// Rebuilds the evaluation in `bytes` if it is `key`'s and every source is as it was: the root
/// is `sources`' (the key names its canonical path); each include finds, through `sources`'
/// `-I` directories, the same file with the same contents, and is named as it is found there.
/// Must run on the thread that will use the values (they are interned per thread). A snapshot
/// that is used is kept for the life of the process (its strings are the evaluation's).
pub fn load(bytes: Vec<u8>, key: &str, sources: Sources) -> Result<Evaluation, SnapshotError> {
    load_part(bytes, key, sources, true)
}

/// [`load`] without the records: the same checks of the sources, and an evaluation with its
/// sources, dependencies and release but no record, for a backend that reads none.
pub fn load_without_records(bytes: Vec<u8>, key: &str, sources: Sources) -> Result<Evaluation, SnapshotError> {
    load_part(bytes, key, sources, false)
}

fn load_part(mut bytes: Vec<u8>, key: &str, sources: Sources, with_records: bool) -> Result<Evaluation, SnapshotError> {
    let damaged = |what: &str| SnapshotError::Damaged(DecodeError(what.into()));
    let Some(summed) = bytes.len().checked_sub(16) else { return Err(damaged("cut short")) };
    if xxh3_128(&bytes[..summed]).to_le_bytes() != bytes[summed..] {
        return Err(damaged("checksum mismatch"));
    }
    bytes.truncate(summed);
    let mut r = Reader::new(&bytes);
    if bytes.get(..MAGIC.len()) != Some(MAGIC) {
        return Err(SnapshotError::Damaged(DecodeError("not a tdq snapshot".into())));
    }
    r.skip(MAGIC.len())?;
    if r.uint()? != FORMAT {
        return Err(SnapshotError::Stale("written by another tdq".into()));
    }
    if r.string()? != key {
        return Err(SnapshotError::Stale("another evaluation's".into()));
    }
    let release = Release::parse(&r.string()?).map_err(|e| DecodeError(e.to_string()))?;
    let anon_counter = r.u32()?;

    let sm = read_sources(&mut r, sources)?;
    // What the lexer lists for the depfile: every include as it was found.
    let dependencies: Vec<String> = sm
        .files
        .iter()
        .skip(1)
        .map(|f| f.path.clone())
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect();
    let mut rk = RecordKeeper::default();
    rk.release = release;
    rk.anon_counter = anon_counter;
    if !with_records {
        return Ok(Evaluation::stored(rk, sm, dependencies));
    }

    // The tables, at the end (the last eight bytes say where they start).
    let tables_at = match bytes.len().checked_sub(8) {
        Some(end) => u64::from_le_bytes(bytes[end..].try_into().expect("8 bytes")),
        None => return Err(SnapshotError::Damaged(DecodeError("cut short".into()))),
    };
    let body_at = r.position();
    let tables = usize::try_from(tables_at)
        .ok()
        .filter(|&at| at >= body_at && at <= bytes.len() - 8)
        .ok_or_else(|| DecodeError("tables out of place".into()))?;
    // The strings are adopted as they are in the snapshot, which is kept from here on.
    let bytes: &'static [u8] = bytes.leak();
    let (mut t, sites, superclass_lists) = read_tables(&bytes[tables..bytes.len() - 8])?;
    let mut r = Reader::new(&bytes[body_at..tables]);

    let n = r.len()?;
    rk.records.reserve_exact(n);
    for _ in 0..n {
        let rec = read_record(&mut r, &mut t, &sites, &superclass_lists)?;
        rk.records.push(rec);
    }
    let record_id = |r: &mut Reader, count: usize| -> Result<RecId, DecodeError> {
        let id = r.u32()?;
        if id as usize >= count {
            return r.err("record id out of range");
        }
        Ok(RecId(id))
    };
    let n = r.len()?;
    for _ in 0..n {
        let id = record_id(&mut r, rk.records.len())?;
        rk.insert_class(id);
    }
    let n = r.len()?;
    let mut defs = Vec::with_capacity(n);
    for _ in 0..n {
        let id = record_id(&mut r, rk.records.len())?;
        defs.push((t.sym(&mut r)?, id));
    }
    rk.set_loaded_defs(defs);
    let n = r.len()?;
    for _ in 0..n {
        let name = r.string()?;
        let v = t.init(&mut r)?;
        rk.globals.insert(name, v);
    }
    r.finish()?;
    Ok(Evaluation::stored(rk, sm, dependencies))
}

/// The tables: strings, types, values, field sites and superclass lists.
fn read_tables(bytes: &'static [u8]) -> Result<(ReadTables, Vec<RecordVal>, Vec<Superclasses>), DecodeError> {
    let mut r = Reader::new(bytes);
    let mut t = ReadTables { strings: Vec::new(), types: Vec::new(), values: Vec::new(), adopter: Adopter::new() };
    let n = r.len()?;
    t.strings.reserve(n);
    for _ in 0..n {
        let Ok(s) = std::str::from_utf8(r.bytes()?) else { return r.err("string is not UTF-8") };
        t.strings.push(t.adopter.str(s));
    }
    let n = r.len()?;
    for _ in 0..n {
        let ty = r.ty_node(&mut t)?;
        t.types.push(ty);
    }
    let n = r.len()?;
    t.values.reserve(n);
    for _ in 0..n {
        let v = r.init_node(&mut t)?;
        t.values.push(v);
    }
    let n = r.len()?;
    let mut sites = Vec::with_capacity(n);
    for _ in 0..n {
        let name = t.init(&mut r)?;
        let ty = t.ty(&mut r)?;
        let flags = r.byte()?;
        let loc = get_loc(&mut r)?;
        let set_at = get_loc(&mut r)?;
        let decl = ir::decl_with_flags(name, ty, loc, i64::from(flags));
        // Each field of the site is this with its own value: the site is interned once.
        sites.push(RecordVal::from_parts(decl, Init::unset(), set_at));
    }
    let n = r.len()?;
    let mut superclass_lists = Vec::with_capacity(n);
    let mut list = Vec::new();
    for _ in 0..n {
        let m = r.len()?;
        list.clear();
        for _ in 0..m {
            list.push((RecId(r.u32()?), get_loc(&mut r)?));
        }
        superclass_lists.push(t.adopter.superclasses(&list));
    }
    r.finish()?;
    Ok((t, sites, superclass_lists))
}

/// The sources as `sources`' command finds them, checked against the snapshot's: the root's
/// contents, and for each include the file the lexer would open (the same canonical path) and
/// its contents. An include that now finds another file (one put earlier on its search path)
/// makes the snapshot stale.
fn read_sources(r: &mut Reader, sources: Sources) -> Result<SourceMgr, SnapshotError> {
    let n = r.len()?;
    let mut sm = SourceMgr::new();
    for i in 0..n {
        let was = r.string()?;
        let included_from = get_loc(r)?;
        let include_name = r.bytes()?.to_vec();
        let hash = u128::from_le_bytes(r.array::<16>()?);
        let (path, text) = if i == 0 {
            (sources.root_path.to_string(), sources.root_text.to_vec())
        } else {
            find_again(&was, &include_name, sources)?
        };
        if xxh3_128(&text) != hash {
            return Err(SnapshotError::Stale(format!("{path} changed")));
        }
        let from = (i > 0).then_some(included_from);
        let file = sm.add_file(path, text, from);
        if i > 0 {
            sm.files[file as usize].include_name = Some(include_name);
        }
    }
    Ok(sm)
}

/// The file `include "name"` finds for `sources`' command, named as it is found there, and its
/// contents, if it is still `was` (a canonical path).
fn find_again(was: &str, name: &[u8], sources: Sources) -> Result<(String, Vec<u8>), SnapshotError> {
    let Some((path, text)) = tdq_core::lexer::find_include_file(name, sources.include_dirs, sources.max_file) else {
        return Err(SnapshotError::Stale(format!("{was} is no longer on the include path")));
    };
    match canonical(&path) {
        Ok(now) if now == was => Ok((path, text)),
        _ => Err(SnapshotError::Stale(format!("{path} is found instead of {was}"))),
    }
}

fn read_record(
    r: &mut Reader,
    t: &mut ReadTables,
    sites: &[RecordVal],
    superclass_lists: &[Superclasses],
) -> Result<Record, DecodeError> {
    let kind = match r.byte()? {
        0 => RecordKind::Class,
        1 => RecordKind::Def,
        2 => RecordKind::AnonymousDef,
        3 => RecordKind::MultiClass,
        _ => return r.err("unknown record kind"),
    };
    let name = t.init(r)?;
    let locs = get_locs(r)?;
    let mut rec = Record::new(name, locs, kind);
    rec.forward_decl_locs = get_locs(r)?.into_iter().collect();
    let n = r.len()?;
    rec.template_args = (0..n).map(|_| t.init(r)).collect::<Result<_, _>>()?;
    let n = r.len()?;
    rec.values.reserve_exact(n);
    for _ in 0..n {
        let site = r.u32()? as usize;
        let Some(&field) = sites.get(site) else { return r.err("field site out of range") };
        let mut field = field;
        field.value = t.init(r)?;
        rec.values.push(field);
    }
    let list = r.u32()? as usize;
    rec.superclasses = *superclass_lists.get(list).map_or_else(|| r.err("superclass list out of range"), Ok)?;
    let n = r.len()?;
    for _ in 0..n {
        let loc = get_loc(r)?;
        let cond = t.init(r)?;
        let msg = t.init(r)?;
        rec.assertions.push(Assertion { loc, cond, msg });
    }
    let n = r.len()?;
    for _ in 0..n {
        let loc = get_loc(r)?;
        let msg = t.init(r)?;
        rec.dumps.push(Dump { loc, msg });
    }
    let n = r.len()?;
    for _ in 0..n {
        let defm_loc = get_loc(r)?;
        let multiclass = t.sym(r)?;
        rec.defm_chain.push(DefmStep { defm_loc, multiclass });
    }
    rec.name_from_anonymous = r.byte()? != 0;
    Ok(rec)
}

/// The tables a snapshot's writer fills: each value, type, string, field site and superclass
/// list gets an index the first time it is met, once its operands have theirs.
#[derive(Default)]
struct Tables {
    /// By [`Init::serial`]: one plus the value's index, 0 for a value not written yet.
    value_ids: Vec<u32>,
    value_count: u32,
    values: Vec<u8>,
    type_ids: FxHashMap<Ty, u32>,
    types: Vec<u8>,
    /// By address and length: two `Sym`s with the same address and length are the same string.
    string_ids: FxHashMap<(usize, usize), u32>,
    /// The strings written, by their text (a `Sym` that is not interned, a literal, may have
    /// the text of another): the loader adopts each as the one string of its text.
    string_texts: hashbrown::HashTable<u32>,
    /// Where each string's bytes are in `strings`.
    string_spans: Vec<(usize, usize)>,
    strings: Vec<u8>,
    site_ids: FxHashMap<usize, u32>,
    sites: Vec<u8>,
    superclass_ids: FxHashMap<(usize, usize), u32>,
    superclasses: Vec<u8>,
    /// Buffers for the nodes being written, one per level of nesting, kept for reuse.
    spare: Vec<Vec<u8>>,
}

impl Operands for Tables {
    fn init(&mut self, v: Init, out: &mut Vec<u8>) {
        let serial = v.serial() as usize;
        if serial >= self.value_ids.len() {
            // A value made after the writer started (by the thread that made the rest).
            self.value_ids.resize(serial + 1, 0);
        }
        let id = match self.value_ids[serial] {
            0 => {
                let mut node = self.spare.pop().unwrap_or_default();
                node.clear();
                ir::encode_node(v, &mut node, self);
                self.values.extend_from_slice(&node);
                self.spare.push(node);
                let id = self.value_count;
                self.value_count += 1;
                self.value_ids[serial] = id + 1;
                id
            }
            known => known - 1,
        };
        put_uint(out, u64::from(id));
    }
    fn ty(&mut self, ty: Ty, out: &mut Vec<u8>) {
        let id = match self.type_ids.get(&ty) {
            Some(&id) => id,
            None => {
                let mut node = Vec::new();
                ir::encode_ty_node(ty, &mut node, self);
                self.types.extend_from_slice(&node);
                let id = self.type_ids.len() as u32;
                self.type_ids.insert(ty, id);
                id
            }
        };
        put_uint(out, u64::from(id));
    }
    fn sym(&mut self, s: Sym, out: &mut Vec<u8>) {
        let id = match self.string_ids.get(&(s.as_ptr() as usize, s.len())) {
            Some(&id) => id,
            None => {
                let id = self.text(s);
                self.string_ids.insert((s.as_ptr() as usize, s.len()), id);
                id
            }
        };
        put_uint(out, u64::from(id));
    }
}

impl Tables {
    /// The index of the string `text`, written the first time it is met.
    fn text(&mut self, text: &str) -> u32 {
        let hash = |s: &[u8]| rustc_hash::FxBuildHasher.hash_one(s);
        let h = hash(text.as_bytes());
        let (strings, spans) = (&self.strings, &self.string_spans);
        if let Some(&id) = self.string_texts.find(h, |&id| written(strings, spans, id) == text.as_bytes()) {
            return id;
        }
        let id = spans.len() as u32;
        put_uint(&mut self.strings, text.len() as u64);
        self.string_spans.push((self.strings.len(), text.len()));
        self.strings.extend_from_slice(text.as_bytes());
        let (strings, spans) = (&self.strings, &self.string_spans);
        self.string_texts.insert_unique(h, id, |&id| hash(written(strings, spans, id)));
        id
    }

    fn record(&mut self, rec: &Record, out: &mut Vec<u8>) {
        out.push(match rec.kind {
            RecordKind::Class => 0,
            RecordKind::Def => 1,
            RecordKind::AnonymousDef => 2,
            RecordKind::MultiClass => 3,
        });
        self.init(rec.name, out);
        put_locs(out, &rec.locs);
        put_locs(out, &rec.forward_decl_locs);
        put_uint(out, rec.template_args.len() as u64);
        for &ta in &rec.template_args {
            self.init(ta, out);
        }
        put_uint(out, rec.values.len() as u64);
        for rv in &rec.values {
            let site = self.site(rv);
            put_uint(out, u64::from(site));
            self.init(rv.value, out);
        }
        let list = self.superclass_list(&rec.superclasses);
        put_uint(out, u64::from(list));
        put_uint(out, rec.assertions.len() as u64);
        for a in &rec.assertions {
            put_loc(out, a.loc);
            self.init(a.cond, out);
            self.init(a.msg, out);
        }
        put_uint(out, rec.dumps.len() as u64);
        for d in &rec.dumps {
            put_loc(out, d.loc);
            self.init(d.msg, out);
        }
        put_uint(out, rec.defm_chain.len() as u64);
        for step in &rec.defm_chain {
            put_loc(out, step.defm_loc);
            self.sym(step.multiclass, out);
        }
        out.push(u8::from(rec.name_from_anonymous));
    }

    /// The index of a field's declaration and set-at location (interned together: the address
    /// of the declaration identifies the pair).
    fn site(&mut self, rv: &RecordVal) -> u32 {
        let decl: &FieldDecl = rv;
        let addr = decl as *const FieldDecl as usize;
        if let Some(&id) = self.site_ids.get(&addr) {
            return id;
        }
        let mut site = Vec::new();
        self.init(decl.name, &mut site);
        self.ty(decl.ty, &mut site);
        site.push(ir::decl_flags(decl));
        put_loc(&mut site, decl.loc);
        put_loc(&mut site, rv.set_at());
        self.sites.extend_from_slice(&site);
        let id = self.site_ids.len() as u32;
        self.site_ids.insert(addr, id);
        id
    }

    /// The index of a superclass list (interned: its address identifies it).
    fn superclass_list(&mut self, list: &Superclasses) -> u32 {
        let key = (list.as_ptr() as usize, list.len());
        let next = self.superclass_ids.len() as u32;
        *self.superclass_ids.entry(key).or_insert_with(|| {
            put_uint(&mut self.superclasses, list.len() as u64);
            for &(id, at) in list.iter() {
                put_uint(&mut self.superclasses, u64::from(id.0));
                put_loc(&mut self.superclasses, at);
            }
            next
        })
    }
}

/// The bytes of string `id` of the strings written.
fn written<'a>(strings: &'a [u8], spans: &[(usize, usize)], id: u32) -> &'a [u8] {
    let (at, len) = spans[id as usize];
    &strings[at..at + len]
}

/// The tables a snapshot's reader rebuilds, in the order they were written.
struct ReadTables {
    strings: Vec<Sym>,
    types: Vec<Ty>,
    values: Vec<Init>,
    /// Each string, value and list is in the tables once: adopted, not looked up.
    adopter: Adopter,
}

impl ReadTables {
    #[inline]
    fn index<T: Copy>(r: &mut Reader, table: &[T], what: &str) -> Result<T, DecodeError> {
        let i = r.u32()? as usize;
        match table.get(i) {
            Some(&x) => Ok(x),
            None => r.err(&format!("{what} {i} is not in the table (yet)")),
        }
    }
}

impl ReadOperands for ReadTables {
    fn init(&mut self, r: &mut Reader) -> Result<Init, DecodeError> {
        ReadTables::index(r, &self.values, "value")
    }
    fn ty(&mut self, r: &mut Reader) -> Result<Ty, DecodeError> {
        ReadTables::index(r, &self.types, "type")
    }
    fn sym(&mut self, r: &mut Reader) -> Result<Sym, DecodeError> {
        ReadTables::index(r, &self.strings, "string")
    }
    fn make(&mut self, kind: InitKind) -> Init {
        self.adopter.init(kind)
    }
}

/// A location: its file plus one (0 for none), then its offset.
fn put_loc(out: &mut Vec<u8>, loc: Loc) {
    put_uint(out, if loc.is_none() { 0 } else { u64::from(loc.file) + 1 });
    put_uint(out, u64::from(loc.offset));
}

#[inline]
fn get_loc(r: &mut Reader) -> Result<Loc, DecodeError> {
    let file = r.u32()?;
    let offset = r.u32()?;
    Ok(if file == 0 { Loc::NONE } else { Loc { file: file - 1, offset } })
}

fn put_locs(out: &mut Vec<u8>, locs: &[Loc]) {
    put_uint(out, locs.len() as u64);
    for &loc in locs {
        put_loc(out, loc);
    }
}

fn get_locs(r: &mut Reader) -> Result<Locs, DecodeError> {
    let n = r.len()?;
    let mut locs = Locs::with_capacity(n);
    for _ in 0..n {
        locs.push(get_loc(r)?);
    }
    Ok(locs)
}

fn put_bytes(out: &mut Vec<u8>, bytes: &[u8]) {
    put_uint(out, bytes.len() as u64);
    out.extend_from_slice(bytes);
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;
    use tdq_core::Options;

    /// A root with classes, template arguments, a multiclass and defm, anonymous defs, lists,
    /// dags, bits, code, a defset, an assert and `!cast`: the snapshot must give back every part.
    const ROOT: &str = r#"
include "inc.td"
def ops;
class Base<int n> { int N = n; bits<4> B = {1, 0, ?, 1}; string S = "s"; code C = [{ x }]; }
class Op<string name> : Base<2> { string Name = name; list<int> L = [1, 2]; dag D = (ops 1:$a, "x":$b); }
class Tag<int k> { int K = k; }
multiclass M<int k> { def _a : Op<"a">, Tag<k>; def _b : Op<"b"> { let N = !add(k, 1); } }
defm X : M<7>;
defset list<Op> Ops = { def Y : Op<"y">; def : Op<"anon">; }
def Z { Op R = Y; list<Op> All = Ops; Base Made = Base<9>; Included I = !cast<Included>("Inc"); }
def W : Op<"w"> { assert !eq(N, 2), "N is 2"; }
"#;

    fn evaluate_in(dir: &Path) -> (Evaluation, Options) {
        std::fs::write(dir.join("inc.td"), "class Included { int I = 3; }\ndef Inc : Included;\n").expect("write");
        let opts = Options { include_dirs: vec![dir.display().to_string()], ..Options::default() };
        let eval = tdq_core::evaluate("root.td", ROOT.as_bytes().to_vec(), &opts);
        assert!(eval.diags.list.is_empty(), "{}", eval.diags.render_all(&eval.sm));
        assert!(can_snapshot(&eval));
        (eval, opts)
    }

    /// The command of [`evaluate_in`] with the root's contents `root_text` and `-I dirs`.
    fn sources<'a>(root_text: &'a [u8], dirs: &'a [String]) -> Sources<'a> {
        Sources { root_path: "root.td", root_text, include_dirs: dirs, max_file: u64::MAX }
    }

    fn snapshot_of(eval: &Evaluation) -> Vec<u8> {
        let mut bytes = Vec::new();
        write(eval, "key", &mut bytes).expect("written to memory");
        bytes
    }

    /// Everything a backend reads of an evaluation, as text.
    fn describe(eval: &Evaluation) -> String {
        let rk = &eval.records;
        let mut globals: Vec<_> = rk.globals.iter().map(|(k, v)| format!("{k}={v:?}")).collect();
        globals.sort();
        format!(
            "{:?}\n{:?}\n{:?}\n{}\n{:?}\n{:?}\n{:?}\n{:?}",
            rk.records,
            rk.classes,
            rk.defs,
            rk.anon_counter,
            rk.release,
            globals,
            eval.dependencies,
            eval.sm.files.iter().map(|f| (&f.path, &f.included_from, &f.include_name)).collect::<Vec<_>>()
        )
    }

    #[test]
    fn an_evaluation_comes_back_as_it_was() {
        let dir = tempfile::tempdir().expect("tempdir");
        let (eval, opts) = evaluate_in(dir.path());
        let bytes = snapshot_of(&eval);
        let loaded = load(bytes.clone(), "key", sources(ROOT.as_bytes(), &opts.include_dirs)).expect("loaded");
        assert_eq!(describe(&loaded), describe(&eval));
        // Found by name as the evaluation's are (the index of defs by name is rebuilt).
        for name in ["X_a", "X_b", "Y", "Z", "Inc", "anonymous_0"] {
            assert_eq!(loaded.records.def(name), eval.records.def(name), "{name}");
            assert!(eval.records.def(name).is_some(), "{name}");
        }
        assert_eq!(loaded.records.class("Op"), eval.records.class("Op"));
        // A value of the snapshot is the very value the evaluation made (interned on this thread).
        let z = eval.records.def("Z").expect("Z");
        for (a, b) in eval.records.get(z).values.iter().zip(&loaded.records.get(z).values) {
            assert!(a.value == b.value && a.name == b.name && a.set_at() == b.set_at());
        }
    }

    /// Loaded on a thread that has made nothing (as a command served by the cache is), the
    /// strings, values and lists are adopted: the same records, and the values then made or
    /// looked up on that thread are the loaded ones.
    #[test]
    fn an_evaluation_loaded_on_a_fresh_thread_is_the_same() {
        let dir = tempfile::tempdir().expect("tempdir");
        let (eval, opts) = evaluate_in(dir.path());
        let (bytes, expected) = (snapshot_of(&eval), describe(&eval));
        let z_fields = eval.records.get(eval.records.def("Z").expect("Z")).values.len();
        std::thread::spawn(move || {
            let loaded = load(bytes, "key", sources(ROOT.as_bytes(), &opts.include_dirs)).expect("loaded");
            assert_eq!(describe(&loaded), expected);
            let rk = &loaded.records;
            for name in ["X_a", "X_b", "Y", "Z", "Inc", "anonymous_0"] {
                let id = rk.def(name).unwrap_or_else(|| panic!("{name} found by name"));
                assert_eq!(rk.name_sym(id), name);
            }
            assert_eq!(rk.def("Nothing"), None);
            let z = rk.get(rk.def("Z").expect("Z"));
            assert_eq!(z.values.len(), z_fields);
            // A value made now is the loaded one: `Y` and the list of `Ops`.
            let y = rk.def("Y").expect("Y");
            let name = Init::new(InitKind::Str(tdq_core::intern::sym("y"), false));
            assert_eq!(rk.get(y).value_by_str("Name").expect("Name").value, name);
            let all = z.value_by_str("All").expect("All").value;
            let InitKind::List(elems, ty) = all.kind() else { panic!("All is a list: {all:?}") };
            assert_eq!(Init::list(elems, *ty), all);
        })
        .join()
        .expect("no panic");
    }

    #[test]
    fn a_changed_or_shadowed_source_makes_it_stale() {
        let dir = tempfile::tempdir().expect("tempdir");
        let (eval, opts) = evaluate_in(dir.path());
        let bytes = snapshot_of(&eval);
        let stale = |result: Result<Evaluation, SnapshotError>| matches!(result, Err(SnapshotError::Stale(_)));
        assert!(stale(load(bytes.clone(), "other key", sources(ROOT.as_bytes(), &opts.include_dirs))));
        assert!(stale(load(bytes.clone(), "key", sources(b"def Other;", &opts.include_dirs))));
        // An include directory earlier on the path that now has the file.
        let earlier = tempfile::tempdir().expect("tempdir");
        std::fs::write(earlier.path().join("inc.td"), "def Inc;\n").expect("write");
        let dirs = vec![earlier.path().display().to_string(), dir.path().display().to_string()];
        assert!(stale(load(bytes.clone(), "key", sources(ROOT.as_bytes(), &dirs))));
        // So does a copy of the file there: it is another file.
        std::fs::write(earlier.path().join("inc.td"), std::fs::read(dir.path().join("inc.td")).expect("read"))
            .expect("write");
        assert!(stale(load(bytes.clone(), "key", sources(ROOT.as_bytes(), &dirs))));
        // Another directory that finds the same file is as good.
        let dirs = vec![dir.path().join("absent").display().to_string(), dir.path().display().to_string()];
        assert!(load(bytes.clone(), "key", sources(ROOT.as_bytes(), &dirs)).is_ok());
        // The included file changed, or is gone.
        std::fs::write(dir.path().join("inc.td"), "class Included { int I = 4; }\ndef Inc : Included;\n")
            .expect("write");
        assert!(stale(load(bytes.clone(), "key", sources(ROOT.as_bytes(), &opts.include_dirs))));
        std::fs::remove_file(dir.path().join("inc.td")).expect("remove");
        assert!(stale(load(bytes.clone(), "key", sources(ROOT.as_bytes(), &opts.include_dirs))));
    }

    /// Loaded for a command that spells the root and the include directory otherwise, the
    /// sources are named as that command names them (its messages and depfile print them).
    #[test]
    fn the_sources_are_named_as_the_loading_command_names_them() {
        let dir = tempfile::tempdir().expect("tempdir");
        let (eval, _) = evaluate_in(dir.path());
        std::fs::create_dir(dir.path().join("sub")).expect("mkdir");
        let dirs = vec![format!("{}/sub/..", dir.path().display())];
        let other = Sources { root_path: "sub/../root.td", ..sources(ROOT.as_bytes(), &dirs) };
        let loaded = load(snapshot_of(&eval), "key", other).expect("loaded");
        let included = format!("{}/sub/../inc.td", dir.path().display());
        let paths: Vec<&str> = loaded.sm.files.iter().map(|f| f.path.as_str()).collect();
        assert_eq!(paths, ["sub/../root.td", included.as_str()]);
        assert_eq!(loaded.dependencies, [included]);
        assert_eq!(loaded.records.records.len(), eval.records.records.len());
    }

    #[test]
    fn damage_is_an_error_not_a_panic() {
        let dir = tempfile::tempdir().expect("tempdir");
        let (eval, opts) = evaluate_in(dir.path());
        let bytes = snapshot_of(&eval);
        for cut in 0..bytes.len() {
            assert!(
                load(bytes[..cut].to_vec(), "key", sources(ROOT.as_bytes(), &opts.include_dirs)).is_err(),
                "prefix of {cut} bytes"
            );
        }
        // Any byte changed: the checksum says so.
        for i in 0..bytes.len() {
            let mut damaged = bytes.clone();
            damaged[i] ^= 0x55;
            let result = load(damaged, "key", sources(ROOT.as_bytes(), &opts.include_dirs));
            assert!(matches!(result, Err(SnapshotError::Damaged(_))), "byte {i}");
        }
    }

    #[test]
    fn an_evaluation_that_said_something_is_not_kept() {
        let warned =
            tdq_core::evaluate("w.td", b"class C<int unused> { }\ndef D : C<1>;\n".to_vec(), &Options::default());
        assert!(!warned.diags.list.is_empty(), "the unused template argument is warned about");
        assert!(!can_snapshot(&warned));
        let failed = tdq_core::evaluate("e.td", b"def D : Missing;\n".to_vec(), &Options::default());
        assert!(!can_snapshot(&failed));
    }
}
