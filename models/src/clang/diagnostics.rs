//! clang's diagnostics as clang-tblgen's ClangDiagnosticsEmitter.cpp sees them: the
//! `Diagnostic` defs, the `DiagGroup` tree (a group's parents, the groups by `GroupName` with
//! their diagnostics, subgroups and numbering), the categories, the diagnostics and groups that
//! `-Wpedantic` takes in implicitly, and the checks of a diagnostic's wording. Every emitter of
//! the family (`-gen-clang-diags-defs`, `-gen-clang-diag-groups`, `-gen-diag-docs`, ...) reads
//! this one model.

use crate::records::{all_derived_definitions, Fatal, Fields};
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use std::collections::BTreeMap;
use tdq_core::types::RecId;
use tdq_core::{ByRelease, Diagnostics, Evaluation, Release};

/// One diagnostic group, by its `GroupName` (clang-tblgen's `GroupInfo`).
#[derive(Debug, Default)]
pub struct GroupInfo {
    /// The record name of the last `DiagGroup` def with this `GroupName` (`anonymous_N` for
    /// one written inline, `InGroup<DiagGroup<"x">>`).
    pub record_name: String,
    /// The diagnostics in the group, in `Diagnostic` order.
    pub diags: Vec<RecId>,
    /// The `GroupName`s of its subgroups, as its defs list them.
    pub subgroups: Vec<&'static str>,
    /// Its position among all groups sorted by name.
    pub id: usize,
    /// The `DiagGroup` defs with this `GroupName`.
    pub defs: Vec<RecId>,
}

/// The diagnostics and groups of an evaluation.
pub struct DiagnosticGroups<'a> {
    input: &'a Evaluation,
    /// The `Diagnostic` defs, in `getAllDerivedDefinitions` order.
    pub diags: Vec<RecId>,
    /// The `DiagGroup` defs, in the same order.
    pub groups: Vec<RecId>,
    /// Each group's parents: the groups that list it among their `SubGroups`.
    parents: HashMap<RecId, Vec<RecId>>,
    /// The groups by `GroupName`, in name order (`DiagsInGroupTy`).
    pub by_name: BTreeMap<&'static str, GroupInfo>,
    /// Each diagnostic's `Group`, where it is a def.
    group_of: HashMap<RecId, RecId>,
}

/// A value computed from each of a few records (the classes and severities that 18 thousand
/// diagnostics share), once per record.
pub struct Memo<T>(Vec<(RecId, T)>);

impl<T> Default for Memo<T> {
    fn default() -> Self {
        Memo(Vec::new())
    }
}

impl<T: Copy> Memo<T> {
    /// `compute(rec)`, computed the first time `rec` is asked for.
    pub fn get(&mut self, rec: RecId, compute: impl FnOnce(RecId) -> Result<T, Fatal>) -> Result<T, Fatal> {
        if let Some(&(_, value)) = self.0.iter().find(|(r, _)| *r == rec) {
            return Ok(value);
        }
        let value = compute(rec)?;
        self.0.push((rec, value));
        Ok(value)
    }
}

/// What `-Wpedantic` takes in without naming: the extensions off by default that no group
/// already in `-Wpedantic` covers, and the groups all of whose members are such.
#[derive(Debug, Default)]
pub struct Pedantic {
    /// In `Diagnostic` order.
    pub diags: Vec<RecId>,
    /// In `DiagGroup` order.
    pub groups: Vec<RecId>,
}

impl<'a> DiagnosticGroups<'a> {
    /// Groups the diagnostics (`groupDiagnostics`). A group defined more than once (by name, or
    /// implicitly by several diagnostics' inline `DiagGroup<"x">`) is reported in `diags` as
    /// clang-tblgen reports it: printed, not counted as an error.
    pub fn new(input: &'a Evaluation, diags: &mut Diagnostics) -> Result<Self, Fatal> {
        let groups = all_derived_definitions(input, "DiagGroup")?;
        Self::with_group_order(input, groups, diags)
    }

    /// [`DiagnosticGroups::new`] over the `DiagGroup` defs in another order (the
    /// documentation's, by name), which decides the order of each name's defs and of the
    /// groups `-Wpedantic` takes in.
    pub fn with_group_order(input: &'a Evaluation, groups: Vec<RecId>, diags: &mut Diagnostics) -> Result<Self, Fatal> {
        let fields = Fields { input };
        let diag_records = all_derived_definitions(input, "Diagnostic")?;
        let mut parents: HashMap<RecId, Vec<RecId>> = HashMap::default();
        for group in all_derived_definitions(input, "DiagGroup")? {
            for sub in fields.defs(group, "SubGroups")? {
                parents.entry(sub).or_default().push(group);
            }
        }
        let mut by_name: BTreeMap<&'static str, GroupInfo> = BTreeMap::new();
        let mut group_of = HashMap::default();
        for &diag in &diag_records {
            let Some(group) = fields.init(diag, "Group")?.as_def() else { continue };
            group_of.insert(diag, group);
            by_name.entry(fields.string(group, "GroupName")?).or_default().diags.push(diag);
        }
        for &group in &groups {
            let info = by_name.entry(fields.string(group, "GroupName")?).or_default();
            info.record_name = input.records.get(group).name_string();
            info.defs.push(group);
            for sub in fields.defs(group, "SubGroups")? {
                info.subgroups.push(fields.string(sub, "GroupName")?);
            }
        }
        for (id, info) in by_name.values_mut().enumerate() {
            info.id = id;
        }
        let model = DiagnosticGroups { input, diags: diag_records, groups, parents, by_name, group_of };
        model.report_redefinitions(diags);
        Ok(model)
    }

    fn loc(&self, rec: RecId) -> tdq_core::Loc {
        self.input.records.get(rec).loc()
    }

    /// "group 'x' is defined more than once" and its notes.
    fn report_redefinitions(&self, diags: &mut Diagnostics) {
        let records = &self.input.records;
        for (name, info) in &self.by_name {
            if info.defs.len() == 1 && (!records.get(info.defs[0]).is_anonymous() || info.diags.len() <= 1) {
                continue;
            }
            let mut first = true;
            let mut report = |loc, error: &str, note: &str| {
                if first {
                    diags.error_uncounted(loc, format!("group '{name}' is {error}"));
                    first = false;
                } else {
                    diags.note(loc, note);
                }
            };
            for &def in &info.defs {
                // Defs written inline in a diagnostic are reported below, at the diagnostic.
                if info.diags.iter().any(|d| self.group_of.get(d) == Some(&def)) {
                    continue;
                }
                report(self.loc(def), "defined more than once", "also defined here");
            }
            for &diag in &info.diags {
                if records.get(self.group_of[&diag]).is_anonymous() {
                    report(self.loc(diag), "implicitly defined more than once", "also implicitly defined here");
                }
            }
        }
    }

    /// The group a diagnostic is in, if its `Group` is a def.
    pub fn group_of(&self, diag: RecId) -> Option<RecId> {
        self.group_of.get(&diag).copied()
    }

    /// The groups that list `group` among their subgroups, in `DiagGroup` order.
    pub fn parents(&self, group: RecId) -> &[RecId] {
        self.parents.get(&group).map_or(&[], Vec::as_slice)
    }

    /// A group's information by its `GroupName`.
    pub fn info(&self, name: &str) -> Option<&GroupInfo> {
        self.by_name.get(name)
    }

    fn group_name(&self, group: RecId) -> Result<&'static str, Fatal> {
        Fields { input: self.input }.string(group, "GroupName")
    }

    /// `getCategoryFromDiagGroup`: the group's `CategoryName`, else the first a parent has.
    fn group_category(&self, group: RecId, seen: &mut HashSet<RecId>) -> Result<&'static str, Fatal> {
        let name = Fields { input: self.input }.string(group, "CategoryName")?;
        if !name.is_empty() || !seen.insert(group) {
            return Ok(name);
        }
        for &parent in self.parents(group) {
            let name = self.group_category(parent, seen)?;
            if !name.is_empty() {
                return Ok(name);
            }
        }
        Ok("")
    }

    /// `getDiagnosticCategory`: the category of the diagnostic's group, else its own.
    pub fn category(&self, diag: RecId) -> Result<&'static str, Fatal> {
        if let Some(group) = self.group_of(diag) {
            let name = self.group_category(group, &mut HashSet::default())?;
            if !name.is_empty() {
                return Ok(name);
            }
        }
        Fields { input: self.input }.string(diag, "CategoryName")
    }

    /// `DiagCategoryIDMap`: the categories in the order diagnostics first use them, after the
    /// empty one (ID 0).
    pub fn categories(&self) -> Result<Vec<&'static str>, Fatal> {
        Ok(self.category_ids()?.0)
    }

    /// [`Self::categories`], and each diagnostic's category ID, in [`Self::diags`] order. A
    /// group's category is found once, however many diagnostics it has.
    pub fn category_ids(&self) -> Result<(Vec<&'static str>, Vec<usize>), Fatal> {
        let mut names = vec![""];
        let mut ids = Vec::with_capacity(self.diags.len());
        let mut of_group: HashMap<RecId, &'static str> = HashMap::default();
        for &diag in &self.diags {
            let mut name = "";
            if let Some(group) = self.group_of(diag) {
                name = match of_group.get(&group) {
                    Some(&name) => name,
                    None => *of_group.entry(group).or_insert(self.group_category(group, &mut HashSet::default())?),
                };
            }
            if name.is_empty() {
                name = Fields { input: self.input }.string(diag, "CategoryName")?;
            }
            let id = match names.iter().position(|n| *n == name) {
                Some(id) => id,
                None => {
                    names.push(name);
                    names.len() - 1
                }
            };
            ids.push(id);
        }
        Ok((names, ids))
    }

    /// `InferPedantic::compute`.
    pub fn pedantic(&self) -> Result<Pedantic, Fatal> {
        let fields = Fields { input: self.input };
        let mut inference = Inference { model: self, counts: HashMap::default() };
        let mut candidates = HashSet::default();
        let (mut extension_class, mut ignored) = (Memo::default(), Memo::default());
        for &diag in &self.diags {
            let extension = extension_class.get(fields.def(diag, "Class")?, |class| {
                Ok(fields.input.records.name_sym(class) == "CLASS_EXTENSION")
            })?;
            let off_by_default = ignored.get(fields.def(diag, "DefaultSeverity")?, |severity| {
                Ok(fields.string(severity, "Name")? == "Ignored")
            })?;
            if !extension || !off_by_default {
                continue;
            }
            candidates.insert(diag);
            if let Some(group) = self.group_of(diag) {
                if !self.is_subgroup_of(group, "pedantic", &mut HashSet::default())? {
                    inference.mark(group)?;
                }
            }
        }
        let mut pedantic = Pedantic::default();
        for &diag in &self.diags {
            if !candidates.contains(&diag) {
                continue;
            }
            if let Some(group) = self.group_of(diag) {
                if inference.in_pedantic(group, false)? {
                    continue;
                }
            }
            pedantic.diags.push(diag);
        }
        for &group in &self.groups {
            if !inference.in_pedantic(group, false)? {
                continue;
            }
            let parents = self.parents(group);
            let mut all_parents_in = true;
            for &parent in parents {
                all_parents_in &= inference.in_pedantic(parent, false)?;
            }
            if !parents.is_empty() && all_parents_in {
                continue;
            }
            pedantic.groups.push(group);
        }
        Ok(pedantic)
    }

    /// `isSubGroupOfGroup`: whether `group` is `name` or under it.
    fn is_subgroup_of(&self, group: RecId, name: &str, seen: &mut HashSet<RecId>) -> Result<bool, Fatal> {
        if self.group_name(group)? == name {
            return Ok(true);
        }
        if !seen.insert(group) {
            return Ok(false);
        }
        for &parent in self.parents(group) {
            if self.is_subgroup_of(parent, name, seen)? {
                return Ok(true);
            }
        }
        Ok(false)
    }
}

/// The counts `InferPedantic` keeps: per group, its members found to be in `-Wpedantic` and how
/// many members it has.
struct Inference<'m, 'a> {
    model: &'m DiagnosticGroups<'a>,
    counts: HashMap<RecId, (usize, usize)>,
}

impl Inference<'_, '_> {
    /// `groupInPedantic`: whether every member of the group (and at least one) is covered.
    fn in_pedantic(&mut self, group: RecId, increment: bool) -> Result<bool, Fatal> {
        let threshold = match self.counts.get(&group) {
            Some(&(_, threshold)) => threshold,
            None => {
                let name = self.model.group_name(group)?;
                let info = self.model.info(name);
                info.map_or(0, |i| i.subgroups.len() + i.diags.len())
            }
        };
        let entry = self.counts.entry(group).or_insert((0, threshold));
        if increment {
            entry.0 += 1;
        }
        Ok(entry.0 != 0 && entry.0 == entry.1)
    }

    /// `markGroup`: one more member covered; a group now wholly covered covers its parents.
    fn mark(&mut self, group: RecId) -> Result<(), Fatal> {
        if self.in_pedantic(group, true)? {
            for &parent in self.model.parents(group) {
                self.mark(parent)?;
            }
        }
        Ok(())
    }
}

/// Where a record's location would lie in clang-tblgen's memory, for the emitters that sort
/// records by their `SMLoc` pointers (`beforeThanCompare`): within a file by offset; across
/// files by where LLVM's `MemoryBuffer` put each. A file of 16 KiB or more whose size is not a
/// multiple of the page is mapped (`shouldUseMmap`), and Linux maps each new file below the
/// ones before; a smaller one is read into the heap, below every mapping, each after the ones
/// before.
pub fn memory_order(input: &Evaluation, rec: RecId) -> (bool, i64, u32) {
    const PAGE: usize = 4096;
    let loc = input.records.get(rec).loc();
    let size = input.sm.file(loc).map_or(0, |f| f.text.len());
    let mapped = size >= 4 * PAGE && !size.is_multiple_of(PAGE);
    let file = i64::from(loc.file);
    (mapped, if mapped { -file } else { file }, loc.offset)
}

/// The words a diagnostic may start with in capitals, besides acronyms (`isExemptAtStart`), in
/// every release.
const CAPITALIZED_WORDS: &[&str] = &[
    "AddressSanitizer",
    "CFString",
    "Clang",
    "Fuchsia",
    "GNUstep",
    "IBOutletCollection",
    "Microsoft",
    "Neon",
    "Objective",
    "OpenACC",
    "OpenCL",
    "OpenMP",
    "Pascal",
    "Swift",
    "Unicode",
    "Vulkan",
    "WebAssembly",
];

/// The words each release allows besides [`CAPITALIZED_WORDS`]: LLVM 22 added Itanium.
pub const MORE_CAPITALIZED_WORDS: ByRelease<&[&str]> = ByRelease { v19: &[], v22: &["Itanium"], v23: &["Itanium"] };

/// `isExemptAtStart`: whether a diagnostic may start with this word.
fn exempt_at_start(word: &[u8], release: Release) -> bool {
    let Some(&first) = word.first() else { return true };
    if first.is_ascii_lowercase() || !first.is_ascii_alphanumeric() {
        return true;
    }
    if word.iter().all(|&c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == b'+' || c == b'_') {
        return word.len() > 1 || first == b'C';
    }
    word.starts_with(b"NSInvocation")
        || CAPITALIZED_WORDS.iter().chain(*MORE_CAPITALIZED_WORDS.get(release)).any(|w| w.as_bytes() == word)
}

/// `isExemptAtEnd`: a diagnostic may not end in `.` or `!`.
fn exempt_at_end(text: &[u8]) -> bool {
    !matches!(text.last(), Some(b'.' | b'!'))
}

/// `verifyDiagnosticWording`: the messages of the errors clang-tblgen reports (and counts) for
/// a diagnostic whose text starts with a capital letter or ends with punctuation.
pub fn wording_errors(summary: &str, release: Release) -> Vec<String> {
    let text = summary.as_bytes();
    let mut errors = Vec::new();
    let check_start = |piece: &[u8], errors: &mut Vec<String>| {
        let end = piece.iter().position(|c| b" -,}".contains(c)).unwrap_or(piece.len());
        let word = &piece[..end];
        if !exempt_at_start(word, release) {
            errors.push(format!(
                "Diagnostics should not start with a capital letter; '{}' is invalid",
                String::from_utf8_lossy(word)
            ));
        }
    };
    let check_end = |piece: &[u8], errors: &mut Vec<String>| {
        if !exempt_at_end(piece) {
            let last = piece.last().map_or(String::new(), |&c| String::from_utf8_lossy(&[c]).into_owned());
            errors.push(format!("Diagnostics should not end with punctuation; '{last}' is invalid"));
        }
    };
    const SELECT: &[u8] = b"%select{";
    if text.starts_with(SELECT) {
        // The options of a leading %select, found by a balanced scan of braces.
        let mut depth = 1usize;
        let mut close = SELECT.len();
        while close < text.len() {
            match text[close] {
                b'{' => depth += 1,
                b'}' => depth -= 1,
                _ => {}
            }
            if depth == 0 {
                break;
            }
            close += 1;
        }
        if depth != 0 {
            return errors;
        }
        let mut check_second_word = false;
        for piece in text[SELECT.len()..close].split(|&c| c == b'|') {
            if piece.is_empty() {
                check_second_word = true;
            } else {
                check_start(piece, &mut errors);
            }
        }
        if check_second_word {
            let after = text.get(close + 2..).unwrap_or(&[]);
            let start = after.iter().position(|c| !b" \t\n\x0b\x0c\r".contains(c)).unwrap_or(after.len());
            check_start(&after[start..], &mut errors);
        }
    } else {
        check_start(text, &mut errors);
    }
    // A trailing %select{...}N: each option's end is checked instead of the text's.
    let mut need_end = true;
    let n = text.len();
    if n >= 3 && text[n - 1].is_ascii_digit() && text[n - 2] == b'}' {
        // Backwards from before the `}N` to the `{` that opens it; like clang-tblgen, the
        // scan stops short of the first character.
        let mut depth = 1usize;
        let mut open = n - 3;
        loop {
            if open == 0 {
                return errors;
            }
            match text[open] {
                b'}' => depth += 1,
                b'{' => depth -= 1,
                _ => {}
            }
            if depth == 0 {
                break;
            }
            open -= 1;
        }
        const SELECT_WORD: &[u8] = b"select";
        if open >= SELECT_WORD.len() && &text[open - SELECT_WORD.len()..open] == SELECT_WORD {
            need_end = false;
            for piece in text[open + 1..n - 2].split(|&c| c == b'|') {
                if !piece.is_empty() {
                    check_end(piece, &mut errors);
                }
            }
        }
    }
    if need_end {
        check_end(text, &mut errors);
    }
    errors
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wording_is_checked_at_both_ends() {
        let v23 = Release::V23;
        assert!(wording_errors("this is fine", v23).is_empty());
        assert_eq!(
            wording_errors("This is bad.", v23),
            [
                "Diagnostics should not start with a capital letter; 'This' is invalid",
                "Diagnostics should not end with punctuation; '.' is invalid"
            ]
        );
        assert!(wording_errors("C does not allow this", v23).is_empty());
        assert!(wording_errors("ISO C++ forbids it", v23).is_empty());
        assert_eq!(wording_errors("%select{Bad|fine}0 thing", v23).len(), 1);
        assert_eq!(wording_errors("%select{|fine}0 Not okay", v23).len(), 1);
        assert_eq!(wording_errors("a %select{b.|c}0", v23).len(), 1);
        assert!(wording_errors("Itanium ABI", v23).is_empty());
        assert_eq!(wording_errors("Itanium ABI", Release::V19).len(), 1);
        assert!(wording_errors("", v23).is_empty());
    }
}
