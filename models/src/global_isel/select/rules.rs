//! The selection rules of imported patterns (the matchers and actions `runOnPattern` builds).
//!
//! The source is matched as `createAndImportSelDAGMatcher` and `importChildMatcher` do: the
//! root and nested generic instructions (`GIM_RecordInsn`), their result and operand types
//! (pointer operands by size, pointer types by address space, shapes of instructions that
//! match generic types), register-class leaves (a register-bank check), integers (a constant
//! or a literal), unnamed value types (a literal of their size), intrinsic ids, constants and
//! frame indices with their immediate predicates (`GIM_Check{I64,APInt,APFloat}ImmPredicate`),
//! the memory operand's predicates (atomic ordering, size, size against the type, address
//! space, alignment), use-count and C++ predicates, target immediates (`GIM_CheckIsImm` and
//! operand predicates), basic blocks, comparisons' predicates, complex patterns (checked last
//! when optimised) and their sub-operands, build vectors of all ones or zeros, physical
//! registers read, and a name met twice (a same-operand check). The destination is rendered
//! as `createAndImportInstructionRenderer` does: `COPY`s into the physical registers read,
//! the root instruction and its sub-instructions (`GIR_BuildMI` into temporary registers),
//! discarded defs as dead temporary registers, named operands copied (or their zero register),
//! named constants as immediates, integers and sub-register indices as immediates, physical
//! registers and `zero_reg`, `undef_tied_input` (an `IMPLICIT_DEF`), complex patterns'
//! renderers, default operands, transforms (`GIR_CustomRenderer`,
//! `GIR_CustomOperandRenderer`), `COPY_TO_REGCLASS`, `EXTRACT_SUBREG` (a sub-register copy),
//! `INSERT_SUBREG`, `SUBREG_TO_REG` and `REG_SEQUENCE` (each value and its sub-register
//! index) with the classes they constrain; the root is recycled
//! (`GIR_MutateOpcode`) when its operands are the matched root's in order. The import
//! ([`super::Importer::run_on_pattern`]) has already checked the pattern; any form not built
//! here gives no rule but the form ([`super::NotBuilt`], counted in the backend's refusal),
//! and the backend refuses the run rather than write a table without it: optional defs,
//! C++ predicates of named operands. A source that is an integer leaf is a `G_CONSTANT` of
//! it; a leaf with predicates is checked by their `GISelLeafPredicateCode`; each node is
//! matched under the `GISelFlags` of the fragment it was inlined from.

use super::{
    DeadImplicitDefs, Importer, MmoAtomicity, NotBuilt, PhysRegCopies, SubCopyToRegClass, SubInstructionDefs,
    UndefTiedInput,
};
use crate::global_isel::matchers::{
    Action, BuildMi, Check, InstructionMatcher, Opcode, OperandMatcher, OrderingComparator, Predicates, Renderer,
    RuleMatcher, TypeRef,
};
use crate::patterns::dag_patterns::PatternToMatch;
use crate::patterns::tree::{Leaf, NodeKind, TreeNode};
use crate::target::instructions::Instruction;
use std::collections::HashMap;
use tdq_core::types::RecId;

/// The generic instructions whose import is not a plain operand walk.
const SPECIAL_GENERIC: &[&str] = &["G_CONSTANT", "G_FCONSTANT", "G_FRAME_INDEX", "G_BLOCK_ADDR"];

/// A rule's part, or the form that tdq does not build yet.
type Built<T> = Result<T, NotBuilt>;

/// An option that must be there for the rule to be built: its absence is a form not built.
trait Need<T> {
    fn need(self, form: &'static str) -> Built<T>;
}

impl<T> Need<T> for Option<T> {
    fn need(self, form: &'static str) -> Built<T> {
        self.ok_or(NotBuilt::new(form))
    }
}

fn not_built<T>(form: &'static str) -> Built<T> {
    Err(NotBuilt::new(form))
}

/// An action of the rule being built, or the instruction an output builds (its operands
/// are added after it is placed).
enum Item {
    Action(Action),
    Build(u32),
}

/// The rule's actions in order, each placed before another (LLVM's `insertAction` at an
/// `action_iterator`): a position is an item's id, none is the end.
#[derive(Default)]
struct Actions {
    items: Vec<Item>,
    order: Vec<usize>,
}

type Pos = Option<usize>;

impl Actions {
    /// Inserts before `at`; the new item's position.
    fn insert(&mut self, at: Pos, item: Item) -> usize {
        let id = self.items.len();
        self.items.push(item);
        let index = at.and_then(|a| self.order.iter().position(|&o| o == a)).unwrap_or(self.order.len());
        self.order.insert(index, id);
        id
    }

    fn next(&self, at: usize) -> Pos {
        let i = self.order.iter().position(|&o| o == at)?;
        self.order.get(i + 1).copied()
    }

    fn prev(&self, at: usize) -> usize {
        let i = self.order.iter().position(|&o| o == at).unwrap_or(0);
        self.order[i.saturating_sub(1)]
    }
}

/// An output instruction being built.
struct Output<'a> {
    /// The instruction built (`COPY` for a `COPY_TO_REGCLASS`).
    inst: &'a Instruction,
    /// The pattern's instruction.
    orig: &'a Instruction,
    /// A `COPY_TO_REGCLASS`'s class.
    copy_class: Option<usize>,
    renderers: Vec<Renderer>,
    merge_insn_ids: Vec<u32>,
}

/// One rule's construction (the parts of LLVM's `RuleMatcher` the builders fill).
struct Build<'i, 'a> {
    imp: &'i Importer<'a>,
    /// `implicitlyDefineInsnVar`'s counter.
    next_insn: u32,
    /// `DefinedOperands`: each name's first operand (instruction, index).
    defined: HashMap<String, (u32, u32)>,
    /// The named instruction matchers' `InsnVarID`s.
    insn_names: HashMap<String, u32>,
    /// `GISF_IgnoreCopies` of the pattern.
    ignore_copies: bool,
    actions: Actions,
    outputs: Vec<Output<'a>>,
    next_temp_reg: u32,
    /// The source root's result count (LLVM 19 renders a sub-instruction's other defs by it).
    src_num_defs: usize,
    /// `TempOpIdx`: the complex patterns matched so far, each keeping its renderers by it.
    next_renderer: u32,
    /// The renderers of the operands matched by a complex pattern leaf, by name.
    complex_operands: HashMap<String, u32>,
    /// `ComplexSubOperands`: a complex pattern's named sub-operand, its renderer and index.
    complex_subs: HashMap<String, (u32, u32)>,
    /// The physical registers the source reads, in order: the register, the instruction and
    /// operand that read it.
    phys_inputs: Vec<(RecId, u32, u32)>,
}

impl<'a> Importer<'a> {
    /// The opcode check or action of an instruction.
    fn opcode_of(&self, i: &Instruction) -> Opcode {
        Opcode {
            def: i.def,
            name: i.name,
            namespace: i.namespace,
            value: self.instructions.enum_value(i.def),
            is_variadic: i.operands.is_variadic,
        }
    }

    /// The type check of a machine value type (a pointer's by its address space).
    fn plain_type_check(&self, ty: &crate::patterns::types::TypeSetByHwMode) -> Option<Check> {
        let llt = self.llt(ty.machine_value_type()?)?;
        Some(Check::Llt { ty: self.typed_llt(ty, llt), id: None })
    }

    /// `addTypeCheckPredicateForOpcode`: a pointer operand's size (any for `iPTR`), the shape
    /// of an operand of an instruction that matches generic types, another's type; metadata
    /// (LLVM 23) none.
    fn operand_type_check(
        &self,
        ty: &crate::patterns::types::TypeSetByHwMode,
        pointer: bool,
        gi: Option<&Instruction>,
    ) -> Built<Option<Check>> {
        let t = ty.machine_value_type().need("operand type")?;
        if !pointer && ty.ptr_addr_space().is_none() && self.matches_generic_types(gi) {
            if let Some(shape) = self.generic_llt(t) {
                return Ok(Some(Check::LltShape { ty: shape, id: None }));
            }
        }
        if pointer && (Some(t) == self.table.iptr || Some(t) == self.table.cptr) {
            return Ok(Some(Check::PointerToAny(0)));
        }
        if self.form.metadata_untyped && self.table.name(t) == "Metadata" {
            return Ok(None);
        }
        let llt = self.llt(t).need("operand type")?;
        if pointer {
            return Ok(Some(Check::PointerToAny(llt.size_in_bits())));
        }
        Ok(Some(Check::Llt { ty: self.typed_llt(ty, llt), id: None }))
    }

    /// The enum name of a register class's id (`MyTarget::GPR32RegClassID`).
    fn reg_class_id(&self, class: usize) -> String {
        let class = &self.bank.classes[class];
        format!("{}::{}RegClassID", class.namespace, class.name)
    }

    /// The rule of an imported pattern, where it is one of the forms built so far.
    pub(super) fn build_rule(&self, id: u64, p: &PatternToMatch) -> Built<RuleMatcher> {
        let f = self.f();
        let ignore_copies = gisel_ignore_copies(f, Some(p.src_record)).unwrap_or(false);
        let mut b = Build {
            imp: self,
            next_insn: 1,
            defined: HashMap::new(),
            insn_names: HashMap::new(),
            ignore_copies,
            actions: Actions::default(),
            outputs: Vec::new(),
            next_temp_reg: 0,
            src_num_defs: p.src.types.len(),
            next_renderer: 0,
            complex_operands: HashMap::new(),
            complex_subs: HashMap::new(),
            phys_inputs: Vec::new(),
        };
        let (src, dst) = (&p.src, &p.dst);
        let comment = format!("{}  =>  {}", (self.print)(src), (self.print)(dst));
        b.actions.insert(None, Item::Action(Action::DebugComment(comment)));
        let mut root = InstructionMatcher::new(0, src.name.to_string());
        b.name_insn(&root);
        b.src_insn(&mut root, src)?;
        if dst.is_leaf() {
            return b.copy_rule(id, root, dst);
        }
        let dst_i = dst.operator().and_then(|op| self.instruction(op)).need("destination root")?;
        let num_defs = (dst_i.operands.num_defs as usize).min(src.types.len());
        for i in 0..num_defs {
            let name = format!("DstI[{}]", dst_i.operands.operands[i].name);
            let class = self.root_def_class(dst, i).need("destination result class")?;
            let om = root.operands.get_mut(i).need("destination result without a source operand")?;
            om.symbolic_name = name.clone();
            b.defined.entry(name).or_insert((0, i as u32));
            om.add_predicate(0, Check::RegBankForClass(self.reg_class_id(class)));
        }
        let root_item = b.instruction(None, dst)?;
        let mut at = Some(root_item);
        at = b.phys_input_copies(at)?;
        at = b.explicit_defs(at, 0, dst, true)?;
        b.explicit_uses(at, 0, dst)?;
        let mutate = b.can_mutate(&root);
        b.constrain(None, 0, dst)?;
        if !mutate {
            b.actions.insert(None, Item::Action(Action::EraseInst(0)));
        }
        b.finish(id, root, mutate)
    }
}

impl<'a> Build<'_, 'a> {
    /// The rule of a destination that is a register-class leaf: a `COPY` of the named operand
    /// constrained to the class.
    fn copy_rule(mut self, id: u64, mut root: InstructionMatcher, dst: &TreeNode) -> Built<RuleMatcher> {
        let imp = self.imp;
        let class = imp.reg_class_of_leaf(dst).need("leaf destination class")?;
        let copy = imp.instruction_named("COPY").need("COPY instruction")?;
        let name = copy.operands.operands.first().need("COPY instruction")?.name.to_string();
        if self.defined.contains_key(&name) {
            return not_built("leaf destination named as COPY's def");
        }
        let om = root.operands.get_mut(0).need("leaf destination of a source without results")?;
        om.symbolic_name = name.clone();
        om.add_predicate(0, Check::RegBankForClass(imp.reg_class_id(class)));
        self.defined.insert(name.clone(), (0, 0));
        let &(old_insn, old_op) = self.defined.get(dst.name).need("leaf destination not named in the source")?;
        let copied = Renderer::Copy { new_insn: 0, old_insn, old_op, name: dst.name.to_string(), variadic: false };
        let renderers = vec![Renderer::Copy { new_insn: 0, old_insn: 0, old_op: 0, name, variadic: false }, copied];
        self.outputs.push(Output { inst: copy, orig: copy, copy_class: None, renderers, merge_insn_ids: Vec::new() });
        self.actions.insert(None, Item::Build(0));
        let class = imp.reg_class_id(class);
        self.actions.insert(None, Item::Action(Action::ConstrainOperandRc { insn: 0, op: 0, class }));
        self.actions.insert(None, Item::Action(Action::EraseInst(0)));
        self.finish(id, root, false)
    }

    /// The rule of the actions in order, each output built or (the root) mutated.
    fn finish(self, id: u64, root: InstructionMatcher, mutate: bool) -> Built<RuleMatcher> {
        let imp = self.imp;
        let qualified = |reg: RecId| imp.register_name(reg);
        let dead: Vec<Vec<bool>> = self
            .outputs
            .iter()
            .map(|o| o.inst.implicit_defs.iter().map(|&d| self.implicit_def_is_dead(d)).collect())
            .collect();
        let mut outputs: Vec<Option<Output>> = self.outputs.into_iter().map(Some).collect();
        let mut items: Vec<Option<Item>> = self.actions.items.into_iter().map(Some).collect();
        let mut actions = Vec::new();
        for &i in &self.actions.order {
            match items[i].take().need("action placed twice")? {
                Item::Action(a) => actions.push(a),
                Item::Build(out) => {
                    let o = outputs[out as usize].take().need("instruction built twice")?;
                    let opcode = imp.opcode_of(o.inst);
                    let dead = &dead[out as usize];
                    if out == 0 && mutate {
                        let implicit_defs =
                            o.inst.implicit_defs.iter().zip(dead).map(|(&d, &dead)| (qualified(d), dead)).collect();
                        let implicit_uses = o.inst.implicit_uses.iter().map(|&u| qualified(u)).collect();
                        actions.push(Action::MutateOpcode {
                            insn: 0,
                            recycle: 0,
                            opcode,
                            implicit_defs,
                            implicit_uses,
                        });
                        continue;
                    }
                    let dead_implicit_defs = o
                        .inst
                        .implicit_defs
                        .iter()
                        .zip(dead)
                        .enumerate()
                        .filter(|(_, (_, &dead))| dead)
                        .map(|(i, (&d, _))| (i as u32, qualified(d)))
                        .collect();
                    actions.push(Action::BuildMi(BuildMi {
                        insn_id: out,
                        opcode,
                        renderers: o.renderers,
                        copied_flags: Vec::new(),
                        set_flags: Vec::new(),
                        unset_flags: Vec::new(),
                        merge_insn_ids: o.merge_insn_ids,
                        dead_implicit_defs,
                    }));
                }
            }
        }
        Ok(RuleMatcher {
            id,
            insns: vec![root],
            required_features: Vec::new(),
            hw_mode: None,
            simple_predicates: Vec::new(),
            actions,
            epilogue: Vec::new(),
            custom_cxx_action: None,
            uses_record_operands: true,
            renderer_fns: self.next_renderer,
        })
    }
}

/// `updateGISelFlag` of `GIIgnoreCopies`: the value a `GISelFlags` record sets, none where
/// it leaves the flag as it was.
fn gisel_ignore_copies(f: crate::records::Fields, flags: Option<RecId>) -> Option<bool> {
    flags.filter(|&r| f.is_a(r, "GISelFlags")).and_then(|r| f.bit(r, "GIIgnoreCopies").ok())
}

impl Importer<'_> {
    /// The size of a value type's scalar (`getScalarSizeInBits`).
    fn scalar_bits(&self, vt: tdq_core::types::RecId) -> Option<i64> {
        let t = self.dag_value_type(vt)?;
        let info = self.table.info(t);
        Some(match info.element {
            Some(e) if info.is_vector => self.table.info(e).size,
            _ => info.size,
        })
    }
}

impl Importer<'_> {
    /// A physical register's qualified name (`MyTarget::R0`); `zero_reg` is the target's
    /// `NoRegister`, in the namespace of its first register class.
    fn register_name(&self, reg: RecId) -> String {
        let f = self.f();
        if f.name(reg) == "zero_reg" {
            let namespace = self.bank.classes.first().map_or("", |c| c.namespace);
            return format!("{namespace}::NoRegister");
        }
        let namespace = f.value(reg, "Namespace").and_then(|v| v.value.as_str()).unwrap_or("");
        format!("{namespace}::{}", f.name(reg))
    }

    /// `getMinimalPhysRegClass`: of the classes holding the register (with the type, where
    /// it has one), the last that is a sub-class of the one found before.
    fn minimal_phys_reg_class(&self, reg: RecId, ty: &crate::patterns::types::TypeSetByHwMode) -> Option<usize> {
        let reg = self.bank.register_of(reg)?;
        let vt = ty.value_type_by_hw_mode();
        let mut best: Option<usize> = None;
        for (i, rc) in self.bank.classes.iter().enumerate() {
            let holds =
                rc.contains(reg) && vt.as_ref().is_none_or(|vt| rc.value_types.iter().any(|t| super::same_vt(t, vt)));
            if holds && best.is_none_or(|b| self.bank.classes[b].has_sub_class(i)) {
                best = Some(i);
            }
        }
        best
    }

    /// The classes `constrainOperands` constrains a sub-register instruction's operands to,
    /// by operand index.
    fn sub_register_classes(&self, name: &str, dst: &TreeNode) -> Option<Vec<(u32, usize)>> {
        let children = dst.children();
        Some(match name {
            "EXTRACT_SUBREG" => {
                let super_rc = self.reg_class_from_pattern(children.first()?)?;
                let idx = self.sub_reg_index_of(children.get(1)?)?;
                let (src_rc, dst_rc) = self.matching_sub_class(super_rc, idx)?;
                vec![(0, dst_rc), (1, src_rc)]
            }
            "INSERT_SUBREG" => {
                let sub_rc = self.reg_class_from_pattern(children.get(1)?)?;
                let super_rc = self
                    .reg_class_from_pattern(children.first()?)
                    .or_else(|| self.super_register_class(dst.types.first(), children.get(2)?))?;
                vec![(0, super_rc), (1, super_rc), (2, sub_rc)]
            }
            "REG_SEQUENCE" => {
                let super_rc = self.reg_class_from_pattern(children.first()?)?;
                let mut classes = vec![(0, super_rc)];
                for i in (1..children.len()).step_by(2) {
                    let idx = self.sub_reg_index_of(children.get(i + 1)?)?;
                    classes.push((i as u32, self.matching_sub_class(super_rc, idx)?.1));
                }
                classes
            }
            _ => {
                let source = self.form.subreg_to_reg_source;
                let sub_rc = self.reg_class_from_pattern(children.get(source)?)?;
                let super_rc = self.super_register_class(dst.types.first(), children.get(source + 1)?)?;
                vec![(0, super_rc), (source as u32 + 1, sub_rc)]
            }
        })
    }
}

/// The class of a leaf's def that decides how it is matched or rendered, for a reason.
fn leaf_class(f: crate::records::Fields, d: tdq_core::types::RecId) -> &'static str {
    const CLASSES: [&str; 8] = [
        "ComplexPattern",
        "RegClassByHwMode",
        "Register",
        "RegisterOperand",
        "ImmLeaf",
        "SubRegIndex",
        "PatFrags",
        "Operand",
    ];
    match f.name(d) {
        "zero_reg" => "zero_reg",
        "undef_tied_input" => "undef_tied_input",
        "immAllOnesV" => "immAllOnesV",
        "immAllZerosV" => "immAllZerosV",
        _ => CLASSES.into_iter().find(|c| f.is_a(d, c)).unwrap_or("other"),
    }
}

/// What a destination node is, for a reason.
fn node_kind(f: crate::records::Fields, n: &TreeNode) -> &'static str {
    match &n.kind {
        NodeKind::Leaf(Leaf::Value(v)) => v.as_def().map_or("value", |d| leaf_class(f, d)),
        NodeKind::Leaf(Leaf::IntrinsicId(_)) => "intrinsic id",
        NodeKind::Op { op, .. } if f.is_a(*op, "ComplexPattern") => "ComplexPattern",
        NodeKind::Op { op, .. } if f.is_a(*op, "SDNode") => "SDNode",
        NodeKind::Op { .. } => "operator",
    }
}

impl<'a> Build<'_, 'a> {
    /// Records an instruction matcher's name (`getInstructionMatcher` finds it by name).
    fn name_insn(&mut self, im: &InstructionMatcher) {
        if !im.symbolic_name.is_empty() {
            self.insn_names.entry(im.symbolic_name.clone()).or_insert(im.insn_var);
        }
    }

    fn alloc_insn(&mut self) -> u32 {
        let id = self.next_insn;
        self.next_insn += 1;
        id
    }

    /// `createAndImportSelDAGMatcher`, under the node's flags (`setGISelFlags`).
    fn src_insn(&mut self, im: &mut InstructionMatcher, src: &TreeNode) -> Built<()> {
        let saved = self.ignore_copies;
        if let Some(v) = gisel_ignore_copies(self.imp.f(), src.gisel_flags) {
            self.ignore_copies = v;
        }
        let built = self.src_insn_flagged(im, src);
        self.ignore_copies = saved;
        built
    }

    fn src_insn_flagged(&mut self, im: &mut InstructionMatcher, src: &TreeNode) -> Built<()> {
        let imp = self.imp;
        let f = imp.f();
        // An integer leaf is matched as a `G_CONSTANT` of its value.
        let (equiv, gi, intrinsic) = match &src.kind {
            NodeKind::Op { op, intrinsic, .. } => {
                let equiv = *imp.node_equivs.get(op).need("source operator without GINodeEquiv")?;
                (Some(equiv), imp.equiv_instruction(equiv, src).need("source operator's instruction")?, intrinsic)
            }
            NodeKind::Leaf(_) if src.leaf_int().is_some() => {
                (None, imp.instruction_named("G_CONSTANT").need("G_CONSTANT")?, &None)
            }
            NodeKind::Leaf(_) => return not_built("source leaf that is no integer"),
        };
        im.add_predicate(Check::Opcode(vec![imp.opcode_of(gi)]));
        // Loads and stores are atomic or not by their memory operand.
        let equiv_bit = |field| equiv.is_some_and(|e| f.bit(e, field).unwrap_or(false));
        let atomicity = if equiv_bit("CheckMMOIsNonAtomic") {
            Some(Check::AtomicOrdering { order: "NotAtomic", comparator: OrderingComparator::Equal })
        } else if equiv_bit("CheckMMOIsAtomic") {
            Some(Check::AtomicOrdering { order: "Unordered", comparator: OrderingComparator::OrStronger })
        } else {
            None
        };
        let mut atomicity_after_predicates = None;
        match imp.form.mmo_atomicity {
            MmoAtomicity::AfterOpcode => im.predicates_extend(atomicity),
            MmoAtomicity::AfterPredicates => atomicity_after_predicates = atomicity,
        }
        let insn = im.insn_var;
        for (i, ty) in src.types.iter().enumerate() {
            let mut om = operand(i as u32, String::new());
            let pointer = equiv.is_some() && imp.out_operand_is_pointer(gi, i);
            if let Some(check) = imp.operand_type_check(ty, pointer, equiv.map(|_| gi))? {
                om.add_predicate(insn, check);
            }
            im.operands.push(om);
        }
        for call in &src.predicates {
            let p = super::Pred { f, frag: call.frag };
            if p.is_always_true() {
                continue;
            }
            if p.is_immediate() {
                im.add_predicate(Check::ImmPredicate { ty: p.imm_type(), name: p.fn_().fn_name() });
                continue;
            }
            let builtin = imp.builtin_predicate(equiv, p).ok().need("memory predicate")?;
            if let super::Builtin::Check(check) = builtin {
                im.add_predicate(check);
            }
            if p.is("HasNoUse") {
                im.add_predicate(Check::NoUse);
            }
            if p.is("HasOneUse") {
                im.add_predicate(Check::OneUse);
            }
            if p.has_gisel_code() {
                if p.fn_().uses_operands() {
                    return not_built("C++ predicate of named operands");
                }
                im.add_predicate(Check::GenericCxx(format!("GICXXPred_MI_{}", p.fn_().fn_name())));
            }
        }
        im.predicates_extend(atomicity_after_predicates);
        if let (None, Some(value)) = (equiv, src.leaf_int()) {
            let mut om = operand(src.types.len() as u32, src.name.to_string());
            self.define(&mut om, insn);
            om.add_predicate(insn, Check::LiteralInt(value));
            im.operands.push(om);
            return Ok(());
        }
        // A constant's or frame index's value is not matched: its operand only counts.
        if matches!(gi.name, "G_CONSTANT" | "G_FCONSTANT" | "G_FRAME_INDEX") {
            im.operands.push(operand(src.types.len() as u32, String::new()));
            return Ok(());
        }
        if SPECIAL_GENERIC.contains(&gi.name) {
            return Err(NotBuilt::named("source", gi.name));
        }
        let is_intrinsic = super::is_intrinsic_opcode(gi.name);
        let facts = match intrinsic {
            Some(i) if is_intrinsic => Some((imp.intrinsics)(*i).need("intrinsic")?),
            _ => None,
        };
        let mut op_idx = src.types.len() as u32;
        let mut children = src.children();
        // A comparison's condition code is its first operand.
        if let ("G_ICMP" | "G_FCMP", Some((cc_child, operands))) = (gi.name, children.split_last()) {
            if cc_child.is_leaf() {
                let cc = cc_child.leaf_def().filter(|&d| f.is_a(d, "CondCode")).need("condition code")?;
                let mut om = operand(op_idx, cc_child.name.to_string());
                op_idx += 1;
                self.define(&mut om, insn);
                let field = if gi.name == "G_FCMP" { "FCmpPredicate" } else { "ICmpPredicate" };
                let predicate = f.string(cc, field).unwrap_or("");
                if !predicate.is_empty() {
                    om.add_predicate(insn, Check::CmpPredicate(predicate));
                    children = operands;
                }
                im.operands.push(om);
            }
        }
        // A saturating conversion's width is its result's.
        if let ("G_FPTOSI_SAT" | "G_FPTOUI_SAT", Some((_, operands))) = (gi.name, children.split_last()) {
            if imp.form.saturation_width {
                children = operands;
            }
        }
        for (i, child) in children.iter().enumerate() {
            let mut imm_arg = imp.in_operand_is_imm_arg(gi, i);
            let mut pointer = imp.in_operand_is_pointer(gi, i);
            if let Some(facts) = &facts {
                if i == 0 {
                    let mut om = operand(op_idx, child.name.to_string());
                    op_idx += 1;
                    if self.define(&mut om, insn) {
                        om.add_predicate(insn, Check::IntrinsicId(format!("Intrinsic::{}", facts.enum_name)));
                    }
                    im.operands.push(om);
                    continue;
                }
                pointer |= facts.pointer_params.get(i - 1).copied().unwrap_or(false);
                imm_arg |= facts.imm_params.get(i - 1).copied().unwrap_or(false);
            }
            let om = self.src_child(insn, child, gi, imm_arg, pointer, op_idx)?;
            op_idx += 1;
            im.operands.push(om);
        }
        Ok(())
    }

    /// `defineOperand` of an operand given its name: a name met before makes it the same
    /// operand as the first (whether it is new).
    fn define(&mut self, om: &mut OperandMatcher, insn: u32) -> bool {
        if om.symbolic_name.is_empty() {
            return true;
        }
        match self.defined.get(&om.symbolic_name) {
            None => {
                self.defined.insert(om.symbolic_name.clone(), (insn, om.op_idx));
                true
            }
            Some(&(other_insn, other_op)) => {
                let name = om.symbolic_name.clone();
                om.add_predicate(
                    insn,
                    Check::SameOperand { other_insn, other_op, name, ignore_copies: self.ignore_copies },
                );
                false
            }
        }
    }

    /// `importChildMatcher`.
    fn src_child(
        &mut self,
        insn: u32,
        child: &TreeNode,
        gi: &Instruction,
        imm_arg: bool,
        pointer: bool,
        op_idx: u32,
    ) -> Built<OperandMatcher> {
        let imp = self.imp;
        let f = imp.f();
        let leaf = child.leaf_def();
        // A physical register read is copied to from the operand (`addPhysRegInput`).
        if let Some(reg) = leaf.filter(|&d| child.name.is_empty() && f.is_a(d, "Register")) {
            self.phys_inputs.push((reg, insn, op_idx));
        }
        let complex_op = child.operator().filter(|&op| f.is_a(op, "ComplexPattern"));
        // A complex pattern with sub-operands is named by them all (`PAT:a:b`).
        let name = match complex_op {
            Some(op) => {
                let mut name = f.name(op).to_string();
                for c in child.children() {
                    name.push(':');
                    name.push_str(c.name);
                }
                name
            }
            None => child.name.to_string(),
        };
        let mut om = operand(op_idx, name);
        if !self.define(&mut om, insn) {
            return Ok(om);
        }
        // A source node's transform (`<<X:...>>`) is the destination's to apply.
        if child.types.len() != 1 {
            return not_built("source child of several results");
        }
        if !child.pred_args.is_empty() {
            return not_built("operand recorded for a C++ predicate");
        }
        if let Some(op) = child.operator() {
            match f.name(op) {
                "bb" => {
                    om.add_predicate(insn, Check::Mbb);
                    return Ok(om);
                }
                "timm" => {
                    om.add_predicate(insn, Check::Imm);
                    for call in &child.predicates {
                        let p = super::Pred { f, frag: call.frag };
                        if p.is_immediate() {
                            let check = Check::OperandImmPredicate { ty: p.imm_type(), name: p.fn_().fn_name() };
                            om.add_predicate(insn, check);
                        }
                    }
                    return Ok(om);
                }
                _ => {}
            }
        } else if let Some(vt) = leaf.filter(|&d| f.is_a(d, "ValueType") && child.name.is_empty()) {
            om.add_predicate(insn, Check::LiteralInt(imp.scalar_bits(vt).need("value type leaf")?));
            return Ok(om);
        }
        if !imm_arg {
            if let Some(check) = imp.operand_type_check(&child.types[0], pointer, Some(gi))? {
                om.add_predicate(insn, check);
            }
        }
        if let Some(op) = complex_op {
            let renderer = self.complex_pattern(&mut om, insn, op)?;
            for (i, sub) in child.children().iter().enumerate() {
                if !sub.name.is_empty() {
                    self.complex_subs.entry(sub.name.to_string()).or_insert((renderer, i as u32));
                }
            }
            return Ok(om);
        }
        if child.operator().is_some() {
            let mut nested = InstructionMatcher::new(self.alloc_insn(), child.name.to_string());
            self.name_insn(&nested);
            self.src_insn(&mut nested, child)?;
            om.add_predicate(insn, Check::Instruction { insn: Box::new(nested), ignore_copies: self.ignore_copies });
            return Ok(om);
        }
        if !child.predicates.is_empty() {
            for call in &child.predicates {
                let p = super::Pred { f, frag: call.frag };
                om.add_predicate(insn, Check::LeafPredicate(p.fn_().fn_name()));
            }
            return Ok(om);
        }
        let NodeKind::Leaf(Leaf::Value(v)) = &child.kind else { return not_built("intrinsic id leaf") };
        if let Some(value) = v.as_int() {
            om.add_predicate(insn, if imm_arg { Check::LiteralInt(value) } else { Check::ConstantInt(value) });
            return Ok(om);
        }
        let d = v.as_def().need("unset source leaf")?;
        if f.is_a(d, "Register") {
            let class = imp.minimal_phys_reg_class(d, &child.types[0]).need("physical register class")?;
            om.add_predicate(insn, Check::RegBankForClass(imp.reg_class_id(class)));
            return Ok(om);
        }
        if f.is_a(d, "RegisterClass") || (f.is_a(d, "RegisterOperand") && !f.is_a(d, "RegClassByHwMode")) {
            let class = imp.reg_class_of_def(d).need("source register class")?;
            om.add_predicate(insn, Check::RegBankForClass(imp.reg_class_id(class)));
            return Ok(om);
        }
        if f.is_a(d, "ValueType") || f.name(d) == "srcvalue" {
            return Ok(om);
        }
        if let name @ ("immAllOnesV" | "immAllZerosV") = f.name(d) {
            // A build vector of one value, its type the operand's.
            let mut nested = InstructionMatcher::new(self.alloc_insn(), child.name.to_string());
            nested.allow_num_ops_check = false;
            self.name_insn(&nested);
            let build = |name| imp.instruction_named(name).map(|i| imp.opcode_of(i)).need("G_BUILD_VECTOR");
            nested.add_predicate(Check::Opcode(vec![build("G_BUILD_VECTOR")?, build("G_BUILD_VECTOR_TRUNC")?]));
            let mut def = operand(0, String::new());
            def.add_predicate(nested.insn_var, imp.plain_type_check(&child.types[0]).need("build vector type")?);
            nested.operands.push(def);
            nested.add_predicate(Check::VectorSplat { all_ones: name == "immAllOnesV" });
            om.add_predicate(insn, Check::Instruction { insn: Box::new(nested), ignore_copies: self.ignore_copies });
            return Ok(om);
        }
        if f.is_a(d, "ComplexPattern") {
            let renderer = self.complex_pattern(&mut om, insn, d)?;
            self.complex_operands.entry(om.symbolic_name.clone()).or_insert(renderer);
            return Ok(om);
        }
        Err(NotBuilt::named("source leaf of class", leaf_class(f, d)))
    }

    /// `importComplexPatternOperandMatcher`: the operand matched by a complex pattern, its
    /// renderers kept under the next id (returned).
    fn complex_pattern(&mut self, om: &mut OperandMatcher, insn: u32, pattern: RecId) -> Built<u32> {
        let f = self.imp.f();
        let equiv = *self.imp.complex_equivs.get(&pattern).need("complex pattern without GIComplexPatternEquiv")?;
        let renderer = self.next_renderer;
        self.next_renderer += 1;
        om.add_predicate(insn, Check::ComplexPattern { renderer, matcher: f.name(equiv).to_string() });
        Ok(renderer)
    }

    /// `createInstructionRenderer`: an output instruction placed before `at`.
    fn instruction(&mut self, at: Pos, dst: &TreeNode) -> Built<usize> {
        let orig = dst.operator().and_then(|op| self.imp.instruction(op)).need("destination instruction")?;
        let copy = || self.imp.instruction_named("COPY").need("COPY instruction");
        let (inst, copy_class) = match orig.name {
            "COPY_TO_REGCLASS" => {
                let class = dst.children().get(1).filter(|c| c.is_leaf()).and_then(|c| self.imp.reg_class_of_leaf(c));
                (copy()?, Some(class.need("COPY_TO_REGCLASS class")?))
            }
            // A sub-register copy.
            "EXTRACT_SUBREG" => (copy()?, None),
            _ => (orig, None),
        };
        if !dst.predicates.is_empty() {
            return not_built("destination predicate");
        }
        if dst.transform.is_some() {
            return not_built("destination transform");
        }
        let out = self.outputs.len() as u32;
        let flags = self.imp.dag.flags.get(&inst.def);
        let memory =
            flags.map_or(inst.may_load == Some(true) || inst.may_store == Some(true), |f| f.may_load || f.may_store);
        // `BuildMIAction` takes the memory operands of every matched instruction.
        let merge_insn_ids = if memory { (0..self.next_insn).collect() } else { Vec::new() };
        self.outputs.push(Output { inst, orig, copy_class, renderers: Vec::new(), merge_insn_ids });
        Ok(self.actions.insert(at, Item::Build(out)))
    }

    fn render(&mut self, out: u32, r: Renderer) {
        self.outputs[out as usize].renderers.push(r);
    }

    fn temp_reg(&mut self, at: Pos, ty: Option<&crate::patterns::types::TypeSetByHwMode>) -> Built<(usize, u32)> {
        let llt = ty.and_then(|ty| self.imp.llt(ty.machine_value_type()?)).need("temporary register type")?;
        let temp_reg = self.next_temp_reg;
        self.next_temp_reg += 1;
        let pos = self.actions.insert(at, Item::Action(Action::MakeTempReg { ty: TypeRef::Llt(llt), temp_reg }));
        Ok((pos, temp_reg))
    }

    /// `importExplicitDefRenderers`: the defs the source defines copied (the root's), the
    /// others dead temporary registers.
    fn explicit_defs(&mut self, mut at: Pos, out: u32, dst: &TreeNode, is_root: bool) -> Built<Pos> {
        let inst = self.outputs[out as usize].inst;
        let f = self.imp.f();
        for i in usize::from(!is_root)..inst.operands.num_defs as usize {
            let info = &inst.operands.operands[i];
            let name = format!("DstI[{}]", info.name);
            if is_root {
                if let Some(&(old_insn, old_op)) = self.defined.get(&name) {
                    self.render(out, Renderer::Copy { new_insn: out, old_insn, old_op, name, variadic: false });
                    continue;
                }
            }
            if f.is_a(info.rec, "OptionalDefOperand") {
                return not_built("optional def");
            }
            let (pos, temp_reg) = self.temp_reg(at, dst.types.get(i))?;
            at = Some(pos);
            self.render(out, Renderer::TempReg { insn: out, temp_reg, is_def: true, is_dead: true });
        }
        Ok(at)
    }

    /// `importExplicitUseRenderers` of an instruction that is not a special one.
    fn explicit_uses(&mut self, mut at: Pos, out: u32, dst: &TreeNode) -> Built<Pos> {
        let imp = self.imp;
        let Output { inst, orig, copy_class, .. } = self.outputs[out as usize];
        match orig.name {
            "EXTRACT_SUBREG" => return self.extract_subreg_uses(at, out, dst),
            "REG_SEQUENCE" => return self.reg_sequence_uses(at, out, dst),
            _ => {}
        }
        let children = dst.children();
        let num_defs = inst.operands.num_defs as usize;
        // A `COPY_TO_REGCLASS`'s class is no operand.
        let num_uses =
            orig.operands.operands.len() - orig.operands.num_defs as usize - usize::from(copy_class.is_some());
        let mut non_overridable = inst.operands.operands.len();
        while non_overridable > num_defs && imp.operand_has_default(inst.operands.operands[non_overridable - 1].rec) {
            non_overridable -= 1;
        }
        let mut child = 0;
        for i in 0..num_uses {
            let inst_op = num_defs + i;
            let rec = inst.operands.operands[inst_op].rec;
            if imp.operand_has_default(rec) && (inst_op < non_overridable || child >= children.len()) {
                for op in &imp.dag.default_operands[&rec] {
                    at = self.node(at, out, op)?;
                }
                continue;
            }
            at = self.node(at, out, children.get(child).need("destination operand count")?)?;
            child += 1;
        }
        Ok(at)
    }

    /// `importExplicitUseRenderers` of an `EXTRACT_SUBREG`: the sub-register of a matched
    /// operand, or of a sub-instruction's result.
    fn extract_subreg_uses(&mut self, at: Pos, out: u32, dst: &TreeNode) -> Built<Pos> {
        let imp = self.imp;
        let children = dst.children();
        let index = children.get(1).and_then(|c| imp.bank.sub_reg_index_of(c.leaf_def()?));
        let sub = index.need("EXTRACT_SUBREG index")?;
        let val = children.first().need("EXTRACT_SUBREG operand")?;
        if !val.is_leaf() {
            // The later operands go before `at` again, after the sub-instruction and all it
            // built (LLVM returns its incremented insertion point, not the sub-instruction's).
            let (pos, temp_reg) = self.temp_reg(at, val.types.first())?;
            self.sub_instruction(self.actions.next(pos), val, temp_reg)?;
            let index = &imp.bank.sub_reg_indices[sub];
            let sub_reg = if index.namespace.is_empty() {
                index.name.clone()
            } else {
                format!("{}::{}", index.namespace, index.name)
            };
            self.render(out, Renderer::TempSubReg { insn: out, temp_reg, sub_reg });
            return Ok(at);
        }
        let &(old_insn, old_op) = self.defined.get(val.name).need("EXTRACT_SUBREG of an unnamed operand")?;
        let name = val.name.to_string();
        self.render(out, Renderer::CopySubReg { new_insn: out, old_insn, old_op, sub_reg: sub as u32 + 1, name });
        Ok(at)
    }

    /// `importExplicitUseRenderers` of a `REG_SEQUENCE`: each value after the class, then
    /// its sub-register index.
    fn reg_sequence_uses(&mut self, mut at: Pos, out: u32, dst: &TreeNode) -> Built<Pos> {
        for pair in dst.children().get(1..).unwrap_or_default().chunks(2) {
            let [val, sub] = pair else { return not_built("malformed REG_SEQUENCE") };
            let Some(d) = sub.leaf_def() else { continue };
            let index = self.imp.bank.sub_reg_index_of(d).need("REG_SEQUENCE sub-register index")?;
            at = self.node(at, out, val)?;
            self.render(out, Renderer::SubRegIndex { insn: out, index: index as u32 + 1 });
        }
        Ok(at)
    }

    /// `importNodeRenderer`.
    fn node(&mut self, at: Pos, out: u32, n: &TreeNode) -> Built<Pos> {
        let f = self.imp.f();
        if n.transform.is_some() {
            return not_built("destination node transform");
        }
        if !n.name.is_empty() {
            if let Some(&(renderer, sub)) = self.complex_subs.get(n.name) {
                let name = n.name.to_string();
                self.render(out, Renderer::Complex { insn: out, renderer, sub_operand: Some(sub), name });
                return Ok(at);
            }
            let zero_reg =
                n.leaf_def().filter(|&d| f.is_a(d, "RegisterOperand")).and_then(|d| f.def(d, "GIZeroRegister").ok());
            if let Some(zero_reg) = zero_reg {
                let &(old_insn, old_op) = self.defined.get(n.name).need("named destination node not defined")?;
                let (zero_reg, name) = (self.imp.register_name(zero_reg), n.name.to_string());
                self.render(out, Renderer::CopyOrAddZeroReg { new_insn: out, old_insn, old_op, zero_reg, name });
                return Ok(at);
            }
            if n.leaf_def().is_some_and(|d| f.is_a(d, "ComplexPattern")) {
                let renderer = *self.complex_operands.get(n.name).need("complex pattern not matched by name")?;
                let name = n.name.to_string();
                self.render(out, Renderer::Complex { insn: out, renderer, sub_operand: None, name });
                return Ok(at);
            }
            let copied = match &n.kind {
                NodeKind::Op { op, .. } => match f.name(*op) {
                    "imm" | "fpimm" => {
                        let old_insn = *self.insn_names.get(n.name).need("constant not matched as an instruction")?;
                        let fp = f.name(*op) == "fpimm";
                        let name = n.name.to_string();
                        self.render(out, Renderer::ConstantAsImm { new_insn: out, old_insn, name, fp });
                        return Ok(at);
                    }
                    "bb" | "timm" | "tframeindex" => true,
                    _ => false,
                },
                NodeKind::Leaf(Leaf::Value(v)) => match v.as_def() {
                    Some(d) => {
                        (f.is_a(d, "RegisterClass")
                            || (f.is_a(d, "RegisterOperand") && !f.is_a(d, "RegClassByHwMode"))
                            || f.is_a(d, "ValueType"))
                            && !(f.is_a(d, "RegisterOperand")
                                && f.value(d, "GIZeroRegister").is_some_and(|v| !v.value.is_unset()))
                    }
                    None => v.is_unset(),
                },
                NodeKind::Leaf(_) => false,
            };
            if !copied {
                return Err(NotBuilt::named("named destination node", node_kind(f, n)));
            }
            let &(old_insn, old_op) = self.defined.get(n.name).need("named destination node not defined")?;
            let name = n.name.to_string();
            self.render(out, Renderer::Copy { new_insn: out, old_insn, old_op, name, variadic: false });
            return Ok(at);
        }
        match &n.kind {
            NodeKind::Leaf(Leaf::Value(v)) => {
                if let Some(d) = v.as_def() {
                    if f.is_a(d, "Register") || f.name(d) == "zero_reg" {
                        let reg = self.imp.register_name(d);
                        self.render(out, Renderer::AddRegister { insn: out, reg, is_def: false });
                        return Ok(at);
                    }
                    if f.name(d) == "undef_tied_input" {
                        return self.undef_tied_input(at, out, n);
                    }
                }
                let value = match v.as_def() {
                    // `importLeafNodeRenderer`: a sub-register index is its enum value.
                    Some(d) => match self.imp.bank.sub_reg_index_of(d) {
                        Some(index) => index as i64 + 1,
                        None => return Err(NotBuilt::named("destination leaf", node_kind(f, n))),
                    },
                    None => v.as_int().need("unset destination leaf")?,
                };
                self.render(out, Renderer::Imm { insn: out, value, cimm: None });
                Ok(at)
            }
            NodeKind::Leaf(Leaf::IntrinsicId(_)) => not_built("destination intrinsic id"),
            NodeKind::Op { op, .. } if f.is_a(*op, "SDNodeXForm") => {
                // `importXFormNodeRenderer`: the transform's renderer applied to the named
                // node it transforms: a target immediate's operand, else the instruction
                // that defines the value.
                let equiv = *self.imp.xform_equivs.get(op).need("transform without GISDNodeXFormEquiv")?;
                let renderer = format!("GICR_{}", f.string(equiv, "RendererFn").ok().need("transform renderer")?);
                let name = n.children().first().need("transform operand")?.name.to_string();
                let r = if f.def(*op, "Opcode").is_ok_and(|o| f.name(o) == "timm") {
                    let &(old_insn, old_op) = self.defined.get(&name).need("transform of an undefined operand")?;
                    Renderer::Custom { insn: out, old_insn, old_op: Some(old_op), renderer, name }
                } else {
                    let old_insn = *self.insn_names.get(&name).need("transform of an unmatched instruction")?;
                    Renderer::Custom { insn: out, old_insn, old_op: None, renderer, name }
                };
                self.render(out, r);
                Ok(at)
            }
            NodeKind::Op { op, .. } => {
                if !f.is_a(*op, "Instruction") {
                    return not_built("destination operator that is no instruction");
                }
                // `importInstructionNodeRenderer`.
                let (pos, temp_reg) = self.temp_reg(at, n.types.first())?;
                self.render(out, Renderer::TempReg { insn: out, temp_reg, is_def: false, is_dead: false });
                self.sub_instruction(self.actions.next(pos), n, temp_reg)
            }
        }
    }

    /// The `COPY`s into the physical registers the source reads, each built before the
    /// last (`createAndImportInstructionRenderer`).
    fn phys_input_copies(&mut self, mut at: Pos) -> Built<Pos> {
        let first = |reg: RecId| self.phys_inputs.iter().find(|p| p.0 == reg).copied();
        let mut copies: Vec<(RecId, u32, u32)> = Vec::new();
        for &(reg, insn, _) in &self.phys_inputs {
            let copy = first(reg).need("physical register input")?;
            match self.imp.form.phys_reg_copies {
                PhysRegCopies::RootInputs if insn == 0 => copies.push(copy),
                PhysRegCopies::RootInputs => {}
                PhysRegCopies::RuleRegisters if copies.iter().all(|c| c.0 != reg) => copies.push(copy),
                PhysRegCopies::RuleRegisters => {}
            }
        }
        let inst = self.imp.instruction_named("COPY").need("COPY instruction")?;
        for (reg, old_insn, old_op) in copies {
            let id = self.outputs.len() as u32;
            let name = self.imp.f().name(reg).to_string();
            let renderers = vec![
                Renderer::AddRegister { insn: id, reg: self.imp.register_name(reg), is_def: true },
                Renderer::Copy { new_insn: id, old_insn, old_op, name, variadic: false },
            ];
            self.outputs.push(Output { inst, orig: inst, copy_class: None, renderers, merge_insn_ids: Vec::new() });
            at = Some(self.actions.insert(at, Item::Build(id)));
        }
        Ok(at)
    }

    /// An `undef_tied_input` operand: a temporary register defined by an `IMPLICIT_DEF`.
    fn undef_tied_input(&mut self, at: Pos, out: u32, n: &TreeNode) -> Built<Pos> {
        let (_, temp_reg) = self.temp_reg(at, n.types.first())?;
        let inst = self.imp.instruction_named("IMPLICIT_DEF").need("IMPLICIT_DEF instruction")?;
        let id = self.outputs.len() as u32;
        let form = self.imp.form.undef_tied_input;
        let is_def = form == UndefTiedInput::Def;
        let renderers = vec![Renderer::TempReg { insn: id, temp_reg, is_def, is_dead: false }];
        self.outputs.push(Output { inst, orig: inst, copy_class: None, renderers, merge_insn_ids: Vec::new() });
        let built = self.actions.insert(at, Item::Build(id));
        self.render(out, Renderer::TempReg { insn: out, temp_reg, is_def: false, is_dead: false });
        Ok(match form {
            UndefTiedInput::UseBeforeLater => Some(built),
            UndefTiedInput::Def => at,
        })
    }

    /// `createAndImportSubInstructionRenderer`.
    fn sub_instruction(&mut self, at: Pos, dst: &TreeNode, temp_reg: u32) -> Built<Pos> {
        let item = self.instruction(at, dst)?;
        let out = (self.outputs.len() - 1) as u32;
        self.render(out, Renderer::TempReg { insn: out, temp_reg, is_def: true, is_dead: false });
        let num_defs = self.outputs[out as usize].inst.operands.num_defs;
        let uses_at = match self.imp.form.sub_instruction_defs {
            SubInstructionDefs::Always => self.explicit_defs(Some(self.actions.prev(item)), out, dst, false)?,
            // LLVM 19 copies the defs before the source's count and makes the others dead
            // from there: as the later releases only where the source has one.
            SubInstructionDefs::WhenSeveral if num_defs > 1 => {
                if self.src_num_defs != 1 {
                    return not_built("LLVM 19 sub-instruction defs of a source without one result");
                }
                self.explicit_defs(Some(self.actions.prev(item)), out, dst, false)?
            }
            SubInstructionDefs::WhenSeveral => Some(item),
        };
        let end = self.explicit_uses(uses_at, out, dst)?;
        self.constrain(at, out, dst)?;
        Ok(end)
    }

    /// `constrainOperands`: a `COPY_TO_REGCLASS`'s result to its class, the sub-register
    /// instructions' operands to the classes their sub-register index implies, another
    /// instruction's operands to its definition.
    fn constrain(&mut self, at: Pos, out: u32, dst: &TreeNode) -> Built<()> {
        let imp = self.imp;
        let classes = match self.outputs[out as usize].orig.name {
            name @ ("EXTRACT_SUBREG" | "INSERT_SUBREG" | "SUBREG_TO_REG" | "REG_SEQUENCE") => {
                imp.sub_register_classes(name, dst).need("sub-register classes")?
            }
            _ => Vec::new(),
        };
        if !classes.is_empty() {
            for (op, class) in classes {
                let class = imp.reg_class_id(class);
                self.actions.insert(at, Item::Action(Action::ConstrainOperandRc { insn: out, op, class }));
            }
            return Ok(());
        }
        let to_class = match self.outputs[out as usize].copy_class {
            Some(class) if out == 0 => Some(class),
            Some(class) => match self.imp.form.sub_copy_to_regclass {
                SubCopyToRegClass::ToClass => Some(class),
                SubCopyToRegClass::ToDefinition => None,
            },
            None => None,
        };
        let action = match to_class {
            Some(class) => Action::ConstrainOperandRc { insn: out, op: 0, class: self.imp.reg_class_id(class) },
            None => Action::ConstrainSelectedInstOperands(out),
        };
        self.actions.insert(at, Item::Action(action));
        Ok(())
    }

    /// Whether a built instruction's implicit def is dead.
    fn implicit_def_is_dead(&self, def: tdq_core::types::RecId) -> bool {
        match self.imp.form.dead_implicit_defs {
            DeadImplicitDefs::All => true,
            DeadImplicitDefs::UnlessUsed => !self.outputs.iter().any(|o| o.inst.implicit_uses.contains(&def)),
        }
    }

    /// `chooseInsnToMutate` for the root: its operands copied in their order.
    fn can_mutate(&self, root: &InstructionMatcher) -> bool {
        let Some(o) = self.outputs.first() else { return false };
        o.renderers.len() == root.operands.len()
            && o.renderers.iter().enumerate().all(|(i, r)| match r {
                Renderer::Copy { old_insn: 0, old_op, .. } => *old_op as usize == i,
                _ => false,
            })
    }
}

fn operand(op_idx: u32, symbolic_name: String) -> OperandMatcher {
    OperandMatcher { op_idx, symbolic_name, predicates: Predicates::default(), is_variadic: false }
}
