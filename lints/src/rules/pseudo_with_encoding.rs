//! `pseudo-with-encoding`: a pseudo instruction with encoding bits.

use super::encoding;
use crate::context::Context;
use crate::Sink;

crate::declare_lint! {
    /// A pseudo instruction (`isPseudo = 1`) whose `Inst` has bits set to 1.
    ///
    /// **What it finds.** An `Instruction` def with `isPseudo = 1` and at least one bit of its
    /// `Inst` field fixed at 1.
    ///
    /// **Why it matters.** A pseudo is expanded before emission and never encoded; the code
    /// emitter and the disassembler skip it. Encoding bits on it are either dead weight
    /// inherited from a real instruction's class or a sign that the def was meant to be a real
    /// instruction and `isPseudo` is wrong.
    ///
    /// **Fires:**
    /// ```tablegen fires
    /// class Instruction { bits<8> Inst = 0; bit isPseudo = 0; }
    /// def RET_PSEUDO : Instruction { let isPseudo = 1; let Inst = 0xc3; } // <- fires
    /// ```
    ///
    /// **Does not fire:**
    /// ```tablegen passes
    /// class Instruction { bits<8> Inst = 0; bit isPseudo = 0; }
    /// def RET_PSEUDO : Instruction { let isPseudo = 1; }
    /// def RET : Instruction { let Inst = 0xc3; }
    /// ```
    pub static LINT = {
        id: "pseudo-with-encoding",
        level: Warning,
        enabled_by_default: true,
        check: check,
    };
}

fn check(ctx: &Context, sink: &mut Sink) {
    for &id in &ctx.instructions {
        if !ctx.is_on(id, "isPseudo") {
            continue;
        }
        if let Some(bits) = encoding::pattern(ctx, id).filter(|b| b.contains('1')) {
            sink.report(id, Some("Inst"), format!("pseudo instruction with encoding bits {bits}"));
        }
    }
}
