//! An encoding as a release's DecoderEmitter reads it: its known and soft-fail bits and, for
//! each operand, the bits that hold it and the method that decodes it (LLVM 19's
//! `populateInstruction`, LLVM 22's `InstructionEncoding`).

use super::var_len::{SegmentValue, VarLenInst};
use super::Encodings;
use crate::records::{Fatal, Fields};
use std::borrow::Cow;
use tdq_core::init::{Init, InitKind};
use tdq_core::types::RecId;
use tdq_core::{ByRelease, Evaluation};

type Result<T> = std::result::Result<T, Fatal>;

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
    /// `Size` in bits: the width of the table the encoding goes in.
    pub width: usize,
    /// Each bit: `Some(value)` where the encoding fixes it. As many as `width` from LLVM 22 on;
    /// LLVM 19 takes `Inst` as written, `width` bits or more.
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

/// The register class that is not a `RegisterClass` but gets a derived decoder all the same.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum OtherRegClass {
    /// `DecodePointerLikeRegClass<RegClassKind>` (LLVM 19).
    PointerLike,
    /// `Decode<Class>RegClassByHwMode` (LLVM 22 on).
    ByHwMode,
}

const OTHER_REG_CLASS: ByRelease<OtherRegClass> =
    ByRelease { v19: OtherRegClass::PointerLike, v22: OtherRegClass::ByHwMode, v23: OtherRegClass::ByHwMode };

/// `findOperandDecoderMethod`: a record's `DecoderMethod`, else (through a `RegisterOperand`'s
/// class) `Decode<Class>RegisterClass`, or the release's other register class's decoder; the
/// flag says the method was derived rather than written.
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
    match OTHER_REG_CLASS.get(input.records.release) {
        OtherRegClass::PointerLike if f.is_a(rec, "PointerLikeRegClass") => {
            return Ok((format!("DecodePointerLikeRegClass{}", f.int(rec, "RegClassKind")?), true));
        }
        OtherRegClass::ByHwMode if f.is_a(rec, "RegClassByHwMode") => {
            return Ok((format!("Decode{name}RegClassByHwMode"), true));
        }
        OtherRegClass::PointerLike | OtherRegClass::ByHwMode => {}
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

/// How a release's DecoderEmitter reads an encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reading {
    /// LLVM 19's `populateInstruction`: `Inst` as written, whatever `Size` says; an operand
    /// for each argument of the instruction's out and in dags that some bits hold.
    InOutDags,
    /// LLVM 22's `InstructionEncoding`: `Inst` and `SoftFail` checked against `Size`; an
    /// operand for each operand (or named sub-operand) of the instruction's operand list.
    OperandList,
}

const READING: ByRelease<Reading> =
    ByRelease { v19: Reading::InOutDags, v22: Reading::OperandList, v23: Reading::OperandList };

impl DecoderEncoding {
    /// An encoding `def` of instruction `inst` as the evaluation's release reads it for its
    /// decoder tables. Errors LLVM prints without stopping go to `diags`.
    pub fn read(
        input: &Evaluation,
        encodings: &Encodings,
        def: RecId,
        inst: &crate::target::instructions::Instruction,
        diags: &mut tdq_core::Diagnostics,
    ) -> Result<DecoderEncoding> {
        match READING.get(input.records.release) {
            Reading::InOutDags => read_in_out_dags(input, encodings, def, inst, diags),
            Reading::OperandList => read_operand_list(input, encodings, def, inst, diags),
        }
    }
}

/// The encoding's name in messages and comments: `Encoding:Instruction`, or the instruction's.
fn encoding_name(f: &Fields, def: RecId, inst: &crate::target::instructions::Instruction) -> String {
    if def == inst.def {
        inst.name.to_string()
    } else {
        format!("{}:{}", f.name(def), inst.name)
    }
}

/// LLVM 19's reading (`insnWithID`, `populateInstruction`).
fn read_in_out_dags(
    input: &Evaluation,
    encodings: &Encodings,
    def: RecId,
    inst: &crate::target::instructions::Instruction,
    diags: &mut tdq_core::Diagnostics,
) -> Result<DecoderEncoding> {
    let f = Fields { input };
    let width = (f.int(def, "Size")? * 8) as usize;
    // A variable-length encoding's bits are its segments' (`getBitsField`), an operand's
    // unknown.
    let var_len = match f.init(def, "Inst")?.kind() {
        InitKind::Dag(..) => Some(VarLenInst::of(&f, def)?),
        _ => None,
    };
    let record_bits = match var_len {
        Some(_) => Cow::Borrowed(&[][..]),
        None => encodings.inst_bits(input, def)?,
    };
    let mut bits: Vec<Option<bool>> = match &var_len {
        Some(vli) => vli.known_bits(),
        None => record_bits.iter().map(|b| known_bit(*b)).collect(),
    };
    let num_bits = bits.len();
    if var_len.is_none() {
        bits.resize(num_bits.max(width), None);
    }
    let mut soft_fail = vec![false; bits.len()];
    if let Some(InitKind::Bits(sf)) = f.value(def, "SoftFail").map(|v| v.value.kind()) {
        for (soft, b) in soft_fail.iter_mut().zip(sf.iter().take(num_bits)) {
            *soft = matches!(b.kind(), InitKind::Bit(true));
        }
    }
    let decoder_method = f.string(def, "DecoderMethod")?;
    let mut encoding = DecoderEncoding {
        def,
        inst: inst.def,
        name: encoding_name(&f, def, inst),
        namespace: f.string(def, "DecoderNamespace")?,
        width,
        bits,
        soft_fail,
        decoder_method,
        has_complete_decoder: true,
        operands: Vec::new(),
    };
    if !decoder_method.is_empty() {
        encoding.has_complete_decoder = f.bit(def, "hasCompleteDecoder")?;
        return Ok(encoding);
    }
    encoding.operands = match &var_len {
        Some(vli) => {
            let mut operands = var_len_operands(input, def, inst, vli)?;
            // LLVM 19's operands always have a value to start from.
            for operand in &mut operands {
                operand.init_value = Some(0);
            }
            operands
        }
        None => in_out_operands(input, def, inst, &record_bits, diags)?,
    };
    // `emitDecoder`: an operand without bits but with a decoder decodes the whole instruction
    // and ends the list.
    for op in &encoding.operands {
        if op.fields.is_empty() && !op.decoder.is_empty() {
            encoding.has_complete_decoder = op.has_complete_decoder;
            break;
        }
        if !op.decoder.is_empty() && !op.has_complete_decoder {
            encoding.has_complete_decoder = false;
        }
    }
    Ok(encoding)
}

/// A bit's value where it is `0` or `1`.
fn known_bit(bit: Init) -> Option<bool> {
    match bit.kind() {
        InitKind::Bit(v) => Some(*v),
        _ => None,
    }
}

/// `parseVarLenInstOperand`: an operand for each machine operand (each sub-operand of a
/// complex one), with the bits of the segments that name it (or the operand tied to it) and
/// a segment's `(decoder "fn")` over the operand's own.
fn var_len_operands(
    input: &Evaluation,
    def: RecId,
    inst: &crate::target::instructions::Instruction,
    vli: &VarLenInst,
) -> Result<Vec<DecodedOperand>> {
    let list = &inst.operands;
    let mut operands = Vec::new();
    let mut tied_to: Vec<Option<u32>> = Vec::new();
    for (index, op) in list.operands.iter().enumerate() {
        let subs = match op.mi_operand_info.map(|i| i.kind()) {
            Some(InitKind::Dag(_, _, args)) if !args.is_empty() => &args[..],
            _ => &[],
        };
        if subs.is_empty() {
            operands.push(op_info(input, op.rec)?);
        }
        for &(sub, _) in subs {
            if let Some(sub) = sub.as_def() {
                operands.push(op_info(input, sub)?);
            }
        }
        // `getTiedRegister` is a machine operand number, used here as an operand's index.
        let tied = op.constraints.iter().find_map(|c| match *c {
            crate::target::instructions::Constraint::Tied(to) => Some(to),
            _ => None,
        });
        tied_to.push(None);
        if let Some(to) = tied {
            tied_to[index] = Some(to);
            if tied_to.len() <= to as usize {
                tied_to.resize(to as usize + 1, None);
            }
            tied_to[to as usize] = Some(index as u32);
        }
    }
    let locs = &input.records.get(def).locs;
    let mut bit = 0u32;
    for segment in &vli.segments {
        let (name, offset) = match segment.value {
            SegmentValue::Operand(name) => (name, 0),
            SegmentValue::Slice(name, lo) => (name, lo),
            SegmentValue::Bits(_) | SegmentValue::Bit(_) => ("", 0),
        };
        if !name.is_empty() {
            let (op, sub) = crate::target::instructions::parse_operand_name(list, inst.name, locs, name, true)?;
            let flat = (list.operands[op as usize].mi_operand_no + sub) as usize;
            if let Some(operand) = operands.get_mut(flat) {
                operand.fields.push((bit, segment.width, offset));
                if !segment.decoder.is_empty() {
                    operand.decoder = segment.decoder.to_string();
                }
            }
            if let Some(Some(tied)) = tied_to.get(op as usize) {
                let flat = list.operands.get(*tied as usize).map(|o| (o.mi_operand_no + sub) as usize);
                if let Some(operand) = flat.and_then(|flat| operands.get_mut(flat)) {
                    operand.fields.push((bit, segment.width, offset));
                }
            }
        }
        bit += segment.width;
    }
    Ok(operands)
}

/// LLVM 19's operands of an encoding: each argument of the out and in dags, a dag argument's
/// named sub-operands one by one, a sole sub-operand standing for its operand.
fn in_out_operands(
    input: &Evaluation,
    def: RecId,
    inst: &crate::target::instructions::Instruction,
    bits: &[Init],
    diags: &mut tdq_core::Diagnostics,
) -> Result<Vec<DecodedOperand>> {
    let f = Fields { input };
    let mut tied = tied_names(&inst.operands);
    let locs = &input.records.get(def).locs;
    let mut args = Vec::new();
    for list in ["OutOperandList", "InOperandList"] {
        if let InitKind::Dag(_, _, dag_args) = f.init(inst.def, list)?.kind() {
            args.extend(dag_args.iter().map(|&(arg, name)| (arg, name.unwrap_or(""))));
        }
    }
    let mut operands = Vec::new();
    for (arg, name) in args {
        let (op_init, named_subs) = match arg.kind() {
            InitKind::Dag(operator, _, subs) => (*operator, Some(subs)),
            _ => (arg, None),
        };
        let Some(op_rec) = op_init.as_def() else { continue };
        let sub_ops: Option<&[(Init, Option<tdq_core::intern::Sym>)]> = if f.is_a(op_rec, "Operand") {
            match f.init(op_rec, "MIOperandInfo")?.kind() {
                InitKind::Dag(_, _, subs) => Some(subs),
                _ => None,
            }
        } else {
            None
        };
        let mut info = op_info(input, op_rec)?;
        if let Some(named_subs) = named_subs {
            if !info.decoder.is_empty() {
                diags.error_at(
                    locs,
                    format!(
                        "DecoderEmitter: operand \"{name}\" has type \"{op_init}\" with a custom DecoderMethod, but also named sub-operands."
                    ),
                );
                continue;
            }
            for (&(sub, _), &(_, sub_name)) in sub_ops.unwrap_or_default().iter().zip(named_subs.iter()) {
                let Some(sub_rec) = sub.as_def() else { continue };
                let mut sub_info = op_info(input, sub_rec)?;
                let sub_name = sub_name.unwrap_or("");
                ones_and_runs(&f, def, bits, &mut tied, sub_name, &mut sub_info);
                operands.push(sub_info);
            }
            continue;
        }
        if let Some(subs) = sub_ops.filter(|_| info.decoder.is_empty()) {
            if let [(sole, _)] = subs {
                if let Some(sole) = sole.as_def() {
                    info = op_info(input, sole)?;
                }
            }
            if subs.len() > 1 {
                diags.error_at(
                    locs,
                    format!(
                        "DecoderEmitter: operand \"{name}\" uses MIOperandInfo with multiple ops, but doesn't have a custom decoder!"
                    ),
                );
                dump_record_note(input, def, diags);
                continue;
            }
        }
        ones_and_runs(&f, def, bits, &mut tied, name, &mut info);
        if !info.fields.is_empty() {
            operands.push(info);
        }
    }
    Ok(operands)
}

/// LLVM 19's `addOneOperandFields`: the operand's bits the encoding sets to 1, and the runs of
/// the instruction's bits that hold it.
fn ones_and_runs(
    f: &Fields,
    def: RecId,
    bits: &[Init],
    tied: &mut std::collections::BTreeMap<&'static str, &'static str>,
    name: &'static str,
    info: &mut DecodedOperand,
) {
    info.name = name;
    let mut ones = 0u64;
    if let Some(InitKind::Bits(op_bits)) = f.value(def, name).map(|v| v.value.kind()) {
        for (i, b) in op_bits.iter().enumerate().take(64) {
            if matches!(b.kind(), InitKind::Bit(true)) {
                ones |= 1 << i;
            }
        }
    }
    info.init_value = Some(ones);
    let tied_name = *tied.entry(name).or_insert("");
    info.fields = operand_runs(bits, name, tied_name);
}

/// How LLVM prints the record dumped after an operand error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum RecordNote {
    /// `PrintNote` of the dump as a message, which ends it with a newline of its own (LLVM 19).
    Message,
    /// `PrintNote` of a function that prints the record, which adds no line (LLVM 22 on).
    Printer,
}

const RECORD_NOTE: ByRelease<RecordNote> =
    ByRelease { v19: RecordNote::Message, v22: RecordNote::Printer, v23: RecordNote::Printer };

/// LLVM's "Dumping record for previous error" note.
fn dump_record_note(input: &Evaluation, def: RecId, diags: &mut tdq_core::Diagnostics) {
    let mut dump = String::from("note: Dumping record for previous error:\n");
    input.records.get(def).print_to(&input.records, &mut dump);
    match RECORD_NOTE.get(input.records.release) {
        RecordNote::Message => dump.push('\n'),
        RecordNote::Printer => {}
    }
    diags.text(dump);
}

/// The operands tied to each other, by name (a sub-operand's own name where it has one).
fn tied_names(
    list: &crate::target::instructions::OperandList,
) -> std::collections::BTreeMap<&'static str, &'static str> {
    let mut tied_names = std::collections::BTreeMap::new();
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
    tied_names
}

/// The runs of `bits` that hold operand `name` (or the operand tied to it), as (base bit in
/// the instruction, width, offset in the operand).
fn operand_runs(bits: &[Init], name: &str, tied: &str) -> Vec<(u32, u32, u32)> {
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
    let mut runs = Vec::new();
    let n = bits.len();
    let (mut i, mut j) = (0, 0);
    while i != n {
        let mut offset = 0u32;
        while j != n {
            let Some((var, bit_num)) = var_name(bits[j]) else { break };
            if let Some(bit_num) = bit_num {
                if i == j {
                    offset = bit_num;
                } else if bit_num != offset + (j - i) as u32 {
                    break;
                }
            }
            if var != name && var != tied {
                break;
            }
            j += 1;
        }
        if i == j {
            j += 1;
        } else {
            runs.push((i as u32, (j - i) as u32, offset));
        }
        i = j;
    }
    runs
}

/// LLVM 22's reading (`InstructionEncoding`'s constructor for a fixed-length encoding).
fn read_operand_list(
    input: &Evaluation,
    encodings: &Encodings,
    def: RecId,
    inst: &crate::target::instructions::Instruction,
    diags: &mut tdq_core::Diagnostics,
) -> Result<DecoderEncoding> {
    let f = Fields { input };
    let name = encoding_name(&f, def, inst);
    let namespace = f.string(def, "DecoderNamespace")?;
    let decoder_method = f.string(def, "DecoderMethod")?;
    let mut has_complete_decoder = !decoder_method.is_empty() && f.bit(def, "hasCompleteDecoder")?;
    if let InitKind::Dag(..) = f.init(def, "Inst")?.kind() {
        // `parseVarLenEncoding`, `parseVarLenOperands`.
        let vli = VarLenInst::of(&f, def)?;
        let bits = vli.known_bits();
        let mut encoding = DecoderEncoding {
            def,
            inst: inst.def,
            name,
            namespace,
            width: bits.len(),
            soft_fail: vec![false; bits.len()],
            bits,
            decoder_method,
            has_complete_decoder,
            operands: Vec::new(),
        };
        if decoder_method.is_empty() {
            encoding.operands = var_len_operands(input, def, inst, &vli)?;
            encoding.has_complete_decoder =
                encoding.operands.iter().all(|op| op.decoder.is_empty() || op.has_complete_decoder);
        }
        return Ok(encoding);
    }
    let record_bits = encodings.inst_bits(input, def)?;
    let locs = &input.records.get(def).locs;
    let width = (f.int(def, "Size")? * 8) as usize;
    let num_bits = record_bits.len();
    if num_bits < width {
        let message = format!("{name}: Size is {width} bits, but Inst specifies only {num_bits} bits");
        return Err(Fatal::new(locs, message));
    }
    let zero_or_unset = |bits: &[Init]| bits.iter().all(|b| matches!(b.kind(), InitKind::Bit(false) | InitKind::Unset));
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
                    format!("SoftFail field, if defined, must be of the same type as Inst, which is bits<{num_bits}>"),
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
        width,
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
    let mut tied_names = tied_names(list);
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
                dump_record_note(input, def, diags);
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
    info.fields = operand_runs(bits, op_name, tied);
    if info.init_value.is_none() && info.fields.is_empty() {
        info.has_no_encoding = true;
    }
}
