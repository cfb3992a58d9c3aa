//! The matchers written as match-table records (the `emit` half of LLVM's `Matcher`s): rules
//! as `GIM_Try` blocks of checks and actions, groups as a `GIM_Try` around their shared
//! conditions, switches as a jump table on a value. The matchers themselves are the model's
//! (tdq_models::global_isel::matchers).

use super::match_table::{MatchTable, Record, TableForm};
use tdq_core::ByRelease;
use tdq_models::global_isel::matchers::{
    Action, Check, InstructionMatcher, Matcher, NumOperandsCheck, Opcode, OperandMatcher, Predicate, Predicates,
    RuleMatcher,
};

/// How a release writes rules, where releases differ.
pub struct EmitForm {
    /// How a rule that needs subtarget features starts.
    pub feature_check: FeatureCheck,
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
    v19: EmitForm { feature_check: FeatureCheck::Separate },
    v22: EmitForm { feature_check: FeatureCheck::Separate },
    v23: EmitForm { feature_check: FeatureCheck::InTry },
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
                    Check::Llt(_) => {
                        table.push(Record::opcode("GIM_SwitchType", 0)).push(Record::comment("MI"));
                        table.push(Record::uleb128(u64::from(condition.insn))).push(Record::comment("Op"));
                        table.push(Record::uleb128(u64::from(condition.op_idx.unwrap_or(0))));
                    }
                    Check::NumOperands(..) | Check::GenericCxx(_) => return,
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
        let needs_features = !rule.required_features.is_empty();
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
        if rule.insns.len() >= 2 {
            table.push(Record::opcode("GIM_CheckIsSafeToFold", 0)).push(Record::comment("NumInsns"));
            table.push(Record::int_value(self.table_form, 1, rule.insns.len() as i64 - 1));
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
                for a in &rule.actions {
                    self.action(a, table);
                }
                if !table.is_combiner {
                    table.push(Record::comment(format!("GIR_Coverage, {},", rule.id))).push(Record::line_break());
                }
                table.push(Record::opcode("GIR_Done", -1)).push(Record::line_break());
            }
        }
        table.push(Record::label(label));
    }

    fn action(&self, action: &Action, table: &mut MatchTable) {
        match action {
            Action::DebugComment(text) => {
                table.push(Record::comment(text.clone())).push(Record::line_break());
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
            Check::Llt(ty) => {
                table.push(Record::opcode("GIM_CheckType", 0)).push(Record::comment("MI"));
                table.push(Record::uleb128(u64::from(p.insn))).push(Record::comment("Op"));
                table.push(Record::uleb128(u64::from(p.op_idx.unwrap_or(0)))).push(Record::comment("Type"));
                table.push(Record::named_value(1, super::executor::llt_enum_value(*ty))).push(Record::line_break());
            }
        }
    }
}

/// `NamedValue(2, Namespace, Name)`: `TargetOpcode::G_ADD`.
fn opcode_record(inst: &Opcode) -> Record {
    Record::named_value(2, format!("{}::{}", inst.namespace, inst.name))
}

/// The record a switch case is labelled with (`getValue().Record`).
fn switch_value_record(condition: &Predicate) -> Record {
    match &condition.check {
        Check::Opcode(insts) => opcode_record(&insts[0]),
        Check::Llt(ty) => Record::named_value(1, super::executor::llt_enum_value(*ty)),
        Check::NumOperands(..) | Check::GenericCxx(_) => Record::named_value(0, String::new()),
    }
}
