//! `--gen-asm-writer`: the target's instruction printer (LLVM's AsmWriterEmitter.cpp and
//! AsmWriterInst.cpp): each instruction's assembly string parsed into literal text and operand
//! printers, the mnemonics in one string table, the operand printers that most instructions
//! share packed into bit fields of a per-opcode table (the rest in a switch), the register
//! names, and the printer of instruction aliases (`printAliasInstr`) from the `InstAlias` defs.

use crate::common::emit::{source_file_header, SequenceToOffsetTable};
use crate::{AnyOption, Backend, BackendError, BackendOptions, Opt, Output};
use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::types::RecId;
use tdq_core::{ByRelease, Evaluation};
use tdq_models::target::inst_alias::{InstAlias, InstAliases, ResultOperand};
use tdq_models::target::instructions::{flatten_asm_string_variants, Instruction, Instructions};
use tdq_models::target::registers::RegBank;
use tdq_models::target::{qualify, Target};
use tdq_models::{all_derived_definitions, Fatal, Fields};

pub struct GenAsmWriter;

/// LLVM's `-asmwriternum` (a `CodeGenTarget` option, listed under the assembly writer's
/// options): which of the target's `AssemblyWriters` to emit, and to take the syntax variant
/// of. Declared here once; `--gen-x86-mnemonic-tables` reads it too.
pub static ASMWRITERNUM: Opt<u32> = Opt {
    name: "asmwriternum",
    help: "Make -gen-asm-writer emit assembly writer #N",
    value_desc: "",
    category: "Options for -gen-asm-writer",
    default: 0,
    since: tdq_core::Release::V19,
};

/// What one release writes.
#[derive(Debug)]
struct Form {
    /// `getMnemonic`'s signature, after the class name.
    get_mnemonic: &'static str,
    /// How `getMnemonic` reads the opcode (`MI->` or `MI.`).
    opcode: &'static str,
    /// How `printInstruction` passes the instruction to `getMnemonic`.
    mnemonic_call: &'static str,
    /// The class a register class operand derives from (LLVM 22's `RegisterClassLike` also
    /// takes `RegClassByHwMode`).
    reg_class_like: &'static str,
    /// The line that closes each case of `ValidateMCOperand`.
    predicate_case_end: &'static str,
}

const FORM_22: Form = Form {
    get_mnemonic: "std::pair<const char *, uint64_t>\n{}::getMnemonic(const MCInst &MI) const {\n",
    opcode: "MI.getOpcode()",
    mnemonic_call: "getMnemonic(*MI)",
    reg_class_like: "RegisterClassLike",
    predicate_case_end: "    }\n",
};

const FORM: ByRelease<Form> = ByRelease {
    v19: Form {
        get_mnemonic: "std::pair<const char *, uint64_t> {}::getMnemonic(const MCInst *MI) {\n",
        opcode: "MI->getOpcode()",
        mnemonic_call: "getMnemonic(MI)",
        reg_class_like: "RegisterClass",
        ..FORM_22
    },
    v22: FORM_22,
    v23: Form { predicate_case_end: "  }\n", ..FORM_22 },
};

impl Backend for GenAsmWriter {
    fn name(&self) -> &'static str {
        "gen-asm-writer"
    }
    fn help(&self) -> &'static str {
        "Generate assembly writer"
    }
    fn options(&self) -> &'static [&'static dyn AnyOption] {
        static OPTIONS: [&dyn AnyOption; 1] = [&ASMWRITERNUM];
        &OPTIONS
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let f = Fields { input };
        let target = Target::get(input)?;
        let writer = target.asm_writer(input, options.get(&ASMWRITERNUM) as usize)?;
        let variant = f.int(writer, "Variant")? as u32;
        let instructions = Instructions::get(input)?;
        let numbered: Vec<&Instruction> = instructions.in_enum_order().collect();
        let mut insts = Vec::new();
        for (index, inst) in numbered.iter().enumerate() {
            if !inst.asm_string.is_empty() && inst.name != "PHI" {
                insts.push(AsmWriterInst::parse(input, inst, index, variant)?);
            }
        }
        let emitter = Emitter {
            input,
            f,
            form: FORM.get(options.release),
            target: target.name,
            class_name: f.string(writer, "AsmWriterClassName")?,
            pass_subtarget: f.int(writer, "PassSubtarget")? != 0,
            writer,
            variant,
            numbered,
        };
        let mut s = String::new();
        source_file_header(&mut s, "Assembly Writer Source Fragment", Some(&options.input_filename));
        let mut printers = Vec::new();
        let (bits_left, asm_str_bits) = emitter.get_mnemonic(&mut s, &mut insts, &mut printers);
        emitter.print_instruction(&mut s, insts, &printers, bits_left, asm_str_bits);
        emitter.get_register_name(&mut s)?;
        emitter.print_alias_instruction(&mut s)?;
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}

/// What an assembly-string piece is (`AsmWriterOperand::OpType`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// Text to print, as a C++ string's contents.
    LiteralText,
    /// A printer method called on a machine operand.
    MachineInstr,
    /// C++ to insert as it is.
    LiteralStatement,
}

/// One piece of an instruction's assembly string (`AsmWriterOperand`).
#[derive(Clone, Debug)]
struct AsmWriterOperand {
    kind: Kind,
    /// For a machine operand, its number (`u32::MAX` for `PrintSpecial`).
    mi_op_no: u32,
    /// The text, the printer method's name or the statement.
    text: String,
    /// `${op:modifier}`'s modifier.
    modifier: String,
    pc_rel: bool,
}

impl PartialEq for AsmWriterOperand {
    fn eq(&self, other: &Self) -> bool {
        if self.kind != other.kind || self.text != other.text {
            return false;
        }
        self.kind != Kind::MachineInstr
            || (self.mi_op_no == other.mi_op_no && self.modifier == other.modifier && self.pc_rel == other.pc_rel)
    }
}

impl AsmWriterOperand {
    fn literal(text: String) -> Self {
        AsmWriterOperand { kind: Kind::LiteralText, mi_op_no: 0, text, modifier: String::new(), pc_rel: false }
    }

    /// `getCode`: the C++ that prints it.
    fn code(&self, pass_subtarget: bool) -> String {
        match self.kind {
            Kind::LiteralText if self.text.len() == 1 => format!("O << '{}';", self.text),
            Kind::LiteralText => format!("O << \"{}\";", self.text),
            Kind::LiteralStatement => self.text.clone(),
            Kind::MachineInstr => {
                let mut code = format!("{}(MI", self.text);
                if self.pc_rel {
                    code.push_str(", Address");
                }
                if self.mi_op_no != u32::MAX {
                    let _ = write!(code, ", {}", self.mi_op_no);
                }
                if pass_subtarget {
                    code.push_str(", STI");
                }
                code.push_str(", O");
                if !self.modifier.is_empty() {
                    let _ = write!(code, ", \"{}\"", self.modifier);
                }
                code + ");"
            }
        }
    }
}

/// An instruction's assembly string, parsed (`AsmWriterInst`).
#[derive(Clone, Debug)]
struct AsmWriterInst {
    operands: Vec<AsmWriterOperand>,
    /// Its position in enum order.
    index: usize,
    /// `Namespace::Name`.
    qualified: String,
    name: &'static str,
}

fn is_ident_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

impl AsmWriterInst {
    fn parse(input: &Evaluation, inst: &Instruction, index: usize, variant: u32) -> Result<AsmWriterInst, Fatal> {
        let locs = &input.records.get(inst.def).locs;
        let name = inst.name;
        let fail = |message: String| Fatal::new(locs, message);
        let asm = flatten_asm_string_variants(inst.asm_string, variant);
        let bytes = asm.as_bytes();
        let mut operands: Vec<AsmWriterOperand> = Vec::new();
        let add_literal = |operands: &mut Vec<AsmWriterOperand>, s: &str| match operands.last_mut() {
            Some(last) if last.kind == Kind::LiteralText => last.text.push_str(s),
            _ => operands.push(AsmWriterOperand::literal(s.to_string())),
        };
        let mut last = 0;
        while last != bytes.len() {
            let mut dollar =
                bytes[last..].iter().position(|&b| b == b'$' || b == b'\\').map_or(bytes.len(), |p| p + last);
            if dollar != last {
                let mut start = last;
                for i in last..dollar {
                    let escaped = match bytes[i] {
                        b'\n' => "\\n",
                        b'\t' => "\\t",
                        b'"' => "\\\"",
                        b'\\' => "\\\\",
                        _ => continue,
                    };
                    add_literal(&mut operands, &asm[start..i]);
                    add_literal(&mut operands, escaped);
                    start = i + 1;
                }
                if start != dollar {
                    add_literal(&mut operands, &asm[start..dollar]);
                }
                last = dollar;
            } else if bytes[dollar] == b'\\' {
                // LLVM loops for ever on a backslash that ends the string.
                let Some(&next) = bytes.get(dollar + 1) else {
                    return Err(fail(format!("Non-supported escaped character found in instruction '{name}'!")));
                };
                match next {
                    b'n' => add_literal(&mut operands, "\\n"),
                    b't' => add_literal(&mut operands, "\\t"),
                    b'$' | b'{' | b'|' | b'}' | b'\\' => add_literal(&mut operands, &asm[dollar + 1..dollar + 2]),
                    _ => return Err(fail(format!("Non-supported escaped character found in instruction '{name}'!"))),
                }
                last = dollar + 2;
            } else if bytes.get(dollar + 1) == Some(&b'$') {
                add_literal(&mut operands, "$");
                last = dollar + 2;
            } else {
                let mut var_end = dollar + 1;
                let curly = bytes.get(var_end) == Some(&b'{');
                if curly {
                    dollar += 1;
                    var_end += 1;
                }
                while var_end < bytes.len() && is_ident_char(bytes[var_end]) {
                    var_end += 1;
                }
                let var_name = &asm[dollar + 1..var_end];
                let mut modifier = String::new();
                if curly {
                    let unterminated =
                        || fail(format!("Reached end of string before terminating curly brace in '{name}'"));
                    if var_end >= bytes.len() {
                        return Err(unterminated());
                    }
                    if bytes[var_end] == b':' {
                        var_end += 1;
                        if var_end >= bytes.len() {
                            return Err(unterminated());
                        }
                        let start = var_end;
                        while var_end < bytes.len() && is_ident_char(bytes[var_end]) {
                            var_end += 1;
                        }
                        modifier = asm[start..var_end].to_string();
                        if modifier.is_empty() {
                            return Err(fail(format!("Bad operand modifier name in '{name}'")));
                        }
                    }
                    if bytes.get(var_end) != Some(&b'}') {
                        return Err(fail(format!(
                            "Variable name beginning with '{{' did not end with '}}' in '{name}'"
                        )));
                    }
                    var_end += 1;
                }
                if var_name.is_empty() && modifier.is_empty() {
                    return Err(fail(format!("Stray '$' in '{name}' asm string, maybe you want $$?")));
                }
                if var_name.is_empty() {
                    operands.push(AsmWriterOperand {
                        kind: Kind::MachineInstr,
                        mi_op_no: u32::MAX,
                        text: "PrintSpecial".into(),
                        modifier,
                        pc_rel: false,
                    });
                } else {
                    let Some(op) = inst.operands.operands.iter().find(|o| o.name == var_name) else {
                        return Err(fail(format!("'{name}' does not have an operand named '${var_name}'!")));
                    };
                    operands.push(AsmWriterOperand {
                        kind: Kind::MachineInstr,
                        mi_op_no: op.mi_operand_no,
                        text: op.print_method.to_string(),
                        modifier,
                        pc_rel: op.operand_type == "MCOI::OPERAND_PCREL",
                    });
                }
                last = var_end;
            }
        }
        operands.push(AsmWriterOperand {
            kind: Kind::LiteralStatement,
            mi_op_no: 0,
            text: "return;".into(),
            modifier: String::new(),
            pc_rel: false,
        });
        Ok(AsmWriterInst { operands, index, qualified: format!("{}::{name}", inst.namespace), name })
    }

    /// `MatchesAllButOneOp`: the one operand where the two differ, `Same` if none, `Many` if
    /// more (or their lengths differ).
    fn matches_all_but_one(&self, other: &AsmWriterInst) -> Difference {
        if self.operands.len() != other.operands.len() {
            return Difference::Many;
        }
        let mut mismatch = Difference::Same;
        for (i, (a, b)) in self.operands.iter().zip(&other.operands).enumerate() {
            if a != b {
                if mismatch != Difference::Same {
                    return Difference::Many;
                }
                mismatch = Difference::One(i);
            }
        }
        mismatch
    }
}

/// What `MatchesAllButOneOp` finds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Difference {
    Same,
    One(usize),
    Many,
}

/// `UnescapeString`: C escapes in a literal turned back into the characters.
fn unescape(s: &str) -> Vec<u8> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'\\' && i + 1 < bytes.len() {
            let c = match bytes[i + 1] {
                b'a' => Some(7),
                b'b' => Some(8),
                b'e' => Some(27),
                b'f' => Some(12),
                b'n' => Some(b'\n'),
                b'r' => Some(b'\r'),
                b't' => Some(b'\t'),
                b'v' => Some(11),
                b'"' => Some(b'"'),
                b'\'' => Some(b'\''),
                b'\\' => Some(b'\\'),
                _ => None,
            };
            if let Some(c) = c {
                out.push(c);
                i += 2;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    out
}

/// `UnescapeAliasString`: `\{` and `\}` turned into braces.
fn unescape_alias(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' {
            if let Some(&next @ ('{' | '}')) = chars.peek() {
                out.push(next);
                chars.next();
                continue;
            }
        }
        out.push(c);
    }
    out
}

/// `Log2_32_Ceil`.
fn log2_ceil(n: u32) -> u32 {
    32 - n.wrapping_sub(1).leading_zeros()
}

/// A string as the `char` sequence LLVM's string tables compare (signed).
fn chars(s: &[u8]) -> Vec<i8> {
    s.iter().map(|&b| b as i8).collect()
}

const OPCODE_INFO_BITS: u32 = 64;

struct Emitter<'a> {
    input: &'a Evaluation,
    f: Fields<'a>,
    form: &'static Form,
    target: &'static str,
    class_name: &'static str,
    pass_subtarget: bool,
    writer: RecId,
    variant: u32,
    numbered: Vec<&'a Instruction>,
}

impl Emitter<'_> {
    /// `emitStringLiteralDef`: the strings of a laid-out table as one array of C strings.
    fn string_literal_def(&self, s: &mut String, table: &SequenceToOffsetTable<i8>, decl: &str) {
        crate::common::emit::string_literal_def(s, table, decl, self.input.records.release);
    }

    /// `FindUniqueOperandCommands`: the distinct first operand printers of the instructions
    /// left, each with the following printers all of its instructions share, the instructions
    /// of each, and how many operands each handles.
    fn unique_operand_commands(&self, insts: &[AsmWriterInst]) -> (Vec<String>, Vec<Vec<usize>>, Vec<usize>) {
        let mut commands: Vec<String> = Vec::new();
        let mut insts_for_case: Vec<String> = Vec::new();
        let mut inst_idxs: Vec<Vec<usize>> = Vec::new();
        let mut ops_used: Vec<usize> = Vec::new();
        let mut index: HashMap<String, usize> = HashMap::new();
        for (i, inst) in insts.iter().enumerate() {
            let Some(first) = inst.operands.first() else {
                continue;
            };
            let command = format!("    {}\n", first.code(self.pass_subtarget));
            match index.get(&command) {
                Some(&idx) => {
                    insts_for_case[idx].push_str(", ");
                    insts_for_case[idx].push_str(inst.name);
                    inst_idxs[idx].push(i);
                }
                None => {
                    index.insert(command.clone(), commands.len());
                    commands.push(command);
                    insts_for_case.push(inst.name.to_string());
                    inst_idxs.push(vec![i]);
                    ops_used.push(1);
                }
            }
        }
        for (command_idx, idxs) in inst_idxs.iter().enumerate() {
            let first = &insts[idxs[0]];
            let mut op = 1;
            loop {
                if first.operands.len() == op {
                    break;
                }
                let differs = idxs[1..].iter().any(|&idx| {
                    let other = &insts[idx];
                    other.operands.len() == op || other.operands[op] != first.operands[op]
                });
                if differs {
                    break;
                }
                let _ = writeln!(commands[command_idx], "    {}", first.operands[op].code(self.pass_subtarget));
                ops_used[command_idx] += 1;
                op += 1;
            }
        }
        for (i, mut instrs) in insts_for_case.into_iter().enumerate() {
            if instrs.len() > 70 {
                instrs.truncate(70);
                instrs.push_str("...");
            }
            if !instrs.is_empty() {
                commands[i] = format!("    // {instrs}\n{}", commands[i]);
            }
        }
        (commands, inst_idxs, ops_used)
    }

    /// `EmitGetMnemonic`; returns the bits left and the string index's bits.
    fn get_mnemonic(&self, s: &mut String, insts: &mut [AsmWriterInst], printers: &mut Vec<Vec<String>>) -> (u32, u32) {
        s.push_str("/// getMnemonic - This method is automatically generated by tablegen\n/// from the instruction set description.\n");
        s.push_str(&self.form.get_mnemonic.replace("{}", &format!("{}{}", self.target, self.class_name)));
        let leading_text = |inst: &AsmWriterInst| -> Option<Vec<i8>> {
            let first = &inst.operands[0];
            (first.kind == Kind::LiteralText && !first.text.is_empty()).then(|| chars(&unescape(&first.text)))
        };
        let mut table = SequenceToOffsetTable::default();
        for inst in insts.iter() {
            if let Some(text) = leading_text(inst) {
                table.add(&text);
            }
        }
        table.layout();
        let mut opcode_info = vec![0u64; self.numbered.len()];
        let mut max_string_idx = 0;
        for inst in insts.iter_mut() {
            let idx = match leading_text(inst) {
                // LLVM reads past an empty table's end; tdq takes offset 0.
                None if table.is_empty() => 0,
                None => table.get(&[]),
                Some(text) => {
                    let idx = table.get(&text);
                    max_string_idx = max_string_idx.max(idx);
                    inst.operands.remove(0);
                    idx
                }
            };
            opcode_info[inst.index] = u64::from(idx) + 1;
        }
        let asm_str_bits = log2_ceil(max_string_idx + 2);
        let mut bits_left = OPCODE_INFO_BITS - asm_str_bits;
        loop {
            let (commands, inst_idxs, ops_handled) = self.unique_operand_commands(insts);
            if commands.is_empty() {
                break;
            }
            let num_bits = log2_ceil(commands.len() as u32);
            if num_bits > bits_left {
                break;
            }
            for (i, idxs) in inst_idxs.iter().enumerate() {
                for &idx in idxs {
                    let inst = &mut insts[idx];
                    opcode_info[inst.index] |= (i as u64).checked_shl(OPCODE_INFO_BITS - bits_left).unwrap_or(0);
                    let n = ops_handled[i].min(inst.operands.len());
                    inst.operands.drain(..n);
                }
            }
            bits_left -= num_bits;
            printers.push(commands);
        }
        self.string_literal_def(s, &table, "  static const char AsmStrs[]");
        let wide = bits_left < OPCODE_INFO_BITS - 32;
        let mut bytes_needed = (OPCODE_INFO_BITS - bits_left).div_ceil(8);
        let (mut table_no, mut shift) = (0, 0);
        let mut bits_string = format!("  uint{}_t Bits = 0;\n", if wide { 64 } else { 32 });
        while bytes_needed != 0 {
            let size = (1u32 << (31 - bytes_needed.leading_zeros())).min(4);
            bytes_needed -= size;
            let size = size * 8;
            let mask = if size == 64 { u64::MAX } else { (1u64 << size) - 1 };
            let _ = writeln!(s, "  static const uint{size}_t OpInfo{table_no}[] = {{");
            for (i, inst) in self.numbered.iter().enumerate() {
                let _ = writeln!(s, "    {}U,\t// {}", (opcode_info[i] >> shift) & mask, inst.name);
            }
            s.push_str("  };\n\n");
            let cast = if wide { "(uint64_t)" } else { "" };
            let _ = writeln!(bits_string, "  Bits |= {cast}OpInfo{table_no}[{}] << {shift};", self.form.opcode);
            shift += size;
            table_no += 1;
        }
        s.push_str("  // Emit the opcode for the instruction.\n");
        s.push_str(&bits_string);
        s.push_str("  if (Bits == 0)\n    return {nullptr, Bits};\n");
        let _ = write!(s, "  return {{AsmStrs+(Bits & {})-1, Bits}};\n\n}}\n", (1u64 << asm_str_bits) - 1);
        (bits_left, asm_str_bits)
    }

    /// `EmitPrintInstruction`.
    fn print_instruction(
        &self,
        s: &mut String,
        mut insts: Vec<AsmWriterInst>,
        printers: &[Vec<String>],
        bits_left: u32,
        asm_str_bits: u32,
    ) {
        let sti = if self.pass_subtarget { "const MCSubtargetInfo &STI, " } else { "" };
        let _ = write!(
            s,
            "/// printInstruction - This method is automatically generated by tablegen\n/// from the instruction set description.\nLLVM_NO_PROFILE_INSTRUMENT_FUNCTION\nvoid {}{}::printInstruction(const MCInst *MI, uint64_t Address, {sti}raw_ostream &O) {{\n",
            self.target, self.class_name
        );
        s.push_str("  O << \"\\t\";\n\n");
        let _ = write!(s, "  auto MnemonicInfo = {};\n\n", self.form.mnemonic_call);
        s.push_str("  O << MnemonicInfo.first;\n\n");
        let _ = writeln!(
            s,
            "  uint{}_t Bits = MnemonicInfo.second;",
            if bits_left < OPCODE_INFO_BITS - 32 { 64 } else { 32 }
        );
        s.push_str("  assert(Bits != 0 && \"Cannot print this instruction.\");\n");
        let mut bits_left = OPCODE_INFO_BITS - asm_str_bits;
        for (i, commands) in printers.iter().enumerate() {
            let num_bits = log2_ceil(commands.len() as u32);
            let _ =
                write!(s, "\n  // Fragment {i} encoded into {num_bits} bits for {} unique commands.\n", commands.len());
            let at = OPCODE_INFO_BITS - bits_left;
            let mask = (1u64 << num_bits) - 1;
            match commands.len() {
                2 => {
                    let _ = write!(
                        s,
                        "  if ((Bits >> {at}) & {mask}) {{\n{}  }} else {{\n{}  }}\n\n",
                        commands[1], commands[0]
                    );
                }
                1 => {
                    let _ = write!(s, "{}\n\n", commands[0]);
                }
                _ => {
                    let _ = write!(
                        s,
                        "  switch ((Bits >> {at}) & {mask}) {{\n  default: llvm_unreachable(\"Invalid command number.\");\n"
                    );
                    for (j, command) in commands.iter().enumerate() {
                        let _ = write!(s, "  case {j}:\n{command}    break;\n");
                    }
                    s.push_str("  }\n\n");
                }
            }
            bits_left -= num_bits;
        }
        insts.retain(|inst| !inst.operands.is_empty());
        insts.reverse();
        if !insts.is_empty() {
            s.push_str("  switch (MI->getOpcode()) {\n  default: llvm_unreachable(\"Unexpected opcode.\");\n");
            while !insts.is_empty() {
                self.emit_instructions(s, &mut insts);
            }
            s.push_str("  }\n");
        }
        s.push_str("}\n");
    }

    /// `EmitInstructions`: the last instruction and those that differ from it in at most the
    /// same one operand, as one case.
    fn emit_instructions(&self, s: &mut String, insts: &mut Vec<AsmWriterInst>) {
        let Some(first) = insts.pop() else {
            return;
        };
        let mut similar = Vec::new();
        // `Same` until an instruction differs in one operand (LLVM's `~0U`).
        let mut differing = Difference::Same;
        let mut i = insts.len();
        while i != 0 {
            let diff = insts[i - 1].matches_all_but_one(&first);
            if diff != Difference::Many {
                if differing == Difference::Same {
                    differing = diff;
                }
                if differing == diff || diff == Difference::Same {
                    similar.push(insts.remove(i - 1));
                }
            }
            i -= 1;
        }
        let differing = match differing {
            Difference::One(op) => Some(op),
            _ => None,
        };
        let _ = writeln!(s, "  case {}:", first.qualified);
        for inst in &similar {
            let _ = writeln!(s, "  case {}:", inst.qualified);
        }
        for (i, operand) in first.operands.iter().enumerate() {
            if Some(i) != differing {
                let _ = write!(s, "    {}", operand.code(self.pass_subtarget));
            } else {
                s.push_str("    switch (MI->getOpcode()) {\n    default: llvm_unreachable(\"Unexpected opcode.\");\n");
                let mut ops: Vec<(&str, &AsmWriterOperand)> = std::iter::once((first.qualified.as_str(), operand))
                    .chain(similar.iter().map(|inst| (inst.qualified.as_str(), &inst.operands[i])))
                    .collect();
                ops.reverse();
                while let Some((name, op)) = ops.pop() {
                    let _ = write!(s, "    case {name}:");
                    let mut j = ops.len();
                    while j != 0 {
                        if ops[j - 1].1 == op {
                            let _ = write!(s, "\n    case {}:", ops[j - 1].0);
                            ops.remove(j - 1);
                        }
                        j -= 1;
                    }
                    let _ = write!(s, "\n      {}\n      break;\n", op.code(self.pass_subtarget));
                }
                s.push_str("    }");
            }
            s.push('\n');
        }
        s.push_str("    break;\n");
    }

    /// `emitRegisterNameString`: the registers' names for one alternative name index (or
    /// their own names, for none).
    fn register_name_string(&self, s: &mut String, bank: &RegBank, alt_name: &str) -> Result<(), Fatal> {
        let f = &self.f;
        let mut names: Vec<Vec<i8>> = Vec::with_capacity(bank.registers.len());
        let mut table = SequenceToOffsetTable::default();
        for reg in &bank.registers {
            let name: &str = if alt_name.is_empty() || alt_name == "NoRegAltName" {
                if reg.asm_name.is_empty() {
                    &reg.name
                } else {
                    reg.asm_name
                }
            } else {
                let indices = f.defs(reg.fields, "RegAltNameIndices")?;
                match indices.iter().position(|&i| f.name(i) == alt_name) {
                    Some(idx) => {
                        let alt_names = f.strings(reg.fields, "AltNames")?;
                        let Some(&name) = alt_names.get(idx) else {
                            return Err(Fatal::new(
                                &self.input.records.get(reg.fields).locs,
                                format!("Register definition missing alt name for '{alt_name}'."),
                            ));
                        };
                        name
                    }
                    None => "",
                }
            };
            let name = chars(name.as_bytes());
            table.add(&name);
            names.push(name);
        }
        table.layout();
        self.string_literal_def(s, &table, &format!("  static const char AsmStrs{alt_name}[]"));
        let _ = write!(
            s,
            "  static const {} RegAsmOffset{alt_name}[] = {{",
            crate::gen_register_info::minimal_type(u64::from(table.size()).wrapping_sub(1))
        );
        for (i, name) in names.iter().enumerate() {
            if i % 14 == 0 {
                s.push_str("\n    ");
            }
            let _ = write!(s, "{}, ", table.get(name));
        }
        s.push_str("\n  };\n\n");
        Ok(())
    }

    /// `EmitGetRegisterName`.
    fn get_register_name(&self, s: &mut String) -> Result<(), Fatal> {
        let f = &self.f;
        let bank = RegBank::get(self.input)?;
        let alt_indices = all_derived_definitions(self.input, "RegAltNameIndex")?;
        let has_alt_names = alt_indices.len() > 1;
        let Some(first) = bank.registers.first() else {
            return Err(Fatal::new(&[], "The target has no registers"));
        };
        let namespace = f.string(first.fields, "Namespace")?;
        let _ = write!(
            s,
            "\n\n/// getRegisterName - This method is automatically generated by tblgen\n/// from the register set description.  This returns the assembler name\n/// for the specified register.\nconst char *{}{}::",
            self.target, self.class_name
        );
        if has_alt_names {
            s.push_str("\ngetRegisterName(MCRegister Reg, unsigned AltIdx) {\n");
        } else {
            s.push_str("getRegisterName(MCRegister Reg) {\n");
        }
        let _ = write!(
            s,
            "  unsigned RegNo = Reg.id();\n  assert(RegNo && RegNo < {} && \"Invalid register number!\");\n\n",
            bank.registers.len() + 1
        );
        if has_alt_names {
            for &index in &alt_indices {
                self.register_name_string(s, &bank, f.name(index))?;
            }
            s.push_str("  switch(AltIdx) {\n  default: llvm_unreachable(\"Invalid register alt name index!\");\n");
            for &index in &alt_indices {
                let alt = f.name(index);
                let _ = writeln!(s, "  case {}:", qualify(namespace, alt));
                if f.is_unset(index, "FallbackRegAltNameIndex")? {
                    let _ = write!(
                        s,
                        "    assert(*(AsmStrs{alt}+RegAsmOffset{alt}[RegNo-1]) &&\n           \"Invalid alt name index for register!\");\n"
                    );
                } else {
                    let fallback = f.name(f.def(index, "FallbackRegAltNameIndex")?);
                    let _ = write!(
                        s,
                        "    if (!*(AsmStrs{alt}+RegAsmOffset{alt}[RegNo-1]))\n      return getRegisterName(RegNo, {});\n",
                        qualify(namespace, fallback)
                    );
                }
                let _ = writeln!(s, "    return AsmStrs{alt}+RegAsmOffset{alt}[RegNo-1];");
            }
            s.push_str("  }\n");
        } else {
            self.register_name_string(s, &bank, "")?;
            s.push_str("  assert (*(AsmStrs+RegAsmOffset[RegNo-1]) &&\n          \"Invalid alt name index for register!\");\n  return AsmStrs+RegAsmOffset[RegNo-1];\n");
        }
        s.push_str("}\n");
        Ok(())
    }

    /// `EmitPrintAliasInstruction`.
    fn print_alias_instruction(&self, s: &mut String) -> Result<(), Fatal> {
        let f = &self.f;
        s.push_str("\n#ifdef PRINT_ALIAS_INSTR\n#undef PRINT_ALIAS_INSTR\n\n");
        let aliases = InstAliases::get(self.input)?;
        let instructions = Instructions::get(self.input)?;
        // The aliases to print, by the qualified name of their instruction; highest priority
        // first, then in creation order.
        let mut alias_map: BTreeMap<String, Vec<(i64, &InstAlias)>> = BTreeMap::new();
        for (def, alias) in &aliases.all {
            let priority = f.int(*def, "EmitPriority")?;
            if priority < 1 {
                continue;
            }
            // `getOperatorAsDef`, before the alias is read.
            if let tdq_core::init::InitKind::Dag(operator, ..) = f.init(*def, "ResultInst")?.kind() {
                if operator.as_def().is_none() {
                    return Err(Fatal::new(&self.input.records.get(*def).locs, "Expected record as operator"));
                }
            }
            let alias = alias.as_ref().map_err(Clone::clone)?;
            let name = tdq_models::target::qualified_name(self.input, alias.result_inst)?;
            alias_map.entry(name).or_default().push((priority, alias));
        }
        let mut printers: HashMap<String, Vec<AliasPrinter>> = HashMap::new();
        let mut print_methods: Vec<(&str, bool)> = Vec::new();
        let mut predicates: Vec<RecId> = Vec::new();
        let mut predicate_index: HashMap<RecId, usize> = HashMap::new();
        for (name, list) in &mut alias_map {
            list.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.def.cmp(&b.1.def)));
            for &(_, alias) in list.iter() {
                let Some(result_inst) = instructions.get_def(alias.result_inst) else {
                    continue;
                };
                let mut ctx = AliasContext {
                    print_methods: &mut print_methods,
                    predicates: &mut predicates,
                    predicate_index: &mut predicate_index,
                };
                if let Some(printer) = self.alias_printer(alias, result_inst, &mut ctx)? {
                    printers.entry(name.clone()).or_default().push(printer);
                }
            }
        }
        self.write_alias_printer(s, &printers, &print_methods, &predicates)
    }

    /// One alias's conditions and string (an `IAPrinter`), or none when the alias has more
    /// operands than its instruction prints.
    fn alias_printer(
        &self,
        alias: &InstAlias,
        inst: &Instruction,
        ctx: &mut AliasContext,
    ) -> Result<Option<AliasPrinter>, Fatal> {
        let f = &self.f;
        let count = |s: &str| s.bytes().filter(|&b| b == b' ' || b == b'\t').count();
        let flat_inst = flatten_asm_string_variants(inst.asm_string, self.variant);
        let flat_alias = unescape_alias(&flatten_asm_string_variants(alias.asm_string, self.variant));
        if count(&flat_inst) < count(&flat_alias) {
            return Ok(None);
        }
        let ns = self.target;
        let operands = &inst.operands.operands;
        let num_mi_ops = operands.iter().map(|o| o.mi_num_operands).sum();
        let mut printer = AliasPrinter {
            op_map: HashMap::new(),
            conds: Vec::new(),
            result: alias.result.to_string(),
            asm_string: flat_alias,
            num_mi_ops,
        };
        let mut mi_op_num: u32 = 0;
        for operand in &alias.result_operands {
            // Tied operands are not part of the alias.
            while let Some(op) = operands.iter().find(|o| o.mi_operand_no + o.mi_num_operands > mi_op_num) {
                if tdq_models::target::inst_alias::is_skipped_tied_operand(inst, op) {
                    mi_op_num += 1;
                    continue;
                }
                break;
            }
            while (printer.conds.len() as u32) < mi_op_num {
                printer.conds.push("AliasPatternCond::K_Ignore, 0".into());
            }
            match operand {
                ResultOperand::Record { name, rec } => {
                    let rec = *rec;
                    let mut print_method_idx: i32 = -1;
                    if f.is_a(rec, "RegisterOperand") || f.is_a(rec, "Operand") {
                        let method = f.string(rec, "PrintMethod")?;
                        let pc_rel = f.string(rec, "OperandType")? == "OPERAND_PCREL";
                        if !method.is_empty() && method != "printOperand" {
                            print_method_idx = match ctx.print_methods.iter().position(|(m, _)| *m == method) {
                                Some(i) => i as i32,
                                None => {
                                    ctx.print_methods.push((method, pc_rel));
                                    ctx.print_methods.len() as i32 - 1
                                }
                            };
                        }
                    }
                    let class = if f.is_a(rec, "RegisterOperand") { Some(f.def(rec, "RegClass")?) } else { Some(rec) }
                        .filter(|&c| f.is_a(c, self.form.reg_class_like));
                    if let Some(class) = class {
                        if let Some(&(index, _)) = printer.op_map.get(name.as_str()) {
                            printer.conds.push(format!("AliasPatternCond::K_TiedReg, {index}"));
                        } else {
                            printer.op_map.insert(name.clone(), (mi_op_num as i32, print_method_idx));
                            let class_name = f.name(class);
                            printer.conds.push(if f.is_a(class, "RegClassByHwMode") {
                                format!("AliasPatternCond::K_RegClassByHwMode, {ns}::{class_name}")
                            } else {
                                format!("AliasPatternCond::K_RegClass, {ns}::{class_name}RegClassID")
                            });
                        }
                    } else {
                        printer.op_map.insert(name.clone(), (mi_op_num as i32, print_method_idx));
                        let entry = match ctx.predicate_index.get(&rec) {
                            Some(&entry) => Some(entry),
                            None if !f.is_unset(rec, "MCOperandPredicate")? => {
                                ctx.predicates.push(rec);
                                ctx.predicate_index.insert(rec, ctx.predicates.len());
                                Some(ctx.predicates.len())
                            }
                            None => None,
                        };
                        if let Some(entry) = entry {
                            printer.conds.push(format!("AliasPatternCond::K_Custom, {entry}"));
                        }
                    }
                }
                ResultOperand::Imm(imm) => {
                    let Ok(imm32) = i32::try_from(*imm) else {
                        return Err(Fatal::new(
                            &[],
                            "Matching an alias with an immediate out of the range of int32_t is not supported",
                        ));
                    };
                    printer.conds.push(format!("AliasPatternCond::K_Imm, uint32_t({imm32})"));
                }
                ResultOperand::Reg(None) => printer.conds.push(format!("AliasPatternCond::K_Reg, {ns}::NoRegister")),
                ResultOperand::Reg(Some(reg)) => {
                    let reg_name = f.name(*reg);
                    if f.is_a(*reg, "RegisterByHwMode") {
                        let entry = match ctx.predicate_index.get(reg) {
                            Some(&entry) => entry,
                            None => {
                                ctx.predicates.push(*reg);
                                ctx.predicate_index.insert(*reg, ctx.predicates.len());
                                ctx.predicates.len()
                            }
                        };
                        printer.conds.push(format!("AliasPatternCond::K_Custom, {entry}/*{reg_name}*/"));
                    } else {
                        printer.conds.push(format!("AliasPatternCond::K_Reg, {ns}::{reg_name}"));
                    }
                }
            }
            mi_op_num += operand.mi_num_operands(self.input)?;
        }
        if self.pass_subtarget {
            for predicate in f.defs(alias.def, "Predicates")? {
                if f.bit(predicate, "AssemblerMatcherPredicate")? {
                    self.feature_conds(&mut printer, predicate)?;
                }
            }
        }
        Ok(Some(printer))
    }

    /// The conditions of one `AssemblerPredicate`'s `AssemblerCondDag`.
    fn feature_conds(&self, printer: &mut AliasPrinter, predicate: RecId) -> Result<(), Fatal> {
        use tdq_core::init::InitKind;
        let f = &self.f;
        let invalid = || Fatal::new(&self.input.records.get(predicate).locs, "Invalid AssemblerCondDag!");
        let dag = f.init(predicate, "AssemblerCondDag")?;
        let InitKind::Dag(op, _, args) = dag.kind() else {
            let name = self.input.records.get(predicate).name_string();
            return Err(Fatal::new(
                &self.input.records.get(predicate).locs,
                format!("Record `{name}', field `AssemblerCondDag' does not have a dag initializer!"),
            ));
        };
        let combine = op.as_def().map(|d| f.name(d)).ok_or_else(invalid)?;
        if combine != "any_of" && combine != "all_of" {
            return Err(invalid());
        }
        if args.is_empty() {
            return Err(invalid());
        }
        let is_or = combine == "any_of";
        let mut args: Vec<tdq_core::init::Init> = args.iter().map(|(a, _)| *a).collect();
        if is_or && args.len() == 2 {
            if let InitKind::Dag(_, _, rhs) = args[1].kind() {
                args.truncate(1);
                args.extend(rhs.iter().map(|(a, _)| *a));
            }
        }
        for mut arg in args {
            let mut negated = false;
            if let InitKind::Dag(not, _, inner) = arg.kind() {
                if not.to_string() != "not" || inner.len() != 1 {
                    return Err(invalid());
                }
                arg = inner[0].0;
                negated = true;
            }
            let feature = arg.as_def().filter(|&d| f.is_a(d, "SubtargetFeature")).ok_or_else(invalid)?;
            printer.conds.push(format!(
                "AliasPatternCond::K_{}{}Feature, {}::{}",
                if is_or { "Or" } else { "" },
                if negated { "Neg" } else { "" },
                self.target,
                f.name(feature)
            ));
        }
        if is_or {
            printer.conds.push("AliasPatternCond::K_EndOrFeatures, 0".into());
        }
        Ok(())
    }

    /// The `printAliasInstr`, `printCustomAliasOperand` and `ValidateMCOperand` functions.
    fn write_alias_printer(
        &self,
        s: &mut String,
        printers: &HashMap<String, Vec<AliasPrinter>>,
        print_methods: &[(&str, bool)],
        predicates: &[RecId],
    ) -> Result<(), Fatal> {
        let f = &self.f;
        let (target, class) = (self.target, self.class_name);
        let sti = if self.pass_subtarget { "const MCSubtargetInfo &STI, " } else { "" };
        let header = format!(
            "bool {target}{class}::printAliasInstr(const MCInst *MI, uint64_t Address, {sti}raw_ostream &OS) {{\n"
        );
        let mut opcodes = String::new();
        let mut patterns = String::new();
        let mut conds = String::new();
        let (mut pattern_count, mut cond_count) = (0usize, 0usize);
        let mut string_offsets: HashMap<String, usize> = HashMap::new();
        let mut strings: Vec<(usize, String)> = Vec::new();
        let mut strings_size = 0;
        for inst in &self.numbered {
            let key = qualify(inst.namespace, inst.name);
            let Some(list) = printers.get(&key) else {
                continue;
            };
            let unique: Vec<&AliasPrinter> = list
                .iter()
                .enumerate()
                .filter(|&(i, p)| !list.iter().enumerate().any(|(j, q)| i != j && p.same_conditions(q)))
                .map(|(_, p)| p)
                .collect();
            if unique.is_empty() {
                continue;
            }
            let pattern_start = pattern_count;
            let _ = writeln!(patterns, "    // {key} - {pattern_start}");
            for printer in unique {
                let cond_start = cond_count;
                let _ = writeln!(conds, "    // {} - {cond_start}", printer.result);
                for cond in &printer.conds {
                    let _ = writeln!(conds, "    {{{cond}}},");
                }
                cond_count += printer.conds.len();
                let (encoded, unescaped_size) = printer.format_alias_string();
                let offset = *string_offsets.entry(encoded.clone()).or_insert_with(|| {
                    strings.push((strings_size, encoded));
                    let offset = strings_size;
                    strings_size += unescaped_size + 1;
                    offset
                });
                let _ = writeln!(
                    patterns,
                    "    {{{offset}, {cond_start}, {}, {} }},",
                    printer.num_mi_ops,
                    printer.conds.len()
                );
                pattern_count += 1;
            }
            let _ = writeln!(opcodes, "    {{{key}, {pattern_start}, {} }},", pattern_count - pattern_start);
        }
        if opcodes.is_empty() {
            s.push_str(&header);
            s.push_str("  return false;\n}\n\n#endif // PRINT_ALIAS_INSTR\n");
            return Ok(());
        }
        let validate = format!(
            "static bool {target}{class}ValidateMCOperand(const MCOperand &MCOp,\n                  const MCSubtargetInfo &STI,\n                  unsigned PredicateIndex)"
        );
        if !predicates.is_empty() {
            let _ = writeln!(s, "{validate};");
        }
        s.push_str(&header);
        let _ = write!(s, "  static const PatternsForOpcode OpToPatterns[] = {{\n{opcodes}  }};\n\n");
        let _ = write!(s, "  static const AliasPattern Patterns[] = {{\n{patterns}  }};\n\n");
        let _ = write!(s, "  static const AliasPatternCond Conds[] = {{\n{conds}  }};\n\n");
        s.push_str("  static const char AsmStrings[] =\n");
        for (offset, string) in &strings {
            let _ = writeln!(s, "    /* {offset} */ \"{string}\\0\"");
        }
        s.push_str("  ;\n\n");
        s.push_str(concat!(
            "#ifndef NDEBUG\n",
            "  static struct SortCheck {\n",
            "    SortCheck(ArrayRef<PatternsForOpcode> OpToPatterns) {\n",
            "      assert(std::is_sorted(\n",
            "                 OpToPatterns.begin(), OpToPatterns.end(),\n",
            "                 [](const PatternsForOpcode &L, const PatternsForOpcode &R) {\n",
            "                   return L.Opcode < R.Opcode;\n",
            "                 }) &&\n",
            "             \"tablegen failed to sort opcode patterns\");\n",
            "    }\n",
            "  } sortCheckVar(OpToPatterns);\n",
            "#endif\n\n",
            "  AliasMatchingData M {\n",
            "    ArrayRef(OpToPatterns),\n",
            "    ArrayRef(Patterns),\n",
            "    ArrayRef(Conds),\n",
            "    StringRef(AsmStrings, std::size(AsmStrings)),\n",
        ));
        if predicates.is_empty() {
            s.push_str("    nullptr,\n");
        } else {
            let _ = writeln!(s, "    &{target}{class}ValidateMCOperand,");
        }
        s.push_str("  };\n");
        let _ = write!(
            s,
            "  const char *AsmString = matchAliasPatterns(MI, {}, M);\n  if (!AsmString) return false;\n\n",
            if self.pass_subtarget { "&STI" } else { "nullptr" }
        );
        let sti_arg = if self.pass_subtarget { "STI, " } else { "" };
        s.push_str(concat!(
            "  unsigned I = 0;\n",
            "  while (AsmString[I] != ' ' && AsmString[I] != '\\t' &&\n",
            "         AsmString[I] != '$' && AsmString[I] != '\\0')\n",
            "    ++I;\n",
            "  OS << '\\t' << StringRef(AsmString, I);\n",
            "  if (AsmString[I] != '\\0') {\n",
            "    if (AsmString[I] == ' ' || AsmString[I] == '\\t') {\n",
            "      OS << '\\t';\n",
            "      ++I;\n",
            "    }\n",
            "    do {\n",
            "      if (AsmString[I] == '$') {\n",
            "        ++I;\n",
            "        if (AsmString[I] == (char)0xff) {\n",
            "          ++I;\n",
            "          int OpIdx = AsmString[I++] - 1;\n",
            "          int PrintMethodIdx = AsmString[I++] - 1;\n",
        ));
        let _ = write!(
            s,
            "          printCustomAliasOperand(MI, Address, OpIdx, PrintMethodIdx, {sti_arg}OS);\n        }} else\n          printOperand(MI, unsigned(AsmString[I++]) - 1, {sti_arg}OS);\n"
        );
        s.push_str(concat!(
            "      } else {\n",
            "        OS << AsmString[I++];\n",
            "      }\n",
            "    } while (AsmString[I] != '\\0');\n",
            "  }\n\n",
            "  return true;\n",
            "}\n\n",
        ));
        let _ = write!(
            s,
            "void {target}{class}::printCustomAliasOperand(\n         const MCInst *MI, uint64_t Address, unsigned OpIdx,\n         unsigned PrintMethodIdx,\n{}         raw_ostream &OS) {{\n",
            if self.pass_subtarget { "         const MCSubtargetInfo &STI,\n" } else { "" }
        );
        if print_methods.is_empty() {
            s.push_str("  llvm_unreachable(\"Unknown PrintMethod kind\");\n");
        } else {
            s.push_str("  switch (PrintMethodIdx) {\n  default:\n    llvm_unreachable(\"Unknown PrintMethod kind\");\n    break;\n");
            for (i, (method, pc_rel)) in print_methods.iter().enumerate() {
                let _ = write!(
                    s,
                    "  case {i}:\n    {method}(MI, {}OpIdx, {sti_arg}OS);\n    break;\n",
                    if *pc_rel { "Address, " } else { "" }
                );
            }
            s.push_str("  }\n");
        }
        s.push_str("}\n\n");
        if !predicates.is_empty() {
            let _ = write!(
                s,
                "{validate} {{\n  switch (PredicateIndex) {{\n  default:\n    llvm_unreachable(\"Unknown MCOperandPredicate kind\");\n    break;\n"
            );
            for (i, &rec) in predicates.iter().enumerate() {
                let _ = writeln!(s, "  case {}: {{", i + 1);
                if f.is_a(rec, "RegisterByHwMode") {
                    if !self.pass_subtarget {
                        return Err(Fatal::new(
                            &self.input.records.get(self.writer).locs,
                            "PassSubtarget must be set in AsmWriter to handle RegisterByHwMode",
                        ));
                    }
                    let bank = RegBank::get(self.input)?;
                    let namespace = bank.classes.first().map_or("", |c| c.namespace);
                    let _ = writeln!(
                        s,
                        "    return MCOp.isReg() && MCOp.getReg() == {namespace}::RegisterByHwMode::get{}(STI.getHwMode(MCSubtargetInfo::HwMode_RegInfo));",
                        f.name(rec)
                    );
                } else {
                    let predicate = f.string(rec, "MCOperandPredicate")?;
                    // `StringRef::data()` printed as a C string.
                    let _ = writeln!(s, "{}", predicate.split('\0').next().unwrap_or(""));
                }
                s.push_str(self.form.predicate_case_end);
            }
            s.push_str("  }\n}\n\n");
        }
        s.push_str("#endif // PRINT_ALIAS_INSTR\n");
        Ok(())
    }
}

/// What the aliases share as they are read: the print methods and operand predicates they
/// use, each numbered when first met.
struct AliasContext<'a, 'b> {
    print_methods: &'a mut Vec<(&'b str, bool)>,
    predicates: &'a mut Vec<RecId>,
    predicate_index: &'a mut HashMap<RecId, usize>,
}

/// One alias as `printAliasInstr` matches it (`IAPrinter`).
struct AliasPrinter {
    /// Each named operand's machine operand and print method (-1: `printOperand`).
    op_map: HashMap<String, (i32, i32)>,
    conds: Vec<String>,
    /// The result dag as printed.
    result: String,
    asm_string: String,
    num_mi_ops: u32,
}

impl AliasPrinter {
    /// Two aliases with the same conditions cannot be told apart (`IAPrinter::operator==`).
    fn same_conditions(&self, other: &AliasPrinter) -> bool {
        self.num_mi_ops == other.num_mi_ops && self.conds == other.conds
    }

    /// `formatAliasString`: the alias's string with each operand replaced by its escaped
    /// number (and print method), and the string's length once unescaped.
    fn format_alias_string(&self) -> (String, usize) {
        let bytes = self.asm_string.as_bytes();
        let mut out = String::new();
        let mut size = 0;
        let mut i = 0;
        while i < bytes.len() {
            let start = i;
            // One character (all of a UTF-8 sequence, which LLVM copies byte by byte).
            i += 1;
            while i < bytes.len() && (bytes[i] & 0xC0) == 0x80 {
                i += 1;
            }
            out.push_str(&self.asm_string[start..i]);
            size += i - start;
            if bytes[start] != b'$' {
                continue;
            }
            let name_start;
            let name_end;
            if bytes.get(i) == Some(&b'{') {
                name_start = i + 1;
                let mut j = name_start;
                while j < bytes.len() && bytes[j] != b'}' {
                    j += 1;
                }
                name_end = j;
                i = if j < bytes.len() { j + 1 } else { j };
            } else {
                name_start = i;
                let mut j = i;
                while j < bytes.len() && is_ident_char(bytes[j]) {
                    j += 1;
                }
                name_end = j;
                i = j;
            }
            let name = &self.asm_string[name_start..name_end];
            // An unmapped name reads LLVM's default entry, (0, 0).
            let (op_index, print_index) = self.op_map.get(name).copied().unwrap_or((0, 0));
            if print_index == -1 {
                let _ = write!(out, "\\x{:02X}", u32::from(op_index as u8) + 1);
                size += 1;
            } else {
                let _ = write!(out, "\\xFF\\x{:02X}\\x{:02X}", op_index + 1, print_index + 1);
                size += 3;
            }
        }
        (out, size)
    }
}
