//! `-gen-opt-docs` (`ClangCommandLineReference.rst`): the reStructuredText reference of a
//! driver's options (clang's `Options.td` under a `GlobalDocumentation`): the option groups as
//! nested sections (flattened ones left out), in each its visible options by name with their
//! aliases, arguments and description.

use crate::common::std_sort::std_sort_by;
use crate::{Backend, BackendError, BackendOptions, Output};
use std::collections::{BTreeMap, HashMap};
use std::io::Write;
use tdq_core::types::RecId;
use tdq_core::Evaluation;
use tdq_models::clang::diagnostics::memory_order;
use tdq_models::records::{derived_definitions, Fatal};
use tdq_models::Fields;

pub struct GenOptDocs;

/// An option and its aliases (those named `no-X` of `X` included), by name.
struct DocumentedOption {
    option: RecId,
    aliases: Vec<RecId>,
}

/// What a group (or the whole document) holds: its non-empty groups and visible options.
#[derive(Default)]
struct Documentation {
    groups: Vec<(RecId, Documentation)>,
    options: Vec<DocumentedOption>,
}

impl Documentation {
    fn is_empty(&self) -> bool {
        self.groups.is_empty() && self.options.is_empty()
    }
}

/// `UnlimitedArgs`: any number of arguments.
const UNLIMITED: u32 = u32::MAX;

struct Writer<'a> {
    f: Fields<'a>,
    doc_info: RecId,
    /// `NextSuffix`: the program suffix each Sphinx option id is next written with.
    next_suffix: HashMap<String, u32>,
    s: String,
}

fn def_of(f: Fields, rec: RecId, field: &str) -> Result<Option<RecId>, Fatal> {
    Ok(f.init(rec, field)?.as_def())
}

/// `hasFlag`: whether the option, or its group, has the flag named `flag` in `field`.
fn has_flag(f: Fields, option: RecId, flag: &str, field: &str) -> Result<bool, Fatal> {
    if f.defs(option, field)?.iter().any(|&d| f.name(d) == flag) {
        return Ok(true);
    }
    if let Some(group) = def_of(f, option, "Group")? {
        return Ok(f.defs(group, field)?.iter().any(|&d| f.name(d) == flag));
    }
    Ok(false)
}

/// `isOptionVisible`: of a visibility the document shows, and of no flag it ignores.
fn is_visible(f: Fields, option: RecId, doc_info: RecId) -> Result<bool, Fatal> {
    for ignored in f.strings(doc_info, "IgnoreFlags")? {
        if has_flag(f, option, ignored, "Flags")? {
            return Ok(false);
        }
    }
    for mask in f.strings(doc_info, "VisibilityMask")? {
        if has_flag(f, option, mask, "Visibility")? {
            return Ok(true);
        }
    }
    Ok(false)
}

/// `escapeRST`.
fn escape_rst(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if "`*|[]\\".contains(c) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// `canSphinxCopeWithOption`: a name with a letter or digit.
fn sphinx_copes(f: Fields, option: RecId) -> Result<bool, Fatal> {
    Ok(f.string(option, "Name")?.bytes().any(|b| b.is_ascii_alphanumeric()))
}

/// `getRSTStringWithTextFallback`: `primary` as it is, else `fallback` escaped, else empty.
fn rst_string(f: Fields, rec: RecId, primary: &str, fallback: &str) -> String {
    for field in [primary, fallback] {
        let value = f.value(rec, field).and_then(|v| v.value.as_str()).unwrap_or("");
        if !value.is_empty() {
            return if field == primary { value.to_string() } else { escape_rst(value) };
        }
    }
    String::new()
}

/// The document's tree: `extractDocumentation`.
fn extract(f: Fields, doc_info: RecId) -> Result<Documentation, Fatal> {
    let input = f.input;
    let options = derived_definitions(input, "Option")?;
    let mut by_name: HashMap<&str, RecId> = HashMap::new();
    for &option in options.iter() {
        by_name.insert(f.string(option, "Name")?, option);
    }
    let flatten =
        |rec: RecId| -> Result<bool, Fatal> { Ok(f.value(rec, "DocFlatten").is_some() && f.bit(rec, "DocFlatten")?) };
    // `SkipFlattened`: the first group up from `rec` that is not flattened.
    let skip_flattened = |rec: RecId| -> Result<Option<RecId>, Fatal> {
        let mut current = Some(rec);
        for _ in 0..=input.records.defs.len() {
            match current {
                Some(r) if flatten(r)? => current = def_of(f, r, "Group")?,
                _ => return Ok(current),
            }
        }
        Err(Fatal::new(&input.records.get(rec).locs, "the flattened groups above this one form a cycle"))
    };
    let mut groups_in: HashMap<Option<RecId>, Vec<RecId>> = HashMap::new();
    for &group in derived_definitions(input, "OptionGroup")?.iter() {
        if flatten(group)? {
            continue;
        }
        let parent = match def_of(f, group, "Group")? {
            Some(g) => skip_flattened(g)?,
            None => None,
        };
        groups_in.entry(parent).or_default().push(group);
    }
    let mut options_in: HashMap<Option<RecId>, Vec<RecId>> = HashMap::new();
    let mut aliases: HashMap<RecId, Vec<RecId>> = HashMap::new();
    for &option in options.iter() {
        if let Some(alias) = def_of(f, option, "Alias")? {
            aliases.entry(alias).or_default().push(option);
            continue;
        }
        // `no-X` and `Xno-Y` count as aliases of `X` and `XY`.
        let name = f.string(option, "Name")?;
        if name.len() >= 4 {
            if let Some(&target) = name.strip_prefix("no-").and_then(|rest| by_name.get(rest)) {
                aliases.entry(target).or_default().push(option);
                continue;
            }
            if name.get(1..4) == Some("no-") {
                let joined = format!("{}{}", &name[..1], &name[4..]);
                if let Some(&target) = by_name.get(joined.as_str()) {
                    aliases.entry(target).or_default().push(option);
                    continue;
                }
            }
        }
        let group = match def_of(f, option, "Group")? {
            Some(g) => skip_flattened(g)?,
            None => None,
        };
        options_in.entry(group).or_default().push(option);
    }
    let mut names: BTreeMap<RecId, &str> = BTreeMap::new();
    for &option in options.iter() {
        names.insert(option, f.string(option, "Name")?);
    }
    let mut builder = Builder { f, doc_info, groups_in, options_in, aliases, names, depth: 0 };
    builder.group(None)
}

struct Builder<'a> {
    f: Fields<'a>,
    doc_info: RecId,
    groups_in: HashMap<Option<RecId>, Vec<RecId>>,
    options_in: HashMap<Option<RecId>, Vec<RecId>>,
    aliases: HashMap<RecId, Vec<RecId>>,
    names: BTreeMap<RecId, &'static str>,
    depth: usize,
}

impl Builder<'_> {
    fn name(&self, rec: RecId) -> &'static str {
        self.names.get(&rec).copied().or_else(|| self.f.string(rec, "Name").ok()).unwrap_or("")
    }

    /// `DocumentationForGroup`: the groups in `group` by where they are written, then its
    /// visible options by name.
    fn group(&mut self, group: Option<RecId>) -> Result<Documentation, Fatal> {
        let f = self.f;
        self.depth += 1;
        if self.depth > f.input.records.defs.len() + 1 {
            let locs = group.map(|g| f.input.records.get(g).locs.clone()).unwrap_or_default();
            return Err(Fatal::new(&locs, "the groups form a cycle"));
        }
        let mut doc = Documentation::default();
        let mut groups = self.groups_in.remove(&group).unwrap_or_default();
        std_sort_by(&mut groups, |&a, &b| memory_order(f.input, a) < memory_order(f.input, b));
        for g in groups {
            let inner = self.group(Some(g))?;
            if !inner.is_empty() {
                doc.groups.push((g, inner));
            }
        }
        let mut options = self.options_in.remove(&group).unwrap_or_default();
        std_sort_by(&mut options, |&a, &b| self.name(a) < self.name(b));
        for option in options {
            if is_visible(f, option, self.doc_info)? {
                let mut aliases = self.aliases.remove(&option).unwrap_or_default();
                std_sort_by(&mut aliases, |&a, &b| self.name(a) < self.name(b));
                doc.options.push(DocumentedOption { option, aliases });
            }
        }
        self.depth -= 1;
        Ok(doc)
    }
}

/// `getSeparatorsForKind`: before the first argument and between the others.
fn separators(kind: &str) -> (&'static str, &'static str) {
    match kind {
        "KIND_JOINED" | "KIND_JOINED_OR_SEPARATE" | "KIND_JOINED_AND_SEPARATE" | "KIND_REMAINING_ARGS_JOINED" => {
            ("", " ")
        }
        "KIND_COMMAJOINED" => ("", ","),
        _ => (" ", " "),
    }
}

/// `getNumArgsForKind`.
fn num_args(f: Fields, kind: &str, option: RecId) -> Result<u32, Fatal> {
    Ok(match kind {
        "KIND_JOINED" | "KIND_JOINED_OR_SEPARATE" | "KIND_SEPARATE" => 1,
        "KIND_REMAINING_ARGS" | "KIND_REMAINING_ARGS_JOINED" | "KIND_COMMAJOINED" => UNLIMITED,
        "KIND_JOINED_AND_SEPARATE" => 2,
        "KIND_MULTIARG" => f.int(option, "NumArgs")? as u32,
        _ => 0,
    })
}

impl Writer<'_> {
    fn kind(&self, option: RecId) -> Result<&'static str, Fatal> {
        Ok(self.f.name(self.f.def(option, "Kind")?))
    }

    /// `emitOptionWithArgs`.
    fn option_with_args(&mut self, prefix: &str, option: RecId, args: &[String]) -> Result<(), Fatal> {
        let f = self.f;
        self.s.push_str(prefix);
        self.s.push_str(&escape_rst(f.string(option, "Name")?));
        let (first, rest) = separators(self.kind(option)?);
        let mut separator = first;
        for arg in args {
            self.s.push_str(separator);
            self.s.push_str(&escape_rst(arg));
            separator = rest;
        }
        Ok(())
    }

    /// `emitOptionName`: the option after a prefix, its arguments, what it is equivalent to.
    fn option_name(&mut self, prefix: &str, option: RecId) -> Result<(), Fatal> {
        let f = self.f;
        let count = num_args(f, self.kind(option)?, option)?;
        let has_meta = !f.is_unset(option, "MetaVarName")?;
        let mut args = Vec::new();
        if has_meta {
            args.push(f.string(option, "MetaVarName")?.to_string());
        } else if count == 1 {
            args.push("<arg>".to_string());
        }
        if !has_meta || count == UNLIMITED {
            while (args.len() as u64) < u64::from(count) {
                if args.len() > 1 << 16 {
                    let message = "too many arguments to document";
                    return Err(Fatal::new(&f.input.records.get(option).locs, message));
                }
                args.push(format!("<arg{}>", args.len() + 1));
                if args.len() == 2 && count == UNLIMITED {
                    if let Some(last) = args.last_mut() {
                        last.push_str("...");
                    }
                    break;
                }
            }
        }
        self.option_with_args(prefix, option, &args)?;
        let alias_args: Vec<String> = f.strings(option, "AliasArgs")?.iter().map(|a| a.to_string()).collect();
        if !alias_args.is_empty() {
            let alias = f.def(option, "Alias")?;
            let Some(&alias_prefix) = f.strings(alias, "Prefixes")?.first() else {
                return Err(Fatal::new(&f.input.records.get(alias).locs, "an alias without prefixes"));
            };
            self.s.push_str(" (equivalent to ");
            self.option_with_args(alias_prefix, alias, &alias_args)?;
            self.s.push(')');
        }
        Ok(())
    }

    /// The option and those of its aliases written with it (`forEachOptionName`).
    fn names_of(&self, doc: &DocumentedOption) -> Result<Vec<RecId>, Fatal> {
        let mut names = vec![doc.option];
        for &alias in &doc.aliases {
            if is_visible(self.f, alias, self.doc_info)? && sphinx_copes(self.f, doc.option)? {
                names.push(alias);
            }
        }
        Ok(names)
    }

    /// `emitOption`.
    fn option(&mut self, doc: &DocumentedOption) -> Result<(), Fatal> {
        let f = self.f;
        let kind = self.kind(doc.option)?;
        if kind == "KIND_UNKNOWN" || kind == "KIND_INPUT" || !sphinx_copes(f, doc.option)? {
            return Ok(());
        }
        let names = self.names_of(doc)?;
        // Options that differ only by punctuation get a program of their own each.
        let mut ids = Vec::new();
        for &name in &names {
            for prefix in f.strings(name, "Prefixes")? {
                let full = format!("{prefix}{}", f.string(name, "Name")?);
                let id: String = full.chars().take_while(|&c| c.is_ascii_alphanumeric() || c == '-').collect();
                ids.push(id);
            }
        }
        let mut suffix = 0;
        let mut best: Option<u32> = None;
        for id in &ids {
            let value = *self.next_suffix.entry(id.clone()).or_insert(0);
            if best.is_none_or(|b| value > b) {
                best = Some(value);
                suffix = value;
            }
        }
        for id in &ids {
            self.next_suffix.insert(id.clone(), suffix + 1);
        }
        let program = f.string(self.doc_info, "Program")?.to_ascii_lowercase();
        if suffix != 0 {
            self.s.push_str(&format!(".. program:: {program}{suffix}\n"));
        }
        self.s.push_str(".. option:: ");
        let mut any = false;
        for &name in &names {
            for prefix in f.strings(name, "Prefixes")? {
                if any {
                    self.s.push_str(", ");
                }
                self.option_name(prefix, name)?;
                any = true;
            }
        }
        if suffix != 0 {
            self.s.push_str(&format!("\n.. program:: {program}"));
        }
        self.s.push_str("\n\n");

        let rec = doc.option;
        let mut description = String::new();
        'variants: for variant in f.defs(rec, "HelpTextsForVariants")? {
            let visibilities = f.list(variant, "Visibilities")?;
            for mask in f.strings(self.doc_info, "VisibilityMask")? {
                for &visibility in visibilities {
                    let unquoted = match visibility.as_str() {
                        Some(text) => text.to_string(),
                        None => visibility.to_string(),
                    };
                    if unquoted == mask {
                        description = escape_rst(f.string(variant, "Text")?);
                        break;
                    }
                }
                if !description.is_empty() {
                    break 'variants;
                }
            }
        }
        if description.is_empty() {
            description = rst_string(f, rec, "DocBrief", "HelpText");
        }
        if !f.is_unset(rec, "Values")? {
            if !description.is_empty() && !description.ends_with('.') {
                description.push('.');
            }
            let meta = if f.is_unset(rec, "MetaVarName")? { "<arg>" } else { f.string(rec, "MetaVarName")? };
            let values: Vec<&str> = f.string(rec, "Values")?.split(',').filter(|v| !v.is_empty()).collect();
            let Some((last, before)) = values.split_last() else {
                return Err(Fatal::new(&f.input.records.get(rec).locs, "an option of no Values"));
            };
            description.push_str(&format!(" {meta} must be '"));
            if !before.is_empty() {
                description.push_str(&before.join("', '"));
                description.push_str("' or '");
            }
            description.push_str(&format!("{last}'."));
        }
        if !description.is_empty() {
            self.s.push_str(&description);
            self.s.push_str("\n\n");
        }
        Ok(())
    }

    /// `emitDocumentation`: the options, then each group under its heading.
    fn documentation(&mut self, depth: usize, doc: &Documentation) -> Result<(), Fatal> {
        let f = self.f;
        for option in &doc.options {
            self.option(option)?;
        }
        for (group, inner) in &doc.groups {
            let heading = rst_string(f, *group, "DocName", "Name");
            let Some(&underline) = b"=~-_'+<>".get(depth) else {
                return Err(Fatal::new(&f.input.records.get(*group).locs, "groups nested too deeply"));
            };
            self.s.push_str(&heading);
            self.s.push('\n');
            self.s.push_str(&(underline as char).to_string().repeat(heading.len()));
            self.s.push('\n');
            let description = rst_string(f, *group, "DocBrief", "HelpText");
            if !description.is_empty() {
                self.s.push_str(&description);
                self.s.push_str("\n\n");
            }
            self.documentation(depth + 1, inner)?;
        }
        Ok(())
    }
}

impl Backend for GenOptDocs {
    fn name(&self) -> &'static str {
        "gen-opt-docs"
    }
    fn help(&self) -> &'static str {
        "Generate option documentation"
    }
    fn emit(&self, input: &Evaluation, _options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let f = Fields { input };
        let Some(doc_info) = input.records.def("GlobalDocumentation") else {
            let message =
                "The GlobalDocumentation top-level definition is missing, no documentation will be generated.";
            return Err(Fatal::new(&[], message).into());
        };
        let mut w = Writer { f, doc_info, next_suffix: HashMap::new(), s: String::new() };
        w.s.push_str(f.string(doc_info, "Intro")?);
        w.s.push('\n');
        w.s.push_str(&format!(".. program:: {}\n", f.string(doc_info, "Program")?.to_ascii_lowercase()));
        let doc = extract(f, doc_info)?;
        w.documentation(0, &doc)?;
        out.write_all(w.s.as_bytes())?;
        Ok(())
    }
}
