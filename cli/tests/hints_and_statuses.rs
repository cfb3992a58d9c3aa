//! What a new user meets first with SQL: hints for a mistyped name from the tables the query
//! names, exit statuses a script can trust from `tdq repl` fed a file, and tables fitted to
//! the terminal that keep every column a query names (terminal.rs runs those on a terminal).

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// `Sig` is a field of another class: a name close to the `Size` the query means.
const SOURCES: &str = "class Instr { int Size = 4; string AsmString = \"\"; bit isCall = 0; }\n\
                       class Signed { int Sig = 1; }\n\
                       def ADD : Instr;\ndef CALL : Instr { let isCall = 1; }\ndef S : Signed;\n";

fn tdq(dir: &Path, cache: &Path, args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tdq"))
        .env("TDQ_LLVM_VERSION", "19")
        .env("TDQ_CACHE_DIR", cache)
        .current_dir(dir)
        .args(args)
        .stdin(if stdin.is_some() { Stdio::piped() } else { Stdio::null() })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    if let Some(text) = stdin {
        let _ = child.stdin.take().unwrap().write_all(text.as_bytes());
    }
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn scratch() -> (tempfile::TempDir, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("t.td"), SOURCES).unwrap();
    (dir, tempfile::tempdir().unwrap())
}

/// A mistyped column is first looked for among the columns of the tables the query names,
/// then among the others; a mistyped table gets a hint too.
#[test]
fn hints_come_from_the_tables_the_query_names() {
    let (dir, cache) = scratch();
    let out = tdq(dir.path(), cache.path(), &["--td", "t.td", "select Siz from Instr"], None);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).ends_with("help: no column `Siz`; did you mean `Size`?\n"), "{}", text(&out.stderr));
    // `records` has every field's column.
    let out = tdq(dir.path(), cache.path(), &["--td", "t.td", "select Sgi from records"], None);
    assert!(text(&out.stderr).ends_with("did you mean `Sig`?\n"), "{}", text(&out.stderr));
    let out = tdq(dir.path(), cache.path(), &["--td", "t.td", "select name from recrd"], None);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).ends_with("help: no table or class `recrd`; did you mean `records`?\n"),
        "{}",
        text(&out.stderr)
    );
    // A user lint's SQL is helped the same way.
    std::fs::write(
        dir.path().join("tdq.toml"),
        "[lint]\n[[lint.user]]\nid = \"big\"\nmessage = \"big\"\n\
         sql = \"SELECT name AS record FROM Instr WHERE Siz > 2\"\n",
    )
    .unwrap();
    let out = tdq(dir.path(), cache.path(), &["lint", "--td", "t.td"], None);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("did you mean `Size`?"), "{}", text(&out.stderr));
}

/// `tdq repl` fed from a pipe exits non-zero when a statement failed, as sqlite3 does, and
/// still runs the statements after it; without failures it exits 0. No banner is printed.
#[test]
fn a_repl_fed_a_script_exits_1_when_a_statement_fails() {
    let (dir, cache) = scratch();
    let repl = ["repl", "--td", "t.td", "--format", "csv"];
    let out =
        tdq(dir.path(), cache.path(), &repl, Some("select nme from Instr;\nselect name from Instr order by name;\n"));
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "name\nADD\nCALL\n");
    assert!(text(&out.stderr).contains("no such column: nme"), "{}", text(&out.stderr));
    assert!(!text(&out.stderr).contains("tdq repl: SQL ending"), "{}", text(&out.stderr));
    let out = tdq(dir.path(), cache.path(), &repl, Some("select count(*) as n from Instr;\n.mode json\n"));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "n\n2\n");
    // A failed dot command counts, and a last statement without its `;` still runs.
    let out = tdq(dir.path(), cache.path(), &repl, Some(".mode nosuch\nselect 1 as one"));
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "one\n1\n");
}
