//! Every canned query gives the same rows on both engines, SQLite and DataFusion, over a small
//! store (`tests/query/inputs/small.td`) and an LLVM target's: DataFusion's own practice of
//! checking one engine against another (its pg_compat tests). Rows are compared in order where
//! the query has an ORDER BY, as sets of rows otherwise.
#![cfg(feature = "datafusion")]

use std::path::{Path, PathBuf};
use tdq_queries::canned;
use tdq_queries::datafusion::DataFusionEngine;
use tdq_queries::sqlite::SqliteEngine;
use tdq_queries::{Cell, Engine, Param, ResultSet};
use tdq_store::{BuildInfo, Sources};

/// Evaluates `sources` and writes their store to `db`, on a thread with the stack the
/// evaluator needs (as the `tdq` binary gives it).
fn build_store(sources: Sources, db: PathBuf) {
    std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(move || {
            let eval = tdq_store::cache::evaluate(&sources).unwrap_or_else(|e| panic!("{}: {e}", sources.root));
            let info = BuildInfo { root: sources.root.clone(), ..Default::default() };
            tdq_store::cache::write_atomically(&db, &eval, &info).unwrap_or_else(|e| panic!("{}: {e}", db.display()));
            // Values live as long as the process, as in the binary.
            std::mem::forget(eval);
        })
        .expect("a thread")
        .join()
        .expect("building the store");
}

/// The model tables' files go beside the test's store.
fn sqlite(db: &Path) -> SqliteEngine {
    SqliteEngine::new(tdq_store::open_read_only(db).expect("the store")).with_model_dir(db.parent().unwrap().into())
}

/// The values of the canned queries' parameters on this store: a def made by a defm (so that
/// every per-def query has rows), `isCall = 1`.
fn params(db: &Path) -> Vec<Param> {
    let mut engine = sqlite(db);
    let rs = engine.run("SELECT record FROM defm_chain ORDER BY record LIMIT 1", &[]).expect("a defm'd def");
    let record = rs.into_iter().next().and_then(|r| r.first_column_texts().into_iter().next()).expect("a defm'd def");
    // A register with sub-registers, on a target.
    let register = engine
        .run("SELECT register FROM sub_registers ORDER BY register LIMIT 1", &[])
        .ok()
        .and_then(|rs| rs.into_iter().next()?.first_column_texts().into_iter().next())
        .unwrap_or_default();
    // An instruction whose flags come from a pattern, on a target.
    let instruction = engine
        .run("SELECT instruction FROM instruction_flags WHERE source = 'inferred' ORDER BY instruction LIMIT 1", &[])
        .ok()
        .and_then(|rs| rs.into_iter().next()?.first_column_texts().into_iter().next())
        .unwrap_or_default();
    [
        "record=".to_string() + &record,
        "flag=isCall".into(),
        "value=1".into(),
        "register=".to_string() + &register,
        "instruction=".to_string() + &instruction,
    ]
    .iter()
    .map(|p| Param::parse(p).expect("a parameter"))
    .collect()
}

fn has_order_by(sql: &str) -> bool {
    sql.to_ascii_lowercase().split_whitespace().collect::<Vec<_>>().windows(2).any(|w| w == ["order", "by"])
}

/// Rows sorted, for queries whose order is not defined.
fn sorted(mut rs: ResultSet) -> ResultSet {
    rs.rows.sort_by_key(|row| format!("{row:?}"));
    rs
}

fn compare_engines(what: &str, db: &Path) {
    let params = params(db);
    let mut failures = Vec::new();
    let target = tdq_store::model::describes_a_target(&tdq_store::open_read_only(db).expect("the store"));
    for q in canned::all() {
        // The target model's tables are only for a target.
        let identifiers = tdq_queries::scan::identifiers(q.sql);
        if !target && !tdq_store::model::groups_named(identifiers.iter().map(String::as_str)).is_empty() {
            continue;
        }
        let mut lite = sqlite(db);
        let mut fusion = DataFusionEngine::over_store(tdq_store::open_read_only(db).expect("the store"))
            .expect("DataFusion")
            .with_model_dir(db.parent().unwrap().into());
        let (a, b) = match (lite.run(q.sql, &params), fusion.run(q.sql, &params)) {
            (Ok(a), Ok(b)) => (a, b),
            (a, b) => {
                failures.push(format!("{what} {}: sqlite {:?}, datafusion {:?}", q.name, a.err(), b.err()));
                continue;
            }
        };
        let (a, b): (Vec<ResultSet>, Vec<ResultSet>) = if has_order_by(q.sql) {
            (a, b)
        } else {
            (a.into_iter().map(sorted).collect(), b.into_iter().map(sorted).collect())
        };
        let rows: usize = a.iter().map(|r| r.rows.len()).sum();
        if a != b {
            let first = |r: &[ResultSet]| {
                r.first().map(|r| (r.columns.clone(), r.rows.iter().take(3).cloned().collect::<Vec<Vec<Cell>>>()))
            };
            failures.push(format!("{what} {}: sqlite {:?}\ndatafusion {:?}", q.name, first(&a), first(&b)));
        } else if rows == 0 && !matches!(q.name, "unused-classes") {
            failures.push(format!("{what} {}: no rows, nothing compared", q.name));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn canned_queries_agree_on_a_small_store() {
    let dir = tempfile::tempdir().expect("tempdir");
    let inputs = tdq_tests::workspace_dir().join("tests/query/inputs");
    let sources = Sources {
        root: inputs.join("small.td").display().to_string(),
        include_dirs: vec![inputs.join("inc").display().to_string()],
        defines: vec![],
        release: tdq_core::Release::V19,
        ..Sources::default()
    };
    let db = dir.path().join("small.db");
    build_store(sources, db.clone());
    compare_engines("small.td", &db);
}

#[test]
fn canned_queries_agree_on_a_target_store() {
    let dir = tempfile::tempdir().expect("tempdir");
    let args = tdq_tests::target_args("Lanai");
    let (file, includes) = args.split_last().expect("a file");
    let sources = Sources {
        root: file.clone(),
        include_dirs: includes.iter().filter(|w| *w != "-I").cloned().collect(),
        defines: vec![],
        release: tdq_core::Release::V19,
        ..Sources::default()
    };
    let db = dir.path().join("Lanai.db");
    build_store(sources, db.clone());
    compare_engines("Lanai", &db);
}
