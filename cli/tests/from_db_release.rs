//! `tdq tblgen --from-db STORE` prints as the release the store's records were evaluated as:
//! the store decides, whatever `TDQ_LLVM_VERSION` says, and `--llvm-version` naming another
//! release is an error.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// An input whose `--gen-automata` output differs between LLVM 19 and 23 (the golden pair
/// `automata.td.out` / `automata-23.td.out`).
fn input() -> PathBuf {
    tdq_tests::workspace_dir().join("tests/golden/backends/gen-automata/automata.td")
}

/// `tdq ARGS`, with no release in the environment unless `env_release` is given.
fn tdq(args: &[&str], env_release: Option<&str>) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_tdq"));
    command.env_remove("TDQ_LLVM_VERSION").args(args);
    if let Some(release) = env_release {
        command.env("TDQ_LLVM_VERSION", release);
    }
    command.output().expect("running tdq")
}

fn stdout(out: &Output) -> String {
    assert!(out.status.success(), "tdq failed: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout.clone()).expect("UTF-8 output")
}

/// A store of `input()` evaluated as `release`.
fn store(dir: &Path, release: &str) -> String {
    let db = dir.join(format!("automata-{release}.db")).display().to_string();
    let td = input().display().to_string();
    let out = tdq(&["export", "--db", &db, "--td", &td, "--llvm-version", release], None);
    assert!(out.status.success(), "tdq export: {}", String::from_utf8_lossy(&out.stderr));
    db
}

#[test]
fn a_store_prints_as_its_own_release() {
    let dir = tempfile::tempdir().expect("tempdir");
    let td = input().display().to_string();
    let from_td_19 = stdout(&tdq(&["tblgen", "--llvm-version", "19", "--gen-automata", &td], None));
    let from_td_23 = stdout(&tdq(&["tblgen", "--llvm-version", "23", "--gen-automata", &td], None));
    assert_ne!(from_td_19, from_td_23, "the input must tell the releases apart");

    let db = store(dir.path(), "19");
    // No release named: the store's.
    assert_eq!(stdout(&tdq(&["tblgen", "--gen-automata", "--from-db", &db], None)), from_td_19);
    // The environment's default does not override what the store holds.
    assert_eq!(stdout(&tdq(&["tblgen", "--gen-automata", "--from-db", &db], Some("23"))), from_td_19);
    // The same release named on the command line.
    assert_eq!(stdout(&tdq(&["tblgen", "--llvm-version", "19", "--gen-automata", "--from-db", &db], None)), from_td_19);

    let db = store(dir.path(), "23");
    assert_eq!(stdout(&tdq(&["tblgen", "--gen-automata", "--from-db", &db], Some("19"))), from_td_23);
}

#[test]
fn naming_another_release_than_the_store_is_an_error() {
    let dir = tempfile::tempdir().expect("tempdir");
    let db = store(dir.path(), "19");
    let out = tdq(&["tblgen", "--llvm-version", "23", "--gen-automata", "--from-db", &db], None);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        stderr,
        format!(
            "tdq tblgen: --llvm-version 23: the store '{db}' holds records evaluated as LLVM 19 (leave \
             --llvm-version out to print them as LLVM 19, or export the sources again with --llvm-version 23)\n"
        )
    );
}

/// Each golden case of `tests/golden/backends/BACKEND` (name, release, corpus), exported to a
/// store with the corpus's include directory and `extra_include` (relative to the cases), then
/// written by `tdq tblgen --FLAG --from-db`: what llvm-tblgen wrote from the .td.
fn goldens_run_from_a_store(backend: &str, cases: &[(&str, &str, &str)], extra_include: Option<&str>) {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = tdq_tests::workspace_dir().join("tests/golden/backends").join(backend);
    let corpus = tdq_tests::workspace_dir().join("../shared/corpus");
    for &(case, release, llvm) in cases {
        let td = root.join(case).display().to_string();
        let include = corpus.join(llvm).join("llvm/include").display().to_string();
        let db = dir.path().join(format!("{case}.db")).display().to_string();
        let mut args = vec!["export", "--db", &db, "--td", &td, "-I", &include, "--llvm-version", release];
        let extra = extra_include.map(|inc| root.join(inc).display().to_string());
        if let Some(inc) = &extra {
            args.extend(["-I", inc.as_str()]);
        }
        let out = tdq(&args, None);
        assert!(out.status.success(), "tdq export {case}: {}", String::from_utf8_lossy(&out.stderr));
        let expected = std::fs::read_to_string(root.join(format!("{case}.out"))).expect("the golden");
        let flag = format!("--{backend}");
        assert_eq!(stdout(&tdq(&["tblgen", &flag, "--from-db", &db], None)), expected, "{case}");
    }
}

/// The decoders of each release (19's filter chooser, 22's and 23's decoder tree, variable-length
/// encodings, WebAssembly's tables) write from a store what llvm-tblgen writes from the .td.
#[test]
fn decoders_run_from_a_store() {
    let cases = [
        ("disasm-19.td", "19", "llvm-19.1.7"),
        ("disasm-var-len-19.td", "19", "llvm-19.1.7"),
        ("disasm-wasm-19.td", "19", "llvm-19.1.7"),
        ("disasm-22.td", "22", "llvm-22.1.8"),
        ("disasm-var-len-23.td", "23", "llvm-23.1.1"),
    ];
    goldens_run_from_a_store("gen-disassembler", &cases, Some("../gen-emitter/inc"));
}

/// The instruction descriptions of each release, whose flags the pattern model infers, write
/// from a store what llvm-tblgen writes from the .td.
#[test]
fn instruction_info_runs_from_a_store() {
    let cases = [
        ("patterns.td", "19", "llvm-19.1.7"),
        ("patterns-22.td", "22", "llvm-22.1.8"),
        ("patterns-23.td", "23", "llvm-23.1.1"),
    ];
    goldens_run_from_a_store("gen-instr-info", &cases, None);
}

/// FastISel's selector of each release, over the pattern model, from a store.
#[test]
fn fast_isel_runs_from_a_store() {
    let cases = [
        ("fisel-19.td", "19", "llvm-19.1.7"),
        ("fisel-22.td", "22", "llvm-22.1.8"),
        ("fisel-23.td", "23", "llvm-23.1.1"),
    ];
    goldens_run_from_a_store("gen-fast-isel", &cases, Some("inc"));
}
