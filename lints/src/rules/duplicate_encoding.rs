//! `duplicate-encoding`: two instructions the disassembler cannot tell apart.

use super::encoding;
use crate::context::{Context, Flag};
use crate::{Note, Sink};
use rustc_hash::FxHashMap;
use tdq_core::types::RecId;

crate::declare_lint! {
    /// Two encodable instructions in one decoder namespace with the same encoding bits.
    ///
    /// **What it finds.** `Instruction` defs that the fixed-length decoder would see (not
    /// `isPseudo`, `isCodeGenOnly` or `isAsmParserOnly`, no `EncodingInfos`) with the same
    /// `DecoderNamespace`, the same assembler predicates and the same `Inst` bits: the same
    /// width, the same fixed bits and operand fields in the same places. An `Inst` with no
    /// operand field on an instruction with operands is an opcode, not an encoding (WebAssembly
    /// and SPIR-V encode operands elsewhere), and is left out.
    ///
    /// **Why it matters.** Nothing in the encoding tells the two apart, so
    /// `-gen-disassembler` reports a decoding conflict, or, when the conflict is hidden by
    /// other instructions, the disassembler always picks one of them. Usually one should be
    /// `isCodeGenOnly`, or one of them has a wrong bit.
    ///
    /// **Fires:**
    /// ```tablegen fires
    /// class Instruction { bits<8> Inst; string DecoderNamespace = ""; bit isPseudo = 0; }
    /// def ADD : Instruction { let Inst = 0b00010000; }
    /// def ADD_ALIAS : Instruction { let Inst = 0b00010000; } // <- fires
    /// ```
    ///
    /// **Does not fire:**
    /// ```tablegen passes
    /// class Instruction { bits<8> Inst; string DecoderNamespace = ""; bit isPseudo = 0; bit isCodeGenOnly = 0; }
    /// def ADD : Instruction { let Inst = 0b00010000; }
    /// def SUB : Instruction { let Inst = 0b00010001; }
    /// def ADD_CG : Instruction { let Inst = 0b00010000; let isCodeGenOnly = 1; }
    /// def ADD_THUMB : Instruction { let Inst = 0b00010000; let DecoderNamespace = "Thumb"; }
    /// ```
    /// ```tablegen passes
    /// def ins; def i32imm;
    /// class Instruction { bits<8> Inst; dag InOperandList = (ins); }
    /// def CONST_A32 : Instruction { let Inst = 0x41; let InOperandList = (ins i32imm:$imm); }
    /// def CONST_A64 : Instruction { let Inst = 0x41; let InOperandList = (ins i32imm:$imm); }
    /// ```
    pub static LINT = {
        id: "duplicate-encoding",
        level: Warning,
        enabled_by_default: true,
        check: check,
    };
}

fn check(ctx: &Context, sink: &mut Sink) {
    let mut groups: FxHashMap<(String, String, String), Vec<RecId>> = FxHashMap::default();
    for &id in &ctx.instructions {
        if ["isPseudo", "isCodeGenOnly", "isAsmParserOnly"].iter().any(|f| ctx.is_on(id, f))
            || ctx.string(id, "Namespace") == Some("TargetOpcode")
            || ctx.field(id, "EncodingInfos").is_some_and(|v| !v.value.is_unset())
        {
            continue;
        }
        let Some(bits) = encoding::pattern(ctx, id) else { continue };
        // No bit from an operand: either nothing to decode, or (with operands) `Inst` is an
        // opcode and the operands are encoded elsewhere (WebAssembly, SPIR-V), which is not
        // what the fixed-length decoder reads.
        if !bits.contains(['0', '1']) || (!bits.contains('x') && ctx.operand_count(id) > 0) {
            continue;
        }
        let namespace = ctx.string(id, "DecoderNamespace").unwrap_or("").to_string();
        groups.entry((namespace, bits, assembler_predicates(ctx, id))).or_default().push(id);
    }
    let mut groups: Vec<_> = groups.into_iter().filter(|(_, ids)| ids.len() > 1).collect();
    groups.sort();
    for ((namespace, _, _), mut ids) in groups {
        ids.sort_by_key(|&id| ctx.record(id).loc());
        let first = ids[0];
        let first_name = ctx.record(first).name_string();
        let ns = if namespace.is_empty() {
            "the default decoder namespace".to_string()
        } else {
            format!("decoder namespace `{namespace}`")
        };
        for &id in &ids[1..] {
            let note = Note { loc: ctx.record(first).loc(), message: format!("`{first_name}` is defined here") };
            sink.report_with(id, Some("Inst"), format!("same encoding as `{first_name}` in {ns}"), note);
        }
    }
}

/// The names of the instruction's predicates that the assembler and disassembler check.
fn assembler_predicates(ctx: &Context, id: RecId) -> String {
    let mut names: Vec<String> = ctx
        .list(id, "Predicates")
        .iter()
        .filter_map(|p| p.as_def())
        .filter(|&p| ctx.flag(p, "AssemblerMatcherPredicate") == Flag::On)
        .map(|p| ctx.record(p).name_string())
        .collect();
    names.sort();
    names.join(",")
}
