//! What the cache directory holds, for `tdq cache`: the stores (`KEY.db`, [`crate::cache`]),
//! `tdq tblgen`'s snapshots (`tblgen/KEY.snap`, [`crate::eval_cache`]) and the model tables
//! (`model/KEY-GROUP.db`, [`crate::model`]), each with its size, when
//! it was last used and the sources it holds; and which of them a prune removes.

use rusqlite::{Connection, OpenFlags};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

/// What a cache entry is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EntryKind {
    /// A store of the SQL commands.
    Store,
    /// A snapshot of `tdq tblgen`'s evaluation cache.
    Snapshot,
    /// A group of a store's model tables ([`crate::model`]).
    Model,
}

impl EntryKind {
    pub fn name(self) -> &'static str {
        match self {
            EntryKind::Store => "store",
            EntryKind::Snapshot => "tblgen",
            EntryKind::Model => "model",
        }
    }
}

/// One file of the cache.
#[derive(Clone, Debug)]
pub struct CacheEntry {
    pub kind: EntryKind,
    pub path: PathBuf,
    pub bytes: u64,
    /// When it was last written or used (the later of its modification and access times: a
    /// store's use sets the one, a snapshot's the other).
    pub used: SystemTime,
    /// The root file it was evaluated from (absolute where known) and the release.
    pub sources: String,
}

/// Every store and snapshot in the cache directory `dir`, least recently used first.
pub fn entries(dir: &Path) -> Vec<CacheEntry> {
    let mut out = Vec::new();
    let files = |d: &Path, ext: &str| -> Vec<(PathBuf, std::fs::Metadata)> {
        let Ok(rd) = std::fs::read_dir(d) else { return Vec::new() };
        rd.flatten()
            .filter(|e| e.path().extension().is_some_and(|x| x == ext))
            .filter(|e| !e.file_name().to_string_lossy().starts_with('.'))
            .filter_map(|e| Some((e.path(), e.metadata().ok()?)))
            .filter(|(_, m)| m.is_file())
            .collect()
    };
    for (path, meta) in files(dir, "db") {
        let sources = store_sources(&path).unwrap_or_else(|| "(not a store of this tdq)".to_string());
        out.push(entry(EntryKind::Store, path, &meta, sources));
    }
    for (path, meta) in files(&dir.join("tblgen"), "snap") {
        let sources = snapshot_sources(&path).unwrap_or_else(|| "(not a snapshot of this tdq)".to_string());
        out.push(entry(EntryKind::Snapshot, path, &meta, sources));
    }
    for (path, meta) in files(&dir.join("model"), "db") {
        let sources =
            crate::model::describe_file(&path).unwrap_or_else(|| "(not model tables of this tdq)".to_string());
        out.push(entry(EntryKind::Model, path, &meta, sources));
    }
    out.sort_by(|a, b| a.used.cmp(&b.used).then_with(|| a.path.cmp(&b.path)));
    out
}

fn entry(kind: EntryKind, path: PathBuf, meta: &std::fs::Metadata, sources: String) -> CacheEntry {
    // Reading it to list it is no use: its access time goes back to what it was.
    if let (Ok(accessed), Ok(file)) = (meta.accessed(), std::fs::File::options().write(true).open(&path)) {
        let _ = file.set_times(std::fs::FileTimes::new().set_accessed(accessed));
    }
    let modified = meta.modified().unwrap_or(SystemTime::UNIX_EPOCH);
    let used = meta.accessed().map_or(modified, |a| a.max(modified));
    CacheEntry { kind, path, bytes: meta.len(), used, sources }
}

/// A store's root file (the first source's absolute path) and release, from its tables.
fn store_sources(path: &Path) -> Option<String> {
    let uri = format!("file:{}?immutable=1", path.display());
    let conn = Connection::open_with_flags(uri, OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_URI).ok()?;
    sources_of(&conn)
}

/// The sources of the store on `conn` as `tdq cache` shows them: its root file, `-I`
/// directories and release (what a model file of the store records too).
pub(crate) fn sources_of(conn: &Connection) -> Option<String> {
    let meta =
        |k: &str| -> Option<String> { conn.query_row("SELECT value FROM meta WHERE key = ?1", [k], |r| r.get(0)).ok() };
    let root: String = conn
        .query_row("SELECT abs_path FROM sources ORDER BY id LIMIT 1", [], |r| r.get(0))
        .ok()
        .or_else(|| meta("root"))?;
    let mut text = root;
    // A cached store's directories are relative to its base (`cache::Canonical`): shown whole.
    let base = meta("base").filter(|b| !b.is_empty()).map(PathBuf::from);
    if let Some(dirs) = meta("include_dirs").and_then(|d| serde_json::from_str::<Vec<String>>(&d).ok()) {
        for d in dirs {
            let d = base.as_ref().map_or_else(|| d.clone(), |b| b.join(&d).display().to_string());
            text.push_str(&format!(" -I {d}"));
        }
    }
    if let Some(release) = meta("llvm_version") {
        text.push_str(&format!(" (LLVM {release})"));
    }
    Some(text)
}

/// A snapshot's root file and release, from the key it starts with.
fn snapshot_sources(path: &Path) -> Option<String> {
    let mut head = Vec::with_capacity(4096);
    std::fs::File::open(path).ok()?.take(4096).read_to_end(&mut head).ok()?;
    let key = crate::snapshot::key_of(&head)?;
    // "tdq-tblgen", version, executable, root (canonical), release, ...
    let parts: Vec<&str> = key.split('\0').collect();
    let (root, release) = (parts.get(3)?, parts.get(4));
    Some(match release {
        Some(r) => format!("{root} (LLVM {r})"),
        None => root.to_string(),
    })
}

/// What to prune: entries last used longer ago than `older_than`, then, least recently used
/// first, as many more as it takes to leave at most `max_bytes`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Prune {
    pub older_than: Option<Duration>,
    pub max_bytes: Option<u64>,
}

/// The entries (of `entries`' order, least recently used first) that `prune` removes, as of `now`.
pub fn to_prune(entries: &[CacheEntry], prune: Prune, now: SystemTime) -> Vec<usize> {
    let mut out: Vec<usize> = Vec::new();
    if let Some(age) = prune.older_than {
        out.extend(
            entries
                .iter()
                .enumerate()
                .filter(|(_, e)| now.duration_since(e.used).unwrap_or_default() > age)
                .map(|(i, _)| i),
        );
    }
    if let Some(max) = prune.max_bytes {
        let mut kept: u64 = entries.iter().enumerate().filter(|(i, _)| !out.contains(i)).map(|(_, e)| e.bytes).sum();
        for (i, e) in entries.iter().enumerate() {
            if kept <= max {
                break;
            }
            if !out.contains(&i) {
                out.push(i);
                kept -= e.bytes;
            }
        }
    }
    out.sort_unstable();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn e(bytes: u64, age_s: u64, now: SystemTime) -> CacheEntry {
        CacheEntry {
            kind: EntryKind::Store,
            path: PathBuf::new(),
            bytes,
            used: now - Duration::from_secs(age_s),
            sources: String::new(),
        }
    }

    #[test]
    fn prunes_old_then_least_recently_used() {
        let now = SystemTime::now();
        // Least recently used first, as `entries` sorts them.
        let list = [e(100, 300, now), e(50, 200, now), e(30, 100, now), e(10, 0, now)];
        let older = Prune { older_than: Some(Duration::from_secs(150)), max_bytes: None };
        assert_eq!(to_prune(&list, older, now), vec![0, 1]);
        let size = Prune { older_than: None, max_bytes: Some(45) };
        assert_eq!(to_prune(&list, size, now), vec![0, 1]);
        let both = Prune { older_than: Some(Duration::from_secs(250)), max_bytes: Some(30) };
        assert_eq!(to_prune(&list, both, now), vec![0, 1, 2]);
        assert!(to_prune(&list, Prune::default(), now).is_empty());
    }
}
