//! `--gen-opt-parser-defs`: the option tables of LLVM's tools (`llvm/Option` OptTable) from
//! `Option` and `OptionGroup` defs: prefixes, groups, options, marshalling info and the enum
//! value tables (LLVM's OptParserEmitter.cpp, with Common/OptEmitter.cpp's order).

use crate::common::emit::{source_file_header, write_escaped};
use crate::common::records::Fields;
use crate::{all_derived_definitions, Backend, BackendError, BackendOptions, Output};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::init::Init;
use tdq_core::types::RecId;
use tdq_core::Evaluation;

pub struct GenOptParserDefs;

impl Backend for GenOptParserDefs {
    fn name(&self) -> &'static str {
        "gen-opt-parser-defs"
    }
    fn help(&self) -> &'static str {
        "Generate option definitions"
    }
    fn emit(&self, input: &Evaluation, _: &BackendOptions, out: &mut Output) -> Result<()> {
        let text = Emitter { f: Fields { input } }.run()?;
        out.write_all(text.as_bytes())?;
        Ok(())
    }
}

type Result<T> = std::result::Result<T, BackendError>;

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

struct Emitter<'a> {
    f: Fields<'a>,
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

    fn sort_key(&self, rec: RecId) -> Result<SortKey> {
        let kind = self.f.def(rec, "Kind")?;
        Ok(SortKey {
            sentinel: self.f.bit(kind, "Sentinel")?,
            name: self.f.string(rec, "Name")?,
            prefixes: self.f.strings(rec, "Prefixes")?,
            precedence: self.f.int(kind, "Precedence")?,
        })
    }

    /// `CompareOptionRecords`: sentinels first, then by name, prefixes and kind precedence;
    /// two options equal in all of these are an error.
    fn sort_options(&self, opts: &mut Vec<RecId>) -> Result<()> {
        let keys = opts.iter().map(|&r| self.sort_key(r)).collect::<Result<Vec<_>>>()?;
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
            diags.error_at(&self.f.input.records.get(opts[a]).locs, "Option is equivalent to");
            diags.error_at(&self.f.input.records.get(opts[b]).locs, "Other defined here");
            diags.error(tdq_core::Loc::NONE, "Equivalent Options found.");
            return Err(BackendError::Fatal(diags));
        }
        *opts = order.into_iter().map(|i| opts[i]).collect();
        Ok(())
    }

    fn run(&self) -> Result<String> {
        let input = self.f.input;
        let groups = all_derived_definitions(input, "OptionGroup")?;
        let mut opts = all_derived_definitions(input, "Option")?;
        let mut s = String::new();
        source_file_header(&mut s, "Option Parsing Definitions", None);
        self.sort_options(&mut opts)?;

        // Each distinct list of prefixes, named by first appearance.
        let mut prefixes: BTreeMap<Vec<&'static str>, String> = BTreeMap::new();
        prefixes.insert(Vec::new(), "prefix_0".to_owned());
        for &opt in &opts {
            let key = self.f.strings(opt, "Prefixes")?;
            let next = prefixes.len();
            prefixes.entry(key).or_insert_with(|| format!("prefix_{next}"));
        }
        let mut union: Vec<&str> = prefixes.keys().flatten().copied().collect();
        union.sort_unstable();
        union.dedup();

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
        for prefix in &union {
            let _ = write!(s, "llvm::StringLiteral(\"{prefix}\") COMMA ");
        }
        s.push_str("llvm::StringLiteral(\"\")})\n#undef COMMA\n#endif // PREFIX_UNION\n\n");

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
            s.push_str("OPTION(llvm::ArrayRef<llvm::StringLiteral>()");
            let _ = write!(s, ", \"{}\"", self.f.string(group, "Name")?);
            let _ = write!(s, ", {}, Group, ", self.option_name(group)?);
            match self.f.init(group, "Group")?.as_def() {
                Some(parent) => s.push_str(&self.option_name(parent)?),
                None => s.push_str("INVALID"),
            }
            s.push_str(", INVALID, nullptr, 0, 0, 0");
            self.help_text(group, &mut s)?;
            help_texts_for_variants(&mut s, &[]);
            s.push_str(", nullptr, nullptr)\n");
        }
        s.push_str("\n//////////\n// Options\n\n");

        let mut with_marshalling = Vec::new();
        for &opt in &opts {
            s.push_str("OPTION(");
            self.option_fields(opt, &prefixes, &mut s)?;
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
            self.option_fields(info.rec, &prefixes, &mut s)?;
            s.push_str(", ");
            info.emit(&mut s);
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
        s.push_str("#endif // SIMPLE_ENUM_VALUE_TABLE\n\n\n");
        Ok(s)
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
    fn option_fields(&self, rec: RecId, prefixes: &BTreeMap<Vec<&'static str>, String>, s: &mut String) -> Result<()> {
        let f = &self.f;
        let own_prefixes = f.strings(rec, "Prefixes")?;
        let _ = write!(s, "{}, ", prefixes[&own_prefixes]);
        let name = f.string(rec, "Name")?;
        match own_prefixes.first() {
            Some(first) => cstring(s, &format!("{first}{name}")),
            None => cstring(s, name),
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
        help_texts_for_variants(s, &variants);
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
        Ok(())
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
            value_merger: f.string(rec, "ValueMerger")?,
            value_extractor: f.string(rec, "ValueExtractor")?,
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

    fn emit(&self, s: &mut String) {
        let _ = write!(s, "{}, {}, {}, ", self.should_parse, u8::from(self.should_always_emit), self.key_path);
        self.scoped(s, self.default_value);
        let _ = write!(s, ", {}, ", self.implied_check);
        self.scoped(s, self.implied_value);
        let _ = write!(
            s,
            ", {}, {}, {}, {}, {}",
            self.normalizer, self.denormalizer, self.value_merger, self.value_extractor, self.table_index
        );
    }
}

/// `EmitHelpTextsForVariants`: one (visibilities, help) pair at most; none gives a pair of
/// zeros. (LLVM 19 means to pad a given pair's visibilities with zeros too, but pads a copy.)
fn help_texts_for_variants(s: &mut String, variants: &[(Vec<String>, &str)]) {
    s.push_str(", (std::array<std::pair<std::array<unsigned, 2>, const char*>, 1>{{ ");
    let padding = [(vec!["0".to_owned(), "0".to_owned()], "")];
    let variants = if variants.is_empty() { &padding[..] } else { variants };
    for (i, (visibilities, help)) in variants.iter().enumerate() {
        if i > 0 {
            s.push_str(", ");
        }
        let _ = write!(s, "std::make_pair(std::array<unsigned, 2>{{{{{}}}}}, ", visibilities.join(", "));
        if help.is_empty() {
            s.push_str("nullptr");
        } else {
            cstring(s, help);
        }
        s.push(')');
    }
    s.push_str(" }})");
}
