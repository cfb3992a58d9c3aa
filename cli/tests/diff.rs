//! `tdq diff` against llvm-tblgen 19, differentially.
//!
//! Each case in `tests/diff/corpus/<case>/case.txt` edits a copy of an LLVM target from the
//! corpus. A git repository holds the unedited tree in one commit and each case's tree in a
//! commit of its own; `tdq diff BASE:PATH CASE:PATH --format json` must report exactly the defs
//! and fields that differ between llvm-tblgen 19's `--dump-json` of the two trees, and nothing
//! else. The expectation is computed here from the two JSON dumps: named defs are compared
//! key by key, numbered defs (anonymous ones, and those named from an anonymous `defm`, whose
//! numbers shift) by content, with `anonymous_N` references renumbered the same way.
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
    tdq_tests::workspace_dir().join("cli")
}

/// The LLVM sources (`TDQ_CORPUS`, or `../shared/corpus/llvm-19.1.7/llvm` beside the workspace).
fn corpus() -> PathBuf {
    let dir = std::env::var_os("TDQ_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| manifest_dir().join("../../shared/corpus/llvm-19.1.7/llvm"));
    assert!(
        dir.join("include/llvm/Target/Target.td").is_file(),
        "no LLVM corpus at {} (set TDQ_CORPUS)",
        dir.display()
    );
    dir
}

fn tdq(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tdq"))
        .env("TDQ_LLVM_VERSION", "19")
        .current_dir(dir)
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .unwrap()
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

/// Every `anonymous_N` in `v` (wherever it is, as in `FOOanonymous_12X`) rewritten by `rename`.
fn rename_anonymous(v: &Value, rename: &dyn Fn(&str) -> String) -> Value {
    match v {
        Value::String(s) => Value::String(rename_in(s, rename)),
        Value::Array(a) => Value::Array(a.iter().map(|x| rename_anonymous(x, rename)).collect()),
        Value::Object(o) => Value::Object(o.iter().map(|(k, x)| (k.clone(), rename_anonymous(x, rename))).collect()),
        other => other.clone(),
    }
}

fn rename_in(s: &str, rename: &dyn Fn(&str) -> String) -> String {
    let mut out = String::new();
    let mut rest = s;
    while let Some(at) = rest.find("anonymous_") {
        let digits = rest[at + 10..].bytes().take_while(u8::is_ascii_digit).count();
        out.push_str(&rest[..at]);
        out.push_str(&if digits > 0 { rename(&rest[at..at + 10 + digits]) } else { "anonymous_".to_string() });
        rest = &rest[at + 10 + digits..];
    }
    out.push_str(rest);
    out
}

/// A def whose name holds an anonymous number: an anonymous def, or one named from an
/// anonymous `defm` (`anonymous_15479C`). llvm-tblgen's dump does not say which defs the
/// second are, so the expectation reads the name; no LLVM target spells a name that way.
fn is_numbered(name: &str, def: &Value) -> bool {
    def["!anonymous"] == Value::Bool(true) || !numbers(name).is_empty()
}

/// The anonymous numbers in a name, in order.
fn numbers(name: &str) -> Vec<u64> {
    let mut found = Vec::new();
    let mut rest = name;
    while let Some(at) = rest.find("anonymous_") {
        rest = &rest[at + 10..];
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        if digits > 0 {
            found.push(rest[..digits].parse().unwrap());
        }
        rest = &rest[digits..];
    }
    found
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

/// What a numbered def is whatever its numbers: its name and content with the numbers blanked.
fn blank_anonymous(name: &str, def: &Value) -> String {
    let blank = |_: &str| "anonymous_".to_string();
    format!("{} {}", rename_in(name, &blank), rename_anonymous(&Value::Object(content(def)), &blank))
}

fn expected(old: &Map<String, Value>, new: &Map<String, Value>) -> Differences {
    // Numbered defs: the same content pairs them, in creation order.
    let mut olds: Vec<(&String, &Value)> = old.iter().filter(|(n, d)| is_numbered(n, d)).collect();
    let mut news: Vec<(&String, &Value)> = new.iter().filter(|(n, d)| is_numbered(n, d)).collect();
    olds.sort_by_key(|(n, _)| (numbers(n), n.to_string()));
    news.sort_by_key(|(n, _)| (numbers(n), n.to_string()));
    let mut by_content: BTreeMap<String, Vec<&String>> = BTreeMap::new();
    for (n, d) in news.iter().rev() {
        by_content.entry(blank_anonymous(n, d)).or_default().push(n);
    }
    let mut d = Differences::default();
    // How each anonymous number moved, from the names of the paired defs.
    let mut renumbered: BTreeMap<String, String> = BTreeMap::new();
    for (n, def) in &olds {
        let c = blank_anonymous(n, def);
        match by_content.get_mut(&c).and_then(Vec::pop) {
            Some(m) => {
                for (a, b) in numbers(n).into_iter().zip(numbers(m)) {
                    renumbered.entry(format!("anonymous_{a}")).or_insert(format!("anonymous_{b}"));
                }
            }
            None => d.removed_anonymous.push(c),
        }
    }
    d.added_anonymous = by_content.into_iter().flat_map(|(c, left)| left.into_iter().map(move |_| c.clone())).collect();
    let rename = |n: &str| renumbered.get(n).cloned().unwrap_or_else(|| n.to_string());
    for (name, def) in old.iter().filter(|(n, d)| !is_numbered(n, d)) {
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
    d.added_named =
        new.iter().filter(|(n, d)| !is_numbered(n, d) && !old.contains_key(*n)).map(|(n, _)| n.clone()).collect();
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
            .map(|r| {
                let numbered = r["anonymous"].as_bool().unwrap() || r["from_anonymous"].as_bool().unwrap();
                (r["name"].as_str().unwrap().to_string(), numbered)
            })
            .collect()
    };
    for (n, anonymous) in names("added") {
        if anonymous {
            d.added_anonymous.push(blank_anonymous(&n, &new[&n]));
        } else {
            d.added_named.insert(n);
        }
    }
    for (n, anonymous) in names("removed") {
        if anonymous {
            d.removed_anonymous.push(blank_anonymous(&n, &old[&n]));
        } else {
            d.removed_named.insert(n);
        }
    }
    for r in report["renamed"].as_array().unwrap() {
        let (o, n) = (r["old"].as_str().unwrap(), r["new"].as_str().unwrap());
        assert_eq!(
            content(&old[o]),
            content(&new[n]),
            "{case}: {o} → {n} is reported as a rename but its content changed"
        );
        d.removed_named.insert(o.to_string());
        d.added_named.insert(n.to_string());
    }
    for c in report["changed"].as_array().unwrap() {
        let name = c["name"].as_str().unwrap();
        if c["anonymous"].as_bool().unwrap() || c["from_anonymous"].as_bool().unwrap() {
            // A changed numbered def is one content gone and one new.
            let old_name = c["old_name"].as_str().unwrap_or(name);
            d.removed_anonymous.push(blank_anonymous(old_name, &old[old_name]));
            d.added_anonymous.push(blank_anonymous(name, &new[name]));
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
            failures
                .push(format!("{}: tdq diff reported\n{got:#?}\nllvm-tblgen's dumps differ by\n{want:#?}", case.name));
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
                failures
                    .push(format!("{}: no shared change of {field} set at {at} in {:#}", case.name, report["groups"]));
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
            other => failures
                .push(format!("{}: from {inc}, REV:./PATH gave {other:?}, not {}", case.name, report["summary"])),
        }
        // The text format of equal trees is empty, as diff(1)'s.
        if equal {
            let text = tdq(root, &args("text").iter().map(String::as_str).collect::<Vec<_>>());
            if !text.stdout.is_empty() || text.status.code() != Some(0) {
                failures.push(format!(
                    "{}: equal trees printed {:?}",
                    case.name,
                    String::from_utf8_lossy(&text.stdout)
                ));
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

/// Two copies of a target tree, the second edited, diffed as files from the directory holding
/// both: `-I` directories are taken inside each tree, so exactly the edit is reported (checked
/// against llvm-tblgen's dumps of the two trees); per-side options do the same; a `-I` or a
/// per-side directory inside the other side's tree is refused, saying how to name each side's
/// includes.
#[test]
fn two_trees_diffed_as_files_each_read_their_own_includes() {
    let corpus = corpus();
    let dir = tempfile::tempdir().unwrap();
    let top = dir.path();
    for side in ["a", "b"] {
        let td = |p: &Path| p.extension().is_some_and(|e| e == "td");
        copy_tree(&corpus.join("include"), &top.join(side).join("include"), &td);
        copy_tree(&corpus.join("lib/Target/Lanai"), &top.join(side).join("lib/Target/Lanai"), &td);
    }
    // A named change, an anonymous def changed, and every later anonymous def renumbered.
    let edits = [
        ("lib/Target/Lanai/LanaiInstrFormats.td", "  let Size = 4;\n", "  let Size = 8;\n"),
        (
            "lib/Target/Lanai/LanaiInstrInfo.td",
            "def : Pat<(i32 i32hi16and:$imm), (AND_I_HI (i32 R1), i32hi16and:$imm)>;\n",
            "def : Pat<(i32 i32hi16and:$imm), (AND_I_HI (i32 R0), i32hi16and:$imm)>;\n",
        ),
        (
            "lib/Target/Lanai/Lanai.td",
            "include \"llvm/Target/Target.td\"\n",
            "include \"llvm/Target/Target.td\"\ndef : Predicate<\"tdqProbe()\">;\n",
        ),
    ];
    for (path, old, new) in edits {
        apply(&top.join("b"), &Edit { path: path.into(), old: old.into(), new: new.into() }, "two-trees");
    }
    let (old, new) = (dump_json(&top.join("a"), "Lanai"), dump_json(&top.join("b"), "Lanai"));
    let want = expected(&old, &new);
    assert!(want.changed.len() > 10, "the edit changes the size of Lanai's instructions: {want:?}");
    assert_eq!((want.added_anonymous.len(), want.removed_anonymous.len()), (2, 1), "{want:?}");

    let sides = ["diff", "a/lib/Target/Lanai/Lanai.td", "b/lib/Target/Lanai/Lanai.td"];
    let run = |extra: &[&str]| tdq(top, &sides.iter().chain(extra).copied().collect::<Vec<_>>());
    let each_tree = run(&["-I", "include", "-I", "lib/Target/Lanai", "--format", "json"]);
    assert_eq!(each_tree.status.code(), Some(1), "{}", String::from_utf8_lossy(&each_tree.stderr));
    let report: Value = serde_json::from_slice(&each_tree.stdout).unwrap();
    assert_eq!(reported(&report, &old, &new, "two-trees"), want);
    // The edited pattern is the same def, changed (by its place in the tree), not one removed
    // and one added; only the new def is added.
    let summary = &report["summary"];
    assert_eq!((&summary["added"], &summary["removed"]), (&Value::from(1), &Value::from(0)), "{summary:#}");
    assert!(report["changed"].as_array().unwrap().iter().any(|c| c["anonymous"] == true), "{report:#}");
    let per_side = run(&[
        "--old-include",
        "a/include",
        "--old-include",
        "a/lib/Target/Lanai",
        "--new-include",
        "b/include",
        "--new-include",
        "b/lib/Target/Lanai",
        "--format",
        "json",
    ]);
    assert_eq!(per_side.status.code(), Some(1), "{}", String::from_utf8_lossy(&per_side.stderr));
    assert_eq!(serde_json::from_slice::<Value>(&per_side.stdout).unwrap(), report);

    // The command: side b would read a's files.
    let refused = run(&["-I", "a/include", "-I", "a/lib/Target/Lanai"]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(refused.stdout.is_empty());
    assert_eq!(
        String::from_utf8_lossy(&refused.stderr),
        "tdq diff: -I a/include is in the old side's tree (a): the new side would read the old side's files. \
         The sides are files in two trees, so name include directories inside each tree (-I include), \
         or give each side its own (--old-include a/include --new-include b/include)\n"
    );
    let crossed = run(&["--old-include", "a/include", "--new-include", "a/lib/Target/Lanai"]);
    assert_eq!(crossed.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&crossed.stderr).starts_with(
            "tdq diff: --new-include a/lib/Target/Lanai is in the old side's tree (a): the new side would read the old side's files."
        ),
        "{}",
        String::from_utf8_lossy(&crossed.stderr)
    );
    // A tree diffed with itself is empty, whichever way its includes are named.
    let same = tdq(
        top,
        &[
            "diff",
            "a/lib/Target/Lanai/Lanai.td",
            "a/lib/Target/Lanai/Lanai.td",
            "-I",
            "a/include",
            "-I",
            "a/lib/Target/Lanai",
        ],
    );
    assert_eq!(
        (same.status.code(), same.stdout.is_empty()),
        (Some(0), true),
        "{}",
        String::from_utf8_lossy(&same.stderr)
    );
}

/// `--dump-json` of a target root of the release `llvm` corpus, as its llvm-tblgen writes it:
/// LLVM 19's from llvm-tblgen 19; LLVM 23's from tdq, checked against the checksum of llvm-tblgen
/// 23's output (`../shared/conformance/targets-23.sha256`), so that no llvm-tblgen 23 is needed.
fn release_dump_json(llvm: &Path, release: &str, target: &str) -> Map<String, Value> {
    let td = format!("lib/Target/{target}/{target}.td");
    let inc = format!("lib/Target/{target}");
    let args = ["-I", "include", "-I", inc.as_str(), "--dump-json", td.as_str()];
    let out = if release == "19" {
        Command::new(LLVM_TBLGEN).current_dir(llvm).args(args).output().unwrap()
    } else {
        Command::new(env!("CARGO_BIN_EXE_tdq"))
            .current_dir(llvm)
            .args(["tblgen", "--llvm-version", release])
            .args(args)
            .output()
            .unwrap()
    };
    assert!(out.status.success(), "--dump-json of {target} ({release}): {}", String::from_utf8_lossy(&out.stderr));
    if release != "19" {
        let sums =
            std::fs::read_to_string(manifest_dir().join(format!("../../shared/conformance/targets-{release}.sha256")))
                .expect("the reference checksums");
        let want = sums
            .lines()
            .find_map(|l| l.strip_prefix(&format!("{target} --dump-json ")))
            .expect("a checksum of the target's --dump-json");
        let mut sha = Command::new("sha256sum")
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        use std::io::Write;
        sha.stdin.take().unwrap().write_all(&out.stdout).unwrap();
        let got = String::from_utf8(sha.wait_with_output().unwrap().stdout).unwrap();
        assert_eq!(
            got.split_whitespace().next(),
            Some(want.trim()),
            "tdq's --dump-json is not llvm-tblgen {release}'s"
        );
    }
    let Value::Object(mut all) = serde_json::from_slice(&out.stdout).unwrap() else { panic!("not an object") };
    all.remove("!instanceof");
    all.remove("!tablegen_json_version");
    all
}

/// LLVM 19.1.7's X86 against LLVM 23.1.1's, each side evaluated as its own release: the defs
/// tdq reports added, removed and changed agree with the two releases' `--dump-json`. The named
/// ones are the same defs. The dumps' comparison pairs numbered defs by their content with
/// every `anonymous_N` blanked, so it takes a def whose only change is which anonymous def it
/// refers to as unchanged; tdq, which pairs the anonymous defs themselves, reports such a def
/// as changed when the def it refers to changed (an intrinsic argument whose `LLVMType` moved).
/// Those are counted apart: with them, the counts are the dumps' exactly.
#[test]
fn llvm_19_x86_against_llvm_23_x86_agrees_with_their_dumps() {
    let shared = manifest_dir().join("../../shared/corpus");
    let (old_tree, new_tree) = (shared.join("llvm-19.1.7/llvm"), shared.join("llvm-23.1.1/llvm"));
    let old = release_dump_json(&old_tree, "19", "X86");
    let new = release_dump_json(&new_tree, "23", "X86");
    let want = expected(&old, &new);

    let side = |tree: &Path| tree.join("lib/Target/X86/X86.td").display().to_string();
    let include = |tree: &Path, dir: &str| tree.join(dir).display().to_string();
    let mut words: Vec<String> = vec!["diff".into(), side(&old_tree), side(&new_tree)];
    words.extend(["--old-llvm-version", "19", "--new-llvm-version", "23", "--format", "json"].map(String::from));
    for (flag, tree) in [("--old-include", &old_tree), ("--new-include", &new_tree)] {
        for dir in ["include", "lib/Target/X86"] {
            words.extend([flag.to_string(), include(tree, dir)]);
        }
    }
    let out = Command::new(env!("CARGO_BIN_EXE_tdq")).args(&words).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    let report: Value =
        serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("no JSON ({e}); stderr: {stderr}"));
    let got = reported(&report, &old, &new, "x86-19-23");
    assert!(
        want.added_named.len() > 1000 && want.removed_named.len() > 100 && want.changed.len() > 1000,
        "the releases differ little"
    );
    assert_eq!(got.added_named, want.added_named, "named defs added");
    assert_eq!(got.removed_named, want.removed_named, "named defs removed");

    // Numbered defs tdq reports changed whose dumps differ in anonymous numbers only.
    let blank = |v: &Value| rename_anonymous(&Value::Object(content(v)), &|_| "anonymous_".to_string());
    let references_only = report["changed"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["anonymous"].as_bool().unwrap() || c["from_anonymous"].as_bool().unwrap())
        .filter(|c| {
            let name = c["name"].as_str().unwrap();
            let old_name = c["old_name"].as_str().unwrap_or(name);
            blank(&old[old_name]) == blank(&new[name])
        })
        .count();
    assert_eq!(got.added_anonymous.len() - references_only, want.added_anonymous.len(), "numbered defs added");
    assert_eq!(got.removed_anonymous.len() - references_only, want.removed_anonymous.len(), "numbered defs removed");

    // Named defs changed: the same, but for those whose every difference is such a reference.
    let changed = |d: &Differences| -> BTreeSet<String> { d.changed.iter().map(|(def, _)| def.clone()).collect() };
    let (got_changed, want_changed) = (changed(&got), changed(&want));
    assert!(got_changed.is_subset(&want_changed), "tdq reports unchanged named defs as changed");
    for def in want_changed.difference(&got_changed) {
        assert_eq!(blank(&old[def]), blank(&new[def]), "{def} changed but tdq does not report it");
    }
}

/// Two LLVM trees of different releases diffed as files from a directory outside both: each
/// side reads its own tree's includes, whether `-I include -I lib/Target/Lanai` names them
/// (taken inside each tree, at the level where they are) or nothing does (LLVM's layout); a
/// side that still misses an include says which include path it had and how to name them.
#[test]
fn two_llvm_trees_each_read_their_own_includes() {
    let shared = manifest_dir().join("../../shared/corpus");
    let side = |release: &str| shared.join(release).join("llvm/lib/Target/Lanai/Lanai.td").display().to_string();
    let (old, new) = (side("llvm-22.1.8"), side("llvm-23.1.1"));
    let elsewhere = tempfile::tempdir().unwrap();
    let run = |extra: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_tdq"))
            .current_dir(elsewhere.path())
            .env_remove("TDQ_LLVM_VERSION")
            .args(["diff", old.as_str(), new.as_str(), "--name-only"])
            .args(extra)
            .output()
            .unwrap()
    };
    let named = run(&["-I", "include", "-I", "lib/Target/Lanai"]);
    assert_eq!(named.status.code(), Some(1), "{}", String::from_utf8_lossy(&named.stderr));
    assert!(!named.stdout.is_empty());
    let unnamed = run(&[]);
    assert_eq!(unnamed.status.code(), Some(1), "{}", String::from_utf8_lossy(&unnamed.stderr));
    assert_eq!(unnamed.stdout, named.stdout);
    let lost = run(&["-I", "lib/Target/Lanai"]);
    assert_eq!(lost.status.code(), Some(2));
    let err = String::from_utf8_lossy(&lost.stderr);
    assert!(err.contains("could not find include file 'llvm/Target/Target.td'"), "{err}");
    assert!(
        err.contains("an include file is not on this side's include path (-I ")
            && err.contains("--old-include DIR and --new-include DIR"),
        "{err}"
    );
}

/// The review of two releases: LLVM 19's X86 against 23's prints its summary first (counts,
/// the classes — `Instruction`, not `InstructionEncoding` — and the fields changed most), cuts
/// every list with "… and N more", and stays under 2,000 lines and 2,000 characters a line;
/// `--stat` is the summary alone, `--name-only` every def that differs, `--format json` all of
/// them (its `groups` name every def they touched).
#[test]
fn llvm_19_x86_against_llvm_23_reads_as_a_review() {
    let shared = manifest_dir().join("../../shared/corpus");
    let side = |release: &str| shared.join(release).join("llvm/lib/Target/X86/X86.td").display().to_string();
    let (old, new) = (side("llvm-19.1.7"), side("llvm-23.1.1"));
    let run = |extra: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_tdq"))
            .env_remove("TDQ_LLVM_VERSION")
            .env("NO_COLOR", "1")
            .args(["diff", old.as_str(), new.as_str()])
            .args(extra)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).unwrap()
    };
    let text = run(&[]);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.len() < 2000, "{} lines", lines.len());
    assert!(
        lines.iter().all(|l| l.chars().count() < 2000),
        "a line of {} characters",
        lines.iter().map(|l| l.len()).max().unwrap()
    );
    assert!(lines[0].contains(" added, ") && lines[0].contains(" changed"), "{}", lines[0]);
    let summary: Vec<&str> = lines.iter().take_while(|l| !l.is_empty()).copied().collect();
    assert!(summary.iter().any(|l| l.trim_start().starts_with("Instruction ")), "{summary:#?}");
    assert!(!summary.iter().any(|l| l.trim_start().starts_with("InstructionEncoding")), "{summary:#?}");
    assert!(summary.contains(&"changed most:") && summary.iter().any(|l| l.contains("more classes")), "{summary:#?}");
    assert!(text.contains("… and ") && text.contains("--full prints everything"), "{text}");
    // No group is renumbering noise: a reference to an anonymous def changed only in number.
    let noise =
        lines.iter().filter(|l| l.starts_with("~ ") && l.contains(": anonymous_") && l.contains(" → anonymous_"));
    assert_eq!(noise.count(), 0, "{text}");
    let stat = run(&["--stat"]);
    assert_eq!(stat, format!("{}\n", summary.join("\n")));

    let json: Value = serde_json::from_str(&run(&["--format", "json"])).unwrap();
    let count = |key: &str| json[key].as_array().unwrap().len();
    let s = &json["summary"];
    assert_eq!(
        [count("added"), count("removed"), count("renamed"), count("changed")],
        ["added", "removed", "renamed", "changed"].map(|k| s[k].as_u64().unwrap() as usize)
    );
    for group in json["groups"].as_array().unwrap() {
        assert_eq!(group["records"].as_array().unwrap().len() as u64, group["count"].as_u64().unwrap());
    }
    let names = run(&["--name-only"]);
    let mut expected: Vec<&str> = ["added", "removed"]
        .iter()
        .flat_map(|k| json[k].as_array().unwrap().iter().map(|r| r["name"].as_str().unwrap()))
        .chain(json["renamed"].as_array().unwrap().iter().map(|r| r["new"].as_str().unwrap()))
        .chain(json["changed"].as_array().unwrap().iter().map(|r| r["name"].as_str().unwrap()))
        .collect();
    expected.sort_unstable();
    expected.dedup();
    assert_eq!(names.lines().collect::<Vec<_>>(), expected);
}

/// docs/diff.md says what `tdq diff` does: a store written by `tdq export --db` is a side like
/// any other, and a change of superclasses is printed whole, however long, not word-diffed.
#[test]
fn docs_diff_md_says_what_diff_does() {
    let doc = std::fs::read_to_string(manifest_dir().join("../docs/diff.md")).unwrap();
    assert!(!doc.contains("Not in this build"), "docs/diff.md says store sides do not work");
    assert!(doc.contains("`!superclasses: [OLD, ...] → [NEW, ...]`, never word-diffed"));
    let dir = tempfile::tempdir().unwrap();
    let long = "AVeryLongClassNameNumberOne, AVeryLongClassNameNumberTwo";
    std::fs::write(
        dir.path().join("a.td"),
        "class AVeryLongClassNameNumberOne; class AVeryLongClassNameNumberTwo; class Three;\n\
         def X : AVeryLongClassNameNumberOne, AVeryLongClassNameNumberTwo;\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("b.td"),
        "class AVeryLongClassNameNumberOne; class AVeryLongClassNameNumberTwo; class Three;\n\
         def X : AVeryLongClassNameNumberOne, AVeryLongClassNameNumberTwo, Three;\n",
    )
    .unwrap();
    let cache = tempfile::tempdir().unwrap();
    let export = Command::new(env!("CARGO_BIN_EXE_tdq"))
        .current_dir(dir.path())
        .env("TDQ_LLVM_VERSION", "19")
        .env("TDQ_CACHE_DIR", cache.path())
        .args(["export", "--db", "a.db", "--td", "a.td"])
        .output()
        .unwrap();
    assert!(export.status.success(), "{}", String::from_utf8_lossy(&export.stderr));
    let out = tdq(dir.path(), &["diff", "a.db", "b.td"]);
    assert_eq!(out.status.code(), Some(1), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains(&format!("    !superclasses: [{long}] → [{long}, Three]\n")), "{text}");
}
