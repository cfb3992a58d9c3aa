//! `tdq export --db`: a store that other programs query as tdq does (the class views and
//! `schema_docs` in it), and README's Python example run on one.

use std::path::Path;
use std::process::Command;

const TD: &str = "class Instruction { int Size = 4; bit isCall = 0; }\n\
                  class Tagged { string Tag = \"t\"; }\n\
                  def CALL : Instruction { let isCall = 1; }\n\
                  def TAIL : Instruction, Tagged { let isCall = 1; let Size = 8; }\n\
                  def NOP : Instruction;\n";

fn export(dir: &Path, cache: &Path) {
    std::fs::write(dir.join("T.td"), TD).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_tdq"))
        .current_dir(dir)
        .env("TDQ_LLVM_VERSION", "19")
        .env("TDQ_CACHE_DIR", cache)
        .args(["export", "--db", "x86.db", "--td", "T.td"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
}

/// The python block of README's "A store outside tdq" section.
fn readme_python() -> String {
    let readme = std::fs::read_to_string(tdq_tests::workspace_dir().join("README.md")).unwrap();
    let section = &readme[readme.find("### A store outside tdq").expect("README's section")..];
    let start = section.find("```python\n").expect("a python block") + "```python\n".len();
    let end = start + section[start..].find("```").unwrap();
    section[start..end].to_string()
}

#[test]
fn readme_python_example_runs_on_an_exported_store() {
    let (dir, cache) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    export(dir.path(), cache.path());
    let out = Command::new("python3").current_dir(dir.path()).args(["-c", &readme_python()]).output().unwrap();
    assert_eq!(
        (String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned()),
        ("CALL 4\nTAIL 8\nint\n".to_string(), String::new())
    );
}

/// Every class has its view in the store itself, and `tdq --db` still queries it.
#[test]
fn exported_store_has_every_class_view() {
    let (dir, cache) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    export(dir.path(), cache.path());
    let script = "import sqlite3\n\
                  con = sqlite3.connect('file:x86.db?mode=ro', uri=True)\n\
                  print(sorted(r[0] for r in con.execute(\"select name from sqlite_schema where type = 'view' and name not in ('records', 'fields', 'superclasses')\")))\n\
                  print(con.execute('select name, Tag from Tagged').fetchall())\n";
    let out = Command::new("python3").current_dir(dir.path()).args(["-c", script]).output().unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "['Instruction', 'Tagged']\n[('TAIL', 't')]\n",
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = Command::new(env!("CARGO_BIN_EXE_tdq"))
        .current_dir(dir.path())
        .env("TDQ_CACHE_DIR", cache.path())
        .args(["--db", "x86.db", "--format", "csv", "select name, Size from Instruction order by name"])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "name,Size\nCALL,4\nNOP,4\nTAIL,8\n",
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
