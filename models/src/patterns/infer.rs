//! Type inference over tree patterns (LLVM's `TreePatternNode::ApplyTypeConstraints`,
//! `getImplicitType`, `SDTypeConstraint::ApplyTypeConstraint`, `SimplifyTree`,
//! `TreePattern::InferAllTypes`): each node result's [`TypeSetByHwMode`] narrowed by what the
//! node is (a leaf's register class, operand, value type or complex pattern; an SDNode's type
//! profile; an instruction's operands; an intrinsic's signature) and by the names it shares,
//! until nothing changes, removing each `bitconvert` whose result type is its operand's.
//!
//! Errors are LLVM's, worded as it words them, and kept as data: a tree pattern reports its
//! first error ("In NAME: ..." at its record) and infers nothing after it; a type set left
//! empty in every mode is `ValidateOnExit`'s fatal error.

use super::complex_patterns::ComplexPatterns;
use super::sd_nodes::{ConstraintKind, SdNodes};
use super::tree::{Leaf, NodeKind, TreeNode};
use super::types::{MvtId, MvtTable, TypeError, TypeInfer, TypeSetByHwMode};
use crate::records::{Fatal, Fields};
use crate::target::hw_modes::HwModes;
use crate::target::info_by_hw_mode::{reg_class_by_mode, value_type_by_mode, VtByMode, DEFAULT_MODE};
use crate::target::instructions::{Instruction, Instructions};
use crate::target::registers::RegBank;
use smallvec::SmallVec;
use std::collections::HashMap;
use tdq_core::init::{Init, InitKind};
use tdq_core::intern::Sym;
use tdq_core::types::RecId;
use tdq_core::{ByRelease, Evaluation};

/// What inference reads of an intrinsic: its name and the type records of its results and
/// parameters (each with a `VT`).
pub trait IntrinsicSignature {
    fn signature(&self, def: RecId) -> Result<(String, Vec<RecId>, Vec<RecId>), Fatal>;
}

/// How an integer leaf is checked against its concrete type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum IntRange {
    /// LLVM 19: types under 32 bits, the value's bits from the sign bit up all 0, all 1, or 1.
    SignBitAndAbove,
    /// LLVM 22 on: representable as a signed or an unsigned integer of the width.
    SignedOrUnsigned,
}

const INT_RANGE: ByRelease<IntRange> =
    ByRelease { v19: IntRange::SignBitAndAbove, v22: IntRange::SignedOrUnsigned, v23: IntRange::SignedOrUnsigned };

/// Whether `getImplicitType` knows `PointerLikeRegClass` leaves (gone in LLVM 23, where they are
/// `RegClassByHwMode`s).
const POINTER_LIKE_REG_CLASS_LEAF: ByRelease<bool> = ByRelease { v19: true, v22: true, v23: false };

/// Whether an operator that is no node, instruction, intrinsic, complex pattern or transform
/// (`set` or `implicit` in a `Pat`'s input) is LLVM's "unknown node type" (22 on), where
/// LLVM 19 took it for a transform.
const UNKNOWN_NODE_TYPE_ERROR: ByRelease<bool> = ByRelease { v19: false, v22: true, v23: true };

/// What `UpdateNodeTypeFromInst` makes of an instruction operand that is no `Operand`,
/// register class, `RegClassByHwMode` or register operand (`ptr_rc`, a `PointerLikeRegClass`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum OtherInstOperand {
    /// LLVM 19: a `PointerLikeRegClass` is `iPTR`; anything else leaves the type alone.
    PointerLikeIsPtr,
    /// LLVM 22 on: "cannot update node type from unknown operand!" (22 asserts, and without
    /// assertions crashes; 23 reports it).
    Error,
}

const OTHER_INST_OPERAND: ByRelease<OtherInstOperand> =
    ByRelease { v19: OtherInstOperand::PointerLikeIsPtr, v22: OtherInstOperand::Error, v23: OtherInstOperand::Error };

/// What inference reads of the target and the pattern model, for one evaluation.
pub struct Context<'a> {
    pub input: &'a Evaluation,
    pub table: &'a MvtTable,
    /// Every legal type of every mode in the default mode (`TypeInfer::getLegalTypes`).
    pub legal: TypeSetByHwMode,
    /// The legal pointer types by mode (`getLegalPtrTypes`): `iPTR`, and `cPTR` in a mode
    /// with a legal CHERI capability type; a mode with the default mode's set left out.
    pub legal_ptr: TypeSetByHwMode,
    pub hw_modes: &'a HwModes,
    pub nodes: &'a SdNodes,
    pub instructions: &'a Instructions,
    pub bank: &'a RegBank,
    pub complex_patterns: &'a ComplexPatterns,
    pub intrinsics: &'a dyn IntrinsicSignature,
    /// `DAGInstruction::getNumResults` of the instructions whose patterns set fewer results
    /// than they define (the others have their `NumDefs`).
    pub inst_results: HashMap<RecId, usize>,
    /// The `bitconvert` node, which `SimplifyTree` removes where it converts nothing.
    pub bitconvert: Option<RecId>,
}

impl<'a> Context<'a> {
    /// The legal types: every register class's value types (`getLegalValueTypes`), all modes
    /// merged into the default mode.
    pub fn legal_types(bank: &RegBank) -> TypeSetByHwMode {
        let mut all = super::types::MvtSet::default();
        for (_, s) in Self::legal_by_mode(bank).modes() {
            all.insert_all(s);
        }
        TypeSetByHwMode::simple(all)
    }

    /// The target's legal types by mode (`getLegalValueTypes`).
    fn legal_by_mode(bank: &RegBank) -> TypeSetByHwMode {
        let mut vts: Vec<VtByMode> = bank.classes.iter().flat_map(|c| c.value_types.iter().cloned()).collect();
        vts.sort();
        vts.dedup();
        TypeSetByHwMode::from_vts(&vts)
    }

    /// `ComputeLegalPtrTypes`.
    pub fn legal_ptr_types(bank: &RegBank, table: &MvtTable) -> TypeSetByHwMode {
        let by_mode = Self::legal_by_mode(bank);
        let ptrs = |legal: &super::types::MvtSet| {
            let mut out = super::types::MvtSet::default();
            if let Some(p) = table.iptr {
                out.insert(p);
            }
            if let Some(p) = table.cptr.filter(|_| legal.iter().any(|t| table.info(t).is_cheri_capability)) {
                out.insert(p);
            }
            out
        };
        let default = ptrs(&by_mode.get(DEFAULT_MODE));
        let mut out = TypeSetByHwMode::default();
        for (m, s) in by_mode.modes() {
            let set = ptrs(s);
            if m != DEFAULT_MODE && set == default {
                continue;
            }
            out.insert_set(m, set);
        }
        out
    }

    fn f(&self) -> Fields<'a> {
        Fields { input: self.input }
    }

    /// A fresh inference state for one of `record`'s tree patterns, validating.
    pub fn type_infer(&self) -> TypeInfer<'_> {
        TypeInfer { table: self.table, legal: &self.legal, error: None, emptied: false, validate: true }
    }

    /// `ValidateOnExit`'s fatal error: a type set of `record`'s pattern became empty in every
    /// mode.
    pub fn emptied_error(&self, record: RecId) -> Fatal {
        let name = self.f().name(record);
        Fatal::new(&self.input.records.get(record).locs, format!("Type set is empty for each HW mode in '{name}'"))
    }

    fn vt_set(&self, rec: RecId) -> Result<TypeSetByHwMode, Fatal> {
        Ok(TypeSetByHwMode::from_vts(&[value_type_by_mode(self.input, self.hw_modes, rec)?]))
    }

    fn simple(&self, t: Option<MvtId>) -> TypeSetByHwMode {
        t.map(|t| self.table.simple(t)).unwrap_or_default()
    }

    /// A register class's value types (`getRegisterClass(R).getValueTypes()`), as a pattern of
    /// `record` uses the class.
    fn class_types(&self, def: RecId, record: RecId) -> Result<TypeSetByHwMode, Fatal> {
        if self.f().is_a(def, "RegClassByHwMode") {
            return self.class_by_hw_mode_types(def, record);
        }
        let class = self.bank.class(self.input, def)?;
        Ok(TypeSetByHwMode::from_vts(&self.bank.classes[class].value_types))
    }

    /// `getTypeForRegClassByHwMode`: in each mode the types its class has in that mode. A mode
    /// named twice is the `RegClassByHwMode` constructor's fatal error; a type of the class
    /// with neither that mode nor a default, LLVM's fatal "Could not resolve VT for Mode" at
    /// the def, with notes at the type's def and at the pattern's record.
    fn class_by_hw_mode_types(&self, def: RecId, record: RecId) -> Result<TypeSetByHwMode, Fatal> {
        let classes = reg_class_by_mode(self.input, self.bank, self.hw_modes, def)?;
        let mut out = TypeSetByHwMode::default();
        for (mode, &class) in classes.iter() {
            let mut set = super::types::MvtSet::default();
            for (i, vt) in self.bank.classes[class].value_types.iter().enumerate() {
                if !vt.has_mode(mode) && !vt.has_default() {
                    return Err(self.unresolved_vt(def, class, i, mode, record));
                }
                if let Some(v) = vt.get(mode).value {
                    set.insert(v as MvtId);
                }
            }
            out.insert_set(mode, set);
        }
        Ok(out)
    }

    /// "Could not resolve VT for Mode": the `i`-th type of the class, a `ValueTypeByHwMode`
    /// (a type without a default has a def of its own), has no type for `mode`.
    fn unresolved_vt(&self, def: RecId, class: usize, i: usize, mode: u32, record: RecId) -> Fatal {
        let locs = |r: RecId| &self.input.records.get(r).locs;
        let mode_name = self.hw_modes.mode_name(mode);
        let mut fatal = Fatal::new(locs(def), format!("Could not resolve VT for Mode {mode_name}"));
        let class_def = self.bank.classes[class].def;
        if let Some(vt_def) = class_def.and_then(|c| self.f().defs(c, "RegTypes").ok()?.get(i).copied()) {
            fatal.note(locs(vt_def), format!("ValueTypeByHwMode {} defined here", self.f().name(vt_def)));
        }
        fatal.note(locs(record), "pattern instantiated here");
        fatal
    }

    /// `getRegisterVTs`: the value types of every class holding the register.
    fn register_vts(&self, def: RecId) -> Vec<VtByMode> {
        let Some(reg) = self.bank.register_of(def) else { return Vec::new() };
        let mut vts: Vec<VtByMode> =
            self.bank.classes.iter().filter(|c| c.contains(reg)).flat_map(|c| c.value_types.iter().cloned()).collect();
        vts.sort();
        vts.dedup();
        vts
    }

    /// `HasOneImplicitDefWithKnownVT`: the type of the first implicit def, when the classes
    /// holding it agree on one simple type.
    pub fn implicit_def_vt(&self, inst: &Instruction) -> Option<MvtId> {
        let &first = inst.implicit_defs.first()?;
        match &self.register_vts(first)[..] {
            [vt] if vt.is_simple() => vt.get(DEFAULT_MODE).value.map(|v| v as MvtId),
            _ => None,
        }
    }

    /// `operandHasDefault`: an `OperandWithDefaultOps` whose `DefaultOps` are not empty.
    pub fn operand_has_default(&self, rec: RecId) -> bool {
        let f = self.f();
        f.is_a(rec, "OperandWithDefaultOps")
            && f.init(rec, "DefaultOps")
                .is_ok_and(|d| matches!(d.kind(), InitKind::Dag(_, _, args) if !args.is_empty()))
    }

    /// `DAGInstruction::getNumResults`.
    fn dag_num_results(&self, inst: &Instruction) -> usize {
        self.inst_results.get(&inst.def).copied().unwrap_or(inst.operands.num_defs as usize)
    }

    /// `GetNumNodeResults` of a node's operator.
    pub fn num_results(&self, node: &TreeNode) -> Result<usize, Fatal> {
        let f = self.f();
        let NodeKind::Op { op, intrinsic, .. } = &node.kind else { return Ok(1) };
        if let Some(i) = intrinsic {
            return Ok(self.intrinsics.signature(*i)?.1.len());
        }
        let op = *op;
        let name = f.name(op);
        if name == "set" || name == "implicit" {
            return Ok(0);
        }
        if let Some(info) = self.nodes.of(op).transpose()? {
            return Ok(info.num_results as usize);
        }
        if let Some(inst) = self.instructions.get_def(op) {
            let ops = &inst.operands;
            let defaulted = ops.operands.iter().take(ops.num_defs as usize).filter(|o| self.operand_has_default(o.rec));
            let mut n = ops.num_defs as usize - defaulted.count();
            if self.implicit_def_vt(inst).is_some() {
                n += 1;
            }
            return Ok(n);
        }
        Ok(1)
    }
}

/// One tree pattern under inference (`TreePattern`): its record, its trees and its inference
/// state.
pub struct Pattern<'c, 'a> {
    pub ctx: &'c Context<'a>,
    pub record: RecId,
    pub trees: Vec<TreeNode>,
    pub ti: TypeInfer<'c>,
    /// Registers, register classes, named value types and complex patterns say nothing of
    /// their nodes' types (`ApplyTypeConstraints`' `NotRegisters`, as the matcher generator
    /// infers what the matched nodes' opcodes alone imply).
    pub not_registers: bool,
}

/// The types of the named nodes of a pattern, the first node of each name's (what
/// `InferAllTypes` reads of another pattern's `NamedNodes`).
pub type NamedTypes = HashMap<Sym, TypeSetByHwMode>;

impl<'c, 'a> Pattern<'c, 'a> {
    pub fn new(ctx: &'c Context<'a>, record: RecId, trees: Vec<TreeNode>) -> Result<Self, Fatal> {
        let ti = ctx.type_infer();
        let mut p = Pattern { ctx, record, trees, ti, not_registers: false };
        let mut trees = std::mem::take(&mut p.trees);
        for t in &mut trees {
            p.size_types(t)?;
        }
        p.trees = trees;
        Ok(p)
    }

    /// The error LLVM prints for this pattern: "In NAME: message" at its record.
    pub fn error(&self) -> Option<(RecId, String)> {
        let name = self.ctx.f().name(self.record);
        self.ti.error.as_ref().map(|e| (self.record, format!("In {name}: {e}")))
    }

    /// `ValidateOnExit`'s fatal error, when a set became empty in every mode.
    fn check_emptied(&self) -> Result<(), Fatal> {
        if self.ti.emptied {
            return Err(self.ctx.emptied_error(self.record));
        }
        Ok(())
    }

    /// Each node's number of results, as its operator gives them; a type cast on a node of
    /// another number of results is LLVM's "Type cast can only have one type!", a list of
    /// casts of another length "Invalid number of type casts!".
    fn size_types(&mut self, node: &mut TreeNode) -> Result<(), Fatal> {
        let n = self.ctx.num_results(node)?;
        // A cast's types were read at parsing: overloaded ones stand for the legal types
        // (`UpdateNodeType` expands them).
        for t in node.types.iter_mut() {
            self.ti.expand_overloads(t);
        }
        if node.types.len() != n {
            match node.types.len() {
                0 => {}
                1 => self.ti.fail(TypeError::Pattern("Type cast can only have one type!".into())),
                _ => self.ti.fail(TypeError::Pattern("Invalid number of type casts!".into())),
            }
            node.types.resize(n, TypeSetByHwMode::default());
        }
        if let NodeKind::Op { children, .. } = &mut node.kind {
            for c in children {
                self.size_types(c)?;
            }
        }
        Ok(())
    }

    fn update(&mut self, node: &mut TreeNode, res: usize, input: &TypeSetByHwMode) -> bool {
        let Some(slot) = node.types.get_mut(res) else { return false };
        self.ti.update(slot, input)
    }

    /// `getImplicitType` of a leaf's def.
    fn implicit_type(&mut self, def: RecId, unnamed: bool) -> Result<TypeSetByHwMode, Fatal> {
        let ctx = self.ctx;
        let f = ctx.f();
        let is = |c: &str| f.is_a(def, c);
        let unknown = self.not_registers;
        if is("RegisterOperand") {
            if unknown {
                return Ok(TypeSetByHwMode::default());
            }
            return ctx.class_types(f.def(def, "RegClass")?, self.record);
        }
        if is("RegClassByHwMode") {
            if unknown {
                return Ok(TypeSetByHwMode::default());
            }
            return ctx.class_types(def, self.record);
        }
        if is("RegisterClass") {
            if unnamed {
                return Ok(ctx.simple(ctx.table.i32));
            }
            if unknown {
                return Ok(TypeSetByHwMode::default());
            }
            return ctx.class_types(def, self.record);
        }
        if is("PatFrags") {
            return Ok(TypeSetByHwMode::default());
        }
        if is("Register") {
            if unknown {
                return Ok(TypeSetByHwMode::default());
            }
            return Ok(TypeSetByHwMode::from_vts(&ctx.register_vts(def)));
        }
        if is("SubRegIndex") {
            return Ok(ctx.simple(ctx.table.i32));
        }
        if is("ValueType") {
            if unnamed {
                return Ok(ctx.simple(ctx.table.other));
            }
            if unknown {
                return Ok(TypeSetByHwMode::default());
            }
            return ctx.vt_set(def);
        }
        if is("CondCode") {
            return Ok(ctx.simple(ctx.table.other));
        }
        if is("ComplexPattern") {
            if unknown {
                return Ok(TypeSetByHwMode::default());
            }
            let Some(cp) = ctx.complex_patterns.of(def) else { return Ok(TypeSetByHwMode::default()) };
            return ctx.vt_set(cp.ty);
        }
        if *POINTER_LIKE_REG_CLASS_LEAF.get(ctx.input.records.release) && is("PointerLikeRegClass") {
            let mut vts = ctx.simple(ctx.table.iptr);
            self.ti.expand_overloads(&mut vts);
            return Ok(vts);
        }
        if matches!(f.name(def), "node" | "srcvalue" | "zero_reg" | "immAllOnesV" | "immAllZerosV" | "undef_tied_input")
        {
            return Ok(TypeSetByHwMode::default());
        }
        if is("Operand") {
            return ctx.vt_set(f.def(def, "Type")?);
        }
        self.ti.fail(TypeError::Pattern(format!("Unknown node flavor used in pattern: {}", f.name(def))));
        Ok(ctx.simple(ctx.table.other))
    }

    /// `UpdateNodeTypeFromInst`: a node result typed by the instruction operand it fills.
    fn update_from_inst(&mut self, node: &mut TreeNode, res: usize, operand: RecId) -> Result<bool, Fatal> {
        let ctx = self.ctx;
        let f = ctx.f();
        if f.is_a(operand, "unknown_class") {
            return Ok(false);
        }
        let types = if f.is_a(operand, "Operand") {
            ctx.vt_set(f.def(operand, "Type")?)?
        } else if f.is_a(operand, "PointerLikeRegClass")
            && *OTHER_INST_OPERAND.get(ctx.input.records.release) == OtherInstOperand::PointerLikeIsPtr
        {
            ctx.simple(ctx.table.iptr)
        } else if f.is_a(operand, "RegisterClass") {
            ctx.class_types(operand, self.record)?
        } else if f.is_a(operand, "RegisterOperand") {
            ctx.class_types(f.def(operand, "RegClass")?, self.record)?
        } else if f.is_a(operand, "RegClassByHwMode") {
            ctx.class_types(operand, self.record)?
        } else {
            match OTHER_INST_OPERAND.get(ctx.input.records.release) {
                OtherInstOperand::PointerLikeIsPtr => {}
                OtherInstOperand::Error => {
                    self.ti.fail(TypeError::Pattern("cannot update node type from unknown operand!".into()));
                }
            }
            return Ok(false);
        };
        Ok(self.update(node, res, &types))
    }

    /// `ApplyTypeConstraints` of a node and its children.
    pub fn apply(&mut self, node: &mut TreeNode) -> Result<bool, Fatal> {
        if self.ti.has_error() {
            return Ok(false);
        }
        let ctx = self.ctx;
        let f = ctx.f();
        let (op, intrinsic) = match &node.kind {
            NodeKind::Leaf(Leaf::Value(v)) => return self.apply_leaf(node, *v),
            NodeKind::Leaf(Leaf::IntrinsicId(_)) => return Ok(false),
            NodeKind::Op { op, intrinsic, .. } => (*op, *intrinsic),
        };
        if let Some(def) = intrinsic {
            let (name, rets, params) = ctx.intrinsics.signature(def)?;
            let mut changed = false;
            for (i, &r) in rets.iter().enumerate() {
                let t = ctx.vt_set(f.def(r, "VT")?)?;
                changed |= self.update(node, i, &t);
            }
            let children = children_mut(node);
            if children.len() != params.len() + 1 {
                let message = format!(
                    "Intrinsic '{name}' expects {} operands, not {} operands!",
                    params.len(),
                    children.len() - 1
                );
                self.ti.fail(TypeError::Pattern(message));
                return Ok(false);
            }
            let iptr = ctx.simple(ctx.table.iptr);
            changed |= self.update(&mut children[0], 0, &iptr);
            for (i, &p) in params.iter().enumerate() {
                changed |= self.apply(&mut children[i + 1])?;
                let t = ctx.vt_set(f.def(p, "VT")?)?;
                changed |= self.update(&mut children[i + 1], 0, &t);
            }
            return Ok(changed);
        }
        if let Some(info) = ctx.nodes.of(op).transpose()? {
            let n = children_mut(node).len();
            if info.num_operands >= 0 && n != info.num_operands as usize {
                let message = format!("{} node requires exactly {} operands!", f.name(op), info.num_operands);
                self.ti.fail(TypeError::Pattern(message));
                return Ok(false);
            }
            let mut changed = false;
            for c in children_mut(node) {
                changed |= self.apply(c)?;
            }
            for c in &info.type_constraints {
                changed |= self.apply_constraint(node, info.num_results as usize, c.operand as usize, &c.kind)?;
            }
            return Ok(changed);
        }
        if let Some(inst) = ctx.instructions.get_def(op) {
            return self.apply_instruction(node, inst);
        }
        if f.is_a(op, "ComplexPattern") {
            let mut changed = false;
            if let Some(cp) = ctx.complex_patterns.of(op).filter(|_| !self.not_registers) {
                let t = ctx.vt_set(cp.ty)?;
                if t.machine_value_type().is_none() || t.machine_value_type() != ctx.table.untyped {
                    changed |= self.update(node, 0, &t);
                }
            }
            for c in children_mut(node) {
                changed |= self.apply(c)?;
            }
            return Ok(changed);
        }
        if *UNKNOWN_NODE_TYPE_ERROR.get(ctx.input.records.release) && !f.is_a(op, "SDNodeXForm") {
            self.ti.fail(TypeError::Pattern(format!("unknown node type '{}' in input pattern", f.name(op))));
            return Ok(false);
        }
        let children = children_mut(node);
        if children.len() != 1 {
            self.ti.fail(TypeError::Pattern(format!("Node transform '{}' requires one operand!", f.name(op))));
            return Ok(false);
        }
        self.apply(&mut children[0])
    }

    fn apply_leaf(&mut self, node: &mut TreeNode, value: Init) -> Result<bool, Fatal> {
        if let Some(def) = value.as_def() {
            let mut changed = false;
            for i in 0..node.types.len() {
                let t = self.implicit_type(def, node.name.is_empty())?;
                changed |= self.update(node, i, &t);
            }
            return Ok(changed);
        }
        let Some(v) = crate::records::int_value(value) else { return Ok(false) };
        let Some(slot) = node.types.get_mut(0) else { return Ok(false) };
        let changed = self.ti.enforce_integer(slot);
        if !slot.is_value_type_by_hw_mode(false) {
            return Ok(changed);
        }
        let tab = self.ctx.table;
        let rule = *INT_RANGE.get(self.ctx.input.records.release);
        for (_, s) in slot.clone().modes() {
            let Some(t) = s.first() else { continue };
            if Some(t) == tab.iptr || (rule == IntRange::SignBitAndAbove && Some(t) == tab.ptr_any) {
                continue;
            }
            let width = tab.info(t).size;
            let fits = match rule {
                IntRange::SignBitAndAbove => width >= 32 || matches!(v >> (width - 1).max(0), -1..=1),
                IntRange::SignedOrUnsigned => {
                    width >= 64
                        || (-(1i64 << (width - 1).max(0)) <= v && v < (1i64 << (width - 1).max(0)))
                        || (v as u64) < (1u64 << width)
                }
            };
            if !fits {
                let message = format!("Integer value '{v}' is out of range for type 'MVT::{}'!", tab.name(t));
                self.ti.fail(TypeError::Pattern(message));
                break;
            }
        }
        Ok(changed)
    }

    /// `SDTypeConstraint::ApplyTypeConstraint`.
    fn apply_constraint(
        &mut self,
        node: &mut TreeNode,
        num_results: usize,
        operand: usize,
        kind: &ConstraintKind,
    ) -> Result<bool, Fatal> {
        if self.ti.has_error() {
            return Ok(false);
        }
        let ctx = self.ctx;
        let slot_of = |node: &TreeNode, opno: usize| -> Result<Slot, Fatal> {
            if opno < num_results {
                return Ok(Slot { child: None, res: opno });
            }
            let child = opno - num_results;
            if child >= node.children().len() {
                return Err(Fatal::new(&[], format!("Invalid operand number in type constraint {opno}")));
            }
            Ok(Slot { child: Some(child), res: 0 })
        };
        let a = slot_of(node, operand)?;
        let changed = match kind {
            ConstraintKind::IsVt(vt) => {
                let t = TypeSetByHwMode::from_vts(std::slice::from_ref(vt));
                self.with1(node, a, |ti, s| ti.update(s, &t))
            }
            ConstraintKind::IsPtrTy => {
                // LLVM 19 reads `iPTR` alone: its types have no CHERI capability, which makes
                // the legal pointer types `iPTR` alone in every mode.
                let t = ctx.legal_ptr.clone();
                self.with1(node, a, |ti, s| ti.update(s, &t))
            }
            ConstraintKind::IsInt => self.with1(node, a, |ti, s| ti.enforce_integer(s)),
            ConstraintKind::IsFp => self.with1(node, a, |ti, s| ti.enforce_fp(s)),
            ConstraintKind::IsVec => self.with1(node, a, |ti, s| ti.enforce_vector(s)),
            ConstraintKind::IsSameAs(o) => {
                let b = slot_of(node, *o as usize)?;
                self.with2(node, a, b, |ti, x, y| {
                    let c = ti.update(x, y);
                    c | ti.update(y, x)
                })
            }
            ConstraintKind::IsVtSmallerThanOp(o) => {
                let vt = match a.child.map(|c| &node.children()[c]) {
                    Some(n) => n.leaf_def().filter(|&d| ctx.f().is_a(d, "ValueType")),
                    None => None,
                };
                let Some(vt) = vt else {
                    let op = node.operator().map(|op| ctx.f().name(op)).unwrap_or("");
                    self.ti.fail(TypeError::Pattern(format!("{op} expects a VT operand!")));
                    return Ok(false);
                };
                let mut small = ctx.vt_set(vt)?;
                let b = slot_of(node, *o as usize)?;
                self.with1(node, b, |ti, big| ti.enforce_smaller_than(&mut small, big, true))
            }
            ConstraintKind::IsOpSmallerThanOp(o) => {
                let b = slot_of(node, *o as usize)?;
                self.with2(node, a, b, |ti, x, y| ti.enforce_smaller_than(x, y, false))
            }
            ConstraintKind::IsEltOfVec(o) => {
                let b = slot_of(node, *o as usize)?;
                self.with2(node, b, a, |ti, vec, elt| ti.enforce_vector_elt_type_is(vec, elt))
            }
            ConstraintKind::IsSubVecOfVec(o) => {
                let b = slot_of(node, *o as usize)?;
                self.with2(node, b, a, |ti, vec, sub| ti.enforce_vector_sub_vector_type_is(vec, sub))
            }
            ConstraintKind::VecEltIsVt(vt) => {
                let mut elt = TypeSetByHwMode::from_vts(std::slice::from_ref(vt));
                self.with1(node, a, |ti, vec| ti.enforce_vector_elt_type_is(vec, &mut elt))
            }
            ConstraintKind::IsSameNumEltsAs(o) => {
                let b = slot_of(node, *o as usize)?;
                self.with2(node, b, a, |ti, x, y| ti.enforce_same_num_elts(x, y))
            }
            ConstraintKind::IsSameSizeAs(o) => {
                let b = slot_of(node, *o as usize)?;
                self.with2(node, b, a, |ti, x, y| ti.enforce_same_size(x, y))
            }
        };
        Ok(changed)
    }

    fn with1(
        &mut self,
        node: &mut TreeNode,
        a: Slot,
        op: impl FnOnce(&mut TypeInfer, &mut TypeSetByHwMode) -> bool,
    ) -> bool {
        let Some(slot) = a.get(node) else { return false };
        op(&mut self.ti, slot)
    }

    fn with2(
        &mut self,
        node: &mut TreeNode,
        a: Slot,
        b: Slot,
        op: impl FnOnce(&mut TypeInfer, &mut TypeSetByHwMode, &mut TypeSetByHwMode) -> bool,
    ) -> bool {
        let (Some(mut x), Some(mut y)) = (a.get(node).cloned(), b.get(node).cloned()) else { return false };
        let changed = op(&mut self.ti, &mut x, &mut y);
        *a.get(node).expect("read above") = x;
        *b.get(node).expect("read above") = y;
        changed
    }

    /// The `Instruction` case of `ApplyTypeConstraints`: results from the (outs) operands and
    /// the first implicit def, each child from the operand it fills (sub-operand by sub-operand
    /// where the child gives fewer), with LLVM's operand count checks.
    fn apply_instruction(&mut self, node: &mut TreeNode, inst: &Instruction) -> Result<bool, Fatal> {
        let ctx = self.ctx;
        let f = ctx.f();
        let ops = &inst.operands;
        let num_defs = ops.num_defs as usize;
        let num_results = ctx.dag_num_results(inst);
        let mut changed = false;
        let to_add = num_defs.min(num_results);
        for res in 0..to_add {
            changed |= self.update_from_inst(node, res, ops.operands[res].rec)?;
        }
        if !inst.implicit_defs.is_empty() {
            if let Some(vt) = ctx.implicit_def_vt(inst) {
                changed |= self.update(node, to_add, &ctx.simple(Some(vt)));
            }
        }
        let inst_name = f.name(inst.def);
        if inst_name == "INSERT_SUBREG" {
            let child = node.children().first().and_then(|c| c.types.first()).cloned().unwrap_or_default();
            changed |= self.update(node, 0, &child);
            let own = node.types.first().cloned().unwrap_or_default();
            if let Some(c) = children_mut(node).first_mut() {
                changed |= self.update(c, 0, &own);
            }
        } else if inst_name == "REG_SEQUENCE" {
            let children = node.children();
            let n = children.len();
            let operand_class = |c: &TreeNode, class: &str| match c.operator() {
                Some(op) => f.is_a(op, class),
                None => c.leaf_def().is_some_and(|d| f.is_a(d, class)),
            };
            let message = if n < 3 {
                Some("REG_SEQUENCE requires at least 3 operands!".to_string())
            } else if n.is_multiple_of(2) {
                Some("REG_SEQUENCE requires an odd number of operands!".to_string())
            } else if !operand_class(&children[0], "RegisterClass") {
                Some("REG_SEQUENCE requires a RegisterClass for first operand!".to_string())
            } else {
                (1..n)
                    .step_by(2)
                    .find(|&i| !operand_class(&children[i + 1], "SubRegIndex"))
                    .map(|i| format!("REG_SEQUENCE requires a SubRegIndex for operand {}!", i + 1))
            };
            if let Some(message) = message {
                self.ti.fail(TypeError::Pattern(message));
                return Ok(false);
            }
        }
        let num_fixed = ops.operands.len();
        let mut non_overridable = num_fixed;
        while non_overridable > num_results && ctx.operand_has_default(ops.operands[non_overridable - 1].rec) {
            non_overridable -= 1;
        }
        let n_children = node.children().len();
        let too_few = |n: usize| format!("Instruction '{inst_name}' expects more than the provided {n} operands!");
        let mut child_no = 0;
        for i in num_results..num_fixed {
            let rec = ops.operands[i].rec;
            if ctx.operand_has_default(rec) && (i < non_overridable || child_no >= n_children) {
                continue;
            }
            if child_no >= n_children {
                self.ti.fail(TypeError::Pattern(too_few(n_children)));
                return Ok(false);
            }
            let children = children_mut(node);
            if f.is_a(rec, "Operand") {
                let sub_ops: Vec<RecId> = match f.init(rec, "MIOperandInfo")?.kind() {
                    InitKind::Dag(_, _, args) => args.iter().filter_map(|(a, _)| a.as_def()).collect(),
                    _ => Vec::new(),
                };
                if !sub_ops.is_empty() && self.num_mi_results(&children[child_no])? < sub_ops.len() {
                    changed |= self.update_from_inst(&mut children[child_no], 0, sub_ops[0])?;
                    child_no += 1;
                    for &sub in &sub_ops[1..] {
                        if child_no >= n_children {
                            self.ti.fail(TypeError::Pattern(too_few(n_children)));
                            return Ok(false);
                        }
                        changed |= self.update_from_inst(&mut children[child_no], 0, sub)?;
                        child_no += 1;
                    }
                    continue;
                }
            }
            changed |= self.update_from_inst(&mut children[child_no], 0, rec)?;
            child_no += 1;
        }
        if !ops.is_variadic && child_no != n_children {
            let message =
                format!("Instruction '{inst_name}' was provided {n_children} operands but expected only {child_no}!");
            self.ti.fail(TypeError::Pattern(message));
            return Ok(false);
        }
        for c in children_mut(node) {
            changed |= self.apply(c)?;
        }
        Ok(changed)
    }

    /// `getNumMIResults`: a complex pattern's operands, an operand's sub-operands, else 1.
    fn num_mi_results(&self, node: &TreeNode) -> Result<usize, Fatal> {
        let f = self.ctx.f();
        let def = match &node.kind {
            NodeKind::Op { op, .. } => Some(*op),
            NodeKind::Leaf(_) => node.leaf_def(),
        };
        if let Some(cp) = def.and_then(|d| self.ctx.complex_patterns.of(d)) {
            return Ok(cp.num_operands as usize);
        }
        if let (true, Some(d)) = (node.is_leaf(), def) {
            if f.is_a(d, "Operand") {
                if let InitKind::Dag(_, _, args) = f.init(d, "MIOperandInfo")?.kind() {
                    if !args.is_empty() {
                        return Ok(args.len());
                    }
                }
            }
        }
        Ok(1)
    }

    /// `InferAllTypes`: constraints applied and bitconverts simplified until nothing changes,
    /// then the named nodes made to agree (with `input_names`' types, for a result pattern);
    /// whether every type came out concrete.
    pub fn infer_all(&mut self, input_names: Option<&NamedTypes>) -> Result<bool, Fatal> {
        let mut trees = std::mem::take(&mut self.trees);
        let result = self.infer_trees(&mut trees, input_names);
        self.trees = trees;
        let stopped = result?;
        self.check_emptied()?;
        // LLVM's early `return true` (a name the input lacks) says every type was inferred.
        Ok(stopped || !self.trees.iter().any(|t| self.contains_unresolved(t)))
    }

    /// The passes to a fixed point; whether they stopped at a name the input lacks.
    fn infer_trees(&mut self, trees: &mut [TreeNode], input_names: Option<&NamedTypes>) -> Result<bool, Fatal> {
        let mut changed = true;
        while changed {
            changed = false;
            for t in trees.iter_mut() {
                changed |= self.apply(t)?;
                changed |= simplify(t, self.ctx.bitconvert);
            }
            let mut named: Groups<Sym> = Vec::new();
            for (i, t) in trees.iter().enumerate() {
                collect_named(t, &mut Path::from_slice(&[i]), &mut named);
            }
            // LLVM walks its `StringMap` of names in bucket order; a name the input lacks
            // ends the walk there, so which one it names, and what was merged before it,
            // follow that order.
            if input_names.is_some_and(|input| named.iter().any(|(n, _)| !input.contains_key(n))) {
                let order =
                    crate::string_map::string_map_order(self.ctx.input.records.release, named.iter().map(|(n, _)| *n));
                named.sort_by_key(|(n, _)| order.iter().position(|o| o == n));
            }
            for (name, paths) in &named {
                if let Some(input) = input_names {
                    let Some(in_type) = input.get(name) else {
                        self.ti
                            .fail(TypeError::Pattern(format!("Node '{name}' in output pattern but not input pattern")));
                        return Ok(true);
                    };
                    for path in paths {
                        let node = node_at(trees, path);
                        if path.len() == 1 && path[0] == 0 {
                            let f = self.ctx.f();
                            let is_class = node
                                .leaf_def()
                                .is_some_and(|d| f.is_a(d, "RegisterClass") || f.is_a(d, "RegisterOperand"));
                            if is_class {
                                continue;
                            }
                        }
                        changed |= self.update(node, 0, in_type);
                    }
                }
                for w in paths.windows(2) {
                    let t2 = node_at(trees, &w[1]).types.first().cloned().unwrap_or_default();
                    changed |= self.update(node_at(trees, &w[0]), 0, &t2);
                    let t1 = node_at(trees, &w[0]).types.first().cloned().unwrap_or_default();
                    changed |= self.update(node_at(trees, &w[1]), 0, &t1);
                }
            }
            // Copies of one node of LLVM's (`TreeNode::share`) have its types.
            let mut shared: Groups<u32> = Vec::new();
            for (i, t) in trees.iter().enumerate() {
                collect_shared(t, &mut Path::from_slice(&[i]), &mut shared);
            }
            for (_, paths) in shared.iter().filter(|(_, paths)| paths.len() > 1) {
                for w in paths.windows(2) {
                    let n = node_at(trees, &w[0]).types.len().min(node_at(trees, &w[1]).types.len());
                    for r in 0..n {
                        let t2 = node_at(trees, &w[1]).types[r].clone();
                        changed |= self.update(node_at(trees, &w[0]), r, &t2);
                        let t1 = node_at(trees, &w[0]).types[r].clone();
                        changed |= self.update(node_at(trees, &w[1]), r, &t1);
                        let mut t2 = node_at(trees, &w[1]).types[r].clone();
                        let first = &mut node_at(trees, &w[0]).types[r];
                        if TypeSetByHwMode::unify_copies(first, &mut t2) {
                            node_at(trees, &w[1]).types[r] = t2;
                            changed = true;
                        }
                    }
                }
            }
            if self.ti.has_error() {
                break;
            }
        }
        Ok(false)
    }

    /// The named nodes' types, each name's first node's.
    pub fn named_types(&self) -> NamedTypes {
        let mut named: Groups<Sym> = Vec::new();
        for (i, t) in self.trees.iter().enumerate() {
            collect_named(t, &mut Path::from_slice(&[i]), &mut named);
        }
        let mut out = NamedTypes::new();
        for (name, paths) in named {
            let node = node_at_ref(&self.trees, &paths[0]);
            out.insert(name, node.types.first().cloned().unwrap_or_default());
        }
        out
    }

    /// `ContainsUnresolvedType`: some type of the tree is not one per mode.
    pub fn contains_unresolved(&self, node: &TreeNode) -> bool {
        node.types.iter().any(|t| !t.is_value_type_by_hw_mode(true))
            || node.children().iter().any(|c| self.contains_unresolved(c))
    }

    /// `ForceArbitraryInstResultType`: in the first instruction (innermost first) with a
    /// result neither unknown nor concrete, that result's first type of each mode.
    pub fn force_arbitrary_inst_result(&mut self, node: &mut TreeNode) -> bool {
        if node.is_leaf() {
            return false;
        }
        for c in children_mut(node) {
            if self.force_arbitrary_inst_result(c) {
                return true;
            }
        }
        let Some(op) = node.operator() else { return false };
        if !self.ctx.f().is_a(op, "Instruction") {
            return false;
        }
        for t in node.types.iter_mut() {
            if t.is_empty() || t.is_value_type_by_hw_mode(false) {
                continue;
            }
            if self.ti.force_arbitrary(t) {
                return true;
            }
        }
        false
    }
}

/// Where a constraint's operand is: a result of the node itself, or the first result of a
/// child.
#[derive(Clone, Copy)]
struct Slot {
    child: Option<usize>,
    res: usize,
}

impl Slot {
    fn get(self, node: &mut TreeNode) -> Option<&mut TypeSetByHwMode> {
        match self.child {
            None => node.types.get_mut(self.res),
            Some(c) => children_mut(node).get_mut(c)?.types.get_mut(self.res),
        }
    }
}

fn children_mut(node: &mut TreeNode) -> &mut [TreeNode] {
    match &mut node.kind {
        NodeKind::Op { children, .. } => children,
        NodeKind::Leaf(_) => &mut [],
    }
}

fn node_at<'t>(trees: &'t mut [TreeNode], path: &[usize]) -> &'t mut TreeNode {
    let mut node = &mut trees[path[0]];
    for &i in &path[1..] {
        node = &mut children_mut(node)[i];
    }
    node
}

fn node_at_ref<'t>(trees: &'t [TreeNode], path: &[usize]) -> &'t TreeNode {
    let mut node = &trees[path[0]];
    for &i in &path[1..] {
        node = &node.children()[i];
    }
    node
}

/// Where a node is in a pattern's trees: the tree's index, then each child's (kept inline:
/// type inference collects the paths of every named node on each of its passes).
type Path = SmallVec<[usize; 5]>;

/// Paths grouped by a key, in the order the keys first occur.
type Groups<K> = Vec<(K, SmallVec<[Path; 2]>)>;

/// The named nodes in pre-order, grouped by name in the order names first occur.
fn collect_named(node: &TreeNode, path: &mut Path, out: &mut Groups<Sym>) {
    collect_by(node, path, &|n: &TreeNode| (!n.name.is_empty()).then_some(n.name), out);
}

/// The nodes with a [`TreeNode::share`], grouped by it in the order they first occur.
fn collect_shared(node: &TreeNode, path: &mut Path, out: &mut Groups<u32>) {
    collect_by(node, path, &|n: &TreeNode| (n.share != 0).then_some(n.share), out);
}

/// The paths of the nodes that have a key, in pre-order, grouped by key in first-occurrence
/// order.
fn collect_by<K: Copy + PartialEq>(
    node: &TreeNode,
    path: &mut Path,
    key: &dyn Fn(&TreeNode) -> Option<K>,
    out: &mut Groups<K>,
) {
    if let Some(k) = key(node) {
        match out.iter_mut().find(|(n, _)| *n == k) {
            Some((_, paths)) => paths.push(path.clone()),
            None => out.push((k, smallvec::smallvec![path.clone()])),
        }
    }
    for (i, c) in node.children().iter().enumerate() {
        path.push(i);
        collect_by(c, path, key, out);
        path.pop();
    }
}

/// `SimplifyTree`: a `bitconvert` whose one concrete result type is its operand's, and that
/// has no name, replaced by its operand.
pub fn simplify(node: &mut TreeNode, bitconvert: Option<RecId>) -> bool {
    if node.is_leaf() {
        return false;
    }
    let removable = bitconvert.is_some()
        && node.operator() == bitconvert
        && node.name.is_empty()
        && node.types.first().is_some_and(|t| {
            t.is_value_type_by_hw_mode(false)
                && !t.is_empty()
                && node.children().first().and_then(|c| c.types.first()).is_some_and(|c| t.same_as(c))
        });
    if removable {
        let NodeKind::Op { children, .. } = &mut node.kind else { unreachable!("not a leaf") };
        let child = children.swap_remove(0);
        *node = child;
        simplify(node, bitconvert);
        return true;
    }
    let mut changed = false;
    for c in children_mut(node) {
        changed |= simplify(c, bitconvert);
    }
    changed
}

/// `hasPossibleType`: every type of the tree possible in some mode.
pub fn has_possible_type(node: &TreeNode) -> bool {
    node.types.iter().all(TypeSetByHwMode::is_possible) && node.children().iter().all(has_possible_type)
}

/// The types a source pattern's nodes have without their registers, register classes and
/// named value types (the matcher generator's `PatWithNoTypes`): what the operators alone
/// imply, so that only the other types are checked when matching. [`ImpliedTypes::check`]
/// gives a node the pattern's types, in the order the matcher visits the nodes.
pub struct ImpliedTypes<'c, 'a> {
    pattern: Pattern<'c, 'a>,
}

impl<'c, 'a> ImpliedTypes<'c, 'a> {
    pub fn new(ctx: &'c Context<'a>, record: RecId, src: &TreeNode) -> Result<Self, Fatal> {
        fn clear(n: &mut TreeNode) {
            n.types.iter_mut().for_each(|t| *t = TypeSetByHwMode::default());
            if let NodeKind::Op { children, .. } = &mut n.kind {
                children.iter_mut().for_each(clear);
            }
        }
        let mut tree = src.clone();
        clear(&mut tree);
        let ti = ctx.type_infer();
        let mut implied = ImpliedTypes { pattern: Pattern { ctx, record, trees: vec![tree], ti, not_registers: true } };
        implied.infer()?;
        Ok(implied)
    }

    /// `InferPossibleTypes`.
    fn infer(&mut self) -> Result<(), Fatal> {
        let mut trees = std::mem::take(&mut self.pattern.trees);
        let result = (|| {
            while self.pattern.apply(&mut trees[0])? {}
            Ok(())
        })();
        self.pattern.trees = trees;
        result
    }

    /// The results of the node at `path` (child indexes from the root) whose types the
    /// pattern's `node` there does not share with the implied ones, given the pattern's
    /// types from now on.
    pub fn check(&mut self, path: &[usize], node: &TreeNode) -> Result<Vec<usize>, Fatal> {
        let mut out = Vec::new();
        for (i, t) in node.types.iter().enumerate() {
            let implied = node_at(&mut self.pattern.trees[..1], &[&[0usize][..], path].concat());
            if implied.types.get(i).is_some_and(|own| own.same_as(t)) {
                continue;
            }
            if let Some(slot) = implied.types.get_mut(i) {
                *slot = t.clone();
            }
            self.infer()?;
            out.push(i);
        }
        Ok(out)
    }
}
