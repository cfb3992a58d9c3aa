//! The apply half of a combine rule's matcher (LLVM's `CombineRuleBuilder::emitApplyPatterns`
//! and the functions it calls): the instructions the apply patterns build (`BuildMIAction`
//! with its operand renderers), the temporary registers their new defs need, the constants
//! typed immediates become, the builtins (`GIReplaceReg`, `GIEraseRoot`), and the root's
//! erasure.

use super::combine::CodeExpansions;
use super::combine::{report_unreachable, Building, CombineMatchers, NotBuilt, RuleContext};
use super::llt::llt_of_value_type;
use super::matchers::{Action, BuildMi, Check, Renderer, ReplaceWith, RuleMatcher, TypeRef};
use super::patterns::{Builtin, InstKind, InstructionOperand, PatternKind, PatternType};
use super::rule::CombineRule;
use std::collections::HashMap;
use tdq_core::Diagnostics;

/// What one rule's apply patterns have emitted so far.
struct Applying<'r> {
    rule: &'r CombineRule,
    /// `SeenPats`: apply patterns by index.
    seen: Vec<usize>,
    /// `OperandToTempRegID`.
    temp_regs: HashMap<String, u32>,
}

impl CombineMatchers {
    /// `emitApplyPatterns`: the apply roots and what they use, the builtins, then the
    /// root's erasure; false after an error.
    pub(super) fn apply_patterns(
        &mut self,
        cx: &RuleContext,
        rule: &CombineRule,
        m: &mut RuleMatcher,
        b: &mut Building,
        expansions: &mut CodeExpansions,
        diags: &mut Diagnostics,
    ) -> Result<bool, NotBuilt> {
        let mut a = Applying { rule, seen: Vec::new(), temp_regs: HashMap::new() };
        for &root in &rule.apply_roots {
            if !self.apply_instruction(cx, &mut a, m, b, root, expansions, diags)? {
                return Ok(false);
            }
        }
        for (i, pat) in rule.apply_pats.iter().enumerate() {
            if a.seen.contains(&i) {
                continue;
            }
            match &pat.kind {
                PatternKind::Instruction(ip) => match ip.kind {
                    InstKind::Builtin(_) => {
                        if !self.apply_instruction(cx, &mut a, m, b, i, expansions, diags)? {
                            return Ok(false);
                        }
                    }
                    InstKind::CodeGen { .. } => {
                        report_unreachable(diags, &rule.locs, &pat.name, &ip.inst_name(cx.frags));
                        return Ok(false);
                    }
                    InstKind::PatFrag(_) => return Err(NotBuilt { what: "pattern fragments in apply patterns" }),
                },
                PatternKind::AnyOpcode(_) | PatternKind::Cxx { .. } => {
                    return Err(NotBuilt { what: "C++ code beside apply instruction patterns" })
                }
            }
        }
        let root_name = &rule.match_pats[rule.match_root].name;
        let root = b.insns.get(root_name).copied().unwrap_or(0);
        if b.try_erase(root) {
            m.actions.push(Action::EraseInst(root));
        }
        Ok(true)
    }

    /// `emitInstructionApplyPattern`: the patterns defining the uses first, then this one.
    #[allow(clippy::too_many_arguments)]
    fn apply_instruction(
        &mut self,
        cx: &RuleContext,
        a: &mut Applying,
        m: &mut RuleMatcher,
        b: &mut Building,
        index: usize,
        expansions: &mut CodeExpansions,
        diags: &mut Diagnostics,
    ) -> Result<bool, NotBuilt> {
        if a.seen.contains(&index) {
            return Ok(true);
        }
        a.seen.push(index);
        let rule = a.rule;
        let pat = &rule.apply_pats[index];
        let Some(ip) = pat.inst() else { return Ok(true) };
        for op in ip.operands.iter().filter(|o| o.is_named() && !o.is_def) {
            if let Some(def) = rule.apply_table.def(&op.name) {
                if !self.apply_instruction(cx, a, m, b, def, expansions, diags)? {
                    return Ok(false);
                }
            } else if !op.is_named_imm() && rule.match_table.lookup(&op.name).is_none() {
                diags.error_at(
                    &rule.locs,
                    format!(
                        "invalid output operand '{}': operand is not a live-in of the match pattern, and it has no definition",
                        op.name
                    ),
                );
                return Ok(false);
            }
        }
        let (inst, intrinsic, mi_flags) = match &ip.kind {
            InstKind::Builtin(builtin) => return self.apply_builtin(a, m, b, *builtin, &ip.operands, diags),
            InstKind::PatFrag(_) => return Err(NotBuilt { what: "pattern fragments in apply patterns" }),
            InstKind::CodeGen { inst, intrinsic, mi_flags } => (inst, intrinsic, mi_flags),
        };
        let insn_id = b.next_output_insn;
        b.next_output_insn += 1;
        let info = cx.instructions.get_def(inst.def);
        let memory = info.is_some_and(|i| i.may_load == Some(true) || i.may_store == Some(true));
        let mut build = BuildMi {
            insn_id,
            opcode: super::combine::opcode(cx.instructions, inst),
            renderers: Vec::new(),
            copied_flags: Vec::new(),
            set_flags: Vec::new(),
            unset_flags: Vec::new(),
            merge_insn_ids: if memory { (0..b.next_insn_var).collect() } else { Vec::new() },
            dead_implicit_defs: Vec::new(),
        };
        let intrinsic_id = |build: &mut BuildMi| {
            if let Some(intrinsic) = intrinsic {
                build
                    .renderers
                    .push(Renderer::IntrinsicId { insn: insn_id, name: format!("Intrinsic::{}", intrinsic.enum_name) });
            }
        };
        let mut intrinsic_done = false;
        for op in &ip.operands {
            if intrinsic.is_some() && !op.is_def && !intrinsic_done {
                intrinsic_id(&mut build);
                intrinsic_done = true;
            }
            if op.is_named_imm() {
                diags.error_at(
                    &rule.locs,
                    format!("invalid output operand '{}': output immediates cannot be named", op.name),
                );
                diags.note_at(&rule.locs, format!("while emitting pattern '{}' ({})", pat.name, inst.name));
                return Ok(false);
            }
            if op.imm.is_some() {
                if !self.apply_imm(rule, m, b, &mut build, inst.name, &pat.name, op, cx, diags)? {
                    return Ok(false);
                }
                continue;
            }
            let name = &op.name;
            if !op.is_def {
                match a.temp_regs.get(name) {
                    Some(&temp_reg) => build.renderers.push(Renderer::TempReg {
                        insn: insn_id,
                        temp_reg,
                        is_def: false,
                        is_dead: false,
                    }),
                    None => build.renderers.push(copy(b, insn_id, name)?),
                }
                continue;
            }
            match rule.match_table.lookup(name) {
                Some(None) => {
                    diags
                        .error_at(&rule.locs, format!("Cannot define live-in operand '{name}' in the 'apply' pattern"));
                    return Ok(false);
                }
                Some(Some(def)) => {
                    if def != rule.match_root {
                        diags.error_at(
                            &rule.locs,
                            format!(
                                "redefining an instruction other than the root is not supported (operand '{name}')"
                            ),
                        );
                        return Ok(false);
                    }
                    build.renderers.push(copy(b, insn_id, name)?);
                    continue;
                }
                None => {}
            }
            let temp_reg = match a.temp_regs.get(name) {
                Some(&id) => id,
                None => {
                    let id = b.next_temp_reg;
                    b.next_temp_reg += 1;
                    a.temp_regs.insert(name.clone(), id);
                    if op.ty.is_none() {
                        diags.error_at(
                            &rule.locs,
                            format!("def of a new register '{name}' in the apply patterns must have a type"),
                        );
                        return Ok(false);
                    }
                    expansions.declare(name, format!("State.TempRegisters[{id}]"));
                    let Some(ty) = self.type_ref(cx, rule, m, b, &op.ty, diags)? else {
                        return Ok(false);
                    };
                    m.actions.insert(0, Action::MakeTempReg { ty, temp_reg: id });
                    id
                }
            };
            build.renderers.push(Renderer::TempReg { insn: insn_id, temp_reg, is_def: true, is_dead: false });
        }
        if !intrinsic_done {
            intrinsic_id(&mut build);
        }
        if let Some(flags) = mi_flags {
            for name in &flags.copy {
                build.copied_flags.push(b.insns.get(name).copied().unwrap_or(0));
            }
            build.set_flags.extend(&flags.set);
            build.unset_flags.extend(&flags.unset);
        }
        m.actions.push(Action::BuildMi(build));
        expansions.redeclare(&pat.name, format!("OutMIs[{insn_id}]"));
        Ok(true)
    }

    /// `getLLTCodeGenOrTempType`: a type with an LLT, which the run then knows, or for
    /// `GITypeOf<"$x">` the temporary type `x`'s operand matcher records (once); none after
    /// an error.
    fn type_ref(
        &mut self,
        cx: &RuleContext,
        rule: &CombineRule,
        m: &mut RuleMatcher,
        b: &mut Building,
        ty: &PatternType,
        diags: &mut Diagnostics,
    ) -> Result<Option<TypeRef>, NotBuilt> {
        let name = match ty {
            PatternType::ValueType(def, _) => {
                let llt = llt_of_value_type(cx.input, *def, cx.llt_kinds)
                    .ok_or(NotBuilt { what: "types without a low-level type" })?;
                self.known_types.insert(llt);
                return Ok(Some(TypeRef::Llt(llt)));
            }
            PatternType::TypeOf(name) => name,
            PatternType::None | PatternType::VariadicPack { .. } => {
                return Err(NotBuilt { what: "apply operands of a variadic type" })
            }
        };
        let om = b.operand(name)?;
        if om.variadic {
            diags.error_at(
                &rule.locs,
                format!("type '{}' is ill-formed: '{name}' is a variadic pack operand", ty.str()),
            );
            return Ok(None);
        }
        if let Some(&idx) = b.temp_types.get(&(om.insn, om.op)) {
            return Ok(Some(TypeRef::Temp(idx)));
        }
        b.next_temp_type -= 1;
        let idx = b.next_temp_type;
        b.temp_types.insert((om.insn, om.op), idx);
        if let Some(target) = m.operand_mut(om.insn, om.op) {
            target.add_predicate(om.insn, Check::RecordRegType(idx));
        }
        Ok(Some(TypeRef::Temp(idx)))
    }

    /// `emitCodeGenInstructionApplyImmOperand`: an immediate; typed, a constant (`G_CONSTANT`'s
    /// own is a `ConstantInt`, any other's a new `G_CONSTANT` in a temporary register).
    #[allow(clippy::too_many_arguments)]
    fn apply_imm(
        &mut self,
        rule: &CombineRule,
        m: &mut RuleMatcher,
        b: &mut Building,
        build: &mut BuildMi,
        inst_name: &str,
        pat_name: &str,
        op: &InstructionOperand,
        cx: &RuleContext,
        diags: &mut Diagnostics,
    ) -> Result<bool, NotBuilt> {
        let value = op.imm.unwrap_or(0);
        let is_constant = inst_name == "G_CONSTANT";
        let insn = build.insn_id;
        if op.ty.is_none() {
            if is_constant {
                diags.error_at(&rule.locs, "'G_CONSTANT' immediate must be typed!");
                diags.note_at(&rule.locs, format!("while emitting pattern '{pat_name}' ({inst_name})"));
                return Ok(false);
            }
            build.renderers.push(Renderer::Imm { insn, value, cimm: None });
            return Ok(true);
        }
        let Some(ty) = self.type_ref(cx, rule, m, b, &op.ty, diags)? else {
            return Ok(false);
        };
        if is_constant {
            build.renderers.push(Renderer::Imm { insn, value, cimm: Some(ty) });
            return Ok(true);
        }
        let temp_reg = b.next_temp_reg;
        b.next_temp_reg += 1;
        m.actions.insert(0, Action::MakeTempReg { ty, temp_reg });
        m.actions.insert(1, Action::BuildConstant { temp_reg, value });
        build.renderers.push(Renderer::TempReg { insn, temp_reg, is_def: false, is_dead: false });
        Ok(true)
    }

    /// `emitBuiltinApplyPattern`.
    fn apply_builtin(
        &mut self,
        a: &Applying,
        m: &mut RuleMatcher,
        b: &mut Building,
        builtin: Builtin,
        operands: &[InstructionOperand],
        diags: &mut Diagnostics,
    ) -> Result<bool, NotBuilt> {
        match builtin {
            Builtin::EraseRoot => {
                if b.try_erase(0) {
                    m.actions.push(Action::EraseInst(0));
                }
            }
            Builtin::ReplaceReg => {
                let (old, new) = (&operands[0].name, &operands[1].name);
                let rule = a.rule;
                if rule.apply_table.lookup(new).is_none() && rule.match_table.lookup(new).is_none() {
                    diags.error_at(&rule.locs, format!("cannot emit 'GIReplaceReg' builtin: unknown operand '{old}'"));
                    return Ok(false);
                }
                let old_om = b.operand(old)?;
                let new = match a.temp_regs.get(new) {
                    Some(&id) => ReplaceWith::TempReg(id),
                    None => {
                        let new_om = b.operand(new)?;
                        ReplaceWith::Operand { insn: new_om.insn, op: new_om.op }
                    }
                };
                m.actions.push(Action::ReplaceReg { old_insn: old_om.insn, old_op: old_om.op, new });
            }
        }
        Ok(true)
    }
}

/// `CopyRenderer`: the matched operand of that name.
fn copy(b: &Building, new_insn: u32, name: &str) -> Result<Renderer, NotBuilt> {
    let om = b.operand(name)?;
    Ok(Renderer::Copy { new_insn, old_insn: om.insn, old_op: om.op, name: name.to_string(), variadic: om.variadic })
}
