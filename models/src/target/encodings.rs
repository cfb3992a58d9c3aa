//! Instruction encodings as the encoding backends read them (LLVM's `InstructionEncoding`
//! defs, `EncodingInfoByHwMode` and `CodeGenTarget::reverseBitsForLittleEndianEncoding`):
//! which encoding an instruction has in each hardware mode, the bits of an encoding's `Inst`
//! field in the target's bit order, and the fields whose bits an encoding leaves to operands.
//!
//! LLVM reverses the `Inst` bits of every encoding in place when the target's instruction set
//! says `isLittleEndianEncoding`; here the records stay as they are and [`Encodings::inst_bits`]
//! gives each encoding's bits in the order the backends see them.

use crate::records::{Fatal, Fields};
use crate::target::info_by_hw_mode::ByMode;
use crate::target::Target;
use std::borrow::Cow;
use std::sync::Arc;
use tdq_core::init::{Init, InitKind};
use tdq_core::intern::Sym;
use tdq_core::types::RecId;
use tdq_core::{ByRelease, Evaluation};

type Result<T> = std::result::Result<T, Fatal>;

/// What a mode named twice in an instruction's `EncodingInfos` is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum DuplicateMode {
    /// The first encoding stays (LLVM 19 only asserts).
    FirstKept,
    /// "duplicate InstructionEncoding entry for HwMode ..." (LLVM 22 on).
    Fatal,
}

const DUPLICATE_MODE: ByRelease<DuplicateMode> =
    ByRelease { v19: DuplicateMode::FirstKept, v22: DuplicateMode::Fatal, v23: DuplicateMode::Fatal };

/// How a target's instructions are encoded, computed once per evaluation.
#[derive(Debug)]
pub struct Encodings {
    /// The target's instruction set says `isLittleEndianEncoding`: `Inst` bits are written
    /// from bit 0 up, and reversed before any backend reads them.
    pub little_endian: bool,
    /// `Target.hasVariableLengthEncodings`: some instruction's `Inst` is a dag.
    pub variable_length: bool,
}

/// The encoding of one instruction.
#[derive(Debug)]
pub enum InstEncoding {
    /// The instruction is its own encoding.
    Own(RecId),
    /// Its `EncodingInfos` selects an encoding per hardware mode.
    ByMode(ByMode<RecId>),
}

impl Encodings {
    /// The encodings of `input`'s target (which must have exactly one `Target` def).
    pub fn get(input: &Evaluation) -> Result<Arc<Encodings>> {
        crate::computed(input, || {
            let target = Target::get(input)?;
            let f = Fields { input };
            let instruction_set = f.def(target.def, "InstructionSet")?;
            let little_endian = f.bit(instruction_set, "isLittleEndianEncoding")?;
            let instructions = crate::target::instructions::Instructions::get(input)?;
            let variable_length = instructions.all.iter().any(|inst| inst.variable_length_encoding);
            Ok(Encodings { little_endian, variable_length })
        })
    }

    /// `EncodingInfoByHwMode` of the instruction's `EncodingInfos`, or the instruction itself
    /// when that is unset (or, before LLVM 22, missing or not a def).
    pub fn of(&self, input: &Evaluation, inst: RecId) -> Result<InstEncoding> {
        let f = Fields { input };
        let Some(select) = optional_def(&f, inst, "EncodingInfos")? else {
            return Ok(InstEncoding::Own(inst));
        };
        let target = Target::get(input)?;
        let hw_modes = &target.hw_modes;
        let mut map = ByMode::default();
        let items = hw_modes.selects.get(&select).map(Vec::as_slice).unwrap_or_default();
        for &(mode, encoding) in items {
            if map.has_mode(mode) {
                match DUPLICATE_MODE.get(input.records.release) {
                    DuplicateMode::FirstKept => continue,
                    DuplicateMode::Fatal => {
                        let message = format!(
                            "duplicate InstructionEncoding entry for HwMode {}: {}",
                            hw_modes.mode_name(mode),
                            f.name(encoding)
                        );
                        return Err(Fatal::new(&input.records.get(select).locs, message));
                    }
                }
            }
            map.insert_if_absent(mode, encoding);
        }
        Ok(InstEncoding::ByMode(map))
    }

    /// The bits of `encoding`'s `Inst` field, lowest first, as the backends see them: reversed
    /// on a little-endian target unless the encoding is a target-independent or pseudo
    /// instruction.
    pub fn inst_bits(&self, input: &Evaluation, encoding: RecId) -> Result<Cow<'static, [Init]>> {
        let f = Fields { input };
        let bits = f.bits(encoding, "Inst")?;
        if !self.little_endian || f.string(encoding, "Namespace")? == "TargetOpcode" || f.bit(encoding, "isPseudo")? {
            return Ok(Cow::Borrowed(bits));
        }
        // LLVM swaps the halves bit by bit; an odd middle bit stays where it is.
        Ok(Cow::Owned(bits.iter().rev().copied().collect()))
    }
}

/// `getValueAsOptionalDef`: the def a field holds, `None` when it is unset. A field that is
/// missing or holds something else is no encoding selection either.
fn optional_def(f: &Fields, rec: RecId, field: &str) -> Result<Option<RecId>> {
    let Some(value) = f.value(rec, field) else { return Ok(None) };
    if value.lost {
        return Ok(None);
    }
    Ok(value.value.as_def())
}

/// The fields of `encoding` whose values are not complete and that were not declared with
/// `field` (`bits<5> rd;`): the operands an encoding's bits name, in the record's order.
pub fn operand_fields(input: &Evaluation, encoding: RecId) -> impl Iterator<Item = Sym> + '_ {
    input
        .records
        .get(encoding)
        .values
        .iter()
        .filter(|v| !v.nonconcrete_ok && !v.template_arg && !v.value.is_complete())
        .map(|v| v.name_str())
}

/// LLVM's `getVariableBit`: the bit of variable `name` that `bit` is (`name{3}` is 3, a
/// one-bit `name` is 0), or `None` when it is no bit of that variable.
pub fn variable_bit(bit: Init, name: &str) -> Option<u32> {
    match bit.kind() {
        InitKind::VarBit(var, n) => match var.kind() {
            InitKind::Var(var_name, _) if var_name.as_str() == Some(name) => Some(*n),
            _ => None,
        },
        InitKind::Var(var_name, _) if var_name.as_str() == Some(name) => Some(0),
        _ => None,
    }
}

/// One operand of an encoding as the decoder sees it (LLVM's `OperandInfo` of
/// `InstructionEncoding`, LLVM 22 on): where its bits are, its constant bits, and how it is
/// decoded.
#[derive(Clone, Debug, Default)]
pub struct DecodedOperand {
    pub name: &'static str,
    /// No field of the encoding holds it.
    pub has_no_encoding: bool,
    /// (base bit in the instruction, width, offset in the operand) of each run of its bits.
    pub fields: Vec<(u32, u32, u32)>,
    /// The decoder method (`DecoderMethod`, or `Decode<Class>RegisterClass`), or empty.
    pub decoder: String,
    pub has_complete_decoder: bool,
    /// The bits of the operand the encoding fixes to 0 or 1.
    pub init_value: Option<u64>,
}

/// An encoding as the decoder reads it (LLVM's `InstructionEncoding`, LLVM 22 on).
#[derive(Clone, Debug)]
pub struct DecoderEncoding {
    /// The `InstructionEncoding` def (the instruction itself, or an encoding by mode or an
    /// `AdditionalEncoding`).
    pub def: RecId,
    /// The instruction it encodes.
    pub inst: RecId,
    /// `Encoding:Instruction`, or the instruction's name when it is its own encoding.
    pub name: String,
    pub namespace: &'static str,
    /// Each bit: `Some(value)` where the encoding fixes it.
    pub bits: Vec<Option<bool>>,
    /// The bits `SoftFail` lets differ.
    pub soft_fail: Vec<bool>,
    /// `DecoderMethod`, empty when the decoder is generated.
    pub decoder_method: &'static str,
    pub has_complete_decoder: bool,
    pub operands: Vec<DecodedOperand>,
}

impl DecoderEncoding {
    /// The bits that must match (`getMandatoryBits`): the known bits less the soft-fail ones.
    pub fn mandatory_bits(&self) -> Vec<Option<bool>> {
        self.bits.iter().zip(&self.soft_fail).map(|(&b, &soft)| if soft { None } else { b }).collect()
    }
}

/// `InstructionEncoding::findOperandDecoderMethod`: a record's `DecoderMethod`, else (through a
/// `RegisterOperand`'s class) `Decode<Class>RegisterClass` or `Decode<Class>RegClassByHwMode`;
/// the flag says the method was derived rather than written.
pub fn operand_decoder_method(input: &Evaluation, rec: RecId) -> Result<(String, bool)> {
    let f = Fields { input };
    if let Some(method) = f.value(rec, "DecoderMethod").and_then(|v| v.value.as_str()) {
        if !method.is_empty() {
            return Ok((method.to_string(), false));
        }
    }
    if f.is_a(rec, "RegisterOperand") {
        return operand_decoder_method(input, f.def(rec, "RegClass")?);
    }
    let name = f.name(rec);
    if f.is_a(rec, "RegisterClass") {
        return Ok((format!("Decode{name}RegisterClass"), true));
    }
    if f.is_a(rec, "RegClassByHwMode") {
        return Ok((format!("Decode{name}RegClassByHwMode"), true));
    }
    Ok((String::new(), true))
}

/// `InstructionEncoding::getOpInfo`: an operand type's decoder and whether it always succeeds
/// (`hasCompleteDecoder`, true when absent).
fn op_info(input: &Evaluation, rec: RecId) -> Result<DecodedOperand> {
    let value = Fields { input }.value(rec, "hasCompleteDecoder").map(|v| v.value.kind());
    let complete = match value {
        Some(InitKind::Bit(b)) => *b,
        _ => true,
    };
    Ok(DecodedOperand {
        decoder: operand_decoder_method(input, rec)?.0,
        has_complete_decoder: complete,
        ..Default::default()
    })
}

impl DecoderEncoding {
    /// LLVM's `InstructionEncoding` constructor for a fixed-length encoding `def` of
    /// instruction `inst`. Errors LLVM prints without stopping go to `diags`.
    pub fn read(
        input: &Evaluation,
        encodings: &Encodings,
        def: RecId,
        inst: &crate::target::instructions::Instruction,
        diags: &mut tdq_core::Diagnostics,
    ) -> Result<DecoderEncoding> {
        let f = Fields { input };
        let name = if def == inst.def { inst.name.to_string() } else { format!("{}:{}", f.name(def), inst.name) };
        let namespace = f.string(def, "DecoderNamespace")?;
        let decoder_method = f.string(def, "DecoderMethod")?;
        let mut has_complete_decoder = !decoder_method.is_empty() && f.bit(def, "hasCompleteDecoder")?;
        let record_bits = encodings.inst_bits(input, def)?;
        let locs = &input.records.get(def).locs;
        let width = (f.int(def, "Size")? * 8) as usize;
        let num_bits = record_bits.len();
        if num_bits < width {
            let message = format!("{name}: Size is {width} bits, but Inst specifies only {num_bits} bits");
            return Err(Fatal::new(locs, message));
        }
        let zero_or_unset =
            |bits: &[Init]| bits.iter().all(|b| matches!(b.kind(), InitKind::Bit(false) | InitKind::Unset));
        // FIXME: LLVM's note before this error prints the field as a record prints it; here it
        // is the field's value alone.
        let beyond = |field: &str| {
            let message = format!("{name}: Size is {width} bits, but {field} bits beyond that are    not zero/unset");
            let mut fatal = Fatal::new(locs, message);
            let value = f.value(def, field).map(|v| v.value.to_string()).unwrap_or_default();
            fatal.0.list.insert(0, note(&[], &value));
            fatal
        };
        if num_bits > width && !zero_or_unset(&record_bits[width..]) {
            return Err(beyond("Inst"));
        }
        let bits: Vec<Option<bool>> = record_bits[..width]
            .iter()
            .map(|b| match b.kind() {
                InitKind::Bit(v) => Some(*v),
                _ => None,
            })
            .collect();
        let mut soft_fail = vec![false; width];
        if let Some(field) = f.value(def, "SoftFail") {
            let field_loc = field.loc;
            let sf_bits = match field.value.kind() {
                InitKind::Bits(b) if b.len() == num_bits => &b[..],
                _ => {
                    let mut fatal = Fatal::new(
                        &[field_loc],
                        format!(
                            "SoftFail field, if defined, must be of the same type as Inst, which is bits<{num_bits}>"
                        ),
                    );
                    fatal.0.list.insert(0, note(locs, "in record"));
                    return Err(fatal);
                }
            };
            if num_bits > width && !zero_or_unset(&sf_bits[width..]) {
                return Err(beyond("SoftFail"));
            }
            for (i, b) in sf_bits[..width].iter().enumerate() {
                if matches!(b.kind(), InitKind::Bit(true)) {
                    if bits[i].is_none() {
                        diags.push(note(locs, "in record"));
                        diags.error(
                            field_loc,
                            format!("SoftFail{{{i}}} = 1 requires Inst{{{i}}} to be fully defined (0 or 1, not '?')"),
                        );
                    }
                    soft_fail[i] = true;
                }
            }
        }
        let mut encoding = DecoderEncoding {
            def,
            inst: inst.def,
            name,
            namespace,
            bits,
            soft_fail,
            decoder_method,
            has_complete_decoder,
            operands: Vec::new(),
        };
        if decoder_method.is_empty() {
            encoding.operands = fixed_len_operands(input, def, inst, &record_bits, diags)?;
            has_complete_decoder = encoding.operands.iter().all(|op| op.decoder.is_empty() || op.has_complete_decoder);
        }
        encoding.has_complete_decoder = has_complete_decoder;
        Ok(encoding)
    }
}

/// A note at the first of `locs`, as a diagnostic.
fn note(locs: &[tdq_core::Loc], message: &str) -> tdq_core::diag::Diagnostic {
    let mut diags = tdq_core::Diagnostics::new();
    match locs {
        [] => diags.note(tdq_core::Loc::NONE, message),
        _ => diags.note_at(locs, message),
    }
    diags.list.remove(0)
}

/// `parseFixedLenOperands`: each operand (each named sub-operand) with where the encoding
/// holds it.
fn fixed_len_operands(
    input: &Evaluation,
    def: RecId,
    inst: &crate::target::instructions::Instruction,
    bits: &[Init],
    diags: &mut tdq_core::Diagnostics,
) -> Result<Vec<DecodedOperand>> {
    let list = &inst.operands;
    let mut tied_names: std::collections::BTreeMap<&str, &str> = std::collections::BTreeMap::new();
    for op in &list.operands {
        for (j, constraint) in op.constraints.iter().enumerate() {
            let crate::target::instructions::Constraint::Tied(to) = *constraint else { continue };
            let Some((o, sub)) = list.sub_operand_number(to) else { continue };
            let target = &list.operands[o];
            let tied = match target.sub_op_names.get(sub as usize) {
                Some(n) if !n.is_empty() => *n,
                _ => target.name,
            };
            let mine = match op.sub_op_names.get(j) {
                Some(n) if !n.is_empty() => *n,
                _ => op.name,
            };
            tied_names.insert(mine, tied);
            tied_names.insert(tied, mine);
        }
    }
    let f = Fields { input };
    let locs = &input.records.get(def).locs;
    let mut operands = Vec::new();
    for op in &list.operands {
        let mut info = op_info(input, op.rec)?;
        let sub_args = op.mi_operand_info.and_then(|dag| match dag.kind() {
            InitKind::Dag(_, _, args) => Some(&args[..]),
            _ => None,
        });
        if let Some(args) = sub_args {
            if op.sub_op_names.first().is_some_and(|n| !n.is_empty()) {
                if !info.decoder.is_empty() {
                    diags.error_at(
                        locs,
                        format!(
                            "DecoderEmitter: operand \"{}\" has type \"{}\" with a custom DecoderMethod, but also named sub-operands.",
                            op.name,
                            f.name(op.rec)
                        ),
                    );
                    continue;
                }
                for (&sub_name, &(sub_arg, _)) in op.sub_op_names.iter().zip(args.iter()) {
                    let Some(sub_rec) = sub_arg.as_def() else { continue };
                    let mut sub_info = op_info(input, sub_rec)?;
                    operand_fields_of(input, def, bits, &mut tied_names, sub_rec, sub_name, &mut sub_info, diags);
                    operands.push(sub_info);
                }
                continue;
            }
            if info.decoder.is_empty() && !args.is_empty() {
                diags.error_at(
                    locs,
                    format!(
                        "DecoderEmitter: operand \"{}\" has non-empty MIOperandInfo, but doesn't have a custom decoder!",
                        op.name
                    ),
                );
                // LLVM's `PrintNote` of a printing function adds no line of its own.
                let mut dump = String::from("note: Dumping record for previous error:\n");
                input.records.get(def).print_to(&input.records, &mut dump);
                diags.text(dump);
                continue;
            }
        }
        operand_fields_of(input, def, bits, &mut tied_names, op.rec, op.name, &mut info, diags);
        operands.push(info);
    }
    Ok(operands)
}

/// `addOneOperandFields`: the operand's constant bits and the runs of the instruction's bits
/// that hold it (or its tied operand).
#[allow(clippy::too_many_arguments)]
fn operand_fields_of(
    input: &Evaluation,
    def: RecId,
    bits: &[Init],
    tied_names: &mut std::collections::BTreeMap<&'static str, &'static str>,
    op_rec: RecId,
    op_name: &'static str,
    info: &mut DecodedOperand,
    diags: &mut tdq_core::Diagnostics,
) {
    info.name = op_name;
    let f = Fields { input };
    let field = f.value(def, op_name).or_else(|| tied_names.get(op_name).and_then(|tied| f.value(def, tied)));
    let Some(field) = field else {
        info.has_no_encoding = true;
        return;
    };
    match field.value.kind() {
        InitKind::Bit(b) => {
            info.init_value = Some(u64::from(*b));
            return;
        }
        InitKind::Bits(op_bits) => {
            if op_bits.is_empty() {
                if info.decoder.is_empty() {
                    let locs = &input.records.get(def).locs;
                    diags.error_at(
                        locs,
                        format!("operand '{op_name}' of type '{}' must have a decoder method", f.name(op_rec)),
                    );
                }
                return;
            }
            for (i, b) in op_bits.iter().enumerate() {
                if let InitKind::Bit(v) = b.kind() {
                    info.init_value = Some(info.init_value.unwrap_or(0) | (u64::from(*v) << i));
                }
            }
        }
        _ => {}
    }
    // LLVM looks the tied name up with `operator[]`, which adds an empty one when there is none.
    let tied = *tied_names.entry(op_name).or_insert("");
    let var_name = |bit: Init| -> Option<(&'static str, Option<u32>)> {
        match bit.kind() {
            InitKind::VarBit(var, n) => match var.kind() {
                InitKind::Var(name, _) => name.as_str().map(|s| (s, Some(*n))),
                _ => None,
            },
            InitKind::Var(name, _) => name.as_str().map(|s| (s, None)),
            _ => None,
        }
    };
    let n = bits.len();
    let (mut i, mut j) = (0, 0);
    while i != n {
        let mut offset = 0u32;
        while j != n {
            let Some((name, bit_num)) = var_name(bits[j]) else { break };
            if let Some(bit_num) = bit_num {
                if i == j {
                    offset = bit_num;
                } else if bit_num != offset + (j - i) as u32 {
                    break;
                }
            }
            if name != op_name && name != tied {
                break;
            }
            j += 1;
        }
        if i == j {
            j += 1;
        } else {
            info.fields.push((i as u32, (j - i) as u32, offset));
        }
        i = j;
    }
    if info.init_value.is_none() && info.fields.is_empty() {
        info.has_no_encoding = true;
    }
}
