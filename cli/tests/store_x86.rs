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
