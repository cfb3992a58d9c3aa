//! `tdq lint` run as a user runs it: exit statuses, the baseline workflow, configuration,
//! `--list`/`--explain`, and errors.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const PROLOGUE: &str = "class Instruction { bit isBranch = 0; bit isTerminator = 0; bit isBarrier = 0; }\n";

fn tdq(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tdq"))
        .env("TDQ_LLVM_VERSION", "19")
        .current_dir(dir)
        .arg("lint")
        .args(args)
        .output()
        .unwrap()
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
    assert!(
        text(&o.stdout).starts_with(
            "T.td:2:5: warning[branch-not-terminator]: JMP: `isBranch` is set but `isTerminator` is not\n"
        ),
        "{}",
        text(&o.stdout)
    );
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

/// Anonymous defs and defs named from an anonymous `defm` are renumbered by any anonymous def
/// added before them: a baseline (and the fingerprints) key their findings by identity.
#[test]
fn baseline_keeps_anonymous_findings_through_renumbering() {
    let defs = "def : Instruction { let isBranch = 1; }\n\
                multiclass M { def _j : Instruction { let isBarrier = 1; } }\n\
                defm : M;\n";
    let (dir, td) = scratch(defs);
    let before = tdq(dir.path(), &["--td", "T.td", "--format", "json"]);
    assert!(text(&before.stdout).contains("\"record\": \"anonymous_1_j\""), "{}", text(&before.stdout));
    let o = tdq(dir.path(), &["--td", "T.td", "--write-baseline", "baseline.json"]);
    assert_eq!(status(&o), 0, "{}", text(&o.stderr));
    let baseline = std::fs::read_to_string(dir.path().join("baseline.json")).unwrap();
    assert!(
        baseline.contains("\"record\": \"anonymous_#@") && baseline.contains("\"record\": \"anonymous_#_j@"),
        "{baseline}"
    );
    assert!(!baseline.contains("anonymous_0") && !baseline.contains("anonymous_1"), "{baseline}");

    // One unrelated anonymous def first: anonymous_0 becomes anonymous_1, anonymous_1_j anonymous_2_j.
    std::fs::write(&td, format!("{PROLOGUE}def : Instruction;\n{defs}")).unwrap();
    let after = tdq(dir.path(), &["--td", "T.td", "--format", "json"]);
    assert!(text(&after.stdout).contains("\"record\": \"anonymous_2_j\""), "{}", text(&after.stdout));
    let o = tdq(dir.path(), &["--td", "T.td", "--baseline", "baseline.json"]);
    assert_eq!((status(&o), text(&o.stdout)), (0, String::new()), "{}", text(&o.stderr));
    let fingerprints = |o: &Output| {
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        let mut f: Vec<String> =
            v.as_array().unwrap().iter().map(|f| f["fingerprint"].as_str().unwrap().to_string()).collect();
        f.sort();
        f
    };
    assert_eq!(fingerprints(&before), fingerprints(&after));

    // An edit of the def itself makes its finding a new one.
    std::fs::write(
        &td,
        format!("{PROLOGUE}def : Instruction;\n{}", defs.replace("isBarrier = 1;", "isBarrier = 1; let isBranch = 1;")),
    )
    .unwrap();
    let o = tdq(dir.path(), &["--td", "T.td", "--baseline", "baseline.json"]);
    assert_eq!(status(&o), 1);
    assert!(text(&o.stdout).contains("barrier-not-terminator]: anonymous_2_j"), "{}", text(&o.stdout));
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
    let (dir, _) =
        scratch("def JMP : Instruction { let isBranch = 1; }\ndef TRAP : Instruction { let isBarrier = 1; }\n");
    let o = tdq(dir.path(), &["--td", "T.td", "--format", "github"]);
    assert_eq!(text(&o.stdout).lines().next().unwrap(), "::warning file=T.td,line=2,col=5,title=branch-not-terminator (JMP)::`isBranch` is set but `isTerminator` is not");
    let o = tdq(dir.path(), &["--td", "T.td", "--format", "sarif", "-o", "out.sarif"]);
    assert_eq!(status(&o), 1);
    let log: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("out.sarif")).unwrap()).unwrap();
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

/// The issue's CI gate on LLVM targets: a baseline of every lint's findings, taken before an
/// unrelated `def : InstrItinClass;` is inserted right after the root's first `include`
/// (which renumbers every later anonymous def), still suppresses every finding after it.
#[test]
fn corpus_baseline_survives_an_anonymous_def_inserted_early() {
    let llvm = std::env::var_os("TDQ_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| tdq_tests::workspace_dir().join("../shared/corpus/llvm-19.1.7/llvm"));
    assert!(
        llvm.join("include/llvm/Target/Target.td").is_file(),
        "no LLVM corpus at {} (set TDQ_CORPUS)",
        llvm.display()
    );
    for target in ["Lanai", "X86"] {
        // A copy of the target's directory (lints look at what is in it), LLVM's include/ as is.
        let dir = tempfile::tempdir().unwrap();
        let copy = dir.path().join(target);
        std::fs::create_dir(&copy).unwrap();
        for entry in std::fs::read_dir(llvm.join("lib/Target").join(target)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "td") {
                std::fs::copy(&path, copy.join(path.file_name().unwrap())).unwrap();
            }
        }
        let root = copy.join(format!("{target}.td"));
        let original = std::fs::read_to_string(&root).unwrap();
        let includes = [llvm.join("include"), copy.clone()];
        let lint = |extra: &[&str]| {
            let mut args = vec!["--td".to_string(), root.display().to_string(), "--select".into(), "all".into()];
            for i in &includes {
                args.extend(["-I".to_string(), i.display().to_string()]);
            }
            args.extend(extra.iter().map(|s| s.to_string()));
            tdq(dir.path(), &args.iter().map(String::as_str).collect::<Vec<_>>())
        };
        let numbered = |o: &Output| -> Vec<String> {
            let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
            let mut names: Vec<String> = v
                .as_array()
                .unwrap()
                .iter()
                .filter(|f| f.get("identity").is_some())
                .map(|f| f["record"].as_str().unwrap().to_string())
                .collect();
            names.sort();
            names
        };
        let before = numbered(&lint(&["--format", "json"]));
        assert!(!before.is_empty(), "{target}: no finding on an anonymous def to test with");
        let o = lint(&["--write-baseline", "baseline.json"]);
        assert_eq!(status(&o), 0, "{target}: {}", text(&o.stderr));

        let at = original.find("\ninclude ").expect("an include") + 1;
        let line_end = at + original[at..].find('\n').unwrap() + 1;
        std::fs::write(&root, format!("{}def : InstrItinClass;\n{}", &original[..line_end], &original[line_end..]))
            .unwrap();
        let after = numbered(&lint(&["--format", "json"]));
        assert_eq!(after.len(), before.len(), "{target}");
        assert_ne!(after, before, "{target}: the insertion must renumber the anonymous defs with findings");
        let o = lint(&["--baseline", "baseline.json"]);
        assert_eq!((status(&o), text(&o.stdout)), (0, String::new()), "{target}: {}", text(&o.stderr));
    }
}

/// User lints are first-class: their SQL sees the class views, `--list` shows them, and
/// `--select`/`--ignore` take their ids (a `--select` of canned lints alone leaves them on).
#[test]
fn user_lints_use_class_views_and_take_select_and_ignore() {
    let (dir, _) =
        scratch("def JMP : Instruction { let isBranch = 1; let isTerminator = 1; }\ndef NOP : Instruction;\n");
    let cache = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("tdq.toml"),
        "[lint]\n[[lint.user]]\nid = \"no-nop\"\nmessage = \"a NOP\"\n\
         sql = \"SELECT name AS record FROM Instruction WHERE name = 'NOP' AND isBranch = 0\"\n",
    )
    .unwrap();
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_tdq"))
            .env("TDQ_LLVM_VERSION", "19")
            .env("TDQ_CACHE_DIR", cache.path())
            .current_dir(dir.path())
            .arg("lint")
            .args(args)
            .output()
            .unwrap()
    };
    let o = run(&["--td", "T.td"]);
    assert_eq!(status(&o), 1, "{}", text(&o.stderr));
    assert!(text(&o.stdout).starts_with("T.td:3:5: warning[no-nop]: NOP: a NOP\n"), "{}", text(&o.stdout));
    let o = run(&["--list"]);
    assert!(
        text(&o.stdout).contains(&format!("{:<28} warning  on   user lint: a NOP\n", "no-nop")),
        "{}",
        text(&o.stdout)
    );
    let o = run(&["--td", "T.td", "--select", "no-nop"]);
    assert_eq!(status(&o), 1, "{}", text(&o.stderr));
    assert!(text(&o.stdout).contains("warning[no-nop]"));
    let o = run(&["--td", "T.td", "--ignore", "no-nop"]);
    assert_eq!((status(&o), text(&o.stdout), text(&o.stderr)), (0, String::new(), String::new()));
    let o = run(&["--td", "T.td", "--select", "branch-not-terminator"]);
    assert!(text(&o.stdout).contains("warning[no-nop]"), "{}", text(&o.stdout));
    let o = run(&["--td", "T.td", "--select", "no-nopp"]);
    assert_eq!(status(&o), 2);
    assert!(text(&o.stderr).contains("unknown lint `no-nopp`"), "{}", text(&o.stderr));
}

/// Paths are relative to the project root (tdq.toml's directory) in every format, wherever tdq
/// runs from and however tdq.toml names the sources (`tdq init` makes them absolute when read).
#[test]
fn paths_are_relative_to_the_project_root() {
    let (dir, _) = scratch("def JMP : Instruction { let isBranch = 1; }\n");
    std::fs::create_dir(dir.path().join("sub")).unwrap();
    let init = Command::new(env!("CARGO_BIN_EXE_tdq")).current_dir(dir.path()).args(["init", "--td", "T.td"]).output();
    assert!(init.unwrap().status.success());
    let root = dir.path().canonicalize().unwrap();
    for cwd in [root.clone(), root.join("sub")] {
        let o = tdq(&cwd, &["--format", "github"]);
        assert!(text(&o.stdout).starts_with("::warning file=T.td,line=2,col=5,"), "{}", text(&o.stdout));
        let o = tdq(&cwd, &[]);
        assert!(text(&o.stdout).starts_with("T.td:2:5: warning[branch-not-terminator]"), "{}", text(&o.stdout));
        let o = tdq(&cwd, &["--format", "sarif"]);
        let sarif: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        let run = &sarif["runs"][0];
        let artifact = &run["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"];
        assert_eq!(artifact, &serde_json::json!({"uri": "T.td", "uriBaseId": "%SRCROOT%"}));
        assert_eq!(run["originalUriBaseIds"]["%SRCROOT%"]["uri"], format!("file://{}/", root.display()));
    }
}

/// `--color always|never|auto`: colours only when asked or on a terminal (see terminal.rs).
#[test]
fn color_is_asked_for() {
    let (dir, _) = scratch("def JMP : Instruction { let isBranch = 1; }\n");
    let o = tdq(dir.path(), &["--td", "T.td", "--color", "always"]);
    assert!(
        text(&o.stdout).starts_with("\x1b[1mT.td:2:5:\x1b[0m \x1b[1;35mwarning[branch-not-terminator]"),
        "{:?}",
        text(&o.stdout)
    );
    for args in [&["--td", "T.td", "--color", "never"][..], &["--td", "T.td"]] {
        let o = tdq(dir.path(), args);
        assert!(!o.stdout.contains(&0x1b) && !o.stdout.is_empty(), "{:?}", text(&o.stdout));
    }
}

/// The clang lints over a small model of clang's Diagnostic.td and Attr.td: the warning outside
/// every group and the undocumented attribute are found where they are written, nothing else.
#[test]
fn clang_lints_find_ungrouped_warnings_and_undocumented_attributes() {
    let dir = tempfile::tempdir().unwrap();
    let td = concat!(
        "class DiagClass;\ndef CLASS_WARNING : DiagClass;\ndef CLASS_ERROR : DiagClass;\n",
        "class DiagGroup<string name> { string GroupName = name; }\ndef Odd : DiagGroup<\"odd\">;\n",
        "class Diagnostic<string text, DiagClass c> { string Text = text; DiagClass Class = c; DiagGroup Group = ?; }\n",
        "def warn_grouped : Diagnostic<\"a\", CLASS_WARNING> { let Group = Odd; }\n",
        "def warn_loose : Diagnostic<\"b\", CLASS_WARNING>;\n",
        "def err_loose : Diagnostic<\"c\", CLASS_ERROR>;\n",
        "class Documentation;\ndef Undocumented : Documentation;\ndef Docs : Documentation;\n",
        "class Attr { list<Documentation> Documentation; }\n",
        "def Documented : Attr { let Documentation = [Docs]; }\n",
        "def Hidden : Attr {\n  let Documentation = [Undocumented];\n}\n",
    );
    std::fs::write(dir.path().join("C.td"), td).unwrap();
    let o = tdq(dir.path(), &["--td", "C.td", "--select", "clang-warning-without-group,clang-attribute-undocumented"]);
    assert_eq!(status(&o), 1, "{}", text(&o.stderr));
    assert_eq!(
        text(&o.stdout),
        concat!(
            "C.td:8:5: warning[clang-warning-without-group]: warn_loose: this warning belongs to no diagnostic group, so no -W flag controls it\n",
            "def warn_loose : Diagnostic<\"b\", CLASS_WARNING>;\n    ^\n",
            "C.td:15:5: note[clang-attribute-undocumented]: Hidden: this attribute is `Undocumented`: the attribute reference leaves it out\n",
            "def Hidden : Attr {\n    ^\n",
            "C.td:16:7: note: `Documentation` set to [Undocumented] here\n",
            "  let Documentation = [Undocumented];\n      ^\n",
            "2 findings.\n",
        )
    );
}

/// The lints on the target model, run on LLVM 23's targets as a user runs them: Lanai's
/// instructions its one processor model does not schedule, Sparc's register class that holds
/// `i64` in 32-bit registers.
#[test]
fn model_lints_on_llvm_23_targets() {
    let llvm = tdq_tests::workspace_dir().join("../shared/corpus/llvm-23.1.1/llvm");
    assert!(llvm.join("include/llvm/Target/Target.td").is_file(), "no LLVM 23 corpus at {}", llvm.display());
    let findings = |target: &str, lint: &str| -> Vec<(String, String)> {
        let dir = llvm.join("lib/Target").join(target);
        let root = dir.join(format!("{target}.td"));
        let (root, include, dir) =
            (root.display().to_string(), llvm.join("include").display().to_string(), dir.display().to_string());
        let args =
            ["--td", &root, "-I", &include, "-I", &dir, "--llvm-version", "23", "--select", lint, "--format", "json"];
        let o = tdq(&llvm, &args);
        assert_eq!(status(&o), 1, "{target}: findings make the status 1: {}", text(&o.stderr));
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        v.as_array()
            .unwrap()
            .iter()
            .map(|f| {
                assert_eq!(f["lint"], lint);
                (f["record"].as_str().unwrap().to_string(), f["message"].as_str().unwrap().to_string())
            })
            .collect()
    };
    let lanai = findings("Lanai", "unscheduled-instruction");
    assert_eq!(lanai.len(), 14, "{lanai:?}");
    assert!(lanai.contains(&("NOP".into(), "no scheduling information for `NOP` in `LanaiSchedModel`".into())));
    let sparc = findings("Sparc", "register-class-size");
    assert!(
        sparc.contains(&(
            "IntRegs".into(),
            "register class `IntRegs`: `i64` is 64 bits, wider than its 32-bit registers".into()
        )),
        "{sparc:?}"
    );
}
