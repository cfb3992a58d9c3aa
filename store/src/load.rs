//! Reading a store back into an [`Evaluation`]: the records, globals and sources exactly as
//! they were when the store was written, so any backend can run on them (`--from-db`).

use crate::build::loc_from_raw;
use crate::ir::{self, DecodeError};
use crate::schema;
use rusqlite::{Connection, OptionalExtension};
use std::fmt;
use tdq_core::init::Init;
use tdq_core::record::{DefmStep, Record, RecordKeeper, RecordKind, RecordVal};
use tdq_core::types::{RecId, Ty};
use tdq_core::{Evaluation, Loc, SourceMgr};

/// Why a store could not be read.
#[derive(Debug)]
pub enum LoadError {
    Sql(rusqlite::Error),
    /// Not a tdq store, or one of another schema version.
    NotAStore(String),
    Damaged(String),
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Sql(e) => write!(f, "{e}"),
            LoadError::NotAStore(m) => write!(f, "not a tdq store: {m}"),
            LoadError::Damaged(m) => write!(f, "damaged store: {m}"),
        }
    }
}

impl std::error::Error for LoadError {}

impl From<rusqlite::Error> for LoadError {
    fn from(e: rusqlite::Error) -> Self {
        LoadError::Sql(e)
    }
}

impl From<rusqlite::types::FromSqlError> for LoadError {
    fn from(e: rusqlite::types::FromSqlError) -> Self {
        LoadError::Damaged(e.to_string())
    }
}

impl From<DecodeError> for LoadError {
    fn from(e: DecodeError) -> Self {
        LoadError::Damaged(e.to_string())
    }
}

/// Checks that `conn` holds a store this tdq can read.
pub fn check_store(conn: &Connection) -> Result<(), LoadError> {
    let app: i64 = conn.query_row("PRAGMA application_id", [], |r| r.get(0))?;
    if app != schema::APPLICATION_ID {
        return Err(LoadError::NotAStore("the file was not written by tdq".into()));
    }
    let version: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
    if version != schema::SCHEMA_VERSION {
        return Err(LoadError::NotAStore(format!(
            "schema version {version}, this tdq reads version {}",
            schema::SCHEMA_VERSION
        )));
    }
    Ok(())
}

/// Rebuilds the evaluation stored in `conn`. Must run on the thread that will use the values
/// (values are interned per thread).
/// The release a store's records were evaluated as (`meta.llvm_version`); stores written
/// before releases were recorded are LLVM 19's.
pub fn stored_release(conn: &Connection) -> Result<tdq_core::Release, LoadError> {
    let text: Option<String> =
        conn.query_row("SELECT value FROM meta WHERE key = 'llvm_version'", [], |r| r.get(0)).optional()?;
    match text {
        None => Ok(tdq_core::Release::V19),
        Some(text) => tdq_core::Release::parse(&text).map_err(|e| LoadError::Damaged(e.to_string())),
    }
}

pub fn load_evaluation(conn: &Connection) -> Result<Evaluation, LoadError> {
    check_store(conn)?;
    let sm = load_sources(conn)?;
    let names = decode_column(conn, "SELECT id, ir FROM tdq_names ORDER BY id", ir::decode_init)?;
    let types = decode_column(conn, "SELECT id, ir FROM types ORDER BY id", ir::decode_ty)?;
    let vals = decode_column(conn, "SELECT id, ir FROM vals ORDER BY id", ir::decode_init)?;
    let locs = {
        let mut st = conn.prepare("SELECT id, raw FROM locs ORDER BY id")?;
        let rows = st.query_map([], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, i64>(1)?)))?;
        let mut out = Vec::new();
        for row in rows {
            let (id, raw) = row?;
            expect_dense(id, out.len(), "locs")?;
            out.push(loc_from_raw(raw));
        }
        out
    };

    let mut rk = RecordKeeper::default();
    rk.release = stored_release(conn)?;
    // The anonymous names the evaluation made (--print-detailed-records reports how many); 0
    // from a store written before tdq recorded it.
    let anonymous: Option<String> =
        conn.query_row("SELECT value FROM meta WHERE key = 'anonymous_records'", [], |r| r.get(0)).optional()?;
    rk.anon_counter = anonymous.and_then(|n| n.parse().ok()).unwrap_or(0);
    rk.release.dialect().print.install();
    let mut st =
        conn.prepare("SELECT id, kind, name_ir, locs, forward_decl_locs, template_args FROM tdq_records ORDER BY id")?;
    let mut rows = st.query([])?;
    while let Some(row) = rows.next()? {
        let id: u32 = row.get(0)?;
        let kind = match row.get_ref(1)?.as_str()? {
            "class" => RecordKind::Class,
            "def" => RecordKind::Def,
            "anonymous" => RecordKind::AnonymousDef,
            "multiclass" => RecordKind::MultiClass,
            other => return Err(LoadError::Damaged(format!("record kind `{other}`"))),
        };
        let name = ir::decode_init(row.get_ref(2)?.as_blob()?)?;
        let mut rec = Record::new(name, locs_from_blob(row.get_ref(3)?.as_blob()?)?, kind);
        rec.forward_decl_locs = locs_from_blob(row.get_ref(4)?.as_blob()?)?.into();
        rec.template_args =
            blobs(row.get_ref(5)?.as_blob()?)?.into_iter().map(ir::decode_init).collect::<Result<_, _>>()?;
        while rk.records.len() < id as usize {
            rk.records.push(Record::new(Init::string(""), Vec::new(), RecordKind::MultiClass));
        }
        if rk.records.len() != id as usize {
            return Err(LoadError::Damaged("record ids out of order".into()));
        }
        rk.records.push(rec);
        if kind == RecordKind::Class {
            rk.insert_class(RecId(id));
        } else {
            rk.index_def(RecId(id));
        }
    }
    drop(rows);
    drop(st);
    rk.flush_defs();

    let get = |v: &Vec<Init>, i: i64, what: &str| -> Result<Init, LoadError> {
        v.get(i as usize).copied().ok_or_else(|| LoadError::Damaged(format!("{what} id {i} missing")))
    };
    let sites = field_sites(conn)?;
    let mut st = conn.prepare("SELECT id, fields FROM tdq_records ORDER BY id")?;
    let mut rows = st.query([])?;
    while let Some(row) = rows.next()? {
        let packed = parse_fields(row.get_ref(1)?.as_str()?, &sites)?;
        let rec = record_mut(&mut rk, row.get(0)?)?;
        for [name, ty, value, set_at, decl, flags] in packed {
            let ty: Ty = *types.get(ty as usize).ok_or_else(|| LoadError::Damaged("type id missing".into()))?;
            let loc = |i: i64| locs.get(i as usize).copied().ok_or_else(|| LoadError::Damaged("loc id missing".into()));
            let field = ir::decl_with_flags(get(&names, name, "name")?, ty, loc(decl)?, flags);
            rec.values.push(RecordVal::from_parts(field, get(&vals, value, "value")?, loc(set_at)?));
        }
    }
    drop(rows);
    drop(st);

    let mut st =
        conn.prepare("SELECT record_id, superclass_id, loc FROM tdq_superclasses ORDER BY record_id, position")?;
    let mut rows = st.query([])?;
    while let Some(row) = rows.next()? {
        let sc = RecId(row.get(1)?);
        let loc = loc_from_raw(row.get(2)?);
        record_mut(&mut rk, row.get(0)?)?.superclasses.push((sc, loc));
    }
    drop(rows);
    drop(st);

    let mut st = conn.prepare("SELECT record_id, multiclass, defm_loc FROM defm_chain ORDER BY record_id, step")?;
    let mut rows = st.query([])?;
    while let Some(row) = rows.next()? {
        let multiclass = tdq_core::intern::sym(row.get_ref(1)?.as_str()?);
        let defm_loc = loc_from_raw(row.get(2)?);
        record_mut(&mut rk, row.get(0)?)?.defm_chain.push(DefmStep { defm_loc, multiclass });
    }
    drop(rows);
    drop(st);

    let mut st = conn.prepare("SELECT name, ir FROM globals")?;
    let mut rows = st.query([])?;
    while let Some(row) = rows.next()? {
        let name: String = row.get(0)?;
        rk.globals.insert(name, ir::decode_init(row.get_ref(1)?.as_blob()?)?);
    }
    drop(rows);
    drop(st);

    let dependencies = sm.files.iter().skip(1).map(|f| f.path.clone()).collect();
    Ok(Evaluation::stored(rk, sm, dependencies))
}

/// `tdq_field_sites`, by id: `[name, type, set_loc, decl_loc, flags]`.
pub fn field_sites(conn: &Connection) -> Result<Vec<[i64; 5]>, LoadError> {
    let mut st =
        conn.prepare("SELECT id, name_id, type_id, set_loc, decl_loc, flags FROM tdq_field_sites ORDER BY id")?;
    let mut rows = st.query([])?;
    let mut out = Vec::new();
    while let Some(row) = rows.next()? {
        expect_dense(row.get(0)?, out.len(), "tdq_field_sites")?;
        out.push([row.get(1)?, row.get(2)?, row.get(3)?, row.get(4)?, row.get(5)?]);
    }
    Ok(out)
}

/// `tdq_records.fields` (`[[site, value], ...]`) with each site unpacked:
/// `[name, type, value, set_loc, decl_loc, flags]` per field.
pub fn parse_fields(text: &str, sites: &[[i64; 5]]) -> Result<Vec<[i64; 6]>, LoadError> {
    let packed: Vec<[i64; 2]> =
        serde_json::from_str(text).map_err(|e| LoadError::Damaged(format!("packed fields: {e}")))?;
    packed
        .into_iter()
        .map(|[site, value]| {
            let [name, ty, set_at, decl, flags] = *usize::try_from(site)
                .ok()
                .and_then(|s| sites.get(s))
                .ok_or_else(|| LoadError::Damaged(format!("field site id {site} missing")))?;
            Ok([name, ty, value, set_at, decl, flags])
        })
        .collect()
}

fn record_mut(rk: &mut RecordKeeper, id: u32) -> Result<&mut Record, LoadError> {
    rk.records.get_mut(id as usize).ok_or_else(|| LoadError::Damaged(format!("record id {id} missing")))
}

fn expect_dense(id: i64, next: usize, table: &str) -> Result<(), LoadError> {
    if id != next as i64 {
        return Err(LoadError::Damaged(format!("{table} ids are not dense")));
    }
    Ok(())
}

fn decode_column<T>(
    conn: &Connection,
    sql: &str,
    decode: impl Fn(&[u8]) -> Result<T, DecodeError>,
) -> Result<Vec<T>, LoadError> {
    let mut st = conn.prepare(sql)?;
    let mut rows = st.query([])?;
    let mut out = Vec::new();
    while let Some(row) = rows.next()? {
        expect_dense(row.get(0)?, out.len(), sql)?;
        out.push(decode(row.get_ref(1)?.as_blob()?)?);
    }
    Ok(out)
}

fn load_sources(conn: &Connection) -> Result<SourceMgr, LoadError> {
    let mut sm = SourceMgr::new();
    let mut st = conn.prepare("SELECT id, path, included_from, text FROM sources ORDER BY id")?;
    let mut rows = st.query([])?;
    while let Some(row) = rows.next()? {
        expect_dense(row.get(0)?, sm.files.len(), "sources")?;
        let from: Option<i64> = row.get(2)?;
        sm.add_file(row.get(1)?, row.get(3)?, from.map(loc_from_raw));
    }
    Ok(sm)
}

fn locs_from_blob(b: &[u8]) -> Result<Vec<Loc>, LoadError> {
    if !b.len().is_multiple_of(8) {
        return Err(LoadError::Damaged("location list".into()));
    }
    Ok(b.chunks_exact(8).map(|c| loc_from_raw(i64::from_le_bytes(c.try_into().expect("8 bytes")))).collect())
}

/// Splits length-prefixed byte strings.
fn blobs(mut b: &[u8]) -> Result<Vec<&[u8]>, LoadError> {
    let mut out = Vec::new();
    while !b.is_empty() {
        if b.len() < 4 {
            return Err(LoadError::Damaged("byte string list".into()));
        }
        let n = u32::from_le_bytes(b[..4].try_into().expect("4 bytes")) as usize;
        if b.len() < 4 + n {
            return Err(LoadError::Damaged("byte string list".into()));
        }
        out.push(&b[4..4 + n]);
        b = &b[4 + n..];
    }
    Ok(out)
}
