//! `branch-not-terminator`: a branch or return that is not a terminator.

use crate::context::{Context, Flag};
use crate::Sink;

crate::declare_lint! {
    /// A branch, indirect branch or return instruction that is not marked `isTerminator`.
    ///
    /// **What it finds.** An `Instruction` def with `isBranch`, `isIndirectBranch` or `isReturn`
    /// set to 1 while `isTerminator` is 0.
    ///
    /// **Why it matters.** LLVM's machine code model requires control-flow instructions to end
    /// their basic block: the branch analysis, the block placement and the machine verifier look
    /// for them among the terminators. A branch that is not a terminator is scheduled or
    /// hoisted like any other instruction, and code after it in the block is assumed reachable.
    ///
    /// **Fires:**
    /// ```tablegen fires
    /// class Instruction { bit isBranch = 0; bit isIndirectBranch = 0; bit isReturn = 0; bit isTerminator = 0; }
    /// def JMP : Instruction { let isBranch = 1; } // <- fires
    /// ```
    ///
    /// **Does not fire:**
    /// ```tablegen passes
    /// class Instruction { bit isBranch = 0; bit isIndirectBranch = 0; bit isReturn = 0; bit isTerminator = 0; }
    /// let isTerminator = 1 in
    /// def JMP : Instruction { let isBranch = 1; }
    /// ```
    pub static LINT = {
        id: "branch-not-terminator",
        level: Warning,
        enabled_by_default: true,
        check: check,
    };
}

fn check(ctx: &Context, sink: &mut Sink) {
    for &id in &ctx.instructions {
        if ctx.flag(id, "isTerminator") != Flag::Off {
            continue;
        }
        if let Some(kind) = ["isReturn", "isIndirectBranch", "isBranch"].into_iter().find(|f| ctx.is_on(id, f)) {
            sink.report(id, Some(kind), format!("`{kind}` is set but `isTerminator` is not"));
        }
    }
}
