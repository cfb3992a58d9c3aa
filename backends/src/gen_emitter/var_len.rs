//! The variable-length code emitter (LLVM's `VarLenCodeEmitterGen.cpp`), for targets whose
//! `Inst` is a dag of segments: `(ascend ...)`/`(descend ...)` of fixed bits and
//! `(operand "$name", N)`/`(slice "$name", hi, lo)` references, each reference with an
//! optional `(encoder "fn")`/`(decoder "fn")`. Each instruction's fixed bits go in a table per
//! hardware mode; its case fills in the operands at their offsets.

use super::Result;
use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use tdq_core::init::InitKind;
use tdq_core::types::RecId;
use tdq_core::Evaluation;
use tdq_models::target::encodings::var_len::{SegmentValue, VarLenInst};
use tdq_models::target::encodings::{Encodings, InstEncoding};
use tdq_models::target::instructions::{parse_operand_name, Instructions};
use tdq_models::target::Target;
use tdq_models::{Fatal, Fields};

/// What one release's VarLenCodeEmitterGen writes.
#[derive(Debug)]
pub struct Form {
    /// An unsupported opcode goes to `reportUnsupportedInst` (LLVM 22 on) rather than a
    /// `report_fatal_error` of a message built in place.
    pub reports_through_helper: bool,
}

pub const FORM_19: Form = Form { reports_through_helper: false };
pub const FORM_22: Form = Form { reports_through_helper: true };

/// LLVM's mode of an instruction whose encoding is the same in every mode.
const UNIVERSAL: i64 = -1;

/// `VarLenCodeEmitterGen::run`.
pub fn emit(
    input: &Evaluation,
    form: &Form,
    target_name: &str,
    instructions: &Instructions,
    encodings: &Encodings,
    o: &mut String,
) -> Result<()> {
    let f = Fields { input };
    let target = Target::get(input)?;
    // The suffix of each mode's tables, by LLVM's mode number (-1 when no encoding depends
    // on the mode).
    let mut modes: BTreeMap<i64, String> = BTreeMap::new();
    let mut insts: HashMap<RecId, BTreeMap<i64, VarLenInst>> = HashMap::new();
    for inst in instructions.in_enum_order() {
        if inst.namespace == "TargetOpcode" || inst.flags.is_pseudo {
            continue;
        }
        let by_mode = insts.entry(inst.def).or_default();
        match encodings.of(input, inst.def)? {
            InstEncoding::ByMode(encoding_by_mode) => {
                for (mode, &encoding) in encoding_by_mode.iter() {
                    let mode_name = target.hw_modes.mode_name(mode);
                    modes.entry(i64::from(mode)).or_insert_with(|| format!("_{mode_name}"));
                    by_mode.entry(i64::from(mode)).or_insert(VarLenInst::of(&f, encoding)?);
                }
            }
            InstEncoding::Own(def) => {
                by_mode.entry(UNIVERSAL).or_insert(VarLenInst::of(&f, def)?);
            }
        }
    }
    if modes.is_empty() {
        modes.insert(UNIVERSAL, String::new());
    }

    let _ = write!(
        o,
        "void {target_name}MCCodeEmitter::getBinaryCodeForInstr(const MCInst &MI,\n    SmallVectorImpl<MCFixup> &Fixups,\n    APInt &Inst,\n    APInt &Scratch,\n    const MCSubtargetInfo &STI) const {{\n"
    );
    for &mode in modes.keys() {
        emit_base_values(o, instructions, &insts, &modes, mode)?;
    }
    if modes.len() > 1 {
        o.push_str("  unsigned Mode = STI.getHwMode();\n");
    }
    for suffix in modes.values() {
        let _ = write!(
            o,
            "  auto getInstBits{suffix} = [&](unsigned Opcode) -> APInt {{\n    unsigned NumBits = Index{suffix}[Opcode][0];\n    if (!NumBits)\n      return APInt::getZeroWidth();\n    unsigned Idx = Index{suffix}[Opcode][1];\n    ArrayRef<uint64_t> Data(&InstBits{suffix}[Idx], APInt::getNumWords(NumBits));\n    return APInt(NumBits, Data);\n  }};\n"
        );
    }

    let mut cases: super::CaseMap<String> = BTreeMap::new();
    for inst in &instructions.all {
        if inst.namespace == "TargetOpcode" || inst.flags.is_pseudo {
            continue;
        }
        let Some(by_mode) = insts.get(&inst.def) else {
            let locs = &input.records.get(inst.def).locs;
            return Err(Fatal::new(locs, "Parsed encoding record not found").into());
        };
        let case = instruction_cases(input, inst, by_mode, &modes)?;
        cases.entry(case).or_default().push(format!("{}::{}", inst.namespace, inst.name));
    }
    o.push_str("  const unsigned opcode = MI.getOpcode();\n  switch (opcode) {\n");
    super::emit_case_map(o, &cases, |o, name| o.push_str(name));
    if form.reports_through_helper {
        o.push_str("  default:\n    reportUnsupportedInst(MI);\n  }\n");
    } else {
        o.push_str("  default:\n    std::string msg;\n    raw_string_ostream Msg(msg);\n    Msg << \"Not supported instr: \" << MI;\n    report_fatal_error(Msg.str().c_str());\n  }\n");
    }
    o.push_str("}\n\n");
    Ok(())
}

/// `emitInstructionBaseValues`: the index table (bits and first word of each instruction)
/// and the words of every instruction's fixed bits, in `mode`.
fn emit_base_values(
    o: &mut String,
    instructions: &Instructions,
    insts: &HashMap<RecId, BTreeMap<i64, VarLenInst>>,
    modes: &BTreeMap<i64, String>,
    mode: i64,
) -> Result<()> {
    let suffix = &modes[&mode];
    let mut index = format!("  static const unsigned Index{suffix}[][2] = {{\n");
    let mut storage = format!("  static const uint64_t InstBits{suffix}[] = {{\n");
    let mut next_word = 0u32;
    for inst in instructions.in_enum_order() {
        if inst.namespace == "TargetOpcode" || inst.flags.is_pseudo {
            index.push_str("    {/*NumBits*/0, /*Index*/0},\n");
            continue;
        }
        let by_mode = &insts[&inst.def];
        let Some(vli) = by_mode.get(&mode).or_else(|| by_mode.get(&UNIVERSAL)) else {
            let _ = writeln!(index, "    {{/*NumBits*/0, /*Index*/0}},\t// {} no encoding", inst.name);
            continue;
        };
        let width = vli.width();
        let mut words = vec![0u64; width.div_ceil(64) as usize];
        let mut set = |i: u32| words[(i / 64) as usize] |= 1 << (i % 64);
        let mut i = 0u32;
        for segment in &vli.segments {
            match segment.value {
                SegmentValue::Bits(bits) => {
                    for (k, bit) in bits.iter().enumerate() {
                        if matches!(bit.kind(), InitKind::Bit(true)) {
                            set(i + k as u32);
                        }
                    }
                }
                SegmentValue::Bit(true) => set(i),
                SegmentValue::Bit(false) | SegmentValue::Operand(_) | SegmentValue::Slice(..) => {}
            }
            i += segment.width;
        }
        if words.is_empty() {
            index.push_str("    {/*NumBits*/0, /*Index*/0},");
        } else {
            let _ = write!(index, "    {{/*NumBits*/{width}, /*Index*/{next_word}}},");
            storage.push_str("    ");
            for w in &words {
                let _ = write!(storage, "UINT64_C({w}),");
            }
            next_word += words.len() as u32;
        }
        let _ = writeln!(index, "\t// {}", inst.name);
        if !words.is_empty() {
            let _ = writeln!(storage, "\t// {}", inst.name);
        }
    }
    index.push_str("    {/*NumBits*/0, /*Index*/0}\n  };\n");
    storage.push_str("    UINT64_C(0)\n  };\n");
    o.push_str(&index);
    o.push_str(&storage);
    Ok(())
}

/// `getInstructionCases`: the instruction's code, one case per mode when its encoding
/// depends on the mode.
fn instruction_cases(
    input: &Evaluation,
    inst: &tdq_models::target::instructions::Instruction,
    by_mode: &BTreeMap<i64, VarLenInst>,
    modes: &BTreeMap<i64, String>,
) -> Result<String> {
    if by_mode.len() == 1 {
        if let Some(vli) = by_mode.get(&UNIVERSAL) {
            let first = modes.keys().next().copied().unwrap_or(UNIVERSAL);
            return case_for_encoding(input, inst, &modes[&first], vli, 6);
        }
    }
    let mut case = String::from("      switch (Mode) {\n      default: llvm_unreachable(\"Unhandled Mode\");\n");
    for (&mode, suffix) in modes {
        let _ = writeln!(case, "      case {mode}: {{");
        match by_mode.get(&mode) {
            None => case.push_str("        llvm_unreachable(\"Undefined encoding in this mode\");\n"),
            Some(vli) => case.push_str(&case_for_encoding(input, inst, suffix, vli, 8)?),
        }
        case.push_str("        break;\n      }\n");
    }
    case.push_str("      }\n");
    Ok(case)
}

/// `getInstructionCaseForEncoding`: the fixed bits, then each operand segment encoded into
/// `Scratch` and inserted at its offset, the scratch buffer grown first when it is too small.
fn case_for_encoding(
    input: &Evaluation,
    inst: &tdq_models::target::instructions::Instruction,
    suffix: &str,
    vli: &VarLenInst,
    indent: usize,
) -> Result<String> {
    let pad = " ".repeat(indent);
    let mut case = format!("{pad}Inst = getInstBits{suffix}(opcode);\n");
    let locs = &input.records.get(inst.def).locs;
    let mut offset = 0u32;
    let mut high_scratch_access = 0u32;
    for segment in &vli.segments {
        let width = segment.width;
        let (name, lo) = match segment.value {
            SegmentValue::Operand(name) => (name, 0),
            SegmentValue::Slice(name, lo) => (name, lo),
            SegmentValue::Bits(_) | SegmentValue::Bit(_) => {
                offset += width;
                continue;
            }
        };
        let (op, sub) = parse_operand_name(&inst.operands, inst.name, locs, name, true)?;
        let operand = &inst.operands.operands[op as usize];
        let flat = operand.mi_operand_no + sub;
        let mut encoder = operand.encoder_methods.get(sub as usize).copied().unwrap_or("");
        if !segment.encoder.is_empty() {
            encoder = segment.encoder;
        }
        let _ = writeln!(case, "{pad}Scratch.clearAllBits();");
        let _ = writeln!(case, "{pad}// op: {}", name.get(1..).unwrap_or(""));
        if encoder.is_empty() {
            let _ = write!(case, "{pad}getMachineOpValue(MI, MI.getOperand({flat})");
        } else {
            let _ = write!(case, "{pad}{encoder}(MI, /*OpIdx=*/{flat}");
        }
        let _ = writeln!(case, ", /*Pos=*/{offset}, Scratch, Fixups, STI);");
        let _ = writeln!(case, "{pad}Inst.insertBits(Scratch.extractBits({width}, {lo}), {offset});");
        high_scratch_access = high_scratch_access.max(width + lo);
        offset += width;
    }
    let post = Fields { input }.string(inst.def, "PostEncoderMethod")?;
    if !post.is_empty() {
        let _ = writeln!(case, "{pad}Inst = {post}(MI, Inst, STI);");
    }
    if vli.width() > 0 && vli.has_dynamic_segment {
        case = format!(
            "{pad}if (Scratch.getBitWidth() < {high_scratch_access}) {{ Scratch = Scratch.zext({high_scratch_access}); }}\n{case}"
        );
    }
    Ok(case)
}
