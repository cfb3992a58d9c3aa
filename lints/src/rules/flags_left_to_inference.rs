//! `flags-left-to-inference`: memory and side-effect flags left for LLVM to guess.

use crate::context::{Context, Flag};
use crate::Sink;
use rustc_hash::FxHashSet;
use tdq_core::init::InitKind;
use tdq_core::types::RecId;

crate::declare_lint! {
    /// An instruction with `hasSideEffects = 0` and no selection pattern that says nothing about
    /// memory (`mayLoad` and `mayStore` unset), in a target that lets LLVM guess them.
    ///
    /// **What it finds.** An `Instruction` def that exists for code generation (`isPseudo`,
    /// `isCodeGenOnly` or `usesCustomInserter`) with an empty `Pattern`, not the result of any
    /// `Pat<>` (`Pattern` record), whose `hasSideEffects` is 0 while `mayLoad` and `mayStore` are
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
    /// class Instruction { bit mayLoad = ?; bit mayStore = ?; bit hasSideEffects = ?; bit isPseudo = 0; list<dag> Pattern = []; }
    /// def LDX_PSEUDO : Instruction { let hasSideEffects = 0; let isPseudo = 1; } // <- fires
    /// ```
    ///
    /// **Does not fire** (the flags are set; `hasSideEffects` is left to the conservative guess;
    /// an assembler-only instruction; a `Pat<>` gives LLVM something to infer from; the target
    /// asks LLVM not to guess):
    /// ```tablegen passes
    /// class Instruction { bit mayLoad = ?; bit mayStore = ?; bit hasSideEffects = ?; bit isPseudo = 1; list<dag> Pattern = []; }
    /// def LDX : Instruction { let hasSideEffects = 0; let mayLoad = 1; let mayStore = 0; }
    /// def SYNC : Instruction;
    /// def ADD_ASM : Instruction { let hasSideEffects = 0; let isPseudo = 0; }
    /// def POP : Instruction { let hasSideEffects = 0; let mayLoad = 1; }
    /// ```
    /// ```tablegen passes
    /// class Instruction { bit mayLoad = ?; bit mayStore = ?; bit hasSideEffects = 0; bit isPseudo = 1; list<dag> Pattern = []; }
    /// class Pattern<dag s, list<dag> r> { dag PatternToMatch = s; list<dag> ResultInstrs = r; }
    /// def ADD : Instruction;
    /// def : Pattern<(ADD), [(ADD)]>;
    /// ```
    /// ```tablegen passes
    /// class InstrInfo { bit guessInstructionProperties = 1; }
    /// class Instruction { bit mayLoad = ?; bit mayStore = ?; bit hasSideEffects = 0; bit isPseudo = 1; list<dag> Pattern = []; }
    /// def MyInstrInfo : InstrInfo { let guessInstructionProperties = 0; }
    /// def NOP : Instruction;
    /// ```
    pub static LINT = {
        id: "flags-left-to-inference",
        level: Warning,
        enabled_by_default: false,
        check: check,
    };
}

const MEMORY_FLAGS: [&str; 2] = ["mayLoad", "mayStore"];

fn check(ctx: &Context, sink: &mut Sink) {
    if !guesses(ctx) {
        return;
    }
    let selected = pattern_results(ctx);
    for &id in &ctx.instructions {
        let for_codegen = ["isPseudo", "isCodeGenOnly", "usesCustomInserter"].iter().any(|f| ctx.is_on(id, f));
        if !for_codegen
            || ctx.flag(id, "hasSideEffects") != Flag::Off
            || !ctx.list(id, "Pattern").is_empty()
            || selected.contains(&id)
        {
            continue;
        }
        if MEMORY_FLAGS.iter().all(|f| ctx.flag(id, f) == Flag::Unset) {
            sink.report(id, Some("hasSideEffects"), "`hasSideEffects` is 0, `mayLoad` and `mayStore` are unset and no pattern infers them: LLVM will take them as 0");
        }
    }
}

/// Whether every `InstrInfo` def leaves `guessInstructionProperties` on (no def: LLVM's default).
fn guesses(ctx: &Context) -> bool {
    let Some(class) = ctx.rk.class("InstrInfo") else { return true };
    !ctx.rk
        .defs
        .values()
        .any(|&d| ctx.record(d).is_subclass_of(class) && ctx.flag(d, "guessInstructionProperties") == Flag::Off)
}

/// The instructions at the root of some `Pattern` record's results: LLVM infers their flags
/// from that pattern.
fn pattern_results(ctx: &Context) -> FxHashSet<RecId> {
    let mut out = FxHashSet::default();
    let Some(class) = ctx.rk.class("Pattern") else { return out };
    for &d in ctx.rk.defs.values() {
        if !ctx.record(d).is_subclass_of(class) {
            continue;
        }
        for r in ctx.list(d, "ResultInstrs") {
            if let InitKind::Dag(op, _, _) = r.kind() {
                out.extend(op.as_def());
            }
        }
    }
    out
}
