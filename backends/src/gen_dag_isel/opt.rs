//! The matcher optimiser (LLVM's DAGISelMatcherOpt.cpp): steps contracted into the
//! table's shorter forms (`RecordChild`, `CheckChildType`, `MoveSibling`, `MorphNodeTo`),
//! then the patterns' common prefixes factored out of each scope, and scopes of opcode or
//! type checks turned into switches.

use super::matcher::{can_move_to_front, find_kind, List, Matcher};
use super::{Factoring, Form, Model};
use std::collections::HashMap;
use tdq_models::patterns::dag_patterns::PatternToMatch;
use tdq_models::patterns::properties::Property;
use tdq_models::patterns::types::{MvtTable, ValueTypeByHwMode};

/// `OptimizeMatcher`.
pub fn optimize(list: &mut List, m: &Model, patterns: &[&tdq_models::patterns::dag_patterns::PatternToMatch]) {
    if m.form.forward_contract {
        contract_forward(list, m, patterns);
    } else {
        contract(list, 0, m, patterns);
    }
    factor(list, m.table, m.form);
}

/// `ContractNodes` from the step at `i` of `list` on.
fn contract(list: &mut List, i: usize, m: &Model, patterns: &[&tdq_models::patterns::dag_patterns::PatternToMatch]) {
    if i >= list.len() {
        return;
    }
    if let Matcher::Scope(children) = &mut list[i] {
        for c in children.iter_mut() {
            contract(c, 0, m, patterns);
        }
        return;
    }
    if let Matcher::MoveChild(child) = list[i] {
        if let Some(new) = child_form(child, list.get(i + 1)) {
            list.remove(i + 1);
            list.insert(i, new);
            return contract(list, i, m, patterns);
        }
        if matches!(list.get(i + 1), Some(Matcher::MoveParent)) {
            list.drain(i..i + 2);
            return contract(list, i, m, patterns);
        }
    }
    if let Some(morph) = morph_node(list, i, m, patterns) {
        list.truncate(i);
        list.push(morph);
        return;
    }
    contract(list, i + 1, m, patterns);
    let next_is_opcode = matches!(list.get(i + 1), Some(Matcher::CheckOpcode(_)));
    if next_is_opcode
        && matches!(list[i], Matcher::CheckType { .. } | Matcher::CheckChildType { .. } | Matcher::RecordNode { .. })
    {
        list.swap(i, i + 1);
        return contract(list, i, m, patterns);
    }
    if matches!(list[i], Matcher::MoveParent) {
        if let Some(&Matcher::MoveChild(child)) = list.get(i + 1) {
            list.drain(i..i + 2);
            list.insert(i, Matcher::MoveSibling(child));
            return contract(list, i, m, patterns);
        }
        if let (Some(Matcher::RecordChild { child, what_for, result_no }), Some(Matcher::MoveChild(mc))) =
            (list.get(i + 1), list.get(i + 2))
        {
            if child == mc {
                let (child, what_for, result_no) = (*child, what_for.clone(), *result_no);
                list.drain(i..i + 3);
                list.insert(i, Matcher::RecordNode { what_for, result_no });
                list.insert(i, Matcher::MoveSibling(child));
                contract(list, i, m, patterns);
            }
        }
    }
}

/// The alternatives of `scope` spliced into `options` where `scope` is a scope alone, else
/// `scope` as one alternative.
fn splice_scope(options: &mut Vec<List>, mut scope: List) {
    if scope.len() == 1 && matches!(scope[0], Matcher::Scope(_)) {
        let Some(Matcher::Scope(children)) = scope.pop() else { unreachable!() };
        options.extend(children);
    } else {
        options.push(scope);
    }
}

/// `FactorNodes`: the scope ending `list`, its alternatives' common first steps factored
/// out, recursively; then a switch where every alternative checks an opcode, or a type.
pub fn factor(list: &mut List, table: &MvtTable, form: &Form) {
    let Some(Matcher::Scope(children)) = list.last_mut() else { return };
    let children = std::mem::take(children);
    list.pop();
    let mut options: Vec<List> = Vec::new();
    match form.factoring {
        Factoring::Again => {
            for mut child in children {
                factor(&mut child, table, form);
                splice_scope(&mut options, child);
            }
        }
        Factoring::Once => options = children,
    }
    if options.iter().all(|o| matches!(o.first(), Some(Matcher::CheckOpcode(_)))) {
        options = group_opcodes(options, table, form);
    } else {
        gather_equal(&mut options, table, form);
    }
    if options.len() == 1 {
        list.extend(options.pop().expect("one"));
        return;
    }
    if options.is_empty() {
        return;
    }
    let all_opcodes = options.iter().all(|o| matches!(o[0], Matcher::CheckOpcode(_)));
    let all_types = options.iter().all(|o| {
        let Some(at) = find_kind(o, 14) else { return false };
        let Matcher::CheckType { ty, res } = &o[at] else { return false };
        let Some(ty) = ty.simple() else { return false };
        let wildcard = Some(ty) == table.iptr || (form.pointer_wildcards && Some(ty) == table.cptr);
        !wildcard && *res == 0 && can_move_to_front(o, at)
    });
    if all_opcodes {
        let cases = options
            .into_iter()
            .map(|mut o| {
                let Matcher::CheckOpcode(op) = o.remove(0) else { unreachable!() };
                (op, o)
            })
            .collect();
        list.push(Matcher::SwitchOpcode(cases));
        return;
    }
    if all_types {
        let mut entry: HashMap<u16, usize> = HashMap::new();
        let mut cases: Vec<(u16, List)> = Vec::new();
        for mut o in options {
            let at = find_kind(&o, 14).expect("a type check");
            let Matcher::CheckType { ty, .. } = o.remove(at) else { unreachable!() };
            let ty = ty.simple().expect("a simple type");
            if let Some(&c) = entry.get(&ty) {
                let prev = &mut cases[c].1;
                if !(prev.len() == 1 && matches!(prev[0], Matcher::Scope(_))) {
                    let alone = std::mem::take(prev);
                    *prev = vec![Matcher::Scope(vec![alone])];
                }
                let Some(Matcher::Scope(children)) = prev.last_mut() else { unreachable!() };
                match form.factoring {
                    Factoring::Again => children.push(o),
                    Factoring::Once => splice_scope(children, o),
                }
                continue;
            }
            entry.insert(ty, cases.len());
            cases.push((ty, o));
        }
        for (_, case) in &mut cases {
            if matches!(case.first(), Some(Matcher::Scope(_))) && case.len() == 1 {
                factor(case, table, form);
            }
        }
        if cases.len() != 1 {
            list.push(Matcher::SwitchType(cases));
        } else {
            let (ty, case) = cases.pop().expect("one");
            list.push(Matcher::CheckType { ty: ValueTypeByHwMode::Simple(ty), res: 0 });
            list.extend(case);
        }
        return;
    }
    list.push(Matcher::Scope(options));
}

/// `FactorScope`'s scan: each alternative gathers the later ones that start with an equal
/// step, looking past those that contradict it (and bringing an equal or contradicting
/// simple check forward where it may move), and is merged with them.
fn gather_equal(options: &mut Vec<List>, table: &MvtTable, form: &Form) {
    let mut e = options.len();
    let mut i = 0;
    while i < e {
        let mut j = i + 1;
        if j == e {
            break;
        }
        let mut k = j;
        let mut equal: Vec<List> = Vec::new();
        while j != e && options[j][0].is_equal(&options[i][0]) {
            equal.push(std::mem::take(&mut options[j]));
            j += 1;
        }
        while j != e {
            if options[i][0].is_equal(&options[j][0]) {
                equal.push(std::mem::take(&mut options[j]));
                j += 1;
                continue;
            }
            if options[i][0].is_contradictory(&options[j][0], table, form) {
                options.swap(k, j);
                k += 1;
                j += 1;
                continue;
            }
            if options[i][0].is_simple_predicate_or_record() {
                let kind = options[i][0].kind();
                if let Some(at) = find_kind(&options[j], kind) {
                    if at != 0
                        && can_move_to_front(&options[j], at)
                        && (options[j][at].is_equal(&options[i][0])
                            || options[j][at].is_contradictory(&options[i][0], table, form))
                    {
                        let moved = options[j].remove(at);
                        options[j].insert(0, moved);
                        continue;
                    }
                }
            }
            break;
        }
        if j != k {
            while j != e {
                options.swap(k, j);
                k += 1;
                j += 1;
            }
            e = k;
        }
        if !equal.is_empty() {
            let first = std::mem::take(&mut options[i]);
            options[i] = merge(first, equal, table, form);
        }
        i += 1;
    }
    options.truncate(e);
}

/// The scan of [`gather_equal`] when every alternative starts with an opcode check: two
/// such checks are equal or contradict each other, so each alternative gathers every later
/// one of its opcode and the rest keep their order. The same result, grouped by the opcode
/// in one pass instead of one scan per alternative (X86's first scope has thousands).
fn group_opcodes(options: Vec<List>, table: &MvtTable, form: &Form) -> Vec<List> {
    let opcode = |o: &List| match o.first() {
        Some(Matcher::CheckOpcode(op)) => op.enum_name,
        _ => unreachable!("every alternative starts with an opcode check"),
    };
    let mut group_of: HashMap<&'static str, usize> = HashMap::new();
    let mut groups: Vec<(List, Vec<List>)> = Vec::new();
    for o in options {
        match group_of.entry(opcode(&o)) {
            std::collections::hash_map::Entry::Occupied(g) => groups[*g.get()].1.push(o),
            std::collections::hash_map::Entry::Vacant(v) => {
                v.insert(groups.len());
                groups.push((o, Vec::new()));
            }
        }
    }
    groups
        .into_iter()
        .map(|(first, equal)| if equal.is_empty() { first } else { merge(first, equal, table, form) })
        .collect()
}

/// One alternative and those equal to it in their first step: the step, then a scope of
/// what follows it in each (factored in turn).
fn merge(mut first: List, equal: Vec<List>, table: &MvtTable, form: &Form) -> List {
    let shared = first.remove(0);
    let mut tails = Vec::new();
    for tail in std::iter::once(first).chain(equal.into_iter().map(|mut other| {
        other.remove(0);
        other
    })) {
        match form.factoring {
            // Factored (and so flattened) with the new scope.
            Factoring::Again => tails.push(tail),
            Factoring::Once => splice_scope(&mut tails, tail),
        }
    }
    let mut new = vec![shared];
    if !tails[0].is_empty() {
        let mut scope = vec![Matcher::Scope(tails)];
        factor(&mut scope, table, form);
        new.extend(scope);
    }
    new
}

/// LLVM 22's `ContractNodes`: one pass forward, each step contracted with those after it
/// until nothing more applies; a `MoveSibling` then a check and a `MoveParent` becomes the
/// parent's child check.
fn contract_forward(list: &mut List, m: &Model, patterns: &[&tdq_models::patterns::dag_patterns::PatternToMatch]) {
    use Matcher as M;
    let mut i = 0;
    while i < list.len() {
        if let M::Scope(children) = &mut list[i] {
            for c in children.iter_mut() {
                contract_forward(c, m, patterns);
            }
            return;
        }
        if let M::MoveChild(child) = list[i] {
            if let Some(new) = child_form(child, list.get(i + 1)) {
                list.remove(i + 1);
                list.insert(i, new);
                continue;
            }
        }
        if let (M::MoveParent, Some(&M::MoveChild(child))) = (&list[i], list.get(i + 1)) {
            list.splice(i..i + 2, [M::MoveSibling(child)]);
            continue;
        }
        if let M::MoveSibling(s) = list[i] {
            // The steps between the `MoveSibling` and a `MoveParent`, as child checks.
            let is_parent = |k: usize| matches!(list.get(k), Some(M::MoveParent));
            let child_type = |k: usize| match list.get(k) {
                Some(M::CheckType { ty, res: 0 }) => Some(M::CheckChildType { child: s, ty: ty.clone() }),
                _ => None,
            };
            let mut folded: Option<(usize, Vec<Matcher>)> = None;
            match list.get(i + 1) {
                Some(M::RecordNode { what_for, result_no }) if s < 8 => {
                    let record = M::RecordChild { child: s, what_for: what_for.clone(), result_no: *result_no };
                    if is_parent(i + 2) {
                        folded = Some((3, vec![record]));
                    } else if let (Some(ct), true) = (child_type(i + 2), is_parent(i + 3)) {
                        folded = Some((4, vec![record, ct]));
                    }
                }
                Some(M::CheckType { .. }) if s < 8 => {
                    if let (Some(ct), true) = (child_type(i + 1), is_parent(i + 2)) {
                        folded = Some((3, vec![ct]));
                    }
                }
                Some(&M::CheckInteger(value)) if s < 5 => {
                    let check = M::CheckChildInteger { child: s, value };
                    if is_parent(i + 2) {
                        folded = Some((3, vec![check]));
                    } else if let (Some(ct), true) = (child_type(i + 2), is_parent(i + 3)) {
                        folded = Some((4, vec![check, ct]));
                    }
                }
                Some(&M::CheckCondCode(cc)) if s == 2 && is_parent(i + 2) => {
                    folded = Some((3, vec![M::CheckChild2CondCode(cc)]));
                }
                Some(&M::CheckSame(match_no)) if s < 4 => {
                    let check = M::CheckChildSame { child: s, match_no };
                    if is_parent(i + 2) {
                        folded = Some((3, vec![check]));
                    } else if let (Some(ct), true) = (child_type(i + 2), is_parent(i + 3)) {
                        folded = Some((4, vec![check, ct]));
                    }
                }
                Some(M::MoveParent) => folded = Some((1, Vec::new())),
                _ => {}
            }
            if let Some((n, checks)) = folded {
                if n == 1 {
                    list.remove(i);
                } else {
                    let mut new = vec![M::MoveParent];
                    new.extend(checks);
                    list.splice(i..i + n, new);
                }
                continue;
            }
        }
        if let (M::MoveChild(_), Some(M::MoveParent)) = (&list[i], list.get(i + 1)) {
            list.drain(i..i + 2);
            continue;
        }
        if let Some(morph) = morph_node(list, i, m, patterns) {
            list.truncate(i);
            list.push(morph);
            return;
        }
        if let (M::RecordNode { .. }, Some(M::CheckOpcode(_))) = (&list[i], list.get(i + 1)) {
            list.swap(i, i + 1);
            continue;
        }
        i += 1;
    }
}

/// The child check a `MoveChild(child)` followed by `next` contracts into, where the child's
/// number fits the contracted matcher.
fn child_form(child: u32, next: Option<&Matcher>) -> Option<Matcher> {
    match next {
        Some(Matcher::RecordNode { what_for, result_no }) if child < 8 => {
            Some(Matcher::RecordChild { child, what_for: what_for.clone(), result_no: *result_no })
        }
        Some(Matcher::CheckType { ty, res: 0 }) if child < 8 => Some(Matcher::CheckChildType { child, ty: ty.clone() }),
        Some(&Matcher::CheckSame(match_no)) if child < 4 => Some(Matcher::CheckChildSame { child, match_no }),
        Some(&Matcher::CheckInteger(value)) if child < 5 => Some(Matcher::CheckChildInteger { child, value }),
        Some(&Matcher::CheckCondCode(cc)) if child == 2 => Some(Matcher::CheckChild2CondCode(cc)),
        _ => None,
    }
}

/// The `MorphNodeTo` that an `EmitNode` at `i` followed by the `CompleteMatch` of its own
/// results becomes, when the node keeps the pattern root's chain and output glue.
fn morph_node(list: &[Matcher], i: usize, m: &Model, patterns: &[&PatternToMatch]) -> Option<Matcher> {
    let (Some(Matcher::EmitNode(en)), Some(Matcher::CompleteMatch { results, pattern })) =
        (list.get(i), list.get(i + 1))
    else {
        return None;
    };
    let first = en.first_result_slot;
    let in_order = results.iter().enumerate().all(|(k, &r)| r == first + k as u32);
    let src = &patterns[*pattern].src;
    let loses_chain = !en.has_chain && m.node_has(src, Property::HasChain).unwrap_or(false);
    let loses_glue = !en.has_out_glue && m.node_has(src, Property::OutGlue).unwrap_or(false);
    (in_order && !loses_chain && !loses_glue).then(|| Matcher::MorphNodeTo { node: en.clone(), pattern: *pattern })
}
