//! `load-pattern-may-load-0`: a pattern that loads selects an instruction that says it does not.

use super::pattern_flags;
use crate::context::Context;
use crate::Sink;
use tdq_models::patterns::dag_patterns::InferableFlag;

crate::declare_lint! {
    /// An instruction with `mayLoad = 0` that a pattern reading memory selects.
    ///
    /// **What it finds.** An `Instruction` def with `mayLoad = 0` that a selection pattern
    /// makes alone (its own `Pattern`, or a `Pat<>` whose result is that one instruction) whose
    /// source tree may load: an SDNode with `SDNPMayLoad`, a fragment built on one (`load`,
    /// `atomic_load` and the like), a complex pattern with `SDNPMayLoad`, or an intrinsic that
    /// may read memory. The patterns and the analysis are LLVM's (`CodeGenDAGPatterns`'
    /// `InstAnalyzer`), fragments inlined and every HW mode's copy included.
    ///
    /// **Why it matters.** The scheduler and the machine passes trust `mayLoad`: an instruction
    /// that reads memory but says it does not can be moved across stores that alias its
    /// address. `llvm-tblgen` stops with "Pattern doesn't match mayLoad = 0", but only when a
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
    /// def LD : I<(outs GPR:$d), (ins GPR:$a), [(set GPR:$d, (load GPR:$a))]> { let mayLoad = 0; } // <- fires
    /// def LDX : I<(outs GPR:$d), (ins GPR:$a), []> { let mayLoad = 0; } // <- fires
    /// def : Pat<(i32 (load GPR:$a)), (LDX GPR:$a)>;
    /// ```
    ///
    /// **Does not fire** (`mayLoad` said, or left to inference; a pattern that does not load):
    /// ```tablegen passes
    /// include "llvm/Target/Target.td"
    /// def MyInstrInfo : InstrInfo;
    /// def My : Target { let InstructionSet = MyInstrInfo; }
    /// def R0 : Register<"r0">;
    /// def GPR : RegisterClass<"My", [i32], 32, (add R0)>;
    /// class I<dag o, dag i, list<dag> p> : Instruction { let OutOperandList = o; let InOperandList = i; let Pattern = p; }
    /// def LD : I<(outs GPR:$d), (ins GPR:$a), [(set GPR:$d, (load GPR:$a))]> { let mayLoad = 1; }
    /// def LD2 : I<(outs GPR:$d), (ins GPR:$a), [(set GPR:$d, (load GPR:$a))]>;
    /// def NEG : I<(outs GPR:$d), (ins GPR:$a), [(set GPR:$d, (ineg GPR:$a))]> { let mayLoad = 0; }
    /// ```
    pub static LINT = {
        id: "load-pattern-may-load-0",
        level: Error,
        enabled_by_default: false,
        check: check,
    };
}

fn check(ctx: &Context, sink: &mut Sink) {
    pattern_flags::report_conflicts(ctx, sink, InferableFlag::MayLoad, false);
}
