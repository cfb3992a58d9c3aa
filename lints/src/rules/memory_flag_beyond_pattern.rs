//! `memory-flag-beyond-pattern`: `mayLoad` set on an instruction whose pattern reads no memory.

use super::pattern_flags;
use crate::context::Context;
use crate::Sink;
use tdq_models::patterns::dag_patterns::InferableFlag;

crate::declare_lint! {
    /// An instruction with `mayLoad = 1` whose selection pattern reads no memory: the reverse
    /// of `load-pattern-may-load-0`, which LLVM accepts.
    ///
    /// **What it finds.** An `Instruction` def with `mayLoad = 1` whose first selection pattern
    /// (its own `Pattern`, or the first `Pat<>` in LLVM's order whose result is that one
    /// instruction: the one LLVM checks the flags against) reads no memory, by LLVM's analysis
    /// of patterns (`InstAnalyzer`). (`mayStore = 1` over a pattern that writes nothing is an
    /// error of llvm-tblgen's, reported by `store-pattern-may-store-0`.)
    ///
    /// **Why it matters.** LLVM accepts it on purpose (a flag set by hand is trusted over the
    /// pattern) and the result is correct, but slower: the instruction is kept in order with
    /// every store and cannot be hoisted or rematerialized. Often the flag came from a class
    /// shared with the memory forms. Off by default: some patterns do not show an access the
    /// instruction really makes.
    ///
    /// **Fires:**
    /// ```tablegen fires
    /// include "llvm/Target/Target.td"
    /// def MyInstrInfo : InstrInfo;
    /// def My : Target { let InstructionSet = MyInstrInfo; }
    /// def R0 : Register<"r0">;
    /// def GPR : RegisterClass<"My", [i32], 32, (add R0)>;
    /// class I<dag o, dag i, list<dag> p> : Instruction { let OutOperandList = o; let InOperandList = i; let Pattern = p; }
    /// def NEG : I<(outs GPR:$d), (ins GPR:$a), [(set GPR:$d, (ineg GPR:$a))]> { let mayLoad = 1; } // <- fires
    /// def NOT : I<(outs GPR:$d), (ins GPR:$a), []> { let mayLoad = 1; } // <- fires
    /// def : Pat<(not GPR:$a), (NOT GPR:$a)>;
    /// ```
    ///
    /// **Does not fire** (a pattern that loads; no pattern; `mayLoad` not said):
    /// ```tablegen passes
    /// include "llvm/Target/Target.td"
    /// def MyInstrInfo : InstrInfo;
    /// def My : Target { let InstructionSet = MyInstrInfo; }
    /// def R0 : Register<"r0">;
    /// def GPR : RegisterClass<"My", [i32], 32, (add R0)>;
    /// class I<dag o, dag i, list<dag> p> : Instruction { let OutOperandList = o; let InOperandList = i; let Pattern = p; }
    /// def NEGm : I<(outs GPR:$d), (ins GPR:$a), [(set GPR:$d, (ineg (load GPR:$a)))]> { let mayLoad = 1; }
    /// def LDX : I<(outs GPR:$d), (ins GPR:$a), []> { let mayLoad = 1; }
    /// def NEG : I<(outs GPR:$d), (ins GPR:$a), [(set GPR:$d, (ineg GPR:$a))]>;
    /// ```
    pub static LINT = {
        id: "memory-flag-beyond-pattern",
        level: Note,
        enabled_by_default: false,
        check: check,
    };
}

fn check(ctx: &Context, sink: &mut Sink) {
    let flag = InferableFlag::MayLoad;
    pattern_flags::each_instruction(ctx, |id, inst, flags| {
        let Some(first) = flags.first_pattern else { return };
        if flag.written(inst) == Some(true) && !first.says(flag) {
            let pattern = pattern_flags::pattern_name(ctx, id, first.record);
            let message = format!("`mayLoad` is 1 but {pattern} {}", pattern_flags::effect(flag, false));
            pattern_flags::report(ctx, sink, id, Some(flag.field()), first.record, message, "the pattern");
        }
    });
}
