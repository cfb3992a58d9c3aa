//! `--gen-emitter`: the machine code emitter, `getBinaryCodeForInstr` (each instruction's
//! fixed bits from a table, then each operand's encoding merged in) and
//! `getOperandBitOffset` (LLVM's CodeEmitterGen.cpp); targets whose encodings are dags get the
//! variable-length form (`VarLenCodeEmitterGen.cpp`, [`var_len`]).

mod var_len;

use crate::common::emit::{ifdef_block, source_file_header};
use crate::{Backend, BackendError, BackendOptions, Output};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::init::{Init, InitKind};
use tdq_core::types::RecId;
use tdq_core::{ByRelease, Evaluation};
use tdq_models::target::encodings::{operand_fields, variable_bit, Encodings, InstEncoding};
use tdq_models::target::instructions::{Instruction, Instructions};
use tdq_models::target::Target;
use tdq_models::Fields;

pub struct GenEmitter;

impl Backend for GenEmitter {
    fn name(&self) -> &'static str {
        "gen-emitter"
    }
    fn help(&self) -> &'static str {
        "Generate machine code emitter"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<()> {
        let form = FORM.get(options.release);
        let target = Target::get(input)?;
        let instructions = Instructions::get(input)?;
        let encodings = Encodings::get(input)?;
        let mut text = String::new();
        source_file_header(&mut text, "Machine Code Emitter", None);
        if encodings.variable_length {
            var_len::emit(input, &form.var_len, target.name, &instructions, &encodings, &mut text)?;
        } else {
            let emitter = Emitter::new(input, form, &target, &instructions, &encodings, &mut out.diags)?;
            emitter.emit(&mut text)?;
        }
        out.write_all(text.as_bytes())?;
        Ok(())
    }
}

type Result<T> = std::result::Result<T, BackendError>;

/// Which instructions the table of fixed bits holds and how the emitted code indexes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Layout {
    /// Every instruction in enum order (zeros for target-independent and pseudo
    /// instructions) and a final zero, indexed by opcode; the cases in name order (LLVM 19).
    ByOpcode,
    /// Only the target's non-pseudo instructions, indexed from the first of them
    /// (`FirstSupportedOpcode`), the cases in enum order (LLVM 22 on).
    FromFirstSupported,
}

/// How an operand's bits are merged into a value of at most 64 bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Merge {
    /// `UINT64_C(decimal)` masks; an operand of one range is masked and shifted in place
    /// (`op &= ...; op <<= ...; Value |= op;`), `// op:` after `op.clearAllBits()` (LLVM 19).
    InPlace,
    /// `Value |= (op & 0xhex) << n;` for every range, `// op:` first (LLVM 22 on).
    Masked,
}

/// What an instruction whose encoding depends on the hardware mode gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ModeCases {
    /// A case per mode, each written out (LLVM 19).
    Each,
    /// Modes whose operand code is the same share a case (LLVM 22 on).
    Shared,
}

/// What one release's CodeEmitterGen writes.
#[derive(Debug)]
struct Form {
    layout: Layout,
    merge: Merge,
    mode_cases: ModeCases,
    /// The widest operand range read with `extractBitsAsZExtValue` (APInt targets): 63 in
    /// LLVM 19, 64 later.
    widest_zext_extract: u32,
    /// An operand `DisableEncoding` names but the encoding uses is an error (LLVM 19).
    checks_not_encoded: bool,
    /// Unsupported instructions and operands go to `reportUnsupportedInst`/`...Operand`
    /// (LLVM 22 on) rather than a `report_fatal_error` of a message built in place.
    reports_through_helpers: bool,
    /// `GET_OPERAND_BIT_OFFSET` in an `IfDefEmitter` block (LLVM 23; the same text as 22's).
    bit_offset_in_ifdef_block: bool,
    var_len: var_len::Form,
}

const FORM_22: Form = Form {
    layout: Layout::FromFirstSupported,
    merge: Merge::Masked,
    mode_cases: ModeCases::Shared,
    widest_zext_extract: 64,
    checks_not_encoded: false,
    reports_through_helpers: true,
    bit_offset_in_ifdef_block: false,
    var_len: var_len::FORM_22,
};

const FORM: ByRelease<Form> = ByRelease {
    v19: Form {
        layout: Layout::ByOpcode,
        merge: Merge::InPlace,
        mode_cases: ModeCases::Each,
        widest_zext_extract: 63,
        checks_not_encoded: true,
        reports_through_helpers: false,
        bit_offset_in_ifdef_block: false,
        var_len: var_len::FORM_19,
    },
    v22: FORM_22,
    v23: Form { bit_offset_in_ifdef_block: true, ..FORM_22 },
};

/// Case bodies and the instructions (or modes) that share each, in the order of the bodies'
/// text, as LLVM's `std::map<std::string, ...>` keeps them.
type CaseMap<K> = BTreeMap<String, Vec<K>>;

struct Emitter<'a> {
    input: &'a Evaluation,
    form: &'static Form,
    target: &'a Target,
    instructions: &'a Instructions,
    encodings: &'a Encodings,
    diags: &'a mut tdq_core::Diagnostics,
    /// The instructions with encodings, in the order their cases are built.
    encoded: Vec<&'a Instruction>,
    /// The widest `Inst` of them.
    bit_width: u32,
    /// The hardware modes any `EncodingInfos` names.
    hw_modes: BTreeSet<u32>,
}

impl<'a> Emitter<'a> {
    fn new(
        input: &'a Evaluation,
        form: &'static Form,
        target: &'a Target,
        instructions: &'a Instructions,
        encodings: &'a Encodings,
        diags: &'a mut tdq_core::Diagnostics,
    ) -> Result<Emitter<'a>> {
        let encoded: Vec<&Instruction> = match form.layout {
            Layout::ByOpcode => instructions.all.iter().filter(|inst| has_encoding(inst)).collect(),
            Layout::FromFirstSupported => {
                instructions.target_instructions().filter(|inst| !inst.flags.is_pseudo).collect()
            }
        };
        let mut emitter = Emitter {
            input,
            form,
            target,
            instructions,
            encodings,
            diags,
            encoded,
            bit_width: 0,
            hw_modes: BTreeSet::new(),
        };
        for i in 0..emitter.encoded.len() {
            let inst = emitter.encoded[i];
            match encodings.of(input, inst.def)? {
                InstEncoding::ByMode(by_mode) => {
                    for (mode, &encoding) in by_mode.iter() {
                        let width = Fields { input }.bits(encoding, "Inst")?.len() as u32;
                        emitter.bit_width = emitter.bit_width.max(width);
                        emitter.hw_modes.insert(mode);
                    }
                }
                InstEncoding::Own(def) => {
                    let width = Fields { input }.bits(def, "Inst")?.len() as u32;
                    emitter.bit_width = emitter.bit_width.max(width);
                }
            }
        }
        Ok(emitter)
    }

    fn use_apint(&self) -> bool {
        self.bit_width > 64
    }

    fn num_words(&self) -> u32 {
        self.bit_width.div_ceil(64)
    }

    fn emit(mut self, o: &mut String) -> Result<()> {
        let name = self.target.name;
        if self.use_apint() {
            let _ = write!(
                o,
                "void {name}MCCodeEmitter::getBinaryCodeForInstr(const MCInst &MI,\n    SmallVectorImpl<MCFixup> &Fixups,\n    APInt &Inst,\n    APInt &Scratch,\n    const MCSubtargetInfo &STI) const {{\n"
            );
        } else {
            let _ = write!(
                o,
                "uint64_t {name}MCCodeEmitter::getBinaryCodeForInstr(const MCInst &MI,\n    SmallVectorImpl<MCFixup> &Fixups,\n    const MCSubtargetInfo &STI) const {{\n"
            );
        }
        self.emit_base_values(o, 0)?;
        if !self.hw_modes.is_empty() {
            for &mode in self.hw_modes.iter().filter(|&&m| m != 0) {
                self.emit_base_values(o, mode)?;
            }
            o.push_str("  const uint64_t *InstBitsByHw;\n");
        }

        let mut cases: CaseMap<usize> = BTreeMap::new();
        let mut offset_cases: CaseMap<usize> = BTreeMap::new();
        for i in 0..self.encoded.len() {
            let (case, offset_case) = self.instruction_cases(self.encoded[i])?;
            cases.entry(case).or_default().push(i);
            offset_cases.entry(offset_case).or_default().push(i);
        }

        let index = match self.form.layout {
            Layout::ByOpcode => {
                o.push_str("  const unsigned opcode = MI.getOpcode();\n");
                "opcode"
            }
            Layout::FromFirstSupported => {
                let first = self.encoded.first().and_then(|inst| self.instructions.enum_value(inst.def)).unwrap_or(0);
                let _ = write!(
                    o,
                    "  constexpr unsigned FirstSupportedOpcode = {first};\n\n  const unsigned opcode = MI.getOpcode();\n  if (opcode < FirstSupportedOpcode)\n    reportUnsupportedInst(MI);\n  unsigned TableIndex = opcode - FirstSupportedOpcode;\n"
                );
                "TableIndex"
            }
        };
        if self.use_apint() {
            let (width, words) = (self.bit_width, self.num_words());
            let _ = write!(
                o,
                "  if (Scratch.getBitWidth() != {width})\n    Scratch = Scratch.zext({width});\n  Inst = APInt({width}, ArrayRef(InstBits + {index} * {words}, {words}));\n  APInt &Value = Inst;\n  APInt &op = Scratch;\n  switch (opcode) {{\n"
            );
        } else {
            let _ = write!(
                o,
                "  uint64_t Value = InstBits[{index}];\n  uint64_t op = 0;\n  (void)op;  // suppress warning\n  switch (opcode) {{\n"
            );
        }
        self.emit_case_map(o, &cases);
        if self.form.reports_through_helpers {
            o.push_str("  default:\n    reportUnsupportedInst(MI);\n  }\n");
        } else {
            o.push_str("  default:\n    std::string msg;\n    raw_string_ostream Msg(msg);\n    Msg << \"Not supported instr: \" << MI;\n    report_fatal_error(Msg.str().c_str());\n  }\n");
        }
        o.push_str(if self.use_apint() { "  Inst = Value;\n" } else { "  return Value;\n" });
        o.push_str("}\n\n");

        let bit_offset = |o: &mut String| {
            let _ = write!(
                o,
                "uint32_t {name}MCCodeEmitter::getOperandBitOffset(const MCInst &MI,\n    unsigned OpNum,\n    const MCSubtargetInfo &STI) const {{\n  switch (MI.getOpcode()) {{\n"
            );
            self.emit_case_map(o, &offset_cases);
            if self.form.reports_through_helpers {
                o.push_str(
                    "  default:\n    reportUnsupportedInst(MI);\n  }\n  reportUnsupportedOperand(MI, OpNum);\n}\n",
                );
            } else {
                o.push_str("  }\n  std::string msg;\n  raw_string_ostream Msg(msg);\n  Msg << \"Not supported instr[opcode]: \" << MI << \"[\" << OpNum << \"]\";\n  report_fatal_error(Msg.str().c_str());\n}\n");
            }
        };
        if self.form.bit_offset_in_ifdef_block {
            ifdef_block(o, "GET_OPERAND_BIT_OFFSET", false, bit_offset);
        } else {
            o.push_str("#ifdef GET_OPERAND_BIT_OFFSET\n#undef GET_OPERAND_BIT_OFFSET\n\n");
            bit_offset(o);
            o.push_str("\n#endif // GET_OPERAND_BIT_OFFSET\n\n");
        }
        Ok(())
    }

    /// `emitCaseMap` for instructions: `Namespace::Name` labels.
    fn emit_case_map(&self, o: &mut String, cases: &CaseMap<usize>) {
        emit_case_map(o, cases, |o, &i| {
            let inst = self.encoded[i];
            let _ = write!(o, "{}::{}", inst.namespace, inst.name);
        });
    }

    /// `emitInstructionBaseValues`: the table of each instruction's fixed bits in `mode`.
    fn emit_base_values(&self, o: &mut String, mode: u32) -> Result<()> {
        if mode == 0 {
            o.push_str("  static const uint64_t InstBits[] = {\n");
        } else {
            let _ = writeln!(o, "  static const uint64_t InstBits_{}[] = {{", self.target.hw_modes.mode_name(mode));
        }
        let zero = vec![0u64; self.num_words() as usize];
        let listed: Vec<&Instruction> = match self.form.layout {
            Layout::ByOpcode => self.instructions.in_enum_order().collect(),
            Layout::FromFirstSupported => self.encoded.clone(),
        };
        for inst in listed {
            if !has_encoding(inst) {
                o.push_str("    ");
                write_words(o, &zero);
                o.push_str(",\n");
                continue;
            }
            let encoding = match self.encodings.of(self.input, inst.def)? {
                InstEncoding::Own(def) => Some(def),
                InstEncoding::ByMode(by_mode) => by_mode.has_mode(mode).then(|| *by_mode.get(mode)),
            };
            let mut words = zero.clone();
            if let Some(encoding) = encoding {
                for (i, bit) in self.encodings.inst_bits(self.input, encoding)?.iter().enumerate() {
                    if matches!(bit.kind(), InitKind::Bit(true)) {
                        words[i / 64] |= 1 << (i % 64);
                    }
                }
            }
            o.push_str("    ");
            write_words(o, &words);
            let _ = writeln!(o, ",\t// {}", inst.name);
        }
        match self.form.layout {
            Layout::ByOpcode => o.push_str("    UINT64_C(0)\n  };\n"),
            Layout::FromFirstSupported => o.push_str("  };\n"),
        }
        Ok(())
    }

    /// `getInstructionCases`: the code that merges the instruction's operands into `Value`,
    /// and the cases of its operands' bit offsets.
    fn instruction_cases(&mut self, inst: &Instruction) -> Result<(String, String)> {
        let (mut case, mut offset_case) = (String::new(), String::new());
        let by_mode = match self.encodings.of(self.input, inst.def)? {
            InstEncoding::Own(def) => {
                self.cases_for_encoding(inst, def, &mut case, &mut offset_case)?;
                return Ok((case, offset_case));
            }
            InstEncoding::ByMode(by_mode) => by_mode,
        };
        let select = "      unsigned HwMode = STI.getHwMode(MCSubtargetInfo::HwMode_EncodingInfo);\n";
        case.push_str(select);
        offset_case.push_str(select);
        case.push_str("      switch (HwMode) {\n      default: llvm_unreachable(\"Unknown hardware mode!\"); break;\n");
        for (mode, _) in by_mode.iter() {
            if mode == 0 {
                case.push_str("      case 0: InstBitsByHw = InstBits");
            } else {
                let _ =
                    write!(case, "      case {mode}: InstBitsByHw = InstBits_{}", self.target.hw_modes.mode_name(mode));
            }
            case.push_str("; break;\n");
        }
        case.push_str("      };\n");
        let index = match self.form.layout {
            Layout::ByOpcode => "opcode",
            Layout::FromFirstSupported => "TableIndex",
        };
        if self.use_apint() {
            let (width, words) = (self.bit_width, self.num_words());
            let _ = write!(
                case,
                "      Inst = APInt({width}, ArrayRef(InstBitsByHw + {index} * {words}, {words}));\n      Value = Inst;\n"
            );
        } else {
            let _ = writeln!(case, "      Value = InstBitsByHw[{index}];");
        }
        let head = "      switch (HwMode) {\n      default: llvm_unreachable(\"Unhandled HwMode\");\n";
        case.push_str(head);
        offset_case.push_str(head);
        match self.form.mode_cases {
            ModeCases::Each => {
                for (mode, &encoding) in by_mode.iter() {
                    let open = format!("      case {mode}: {{\n");
                    case.push_str(&open);
                    offset_case.push_str(&open);
                    self.cases_for_encoding(inst, encoding, &mut case, &mut offset_case)?;
                    case.push_str("      break;\n      }\n");
                    offset_case.push_str("      break;\n      }\n");
                }
            }
            ModeCases::Shared => {
                let mut mode_cases: CaseMap<u32> = BTreeMap::new();
                let mut mode_offset_cases: CaseMap<u32> = BTreeMap::new();
                for (mode, &encoding) in by_mode.iter() {
                    let (mut c, mut oc) = (String::new(), String::new());
                    self.cases_for_encoding(inst, encoding, &mut c, &mut oc)?;
                    mode_cases.entry(c).or_default().push(mode);
                    mode_offset_cases.entry(oc).or_default().push(mode);
                }
                emit_case_map(&mut case, &mode_cases, |o, mode| {
                    let _ = write!(o, "{mode}");
                });
                emit_case_map(&mut offset_case, &mode_offset_cases, |o, mode| {
                    let _ = write!(o, "{mode}");
                });
            }
        }
        case.push_str("      }\n");
        offset_case.push_str("      }\n");
        Ok((case, offset_case))
    }

    /// `addInstructionCasesForEncoding`: the code of each operand that the encoding's bits
    /// name, then the `PostEncoderMethod` call.
    fn cases_for_encoding(
        &mut self,
        inst: &Instruction,
        encoding: RecId,
        case: &mut String,
        offset_case: &mut String,
    ) -> Result<()> {
        let bits = self.encodings.inst_bits(self.input, encoding)?;
        let original_len = offset_case.len();
        offset_case.push_str("      switch (OpNum) {\n");
        let before_loop = offset_case.len();
        let mut success = true;
        for field in operand_fields(self.input, encoding) {
            success &= self.merge_operand(inst, &bits, field, case, offset_case);
        }
        if offset_case.len() == before_loop {
            offset_case.truncate(original_len);
        } else {
            offset_case.push_str("      }\n");
        }
        if !success {
            let mut dump = String::from("note: Dumping record for previous error:\n");
            self.input.records.get(inst.def).print_to(&self.input.records, &mut dump);
            dump.push('\n');
            self.diags.text(dump);
        }
        let post = Fields { input: self.input }.string(inst.def, "PostEncoderMethod")?;
        if !post.is_empty() {
            let _ = writeln!(case, "      Value = {post}(MI, Value, STI);");
        }
        Ok(())
    }

    /// `addCodeToMergeInOperand`: the code that encodes operand `name` and merges its bits
    /// into `Value`, and its bit offset case; false after an error.
    fn merge_operand(
        &mut self,
        inst: &Instruction,
        bits: &[Init],
        name: &str,
        case: &mut String,
        offset_case: &mut String,
    ) -> bool {
        let Some(top) = (0..bits.len()).rev().find(|&b| variable_bit(bits[b], name).is_some()) else {
            return true;
        };
        let operands = &inst.operands;
        let op_idx = if let Some(&(op, sub)) = operands.sub_op_aliases.get(name) {
            operands.operands[op as usize].mi_operand_no + sub
        } else if let Some(op) = operands.find_operand_named(name) {
            operands.operands[op].mi_operand_no
        } else {
            let locs = &self.input.records.get(inst.def).locs;
            self.diags.error_at(locs, format!("No operand named {name} in record {}", inst.name));
            return false;
        };
        let sub_operand = operands.sub_operand_number(op_idx);
        if self.form.checks_not_encoded {
            let not_encoded = sub_operand
                .and_then(|(op, sub)| operands.operands[op].do_not_encode.get(sub as usize).copied())
                .unwrap_or(false);
            if not_encoded {
                let locs = &self.input.records.get(inst.def).locs;
                self.diags.error_at(locs, format!("Operand {name} used but also marked as not emitted!"));
                return false;
            }
        }
        let encoder = sub_operand
            .and_then(|(op, sub)| operands.operands[op].encoder_methods.get(sub as usize).copied())
            .unwrap_or("");

        let apint = self.use_apint();
        let comment = format!("      // op: {name}\n");
        match self.form.merge {
            Merge::InPlace => {
                if apint {
                    case.push_str("      op.clearAllBits();\n");
                }
                case.push_str(&comment);
            }
            Merge::Masked => {
                case.push_str(&comment);
                if apint {
                    case.push_str("      op.clearAllBits();\n");
                }
            }
        }
        match (encoder.is_empty(), apint) {
            (false, true) => {
                let _ = writeln!(case, "      {encoder}(MI, {op_idx}, op, Fixups, STI);");
            }
            (false, false) => {
                let _ = writeln!(case, "      op = {encoder}(MI, {op_idx}, Fixups, STI);");
            }
            (true, true) => {
                let _ = writeln!(case, "      getMachineOpValue(MI, MI.getOperand({op_idx}), op, Fixups, STI);");
            }
            (true, false) => {
                let _ = writeln!(case, "      op = getMachineOpValue(MI, MI.getOperand({op_idx}), Fixups, STI);");
            }
        }

        let ranges = operand_ranges(bits, name, top);
        let mut bit_offset = None;
        for range in &ranges {
            bit_offset = Some(range.lo_inst_bit);
            let (n, lo) = (range.len, range.lo_var_bit);
            if apint {
                if n > self.form.widest_zext_extract {
                    let _ = writeln!(case, "      Value.insertBits(op.extractBits({n}, {lo}), {});", range.lo_inst_bit);
                } else {
                    let _ = writeln!(
                        case,
                        "      Value.insertBits(op.extractBitsAsZExtValue({n}, {lo}), {}, {n});",
                        range.lo_inst_bit
                    );
                }
                continue;
            }
            let mask = if n >= 64 { u64::MAX } else { (1u64 << n) - 1 }.checked_shl(lo).unwrap_or(0);
            let shift = range.lo_inst_bit as i64 - lo as i64;
            let (operator, amount) = match shift.cmp(&0) {
                std::cmp::Ordering::Greater => ("<<", shift),
                std::cmp::Ordering::Less => (">>", -shift),
                std::cmp::Ordering::Equal => ("", 0),
            };
            let shift = if operator.is_empty() { String::new() } else { format!(" {operator} {amount}") };
            match self.form.merge {
                Merge::InPlace if ranges.len() == 1 => {
                    let _ = writeln!(case, "      op &= UINT64_C({mask});");
                    if !operator.is_empty() {
                        let _ = writeln!(case, "      op {operator}= {amount};");
                    }
                    case.push_str("      Value |= op;\n");
                }
                Merge::InPlace => {
                    let _ = writeln!(case, "      Value |= (op & UINT64_C({mask})){shift};");
                }
                Merge::Masked => {
                    let _ = writeln!(case, "      Value |= (op & {mask:#x}){shift};");
                }
            }
        }
        if let Some(offset) = bit_offset {
            let _ = write!(offset_case, "      case {op_idx}:\n        // op: {name}\n        return {offset};\n");
        }
        true
    }
}

/// A run of consecutive instruction bits that holds consecutive bits of one operand.
struct Range {
    /// How many bits.
    len: u32,
    /// The operand's lowest bit in the run.
    lo_var_bit: u32,
    /// The instruction bit that holds it.
    lo_inst_bit: u32,
}

/// The runs of `name`'s bits in `bits`, from the highest instruction bit down, starting at
/// `top` (the highest bit that is one of `name`'s).
fn operand_ranges(bits: &[Init], name: &str, top: usize) -> Vec<Range> {
    let mut ranges = Vec::new();
    let mut bit = top as i64;
    while bit >= 0 {
        let Some(var_bit) = variable_bit(bits[bit as usize], name) else {
            bit -= 1;
            continue;
        };
        let begin_inst_bit = bit as u32;
        let mut n = 1u32;
        bit -= 1;
        while bit >= 0 {
            match variable_bit(bits[bit as usize], name) {
                Some(v) if var_bit.checked_sub(n) == Some(v) => {
                    n += 1;
                    bit -= 1;
                }
                _ => break,
            }
        }
        ranges.push(Range { len: n, lo_var_bit: var_bit + 1 - n, lo_inst_bit: begin_inst_bit + 1 - n });
    }
    ranges
}

/// `emitCaseMap`: each body after the case labels of what shares it, one label a line.
pub(super) fn emit_case_map<K>(o: &mut String, cases: &CaseMap<K>, label: impl Fn(&mut String, &K)) {
    for (body, keys) in cases {
        for (n, key) in keys.iter().enumerate() {
            if n > 0 {
                o.push('\n');
            }
            o.push_str("    case ");
            label(o, key);
            o.push(':');
        }
        o.push_str(" {\n");
        o.push_str(body);
        o.push_str("      break;\n    }\n");
    }
}

/// Whether an instruction is encoded: not target-independent, not a pseudo-instruction.
fn has_encoding(inst: &Instruction) -> bool {
    inst.namespace != "TargetOpcode" && !inst.flags.is_pseudo
}

/// `emitInstBits`: an APInt's 64-bit words, lowest first, as `UINT64_C(n)`.
fn write_words(o: &mut String, words: &[u64]) {
    for (i, w) in words.iter().enumerate() {
        if i > 0 {
            o.push_str(", ");
        }
        let _ = write!(o, "UINT64_C({w})");
    }
}
