//! Which def of the old side is which def of the new side.
//!
//! Named defs are matched by name. Anonymous defs are not: their `anonymous_N` numbers shift
//! when anything anonymous is added before them, so they are matched by content (with every
//! anonymous name in a value treated alike) and provenance, in stages from the most to the
//! least certain. Named defs left over on both sides with the same content are renames.

use super::model::{RecordSnapshot, Snapshot};
use rustc_hash::{FxHashMap, FxHasher};
use std::borrow::Cow;
use std::hash::{Hash, Hasher};

/// The pairing of two snapshots' defs, by index into their `records`.
#[derive(Debug, Default)]
pub struct Matching {
    /// Same name, or anonymous defs taken to be the same def.
    pub pairs: Vec<(usize, usize)>,
    /// A named def that has another name on the new side, with nothing else changed.
    pub renames: Vec<(usize, usize)>,
    pub removed: Vec<usize>,
    pub added: Vec<usize>,
    /// Old anonymous name → new anonymous name, for the anonymous defs paired.
    pub anonymous_names: FxHashMap<String, String>,
}

const ANONYMOUS: &str = "anonymous_";

/// The new name of an old anonymous def, if it has one.
pub type Rename<'r> = &'r dyn Fn(&str) -> Option<String>;

/// A key anonymous defs are paired by, from a def and the hash of its content.
type PairKey<'k> = &'k dyn Fn(&RecordSnapshot, u64) -> u64;

/// Rewrites every anonymous def name in `text` (`anonymous_` and digits, not inside a longer
/// identifier) with `rename`; `text` itself when it names none.
pub fn rewrite_anonymous<'t>(text: &'t str, rename: impl Fn(&str) -> Option<String>) -> Cow<'t, str> {
    if !text.contains(ANONYMOUS) {
        return Cow::Borrowed(text);
    }
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut copied = 0;
    let mut search = 0;
    while let Some(found) = text[search..].find(ANONYMOUS) {
        let start = search + found;
        let digits_start = start + ANONYMOUS.len();
        let digits_end = digits_start + bytes[digits_start..].iter().take_while(|b| b.is_ascii_digit()).count();
        let word_char = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
        let standalone = digits_end > digits_start
            && (start == 0 || !word_char(bytes[start - 1]))
            && (digits_end == bytes.len() || !word_char(bytes[digits_end]));
        if standalone {
            if let Some(new) = rename(&text[start..digits_end]) {
                out.push_str(&text[copied..start]);
                out.push_str(&new);
                copied = digits_end;
            }
        }
        search = digits_end;
    }
    out.push_str(&text[copied..]);
    Cow::Owned(out)
}

/// A hash of a def's classes and fields, with every anonymous name rewritten by `rename`.
fn content_hash(rec: &RecordSnapshot, rename: Rename<'_>) -> u64 {
    let mut h = FxHasher::default();
    rec.classes.hash(&mut h);
    for f in &rec.fields {
        f.name.hash(&mut h);
        f.ty.hash(&mut h);
        rewrite_anonymous(&f.value.printed, rename).hash(&mut h);
    }
    h.finish()
}

/// Where a def came from, exactly: every location and multiclass.
fn exact_provenance(rec: &RecordSnapshot) -> u64 {
    let mut h = FxHasher::default();
    rec.locs.hash(&mut h);
    rec.multiclasses.hash(&mut h);
    h.finish()
}

/// Where a def came from, leniently: the files (not the lines) and the multiclasses.
fn loose_provenance(rec: &RecordSnapshot) -> u64 {
    let mut h = FxHasher::default();
    for l in &rec.locs {
        l.file.hash(&mut h);
    }
    rec.multiclasses.hash(&mut h);
    rec.classes.hash(&mut h);
    h.finish()
}

/// The number of an anonymous def, its creation order.
fn anonymous_number(rec: &RecordSnapshot) -> u64 {
    rec.name.strip_prefix(ANONYMOUS).and_then(|n| n.parse().ok()).unwrap_or(u64::MAX)
}

pub fn match_records(old: &Snapshot, new: &Snapshot) -> Matching {
    let mut m = Matching::default();
    let new_by_name: FxHashMap<&str, usize> =
        new.records.iter().enumerate().filter(|(_, r)| !r.anonymous).map(|(i, r)| (r.name.as_str(), i)).collect();
    let mut new_taken = vec![false; new.records.len()];
    let mut old_anonymous = Vec::new();
    let mut old_named_left = Vec::new();
    for (i, r) in old.records.iter().enumerate() {
        if r.anonymous {
            old_anonymous.push(i);
        } else if let Some(&j) = new_by_name.get(r.name.as_str()) {
            m.pairs.push((i, j));
            new_taken[j] = true;
        } else {
            old_named_left.push(i);
        }
    }
    let mut new_anonymous: Vec<usize> = (0..new.records.len()).filter(|&j| new.records[j].anonymous).collect();
    old_anonymous.sort_by_key(|&i| anonymous_number(&old.records[i]));
    new_anonymous.sort_by_key(|&j| anonymous_number(&new.records[j]));

    let any_anonymous = |_: &str| Some(ANONYMOUS.to_string());
    let old_content: Vec<u64> = old_anonymous.iter().map(|&i| content_hash(&old.records[i], &any_anonymous)).collect();
    let new_content: Vec<u64> = new_anonymous.iter().map(|&j| content_hash(&new.records[j], &any_anonymous)).collect();
    let mut old_left: Vec<(usize, u64)> = old_anonymous.iter().copied().zip(old_content).collect();
    let mut new_left: Vec<(usize, u64)> = new_anonymous.iter().copied().zip(new_content).collect();

    // Same content from the same place; same content; the same place, changed; the same
    // files and multiclasses, as many on both sides (an edit that moved lines and changed them).
    let stages: [PairKey<'_>; 3] = [
        &|r, content| content ^ exact_provenance(r).rotate_left(1),
        &|_, content| content,
        &|r, _| exact_provenance(r),
    ];
    for key in stages {
        pair_in_order(old, new, &mut old_left, &mut new_left, key, false, &mut m.pairs, &mut new_taken);
    }
    let loose = |r: &RecordSnapshot, _| loose_provenance(r);
    pair_in_order(old, new, &mut old_left, &mut new_left, &loose, true, &mut m.pairs, &mut new_taken);
    for &(i, j) in &m.pairs {
        if old.records[i].anonymous {
            m.anonymous_names.insert(old.records[i].name.clone(), new.records[j].name.clone());
        }
    }
    m.removed.extend(old_left.iter().map(|&(i, _)| i));

    // Renames: a named def gone and one new with the same content.
    let names = &m.anonymous_names;
    let rename_old = |n: &str| names.get(n).cloned();
    let keep = |_: &str| None;
    let mut new_named: FxHashMap<u64, Vec<usize>> = FxHashMap::default();
    for j in (0..new.records.len()).rev() {
        if !new_taken[j] && !new.records[j].anonymous {
            new_named.entry(content_hash(&new.records[j], &keep)).or_default().push(j);
        }
    }
    for i in old_named_left {
        match new_named.get_mut(&content_hash(&old.records[i], &rename_old)).and_then(Vec::pop) {
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

/// Pairs the defs left on both sides whose `key` agrees, in creation order. With
/// `equal_counts`, a key's defs are paired only when both sides have as many of them.
#[allow(clippy::too_many_arguments)]
fn pair_in_order(
    old: &Snapshot,
    new: &Snapshot,
    old_left: &mut Vec<(usize, u64)>,
    new_left: &mut Vec<(usize, u64)>,
    key: PairKey<'_>,
    equal_counts: bool,
    pairs: &mut Vec<(usize, usize)>,
    new_taken: &mut [bool],
) {
    let mut by_key: FxHashMap<u64, std::collections::VecDeque<usize>> = FxHashMap::default();
    for &(j, content) in new_left.iter() {
        by_key.entry(key(&new.records[j], content)).or_default().push_back(j);
    }
    if equal_counts {
        let mut old_counts: FxHashMap<u64, usize> = FxHashMap::default();
        for &(i, content) in old_left.iter() {
            *old_counts.entry(key(&old.records[i], content)).or_default() += 1;
        }
        by_key.retain(|k, js| old_counts.get(k) == Some(&js.len()));
    }
    old_left.retain(|&(i, content)| {
        let Some(j) = by_key.get_mut(&key(&old.records[i], content)).and_then(|js| js.pop_front()) else {
            return true;
        };
        pairs.push((i, j));
        new_taken[j] = true;
        false
    });
    new_left.retain(|&(j, _)| !new_taken[j]);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn anonymous_names_are_rewritten_only_as_whole_words() {
        let rename = |n: &str| (n == "anonymous_1").then(|| "anonymous_7".to_string());
        assert_eq!(rewrite_anonymous("[anonymous_1, anonymous_12, xanonymous_1]", rename), "[anonymous_7, anonymous_12, xanonymous_1]");
        assert!(matches!(rewrite_anonymous("plain", rename), Cow::Borrowed("plain")));
        assert_eq!(rewrite_anonymous("anonymous_ anonymous_1", rename), "anonymous_ anonymous_7");
    }
}
