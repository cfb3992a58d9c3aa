//! The target model's tables: what LLVM's CodeGen target model derives from the records
//! (registers with their units and sub-registers, register classes with members and
//! sub-classes, sub-register indices with lane masks, instructions with their opcodes, operands
//! and encodings per HW mode, scheduling classes per processor with their latencies and
//! resources; the patterns instruction selection matches and the flags LLVM infers from them),
//! as SQL tables beside the store.
//!
//! A store is written once and never changed, and most queries need none of this; so each
//! [`Group`] of model tables is its own small SQLite file, built the first time a query names
//! one of its tables and then kept in the cache directory (`model/KEY-GROUP.db`), keyed by the
//! store's content: its `meta` (root, options, release, tdq version) and the content hash of
//! every source file it read ([`store_identity`]). A query attaches the files it needs to the
//! store's connection (read-only, immutable) under `tdq_model_GROUP`; SQLite finds an
//! unqualified table in attached databases after the store's own, so `select * from
//! registers` reads it. A store that is no target (no `Target` def, or a description the model
//! rejects) gets llvm-tblgen's diagnostics instead of the tables, as
//! [`StoreError::Model`](crate::StoreError::Model).
//!
//! The model is computed from an evaluation: the one just made when the store is built in
//! the same command ([`ensure_with`]), or the store read back ([`crate::load_evaluation`]).

mod tables;
mod write;

pub use tables::{MODEL_TABLES, MODEL_TABLE_GROUPS};

use crate::cache::{replace_atomically, EvaluationFailure, StoreError};
use crate::sources_hash::hash_hex;
use rusqlite::Connection;
use std::path::{Path, PathBuf};
use tdq_core::Evaluation;

/// Bumped whenever a model table changes: files of another version are rebuilt.
pub const MODEL_SCHEMA_VERSION: i64 = 2;

/// `PRAGMA application_id` of a model file: `tdqm`.
pub const MODEL_APPLICATION_ID: i64 = 0x7464_716d;

/// A set of model tables computed and stored together, from one part of the model.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Group {
    /// The register bank: `hw_modes`, `registers`, `register_units`, `sub_register_indices`,
    /// `sub_registers`, `register_classes`, `register_class_members`.
    Registers,
    /// The instructions: `instructions`, `instruction_operands`, `encodings`.
    Instructions,
    /// The schedule model: `sched_models`, `sched_classes`, `sched_class_processors`.
    Schedule,
    /// The pattern model: `selection_patterns`, `instruction_flags`, `flag_conflicts`.
    Patterns,
}

impl Group {
    pub const ALL: [Group; 4] = [Group::Registers, Group::Instructions, Group::Schedule, Group::Patterns];

    /// Its name in file and schema names.
    pub fn name(self) -> &'static str {
        match self {
            Group::Registers => "registers",
            Group::Instructions => "instructions",
            Group::Schedule => "schedule",
            Group::Patterns => "patterns",
        }
    }

    /// The schema it is attached as.
    pub fn schema(self) -> String {
        format!("tdq_model_{}", self.name())
    }

    /// The names of its tables.
    pub fn tables(self) -> impl Iterator<Item = &'static str> {
        MODEL_TABLE_GROUPS.iter().filter(move |(_, g)| *g == self).map(|(t, _)| *t)
    }

    /// The group a model table belongs to (names compared as SQL compares them).
    pub fn of_table(name: &str) -> Option<Group> {
        MODEL_TABLE_GROUPS.iter().find(|(t, _)| t.eq_ignore_ascii_case(name)).map(|(_, g)| *g)
    }
}

/// The groups whose tables `identifiers` name, each once, in [`Group::ALL`]'s order.
pub fn groups_named<'a>(identifiers: impl IntoIterator<Item = &'a str>) -> Vec<Group> {
    let mut named: Vec<Group> = identifiers.into_iter().filter_map(Group::of_table).collect();
    named.sort_by_key(|g| Group::ALL.iter().position(|a| a == g));
    named.dedup();
    named
}

/// What identifies a store's content: a hash of its `meta` rows and of every source's path
/// and content hash. Two stores of the same sources, options, release and tdq have the same
/// identity, wherever they are.
pub fn store_identity(conn: &Connection) -> Result<String, StoreError> {
    let mut text = String::new();
    let mut st = conn.prepare("SELECT key, value FROM meta ORDER BY key")?;
    let mut rows = st.query([])?;
    while let Some(row) = rows.next()? {
        let (k, v): (String, Option<String>) = (row.get(0)?, row.get(1)?);
        text.push_str(&format!("meta\0{k}\0{}\n", v.unwrap_or_default()));
    }
    let mut st = conn.prepare("SELECT path, hash FROM sources ORDER BY id")?;
    let mut rows = st.query([])?;
    while let Some(row) = rows.next()? {
        let (p, h): (String, String) = (row.get(0)?, row.get(1)?);
        text.push_str(&format!("source\0{p}\0{h}\n"));
    }
    Ok(hash_hex(text.as_bytes()))
}

/// Where the model file of `group` for the store of `identity` lives under `cache_dir`.
pub fn model_path(cache_dir: &Path, identity: &str, group: Group) -> PathBuf {
    cache_dir.join("model").join(format!("{identity}-{}.db", group.name()))
}

/// The model file of `group` for the store on `conn`, built (from the store read back) if it
/// is missing or not of this version.
pub fn ensure(conn: &Connection, cache_dir: &Path, group: Group) -> Result<PathBuf, StoreError> {
    let identity = store_identity(conn)?;
    let path = model_path(cache_dir, &identity, group);
    if is_model_file(&path, &identity, group) {
        mark_used(&path);
        return Ok(path);
    }
    let eval = crate::load_evaluation(conn)?;
    build(&path, write::Rows::of(&eval, group), &eval, &identity, &describe(conn), group)?;
    Ok(path)
}

/// As [`ensure`], with the evaluation the store was just built from (no need to read it back).
pub fn ensure_with(
    conn: &Connection,
    cache_dir: &Path,
    group: Group,
    eval: &Evaluation,
) -> Result<PathBuf, StoreError> {
    ensure_prepared(conn, cache_dir, prepare(eval, group), eval)
}

/// A group's rows, computed from an evaluation before the store they belong to is written
/// (on another thread while it is).
pub struct Prepared {
    group: Group,
    rows: Result<write::Rows, tdq_models::Fatal>,
}

/// Computes `group`'s rows from `eval`.
pub fn prepare(eval: &Evaluation, group: Group) -> Prepared {
    Prepared { group, rows: write::Rows::of(eval, group) }
}

/// As [`ensure_with`], with the rows already computed from `eval`.
pub fn ensure_prepared(
    conn: &Connection,
    cache_dir: &Path,
    prepared: Prepared,
    eval: &Evaluation,
) -> Result<PathBuf, StoreError> {
    let group = prepared.group;
    let identity = store_identity(conn)?;
    let path = model_path(cache_dir, &identity, group);
    if is_model_file(&path, &identity, group) {
        mark_used(&path);
        return Ok(path);
    }
    build(&path, prepared.rows, eval, &identity, &describe(conn), group)?;
    Ok(path)
}

/// Its access time, what `tdq cache prune` removes the least recent of.
fn mark_used(path: &Path) {
    if let Ok(file) = std::fs::File::options().write(true).open(path) {
        let _ = file.set_times(std::fs::FileTimes::new().set_accessed(std::time::SystemTime::now()));
    }
}

/// The store's sources as `tdq cache` lists them.
fn describe(conn: &Connection) -> String {
    crate::cache_list::sources_of(conn).unwrap_or_default()
}

/// Writes the model file of `group` for `eval` at `path` (through a temporary file and a
/// rename, as stores are).
fn build(
    path: &Path,
    rows: Result<write::Rows, tdq_models::Fatal>,
    eval: &Evaluation,
    identity: &str,
    sources: &str,
    group: Group,
) -> Result<(), StoreError> {
    // The model first: a description the model rejects writes no file.
    let rows = rows.map_err(|fatal| StoreError::Model {
        group: group.name(),
        failure: Box::new(EvaluationFailure { diags: fatal.0, sm: eval.sm.clone() }),
    })?;
    let dir = path.parent().expect("a model path has a directory");
    std::fs::create_dir_all(dir)
        .map_err(|e| StoreError::CacheUnwritable { dir: dir.to_owned(), reason: e.to_string() })?;
    let mut failure = None;
    let written = replace_atomically(path, |tmp| {
        write_file(tmp, &rows, identity, sources, group).map_err(|e| {
            failure = Some(e);
            std::io::Error::other("the model tables were not written")
        })
    });
    match (failure, written) {
        (Some(e), _) => Err(e),
        (None, Err(e)) => Err(StoreError::Io(format!("{}: cannot write: {e}", path.display()))),
        (None, Ok(())) => Ok(()),
    }
}

fn write_file(path: &Path, rows: &write::Rows, identity: &str, sources: &str, group: Group) -> Result<(), StoreError> {
    let mut conn = Connection::open(path)?;
    conn.execute_batch(&format!(
        "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA application_id = {MODEL_APPLICATION_ID}; \
         PRAGMA user_version = {MODEL_SCHEMA_VERSION};"
    ))?;
    let tx = conn.transaction()?;
    tx.execute_batch(&tables::ddl(group))?;
    tx.execute(
        "INSERT INTO tdq_model_meta VALUES ('store_identity', ?1), ('group', ?2), ('tdq_version', ?3), ('sources', ?4)",
        (identity, group.name(), env!("CARGO_PKG_VERSION"), sources),
    )?;
    rows.insert(&tx)?;
    tx.commit()?;
    Ok(())
}

/// Whether `path` is the model file of `group` for the store of `identity`, of this version.
fn is_model_file(path: &Path, identity: &str, group: Group) -> bool {
    let Ok(conn) = open_file(path) else { return false };
    let pragma = |p: &str| conn.query_row(&format!("PRAGMA {p}"), [], |r| r.get::<_, i64>(0)).ok();
    if pragma("application_id") != Some(MODEL_APPLICATION_ID) || pragma("user_version") != Some(MODEL_SCHEMA_VERSION) {
        return false;
    }
    let meta = |k: &str| -> Option<String> {
        conn.query_row("SELECT value FROM tdq_model_meta WHERE key = ?1", [k], |r| r.get(0)).ok()
    };
    meta("store_identity").as_deref() == Some(identity)
        && meta("group").as_deref() == Some(group.name())
        && meta("tdq_version").as_deref() == Some(env!("CARGO_PKG_VERSION"))
}

/// What `tdq cache` shows of a model file: its group and the sources of its store.
pub fn describe_file(path: &Path) -> Option<String> {
    let conn = open_file(path).ok()?;
    let meta = |k: &str| -> Option<String> {
        conn.query_row("SELECT value FROM tdq_model_meta WHERE key = ?1", [k], |r| r.get(0)).ok()
    };
    Some(format!("{} tables of {}", meta("group")?, meta("sources")?))
}

fn open_file(path: &Path) -> rusqlite::Result<Connection> {
    use rusqlite::OpenFlags;
    Connection::open_with_flags(
        format!("file:{}?immutable=1", crate::cache::uri_path(path)),
        OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_URI | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
}

/// Whether the store on `conn` has a def deriving from `Target`: records with none are no
/// target description, and an export leaves the model tables out without a word.
pub fn describes_a_target(conn: &Connection) -> bool {
    conn.query_row(
        "SELECT count(*) FROM tdq_superclasses s JOIN classes c ON c.id = s.superclass_id \
         JOIN tdq_records r ON r.id = s.record_id WHERE c.name = 'Target' AND r.kind <> 'class'",
        [],
        |r| r.get::<_, i64>(0),
    )
    .is_ok_and(|n| n > 0)
}

/// Whether the store on `conn` holds `group`'s tables itself (an export, `tdq export --db`).
pub fn stored_in(conn: &Connection, group: Group) -> bool {
    let Ok(mut st) = conn.prepare("SELECT count(*) FROM main.sqlite_schema WHERE type = 'table' AND name = ?1") else {
        return false;
    };
    group.tables().all(|t| st.query_row([t], |r| r.get::<_, i64>(0)).is_ok_and(|n| n == 1))
}

/// Attaches the model file of `group` at `path` to a store connection from
/// [`crate::open_read_only`], read-only and immutable, as `tdq_model_GROUP`. User SQL still
/// cannot attach anything: the limit goes back to what it was.
pub fn attach(conn: &Connection, path: &Path, group: Group) -> Result<(), StoreError> {
    use rusqlite::limits::Limit;
    let attached: i64 =
        conn.query_row("SELECT count(*) FROM pragma_database_list WHERE name != 'temp'", [], |r| r.get(0))?;
    let before = conn.limit(Limit::SQLITE_LIMIT_ATTACHED);
    conn.set_limit(Limit::SQLITE_LIMIT_ATTACHED, attached as i32);
    let uri = format!("file:{}?immutable=1", crate::cache::uri_path(path));
    let result = conn.execute("ATTACH DATABASE ?1 AS ?2", (uri, group.schema()));
    conn.set_limit(Limit::SQLITE_LIMIT_ATTACHED, before);
    result?;
    Ok(())
}

/// Makes `groups`' tables readable on a store connection: each not yet in `attached` is found
/// in the store itself (an export) or built if need be and attached, then added to `attached`.
/// What both query engines do before running a statement that names model tables.
pub fn attach_groups(
    conn: &Connection,
    cache_dir: &Path,
    groups: &[Group],
    attached: &mut Vec<Group>,
) -> Result<(), StoreError> {
    for &group in groups {
        if attached.contains(&group) {
            continue;
        }
        if !stored_in(conn, group) {
            attach(conn, &ensure(conn, cache_dir, group)?, group)?;
        }
        attached.push(group);
    }
    Ok(())
}

/// What an export adds: each group with its file (none when the store holds the tables), and
/// the groups left out with why.
pub struct ForExport {
    pub groups: Vec<(Group, Option<PathBuf>)>,
    pub left_out: Vec<(Group, String)>,
}

/// The model groups an export of the store on `conn` adds: every group the model gives for a
/// target (none for records that are no target), each with its file (computed from `eval` when
/// given, else from the store read back), or none when the store holds the tables itself; and
/// the groups the model rejects, with why.
pub fn for_export(conn: &Connection, cache_dir: &Path, eval: Option<&Evaluation>) -> Result<ForExport, StoreError> {
    let (mut files, mut left_out) = (Vec::new(), Vec::new());
    if !describes_a_target(conn) {
        return Ok(ForExport { groups: files, left_out });
    }
    for group in Group::ALL {
        if stored_in(conn, group) {
            files.push((group, None));
            continue;
        }
        let made = match eval {
            Some(eval) => ensure_with(conn, cache_dir, group, eval),
            None => ensure(conn, cache_dir, group),
        };
        match made {
            Ok(path) => files.push((group, Some(path))),
            Err(e @ StoreError::Model { .. }) => left_out.push((group, e.to_string())),
            Err(e) => return Err(e),
        }
    }
    Ok(ForExport { groups: files, left_out })
}

/// Copies every model table of `group` at `path` into the database on `conn` (what `tdq
/// export --db` adds to the store it writes).
pub fn copy_into(conn: &Connection, path: &Path, group: Group) -> Result<(), StoreError> {
    conn.execute("ATTACH DATABASE ?1 AS tdq_model_source", [crate::cache::uri_path(path)])?;
    let result = (|| -> rusqlite::Result<()> {
        conn.execute_batch(tables::ddl_in(group, "main").as_str())?;
        for table in group.tables() {
            conn.execute_batch(&format!("INSERT INTO main.{table} SELECT * FROM tdq_model_source.{table};"))?;
        }
        Ok(())
    })();
    conn.execute_batch("DETACH DATABASE tdq_model_source")?;
    result?;
    Ok(())
}
