//! `memory-flag-beyond-pattern`: `mayLoad`/`mayStore` set on an instruction whose pattern does
//! not touch memory.

use super::memory;
use crate::context::{Context, Flag};
use crate::Sink;

crate::declare_lint! {
    /// An instruction with `mayLoad = 1` or `mayStore = 1` whose selection pattern neither reads
    /// nor (respectively) writes memory — the reverse of `load-pattern-may-load-0` and
    /// `store-pattern-may-store-0`.
    ///
    /// **What it finds.** An `Instruction` def with a non-empty `Pattern` in which no node may
    /// load (for `mayLoad = 1`) or may store (for `mayStore = 1`), by the same analysis as the
    /// two lints above.
    ///
    /// **Why it matters.** LLVM accepts it on purpose (a flag set by hand is trusted over the
    /// pattern) and the result is correct, but slower: the instruction is kept in order with
    /// every memory access and cannot be hoisted or rematerialized. Often the flag came from a
    /// class shared with the memory forms. Off by default: some patterns do not show an access
    /// the instruction really makes.
    ///
    /// **Fires:**
    /// ```tablegen fires
    /// class SDNodeProperty; def SDNPMayLoad : SDNodeProperty;
    /// class SDNode<list<SDNodeProperty> props> { list<SDNodeProperty> Properties = props; }
    /// def add : SDNode<[]>; def set : SDNode<[]>;
    /// class Instruction { bit mayLoad = ?; bit mayStore = ?; list<dag> Pattern = []; }
    /// def ADD : Instruction { let mayLoad = 1; let Pattern = [(set (add))]; } // <- fires
    /// ```
    ///
    /// **Does not fire:**
    /// ```tablegen passes
    /// class SDNodeProperty; def SDNPMayLoad : SDNodeProperty;
    /// class SDNode<list<SDNodeProperty> props> { list<SDNodeProperty> Properties = props; }
    /// def add : SDNode<[]>; def load : SDNode<[SDNPMayLoad]>; def set : SDNode<[]>;
    /// class Instruction { bit mayLoad = ?; bit mayStore = ?; list<dag> Pattern = []; }
    /// def ADDm : Instruction { let mayLoad = 1; let Pattern = [(set (add (load)))]; }
    /// def ADD : Instruction { let mayLoad = 0; let Pattern = [(set (add))]; }
    /// def LDX : Instruction { let mayLoad = 1; }
    /// def null_frag : SDNode<[]>;
    /// def LDY : Instruction { let mayLoad = 1; let Pattern = [(set (null_frag))]; }
    /// ```
    pub static LINT = {
        id: "memory-flag-beyond-pattern",
        level: Note,
        enabled_by_default: false,
        check: check,
    };
}

fn check(ctx: &Context, sink: &mut Sink) {
    let mut memo = Default::default();
    for &id in &ctx.instructions {
        let (load, store) = (ctx.flag(id, "mayLoad") == Flag::On, ctx.flag(id, "mayStore") == Flag::On);
        if !load && !store {
            continue;
        }
        let Some(m) = memory::of_instruction(ctx, id, &mut memo) else { continue };
        for (set, does, flag, verb) in [(load, m.loads, "mayLoad", "reads"), (store, m.stores, "mayStore", "writes")] {
            if set && !does {
                sink.report(id, Some(flag), format!("`{flag}` is 1 but the pattern never {verb} memory"));
            }
        }
    }
}
