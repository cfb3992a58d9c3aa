//! Snapshot expectations shared by the command-line tests: `NAME.stdout`, `NAME.stderr` and
//! `NAME.status` beside `NAME.cmd`, written when missing or when `TDQ_BLESS=1`.

use std::path::Path;

/// Whether `TDQ_BLESS=1` asks for the expectations to be rewritten.
pub fn bless() -> bool {
    std::env::var_os("TDQ_BLESS").is_some_and(|v| v == "1")
}

/// The cases in `dir`: the names of its `NAME.cmd` files, sorted.
pub fn case_names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.unwrap().file_name().to_str()?.strip_suffix(".cmd").map(String::from))
        .collect();
    names.sort();
    names
}

/// Compares what case `name` printed and returned with its expectations in `dir` (or writes
/// them), adding a message to `failures` for each that differs.
pub fn check(dir: &Path, name: &str, stdout: &[u8], stderr: &[u8], status: Option<i32>, failures: &mut Vec<String>) {
    let got = [
        ("stdout", String::from_utf8_lossy(stdout).into_owned()),
        ("stderr", String::from_utf8_lossy(stderr).into_owned()),
        ("status", format!("{}\n", status.map_or("signal".to_string(), |c| c.to_string()))),
    ];
    for (what, text) in got {
        let path = dir.join(format!("{name}.{what}"));
        match std::fs::read_to_string(&path) {
            Ok(want) if !bless() => {
                if want != text {
                    failures.push(format!("{name}.{what}: expected\n{want}\ngot\n{text}"));
                }
            }
            _ => std::fs::write(&path, text).unwrap(),
        }
    }
}
