//! `side-effect-pattern-has-side-effects-0`: a pattern with side effects selects an instruction
//! that says it has none.

use super::pattern_flags;
use crate::context::Context;
use crate::Sink;
use tdq_models::patterns::dag_patterns::InferableFlag;

crate::declare_lint! {
    /// An instruction with `hasSideEffects = 0` that a pattern with side effects selects.
    ///
    /// **What it finds.** An `Instruction` def with `hasSideEffects = 0` that a selection
    /// pattern makes alone (its own `Pattern`, or a `Pat<>` whose result is that one
    /// instruction) whose source tree has a node with `SDNPSideEffect` (`trap`, `prefetch`, a
    /// target's own nodes), a complex pattern with it, or an intrinsic with side effects or
    /// unknown memory effects. The patterns and the analysis are LLVM's (`CodeGenDAGPatterns`'
    /// `InstAnalyzer`).
    ///
    /// **Why it matters.** An instruction without side effects whose result is unused is
    /// deleted, and it is moved freely: a trap or a barrier that says it has none disappears.
    /// `llvm-tblgen` stops with "Pattern doesn't match hasSideEffects = 0", but only when a
    /// backend on the patterns is generated; this finds it on the record and names the pattern.
    /// Off by default: it runs LLVM's pattern model, which costs about two thirds of the
    /// default lints together (LLVM 23's X86: 1.4 s of CPU against 2.2 s); `--select` it where
    /// llvm-tblgen's backends do not run.
    ///
    /// **Fires:**
    /// ```tablegen fires
    /// include "llvm/Target/Target.td"
    /// def MyInstrInfo : InstrInfo;
    /// def My : Target { let InstructionSet = MyInstrInfo; }
    /// def R0 : Register<"r0">;
    /// def GPR : RegisterClass<"My", [i32], 32, (add R0)>;
    /// class I<dag o, dag i, list<dag> p> : Instruction { let OutOperandList = o; let InOperandList = i; let Pattern = p; }
    /// def TRAP : I<(outs), (ins), [(trap)]> { let hasSideEffects = 0; } // <- fires
    /// ```
    ///
    /// **Does not fire** (said, or left to inference; a pattern without side effects):
    /// ```tablegen passes
    /// include "llvm/Target/Target.td"
    /// def MyInstrInfo : InstrInfo;
    /// def My : Target { let InstructionSet = MyInstrInfo; }
    /// def R0 : Register<"r0">;
    /// def GPR : RegisterClass<"My", [i32], 32, (add R0)>;
    /// class I<dag o, dag i, list<dag> p> : Instruction { let OutOperandList = o; let InOperandList = i; let Pattern = p; }
    /// def TRAP : I<(outs), (ins), [(trap)]> { let hasSideEffects = 1; }
    /// def DEBUGTRAP : I<(outs), (ins), [(debugtrap)]>;
    /// def NEG : I<(outs GPR:$d), (ins GPR:$a), [(set GPR:$d, (ineg GPR:$a))]> { let hasSideEffects = 0; }
    /// ```
    pub static LINT = {
        id: "side-effect-pattern-has-side-effects-0",
        level: Error,
        enabled_by_default: false,
        check: check,
    };
}

fn check(ctx: &Context, sink: &mut Sink) {
    pattern_flags::report_conflicts(ctx, sink, InferableFlag::HasSideEffects, false);
}
