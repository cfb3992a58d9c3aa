//! `tdq explain` on LLVM's X86, LLVM 19 and 23: `ADD32rr.AsmString` followed from
//! `let AsmString = asmstr;` in class I back to `"add"` at `defm ADD`, and a field set by a
//! `let` over a multiclass. The expected outputs are `tests/explain/*.stdout` (`TDQ_BLESS=1`
//! rewrites them). The small cases of each kind of step are in `tests/query/explain-*.cmd`.

use std::path::PathBuf;
use std::process::Command;
use tdq_tests::{check_snapshot, workspace_dir};

fn llvm(release: &str) -> PathBuf {
    let version = if release == "19" { "19.1.7" } else { "23.1.1" };
    workspace_dir().join(format!("../shared/corpus/llvm-{version}/llvm"))
}

/// Runs `tdq WORDS` in the LLVM tree of `release` and checks its output against
/// `tests/explain/NAME.stdout`.
fn check(release: &str, name: &str, words: &[&str], failures: &mut Vec<String>) {
    let out =
        Command::new(env!("CARGO_BIN_EXE_tdq")).current_dir(llvm(release)).args(words).output().expect("running tdq");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{name}: {stderr}");
    let stdout = String::from_utf8(out.stdout).expect("UTF-8");
    check_snapshot(&workspace_dir().join(format!("tests/explain/{name}.stdout")), &stdout, failures);
}

const X86: [&str; 6] = ["--td", "lib/Target/X86/X86.td", "-I", "include", "-I", "lib/Target/X86"];

#[test]
fn x86_add32rr_asm_string() {
    let mut failures = Vec::new();
    for release in ["19", "23"] {
        let mut words = vec!["explain", "ADD32rr.AsmString", "--llvm-version", release];
        words.extend(X86);
        check(release, &format!("x86-{release}-ADD32rr.AsmString"), &words, &mut failures);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The sources given before the command, as the SQL queries take them, and JSON.
#[test]
fn x86_sources_before_the_command_and_json() {
    let mut failures = Vec::new();
    let mut words = vec!["--llvm-version", "19"];
    words.extend(X86);
    words.extend(["explain", "ADD32rr.Predicates", "--format", "json"]);
    check("19", "x86-19-ADD32rr.Predicates.json", &words, &mut failures);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

const LANAI: [&str; 8] =
    ["--td", "lib/Target/Lanai/Lanai.td", "-I", "include", "-I", "lib/Target/Lanai", "--llvm-version", "23"];

/// A flag left `?`: the value LLVM's pattern model gives it and why (the pattern it is inferred
/// from; the guess when no pattern selects the instruction), as text and JSON. The values are
/// `--gen-instr-info`'s (`model_tables.rs` checks every flag of Lanai against it).
#[test]
fn lanai_flags_left_to_inference() {
    let mut failures = Vec::new();
    for (name, target, json) in [
        ("lanai-23-ADD_R.mayLoad", "ADD_R.mayLoad", false),
        ("lanai-23-ADDC_F_I_HI.hasSideEffects.json", "ADDC_F_I_HI.hasSideEffects", true),
    ] {
        let mut words = vec!["explain", target];
        words.extend(LANAI);
        if json {
            words.extend(["--format", "json"]);
        }
        check("23", name, &words, &mut failures);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
