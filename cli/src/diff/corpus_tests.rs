//! Renumbering over the LLVM 19 targets, in-process: for each target root, one anonymous def
//! inserted right after the root's first `include` (every later anonymous def and anonymous
//! `defm` is renumbered), one appended at its end, and one anonymous `defm` inserted right
//! after the first `include` must each come out as exactly one added def, in every format.
//!
//! Each side is evaluated on its own thread (interners are per thread) and only its snapshot
//! kept; the unedited root is evaluated once for its three variants. Two targets by default
//! (Lanai, X86);
//! all 26 roots (the 24 `<T>/<T>.td`, `PowerPC/PPC.td`, `AMDGPU/R600.td`) with
//! `TDQ_FULL_CORPUS=1`.

use super::compare::{compare, Diff, Filter};
use super::matching::match_records;
use super::model::{Snapshot, SnapshotOptions};
use super::render::{render, Format, RenderOptions};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The probe: a class of its own, so that the text adds one def to any target.
const PROBE_CLASS: &str = "class TdqDiffProbe<string s> { string Probe = s; }\n";

/// Where the probe goes and what it is.
#[derive(Clone, Copy, Debug)]
enum Probe {
    /// `def : TdqDiffProbe<...>;` right after the first `include`.
    DefAfterFirstInclude,
    /// The same appended at the end of the root file.
    DefAtEnd,
    /// `defm : TdqDiffProbeM;` (a multiclass of one def, `def _probe`) after the first `include`.
    DefmAfterFirstInclude,
}

impl Probe {
    fn apply(self, text: &str) -> String {
        let def = "def : TdqDiffProbe<\"anonymous def\">;\n";
        let defm =
            "multiclass TdqDiffProbeM { def _probe : TdqDiffProbe<\"anonymous defm\">; }\ndefm : TdqDiffProbeM;\n";
        let after_include = |inserted: &str| {
            let at = text
                .match_indices('\n')
                .map(|(i, _)| i + 1)
                .find(|&end| text[..end].lines().last().is_some_and(|l| l.trim_start().starts_with("include ")))
                .expect("the root has an include");
            format!("{}{PROBE_CLASS}{inserted}{}", &text[..at], &text[at..])
        };
        match self {
            Probe::DefAfterFirstInclude => after_include(def),
            Probe::DefAtEnd => format!("{text}\n{PROBE_CLASS}{def}"),
            Probe::DefmAfterFirstInclude => after_include(defm),
        }
    }
}

/// This package's directory as cargo gives it when it runs the test, not as compiled in: a build
/// shared with another checkout (one `CARGO_TARGET_DIR`) is taken as up to date by cargo.
fn package_dir() -> PathBuf {
    std::env::var_os("CARGO_MANIFEST_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")))
}

fn corpus() -> PathBuf {
    let dir = std::env::var_os("TDQ_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| package_dir().join("../../shared/corpus/llvm-19.1.7/llvm"));
    assert!(
        dir.join("include/llvm/Target/Target.td").is_file(),
        "no LLVM corpus at {} (set TDQ_CORPUS)",
        dir.display()
    );
    dir
}

/// The target roots: (directory, root file name without `.td`).
fn roots(corpus: &Path) -> Vec<(String, String)> {
    if std::env::var_os("TDQ_FULL_CORPUS").is_none_or(|v| v != "1") {
        // A small target, and the one with the most defs named from anonymous `defm`s.
        return vec![("Lanai".into(), "Lanai".into()), ("X86".into(), "X86".into())];
    }
    let targets = corpus.join("lib/Target");
    let mut roots: Vec<(String, String)> = std::fs::read_dir(&targets)
        .unwrap()
        .filter_map(|e| {
            let name = e.ok()?.file_name().to_str()?.to_owned();
            targets.join(&name).join(format!("{name}.td")).is_file().then(|| (name.clone(), name))
        })
        .collect();
    roots.push(("PowerPC".into(), "PPC".into()));
    roots.push(("AMDGPU".into(), "R600".into()));
    roots.sort();
    assert_eq!(roots.len(), 26, "the LLVM 19 corpus has 26 target roots");
    roots
}

/// Evaluates `text` as the root file `path` on a thread of its own, into a snapshot.
fn snapshot(path: &Path, text: String, include_dirs: Vec<String>) -> Snapshot {
    let main = path.display().to_string();
    std::thread::Builder::new()
        .stack_size(crate::EVALUATION_STACK)
        .spawn(move || {
            let options = tdq_core::Options { include_dirs, ..Default::default() };
            let evaluation = tdq_core::evaluate(&main, text.into_bytes(), &options);
            let errors: Vec<String> = evaluation
                .diags
                .list
                .iter()
                .map(|d| String::from_utf8_lossy(&tdq_core::diag::render_bytes(&evaluation.sm, d)).into_owned())
                .collect();
            assert!(!evaluation.parse_failed && evaluation.diags.error_count() == 0, "{main}: {}", errors.concat());
            Snapshot::from_evaluation(&evaluation, SnapshotOptions { json_values: true })
        })
        .unwrap()
        .join()
        .unwrap()
}

fn rendered(diff: &Diff<'_>, format: Format) -> String {
    let options = RenderOptions {
        format,
        stat: false,
        full: false,
        name_only: false,
        color: false,
        old_name: "old",
        new_name: "new",
    };
    let mut out = Vec::new();
    render(diff, &options, &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

/// What is wrong with `diff` for `probe`: it must add exactly the probe's def, and say so in
/// every format.
fn check(diff: &Diff<'_>, probe: Probe) -> Vec<String> {
    let mut wrong = Vec::new();
    let c = diff.counts();
    if (c.added, c.removed, c.renamed, c.changed) != (1, 0, 0, 0) || !diff.groups.is_empty() {
        let text = rendered(diff, Format::Text);
        wrong.push(format!("{probe:?}: not one added def:\n{}", text.lines().take(40).collect::<Vec<_>>().join("\n")));
        return wrong;
    }
    let added = diff.added[0];
    let is_probe = added.is_instance_of("TdqDiffProbe")
        && match probe {
            Probe::DefmAfterFirstInclude => added.from_anonymous && !added.anonymous && added.name.ends_with("_probe"),
            _ => added.anonymous,
        };
    if !is_probe {
        wrong.push(format!("{probe:?}: the added def is {} ({:?})", added.name, added.classes));
    }
    let text = rendered(diff, Format::Text);
    let marked = |mark: &str| text.lines().filter(|l| l.starts_with(mark)).count();
    if !text.starts_with("1 added\n")
        || marked("+ ") != 1
        || marked("- ") + marked("~ ") != 0
        || !text.contains(&format!("+ {}\n", added.name))
    {
        wrong.push(format!("{probe:?}: text output:\n{text}"));
    }
    let json: serde_json::Value = serde_json::from_str(&rendered(diff, Format::Json)).unwrap();
    let summary = &json["summary"];
    let names: Vec<&str> = json["added"].as_array().unwrap().iter().filter_map(|r| r["name"].as_str()).collect();
    if json["equal"] != false
        || [&summary["added"], &summary["removed"], &summary["renamed"], &summary["changed"]] != [1, 0, 0, 0]
        || names != [added.name.as_str()]
        || json["changed"].as_array().is_none_or(|c| !c.is_empty())
    {
        wrong.push(format!("{probe:?}: json output: {json:#}"));
    }
    let markdown = rendered(diff, Format::Markdown);
    if !markdown.starts_with("### tdq diff: 1 added\n")
        || !markdown.contains("<summary>Added (1)</summary>")
        || !markdown.contains(&format!("- `{}` (", added.name))
        || markdown.contains("Removed (")
        || markdown.contains("Changed (")
        || markdown.contains("shared by several")
    {
        wrong.push(format!("{probe:?}: markdown output:\n{markdown}"));
    }
    wrong
}

#[test]
fn one_anonymous_def_or_defm_added_is_one_added_def_on_every_target() {
    let corpus = corpus();
    let mut failures = Vec::new();
    for (dir, name) in roots(&corpus) {
        let start = Instant::now();
        let path = corpus.join("lib/Target").join(&dir).join(format!("{name}.td"));
        let includes = vec![corpus.join("include").display().to_string(), path.parent().unwrap().display().to_string()];
        let text = std::fs::read_to_string(&path).unwrap();
        let old = snapshot(&path, text.clone(), includes.clone());
        let numbered = old.records.iter().filter(|r| r.numbered()).count();
        let from_anonymous = old.records.iter().filter(|r| r.from_anonymous).count();
        let mut report = format!(
            "{dir}/{name}.td: {} defs, {numbered} numbered ({from_anonymous} named from anonymous)",
            old.records.len()
        );
        for probe in [Probe::DefAfterFirstInclude, Probe::DefAtEnd, Probe::DefmAfterFirstInclude] {
            let new = snapshot(&path, probe.apply(&text), includes.clone());
            let diff = compare(&old, &new, &Filter::default());
            // How many numbered defs the probe renumbered: paired defs whose names differ.
            let renamed = match_records(&old, &new)
                .pairs
                .iter()
                .filter(|&&(i, j)| old.records[i].numbered() && old.records[i].name != new.records[j].name)
                .count();
            report.push_str(&format!("; {probe:?}: {} added, {renamed} renumbered", diff.counts().added));
            failures.extend(check(&diff, probe).into_iter().map(|w| format!("{dir}/{name}.td: {w}")));
        }
        eprintln!("{report}; {:.1} s", start.elapsed().as_secs_f64());
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
