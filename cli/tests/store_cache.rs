//! The store cache under stress: when a query builds the store and when it reuses it, damaged
//! cache files, several processes at once, a build killed half-way, and user SQL that tries
//! to change the store or reach other files.
//!
//! Every answer is checked against llvm-tblgen 19: the defs whose `isCall` is 1 in its
//! `--dump-json` of the same sources.

use rusqlite::Connection;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant, SystemTime};
use tdq_tests::{for_each_dump_json_def, llvm_dump_json};

const QUERY: &str = "select name from records where isCall = 1 order by name";

const ROOT_TD: &str = "include \"part.td\"\n\
class Instr { bit isCall = 0; int Size = 4; }\n\
def NOP : Instr;\n\
def CALL : Instr { let isCall = 1; }\n\
#ifdef EXTRA\n\
def EXTRA_CALL : Instr { let isCall = 1; }\n\
#endif\n";

const PART_TD: &str = "class Part { string Unit = \"alu\"; }\n";

/// A working directory with `root.td` and `inc/part.td`, and a cache directory of its own.
struct Sandbox {
    work: tempfile::TempDir,
    cache: tempfile::TempDir,
}

impl Sandbox {
    fn new(root_td: &str) -> Sandbox {
        let sb = Sandbox { work: tempfile::tempdir().expect("tempdir"), cache: tempfile::tempdir().expect("tempdir") };
        sb.write("root.td", root_td);
        sb.write("inc/part.td", PART_TD);
        sb
    }

    fn write(&self, name: &str, text: &str) {
        let path = self.work.path().join(name);
        std::fs::create_dir_all(path.parent().expect("a parent")).expect("mkdir");
        std::fs::write(path, text).expect("write");
    }

    fn command(&self, extra: &[&str], sql: &str) -> Command {
        let mut c = Command::new(env!("CARGO_BIN_EXE_tdq"));
        c.env("TDQ_LLVM_VERSION", "19");
        c.current_dir(self.work.path())
            .env("TDQ_CACHE_DIR", self.cache.path())
            .args(["--td", "root.td", "-I", "inc", "--format", "tsv"])
            .args(extra)
            .arg(sql)
            .stdin(Stdio::null());
        c
    }

    fn run(&self, extra: &[&str], sql: &str) -> Output {
        self.command(extra, sql).output().expect("running tdq")
    }

    /// Runs QUERY with `--timing`; returns the names it printed and whether it built the store.
    fn query(&self, defines: &[&str]) -> (BTreeSet<String>, bool) {
        let mut extra = vec!["--timing"];
        for d in defines {
            extra.extend(["-D", d]);
        }
        let out = self.run(&extra, QUERY);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "tdq failed: {stderr}");
        let built = match stderr.lines().find(|l| l.starts_with("store: ")) {
            Some(l) if l.contains("(built)") => true,
            Some(l) if l.contains("(cached)") => false,
            _ => panic!("no store line in --timing's report: {stderr}"),
        };
        (names(&out.stdout), built)
    }

    /// The defs llvm-tblgen 19 says have `isCall = 1`.
    fn expected(&self, defines: &[&str]) -> BTreeSet<String> {
        let mut args: Vec<String> = vec!["-I".into(), self.work.path().join("inc").display().to_string()];
        for d in defines {
            args.push(format!("-D{d}"));
        }
        args.push(self.work.path().join("root.td").display().to_string());
        let json = self.cache.path().join("expected.json.tmp");
        llvm_dump_json(&args, &json);
        let mut calls = BTreeSet::new();
        for_each_dump_json_def(&json, &mut |name, def| {
            if def["isCall"] == 1 {
                calls.insert(name);
            }
        });
        std::fs::remove_file(&json).expect("remove");
        assert!(!calls.is_empty(), "the test needs calls");
        calls
    }

    /// The cache's stores (`KEY.db`), temporaries left aside.
    fn stores(&self) -> Vec<PathBuf> {
        let mut out: Vec<PathBuf> = std::fs::read_dir(self.cache.path())
            .expect("the cache directory")
            .map(|e| e.expect("an entry").path())
            .filter(|p| p.extension().is_some_and(|e| e == "db") && !is_temporary(p))
            .collect();
        out.sort();
        out
    }

    fn only_store(&self) -> PathBuf {
        let stores = self.stores();
        assert_eq!(stores.len(), 1, "{stores:?}");
        stores[0].clone()
    }
}

fn is_temporary(p: &Path) -> bool {
    p.file_name().is_some_and(|n| n.to_string_lossy().starts_with('.'))
}

/// The names of a TSV result, header dropped.
fn names(stdout: &[u8]) -> BTreeSet<String> {
    String::from_utf8_lossy(stdout).lines().skip(1).map(String::from).collect()
}

fn mtime(p: &Path) -> SystemTime {
    std::fs::metadata(p).and_then(|m| m.modified()).expect("mtime")
}

/// Whether `p` is a complete, undamaged SQLite file of tdq's.
fn assert_sound_store(p: &Path) {
    let conn = Connection::open_with_flags(p, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY).expect("open");
    let check: String = conn.query_row("PRAGMA integrity_check", [], |r| r.get(0)).expect("integrity_check");
    assert_eq!(check, "ok", "{}", p.display());
    tdq_store::load::check_store(&conn).expect("a tdq store");
    let n: i64 = conn.query_row("SELECT count(*) FROM records", [], |r| r.get(0)).expect("records");
    assert!(n > 0);
}

#[test]
fn the_second_query_reuses_the_store() {
    let sb = Sandbox::new(ROOT_TD);
    let want = sb.expected(&[]);
    assert_eq!(sb.query(&[]), (want.clone(), true));
    let store = sb.only_store();
    let built_at = mtime(&store);
    std::thread::sleep(Duration::from_millis(20));
    assert_eq!(sb.query(&[]), (want.clone(), false));
    assert_eq!(mtime(&store), built_at, "a cached query rewrote the store");
    // A file touched but not changed does not rebuild it: freshness is content, not time.
    let part = sb.work.path().join("inc/part.td");
    std::fs::File::options().write(true).open(&part).expect("open").set_modified(SystemTime::now()).expect("touch");
    assert_eq!(sb.query(&[]), (want, false));
    assert_eq!(mtime(&store), built_at);
}

#[test]
fn editing_an_included_file_rebuilds() {
    let sb = Sandbox::new(ROOT_TD);
    assert!(sb.query(&[]).1);
    sb.write("inc/part.td", &format!("{PART_TD}class Instr2 {{ bit isCall = 1; }}\ndef FAR_CALL : Instr2;\n"));
    let want = sb.expected(&[]);
    assert!(want.contains("FAR_CALL"));
    assert_eq!(sb.query(&[]), (want.clone(), true));
    assert_eq!(sb.query(&[]), (want, false));
    // Back to the first content: rebuilt again (one store per sources and options).
    sb.write("inc/part.td", PART_TD);
    assert_eq!(sb.query(&[]), (sb.expected(&[]), true));
    assert_eq!(sb.stores().len(), 1);
}

#[test]
fn changing_defines_rebuilds() {
    let sb = Sandbox::new(ROOT_TD);
    let (plain, extra) = (sb.expected(&[]), sb.expected(&["EXTRA"]));
    assert_ne!(plain, extra);
    assert_eq!(sb.query(&[]), (plain.clone(), true));
    assert_eq!(sb.query(&["EXTRA"]), (extra.clone(), true));
    assert_eq!(sb.query(&[]), (plain, false));
    assert_eq!(sb.query(&["EXTRA"]), (extra, false));
    assert_eq!(sb.stores().len(), 2);
}

/// Ways a cache file can be wrong. Each must be noticed, and the store rebuilt.
const DAMAGES: &[&str] = &[
    "zero bytes",
    "truncated to 100 bytes",
    "truncated to half",
    "last page cut off",
    "random bytes",
    "random bytes after the first page",
    "random bytes over every page but the first",
    "the pages of records overwritten",
    "a text file",
    "a SQLite database of another schema",
    "an empty SQLite database with tdq's ids",
    "another schema version",
    "another tdq version in meta",
    "another cache key in meta",
    "no meta table",
    "no records table",
    "a source hash that does not match",
    "the store of other options",
];

/// A fixed pseudo-random byte stream (xorshift), so a failure can be replayed.
fn noise(len: usize, seed: u64) -> Vec<u8> {
    let mut x = seed | 1;
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x as u8
        })
        .collect()
}

fn damage(sb: &Sandbox, store: &Path, how: &str) {
    let bytes = std::fs::read(store).expect("read the store");
    let sql = |sql: &str| {
        let conn = Connection::open(store).expect("open");
        conn.execute_batch(sql).unwrap_or_else(|e| panic!("{how}: {sql}: {e}"));
    };
    match how {
        "zero bytes" => std::fs::write(store, b"").expect("write"),
        "truncated to 100 bytes" => std::fs::write(store, &bytes[..100]).expect("write"),
        "truncated to half" => std::fs::write(store, &bytes[..bytes.len() / 2]).expect("write"),
        "last page cut off" => std::fs::write(store, &bytes[..bytes.len() - 16384]).expect("write"),
        "random bytes" => std::fs::write(store, noise(bytes.len(), 7)).expect("write"),
        "random bytes after the first page" => {
            let mut b = bytes[..16384].to_vec();
            b.extend(noise(bytes.len() - 16384, 11));
            std::fs::write(store, b).expect("write")
        }
        "random bytes over every page but the first" => {
            // Each page keeps its first bytes (page headers), the rest is noise.
            let mut b = bytes.clone();
            for (i, page) in b.chunks_mut(16384).enumerate().skip(1) {
                let len = page.len();
                page[64..].copy_from_slice(&noise(len - 64, i as u64));
            }
            std::fs::write(store, b).expect("write")
        }
        "the pages of records overwritten" => {
            // Damage the freshness check does not read: meta, sources and the schema are intact.
            let conn = Connection::open(store).expect("open");
            let root: usize = conn
                .query_row("SELECT rootpage FROM sqlite_schema WHERE name = 'records_short'", [], |r| r.get(0))
                .expect("records_short");
            drop(conn);
            let mut b = bytes.clone();
            // Zeros: not a valid b-tree page, so SQLite reports the damage.
            b[(root - 1) * 16384..root * 16384].fill(0);
            std::fs::write(store, b).expect("write")
        }
        "a text file" => std::fs::write(store, "def CALL;\n").expect("write"),
        "a SQLite database of another schema" => {
            std::fs::remove_file(store).expect("remove");
            sql("CREATE TABLE records(name TEXT, isCall INTEGER); INSERT INTO records VALUES ('WRONG', 1);");
        }
        "an empty SQLite database with tdq's ids" => {
            std::fs::remove_file(store).expect("remove");
            sql(&format!(
                "PRAGMA application_id = {}; PRAGMA user_version = {}; CREATE TABLE x(y);",
                tdq_store::schema::APPLICATION_ID,
                tdq_store::schema::SCHEMA_VERSION
            ));
        }
        "another schema version" => sql("PRAGMA user_version = 999;"),
        "another tdq version in meta" => sql("UPDATE meta SET value = '0.0.0-old' WHERE key = 'tdq_version';"),
        "another cache key in meta" => sql("UPDATE meta SET value = 'feedface' WHERE key = 'cache_key';"),
        "no meta table" => sql("DROP TABLE meta;"),
        "no records table" => sql("DROP VIEW records; DROP TABLE records_short;"),
        "a source hash that does not match" => {
            sql("UPDATE sources SET hash = '0000' WHERE id = (SELECT max(id) FROM sources);")
        }
        "the store of other options" => {
            let out = sb.run(&["-D", "EXTRA"], "select 1");
            assert!(out.status.success());
            let other = sb.stores().into_iter().find(|p| p != store).expect("the -D EXTRA store");
            std::fs::rename(other, store).expect("rename");
        }
        other => panic!("unknown damage {other}"),
    }
}

#[test]
fn damaged_stores_are_rebuilt() {
    let sb = Sandbox::new(ROOT_TD);
    let want = sb.expected(&[]);
    let mut failures = Vec::new();
    for how in DAMAGES {
        sb.query(&[]);
        let store = sb.only_store();
        damage(&sb, &store, how);
        let out = sb.run(&["--timing"], QUERY);
        let stderr = String::from_utf8_lossy(&out.stderr);
        if !out.status.success() || names(&out.stdout) != want || !stderr.contains("(built)") {
            failures.push(format!(
                "{how}: status {:?}, stdout {:?}, stderr {stderr}",
                out.status.code(),
                String::from_utf8_lossy(&out.stdout)
            ));
            let _ = std::fs::remove_file(&store);
            continue;
        }
        assert_sound_store(&sb.only_store());
        if sb.query(&[]) != (want.clone(), false) {
            failures.push(format!("{how}: the rebuilt store is not reused"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A description big enough that building its store takes a while (tens of thousands of defs).
fn big_td(defs: usize) -> String {
    format!(
        "{ROOT_TD}class Op<int n> : Instr {{ let isCall = !eq(!and(n, 7), 3); let Size = n; \
         string Asm = \"op\" # n; list<int> L = [n, !add(n, 1), !mul(n, 2)]; }}\n\
         foreach i = 0...{} in def OP # i : Op<i>;\n",
        defs - 1
    )
}

#[test]
fn concurrent_processes_agree() {
    let sb = Sandbox::new(&big_td(20_000));
    let want = sb.expected(&[]);
    for round in ["empty cache", "stale store", "fresh store"] {
        if round == "stale store" {
            sb.write("inc/part.td", &format!("{PART_TD}def LATE_CALL {{ bit isCall = 1; }}\n"));
        }
        let want = if round == "empty cache" { want.clone() } else { sb.expected(&[]) };
        let children: Vec<_> = (0..8)
            .map(|_| sb.command(&[], QUERY).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("spawn"))
            .collect();
        for (i, child) in children.into_iter().enumerate() {
            let out = child.wait_with_output().expect("wait");
            assert!(out.status.success(), "{round}, process {i}: {}", String::from_utf8_lossy(&out.stderr));
            assert_eq!(names(&out.stdout), want, "{round}, process {i}");
        }
        assert_sound_store(&sb.only_store());
    }
}

/// Waits until a build has started writing a temporary store, up to a minute.
fn wait_for_temporary(cache: &Path) -> bool {
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(60) {
        let writing = std::fs::read_dir(cache).into_iter().flatten().flatten().any(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            name.starts_with('.') && name.ends_with(".tmp") && e.metadata().is_ok_and(|m| m.len() > 0)
        });
        if writing {
            return true;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    false
}

#[test]
fn a_build_killed_half_way_leaves_the_old_store_or_none() {
    let sb = Sandbox::new(&big_td(60_000));
    let want = sb.expected(&[]);
    // No store yet: killed while writing (at once, then a little later), nothing is left
    // under the store's name.
    for delay in [0, 100] {
        let mut child = sb.command(&[], QUERY).stdout(Stdio::null()).stderr(Stdio::null()).spawn().expect("spawn");
        assert!(wait_for_temporary(sb.cache.path()), "the build never started writing");
        std::thread::sleep(Duration::from_millis(delay));
        child.kill().expect("kill -9");
        child.wait().expect("wait");
        assert_eq!(sb.stores(), Vec::<PathBuf>::new(), "killed {delay} ms into writing");
    }
    assert_eq!(sb.query(&[]), (want, true));
    // A stale store: killed while rebuilding, the old store stays as it was.
    let store = sb.only_store();
    let old = std::fs::read(&store).expect("read");
    sb.write("inc/part.td", &format!("{PART_TD}def LATE_CALL {{ bit isCall = 1; }}\n"));
    let mut child = sb.command(&[], QUERY).stdout(Stdio::null()).stderr(Stdio::null()).spawn().expect("spawn");
    assert!(wait_for_temporary(sb.cache.path()), "the rebuild never started writing");
    child.kill().expect("kill -9");
    child.wait().expect("wait");
    assert!(std::fs::read(&store).expect("read") == old, "the old store changed");
    let want = sb.expected(&[]);
    assert_eq!(sb.query(&[]), (want, true));
    assert_sound_store(&sb.only_store());
}

/// User SQL that would change the store or reach other files fails with a message, and leaves
/// the store and the directory as they were. The same holds for a store given with `--db`.
#[test]
fn user_sql_cannot_change_the_store() {
    let sb = Sandbox::new(ROOT_TD);
    let want = sb.expected(&[]);
    sb.query(&[]);
    let exported = Command::new(env!("CARGO_BIN_EXE_tdq"))
        .env("TDQ_LLVM_VERSION", "19")
        .current_dir(sb.work.path())
        .args(["export", "--db", "exported.db", "--td", "root.td", "-I", "inc"])
        .status()
        .expect("tdq export");
    assert!(exported.success());
    const ATTEMPTS: &[(&str, &str)] = &[
        ("INSERT INTO meta VALUES ('k', 'v')", "read-only"),
        ("UPDATE tdq_records SET name = 'X'", "read-only"),
        ("DELETE FROM sources", "read-only"),
        ("DROP TABLE meta", "read-only"),
        ("DROP VIEW records", "read-only"),
        ("CREATE TABLE t(x)", "read-only"),
        ("CREATE INDEX i ON meta(value)", "read-only"),
        ("ALTER TABLE meta ADD COLUMN c", "read-only"),
        ("PRAGMA query_only = 0; INSERT INTO meta VALUES ('k', 'v')", "read-only"),
        ("PRAGMA user_version = 5", "read-only"),
        ("VACUUM", "vacuum"),
        ("REINDEX", "read-only"),
        ("ATTACH DATABASE 'other.db' AS other", "attach and vacuum are disabled"),
        ("ATTACH DATABASE ':memory:' AS other", "attach and vacuum are disabled"),
        ("VACUUM INTO 'copy.db'", "attach and vacuum are disabled"),
        ("SELECT load_extension('libsqlite3ext.so')", "loading sqlite extensions is disabled"),
    ];
    let exported_path = sb.work.path().join("exported.db");
    let before: Vec<(PathBuf, Vec<u8>, SystemTime)> = [sb.only_store(), exported_path.clone()]
        .into_iter()
        .map(|p| (p.clone(), std::fs::read(&p).expect("read"), mtime(&p)))
        .collect();
    let mut failures = Vec::new();
    for (sql, says) in ATTEMPTS {
        for db in [None, Some("exported.db")] {
            let extra: Vec<&str> = db.map(|d| vec!["--db", d]).unwrap_or_default();
            let mut c = Command::new(env!("CARGO_BIN_EXE_tdq"));
            c.env("TDQ_LLVM_VERSION", "19");
            c.current_dir(sb.work.path()).env("TDQ_CACHE_DIR", sb.cache.path()).stdin(Stdio::null());
            match db {
                Some(_) => c.args(&extra),
                None => c.args(["--td", "root.td", "-I", "inc"]),
            };
            let out = c.arg(sql).output().expect("tdq");
            let stderr = String::from_utf8_lossy(&out.stderr);
            if out.status.code() != Some(1) || !stderr.to_lowercase().contains(says) || !out.stdout.is_empty() {
                failures.push(format!("{sql} ({db:?}): status {:?}, stderr {stderr}", out.status.code()));
            }
        }
    }
    for (p, bytes, at) in &before {
        assert!(std::fs::read(p).expect("read") == *bytes, "{} changed", p.display());
        assert_eq!(mtime(p), *at, "{} was written", p.display());
    }
    for stray in ["other.db", "copy.db"] {
        assert!(!sb.work.path().join(stray).exists(), "{stray} was created");
    }
    assert_eq!(sb.query(&[]), (want, false));
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Ctrl-C during a first query removes the temporary store being written, and tdq dies of the
/// signal as an uninterrupted program would.
#[test]
fn ctrl_c_mid_build_leaves_no_temporary() {
    use std::os::unix::process::ExitStatusExt;
    let sb = Sandbox::new(&big_td(60_000));
    let mut child = sb.command(&[], QUERY).stdout(Stdio::null()).stderr(Stdio::null()).spawn().expect("spawn");
    assert!(wait_for_temporary(sb.cache.path()), "the build never started writing");
    // SAFETY: a signal to the child just spawned.
    assert_eq!(unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) }, 0);
    let status = child.wait().expect("wait");
    assert_eq!(status.signal(), Some(libc::SIGINT), "{status:?}");
    let left: Vec<_> =
        std::fs::read_dir(sb.cache.path()).expect("the cache").flatten().map(|e| e.file_name()).collect();
    assert!(left.is_empty(), "left in the cache: {left:?}");
}

/// A temporary left by a process that is gone (`kill -9`) is removed by the next build,
/// however young; one of a live process is left alone.
#[test]
fn temporaries_of_dead_processes_are_swept() {
    let sb = Sandbox::new(ROOT_TD);
    let dead = (100_000..4_000_000).find(|p| !Path::new(&format!("/proc/{p}")).exists()).expect("a free pid");
    let dead_tmp = sb.cache.path().join(format!(".KEY.db.{dead}.123.tmp"));
    let live_tmp = sb.cache.path().join(format!(".KEY.db.{}.123.tmp", std::process::id()));
    std::fs::write(&dead_tmp, vec![0u8; 4096]).expect("write");
    std::fs::write(&live_tmp, vec![0u8; 4096]).expect("write");
    assert!(sb.query(&[]).1, "the store is built");
    assert!(!dead_tmp.exists(), "the dead process's temporary is still there");
    assert!(live_tmp.exists(), "a live process's temporary was removed");
}

/// A cache directory that cannot be written falls back to a temporary store, with a one-line
/// warning naming TDQ_CACHE_DIR.
#[test]
fn an_unwritable_cache_falls_back_to_a_temporary_store() {
    let sb = Sandbox::new(ROOT_TD);
    let file = sb.work.path().join("not-a-dir");
    std::fs::write(&file, "").expect("write");
    let out = sb.command(&[], QUERY).env("TDQ_CACHE_DIR", file.join("cache")).output().expect("run");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert_eq!(names(&out.stdout), sb.expected(&[]));
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.starts_with("tdq: warning: ") && stderr.contains("TDQ_CACHE_DIR"), "{stderr}");
}
