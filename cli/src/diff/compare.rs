//! The differences between two matched snapshots, filtered: defs added, removed, renamed and
//! changed (field by field), and the changes repeated over several defs, found once.

use super::matching::{match_records, Matching, Renumber};
use super::model::{renumber, FieldSnapshot, Location, RecordSnapshot, Snapshot};
use rustc_hash::{FxHashMap, FxHashSet};
use std::borrow::Cow;
use std::collections::BTreeMap;

/// Which defs and fields to compare (`--class`, `--record`, `--field`, `--ignore-field`).
#[derive(Debug, Default)]
pub struct Filter {
    pub classes: Vec<String>,
    pub records: Vec<glob::Pattern>,
    pub fields: Vec<String>,
    pub ignore_fields: Vec<String>,
}

/// The name under which a change of a def's superclasses is reported, as `--dump-json` calls them.
pub const SUPERCLASSES: &str = "!superclasses";

impl Filter {
    fn selects_record(&self, rec: &RecordSnapshot, other: Option<&RecordSnapshot>) -> bool {
        let either = |f: &dyn Fn(&RecordSnapshot) -> bool| f(rec) || other.is_some_and(f);
        (self.classes.is_empty() || either(&|r| self.classes.iter().any(|c| r.is_instance_of(c))))
            && (self.records.is_empty() || either(&|r| self.records.iter().any(|p| p.matches(&r.name))))
    }
    fn selects_field(&self, name: &str) -> bool {
        (self.fields.is_empty() || self.fields.iter().any(|f| f == name))
            && !self.ignore_fields.iter().any(|f| f == name)
    }
    /// An added or removed def is shown when `--field` names none, or one of its fields.
    fn selects_whole(&self, rec: &RecordSnapshot) -> bool {
        self.fields.is_empty() || rec.fields.iter().any(|f| self.selects_field(&f.name))
    }
}

/// One field's change. A field only on one side has `None` on the other.
#[derive(Debug)]
pub struct FieldChange<'a> {
    pub name: &'a str,
    pub old: Option<&'a FieldSnapshot>,
    pub new: Option<&'a FieldSnapshot>,
    /// The old printed value with the anonymous names of matched defs given their new names.
    pub old_printed: Option<Cow<'a, str>>,
    /// The index in [`Diff::groups`] of the group that shows this change, if it is shared.
    pub group: Option<usize>,
}

impl FieldChange<'_> {
    pub fn new_printed(&self) -> Option<&str> {
        self.new.map(|f| f.value.printed.as_str())
    }
}

/// A def's superclass names.
pub type Classes<'a> = &'a [std::sync::Arc<str>];

/// A def on both sides that differs.
#[derive(Debug)]
pub struct Changed<'a> {
    pub old: &'a RecordSnapshot,
    pub new: &'a RecordSnapshot,
    /// The superclasses, when they differ.
    pub classes: Option<(Classes<'a>, Classes<'a>)>,
    pub fields: Vec<FieldChange<'a>>,
}

/// The same field change (the same old and new values, or the same edit) in several defs.
#[derive(Debug)]
pub struct Group<'a> {
    pub field: &'a str,
    /// The old and new values; with `edit`, those of the first def, an example.
    pub old: Option<Cow<'a, str>>,
    pub new: Option<&'a str>,
    /// The defs share the same edit of different values, not the same values.
    pub edit: bool,
    /// The changed defs, by their new names.
    pub records: Vec<&'a str>,
    /// Where the new values were set, each place once, in order of first appearance.
    pub set_at: Vec<&'a Location>,
}

/// Counts for the summary.
#[derive(Debug, Default, Clone, Copy)]
pub struct Counts {
    pub added: usize,
    pub removed: usize,
    pub renamed: usize,
    pub changed: usize,
}

impl Counts {
    pub fn total(&self) -> usize {
        self.added + self.removed + self.renamed + self.changed
    }
}

#[derive(Debug, Default)]
pub struct Diff<'a> {
    pub added: Vec<&'a RecordSnapshot>,
    pub removed: Vec<&'a RecordSnapshot>,
    pub renamed: Vec<(&'a RecordSnapshot, &'a RecordSnapshot)>,
    pub changed: Vec<Changed<'a>>,
    /// Field changes shared by at least [`GROUP_MIN`] defs.
    pub groups: Vec<Group<'a>>,
}

/// How many defs must share a change for it to be shown once for all of them.
pub const GROUP_MIN: usize = 2;

/// The class a def is counted and listed under: the one users know it by (`Instruction`,
/// `Register`, ...; `RecordSnapshot::known_class`).
pub fn summary_class(rec: &RecordSnapshot) -> &str {
    &rec.known_class
}

impl<'a> Diff<'a> {
    pub fn is_empty(&self) -> bool {
        self.counts().total() == 0
    }

    pub fn counts(&self) -> Counts {
        Counts {
            added: self.added.len(),
            removed: self.removed.len(),
            renamed: self.renamed.len(),
            changed: self.changed.len(),
        }
    }

    /// How many changed defs each field changed in (`!superclasses` for their superclass
    /// lists), most first, then by name.
    pub fn changes_by_field(&self) -> Vec<(&'a str, usize)> {
        let mut by: FxHashMap<&'a str, usize> = FxHashMap::default();
        for c in &self.changed {
            if c.classes.is_some() {
                *by.entry(SUPERCLASSES).or_default() += 1;
            }
            for f in &c.fields {
                *by.entry(f.name).or_default() += 1;
            }
        }
        let mut by: Vec<(&'a str, usize)> = by.into_iter().collect();
        by.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        by
    }

    /// The counts per [`summary_class`], in class name order.
    pub fn counts_by_class(&self) -> BTreeMap<&'a str, Counts> {
        let mut by: BTreeMap<&'a str, Counts> = BTreeMap::new();
        for r in &self.added {
            by.entry(summary_class(r)).or_default().added += 1;
        }
        for r in &self.removed {
            by.entry(summary_class(r)).or_default().removed += 1;
        }
        for (_, r) in &self.renamed {
            by.entry(summary_class(r)).or_default().renamed += 1;
        }
        for c in &self.changed {
            by.entry(summary_class(c.new)).or_default().changed += 1;
        }
        by
    }
}

pub fn compare<'a>(old: &'a Snapshot, new: &'a Snapshot, filter: &Filter) -> Diff<'a> {
    let m: Matching = match_records(old, new);
    // When no anonymous number moved, old values need no rewriting.
    let moved = |n: u64| m.renumbering.get(&n).copied();
    let rename: Option<Renumber<'_>> = if m.renumbering.is_empty() { None } else { Some(&moved) };
    let mut diff = Diff::default();
    for &(i, j) in &m.pairs {
        let (o, n) = (&old.records[i], &new.records[j]);
        if !filter.selects_record(n, Some(o)) {
            continue;
        }
        let mut changed = Changed { old: o, new: n, classes: None, fields: Vec::new() };
        if o.classes != n.classes && filter.selects_field(SUPERCLASSES) {
            changed.classes = Some((&o.classes, &n.classes));
        }
        diff_fields(o, n, filter, rename, &mut changed.fields);
        if changed.classes.is_some() || !changed.fields.is_empty() {
            diff.changed.push(changed);
        }
    }
    diff.changed.sort_by(|a, b| a.new.name.cmp(&b.new.name));
    for &(i, j) in &m.renames {
        let (o, n) = (&old.records[i], &new.records[j]);
        if filter.selects_record(n, Some(o)) && filter.selects_whole(n) {
            diff.renamed.push((o, n));
        }
    }
    diff.renamed.sort_by(|a, b| a.1.name.cmp(&b.1.name));
    diff.removed = m
        .removed
        .iter()
        .map(|&i| &old.records[i])
        .filter(|r| filter.selects_record(r, None) && filter.selects_whole(r))
        .collect();
    diff.added = m
        .added
        .iter()
        .map(|&j| &new.records[j])
        .filter(|r| filter.selects_record(r, None) && filter.selects_whole(r))
        .collect();
    diff.groups = find_groups(&mut diff.changed);
    diff
}

fn diff_fields<'a>(
    o: &'a RecordSnapshot,
    n: &'a RecordSnapshot,
    filter: &Filter,
    rename: Option<Renumber<'_>>,
    out: &mut Vec<FieldChange<'a>>,
) {
    let mut compare = |of: Option<&'a FieldSnapshot>, nf: Option<&'a FieldSnapshot>| {
        let name: &'a str = nf.or(of).map(|f| &*f.name).unwrap_or_default();
        if !filter.selects_field(name) {
            return;
        }
        let old_printed = of.map(|f| match rename {
            Some(rename) => renumber(&f.value.printed, rename),
            None => Cow::Borrowed(f.value.printed.as_str()),
        });
        let same = match (of, nf) {
            (Some(a), Some(b)) => a.ty == b.ty && old_printed.as_deref() == Some(b.value.printed.as_str()),
            _ => false,
        };
        if !same {
            out.push(FieldChange { name, old: of, new: nf, old_printed, group: None });
        }
    };
    // Almost always the two sides have the same fields in the same order.
    let aligned = o.fields.len() == n.fields.len() && o.fields.iter().zip(&n.fields).all(|(a, b)| a.name == b.name);
    if aligned {
        for (a, b) in o.fields.iter().zip(&n.fields) {
            compare(Some(a), Some(b));
        }
        return;
    }
    let old_by_name: FxHashMap<&str, &FieldSnapshot> = o.fields.iter().map(|f| (&*f.name, f)).collect();
    for b in &n.fields {
        compare(old_by_name.get(&*b.name).copied(), Some(b));
    }
    for a in &o.fields {
        if n.field(&a.name).is_none() {
            compare(Some(a), None);
        }
    }
}

/// What makes two field changes of the same field one change.
#[derive(PartialEq, Eq, Hash)]
enum Sameness<'k> {
    /// The same old and new values.
    Value(Option<&'k str>, Option<&'k str>),
    /// The same word-level edit at the same place of different values (one bit of many
    /// different encodings, one operand of many different dags).
    Edit(String),
}

/// The word-level diff of two values (words and the spaces between them): what the output
/// shows inline and what shared edits are found by.
pub fn word_diff<'a>(old: &'a str, new: &'a str) -> similar::TextDiff<'a, 'a, 'a, str> {
    similar::TextDiff::configure().algorithm(similar::Algorithm::Patience).diff_words(old, new)
}

/// Values longer than this are not diffed word by word to find shared edits: the cost of a
/// word diff grows with the product of the lengths, and such values rarely share one.
const EDIT_SIGNATURE_MAX: usize = 4096;

/// The word-level edit that turns `old` into `new`: each edit's position and its words.
fn edit_signature(old: &str, new: &str) -> String {
    let diff = word_diff(old, new);
    let (old_words, new_words) = (diff.old_slices(), diff.new_slices());
    let mut signature = String::new();
    for op in diff.ops() {
        let (tag, o, n) = op.as_tag_tuple();
        if tag != similar::DiffTag::Equal {
            let at = o.start;
            signature.push_str(&format!("{at}\0{}\0{}\0", old_words[o].concat(), new_words[n].concat()));
        }
    }
    signature
}

/// Finds the changes shared by [`GROUP_MIN`] defs or more (first the same values, then, for
/// the changes left, the same edit) and marks each change with its group.
fn find_groups<'a>(changed: &mut [Changed<'a>]) -> Vec<Group<'a>> {
    // Each change's key; a value shared by too few defs falls back to its edit.
    let mut keys: Vec<Vec<(&'a str, Sameness<'_>)>> = changed
        .iter()
        .map(|c| {
            c.fields.iter().map(|f| (f.name, Sameness::Value(f.old_printed.as_deref(), f.new_printed()))).collect()
        })
        .collect();
    let mut sizes: FxHashMap<&(&str, Sameness<'_>), usize> = FxHashMap::default();
    for key in keys.iter().flatten() {
        *sizes.entry(key).or_default() += 1;
    }
    let lonely: Vec<Vec<bool>> = keys.iter().map(|ks| ks.iter().map(|k| sizes[k] < GROUP_MIN).collect()).collect();
    drop(sizes);
    for ((c, ks), lonely) in changed.iter().zip(keys.iter_mut()).zip(&lonely) {
        for ((f, k), &lonely) in c.fields.iter().zip(ks.iter_mut()).zip(lonely) {
            if let (true, Some(old), Some(new)) = (lonely, f.old_printed.as_deref(), f.new_printed()) {
                if old.len().max(new.len()) <= EDIT_SIGNATURE_MAX {
                    k.1 = Sameness::Edit(edit_signature(old, new));
                }
            }
        }
    }

    let mut index: FxHashMap<&(&str, Sameness<'_>), usize> = FxHashMap::default();
    let mut groups: Vec<Group<'a>> = Vec::new();
    let mut places: Vec<FxHashSet<&'a Location>> = Vec::new();
    let mut ids: Vec<Vec<usize>> = Vec::with_capacity(changed.len());
    for (c, ks) in changed.iter().zip(&keys) {
        let rec: &'a RecordSnapshot = c.new;
        let mut of_change = Vec::with_capacity(ks.len());
        for (f, key) in c.fields.iter().zip(ks) {
            let new: Option<&'a FieldSnapshot> = f.new;
            let at = *index.entry(key).or_insert_with(|| {
                groups.push(Group {
                    field: f.name,
                    old: f.old_printed.clone(),
                    new: new.map(|nf| nf.value.printed.as_str()),
                    edit: matches!(key.1, Sameness::Edit(_)),
                    records: Vec::new(),
                    set_at: Vec::new(),
                });
                places.push(FxHashSet::default());
                groups.len() - 1
            });
            let g = &mut groups[at];
            g.records.push(&rec.name);
            if let Some(loc) = new.and_then(|nf| nf.set_at.as_ref()) {
                if places[at].insert(loc) {
                    g.set_at.push(loc);
                }
            }
            of_change.push(at);
        }
        ids.push(of_change);
    }
    drop(index);
    drop(keys);
    // Keep the shared ones, largest first, and renumber.
    let mut order: Vec<usize> = (0..groups.len()).filter(|&g| groups[g].records.len() >= GROUP_MIN).collect();
    order.sort_by(|&a, &b| {
        groups[b].records.len().cmp(&groups[a].records.len()).then_with(|| groups[a].field.cmp(groups[b].field))
    });
    let mut renumber = vec![None; groups.len()];
    for (new_id, &old_id) in order.iter().enumerate() {
        renumber[old_id] = Some(new_id);
    }
    for (c, of_change) in changed.iter_mut().zip(ids) {
        for (f, id) in c.fields.iter_mut().zip(of_change) {
            f.group = renumber[id];
        }
    }
    let mut slots: Vec<Option<Group<'a>>> = groups.into_iter().map(Some).collect();
    order.iter().map(|&g| slots[g].take().expect("each group is kept once")).collect()
}
