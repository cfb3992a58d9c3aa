//! The CodeGen target model: what LLVM's `utils/TableGen/Common` computes from a target's
//! records (`CodeGenTarget` and what it owns), each part computed once per evaluation when a
//! backend, lint or store table first asks for it ([`crate::computed`]).
//!
//! - [`Target`] (`CodeGenTarget`): the one `Target` def, its name, its hardware modes
//!   ([`hw_modes`]: `CodeGenHwModes`);
//! - [`instructions`] (`CodeGenInstruction`, `CGIOperandList`): each instruction's operands,
//!   constraints and flags as the records state them, and the target's instruction enum;
//! - [`value_types`] (`getValueType`, `MVT`): the machine value types that records name;
//! - [`registers`] (`CodeGenRegBank`): the registers, in LLVM's numbering, with the
//!   registers `RegisterTuples` defs synthesize, their sub-register indices, sub- and
//!   super-registers and units, and the register classes with the ones LLVM infers;
//! - [`inst_alias`] (`CodeGenInstAlias`): each `InstAlias` def's result instruction and the
//!   operands its result dag gives it;
//! - [`info_by_hw_mode`] (`InfoByHwMode`): value types, register sizes and sub-register
//!   ranges by hardware mode;
//! - [`schedule`] (`CodeGenSchedModels`): the processor models and scheduling classes, with
//!   the classes inferred from variants, each model's resources and the `STIPredicate`s;
//! - [`subtarget_features`] (`SubtargetFeatureInfo`): the features assembly matching tests;
//! - [`asm_matcher`] (`AsmMatcherInfo`): the assembly matcher's operand classes and
//!   matchables, built for one assembly parser and instruction prefix.
//!
//! Every failure is a [`Fatal`] with llvm-tblgen's message and location.

pub mod asm_matcher;
pub mod encodings;
pub mod hw_modes;
pub mod info_by_hw_mode;
pub mod inst_alias;
pub mod instructions;
pub mod predicate_expander;
pub mod registers;
pub mod sched_tables;
pub mod schedule;
pub mod subtarget_features;
pub mod value_types;
pub mod x86;

use crate::records::{derived_definitions, Fatal, Fields};
use std::sync::Arc;
use tdq_core::types::RecId;
use tdq_core::{ByRelease, Evaluation};

/// LLVM's `CodeGenTarget`: the target description's one `Target` def.
#[derive(Debug)]
pub struct Target {
    /// The `Target` def.
    pub def: RecId,
    /// Its name (`CodeGenTarget::getName`), which names the target's generated classes.
    pub name: &'static str,
    pub hw_modes: hw_modes::HwModes,
    /// The `Fusion` defs (macro fusions), in name order.
    pub macro_fusions: Vec<RecId>,
}

/// What the `CodeGenTarget` constructor reads besides the target (LLVM 22 on: the properties
/// every intrinsic has by default, `CodeGenIntrinsicContext`).
const READS_INTRINSIC_DEFAULTS: ByRelease<bool> = ByRelease { v19: false, v22: true, v23: true };

impl Target {
    /// The target of `input`, computed once: LLVM's `CodeGenTarget` constructor, which every
    /// target backend runs first. No `Target` def, or more than one, is a fatal error.
    pub fn get(input: &Evaluation) -> Result<Arc<Target>, Fatal> {
        crate::computed(input, || {
            let f = Fields { input };
            let hw_modes = hw_modes::HwModes::read(input)?;
            if *READS_INTRINSIC_DEFAULTS.get(input.records.release) {
                for &property in derived_definitions(input, "IntrinsicProperty")?.iter() {
                    f.bit(property, "IsDefault")?;
                }
            }
            let targets = derived_definitions(input, "Target")?;
            let def = match targets.len() {
                0 => return Err(Fatal::new(&[], "No 'Target' subclasses defined!")),
                1 => targets[0],
                _ => return Err(Fatal::new(&[], "Multiple subclasses of Target defined!")),
            };
            let macro_fusions = derived_definitions(input, "Fusion")?.to_vec();
            Ok(Target { def, name: f.name(def), hw_modes, macro_fusions })
        })
    }
}

/// `AllowRegisterRenaming` is a bit (LLVM 23), not an int read as a truth value.
const ALLOW_REGISTER_RENAMING_IS_BIT: ByRelease<bool> = ByRelease { v19: false, v22: false, v23: true };

impl Target {
    /// `CodeGenTarget::getAllowRegisterRenaming`.
    pub fn allow_register_renaming(&self, input: &Evaluation) -> Result<bool, Fatal> {
        let f = Fields { input };
        match ALLOW_REGISTER_RENAMING_IS_BIT.get(input.records.release) {
            true => f.bit(self.def, "AllowRegisterRenaming"),
            false => Ok(f.int(self.def, "AllowRegisterRenaming")? != 0),
        }
    }

    /// `CodeGenTarget::guessInstructionProperties`: the instruction set's
    /// `guessInstructionProperties`.
    pub fn guess_instruction_properties(&self, input: &Evaluation) -> Result<bool, Fatal> {
        let f = Fields { input };
        f.bit(f.def(self.def, "InstructionSet")?, "guessInstructionProperties")
    }

    /// `CodeGenTarget::getAsmWriter`: the target's `number`-th assembly writer
    /// (`-asmwriternum`, 0 by default).
    pub fn asm_writer(&self, input: &Evaluation, number: usize) -> Result<RecId, Fatal> {
        let writers = Fields { input }.defs(self.def, "AssemblyWriters")?;
        writers
            .get(number)
            .copied()
            .ok_or_else(|| Fatal::new(&[], format!("Target does not have an AsmWriter #{number}!")))
    }

    /// The `Variant` of assembly writer `number` (`-asmwriternum`): which `{a|b}` alternative
    /// of the assembly strings it prints.
    pub fn asm_writer_variant(&self, input: &Evaluation, number: usize) -> Result<u32, Fatal> {
        let writer = self.asm_writer(input, number)?;
        Ok(Fields { input }.int(writer, "Variant")? as u32)
    }
}

/// LLVM's `getQualifiedName`: a record's name, after its `Namespace` and `::` when it has a
/// non-empty one.
pub fn qualified_name(input: &Evaluation, rec: RecId) -> Result<String, Fatal> {
    let f = Fields { input };
    let name = f.name(rec);
    if f.value(rec, "Namespace").is_none() {
        return Ok(name.to_string());
    }
    Ok(qualify(f.string(rec, "Namespace")?, name))
}

/// `Namespace::Name`, or the name alone when the namespace is empty.
pub fn qualify(namespace: &str, name: &str) -> String {
    if namespace.is_empty() {
        name.to_string()
    } else {
        format!("{namespace}::{name}")
    }
}
