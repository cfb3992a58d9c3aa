//! `tdq lint` run as a user runs it: exit statuses, the baseline workflow, configuration,
//! `--list`/`--explain`, and errors.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const PROLOGUE: &str = "class Instruction { bit isBranch = 0; bit isTerminator = 0; bit isBarrier = 0; }\n";

fn tdq(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tdq")).current_dir(dir).arg("lint").args(args).output().unwrap()
}

fn status(o: &Output) -> i32 {
    o.status.code().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn scratch(defs: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let td = dir.path().join("T.td");
    std::fs::write(&td, format!("{PROLOGUE}{defs}")).unwrap();
    (dir, td)
}

#[test]
fn clean_input_exits_0_and_findings_exit_1() {
    let (dir, _) = scratch("def NOP : Instruction;\n");
    let o = tdq(dir.path(), &["--td", "T.td"]);
    assert_eq!((status(&o), text(&o.stdout)), (0, String::new()), "{}", text(&o.stderr));
    let (dir, _) = scratch("def JMP : Instruction { let isBranch = 1; }\n");
    let o = tdq(dir.path(), &["--td", "T.td"]);
    assert_eq!(status(&o), 1);
    assert!(text(&o.stdout).starts_with("T.td:2:5: warning[branch-not-terminator]: JMP: `isBranch` is set but `isTerminator` is not\n"), "{}", text(&o.stdout));
    // Below the failing level: reported, but the run passes.
    let o = tdq(dir.path(), &["--td", "T.td", "--fail-on", "error"]);
    assert_eq!(status(&o), 0);
    assert!(!o.stdout.is_empty());
}

#[test]
fn baseline_accepts_old_findings_and_fails_on_new_ones() {
    let (dir, td) = scratch("def JMP : Instruction { let isBranch = 1; }\n");
    let o = tdq(dir.path(), &["--td", "T.td", "--write-baseline", "baseline.json"]);
    assert_eq!(status(&o), 0, "{}", text(&o.stderr));
    let o = tdq(dir.path(), &["--td", "T.td", "--baseline", "baseline.json"]);
    assert_eq!((status(&o), text(&o.stdout)), (0, String::new()));
    // Moving the old finding does not bring it back; a new one fails the run.
    std::fs::write(&td, format!("{PROLOGUE}\n\ndef JMP : Instruction {{ let isBranch = 1; }}\ndef TRAP : Instruction {{ let isBarrier = 1; }}\n")).unwrap();
    let o = tdq(dir.path(), &["--td", "T.td", "--baseline", "baseline.json"]);
    assert_eq!(status(&o), 1);
    let out = text(&o.stdout);
    assert!(out.contains("barrier-not-terminator]: TRAP") && !out.contains("JMP"), "{out}");
}

#[test]
fn config_file_and_command_line_select() {
    let (dir, _) = scratch("def JMP : Instruction { let isBranch = 1; }\n");
    std::fs::write(dir.path().join("tdq.toml"), "[lint]\nseverity = { branch-not-terminator = \"note\" }\n").unwrap();
    let o = tdq(dir.path(), &["--td", "T.td", "--config", "tdq.toml"]);
    assert_eq!(status(&o), 0, "a note does not fail the run");
    assert!(text(&o.stdout).contains("note[branch-not-terminator]"));
    let o = tdq(dir.path(), &["--td", "T.td", "--ignore", "branch-not-terminator"]);
    assert_eq!((status(&o), text(&o.stdout)), (0, String::new()));
    let o = tdq(dir.path(), &["--td", "T.td", "--select", "nonsense"]);
    assert_eq!(status(&o), 2);
    assert!(text(&o.stderr).contains("unknown lint `nonsense`"));
}

#[test]
fn formats_and_statistics() {
    let (dir, _) = scratch("def JMP : Instruction { let isBranch = 1; }\ndef TRAP : Instruction { let isBarrier = 1; }\n");
    let o = tdq(dir.path(), &["--td", "T.td", "--format", "github"]);
    assert_eq!(text(&o.stdout).lines().next().unwrap(), "::warning file=T.td,line=2,col=5,title=branch-not-terminator (JMP)::`isBranch` is set but `isTerminator` is not");
    let o = tdq(dir.path(), &["--td", "T.td", "--format", "sarif", "-o", "out.sarif"]);
    assert_eq!(status(&o), 1);
    let log: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(dir.path().join("out.sarif")).unwrap()).unwrap();
    assert_eq!(log["runs"][0]["results"].as_array().unwrap().len(), 2);
    let o = tdq(dir.path(), &["--td", "T.td", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v[1]["record"], "TRAP");
    let o = tdq(dir.path(), &["--td", "T.td", "--statistics"]);
    let stats = text(&o.stdout);
    assert!(stats.contains("      1  barrier-not-terminator") && stats.contains("      2  total"), "{stats}");
    let o = tdq(dir.path(), &["--td", "T.td", "--format", "xml"]);
    assert_eq!(status(&o), 2);
}

#[test]
fn list_and_explain() {
    let dir = tempfile::tempdir().unwrap();
    let o = tdq(dir.path(), &["--list"]);
    assert_eq!(status(&o), 0);
    let list = text(&o.stdout);
    assert!(list.lines().count() >= 8);
    assert!(list.lines().any(|l| l.starts_with("duplicate-encoding") && l.contains(" on ")));
    let o = tdq(dir.path(), &["--explain", "unused-class"]);
    assert_eq!(status(&o), 0);
    let doc = text(&o.stdout);
    assert!(doc.starts_with("# unused-class (note, on by default)") && doc.contains("```tablegen fires"), "{doc}");
    let o = tdq(dir.path(), &["--explain", "nope"]);
    assert_eq!(status(&o), 2);
}

#[test]
fn bad_input_is_an_error_with_a_location() {
    let (dir, _) = scratch("def X : NoSuchClass;\n");
    let o = tdq(dir.path(), &["--td", "T.td"]);
    assert_eq!(status(&o), 2);
    let err = text(&o.stderr);
    assert!(err.starts_with("T.td:2:9: error: Couldn't find class 'NoSuchClass'"), "{err}");
    let o = tdq(dir.path(), &["--td", "missing.td"]);
    assert_eq!(status(&o), 2);
    assert!(text(&o.stderr).contains("could not open input file 'missing.td'"));
    let o = tdq(dir.path(), &[]);
    assert_eq!(status(&o), 2);
}
