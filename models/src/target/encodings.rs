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

mod decoder;
pub mod var_len;
pub use decoder::{operand_decoder_method, DecodedOperand, DecoderEncoding};
