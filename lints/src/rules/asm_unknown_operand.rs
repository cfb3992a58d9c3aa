//! `asm-unknown-operand`: an assembly string naming an operand the instruction lacks.

use crate::context::Context;
use crate::Sink;
use tdq_core::types::RecId;

crate::declare_lint! {
    /// An `AsmString` that names an operand (`$name` or `${name:modifier}`) which is in neither
    /// the instruction's `OutOperandList` nor its `InOperandList`.
    ///
    /// **What it finds.** Every `$name` of an `Instruction`'s `AsmString` (`$$` is a literal
    /// dollar, `\` escapes the next character) whose name no operand of `(outs ...)` or
    /// `(ins ...)` has.
    ///
    /// **Why it matters.** The asm writer and matcher generators stop with an error on such a
    /// string ("unknown operand"), but only when those backends run; a renamed operand or a
    /// typo in a class shared by many instructions is found here first, at the line to fix.
    ///
    /// **Fires:**
    /// ```tablegen fires
    /// def outs; def ins; def GPR;
    /// class Instruction { dag OutOperandList; dag InOperandList; string AsmString = ""; }
    /// def ADD : Instruction { // <- fires
    ///   let OutOperandList = (outs GPR:$rd); let InOperandList = (ins GPR:$rs1, GPR:$rs2);
    ///   let AsmString = "add $rd, $rs1, $rs3";
    /// }
    /// ```
    ///
    /// **Does not fire:**
    /// ```tablegen passes
    /// def outs; def ins; def GPR;
    /// class Instruction { dag OutOperandList; dag InOperandList; string AsmString = ""; }
    /// def ADD : Instruction {
    ///   let OutOperandList = (outs GPR:$rd); let InOperandList = (ins GPR:$rs1, GPR:$rs2);
    ///   let AsmString = "add{l} ${rd:w}, $rs1, $rs2 $$0";
    /// }
    /// ```
    pub static LINT = {
        id: "asm-unknown-operand",
        level: Warning,
        enabled_by_default: true,
        check: check,
    };
}

fn check(ctx: &Context, sink: &mut Sink) {
    for &id in &ctx.instructions {
        let Some(asm) = ctx.string(id, "AsmString") else { continue };
        if !asm.contains('$') {
            continue;
        }
        let operands = operand_names(ctx, id);
        let mut unknown: Vec<&str> = operand_refs(asm).into_iter().filter(|n| !operands.contains(n)).collect();
        unknown.dedup();
        if !unknown.is_empty() {
            let names = unknown.iter().map(|n| format!("`${n}`")).collect::<Vec<_>>().join(", ");
            sink.report(id, Some("AsmString"), format!("the assembly string names {names}, which is not an operand"));
        }
    }
}

fn operand_names(ctx: &Context, id: RecId) -> Vec<&'static str> {
    ["OutOperandList", "InOperandList"]
        .iter()
        .filter_map(|f| ctx.dag(id, f))
        .flat_map(|(_, args)| args.iter().filter_map(|(_, name)| *name))
        .collect()
}

/// The operand names an assembly string refers to, in order.
fn operand_refs(asm: &str) -> Vec<&str> {
    let b = asm.as_bytes();
    let word = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            b'$' if b.get(i + 1) == Some(&b'$') => i += 2,
            b'$' if b.get(i + 1) == Some(&b'{') => {
                let start = i + 2;
                let end = b[start..].iter().position(|&c| c == b'}').map_or(b.len(), |p| start + p);
                let name_end = b[start..end].iter().position(|&c| c == b':').map_or(end, |p| start + p);
                out.push(&asm[start..name_end]);
                i = end + 1;
            }
            b'$' => {
                let start = i + 1;
                let end = b[start..].iter().position(|&c| !word(c)).map_or(b.len(), |p| start + p);
                if end > start {
                    out.push(&asm[start..end]);
                }
                i = end.max(start);
            }
            _ => i += 1,
        }
    }
    out
}
