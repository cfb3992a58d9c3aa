//! `tdq tblgen`'s evaluation cache (`TDQ_TBLGEN_CACHE`, under `TDQ_CACHE_DIR`): a command that
//! loads its records from the snapshot an earlier command on the same sources left prints
//! exactly what evaluating them prints, in every backend; a changed source, an include that now
//! finds another file, or a damaged snapshot is evaluated again; evaluations that said something
//! are not kept.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, SystemTime};
use tdq_tests::{corpus_dir, corpus_targets, full_corpus, target_args, workspace_dir};

/// Runs `tdq tblgen ARGS` in `cwd` with the cache in `cache` (`mode`: off, always, or auto).
fn tblgen(cache: &Path, mode: &str, cwd: &Path, args: &[String]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tdq"))
        .current_dir(cwd)
        .env("TDQ_CACHE_DIR", cache)
        .env("TDQ_TBLGEN_CACHE", mode)
        .arg("tblgen")
        .args(args)
        .output()
        .expect("running tdq")
}

/// The snapshots in `cache`.
fn snapshots(cache: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(cache.join("tblgen")) else { return Vec::new() };
    let mut found: Vec<PathBuf> =
        entries.flatten().map(|e| e.path()).filter(|p| p.extension().is_some_and(|x| x == "snap")).collect();
    found.sort();
    found
}

/// Marks `snapshot` as last used long ago; [`used_since_marked`] then tells whether a command
/// loaded it (a load marks it used).
fn mark_unused(snapshot: &Path) {
    let file = std::fs::File::options().write(true).open(snapshot).expect("open the snapshot");
    file.set_modified(SystemTime::UNIX_EPOCH + Duration::from_secs(1_000_000)).expect("set its time");
}

fn used_since_marked(snapshot: &Path) -> bool {
    let modified = std::fs::metadata(snapshot).and_then(|m| m.modified()).expect("the snapshot's time");
    modified > SystemTime::UNIX_EPOCH + Duration::from_secs(1_000_000)
}

/// What a command printed and wrote (its output and its depfile).
fn result(out: &Output, file: &Path, depfile: &Path) -> (Option<i32>, String, Vec<u8>, Vec<u8>) {
    let read = |p: &Path| std::fs::read(p).unwrap_or_default();
    (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned(), read(file), read(depfile))
}

/// Runs each backend on `sources` without the cache, then again loading the snapshot the first
/// run with the cache left: the same status, messages, output and depfile every time.
fn check_backends(what: &str, release: &str, sources: &[String], backends: &[&[&str]], failures: &mut Vec<String>) {
    let cache = tempfile::tempdir().expect("tempdir");
    let work = tempfile::tempdir().expect("tempdir");
    let out = work.path().join("out.inc");
    let depfile = work.path().join("out.d");
    let command = |backend: &[&str]| -> Vec<String> {
        let mut args: Vec<String> = vec!["--llvm-version".into(), release.into()];
        args.extend(backend.iter().map(|s| s.to_string()));
        args.extend(sources.iter().cloned());
        args.extend(["-o".into(), out.display().to_string(), "-d".into(), depfile.display().to_string()]);
        args
    };
    let first = tblgen(cache.path(), "always", work.path(), &command(backends[0]));
    assert!(first.status.success(), "{what}: {}", String::from_utf8_lossy(&first.stderr));
    let kept = snapshots(cache.path());
    assert_eq!(kept.len(), 1, "{what}: one snapshot kept");
    for backend in backends {
        let evaluated = result(&tblgen(cache.path(), "off", work.path(), &command(backend)), &out, &depfile);
        mark_unused(&kept[0]);
        let loaded = result(&tblgen(cache.path(), "always", work.path(), &command(backend)), &out, &depfile);
        if !used_since_marked(&kept[0]) {
            failures.push(format!("{what} {backend:?}: the snapshot was not used"));
        }
        // A backend that fails (searchable tables on a target without any) fails alike.
        if evaluated != loaded {
            failures.push(format!("{what} {backend:?}: from the snapshot: {:?} {:?}", loaded.0, loaded.1));
        }
    }
}

/// The backends the snapshot must serve on the targets.
const TARGET_BACKENDS: &[&[&str]] = &[
    &["--print-records"],
    &["--dump-json"],
    &["--print-detailed-records"],
    &["--gen-ctags"],
    &["--gen-searchable-tables"],
    &["--print-enums", "--class=Register"],
    &["--gen-exegesis"],
];

#[test]
fn backends_print_the_same_from_a_snapshot() {
    let targets = if full_corpus() { corpus_targets() } else { vec!["Lanai".to_string(), "XCore".to_string()] };
    let mut failures = Vec::new();
    for t in targets {
        check_backends(&t, "19", &target_args(&t), TARGET_BACKENDS, &mut failures);
    }
    // The intrinsics, read by a command per target in LLVM's build, of two releases.
    for (release, corpus) in [("19", corpus_dir()), ("23", workspace_dir().join("../shared/corpus/llvm-23.1.1/llvm"))] {
        let sources = vec![
            "-I".into(),
            corpus.join("include/llvm/IR").display().to_string(),
            "-I".into(),
            corpus.join("include").display().to_string(),
            corpus.join("include/llvm/IR/Intrinsics.td").display().to_string(),
        ];
        let backends: &[&[&str]] = &[
            &["--gen-intrinsic-enums"],
            &["--gen-intrinsic-enums", "-intrinsic-prefix=x86"],
            &["--gen-intrinsic-impl"],
            &["--print-records"],
        ];
        check_backends(&format!("Intrinsics.td {release}"), release, &sources, backends, &mut failures);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A root including `a.td` through `-I inc`.
fn small_tree() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::create_dir(dir.path().join("inc")).expect("mkdir");
    std::fs::write(dir.path().join("root.td"), "include \"a.td\"\ndef root;\n").expect("write");
    std::fs::write(dir.path().join("inc/a.td"), "def from_inc;\n").expect("write");
    dir
}

fn print_records(cache: &Path, mode: &str, tree: &Path, extra: &[&str]) -> String {
    let mut args: Vec<String> = extra.iter().map(|s| s.to_string()).collect();
    args.extend(["-I".into(), "inc".into(), "root.td".into()]);
    let out = tblgen(cache, mode, tree, &args);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).expect("UTF-8")
}

#[test]
fn a_changed_source_is_evaluated_again() {
    let cache = tempfile::tempdir().expect("tempdir");
    let tree = small_tree();
    let records = |mode| print_records(cache.path(), mode, tree.path(), &[]);
    assert!(records("always").contains("def from_inc"));
    let kept = snapshots(cache.path());
    assert_eq!(kept.len(), 1);

    // The included file changed.
    std::fs::write(tree.path().join("inc/a.td"), "def changed;\n").expect("write");
    let now = records("always");
    assert!(now.contains("def changed") && !now.contains("from_inc"), "{now}");

    // `include "a.td"` now finds a file in the working directory first.
    std::fs::write(tree.path().join("a.td"), "def in_cwd;\n").expect("write");
    let now = records("always");
    assert!(now.contains("def in_cwd") && !now.contains("def changed"), "{now}");
    std::fs::remove_file(tree.path().join("a.td")).expect("remove");

    // The root changed.
    std::fs::write(tree.path().join("root.td"), "include \"a.td\"\ndef root2;\n").expect("write");
    let now = records("always");
    assert!(now.contains("def root2") && now.contains("def changed"), "{now}");

    // A damaged snapshot is evaluated again, and replaced by a good one.
    let snapshot = &snapshots(cache.path())[0];
    let bytes = std::fs::read(snapshot).expect("read");
    std::fs::write(snapshot, &bytes[..bytes.len() / 2]).expect("write");
    assert_eq!(records("always"), now);
    mark_unused(snapshot);
    assert_eq!(records("always"), now);
    assert!(used_since_marked(snapshot), "the rewritten snapshot is used");
    assert_eq!(records("off"), now);
}

/// The same root and include spelled otherwise (the root through `..` or absolute, the `-I`
/// directory through `./`, from another working directory): one snapshot serves them all, and
/// each command prints and writes what it does without the cache, its depfile naming the
/// include as its own `-I` found it. A spelling whose `include` finds another file is evaluated.
#[test]
fn one_snapshot_serves_every_spelling_of_the_same_files() {
    let cache = tempfile::tempdir().expect("tempdir");
    let tree = small_tree();
    let top = tree.path().display().to_string();
    let sub = tree.path().join("sub");
    std::fs::create_dir(&sub).expect("mkdir");
    let (out, depfile) = (tree.path().join("out.txt"), tree.path().join("out.d"));
    let spellings: Vec<(&Path, Vec<String>)> = vec![
        (tree.path(), vec!["-I".into(), "inc".into(), "root.td".into()]),
        (tree.path(), vec!["-I".into(), "./inc".into(), "sub/../root.td".into()]),
        (&sub, vec!["-I".into(), "../inc".into(), "../root.td".into()]),
        (&sub, vec!["-I".into(), "absent".into(), "-I".into(), format!("{top}/inc/"), format!("{top}/root.td")]),
    ];
    let run = |mode: &str, cwd: &Path, args: &[String]| {
        let mut args = args.to_vec();
        args.extend(["-o".into(), out.display().to_string(), "-d".into(), depfile.display().to_string()]);
        result(&tblgen(cache.path(), mode, cwd, &args), &out, &depfile)
    };
    for (i, (cwd, args)) in spellings.iter().enumerate() {
        let evaluated = run("off", cwd, args);
        assert_eq!(evaluated.0, Some(0), "{args:?}: {}", evaluated.1);
        // The include as this command's `-I` finds it (the last `-I` is the one that does).
        let named = format!("{}/a.td", args[args.len() - 2].trim_end_matches('/'));
        assert!(String::from_utf8_lossy(&evaluated.3).contains(&named), "{named}: {:?}", evaluated.3);
        if let Some(kept) = snapshots(cache.path()).first() {
            mark_unused(kept);
        }
        let loaded = run("always", cwd, args);
        assert_eq!(loaded, evaluated, "{args:?}");
        let kept = snapshots(cache.path());
        assert_eq!(kept.len(), 1, "{args:?}: one snapshot for every spelling");
        assert!(i == 0 || used_since_marked(&kept[0]), "{args:?}: the snapshot was used");
    }

    // From `sub`, `-I inc` finds another `a.td`.
    std::fs::create_dir(sub.join("inc")).expect("mkdir");
    std::fs::write(sub.join("inc/a.td"), "def other;\n").expect("write");
    let args: Vec<String> = vec!["-I".into(), "inc".into(), "../root.td".into()];
    mark_unused(&snapshots(cache.path())[0]);
    let loaded = run("always", &sub, &args);
    assert_eq!(loaded, run("off", &sub, &args));
    assert!(loaded.2.windows(9).any(|w| w == b"def other") && !loaded.2.windows(8).any(|w| w == b"from_inc"));
}

#[test]
fn what_is_not_kept() {
    let cache = tempfile::tempdir().expect("tempdir");
    let tree = small_tree();
    // Off: no snapshot. Auto: not for sources this small.
    print_records(cache.path(), "off", tree.path(), &[]);
    print_records(cache.path(), "auto", tree.path(), &[]);
    assert!(snapshots(cache.path()).is_empty());

    // An evaluation with a warning: not kept, and the warning is printed every time.
    std::fs::write(tree.path().join("root.td"), "class C<int unused> { }\ndef d : C<1>;\n").expect("write");
    for _ in 0..2 {
        let out = tblgen(cache.path(), "always", tree.path(), &["root.td".into()]);
        assert!(out.status.success());
        assert!(String::from_utf8_lossy(&out.stderr).contains("warning"), "{}", String::from_utf8_lossy(&out.stderr));
    }
    assert!(snapshots(cache.path()).is_empty());

    // The standard input is not kept either.
    let mut child = Command::new(env!("CARGO_BIN_EXE_tdq"))
        .current_dir(tree.path())
        .env("TDQ_CACHE_DIR", cache.path())
        .env("TDQ_TBLGEN_CACHE", "always")
        .args(["tblgen", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("running tdq");
    use std::io::Write;
    child.stdin.take().expect("stdin").write_all(b"def x;\n").expect("write");
    assert!(child.wait_with_output().expect("tdq").status.success());
    assert!(snapshots(cache.path()).is_empty());

    // Each set of macros is its own evaluation.
    let tree = small_tree();
    std::fs::write(tree.path().join("root.td"), "#ifdef M\ndef m;\n#endif\ndef always;\n").expect("write");
    let plain = print_records(cache.path(), "always", tree.path(), &[]);
    let with_m = print_records(cache.path(), "always", tree.path(), &["-D", "M"]);
    assert!(with_m.contains("def m") && !plain.contains("def m"));
    assert_eq!(snapshots(cache.path()).len(), 2);
    assert_eq!(print_records(cache.path(), "always", tree.path(), &[]), plain);
    assert_eq!(print_records(cache.path(), "always", tree.path(), &["-D", "M"]), with_m);
}

#[test]
fn one_command_writes_a_snapshot_at_a_time() {
    let cache = tempfile::tempdir().expect("tempdir");
    let tree = small_tree();
    let expected = print_records(cache.path(), "always", tree.path(), &[]);
    let snapshot = snapshots(cache.path()).pop().expect("a snapshot");
    std::fs::remove_file(&snapshot).expect("remove");

    // Another command is writing it: this one leaves it to that one.
    let name = snapshot.file_name().expect("a name").to_string_lossy().into_owned();
    let claim = snapshot.with_file_name(format!(".{name}.writing"));
    std::fs::write(&claim, "").expect("write");
    assert_eq!(print_records(cache.path(), "always", tree.path(), &[]), expected);
    assert!(snapshots(cache.path()).is_empty());

    // A claim left by a writer that died long ago is taken over, and given up after.
    let file = std::fs::File::options().write(true).open(&claim).expect("open");
    file.set_modified(SystemTime::now() - Duration::from_secs(3600)).expect("set its time");
    assert_eq!(print_records(cache.path(), "always", tree.path(), &[]), expected);
    assert_eq!(snapshots(cache.path()), vec![snapshot]);
    assert!(!claim.exists());
}
