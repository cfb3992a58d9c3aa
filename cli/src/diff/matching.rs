//! Which def of the old side is which def of the new side.
//!
//! Named defs are matched by name. Numbered defs are not: an anonymous def's `anonymous_N`, and
//! the number in the name of a def named from an anonymous `defm` (`anonymous_15479C`), shift
//! when anything anonymous is added before them. They are matched by what they are (their
//! identity: name without numbers, classes and fields, every anonymous number in a value
//! treated alike) and where they come from, in stages from the most to the least certain. The
//! pairs then tell how the numbers moved, which undoes the renumbering in the old side's values.
//! Anonymous defs whose content changed are paired by what refers to them: the same field of
//! the same def referring to one on each side.
//! Named defs left over on both sides with the same content are renames.

use super::model::{anonymous_numbers, renumber, without_numbers, RecordSnapshot, Snapshot};
use rustc_hash::{FxHashMap, FxHasher};
use std::hash::{Hash, Hasher};

/// The pairing of two snapshots' defs, by index into their `records`.
#[derive(Debug, Default)]
pub struct Matching {
    /// Same name, or numbered defs taken to be the same def.
    pub pairs: Vec<(usize, usize)>,
    /// A named def that has another name on the new side, with nothing else changed.
    pub renames: Vec<(usize, usize)>,
    pub removed: Vec<usize>,
    pub added: Vec<usize>,
    /// Old anonymous number → new one, where the paired numbered defs' names show that it
    /// moved (the number of an anonymous `defm` is in the names of each def it made).
    pub renumbering: FxHashMap<u64, u64>,
}

/// The new number of an old anonymous number, if it moved.
pub type Renumber<'r> = &'r dyn Fn(u64) -> Option<u64>;

/// A key numbered defs are paired by, from a def of a side (its identity is its content).
type PairKey<'k> = &'k dyn Fn(&Snapshot, &RecordSnapshot) -> u64;

/// A hash of a named def's classes and fields, with the anonymous numbers in its values
/// moved by `renumbering`.
fn content_hash(rec: &RecordSnapshot, renumbering: Option<Renumber<'_>>) -> u64 {
    let mut h = FxHasher::default();
    rec.classes.hash(&mut h);
    for f in &rec.fields {
        f.name.hash(&mut h);
        f.ty.hash(&mut h);
        match renumbering {
            Some(r) => renumber(&f.value.printed, r).hash(&mut h),
            None => f.value.printed.hash(&mut h),
        }
    }
    h.finish()
}

/// A numbered def's name without its numbers (`anonymous_#C`), hashed.
fn stem(rec: &RecordSnapshot) -> u64 {
    let mut h = FxHasher::default();
    without_numbers(&rec.name).hash(&mut h);
    h.finish()
}

/// Where a def came from, exactly: every location (its file inside the side's tree) and
/// multiclass.
fn exact_provenance(side: &Snapshot, rec: &RecordSnapshot) -> u64 {
    let mut h = FxHasher::default();
    for l in &rec.locs {
        (side.file_in_tree(&l.file), l.line, l.column).hash(&mut h);
    }
    rec.multiclasses.hash(&mut h);
    h.finish() ^ stem(rec).rotate_left(7)
}

/// Where a def came from, leniently: the files (not the lines) and the multiclasses.
fn loose_provenance(side: &Snapshot, rec: &RecordSnapshot) -> u64 {
    let mut h = FxHasher::default();
    for l in &rec.locs {
        side.file_in_tree(&l.file).hash(&mut h);
    }
    rec.multiclasses.hash(&mut h);
    rec.classes.hash(&mut h);
    h.finish() ^ stem(rec).rotate_left(7)
}

/// The numbers of a numbered def's name: the first is its creation order.
fn name_numbers(rec: &RecordSnapshot) -> Vec<u64> {
    anonymous_numbers(&rec.name).map(|(_, n)| n).collect()
}

pub fn match_records(old: &Snapshot, new: &Snapshot) -> Matching {
    let mut m = Matching::default();
    // Defs named from an anonymous name are numbered only when both sides know which they are
    // (a store does not): otherwise they are matched by name on both sides, as named defs.
    let both_know = old.knows_from_anonymous && new.knows_from_anonymous;
    let numbered = |r: &RecordSnapshot| r.anonymous || (both_know && r.from_anonymous);
    let new_by_name: FxHashMap<&str, usize> =
        new.records.iter().enumerate().filter(|(_, r)| !numbered(r)).map(|(i, r)| (r.name.as_str(), i)).collect();
    let mut new_taken = vec![false; new.records.len()];
    let mut old_numbered = Vec::new();
    let mut old_named_left = Vec::new();
    for (i, r) in old.records.iter().enumerate() {
        if numbered(r) {
            old_numbered.push(i);
        } else if let Some(&j) = new_by_name.get(r.name.as_str()) {
            m.pairs.push((i, j));
            new_taken[j] = true;
        } else {
            old_named_left.push(i);
        }
    }
    let named_pairs = m.pairs.len();
    let new_numbered: Vec<usize> = (0..new.records.len()).filter(|&j| numbered(&new.records[j])).collect();
    // In creation order: by the first number, then (defs of one `defm`) by name.
    let in_order = |records: &[RecordSnapshot], mut ids: Vec<usize>| {
        let mut keyed: Vec<(Vec<u64>, usize)> = ids.drain(..).map(|i| (name_numbers(&records[i]), i)).collect();
        keyed.sort_by(|(a, i), (b, j)| a.cmp(b).then_with(|| records[*i].name.cmp(&records[*j].name)));
        keyed.into_iter().map(|(_, i)| i).collect::<Vec<usize>>()
    };
    let mut old_left = in_order(&old.records, old_numbered);
    let mut new_left = in_order(&new.records, new_numbered);

    // Same content from the same place; same content; the same place, changed; the same
    // files and multiclasses, as many on both sides (an edit that moved lines and changed them).
    let stages: [PairKey<'_>; 3] =
        [&|s, r| r.identity ^ exact_provenance(s, r).rotate_left(1), &|_, r| r.identity, &exact_provenance];
    for key in stages {
        pair_in_order(old, new, &mut old_left, &mut new_left, key, false, &mut m.pairs, &mut new_taken);
    }
    pair_in_order(old, new, &mut old_left, &mut new_left, &loose_provenance, true, &mut m.pairs, &mut new_taken);
    pair_by_referrers(old, new, &mut old_left, &mut new_left, &mut m.pairs, &mut new_taken);
    for &(i, j) in &m.pairs[named_pairs..] {
        let (o, n) = (name_numbers(&old.records[i]), name_numbers(&new.records[j]));
        if o.len() == n.len() {
            for (a, b) in o.into_iter().zip(n) {
                if a != b {
                    m.renumbering.entry(a).or_insert(b);
                }
            }
        }
    }
    m.removed.extend(old_left);

    // Renames: a named def gone and one new with the same content.
    let renumbering = &m.renumbering;
    let moved = |n: u64| renumbering.get(&n).copied();
    let old_renumber: Option<Renumber<'_>> = if renumbering.is_empty() { None } else { Some(&moved) };
    let mut new_named: FxHashMap<u64, Vec<usize>> = FxHashMap::default();
    for j in (0..new.records.len()).rev() {
        if !new_taken[j] && !numbered(&new.records[j]) {
            new_named.entry(content_hash(&new.records[j], None)).or_default().push(j);
        }
    }
    for i in old_named_left {
        match new_named.get_mut(&content_hash(&old.records[i], old_renumber)).and_then(Vec::pop) {
            Some(j) => {
                m.renames.push((i, j));
                new_taken[j] = true;
            }
            None => m.removed.push(i),
        }
    }
    m.added.extend((0..new.records.len()).filter(|&j| !new_taken[j]));
    m.removed.sort_unstable();
    m
}

/// Pairs the anonymous defs left on both sides by what refers to them: where a def on both
/// sides has a field whose values differ only in their anonymous numbers, the anonymous defs
/// at the same places are the same def, whatever their content became (LLVM 23's
/// `TypeInfoGen` holds other fields than 19's, yet `int_x.TypeInfo` is the same thing). A pair
/// is taken when each is the other's most frequent partner; rounds repeat while pairs are found,
/// as a def paired now makes the references inside it comparable.
fn pair_by_referrers(
    old: &Snapshot,
    new: &Snapshot,
    old_left: &mut Vec<usize>,
    new_left: &mut Vec<usize>,
    pairs: &mut Vec<(usize, usize)>,
    new_taken: &mut [bool],
) {
    for _round in 0..4 {
        let plain = |side: &Snapshot, left: &[usize]| -> FxHashMap<u64, usize> {
            left.iter()
                .filter(|&&i| side.records[i].anonymous)
                .filter_map(|&i| name_numbers(&side.records[i]).first().map(|&n| (n, i)))
                .collect()
        };
        let (old_free, new_free) = (plain(old, old_left), plain(new, new_left));
        if old_free.is_empty() || new_free.is_empty() {
            return;
        }
        let mut votes: FxHashMap<(usize, usize), usize> = FxHashMap::default();
        for &(i, j) in pairs.iter() {
            let (o, n) = (&old.records[i], &new.records[j]);
            for of in &o.fields {
                let Some(nf) = n.field(&of.name) else { continue };
                let (a, b) = (&of.value.printed, &nf.value.printed);
                if a == b || !a.contains("anonymous_") || without_numbers(a) != without_numbers(b) {
                    continue;
                }
                for ((_, x), (_, y)) in anonymous_numbers(a).zip(anonymous_numbers(b)) {
                    if let (Some(&oi), Some(&nj)) = (old_free.get(&x), new_free.get(&y)) {
                        *votes.entry((oi, nj)).or_default() += 1;
                    }
                }
            }
        }
        // Each one's most frequent partner (ties: the first in creation order).
        let mut best_old: FxHashMap<usize, (usize, usize)> = FxHashMap::default();
        let mut best_new: FxHashMap<usize, (usize, usize)> = FxHashMap::default();
        let mut ranked: Vec<((usize, usize), usize)> = votes.into_iter().collect();
        ranked.sort_unstable();
        for &((i, j), n) in &ranked {
            if best_old.get(&i).is_none_or(|&(_, m)| n > m) {
                best_old.insert(i, (j, n));
            }
            if best_new.get(&j).is_none_or(|&(_, m)| n > m) {
                best_new.insert(j, (i, n));
            }
        }
        let mut found: Vec<(usize, usize)> = best_old
            .iter()
            .filter(|&(&i, &(j, _))| best_new.get(&j).is_some_and(|&(back, _)| back == i))
            .map(|(&i, &(j, _))| (i, j))
            .collect();
        found.sort_unstable();
        if found.is_empty() {
            return;
        }
        let taken_old: rustc_hash::FxHashSet<usize> = found.iter().map(|&(i, _)| i).collect();
        for &(i, j) in &found {
            pairs.push((i, j));
            new_taken[j] = true;
        }
        old_left.retain(|i| !taken_old.contains(i));
        new_left.retain(|&j| !new_taken[j]);
    }
}

/// Pairs the defs left on both sides whose `key` agrees, in creation order. With
/// `equal_counts`, a key's defs are paired only when both sides have as many of them.
#[allow(clippy::too_many_arguments)]
fn pair_in_order(
    old: &Snapshot,
    new: &Snapshot,
    old_left: &mut Vec<usize>,
    new_left: &mut Vec<usize>,
    key: PairKey<'_>,
    equal_counts: bool,
    pairs: &mut Vec<(usize, usize)>,
    new_taken: &mut [bool],
) {
    let mut by_key: FxHashMap<u64, std::collections::VecDeque<usize>> = FxHashMap::default();
    for &j in new_left.iter() {
        by_key.entry(key(new, &new.records[j])).or_default().push_back(j);
    }
    if equal_counts {
        let mut old_counts: FxHashMap<u64, usize> = FxHashMap::default();
        for &i in old_left.iter() {
            *old_counts.entry(key(old, &old.records[i])).or_default() += 1;
        }
        by_key.retain(|k, js| old_counts.get(k) == Some(&js.len()));
    }
    old_left.retain(|&i| {
        let Some(j) = by_key.get_mut(&key(old, &old.records[i])).and_then(|js| js.pop_front()) else {
            return true;
        };
        pairs.push((i, j));
        new_taken[j] = true;
        false
    });
    new_left.retain(|&j| !new_taken[j]);
}
