//! `store-pattern-may-store-0`: a pattern that stores on an instruction that says it does not.

use super::memory;
use crate::context::Context;
use crate::Sink;

crate::declare_lint! {
    /// An instruction whose selection pattern writes memory while `mayStore` is explicitly 0.
    ///
    /// **What it finds.** An `Instruction` def with `mayStore = 0` whose `Pattern` contains a node
    /// that may store: an SDNode with `SDNPMayStore`, a fragment built on one (`store`, `atomic_store`
    /// and the like), or an intrinsic that is not `IntrNoMem`/`IntrReadMem`.
    ///
    /// **Why it matters.** The scheduler and the machine passes trust `mayStore`: an instruction
    /// that writes memory but says it does not can be moved across loads that alias its
    /// address. `llvm-tblgen -gen-instr-info` rejects it too, but only when the whole backend
    /// is generated; this finds it on the record.
    ///
    /// **Fires:**
    /// ```tablegen fires
    /// class SDNodeProperty; def SDNPMayStore : SDNodeProperty;
    /// class SDNode<list<SDNodeProperty> props> { list<SDNodeProperty> Properties = props; }
    /// def store : SDNode<[SDNPMayStore]>; def set : SDNode<[]>;
    /// class Instruction { bit mayStore = ?; list<dag> Pattern = []; }
    /// def ST : Instruction { let mayStore = 0; let Pattern = [(store)]; } // <- fires
    /// ```
    ///
    /// **Does not fire:**
    /// ```tablegen passes
    /// class SDNodeProperty; def SDNPMayStore : SDNodeProperty;
    /// class SDNode<list<SDNodeProperty> props> { list<SDNodeProperty> Properties = props; }
    /// def store : SDNode<[SDNPMayStore]>; def set : SDNode<[]>;
    /// class Instruction { bit mayStore = ?; list<dag> Pattern = []; }
    /// def ST : Instruction { let mayStore = 1; let Pattern = [(store)]; }
    /// def ST2 : Instruction { let Pattern = [(store)]; }
    /// ```
    pub static LINT = {
        id: "store-pattern-may-store-0",
        level: Error,
        enabled_by_default: true,
        check: check,
    };
}

fn check(ctx: &Context, sink: &mut Sink) {
    memory::check_flag_against_pattern(ctx, sink, "mayStore", |m| m.stores, "writes");
}
