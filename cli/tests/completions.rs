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
