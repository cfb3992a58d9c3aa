//! Golden tests of `tdq tblgen` against llvm-tblgen (19, or the release a case names on its
//! `// RELEASE:` line): every `NAME.td` of the corpora `tests/golden/frontend` (one construct
//! each) and `tests/golden/backends` (the backends but `--print-records`) is run through the
//! real `tdq` binary under that release, and its stdout, stderr and exit status must equal the
//! `NAME.td.out`, `NAME.td.err` and `NAME.td.rc` that llvm-tblgen wrote
//! (tests/golden/README.md), except for the known bugs listed, each with its FIXME, in
//! tests/golden/known-failures.txt. The cases of `tests/golden/clang` (clang-tblgen's
//! backends) are the same with `tdq clang-tblgen` and clang-tblgen.
//!
//! There is deliberately no "bless" mode (TDQ_BLESS or the like): a golden written by tdq would
//! pin tdq's behaviour, not llvm-tblgen's. Goldens come from `tests/golden/regen.sh` only, and
//! `frontend_goldens_are_llvm_tblgen_output` checks that they still do.

use similar::TextDiff;
use std::collections::{BTreeMap, BTreeSet};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use tdq_tests::{golden_dir, reference_tblgen, tdq_binary, LLVM_TBLGEN};

/// How long one run may take before it counts as hung. Every case runs in milliseconds.
const RUN_TIMEOUT: Duration = Duration::from_secs(20);

/// The golden file kinds, by suffix after `NAME.td`.
const GOLDEN_SUFFIXES: [&str; 3] = [".out", ".err", ".rc"];

/// The corpora: directories of `tests/golden/`, each run from inside itself: `frontend`, one
/// folder a backend under `backends/`, named after its flag (`backends/gen-vt`), and one a
/// clang-tblgen backend under `clang/`.
fn corpora() -> Vec<String> {
    let mut corpora = vec!["frontend".to_string()];
    for parent in ["backends", "clang"] {
        let dir = golden_dir().join(parent);
        let mut backends: Vec<String> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|entry| entry.expect("readable directory entry"))
            // `inc/` holds what the cases include (clang's cases share theirs).
            .filter(|entry| entry.path().is_dir() && entry.file_name() != "inc")
            .map(|entry| format!("{parent}/{}", entry.file_name().to_string_lossy()))
            .collect();
        backends.sort();
        corpora.extend(backends);
    }
    corpora
}

/// The program a corpus's goldens come from and tdq's subcommand standing in for it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Tool {
    LlvmTblgen,
    ClangTblgen,
}

impl Tool {
    fn of_corpus(corpus: &str) -> Tool {
        if corpus.starts_with("clang/") {
            Tool::ClangTblgen
        } else {
            Tool::LlvmTblgen
        }
    }
    /// The name the goldens spell the program's argv0 with.
    fn name(self) -> &'static str {
        match self {
            Tool::LlvmTblgen => "llvm-tblgen",
            Tool::ClangTblgen => "clang-tblgen",
        }
    }
    /// tdq's subcommand.
    fn subcommand(self) -> &'static str {
        match self {
            Tool::LlvmTblgen => "tblgen",
            Tool::ClangTblgen => "clang-tblgen",
        }
    }
    /// The release's reference program, where installed.
    fn reference(self, release: &str) -> Option<PathBuf> {
        match self {
            Tool::LlvmTblgen => reference_tblgen(release),
            Tool::ClangTblgen => tdq_tests::reference_clang_tblgen(release),
        }
    }
}

/// One input of a corpus, the extra command-line words of its `// ARGS:` line and the release
/// of its `// RELEASE:` line.
struct Case {
    /// The corpus directory, one of [`corpora`].
    corpus: String,
    /// The file name, `NAME.td`, as passed on the command line.
    file: String,
    args: Vec<String>,
    /// The LLVM release whose llvm-tblgen wrote the goldens: `19` (no `// RELEASE:` line),
    /// `22` or `23`.
    release: String,
    tool: Tool,
}

impl Case {
    /// `CORPUS/NAME.td`: how messages and known-failures.txt name the case.
    fn name(&self) -> String {
        format!("{}/{}", self.corpus, self.file)
    }
    fn dir(&self) -> PathBuf {
        golden_dir().join(&self.corpus)
    }
}

/// What one run printed and how it ended; also what the goldens hold.
#[derive(PartialEq)]
struct Outcome {
    stdout: String,
    stderr: String,
    /// The exit status as a shell reports it: the exit code, or 128 + the signal.
    status: String,
}

/// The cases: every `.td` directly in each corpus (the files of `CORPUS/inc/` are included by
/// them, not cases), in name order.
fn cases() -> Vec<Case> {
    corpora().into_iter().flat_map(corpus_cases).collect()
}

fn corpus_cases(corpus: String) -> Vec<Case> {
    let dir = golden_dir().join(&corpus);
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
            // A case may hold bytes that are not UTF-8 on purpose; its ARGS line is text.
            let text = std::fs::read(dir.join(&file)).unwrap_or_else(|e| panic!("{file}: {e}"));
            let text = String::from_utf8_lossy(&text);
            Case {
                tool: Tool::of_corpus(&corpus),
                corpus: corpus.clone(),
                args: args_of(&text),
                release: release_of(&text),
                file,
            }
        })
        .collect()
}

/// The words after the first `// ARGS:` line, split at whitespace the way regen.sh's shell
/// splits them (no quoting).
fn args_of(text: &str) -> Vec<String> {
    text.lines()
        .find_map(|line| line.strip_prefix("// ARGS:"))
        .map(|args| args.split_whitespace().map(str::to_string).collect())
        .unwrap_or_default()
}

/// The word after the first `// RELEASE:` line, `19` without one.
fn release_of(text: &str) -> String {
    text.lines()
        .find_map(|line| line.strip_prefix("// RELEASE:"))
        .and_then(|release| release.split_whitespace().next())
        .unwrap_or("19")
        .to_string()
}

/// The goldens of a case, or which of them are missing.
fn golden(case: &Case) -> Result<Outcome, String> {
    let read = |suffix: &str| {
        let path = case.dir().join(format!("{}{suffix}", case.file));
        std::fs::read(&path).map_err(|_| format!("{}{suffix}", case.name()))
    };
    let (stdout, stderr, status) = (read(".out"), read(".err"), read(".rc"));
    let missing: Vec<&String> = [&stdout, &stderr, &status].into_iter().filter_map(|r| r.as_ref().err()).collect();
    if !missing.is_empty() {
        return Err(format!(
            "missing golden {}: run tests/golden/regen.sh {} (goldens come from llvm-tblgen, never from tdq)",
            missing.iter().map(|m| m.as_str()).collect::<Vec<_>>().join(", "),
            case.name()
        ));
    }
    Ok(Outcome {
        stdout: lossy(stdout.unwrap()),
        stderr: lossy(stderr.unwrap()),
        status: lossy(status.unwrap()).trim().to_string(),
    })
}

fn lossy(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// Runs `command` from the case's corpus directory with no standard input, and with a time
/// limit.
fn run(case: &Case, mut command: Command) -> Outcome {
    let mut child = command
        .current_dir(case.dir())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {command:?}: {e}"));
    let stdout = drain(child.stdout.take());
    let stderr = drain(child.stderr.take());
    let deadline = Instant::now() + RUN_TIMEOUT;
    let status = loop {
        match child.try_wait().expect("waiting for the child") {
            Some(status) => break status_text(status),
            None if Instant::now() >= deadline => {
                let _ = child.kill();
                let _ = child.wait();
                break format!("timed out after {}s", RUN_TIMEOUT.as_secs());
            }
            None => std::thread::sleep(Duration::from_millis(2)),
        }
    };
    Outcome {
        stdout: lossy(stdout.join().expect("stdout reader")),
        stderr: lossy(stderr.join().expect("stderr reader")),
        status,
    }
}

/// Reads a child's pipe to its end on a thread of its own, so that neither pipe can fill up and
/// block the child while the other is read.
fn drain(pipe: Option<impl Read + Send + 'static>) -> std::thread::JoinHandle<Vec<u8>> {
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        if let Some(mut pipe) = pipe {
            let _ = pipe.read_to_end(&mut bytes);
        }
        bytes
    })
}

fn status_text(status: std::process::ExitStatus) -> String {
    #[cfg(unix)]
    if let Some(signal) = std::os::unix::process::ExitStatusExt::signal(&status) {
        return (128 + signal).to_string();
    }
    status.code().map_or_else(|| status.to_string(), |code| code.to_string())
}

/// Spells a program's own name (`argv0`) at the start of a stderr line, as in
/// `<argv0>: 2 errors.` or `<argv0>: Could not open input file ...`, as `name` (`llvm-tblgen`).
fn normalize_argv0(stderr: &str, argv0: &str, name: &str) -> String {
    let prefix = format!("{argv0}: ");
    stderr
        .split_inclusive('\n')
        .map(|line| match line.strip_prefix(&prefix) {
            Some(rest) => format!("{name}: {rest}"),
            None => line.to_string(),
        })
        .collect()
}

/// The differences between a golden and a run, as unified diffs; empty when they agree.
fn differences(file: &str, golden: &Outcome, actual: &Outcome, actual_name: &str) -> String {
    let mut report = String::new();
    for (suffix, want, got) in [
        (".out", &golden.stdout, &actual.stdout),
        (".err", &golden.stderr, &actual.stderr),
        (".rc", &golden.status, &actual.status),
    ] {
        if want != got {
            let (want, got) =
                if suffix == ".rc" { (format!("{want}\n"), format!("{got}\n")) } else { (want.clone(), got.clone()) };
            let diff = TextDiff::from_lines(&want, &got);
            let old = format!("{file}{suffix} (llvm-tblgen)");
            let new = format!("{file}{suffix} ({actual_name})");
            report.push_str(
                &diff.unified_diff().context_radius(3).header(&old, &new).missing_newline_hint(true).to_string(),
            );
        }
    }
    report
}

/// The command line of a case, for messages: what to type in its corpus directory.
fn command_line(program: &str, case: &Case) -> String {
    let mut words = vec![program.to_string()];
    words.extend(case.args.iter().cloned());
    words.push(case.file.clone());
    words.join(" ")
}

/// A case whose run differs from its goldens (or whose goldens are missing), and how.
struct Mismatch {
    file: String,
    /// The diffs, or what is missing; ready to print.
    report: String,
    missing_golden: bool,
}

/// Runs every case through `runner` and returns those whose outcome differs from their goldens,
/// with the number of cases run; a case the runner has no program for (`None`) is left out.
fn mismatches(actual_name: &str, runner: impl Fn(&Case) -> Option<Outcome>) -> (Vec<Mismatch>, usize) {
    let cases = cases();
    let mut mismatches = Vec::new();
    for case in &cases {
        let golden = match golden(case) {
            Ok(golden) => golden,
            Err(message) => {
                let report = format!("=== {}: {message}\n", case.name());
                mismatches.push(Mismatch { file: case.name(), report, missing_golden: true });
                continue;
            }
        };
        let Some(actual) = runner(case) else {
            continue;
        };
        if actual != golden {
            let diff = differences(&case.file, &golden, &actual, actual_name);
            let program = if actual_name == "tdq" {
                format!("tdq {}", case.tool.subcommand())
            } else {
                case.tool.name().to_string()
            };
            let report = format!("=== {} ({})\n{diff}", case.name(), command_line(&program, case));
            mismatches.push(Mismatch { file: case.name(), report, missing_golden: false });
        }
    }
    (mismatches, cases.len())
}

/// `tests/golden/known-failures.txt`: the cases where tdq is known to differ, each with its
/// FIXME.
fn known_failures() -> BTreeMap<String, String> {
    let path = golden_dir().join("known-failures.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| match line.split_once(char::is_whitespace) {
            Some((file, why)) => (file.to_string(), why.trim().to_string()),
            None => (line.to_string(), String::new()),
        })
        .collect()
}

/// tdq, run as `tdq tblgen ARGS NAME.td`, prints and exits as the case's llvm-tblgen did, except for the
/// cases of known-failures.txt, which must still differ (so that the list only shrinks).
#[test]
fn goldens_match_tdq() {
    let tdq = tdq_binary().unwrap_or_else(|e| panic!("{e}"));
    let (mismatches, total) = mismatches("tdq", |case| {
        let mut command = Command::new(&tdq);
        // The goldens are the case's release's llvm-tblgen's (clang-tblgen's).
        command.env("TDQ_LLVM_VERSION", &case.release);
        command.arg(case.tool.subcommand()).args(&case.args).arg(&case.file);
        let mut outcome = run(case, command);
        let argv0 = format!("{} {}", tdq.display(), case.tool.subcommand());
        outcome.stderr = normalize_argv0(&outcome.stderr, &argv0, case.tool.name());
        Some(outcome)
    });
    let known = known_failures();
    let cases: BTreeSet<String> = cases().iter().map(Case::name).collect();
    let mut problems = Vec::new();
    for file in known.keys().filter(|file| !cases.contains(*file)) {
        problems.push(format!("known-failures.txt lists {file}, which is not a case of tests/golden"));
    }
    let mut unexpected = Vec::new();
    for mismatch in &mismatches {
        match known.get(&mismatch.file) {
            Some(why) if !mismatch.missing_golden => {
                println!("known failure {}: {why}\n{}", mismatch.file, mismatch.report);
            }
            _ => {
                eprint!("{}", mismatch.report);
                unexpected.push(mismatch.file.as_str());
            }
        }
    }
    if !unexpected.is_empty() {
        problems.push(format!(
            "{} of {total} cases in tests/golden differ from llvm-tblgen (diffs above; the \
             commands run from each case's corpus directory; each case's release is its \
             TDQ_LLVM_VERSION):\n  {}",
            unexpected.len(),
            unexpected.join("\n  ")
        ));
    }
    let differing: BTreeSet<&str> = mismatches.iter().map(|m| m.file.as_str()).collect();
    let fixed: Vec<&str> =
        known.keys().map(String::as_str).filter(|file| cases.contains(*file) && !differing.contains(file)).collect();
    if !fixed.is_empty() {
        problems.push(format!(
            "now equal to llvm-tblgen, so delete their lines from tests/golden/known-failures.txt:\n  {}",
            fixed.join("\n  ")
        ));
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The goldens are what the case's release's llvm-tblgen prints for the cases as they are now:
/// a case edited without running regen.sh, or a golden edited by hand, fails here. 19's and
/// 22's llvm-tblgen must be installed (.ci/setup); 23's cases are checked where
/// `install-reference.sh 23` built it.
#[test]
fn goldens_are_llvm_tblgen_output() {
    assert!(Path::new(LLVM_TBLGEN).exists(), "{LLVM_TBLGEN} is missing: install llvm-19 (.ci/setup does)");
    let (mismatches, total) = mismatches("llvm-tblgen now", |case| {
        let tblgen = case.tool.reference(&case.release);
        assert!(
            tblgen.is_some() || case.release == "23",
            "{}: no {} {} installed (.ci/setup installs 19 and 22)",
            case.name(),
            case.tool.name(),
            case.release
        );
        let mut command = Command::new(tblgen?);
        #[cfg(unix)]
        std::os::unix::process::CommandExt::arg0(&mut command, case.tool.name());
        command.args(&case.args).arg(&case.file);
        Some(run(case, command))
    });
    for mismatch in &mismatches {
        eprint!("{}", mismatch.report);
    }
    let files: Vec<&str> = mismatches.iter().map(|m| m.file.as_str()).collect();
    assert!(
        files.is_empty(),
        "the goldens of {} of {total} cases are not what their llvm-tblgen prints now (diffs above): run \
         tests/golden/regen.sh {}",
        files.len(),
        files.join(" ")
    );
}

/// Every golden file belongs to a case, so that a renamed or deleted case leaves nothing behind.
#[test]
fn goldens_have_cases() {
    let cases: BTreeSet<String> = cases().iter().map(Case::name).collect();
    let mut orphans = Vec::new();
    for corpus in corpora() {
        let dir = golden_dir().join(&corpus);
        for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let name = entry.expect("readable directory entry").file_name().to_string_lossy().into_owned();
            if let Some(suffix) = GOLDEN_SUFFIXES.iter().find(|s| name.ends_with(*s)) {
                let case = format!("{corpus}/{}", &name[..name.len() - suffix.len()]);
                if !cases.contains(&case) {
                    orphans.push(format!("{corpus}/{name}"));
                }
            }
        }
    }
    orphans.sort();
    assert!(orphans.is_empty(), "golden files without a .td case: {orphans:?}");
}

/// Every backend but the default (whose goldens are the frontend corpus) has its folder
/// `backends/<flag>/`, whose cases all run it.
#[test]
fn every_backend_has_a_case() {
    for backend in &tdq_backends::BACKENDS[1..] {
        let corpus = format!("backends/{}", backend.name());
        assert!(golden_dir().join(&corpus).is_dir(), "no folder tests/golden/{corpus} of cases");
        let flag = format!("--{}", backend.name());
        let cases = corpus_cases(corpus.clone());
        for case in &cases {
            assert!(case.args.contains(&flag), "{} does not run {flag}", case.name());
        }
    }
}

/// Every clang-tblgen backend tdq has but those it shares with llvm-tblgen has its folder
/// `clang/<flag>/`, whose cases all run it.
#[test]
fn every_clang_backend_has_a_case() {
    let own = |b: &&&dyn tdq_backends::Backend| tdq_backends::find(b.name()).is_none();
    for backend in tdq_backends::clang::BACKENDS.iter().filter(own) {
        let corpus = format!("clang/{}", backend.name());
        assert!(golden_dir().join(&corpus).is_dir(), "no folder tests/golden/{corpus} of cases");
        let flag = format!("-{}", backend.name());
        for case in &corpus_cases(corpus.clone()) {
            assert!(
                case.args.iter().any(|a| a.trim_start_matches('-') == &flag[1..]),
                "{} does not run {flag}",
                case.name()
            );
        }
    }
}

/// The normalization of program names touches only a leading argv0.
#[test]
fn argv0_is_normalized_only_at_line_start() {
    let stderr = "x.td:1:1: error: boom\n/t/tdq tblgen: 2 errors.\nsee /t/tdq tblgen: here\n";
    assert_eq!(
        normalize_argv0(stderr, "/t/tdq tblgen", "llvm-tblgen"),
        "x.td:1:1: error: boom\nllvm-tblgen: 2 errors.\nsee /t/tdq tblgen: here\n"
    );
}
