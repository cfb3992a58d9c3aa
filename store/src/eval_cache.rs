//! `tdq tblgen`'s evaluation cache: a [`snapshot`] of each evaluation, so that the next
//! command on the same sources loads the records instead of evaluating them again.
//!
//! LLVM's build runs TableGen many times on the same root: `Intrinsics.td` 21 times (one
//! `-gen-intrinsic-enums` per target), each target's root once per backend. After the first,
//! each of those loads its records from the snapshot (Intrinsics.td: about a quarter of the
//! evaluation's time).
//!
//! - Where: `tblgen/` in the cache directory ([`crate::cache::cache_dir`]: `$TDQ_CACHE_DIR`, else
//!   `$XDG_CACHE_HOME/tdq` or `~/.cache/tdq`), one file per root file (its canonical path, however
//!   a command spells it), options (`-D`, release, limits, warnings) and tdq executable.
//! - When it is used: the snapshot names the same key, and every source it read still has the
//!   same contents and is still the file its `include` finds from this command (its `-I`
//!   directories and working directory): [`snapshot::load`]. The loaded sources are named as
//!   this command names them, which is all that the spelling of their paths decides (messages,
//!   depfiles), so clang's build, which names `Attr.td` seven ways with as many `-I` lists,
//!   evaluates it once.
//! - What is kept: evaluations that said nothing (no error, warning or dump: a snapshot replays
//!   no diagnostics) and read at least [`AUTO_MIN_SOURCE_BYTES`] of sources (smaller ones
//!   evaluate about as fast as they load; clang's `arm_mve.td`, 86 KB that five commands
//!   evaluate, takes 6.6 ms to evaluate and 1.7 ms to load, `arm_sve.td`'s 236 KB 9.4 and 2.5). The directory is kept under [`MAX_BYTES`], the
//!   least recently used snapshots removed first.
//! - `TDQ_TBLGEN_CACHE=off` turns it off; `=always` keeps every evaluation that said nothing,
//!   whatever its size.
//!
//! Snapshots are written to a temporary file and renamed into place, so parallel commands (a
//! build's `-j`) each see a whole snapshot or none; of commands that evaluated the same sources
//! at once, one writes it ([`Claim`]). Failing to read or write one is never an
//! error: the command evaluates the sources as it would without a cache.

use crate::snapshot::{self, SnapshotError};
use crate::sources_hash::hash_hex;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};
use tdq_core::{Evaluation, Options};

/// The least source text worth a snapshot when `TDQ_TBLGEN_CACHE` is not `always`.
pub const AUTO_MIN_SOURCE_BYTES: usize = 64 << 10;
/// The most the snapshots may take together (AMDGPU's is about a tenth of this).
pub const MAX_BYTES: u64 = 4 << 30;

/// What `TDQ_TBLGEN_CACHE` asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Off,
    /// Evaluations of at least [`AUTO_MIN_SOURCE_BYTES`] (the default).
    Auto,
    Always,
}

impl Mode {
    pub fn from_env() -> Mode {
        match std::env::var("TDQ_TBLGEN_CACHE").as_deref() {
            Ok("off") | Ok("0") => Mode::Off,
            Ok("always") => Mode::Always,
            _ => Mode::Auto,
        }
    }
}

/// The cache entry of one command's evaluation.
pub struct EvalCache {
    mode: Mode,
    path: PathBuf,
    /// Everything the evaluation depends on besides the sources, in full (the file is named by
    /// its hash; the snapshot holds it, so that a hash collision is no hit). Not the `-I`
    /// directories nor how the root is spelled: the snapshot is used under any that find every
    /// include where it was found (RISC-V's target parser and exegesis commands list different
    /// ones; clang's build spells `Attr.td` seven ways).
    key: String,
    /// When the command looked for the snapshot.
    started: SystemTime,
}

impl EvalCache {
    /// The entry for evaluating `root` (a path, not the standard input) with `opts`, or `None`
    /// when the cache is off or this tdq cannot tell its own executable apart.
    pub fn new(root: &str, opts: &Options, mode: Mode) -> Option<EvalCache> {
        if mode == Mode::Off || opts.trace {
            return None;
        }
        let exe = std::env::current_exe().and_then(std::fs::metadata).ok()?;
        let built = exe.modified().ok()?.duration_since(SystemTime::UNIX_EPOCH).ok()?;
        let mut key = format!(
            "tdq-tblgen\0{}\0{}.{}\0{}\0{}",
            env!("CARGO_PKG_VERSION"),
            built.as_nanos(),
            exe.len(),
            snapshot::canonical(root).ok()?,
            opts.release
        );
        for d in &opts.defines {
            key.push_str("\0-D");
            key.push_str(d);
        }
        key.push_str(&format!("\0{}\0{:?}", opts.no_warn_on_unused_template_args, opts.limits));
        let path = crate::cache::cache_dir().join("tblgen").join(format!("{}.snap", hash_hex(key.as_bytes())));
        Some(EvalCache { mode, path, key, started: SystemTime::now() })
    }

    /// The cached evaluation, if there is one and it is still the sources' (`root` is the root
    /// file as the command names it, `root_text` its contents as just read). Must run on the
    /// thread that will use the values. Without `records`, the evaluation has none
    /// ([`snapshot::load_without_records`]).
    pub fn load(
        &self,
        root: &str,
        root_text: &[u8],
        opts: &Options,
        records: bool,
    ) -> Result<Evaluation, SnapshotError> {
        let bytes = std::fs::read(&self.path).map_err(|e| SnapshotError::Stale(e.to_string()))?;
        let sources = snapshot::Sources {
            root_path: root,
            root_text,
            include_dirs: &opts.include_dirs,
            max_file: opts.limits.get(tdq_core::limits::Limit::FileSize),
        };
        let eval = if records {
            snapshot::load(bytes, &self.key, sources)?
        } else {
            snapshot::load_without_records(bytes, &self.key, sources)?
        };
        // Most recently used: the last to be removed when the cache is full.
        if let Ok(file) = std::fs::File::options().write(true).open(&self.path) {
            let _ = file.set_modified(SystemTime::now());
        }
        Ok(eval)
    }

    /// Whether `eval` is to be kept: it can be ([`snapshot::can_snapshot`]) and is worth it.
    pub fn wants(&self, eval: &Evaluation) -> bool {
        let source_bytes = || eval.sm.files.iter().map(|f| f.text.len()).sum::<usize>();
        snapshot::can_snapshot(eval) && (self.mode == Mode::Always || source_bytes() >= AUTO_MIN_SOURCE_BYTES)
    }

    /// Keeps `eval` if it is to be kept ([`Self::wants`]) and can be written; quietly does
    /// nothing otherwise.
    pub fn store(&self, eval: &Evaluation) {
        if !self.wants(eval) {
            return;
        }
        let Some(dir) = self.path.parent() else { return };
        if std::fs::create_dir_all(dir).is_err() {
            return;
        }
        // Commands started together on the same sources (a build's `-j`) all evaluate them; one
        // writes the snapshot, and none once another has written it meanwhile.
        let written_meanwhile =
            std::fs::metadata(&self.path).and_then(|m| m.modified()).is_ok_and(|t| t > self.started);
        let Some(_claim) = (!written_meanwhile).then(|| Claim::take(&self.path)).flatten() else { return };
        crate::cache::remove_stale_temporaries(dir);
        let written = crate::cache::replace_atomically(&self.path, |tmp| {
            let mut file = std::io::BufWriter::with_capacity(256 << 10, std::fs::File::create(tmp)?);
            snapshot::write(eval, &self.key, &mut file)?;
            // Not synced: a snapshot cut short by a crash is damaged, and damaged is evaluated.
            file.flush()
        });
        if written.is_ok() {
            trim(dir, MAX_BYTES);
        }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// The right to write one snapshot: a file beside it made with `create_new`, removed when the
/// writing ends. A claim older than [`CLAIM_EXPIRES`] is a writer that died, and is taken over.
struct Claim(PathBuf);

/// Longer than writing any snapshot takes (AMDGPU's: well under a second).
const CLAIM_EXPIRES: Duration = Duration::from_secs(600);

impl Claim {
    fn take(snapshot: &Path) -> Option<Claim> {
        let name = snapshot.file_name()?.to_string_lossy().into_owned();
        let path = snapshot.with_file_name(format!(".{name}.writing"));
        let create = || std::fs::File::options().write(true).create_new(true).open(&path);
        if create().is_ok() {
            return Some(Claim(path));
        }
        let age = std::fs::metadata(&path).and_then(|m| m.modified()).ok()?.elapsed().ok()?;
        if age > CLAIM_EXPIRES && std::fs::remove_file(&path).is_ok() && create().is_ok() {
            return Some(Claim(path));
        }
        None
    }
}

impl Drop for Claim {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// Removes the least recently used snapshots in `dir` until they take at most `max` bytes.
fn trim(dir: &Path, max: u64) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut snapshots: Vec<(SystemTime, u64, PathBuf)> = entries
        .flatten()
        .filter(|e| e.path().extension().is_some_and(|x| x == "snap"))
        .filter_map(|e| {
            let meta = e.metadata().ok()?;
            Some((meta.modified().ok()?, meta.len(), e.path()))
        })
        .collect();
    let mut total: u64 = snapshots.iter().map(|s| s.1).sum();
    snapshots.sort();
    for (_, len, path) in snapshots {
        if total <= max {
            break;
        }
        if std::fs::remove_file(&path).is_ok() {
            total -= len;
        }
    }
}
