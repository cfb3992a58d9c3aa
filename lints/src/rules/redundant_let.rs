//! `redundant-let`: a `let` in a def or class body that sets a field to the value it inherits.

use crate::context::Context;
use crate::Sink;
use rustc_hash::FxHashMap;
use tdq_core::init::Init;
use tdq_core::types::RecId;
use tdq_core::{Loc, SourceMgr};

crate::declare_lint! {
    /// A `let` (or field redefinition) in a def's or class's body that sets a field to the value
    /// the record already inherited.
    ///
    /// **What it finds.** A field of a def or class whose value was last set inside the record's
    /// own body, equal to the value of the same field in the superclass it would otherwise come
    /// from (the last superclass that has it), when that value does not depend on template
    /// arguments. A `let` in a multiclass or `foreach` body is reported only when it is
    /// redundant in every record it makes, once. `let`s outside the body (`let ... in`) are not
    /// reported: they usually cover other records, for which they are not redundant. Only the
    /// target's own records (files in the root file's directory) are checked.
    ///
    /// **Why it matters.** A redundant `let` reads as if the record differed from its class
    /// where it does not, and it pins the value: when the class's default is corrected later,
    /// this record silently keeps the old one. Off by default: scheduling models often spell
    /// out default values (`let Latency = 1;`) on purpose.
    ///
    /// **Fires:**
    /// ```tablegen fires
    /// class Instruction { bit isBranch = 0; bit hasSideEffects = 1; }
    /// def NOP : Instruction { let hasSideEffects = 1; } // <- fires
    /// ```
    ///
    /// **Does not fire:**
    /// ```tablegen passes
    /// class Instruction { bit isBranch = 0; bit hasSideEffects = 1; }
    /// class Op<bit se> : Instruction { let hasSideEffects = se; }
    /// def NOP : Instruction { let hasSideEffects = 0; }
    /// def SYNC : Op<1> { let isBranch = 1; }
    /// foreach se = [0, 1] in
    /// def BARRIER#se : Instruction { let hasSideEffects = se; }
    /// multiclass M { def _A : Instruction; }
    /// let hasSideEffects = 1 in
    /// defm FENCE : M;
    /// let hasSideEffects = 1 in
    /// def WAIT : Instruction;
    /// ```
    pub static LINT = {
        id: "redundant-let",
        level: Note,
        enabled_by_default: false,
        check: check,
    };
}

fn check(ctx: &Context, sink: &mut Sink) {
    let rk = ctx.rk;
    // Per body `let` (its location and field): whether it is redundant in every record it
    // sets, and the records. A `let` of a template argument or loop variable sets different
    // values in different records, and is then not redundant even where one happens to match.
    let mut lets: FxHashMap<(Loc, Init), (bool, Vec<RecId>)> = FxHashMap::default();
    for &id in rk.classes.values().chain(rk.defs.values()) {
        let rec = rk.get(id);
        let loc = rec.loc();
        if !ctx.is_local(loc) {
            continue;
        }
        let mut supers: Option<Vec<RecId>> = None;
        for v in rec.values.iter().filter(|v| !v.template_arg && !v.lost) {
            if !is_body_let(ctx.sm, v.set_at()) {
                continue;
            }
            let supers = supers.get_or_insert_with(|| rec.direct_superclasses(rk));
            let Some(inherited) = supers.iter().find_map(|&c| rk.get(c).value(v.name)) else { continue };
            if inherited.set_at() == v.set_at() {
                continue; // set by the class, not by this record
            }
            let i = inherited.value;
            let redundant = i == v.value && i.is_closed() && i.is_complete();
            let entry = lets.entry((v.set_at(), v.name)).or_insert((true, Vec::new()));
            entry.0 &= redundant;
            entry.1.push(id);
        }
    }
    let mut found: Vec<(Loc, Init, Vec<RecId>)> = lets
        .into_iter()
        .filter(|(_, (redundant, _))| *redundant)
        .map(|((at, name), (_, ids))| (at, name, ids))
        .collect();
    found.sort_by_key(|(at, _, _)| *at);
    for (_, name, ids) in found {
        let field = name.as_str().unwrap_or("");
        let value = rk.get(ids[0]).value(name).map(|v| v.value.to_string()).unwrap_or_default();
        let others = match ids.len() {
            1 => String::new(),
            n => format!(" (in all {n} records this `let` sets)"),
        };
        sink.report(ids[0], Some(field), format!("`{field}` is set to {value}, the value it inherits{others}"));
    }
}

/// Whether the assignment at `at` is a statement of a record body (`let f = v;` or
/// `bit f = v;`, ending at a `;`) rather than a `let f = v in` over other statements or a
/// template argument. The record keeps where a value was set, not how, so this reads the source
/// from there to the first `;`, `in`, `,`, `>` or `{` outside brackets, strings and code.
fn is_body_let(sm: &SourceMgr, at: Loc) -> bool {
    let Some(file) = sm.file(at) else { return false };
    let text = &file.text[(at.offset as usize).min(file.text.len())..];
    let mut depth = 0i32;
    let mut i = 0;
    while i < text.len() {
        match text[i] {
            b'"' => i += text[i + 1..].iter().position(|&c| c == b'"').map_or(text.len(), |p| p + 1),
            b'[' if text.get(i + 1) == Some(&b'{') => {
                i += text.windows(2).skip(i).position(|w| w == b"}]").map_or(text.len(), |p| p + 1);
            }
            b'/' if text.get(i + 1) == Some(&b'/') => {
                i += text[i..].iter().position(|&c| c == b'\n').unwrap_or(text.len())
            }
            b'(' | b'[' => depth += 1,
            b')' | b']' => depth -= 1,
            // Brackets, and braces (`f{3-0} = v`, `{0, 1}`) are balanced in valid input.
            b'{' => depth += 1,
            b'}' => depth -= 1,
            b';' if depth == 0 => return true,
            b',' | b'>' if depth == 0 => return false,
            b'i' if depth == 0
                && text[i..].starts_with(b"in")
                && !is_word(text.get(i + 2))
                && !is_word(i.checked_sub(1).map(|p| &text[p])) =>
            {
                return false;
            }
            _ => {}
        }
        if depth < 0 {
            return false;
        }
        i += 1;
    }
    false
}

fn is_word(c: Option<&u8>) -> bool {
    c.is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_')
}
