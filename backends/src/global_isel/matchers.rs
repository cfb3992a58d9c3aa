//! The matchers written as match-table records (the `emit` half of LLVM's `Matcher`s): rules
//! as `GIM_Try` blocks of checks and actions, groups as a `GIM_Try` around their shared
//! conditions, switches as a jump table on a value. The matchers themselves are the model's
//! (tdq_models::global_isel::matchers).

use super::match_table::{MatchTable, Record, TableForm};
use tdq_core::ByRelease;
use tdq_models::global_isel::llt::Llt;
use tdq_models::global_isel::matchers::{
    Action, BuildMi, Check, InstructionMatcher, Matcher, NumOperandsCheck, Opcode, OperandMatcher, OrderingComparator,
    Predicate, Predicates, Renderer, ReplaceWith, RuleMatcher, SizeRelation, TypeRef,
};

/// How a release writes rules, where releases differ.
pub struct EmitForm {
    /// How a rule that needs subtarget features starts.
    pub feature_check: FeatureCheck,
    /// How register flags are written.
    pub reg_flags: RegFlags,
}

/// How a rendered register's flags are written.
#[derive(Clone, Copy)]
pub enum RegFlags {
    /// `RegState::Define` (LLVM 19, 22).
    Plain,
    /// `static_cast<uint16_t>(RegState::Define)` (LLVM 23's `RegState` is a scoped enum).
    Cast,
}

impl RegFlags {
    /// A dead implicit def's flags.
    fn dead(self) -> &'static str {
        match self {
            RegFlags::Plain => "RegState::Dead",
            RegFlags::Cast => "static_cast<unsigned>(RegState::Dead)",
        }
    }

    fn define(self, dead: bool) -> &'static str {
        match (self, dead) {
            (RegFlags::Plain, false) => "RegState::Define",
            (RegFlags::Plain, true) => "RegState::Define|RegState::Dead",
            (RegFlags::Cast, false) => "static_cast<uint16_t>(RegState::Define)",
            (RegFlags::Cast, true) => "static_cast<uint16_t>(RegState::Define|RegState::Dead)",
        }
    }
}

/// How a rule's feature check is written.
#[derive(Clone, Copy)]
pub enum FeatureCheck {
    /// `GIM_Try` then `GIM_CheckFeatures` (LLVM 19, 22).
    Separate,
    /// `GIM_Try_CheckFeatures`, one opcode.
    InTry,
}

pub const EMIT_FORM: ByRelease<EmitForm> = ByRelease {
    v19: EmitForm { feature_check: FeatureCheck::Separate, reg_flags: RegFlags::Plain },
    v22: EmitForm { feature_check: FeatureCheck::Separate, reg_flags: RegFlags::Plain },
    v23: EmitForm { feature_check: FeatureCheck::InTry, reg_flags: RegFlags::Cast },
};

/// What the writer needs beside the matchers.
pub struct Emitter<'a> {
    pub form: &'a EmitForm,
    pub table_form: &'a TableForm,
    /// `getNameForFeatureBitset`: a rule's features' bitset name.
    pub feature_bitset_name: &'a dyn Fn(&RuleMatcher) -> String,
}

impl Emitter<'_> {
    /// `buildMatchTable`: the matchers, then `GIM_Reject`.
    pub fn table(&self, matchers: &[Matcher], table: &mut MatchTable) {
        for m in matchers {
            self.matcher(m, table);
        }
        table.push(Record::opcode("GIM_Reject", 0)).push(Record::line_break());
    }

    fn matcher(&self, m: &Matcher, table: &mut MatchTable) {
        match m {
            Matcher::Rule(rule) => self.rule(rule, table),
            Matcher::Group { conditions, matchers } => {
                let label = (!conditions.is_empty()).then(|| {
                    let label = table.allocate_label();
                    table.push(Record::opcode("GIM_Try", 1)).push(Record::comment("On fail goto"));
                    table.push(Record::jump_target(label)).push(Record::line_break());
                    label
                });
                for c in conditions {
                    self.predicate(c, table);
                }
                for m in matchers {
                    self.matcher(m, table);
                }
                if let Some(label) = label {
                    table.push(Record::opcode("GIM_Reject", -1)).push(Record::line_break());
                    table.push(Record::label(label));
                }
            }
            Matcher::Switch { condition, cases } => {
                let labels: Vec<u32> = cases.iter().map(|_| table.allocate_label()).collect();
                let default = table.allocate_label();
                let (Some(first), Some(last)) = (cases.first(), cases.last()) else { return };
                match &condition.check {
                    Check::Opcode(_) => {
                        table.push(Record::opcode("GIM_SwitchOpcode", 0)).push(Record::comment("MI"));
                        table.push(Record::uleb128(u64::from(condition.insn)));
                    }
                    Check::Llt { .. } | Check::LltShape { .. } => {
                        let name = if matches!(condition.check, Check::Llt { .. }) {
                            "GIM_SwitchType"
                        } else {
                            "GIM_SwitchTypeShape"
                        };
                        table.push(Record::opcode(name, 0)).push(Record::comment("MI"));
                        table.push(Record::uleb128(u64::from(condition.insn))).push(Record::comment("Op"));
                        table.push(Record::uleb128(u64::from(condition.op_idx.unwrap_or(0))));
                    }
                    _ => return,
                }
                table.push(Record::comment("[")).push(Record::int_value(self.table_form, 2, first.value));
                table.push(Record::int_value(self.table_form, 2, last.value + 1)).push(Record::comment(")"));
                table.push(Record::comment("default:")).push(Record::jump_target(default));
                let mut next = first.value;
                for (case, &label) in cases.iter().zip(&labels) {
                    while next < case.value {
                        table.push(Record::int_value(self.table_form, 4, 0));
                        next += 1;
                    }
                    next += 1;
                    table.push(Record::line_break());
                    table.push(switch_value_record(&case.condition).into_comment());
                    table.push(Record::jump_target(label));
                }
                table.push(Record::line_break());
                for (case, &label) in cases.iter().zip(&labels) {
                    table.push(Record::label(label));
                    for m in &case.matchers {
                        self.matcher(m, table);
                    }
                    table.push(Record::opcode("GIM_Reject", 0)).push(Record::line_break());
                }
                table.push(Record::label(default));
            }
        }
    }

    /// `RuleMatcher::emit`.
    fn rule(&self, rule: &RuleMatcher, table: &mut MatchTable) {
        let label = table.allocate_label();
        let rule_id = Record::comment(format!("Rule ID {} //", rule.id));
        let needs_features = !rule.required_features.is_empty() || rule.hw_mode.is_some();
        match self.form.feature_check {
            FeatureCheck::InTry if needs_features => {
                table.push(Record::opcode("GIM_Try_CheckFeatures", 1)).push(Record::comment("On fail goto"));
                table.push(Record::jump_target(label));
                table.push(Record::named_value(2, (self.feature_bitset_name)(rule)));
                table.push(rule_id).push(Record::line_break());
            }
            FeatureCheck::InTry | FeatureCheck::Separate => {
                table.push(Record::opcode("GIM_Try", 1)).push(Record::comment("On fail goto"));
                table.push(Record::jump_target(label)).push(rule_id).push(Record::line_break());
                if needs_features && matches!(self.form.feature_check, FeatureCheck::Separate) {
                    table.push(Record::opcode("GIM_CheckFeatures", 0));
                    table.push(Record::named_value(2, (self.feature_bitset_name)(rule))).push(Record::line_break());
                }
            }
        }
        for p in &rule.simple_predicates {
            table.push(Record::opcode("GIM_CheckSimplePredicate", 0));
            table.push(Record::named_value(2, p.clone())).push(Record::line_break());
        }
        if let Some(root) = rule.insns.first() {
            self.instruction(root, table);
        }
        for a in &rule.actions {
            if let Action::ReplaceReg { old_insn, old_op, new: ReplaceWith::Operand { insn, op } } = a {
                table.push(Record::opcode("GIM_CheckCanReplaceReg", 0)).push(Record::comment("OldInsnID"));
                table.push(Record::uleb128(u64::from(*old_insn))).push(Record::comment("OldOpIdx"));
                table.push(Record::uleb128(u64::from(*old_op))).push(Record::comment("NewInsnId"));
                table.push(Record::uleb128(u64::from(*insn))).push(Record::comment("NewOpIdx"));
                table.push(Record::uleb128(u64::from(*op))).push(Record::line_break());
            }
        }
        let num_insns = rule.num_insns();
        if num_insns >= 2 {
            table.push(Record::opcode("GIM_CheckIsSafeToFold", 0)).push(Record::comment("NumInsns"));
            table.push(Record::int_value(self.table_form, 1, num_insns as i64 - 1));
            table.push(Record::line_break());
        }
        for p in &rule.epilogue {
            self.predicate(p, table);
        }
        match &rule.custom_cxx_action {
            Some(action) => {
                for a in &rule.actions {
                    self.action(a, table);
                }
                table.push(Record::opcode("GIR_DoneWithCustomAction", -1)).push(Record::comment("Fn"));
                table.push(Record::named_value(2, action.clone())).push(Record::line_break());
            }
            None => {
                let (last, rest) = match rule.actions.split_last() {
                    Some((last, rest)) => (Some(last), rest),
                    None => (None, &rule.actions[..]),
                };
                for a in rest {
                    self.action(a, table);
                }
                let coverage = |table: &mut MatchTable| {
                    if !table.is_combiner {
                        table.push(Record::comment(format!("GIR_Coverage, {},", rule.id))).push(Record::line_break());
                    }
                };
                match last {
                    // `EraseInstAction::emitActionOpcodesAndDone`: erasing the root ends the rule.
                    Some(Action::EraseInst(0)) => {
                        coverage(table);
                        table.push(Record::opcode("GIR_EraseRootFromParent_Done", -1)).push(Record::line_break());
                    }
                    last => {
                        if let Some(a) = last {
                            self.action(a, table);
                        }
                        coverage(table);
                        table.push(Record::opcode("GIR_Done", -1)).push(Record::line_break());
                    }
                }
            }
        }
        table.push(Record::label(label));
    }

    fn action(&self, action: &Action, table: &mut MatchTable) {
        let uleb = |v: u32| Record::uleb128(u64::from(v));
        match action {
            Action::DebugComment(text) => {
                table.push(Record::comment(text.clone())).push(Record::line_break());
            }
            Action::BuildMi(b) => self.build_mi(b, table),
            Action::BuildConstant { temp_reg, value } => {
                table.push(Record::opcode("GIR_BuildConstant", 0)).push(Record::comment("TempRegID"));
                table.push(uleb(*temp_reg)).push(Record::comment("Val"));
                table.push(Record::int_value(self.table_form, 8, *value)).push(Record::line_break());
            }
            Action::EraseInst(insn) => {
                table.push(Record::opcode("GIR_EraseFromParent", 0)).push(Record::comment("InsnID"));
                table.push(uleb(*insn)).push(Record::line_break());
            }
            Action::ReplaceReg { old_insn, old_op, new } => {
                let name = match new {
                    ReplaceWith::Operand { .. } => "GIR_ReplaceReg",
                    ReplaceWith::TempReg(_) => "GIR_ReplaceRegWithTempReg",
                };
                table.push(Record::opcode(name, 0)).push(Record::comment("OldInsnID"));
                table.push(uleb(*old_insn)).push(Record::comment("OldOpIdx")).push(uleb(*old_op));
                match new {
                    ReplaceWith::Operand { insn, op } => {
                        table.push(Record::comment("NewInsnId")).push(uleb(*insn));
                        table.push(Record::comment("NewOpIdx")).push(uleb(*op));
                    }
                    ReplaceWith::TempReg(id) => {
                        table.push(Record::comment("TempRegID")).push(uleb(*id));
                    }
                }
                table.push(Record::line_break());
            }
            Action::MakeTempReg { ty, temp_reg } => {
                table.push(Record::opcode("GIR_MakeTempReg", 0)).push(Record::comment("TempRegID"));
                table.push(uleb(*temp_reg)).push(Record::comment("TypeID"));
                table.push(self.type_ref(*ty)).push(Record::line_break());
            }
            Action::MutateOpcode { insn, recycle, opcode, implicit_defs, implicit_uses } => {
                table.push(Record::opcode("GIR_MutateOpcode", 0)).push(Record::comment("InsnID"));
                table.push(uleb(*insn)).push(Record::comment("RecycleInsnID")).push(uleb(*recycle));
                table.push(Record::comment("Opcode")).push(opcode_record(opcode)).push(Record::line_break());
                for (reg, dead) in implicit_defs {
                    table.push(Record::opcode("GIR_AddImplicitDef", 0)).push(Record::comment("InsnID"));
                    table.push(uleb(*insn)).push(Record::named_value(2, reg.clone()));
                    table.push(if *dead {
                        Record::named_value(2, self.form.reg_flags.dead())
                    } else {
                        Record::int_value(self.table_form, 2, 0)
                    });
                    table.push(Record::line_break());
                }
                for reg in implicit_uses {
                    table.push(Record::opcode("GIR_AddImplicitUse", 0)).push(Record::comment("InsnID"));
                    table.push(uleb(*insn)).push(Record::named_value(2, reg.clone())).push(Record::line_break());
                }
            }
            Action::ConstrainOperandRc { insn, op, class } => {
                table.push(Record::opcode("GIR_ConstrainOperandRC", 0)).push(Record::comment("InsnID"));
                table.push(uleb(*insn)).push(Record::comment("Op")).push(uleb(*op));
                table.push(Record::named_value(2, class.clone())).push(Record::line_break());
            }
            Action::ConstrainSelectedInstOperands(0) => {
                table.push(Record::opcode("GIR_RootConstrainSelectedInstOperands", 0)).push(Record::line_break());
            }
            Action::ConstrainSelectedInstOperands(insn) => {
                table.push(Record::opcode("GIR_ConstrainSelectedInstOperands", 0)).push(Record::comment("InsnID"));
                table.push(uleb(*insn)).push(Record::line_break());
            }
        }
    }

    /// `ImmRenderer::emitAddImm`: an immediate, in one byte where it fits.
    fn add_imm(&self, table: &mut MatchTable, insn: u32, value: i64, name: &'static str) {
        let int8 = i8::try_from(value).is_ok();
        table.push(Record::opcode(if int8 { "GIR_AddImm8" } else { "GIR_AddImm" }, 0));
        table.push(Record::comment("InsnID")).push(Record::uleb128(u64::from(insn))).push(Record::comment(name));
        table.push(Record::int_value(self.table_form, if int8 { 1 } else { 8 }, value));
        table.push(Record::line_break());
    }

    /// `emitType`: a type object's name, or a temporary type's index.
    fn type_ref(&self, ty: TypeRef) -> Record {
        match ty {
            TypeRef::Llt(llt) => type_record(llt),
            TypeRef::Temp(idx) => Record::int_value(self.table_form, 1, i64::from(idx)),
        }
    }

    /// `BuildMIAction::emitActionOpcodes` (combiners never mutate an instruction).
    fn build_mi(&self, b: &BuildMi, table: &mut MatchTable) {
        let uleb = |v: u32| Record::uleb128(u64::from(v));
        if b.insn_id == 0 {
            table.push(Record::opcode("GIR_BuildRootMI", 0));
        } else {
            table.push(Record::opcode("GIR_BuildMI", 0)).push(Record::comment("InsnID")).push(uleb(b.insn_id));
        }
        table.push(Record::comment("Opcode")).push(opcode_record(&b.opcode)).push(Record::line_break());
        for r in &b.renderers {
            self.renderer(r, table);
        }
        for (idx, reg) in &b.dead_implicit_defs {
            table
                .push(Record::opcode("GIR_SetImplicitDefDead", 0))
                .push(Record::comment("InsnID"))
                .push(uleb(b.insn_id));
            table.push(Record::comment(format!("OpIdx for {reg}"))).push(uleb(*idx)).push(Record::line_break());
        }
        if !b.merge_insn_ids.is_empty() {
            table.push(Record::opcode("GIR_MergeMemOperands", 0)).push(Record::comment("InsnID"));
            table.push(uleb(b.insn_id)).push(Record::comment("NumInsns"));
            table.push(Record::int_value(self.table_form, 1, b.merge_insn_ids.len() as i64));
            table.push(Record::comment("MergeInsnID's"));
            for id in &b.merge_insn_ids {
                table.push(uleb(*id));
            }
            table.push(Record::line_break());
        }
        for old in &b.copied_flags {
            table.push(Record::opcode("GIR_CopyMIFlags", 0)).push(Record::comment("InsnID")).push(uleb(b.insn_id));
            table.push(Record::comment("OldInsnID")).push(uleb(*old)).push(Record::line_break());
        }
        for (name, flags) in [("GIR_SetMIFlags", &b.set_flags), ("GIR_UnsetMIFlags", &b.unset_flags)] {
            if !flags.is_empty() {
                table.push(Record::opcode(name, 0)).push(Record::comment("InsnID")).push(uleb(b.insn_id));
                table.push(Record::named_value(4, flags.join(" | "))).push(Record::line_break());
            }
        }
    }

    /// `OperandRenderer::emitRenderOpcodes`.
    fn renderer(&self, r: &Renderer, table: &mut MatchTable) {
        let uleb = |v: u32| Record::uleb128(u64::from(v));
        match r {
            Renderer::Copy { new_insn, old_insn, old_op, name, variadic } => {
                if !variadic && *new_insn == 0 && *old_insn == 0 {
                    table.push(Record::opcode("GIR_RootToRootCopy", 0));
                } else {
                    let opcode = if *variadic { "GIR_CopyRemaining" } else { "GIR_Copy" };
                    table.push(Record::opcode(opcode, 0)).push(Record::comment("NewInsnID")).push(uleb(*new_insn));
                    table.push(Record::comment("OldInsnID")).push(uleb(*old_insn));
                }
                table.push(Record::comment("OpIdx")).push(uleb(*old_op));
                table.push(Record::comment(name.clone())).push(Record::line_break());
            }
            Renderer::TempReg { insn, temp_reg, is_def, is_dead } => {
                let opcode = if *is_def { "GIR_AddTempRegister" } else { "GIR_AddSimpleTempRegister" };
                table.push(Record::opcode(opcode, 0)).push(Record::comment("InsnID")).push(uleb(*insn));
                table.push(Record::comment("TempRegID")).push(uleb(*temp_reg));
                if *is_def {
                    table.push(Record::comment("TempRegFlags"));
                    table.push(Record::named_value(2, self.form.reg_flags.define(*is_dead)));
                }
                table.push(Record::line_break());
            }
            Renderer::TempSubReg { insn, temp_reg, sub_reg } => {
                table.push(Record::opcode("GIR_AddTempSubRegister", 0)).push(Record::comment("InsnID"));
                table.push(uleb(*insn)).push(Record::comment("TempRegID")).push(uleb(*temp_reg));
                table.push(Record::comment("TempRegFlags")).push(Record::int_value(self.table_form, 2, 0));
                table.push(Record::named_value(2, sub_reg.clone())).push(Record::line_break());
            }
            Renderer::Imm { insn, value, cimm: Some(ty) } => {
                table.push(Record::opcode("GIR_AddCImm", 0)).push(Record::comment("InsnID")).push(uleb(*insn));
                table.push(Record::comment("Type")).push(self.type_ref(*ty));
                table.push(Record::comment("Imm")).push(Record::int_value(self.table_form, 8, *value));
                table.push(Record::line_break());
            }
            Renderer::Imm { insn, value, cimm: None } => self.add_imm(table, *insn, *value, "Imm"),
            Renderer::SubRegIndex { insn, index } => self.add_imm(table, *insn, i64::from(*index), "SubRegIndex"),
            Renderer::IntrinsicId { insn, name } => {
                table.push(Record::opcode("GIR_AddIntrinsicID", 0)).push(Record::comment("MI")).push(uleb(*insn));
                table.push(Record::named_value(2, name.clone())).push(Record::line_break());
            }
            Renderer::ConstantAsImm { new_insn, old_insn, name, fp } => {
                let opcode = if *fp { "GIR_CopyFConstantAsFPImm" } else { "GIR_CopyConstantAsSImm" };
                table.push(Record::opcode(opcode, 0)).push(Record::comment("NewInsnID")).push(uleb(*new_insn));
                table.push(Record::comment("OldInsnID")).push(uleb(*old_insn));
                table.push(Record::comment(name.clone())).push(Record::line_break());
            }
            Renderer::Custom { insn, old_insn, old_op, renderer, name } => {
                let opcode = if old_op.is_some() { "GIR_CustomOperandRenderer" } else { "GIR_CustomRenderer" };
                table.push(Record::opcode(opcode, 0)).push(Record::comment("InsnID")).push(uleb(*insn));
                table.push(Record::comment("OldInsnID")).push(uleb(*old_insn));
                match old_op {
                    Some(op) => {
                        table.push(Record::comment("OpIdx")).push(uleb(*op)).push(Record::comment("OperandRenderer"));
                    }
                    None => {
                        table.push(Record::comment("Renderer"));
                    }
                }
                table.push(Record::named_value(2, renderer.clone()));
                table.push(Record::comment(name.clone())).push(Record::line_break());
            }
            Renderer::Complex { insn, renderer, sub_operand, name } => {
                let opcode =
                    if sub_operand.is_some() { "GIR_ComplexSubOperandRenderer" } else { "GIR_ComplexRenderer" };
                table.push(Record::opcode(opcode, 0)).push(Record::comment("InsnID")).push(uleb(*insn));
                table.push(Record::comment("RendererID")).push(Record::int_value(
                    self.table_form,
                    2,
                    i64::from(*renderer),
                ));
                if let Some(sub) = sub_operand {
                    table.push(Record::comment("SubOperand")).push(uleb(*sub));
                }
                table.push(Record::comment(name.clone())).push(Record::line_break());
            }
            Renderer::CopyOrAddZeroReg { new_insn, old_insn, old_op, zero_reg, name } => {
                table.push(Record::opcode("GIR_CopyOrAddZeroReg", 0)).push(Record::comment("NewInsnID"));
                table.push(uleb(*new_insn)).push(Record::comment("OldInsnID")).push(uleb(*old_insn));
                table.push(Record::comment("OpIdx")).push(uleb(*old_op)).push(Record::named_value(2, zero_reg.clone()));
                table.push(Record::comment(name.clone())).push(Record::line_break());
            }
            Renderer::AddRegister { insn, reg, is_def } => {
                table.push(Record::opcode("GIR_AddRegister", 0)).push(Record::comment("InsnID")).push(uleb(*insn));
                table.push(Record::named_value(2, reg.clone())).push(Record::comment("AddRegisterRegFlags"));
                table.push(if *is_def {
                    Record::named_value(2, self.form.reg_flags.define(false))
                } else {
                    Record::int_value(self.table_form, 2, 0)
                });
                table.push(Record::line_break());
            }
            Renderer::CopySubReg { new_insn, old_insn, old_op, sub_reg, name } => {
                table
                    .push(Record::opcode("GIR_CopySubReg", 0))
                    .push(Record::comment("NewInsnID"))
                    .push(uleb(*new_insn));
                table.push(Record::comment("OldInsnID")).push(uleb(*old_insn));
                table.push(Record::comment("OpIdx")).push(uleb(*old_op));
                table.push(Record::comment("SubRegIdx")).push(Record::int_value(
                    self.table_form,
                    2,
                    i64::from(*sub_reg),
                ));
                table.push(Record::comment(name.clone())).push(Record::line_break());
            }
        }
    }

    /// `InstructionMatcher::emitPredicateOpcodes`.
    fn instruction(&self, im: &InstructionMatcher, table: &mut MatchTable) {
        if im.can_add_num_operands_check() {
            let check = Check::NumOperands(NumOperandsCheck::Eq, im.operands.len() as u32);
            self.predicate(&Predicate { insn: im.insn_var, op_idx: None, check }, table);
        }
        self.predicate_list(&im.predicates, "No instruction predicates", table, |p| !p.depends_on_recorded_operands());
        for om in &im.operands {
            self.operand(im, om, table);
        }
        self.predicate_list(
            &im.predicates,
            "No instruction predicates",
            table,
            Predicate::depends_on_recorded_operands,
        );
    }

    /// `OperandMatcher::emitPredicateOpcodes`.
    fn operand(&self, im: &InstructionMatcher, om: &OperandMatcher, table: &mut MatchTable) {
        if !om.predicates.optimized {
            let name =
                if om.symbolic_name.is_empty() { format!("Operand {}", om.op_idx) } else { om.symbolic_name.clone() };
            table.push(Record::comment(format!("MIs[{}] {name}", im.insn_var))).push(Record::line_break());
        }
        self.predicate_list(&om.predicates, "No operand predicates", table, |_| true);
    }

    /// `emitFilteredPredicateListOpcodes`.
    fn predicate_list(
        &self,
        predicates: &Predicates,
        none: &str,
        table: &mut MatchTable,
        keep: impl Fn(&Predicate) -> bool,
    ) {
        if predicates.list.is_empty() && !predicates.optimized {
            table.push(Record::comment(none)).push(Record::line_break());
            return;
        }
        for p in predicates.list.iter().filter(|p| keep(p)) {
            self.predicate(p, table);
        }
    }

    /// `emitPredicateOpcodes` of each predicate.
    fn predicate(&self, p: &Predicate, table: &mut MatchTable) {
        match &p.check {
            Check::Opcode(insts) => {
                let name = if insts.len() == 1 { "GIM_CheckOpcode" } else { "GIM_CheckOpcodeIsEither" };
                table.push(Record::opcode(name, 0)).push(Record::comment("MI"));
                table.push(Record::uleb128(u64::from(p.insn)));
                for inst in insts {
                    table.push(opcode_record(inst));
                }
                table.push(Record::line_break());
            }
            Check::NumOperands(check, count) => {
                let name = match check {
                    NumOperandsCheck::Eq => "GIM_CheckNumOperands",
                    NumOperandsCheck::Ge => "GIM_CheckNumOperandsGE",
                    NumOperandsCheck::Le => "GIM_CheckNumOperandsLE",
                };
                table.push(Record::opcode(name, 0)).push(Record::comment("MI"));
                table.push(Record::uleb128(u64::from(p.insn))).push(Record::comment("Expected"));
                table.push(Record::uleb128(u64::from(*count))).push(Record::line_break());
            }
            Check::GenericCxx(enum_name) => {
                table.push(Record::opcode("GIM_CheckCxxInsnPredicate", 0)).push(Record::comment("MI"));
                table.push(Record::uleb128(u64::from(p.insn))).push(Record::comment("FnId"));
                table.push(Record::named_value(2, enum_name.clone())).push(Record::line_break());
            }
            Check::Llt { ty, .. } | Check::LltShape { ty, .. } => {
                root_or_insn_op(p, "GIM_RootCheckType", "GIM_CheckType", table);
                table.push(Record::comment("Type")).push(type_record(*ty)).push(Record::line_break());
            }
            Check::MiFlags { flags, not } => {
                table.push(Record::opcode(if *not { "GIM_MIFlagsNot" } else { "GIM_MIFlags" }, 0));
                table.push(Record::comment("MI")).push(Record::uleb128(u64::from(p.insn)));
                table.push(Record::named_value(4, flags.join(" | "))).push(Record::line_break());
            }
            Check::ConstantInt(value) => {
                let int8 = i8::try_from(*value).is_ok();
                table.push(Record::opcode(if int8 { "GIM_CheckConstantInt8" } else { "GIM_CheckConstantInt" }, 0));
                self.insn_op(p, table);
                table.push(Record::int_value(self.table_form, if int8 { 1 } else { 8 }, *value));
                table.push(Record::line_break());
            }
            Check::LiteralInt(value) => {
                table.push(Record::opcode("GIM_CheckLiteralInt", 0));
                self.insn_op(p, table);
                table.push(Record::int_value(self.table_form, 8, *value)).push(Record::line_break());
            }
            Check::IntrinsicId(name) => {
                table.push(Record::opcode("GIM_CheckIntrinsicID", 0));
                self.insn_op(p, table);
                table.push(Record::named_value(2, name.clone())).push(Record::line_break());
            }
            Check::SameOperand { other_insn, other_op, ignore_copies, .. } => {
                let name = if *ignore_copies { "GIM_CheckIsSameOperandIgnoreCopies" } else { "GIM_CheckIsSameOperand" };
                table.push(Record::opcode(name, 0)).push(Record::comment("MI"));
                table.push(Record::uleb128(u64::from(p.insn))).push(Record::comment("OpIdx"));
                table.push(Record::uleb128(u64::from(p.op_idx.unwrap_or(0)))).push(Record::comment("OtherMI"));
                table.push(Record::uleb128(u64::from(*other_insn))).push(Record::comment("OtherOpIdx"));
                table.push(Record::uleb128(u64::from(*other_op))).push(Record::line_break());
            }
            Check::RegBankForClass(class) => {
                root_or_insn_op(p, "GIM_RootCheckRegBankForClass", "GIM_CheckRegBankForClass", table);
                table.push(Record::comment("RC")).push(Record::named_value(2, class.clone()));
                table.push(Record::line_break());
            }
            Check::RecordRegType(idx) => {
                table.push(Record::opcode("GIM_RecordRegType", 0));
                self.insn_op(p, table);
                table.push(Record::comment("TempTypeIdx")).push(Record::int_value(self.table_form, 1, i64::from(*idx)));
                table.push(Record::line_break());
            }
            Check::Instruction { insn, ignore_copies } => {
                let name = if *ignore_copies { "GIM_RecordInsnIgnoreCopies" } else { "GIM_RecordInsn" };
                table.push(Record::opcode(name, 0)).push(Record::comment("DefineMI"));
                table.push(Record::uleb128(u64::from(insn.insn_var))).push(Record::comment("MI"));
                table.push(Record::uleb128(u64::from(p.insn))).push(Record::comment("OpIdx"));
                table.push(Record::uleb128(u64::from(p.op_idx.unwrap_or(0))));
                table.push(Record::comment(format!("MIs[{}]", insn.insn_var))).push(Record::line_break());
                self.instruction(insn, table);
            }
            Check::ImmPredicate { ty, name } => {
                table.push(Record::opcode(format!("GIM_Check{}ImmPredicate", ty.identifier()), 0));
                table.push(Record::comment("MI")).push(Record::uleb128(u64::from(p.insn)));
                table.push(Record::comment("Predicate")).push(Record::named_value(2, ty.enum_name(name)));
                table.push(Record::line_break());
            }
            Check::OperandImmPredicate { ty, name } => {
                table.push(Record::opcode("GIM_CheckImmOperandPredicate", 0));
                table.push(Record::comment("MI")).push(Record::uleb128(u64::from(p.insn)));
                table.push(Record::comment("MO")).push(Record::uleb128(u64::from(p.op_idx.unwrap_or(0))));
                table.push(Record::comment("Predicate")).push(Record::named_value(2, ty.enum_name(name)));
                table.push(Record::line_break());
            }
            Check::LeafPredicate(name) => {
                table.push(Record::opcode("GIM_CheckLeafOperandPredicate", 0));
                table.push(Record::comment("MI")).push(Record::uleb128(u64::from(p.insn)));
                table.push(Record::comment("MO")).push(Record::uleb128(u64::from(p.op_idx.unwrap_or(0))));
                table.push(Record::comment("Predicate")).push(Record::named_value(2, format!("GICXXPred_MO_{name}")));
                table.push(Record::line_break());
            }
            Check::PointerToAny(bits) => {
                table.push(Record::opcode("GIM_CheckPointerToAny", 0));
                self.insn_op(p, table);
                table.push(Record::comment("SizeInBits")).push(Record::uleb128(*bits)).push(Record::line_break());
            }
            Check::AtomicOrdering { order, comparator } => {
                let name = match comparator {
                    OrderingComparator::Equal => "GIM_CheckAtomicOrdering",
                    OrderingComparator::OrStronger => "GIM_CheckAtomicOrderingOrStrongerThan",
                    OrderingComparator::WeakerThan => "GIM_CheckAtomicOrderingWeakerThan",
                };
                table.push(Record::opcode(name, 0)).push(Record::comment("MI"));
                table.push(Record::uleb128(u64::from(p.insn))).push(Record::comment("Order"));
                table.push(Record::named_value(1, format!("(uint8_t)AtomicOrdering::{order}")));
                table.push(Record::line_break());
            }
            Check::MemorySize { mmo, size } => {
                self.insn_mmo(p, "GIM_CheckMemorySizeEqualTo", *mmo, table);
                table.push(Record::comment("Size")).push(Record::int_value(self.table_form, 4, *size as i64));
                table.push(Record::line_break());
            }
            Check::MemoryVsLltSize { mmo, relation, op } => {
                let name = match relation {
                    SizeRelation::EqualTo => "GIM_CheckMemorySizeEqualToLLT",
                    SizeRelation::GreaterThan => "GIM_CheckMemorySizeGreaterThanLLT",
                    SizeRelation::LessThan => "GIM_CheckMemorySizeLessThanLLT",
                };
                self.insn_mmo(p, name, *mmo, table);
                table.push(Record::comment("OpIdx")).push(Record::uleb128(u64::from(*op))).push(Record::line_break());
            }
            Check::MemoryAddressSpace { mmo, spaces } => {
                self.insn_mmo(p, "GIM_CheckMemoryAddressSpace", *mmo, table);
                table.push(Record::comment("NumAddrSpace"));
                table.push(Record::int_value(self.table_form, 1, spaces.len() as i64));
                for &space in spaces {
                    table.push(Record::comment("AddrSpace")).push(Record::uleb128(space));
                }
                table.push(Record::line_break());
            }
            Check::MemoryAlignment { mmo, min_align } => {
                self.insn_mmo(p, "GIM_CheckMemoryAlignment", *mmo, table);
                table.push(Record::comment("MinAlign")).push(Record::int_value(self.table_form, 1, *min_align));
                table.push(Record::line_break());
            }
            Check::NoUse | Check::OneUse => {
                let name = if matches!(p.check, Check::NoUse) { "GIM_CheckHasNoUse" } else { "GIM_CheckHasOneUse" };
                table.push(Record::opcode(name, 0)).push(Record::comment("MI"));
                table.push(Record::uleb128(u64::from(p.insn))).push(Record::line_break());
            }
            Check::ComplexPattern { renderer, matcher } => {
                table.push(Record::opcode("GIM_CheckComplexPattern", 0));
                self.insn_op(p, table);
                table.push(Record::comment("Renderer")).push(Record::int_value(
                    self.table_form,
                    2,
                    i64::from(*renderer),
                ));
                table.push(Record::named_value(2, format!("GICP_{matcher}"))).push(Record::line_break());
            }
            Check::VectorSplat { all_ones } => {
                let name = if *all_ones { "GIM_CheckIsBuildVectorAllOnes" } else { "GIM_CheckIsBuildVectorAllZeros" };
                table.push(Record::opcode(name, 0)).push(Record::comment("MI"));
                table.push(Record::uleb128(u64::from(p.insn))).push(Record::line_break());
            }
            Check::CmpPredicate(predicate) => {
                table.push(Record::opcode("GIM_CheckCmpPredicate", 0));
                self.insn_op(p, table);
                table.push(Record::comment("Predicate")).push(Record::named_value(2, format!("CmpInst::{predicate}")));
                table.push(Record::line_break());
            }
            Check::Imm | Check::Mbb => {
                let name = if matches!(p.check, Check::Imm) { "GIM_CheckIsImm" } else { "GIM_CheckIsMBB" };
                table.push(Record::opcode(name, 0));
                self.insn_op(p, table);
                table.push(Record::line_break());
            }
        }
    }

    /// A memory operand check's opcode and `/*MI*/N, /*MMO*/M,`.
    fn insn_mmo(&self, p: &Predicate, name: &str, mmo: u32, table: &mut MatchTable) {
        table.push(Record::opcode(name, 0)).push(Record::comment("MI")).push(Record::uleb128(u64::from(p.insn)));
        table.push(Record::comment("MMO")).push(Record::uleb128(u64::from(mmo)));
    }

    /// `/*MI*/N, /*Op*/M,`.
    fn insn_op(&self, p: &Predicate, table: &mut MatchTable) {
        table.push(Record::comment("MI")).push(Record::uleb128(u64::from(p.insn)));
        table.push(Record::comment("Op")).push(Record::uleb128(u64::from(p.op_idx.unwrap_or(0))));
    }
}

/// An operand check's opcode and operand: the root's form (`/*Op*/M,`) on the root, else
/// `/*MI*/N, /*Op*/M,`.
fn root_or_insn_op(p: &Predicate, root: &str, other: &str, table: &mut MatchTable) {
    if p.insn == 0 {
        table.push(Record::opcode(root, 0));
    } else {
        table.push(Record::opcode(other, 0)).push(Record::comment("MI"));
        table.push(Record::uleb128(u64::from(p.insn)));
    }
    table.push(Record::comment("Op")).push(Record::uleb128(u64::from(p.op_idx.unwrap_or(0))));
}

/// `NamedValue(2, Namespace, Name)`: `TargetOpcode::G_ADD`.
fn opcode_record(inst: &Opcode) -> Record {
    Record::named_value(2, format!("{}::{}", inst.namespace, inst.name))
}

/// The record a switch case is labelled with (`getValue().Record`).
fn switch_value_record(condition: &Predicate) -> Record {
    match &condition.check {
        Check::Opcode(insts) => opcode_record(&insts[0]),
        Check::Llt { ty, .. } | Check::LltShape { ty, .. } => type_record(*ty),
        _ => Record::named_value(0, String::new()),
    }
}

/// A type object, by its enum name (`GILLT_s32`).
fn type_record(ty: Llt) -> Record {
    Record::named_value(1, super::executor::llt_enum_value(ty))
}
