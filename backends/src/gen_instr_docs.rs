//! `--gen-instr-docs`: a reStructuredText page of the target's instructions (LLVM's
//! InstrDocsEmitter.cpp): for each instruction in enum order, its assembly string in each
//! parser variant, its flags (`mayLoad`, `mayStore`, `hasSideEffects` and `isBitcast` as the
//! pattern model infers them), operands, constraints, implicit registers and predicates.

use crate::{Backend, BackendError, BackendOptions, Output};
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::init::InitKind;
use tdq_core::Evaluation;
use tdq_models::patterns::dag_patterns::DagPatterns;
use tdq_models::target::asm_matcher::asm_parser_variants;
use tdq_models::target::instructions::{flatten_asm_string_variants, Instruction, Instructions};
use tdq_models::target::Target;
use tdq_models::{Fatal, Fields};

pub struct GenInstrDocs;

type Result<T> = std::result::Result<T, BackendError>;

impl Backend for GenInstrDocs {
    fn name(&self) -> &'static str {
        "gen-instr-docs"
    }
    fn help(&self) -> &'static str {
        "Generate instruction documentation"
    }
    fn emit(&self, input: &Evaluation, _options: &BackendOptions, out: &mut Output) -> Result<()> {
        let target = Target::get(input)?;
        // LLVM builds the whole pattern model first: its failures stop the page, and the
        // flags it infers are the ones listed.
        let dag = DagPatterns::get(input)?;
        for d in &dag.diags.list {
            out.diags.push(d.clone());
        }
        let instructions = Instructions::get(input)?;
        let variants = asm_parser_variants(input, &target)?;
        let f = Fields { input };
        let mut s = String::new();
        let title = format!("{} Instructions", target.name);
        let rule = "-".repeat(title.len());
        let _ = write!(s, "{rule}\n{title}\n{rule}\n\n");
        for inst in instructions.in_enum_order() {
            if inst.namespace == "TargetOpcode" {
                continue;
            }
            let heading = escape_for_rst(inst.name);
            let _ = write!(s, "{heading}\n{}\n\n", "=".repeat(heading.len()));
            if !inst.asm_string.is_empty() {
                for (number, variant) in variants.iter().enumerate() {
                    s.push_str("Assembly string");
                    if variants.len() != 1 {
                        let _ = write!(s, " ({})", variant.name);
                    }
                    let asm = flatten_asm_string_variants(inst.asm_string, number as u32);
                    let _ = write!(s, ": ``{}``\n\n", escape_for_rst(asm.trim_matches(' ')));
                }
            }
            let flags = flag_names(inst, dag.flags.get(&inst.def).copied().unwrap_or_default());
            if !flags.is_empty() {
                let listed: Vec<String> = flags.iter().map(|n| format!("``{n}``")).collect();
                let _ = write!(s, "Flags: {}\n\n", listed.join(", "));
            }
            write_operands(&mut s, &f, inst)?;
            let constraints = f.string(inst.def, "Constraints")?;
            if !constraints.is_empty() {
                let _ = write!(s, "Constraints: ``{constraints}``\n\n");
            }
            let registers = |regs: &[tdq_core::types::RecId]| -> String {
                regs.iter().map(|&r| format!("``{}``", f.name(r))).collect::<Vec<_>>().join(", ")
            };
            if !inst.implicit_defs.is_empty() {
                let _ = write!(s, "Implicit defs: {}\n\n", registers(&inst.implicit_defs));
            }
            if !inst.implicit_uses.is_empty() {
                let _ = write!(s, "Implicit uses: {}\n\n", registers(&inst.implicit_uses));
            }
            let predicates = f.defs(inst.def, "Predicates")?;
            if !predicates.is_empty() {
                let _ = write!(s, "Predicates: {}\n\n", registers(&predicates));
            }
        }
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}

/// The flags an instruction has, in LLVM's order (the `*_Unset` ones left out).
fn flag_names(inst: &Instruction, inferred: tdq_models::patterns::dag_patterns::InferredFlags) -> Vec<&'static str> {
    let fl = &inst.flags;
    let all: [(bool, &str); 38] = [
        (fl.is_return, "isReturn"),
        (fl.is_eh_scope_return, "isEHScopeReturn"),
        (fl.is_branch, "isBranch"),
        (fl.is_indirect_branch, "isIndirectBranch"),
        (fl.is_compare, "isCompare"),
        (fl.is_move_imm, "isMoveImm"),
        (inferred.is_bitcast, "isBitcast"),
        (fl.is_select, "isSelect"),
        (fl.is_barrier, "isBarrier"),
        (fl.is_call, "isCall"),
        (fl.is_add, "isAdd"),
        (fl.is_trap, "isTrap"),
        (fl.can_fold_as_load, "canFoldAsLoad"),
        (inferred.may_load, "mayLoad"),
        (inferred.may_store, "mayStore"),
        (fl.is_predicable, "isPredicable"),
        (fl.is_convertible_to_three_address, "isConvertibleToThreeAddress"),
        (fl.is_commutable, "isCommutable"),
        (fl.is_terminator, "isTerminator"),
        (fl.is_re_materializable, "isReMaterializable"),
        (fl.has_delay_slot, "hasDelaySlot"),
        (fl.uses_custom_inserter, "usesCustomInserter"),
        (fl.has_post_isel_hook, "hasPostISelHook"),
        (fl.has_ctrl_dep, "hasCtrlDep"),
        (fl.is_not_duplicable, "isNotDuplicable"),
        (inferred.has_side_effects, "hasSideEffects"),
        (fl.is_as_cheap_as_a_move, "isAsCheapAsAMove"),
        (fl.has_extra_src_reg_alloc_req, "hasExtraSrcRegAllocReq"),
        (fl.has_extra_def_reg_alloc_req, "hasExtraDefRegAllocReq"),
        (fl.is_code_gen_only, "isCodeGenOnly"),
        (fl.is_pseudo, "isPseudo"),
        (fl.is_reg_sequence, "isRegSequence"),
        (fl.is_extract_subreg, "isExtractSubreg"),
        (fl.is_insert_subreg, "isInsertSubreg"),
        (fl.is_convergent, "isConvergent"),
        (fl.has_no_scheduling_info, "hasNoSchedulingInfo"),
        (fl.variadic_ops_are_defs, "variadicOpsAreDefs"),
        (fl.is_authenticated, "isAuthenticated"),
    ];
    all.iter().filter(|(set, _)| *set).map(|(_, name)| *name).collect()
}

/// Each operand, `DEF` or `USE`, with its def and name; an operand of several machine
/// operands as each of them, named by `MIOperandInfo` (`anonN` where unnamed).
fn write_operands(s: &mut String, f: &Fields, inst: &Instruction) -> std::result::Result<(), Fatal> {
    for (i, op) in inst.operands.operands.iter().enumerate() {
        let kind = if (i as u32) < inst.operands.num_defs { "DEF" } else { "USE" };
        let rec = f.name(op.rec);
        if op.mi_num_operands > 1 {
            let Some(InitKind::Dag(_, _, args)) = op.mi_operand_info.as_ref().map(|d| d.kind()) else {
                return Err(Fatal::new(&[], format!("operand '{}' of '{}' has no MIOperandInfo", op.name, inst.name)));
            };
            for (sub, (value, name)) in args.iter().take(op.mi_num_operands as usize).enumerate() {
                let sub_rec = value
                    .as_def()
                    .map(|d| f.name(d))
                    .ok_or_else(|| Fatal::new(&[], format!("a sub-operand of '{}' is not a def", op.name)))?;
                let _ = write!(s, "* {kind} ``{rec}/{sub_rec}:${}.", op.name);
                match name {
                    Some(n) if !n.is_empty() => s.push_str(n),
                    _ => {
                        let _ = write!(s, "anon{sub}");
                    }
                }
                s.push_str("``\n\n");
            }
        } else {
            let _ = write!(s, "* {kind} ``{rec}:${}``\n\n", op.name);
        }
    }
    Ok(())
}

/// `escapeForRST`: newlines and tabs as their C escapes, underscores escaped.
fn escape_for_rst(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 4);
    for c in text.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '_' => out.push_str("\\_"),
            c => out.push(c),
        }
    }
    out
}
