//! Golden tests of the backends against llvm-tblgen 19, run in process: every
//! `tests/data/NAME.td` is evaluated with `tdq_core::evaluate` and written by the backend its
//! `// ARGS:` line names, and stdout, stderr and exit status must equal the `NAME.td.out`,
//! `NAME.td.err` and `NAME.td.rc` that llvm-tblgen 19 wrote (`tests/data/regen.sh`).
//!
//! There is no "bless" mode: a golden written by tdq would pin tdq's behaviour, not
//! llvm-tblgen's. `goldens_are_llvm_tblgen_output` checks that the goldens still are what
//! llvm-tblgen prints.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use tdq_backends::{BackendError, BackendOptions};

/// The reference, as `.ci/setup` installs it; `LLVM_TBLGEN` overrides.
fn llvm_tblgen() -> PathBuf {
    let path = std::env::var("LLVM_TBLGEN").unwrap_or_else(|_| "/usr/lib/llvm-19/bin/llvm-tblgen".to_string());
    let program = PathBuf::from(&path);
    assert!(
        program.is_file(),
        "{path} is missing: the goldens are checked against llvm-tblgen 19 \
         (apt-get install llvm-19, or set LLVM_TBLGEN)"
    );
    program
}

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests").join("data")
}

/// One input and the command-line words of its `// ARGS:` line.
struct Case {
    file: String,
    args: Vec<String>,
}

#[derive(PartialEq, Debug)]
struct Outcome {
    stdout: String,
    stderr: String,
    status: String,
}

fn cases() -> Vec<Case> {
    let dir = data_dir();
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("readable directory entry").file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".td"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no .td cases in {}", dir.display());
    files
        .into_iter()
        .map(|file| {
            let text = std::fs::read(dir.join(&file)).unwrap_or_else(|e| panic!("{file}: {e}"));
            let text = String::from_utf8_lossy(&text);
            let args = text
                .lines()
                .find_map(|line| line.strip_prefix("// ARGS:"))
                .map(|args| args.split_whitespace().map(str::to_string).collect())
                .unwrap_or_default();
            Case { file, args }
        })
        .collect()
}

fn lossy(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

fn golden(case: &Case) -> Outcome {
    let read = |suffix: &str| {
        let path = data_dir().join(format!("{}{suffix}", case.file));
        std::fs::read(&path).unwrap_or_else(|_| {
            panic!("missing golden {}{suffix}: run backends/tests/data/regen.sh {}", case.file, case.file)
        })
    };
    Outcome {
        stdout: lossy(read(".out")),
        stderr: lossy(read(".err")),
        status: lossy(read(".rc")).trim().to_string(),
    }
}

/// The backend and its options from a case's words (`--BACKEND`, `--class NAME` or
/// `--class=NAME`); the file name is the input's.
fn backend_and_options(case: &Case) -> (&'static dyn tdq_backends::Backend, BackendOptions) {
    let mut backend = None;
    let mut options = BackendOptions { input_filename: case.file.clone(), ..BackendOptions::default() };
    let mut words = case.args.iter();
    while let Some(word) = words.next() {
        let flag = word.trim_start_matches('-');
        if let Some(class) = flag.strip_prefix("class=") {
            options.class = class.to_string();
        } else if flag == "class" {
            options.class = words.next().expect("--class takes a value").clone();
        } else {
            backend = Some(tdq_backends::find(flag).unwrap_or_else(|| panic!("{}: unknown word {word}", case.file)));
        }
    }
    (backend.unwrap_or(tdq_backends::BACKENDS[0]), options)
}

/// What `tdq tblgen ARGS NAME.td` prints, computed in process as TableGenMain does it.
fn run_in_process(case: &Case) -> Outcome {
    let (backend, options) = backend_and_options(case);
    let text = std::fs::read(data_dir().join(&case.file)).expect("readable case");
    let evaluation = tdq_core::evaluate(&case.file, text, &tdq_core::Options::default());
    let mut stderr = evaluation.diags.render_all(&evaluation.sm);
    if evaluation.parse_failed {
        return Outcome { stdout: String::new(), stderr, status: "1".into() };
    }
    let mut out = Vec::new();
    match backend.emit(&evaluation, &options, &mut out) {
        Ok(()) => {}
        Err(BackendError::Fatal(message)) => {
            stderr.push_str(&message);
            return Outcome { stdout: String::new(), stderr, status: "1".into() };
        }
        Err(BackendError::Io(e)) => panic!("{}: {e}", case.file),
    }
    let errors = evaluation.diags.error_count();
    if errors > 0 {
        stderr.push_str(&format!("llvm-tblgen: {errors} errors.\n"));
    }
    Outcome { stdout: lossy(out), stderr, status: if errors > 0 { "1" } else { "0" }.into() }
}

/// Names for the two sides of a comparison, as the failure message shows them.
type Sides = (&'static str, &'static str);

/// The first line where two texts differ, for the failure message.
fn first_difference(what: &str, sides: Sides, expected: &str, actual: &str) -> Option<String> {
    if expected == actual {
        return None;
    }
    let mut e = expected.split_inclusive('\n');
    let mut a = actual.split_inclusive('\n');
    for line in 1.. {
        match (e.next(), a.next()) {
            (Some(x), Some(y)) if x == y => continue,
            (x, y) => {
                let clip = |s: Option<&str>| s.map(|s| s.chars().take(300).collect::<String>());
                return Some(format!(
                    "{what} differs at line {line}:\n  {:<12} {:?}\n  {:<12} {:?}",
                    format!("{}:", sides.0),
                    clip(x),
                    format!("{}:", sides.1),
                    clip(y)
                ));
            }
        }
    }
    unreachable!()
}

fn differences(sides: Sides, expected: &Outcome, actual: &Outcome) -> Vec<String> {
    [
        first_difference("stdout", sides, &expected.stdout, &actual.stdout),
        first_difference("stderr", sides, &expected.stderr, &actual.stderr),
        first_difference("status", sides, &expected.status, &actual.status),
    ]
    .into_iter()
    .flatten()
    .collect()
}

#[test]
fn backends_print_what_llvm_tblgen_printed() {
    let mut failures = Vec::new();
    for case in cases() {
        let diffs = differences(("golden", "tdq"), &golden(&case), &run_in_process(&case));
        if !diffs.is_empty() {
            failures.push(format!("{}:\n{}", case.file, diffs.join("\n")));
        }
    }
    assert!(failures.is_empty(), "{} cases differ:\n{}", failures.len(), failures.join("\n\n"));
}

#[test]
fn goldens_are_llvm_tblgen_output() {
    let tblgen = llvm_tblgen();
    let mut stale = Vec::new();
    for case in cases() {
        let output = Command::new(&tblgen)
            .args(&case.args)
            .arg(&case.file)
            .current_dir(data_dir())
            .stdin(Stdio::null())
            .output()
            .expect("llvm-tblgen runs");
        let reference = Outcome {
            stdout: lossy(output.stdout),
            stderr: lossy(output.stderr),
            status: output.status.code().map_or_else(|| "signal".to_string(), |c| c.to_string()),
        };
        let diffs = differences(("llvm-tblgen", "golden"), &reference, &golden(&case));
        if !diffs.is_empty() {
            stale.push(format!("{}:\n{}", case.file, diffs.join("\n")));
        }
    }
    assert!(stale.is_empty(), "goldens out of date, run backends/tests/data/regen.sh:\n{}", stale.join("\n\n"));
}

/// Every backend but the default (whose goldens are tests/golden's) has a case here.
#[test]
fn every_backend_has_a_case() {
    let cases = cases();
    for backend in &tdq_backends::BACKENDS[1..] {
        let flag = format!("--{}", backend.name());
        assert!(
            cases.iter().any(|c| c.args.contains(&flag)),
            "no case in backends/tests/data runs {flag}"
        );
    }
}
