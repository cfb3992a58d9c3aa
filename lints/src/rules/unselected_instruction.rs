//! `unselected-instruction`: an instruction that nothing in the .td files produces.

use crate::context::Context;
use crate::Sink;
use std::collections::HashSet;
use tdq_core::types::RecId;

crate::declare_lint! {
    /// An instruction that no selection pattern makes and nothing else described in TableGen
    /// reaches: only the target's C++ can create it.
    ///
    /// **What it finds.** A target instruction that the assembler cannot produce (it is
    /// `isCodeGenOnly` or `isPseudo`, or has no `AsmString`) and that appears in none of: the
    /// result of a selection pattern (its own `Pattern` or a `Pat<>`, anywhere in the result
    /// tree, as LLVM's pattern model types and expands them), the result of an `InstAlias`,
    /// the expansion of a pseudo-instruction (`PseudoInstExpansion`), either side of a
    /// `CompressPat`, a row of a searchable table (`GenericTable`: C++ looks instructions up
    /// there).
    ///
    /// **Why it matters.** Such an instruction is dead unless the target's C++ builds it
    /// (`BuildMI(..., get(Target::NAME))`, a custom inserter, an expansion pass), which
    /// TableGen cannot see: pseudo-instructions outlive the code that made them, and a pattern
    /// removed or rewritten in review can leave its instruction unreachable without anything
    /// saying so. Off by default: most findings on a real target are pseudos that C++ makes;
    /// run it with a baseline so that only new ones are reported, or review them against the
    /// target's sources.
    ///
    /// **Fires:**
    /// ```tablegen fires
    /// include "llvm/Target/Target.td"
    /// def MyInstrInfo : InstrInfo;
    /// def My : Target { let InstructionSet = MyInstrInfo; }
    /// def R0 : Register<"r0">;
    /// def GPR : RegisterClass<"My", [i32], 32, (add R0)>;
    /// class I<dag o, dag i, list<dag> p> : Instruction { let OutOperandList = o; let InOperandList = i; let Pattern = p; }
    /// def NEG : I<(outs GPR:$d), (ins GPR:$a), [(set GPR:$d, (ineg GPR:$a))]>;
    /// def OLD_NEG : I<(outs GPR:$d), (ins GPR:$a), []> { let isPseudo = 1; } // <- fires
    /// ```
    ///
    /// **Does not fire** (a pattern selects it; the assembler reads it; a pseudo expands to it):
    /// ```tablegen passes
    /// include "llvm/Target/Target.td"
    /// def MyInstrInfo : InstrInfo;
    /// def My : Target { let InstructionSet = MyInstrInfo; }
    /// def R0 : Register<"r0">;
    /// def GPR : RegisterClass<"My", [i32], 32, (add R0)>;
    /// class I<dag o, dag i, list<dag> p> : Instruction { let OutOperandList = o; let InOperandList = i; let Pattern = p; }
    /// def NEG : I<(outs GPR:$d), (ins GPR:$a), []> { let isCodeGenOnly = 1; }
    /// def : Pat<(ineg GPR:$a), (NEG GPR:$a)>;
    /// def NOT : I<(outs GPR:$d), (ins GPR:$a), []> { let AsmString = "not $d, $a"; }
    /// def MOVE : I<(outs GPR:$d), (ins GPR:$a), []> { let isCodeGenOnly = 1; }
    /// def REV_PSEUDO : I<(outs GPR:$d), (ins GPR:$a), [(set GPR:$d, (bitreverse GPR:$a))]>,
    ///                  PseudoInstExpansion<(MOVE GPR:$d, GPR:$a)>;
    /// ```
    pub static LINT = {
        id: "unselected-instruction",
        level: Warning,
        enabled_by_default: false,
        check: check,
    };
}

fn check(ctx: &Context, sink: &mut Sink) {
    let (Some(model), Some(insts)) = (ctx.patterns(), ctx.target_instructions()) else { return };
    let reached = reached(ctx, &model.patterns);
    for &id in &ctx.instructions {
        let Some(inst) = insts.get_def(id) else { continue };
        let assembler_reads = !inst.flags.is_code_gen_only && !inst.flags.is_pseudo && !inst.asm_string.is_empty();
        if assembler_reads || reached.contains(&id) {
            continue;
        }
        let why = if inst.flags.is_pseudo {
            "a pseudo-instruction"
        } else if inst.flags.is_code_gen_only {
            "code-generation only"
        } else {
            "without assembly syntax"
        };
        let message = format!(
            "`{}` is {why} and no selection pattern, `InstAlias`, pseudo expansion, `CompressPat` \
             or searchable table names it: only C++ can create it",
            inst.name
        );
        sink.report(id, None, message);
    }
}

/// The instructions that the .td files produce or hand to C++: in selection patterns' results,
/// `InstAlias` results, pseudo expansions, `CompressPat`s and searchable tables' rows.
fn reached(ctx: &Context, patterns: &[tdq_models::patterns::dag_patterns::PatternToMatch]) -> HashSet<RecId> {
    let mut reached: HashSet<RecId> = HashSet::new();
    for pattern in patterns {
        reached.extend(pattern.dst.instructions(ctx.eval));
    }
    let operator = |id: RecId, field: &str| ctx.dag(id, field).and_then(|(op, _)| op.as_def());
    let defs_of = |class: &str| tdq_models::records::all_derived_definitions_if_defined(ctx.eval, class);
    for alias in defs_of("InstAlias") {
        reached.extend(operator(alias, "ResultInst"));
    }
    for pseudo in defs_of("PseudoInstExpansion") {
        reached.extend(operator(pseudo, "ResultInst"));
    }
    for compress in defs_of("CompressPat") {
        reached.extend(operator(compress, "Input"));
        reached.extend(operator(compress, "Output"));
    }
    // A searchable table's rows name instructions that the target's C++ looks up there (RISC-V's
    // vector pseudos by intrinsic, say): the rows are the defs of the table's `FilterClass`.
    for table in defs_of("GenericTable") {
        let Some(class) = ctx.string(table, "FilterClass") else { continue };
        for row in defs_of(class) {
            let values = ctx.record(row).values.iter().map(|v| v.value);
            reached.extend(values.filter_map(|v| v.as_def()).filter(|&d| ctx.is_a(d, "Instruction")));
        }
    }
    reached
}
