//! Bad input and exhausted limits as data: each case in `tests/robust/` is `NAME.cmd` (the words
//! after `tdq`, run in that directory), with `NAME.stdout`, `NAME.stderr` and `NAME.status`
//! beside it. A missing expectation is written; `TDQ_BLESS=1` rewrites them all.
//!
//! Every case must end within its time allowance with a status (never a signal: no panic, no
//! stack overflow), and a failure status must come with a diagnostic on stderr.

mod snapshot;

use std::io::Read;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Far more than any case needs (the slowest takes well under a second in release).
const TIME_ALLOWANCE: Duration = Duration::from_secs(60);

fn cases_dir() -> PathBuf {
    tdq_tests::workspace_dir().join("tests/robust")
}

/// Runs `tdq` with `args` in `dir`, killing it after [`TIME_ALLOWANCE`]: stdout, stderr and the
/// status (`None` for a signal or a timeout).
fn run(dir: &std::path::Path, args: &[&str]) -> (Vec<u8>, Vec<u8>, Option<i32>, bool) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tdq"))
        .env("TDQ_LLVM_VERSION", "19")
        .current_dir(dir)
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let out_reader = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = stdout.read_to_end(&mut v);
        v
    });
    let err_reader = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = stderr.read_to_end(&mut v);
        v
    });
    let start = Instant::now();
    let mut timed_out = false;
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > TIME_ALLOWANCE {
            let _ = child.kill();
            timed_out = true;
            break child.wait().unwrap();
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    (out_reader.join().unwrap(), err_reader.join().unwrap(), status.code(), timed_out)
}

#[test]
fn robust_cases() {
    let dir = cases_dir();
    let names = snapshot::case_names(&dir);
    assert!(names.len() >= 30, "the cases are missing from {}", dir.display());
    let mut failures = Vec::new();
    for name in &names {
        let cmd = std::fs::read_to_string(dir.join(format!("{name}.cmd"))).unwrap();
        let args: Vec<&str> = cmd.split_whitespace().collect();
        let (stdout, stderr, status, timed_out) = run(&dir, &args);
        let stderr = String::from_utf8_lossy(&stderr).into_owned();
        match status {
            _ if timed_out => failures.push(format!("{name}: still running after {TIME_ALLOWANCE:?}")),
            None => failures.push(format!("{name}: killed by a signal; stderr:\n{stderr}")),
            Some(0) => {}
            Some(_) if stderr.trim().is_empty() => failures.push(format!("{name}: failed without a diagnostic")),
            Some(_) => {}
        }
        if stderr.contains("panicked") || stderr.contains("overflowed its stack") {
            failures.push(format!("{name}: {stderr}"));
        }
        snapshot::check(&dir, name, &stdout, stderr.as_bytes(), status, &mut failures);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
