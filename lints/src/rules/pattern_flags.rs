//! What the lints on instruction flags read of LLVM's pattern model
//! ([`tdq_models::patterns::dag_patterns`]): the patterns that select each instruction, the
//! flags inferred from them and the flags they contradict, exactly as `-gen-instr-info` and the
//! instruction selectors compute them.

use crate::context::Context;
use crate::{Note, Sink};
use tdq_core::types::RecId;
use tdq_models::patterns::dag_patterns::{FlagConflict, InferableFlag, InferredFlags};
use tdq_models::target::instructions::Instruction;

/// What a pattern does (or does not do) that implies `flag`, as a lint's message says it.
pub fn effect(flag: InferableFlag, does: bool) -> &'static str {
    match (flag, does) {
        (InferableFlag::MayLoad, true) => "reads memory",
        (InferableFlag::MayLoad, false) => "reads no memory",
        (InferableFlag::MayStore, true) => "writes memory",
        (InferableFlag::MayStore, false) => "writes no memory",
        (InferableFlag::HasSideEffects, true) => "has side effects",
        (InferableFlag::HasSideEffects, false) => "has no side effects",
    }
}

/// Where a pattern is, as a note: another def's location, or none for the instruction's own
/// `Pattern`.
pub fn pattern_note(ctx: &Context, instruction: RecId, pattern: RecId, message: String) -> Option<Note> {
    (pattern != instruction).then(|| Note { loc: ctx.record(pattern).loc(), message })
}

/// How a finding names a pattern: "its `Pattern`" or "the pattern `NAME`".
pub fn pattern_name(ctx: &Context, instruction: RecId, pattern: RecId) -> String {
    if pattern == instruction {
        "its `Pattern`".to_string()
    } else {
        let name = ctx.record(pattern).name_string();
        if ctx.record(pattern).is_anonymous() {
            "a pattern".to_string()
        } else {
            format!("the pattern `{name}`")
        }
    }
}

/// Calls `each` with every target instruction, as `CodeGenTarget` reads it, and its flags after
/// inference; nothing when the pattern model rejects the records.
pub fn each_instruction(ctx: &Context, mut each: impl FnMut(RecId, &Instruction, &InferredFlags)) {
    let (Some(model), Some(insts)) = (ctx.patterns(), ctx.target_instructions()) else { return };
    for &id in &ctx.instructions {
        if let (Some(inst), Some(flags)) = (insts.get_def(id), model.flags.get(&id)) {
            each(id, inst, flags);
        }
    }
}

/// Reports `instruction`, with a note at `pattern` unless it is the instruction's own.
pub fn report(
    ctx: &Context,
    sink: &mut Sink,
    instruction: RecId,
    field: Option<&str>,
    pattern: RecId,
    message: String,
    note: &str,
) {
    match pattern_note(ctx, instruction, pattern, note.to_string()) {
        Some(note) => sink.report_with(instruction, field, message, note),
        None => sink.report(instruction, field, message),
    }
}

/// Reports each of the target's instructions whose stated `flag` = `written` a pattern
/// selecting it contradicts (llvm-tblgen's "Pattern doesn't match FLAG = V").
pub fn report_conflicts(ctx: &Context, sink: &mut Sink, flag: InferableFlag, written: bool) {
    let Some(model) = ctx.patterns() else { return };
    let wanted =
        |c: &&FlagConflict| c.flag == flag && c.written == written && ctx.instructions.contains(&c.instruction);
    for c in model.conflicts.iter().filter(wanted) {
        let field = flag.field();
        let message = format!(
            "{} {} but `{field}` is {}: llvm-tblgen stops with \"Pattern doesn't match {field} = {}\"",
            upper_first(&pattern_name(ctx, c.instruction, c.pattern)),
            effect(flag, !written),
            u8::from(written),
            u8::from(written),
        );
        report(ctx, sink, c.instruction, Some(field), c.pattern, message, "the pattern");
    }
}

fn upper_first(s: &str) -> String {
    let mut c = s.chars();
    c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default()
}
