//! The store's acceptance check, on LLVM's X86 target: `tdq --td X86.td -I ...
//! "select name from records where isCall = 1"` prints exactly the defs whose `isCall` is 1 in
//! llvm-tblgen 19's `--dump-json` of the same sources, once building the store and once from
//! the cache.

use std::collections::BTreeSet;
use std::process::Command;
use tdq_tests::{for_each_dump_json_def, llvm_dump_json, target_args};

#[test]
fn x86_calls_are_llvm_tblgens() {
    let cache = tempfile::tempdir().expect("tempdir");
    let llvm = target_args("X86");
    let json = cache.path().join("X86.json");
    llvm_dump_json(&llvm, &json);
    let mut want = BTreeSet::new();
    let mut defs = 0;
    for_each_dump_json_def(&json, &mut |name, def| {
        defs += 1;
        if def["isCall"] == 1 {
            want.insert(name);
        }
    });
    std::fs::remove_file(&json).expect("remove");
    assert!(defs > 50_000 && want.len() > 50, "{defs} defs, {} calls", want.len());

    let (file, includes) = llvm.split_last().expect("a file");
    for round in ["built", "cached"] {
        let out = Command::new(env!("CARGO_BIN_EXE_tdq"))
            .env("TDQ_LLVM_VERSION", "19")
            .env("TDQ_CACHE_DIR", cache.path())
            .arg("--td")
            .arg(file)
            .args(includes)
            .args(["--timing", "select name from records where isCall = 1"])
            .output()
            .expect("running tdq");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{stderr}");
        assert!(stderr.contains(&format!("({round})")), "{round}: {stderr}");
        let stdout = String::from_utf8(out.stdout).expect("UTF-8");
        let mut lines = stdout.lines();
        assert_eq!(lines.next(), Some("name"), "piped output is TSV with a header");
        let rows: Vec<&str> = lines.collect();
        let got: BTreeSet<String> = rows.iter().map(|s| s.to_string()).collect();
        assert_eq!(got.len(), rows.len(), "a def printed twice");
        let missing: Vec<&String> = want.difference(&got).collect();
        let extra: Vec<&String> = got.difference(&want).collect();
        assert!(missing.is_empty() && extra.is_empty(), "{round}: missing {missing:?}, not calls {extra:?}");
    }
}

/// The same on LLVM 23.1.1's X86, evaluated as LLVM 23: the defs are those whose `isCall` is 1
/// in llvm-tblgen 23's `--dump-json`. No llvm-tblgen 23 is needed: tdq's `--dump-json` of the
/// target is checked against the checksum of llvm-tblgen 23's (`targets-23.sha256`).
#[test]
fn llvm_23_x86_calls_are_llvm_tblgen_23s() {
    let shared = tdq_tests::workspace_dir().join("../shared");
    let llvm = shared.join("corpus/llvm-23.1.1/llvm");
    let cache = tempfile::tempdir().expect("tempdir");
    let json = cache.path().join("X86.json");
    // As targets.sh runs it (relative paths: the dump names files).
    let args = ["-I", "include", "-I", "lib/Target/X86", "--dump-json", "lib/Target/X86/X86.td"];
    let dump = Command::new(env!("CARGO_BIN_EXE_tdq"))
        .current_dir(&llvm)
        .args(["tblgen", "--llvm-version", "23"])
        .args(args)
        .arg("-o")
        .arg(&json)
        .output()
        .expect("running tdq");
    assert!(dump.status.success(), "{}", String::from_utf8_lossy(&dump.stderr));
    let sums = std::fs::read_to_string(shared.join("conformance/targets-23.sha256")).expect("targets-23.sha256");
    let want_sum =
        sums.lines().find_map(|l| l.strip_prefix("X86 --dump-json ")).expect("X86's checksum").trim().to_string();
    let sha = Command::new("sha256sum").arg(&json).output().expect("sha256sum");
    let got_sum = String::from_utf8_lossy(&sha.stdout).split_whitespace().next().unwrap_or("").to_string();
    assert_eq!(got_sum, want_sum, "tdq's --dump-json of LLVM 23's X86 is not llvm-tblgen 23's");
    let mut want = BTreeSet::new();
    for_each_dump_json_def(&json, &mut |name, def| {
        if def["isCall"] == 1 {
            want.insert(name);
        }
    });
    assert!(want.len() > 50, "{} calls", want.len());

    let out = Command::new(env!("CARGO_BIN_EXE_tdq"))
        .env("TDQ_CACHE_DIR", cache.path())
        .current_dir(&llvm)
        .args(["--llvm-version", "23", "--td", "lib/Target/X86/X86.td", "-I", "include", "-I", "lib/Target/X86"])
        .arg("select name from records where isCall = 1")
        .output()
        .expect("running tdq");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let stdout = String::from_utf8(out.stdout).expect("UTF-8");
    let got: BTreeSet<String> = stdout.lines().skip(1).map(str::to_string).collect();
    assert_eq!(got, want);
}
