//! The report formats, suppression, baselines and user lints, over `tests/data/sample.td`.
//! Text and JSON are golden files beside the sample (`UPDATE_EXPECT=1` rewrites them; a
//! missing one is created); SARIF is validated against the SARIF 2.1.0 schema.

use std::path::Path;
use tdq_core::Evaluation;
use tdq_lints::output::{self, Format};
use tdq_lints::suppress::Baseline;
use tdq_lints::user::{scratch_records, Row, SqlSource};
use tdq_lints::{Config, Context, Finding, Level};

const SAMPLE: &str = "tests/data/sample.td";

fn evaluate(path: &str) -> Evaluation {
    let text = std::fs::read(path).unwrap();
    let eval = tdq_core::evaluate(path, text, &Default::default());
    assert!(!eval.diags.has_errors(), "{}", eval.diags.render_all(&eval.sm));
    eval
}

fn config(toml_text: &str) -> Result<Config, tdq_lints::Error> {
    let doc: toml::Table = toml_text.parse().unwrap();
    let empty = toml::Table::new();
    let table = doc.get("lint").and_then(|v| v.as_table()).unwrap_or(&empty);
    Config::from_table(table, Path::new("tests/data"))
}

fn lint(eval: &Evaluation, config: &Config) -> Vec<Finding> {
    let ctx = Context::new(eval);
    let conn = scratch_records(&eval.records).unwrap();
    tdq_lints::run(&ctx, config, Some(&conn)).unwrap()
}

/// Compares with (or writes) a golden file beside the sample.
fn expect(name: &str, actual: &str) {
    let path = Path::new("tests/data").join(name);
    if std::env::var_os("UPDATE_EXPECT").is_some() || !path.exists() {
        std::fs::write(&path, actual).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap();
    assert_eq!(actual, expected, "{} differs (UPDATE_EXPECT=1 rewrites it)", path.display());
}

#[test]
fn text_report_points_at_the_def_the_let_and_the_defm() {
    let eval = evaluate(SAMPLE);
    let findings = lint(&eval, &Config::default());
    expect("sample.text.expected", &output::text(&findings, &eval.sm));
}

#[test]
fn json_and_github_reports() {
    let eval = evaluate(SAMPLE);
    let findings = lint(&eval, &Config::default());
    expect("sample.json.expected", &output::render(Format::Json, &findings, &eval.sm, &[]));
    expect("sample.github.expected", &output::render(Format::Github, &findings, &eval.sm, &[]));
}

#[test]
fn inline_allow_suppresses_only_its_lint() {
    let eval = evaluate(SAMPLE);
    let findings = lint(&eval, &Config::default());
    assert!(findings.iter().any(|f| f.record == "JMP" && f.lint == "branch-not-terminator"));
    assert!(!findings.iter().any(|f| f.record == "JMP_FALL"), "JMP_FALL is allowed by its comment");
}

#[test]
fn sarif_validates_against_the_2_1_0_schema() {
    let schema: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string("tests/data/sarif-schema-2.1.0.json").unwrap()).unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    let eval = evaluate(SAMPLE);
    let config = config(
        r#"
        [lint]
        select = ["all"]
        [[lint.user]]
        id = "no-jmp"
        sql = "SELECT name AS record, 'no JMP here' AS message FROM records WHERE name = 'JMP'"
        "#,
    )
    .unwrap();
    let findings = lint(&eval, &config);
    let sarif = output::render(Format::Sarif, &findings, &eval.sm, &[("no-jmp".into(), Level::Warning)]);
    let log: serde_json::Value = serde_json::from_str(&sarif).unwrap();
    let errors: Vec<String> = validator.iter_errors(&log).map(|e| format!("{} at {}", e, e.instance_path)).collect();
    assert!(errors.is_empty(), "SARIF does not validate:\n{}", errors.join("\n"));
    // Not vacuous: the schema rejects a log without its version.
    let mut broken = log.clone();
    broken.as_object_mut().unwrap().remove("version");
    assert!(!validator.is_valid(&broken));
    let results = log["runs"][0]["results"].as_array().unwrap();
    assert_eq!(results.len(), findings.len());
    let rules = log["runs"][0]["tool"]["driver"]["rules"].as_array().unwrap();
    for r in results {
        let i = r["ruleIndex"].as_u64().unwrap() as usize;
        assert_eq!(rules[i]["id"], r["ruleId"]);
        assert!(r["partialFingerprints"]["tdqLintKey/v1"].as_str().is_some_and(|f| f.len() == 16));
    }
    assert!(rules.iter().any(|r| r["id"] == "no-jmp"));
}

#[test]
fn fingerprints_and_baselines_ignore_line_numbers() {
    let eval = evaluate(SAMPLE);
    let before = lint(&eval, &Config::default());
    // The same sample with lines added on top: every finding moves, none is new.
    let moved_path = std::env::temp_dir().join(format!("tdq-lints-moved-{}.td", std::process::id()));
    let text = std::fs::read_to_string(SAMPLE).unwrap();
    std::fs::write(&moved_path, format!("// one\n// two\n\n{text}")).unwrap();
    let moved = evaluate(moved_path.to_str().unwrap());
    let after = lint(&moved, &Config::default());
    std::fs::remove_file(&moved_path).unwrap();
    assert_eq!(before.len(), after.len());
    let prints = |f: &[Finding]| f.iter().map(output::fingerprint).collect::<Vec<_>>();
    assert_eq!(prints(&before), prints(&after));
    let baseline = Baseline::parse(&Baseline::of(&before).to_json()).unwrap();
    assert!(after.iter().all(|f| baseline.contains(f)));
    assert!(Baseline::parse("{}").is_err());
}

#[test]
fn user_lints_report_rows_at_their_records() {
    let eval = evaluate(SAMPLE);
    let config = config(
        r#"
        [lint]
        select = []
        severity = { asm-mentions-target = "error" }
        [[lint.user]]
        id = "asm-mentions-target"
        severity = "note"
        sql = "SELECT name AS record, 'AsmString' AS field FROM records WHERE AsmString LIKE '%target%'"
        message = "names $target"
        [[lint.user]]
        id = "ghost"
        sql = "SELECT 'NO_SUCH_DEF' AS record, 'missing' AS message"
        "#,
    )
    .unwrap();
    let findings = lint(&eval, &config);
    let got: Vec<(&str, &str, Option<&str>, Level)> =
        findings.iter().map(|f| (f.lint.as_str(), f.record.as_str(), f.field.as_deref(), f.level)).collect();
    assert_eq!(
        got,
        vec![
            ("asm-mentions-target", "JMP", Some("AsmString"), Level::Error),
            ("ghost", "NO_SUCH_DEF", None, Level::Warning)
        ]
    );
    assert!(findings[0].notes.iter().any(|n| n.message.contains("AsmString")), "the field's `let` is a note");
    assert!(findings[1].loc.is_none());
}

/// A stand-in store: the runner needs only rows.
struct Canned(Vec<Row>);
impl SqlSource for Canned {
    fn rows(&self, _sql: &str) -> Result<Vec<Row>, String> {
        Ok(self.0.clone())
    }
}

#[test]
fn user_lint_errors_are_reported() {
    let eval = evaluate(SAMPLE);
    let ctx = Context::new(&eval);
    let conn = scratch_records(&eval.records).unwrap();
    let bad_sql = config("[lint]\n[[lint.user]]\nid = \"x\"\nsql = \"SELEC nothing\"").unwrap();
    assert!(tdq_lints::run(&ctx, &bad_sql, Some(&conn)).unwrap_err().0.contains("user lint `x`"));
    let no_record = config("[lint]\n[[lint.user]]\nid = \"x\"\nsql = \"SELECT 1 AS message\"").unwrap();
    assert!(tdq_lints::run(&ctx, &no_record, Some(&conn)).unwrap_err().0.contains("`record` column"));
    let no_message = config("[lint]\nselect = []\n[[lint.user]]\nid = \"x\"\nsql = \"-\"").unwrap();
    let canned = Canned(vec![Row { record: "JMP".into(), message: None, field: None }]);
    assert!(tdq_lints::run(&ctx, &no_message, Some(&canned)).unwrap_err().0.contains("no `message`"));
    assert!(tdq_lints::run(&ctx, &no_message, None).is_err(), "user lints without a store");
}

#[test]
fn config_selects_levels_and_ignores() {
    let eval = evaluate(SAMPLE);
    let c = config(
        r#"
        [lint]
        select = ["all"]
        ignore = ["unused-class"]
        severity = { barrier-not-terminator = "error", asm-unknown-operand = "off" }
        per-record-ignores = { "TRAP*" = ["all"] }
        fail-on = "error"
        "#,
    )
    .unwrap();
    let findings = lint(&eval, &c);
    let lints: Vec<&str> = findings.iter().map(|f| f.lint.as_str()).collect();
    assert_eq!(lints, vec!["branch-not-terminator"]);
    assert_eq!(c.fail_on, Level::Error);
    for (bad, says) in [
        ("[lint]\nselect = [\"no-such-lint\"]", "unknown lint `no-such-lint`"),
        ("[lint]\nseverity = { unused-class = \"loud\" }", "not a level"),
        ("[lint]\nwhat = 1", "unknown key"),
        ("[lint]\nper-record-ignores = { \"[\" = [\"all\"] }", "bad glob"),
        ("[lint]\n[[lint.user]]\nid = \"unused-class\"\nsql = \"x\"", "already taken"),
        ("[lint]\n[[lint.user]]\nid = \"u\"", "exactly one of `sql` and `file`"),
        ("[lint]\n[[lint.user]]\nid = \"u\"\nfile = \"missing.sql\"", "cannot read"),
    ] {
        let e = config(bad).unwrap_err();
        assert!(e.0.contains(says), "{bad}: {e}");
    }
}

#[test]
fn scratch_table_keeps_fields_that_differ_only_in_case() {
    let src = "class A { int Fast = 1; }\nclass B { int fast = 2; }\ndef X : A;\ndef Y : B;\n";
    let eval = tdq_core::evaluate("case.td", src.as_bytes().to_vec(), &Default::default());
    let conn = scratch_records(&eval.records).unwrap();
    let rows: Vec<(String, Option<i64>, Option<i64>)> = conn
        .prepare("SELECT name, Fast, fast_2 FROM records ORDER BY name")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(rows, vec![("X".into(), Some(1), None), ("Y".into(), None, Some(2))]);
}

#[test]
fn allow_comments_count_on_the_defm_and_the_let() {
    let src = "class Instruction { bit isBarrier = 0; bit isTerminator = 0; bit isBranch = 0; }
multiclass M { def _X : Instruction { let isBarrier = 1; } }
defm A : M; // tdq-lint: allow(barrier-not-terminator) the defm line
defm B : M;
let isBranch = 1 in // tdq-lint: allow(unused-class, branch-not-terminator)
def J : Instruction;
def K : Instruction { let isBranch = 1; } // tdq-lint: allow(barrier-not-terminator) wrong lint
";
    let eval = tdq_core::evaluate("allow.td", src.as_bytes().to_vec(), &Default::default());
    let findings = lint(&eval, &Config::default());
    let got: Vec<(&str, &str)> = findings.iter().map(|f| (f.lint.as_str(), f.record.as_str())).collect();
    assert_eq!(got, vec![("barrier-not-terminator", "B_X"), ("branch-not-terminator", "K")]);
}
