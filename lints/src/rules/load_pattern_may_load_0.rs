//! `load-pattern-may-load-0`: a pattern that loads on an instruction that says it does not.

use super::memory;
use crate::context::Context;
use crate::Sink;

crate::declare_lint! {
    /// An instruction whose selection pattern reads memory while `mayLoad` is explicitly 0.
    ///
    /// **What it finds.** An `Instruction` def with `mayLoad = 0` whose `Pattern` contains a node
    /// that may load: an SDNode with `SDNPMayLoad`, a fragment built on one (`load`, `atomic_load`
    /// and the like), or an intrinsic that is not `IntrNoMem`/`IntrWriteMem`.
    ///
    /// **Why it matters.** The scheduler and the machine passes trust `mayLoad`: an instruction
    /// that reads memory but says it does not can be moved across stores that alias its
    /// address. `llvm-tblgen -gen-instr-info` rejects it too, but only when the whole backend
    /// is generated; this finds it on the record.
    ///
    /// **Fires:**
    /// ```tablegen fires
    /// class SDNodeProperty; def SDNPMayLoad : SDNodeProperty;
    /// class SDNode<list<SDNodeProperty> props> { list<SDNodeProperty> Properties = props; }
    /// def load : SDNode<[SDNPMayLoad]>; def set : SDNode<[]>;
    /// class Instruction { bit mayLoad = ?; list<dag> Pattern = []; }
    /// def LD : Instruction { let mayLoad = 0; let Pattern = [(set (load))]; } // <- fires
    /// ```
    ///
    /// **Does not fire:**
    /// ```tablegen passes
    /// class SDNodeProperty; def SDNPMayLoad : SDNodeProperty;
    /// class SDNode<list<SDNodeProperty> props> { list<SDNodeProperty> Properties = props; }
    /// def load : SDNode<[SDNPMayLoad]>; def set : SDNode<[]>;
    /// class Instruction { bit mayLoad = ?; list<dag> Pattern = []; }
    /// def LD : Instruction { let mayLoad = 1; let Pattern = [(set (load))]; }
    /// def LD2 : Instruction { let Pattern = [(set (load))]; }
    /// ```
    pub static LINT = {
        id: "load-pattern-may-load-0",
        level: Error,
        enabled_by_default: true,
        check: check,
    };
}

fn check(ctx: &Context, sink: &mut Sink) {
    memory::check_flag_against_pattern(ctx, sink, "mayLoad", |m| m.loads, "reads");
}
