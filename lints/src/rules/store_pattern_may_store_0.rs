//! `store-pattern-may-store-0`: a pattern that stores selects an instruction that says it does
//! not (or the reverse).

use super::pattern_flags;
use crate::context::Context;
use crate::Sink;
use tdq_models::patterns::dag_patterns::InferableFlag;

crate::declare_lint! {
    /// An instruction with `mayStore = 0` that a pattern writing memory selects, or with
    /// `mayStore = 1` that a pattern writing none selects.
    ///
    /// **What it finds.** An `Instruction` def whose stated `mayStore` disagrees with a
    /// selection pattern that makes it alone (its own `Pattern`, or a `Pat<>` whose result is
    /// that one instruction): the pattern's source tree may store (an SDNode with
    /// `SDNPMayStore`, a fragment built on one such as `store` or `atomic_store`, a complex
    /// pattern with `SDNPMayStore`, an intrinsic that may write memory) while `mayStore` is 0,
    /// or stores nothing while it is 1. The patterns and the analysis are LLVM's
    /// (`CodeGenDAGPatterns`' `InstAnalyzer`).
    ///
    /// **Why it matters.** An instruction that writes memory but says it does not can be
    /// deleted or reordered across loads of the same address. Unlike `mayLoad`, LLVM rejects
    /// both directions: `llvm-tblgen` stops with "Pattern doesn't match mayStore = V", but only
    /// when a backend on the patterns is generated; this finds it on the record and names the
    /// pattern.
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
    /// def ST : I<(outs), (ins GPR:$v, GPR:$a), [(store GPR:$v, GPR:$a)]> { let mayStore = 0; } // <- fires
    /// def NEG : I<(outs GPR:$d), (ins GPR:$a), [(set GPR:$d, (ineg GPR:$a))]> { let mayStore = 1; } // <- fires
    /// ```
    ///
    /// **Does not fire:**
    /// ```tablegen passes
    /// include "llvm/Target/Target.td"
    /// def MyInstrInfo : InstrInfo;
    /// def My : Target { let InstructionSet = MyInstrInfo; }
    /// def R0 : Register<"r0">;
    /// def GPR : RegisterClass<"My", [i32], 32, (add R0)>;
    /// class I<dag o, dag i, list<dag> p> : Instruction { let OutOperandList = o; let InOperandList = i; let Pattern = p; }
    /// def ST : I<(outs), (ins GPR:$v, GPR:$a), [(store GPR:$v, GPR:$a)]> { let mayStore = 1; }
    /// def ST2 : I<(outs), (ins GPR:$v, GPR:$a), []> { let mayStore = 1; }
    /// def : Pat<(store GPR:$v, GPR:$a), (ST2 GPR:$v, GPR:$a)>;
    /// def NEG : I<(outs GPR:$d), (ins GPR:$a), [(set GPR:$d, (ineg GPR:$a))]> { let mayStore = 0; }
    /// ```
    pub static LINT = {
        id: "store-pattern-may-store-0",
        level: Error,
        enabled_by_default: false,
        check: check,
    };
}

fn check(ctx: &Context, sink: &mut Sink) {
    pattern_flags::report_conflicts(ctx, sink, InferableFlag::MayStore, false);
    pattern_flags::report_conflicts(ctx, sink, InferableFlag::MayStore, true);
}
