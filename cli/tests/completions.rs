//! `tdq completions SHELL` and `tdq man`, generated from the clap definitions: each script is
//! accepted by its shell (when installed) and names the subcommands and options.

use std::process::Command;

fn tdq(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_tdq")).args(args).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

/// Whether `shell` is installed here.
fn have(shell: &str) -> bool {
    Command::new(shell).arg("-c").arg("true").output().is_ok_and(|o| o.status.success())
}

#[test]
fn completion_scripts_name_the_commands_and_parse() {
    for (shell, check) in [("bash", "-n"), ("zsh", "-n"), ("fish", "--no-execute")] {
        let script = tdq(&["completions", shell]);
        for word in ["lint", "schema", "export", "completions", "format", "llvm-version"] {
            assert!(script.contains(word), "{shell}: no `{word}` in the script");
        }
        if have(shell) {
            let dir = tempfile::tempdir().unwrap();
            let file = dir.path().join("tdq.completion");
            std::fs::write(&file, &script).unwrap();
            let out = Command::new(shell).arg(check).arg(&file).output().unwrap();
            assert!(out.status.success(), "{shell} rejects the script: {}", String::from_utf8_lossy(&out.stderr));
        }
    }
    assert!(have("bash"), "bash is needed to check the bash script");
}

#[test]
fn man_page_is_roff_with_the_commands() {
    let page = tdq(&["man"]);
    assert!(page.starts_with(".ie \\n(.g .ds Aq"), "{}", &page[..page.len().min(200)]);
    assert!(page.contains(".TH tdq 1"), "no title");
    for word in ["tdq\\-lint", "tdq\\-schema", "tdq\\-completions"] {
        assert!(page.contains(word), "no `{word}` in the man page");
    }
}

/// Every subcommand has its page (`tdq man diff` is tdq-diff(1), which `tdq man` points to),
/// with the synopsis's option values, EXIT STATUS and ENVIRONMENT; `tdq man tblgen` lists
/// llvm-tblgen's actions, `tdq man clang-tblgen` clang-tblgen's; an unknown command is refused
/// with the list.
#[test]
fn every_command_has_its_man_page() {
    let root = tdq(&["man"]);
    assert!(root.contains(".SH \"EXIT STATUS\"") && root.contains(".SH ENVIRONMENT"), "{root}");
    for command in [
        "tblgen",
        "clang-tblgen",
        "q",
        "schema",
        "export",
        "init",
        "repl",
        "diff",
        "lint",
        "explain",
        "graph",
        "completions",
        "man",
    ] {
        let page = tdq(&["man", command]);
        assert!(page.contains(&format!(".TH tdq-{command} 1")), "{command}: no title");
        assert!(page.contains(".SH SYNOPSIS") && page.contains(".SH \"EXIT STATUS\""), "{command}: {page}");
        assert!(
            root.contains(&format!("tdq\\-{}(1)", command.replace('-', "\\-"))),
            "tdq(1) does not point to tdq-{command}(1)"
        );
    }
    let diff = tdq(&["man", "diff"]);
    assert!(
        diff.contains("[\\fB\\-I\\fR \\fIDIR\\fR]...") && diff.contains("\\fB\\-\\-limit\\fR \\fINAME=N\\fR"),
        "{diff}"
    );
    assert!(diff.contains("\\fB2\\fR\ntrouble") && diff.contains("\\fBTDQ_LLVM_VERSION\\fR"), "{diff}");
    let tblgen = tdq(&["man", "tblgen"]);
    assert!(tblgen.contains("\\-\\-gen\\-searchable\\-tables") && tblgen.contains("TDQ_TBLGEN_CACHE"), "{tblgen}");
    let clang = tdq(&["man", "clang-tblgen"]);
    assert!(
        clang.contains("\\-\\-gen\\-clang\\-diags\\-defs") && !clang.contains("\\-\\-gen\\-searchable\\-tables"),
        "{clang}"
    );
    let refused = Command::new(env!("CARGO_BIN_EXE_tdq")).args(["man", "nosuch"]).output().unwrap();
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr)
        .contains("no command `nosuch` (the commands are tblgen, clang-tblgen, q,"));
}

/// Values complete from what tdq knows: lint ids after `lint --select`, canned queries after
/// `q`, releases after `--llvm-version`, llvm-tblgen's actions and options after `tblgen`,
/// clang-tblgen's after `clang-tblgen`.
#[test]
fn completions_offer_what_tdq_knows() {
    for shell in ["bash", "zsh", "fish"] {
        let script = tdq(&["completions", shell]);
        for word in [
            "duplicate-encoding",
            "branch-not-terminator",
            "gen-searchable-tables",
            "print-records",
            "write-if-changed",
            "hierarchy",
        ] {
            assert!(script.contains(word), "{shell}: no `{word}` in the script");
        }
    }
    if !have("bash") {
        return;
    }
    // What bash offers after `tdq lint --select `: the lint ids, not file names.
    let script = tdq(&["completions", "bash"]);
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("tdq.bash"), &script).unwrap();
    let complete = |line: &str| {
        let words: Vec<&str> = line.split(' ').collect();
        let program = format!(
            "source ./tdq.bash; COMP_WORDS=({}); COMP_CWORD={}; COMP_LINE='{line}'; COMP_POINT=${{#COMP_LINE}}; _tdq tdq '{}' '{}'; printf '%s\\n' \"${{COMPREPLY[@]}}\"",
            words.iter().map(|w| format!("'{w}'")).collect::<Vec<_>>().join(" "),
            words.len() - 1,
            words[words.len() - 1],
            words[words.len() - 2]
        );
        let out = Command::new("bash").arg("-c").arg(program).current_dir(dir.path()).output().unwrap();
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let offered = complete("tdq lint --select dup");
    assert!(offered.lines().any(|l| l == "duplicate-encoding"), "{offered}");
    let offered = complete("tdq tblgen --gen-sea");
    assert!(offered.lines().any(|l| l == "--gen-searchable-tables"), "{offered}");
    let offered = complete("tdq clang-tblgen --gen-clang-diags-de");
    assert_eq!(offered.lines().collect::<Vec<_>>(), ["--gen-clang-diags-defs"], "{offered}");
    let offered = complete("tdq diff a b --llvm-version ");
    assert_eq!(offered.lines().collect::<Vec<_>>(), ["19", "22", "23"], "{offered}");
}
