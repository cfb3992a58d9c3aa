//! The store on LLVM's own targets: every target with `TDQ_FULL_CORPUS=1` (as `.ci/test` runs
//! it), otherwise a few small ones.
//!
//! - A store written by `tdq export --db` gives every backend the records the .td gave:
//!   `tdq tblgen --from-db DB` prints what `tdq tblgen` prints from the sources.
//! - The store's tables say what llvm-tblgen 19's `--dump-json` says of every def: the same
//!   defs, anonymous ones marked, the same superclasses in the same order, the same fields with
//!   the same values (`fields.value_json` as JSON, `records` columns as SQL scalars).

use rusqlite::types::Value as Sql;
use rusqlite::{Connection, OpenFlags};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::Command;
use std::time::Instant;
use tdq_tests::{
    corpus_dir, corpus_targets, for_each_dump_json_def, full_corpus, llvm_dump_json, same_file_content, target_args,
};

/// Small targets, quick enough for every `cargo test`.
const FAST_TARGETS: &[&str] = &["Lanai", "XCore"];

fn targets() -> Vec<String> {
    if full_corpus() {
        corpus_targets()
    } else {
        FAST_TARGETS.iter().map(|t| t.to_string()).collect()
    }
}

fn tdq(args: &[String]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_tdq")).env("TDQ_LLVM_VERSION", "19").args(args).output().expect("running tdq")
}

/// `tdq export --db` of target `t` into `db`.
fn export(t: &str, db: &Path) {
    let llvm = target_args(t);
    // llvm-tblgen's `-I A -I B FILE` as tdq's `--td FILE -I A -I B`.
    let (file, includes) = llvm.split_last().expect("a file");
    let mut args: Vec<String> =
        vec!["export".into(), "--db".into(), db.display().to_string(), "--td".into(), file.clone()];
    args.extend(includes.iter().cloned());
    let out = tdq(&args);
    assert!(out.status.success(), "{t}: tdq export: {}", String::from_utf8_lossy(&out.stderr));
}

/// Runs `tdq tblgen` with `args` into `out`; its status and stderr.
fn tblgen(args: &[String], out: &Path) -> (Option<i32>, String) {
    let mut all: Vec<String> = vec!["tblgen".into()];
    all.extend(args.iter().cloned());
    all.extend(["-o".into(), out.display().to_string()]);
    let got = tdq(&all);
    (got.status.code(), String::from_utf8_lossy(&got.stderr).into_owned())
}

/// The backends whose output a store must reproduce, with their options.
const BACKENDS: &[&[&str]] = &[
    &["--print-records"],
    &["--dump-json"],
    &["--print-detailed-records"],
    &["--gen-ctags"],
    &["--print-enums", "--class=Register"],
    &["--gen-exegesis"],
    &["--gen-asm-writer"],
];

/// A root file, its `-I` directories, and the backends (with their options) run on it.
type LibraryInput = (&'static str, &'static [&'static str], &'static [&'static [&'static str]]);

/// Inputs of LLVM's build that are not targets, with the backends that read them: the IR,
/// option and front-end tables (root file relative to the corpus, its `-I` directories).
const LIBRARY_INPUTS: &[LibraryInput] = &[
    ("include/llvm/CodeGen/ValueTypes.td", &["include/llvm/CodeGen", "include"], &[&["--gen-vt"]]),
    ("include/llvm/IR/Attributes.td", &["include/llvm/IR", "include"], &[&["--gen-attrs"]]),
    (
        "include/llvm/IR/Intrinsics.td",
        &["include/llvm/IR", "include"],
        &[&["--gen-intrinsic-enums"], &["--gen-intrinsic-enums", "-intrinsic-prefix=x86"], &["--gen-intrinsic-impl"]],
    ),
    (
        "include/llvm/Frontend/OpenMP/OMP.td",
        &["include/llvm/Frontend/OpenMP", "include"],
        &[&["--gen-directive-decl"], &["--gen-directive-impl"]],
    ),
    ("tools/llvm-objdump/ObjdumpOpts.td", &["include"], &[&["--gen-opt-parser-defs"]]),
    (
        "lib/Target/RISCV/RISCV.td",
        &["lib/Target/RISCV", "include/llvm/TargetParser", "include"],
        &[&["--gen-riscv-target-def"]],
    ),
    (
        "lib/Target/AArch64/AArch64.td",
        &["lib/Target/AArch64", "include/llvm/TargetParser", "include"],
        &[&["--gen-arm-target-def"]],
    ),
];

/// Compares `tdq tblgen SOURCES BACKEND` with `tdq tblgen --from-db DB BACKEND`.
fn compare_from_db(
    what: &str,
    sources: &[String],
    db: &Path,
    backend: &[&str],
    dir: &Path,
    failures: &mut Vec<String>,
) {
    let (a, b) = (dir.join("from-td.out"), dir.join("from-db.out"));
    let backend: Vec<String> = backend.iter().map(|s| s.to_string()).collect();
    let from_td = tblgen(&[backend.clone(), sources.to_vec()].concat(), &a);
    let from_db = tblgen(&[backend.clone(), vec!["--from-db".into(), db.display().to_string()]].concat(), &b);
    if from_td != from_db {
        failures.push(format!("{what} {backend:?}: from the .td {from_td:?}, from the store {from_db:?}"));
    } else if from_td.0 == Some(0) && !same_file_content(&a, &b) {
        failures.push(format!("{what} {backend:?}: the outputs differ"));
    } else if from_td.0 != Some(0) {
        failures.push(format!("{what} {backend:?}: tdq tblgen failed: {}", from_td.1));
    }
}

#[test]
fn backends_print_the_same_from_a_store() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut failures = Vec::new();
    for t in targets() {
        let start = Instant::now();
        let db = dir.path().join(format!("{t}.db"));
        export(&t, &db);
        for backend in BACKENDS {
            compare_from_db(&t, &target_args(&t), &db, backend, dir.path(), &mut failures);
        }
        std::fs::remove_file(&db).expect("remove");
        eprintln!("{t}: {:.1} s", start.elapsed().as_secs_f64());
    }
    // --print-sets needs a `Set` class, which no target has: LLVM's own test of it.
    let sets = corpus_dir().join("test/TableGen/SetTheory.td").display().to_string();
    let db = dir.path().join("sets.db");
    let out = tdq(&["export".into(), "--db".into(), db.display().to_string(), "--td".into(), sets.clone()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    compare_from_db("SetTheory.td", &[sets], &db, &["--print-sets"], dir.path(), &mut failures);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn library_backends_print_the_same_from_a_store() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut failures = Vec::new();
    let corpus = corpus_dir();
    for (file, includes, backends) in LIBRARY_INPUTS {
        let db = dir.path().join("library.db");
        let mut includes_args = Vec::new();
        for include in *includes {
            includes_args.extend(["-I".to_string(), corpus.join(include).display().to_string()]);
        }
        let root = corpus.join(file).display().to_string();
        let mut args: Vec<String> =
            vec!["export".into(), "--db".into(), db.display().to_string(), "--td".into(), root.clone()];
        args.extend(includes_args.iter().cloned());
        let out = tdq(&args);
        assert!(out.status.success(), "{file}: tdq export: {}", String::from_utf8_lossy(&out.stderr));
        let sources: Vec<String> = includes_args.iter().cloned().chain([root]).collect();
        for backend in *backends {
            compare_from_db(file, &sources, &db, backend, dir.path(), &mut failures);
        }
        std::fs::remove_file(&db).expect("remove");
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// What the store holds of one def, read with prepared statements.
struct StoreReader<'c> {
    superclasses: rusqlite::Statement<'c>,
    fields: rusqlite::Statement<'c>,
    record: rusqlite::Statement<'c>,
    /// field name → its `records` column and that column's index in `record`'s rows
    columns: BTreeMap<String, (String, usize)>,
}

impl<'c> StoreReader<'c> {
    fn new(conn: &'c Connection) -> StoreReader<'c> {
        let record = conn.prepare("SELECT * FROM records WHERE name = ?1").expect("records");
        let index: BTreeMap<&str, usize> = record.column_names().into_iter().enumerate().map(|(i, c)| (c, i)).collect();
        let mut columns = BTreeMap::new();
        let mut st = conn.prepare("SELECT field, col FROM tdq_columns").expect("tdq_columns");
        let mut rows = st.query([]).expect("tdq_columns");
        while let Some(r) = rows.next().expect("a row") {
            let (field, col): (String, String) = (r.get(0).expect("field"), r.get(1).expect("col"));
            let i = *index.get(col.as_str()).unwrap_or_else(|| panic!("records has no column {col}"));
            columns.insert(field, (col, i));
        }
        drop(rows);
        drop(st);
        StoreReader {
            superclasses: conn
                .prepare("SELECT superclass FROM superclasses WHERE record = ?1 AND kind <> 'class' ORDER BY position")
                .expect("superclasses"),
            fields: conn
                .prepare("SELECT field, value_json, type FROM fields WHERE record = ?1 AND kind <> 'class' ORDER BY position")
                .expect("fields"),
            record,
            columns,
        }
    }

    /// Every difference between the store and llvm-tblgen's dump of def `name`.
    fn compare(&mut self, name: &str, def: &Value, anonymous_in_store: Option<bool>) -> Vec<String> {
        let mut out = Vec::new();
        let Some(anonymous) = anonymous_in_store else {
            return vec![format!("{name}: not in the store")];
        };
        if Value::Bool(anonymous) != def["!anonymous"] {
            out.push(format!("{name}: anonymous is {anonymous}, llvm-tblgen says {}", def["!anonymous"]));
        }
        let supers: Vec<String> = self
            .superclasses
            .query_map([name], |r| r.get(0))
            .expect("superclasses")
            .collect::<Result<_, _>>()
            .expect("superclasses");
        if Value::from(supers.clone()) != def["!superclasses"] {
            out.push(format!("{name}: superclasses {supers:?}, llvm-tblgen says {}", def["!superclasses"]));
        }
        let fields: Vec<(String, String, String)> = self
            .fields
            .query_map([name], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
            .expect("fields")
            .collect::<Result<_, _>>()
            .expect("fields");
        let expected: BTreeMap<&String, &Value> =
            def.as_object().expect("a def is an object").iter().filter(|(k, _)| !k.starts_with('!')).collect();
        let stored: BTreeSet<&String> = fields.iter().map(|f| &f.0).collect();
        if stored != expected.keys().copied().collect() {
            out.push(format!("{name}: fields {stored:?}, llvm-tblgen has {:?}", expected.keys()));
        }
        let mut rows = self.record.query([name]).expect("records");
        let Some(row) = rows.next().expect("records") else {
            out.push(format!("{name}: no records row"));
            return out;
        };
        for (field, json, ty) in &fields {
            let Some(want) = expected.get(field) else { continue };
            match serde_json::from_str::<Value>(json) {
                Ok(v) if v == **want => {}
                _ => out.push(format!("{name}.{field}: value_json {json}, llvm-tblgen says {want}")),
            }
            let (Some((col, i)), Some(want_sql)) = (self.columns.get(field), sql_scalar(want, ty)) else { continue };
            let got: Sql = row.get(*i).expect("a value");
            if got != want_sql {
                out.push(format!("{name}.{field}: records.{col} is {got:?}, llvm-tblgen says {want}"));
            }
        }
        out
    }
}

/// The SQL value `records` holds for a `--dump-json` value of type `ty`, where the dump
/// determines it: integers and bits (known, fitting in an i64, bit 0 first), strings, `?`,
/// def references.
fn sql_scalar(v: &Value, ty: &str) -> Option<Sql> {
    match v {
        Value::Null => Some(Sql::Null),
        Value::Number(n) => n.as_i64().map(Sql::Integer),
        Value::String(s) if ty == "string" || ty == "code" => Some(Sql::Text(s.clone())),
        Value::Array(bits) if ty.starts_with("bits<") && bits.len() <= 64 => {
            let mut n: u64 = 0;
            for (i, b) in bits.iter().enumerate() {
                match b.as_i64() {
                    Some(1) => n |= 1 << i,
                    Some(0) => {}
                    _ => return None,
                }
            }
            i64::try_from(n).ok().map(Sql::Integer)
        }
        Value::Object(o) if o.get("kind") == Some(&Value::from("def")) => {
            o.get("def")?.as_str().map(|d| Sql::Text(d.into()))
        }
        _ => None,
    }
}

#[test]
fn tables_agree_with_llvm_tblgen_dump_json() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut failures = Vec::new();
    for t in targets() {
        let start = Instant::now();
        let (db, json) = (dir.path().join(format!("{t}.db")), dir.path().join(format!("{t}.json")));
        export(&t, &db);
        llvm_dump_json(&target_args(&t), &json);
        let conn = Connection::open_with_flags(&db, OpenFlags::SQLITE_OPEN_READ_ONLY).expect("open the store");
        let mut anonymous: BTreeMap<String, bool> = BTreeMap::new();
        {
            let mut st = conn.prepare("SELECT name, anonymous FROM records").expect("records");
            let mut rows = st.query([]).expect("records");
            while let Some(r) = rows.next().expect("a row") {
                anonymous.insert(r.get(0).expect("name"), r.get::<_, i64>(1).expect("anonymous") != 0);
            }
        }
        let mut reader = StoreReader::new(&conn);
        let mut seen = 0usize;
        let mut differences = Vec::new();
        for_each_dump_json_def(&json, &mut |name, def| {
            seen += 1;
            let found = anonymous.remove(&name);
            differences.extend(reader.compare(&name, &def, found));
        });
        differences.extend(anonymous.keys().map(|n| format!("{n}: in the store, not in llvm-tblgen's dump")));
        assert!(seen > 100, "{t}: only {seen} defs");
        let n = differences.len();
        differences.truncate(20);
        if n > 0 {
            failures.push(format!("{t}: {n} differences, first:\n  {}", differences.join("\n  ")));
        }
        drop(reader);
        drop(conn);
        std::fs::remove_file(&db).expect("remove");
        std::fs::remove_file(&json).expect("remove");
        eprintln!("{t}: {seen} defs, {:.1} s", start.elapsed().as_secs_f64());
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
