//! The store cache: one SQLite file per root file, include directories, defines, release and
//! tdq version ([`cache_key`] of the [`Canonical`] sources: the files, not how they are
//! spelled nor the working directory), under `$TDQ_CACHE_DIR` (default `$XDG_CACHE_HOME/tdq` or
//! `~/.cache/tdq`).
//!
//! A cached store is used when every file it read still has the content hash it recorded;
//! otherwise it is rebuilt. A store is written to a temporary file in the cache directory and
//! renamed over the entry, so a reader sees the old store or the new one, never a partial one
//! (a `kill -9` mid-build leaves only a temporary file, removed by a later build), and several
//! processes rebuilding at once each finish with a complete store. A file that is not a store
//! of this version, or is damaged, is rebuilt.
//!
//! Queries open the store read-only and immutable, with ATTACH disabled: user SQL can neither
//! change the store nor reach other files.

use crate::build::{write_store, BuildInfo};
use crate::load::{check_store, LoadError};
use crate::project::Sources;
use crate::schema;
use crate::sources_hash::hash_hex;
use rusqlite::{Connection, OpenFlags};
use std::fmt;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};
use tdq_core::diag::Diagnostics;
use tdq_core::{Evaluation, SourceMgr};

/// An open store.
pub struct Store {
    pub conn: Connection,
    pub path: PathBuf,
    /// Whether this call evaluated the sources and wrote the store.
    pub built: bool,
}

/// Why sources did not evaluate: the diagnostics and the sources they point into.
pub struct EvaluationFailure {
    pub diags: Diagnostics,
    pub sm: SourceMgr,
}

impl fmt::Debug for EvaluationFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("EvaluationFailure").field("diagnostics", &self.diags.error_count()).finish_non_exhaustive()
    }
}

#[derive(Debug)]
pub enum StoreError {
    /// The sources did not evaluate: llvm-tblgen's diagnostics, as data (`Display` renders
    /// them as llvm-tblgen prints them).
    Evaluation(Box<EvaluationFailure>),
    /// A file could not be read or written.
    Io(String),
    Sql(rusqlite::Error),
    Load(LoadError),
    /// The target model rejects the records a model table needs (`group` names the tables):
    /// llvm-tblgen's diagnostics, as data.
    Model {
        group: &'static str,
        failure: Box<EvaluationFailure>,
    },
    /// The cache directory cannot be made or written to (the caller may build elsewhere).
    CacheUnwritable {
        dir: PathBuf,
        reason: String,
    },
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Evaluation(e) => f.write_str(e.diags.render_all(&e.sm).trim_end()),
            StoreError::Model { group, failure } => write!(
                f,
                "the {group} tables need the target model, which these records do not give:\n{}",
                failure.diags.render_all(&failure.sm).trim_end()
            ),
            StoreError::Io(m) => f.write_str(m),
            StoreError::Sql(e) => write!(f, "store: {e}"),
            StoreError::Load(e) => write!(f, "{e}"),
            StoreError::CacheUnwritable { dir, reason } => {
                write!(f, "{}: cannot write the store cache: {reason}", dir.display())
            }
        }
    }
}

impl std::error::Error for StoreError {}

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> Self {
        StoreError::Sql(e)
    }
}

impl From<LoadError> for StoreError {
    fn from(e: LoadError) -> Self {
        StoreError::Load(e)
    }
}

/// The cache directory.
pub fn cache_dir() -> PathBuf {
    if let Some(d) = std::env::var_os("TDQ_CACHE_DIR") {
        return PathBuf::from(d);
    }
    if let Some(d) = std::env::var_os("XDG_CACHE_HOME").filter(|d| !d.is_empty()) {
        return PathBuf::from(d).join("tdq");
    }
    match std::env::var_os("HOME") {
        Some(h) => PathBuf::from(h).join(".cache").join("tdq"),
        None => std::env::temp_dir().join("tdq-cache"),
    }
}

/// Opens a store file for queries: read-only, immutable, no ATTACH. Checks it is a store.
/// Errors do not name the file: callers put it first.
pub fn open_read_only(path: &Path) -> Result<Connection, StoreError> {
    if !path.is_file() {
        return Err(StoreError::Io("no such store file".into()));
    }
    let uri = format!("file:{}?immutable=1", uri_path(path));
    let conn = Connection::open_with_flags(
        uri,
        OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_URI | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )?;
    lock_down(&conn)?;
    check_store(&conn)?;
    Ok(conn)
}

/// What user SQL may do on a store connection: read it, nothing else.
fn lock_down(conn: &Connection) -> rusqlite::Result<()> {
    conn.set_limit(rusqlite::limits::Limit::SQLITE_LIMIT_ATTACHED, 0);
    conn.pragma_update(None, "query_only", true)?;
    conn.pragma_update(None, "trusted_schema", false)?;
    Ok(())
}

/// A path as the path part of a `file:` URI.
pub(crate) fn uri_path(path: &Path) -> String {
    let abs = std::path::absolute(path).unwrap_or_else(|_| path.to_owned());
    let mut out = String::new();
    for c in abs.display().to_string().chars() {
        match c {
            '?' | '#' | '%' => out.push_str(&format!("%{:02X}", c as u32)),
            _ => out.push(c),
        }
    }
    out
}

/// A path as given and the absolute path it names from the working directory, for a store's
/// key ([`cache_key`], of [`Canonical`] sources, whose paths are canonical already): the
/// absolute path so that the same spelling from another directory (other files) is another
/// entry.
pub fn key_path(path: &str) -> String {
    if Path::new(path).is_absolute() {
        return path.to_string();
    }
    let absolute = std::path::absolute(path).map(|p| p.display().to_string()).unwrap_or_default();
    format!("{path}\0{absolute}")
}

/// The cache entry for `sources`: their root, `-I` and `-D` (as given, and the files they name),
/// release, the store's schema and tdq's version.
pub fn cache_key(sources: &Sources) -> String {
    let mut key =
        format!("tdq-store\0{}\0{}\0{}", env!("CARGO_PKG_VERSION"), schema::SCHEMA_VERSION, key_path(&sources.root));
    for d in &sources.include_dirs {
        key.push_str("\0-I");
        key.push_str(&key_path(d));
    }
    for d in &sources.defines {
        key.push_str("\0-D");
        key.push_str(d);
    }
    key.push_str("\0--llvm-version");
    key.push_str(&sources.release.to_string());
    hash_hex(key.as_bytes())
}

/// Sources as a store is keyed, evaluated and written: every path canonical (absolute, with
/// symbolic links, `.`, `..` and trailing slashes resolved), so that the same files, however
/// they are spelled and from wherever they are named, share one store. The records' paths
/// (`file`, `set_file`, `sources.path`, ...) are written relative to [`Canonical::base`], the
/// deepest directory holding the root and every `-I` directory (for an LLVM target run from
/// the tree's top, `lib/Target/X86/X86.td` and `include/llvm/...`, as given there), so the
/// store does not depend on the spelling either. Errors are shown with the paths as given.
pub struct Canonical {
    pub sources: Sources,
    /// The directory the store's paths are relative to (`meta`'s `base`); none when that would
    /// be `/` (the paths are then absolute).
    pub base: Option<PathBuf>,
    /// Each canonical `-I` directory and its spelling, to show errors as given.
    given_dirs: Vec<(String, String)>,
    given_root: (String, String),
}

impl Canonical {
    /// `sources` made canonical; a root that cannot be read stays as given (the error names it).
    pub fn new(sources: &Sources) -> Canonical {
        let Ok(root) = std::fs::canonicalize(&sources.root) else {
            return Canonical {
                sources: sources.clone(),
                base: None,
                given_dirs: Vec::new(),
                given_root: (sources.root.clone(), sources.root.clone()),
            };
        };
        let dirs: Vec<PathBuf> = sources.include_dirs.iter().map(|d| canonical_dir(d)).collect();
        let mut base = root.parent().map(Path::to_path_buf).unwrap_or_default();
        for d in &dirs {
            while !d.starts_with(&base) {
                if !base.pop() {
                    break;
                }
            }
        }
        let text = |p: &Path| p.display().to_string();
        Canonical {
            sources: Sources {
                root: text(&root),
                include_dirs: dirs.iter().map(|d| text(d)).collect(),
                ..sources.clone()
            },
            base: base.parent().is_some().then_some(base),
            given_dirs: dirs.iter().map(|d| text(d)).zip(sources.include_dirs.iter().cloned()).collect(),
            given_root: (text(&root), sources.root.clone()),
        }
    }

    /// An absolute path as the store writes it: relative to the base when it is under it.
    pub fn display(&self, path: &str) -> String {
        match &self.base {
            Some(base) => match Path::new(path).strip_prefix(base) {
                Ok(rel) if !rel.as_os_str().is_empty() => rel.display().to_string(),
                _ => path.to_string(),
            },
            None => path.to_string(),
        }
    }

    /// A path of the evaluation as it would have been with the sources as given: the root's
    /// spelling, or the spelling of the `-I` directory it was found in.
    fn as_given(&self, path: &str) -> String {
        if path == self.given_root.0 {
            return self.given_root.1.clone();
        }
        for (canonical, given) in &self.given_dirs {
            if let Some(rest) = path.strip_prefix(canonical.as_str()).and_then(|r| r.strip_prefix('/')) {
                return if given.ends_with('/') { format!("{given}{rest}") } else { format!("{given}/{rest}") };
            }
        }
        path.to_string()
    }

    /// Renames the evaluation's files as the store writes them (relative to the base).
    fn relocate(&self, sm: &mut SourceMgr) {
        for f in &mut sm.files {
            let abs = std::path::absolute(&f.path).map(|p| p.display().to_string()).unwrap_or_else(|_| f.path.clone());
            f.path = self.display(&abs);
        }
    }

    /// Renames a failed evaluation's files as they are spelled in the sources as given.
    fn restore(&self, mut e: StoreError) -> StoreError {
        if let StoreError::Evaluation(failure) = &mut e {
            for f in &mut failure.sm.files {
                f.path = self.as_given(&f.path);
            }
        }
        e
    }
}

/// A `-I` directory made canonical; one that does not exist made absolute, `.` and `..`
/// resolved by their names.
fn canonical_dir(dir: &str) -> PathBuf {
    std::fs::canonicalize(dir).unwrap_or_else(|_| tdq_core::lexer::Overlay::key(Path::new(dir)))
}

/// Opens the cached store for `sources`, building it first when it is missing or stale.
/// `on_build` is called before a build starts (to show progress).
pub fn open_or_build(sources: &Sources, dir: &Path, on_build: &mut dyn FnMut()) -> Result<Store, StoreError> {
    open_or_build_with_model(sources, dir, on_build, &[])
}

/// As [`open_or_build`]; when it builds the store, it also builds the model tables of `groups`
/// from the evaluation at hand (which a later query would otherwise read back from the store).
/// A model that fails is left for the query that names it to report.
pub fn open_or_build_with_model(
    sources: &Sources,
    dir: &Path,
    on_build: &mut dyn FnMut(),
    groups: &[crate::model::Group],
) -> Result<Store, StoreError> {
    let canonical = Canonical::new(sources);
    let sources = &canonical.sources;
    let key = cache_key(sources);
    let path = dir.join(format!("{key}.db"));
    if let Ok(conn) = open_read_only(&path) {
        if is_fresh(&conn, &key) {
            // Most recently used, what `tdq cache prune` removes last: its access time (its
            // modification time stays when it was built).
            if let Ok(file) = std::fs::File::options().write(true).open(&path) {
                let _ = file.set_times(std::fs::FileTimes::new().set_accessed(SystemTime::now()));
            }
            return Ok(Store { conn, path, built: false });
        }
    }
    on_build();
    check_writable(dir)?;
    remove_stale_temporaries(dir);
    let mut eval = evaluate(sources).map_err(|e| canonical.restore(e))?;
    canonical.relocate(&mut eval.sm);
    let info = BuildInfo {
        root: canonical.display(&sources.root),
        include_dirs: sources.include_dirs.iter().map(|d| canonical.display(d)).collect(),
        defines: sources.defines.clone(),
        release_from: sources.release_from.clone(),
        cache_key: key,
        base: canonical.base.as_ref().map(|b| b.display().to_string()),
    };
    // The model groups a query names are computed on a second thread while the store is
    // written; their files need the written store's identity.
    let (written, prepared) = std::thread::scope(|scope| {
        let models = (!groups.is_empty())
            .then(|| scope.spawn(|| groups.iter().map(|&g| crate::model::prepare(&eval, g)).collect::<Vec<_>>()));
        let written = write_atomically(&path, &eval, &info);
        (written, models.map(|m| m.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))))
    });
    written?;
    let conn = open_read_only(&path)?;
    for prepared in prepared.into_iter().flatten() {
        // A model that fails is reported by the query that reads it.
        let _ = crate::model::ensure_prepared(&conn, dir, prepared, &eval);
    }
    Ok(Store { conn, path, built: true })
}

/// Makes the cache directory if need be and checks a store can be written there.
fn check_writable(dir: &Path) -> Result<(), StoreError> {
    let unwritable = |e: std::io::Error| StoreError::CacheUnwritable { dir: dir.to_owned(), reason: io_message(&e) };
    std::fs::create_dir_all(dir).map_err(unwritable)?;
    let probe = dir.join(format!(".probe.{}.tmp", std::process::id()));
    std::fs::File::create(&probe).map_err(unwritable)?;
    let _ = std::fs::remove_file(&probe);
    Ok(())
}

/// Whether every source the store read still has its recorded content.
/// The key and the version of tdq in `meta` must be this cache entry's and this tdq's (the key
/// covers the version, but a store carrying another version's meta is not what it claims).
fn is_fresh(conn: &Connection, key: &str) -> bool {
    let meta =
        |k: &str| -> Option<String> { conn.query_row("SELECT value FROM meta WHERE key = ?1", [k], |r| r.get(0)).ok() };
    if meta("cache_key").as_deref() != Some(key) || meta("tdq_version").as_deref() != Some(env!("CARGO_PKG_VERSION")) {
        return false;
    }
    if !has_every_table(conn) {
        return false;
    }
    let Ok(mut st) = conn.prepare("SELECT abs_path, hash FROM sources ORDER BY id") else {
        return false;
    };
    let Ok(rows) = st.query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?))) else {
        return false;
    };
    let mut any = false;
    for row in rows {
        let Ok((path, hash)) = row else { return false };
        match std::fs::read(&path) {
            Ok(bytes) if hash_hex(&bytes) == hash => any = true,
            _ => return false,
        }
    }
    any
}

/// Whether every table and view of a store is there (a file missing one is damaged, and the
/// queries that need it would fail).
fn has_every_table(conn: &Connection) -> bool {
    let wanted: Vec<&str> = schema::STORED_TABLES
        .iter()
        .chain(&["fields", "superclasses", "records_short", "records_long"])
        .copied()
        .collect();
    let Ok(mut st) = conn.prepare("SELECT count(*) FROM sqlite_schema WHERE name = ?1") else {
        return false;
    };
    wanted.iter().all(|name| st.query_row([name], |r| r.get::<_, i64>(0)).is_ok_and(|n| n == 1))
}

/// Evaluates `sources` as `tdq tblgen` would; errors come back as diagnostics.
pub fn evaluate(sources: &Sources) -> Result<Evaluation, StoreError> {
    let text = std::fs::read(&sources.root)
        .map_err(|e| StoreError::Io(format!("Could not open input file '{}': {}", sources.root, io_message(&e))))?;
    let eval = tdq_core::evaluate(&sources.root, text, &sources.options());
    if eval.parse_failed || eval.diags.has_errors() {
        return Err(StoreError::Evaluation(Box::new(EvaluationFailure { diags: eval.diags, sm: eval.sm })));
    }
    Ok(eval)
}

/// Writes the store for `eval` to `path` through a temporary file and a rename.
pub fn write_atomically(path: &Path, eval: &Evaluation, info: &BuildInfo) -> Result<(), StoreError> {
    let mut failure = None;
    let renamed = replace_atomically(path, |tmp| {
        write_store(tmp, eval, info).map_err(|e| {
            failure = Some(e);
            std::io::Error::other("the store was not written")
        })
    });
    match (failure, renamed) {
        (Some(e), _) => Err(StoreError::from(e)),
        (None, Err(e)) => Err(StoreError::Io(format!("{}: cannot write: {}", path.display(), io_message(&e)))),
        (None, Ok(())) => Ok(()),
    }
}

/// Replaces `path` with what `write` writes to a temporary file beside it (removed on failure
/// and by [`remove_temporaries`] when the process is interrupted), renamed over `path`.
pub fn replace_atomically(path: &Path, write: impl FnOnce(&Path) -> std::io::Result<()>) -> std::io::Result<()> {
    let dir = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let tmp = dir.join(format!(
        ".{}.{}.{}.tmp",
        path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default(),
        std::process::id(),
        SystemTime::now().duration_since(SystemTime::UNIX_EPOCH).map(|d| d.subsec_nanos()).unwrap_or(0)
    ));
    TEMPORARIES.lock().unwrap_or_else(|e| e.into_inner()).push(tmp.clone());
    let result = write(&tmp).and_then(|()| std::fs::rename(&tmp, path));
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    TEMPORARIES.lock().unwrap_or_else(|e| e.into_inner()).retain(|t| *t != tmp);
    result
}

/// The temporary files this process is writing, for [`remove_temporaries`].
static TEMPORARIES: std::sync::Mutex<Vec<PathBuf>> = std::sync::Mutex::new(Vec::new());

/// Removes the temporary files this process is writing (and SQLite's journals beside them):
/// what an interrupted process (Ctrl-C) does before it dies.
pub fn remove_temporaries() {
    for tmp in TEMPORARIES.lock().unwrap_or_else(|e| e.into_inner()).drain(..) {
        let _ = std::fs::remove_file(&tmp);
        let mut journal = tmp.into_os_string();
        journal.push("-journal");
        let _ = std::fs::remove_file(journal);
    }
}

/// Whether the temporary `name` (`.KEY.db.PID.NANOS.tmp`) was left by a process that is gone.
/// Only where `/proc` says which processes live; elsewhere the age rule alone applies.
fn writer_is_gone(name: &str) -> bool {
    let mut parts = name.rsplit('.');
    let (Some("tmp"), Some(_), Some(pid)) = (parts.next(), parts.next(), parts.next()) else { return false };
    let Ok(pid) = pid.parse::<u32>() else { return false };
    pid != std::process::id() && Path::new("/proc/self").exists() && !Path::new("/proc").join(pid.to_string()).exists()
}

/// Removes temporaries left by builds that were killed: those whose process is gone, and any
/// older than an hour (a build in progress elsewhere is younger).
pub fn remove_stale_temporaries(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let now = SystemTime::now();
    for e in entries.flatten() {
        let name = e.file_name();
        let name = name.to_string_lossy();
        if !(name.starts_with('.') && (name.ends_with(".tmp") || name.ends_with(".side"))) {
            continue;
        }
        let old = e
            .metadata()
            .and_then(|m| m.modified())
            .map(|t| now.duration_since(t).unwrap_or_default() > Duration::from_secs(3600))
            .unwrap_or(false);
        if old || writer_is_gone(&name) {
            let _ = std::fs::remove_file(e.path());
        }
    }
}

/// An I/O error without Rust's " (os error N)" suffix, as LLVM words it.
fn io_message(e: &std::io::Error) -> String {
    let text = e.to_string();
    match text.rfind(" (os error ") {
        Some(at) => text[..at].to_string(),
        None => text,
    }
}
