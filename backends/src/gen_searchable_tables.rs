//! `--gen-searchable-tables`: C++ enums and constant tables, with lookup functions by primary
//! and secondary keys, from `GenericEnum`, `GenericTable` and `SearchIndex` defs and from
//! classes deriving only from the legacy `SearchableTable` (LLVM's SearchableTableEmitter.cpp;
//! docs/TableGen/BackEnds.rst describes the classes).

use crate::common::emit::StringToOffsetTable;
use crate::common::intrinsics::{Intrinsic, IntrinsicReader};
use crate::common::records::Fields;
use crate::{all_derived_definitions, Backend, BackendError, BackendOptions, Output};
use rustc_hash::FxHashMap as HashMap;
use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::init::{Init, InitKind};
use tdq_core::types::{resolve_types, RecId, Ty, TyKind};
use tdq_core::{ByRelease, Diagnostics, Evaluation, Loc};
use tdq_models::target::instructions::Instructions;
use tdq_models::target::Target;

pub struct SearchableTables;

impl Backend for SearchableTables {
    fn name(&self) -> &'static str {
        "gen-searchable-tables"
    }
    fn help(&self) -> &'static str {
        "Generate generic binary-searchable table"
    }
    fn emit(&self, input: &Evaluation, _: &BackendOptions, out: &mut Output) -> Result<()> {
        let mut emitter = Emitter {
            input,
            dialect: FORM.get(input.records.release),
            fields: Fields { input },
            target: None,
            reader: None,
            intrinsics: HashMap::default(),
            enums: Vec::new(),
            guards: BTreeSet::new(),
            out: String::new(),
            diags: Diagnostics::new(),
        };
        let result = emitter.run();
        // What reading the intrinsics noted is printed whether or not the tables are written.
        for diagnostic in emitter.diags.list.drain(..) {
            out.diags.push(diagnostic);
        }
        result?;
        out.write_all(emitter.out.as_bytes())?;
        Ok(())
    }
}

type Result<T> = std::result::Result<T, BackendError>;

struct GenericEnum {
    name: String,
    /// The class whose defs are the entries.
    class: RecId,
    guard: String,
    /// `UnderlyingType`: the enum's C++ type, if it names one.
    underlying_type: Option<&'static str>,
    /// (C++ name, value), in output order.
    entries: Vec<(&'static str, i64)>,
    /// Each entry's def, to its index in `entries`.
    entry_of: HashMap<RecId, usize>,
}

impl GenericEnum {
    fn entry(&self, def: RecId) -> Option<&(&'static str, i64)> {
        self.entry_of.get(&def).map(|&i| &self.entries[i])
    }
}

#[derive(Clone)]
struct GenericField {
    name: String,
    /// The type common to every entry's value (`None` until the entries are collected).
    ty: Option<Ty>,
    /// `TypeOf_<field> = "code"`: strings are emitted as written, without quotes.
    is_code: bool,
    is_intrinsic: bool,
    is_instruction: bool,
    /// `TypeOf_<field>` names a GenericEnum: its index in `Emitter::enums`.
    generic_enum: Option<usize>,
}

impl GenericField {
    fn new(name: &str) -> GenericField {
        GenericField {
            name: name.to_owned(),
            ty: None,
            is_code: false,
            is_intrinsic: false,
            is_instruction: false,
            generic_enum: None,
        }
    }
    fn kind(&self) -> &'static TyKind {
        self.ty.expect("field types are known once the entries are collected").kind()
    }
    fn is_string(&self) -> bool {
        matches!(self.kind(), TyKind::String)
    }
}

struct SearchIndex {
    name: String,
    /// Where the key (`PrimaryKey`, `Key` or the searchable field) was set.
    loc: Loc,
    fields: Vec<GenericField>,
    early_out: bool,
    return_range: bool,
}

struct GenericTable {
    name: String,
    locs: Vec<Loc>,
    guard: String,
    cpp_type_name: String,
    fields: Vec<GenericField>,
    entries: Vec<RecId>,
    primary_key: Option<SearchIndex>,
    indices: Vec<SearchIndex>,
    /// The table is an array indexed by its primary key (`Dialect::sparse_tables`).
    sparse: bool,
}

impl GenericTable {
    fn new(name: String, locs: Vec<Loc>, guard: String, cpp_type_name: String) -> GenericTable {
        GenericTable {
            name,
            locs,
            guard,
            cpp_type_name,
            fields: Vec::new(),
            entries: Vec::new(),
            primary_key: None,
            indices: Vec::new(),
            sparse: false,
        }
    }
}

/// Where a C++ type is used: the table's static index struct, the lookup's key struct, or an
/// argument of the lookup function.
#[derive(Clone, Copy, PartialEq)]
enum TypeContext {
    StaticStruct,
    TempStruct,
    Argument,
}

// FIXME: where llvm-tblgen's result depends on its internals rather than on the records, tdq
// differs: (1) records are sorted stably, while LLVM's `llvm::sort` may order rows that compare
// equal (strings equal but for case) otherwise; (2) when several intrinsics are invalid, the one
// reported may differ, as LLVM reads them in its sort's comparison order. Valid inputs, the lit
// suite and the targets agree.

/// How a lookup function tests that its key is within the range of the table's keys (for an
/// `EarlyOut` index, or one whose numeric keys are contiguous).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum KeyRangeCheck {
    /// `if ((K < FIRST) ||` / `(K > LAST))`; contiguous keys then index the table directly,
    /// `EarlyOut` or not (LLVM 19).
    Compare,
    /// `if ((T)K != std::clamp((T)K, (T)FIRST, (T)LAST))` and a blank line; an `EarlyOut`
    /// index then searches even when its keys are contiguous (LLVM 22).
    ClampCasts,
    /// As [`KeyRangeCheck::ClampCasts`], spelt `if ((T)K != std::clamp<T>(K, FIRST, LAST))`.
    ClampTemplate,
}

/// How an intrinsic a table refers to is reached (what is read of one, with each release's
/// checks, is the intrinsics model).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum IntrinsicReading {
    /// Alone, with no default properties (LLVM 19).
    Alone,
    /// Through the target (`CodeGenTarget::getIntrinsic`): any def of `Intrinsic` makes the
    /// target needed (exactly one `Target` def) and the `IntrinsicProperty` class required, and
    /// the default properties apply (LLVM 22 and later).
    ThroughTarget,
}

/// What a release's SearchableTableEmitter.cpp (and the `CodeGenTarget`, `CodeGenInstruction`
/// and `CodeGenIntrinsic` it reads instructions and intrinsics with) does.
#[derive(Debug)]
struct Form {
    /// How a lookup tests that its key is in range.
    range_check: KeyRangeCheck,
    /// A legacy `SearchableTable` class is one with exactly one *direct* superclass, deriving
    /// from `SearchableTable` (LLVM 19: exactly one superclass at all, which excluded a class
    /// deriving from a class that derives from it).
    legacy_tables_by_direct_superclass: bool,
    /// How an intrinsic a table refers to is read (LLVM's `CodeGenIntrinsic`).
    intrinsics: IntrinsicReading,
    /// String fields are offsets into a string table per table (`<Table>Strings`), shown in a
    /// comment beside each; lookups compare through it, and `get<Type>Str` reads it.
    string_tables: bool,
    /// A table whose `DisallowSparseTable` is false and whose primary key is one `bits<N>`
    /// field (N ≤ 12, no range, no secondary index) is an array of 2^N rows indexed by the key.
    sparse_tables: bool,
    /// A `GenericEnum` may name its C++ underlying type (`UnderlyingType`).
    enum_underlying_type: bool,
}

const FORM_19: Form = Form {
    range_check: KeyRangeCheck::Compare,
    legacy_tables_by_direct_superclass: false,
    intrinsics: IntrinsicReading::Alone,
    string_tables: false,
    sparse_tables: false,
    enum_underlying_type: false,
};

const FORM_22: Form = Form {
    range_check: KeyRangeCheck::ClampCasts,
    legacy_tables_by_direct_superclass: true,
    intrinsics: IntrinsicReading::ThroughTarget,
    ..FORM_19
};

static FORM: ByRelease<Form> = ByRelease {
    v19: FORM_19,
    v22: FORM_22,
    v23: Form {
        range_check: KeyRangeCheck::ClampTemplate,
        string_tables: true,
        sparse_tables: true,
        enum_underlying_type: true,
        ..FORM_22
    },
};

struct Emitter<'a> {
    input: &'a Evaluation,
    /// What the release's emitter does.
    dialect: &'static Form,
    fields: Fields<'a>,
    /// The target's instructions (LLVM's `CodeGenTarget`), when the records describe a target.
    target: Option<std::sync::Arc<Instructions>>,
    /// How the release reads an intrinsic, made on first use.
    reader: Option<IntrinsicReader<'a>>,
    intrinsics: HashMap<RecId, Intrinsic>,
    enums: Vec<GenericEnum>,
    guards: BTreeSet<String>,
    out: String,
    /// Notes of the intrinsics read (LLVM 22's name check).
    diags: Diagnostics,
}

impl<'a> Emitter<'a> {
    fn fatal(&self, locs: &[Loc], message: impl Into<String>) -> BackendError {
        BackendError::fatal(locs, message)
    }
    fn rec_name(&self, rec: RecId) -> String {
        self.input.records.get(rec).name_string()
    }
    fn rec_locs(&self, rec: RecId) -> &'a [Loc] {
        &self.input.records.get(rec).locs
    }
    /// `getAllDerivedDefinitionsIfDefined`: no defs when the class does not exist.
    fn defs_if_defined(&self, class: &str) -> Vec<RecId> {
        all_derived_definitions(self.input, class).unwrap_or_default()
    }
    /// LLVM's `RecordVal::getLoc`: where the field was declared, or last set by a `let`.
    fn field_loc(&self, rec: RecId, field: &str) -> Loc {
        self.fields.value(rec, field).map_or(Loc::NONE, |v| v.loc)
    }

    fn run(&mut self) -> Result<()> {
        let intrinsics_need_target = self.dialect.intrinsics != IntrinsicReading::Alone;
        if !self.defs_if_defined("Instruction").is_empty()
            || (intrinsics_need_target && !self.defs_if_defined("Intrinsic").is_empty())
        {
            Target::get(self.input)?;
            self.target = Some(Instructions::get(self.input)?);
        }
        let enum_of_def = self.generic_enums()?;
        let mut tables = Vec::new();
        let table_of_def = self.generic_tables(&enum_of_def, &mut tables)?;
        self.search_indices(&table_of_def, &mut tables)?;
        self.legacy_tables(&mut tables)?;

        for i in 0..self.enums.len() {
            self.emit_enum(i);
        }
        for table in &tables {
            self.emit_table(table)?;
        }
        // The #undefs come last, so that sections may share a guard.
        for guard in &self.guards {
            let _ = writeln!(self.out, "#undef {guard}");
        }
        Ok(())
    }

    /// The `GenericEnum` defs, added to `enums`; returns each def's index there.
    fn generic_enums(&mut self) -> Result<HashMap<RecId, usize>> {
        let rk = &self.input.records;
        let mut enum_of_def: HashMap<RecId, usize> = HashMap::default();
        for enum_rec in all_derived_definitions(self.input, "GenericEnum")? {
            let name_field = self.optional_string(enum_rec, "NameField")?;
            let value_field = self.optional_string(enum_rec, "ValueField")?;
            let filter_class = self.fields.string(enum_rec, "FilterClass")?;
            let Some(class) = rk.class(filter_class) else {
                let loc = self.field_loc(enum_rec, "FilterClass");
                return Err(self.fatal(&[loc], format!("Enum FilterClass '{filter_class}' does not exist")));
            };
            let name = self.rec_name(enum_rec);
            let underlying_type = match self.dialect.enum_underlying_type {
                true => self.optional_string(enum_rec, "UnderlyingType")?,
                false => None,
            };
            let items = all_derived_definitions(self.input, filter_class)?;
            let mut generic_enum =
                self.collect_enum_entries(name.clone(), name, class, name_field, value_field, &items)?;
            generic_enum.underlying_type = underlying_type;
            enum_of_def.insert(enum_rec, self.enums.len());
            self.enums.push(generic_enum);
        }
        Ok(enum_of_def)
    }

    /// The `GenericTable` defs, added to `tables`; returns each def's index there.
    fn generic_tables(
        &mut self,
        enum_of_def: &HashMap<RecId, usize>,
        tables: &mut Vec<GenericTable>,
    ) -> Result<HashMap<RecId, usize>> {
        let rk = &self.input.records;
        let mut table_of_def: HashMap<RecId, usize> = HashMap::default();
        for table_rec in all_derived_definitions(self.input, "GenericTable")? {
            let name = self.rec_name(table_rec);
            let cpp_type_name = self.fields.string(table_rec, "CppTypeName")?.to_owned();
            let mut table = GenericTable::new(name.clone(), self.rec_locs(table_rec).to_vec(), name, cpp_type_name);
            for field_name in self.fields.strings(table_rec, "Fields")? {
                let mut field = GenericField::new(field_name);
                if let Some(type_of) = self.fields.value(table_rec, &format!("TypeOf_{field_name}")) {
                    if !self.parse_field_type(&mut field, type_of.value, enum_of_def) {
                        let mut diags = tdq_core::Diagnostics::new();
                        let message =
                            format!("Table '{}' has invalid 'TypeOf_{field_name}': {}", table.name, type_of.value);
                        diags.error(type_of.loc, message);
                        diags.note(
                            Loc::NONE,
                            "The 'TypeOf_xxx' field must be a string naming a GenericEnum record, or \"code\"",
                        );
                        return Err(BackendError::Fatal(diags));
                    }
                }
                table.fields.push(field);
            }

            let filter_class = self.fields.string(table_rec, "FilterClass")?;
            if rk.class(filter_class).is_none() {
                let loc = self.field_loc(table_rec, "FilterClass");
                return Err(self.fatal(&[loc], format!("Table FilterClass '{filter_class}' does not exist")));
            }
            let mut definitions = all_derived_definitions(self.input, filter_class)?;
            if let Some(filter_field) = self.fields.value(table_rec, "FilterClassField").and_then(|v| v.value.as_str())
            {
                let mut kept = Vec::with_capacity(definitions.len());
                for def in definitions {
                    let Some(filter) = self.fields.value(def, filter_field) else {
                        let message =
                            format!("Record `{}' does not have a field named `{filter_field}'!\n", self.rec_name(def));
                        return Err(self.fatal(self.rec_locs(def), message));
                    };
                    match filter.value.kind() {
                        InitKind::Bit(true) => kept.push(def),
                        InitKind::Bit(false) => {}
                        _ => {
                            let message = format!("FilterClassField '{filter_class}' should be a bit value");
                            return Err(self.fatal(&[filter.loc], message));
                        }
                    }
                }
                definitions = kept;
            }
            self.collect_table_entries(&mut table, &definitions)?;

            if !self.fields.is_unset(table_rec, "PrimaryKey")? {
                let loc = self.field_loc(table_rec, "PrimaryKey");
                let name = self.fields.string(table_rec, "PrimaryKeyName")?;
                let key = self.fields.strings(table_rec, "PrimaryKey")?;
                let early_out = self.fields.bit(table_rec, "PrimaryKeyEarlyOut")?;
                let return_range = self.fields.bit(table_rec, "PrimaryKeyReturnRange")?;
                let index = self.parse_search_index(&table, loc, name, &key, early_out, return_range)?;
                let mut entries = std::mem::take(&mut table.entries);
                self.stable_sort(&mut entries, &index, |&r| r)?;
                table.entries = entries;
                table.primary_key = Some(index);
                table.sparse = self.dialect.sparse_tables && self.can_be_sparse(table_rec, &table)?;
            }
            table_of_def.insert(table_rec, tables.len());
            tables.push(table);
        }
        Ok(table_of_def)
    }

    /// The `SearchIndex` defs: secondary lookups of the tables.
    fn search_indices(&mut self, table_of_def: &HashMap<RecId, usize>, tables: &mut [GenericTable]) -> Result<()> {
        for index_rec in all_derived_definitions(self.input, "SearchIndex")? {
            let table_rec = self.fields.def(index_rec, "Table")?;
            let Some(&t) = table_of_def.get(&table_rec) else {
                let message = format!(
                    "SearchIndex '{}' refers to nonexistent table '{}",
                    self.rec_name(index_rec),
                    self.rec_name(table_rec)
                );
                return Err(self.fatal(&[self.field_loc(index_rec, "Table")], message));
            };
            let loc = self.field_loc(index_rec, "Key");
            let name = self.rec_name(index_rec);
            let key = self.fields.strings(index_rec, "Key")?;
            let early_out = self.fields.bit(index_rec, "EarlyOut")?;
            let index = self.parse_search_index(&tables[t], loc, &name, &key, early_out, false)?;
            tables[t].indices.push(index);
            // A table with secondary indices is never sparse.
            tables[t].sparse = false;
        }
        Ok(())
    }

    /// The classes that derive from `SearchableTable` and nothing else: each is a table of its
    /// defs, with an enum if it names an `EnumNameField`, and a lookup by each searchable field.
    fn legacy_tables(&mut self, tables: &mut Vec<GenericTable>) -> Result<()> {
        let rk = &self.input.records;
        let Some(searchable) = rk.class("SearchableTable") else {
            return Ok(());
        };
        for (class_name, &class) in &rk.classes {
            let record = rk.get(class);
            let superclasses = if self.dialect.legacy_tables_by_direct_superclass {
                let mut direct = 0;
                record.for_each_direct_superclass_index(rk, |_| direct += 1);
                direct
            } else {
                record.superclasses.len()
            };
            if superclasses != 1 || !record.is_subclass_of(searchable) {
                continue;
            }
            let items = all_derived_definitions(self.input, class_name)?;
            let upper = class_name.to_ascii_uppercase();
            if !self.fields.is_unset(class, "EnumNameField")? {
                let name_field = self.fields.string(class, "EnumNameField")?;
                let value_field = self.optional_string(class, "EnumValueField")?;
                let generic_enum = self.collect_enum_entries(
                    format!("{class_name}Values"),
                    upper.clone(),
                    class,
                    Some(name_field),
                    value_field,
                    &items,
                )?;
                self.enums.push(generic_enum);
            }
            let mut table =
                GenericTable::new(format!("{class_name}sList"), record.locs.to_vec(), upper, class_name.to_string());
            for field in &record.values {
                let name = field.name_str();
                if name.contains(':') || matches!(name, "SearchableFields" | "EnumNameField" | "EnumValueField") {
                    continue;
                }
                table.fields.push(GenericField::new(name));
            }
            self.collect_table_entries(&mut table, &items)?;
            for field in self.fields.strings(class, "SearchableFields")? {
                let name = format!("lookup{}By{field}", table.cpp_type_name);
                let loc = self.field_loc(class, field);
                let index = self.parse_search_index(&table, loc, &name, &[field], false, false)?;
                table.indices.push(index);
            }
            tables.push(table);
        }
        Ok(())
    }

    /// `canUseSparseTable`: the table may be an array indexed by its primary key, one `bits`
    /// field of at most 12 bits, if its def allows it and the key is not a range.
    fn can_be_sparse(&self, table_rec: RecId, table: &GenericTable) -> Result<bool> {
        if self.fields.bit(table_rec, "DisallowSparseTable")? {
            return Ok(false);
        }
        let Some(key) = &table.primary_key else {
            return Ok(false);
        };
        let [field] = key.fields.as_slice() else {
            return Ok(false);
        };
        let TyKind::Bits(n) = *field.kind() else {
            return Ok(false);
        };
        if self.fields.bit(table_rec, "PrimaryKeyReturnRange")? {
            return Ok(false);
        }
        Ok(n <= 12)
    }

    /// A string field that may be `?` (LLVM reads it only when `!isValueUnset`).
    fn optional_string(&self, rec: RecId, field: &str) -> Result<Option<&'static str>> {
        if self.fields.is_unset(rec, field)? {
            return Ok(None);
        }
        Ok(self.fields.string(rec, field).map(Some)?)
    }

    /// `CodeGenTarget::getInstrIntValue`: the instruction's value in the target's enum.
    fn instr_value(&self, rec: RecId) -> Result<i64> {
        let value = self.target.as_ref().and_then(|instructions| instructions.enum_value(rec));
        value.map(i64::from).ok_or_else(|| {
            let message = format!("'{}' is not an instruction of the target", self.rec_name(rec));
            self.fatal(self.rec_locs(rec), message)
        })
    }

    /// LLVM's `CodeGenIntrinsic` of an intrinsic def, read once (the searchable tables read
    /// only the intrinsics their fields name, each as the release's reading does).
    fn intrinsic(&mut self, value: Init) -> Result<&Intrinsic> {
        let Some(def) = value.as_def() else {
            return Err(self.fatal(&[], format!("expected an intrinsic, found '{value}'")));
        };
        if !self.intrinsics.contains_key(&def) {
            if self.reader.is_none() {
                let release = self.input.records.release;
                self.reader = Some(match self.dialect.intrinsics {
                    IntrinsicReading::Alone => IntrinsicReader::without_defaults(self.input, release),
                    IntrinsicReading::ThroughTarget => IntrinsicReader::new(self.input, release)?,
                });
            }
            let reader = self.reader.as_ref().expect("made above");
            let intrinsic = reader.read(def, &mut self.diags)?;
            self.intrinsics.insert(def, intrinsic);
        }
        Ok(&self.intrinsics[&def])
    }

    /// `TypeOf_<field>`: "code", or the name of a GenericEnum def.
    fn parse_field_type(&self, field: &mut GenericField, type_of: Init, enum_of_def: &HashMap<RecId, usize>) -> bool {
        let Some(name) = type_of.as_str() else {
            return false;
        };
        if name == "code" {
            field.is_code = true;
            return true;
        }
        let rk = &self.input.records;
        let Some(def) = rk.def(name) else {
            return false;
        };
        match (rk.class("GenericEnum"), enum_of_def.get(&def)) {
            (Some(class), Some(&e)) if rk.get(def).is_subclass_of(class) => {
                let class = self.enums[e].class;
                field.generic_enum = Some(e);
                field.ty = Some(Ty::record(&[(class, rk.name_sym(class))]));
                true
            }
            _ => false,
        }
    }

    fn parse_search_index(
        &self,
        table: &GenericTable,
        loc: Loc,
        name: &str,
        key: &[&str],
        early_out: bool,
        return_range: bool,
    ) -> Result<SearchIndex> {
        let mut fields = Vec::new();
        for field_name in key {
            let Some(field) = table.fields.iter().find(|f| f.name == *field_name) else {
                let message = format!(
                    "In table '{}', 'PrimaryKey' or 'Key' refers to nonexistent field '{field_name}'",
                    table.name
                );
                return Err(self.fatal(&[loc], message));
            };
            fields.push(field.clone());
        }
        if early_out && fields.first().is_some_and(GenericField::is_string) {
            let message =
                format!("In lookup method '{name}', early-out is not supported for a first key field of type string");
            return Err(self.fatal(&[loc], message));
        }
        Ok(SearchIndex { name: name.to_owned(), loc, fields, early_out, return_range })
    }

    fn collect_enum_entries(
        &self,
        name: String,
        guard: String,
        class: RecId,
        name_field: Option<&str>,
        value_field: Option<&str>,
        items: &[RecId],
    ) -> Result<GenericEnum> {
        let mut entries = Vec::with_capacity(items.len());
        for &item in items {
            let entry_name = match name_field {
                None => self.input.records.name_sym(item),
                Some(field) => self.fields.string(item, field)?,
            };
            let value = match value_field {
                None => 0,
                Some(field) => self.as_int(self.fields.init(item, field)?, self.rec_locs(item))?,
            };
            entries.push((entry_name, value, item));
        }
        if value_field.is_none() {
            entries.sort_by(|a, b| a.0.cmp(b.0));
            for (i, entry) in entries.iter_mut().enumerate() {
                entry.1 = i as i64;
            }
        }
        let entry_of = entries.iter().enumerate().map(|(i, e)| (e.2, i)).collect();
        let entries = entries.into_iter().map(|(n, v, _)| (n, v)).collect();
        Ok(GenericEnum { name, class, guard, underlying_type: None, entries, entry_of })
    }

    fn collect_table_entries(&mut self, table: &mut GenericTable, items: &[RecId]) -> Result<()> {
        if items.is_empty() {
            return Err(self.fatal(&table.locs, format!("Table '{}' has no entries", table.name)));
        }
        let rk = &self.input.records;
        for &item in items {
            for field in &mut table.fields {
                let value = self.fields.init(item, &field.name)?;
                let ty = match value.ty() {
                    Some(ty) if value.is_complete() => ty,
                    _ => {
                        let message = format!(
                            "Record '{}' for table '{}' is missing field '{}'",
                            self.rec_name(item),
                            table.name,
                            field.name
                        );
                        return Err(self.fatal(self.rec_locs(item), message));
                    }
                };
                field.ty = match field.ty {
                    None => Some(ty),
                    Some(known) => match resolve_types(rk, known, ty) {
                        Some(common) => Some(common),
                        None => {
                            let message = format!(
                                "Field '{}' of table '{}' entry has incompatible type: {ty} vs. {known}",
                                field.name, table.name
                            );
                            return Err(self.fatal(&[self.field_loc(item, &field.name)], message));
                        }
                    },
                };
            }
            table.entries.push(item);
        }
        let intrinsic = rk.class("Intrinsic");
        let instruction = rk.class("Instruction");
        for field in &mut table.fields {
            let Some(ty) = field.ty else {
                let message = format!(
                    "Cannot determine type of field '{}' in table '{}'. Maybe it is not used?",
                    field.name, table.name
                );
                return Err(self.fatal(&[], message));
            };
            if ty.is_record() {
                if intrinsic.is_some_and(|c| ty.record_is_subclass_of(rk, c)) {
                    field.is_intrinsic = true;
                } else if instruction.is_some_and(|c| ty.record_is_subclass_of(rk, c)) {
                    field.is_instruction = true;
                }
            }
        }
        let all_fields = SearchIndex {
            name: String::new(),
            loc: Loc::NONE,
            fields: table.fields.clone(),
            early_out: false,
            return_range: false,
        };
        self.stable_sort(&mut table.entries, &all_fields, |&r| r)
    }

    /// Sorts `items` by the key of `index` (LLVM's `compareBy`), keeping equal ones in order.
    fn stable_sort<T: Copy>(&mut self, items: &mut [T], index: &SearchIndex, rec: impl Fn(&T) -> RecId) -> Result<()> {
        // As in LLVM, nothing is compared (so nothing can fail) with fewer than two items.
        if items.len() < 2 {
            return Ok(());
        }
        // Every key is computed first: computing one can fail, comparing two cannot.
        let mut keyed = Vec::with_capacity(items.len());
        for &item in items.iter() {
            keyed.push((self.sort_key(rec(&item), index)?, item));
        }
        keyed.sort_by(|a, b| a.0.cmp(&b.0));
        for (slot, (_, item)) in items.iter_mut().zip(keyed) {
            *slot = item;
        }
        Ok(())
    }

    /// The key `compareBy` orders records by, one part per field of the index.
    fn sort_key(&mut self, rec: RecId, index: &SearchIndex) -> Result<Vec<KeyPart>> {
        let mut key = Vec::with_capacity(index.fields.len());
        for field in &index.fields {
            let value = self.fields.init(rec, &field.name)?;
            let part = if matches!(field.kind(), TyKind::Bits(_) | TyKind::Int) {
                KeyPart::Int(self.as_int(value, &[index.loc])?)
            } else if field.is_intrinsic {
                let intrinsic = self.intrinsic(value)?;
                KeyPart::Intrinsic(intrinsic.target_prefix, intrinsic.name.clone())
            } else if field.is_instruction {
                let def = self.def_value(value, index.loc)?;
                let pseudo = self.fields.bit(def, "isPseudo")?;
                KeyPart::Instruction(!pseudo, self.input.records.name_sym(def))
            } else if let Some(e) = field.generic_enum {
                let def = self.def_value(value, index.loc)?;
                KeyPart::Int(self.enum_entry(e, def, field, index.loc)?.1)
            } else {
                let mut repr = self.primary_representation(index.loc, field, value)?;
                if field.is_string() {
                    repr = repr.to_ascii_uppercase();
                }
                KeyPart::Str(repr)
            };
            key.push(part);
        }
        Ok(key)
    }

    fn def_value(&self, value: Init, loc: Loc) -> Result<RecId> {
        value.as_def().ok_or_else(|| self.fatal(&[loc], format!("expected a def, found '{value}'")))
    }

    fn enum_entry(&self, e: usize, def: RecId, field: &GenericField, loc: Loc) -> Result<&(&'static str, i64)> {
        self.enums[e].entry(def).ok_or_else(|| self.fatal(&[loc], format!("Entry for field '{}' is null", field.name)))
    }

    /// `getAsInt`: the value of an int or of complete bits.
    fn as_int(&self, value: Init, locs: &[Loc]) -> Result<i64> {
        tdq_models::records::int_value(value)
            .ok_or_else(|| self.fatal(locs, format!("expected an integer, found '{value}'")))
    }

    /// How a field's value is written in the table (`primaryRepresentation`).
    fn primary_representation(&mut self, loc: Loc, field: &GenericField, value: Init) -> Result<String> {
        match value.kind() {
            InitKind::Str(s, code) => {
                return Ok(if field.is_code || *code { (*s).to_owned() } else { value.to_string() })
            }
            InitKind::Bits(_) => return Ok(format!("0x{:X}", self.as_int(value, &[loc])? as u64)),
            InitKind::Bit(b) => return Ok(if *b { "true" } else { "false" }.to_owned()),
            _ => {}
        }
        if field.is_intrinsic {
            Ok(format!("Intrinsic::{}", self.intrinsic(value)?.enum_name))
        } else if field.is_instruction {
            Ok(value.to_string())
        } else if let Some(e) = field.generic_enum {
            let def = self.def_value(value, loc)?;
            Ok(self.enum_entry(e, def, field, loc)?.0.to_owned())
        } else {
            Err(self.fatal(
                &[loc],
                format!("invalid field type for field '{}'; expected: bit, bits, string, or code", field.name),
            ))
        }
    }

    /// The C++ type of a key field (`searchableFieldType`).
    fn field_type(
        &self,
        table: &GenericTable,
        index: &SearchIndex,
        field: &GenericField,
        context: TypeContext,
    ) -> Result<&'static str> {
        let too_large = |what: &str| {
            format!("In table '{}' lookup method '{}', key field '{}' {what}", table.name, index.name, field.name)
        };
        match field.kind() {
            TyKind::String => Ok(match context {
                // An offset into the table's strings.
                TypeContext::StaticStruct if self.dialect.string_tables => "unsigned",
                TypeContext::StaticStruct => "const char *",
                TypeContext::TempStruct => "std::string",
                TypeContext::Argument => "StringRef",
            }),
            TyKind::Bits(n) => match n {
                0..=8 => Ok("uint8_t"),
                9..=16 => Ok("uint16_t"),
                17..=32 => Ok("uint32_t"),
                33..=64 => Ok("uint64_t"),
                _ => Err(self.fatal(&[index.loc], too_large("of type bits is too large"))),
            },
            TyKind::Bit => Ok("bool"),
            _ if field.generic_enum.is_some() || field.is_intrinsic || field.is_instruction => Ok("unsigned"),
            _ => Err(self.fatal(&[index.loc], too_large(&format!("has invalid type: {}", field.ty.expect("known"))))),
        }
    }

    /// `getNumericKey`: the number a single-field key stands for.
    fn numeric_key(&mut self, index: &SearchIndex, rec: RecId) -> Result<i64> {
        let field = &index.fields[0];
        if field.is_instruction {
            let def = self.fields.def(rec, &field.name)?;
            return self.instr_value(def);
        }
        if let Some(e) = field.generic_enum {
            let def = self.fields.def(rec, &field.name)?;
            return Ok(self.enum_entry(e, def, field, index.loc)?.1);
        }
        self.as_int(self.fields.init(rec, &field.name)?, &[index.loc])
    }

    fn emit_ifdef(&mut self, guard: String) {
        let _ = writeln!(self.out, "#ifdef {guard}");
        self.guards.insert(guard);
    }

    fn emit_enum(&mut self, e: usize) {
        self.emit_ifdef(format!("GET_{}_DECL", self.enums[e].guard));
        let generic_enum = &self.enums[e];
        let _ = write!(self.out, "enum {}", generic_enum.name);
        if let Some(ty) = generic_enum.underlying_type {
            let _ = write!(self.out, " : {ty}");
        }
        self.out.push_str(" {\n");
        for (name, value) in &generic_enum.entries {
            let _ = writeln!(self.out, "  {name} = {value},");
        }
        self.out.push_str("};\n#endif\n\n");
    }

    fn emit_table(&mut self, table: &GenericTable) -> Result<()> {
        self.emit_ifdef(format!("GET_{}_DECL", table.guard));
        for index in table.primary_key.iter().chain(&table.indices) {
            let declaration = self.lookup_declaration(table, index)?;
            let _ = writeln!(self.out, "{declaration};");
        }
        let has_strings = self.dialect.string_tables && table.fields.iter().any(GenericField::is_string);
        if has_strings {
            let _ = writeln!(self.out, "StringRef get{}Str(StringTable::Offset);", table.cpp_type_name);
        }
        self.out.push_str("#endif\n\n");

        self.emit_ifdef(format!("GET_{}_IMPL", table.guard));
        let mut strings = StringTable::default();
        let rows = self.table_rows(table)?;
        let _ = writeln!(self.out, "constexpr {} {}[] = {{", table.cpp_type_name, table.name);
        let loc = table.locs.first().copied().unwrap_or(Loc::NONE);
        for (i, &entry) in rows.iter().enumerate() {
            let mut row = String::from("  { ");
            for (j, field) in table.fields.iter().enumerate() {
                if j > 0 {
                    row.push_str(", ");
                }
                let Some(entry) = entry else {
                    // An empty row of a sparse table: a key that differs from the row's index.
                    let is_key = table.primary_key.as_ref().is_some_and(|k| k.fields[0].name == field.name);
                    row.push_str(match (is_key, i) {
                        (true, 0) => "0x1",
                        (true, _) => "0x0",
                        (false, _) => "{}",
                    });
                    continue;
                };
                let value = self.fields.init(entry, &field.name)?;
                let repr = self.primary_representation(loc, field, value)?;
                match value.kind() {
                    InitKind::Str(s, code) if self.dialect.string_tables && !field.is_code && !*code => {
                        let _ = write!(row, "{} /* {repr} */", strings.offset(s));
                    }
                    _ => row.push_str(&repr),
                }
            }
            let _ = writeln!(self.out, "{row} }}, // {i}");
        }
        self.out.push_str(" };\n");
        // The lookup functions may add strings: the string table comes before them.
        let mut lookups = String::new();
        if let (true, Some(primary)) = (table.sparse, &table.primary_key) {
            let field = &primary.fields[0].name;
            let _ = writeln!(lookups, "\n{} {{", self.lookup_declaration(table, primary)?);
            let _ = writeln!(lookups, "  if ({field} >= {})\n    return nullptr;", rows.len());
            let _ = writeln!(lookups, "  const auto *Entry = &{}[{field}];", table.name);
            let _ = writeln!(lookups, "  return Entry->{field} == {field} ? Entry : nullptr;\n}}");
        } else if let Some(primary) = &table.primary_key {
            self.emit_lookup(table, primary, true, &mut strings, &mut lookups)?;
        }
        for index in &table.indices {
            self.emit_lookup(table, index, false, &mut strings, &mut lookups)?;
        }
        if has_strings {
            strings.write_definition(&format!("{}Strings", table.name), &mut self.out);
            let _ = writeln!(self.out, "\nStringRef get{}Str(StringTable::Offset Offset) {{", table.cpp_type_name);
            let _ = writeln!(self.out, "  return {}Strings[Offset];\n}}", table.name);
        }
        self.out.push_str(&lookups);
        self.out.push_str("#endif\n\n");
        Ok(())
    }

    /// The rows of the primary table: the entries, or for a sparse table one row per possible
    /// key, `None` where no entry has it.
    fn table_rows(&self, table: &GenericTable) -> Result<Vec<Option<RecId>>> {
        let Some(key) = table.primary_key.as_ref().filter(|_| table.sparse) else {
            return Ok(table.entries.iter().map(|&e| Some(e)).collect());
        };
        let field = &key.fields[0];
        let TyKind::Bits(n) = *field.kind() else { unreachable!("sparse tables have a bits key") };
        let mut rows = vec![None; 1 << n];
        for &entry in &table.entries {
            let value = self.as_int(self.fields.init(entry, &field.name)?, self.rec_locs(entry))? as u64 as usize;
            match rows.get_mut(value) {
                Some(slot @ None) => *slot = Some(entry),
                _ => {
                    let message = format!("In table '{}', duplicate primary key value {value}", table.name);
                    return Err(self.fatal(self.rec_locs(entry), message));
                }
            }
        }
        Ok(rows)
    }

    fn lookup_declaration(&self, table: &GenericTable, index: &SearchIndex) -> Result<String> {
        let mut s = if index.return_range {
            format!("llvm::iterator_range<const {} *> ", table.cpp_type_name)
        } else {
            format!("const {} *", table.cpp_type_name)
        };
        s.push_str(&index.name);
        s.push('(');
        for (i, field) in index.fields.iter().enumerate() {
            if i > 0 {
                s.push_str(", ");
            }
            let _ = write!(s, "{} {}", self.field_type(table, index, field, TypeContext::Argument)?, field.name);
        }
        s.push(')');
        Ok(s)
    }

    fn emit_lookup(
        &mut self,
        table: &GenericTable,
        index: &SearchIndex,
        is_primary: bool,
        strings: &mut StringTable,
        out: &mut String,
    ) -> Result<()> {
        let mut s = String::from("\n");
        s.push_str(&self.lookup_declaration(table, index)?);
        s.push_str(" {\n");
        let (index_type, index_name, rows) = if is_primary {
            (table.cpp_type_name.as_str(), table.name.as_str(), table.entries.clone())
        } else {
            s.push_str("  struct IndexType {\n");
            for field in &index.fields {
                let _ = writeln!(
                    s,
                    "    {} {};",
                    self.field_type(table, index, field, TypeContext::StaticStruct)?,
                    field.name
                );
            }
            s.push_str("    unsigned _index;\n  };\n");
            s.push_str("  static const struct IndexType Index[] = {\n");
            let mut entries: Vec<(RecId, usize)> = table.entries.iter().copied().zip(0..).collect();
            self.stable_sort(&mut entries, index, |e| e.0)?;
            for &(rec, i) in &entries {
                s.push_str("    { ");
                for (j, field) in index.fields.iter().enumerate() {
                    if j > 0 {
                        s.push_str(", ");
                    }
                    let value = self.fields.init(rec, &field.name)?;
                    let mut repr = self.primary_representation(index.loc, field, value)?;
                    if field.is_string() {
                        repr = repr.to_ascii_uppercase();
                        if self.dialect.string_tables {
                            let offset = strings.offset(&value.unquoted().to_ascii_uppercase());
                            repr = format!("{offset} /* {repr} */");
                        }
                    }
                    s.push_str(&repr);
                }
                let _ = writeln!(s, ", {i} }},");
            }
            s.push_str("  };\n\n");
            ("IndexType", "Index", entries.into_iter().map(|e| e.0).collect())
        };

        let single_numeric = match index.fields.as_slice() {
            [only] => only.generic_enum.is_some() || matches!(only.kind(), TyKind::Bits(_)) || only.is_instruction,
            _ => false,
        };
        let mut contiguous = false;
        if single_numeric {
            let first_value = self.numeric_key(index, rows[0])?;
            contiguous = true;
            for (i, &row) in rows.iter().enumerate() {
                if self.numeric_key(index, row)? != first_value + i as i64 {
                    contiguous = false;
                    break;
                }
            }
        }
        if contiguous || index.early_out {
            let Some(first) = index.fields.first() else {
                return Err(
                    self.fatal(&[index.loc], format!("In lookup method '{}', early-out needs a key field", index.name))
                );
            };
            let first_repr = self.primary_representation(index.loc, first, self.fields.init(rows[0], &first.name)?)?;
            let last = *rows.last().expect("tables have entries");
            let last_repr = self.primary_representation(index.loc, first, self.fields.init(last, &first.name)?)?;
            let name = &first.name;
            let ty = || self.field_type(table, index, first, TypeContext::StaticStruct);
            match self.dialect.range_check {
                KeyRangeCheck::Compare => {
                    let _ = writeln!(s, "  if (({name} < {first_repr}) ||");
                    let _ = writeln!(s, "      ({name} > {last_repr}))");
                }
                KeyRangeCheck::ClampCasts => {
                    let t = ty()?;
                    let _ = writeln!(
                        s,
                        "  if (({t}){name} != std::clamp(({t}){name}, ({t}){first_repr}, ({t}){last_repr}))"
                    );
                }
                KeyRangeCheck::ClampTemplate => {
                    let t = ty()?;
                    let _ = writeln!(s, "  if (({t}){name} != std::clamp<{t}>({name}, {first_repr}, {last_repr}))");
                }
            }
            // LLVM 19 indexes contiguous keys directly at once; later releases only when the
            // index does not ask for an early out, after a blank line.
            let compare = self.dialect.range_check == KeyRangeCheck::Compare;
            if compare && !contiguous {
                s.push_str("    return nullptr;\n\n");
            } else if compare {
                s.push_str("    return nullptr;\n");
            } else {
                s.push_str("    return nullptr;\n\n");
            }
            if contiguous && (compare || !index.early_out) {
                let _ = writeln!(s, "  auto Table = ArrayRef({index_name});");
                let _ = writeln!(s, "  size_t Idx = {name} - {first_repr};");
                if is_primary {
                    s.push_str("  return &Table[Idx];\n");
                } else {
                    let _ = writeln!(s, "  return &{}[Table[Idx]._index];", table.name);
                }
                s.push_str("}\n");
                out.push_str(&s);
                return Ok(());
            }
        }

        s.push_str("  struct KeyType {\n");
        for field in &index.fields {
            let _ =
                writeln!(s, "    {} {};", self.field_type(table, index, field, TypeContext::TempStruct)?, field.name);
        }
        s.push_str("  };\n  KeyType Key = {");
        for (i, field) in index.fields.iter().enumerate() {
            if i > 0 {
                s.push_str(", ");
            }
            s.push_str(&field.name);
            if field.is_string() {
                s.push_str(".upper()");
                if is_primary {
                    let message = format!(
                        "In table '{}', use a secondary lookup method for case-insensitive comparison of field '{}'",
                        table.name, field.name
                    );
                    return Err(self.fatal(&[index.loc], message));
                }
            }
        }
        s.push_str("};\n");
        s.push_str("  struct Comp {\n");
        let _ = writeln!(s, "    bool operator()(const {index_type} &LHS, const KeyType &RHS) const {{");
        let strings_of = self.dialect.string_tables.then_some(table.name.as_str());
        s.push_str(&comparator(index, strings_of, false));
        if index.return_range {
            let _ = writeln!(s, "    bool operator()(const KeyType &LHS, const {index_type} &RHS) const {{");
            s.push_str(&comparator(index, strings_of, true));
        }
        s.push_str("  };\n");
        let _ = writeln!(s, "  auto Table = ArrayRef({index_name});");
        if index.return_range {
            s.push_str("  auto It = std::equal_range(Table.begin(), Table.end(), Key, Comp());\n");
            s.push_str("  return llvm::make_range(It.first, It.second);\n");
        } else {
            s.push_str("  auto Idx = std::lower_bound(Table.begin(), Table.end(), Key, Comp());\n");
            s.push_str("  if (Idx == Table.end()");
            for field in &index.fields {
                match strings_of {
                    Some(table_name) if field.is_string() => {
                        let _ = write!(s, " ||\n      Key.{0} != {table_name}Strings[Idx->{0}]", field.name);
                    }
                    _ => {
                        let _ = write!(s, " ||\n      Key.{0} != Idx->{0}", field.name);
                    }
                }
            }
            s.push_str(")\n    return nullptr;\n\n");
            if is_primary {
                s.push_str("  return &*Idx;\n");
            } else {
                let _ = writeln!(s, "  return &{}[Idx->_index];", table.name);
            }
        }
        s.push_str("}\n");
        out.push_str(&s);
        Ok(())
    }
}

/// The body of a `Comp::operator()`, comparing the key fields in order. `strings_of`: the
/// table whose string table holds the index's strings (as offsets); `key_first`: the left-hand
/// side is the key (the second comparator of a range lookup), not an index row.
fn comparator(index: &SearchIndex, strings_of: Option<&str>, key_first: bool) -> String {
    let mut s = String::new();
    for field in &index.fields {
        let name = &field.name;
        if let (true, Some(table)) = (field.is_string(), strings_of) {
            let (lhs, rhs) = if key_first {
                (format!("LHS.{name}"), format!("{table}Strings[RHS.{name}]"))
            } else {
                (format!("{table}Strings[LHS.{name}]"), format!("RHS.{name}"))
            };
            let _ = writeln!(s, "      StringRef LHS{name}Str = {lhs};");
            let _ = writeln!(s, "      StringRef RHS{name}Str = {rhs};");
            let _ = writeln!(s, "      int Cmp{name} = LHS{name}Str.compare(RHS{name}Str);");
            let _ = writeln!(s, "      if (Cmp{name} < 0) return true;");
            let _ = writeln!(s, "      if (Cmp{name} > 0) return false;");
        } else if field.is_string() {
            let _ = writeln!(s, "      int Cmp{name} = StringRef(LHS.{name}).compare(RHS.{name});");
            let _ = writeln!(s, "      if (Cmp{name} < 0) return true;");
            let _ = writeln!(s, "      if (Cmp{name} > 0) return false;");
        } else if field.generic_enum.is_some() {
            // Cast explicitly: the signedness of enums is up to the compiler.
            let _ = writeln!(s, "      if ((unsigned)LHS.{name} < (unsigned)RHS.{name})\n        return true;");
            let _ = writeln!(s, "      if ((unsigned)LHS.{name} > (unsigned)RHS.{name})\n        return false;");
        } else {
            let _ = writeln!(s, "      if (LHS.{name} < RHS.{name})\n        return true;");
            let _ = writeln!(s, "      if (LHS.{name} > RHS.{name})\n        return false;");
        }
    }
    s.push_str("      return false;\n    }\n");
    s
}

/// One field's part of a record's sort key; the parts at one position are all of one kind.
#[derive(PartialEq, Eq, PartialOrd, Ord)]
enum KeyPart {
    /// bits, int, and GenericEnum values.
    Int(i64),
    /// (target prefix, name): generic intrinsics first, then by target.
    Intrinsic(&'static str, String),
    /// (not a pseudo-instruction, name): pseudo-instructions first.
    Instruction(bool, &'static str),
    /// The representation in the table; upper-cased for string fields.
    Str(String),
}

/// The table's strings (LLVM's `StringToOffsetTable`, `common::emit`), offset 0 the empty string.
struct StringTable(StringToOffsetTable);

impl Default for StringTable {
    fn default() -> StringTable {
        let mut table = StringTable(StringToOffsetTable::default());
        table.offset("");
        table
    }
}

impl StringTable {
    /// `GetOrAddStringOffset`.
    fn offset(&mut self, s: &str) -> usize {
        self.0.get_or_add(s) as usize
    }

    /// `EmitStringTableDef(OS, name)`.
    fn write_definition(&self, name: &str, out: &mut String) {
        self.0.emit_string_table_def(name, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn string_table_offsets_count_bytes_and_nuls() {
        let mut table = StringTable::default();
        assert_eq!(table.offset("baz"), 1);
        assert_eq!(table.offset("é\t"), 5);
        assert_eq!(table.offset("baz"), 1);
        assert_eq!(table.offset(""), 0);
        assert_eq!(table.offset("x"), 9);
    }

    #[test]
    fn string_table_definition_escapes_as_llvm() {
        let mut table = StringTable::default();
        table.offset("a\"b\\c\nd\u{1}é");
        let mut out = String::new();
        table.write_definition("TStrings", &mut out);
        let expected = "\n#ifdef __GNUC__\n#pragma GCC diagnostic push\n#pragma GCC diagnostic ignored \"-Woverlength-strings\"\n#endif\n\
            static constexpr char TStringsStorage[] =\n  \"\\0\"\n  \"a\\\"b\\\\c\\nd\\001\\303\\251\\0\"\n  ;\n\
            #ifdef __GNUC__\n#pragma GCC diagnostic pop\n#endif\n\nstatic constexpr llvm::StringTable\nTStrings = TStringsStorage;\n";
        assert_eq!(out, expected);
    }
}
