//! Lexing ahead on another thread (`Options::lex_ahead`) changes nothing an evaluation gives:
//! records, diagnostics in their order, files read, dependencies and missing includes, also
//! when the parser stops at an error long before the lexer would have.

use std::sync::Arc;
use tdq_core::diag::render;
use tdq_core::lexer::Overlay;
use tdq_core::{evaluate_overlaid, Evaluation, Options};

/// Where the included files are: not on disk, only in the overlay.
const DIR: &str = "/tdq-lex-ahead-test";

/// Everything an evaluation gives that a caller sees, as text.
fn seen(eval: &Evaluation) -> String {
    let mut out = String::new();
    for id in eval.records.all_def_ids() {
        eval.records.get(id).print_to(&eval.records, &mut out);
    }
    for d in &eval.diags.list {
        out.push_str(&render(&eval.sm, d));
    }
    let files: Vec<&str> = eval.sm.files.iter().map(|f| f.path.as_str()).collect();
    out.push_str(&format!(
        "errors {} failed {} files {files:?} dependencies {:?} missing {:?}\n",
        eval.diags.error_count(),
        eval.parse_failed,
        eval.dependencies,
        eval.missing_includes
    ));
    out
}

/// Evaluates `src` with the lexer on this thread and ahead on its own; both must agree.
fn same_both_ways(files: &Arc<Overlay>, src: &str) -> String {
    let opts = Options { include_dirs: vec![DIR.to_string()], ..Options::default() };
    let run =
        |opts: &Options| seen(&evaluate_overlaid("root.td", src.as_bytes().to_vec(), opts, Some(Arc::clone(files))));
    let here = run(&opts);
    let ahead = run(&Options { lex_ahead: true, ..opts });
    assert_eq!(here, ahead, "lexing ahead changed the evaluation of:\n{src}");
    here
}

#[test]
fn lexing_ahead_changes_nothing() {
    let mut files = Overlay::default();
    let mut file =
        |name: &str, text: &str| files.files.insert(Overlay::key(&std::path::Path::new(DIR).join(name)), text.into());
    // Many tokens (several batches) in an included file, names repeated across them.
    let mut many = String::from("class C<int n> { int v = n; string s = \"x\" # n; }\n");
    for i in 0..20_000 {
        many.push_str(&format!("def D{i} : C<{i}> {{ code c = [{{ body {i} }}]; }}\n"));
    }
    file("many.td", &many);
    file("late.td", "def Late;\n");
    file("bad.td", "def Bad { int x = \"unterminated; }\n");
    let dir = Arc::new(files);

    let whole = same_both_ways(&dir, "include \"many.td\"\ninclude \"late.td\"\ndef Root : C<7>;\n");
    assert!(whole.contains("D19999 {") && whole.contains("late.td") && whole.contains("errors 0"), "{whole}");

    // The parser stops at an error; the lexer, gone ahead in many.td, has read the includes
    // after it by then (and reported a missing one): all that is taken back.
    let early = "include \"many.td\"\ndef X : Nope;\ninclude \"late.td\"\ninclude \"gone.td\"\n";
    let stopped = same_both_ways(&dir, early);
    assert!(stopped.contains("Couldn't find class 'Nope'") && !stopped.contains("late.td"), "{stopped}");
    assert!(stopped.contains("missing []"), "{stopped}");

    // Lexing errors, a missing include, a lexer's warning, all lexed ahead.
    same_both_ways(&dir, "include \"many.td\"\ninclude \"bad.td\"\ninclude \"late.td\"\n");
    let missing = same_both_ways(&dir, "include \"many.td\"\ninclude \"gone.td\"\ninclude \"late.td\"\n");
    assert!(missing.contains("missing [\"gone.td\"]"), "{missing}");
    same_both_ways(&dir, "include \"many.td\"\ndef A;\0def B;\n#ifdef X\n");
    // Short inputs are lexed here.
    same_both_ways(&dir, "def X : Nope;\ninclude \"late.td\"\n");
    same_both_ways(&dir, "");
}
