//! `--gen-opt-parser-defs`: the option tables of LLVM's tools (`llvm/Option` OptTable) from
//! `Option` and `OptionGroup` defs: prefixes, groups, options, marshalling info and the enum
//! value tables (LLVM's OptParserEmitter.cpp, with Common/OptEmitter.cpp's order). Since LLVM
//! 22 (OptionParserEmitter.cpp) names and prefixes are offsets into one string table and
//! options may belong to subcommands; LLVM 23 drops the marshalling's value merger and
//! extractor.

use crate::common::emit::{source_file_header, write_escaped, StringToOffsetTable};
use crate::common::records::Fields;
use crate::{all_derived_definitions, Backend, BackendError, BackendOptions, Output};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::init::Init;
use tdq_core::types::RecId;
use tdq_core::{ByRelease, Evaluation};

pub struct GenOptParserDefs;

impl Backend for GenOptParserDefs {
    fn name(&self) -> &'static str {
        "gen-opt-parser-defs"
    }
    fn help(&self) -> &'static str {
        "Generate option definitions"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<()> {
        let text = Emitter { f: Fields { input }, form: *FORM.get(options.release) }.run()?;
        out.write_all(text.as_bytes())?;
        Ok(())
    }
}

type Result<T> = std::result::Result<T, BackendError>;

/// What the tables look like in a release.
#[derive(Clone, Copy)]
struct Form {
    /// LLVM 22 on: option names and prefixes are offsets into `OptionStrTable`, the prefix
    /// lists an offset table, and each entry ends with its subcommands' offset
    /// (`OPTTABLE_*_CODE` sections). LLVM 19: string literals and `PREFIX(...)` macros.
    string_table: bool,
    /// Through LLVM 22: marshalling names a value merger and a value extractor.
    value_merger: bool,
}

const FORM_19: Form = Form { string_table: false, value_merger: true };
const FORM_22: Form = Form { string_table: true, ..FORM_19 };
const FORM: ByRelease<Form> = ByRelease { v19: FORM_19, v22: FORM_22, v23: Form { value_merger: false, ..FORM_22 } };

/// Where an entry's strings come from: literals (LLVM 19) or the string table, with each
/// prefix list's and subcommand list's offset (LLVM 22 on).
enum Names {
    Literals { prefixes: BTreeMap<Vec<&'static str>, String> },
    Table { strings: StringToOffsetTable, prefixes: BTreeMap<Vec<&'static str>, u32>, subcommands: SubCommands },
}

/// The subcommands (`SubCommand` defs, by name) and the offset of each distinct list of them
/// in `OptionSubCommandIDsTable`.
struct SubCommands {
    defs: Vec<RecId>,
    lists: BTreeMap<Vec<&'static str>, u32>,
}

/// A C string literal of `s`, escaped as `raw_ostream::write_escaped` does.
fn cstring(out: &mut String, s: &str) {
    out.push('"');
    write_escaped(out, s.as_bytes());
    out.push('"');
}

/// `StrCmpOptionName` (llvm/Option/OptTable.h's order): case-insensitive, a prefix after the
/// longer name, ties broken case-sensitively.
pub(crate) fn str_cmp_option_name(a: &str, b: &str) -> std::cmp::Ordering {
    use std::cmp::Ordering;
    let (x, y) = (a.as_bytes(), b.as_bytes());
    let mut i = 0;
    loop {
        let ca = x.get(i).map(u8::to_ascii_lowercase);
        let cb = y.get(i).map(u8::to_ascii_lowercase);
        match (ca, cb) {
            (None, None) => return x.cmp(y),
            (Some(p), Some(q)) if p == q => i += 1,
            // The shorter, a prefix of the other, comes after it.
            (None, Some(_)) => return Ordering::Greater,
            (Some(_), None) => return Ordering::Less,
            (Some(p), Some(q)) => return p.cmp(&q),
        }
    }
}

/// What the order of options reads of one option.
struct SortKey {
    sentinel: bool,
    name: &'static str,
    prefixes: Vec<&'static str>,
    precedence: i64,
}

fn sort_key(f: &Fields, rec: RecId) -> Result<SortKey> {
    let kind = f.def(rec, "Kind")?;
    Ok(SortKey {
        sentinel: f.bit(kind, "Sentinel")?,
        name: f.string(rec, "Name")?,
        prefixes: f.strings(rec, "Prefixes")?,
        precedence: f.int(kind, "Precedence")?,
    })
}

/// `CompareOptionRecords` (`IsOptionRecordsLess` since LLVM 22), sorting `opts`: sentinels first, then by name, prefixes and kind precedence;
/// two options equal in all of these are an error.
pub(crate) fn sort_option_records(f: &Fields, opts: &mut Vec<RecId>) -> Result<()> {
    let keys = opts.iter().map(|&r| sort_key(f, r)).collect::<Result<Vec<_>>>()?;
    let mut order: Vec<usize> = (0..opts.len()).collect();
    let mut equivalent = None;
    order.sort_by(|&a, &b| {
        use std::cmp::Ordering;
        let (ka, kb) = (&keys[a], &keys[b]);
        if ka.sentinel != kb.sentinel {
            return if ka.sentinel { Ordering::Less } else { Ordering::Greater };
        }
        if !ka.sentinel {
            let by_name = str_cmp_option_name(ka.name, kb.name);
            if by_name != Ordering::Equal {
                return by_name;
            }
            for (pa, pb) in ka.prefixes.iter().zip(&kb.prefixes) {
                let by_prefix = str_cmp_option_name(pa, pb);
                if by_prefix != Ordering::Equal {
                    return by_prefix;
                }
            }
        }
        if ka.precedence == kb.precedence && ka.prefixes == kb.prefixes {
            equivalent.get_or_insert((a.min(b), a.max(b)));
            return a.cmp(&b);
        }
        if ka.precedence < kb.precedence {
            Ordering::Less
        } else {
            Ordering::Greater
        }
    });
    if let Some((a, b)) = equivalent {
        let mut diags = tdq_core::Diagnostics::new();
        diags.error_at(&f.input.records.get(opts[a]).locs, "Option is equivalent to");
        diags.error_at(&f.input.records.get(opts[b]).locs, "Other defined here");
        diags.error(tdq_core::Loc::NONE, "Equivalent Options found.");
        return Err(BackendError::Fatal(diags));
    }
    *opts = order.into_iter().map(|i| opts[i]).collect();
    Ok(())
}

struct Emitter<'a> {
    f: Fields<'a>,
    form: Form,
}

impl Emitter<'_> {
    fn fatal(&self, rec: RecId, message: impl Into<String>) -> BackendError {
        BackendError::fatal(&self.f.input.records.get(rec).locs, message)
    }

    /// `getOptionName`: `EnumName` if set, else the def's name.
    fn option_name(&self, rec: RecId) -> Result<String> {
        if self.f.is_unset(rec, "EnumName")? {
            Ok(self.f.name(rec).to_owned())
        } else {
            Ok(self.f.string(rec, "EnumName")?.to_owned())
        }
    }

    fn run(&self) -> Result<String> {
        let input = self.f.input;
        let groups = all_derived_definitions(input, "OptionGroup")?;
        let mut opts = all_derived_definitions(input, "Option")?;
        let mut s = String::new();
        source_file_header(&mut s, "Option Parsing Definitions", None);
        sort_option_records(&self.f, &mut opts)?;

        let names = if self.form.string_table {
            self.string_table_sections(&groups, &opts, &mut s)?
        } else {
            self.prefix_sections(&opts, &mut s)?
        };

        s.push_str("/////////\n// ValuesCode\n\n#ifdef OPTTABLE_VALUES_CODE\n");
        for &opt in &opts {
            if !self.f.is_unset(opt, "ValuesCode")? {
                let _ = writeln!(s, "#define VALUES_CODE {}_Values", self.option_name(opt)?);
                let _ = writeln!(s, "{}", self.f.string(opt, "ValuesCode")?);
                s.push_str("#undef VALUES_CODE\n");
            }
        }
        s.push_str("#endif\n");

        s.push_str("/////////\n// Groups\n\n#ifdef OPTION\n");
        for &group in &groups {
            match &names {
                Names::Literals { .. } => {
                    s.push_str("OPTION(llvm::ArrayRef<llvm::StringLiteral>()");
                    let _ = write!(s, ", \"{}\"", self.f.string(group, "Name")?);
                }
                Names::Table { strings, .. } => {
                    s.push_str("OPTION(0 /* no prefixes */, ");
                    string_offset(&mut s, strings, self.f.string(group, "Name")?);
                }
            }
            let _ = write!(s, ", {}, Group, ", self.option_name(group)?);
            match self.f.init(group, "Group")?.as_def() {
                Some(parent) => s.push_str(&self.option_name(parent)?),
                None => s.push_str("INVALID"),
            }
            s.push_str(", INVALID, nullptr, 0, 0, 0");
            self.help_text(group, &mut s)?;
            self.help_texts_for_variants(&mut s, &[]);
            s.push_str(", nullptr, nullptr");
            self.subcommands_offset(group, &names, &mut s)?;
            s.push_str(")\n");
        }
        s.push_str("\n//////////\n// Options\n\n");

        let mut with_marshalling = Vec::new();
        for &opt in &opts {
            s.push_str("OPTION(");
            self.option_fields(opt, &names, &mut s)?;
            s.push_str(")\n");
            if !self.f.is_unset(opt, "KeyPath")? && !self.f.string(opt, "KeyPath")?.is_empty() {
                with_marshalling.push(opt);
            }
        }
        s.push_str("#endif // OPTION\n");

        // In definition order: `DefaultAnyOf` implies dependencies between them.
        with_marshalling.sort_unstable();
        let mut infos = Vec::with_capacity(with_marshalling.len());
        let mut next_table = 0;
        for &opt in &with_marshalling {
            infos.push(self.marshalling(opt, &mut next_table)?);
        }
        for info in &infos {
            let macro_name = format!("{}OPTION_WITH_MARSHALLING", info.macro_prefix);
            let _ = write!(s, "#ifdef {macro_name}\n{macro_name}(");
            self.option_fields(info.rec, &names, &mut s)?;
            s.push_str(", ");
            info.emit(self.form, &mut s);
            let _ = writeln!(s, ")\n#endif // {macro_name}");
        }

        s.push_str("\n#ifdef SIMPLE_ENUM_VALUE_TABLE\n");
        s.push_str(
            "\nstruct SimpleEnumValue {\n  const char *Name;\n  unsigned Value;\n};\n\n\
             struct SimpleEnumValueTable {\n  const SimpleEnumValue *Table;\n  unsigned Size;\n};\n",
        );
        let mut table_names = Vec::new();
        for info in &infos {
            if let Some(table) = &info.table {
                let _ = writeln!(s, "static const SimpleEnumValue {}[] = {{", table.name);
                for (value, normalized) in table.values.iter().zip(&table.normalized) {
                    s.push('{');
                    cstring(&mut s, value);
                    s.push_str(",static_cast<unsigned>(");
                    info.scoped(&mut s, normalized);
                    s.push_str(")},");
                }
                s.push_str("};\n");
                table_names.push(table.name.clone());
            }
        }
        s.push_str("static const SimpleEnumValueTable SimpleEnumValueTables[] = {");
        for name in &table_names {
            let _ = writeln!(s, "{{{name}, std::size({name})}},");
        }
        s.push_str("};\nstatic const unsigned SimpleEnumValueTablesSize = std::size(SimpleEnumValueTables);\n");
        s.push_str("#endif // SIMPLE_ENUM_VALUE_TABLE\n\n");
        if let Names::Table { subcommands, .. } = &names {
            s.push_str("/////////\n\n// SubCommands\n\n#ifdef OPTTABLE_SUBCOMMANDS_CODE\n");
            s.push_str("static constexpr llvm::opt::OptTable::SubCommand OptionSubCommands[] = {\n");
            for &sub in &subcommands.defs {
                let _ = writeln!(
                    s,
                    "  {{ \"{}\", \"{}\", \"{}\" }},",
                    self.f.string(sub, "Name")?,
                    self.f.string(sub, "HelpText")?,
                    self.f.string(sub, "Usage")?
                );
            }
            s.push_str("};\n#endif // OPTTABLE_SUBCOMMANDS_CODE\n\n");
        }
        s.push('\n');
        Ok(s)
    }

    /// LLVM 19's `PREFIX` and `PREFIX_UNION` sections: each distinct list of prefixes named
    /// by its rank, and their union, as string literals.
    fn prefix_sections(&self, opts: &[RecId], s: &mut String) -> Result<Names> {
        let mut prefixes: BTreeMap<Vec<&'static str>, String> = BTreeMap::new();
        prefixes.insert(Vec::new(), "prefix_0".to_owned());
        for &opt in opts {
            let key = self.f.strings(opt, "Prefixes")?;
            let next = prefixes.len();
            prefixes.entry(key).or_insert_with(|| format!("prefix_{next}"));
        }
        s.push_str("/////////\n// Prefixes\n\n#ifdef PREFIX\n#define COMMA ,\n");
        for (key, name) in &prefixes {
            let _ = write!(s, "PREFIX({name}, {{");
            for prefix in key {
                let _ = write!(s, "llvm::StringLiteral(\"{prefix}\") COMMA ");
            }
            s.push_str("llvm::StringLiteral(\"\")})\n");
        }
        s.push_str("#undef COMMA\n#endif // PREFIX\n\n");

        s.push_str("/////////\n// Prefix Union\n\n#ifdef PREFIX_UNION\n#define COMMA ,\nPREFIX_UNION({\n");
        for prefix in prefix_union(prefixes.keys()) {
            let _ = write!(s, "llvm::StringLiteral(\"{prefix}\") COMMA ");
        }
        s.push_str("llvm::StringLiteral(\"\")})\n#undef COMMA\n#endif // PREFIX_UNION\n\n");
        Ok(Names::Literals { prefixes })
    }

    /// LLVM 22's string table, prefix table, subcommand table and prefix union sections.
    fn string_table_sections(&self, groups: &[RecId], opts: &[RecId], s: &mut String) -> Result<Names> {
        let f = &self.f;
        let mut prefixes: BTreeMap<Vec<&'static str>, u32> = BTreeMap::new();
        prefixes.insert(Vec::new(), 0);
        for &opt in opts {
            prefixes.insert(f.strings(opt, "Prefixes")?, 0);
        }
        let mut subcommands =
            SubCommands { defs: all_derived_definitions(f.input, "SubCommand")?, lists: BTreeMap::new() };
        subcommands.lists.insert(Vec::new(), 0);
        for &opt in opts {
            let list = f.defs(opt, "SubCommands")?.into_iter().map(|d| f.name(d)).collect();
            subcommands.lists.insert(list, 0);
        }
        let union = prefix_union(prefixes.keys());
        let mut strings = StringToOffsetTable::starting_empty();
        for prefix in &union {
            strings.get_or_add(prefix);
        }
        for &group in groups {
            strings.get_or_add(f.string(group, "Name")?);
        }
        for &opt in opts {
            strings.get_or_add(&self.prefixed_name(opt)?);
        }

        s.push_str("/////////\n// String table\n\n#ifdef OPTTABLE_STR_TABLE_CODE\n");
        strings.emit_string_table_def("OptionStrTable", s);
        s.push_str("#endif // OPTTABLE_STR_TABLE_CODE\n\n");

        s.push_str("/////////\n// Prefixes\n\n#ifdef OPTTABLE_PREFIXES_TABLE_CODE\n");
        s.push_str("static constexpr llvm::StringTable::Offset OptionPrefixesTable[] = {\n");
        let mut index = 0;
        for (i, (list, offset)) in prefixes.iter_mut().enumerate() {
            if i > 0 {
                s.push_str(",\n");
            }
            let _ = write!(s, "  {} /* prefixes */", list.len());
            for prefix in list.iter() {
                let _ = write!(s, ", {} /* '{prefix}' */", strings.get(prefix).unwrap_or(0));
            }
            *offset = index;
            index += list.len() as u32 + 1;
        }
        s.push_str("\n};\n#endif // OPTTABLE_PREFIXES_TABLE_CODE\n\n");

        // LLVM prints this heading without the newline after the slashes.
        s.push_str("/////////// SubCommand IDs\n\n#ifdef OPTTABLE_SUBCOMMAND_IDS_TABLE_CODE\n");
        s.push_str("static constexpr unsigned OptionSubCommandIDsTable[] = {\n");
        let mut index = 0;
        for (i, (list, offset)) in subcommands.lists.iter_mut().enumerate() {
            if i > 0 {
                s.push_str(",\n");
            }
            let _ = write!(s, "  {} /* subcommands */", list.len());
            for name in list.iter() {
                // Every listed subcommand is a `SubCommand` def, so it has a position.
                let position = subcommands.defs.iter().position(|&d| f.name(d) == *name).unwrap_or(0);
                let _ = write!(s, ", {position} /* '{name}' */");
            }
            *offset = index;
            index += list.len() as u32 + 1;
        }
        s.push_str("\n};\n#endif // OPTTABLE_SUBCOMMAND_IDS_TABLE_CODE\n\n");

        s.push_str("/////////\n// Prefix Union\n\n#ifdef OPTTABLE_PREFIXES_UNION_CODE\n");
        s.push_str("static constexpr llvm::StringTable::Offset OptionPrefixesUnion[] = {\n");
        for (i, prefix) in union.iter().enumerate() {
            if i > 0 {
                s.push_str(", ");
            }
            let _ = write!(s, "  {} /* '{prefix}' */", strings.get(prefix).unwrap_or(0));
        }
        s.push_str("\n};\n#endif // OPTTABLE_PREFIXES_UNION_CODE\n\n");
        Ok(Names::Table { strings, prefixes, subcommands })
    }

    /// `getOptionPrefixedName`: the name after the first prefix.
    fn prefixed_name(&self, rec: RecId) -> Result<String> {
        let prefixes = self.f.strings(rec, "Prefixes")?;
        let name = self.f.string(rec, "Name")?;
        Ok(match prefixes.first() {
            Some(first) => format!("{first}{name}"),
            None => name.to_owned(),
        })
    }

    /// LLVM 22's last `OPTION` argument: the offset of the record's subcommand list, ` 0`
    /// for a record without the field (a group).
    fn subcommands_offset(&self, rec: RecId, names: &Names, s: &mut String) -> Result<()> {
        let Names::Table { subcommands, .. } = names else {
            return Ok(());
        };
        s.push_str(", ");
        if self.f.value(rec, "SubCommands").is_some() {
            let list: Vec<&str> = self.f.defs(rec, "SubCommands")?.into_iter().map(|d| self.f.name(d)).collect();
            let _ = write!(s, "{}", subcommands.lists.get(&list).copied().unwrap_or(0));
        } else {
            s.push_str(" 0");
        }
        Ok(())
    }

    /// `, "help"` on its own line, or `, nullptr`.
    fn help_text(&self, rec: RecId, s: &mut String) -> Result<()> {
        if self.f.is_unset(rec, "HelpText")? {
            s.push_str(", nullptr");
        } else {
            s.push_str(",\n       ");
            cstring(s, self.f.string(rec, "HelpText")?);
        }
        Ok(())
    }

    /// `WriteOptRecordFields`: the arguments of an `OPTION(...)` entry.
    fn option_fields(&self, rec: RecId, names: &Names, s: &mut String) -> Result<()> {
        let f = &self.f;
        let own_prefixes = f.strings(rec, "Prefixes")?;
        let name = self.prefixed_name(rec)?;
        match names {
            Names::Literals { prefixes } => {
                let _ = write!(s, "{}, ", prefixes[&own_prefixes]);
                cstring(s, &name);
            }
            Names::Table { strings, prefixes, .. } => {
                let _ = write!(s, "{}, ", prefixes[&own_prefixes]);
                string_offset(s, strings, &name);
            }
        }
        let kind = f.def(rec, "Kind")?;
        let _ = write!(s, ", {}, {}, ", self.option_name(rec)?, f.string(kind, "Name")?);
        let mut group_flags: &[Init] = &[];
        let mut group_visibility: &[Init] = &[];
        match f.init(rec, "Group")?.as_def() {
            Some(group) => {
                group_flags = f.list(group, "Flags")?;
                group_visibility = f.list(group, "Visibility")?;
                s.push_str(&self.option_name(group)?);
            }
            None => s.push_str("INVALID"),
        }
        s.push_str(", ");
        match f.init(rec, "Alias")?.as_def() {
            Some(alias) => s.push_str(&self.option_name(alias)?),
            None => s.push_str("INVALID"),
        }
        s.push_str(", ");
        let alias_args = f.strings(rec, "AliasArgs")?;
        if alias_args.is_empty() {
            s.push_str("nullptr");
        } else {
            s.push('"');
            for arg in alias_args {
                let _ = write!(s, "{arg}\\0");
            }
            s.push('"');
        }
        for (field, group_values) in [("Flags", group_flags), ("Visibility", group_visibility)] {
            s.push_str(", ");
            let mut count = 0;
            for value in f.list(rec, field)?.iter().chain(group_values) {
                let Some(def) = value.as_def() else {
                    return Err(self.fatal(
                        rec,
                        format!("Record `{}', field `{field}' list is not entirely DefInit!", f.name(rec)),
                    ));
                };
                if count > 0 {
                    s.push_str(" | ");
                }
                s.push_str(f.name(def));
                count += 1;
            }
            if count == 0 {
                s.push('0');
            }
        }
        let _ = write!(s, ", {}", f.int(rec, "NumArgs")?);
        self.help_text(rec, s)?;
        let mut variants = Vec::new();
        for variant in f.defs(rec, "HelpTextsForVariants")? {
            let visibilities: Vec<String> = f.list(variant, "Visibilities")?.iter().map(|v| v.unquoted()).collect();
            variants.push((visibilities, f.string(variant, "Text")?));
        }
        self.help_texts_for_variants(s, &variants);
        s.push_str(", ");
        if f.is_unset(rec, "MetaVarName")? {
            s.push_str("nullptr");
        } else {
            cstring(s, f.string(rec, "MetaVarName")?);
        }
        s.push_str(", ");
        if !f.is_unset(rec, "Values")? {
            cstring(s, f.string(rec, "Values")?);
        } else if !f.is_unset(rec, "ValuesCode")? {
            let _ = write!(s, "{}_Values", self.option_name(rec)?);
        } else {
            s.push_str("nullptr");
        }
        self.subcommands_offset(rec, names, s)
    }

    /// `EmitHelpTextsForVariants`: one (visibilities, help) pair at most; none gives a pair
    /// of zeros. (LLVM means to pad a given pair's visibilities with zeros too, but pads a
    /// copy.) LLVM 22 writes each pair as a braced list rather than `std::make_pair`.
    fn help_texts_for_variants(&self, s: &mut String, variants: &[(Vec<String>, &str)]) {
        s.push_str(", (std::array<std::pair<std::array<unsigned, 2>, const char*>, 1>{{ ");
        let padding = [(vec!["0".to_owned(), "0".to_owned()], "")];
        let variants = if variants.is_empty() { &padding[..] } else { variants };
        let (open, close) = if self.form.string_table { ("{", "}") } else { ("std::make_pair(", ")") };
        for (i, (visibilities, help)) in variants.iter().enumerate() {
            if i > 0 {
                s.push_str(", ");
            }
            let _ = write!(s, "{open}std::array<unsigned, 2>{{{{{}}}}}, ", visibilities.join(", "));
            if help.is_empty() {
                s.push_str("nullptr");
            } else {
                cstring(s, help);
            }
            s.push_str(close);
        }
        s.push_str(" }})");
    }

    /// `createMarshallingInfo`; `next_table` numbers the value tables.
    fn marshalling(&self, rec: RecId, next_table: &mut usize) -> Result<Marshalling> {
        let f = &self.f;
        let default_value = f.string(rec, "DefaultValue")?;
        let mut info = Marshalling {
            rec,
            should_always_emit: f.bit(rec, "ShouldAlwaysEmit")?,
            macro_prefix: f.string(rec, "MacroPrefix")?,
            key_path: f.string(rec, "KeyPath")?,
            default_value,
            normalized_values_scope: f.string(rec, "NormalizedValuesScope")?,
            implied_check: f.string(rec, "ImpliedCheck")?,
            implied_value: f.optional_string(rec, "ImpliedValue")?.unwrap_or(default_value),
            should_parse: f.string(rec, "ShouldParse")?,
            normalizer: f.string(rec, "Normalizer")?,
            denormalizer: f.string(rec, "Denormalizer")?,
            value_merger: if self.form.value_merger { f.string(rec, "ValueMerger")? } else { "" },
            value_extractor: if self.form.value_merger { f.string(rec, "ValueExtractor")? } else { "" },
            table_index: -1,
            table: None,
        };
        if !f.is_unset(rec, "NormalizedValues")? {
            info.table_index = *next_table as i64;
            *next_table += 1;
            let normalized = f.strings(rec, "NormalizedValues")?;
            let values: Vec<&str> = f.string(rec, "Values")?.split(',').filter(|v| !v.is_empty()).collect();
            info.table = Some(ValueTable { name: format!("{}ValueTable", self.option_name(rec)?), values, normalized });
        }
        Ok(info)
    }
}

/// An option's values and their normalized C++ values.
struct ValueTable {
    name: String,
    values: Vec<&'static str>,
    normalized: Vec<&'static str>,
}

/// LLVM's `MarshallingInfo`: how clang's CompilerInvocation reads and writes an option.
struct Marshalling {
    rec: RecId,
    should_always_emit: bool,
    macro_prefix: &'static str,
    key_path: &'static str,
    default_value: &'static str,
    normalized_values_scope: &'static str,
    implied_check: &'static str,
    implied_value: &'static str,
    should_parse: &'static str,
    normalizer: &'static str,
    denormalizer: &'static str,
    value_merger: &'static str,
    value_extractor: &'static str,
    table_index: i64,
    table: Option<ValueTable>,
}

impl Marshalling {
    fn scoped(&self, s: &mut String, value: &str) {
        if !self.normalized_values_scope.is_empty() {
            let _ = write!(s, "{}::", self.normalized_values_scope);
        }
        s.push_str(value);
    }

    fn emit(&self, form: Form, s: &mut String) {
        let _ = write!(s, "{}, {}, {}, ", self.should_parse, u8::from(self.should_always_emit), self.key_path);
        self.scoped(s, self.default_value);
        let _ = write!(s, ", {}, ", self.implied_check);
        self.scoped(s, self.implied_value);
        let _ = write!(s, ", {}, {}, ", self.normalizer, self.denormalizer);
        if form.value_merger {
            let _ = write!(s, "{}, {}, ", self.value_merger, self.value_extractor);
        }
        let _ = write!(s, "{}", self.table_index);
    }
}

/// The sorted, distinct prefixes of every prefix list.
fn prefix_union<'k>(lists: impl Iterator<Item = &'k Vec<&'static str>>) -> Vec<&'static str> {
    let mut union: Vec<&str> = lists.flatten().copied().collect();
    union.sort_unstable();
    union.dedup();
    union
}

/// `writeStrTableOffset`: a string's offset in the table and the string as a comment.
fn string_offset(s: &mut String, strings: &StringToOffsetTable, name: &str) {
    let _ = write!(s, "{} /* ", strings.get(name).unwrap_or(0));
    write_escaped(s, name.as_bytes());
    s.push_str(" */");
}
