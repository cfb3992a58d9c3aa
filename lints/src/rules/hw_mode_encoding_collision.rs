//! `hw-mode-encoding-collision`: two instructions encoded alike under one HW mode.

use crate::context::Context;
use crate::{Note, Sink};
use rustc_hash::FxHashMap;
use tdq_core::init::InitKind;
use tdq_core::types::RecId;
use tdq_models::target::encodings::{Encodings, InstEncoding};
use tdq_models::target::instructions::Instructions;
use tdq_models::target::Target;
use tdq_models::Fields;

crate::declare_lint! {
    /// Two decodable instructions with the same encoding under one HW mode, where at least one
    /// of them is encoded per HW mode (`EncodingInfos`).
    ///
    /// **What it finds.** For each HW mode that some instruction's `EncodingByHwMode` names,
    /// the encoding each instruction has in it (its own `Inst` bits, or its entry for that
    /// mode, else for `DefaultMode`), as the decoder of that mode sees it: instructions that are
    /// not `isPseudo`, `isCodeGenOnly` or `isAsmParserOnly`, with the same decoder namespace,
    /// the same assembler predicates and the same bits (fixed bits alike, operand bits in the
    /// same places). `duplicate-encoding` covers instructions without per-mode encodings; the
    /// encodings are LLVM's (the target model's `EncodingInfoByHwMode`, endianness applied).
    ///
    /// **Why it matters.** `-gen-disassembler` builds one decoder table per HW mode; two
    /// encodings alike in one of them are a decoding conflict there, or one instruction that
    /// can never be disassembled in that mode, while every other mode looks fine.
    ///
    /// **Fires:**
    /// ```tablegen fires
    /// include "llvm/Target/Target.td"
    /// def MyInstrInfo : InstrInfo;
    /// def My : Target { let InstructionSet = MyInstrInfo; }
    /// def Wide : HwMode<[]>;
    /// class Enc<bits<8> op> : InstructionEncoding { let Size = 1; bits<8> Inst = op; }
    /// class MyInst : Instruction {
    ///   let Namespace = "My";
    ///   let OutOperandList = (outs);
    ///   let InOperandList = (ins);
    ///   let Size = 1;
    /// }
    /// def NOP : MyInst { bits<8> Inst = 0x90; }
    /// def HLT : MyInst { let EncodingInfos = EncodingByHwMode<[DefaultMode, Wide], [Enc<0xf4>, Enc<0x90>]>; } // <- fires
    /// ```
    ///
    /// **Does not fire:**
    /// ```tablegen passes
    /// include "llvm/Target/Target.td"
    /// def MyInstrInfo : InstrInfo;
    /// def My : Target { let InstructionSet = MyInstrInfo; }
    /// def Wide : HwMode<[]>;
    /// class Enc<bits<8> op> : InstructionEncoding { let Size = 1; bits<8> Inst = op; }
    /// class MyInst : Instruction {
    ///   let Namespace = "My";
    ///   let OutOperandList = (outs);
    ///   let InOperandList = (ins);
    ///   let Size = 1;
    /// }
    /// def NOP : MyInst { bits<8> Inst = 0x90; }
    /// def HLT : MyInst { let EncodingInfos = EncodingByHwMode<[DefaultMode, Wide], [Enc<0xf4>, Enc<0xf5>]>; }
    /// ```
    pub static LINT = {
        id: "hw-mode-encoding-collision",
        level: Warning,
        enabled_by_default: true,
        check: check,
    };
}

/// What decides a collision: decoder namespace, bits (most significant first: `0`, `1`, `x`
/// for an operand's or an unset bit) and assembler predicates.
type Key = (&'static str, String, String);

fn check(ctx: &Context, sink: &mut Sink) {
    let input = ctx.eval;
    if input.records.class("EncodingByHwMode").is_none() || ctx.instructions.is_empty() {
        return;
    }
    let (Ok(target), Ok(instructions), Ok(encodings)) =
        (Target::get(input), Instructions::get(input), Encodings::get(input))
    else {
        return;
    };
    let f = Fields { input };
    let mut decodable = Vec::new();
    let mut modes = std::collections::BTreeSet::new();
    for inst in instructions.target_instructions() {
        let skip = ["isPseudo", "isCodeGenOnly", "isAsmParserOnly"].iter().any(|b| f.bit(inst.def, b).unwrap_or(true));
        if skip {
            continue;
        }
        let Ok(encoding) = encodings.of(input, inst.def) else { continue };
        if let InstEncoding::ByMode(by_mode) = &encoding {
            modes.extend(by_mode.iter().map(|(m, _)| m));
        }
        decodable.push((inst, encoding));
    }
    for mode in modes {
        let mut groups: FxHashMap<Key, Vec<(RecId, bool)>> = FxHashMap::default();
        for (inst, encoding) in &decodable {
            let (rec, per_mode) = match encoding {
                InstEncoding::Own(rec) => (*rec, false),
                InstEncoding::ByMode(m) if m.has_mode(mode) => (*m.get(mode), true),
                InstEncoding::ByMode(m) if m.has_default() => (*m.get(0), true),
                InstEncoding::ByMode(_) => continue,
            };
            let Some(bits) = pattern(&f, &encodings, rec) else { continue };
            let namespace = f.string(rec, "DecoderNamespace").unwrap_or("");
            groups.entry((namespace, bits, assembler_predicates(&f, inst.def))).or_default().push((inst.def, per_mode));
        }
        let mode_name = match mode {
            0 => "DefaultMode".to_string(),
            m => target.hw_modes.modes[m as usize - 1].name.to_string(),
        };
        let mut colliding: Vec<Vec<(RecId, bool)>> =
            groups.into_values().filter(|g| g.len() > 1 && g.iter().any(|&(_, per_mode)| per_mode)).collect();
        colliding.sort();
        for mut group in colliding {
            group.sort_by_key(|&(id, _)| ctx.record(id).loc());
            let first = group[0].0;
            let first_name = ctx.record(first).name_string();
            for &(id, _) in &group[1..] {
                let note = Note { loc: ctx.record(first).loc(), message: format!("`{first_name}` is defined here") };
                let message = format!("same encoding as `{first_name}` in HW mode `{mode_name}`");
                sink.report_with(id, Some("EncodingInfos"), message, note);
            }
        }
    }
}

/// An encoding's bits as the decoder reads them, most significant first; `None` without
/// fixed bits (nothing to decode).
fn pattern(f: &Fields, encodings: &Encodings, rec: RecId) -> Option<String> {
    let bits = encodings.inst_bits(f.input, rec).ok()?;
    let s: String = bits
        .iter()
        .rev()
        .map(|b| match b.kind() {
            InitKind::Bit(false) => '0',
            InitKind::Bit(true) => '1',
            _ => 'x',
        })
        .collect();
    s.contains(['0', '1']).then_some(s)
}

/// The names of the instruction's predicates that the assembler and disassembler check, sorted.
fn assembler_predicates(f: &Fields, inst: RecId) -> String {
    let mut names: Vec<&str> = f
        .defs(inst, "Predicates")
        .unwrap_or_default()
        .into_iter()
        .filter(|&p| f.bit(p, "AssemblerMatcherPredicate").unwrap_or(false))
        .map(|p| f.name(p))
        .collect();
    names.sort_unstable();
    names.join(",")
}
