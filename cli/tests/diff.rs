//! `tdq diff` against llvm-tblgen 19, differentially.
//!
//! Each case in `tests/diff/corpus/<case>/case.txt` edits a copy of an LLVM target from the
//! corpus. A git repository holds the unedited tree in one commit and each case's tree in a
//! commit of its own; `tdq diff BASE:PATH CASE:PATH --format json` must report exactly the defs
//! and fields that differ between llvm-tblgen 19's `--dump-json` of the two trees, and nothing
//! else. The expectation is computed here from the two JSON dumps: named defs are compared
//! key by key, anonymous defs (whose numbers shift) by content, with `anonymous_N` references
//! renumbered the same way.
//!
//! Case format: `target T` (evaluates `lib/Target/T/T.td` with `-I include -I lib/Target/T`);
//! `edit PATH` followed by `-` lines (text that occurs exactly once in PATH) and `+` lines
//! (its replacement); `group FIELD FILE:LINE` (the change of FIELD is shown once for all the
//! defs it touched, caused by FILE:LINE in the new tree); `#` comments.

mod snapshot;

use serde_json::{Map, Value};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const LLVM_TBLGEN: &str = "/usr/lib/llvm-19/bin/llvm-tblgen";

fn manifest_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The LLVM sources (`TDQ_CORPUS`, or `../shared/corpus/llvm-19.1.7/llvm` beside the workspace).
fn corpus() -> PathBuf {
    let dir = std::env::var_os("TDQ_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| manifest_dir().join("../../shared/corpus/llvm-19.1.7/llvm"));
    assert!(dir.join("include/llvm/Target/Target.td").is_file(), "no LLVM corpus at {} (set TDQ_CORPUS)", dir.display());
    dir
}

fn tdq(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tdq")).current_dir(dir).args(args).env("NO_COLOR", "1").output().unwrap()
}

fn git(dir: &Path, args: &[&str]) {
    let out = Command::new("git")
        .current_dir(dir)
        .args(["-c", "user.name=tdq", "-c", "user.email=tdq@localhost", "-c", "commit.gpgsign=false"])
        .args(args)
        .output()
        .unwrap();
    assert!(out.status.success(), "git {args:?}: {}", String::from_utf8_lossy(&out.stderr));
}

fn copy_tree(from: &Path, to: &Path, keep: &dyn Fn(&Path) -> bool) {
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let path = entry.path();
        let target = to.join(entry.file_name());
        if path.is_dir() {
            copy_tree(&path, &target, keep);
        } else if keep(&path) {
            std::fs::create_dir_all(to).unwrap();
            std::fs::copy(&path, &target).unwrap();
        }
    }
}

struct Edit {
    path: String,
    old: String,
    new: String,
}

struct Case {
    name: String,
    target: String,
    edits: Vec<Edit>,
    /// (field, basename:line of the cause in the new tree)
    groups: Vec<(String, String)>,
}

fn read_case(dir: &Path) -> Case {
    let text = std::fs::read_to_string(dir.join("case.txt")).unwrap();
    let mut case = Case {
        name: dir.file_name().unwrap().to_string_lossy().into_owned(),
        target: String::new(),
        edits: Vec::new(),
        groups: Vec::new(),
    };
    for line in text.lines() {
        if let Some(t) = line.strip_prefix("target ") {
            case.target = t.to_string();
        } else if let Some(p) = line.strip_prefix("edit ") {
            case.edits.push(Edit { path: p.to_string(), old: String::new(), new: String::new() });
        } else if let Some(rest) = line.strip_prefix("group ") {
            let (field, at) = rest.split_once(' ').expect("group FIELD FILE:LINE");
            case.groups.push((field.to_string(), at.to_string()));
        } else if let Some(t) = line.strip_prefix('-') {
            let e = case.edits.last_mut().expect("an edit line first");
            e.old.push_str(t);
            e.old.push('\n');
        } else if let Some(t) = line.strip_prefix('+') {
            let e = case.edits.last_mut().expect("an edit line first");
            e.new.push_str(t);
            e.new.push('\n');
        } else {
            assert!(line.starts_with('#') || line.trim().is_empty(), "{}: bad line {line:?}", case.name);
        }
    }
    assert!(!case.target.is_empty(), "{}: no target", case.name);
    case
}

fn apply(root: &Path, edit: &Edit, case: &str) {
    let path = root.join(&edit.path);
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(text.matches(&edit.old).count(), 1, "{case}: the text to replace must occur once in {}", edit.path);
    std::fs::write(&path, text.replacen(&edit.old, &edit.new, 1)).unwrap();
}

/// llvm-tblgen 19's --dump-json of the working tree.
fn dump_json(root: &Path, target: &str) -> Map<String, Value> {
    let td = format!("lib/Target/{target}/{target}.td");
    let out = Command::new(LLVM_TBLGEN)
        .current_dir(root)
        .args(["--dump-json", "-I", "include", "-I", &format!("lib/Target/{target}"), &td])
        .output()
        .unwrap_or_else(|e| panic!("{LLVM_TBLGEN}: {e}"));
    assert!(out.status.success(), "llvm-tblgen failed: {}", String::from_utf8_lossy(&out.stderr));
    let Value::Object(mut all) = serde_json::from_slice(&out.stdout).unwrap() else { panic!("not an object") };
    all.remove("!instanceof");
    all.remove("!tablegen_json_version");
    all
}

/// What a def is, for comparison: its dump without the keys that are not content.
fn content(def: &Value) -> Map<String, Value> {
    let mut m = def.as_object().unwrap().clone();
    for key in ["!locs", "!name", "!anonymous", "!fields"] {
        m.remove(key);
    }
    m
}

/// Every `anonymous_N` in `v` rewritten by `rename`.
fn rename_anonymous(v: &Value, rename: &dyn Fn(&str) -> String) -> Value {
    match v {
        Value::String(s) => {
            let mut out = String::new();
            let mut rest = s.as_str();
            while let Some(at) = rest.find("anonymous_") {
                let digits = rest[at + 10..].bytes().take_while(u8::is_ascii_digit).count();
                out.push_str(&rest[..at]);
                out.push_str(&rename(&rest[at..at + 10 + digits]));
                rest = &rest[at + 10 + digits..];
            }
            out.push_str(rest);
            Value::String(out)
        }
        Value::Array(a) => Value::Array(a.iter().map(|x| rename_anonymous(x, rename)).collect()),
        Value::Object(o) => Value::Object(o.iter().map(|(k, x)| (k.clone(), rename_anonymous(x, rename))).collect()),
        other => other.clone(),
    }
}

fn is_anonymous(def: &Value) -> bool {
    def["!anonymous"] == Value::Bool(true)
}

fn number(name: &str) -> u64 {
    name.trim_start_matches("anonymous_").parse().unwrap()
}

/// The differences llvm-tblgen's dumps show, in the terms of `tdq diff --format json`.
#[derive(Debug, PartialEq, Default)]
struct Differences {
    /// (def, field) changed, `!superclasses` included.
    changed: BTreeSet<(String, String)>,
    added_named: BTreeSet<String>,
    removed_named: BTreeSet<String>,
    /// Contents (anonymous names blanked) of anonymous defs only on one side.
    added_anonymous: Vec<String>,
    removed_anonymous: Vec<String>,
}

fn blank_anonymous(def: &Value) -> String {
    rename_anonymous(&Value::Object(content(def)), &|_| "anonymous_".to_string()).to_string()
}

fn expected(old: &Map<String, Value>, new: &Map<String, Value>) -> Differences {
    // Anonymous defs: the same content pairs them, in creation order.
    let mut olds: Vec<(&String, &Value)> = old.iter().filter(|(_, d)| is_anonymous(d)).collect();
    let mut news: Vec<(&String, &Value)> = new.iter().filter(|(_, d)| is_anonymous(d)).collect();
    olds.sort_by_key(|(n, _)| number(n));
    news.sort_by_key(|(n, _)| number(n));
    let mut by_content: BTreeMap<String, Vec<&String>> = BTreeMap::new();
    for (n, d) in news.iter().rev() {
        by_content.entry(blank_anonymous(d)).or_default().push(n);
    }
    let mut d = Differences::default();
    let mut renumbered: BTreeMap<String, String> = BTreeMap::new();
    for (n, def) in &olds {
        let c = blank_anonymous(def);
        match by_content.get_mut(&c).and_then(Vec::pop) {
            Some(m) => {
                renumbered.insert(n.to_string(), m.clone());
            }
            None => d.removed_anonymous.push(c),
        }
    }
    d.added_anonymous = by_content.into_iter().flat_map(|(c, left)| left.into_iter().map(move |_| c.clone())).collect();
    let rename = |n: &str| renumbered.get(n).cloned().unwrap_or_else(|| n.to_string());
    for (name, def) in old.iter().filter(|(_, d)| !is_anonymous(d)) {
        let Some(new_def) = new.get(name) else {
            d.removed_named.insert(name.clone());
            continue;
        };
        let (a, b) = (content(&rename_anonymous(def, &rename)), content(new_def));
        let keys: BTreeSet<&String> = a.keys().chain(b.keys()).collect();
        for k in keys {
            if a.get(k) != b.get(k) {
                d.changed.insert((name.clone(), k.clone()));
            }
        }
    }
    d.added_named = new.iter().filter(|(n, d)| !is_anonymous(d) && !old.contains_key(*n)).map(|(n, _)| n.clone()).collect();
    d.added_anonymous.sort();
    d.removed_anonymous.sort();
    d
}

/// The same, from `tdq diff --format json`, with renames checked against the dumps and
/// counted as a removal and an addition.
fn reported(report: &Value, old: &Map<String, Value>, new: &Map<String, Value>, case: &str) -> Differences {
    let mut d = Differences::default();
    let names = |key: &str| -> Vec<(String, bool)> {
        report[key]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| (r["name"].as_str().unwrap().to_string(), r["anonymous"].as_bool().unwrap()))
            .collect()
    };
    for (n, anonymous) in names("added") {
        if anonymous {
            d.added_anonymous.push(blank_anonymous(&new[&n]));
        } else {
            d.added_named.insert(n);
        }
    }
    for (n, anonymous) in names("removed") {
        if anonymous {
            d.removed_anonymous.push(blank_anonymous(&old[&n]));
        } else {
            d.removed_named.insert(n);
        }
    }
    for r in report["renamed"].as_array().unwrap() {
        let (o, n) = (r["old"].as_str().unwrap(), r["new"].as_str().unwrap());
        assert_eq!(content(&old[o]), content(&new[n]), "{case}: {o} → {n} is reported as a rename but its content changed");
        d.removed_named.insert(o.to_string());
        d.added_named.insert(n.to_string());
    }
    for c in report["changed"].as_array().unwrap() {
        let name = c["name"].as_str().unwrap();
        if c["anonymous"].as_bool().unwrap() {
            // A changed anonymous def is one content gone and one new.
            d.removed_anonymous.push(blank_anonymous(&old[c["old_name"].as_str().unwrap()]));
            d.added_anonymous.push(blank_anonymous(&new[name]));
            continue;
        }
        if c.get("superclasses").is_some() {
            d.changed.insert((name.to_string(), "!superclasses".to_string()));
        }
        for f in c["fields"].as_array().unwrap() {
            d.changed.insert((name.to_string(), f["field"].as_str().unwrap().to_string()));
        }
    }
    d.added_anonymous.sort();
    d.removed_anonymous.sort();
    d
}

#[test]
fn corpus_edits_match_llvm_tblgen_dump_json() {
    let corpus = corpus();
    let cases_dir = manifest_dir().join("../tests/diff/corpus");
    let mut cases: Vec<Case> = std::fs::read_dir(&cases_dir).unwrap().map(|e| read_case(&e.unwrap().path())).collect();
    cases.sort_by(|a, b| a.name.cmp(&b.name));
    assert!(cases.len() >= 6);

    let repo = tempfile::tempdir().unwrap();
    let root = repo.path();
    let targets: BTreeSet<&str> = cases.iter().map(|c| c.target.as_str()).collect();
    copy_tree(&corpus.join("include"), &root.join("include"), &|p| p.extension().is_some_and(|e| e == "td"));
    for t in &targets {
        copy_tree(&corpus.join("lib/Target").join(t), &root.join("lib/Target").join(t), &|p| {
            p.extension().is_some_and(|e| e == "td")
        });
    }
    git(root, &["init", "-q"]);
    git(root, &["add", "-A"]);
    git(root, &["commit", "-qm", "base"]);
    git(root, &["tag", "base"]);
    let base: BTreeMap<&str, Map<String, Value>> = targets.iter().map(|t| (*t, dump_json(root, t))).collect();

    let mut failures = Vec::new();
    for case in &cases {
        git(root, &["checkout", "-q", "-B", &case.name, "base"]);
        for e in &case.edits {
            apply(root, e, &case.name);
        }
        git(root, &["commit", "-qam", &case.name]);
        let new = dump_json(root, &case.target);
        let old = &base[case.target.as_str()];
        let want = expected(old, &new);

        let td = format!("lib/Target/{0}/{0}.td", case.target);
        let inc = format!("lib/Target/{}", case.target);
        let sides = [format!("base:{td}"), format!("{}:{td}", case.name)];
        let args = |format: &str| -> Vec<String> {
            let mut a: Vec<String> = vec!["diff".into(), sides[0].clone(), sides[1].clone()];
            a.extend(["-I", "include", "-I", &inc, "--format", format].map(String::from));
            a
        };
        let json_args = args("json");
        let out = tdq(root, &json_args.iter().map(String::as_str).collect::<Vec<_>>());
        let stderr = String::from_utf8_lossy(&out.stderr);
        let report: Value = match serde_json::from_slice(&out.stdout) {
            Ok(v) => v,
            Err(e) => {
                failures.push(format!("{}: no JSON ({e}); stderr: {stderr}", case.name));
                continue;
            }
        };
        let got = reported(&report, old, &new, &case.name);
        let equal = want == Differences::default();
        if got != want {
            failures.push(format!("{}: tdq diff reported\n{got:#?}\nllvm-tblgen's dumps differ by\n{want:#?}", case.name));
        }
        if out.status.code() != Some(if equal { 0 } else { 1 }) || !stderr.is_empty() {
            failures.push(format!("{}: status {:?}, stderr {stderr}", case.name, out.status.code()));
        }
        for (field, at) in &case.groups {
            let found = report["groups"].as_array().unwrap().iter().any(|g| {
                g["field"] == field.as_str()
                    && g["count"].as_u64().unwrap() >= 2
                    && g["set_at"].as_array().unwrap().iter().any(|l| {
                        let l = l.as_str().unwrap();
                        let file_line = l.rsplit_once(':').map_or(l, |(fl, _)| fl);
                        file_line.rsplit('/').next() == Some(at.as_str())
                    })
            });
            if !found {
                failures.push(format!("{}: no shared change of {field} set at {at} in {:#}", case.name, report["groups"]));
            }
        }
        // The same sides named from the target's directory, relative to it (`REV:./PATH`),
        // count the same differences.
        let target_dir = root.join(&inc);
        let file = format!("./{}.td", case.target);
        let stat = tdq(
            &target_dir,
            &["diff", &format!("base:{file}"), &format!("{}:{file}", case.name), "-I", "../../../include", "-I", "."]
                .into_iter()
                .chain(["--stat", "--format", "json"])
                .collect::<Vec<_>>(),
        );
        match serde_json::from_slice::<Value>(&stat.stdout) {
            Ok(v) if v["summary"] == report["summary"] => {}
            other => failures.push(format!("{}: from {inc}, REV:./PATH gave {other:?}, not {}", case.name, report["summary"])),
        }
        // The text format of equal trees is empty, as diff(1)'s.
        if equal {
            let text = tdq(root, &args("text").iter().map(String::as_str).collect::<Vec<_>>());
            if !text.stdout.is_empty() || text.status.code() != Some(0) {
                failures.push(format!("{}: equal trees printed {:?}", case.name, String::from_utf8_lossy(&text.stdout)));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// The command-line cases in `tests/diff/cli`: `NAME.cmd` holds the words after `tdq diff`
/// (run in that directory); `NAME.stdout`, `NAME.stderr` and `NAME.status` what it must print
/// and return. A missing expectation is written; `TDQ_BLESS=1` rewrites them all.
#[test]
fn command_line_cases() {
    let dir = manifest_dir().join("../tests/diff/cli");
    let names = snapshot::case_names(&dir);
    assert!(!names.is_empty());
    let mut failures = Vec::new();
    for name in &names {
        let cmd = std::fs::read_to_string(dir.join(format!("{name}.cmd"))).unwrap();
        let mut args = vec!["diff"];
        args.extend(cmd.split_whitespace());
        let out = tdq(&dir, &args);
        snapshot::check(&dir, name, &out.stdout, &out.stderr, out.status.code(), &mut failures);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
