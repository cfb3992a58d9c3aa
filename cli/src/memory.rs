//! The memory bound (`--max-memory`): the main thread watches the process's resident memory
//! (see `crate::watch`), and once it passes the bound the evaluation stops at what it is evaluating, with an error there.
//!
//! The bound is, first that says: `--max-memory SIZE`, the environment variable [`ENV`],
//! `max-memory` in tdq.toml's `[limits]` (for commands that read tdq.toml), else half of the
//! machine's memory (or of the cgroup's limit, when lower). `none` removes it.
//!
//! Past the bound the watcher sets core's flag ([`tdq_core::limits::set_memory_exceeded`]): the
//! evaluator checks it at every record, loop iteration, `!foreach`/`!foldl` step and
//! instantiation, so it stops within milliseconds with `file:line:col: error: memory use exceeds
//! the limit of 4 GiB (raise it with --max-memory SIZE)`. Work that has no such points (a
//! backend, a store being written) is stopped by the watcher itself once the memory passes the
//! bound by half again: it prints the error and exits with status 1.

use std::sync::OnceLock;
use std::time::Duration;
use tdq_core::limits::{format_size, memory_message, parse_size, set_memory_exceeded};

/// The environment variable that sets the bound (as `--max-memory` does).
pub const ENV: &str = "TDQ_MAX_MEMORY";

/// How often the resident memory is read (a read of `/proc/self/statm`, a few µs).
pub const POLL: Duration = Duration::from_millis(10);

/// The bound this process runs under, once [`start`] has set it (`None`: unbounded).
static BOUND: OnceLock<Option<u64>> = OnceLock::new();

/// Checks a `--max-memory` value (clap's value parser): a size, a percentage of the machine's
/// memory, or `none`.
pub fn parse_bound(text: &str) -> Result<String, String> {
    bound_of(text).map(|_| text.to_string())
}

/// The bound `text` asks for: `none` (or `off`, `unlimited`) for none, `N%` of the machine's
/// memory, or a size (`4G`, `512M`, bytes).
fn bound_of(text: &str) -> Result<Option<u64>, String> {
    let t = text.trim();
    if matches!(t.to_ascii_lowercase().as_str(), "none" | "off" | "unlimited") {
        return Ok(None);
    }
    if let Some(percent) = t.strip_suffix('%') {
        let p: f64 = percent.trim().parse().map_err(|_| format!("'{text}' is not a percentage of the memory"))?;
        if !(p > 0.0 && p <= 100.0) {
            return Err(format!("'{text}' is not a percentage between 0 and 100"));
        }
        return Ok(Some((machine_memory() as f64 * p / 100.0) as u64));
    }
    match parse_size(t)? {
        0 => Err("a memory bound of 0 bytes leaves nothing to evaluate with (`none` removes the bound)".to_string()),
        n => Ok(Some(n)),
    }
}

/// What a `--max-memory` flag and tdq.toml's `max-memory` ask for, in that order after the
/// environment variable: the bound, or the error to print (the value and where it came from).
pub fn choose(flag: Option<&str>, config: Option<&str>) -> Result<Option<u64>, String> {
    if let Some(flag) = flag {
        return bound_of(flag).map_err(|e| format!("--max-memory: {e}"));
    }
    if let Ok(env) = std::env::var(ENV) {
        return bound_of(&env).map_err(|e| format!("{ENV}: {e}"));
    }
    if let Some(config) = config {
        return bound_of(config).map_err(|e| format!("max-memory in tdq.toml: {e}"));
    }
    Ok(Some(default_bound()))
}

/// Half of the machine's memory.
pub fn default_bound() -> u64 {
    machine_memory() / 2
}

/// The memory this process may use at most: the machine's, or its cgroup's limit when lower.
fn machine_memory() -> u64 {
    let total = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|m| {
            let line = m.lines().find(|l| l.starts_with("MemTotal:"))?;
            let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
            Some(kib << 10)
        })
        .unwrap_or(8 << 30);
    let cgroup = std::fs::read_to_string("/sys/fs/cgroup/memory.max").ok().and_then(|t| t.trim().parse::<u64>().ok());
    cgroup.map_or(total, |c| c.min(total))
}

/// Starts watching the process's memory against `bound` (the first call decides; later ones,
/// such as a second evaluation of the same command, change nothing).
pub fn start(bound: Option<u64>) {
    BOUND.get_or_init(|| bound);
}

/// The watcher's state.
#[derive(Default)]
pub struct Watcher {
    /// Whether core's flag is set.
    flagged: bool,
    /// Whether the memory cannot be read here (no `/proc`): nothing more to watch.
    blind: bool,
}

impl Watcher {
    /// Reads the memory, if a bound was set: sets core's flag past the bound, and ends the
    /// process past it by half again. Called every [`POLL`].
    pub fn step(&mut self) {
        let Some(Some(bound)) = BOUND.get().copied() else { return };
        if self.blind {
            return;
        }
        let Some(resident) = resident_memory() else {
            self.blind = true;
            return;
        };
        if resident > bound && !self.flagged {
            set_memory_exceeded(bound);
            self.flagged = true;
        }
        if resident > bound.saturating_add(bound / 2) {
            tdq_store::cache::remove_temporaries();
            let message =
                memory_message(bound).replacen("memory use", &format!("memory use ({})", format_size(resident)), 1);
            eprintln!("tdq: error: {message}");
            std::process::exit(crate::exit_codes::FAILURE);
        }
    }
}

/// The process's resident memory in bytes (`/proc/self/statm`), where there is one.
fn resident_memory() -> Option<u64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    // SAFETY: sysconf only reads a configuration value.
    let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    Some(pages * u64::try_from(page).unwrap_or(4096))
}
