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
use tdq_core::types::RecId;
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
        Ok(e) => {
            let inferred = inferred_flag(&eval, &e);
            Ok(match args.format {
                ExplainFormat::Text => {
                    let mut out = explain::to_text(&e, &eval.sm);
                    if let Some(i) = &inferred {
                        out.push_str(&inferred_text(i, &e, &eval));
                    }
                    out
                }
                ExplainFormat::Json => {
                    let mut v = json_of(&e, &eval.sm);
                    if let Some(i) = &inferred {
                        v["inferred"] = inferred_json(i, &eval);
                    }
                    let mut s = serde_json::to_string_pretty(&v).unwrap_or_default();
                    s.push('\n');
                    s
                }
            })
        }
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

/// What LLVM makes of an instruction flag the records leave `?` (`mayLoad`, `mayStore`,
/// `hasSideEffects`): the value its pattern model gives it and why.
enum Inferred {
    /// From the first pattern that selects the instruction alone.
    FromPattern { value: bool, record: RecId, source: String, result: String },
    /// No pattern selects it: the target lets LLVM guess (`hasSideEffects` 1, memory 0).
    Guessed { value: bool },
    /// No pattern and no guess (`guessInstructionProperties = 0`, or a pattern conflicts):
    /// llvm-tblgen reports an error.
    Unresolved,
    /// The pattern model rejects the records (llvm-tblgen's backends on patterns fail).
    NoModel,
}

fn inferred_flag(eval: &tdq_core::Evaluation, e: &Explanation) -> Option<Inferred> {
    use tdq_models::patterns::dag_patterns::{DagPatterns, FlagSource, InferableFlag};
    use tdq_models::target::instructions::Instructions;
    let flag = InferableFlag::ALL.into_iter().find(|f| f.field() == e.field)?;
    if !matches!(e.value.kind(), tdq_core::init::InitKind::Unset) {
        return None;
    }
    let def = eval.records.def(&e.record)?;
    let instruction = eval.records.class("Instruction")?;
    if !eval.records.get(def).is_subclass_of(instruction) {
        return None;
    }
    let (Ok(model), Ok(insts)) = (DagPatterns::with_conflicts(eval), Instructions::get(eval)) else {
        return Some(Inferred::NoModel);
    };
    let (inst, flags) = (insts.get_def(def)?, model.flags.get(&def)?);
    Some(match model.flag_source(inst, flag) {
        FlagSource::Inferred(record) => {
            let pattern = model.patterns.iter().find(|p| p.src_record == record && p.dst.instructions(eval) == [def]);
            Inferred::FromPattern {
                value: flags.value(flag),
                record,
                source: pattern.map(|p| p.src.text(eval)).unwrap_or_default(),
                result: pattern.map(|p| p.dst.text(eval)).unwrap_or_default(),
            }
        }
        FlagSource::Guessed => Inferred::Guessed { value: flags.value(flag) },
        FlagSource::Unresolved => Inferred::Unresolved,
        // The value is `?`, so the record does not state it.
        FlagSource::Written => return None,
    })
}

fn inferred_text(i: &Inferred, e: &Explanation, eval: &tdq_core::Evaluation) -> String {
    let (flag, sm) = (&e.field, &eval.sm);
    match i {
        Inferred::FromPattern { value, record, source, result } => {
            let loc = record_loc(eval, *record);
            let mut out = format!("LLVM infers {flag} = {} from the first pattern selecting {}:
", u8::from(*value), e.record);
            out.push_str(&format!("  {}: {}
", explain::location(sm, loc.0), loc.1));
            out.push_str(&format!("  matches: {source}
  makes: {result}
"));
            out
        }
        Inferred::Guessed { value } => format!(
            "No pattern selects {}: LLVM guesses {flag} = {} (guessInstructionProperties)
",
            e.record,
            u8::from(*value)
        ),
        Inferred::Unresolved => format!("No pattern selects {} and the target does not let LLVM guess: llvm-tblgen reports an error for {flag}
", e.record),
        Inferred::NoModel => "LLVM's pattern model rejects these records (`tdq tblgen --gen-instr-info` says why): the inferred value is unknown\n".to_string(),
    }
}

fn inferred_json(i: &Inferred, eval: &tdq_core::Evaluation) -> Value {
    let sm = &eval.sm;
    match i {
        Inferred::FromPattern { value, record, source, result } => {
            let (loc, line_text) = record_loc(eval, *record);
            let (line, col) = sm.line_col(loc);
            json!({"how": "pattern", "value": u8::from(*value), "file": sm.path(loc), "line": line, "col": col,
                   "source": line_text, "matches": source, "makes": result})
        }
        Inferred::Guessed { value } => json!({"how": "guessed", "value": u8::from(*value)}),
        Inferred::Unresolved => json!({"how": "unresolved"}),
        Inferred::NoModel => json!({"how": "unknown"}),
    }
}

/// A pattern record's location and source line.
fn record_loc(eval: &tdq_core::Evaluation, record: RecId) -> (tdq_core::Loc, String) {
    let loc = eval.records.get(record).loc();
    (loc, explain::source_line(&eval.sm, loc))
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
    v["source"] = json!(explain::source_line(sm, loc));
    if let Some(text) = explain::written(sm, step.span) {
        v["written"] = json!(text);
    }
    v["steps"] = Value::Array(step.children.iter().map(|c| json_step(c, sm)).collect());
    v
}
