//! What an instruction's selection pattern does to memory, as LLVM's pattern analysis infers it
//! (shared by the load and store lints).

use crate::context::{Context, Flag};
use crate::Sink;
use rustc_hash::FxHashMap;
use tdq_core::init::{Init, InitKind};
use tdq_core::types::RecId;

/// Whether a pattern may read and may write memory.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct Memory {
    pub loads: bool,
    pub stores: bool,
}

impl Memory {
    fn or(self, o: Memory) -> Memory {
        Memory { loads: self.loads || o.loads, stores: self.stores || o.stores }
    }
}

/// The memory effects of an instruction's `Pattern`, or `None` when it has no pattern (an empty
/// list, or one that mentions `null_frag`, which LLVM drops).
pub fn of_instruction(ctx: &Context, id: RecId, memo: &mut FxHashMap<RecId, Memory>) -> Option<Memory> {
    let patterns = ctx.list(id, "Pattern");
    if patterns.is_empty() || patterns.iter().any(|p| mentions_null_frag(ctx, *p)) {
        return None;
    }
    Some(patterns.iter().fold(Memory::default(), |m, p| m.or(of_value(ctx, *p, memo, 0))))
}

fn mentions_null_frag(ctx: &Context, v: Init) -> bool {
    let InitKind::Dag(op, _, args) = v.kind() else { return false };
    op.as_def().is_some_and(|d| ctx.record(d).name_string() == "null_frag")
        || args.iter().any(|(a, _)| mentions_null_frag(ctx, *a))
}

/// Fragments can refer to fragments; real ones nest a few levels, this bounds a cycle.
const MAX_DEPTH: u32 = 64;

fn of_value(ctx: &Context, v: Init, memo: &mut FxHashMap<RecId, Memory>, depth: u32) -> Memory {
    let InitKind::Dag(op, _, args) = v.kind() else { return Memory::default() };
    let mut m = op.as_def().map_or(Memory::default(), |d| of_operator(ctx, d, memo, depth));
    for (arg, _) in args.iter() {
        m = m.or(of_value(ctx, *arg, memo, depth));
    }
    m
}

/// An SDNode's `SDNPMayLoad`/`SDNPMayStore`, an intrinsic's memory properties, or what a
/// fragment's own dags do.
fn of_operator(ctx: &Context, d: RecId, memo: &mut FxHashMap<RecId, Memory>, depth: u32) -> Memory {
    if let Some(m) = memo.get(&d) {
        return *m;
    }
    if depth > MAX_DEPTH {
        return Memory::default();
    }
    let has = |field: &str, prop: &str| {
        ctx.list(d, field).iter().any(|p| p.as_def().is_some_and(|p| ctx.record(p).name_string() == prop))
    };
    let m = if ctx.is_a(d, "SDNode") {
        Memory { loads: has("Properties", "SDNPMayLoad"), stores: has("Properties", "SDNPMayStore") }
    } else if ctx.is_a(d, "Intrinsic") {
        if has("IntrProperties", "IntrNoMem") {
            Memory::default()
        } else {
            let (r, w) = (has("IntrProperties", "IntrReadMem"), has("IntrProperties", "IntrWriteMem"));
            Memory { loads: r || !w, stores: w || !r }
        }
    } else if ctx.is_a(d, "PatFrags") {
        ctx.list(d, "Fragments").iter().fold(Memory::default(), |m, f| m.or(of_value(ctx, *f, memo, depth + 1)))
    } else {
        Memory::default()
    };
    memo.insert(d, m);
    m
}

/// Reports every instruction whose `flag` is explicitly 0 while its pattern does what
/// `effect` says (`verb` says it in the message).
pub fn check_flag_against_pattern(ctx: &Context, sink: &mut Sink, flag: &str, effect: fn(Memory) -> bool, verb: &str) {
    let mut memo = FxHashMap::default();
    for &id in &ctx.instructions {
        if ctx.flag(id, flag) == Flag::Off && of_instruction(ctx, id, &mut memo).is_some_and(effect) {
            sink.report(id, Some(flag), format!("the pattern {verb} memory but `{flag}` is 0"));
        }
    }
}
