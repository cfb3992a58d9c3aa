//! `flag-inferred-from-pattern`: an instruction whose memory or side-effect flags come from a
//! selection pattern rather than its record.

use super::pattern_flags;
use crate::context::Context;
use crate::Sink;
use tdq_models::patterns::dag_patterns::InferableFlag;

crate::declare_lint! {
    /// An instruction that leaves `mayLoad`, `mayStore` or `hasSideEffects` unset (`?`) and
    /// gets it from a selection pattern.
    ///
    /// **What it finds.** An `Instruction` def with at least one of the three flags `?` that a
    /// selection pattern makes alone (its own `Pattern`, or a `Pat<>` whose result is that one
    /// instruction): LLVM then takes the flags it leaves unset from the first such pattern in
    /// its order (`InferInstructionFlags`). The finding gives each unset flag with the value
    /// inferred, as `-gen-instr-info` writes it, and points at the pattern.
    ///
    /// **Why it matters.** The flag is nowhere in the .td: editing, reordering or removing an
    /// unrelated-looking `Pat<>` silently changes what the optimizers may do with the
    /// instruction (a pattern change flipped an ARM instruction's `hasSideEffects` this way,
    /// llvm-project#168948), and `--dump-json` and tools built on it show `?`. Stating the
    /// flags keeps them reviewable; LLVM still checks them against the patterns. Off by
    /// default: it is an audit (with a baseline, new cases only).
    ///
    /// **Fires:**
    /// ```tablegen fires
    /// include "llvm/Target/Target.td"
    /// def MyInstrInfo : InstrInfo;
    /// def My : Target { let InstructionSet = MyInstrInfo; }
    /// def R0 : Register<"r0">;
    /// def GPR : RegisterClass<"My", [i32], 32, (add R0)>;
    /// class I<dag o, dag i, list<dag> p> : Instruction { let OutOperandList = o; let InOperandList = i; let Pattern = p; }
    /// def NEG : I<(outs GPR:$d), (ins GPR:$a), [(set GPR:$d, (ineg GPR:$a))]>; // <- fires
    /// def LDX : I<(outs GPR:$d), (ins GPR:$a), []> { let mayStore = 0; let hasSideEffects = 0; } // <- fires
    /// def : Pat<(i32 (load GPR:$a)), (LDX GPR:$a)>;
    /// ```
    ///
    /// **Does not fire** (every flag stated; no pattern selects it: nothing is inferred):
    /// ```tablegen passes
    /// include "llvm/Target/Target.td"
    /// def MyInstrInfo : InstrInfo;
    /// def My : Target { let InstructionSet = MyInstrInfo; }
    /// def R0 : Register<"r0">;
    /// def GPR : RegisterClass<"My", [i32], 32, (add R0)>;
    /// class I<dag o, dag i, list<dag> p> : Instruction { let OutOperandList = o; let InOperandList = i; let Pattern = p; }
    /// def NEG : I<(outs GPR:$d), (ins GPR:$a), [(set GPR:$d, (ineg GPR:$a))]> { let mayLoad = 0; let mayStore = 0; let hasSideEffects = 0; }
    /// def NOP : I<(outs), (ins), []>;
    /// ```
    pub static LINT = {
        id: "flag-inferred-from-pattern",
        level: Warning,
        enabled_by_default: false,
        check: check,
    };
}

fn check(ctx: &Context, sink: &mut Sink) {
    pattern_flags::each_instruction(ctx, |id, inst, flags| {
        let Some(from) = flags.inferred_from else { return };
        let unset: Vec<InferableFlag> = InferableFlag::ALL.into_iter().filter(|f| f.written(inst).is_none()).collect();
        let names: Vec<String> = unset.iter().map(|f| format!("`{}`", f.field())).collect();
        let values: Vec<String> = unset.iter().map(|&f| u8::from(flags.value(f)).to_string()).collect();
        let (are, them) = if unset.len() == 1 { ("is", "it") } else { ("are", "them") };
        let pattern = pattern_flags::pattern_name(ctx, id, from);
        let message = format!(
            "{} {are} left `?`: {pattern} makes {them} {} (state {them} in the record)",
            names.join(", "),
            values.join(", ")
        );
        pattern_flags::report(ctx, sink, id, None, from, message, "the pattern the flags are inferred from");
    });
}
