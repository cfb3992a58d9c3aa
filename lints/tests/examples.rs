//! Every canned lint's doc examples, run: a `fires` example must give a finding of the lint on
//! exactly its lines marked `// <- fires`, a `passes` example none. The docs are the test data.

use tdq_lints::doc::{examples, Expect};
use tdq_lints::rules::LINTS;
use tdq_lints::{Config, Context, Lint};

/// Where examples find `include "llvm/Target/Target.td"`: LLVM 23's `include/` in the corpus
/// beside the repository (`../shared`), as the lints' users find it in their LLVM tree.
/// The package directory is the one cargo gives the test when it runs it, not the one compiled in
/// (a build shared with another checkout through one `CARGO_TARGET_DIR` is taken as up to date).
fn llvm_include() -> String {
    let package = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| env!("CARGO_MANIFEST_DIR").to_string());
    format!("{package}/../../shared/corpus/llvm-23.1.1/llvm/include")
}

/// The findings of one lint (selected alone) over a .td text, as 1-based lines.
fn lines_found(lint: &Lint, source: &str) -> Vec<u32> {
    let options = tdq_core::Options { include_dirs: vec![llvm_include()], ..Default::default() };
    let eval = tdq_core::evaluate("examples/example.td", source.as_bytes().to_vec(), &options);
    assert!(
        !eval.parse_failed && !eval.diags.has_errors(),
        "{}: example does not evaluate:\n{}\n{source}",
        lint.id,
        eval.diags.render_all(&eval.sm)
    );
    let ctx = Context::new(&eval);
    let mut table = toml::Table::new();
    table.insert("select".into(), toml::Value::Array(vec![lint.id.into()]));
    let config = Config::from_table(&table, std::path::Path::new(".")).unwrap();
    let findings = tdq_lints::run(&ctx, &config, None).unwrap();
    assert!(findings.iter().all(|f| f.lint == lint.id), "only the selected lint runs");
    let mut lines: Vec<u32> = findings.iter().map(|f| eval.sm.line_col(f.loc).0).collect();
    lines.dedup();
    lines
}

#[test]
fn every_lint_has_a_firing_and_a_passing_example() {
    for lint in LINTS {
        let ex = examples(lint.doc);
        assert!(ex.iter().any(|e| e.expect == Expect::Fires), "{}: no ```tablegen fires example", lint.id);
        assert!(ex.iter().any(|e| e.expect == Expect::Passes), "{}: no ```tablegen passes example", lint.id);
        for e in ex.iter().filter(|e| e.expect == Expect::Fires) {
            assert!(!e.marked_lines.is_empty(), "{}: a fires example marks no line with `// <- fires`", lint.id);
        }
    }
}

#[test]
fn examples_fire_where_marked_and_nowhere_else() {
    for lint in LINTS {
        for e in examples(lint.doc) {
            let found = lines_found(lint, &e.source);
            match e.expect {
                Expect::Fires => assert_eq!(
                    found, e.marked_lines,
                    "{}: findings (left) are not on the marked lines (right) of\n{}",
                    lint.id, e.source
                ),
                Expect::Passes => {
                    assert_eq!(found, Vec::<u32>::new(), "{}: fires on a passing example:\n{}", lint.id, e.source)
                }
            }
        }
    }
}

#[test]
fn ids_are_unique_kebab_case_and_sorted() {
    let ids: Vec<&str> = LINTS.iter().map(|l| l.id).collect();
    let mut sorted = ids.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(ids, sorted, "ids unique and in id order in the registry");
    for id in ids {
        assert!(id.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'), "{id} is not kebab-case");
    }
    assert!(LINTS.len() >= 8);
}
