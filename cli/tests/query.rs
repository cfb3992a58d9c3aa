//! `tdq QUERY`, `tdq q`, `tdq schema`, `tdq init` as data: each case in `tests/query/` is a
//! command file and the output it must give.
//!
//! `NAME.cmd` holds one command per line, the words after `tdq` in shell quoting (`#` lines are
//! comments; a line `cd DIR` changes the directory of the lines after it). They run in a fresh
//! copy of `tests/query/inputs/`, with a store cache of their own (`TDQ_CACHE_DIR`), and
//! `NAME.stdin`, when present, on standard input. `NAME.stdout` and `NAME.stderr` hold what the
//! commands print, one after the other, with the working copy's path as `$WORK`;
//! `NAME.status` their exit statuses. A missing expectation is written; `TDQ_BLESS=1` rewrites
//! them all.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use tdq_tests::{check_snapshot, copy_tree};

fn cases_dir() -> PathBuf {
    tdq_tests::workspace_dir().join("tests/query")
}

/// What a case's commands printed and returned.
struct Run {
    stdout: String,
    stderr: String,
    status: String,
}

fn run_case(name: &str) -> Run {
    let dir = cases_dir();
    let work = tempfile::tempdir().expect("a temporary directory");
    let cache = tempfile::tempdir().expect("a temporary directory");
    copy_tree(&dir.join("inputs"), work.path());
    let stdin = std::fs::read(dir.join(format!("{name}.stdin"))).ok();
    let script = std::fs::read_to_string(dir.join(format!("{name}.cmd"))).expect("the .cmd file");
    let mut cwd = work.path().to_path_buf();
    let mut run = Run { stdout: String::new(), stderr: String::new(), status: String::new() };
    for line in script.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')) {
        let words = shlex::split(line).unwrap_or_else(|| panic!("{name}.cmd: bad quoting in {line:?}"));
        if words.len() == 2 && words[0] == "cd" {
            // `cd DIR` makes DIR if need be: git keeps no empty directories in inputs/.
            cwd = cwd.join(&words[1]);
            std::fs::create_dir_all(&cwd).expect("making the directory of a cd");
            continue;
        }
        let out = tdq(&cwd, cache.path(), &words, stdin.as_deref());
        let normalize = |bytes: &[u8]| {
            let text = String::from_utf8_lossy(bytes).into_owned();
            text.replace(&work.path().display().to_string(), "$WORK")
                .replace(&cache.path().display().to_string(), "$CACHE")
        };
        run.stdout.push_str(&normalize(&out.stdout));
        run.stderr.push_str(&normalize(&out.stderr));
        run.status.push_str(&format!("{}\n", out.status.code().map_or("signal".to_string(), |c| c.to_string())));
    }
    run
}

fn tdq(cwd: &Path, cache: &Path, words: &[String], stdin: Option<&[u8]>) -> std::process::Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tdq"))
        .env("TDQ_LLVM_VERSION", "19")
        .current_dir(cwd)
        .args(words)
        .env("TDQ_CACHE_DIR", cache)
        .env("NO_COLOR", "1")
        .stdin(if stdin.is_some() { Stdio::piped() } else { Stdio::null() })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("running tdq");
    if let Some(bytes) = stdin {
        use std::io::Write;
        // tdq may exit without reading its input (an error first): a closed pipe is fine.
        match child.stdin.take().expect("stdin").write_all(bytes) {
            Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => panic!("writing stdin: {e}"),
            _ => {}
        }
    }
    child.wait_with_output().expect("tdq's output")
}

#[test]
fn command_line_cases() {
    let dir = cases_dir();
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("tests/query")
        .filter_map(|e| e.ok()?.file_name().to_str()?.strip_suffix(".cmd").map(String::from))
        .collect();
    names.sort();
    assert!(names.len() >= 20, "the cases are missing: {names:?}");
    let mut failures = Vec::new();
    for name in &names {
        let run = run_case(name);
        for (what, text) in [("stdout", &run.stdout), ("stderr", &run.stderr), ("status", &run.status)] {
            check_snapshot(&dir.join(format!("{name}.{what}")), text, &mut failures);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `--timing` reports on stderr only, the store first built then cached; stdout is the same
/// with and without it.
#[test]
fn timing_goes_to_stderr() {
    let work = tempfile::tempdir().expect("a temporary directory");
    let cache = tempfile::tempdir().expect("a temporary directory");
    copy_tree(&cases_dir().join("inputs"), work.path());
    let words = |timing: bool| -> Vec<String> {
        let mut w: Vec<String> =
            ["--td", "small.td", "-I", "inc", "select name from records order by name"].map(String::from).to_vec();
        if timing {
            w.push("--timing".into());
        }
        w
    };
    let shape = |stderr: &[u8]| -> String {
        let text = String::from_utf8_lossy(stderr).replace(&cache.path().display().to_string(), "$CACHE");
        text.lines()
            .map(|l| {
                let l: String = l.chars().map(|c| if c.is_ascii_digit() { '9' } else { c }).collect();
                // The store's file name is a hash of the sources and options.
                match l.find("$CACHE/") {
                    Some(at) => format!("{}$CACHE/KEY.db\n", &l[..at]),
                    None => format!("{l}\n"),
                }
            })
            .collect()
    };
    let first = tdq(work.path(), cache.path(), &words(true), None);
    let second = tdq(work.path(), cache.path(), &words(true), None);
    let plain = tdq(work.path(), cache.path(), &words(false), None);
    assert_eq!(shape(&first.stderr), "store: 9.999 s (built) $CACHE/KEY.db\nquery: 9.999 s\n");
    assert_eq!(shape(&second.stderr), "store: 9.999 s (cached) $CACHE/KEY.db\nquery: 9.999 s\n");
    assert_eq!(plain.stderr, b"");
    assert_eq!(first.stdout, plain.stdout);
    assert_eq!(second.stdout, plain.stdout);
    assert!(String::from_utf8_lossy(&plain.stdout).starts_with("name\nADD_rm\n"));
}
