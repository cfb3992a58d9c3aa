//! `commutable-too-few-inputs`: commutable with nothing to commute.

use crate::context::Context;
use crate::Sink;

crate::declare_lint! {
    /// An instruction marked `isCommutable` with fewer than two input operands.
    ///
    /// **What it finds.** An `Instruction` def with `isCommutable = 1` whose `InOperandList` has
    /// fewer than two operands. Instructions with no operands at all are left out: their
    /// operands are implicit (WebAssembly's stack forms), and nothing can use the flag.
    ///
    /// **Why it matters.** Commuting swaps two input operands; with fewer than two there is
    /// nothing to swap and `TargetInstrInfo::findCommutedOpIndices` fails (or a target hook
    /// reads an operand that is not there). The flag is usually inherited from a class meant
    /// for the two-operand form.
    ///
    /// **Fires:**
    /// ```tablegen fires
    /// def ins; def GPR;
    /// class Instruction { bit isCommutable = 0; dag InOperandList; }
    /// def NEG : Instruction { let isCommutable = 1; let InOperandList = (ins GPR:$a); } // <- fires
    /// ```
    ///
    /// **Does not fire:**
    /// ```tablegen passes
    /// def ins; def GPR;
    /// class Instruction { bit isCommutable = 0; dag InOperandList; }
    /// def ADD : Instruction { let isCommutable = 1; let InOperandList = (ins GPR:$a, GPR:$b); }
    /// def ADD_S : Instruction { let isCommutable = 1; let InOperandList = (ins); }
    /// ```
    pub static LINT = {
        id: "commutable-too-few-inputs",
        level: Warning,
        enabled_by_default: true,
        check: check,
    };
}

fn check(ctx: &Context, sink: &mut Sink) {
    for &id in &ctx.instructions {
        if !ctx.is_on(id, "isCommutable") || ctx.operand_count(id) == 0 {
            continue;
        }
        if let Some((_, args)) = ctx.dag(id, "InOperandList") {
            if args.len() < 2 {
                let n = args.len();
                sink.report(
                    id,
                    Some("isCommutable"),
                    format!(
                        "`isCommutable` is set but there {} {n} input operand{}",
                        if n == 1 { "is" } else { "are" },
                        if n == 1 { "" } else { "s" }
                    ),
                );
            }
        }
    }
}
