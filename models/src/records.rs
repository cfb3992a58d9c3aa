//! LLVM's `RecordKeeper` queries, `Record::getValueAs*` and `PrintFatalError`, with LLVM's
//! messages, for every backend.

use rustc_hash::FxHashMap;
use std::sync::{Arc, Mutex};
use tdq_core::diag::FatalErrorReport;
use tdq_core::init::{Init, InitKind};
use tdq_core::intern::Sym;
use tdq_core::types::RecId;
use tdq_core::{Diagnostics, Evaluation};

/// LLVM's `PrintFatalError`: the diagnostics llvm-tblgen prints before it exits with status 1.
/// Backends turn it into their own error (`Fatal::Fatal`) with `?`.
#[derive(Debug, Clone)]
pub struct Fatal(pub Diagnostics);

impl Fatal {
    /// LLVM's `PrintFatalError(ArrayRef<SMLoc>, Msg)`: an error at the first location, a note
    /// "instantiated from multiclass" at each other one; no locations gives the location-less
    /// `error: Msg` form of `PrintFatalError(Msg)`.
    pub fn new(locs: &[tdq_core::Loc], message: impl Into<String>) -> Fatal {
        let mut diags = Diagnostics::new();
        if locs.is_empty() {
            diags.error(tdq_core::Loc::NONE, message);
        } else {
            diags.error_at(locs, message);
        }
        Fatal(diags)
    }

    /// LLVM's `report_fatal_error(message)` alone: `LLVM ERROR: message`, then a crash.
    pub fn report_fatal_error(message: impl Into<String>) -> Fatal {
        Fatal(Diagnostics::new()).then_report_fatal_error(message)
    }

    /// `report_fatal_error(message, /*GenCrashDiag=*/false)`: `LLVM ERROR: message`, then exit
    /// status 1.
    pub fn report_fatal_error_without_crash(message: impl Into<String>) -> Fatal {
        let mut diags = Diagnostics::new();
        diags.fatal_error_report = Some(FatalErrorReport { message: message.into(), crash: false });
        Fatal(diags)
    }

    /// The error followed by LLVM's `report_fatal_error(message)` instead of its exit: the
    /// driver prints `LLVM ERROR: message` and ends as llvm-tblgen does, with a crash.
    pub fn then_report_fatal_error(mut self, message: impl Into<String>) -> Fatal {
        self.0.fatal_error_report = Some(FatalErrorReport { message: message.into(), crash: true });
        self
    }

    /// `PrintFatalNote` after an error: a note at `locs`.
    pub fn note(&mut self, locs: &[tdq_core::Loc], message: impl Into<String>) {
        self.0.note_at(locs, message);
    }
}

/// LLVM's `RecordKeeper::getAllDerivedDefinitions`: the defs deriving from class `class`,
/// sorted by name with numbers compared by value (`LessRecord`); a fatal error if there is no
/// such class. Computed once per class and evaluation ([`derived_definitions`]).
pub fn all_derived_definitions(input: &Evaluation, class: &str) -> Result<Vec<RecId>, Fatal> {
    derived_definitions(input, class).map(|defs| defs.to_vec())
}

/// [`all_derived_definitions`] without the copy: the list kept with the evaluation, shared by
/// every backend and model that asks for the same class (LLVM's keeper caches them too).
pub fn derived_definitions(input: &Evaluation, class: &str) -> Result<Arc<[RecId]>, Fatal> {
    let rk = &input.records;
    let Some(class_id) = rk.class(class) else {
        return Err(Fatal::new(&[], format!("The class '{class}' is not defined\n")));
    };
    let index = input.derived.get_or_compute(|| DefIndex::new(rk));
    let mut by_class = index.by_class.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    Ok(by_class.entry(class_id).or_insert_with(|| index.derived_from(class_id)).clone())
}

/// Every def of an evaluation filed once by its classes, from which the defs deriving from a
/// class are gathered without visiting the others' records: the defs of one multiclass or one
/// class share their classes, so a target's tens of thousands of defs fall in a few thousand
/// groups. Each class's answer is kept once asked for.
struct DefIndex {
    /// The defs with their names, in name order.
    defs: Vec<(Sym, RecId)>,
    /// The defs' positions in `defs`, group after group (each group's in name order).
    members: Vec<u32>,
    /// Where each group starts in `members` (and, last, its end).
    group_start: Vec<u32>,
    /// For each class, the groups whose defs derive from it.
    groups_of_class: FxHashMap<RecId, Vec<u32>>,
    by_class: Mutex<FxHashMap<RecId, Arc<[RecId]>>>,
}

impl DefIndex {
    fn new(rk: &tdq_core::record::RecordKeeper) -> DefIndex {
        // The records are read in their own order (the defs' name order would visit them at
        // random: clang's 18 thousand diagnostics missed the cache at every one). Superclass
        // lists are interned with where each class was named, so most defs have one of their
        // own: a group is found by its classes, in a reused buffer.
        const UNSEEN: u32 = u32::MAX;
        let mut group_of_record = vec![UNSEEN; rk.records.len()];
        for &id in rk.defs.values() {
            group_of_record[id.0 as usize] = 0;
        }
        let mut group_of_classes: FxHashMap<Vec<RecId>, u32> = FxHashMap::default();
        let mut groups_of_class: FxHashMap<RecId, Vec<u32>> = FxHashMap::default();
        let mut classes: Vec<RecId> = Vec::new();
        let mut last: Option<(usize, u32)> = None;
        for (record, group) in rk.records.iter().zip(group_of_record.iter_mut()) {
            if *group == UNSEEN {
                continue;
            }
            let superclasses = record.superclasses;
            if let Some((_, of_list)) = last.filter(|&(list, _)| list == superclasses.identity()) {
                *group = of_list;
                continue;
            }
            classes.clear();
            classes.extend(superclasses.iter().map(|&(class, _)| class));
            *group = match group_of_classes.get(classes.as_slice()) {
                Some(&found) => found,
                None => {
                    let new = group_of_classes.len() as u32;
                    for &class in &classes {
                        let of_class = groups_of_class.entry(class).or_default();
                        if of_class.last() != Some(&new) {
                            of_class.push(new);
                        }
                    }
                    group_of_classes.insert(classes.clone(), new);
                    new
                }
            };
            last = Some((superclasses.identity(), *group));
        }
        let defs: Vec<(Sym, RecId)> = rk.defs.iter().map(|(&name, &id)| (name, id)).collect();
        let mut group_start = vec![0u32; group_of_classes.len() + 1];
        for &(_, id) in &defs {
            group_start[group_of_record[id.0 as usize] as usize + 1] += 1;
        }
        for g in 1..group_start.len() {
            group_start[g] += group_start[g - 1];
        }
        let mut next = group_start.clone();
        let mut members = vec![0u32; defs.len()];
        for (position, &(_, id)) in defs.iter().enumerate() {
            let at = &mut next[group_of_record[id.0 as usize] as usize];
            members[*at as usize] = position as u32;
            *at += 1;
        }
        DefIndex { defs, members, group_start, groups_of_class, by_class: Mutex::default() }
    }

    /// The defs deriving from `class`, in `LessRecord` order (names compared with numbers by
    /// value). They are gathered in name order (their positions sorted), which is mostly that
    /// order already: the stable sort goes over the runs it finds (clang's 18 thousand
    /// diagnostics took fourteen comparisons each when the groups were merged by name), and
    /// distinct names never compare equal, so stability changes nothing else.
    fn derived_from(&self, class: RecId) -> Arc<[RecId]> {
        let groups = self.groups_of_class.get(&class).map_or(&[][..], Vec::as_slice);
        let group =
            |g: u32| &self.members[self.group_start[g as usize] as usize..self.group_start[g as usize + 1] as usize];
        let mut positions: Vec<u32> = groups.iter().flat_map(|&g| group(g).iter().copied()).collect();
        if groups.len() > 1 {
            positions.sort_unstable();
        }
        let mut defs: Vec<(Sym, RecId)> = positions.into_iter().map(|at| self.defs[at as usize]).collect();
        defs.sort_by(|a, b| compare_numeric(a.0.as_bytes(), b.0.as_bytes()));
        defs.into_iter().map(|(_, id)| id).collect()
    }
}

pub use tdq_core::record::compare_numeric;

/// How many (field name, record size) pairs [`Fields::value`] remembers a position for.
const FIELD_HINT_SLOTS: usize = 2048;

thread_local! {
    /// For a field name (by its address) in records with a number of fields, where it was last
    /// found; a direct-mapped table, so names made on the fly take slots from others but never
    /// grow it.
    static FIELD_HINTS: [std::cell::Cell<(usize, u32)>; FIELD_HINT_SLOTS] =
        const { [const { std::cell::Cell::new((0, 0)) }; FIELD_HINT_SLOTS] };
}

/// The slot of `field` in records of `fields` fields: records of different classes (an
/// instruction's and an alias's `AsmVariantName`) mostly differ in size, so they do not take
/// each other's hints.
fn field_slot(field: &str, fields: usize) -> usize {
    let a = field.as_ptr() as usize;
    (a ^ (a >> 9) ^ field.len() ^ fields.wrapping_mul(0x9e37)) % FIELD_HINT_SLOTS
}

/// LLVM's `Record::getValueAs*` family: a field of a record read as one kind of value, with
/// the fatal error LLVM prints (at every location of the record) when it is missing or of
/// another kind.
#[derive(Clone, Copy)]
pub struct Fields<'a> {
    pub input: &'a Evaluation,
}

impl<'a> Fields<'a> {
    fn fail(&self, rec: RecId, message: String) -> Fatal {
        Fatal::new(&self.input.records.get(rec).locs, message)
    }

    /// `getValue(Name)`: the field itself, if the record has one.
    ///
    /// Models read the same few fields of thousands of records that share their classes, and so
    /// their field order: where a field was last found in a record of the same size is tried
    /// first (a hint, checked by name), before the record's fields are searched (X86's
    /// instructions have a hundred).
    pub fn value(&self, rec: RecId, field: &str) -> Option<&'a tdq_core::record::RecordVal> {
        let values = &self.input.records.get(rec).values;
        let named =
            |v: &tdq_core::record::RecordVal| v.name.as_str().is_some_and(|n| tdq_core::intern::same_str(n, field));
        let slot = field_slot(field, values.len());
        let hint = FIELD_HINTS.with(|h| h[slot].get());
        if hint.0 == field.as_ptr() as usize {
            if let Some(v) = values.get(hint.1 as usize).filter(|v| named(v)) {
                return Some(v);
            }
        }
        let i = values.iter().position(named)?;
        FIELD_HINTS.with(|h| h[slot].set((field.as_ptr() as usize, i as u32)));
        Some(&values[i])
    }

    /// `getValueInit`: the field's value, `?` included.
    pub fn init(&self, rec: RecId, field: &str) -> Result<Init, Fatal> {
        match self.value(rec, field) {
            Some(v) if !v.lost => Ok(v.value),
            _ => Err(self.missing(rec, field)),
        }
    }

    fn missing(&self, rec: RecId, field: &str) -> Fatal {
        let name = self.input.records.get(rec).name_string();
        self.fail(rec, format!("Record `{name}' does not have a field named `{field}'!\n"))
    }

    /// `isValueUnset`.
    pub fn is_unset(&self, rec: RecId, field: &str) -> Result<bool, Fatal> {
        Ok(self.init(rec, field)?.is_unset())
    }

    /// `getValueAsString`: a string (or code) value. LLVM 19 reports `?` as a missing field;
    /// later releases say the field has no string value ([`Dialect::string_accessor_says_value`]).
    ///
    /// [`Dialect::string_accessor_says_value`]: tdq_core::release::Dialect::string_accessor_says_value
    pub fn string(&self, rec: RecId, field: &str) -> Result<&'static str, Fatal> {
        let says_value = self.input.records.dialect().string_accessor_says_value;
        let value = self.init(rec, field)?;
        if value.is_unset() && !says_value {
            return Err(self.missing(rec, field));
        }
        value.as_str().ok_or_else(|| {
            let name = self.input.records.get(rec).name_string();
            let message = if says_value {
                format!("Record `{name}', field `{field}' exists but does not have a string value")
            } else {
                format!("Record `{name}', ` field `{field}' exists but does not have a string initializer!")
            };
            self.fail(rec, message)
        })
    }

    /// `ListInit::getElementAsRecord`: element `index` of `list`, which must be a def (a
    /// location-less fatal error otherwise).
    pub fn element_as_record(&self, list: Init, index: usize) -> Result<RecId, Fatal> {
        let element = list.as_list().and_then(|(elems, _)| elems.get(index).copied());
        element.and_then(|e| e.as_def()).ok_or_else(|| {
            let message = if self.input.records.dialect().list_element_message_names_index {
                format!("expected record type for the element with index {index} in list {list}")
            } else {
                "Expected record in list!".to_string()
            };
            Fatal::new(&[], message)
        })
    }

    /// `getValueAsBit`.
    pub fn bit(&self, rec: RecId, field: &str) -> Result<bool, Fatal> {
        match self.init(rec, field)?.kind() {
            InitKind::Bit(b) => Ok(*b),
            _ => Err(self.wrong_kind(rec, field, "bit")),
        }
    }

    /// `getValueAsDef`.
    pub fn def(&self, rec: RecId, field: &str) -> Result<RecId, Fatal> {
        self.init(rec, field)?.as_def().ok_or_else(|| self.wrong_kind(rec, field, "def"))
    }

    /// `getValueAsOptionalDef`: the def a field holds, `None` when it is unset.
    pub fn optional_def(&self, rec: RecId, field: &str) -> Result<Option<RecId>, Fatal> {
        if self.is_unset(rec, field)? {
            return Ok(None);
        }
        self.def(rec, field).map(Some)
    }

    /// `getValueAsListInit`: the elements of a list value.
    pub fn list(&self, rec: RecId, field: &str) -> Result<&'static [Init], Fatal> {
        match self.init(rec, field)?.as_list() {
            Some((elems, _)) => Ok(elems),
            None => {
                let name = self.input.records.get(rec).name_string();
                Err(self.fail(rec, format!("Record `{name}', field `{field}' exists but does not have a list value")))
            }
        }
    }

    /// `getValueAsInt`.
    pub fn int(&self, rec: RecId, field: &str) -> Result<i64, Fatal> {
        let value = self.init(rec, field)?;
        match value.kind() {
            InitKind::Int(v) => Ok(*v),
            _ => {
                let name = self.input.records.get(rec).name_string();
                Err(self.fail(
                    rec,
                    format!("Record `{name}', field `{field}' exists but does not have an int value: {value}"),
                ))
            }
        }
    }

    /// `getValueAsBitsInit`: the bits of a `bits<N>` value, lowest first.
    pub fn bits(&self, rec: RecId, field: &str) -> Result<&'static [Init], Fatal> {
        match self.init(rec, field)?.kind() {
            InitKind::Bits(bits) => Ok(bits),
            _ => {
                let name = self.input.records.get(rec).name_string();
                Err(self.fail(rec, format!("Record `{name}', field `{field}' exists but does not have a bits value")))
            }
        }
    }

    /// `getValueAsListOfDefs`.
    pub fn defs(&self, rec: RecId, field: &str) -> Result<Vec<RecId>, Fatal> {
        let list = self.list(rec, field)?;
        list.iter()
            .map(|e| {
                e.as_def().ok_or_else(|| {
                    let name = self.input.records.get(rec).name_string();
                    self.fail(rec, format!("Record `{name}', field `{field}' list is not entirely DefInit!"))
                })
            })
            .collect()
    }

    /// `getValueAsListOfStrings`.
    pub fn strings(&self, rec: RecId, field: &str) -> Result<Vec<&'static str>, Fatal> {
        let name = || self.input.records.get(rec).name_string();
        self.list(rec, field)?
            .iter()
            .map(|e| {
                e.as_str().ok_or_else(|| {
                    let message = format!(
                        "Record `{}', field `{field}' exists but does not have a list of strings value: {e}",
                        name()
                    );
                    self.fail(rec, message)
                })
            })
            .collect()
    }

    pub fn wrong_kind(&self, rec: RecId, field: &str, kind: &str) -> Fatal {
        let name = self.input.records.get(rec).name_string();
        self.fail(rec, format!("Record `{name}', field `{field}' does not have a {kind} initializer!"))
    }
}

impl<'a> Fields<'a> {
    /// `getValueAsListOfInts`.
    pub fn ints(&self, rec: RecId, field: &str) -> Result<Vec<i64>, Fatal> {
        let name = || self.input.records.get(rec).name_string();
        self.list(rec, field)?
            .iter()
            .map(|e| {
                e.as_int().ok_or_else(|| {
                    self.fail(
                        rec,
                        format!(
                            "Record `{}', field `{field}' exists but does not have a list of ints value: {e}",
                            name()
                        ),
                    )
                })
            })
            .collect()
    }

    /// `getValueAsOptionalString`: `None` when the field is missing or unset.
    pub fn optional_string(&self, rec: RecId, field: &str) -> Result<Option<&'static str>, Fatal> {
        match self.value(rec, field) {
            Some(v) if !v.lost && !v.value.is_unset() => self.string(rec, field).map(Some),
            _ => Ok(None),
        }
    }

    /// The name of a record (`Record::getName`).
    pub fn name(&self, rec: RecId) -> tdq_core::intern::Sym {
        self.input.records.name_sym(rec)
    }

    /// `Record::isSubClassOf(Name)`.
    pub fn is_a(&self, rec: RecId, class: &str) -> bool {
        self.input.records.class(class).is_some_and(|c| self.input.records.get(rec).is_subclass_of(c))
    }
}

/// LLVM's `getAllDerivedDefinitionsIfDefined`: no defs when the class does not exist.
pub fn all_derived_definitions_if_defined(input: &Evaluation, class: &str) -> Vec<RecId> {
    if input.records.class(class).is_none() {
        return Vec::new();
    }
    all_derived_definitions(input, class).unwrap_or_default()
}

/// LLVM's `convertInitializerTo(IntRecTy)` of a value: an int, or a `bits<N>` (N ≤ 64) whose
/// bits are all set, as its unsigned value; `None` otherwise.
pub fn int_value(value: Init) -> Option<i64> {
    match value.kind() {
        InitKind::Int(v) => Some(*v),
        InitKind::Bits(bits) if bits.len() <= 64 => {
            let mut v: u64 = 0;
            for (i, b) in bits.iter().enumerate() {
                match b.kind() {
                    InitKind::Bit(true) => v |= 1 << i,
                    InitKind::Bit(false) => {}
                    _ => return None,
                }
            }
            Some(v as i64)
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn evaluate(text: &str) -> Evaluation {
        let evaluation = tdq_core::evaluate("t.td", text.as_bytes().to_vec(), &tdq_core::Options::default());
        assert!(evaluation.diags.list.is_empty(), "{:?}", evaluation.diags);
        evaluation
    }

    fn names(input: &Evaluation, class: &str) -> Vec<String> {
        let defs = derived_definitions(input, class).unwrap_or_else(|e| panic!("{:?}", e.0));
        defs.iter().map(|&d| input.records.name_sym(d).to_string()).collect()
    }

    #[test]
    fn derived_definitions_are_each_classs_defs_in_less_record_order() {
        let input = evaluate(
            "class A; class B : A; class C;\n\
             def R10 : B; def R2 : A; def R1 : A, C; def a01 : A; def a1 : A; def Z : C;\n\
             multiclass M { def _x : B; def _y : C; }\n\
             defm R3 : M;\n\
             def anon_free;",
        );
        assert_eq!(names(&input, "A"), ["R1", "R2", "R3_x", "R10", "a1", "a01"]);
        assert_eq!(names(&input, "B"), ["R3_x", "R10"]);
        assert_eq!(names(&input, "C"), ["R1", "R3_y", "Z"]);
        // Asked again: the same list, kept.
        let again = derived_definitions(&input, "C").unwrap_or_else(|e| panic!("{:?}", e.0));
        assert!(Arc::ptr_eq(&again, &derived_definitions(&input, "C").unwrap_or_else(|e| panic!("{:?}", e.0))));
        let missing = derived_definitions(&input, "D").err().map(|e| format!("{:?}", e.0));
        assert!(missing.is_some_and(|m| m.contains("The class 'D' is not defined")));
    }
}
