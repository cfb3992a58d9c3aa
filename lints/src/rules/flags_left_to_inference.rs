//! `flags-left-to-inference`: memory and side-effect flags left for LLVM to guess.

use crate::context::{Context, Flag};
use crate::Sink;
use tdq_models::target::Target;

crate::declare_lint! {
    /// An instruction with `hasSideEffects = 0` and no selection pattern that says nothing about
    /// memory (`mayLoad` and `mayStore` unset), in a target that lets LLVM guess them.
    ///
    /// **What it finds.** An `Instruction` def that exists for code generation (`isPseudo`,
    /// `isCodeGenOnly` or `usesCustomInserter`) that no selection pattern makes alone (its own
    /// `Pattern`, or a `Pat<>` whose result is that one instruction, as LLVM's pattern model
    /// finds them), whose `hasSideEffects` is 0 while `mayLoad` and `mayStore` are
    /// both still `?`, when the target's `InstrInfo` keeps `guessInstructionProperties` at its
    /// default of 1. Such an instruction is made by the target's C++ code, where nothing else
    /// says what it does. (Instructions for the assembler and disassembler alone never meet
    /// the optimizers, so their flags are not reported.)
    ///
    /// **Why it matters.** With no pattern to infer from, LLVM guesses `mayLoad = 0` and
    /// `mayStore = 0`. Together with an explicit `hasSideEffects = 0` the instruction is then
    /// taken to touch nothing: it may be deleted when its results are unused, hoisted out of
    /// loops and moved across aliasing loads and stores. If it does touch memory, that is a
    /// miscompile; if it does not, saying so costs one `let`. (Setting either memory flag shows
    /// memory was thought about, and the other is not reported.) (With `hasSideEffects` unset too,
    /// LLVM guesses it to be 1 and keeps the instruction in place, so that case is not
    /// reported. Targets that set `guessInstructionProperties = 0` get an error instead.)
    ///
    /// **Fires:**
    /// ```tablegen fires
    /// include "llvm/Target/Target.td"
    /// def MyInstrInfo : InstrInfo;
    /// def My : Target { let InstructionSet = MyInstrInfo; }
    /// def R0 : Register<"r0">;
    /// def GPR : RegisterClass<"My", [i32], 32, (add R0)>;
    /// class I<dag o, dag i, list<dag> p> : Instruction { let OutOperandList = o; let InOperandList = i; let Pattern = p; }
    /// def LDX_PSEUDO : I<(outs GPR:$d), (ins GPR:$a), []> { let hasSideEffects = 0; let isPseudo = 1; } // <- fires
    /// ```
    ///
    /// **Does not fire** (the flags are set; `hasSideEffects` is left to the conservative guess;
    /// an assembler-only instruction; a `Pat<>` gives LLVM something to infer from):
    /// ```tablegen passes
    /// include "llvm/Target/Target.td"
    /// def MyInstrInfo : InstrInfo;
    /// def My : Target { let InstructionSet = MyInstrInfo; }
    /// def R0 : Register<"r0">;
    /// def GPR : RegisterClass<"My", [i32], 32, (add R0)>;
    /// class I<dag o, dag i, list<dag> p> : Instruction { let OutOperandList = o; let InOperandList = i; let Pattern = p; }
    /// def LDX : I<(outs GPR:$d), (ins GPR:$a), []> { let hasSideEffects = 0; let isPseudo = 1; let mayLoad = 1; let mayStore = 0; }
    /// def SYNC : I<(outs), (ins), []> { let isPseudo = 1; }
    /// def ADD_ASM : I<(outs GPR:$d), (ins GPR:$a), []> { let hasSideEffects = 0; }
    /// def POP : I<(outs GPR:$d), (ins GPR:$a), []> { let hasSideEffects = 0; let isPseudo = 1; let mayLoad = 1; }
    /// def NEG : I<(outs GPR:$d), (ins GPR:$a), []> { let hasSideEffects = 0; let isPseudo = 1; }
    /// def : Pat<(ineg GPR:$a), (NEG GPR:$a)>;
    /// ```
    /// (A target that sets `guessInstructionProperties = 0` gets llvm-tblgen's errors instead.)
    pub static LINT = {
        id: "flags-left-to-inference",
        level: Warning,
        enabled_by_default: false,
        check: check,
    };
}

const MEMORY_FLAGS: [&str; 2] = ["mayLoad", "mayStore"];

fn check(ctx: &Context, sink: &mut Sink) {
    let (Some(model), Ok(target)) = (ctx.patterns(), Target::get(ctx.eval)) else { return };
    if !target.guess_instruction_properties(ctx.eval).unwrap_or(true) {
        return;
    }
    for &id in &ctx.instructions {
        let for_codegen = ["isPseudo", "isCodeGenOnly", "usesCustomInserter"].iter().any(|f| ctx.is_on(id, f));
        let selected = model.flags.get(&id).is_some_and(|f| f.first_pattern.is_some());
        if !for_codegen || ctx.flag(id, "hasSideEffects") != Flag::Off || selected {
            continue;
        }
        if MEMORY_FLAGS.iter().all(|f| ctx.flag(id, f) == Flag::Unset) {
            sink.report(id, Some("hasSideEffects"), "`hasSideEffects` is 0, `mayLoad` and `mayStore` are unset and no pattern infers them: LLVM will take them as 0");
        }
    }
}
