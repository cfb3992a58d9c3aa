//! `barrier-not-terminator`: a barrier that is not a terminator.

use crate::context::{Context, Flag};
use crate::Sink;

crate::declare_lint! {
    /// An instruction marked `isBarrier` (control never falls through it) that is not a terminator.
    ///
    /// **What it finds.** An `Instruction` def with `isBarrier = 1` and `isTerminator = 0`.
    ///
    /// **Why it matters.** A barrier says the block cannot fall through to its successor, which
    /// only makes sense at the end of a block; LLVM's passes only look for barriers among the
    /// terminators, so a non-terminator barrier is either a missing `isTerminator` (the block
    /// layout then believes the block falls through) or a stray flag.
    ///
    /// **Fires:**
    /// ```tablegen fires
    /// class Instruction { bit isBarrier = 0; bit isTerminator = 0; }
    /// def TRAP : Instruction { let isBarrier = 1; } // <- fires
    /// ```
    ///
    /// **Does not fire:**
    /// ```tablegen passes
    /// class Instruction { bit isBarrier = 0; bit isTerminator = 0; }
    /// def TRAP : Instruction { let isBarrier = 1; let isTerminator = 1; }
    /// ```
    pub static LINT = {
        id: "barrier-not-terminator",
        level: Warning,
        enabled_by_default: true,
        check: check,
    };
}

fn check(ctx: &Context, sink: &mut Sink) {
    for &id in &ctx.instructions {
        if ctx.is_on(id, "isBarrier") && ctx.flag(id, "isTerminator") == Flag::Off {
            sink.report(id, Some("isBarrier"), "`isBarrier` is set but `isTerminator` is not");
        }
    }
}
