//! What LLVM's X86 backends (`X86RecognizableInstr`) read of an X86 instruction: its encoding
//! form and whether the disassembler tables take it, and its mnemonic. The X86 mnemonic, fold
//! and mapping tables and the X86 disassembler read instructions through this.

pub mod contexts;
pub mod disassembler;

use crate::records::{Fatal, Fields};
use crate::target::instructions::{flatten_asm_string_variants, Instruction};
use tdq_core::init::InitKind;
use tdq_core::types::RecId;
use tdq_core::ByRelease;

/// The encoding forms (`X86Local::Form`, `FormBits`).
pub mod form {
    pub const PSEUDO: u8 = 0;
    pub const RAW_FRM: u8 = 1;
    pub const ADD_REG_FRM: u8 = 2;
    pub const RAW_FRM_MEM_OFFS: u8 = 3;
    pub const RAW_FRM_SRC: u8 = 4;
    pub const RAW_FRM_DST: u8 = 5;
    pub const RAW_FRM_DST_SRC: u8 = 6;
    pub const RAW_FRM_IMM8: u8 = 7;
    pub const RAW_FRM_IMM16: u8 = 8;
    pub const ADD_CC_FRM: u8 = 9;
    pub const PREFIX_BYTE: u8 = 10;
    pub const MRM_DEST_REG_CC: u8 = 18;
    pub const MRM_DEST_MEM_CC: u8 = 19;
    pub const MRM_DEST_MEM_4VOP3_CC: u8 = 20;
    pub const MRM_R0: u8 = 21;
    pub const MRM_SRC_MEM_FSIB: u8 = 22;
    pub const MRM_DEST_MEM_FSIB: u8 = 23;
    pub const MRM_DEST_MEM: u8 = 24;
    pub const MRM_SRC_MEM: u8 = 25;
    pub const MRM_SRC_MEM_4VOP3: u8 = 26;
    pub const MRM_SRC_MEM_OP4: u8 = 27;
    pub const MRM_SRC_MEM_CC: u8 = 28;
    pub const MRM_XM_CC: u8 = 30;
    pub const MRM_XM: u8 = 31;
    /// `MRM0m` .. `MRM7m` are 32 ..= 39.
    pub const MRM0M: u8 = 32;
    pub const MRM7M: u8 = 39;
    pub const MRM_DEST_REG: u8 = 40;
    pub const MRM_SRC_REG: u8 = 41;
    pub const MRM_SRC_REG_4VOP3: u8 = 42;
    pub const MRM_SRC_REG_OP4: u8 = 43;
    pub const MRM_SRC_REG_CC: u8 = 44;
    pub const MRM_XR_CC: u8 = 46;
    pub const MRM_XR: u8 = 47;
    /// `MRM0r` .. `MRM7r` are 48 ..= 55.
    pub const MRM0R: u8 = 48;
    pub const MRM7R: u8 = 55;
    /// `MRM0X` .. `MRM7X` are 56 ..= 63.
    pub const MRM0X: u8 = 56;
    pub const MRM7X: u8 = 63;
    /// `MRM_C0` .. `MRM_FF` are 64 ..= 127.
    pub const MRM_C0: u8 = 64;
    pub const MRM_FF: u8 = 127;
}

/// The opcode maps (`OpMapBits`) the tables test.
pub mod op_map {
    pub const T_MAP4: u8 = 8;
}

/// The encodings (`OpEncBits`).
pub mod encoding {
    pub const VEX: u8 = 1;
    pub const EVEX: u8 = 3;
}

/// `explicitOpPrefixBits`: `{rex2}` written on an instruction that needs a REX2 prefix.
pub const EXPLICIT_REX2: u8 = 1;
/// `explicitOpPrefixBits`: `{EVEX}` written on an instruction promoted into the EVEX space.
pub const EXPLICIT_EVEX: u8 = 3;

/// LLVM's `RecognizableInstrBase`: an `X86Inst` def's encoding fields, read in LLVM's order
/// (so that a missing field is LLVM's error).
#[derive(Clone, Copy, Debug, Default)]
pub struct RecognizableInstr {
    pub op_prefix: u8,
    pub op_map: u8,
    pub opcode: u8,
    /// `FormBits`.
    pub form: u8,
    pub encoding: u8,
    pub op_size: u8,
    pub ad_size: u8,
    pub has_rex_w: bool,
    pub has_vex_4v: bool,
    pub ignores_w: bool,
    pub ignores_vex_l: bool,
    pub has_evex_l2: bool,
    pub has_evex_k: bool,
    pub has_evex_kz: bool,
    pub has_evex_b: bool,
    /// `hasEVEX_U` (read since LLVM 22).
    pub has_evex_u: bool,
    pub has_evex_nf: bool,
    pub has_two_conditional_ops: bool,
    pub is_code_gen_only: bool,
    pub is_asm_parser_only: bool,
    pub force_disassemble: bool,
    pub cd8_scale: u8,
    pub has_vex_l: bool,
    /// `explicitOpPrefixBits`.
    pub explicit_op_prefix: u8,
}

/// `hasEVEX_U` is read (LLVM 22 on).
const READS_EVEX_U: ByRelease<bool> = ByRelease { v19: false, v22: true, v23: true };

impl RecognizableInstr {
    /// Reads an `X86Inst` def.
    pub fn read(f: &Fields, rec: RecId) -> Result<RecognizableInstr, Fatal> {
        let byte = |field: &str| byte_from_rec(f, rec, field);
        let bit = |field: &str| f.bit(rec, field);
        let mut ri = RecognizableInstr {
            op_prefix: byte("OpPrefixBits")?,
            op_map: byte("OpMapBits")?,
            opcode: byte("Opcode")?,
            form: byte("FormBits")?,
            encoding: byte("OpEncBits")?,
            op_size: byte("OpSizeBits")?,
            ad_size: byte("AdSizeBits")?,
            has_rex_w: bit("hasREX_W")?,
            has_vex_4v: bit("hasVEX_4V")?,
            ignores_w: bit("IgnoresW")?,
            ignores_vex_l: bit("ignoresVEX_L")?,
            has_evex_l2: bit("hasEVEX_L2")?,
            has_evex_k: bit("hasEVEX_K")?,
            has_evex_kz: bit("hasEVEX_Z")?,
            has_evex_b: bit("hasEVEX_B")?,
            ..RecognizableInstr::default()
        };
        if *READS_EVEX_U.get(f.input.records.release) {
            ri.has_evex_u = bit("hasEVEX_U")?;
        }
        ri.has_evex_nf = bit("hasEVEX_NF")?;
        ri.has_two_conditional_ops = bit("hasTwoConditionalOps")?;
        ri.is_code_gen_only = bit("isCodeGenOnly")?;
        ri.is_asm_parser_only = bit("isAsmParserOnly")?;
        ri.force_disassemble = bit("ForceDisassemble")?;
        ri.cd8_scale = byte("CD8_Scale")?;
        ri.has_vex_l = bit("hasVEX_L")?;
        ri.explicit_op_prefix = byte("explicitOpPrefixBits")?;
        Ok(ri)
    }

    /// `shouldBeEmitted`: not a pseudo, not code-generation only (unless forced into the
    /// disassembler), not assembler-parser only.
    pub fn should_be_emitted(&self) -> bool {
        self.form != form::PSEUDO && (!self.is_code_gen_only || self.force_disassemble) && !self.is_asm_parser_only
    }

    /// `EncodeRC`: EVEX.b on a register-register form means static rounding.
    pub fn encode_rc(&self) -> bool {
        self.has_evex_b && (self.form == form::MRM_DEST_REG || self.form == form::MRM_SRC_REG)
    }

    /// `ExplicitREX2Prefix`.
    pub fn explicit_rex2(&self) -> bool {
        self.explicit_op_prefix == EXPLICIT_REX2
    }
}

/// `byteFromRec`: a `bits<N>` field's low eight bits (an unset bit counts as 0, where LLVM
/// would crash).
pub fn byte_from_rec(f: &Fields, rec: RecId, field: &str) -> Result<u8, Fatal> {
    let mut byte = 0u8;
    for (i, bit) in f.bits(rec, field)?.iter().enumerate().take(8) {
        if matches!(bit.kind(), InitKind::Bit(true)) {
            byte |= 1 << i;
        }
    }
    Ok(byte)
}

/// `X86Disassembler::getMnemonic`: the assembly string of `variant` up to its first tab,
/// `${cond}` as `CC`, in upper case.
pub fn mnemonic(inst: &Instruction, variant: u32) -> String {
    let flat = flatten_asm_string_variants(inst.asm_string, variant);
    let mut mnemonic = flat.split('\t').next().unwrap_or("").to_string();
    if let Some(pos) = mnemonic.find("${cond}") {
        mnemonic.replace_range(pos..pos + 7, "CC");
    }
    mnemonic.to_ascii_uppercase()
}

/// `isRegisterOperand`: a register class or a `RegisterOperand`.
pub fn is_register_operand(f: &Fields, rec: RecId) -> bool {
    f.is_a(rec, "RegisterClass") || f.is_a(rec, "RegisterOperand")
}

/// `isMemoryOperand`: an `Operand` of type `OPERAND_MEMORY`.
pub fn is_memory_operand(f: &Fields, rec: RecId) -> Result<bool, Fatal> {
    Ok(f.is_a(rec, "Operand") && f.string(rec, "OperandType")? == "OPERAND_MEMORY")
}

/// `isImmediateOperand`: an `Operand` of type `OPERAND_IMMEDIATE`.
pub fn is_immediate_operand(f: &Fields, rec: RecId) -> Result<bool, Fatal> {
    Ok(f.is_a(rec, "Operand") && f.string(rec, "OperandType")? == "OPERAND_IMMEDIATE")
}

/// `getRegOperandSize`: the `Alignment` of a register class, or of a `RegisterOperand`'s class.
pub fn reg_operand_size(f: &Fields, rec: RecId) -> Result<i64, Fatal> {
    if f.is_a(rec, "RegisterClass") {
        return f.int(rec, "Alignment");
    }
    if f.is_a(rec, "RegisterOperand") {
        return f.int(f.def(rec, "RegClass")?, "Alignment");
    }
    Err(Fatal::new(&f.input.records.get(rec).locs, "Register operand's size not known!"))
}

/// `getMemOperandSize`: an `X86MemOperand`'s `Size`.
pub fn mem_operand_size(f: &Fields, rec: RecId) -> Result<i64, Fatal> {
    if f.is_a(rec, "X86MemOperand") {
        return f.int(rec, "Size");
    }
    Err(Fatal::new(&f.input.records.get(rec).locs, "Memory operand's size not known!"))
}

/// The number of arguments of an instruction's `OutOperandList` or `InOperandList`.
pub fn operand_dag_len(f: &Fields, rec: RecId, field: &str) -> Result<usize, Fatal> {
    match f.init(rec, field)?.kind() {
        InitKind::Dag(_, _, args) => Ok(args.len()),
        _ => Err(f.wrong_kind(rec, field, "dag")),
    }
}
