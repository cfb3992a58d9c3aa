//! The selection rules of imported patterns (the matchers and actions `runOnPattern` builds).
//!
//! Built so far: the rules that recycle their root, a generic instruction whose operands are
//! registers of plain types, into a target instruction with the same operands in the same
//! order (`GIR_MutateOpcode`). Any other imported pattern has no rule yet
//! ([`super::Imported::rule`] is none), and the backend refuses the run rather than write a
//! table without it.

use super::Importer;
use crate::global_isel::matchers::{
    Action, Check, InstructionMatcher, Opcode, OperandMatcher, Predicates, RuleMatcher,
};
use crate::patterns::dag_patterns::PatternToMatch;
use crate::patterns::tree::{NodeKind, TreeNode};
use crate::target::instructions::Instruction;
use std::collections::HashSet;

/// The generic instructions whose import is not a plain operand walk.
const SPECIAL_GENERIC: &[&str] = &[
    "G_CONSTANT",
    "G_FCONSTANT",
    "G_FRAME_INDEX",
    "G_BLOCK_ADDR",
    "G_ICMP",
    "G_FCMP",
    "G_INTRINSIC",
    "G_INTRINSIC_W_SIDE_EFFECTS",
    "G_INTRINSIC_CONVERGENT",
    "G_INTRINSIC_CONVERGENT_W_SIDE_EFFECTS",
    "G_FPTOSI_SAT",
    "G_FPTOUI_SAT",
];

impl Importer<'_> {
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

    /// The type check of a node's only type, when it is a plain machine value type.
    fn plain_type_check(&self, n: &TreeNode) -> Option<Check> {
        if n.types.len() != 1 {
            return None;
        }
        let ty = self.llt(n.types[0].machine_value_type()?)?;
        Some(Check::Llt { ty, id: None })
    }

    /// The rule of an imported pattern, where it is one of the forms built so far.
    pub(super) fn build_rule(&self, id: u64, p: &PatternToMatch) -> Option<RuleMatcher> {
        let f = self.f();
        let (src, dst) = (&p.src, &p.dst);
        let NodeKind::Op { op, intrinsic: None, .. } = &src.kind else { return None };
        let gi = self.equiv_instruction(*self.node_equivs.get(op)?, src)?;
        if SPECIAL_GENERIC.contains(&gi.name) || gi.operands.is_variadic || !src.predicates.is_empty() {
            return None;
        }
        let children = src.children();
        if gi.operands.operands.len() != 1 + children.len() || gi.operands.num_defs != 1 {
            return None;
        }
        if self.out_operand_is_pointer(gi, 0) || src.transform.is_some() {
            return None;
        }
        let dst_i = self.instruction(dst.operator()?)?;
        if dst_i.namespace == "TargetOpcode"
            || dst_i.operands.is_variadic
            || dst_i.operands.num_defs != 1
            || !dst_i.implicit_defs.is_empty()
            || !dst_i.implicit_uses.is_empty()
            || dst_i.operands.operands.len() != 1 + children.len()
            || !dst.predicates.is_empty()
            || dst.transform.is_some()
        {
            return None;
        }
        let mut names = HashSet::new();
        let mut root = InstructionMatcher::new(0, "");
        root.add_predicate(Check::Opcode(vec![self.opcode_of(gi)]));
        let def_class = self.reg_class_from_instruction_pattern(dst, 0)?;
        let class = &self.bank.classes[def_class];
        let mut def = operand(0, format!("DstI[{}]", dst_i.operands.operands[0].name));
        def.add_predicate(0, self.plain_type_check(src)?);
        def.add_predicate(0, Check::RegBankForClass(format!("{}::{}RegClassID", class.namespace, class.name)));
        root.operands.push(def);
        for (i, (child, rendered)) in children.iter().zip(dst.children()).enumerate() {
            let leaf = child.leaf_def()?;
            let plain = child.is_leaf()
                && f.is_a(leaf, "ValueType")
                && !child.name.is_empty()
                && child.predicates.is_empty()
                && child.pred_args.is_empty()
                && child.transform.is_none()
                && names.insert(child.name.to_string());
            let copied = rendered.is_leaf()
                && rendered.name == child.name
                && rendered.transform.is_none()
                && rendered.predicates.is_empty();
            let dst_op = &dst_i.operands.operands[i + 1];
            let register = f.is_a(dst_op.rec, "RegisterClass") || f.is_a(dst_op.rec, "RegisterOperand");
            if !plain
                || !copied
                || !register
                || dst_op.mi_num_operands != 1
                || self.in_operand_is_pointer(gi, i)
                || self.in_operand_is_imm_arg(gi, i)
            {
                return None;
            }
            let mut om = operand(i as u32 + 1, child.name.to_string());
            om.add_predicate(0, self.plain_type_check(child)?);
            root.operands.push(om);
        }
        let comment = format!("{}  =>  {}", (self.print)(src), (self.print)(dst));
        Some(RuleMatcher {
            id,
            insns: vec![root],
            required_features: Vec::new(),
            simple_predicates: Vec::new(),
            actions: vec![
                Action::DebugComment(comment),
                Action::MutateOpcode { insn: 0, recycle: 0, opcode: self.opcode_of(dst_i) },
                Action::ConstrainSelectedInstOperands(0),
            ],
            epilogue: Vec::new(),
            custom_cxx_action: None,
            uses_record_operands: true,
            renderer_fns: 0,
        })
    }
}

fn operand(op_idx: u32, symbolic_name: String) -> OperandMatcher {
    OperandMatcher { op_idx, symbolic_name, predicates: Predicates::default(), is_variadic: false }
}
