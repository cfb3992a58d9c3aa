//! The selection rules of imported patterns (the matchers and actions `runOnPattern` builds).
//!
//! The source is matched as `createAndImportSelDAGMatcher` and `importChildMatcher` do: the
//! root and nested generic instructions (`GIM_RecordInsn`), their result and operand types
//! (pointer operands by size, pointer types by address space), register-class leaves (a
//! register-bank check), integers (a constant or a literal), unnamed value types (a literal
//! of their size), intrinsic ids, constants and frame indices with their immediate
//! predicates (`GIM_Check{I64,APInt,APFloat}ImmPredicate`), target immediates
//! (`GIM_CheckIsImm` and operand predicates), basic blocks, and a name met twice (a
//! same-operand check). The destination is rendered as `createAndImportInstructionRenderer`
//! does: the root instruction and its sub-instructions (`GIR_BuildMI` into temporary
//! registers), discarded defs as dead temporary registers, named operands copied, named
//! constants as immediates, integers and sub-register indices as immediates, default
//! operands, transforms (`GIR_CustomRenderer`, `GIR_CustomOperandRenderer`),
//! `COPY_TO_REGCLASS`, `EXTRACT_SUBREG` (a sub-register copy), `INSERT_SUBREG` and
//! `SUBREG_TO_REG` with the classes they constrain; the root is recycled
//! (`GIR_MutateOpcode`) when its operands are the matched root's in order. The import
//! ([`super::Importer::run_on_pattern`]) has already checked the pattern; any form not built
//! here gives no rule ([`super::Imported::rule`] is none), and the backend refuses the run
//! rather than write a table without it: memory and other fragment predicates, complex
//! patterns, physical registers, `REG_SEQUENCE`.

use super::{DeadImplicitDefs, Importer, SubCopyToRegClass, SubInstructionDefs};
use crate::global_isel::matchers::{
    Action, BuildMi, Check, InstructionMatcher, Opcode, OperandMatcher, Predicates, Renderer, RuleMatcher, TypeRef,
};
use crate::patterns::dag_patterns::PatternToMatch;
use crate::patterns::tree::{Leaf, NodeKind, TreeNode};
use crate::target::instructions::Instruction;
use std::collections::HashMap;

/// The generic instructions whose import is not a plain operand walk.
const SPECIAL_GENERIC: &[&str] =
    &["G_CONSTANT", "G_FCONSTANT", "G_FRAME_INDEX", "G_BLOCK_ADDR", "G_ICMP", "G_FCMP", "G_FPTOSI_SAT", "G_FPTOUI_SAT"];

/// The target instructions the destination renders by their own rules, not built yet.
const SPECIAL_TARGET: &[&str] = &["REG_SEQUENCE"];

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

    /// `addTypeCheckPredicate`: a pointer operand's size (any for `iPTR`), another's type.
    fn operand_type_check(&self, ty: &crate::patterns::types::TypeSetByHwMode, pointer: bool) -> Option<Check> {
        if !pointer {
            return self.plain_type_check(ty);
        }
        let t = ty.machine_value_type()?;
        if Some(t) == self.table.iptr {
            return Some(Check::PointerToAny(0));
        }
        Some(Check::PointerToAny(self.llt(t)?.size_in_bits()))
    }

    /// The enum name of a register class's id (`MyTarget::GPR32RegClassID`).
    fn reg_class_id(&self, class: usize) -> String {
        let class = &self.bank.classes[class];
        format!("{}::{}RegClassID", class.namespace, class.name)
    }

    /// The rule of an imported pattern, where it is one of the forms built so far.
    pub(super) fn build_rule(&self, id: u64, p: &PatternToMatch) -> Option<RuleMatcher> {
        let f = self.f();
        let ignore_copies =
            f.is_a(p.src_record, "GISelFlags") && f.bit(p.src_record, "GIIgnoreCopies").unwrap_or(false);
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
        };
        let (src, dst) = (&p.src, &p.dst);
        let comment = format!("{}  =>  {}", (self.print)(src), (self.print)(dst));
        b.actions.insert(None, Item::Action(Action::DebugComment(comment)));
        let mut root = InstructionMatcher::new(0, src.name.to_string());
        b.name_insn(&root);
        b.src_insn(&mut root, src)?;
        // The node flags of inlined fragments (`GISelFlags` on a `PatFrags`) are not kept by
        // the pattern trees: a rule they could change is not built.
        if (b.next_insn > 1 || root_has_same_operand(&root)) && self.fragments_have_gisel_flags() {
            return None;
        }
        if dst.is_leaf() {
            return b.copy_rule(id, root, dst);
        }
        let dst_i = self.instruction(dst.operator()?)?;
        let num_defs = (dst_i.operands.num_defs as usize).min(src.types.len());
        for i in 0..num_defs {
            let name = format!("DstI[{}]", dst_i.operands.operands[i].name);
            let class = self.root_def_class(dst, i)?;
            let om = root.operands.get_mut(i)?;
            om.symbolic_name = name.clone();
            b.defined.entry(name).or_insert((0, i as u32));
            om.add_predicate(0, Check::RegBankForClass(self.reg_class_id(class)));
        }
        let root_item = b.instruction(None, dst)?;
        let mut at = Some(root_item);
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
    fn copy_rule(mut self, id: u64, mut root: InstructionMatcher, dst: &TreeNode) -> Option<RuleMatcher> {
        let imp = self.imp;
        let class = imp.reg_class_of_leaf(dst)?;
        let copy = imp.instruction_named("COPY")?;
        let name = copy.operands.operands.first()?.name.to_string();
        if self.defined.contains_key(&name) {
            return None;
        }
        let om = root.operands.get_mut(0)?;
        om.symbolic_name = name.clone();
        om.add_predicate(0, Check::RegBankForClass(imp.reg_class_id(class)));
        self.defined.insert(name.clone(), (0, 0));
        let &(old_insn, old_op) = self.defined.get(dst.name)?;
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
    fn finish(self, id: u64, root: InstructionMatcher, mutate: bool) -> Option<RuleMatcher> {
        let imp = self.imp;
        let f = imp.f();
        let qualified = |reg: tdq_core::types::RecId| {
            let namespace = f.value(reg, "Namespace").and_then(|v| v.value.as_str()).unwrap_or("");
            format!("{namespace}::{}", f.name(reg))
        };
        let dead: Vec<Vec<bool>> = self
            .outputs
            .iter()
            .map(|o| o.inst.implicit_defs.iter().map(|&d| self.implicit_def_is_dead(d)).collect())
            .collect();
        let mut outputs: Vec<Option<Output>> = self.outputs.into_iter().map(Some).collect();
        let mut items: Vec<Option<Item>> = self.actions.items.into_iter().map(Some).collect();
        let mut actions = Vec::new();
        for &i in &self.actions.order {
            match items[i].take()? {
                Item::Action(a) => actions.push(a),
                Item::Build(out) => {
                    let o = outputs[out as usize].take()?;
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
        Some(RuleMatcher {
            id,
            insns: vec![root],
            required_features: Vec::new(),
            simple_predicates: Vec::new(),
            actions,
            epilogue: Vec::new(),
            custom_cxx_action: None,
            uses_record_operands: true,
            renderer_fns: 0,
        })
    }
}

impl Importer<'_> {
    /// Whether some `PatFrags` sets `GIIgnoreCopies`.
    fn fragments_have_gisel_flags(&self) -> bool {
        let f = self.f();
        crate::records::derived_definitions(self.input, "GISelFlags")
            .map(|defs| defs.iter().any(|&d| f.is_a(d, "PatFrags")))
            .unwrap_or(true)
    }

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

fn root_has_same_operand(im: &InstructionMatcher) -> bool {
    im.operands.iter().any(OperandMatcher::is_same_as_another)
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

    /// `createAndImportSelDAGMatcher`.
    fn src_insn(&mut self, im: &mut InstructionMatcher, src: &TreeNode) -> Option<()> {
        let imp = self.imp;
        let f = imp.f();
        let NodeKind::Op { op, intrinsic, .. } = &src.kind else { return None };
        let equiv = *imp.node_equivs.get(op)?;
        let gi = imp.equiv_instruction(equiv, src)?;
        im.add_predicate(Check::Opcode(vec![imp.opcode_of(gi)]));
        if f.bit(equiv, "CheckMMOIsNonAtomic").unwrap_or(false) || f.bit(equiv, "CheckMMOIsAtomic").unwrap_or(false) {
            return None;
        }
        let insn = im.insn_var;
        for (i, ty) in src.types.iter().enumerate() {
            let mut om = operand(i as u32, String::new());
            om.add_predicate(insn, imp.operand_type_check(ty, imp.out_operand_is_pointer(gi, i))?);
            im.operands.push(om);
        }
        for call in &src.predicates {
            let p = super::Pred { f, frag: call.frag };
            if p.is_always_true() {
                continue;
            }
            if !p.is_immediate() {
                return None;
            }
            im.add_predicate(Check::ImmPredicate { ty: p.imm_type(), name: p.fn_().fn_name() });
        }
        // A constant's or frame index's value is not matched: its operand only counts.
        if matches!(gi.name, "G_CONSTANT" | "G_FCONSTANT" | "G_FRAME_INDEX") {
            im.operands.push(operand(src.types.len() as u32, String::new()));
            return Some(());
        }
        if SPECIAL_GENERIC.contains(&gi.name) {
            return None;
        }
        let is_intrinsic = super::is_intrinsic_opcode(gi.name);
        let facts = match intrinsic {
            Some(i) if is_intrinsic => Some((imp.intrinsics)(*i)?),
            _ => None,
        };
        let mut op_idx = src.types.len() as u32;
        for (i, child) in src.children().iter().enumerate() {
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
            let om = self.src_child(insn, child, imm_arg, pointer, op_idx)?;
            op_idx += 1;
            im.operands.push(om);
        }
        Some(())
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
        imm_arg: bool,
        pointer: bool,
        op_idx: u32,
    ) -> Option<OperandMatcher> {
        let imp = self.imp;
        let f = imp.f();
        let leaf = child.leaf_def();
        if child.name.is_empty() && leaf.is_some_and(|d| f.is_a(d, "Register")) {
            return None;
        }
        if child.operator().is_some_and(|op| f.is_a(op, "ComplexPattern")) {
            return None;
        }
        let mut om = operand(op_idx, child.name.to_string());
        if !self.define(&mut om, insn) {
            return Some(om);
        }
        // A source node's transform (`<<X:...>>`) is the destination's to apply.
        if child.types.len() != 1 || !child.pred_args.is_empty() {
            return None;
        }
        if let Some(op) = child.operator() {
            match f.name(op) {
                "bb" => {
                    om.add_predicate(insn, Check::Mbb);
                    return Some(om);
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
                    return Some(om);
                }
                _ => {}
            }
        } else if let Some(vt) = leaf.filter(|&d| f.is_a(d, "ValueType") && child.name.is_empty()) {
            om.add_predicate(insn, Check::LiteralInt(imp.scalar_bits(vt)?));
            return Some(om);
        }
        if !imm_arg {
            om.add_predicate(insn, imp.operand_type_check(&child.types[0], pointer)?);
        }
        if child.operator().is_some() {
            let mut nested = InstructionMatcher::new(self.alloc_insn(), child.name.to_string());
            self.name_insn(&nested);
            self.src_insn(&mut nested, child)?;
            om.add_predicate(insn, Check::Instruction { insn: Box::new(nested), ignore_copies: self.ignore_copies });
            return Some(om);
        }
        if !child.predicates.is_empty() {
            return None;
        }
        let NodeKind::Leaf(Leaf::Value(v)) = &child.kind else { return None };
        if let Some(value) = v.as_int() {
            om.add_predicate(insn, if imm_arg { Check::LiteralInt(value) } else { Check::ConstantInt(value) });
            return Some(om);
        }
        let d = v.as_def()?;
        if f.is_a(d, "RegisterClass") || (f.is_a(d, "RegisterOperand") && !f.is_a(d, "RegClassByHwMode")) {
            let class = imp.reg_class_of_def(d)?;
            om.add_predicate(insn, Check::RegBankForClass(imp.reg_class_id(class)));
            return Some(om);
        }
        if f.is_a(d, "ValueType") || f.name(d) == "srcvalue" {
            return Some(om);
        }
        None
    }

    /// `createInstructionRenderer`: an output instruction placed before `at`.
    fn instruction(&mut self, at: Pos, dst: &TreeNode) -> Option<usize> {
        let orig = self.imp.instruction(dst.operator()?)?;
        let (inst, copy_class) = match orig.name {
            "COPY_TO_REGCLASS" => {
                let class = dst.children().get(1).filter(|c| c.is_leaf()).and_then(|c| self.imp.reg_class_of_leaf(c));
                (self.imp.instruction_named("COPY")?, Some(class?))
            }
            // A sub-register copy.
            "EXTRACT_SUBREG" => (self.imp.instruction_named("COPY")?, None),
            _ => (orig, None),
        };
        // A variadic instruction's variable operands are none of the pattern's.
        if SPECIAL_TARGET.contains(&orig.name) || !dst.predicates.is_empty() || dst.transform.is_some() {
            return None;
        }
        let out = self.outputs.len() as u32;
        let flags = self.imp.dag.flags.get(&inst.def);
        let memory =
            flags.map_or(inst.may_load == Some(true) || inst.may_store == Some(true), |f| f.may_load || f.may_store);
        // `BuildMIAction` takes the memory operands of every matched instruction.
        let merge_insn_ids = if memory { (0..self.next_insn).collect() } else { Vec::new() };
        self.outputs.push(Output { inst, orig, copy_class, renderers: Vec::new(), merge_insn_ids });
        Some(self.actions.insert(at, Item::Build(out)))
    }

    fn render(&mut self, out: u32, r: Renderer) {
        self.outputs[out as usize].renderers.push(r);
    }

    fn temp_reg(&mut self, at: Pos, ty: &crate::patterns::types::TypeSetByHwMode) -> Option<(usize, u32)> {
        let llt = self.imp.llt(ty.machine_value_type()?)?;
        let temp_reg = self.next_temp_reg;
        self.next_temp_reg += 1;
        let pos = self.actions.insert(at, Item::Action(Action::MakeTempReg { ty: TypeRef::Llt(llt), temp_reg }));
        Some((pos, temp_reg))
    }

    /// `importExplicitDefRenderers`: the defs the source defines copied (the root's), the
    /// others dead temporary registers.
    fn explicit_defs(&mut self, mut at: Pos, out: u32, dst: &TreeNode, is_root: bool) -> Option<Pos> {
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
                return None;
            }
            let (pos, temp_reg) = self.temp_reg(at, dst.types.get(i)?)?;
            at = Some(pos);
            self.render(out, Renderer::TempReg { insn: out, temp_reg, is_def: true, is_dead: true });
        }
        Some(at)
    }

    /// `importExplicitUseRenderers` of an instruction that is not a special one.
    fn explicit_uses(&mut self, mut at: Pos, out: u32, dst: &TreeNode) -> Option<Pos> {
        let imp = self.imp;
        let Output { inst, orig, copy_class, .. } = self.outputs[out as usize];
        if orig.name == "EXTRACT_SUBREG" {
            return self.extract_subreg_uses(at, out, dst);
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
            at = self.node(at, out, children.get(child)?)?;
            child += 1;
        }
        Some(at)
    }

    /// `importExplicitUseRenderers` of an `EXTRACT_SUBREG`: the sub-register of a matched
    /// operand, or of a sub-instruction's result.
    fn extract_subreg_uses(&mut self, at: Pos, out: u32, dst: &TreeNode) -> Option<Pos> {
        let imp = self.imp;
        let children = dst.children();
        let sub = imp.bank.sub_reg_index_of(children.get(1)?.leaf_def()?)?;
        let val = children.first()?;
        if !val.is_leaf() {
            let (pos, temp_reg) = self.temp_reg(at, val.types.first()?)?;
            let end = self.sub_instruction(self.actions.next(pos), val, temp_reg)?;
            let index = &imp.bank.sub_reg_indices[sub];
            let sub_reg = if index.namespace.is_empty() {
                index.name.clone()
            } else {
                format!("{}::{}", index.namespace, index.name)
            };
            self.render(out, Renderer::TempSubReg { insn: out, temp_reg, sub_reg });
            return Some(end);
        }
        let &(old_insn, old_op) = self.defined.get(val.name)?;
        let name = val.name.to_string();
        self.render(out, Renderer::CopySubReg { new_insn: out, old_insn, old_op, sub_reg: sub as u32 + 1, name });
        Some(at)
    }

    /// `importNodeRenderer`.
    fn node(&mut self, at: Pos, out: u32, n: &TreeNode) -> Option<Pos> {
        let f = self.imp.f();
        if n.transform.is_some() {
            return None;
        }
        if !n.name.is_empty() {
            let copied = match &n.kind {
                NodeKind::Op { op, .. } => match f.name(*op) {
                    "imm" | "fpimm" => {
                        let old_insn = *self.insn_names.get(n.name)?;
                        let fp = f.name(*op) == "fpimm";
                        let name = n.name.to_string();
                        self.render(out, Renderer::ConstantAsImm { new_insn: out, old_insn, name, fp });
                        return Some(at);
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
            let &(old_insn, old_op) = self.defined.get(n.name).filter(|_| copied)?;
            let name = n.name.to_string();
            self.render(out, Renderer::Copy { new_insn: out, old_insn, old_op, name, variadic: false });
            return Some(at);
        }
        match &n.kind {
            NodeKind::Leaf(Leaf::Value(v)) => {
                let value = match v.as_def() {
                    // `importLeafNodeRenderer`: a sub-register index is its enum value.
                    Some(d) => self.imp.bank.sub_reg_index_of(d)? as i64 + 1,
                    None => v.as_int()?,
                };
                self.render(out, Renderer::Imm { insn: out, value, cimm: None });
                Some(at)
            }
            NodeKind::Leaf(Leaf::IntrinsicId(_)) => None,
            NodeKind::Op { op, .. } if f.is_a(*op, "SDNodeXForm") => {
                // `importXFormNodeRenderer`: the transform's renderer applied to the named
                // node it transforms: a target immediate's operand, else the instruction
                // that defines the value.
                let equiv = *self.imp.xform_equivs.get(op)?;
                let renderer = format!("GICR_{}", f.string(equiv, "RendererFn").ok()?);
                let name = n.children().first()?.name.to_string();
                let r = if f.def(*op, "Opcode").is_ok_and(|o| f.name(o) == "timm") {
                    let &(old_insn, old_op) = self.defined.get(&name)?;
                    Renderer::Custom { insn: out, old_insn, old_op: Some(old_op), renderer, name }
                } else {
                    let old_insn = *self.insn_names.get(&name)?;
                    Renderer::Custom { insn: out, old_insn, old_op: None, renderer, name }
                };
                self.render(out, r);
                Some(at)
            }
            NodeKind::Op { op, .. } => {
                if !f.is_a(*op, "Instruction") {
                    return None;
                }
                // `importInstructionNodeRenderer`.
                let (pos, temp_reg) = self.temp_reg(at, n.types.first()?)?;
                self.render(out, Renderer::TempReg { insn: out, temp_reg, is_def: false, is_dead: false });
                self.sub_instruction(self.actions.next(pos), n, temp_reg)
            }
        }
    }

    /// `createAndImportSubInstructionRenderer`.
    fn sub_instruction(&mut self, at: Pos, dst: &TreeNode, temp_reg: u32) -> Option<Pos> {
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
                    return None;
                }
                self.explicit_defs(Some(self.actions.prev(item)), out, dst, false)?
            }
            SubInstructionDefs::WhenSeveral => Some(item),
        };
        let end = self.explicit_uses(uses_at, out, dst)?;
        self.constrain(at, out, dst)?;
        Some(end)
    }

    /// `constrainOperands`: a `COPY_TO_REGCLASS`'s result to its class, the sub-register
    /// instructions' operands to the classes their sub-register index implies, another
    /// instruction's operands to its definition.
    fn constrain(&mut self, at: Pos, out: u32, dst: &TreeNode) -> Option<()> {
        let imp = self.imp;
        let children = dst.children();
        let classes: Vec<(u32, usize)> = match self.outputs[out as usize].orig.name {
            "EXTRACT_SUBREG" => {
                let super_rc = imp.reg_class_from_pattern(children.first()?)?;
                let idx = imp.sub_reg_index_of(children.get(1)?)?;
                let (src_rc, dst_rc) = imp.matching_sub_class(super_rc, idx)?;
                vec![(0, dst_rc), (1, src_rc)]
            }
            "INSERT_SUBREG" => {
                let sub_rc = imp.reg_class_from_pattern(children.get(1)?)?;
                let super_rc = imp
                    .reg_class_from_pattern(children.first()?)
                    .or_else(|| imp.super_register_class(dst.types.first(), children.get(2)?))?;
                vec![(0, super_rc), (1, super_rc), (2, sub_rc)]
            }
            "SUBREG_TO_REG" => {
                let source = imp.form.subreg_to_reg_source;
                let sub_rc = imp.reg_class_from_pattern(children.get(source)?)?;
                let super_rc = imp.super_register_class(dst.types.first(), children.get(source + 1)?)?;
                vec![(0, super_rc), (source as u32 + 1, sub_rc)]
            }
            _ => Vec::new(),
        };
        if !classes.is_empty() {
            for (op, class) in classes {
                let class = imp.reg_class_id(class);
                self.actions.insert(at, Item::Action(Action::ConstrainOperandRc { insn: out, op, class }));
            }
            return Some(());
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
        Some(())
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
