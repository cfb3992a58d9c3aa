//! Which LLVM release tdq evaluates as, said: `--verbose` names it and what chose it, a store's
//! `meta` keeps both, and an evaluation that fails under the default release (nothing named
//! one) ends with a note naming the release used and `--llvm-version`.

use std::path::Path;
use std::process::{Command, Output};

/// Uses `!getop`, which LLVM 22 dropped: fine as 19, an error as 23.
const OLD_ONLY: &str = "class A; def a : A;\ndef x { dag d = (a); string s = !cast<string>(!getop(d)); }\n";

fn tdq(dir: &Path, cache: &Path, args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_tdq"));
    command.args(args).current_dir(dir).env_remove("TDQ_LLVM_VERSION").env("TDQ_CACHE_DIR", cache);
    for (k, v) in env {
        command.env(k, v);
    }
    command.output().expect("tdq runs")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A directory laid out as an LLVM checkout of `major` (`llvm/` beside `cmake/Modules/`), with
/// `file` at `llvm/lib/x.td`.
fn tree(dir: &Path, major: u32, text: &str) -> String {
    std::fs::create_dir_all(dir.join("cmake/Modules")).unwrap();
    std::fs::create_dir_all(dir.join("llvm/lib")).unwrap();
    std::fs::write(dir.join("cmake/Modules/LLVMVersion.cmake"), format!("set(LLVM_VERSION_MAJOR {major})\n")).unwrap();
    std::fs::write(dir.join("llvm/lib/x.td"), text).unwrap();
    "llvm/lib/x.td".to_string()
}

#[test]
fn verbose_says_the_release_and_what_chose_it() {
    let (work, cache) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    std::fs::write(work.path().join("a.td"), "def a;\n").unwrap();
    let query = ["--td", "a.td", "-v", "select name from records"];
    let out = tdq(work.path(), cache.path(), &query, &[]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out)
            .contains("tdq: release: LLVM 23 (23.1.1), from the default, the newest release (nothing named one)\n"),
        "{}",
        stderr(&out)
    );
    assert!(
        stderr(&out).contains("tdq: evaluating a.td\n") && stderr(&out).contains("tdq: store: "),
        "{}",
        stderr(&out)
    );
    let out = tdq(work.path(), cache.path(), &query, &[("TDQ_LLVM_VERSION", "22")]);
    assert!(stderr(&out).contains("tdq: release: LLVM 22 (22.1.8), from TDQ_LLVM_VERSION\n"), "{}", stderr(&out));
    let mut flagged = query.to_vec();
    flagged.extend(["--llvm-version", "19"]);
    let out = tdq(work.path(), cache.path(), &flagged, &[("TDQ_LLVM_VERSION", "22")]);
    assert!(stderr(&out).contains("tdq: release: LLVM 19 (19.1.7), from --llvm-version\n"), "{}", stderr(&out));
    // From the tree's LLVMVersion.cmake, named by its path.
    let root = tree(work.path(), 22, "def a;\n");
    let out = tdq(work.path(), cache.path(), &["--td", &root, "--verbose", "select 1"], &[]);
    let cmake = work.path().join("cmake/Modules/LLVMVersion.cmake").canonicalize().unwrap();
    assert!(
        stderr(&out).contains(&format!("tdq: release: LLVM 22 (22.1.8), from {}\n", cmake.display())),
        "{}",
        stderr(&out)
    );
    // Without --verbose, nothing is said.
    let out = tdq(work.path(), cache.path(), &["--td", "a.td", "select 1"], &[]);
    assert_eq!(stderr(&out), "");
    // tdq diff -v says it for each side.
    std::fs::write(work.path().join("b.td"), "def b;\n").unwrap();
    let out = tdq(work.path(), cache.path(), &["diff", "a.td", "b.td", "-v", "--old-llvm-version", "19"], &[]);
    assert!(
        stderr(&out).contains("tdq diff: a.td: evaluating a.td, as LLVM 19 (19.1.7), from --llvm-version\n"),
        "{}",
        stderr(&out)
    );
    assert!(
        stderr(&out).contains("tdq diff: b.td: evaluating b.td, as LLVM 23 (23.1.1), from the default"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn the_store_keeps_the_release_and_what_chose_it() {
    let (work, cache) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let root = tree(work.path(), 19, "def a;\n");
    let meta = "select key, value from meta where key like 'llvm_version%' order by key";
    let out = tdq(work.path(), cache.path(), &["--td", &root, "--format", "csv", meta], &[]);
    let cmake = work.path().join("cmake/Modules/LLVMVersion.cmake").canonicalize().unwrap();
    assert_eq!(stdout(&out), format!("key,value\nllvm_version,19\nllvm_version_from,{}\n", cmake.display()));
    std::fs::write(work.path().join("a.td"), "def a;\n").unwrap();
    let out = tdq(work.path(), cache.path(), &["export", "--db", "a.db", "--td", "a.td"], &[]);
    assert!(out.status.success(), "{}", stderr(&out));
    let out = tdq(work.path(), cache.path(), &["--db", "a.db", "--format", "csv", meta], &[]);
    assert_eq!(
        stdout(&out),
        "key,value\nllvm_version,23\nllvm_version_from,\"the default, the newest release (nothing named one)\"\n"
    );
}

const NOTE: &str = "note: evaluated as LLVM 23, the newest release, since nothing named one (--llvm-version, \
     TDQ_LLVM_VERSION, llvm-version in tdq.toml, or the cmake/Modules/LLVMVersion.cmake of the LLVM tree); \
     if the sources are of another release, name it: --llvm-version 19|22\n";

#[test]
fn a_failure_under_the_default_release_says_which_was_used() {
    let (work, cache) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    std::fs::write(work.path().join("old.td"), OLD_ONLY).unwrap();
    // Every command that evaluates: tblgen, a query, lint, explain, diff.
    let commands: [&[&str]; 5] = [
        &["tblgen", "old.td"],
        &["--td", "old.td", "select name from records"],
        &["lint", "--td", "old.td"],
        &["explain", "x.s", "--td", "old.td"],
        &["diff", "old.td", "old.td"],
    ];
    for args in commands {
        let out = tdq(work.path(), cache.path(), args, &[]);
        assert!(!out.status.success(), "{args:?}");
        let err = stderr(&out);
        assert!(err.contains("!getop"), "{args:?}: {err}");
        assert!(err.contains(NOTE), "{args:?}: {err}");
        // Named, the same failure has no note; and as the release it is, it evaluates.
        let out = tdq(work.path(), cache.path(), args, &[("TDQ_LLVM_VERSION", "23")]);
        assert!(!out.status.success() && !stderr(&out).contains("note: evaluated as"), "{args:?}: {}", stderr(&out));
        let out = tdq(work.path(), cache.path(), args, &[("TDQ_LLVM_VERSION", "19")]);
        assert!(!stderr(&out).contains("error"), "{args:?}: {}", stderr(&out));
    }
    // A tree that says its release is not defaulted either.
    let root = tree(work.path(), 23, OLD_ONLY);
    let out = tdq(work.path(), cache.path(), &["tblgen", &root], &[]);
    assert!(!out.status.success() && !stderr(&out).contains("note: evaluated as"), "{}", stderr(&out));
}
