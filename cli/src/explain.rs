//! `tdq explain RECORD.FIELD`: where a def's field got its value, from the statement that set
//! it back through template arguments, `defm`s, `defvar`s and `foreach`es to the values written
//! in the source. The sources are evaluated again with a trace (`tdq_core::Options::trace`);
//! `tdq_core::explain` follows it, and this file renders the steps as text or JSON.

use crate::exit_codes::{FAILURE, SUCCESS, USAGE};
use crate::query::{resolve_sources, TdArgs};
use clap::{Args, ValueEnum};
use serde_json::{json, Value};
use std::io::Write;
use tdq_core::explain::{self, ExplainError, Explanation, Holder, Step, StepKind};
use tdq_core::source::Span;
use tdq_core::SourceMgr;

/// `tdq explain`.
#[derive(Args, Debug)]
pub struct ExplainArgs {
    /// The def and its field: `ADD32rr.AsmString`.
    #[arg(value_name = "RECORD.FIELD")]
    pub target: String,
    #[command(flatten)]
    pub td: TdArgs,
    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    pub format: ExplainFormat,
    /// Change a limit of the evaluation (`tdq tblgen --help` lists them): `--limit records=N`.
    #[arg(long = "limit", value_name = "NAME=N", value_parser = crate::parse_limit)]
    pub limit: Vec<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ExplainFormat {
    Text,
    Json,
}

/// Runs `tdq explain`; returns the exit status.
pub fn run(args: ExplainArgs) -> i32 {
    match explain(&args) {
        Ok(out) => {
            let mut stdout = std::io::stdout().lock();
            match stdout.write_all(out.as_bytes()).and_then(|()| stdout.flush()) {
                Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
                    eprintln!("tdq: error: {}", crate::os_message(&e));
                    FAILURE
                }
                _ => SUCCESS,
            }
        }
        Err((status, message)) => {
            if !message.is_empty() {
                eprintln!("tdq: error: {message}");
            }
            status
        }
    }
}

fn explain(args: &ExplainArgs) -> Result<String, (i32, String)> {
    let Some((record, field)) = args.target.rsplit_once('.') else {
        return Err((USAGE, format!("expected RECORD.FIELD (such as ADD32rr.AsmString), got `{}`", args.target)));
    };
    let sources = resolve_sources(&args.td).map_err(|f| (f.status, f.message))?;
    let eval = crate::evaluate_sources(&sources, crate::limits(&args.limit), true, "nothing explained")
        .map_err(|message| (FAILURE, message))?;
    let trace = eval.trace.as_deref().ok_or((FAILURE, "the evaluation kept no trace".to_string()))?;
    let rk = &eval.records;
    match explain::explain(rk, trace, record, field) {
        Ok(e) => Ok(match args.format {
            ExplainFormat::Text => text_of(&e, &eval.sm),
            ExplainFormat::Json => {
                let mut s = serde_json::to_string_pretty(&json_of(&e, &eval.sm)).unwrap_or_default();
                s.push('\n');
                s
            }
        }),
        Err(ExplainError::NoRecord { name }) => {
            let hint = tdq_queries::closest(&name, rk.defs.keys().copied())
                .map(|c| format!("; did you mean `{c}`?"))
                .unwrap_or_default();
            Err((USAGE, format!("no def `{name}` in the records{hint}")))
        }
        Err(ExplainError::NoField { record, field }) => {
            let def = rk.def(&record).map(|id| rk.get(id));
            let hint = def
                .and_then(|d| tdq_queries::closest(&field, explain::field_names(d)))
                .map(|c| format!("; did you mean `{c}`?"))
                .unwrap_or_default();
            Err((USAGE, format!("no field `{field}` in def `{record}`{hint}")))
        }
    }
}

/// What a step says in one line.
fn headline(step: &Step) -> String {
    let value = one_line(&step.value.to_string());
    match &step.kind {
        StepKind::Set { field, holder } => format!("set in {}: {field} = {value}", holder_text(holder)),
        StepKind::Arg { name, of, holder, default } => {
            let given = if *default { "default: not given" } else { "given" };
            format!("argument {name} of {of} = {value}  ({given} in {})", holder_text(holder))
        }
        StepKind::Defvar { name, .. } => format!("defvar {name} = {value}"),
        StepKind::Loop { var, element: Some(e) } => {
            format!("foreach {var} in {value}: {var} = {}", one_line(&e.to_string()))
        }
        StepKind::Loop { var, element: None } => format!("foreach {var} in {value}  (one element per def)"),
        StepKind::Field { name } => format!("field {name} = {value}"),
    }
}

/// A printed value on one line: llvm-tblgen prints a string's tabs and line breaks as they are.
fn one_line(text: &str) -> String {
    text.replace('\t', "\\t").replace('\n', "\\n").replace('\r', "\\r")
}

fn holder_text(holder: &Holder) -> String {
    match holder {
        Holder::Class(c) => format!("class {c}"),
        Holder::Def { name, multiclass: None } => format!("def {name}"),
        Holder::Def { name, multiclass: Some(mc) } => format!("def {name}, from multiclass {mc}"),
        Holder::Defm(mc) => format!("defm of {mc}"),
    }
}

/// `file:line:col`.
fn location(sm: &SourceMgr, loc: tdq_core::Loc) -> String {
    let (line, col) = sm.line_col(loc);
    format!("{}:{line}:{col}", sm.path(loc))
}

/// The source line of `loc`, without its indentation.
fn source_line(sm: &SourceMgr, loc: tdq_core::Loc) -> String {
    String::from_utf8_lossy(sm.line_text(loc)).trim().to_string()
}

/// The text of `span` as written, on one line.
fn written(sm: &SourceMgr, span: Span) -> Option<String> {
    let text = String::from_utf8_lossy(sm.span_text(span)?).into_owned();
    Some(text.split_whitespace().collect::<Vec<_>>().join(" "))
}

/// The text form: the value, then each step indented under the one it explains, with where it
/// is and its source line.
fn text_of(e: &Explanation, sm: &SourceMgr) -> String {
    let mut out = format!("{}.{} = {}\n", e.record, e.field, one_line(&e.value.to_string()));
    text_step(&e.set, sm, 1, &mut out);
    out
}

fn text_step(step: &Step, sm: &SourceMgr, depth: usize, out: &mut String) {
    let indent = "  ".repeat(depth);
    out.push_str(&format!("{indent}{}\n", headline(step)));
    // A field's one child is the statement that set it, which says where.
    if !matches!(step.kind, StepKind::Field { .. }) {
        let loc = step.span.start;
        out.push_str(&format!("{indent}  {}: {}\n", location(sm, loc), source_line(sm, loc)));
    }
    match &step.kind {
        StepKind::Arg { default: false, .. } | StepKind::Loop { .. } => {
            // As written, unless that is how the value prints.
            if let Some(text) = written(sm, step.span).filter(|t| *t != one_line(&step.value.to_string())) {
                out.push_str(&format!("{indent}  written: {text}\n"));
            }
        }
        StepKind::Defvar { used_at, .. } => {
            out.push_str(&format!("{indent}  used at {}\n", location(sm, *used_at)));
        }
        _ => {}
    }
    for child in &step.children {
        text_step(child, sm, depth + 1, out);
    }
}

/// The JSON form: the same steps as objects (`kind`, names, `value`, `file`, `line`, `col`,
/// `source`, `written`, `steps`).
fn json_of(e: &Explanation, sm: &SourceMgr) -> Value {
    json!({
        "record": e.record,
        "field": e.field,
        "value": e.value.to_string(),
        "steps": [json_step(&e.set, sm)],
    })
}

fn json_step(step: &Step, sm: &SourceMgr) -> Value {
    let holder = |h: &Holder| match h {
        Holder::Class(c) => json!({"class": c}),
        Holder::Def { name, multiclass } => json!({"def": name, "multiclass": multiclass}),
        Holder::Defm(mc) => json!({"defm_of": mc}),
    };
    let mut v = match &step.kind {
        StepKind::Set { field, holder: h } => json!({"kind": "set", "field": field, "in": holder(h)}),
        StepKind::Arg { name, of, holder: h, default } => {
            json!({"kind": "argument", "name": name, "of": of, "in": holder(h), "default": default})
        }
        StepKind::Defvar { name, used_at } => {
            let (line, col) = sm.line_col(*used_at);
            json!({"kind": "defvar", "name": name, "used_at": {"file": sm.path(*used_at), "line": line, "col": col}})
        }
        StepKind::Loop { var, element } => {
            json!({"kind": "foreach", "name": var, "element": element.map(|e| e.to_string())})
        }
        StepKind::Field { name } => json!({"kind": "field", "name": name}),
    };
    let loc = step.span.start;
    let (line, col) = sm.line_col(loc);
    v["value"] = json!(step.value.to_string());
    v["file"] = json!(sm.path(loc));
    v["line"] = json!(line);
    v["col"] = json!(col);
    v["source"] = json!(source_line(sm, loc));
    if let Some(text) = written(sm, step.span) {
        v["written"] = json!(text);
    }
    v["steps"] = Value::Array(step.children.iter().map(|c| json_step(c, sm)).collect());
    v
}
