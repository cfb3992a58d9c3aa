//! Bounds that bite early, on the binary: runaway inputs stop within seconds and a gigabyte
//! (measured on the child: processor time and peak resident memory), an error on a very long
//! line shows a window of it, and a binary input is not echoed raw.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

fn robust_inputs() -> PathBuf {
    tdq_tests::workspace_dir().join("tests/robust/inputs")
}

struct Run {
    status: i32,
    stderr: Vec<u8>,
    /// The child's processor time (user and system): unlike its wall time, next to nothing
    /// that other processes on a loaded machine do.
    cpu: Duration,
    /// The child's peak resident memory, in bytes.
    peak: u64,
}

/// Runs `tdq args` (cache off), reaping it with `wait4` for its peak memory.
#[allow(clippy::zombie_processes)] // reaped by wait4, which std's `wait` cannot replace
fn run(args: &[&str]) -> Run {
    let err_file = tempfile::NamedTempFile::new().unwrap();
    let child = Command::new(env!("CARGO_BIN_EXE_tdq"))
        .args(args)
        .env("TDQ_LLVM_VERSION", "23")
        .env("TDQ_TBLGEN_CACHE", "off")
        .env_remove("TDQ_MAX_MEMORY")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(err_file.reopen().unwrap())
        .spawn()
        .unwrap();
    let mut status = 0;
    // SAFETY: rusage is plain data that wait4 fills; the pid is our child's, reaped once here.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let pid = unsafe { libc::wait4(child.id() as libc::pid_t, &mut status, 0, &mut usage) };
    assert_eq!(pid, child.id() as libc::pid_t);
    let time = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
    let cpu = time(usage.ru_utime) + time(usage.ru_stime);
    assert!(libc::WIFEXITED(status), "tdq {args:?} died of a signal");
    Run {
        status: libc::WEXITSTATUS(status),
        stderr: std::fs::read(err_file.path()).unwrap(),
        cpu,
        peak: usage.ru_maxrss as u64 * 1024,
    }
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Issue 30's runaway inputs: ten million defs from a `foreach` (20 s and 3.5 GB before the
/// records limit stopped it), a `!foldl` over `!range(10000000)` (11 s and 1.8 GB), three
/// defs per iteration of a million-long loop, and the same loop nested in itself. The bound is
/// on processor time, generous (each takes well under a second): it tells a limit that bites
/// from one that does not, not how fast tdq is (benchmarks say that).
#[test]
fn runaway_inputs_stop_within_seconds_and_a_gigabyte() {
    let dir = tempfile::tempdir().unwrap();
    let nested = dir.path().join("nested.td");
    std::fs::write(&nested, "defvar l = !range(1000000);\nforeach i = l in foreach j = l in def A#i#j;\n").unwrap();
    let inputs = robust_inputs();
    let cases = [
        (inputs.join("ten-million-defs.td"), "list size exceeds the limit"),
        (inputs.join("foldl-ten-million.td"), "list size exceeds the limit"),
        (inputs.join("defs-per-iteration.td"), "number of records exceeds the limit"),
        (nested, "number of records exceeds the limit"),
    ];
    for (file, message) in &cases {
        let r = run(&["tblgen", path(file)]);
        let stderr = String::from_utf8_lossy(&r.stderr);
        assert_eq!(r.status, 1, "{}: {stderr}", file.display());
        assert!(stderr.contains(message), "{}: {stderr}", file.display());
        assert!(r.cpu < Duration::from_secs(5), "{}: took {:?} of processor time", file.display(), r.cpu);
        assert!(r.peak < 1 << 30, "{}: peaked at {} bytes", file.display(), r.peak);
    }
}

/// `--max-memory` stops an evaluation whose memory grows within the limits, at what it was
/// evaluating, and the process stays near the bound.
#[test]
fn the_memory_bound_stops_the_evaluation_where_it_is() {
    let file = robust_inputs().join("memory-fold.td");
    let r = run(&["tblgen", "--max-memory", "100M", path(&file)]);
    let stderr = String::from_utf8_lossy(&r.stderr);
    assert_eq!(r.status, 1, "{stderr}");
    assert!(
        stderr.starts_with(&format!(
            "{}:1:5: error: memory use exceeds the limit of 100 MiB (raise it with --max-memory SIZE)\n",
            path(&file)
        )),
        "{stderr}"
    );
    assert!(r.peak < 150 << 20, "peaked at {} bytes", r.peak);
    // The environment variable sets it too; `none` lifts it (the fold then ends normally,
    // past a gigabyte: not run here).
    let out = Command::new(env!("CARGO_BIN_EXE_tdq"))
        .args(["tblgen", path(&file)])
        .env("TDQ_MAX_MEMORY", "80M")
        .env("TDQ_TBLGEN_CACHE", "off")
        .env("TDQ_LLVM_VERSION", "23")
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&out.stderr).contains("exceeds the limit of 80 MiB"));
    let out =
        Command::new(env!("CARGO_BIN_EXE_tdq")).args(["tblgen", "--max-memory", "0", path(&file)]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("`none` removes the bound"));
}

/// An error on a line of 200,000 characters prints 160 of them around the column.
#[test]
fn an_error_on_a_long_line_shows_a_window() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("long.td");
    let line = format!(
        "def A {{ string s = \"{}\"; int y = nope; string t = \"{}\"; }}\n",
        "a".repeat(100_000),
        "b".repeat(100_000)
    );
    std::fs::write(&file, &line).unwrap();
    let r = run(&["tblgen", path(&file)]);
    let stderr = String::from_utf8_lossy(&r.stderr);
    assert_eq!(r.status, 1);
    let col = line.find("nope").unwrap() + 1;
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines[0], format!("{}:1:{col}: error: Variable not defined: 'nope'", path(&file)));
    assert!(lines[1].starts_with("...aaa") && lines[1].ends_with("bbb..."), "{}", lines[1]);
    assert!(lines[1].len() < 200, "{} bytes", lines[1].len());
    assert_eq!(&lines[1][lines[2].len() - 1..lines[2].len() + 3], "nope");
    assert!(lines[2].ends_with('^'));
}

/// A binary file's bytes are written `\xNN` in the source line, never sent raw.
#[test]
fn a_binary_input_is_not_echoed_raw() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("binary.td");
    std::fs::write(&file, b"\x7fELF\x02\x01\x01\x00\x00\x1b[2J\x1b]0;title\x07\xff\xfe\n").unwrap();
    let r = run(&["tblgen", path(&file)]);
    assert_eq!(r.status, 1);
    assert!(
        !r.stderr.iter().any(|&c| (c < 0x20 && c != b'\n') || c >= 0x7f),
        "{:?}",
        String::from_utf8_lossy(&r.stderr)
    );
    let stderr = String::from_utf8_lossy(&r.stderr);
    assert!(stderr.contains("\\x7fELF\\x02\\x01\\x01\\x00\\x00\\x1b[2J\\x1b]0;title\\x07\\xff\\xfe\n"), "{stderr}");
}
