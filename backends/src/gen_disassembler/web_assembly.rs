//! WebAssembly's disassembler tables (LLVM's WebAssemblyDisassemblerEmitter.cpp): its opcodes
//! are a prefix byte and an opcode, so instead of decoder tables it gets a table of 256
//! entries per prefix (the stack-based instruction of each opcode, its operand count and
//! where its operand types start in a shared list) and a table of the prefixes.

use crate::BackendError;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use tdq_core::init::InitKind;
use tdq_core::{ByRelease, Evaluation, Release};
use tdq_models::target::instructions::{Instruction, Instructions};
use tdq_models::Fields;

/// How a release declares the tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Declarations {
    /// In `namespace llvm`, with the table size as a constant and a `{ 0, nullptr }` entry
    /// ending the prefix table (LLVM 19).
    InLlvmNamespace,
    /// `constexpr`, the types in an anonymous namespace (LLVM 22 on).
    Constexpr,
}

const DECLARATIONS: ByRelease<Declarations> =
    ByRelease { v19: Declarations::InLlvmNamespace, v22: Declarations::Constexpr, v23: Declarations::Constexpr };

const TABLE_SIZE: u32 = 256;

/// An opcode's instruction (with its enum value), once a stack-based one has it.
type Slot<'a> = Option<(usize, &'a Instruction)>;

/// `emitWebAssemblyDisassemblerTables`.
pub fn emit(input: &Evaluation, release: Release, o: &mut String) -> Result<(), BackendError> {
    let f = Fields { input };
    let instructions = Instructions::get(input)?;
    // Prefix to opcode to (enum value, instruction): the canonical stack-based instruction.
    let mut tables: BTreeMap<u32, BTreeMap<u32, Slot>> = BTreeMap::new();
    for (index, inst) in instructions.in_enum_order().enumerate() {
        let Some(field) = f.value(inst.def, "Inst") else { continue };
        let InitKind::Bits(bits) = field.value.kind() else { continue };
        let mut opcode = 0u64;
        for (i, b) in bits.iter().enumerate() {
            match b.kind() {
                InitKind::Bit(true) if i < 64 => opcode |= 1 << i,
                InitKind::Bit(_) => {}
                _ => {
                    let message = format!("{}: Inst has bits that are not set: no opcode", inst.name);
                    return Err(tdq_models::Fatal::new(&input.records.get(inst.def).locs, message).into());
                }
            }
        }
        if opcode == 0xFFFF_FFFF {
            continue;
        }
        let (prefix, opcode) =
            if opcode <= 0xFFFF { (opcode >> 8, opcode & 0xFF) } else { (opcode >> 16, opcode & 0xFFFF) };
        let slot = tables.entry(prefix as u32).or_default().entry(opcode as u32).or_default();
        if !f.bit(inst.def, "StackBased")? {
            continue;
        }
        if let Some((_, existing)) = slot {
            // The canonical one, else the one with the shortest assembly string.
            if f.bit(existing.def, "IsCanonical")? {
                continue;
            }
            if !f.bit(inst.def, "IsCanonical")? && existing.asm_string.len() <= inst.asm_string.len() {
                continue;
            }
        }
        *slot = Some((index, inst));
    }
    let declarations = DECLARATIONS.get(release);
    let constexpr = match declarations {
        Declarations::InLlvmNamespace => {
            o.push_str(
                "#include \"MCTargetDesc/WebAssemblyMCTargetDesc.h\"\n\nnamespace llvm {\n\n\
                 static constexpr int WebAssemblyInstructionTableSize = 256;\n\n\
                 enum EntryType : uint8_t { ET_Unused, ET_Prefix, ET_Instruction };\n\n\
                 struct WebAssemblyInstruction {\n  uint16_t Opcode;\n  EntryType ET;\n  uint8_t NumOperands;\n  uint16_t OperandStart;\n};\n\n",
            );
            ""
        }
        Declarations::Constexpr => {
            o.push_str(
                "\n#include \"MCTargetDesc/WebAssemblyMCTargetDesc.h\"\n\nnamespace {\n\
                 enum EntryType : uint8_t { ET_Unused, ET_Prefix, ET_Instruction };\n\n\
                 struct WebAssemblyInstruction {\n  uint16_t Opcode;\n  EntryType ET;\n  uint8_t NumOperands;\n  uint16_t OperandStart;\n};\n\
                 } // end anonymous namespace\n\n",
            );
            "constexpr "
        }
    };
    let mut operand_table: Vec<&str> = Vec::new();
    for (&prefix, table) in &tables {
        if table.is_empty() {
            continue;
        }
        let _ = writeln!(o, "{constexpr}WebAssemblyInstruction InstructionTable{prefix}[] = {{");
        for i in 0..TABLE_SIZE {
            match table.get(&i) {
                Some(Some((index, inst))) => {
                    let operands = &inst.operands.operands;
                    let _ = write!(
                        o,
                        "  // 0x{i:x}: {}\n  {{ {index}, ET_Instruction, {}, ",
                        inst.asm_string,
                        operands.len()
                    );
                    // Where the operand types are in the shared list, appended when absent.
                    let types: Vec<&str> = operands.iter().map(|op| op.operand_type.as_str()).collect();
                    let start = operand_table.windows(types.len().max(1)).position(|w| w == types.as_slice());
                    let start = if types.is_empty() { Some(0) } else { start };
                    match start {
                        Some(start) => {
                            let _ = write!(o, "{start}");
                        }
                        None => {
                            let _ = write!(o, "{}", operand_table.len());
                            operand_table.extend(types);
                        }
                    }
                }
                Some(None) => {
                    let message =
                        format!("WebAssembly opcode 0x{i:x} of prefix {prefix} has no stack-based instruction");
                    return Err(tdq_models::Fatal::new(&[], message).into());
                }
                None if i != 0 && prefix == 0 && tables.contains_key(&i) => o.push_str("  { 0, ET_Prefix, 0, 0"),
                None => o.push_str("  { 0, ET_Unused, 0, 0"),
            }
            o.push_str("  },\n");
        }
        o.push_str("};\n\n");
    }
    let operand_table_type = match declarations {
        Declarations::InLlvmNamespace => "const",
        Declarations::Constexpr => "constexpr",
    };
    let _ = writeln!(o, "{operand_table_type} uint8_t OperandTable[] = {{");
    for op in &operand_table {
        let _ = writeln!(o, "  {op},");
    }
    o.push_str("};\n\n");
    match declarations {
        Declarations::InLlvmNamespace => {
            o.push_str("struct { uint8_t Prefix; const WebAssemblyInstruction *Table; }\nPrefixTable[] = {\n")
        }
        Declarations::Constexpr => o.push_str(
            "\nconstexpr struct {\n  uint8_t Prefix;\n  const WebAssemblyInstruction *Table;\n} PrefixTable[] = {\n",
        ),
    }
    for (&prefix, table) in &tables {
        if table.is_empty() || prefix == 0 {
            continue;
        }
        let _ = writeln!(o, "  {{ {prefix}, InstructionTable{prefix} }},");
    }
    match declarations {
        Declarations::InLlvmNamespace => o.push_str("  { 0, nullptr }\n};\n\n} // end namespace llvm\n"),
        Declarations::Constexpr => o.push_str("};\n"),
    }
    Ok(())
}
