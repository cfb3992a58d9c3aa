//! What LLVM's X86 disassembler emitter (`X86RecognizableInstr`) computes for one instruction:
//! its context (which prefixes and mode it needs), how each operand is encoded and what it
//! is, and where it goes in the decode tables (opcode map, opcodes, the ModR/M bytes it
//! takes and the inheritance flags). The tables themselves are the backend's.

use super::contexts::{Contexts, Ctx, Inherit};
use super::{form, RecognizableInstr};
use crate::records::{Fatal, Fields};
use crate::target::instructions::{Constraint, Instruction};
use tdq_core::ByRelease;

/// `X86_MAX_OPERANDS`.
pub const MAX_OPERANDS: usize = 6;

/// `OpPrefixBits`.
mod prefix {
    pub const PD: u8 = 1;
    pub const XS: u8 = 2;
    pub const XD: u8 = 3;
    pub const PS: u8 = 4;
}

/// `OpSizeBits` and `AdSizeBits`.
const OP_SIZE_16: u8 = 1;
const OP_SIZE_32: u8 = 2;
const AD_SIZE_16: u8 = 1;
const AD_SIZE_32: u8 = 2;
const AD_SIZE_64: u8 = 3;

/// `OpEncBits` of XOP.
const XOP: u8 = 2;

/// Which ModR/M bytes an instruction takes (X86ModRMFilters.h).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Filter {
    /// Every one (`DumbFilter`): the instruction has no ModR/M byte.
    Dumb,
    /// Register (`mod == 3`) or memory forms (`ModFilter`).
    Mod { reg: bool },
    /// Those forms with this `reg` field (`ExtendedFilter`).
    Extended { reg: bool, nnn: u8 },
    /// Register forms with this `r/m` field (`ExtendedRMFilter`).
    ExtendedRm { reg: bool, nnn: u8 },
    /// Exactly one byte (`ExactFilter`).
    Exact(u8),
}

impl Filter {
    /// `accepts`.
    pub fn accepts(self, modrm: u8) -> bool {
        let is_reg = modrm & 0xc0 == 0xc0;
        match self {
            Filter::Dumb => true,
            Filter::Mod { reg } => reg == is_reg,
            Filter::Extended { reg, nnn } => reg == is_reg && (modrm & 0x38) >> 3 == nnn,
            Filter::ExtendedRm { reg, nnn } => reg && is_reg && modrm & 0x7 == nnn,
            Filter::Exact(byte) => byte == modrm,
        }
    }
}

/// `InstructionSpecifier`: what the decoder knows of an instruction once it has found it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Specifier {
    pub name: &'static str,
    pub context: Ctx,
    /// Each operand's encoding and type (indexes into [`ENCODINGS`] and [`TYPES`]).
    pub operands: [(u8, u8); MAX_OPERANDS],
}

/// Where an instruction goes in the tables (`emitDecodePath`'s `setTableFields` calls).
#[derive(Clone, Debug)]
pub struct DecodePath {
    /// The opcode map (`OpcodeType`, 0 ..= 11).
    pub map: u8,
    /// The opcodes: one, or the 8 or 16 of a register or condition code added to it.
    pub opcodes: Vec<u8>,
    pub filter: Filter,
    /// Not decoded in 64-bit contexts: 32-bit only, or 16-bit addresses.
    pub excludes_64bit: bool,
    /// How it inherits into other contexts.
    pub inherit: Inherit,
}

/// One instruction as the X86 disassembler sees it.
#[derive(Clone, Debug)]
pub struct Recognized {
    pub specifier: Specifier,
    pub path: DecodePath,
}

/// Reads an `X86Inst` instruction (`RecognizableInstr::processInstr`): `None` when the
/// disassembler does not take it (a pseudo, code-generation or assembler-parser only).
pub fn recognize(f: &Fields, inst: &Instruction, contexts: &Contexts) -> Result<Option<Recognized>, Fatal> {
    let base = RecognizableInstr::read(f, inst.def)?;
    let mut is_32bit = false;
    let mut is_64bit = false;
    for predicate in f.defs(inst.def, "Predicates")? {
        let name = f.name(predicate);
        if name.contains("Not64Bit") || name.contains("In32Bit") {
            is_32bit = true;
            break;
        }
        if name.contains("In64Bit") {
            is_64bit = true;
            break;
        }
    }
    if !base.should_be_emitted() {
        return Ok(None);
    }
    let r = Recognizer { f, inst, ri: base, is_64bit, contexts };
    let context = r.context()?;
    let operands = r.operands()?;
    let path = r.decode_path(is_32bit)?;
    Ok(Some(Recognized { specifier: Specifier { name: inst.name, context, operands }, path }))
}

struct Recognizer<'a> {
    f: &'a Fields<'a>,
    inst: &'a Instruction,
    ri: RecognizableInstr,
    is_64bit: bool,
    contexts: &'a Contexts,
}

/// The operand classes of `emitInstructionSpecifier` (each with its `*EncodingFromString`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Class {
    Relocation,
    Immediate,
    RmRegister,
    RoRegister,
    Vvvv,
    Writemask,
    Memory,
    OpcodeModifier,
}

impl Recognizer<'_> {
    fn error(&self, message: String) -> Fatal {
        Fatal::new(&self.f.input.records.get(self.inst.def).locs, message)
    }

    fn context_named(&self, name: &str) -> Result<Ctx, Fatal> {
        let release = self.f.input.records.release;
        self.contexts
            .get(name)
            .ok_or_else(|| self.error(format!("{}: no instruction context {name} in LLVM {release}", self.inst.name)))
    }

    /// `insnContext`.
    fn context(&self) -> Result<Ctx, Fatal> {
        let ri = &self.ri;
        let name = self.inst.name;
        let no_prefix = || self.error(format!("Instruction does not use a prefix: {name}"));
        // The suffix of a mandatory prefix, `PS` being none.
        let prefix = || match ri.op_prefix {
            prefix::PD => Ok("_OPSIZE"),
            prefix::XS => Ok("_XS"),
            prefix::XD => Ok("_XD"),
            prefix::PS => Ok(""),
            _ => Err(no_prefix()),
        };
        let (pd, xs, xd, ps) = (
            ri.op_prefix == prefix::PD,
            ri.op_prefix == prefix::XS,
            ri.op_prefix == prefix::XD,
            ri.op_prefix == prefix::PS,
        );
        let w = ri.has_rex_w;
        let name = if ri.encoding == super::encoding::EVEX {
            if ri.has_vex_l && ri.has_evex_l2 {
                return Err(self.error(format!("Don't support VEX.L if EVEX_L2 is enabled: {name}")));
            }
            let rc = ri.encode_rc();
            // `EVEX_KB`: the masking and broadcast suffixes.
            let kb = |base: String| {
                let suffix = match (ri.has_evex_kz, ri.has_evex_k, ri.has_evex_b) {
                    (true, _, true) => "_KZ_B",
                    (false, true, true) => "_K_B",
                    (true, _, false) => "_KZ",
                    (false, true, false) => "_K",
                    (false, false, true) => "_B",
                    (false, false, false) => "",
                };
                base + suffix
            };
            let w_ = if w { "_W" } else { "" };
            if self.contexts.evex_u() && rc && ri.has_evex_u {
                let mask = if ri.has_evex_kz {
                    "_KZ"
                } else if ri.has_evex_k {
                    "_K"
                } else {
                    ""
                };
                format!("IC_EVEX{w_}{}{mask}_B_U", prefix()?)
            } else if ri.has_evex_nf {
                let base = if pd {
                    "IC_EVEX_OPSIZE"
                } else if w {
                    "IC_EVEX_W"
                } else {
                    "IC_EVEX"
                };
                format!("{base}{}_NF", if ri.has_evex_b { "_B" } else { "" })
            } else if !rc && ri.has_vex_l {
                kb(format!("IC_EVEX_L{w_}{}", prefix()?))
            } else if !rc && ri.has_evex_l2 {
                kb(format!("IC_EVEX_L2{w_}{}", prefix()?))
            } else if w {
                kb(format!("IC_EVEX_W{}", prefix()?))
            } else if ps {
                kb("IC_EVEX".to_string())
            } else {
                // `EVEX_KB_ADSIZE`.
                let base = format!("IC_EVEX{}", prefix()?);
                if ri.ad_size == AD_SIZE_32 {
                    base + "_ADSIZE"
                } else {
                    kb(base)
                }
            }
        } else if ri.encoding == super::encoding::VEX || ri.encoding == XOP {
            let l = ri.has_vex_l;
            if l && w {
                format!("IC_VEX_L_W{}", prefix()?)
            } else {
                match () {
                    _ if pd && l => "IC_VEX_L_OPSIZE",
                    _ if pd && w => "IC_VEX_W_OPSIZE",
                    _ if pd => "IC_VEX_OPSIZE",
                    _ if l && xs => "IC_VEX_L_XS",
                    _ if l && xd => "IC_VEX_L_XD",
                    _ if w && xs => "IC_VEX_W_XS",
                    _ if w && xd => "IC_VEX_W_XD",
                    _ if w && ps => "IC_VEX_W",
                    _ if l && ps => "IC_VEX_L",
                    _ if xd => "IC_VEX_XD",
                    _ if xs => "IC_VEX_XS",
                    _ if ps => "IC_VEX",
                    _ => return Err(no_prefix()),
                }
                .to_string()
            }
        } else if self.is_64bit || w || ri.ad_size == AD_SIZE_64 {
            let op16 = ri.op_size == OP_SIZE_16;
            let ad32 = ri.ad_size == AD_SIZE_32;
            let rex2 = ri.explicit_rex2();
            match () {
                _ if w && (op16 || pd) => "IC_64BIT_REXW_OPSIZE",
                _ if w && ad32 => "IC_64BIT_REXW_ADSIZE",
                _ if op16 && xd => "IC_64BIT_XD_OPSIZE",
                _ if op16 && xs => "IC_64BIT_XS_OPSIZE",
                _ if ad32 && pd => "IC_64BIT_OPSIZE_ADSIZE",
                _ if op16 && ad32 => "IC_64BIT_OPSIZE_ADSIZE",
                _ if op16 || pd => "IC_64BIT_OPSIZE",
                _ if ad32 => "IC_64BIT_ADSIZE",
                _ if w && xs => "IC_64BIT_REXW_XS",
                _ if w && xd => "IC_64BIT_REXW_XD",
                _ if xd => "IC_64BIT_XD",
                _ if xs => "IC_64BIT_XS",
                _ if self.contexts.rex2_w() && w && rex2 => "IC_64BIT_REX2_REXW",
                _ if rex2 => "IC_64BIT_REX2",
                _ if w => "IC_64BIT_REXW",
                _ => "IC_64BIT",
            }
            .to_string()
        } else {
            let op16 = ri.op_size == OP_SIZE_16;
            let ad16 = ri.ad_size == AD_SIZE_16;
            match () {
                _ if op16 && xd => "IC_XD_OPSIZE",
                _ if op16 && xs => "IC_XS_OPSIZE",
                _ if ad16 && xd => "IC_XD_ADSIZE",
                _ if ad16 && xs => "IC_XS_ADSIZE",
                _ if ad16 && pd => "IC_OPSIZE_ADSIZE",
                _ if op16 && ad16 => "IC_OPSIZE_ADSIZE",
                _ if op16 || pd => "IC_OPSIZE",
                _ if ad16 => "IC_ADSIZE",
                _ if xd => "IC_XD",
                _ if xs => "IC_XS",
                _ => "IC",
            }
            .to_string()
        };
        self.context_named(&name)
    }

    /// `emitInstructionSpecifier`: each operand's encoding and type, in the order the form
    /// lays them out.
    fn operands(&self) -> Result<[(u8, u8); MAX_OPERANDS], Fatal> {
        use Class::*;
        let ri = &self.ri;
        let list = &self.inst.operands.operands;
        if list.len() > MAX_OPERANDS {
            return Err(self.error(format!(
                "{}: {} operands, more than the X86 disassembler's {MAX_OPERANDS}",
                self.inst.name,
                list.len()
            )));
        }
        // Each operand's original: itself, or the later operand tied to it.
        let mut mapping: [usize; MAX_OPERANDS] = std::array::from_fn(|i| i);
        let mut physical = 0;
        for (i, op) in list.iter().enumerate() {
            mapping[i] = i;
            match op.constraints.first() {
                Some(&Constraint::Tied(to)) => match mapping.get_mut(to as usize) {
                    Some(m) => *m = i,
                    None => {
                        return Err(self.error(format!(
                            "{}: operand {i} is tied to operand {to}, beyond the X86 disassembler's {MAX_OPERANDS}",
                            self.inst.name
                        )))
                    }
                },
                _ => physical += 1,
            }
        }
        let is_nd = ri.op_map == super::op_map::T_MAP4 && ri.has_evex_b && ri.has_vex_4v;
        let k = ri.has_evex_k;
        let v4 = ri.has_vex_4v;
        // (class, optional) in order; a `None` class skips.
        let mut steps: Vec<(Class, bool)> = Vec::new();
        let mut need = |c: Class| steps.push((c, false));
        let f = ri.form;
        match f {
            form::PREFIX_BYTE => {}
            form::RAW_FRM_SRC | form::RAW_FRM_DST | form::RAW_FRM_MEM_OFFS => need(Relocation),
            form::RAW_FRM_DST_SRC => {
                need(Relocation);
                need(Relocation);
            }
            form::RAW_FRM => steps.push((Relocation, true)),
            form::ADD_REG_FRM => {
                need(OpcodeModifier);
                steps.push((Relocation, true));
            }
            form::ADD_CC_FRM => {
                need(Relocation);
                need(OpcodeModifier);
            }
            form::MRM_DEST_REG_CC => steps.extend([(RmRegister, false), (RoRegister, false), (OpcodeModifier, false)]),
            form::MRM_DEST_MEM_CC => steps.extend([(Memory, false), (RoRegister, false), (OpcodeModifier, false)]),
            form::MRM_DEST_MEM_4VOP3_CC => {
                steps.extend([(RoRegister, false), (Memory, false), (Vvvv, false), (OpcodeModifier, false)])
            }
            form::MRM_DEST_REG
            | form::MRM_DEST_MEM
            | form::MRM_DEST_MEM_FSIB
            | form::MRM_SRC_REG
            | form::MRM_SRC_MEM
            | form::MRM_SRC_MEM_FSIB => {
                // The ModR/M operand and the one in the reg field, in the form's order.
                let (first, second) = match f {
                    form::MRM_DEST_REG => (RmRegister, RoRegister),
                    form::MRM_DEST_MEM | form::MRM_DEST_MEM_FSIB => (Memory, RoRegister),
                    form::MRM_SRC_REG => (RoRegister, RmRegister),
                    _ => (RoRegister, Memory),
                };
                if is_nd {
                    need(Vvvv);
                }
                need(first);
                if k {
                    need(Writemask);
                }
                if !is_nd && v4 {
                    need(Vvvv);
                }
                need(second);
                steps.extend([(Immediate, true), (Immediate, true)]);
            }
            form::MRM_SRC_REG_4VOP3 => steps.extend([(RoRegister, false), (RmRegister, false), (Vvvv, false)]),
            form::MRM_SRC_MEM_4VOP3 => steps.extend([(RoRegister, false), (Memory, false), (Vvvv, false)]),
            form::MRM_SRC_REG_OP4 | form::MRM_SRC_MEM_OP4 => {
                let last = if f == form::MRM_SRC_REG_OP4 { RmRegister } else { Memory };
                steps.extend([
                    (RoRegister, false),
                    (Vvvv, false),
                    (Immediate, false),
                    (last, false),
                    (Immediate, true),
                ]);
            }
            form::MRM_SRC_REG_CC | form::MRM_SRC_MEM_CC => {
                if is_nd {
                    need(Vvvv);
                }
                let last = if f == form::MRM_SRC_REG_CC { RmRegister } else { Memory };
                steps.extend([(RoRegister, false), (last, false), (OpcodeModifier, false)]);
            }
            form::MRM_XR_CC => steps.extend([(RmRegister, false), (OpcodeModifier, false)]),
            form::MRM_XM_CC => steps.extend([(Memory, false), (OpcodeModifier, false)]),
            form::MRM_R0 => need(RoRegister),
            form::MRM_XR | form::MRM0R..=form::MRM7R | form::MRM_XM | form::MRM0M..=form::MRM7M => {
                if v4 {
                    need(Vvvv);
                }
                if k {
                    need(Writemask);
                }
                let register = f == form::MRM_XR || (form::MRM0R..=form::MRM7R).contains(&f);
                steps.push(if register { (RmRegister, true) } else { (Memory, false) });
                steps.extend([(Relocation, true), (Immediate, true), (Immediate, true)]);
            }
            form::RAW_FRM_IMM8 | form::RAW_FRM_IMM16 => {
                need(Immediate);
                need(Immediate);
            }
            form::MRM0X..=form::MRM7X | form::MRM_C0..=form::MRM_FF => steps.push((Relocation, true)),
            _ => return Err(self.error(format!("{}: Unhandled form {f}", self.inst.name))),
        }
        let mut spec = [(enc::NONE, ty::NONE); MAX_OPERANDS];
        let mut index = 0;
        let mut physical_index = 0;
        for (class, optional) in steps {
            if optional && physical_index >= physical {
                continue;
            }
            while index < list.len() && mapping[index] != index {
                let dup = ty::DUP0 as usize + mapping[index];
                if dup >= TYPES.len() {
                    return Err(self.error(format!(
                        "{}: operand {index} duplicates operand {}, beyond TYPE_DUP4",
                        self.inst.name, mapping[index]
                    )));
                }
                spec[index] = (enc::DUP, dup as u8);
                index += 1;
            }
            let Some(op) = list.get(index) else {
                return Err(
                    self.error(format!("{}: the form needs more operands than the instruction has", self.inst.name))
                );
            };
            let name = self.f.name(op.rec);
            let encoding = self.adjust_encoding(self.encoding(class, name)?)?;
            spec[index] = (encoding, self.operand_type(name)?);
            index += 1;
            physical_index += 1;
        }
        Ok(spec)
    }

    /// `adjustOperandEncoding`: a compressed displacement's scale goes into a ModR/M
    /// operand's encoding.
    fn adjust_encoding(&self, encoding: u8) -> Result<u8, Fatal> {
        let scale = self.ri.cd8_scale;
        if !matches!(encoding, enc::RM | enc::VSIB | enc::SIB) || scale == 0 {
            return Ok(encoding);
        }
        let adjusted = encoding as u32 + scale.ilog2();
        match u8::try_from(adjusted) {
            Ok(e) if (e as usize) < ENCODINGS.len() => Ok(e),
            _ => Err(self.error(format!("{}: Invalid CDisp scaling {scale}", self.inst.name))),
        }
    }

    /// The `*EncodingFromString` of an operand class.
    fn encoding(&self, class: Class, name: &str) -> Result<u8, Fatal> {
        let release = self.f.input.records.release;
        let op_size = self.ri.op_size;
        let (names, what) = match class {
            Class::Relocation | Class::Immediate if op_size != OP_SIZE_16 && name == "i16imm" => return Ok(enc::IW),
            Class::Relocation => (&RELOCATION, "relocation encoding"),
            Class::Immediate => (&IMMEDIATE, "immediate encoding"),
            Class::RmRegister => (&RM_REGISTER, "R/M register encoding"),
            Class::RoRegister => (&RO_REGISTER, "reg/opcode register encoding"),
            Class::Vvvv => (&VVVV_REGISTER, "VEX.vvvv register encoding"),
            Class::Writemask => (&WRITEMASK_REGISTER, "mask register encoding"),
            Class::Memory => (&MEMORY, "memory encoding"),
            Class::OpcodeModifier => (&OPCODE_MODIFIER, "opcode modifier encoding"),
        };
        names.find(release, name).ok_or_else(|| self.error(format!("Unhandled {what} {name}")))
    }

    /// `typeFromString`.
    fn operand_type(&self, name: &str) -> Result<u8, Fatal> {
        let ri = &self.ri;
        match name {
            "GR32" if ri.has_rex_w => return Ok(ty::R32),
            "GR16" if ri.op_size == OP_SIZE_16 => return Ok(ty::RV),
            "GR32" if ri.op_size == OP_SIZE_32 => return Ok(ty::RV),
            _ => {}
        }
        TYPE.find(self.f.input.records.release, name).ok_or_else(|| self.error(format!("Unhandled type string {name}")))
    }

    /// `emitDecodePath`: the map, opcodes, filter and flags of the `setTableFields` calls.
    fn decode_path(&self, is_32bit: bool) -> Result<DecodePath, Fatal> {
        let ri = &self.ri;
        if ri.op_map > 11 {
            return Err(self.error(format!("{}: Invalid map {}", self.inst.name, ri.op_map)));
        }
        let f = ri.form;
        let filter = match f {
            form::RAW_FRM..=form::ADD_CC_FRM | form::PREFIX_BYTE => Filter::Dumb,
            form::MRM_DEST_REG
            | form::MRM_DEST_REG_CC
            | form::MRM_SRC_REG
            | form::MRM_SRC_REG_4VOP3
            | form::MRM_SRC_REG_OP4
            | form::MRM_SRC_REG_CC
            | form::MRM_XR_CC
            | form::MRM_XR => Filter::Mod { reg: true },
            form::MRM_DEST_MEM
            | form::MRM_DEST_MEM_CC
            | form::MRM_DEST_MEM_4VOP3_CC
            | form::MRM_DEST_MEM_FSIB
            | form::MRM_SRC_MEM
            | form::MRM_SRC_MEM_FSIB
            | form::MRM_SRC_MEM_4VOP3
            | form::MRM_SRC_MEM_OP4
            | form::MRM_SRC_MEM_CC
            | form::MRM_XM_CC
            | form::MRM_XM => Filter::Mod { reg: false },
            form::MRM0R..=form::MRM7R => Filter::Extended { reg: true, nnn: f - form::MRM0R },
            form::MRM0X..=form::MRM7X => Filter::Extended { reg: true, nnn: f - form::MRM0X },
            form::MRM_R0 => Filter::ExtendedRm { reg: true, nnn: 0 },
            form::MRM0M..=form::MRM7M => Filter::Extended { reg: false, nnn: f - form::MRM0M },
            form::MRM_C0..=form::MRM_FF => Filter::Exact(0xc0 + f - form::MRM_C0),
            _ => return Err(self.error(format!("{}: Invalid form {f}", self.inst.name))),
        };
        let address_size = match ri.ad_size {
            AD_SIZE_16 => 16,
            AD_SIZE_32 => 32,
            AD_SIZE_64 => 64,
            _ => 0,
        };
        let count: u16 = match f {
            form::ADD_REG_FRM => 8,
            form::MRM_SRC_REG_CC
            | form::MRM_SRC_MEM_CC
            | form::MRM_XR_CC
            | form::MRM_XM_CC
            | form::ADD_CC_FRM
            | form::MRM_DEST_REG_CC
            | form::MRM_DEST_MEM_CC
            | form::MRM_DEST_MEM_4VOP3_CC => 16,
            _ => 0,
        };
        // The opcodes counted in a byte, as LLVM does: a run that would pass 0xff is none.
        let opcodes = if count == 0 {
            vec![ri.opcode]
        } else {
            let end = (ri.opcode as u16 + count) as u8;
            (ri.opcode..end).collect()
        };
        Ok(DecodePath {
            map: ri.op_map,
            opcodes,
            filter,
            excludes_64bit: is_32bit || address_size == 16,
            inherit: Inherit {
                no_prefix: ri.op_prefix == 0,
                vex_lig: ri.ignores_vex_l || ri.encode_rc(),
                wig: ri.ignores_w,
                ad_size_64: address_size == 64,
            },
        })
    }
}

/// The operand names one `*FromString` function knows, by value: those of every release and
/// those of one release only.
struct Names {
    common: &'static [(u8, &'static [&'static str])],
    only: ByRelease<&'static [(u8, &'static [&'static str])]>,
}

impl Names {
    fn find(&self, release: tdq_core::Release, name: &str) -> Option<u8> {
        self.common
            .iter()
            .chain(self.only.get(release).iter())
            .find(|(_, names)| names.contains(&name))
            .map(|&(value, _)| value)
    }
}

/// `OperandEncoding`, in enum order.
pub const ENCODINGS: [&str; 37] = [
    "ENCODING_NONE",
    "ENCODING_REG",
    "ENCODING_RM",
    "ENCODING_RM_CD2",
    "ENCODING_RM_CD4",
    "ENCODING_RM_CD8",
    "ENCODING_RM_CD16",
    "ENCODING_RM_CD32",
    "ENCODING_RM_CD64",
    "ENCODING_SIB",
    "ENCODING_VSIB",
    "ENCODING_VSIB_CD2",
    "ENCODING_VSIB_CD4",
    "ENCODING_VSIB_CD8",
    "ENCODING_VSIB_CD16",
    "ENCODING_VSIB_CD32",
    "ENCODING_VSIB_CD64",
    "ENCODING_VVVV",
    "ENCODING_WRITEMASK",
    "ENCODING_IB",
    "ENCODING_IW",
    "ENCODING_ID",
    "ENCODING_IO",
    "ENCODING_RB",
    "ENCODING_RW",
    "ENCODING_RD",
    "ENCODING_RO",
    "ENCODING_FP",
    "ENCODING_Iv",
    "ENCODING_Ia",
    "ENCODING_IRC",
    "ENCODING_Rv",
    "ENCODING_CC",
    "ENCODING_CF",
    "ENCODING_DUP",
    "ENCODING_SI",
    "ENCODING_DI",
];

/// `OperandType`, in enum order.
pub const TYPES: [&str; 35] = [
    "TYPE_NONE",
    "TYPE_REL",
    "TYPE_R8",
    "TYPE_R16",
    "TYPE_R32",
    "TYPE_R64",
    "TYPE_IMM",
    "TYPE_UIMM8",
    "TYPE_M",
    "TYPE_MSIB",
    "TYPE_MVSIBX",
    "TYPE_MVSIBY",
    "TYPE_MVSIBZ",
    "TYPE_SRCIDX",
    "TYPE_DSTIDX",
    "TYPE_MOFFS",
    "TYPE_ST",
    "TYPE_MM64",
    "TYPE_XMM",
    "TYPE_YMM",
    "TYPE_ZMM",
    "TYPE_VK",
    "TYPE_VK_PAIR",
    "TYPE_TMM",
    "TYPE_SEGMENTREG",
    "TYPE_DEBUGREG",
    "TYPE_CONTROLREG",
    "TYPE_BNDR",
    "TYPE_Rv",
    "TYPE_RELv",
    "TYPE_DUP0",
    "TYPE_DUP1",
    "TYPE_DUP2",
    "TYPE_DUP3",
    "TYPE_DUP4",
];

/// Indexes into [`ENCODINGS`].
#[allow(dead_code)]
pub mod enc {
    pub const NONE: u8 = 0;
    pub const REG: u8 = 1;
    pub const RM: u8 = 2;
    pub const RM_CD2: u8 = 3;
    pub const RM_CD4: u8 = 4;
    pub const RM_CD8: u8 = 5;
    pub const RM_CD16: u8 = 6;
    pub const RM_CD32: u8 = 7;
    pub const RM_CD64: u8 = 8;
    pub const SIB: u8 = 9;
    pub const VSIB: u8 = 10;
    pub const VSIB_CD2: u8 = 11;
    pub const VSIB_CD4: u8 = 12;
    pub const VSIB_CD8: u8 = 13;
    pub const VSIB_CD16: u8 = 14;
    pub const VSIB_CD32: u8 = 15;
    pub const VSIB_CD64: u8 = 16;
    pub const VVVV: u8 = 17;
    pub const WRITEMASK: u8 = 18;
    pub const IB: u8 = 19;
    pub const IW: u8 = 20;
    pub const ID: u8 = 21;
    pub const IO: u8 = 22;
    pub const RB: u8 = 23;
    pub const RW: u8 = 24;
    pub const RD: u8 = 25;
    pub const RO: u8 = 26;
    pub const FP: u8 = 27;
    pub const IV: u8 = 28;
    pub const IA: u8 = 29;
    pub const IRC: u8 = 30;
    pub const RV: u8 = 31;
    pub const CC: u8 = 32;
    pub const CF: u8 = 33;
    pub const DUP: u8 = 34;
    pub const SI: u8 = 35;
    pub const DI: u8 = 36;
}

/// Indexes into [`TYPES`].
#[allow(dead_code)]
pub mod ty {
    pub const NONE: u8 = 0;
    pub const REL: u8 = 1;
    pub const R8: u8 = 2;
    pub const R16: u8 = 3;
    pub const R32: u8 = 4;
    pub const R64: u8 = 5;
    pub const IMM: u8 = 6;
    pub const UIMM8: u8 = 7;
    pub const M: u8 = 8;
    pub const MSIB: u8 = 9;
    pub const MVSIBX: u8 = 10;
    pub const MVSIBY: u8 = 11;
    pub const MVSIBZ: u8 = 12;
    pub const SRCIDX: u8 = 13;
    pub const DSTIDX: u8 = 14;
    pub const MOFFS: u8 = 15;
    pub const ST: u8 = 16;
    pub const MM64: u8 = 17;
    pub const XMM: u8 = 18;
    pub const YMM: u8 = 19;
    pub const ZMM: u8 = 20;
    pub const VK: u8 = 21;
    pub const VK_PAIR: u8 = 22;
    pub const TMM: u8 = 23;
    pub const SEGMENTREG: u8 = 24;
    pub const DEBUGREG: u8 = 25;
    pub const CONTROLREG: u8 = 26;
    pub const BNDR: u8 = 27;
    pub const RV: u8 = 28;
    pub const RELV: u8 = 29;
    pub const DUP0: u8 = 30;
    pub const DUP1: u8 = 31;
    pub const DUP2: u8 = 32;
    pub const DUP3: u8 = 33;
    pub const DUP4: u8 = 34;
}

#[rustfmt::skip]
const TYPE: Names = Names {
    common: &[
        (ty::M, &[
            "i16mem", "i32mem", "i64mem", "i8mem", "f128mem", "f256mem", "f512mem", "f64mem", "sdmem",
            "f32mem", "f16mem", "ssmem", "shmem", "i128mem", "i256mem", "i512mem", "i512mem_GR16",
            "i512mem_GR32", "i512mem_GR64", "f80mem", "lea64_32mem", "lea64mem", "anymem", "opaquemem"
        ]),
        (ty::IMM, &[
            "i16imm", "i16i8imm", "i32imm", "i32i8imm", "i64i32imm", "i64i8imm", "i8imm", "ccode", "cflags",
            "AVX512RC", "i64imm"
        ]),
        (ty::R16, &["GR16", "GR16orGR32orGR64"]),
        (ty::R32, &["GR32", "GR32orGR64"]),
        (ty::R64, &["GR64"]),
        (ty::UIMM8, &["u4imm", "u8imm", "i16u8imm", "i32u8imm", "i64u8imm"]),
        (ty::R8, &["GR8"]),
        (ty::XMM, &["VR128", "VR128X", "FR128", "FR64", "FR64X", "FR16X", "FR32", "FR32X"]),
        (ty::ST, &["RST", "RSTi"]),
        (ty::REL, &[
            "i64i32imm_brtarget", "i16imm_brtarget", "i32imm_brtarget", "brtarget32", "brtarget16",
            "brtarget8"
        ]),
        (ty::MM64, &["VR64"]),
        (ty::MSIB, &["sibmem"]),
        (ty::SEGMENTREG, &["SEGMENT_REG"]),
        (ty::DEBUGREG, &["DEBUG_REG"]),
        (ty::CONTROLREG, &["CONTROL_REG"]),
        (ty::SRCIDX, &["srcidx8", "srcidx16", "srcidx32", "srcidx64"]),
        (ty::DSTIDX, &["dstidx8", "dstidx16", "dstidx32", "dstidx64"]),
        (ty::MOFFS, &[
            "offset16_8", "offset16_16", "offset16_32", "offset32_8", "offset32_16", "offset32_32",
            "offset32_64", "offset64_8", "offset64_16", "offset64_32", "offset64_64"
        ]),
        (ty::YMM, &["VR256", "VR256X"]),
        (ty::ZMM, &["VR512"]),
        (ty::VK, &[
            "VK1", "VK1WM", "VK2", "VK2WM", "VK4", "VK4WM", "VK8", "VK8WM", "VK16", "VK16WM", "VK32",
            "VK32WM", "VK64", "VK64WM"
        ]),
        (ty::VK_PAIR, &["VK1Pair", "VK2Pair", "VK4Pair", "VK8Pair", "VK16Pair"]),
        (ty::MVSIBX, &["vx64mem", "vx64xmem"]),
        (ty::BNDR, &["BNDR"]),
        (ty::TMM, &["TILE"]),
    ],
    only: ByRelease { v19: &[
        (ty::MVSIBX, &["vx128mem", "vx256mem", "vx128xmem", "vx256xmem"]),
        (ty::MVSIBY, &["vy128mem", "vy256mem", "vy128xmem", "vy256xmem", "vy512xmem"]),
        (ty::MVSIBZ, &["vz256mem", "vz512mem"]),
    ], v22: TYPE_22, v23: TYPE_22 },
};

#[rustfmt::skip]
const TYPE_22: &[(u8, &[&str])] = &[
    (ty::REL, &["i8imm_brtarget"]),
    (ty::M, &["lea64_8mem", "lea64_16mem"]),
    (ty::MVSIBX, &["vx32mem", "vx32xmem"]),
    (ty::MVSIBY, &["vy32mem", "vy64mem", "vy32xmem", "vy64xmem"]),
    (ty::MVSIBZ, &["vz32mem", "vz64mem"]),
];

#[rustfmt::skip]
const IMMEDIATE: Names = Names {
    common: &[
        (enc::IB, &[
            "i32i8imm", "i16i8imm", "i64i8imm", "i8imm", "u4imm", "u8imm", "i16u8imm", "i32u8imm", "i64u8imm",
            "FR32", "FR64", "FR128", "VR128", "VR256", "FR16X", "FR32X", "FR64X", "VR128X", "VR256X", "VR512",
            "TILE"
        ]),
        (enc::IRC, &["AVX512RC"]),
        (enc::IV, &["i16imm", "i32imm"]),
        (enc::ID, &["i64i32imm"]),
        (enc::CC, &["ccode"]),
        (enc::CF, &["cflags"]),
    ],
    only: ByRelease { v19: &[], v22: IMMEDIATE_22, v23: IMMEDIATE_22 },
};

#[rustfmt::skip]
const IMMEDIATE_22: &[(u8, &[&str])] = &[];

#[rustfmt::skip]
const RM_REGISTER: Names = Names {
    common: &[
        (enc::FP, &["RST", "RSTi"]),
        (enc::RM, &[
            "GR16", "GR16orGR32orGR64", "GR32", "GR32orGR64", "GR64", "GR8", "VR128", "VR128X", "FR128",
            "FR64", "FR32", "FR64X", "FR32X", "FR16X", "VR64", "VR256", "VR256X", "VR512", "VK1", "VK2",
            "VK4", "VK8", "VK16", "VK32", "VK64", "BNDR", "TILE"
        ]),
    ],
    only: ByRelease { v19: &[], v22: RM_REGISTER_22, v23: RM_REGISTER_22 },
};

#[rustfmt::skip]
const RM_REGISTER_22: &[(u8, &[&str])] = &[
    (enc::RM, &["TILEPair"]),
];

#[rustfmt::skip]
const RO_REGISTER: Names = Names {
    common: &[
        (enc::REG, &[
            "GR16", "GR16orGR32orGR64", "GR32", "GR32orGR64", "GR64", "GR8", "VR128", "FR128", "FR64", "FR32",
            "VR64", "SEGMENT_REG", "DEBUG_REG", "CONTROL_REG", "VR256", "VR256X", "VR128X", "FR64X", "FR32X",
            "FR16X", "VR512", "VK1", "VK2", "VK4", "VK8", "VK16", "VK32", "VK64", "VK1Pair", "VK2Pair",
            "VK4Pair", "VK8Pair", "VK16Pair", "VK1WM", "VK2WM", "VK4WM", "VK8WM", "VK16WM", "VK32WM",
            "VK64WM", "BNDR", "TILE"
        ]),
    ],
    only: ByRelease { v19: &[], v22: RO_REGISTER_22, v23: RO_REGISTER_22 },
};

#[rustfmt::skip]
const RO_REGISTER_22: &[(u8, &[&str])] = &[
    (enc::REG, &["TILEPair"]),
];

#[rustfmt::skip]
const VVVV_REGISTER: Names = Names {
    common: &[
        (enc::VVVV, &[
            "GR8", "GR16", "GR32", "GR64", "FR32", "FR128", "FR64", "VR128", "VR256", "FR16X", "FR32X",
            "FR64X", "VR128X", "VR256X", "VR512", "VK1", "VK2", "VK4", "VK8", "VK16", "VK32", "VK64", "TILE"
        ]),
    ],
    only: ByRelease { v19: &[], v22: VVVV_REGISTER_22, v23: VVVV_REGISTER_22 },
};

#[rustfmt::skip]
const VVVV_REGISTER_22: &[(u8, &[&str])] = &[
    (enc::VVVV, &["TILEPair"]),
];

#[rustfmt::skip]
const WRITEMASK_REGISTER: Names = Names {
    common: &[
        (enc::WRITEMASK, &["VK1WM", "VK2WM", "VK4WM", "VK8WM", "VK16WM", "VK32WM", "VK64WM"]),
    ],
    only: ByRelease { v19: &[], v22: WRITEMASK_REGISTER_22, v23: WRITEMASK_REGISTER_22 },
};

#[rustfmt::skip]
const WRITEMASK_REGISTER_22: &[(u8, &[&str])] = &[];

#[rustfmt::skip]
const MEMORY: Names = Names {
    common: &[
        (enc::RM, &[
            "i16mem", "i32mem", "i64mem", "i8mem", "shmem", "ssmem", "sdmem", "f128mem", "f256mem", "f512mem",
            "f64mem", "f32mem", "f16mem", "i128mem", "i256mem", "i512mem", "i512mem_GR16", "i512mem_GR32",
            "i512mem_GR64", "f80mem", "lea64_32mem", "lea64mem", "anymem", "opaquemem"
        ]),
        (enc::SIB, &["sibmem"]),
        (enc::VSIB, &["vx64mem", "vx64xmem"]),
    ],
    only: ByRelease { v19: &[
        (enc::VSIB, &[
            "vx128mem", "vx256mem", "vy128mem", "vy256mem", "vx128xmem", "vx256xmem", "vy128xmem",
            "vy256xmem", "vy512xmem", "vz256mem", "vz512mem"
        ]),
    ], v22: MEMORY_22, v23: MEMORY_22 },
};

#[rustfmt::skip]
const MEMORY_22: &[(u8, &[&str])] = &[
    (enc::RM, &["lea64_8mem", "lea64_16mem"]),
    (enc::VSIB, &[
        "vx32mem", "vy32mem", "vy64mem", "vx32xmem", "vy32xmem", "vy64xmem", "vz32mem", "vz64mem"
    ]),
];

#[rustfmt::skip]
const RELOCATION: Names = Names {
    common: &[
        (enc::IV, &["i16imm", "i32imm"]),
        (enc::IB, &[
            "i16i8imm", "i32i8imm", "i64i8imm", "i8imm", "u8imm", "i16u8imm", "i32u8imm", "i64u8imm",
            "brtarget8"
        ]),
        (enc::ID, &["i64i32imm", "i64i32imm_brtarget", "i32imm_brtarget", "brtarget32"]),
        (enc::IW, &["i16imm_brtarget", "brtarget16"]),
        (enc::IO, &["i64imm"]),
        (enc::IA, &[
            "offset16_8", "offset16_16", "offset16_32", "offset32_8", "offset32_16", "offset32_32",
            "offset32_64", "offset64_8", "offset64_16", "offset64_32", "offset64_64"
        ]),
        (enc::SI, &["srcidx8", "srcidx16", "srcidx32", "srcidx64"]),
        (enc::DI, &["dstidx8", "dstidx16", "dstidx32", "dstidx64"]),
    ],
    only: ByRelease { v19: &[], v22: RELOCATION_22, v23: RELOCATION_22 },
};

#[rustfmt::skip]
const RELOCATION_22: &[(u8, &[&str])] = &[
    (enc::IB, &["i8imm_brtarget"]),
];

#[rustfmt::skip]
const OPCODE_MODIFIER: Names = Names {
    common: &[
        (enc::RV, &["GR32", "GR16"]),
        (enc::RO, &["GR64"]),
        (enc::RB, &["GR8"]),
        (enc::CC, &["ccode"]),
    ],
    only: ByRelease { v19: &[], v22: OPCODE_MODIFIER_22, v23: OPCODE_MODIFIER_22 },
};

#[rustfmt::skip]
const OPCODE_MODIFIER_22: &[(u8, &[&str])] = &[];
