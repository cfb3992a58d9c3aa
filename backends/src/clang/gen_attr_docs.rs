//! `-gen-attr-docs` (`AttributeReference.rst`): the attribute reference of clang's docs: the
//! introduction, then each documentation category (by name) with its attributes (by heading),
//! each with its table of supported syntaxes, its deprecation and its text. From LLVM 20 the
//! documentations of one category with the same text are merged into one section, the
//! `Undocumented` ones excepted, and `HLSL Semantics` are headed by their name.

use crate::common::std_sort::std_sort_by;
use crate::{Backend, BackendError, BackendOptions, Output};
use std::collections::BTreeMap;
use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::types::RecId;
use tdq_core::{ByRelease, Evaluation};
use tdq_models::clang::attributes::{attributes, flattened_spellings, normalize_for_spelling_comparison};
use tdq_models::clang::subject_rules::PragmaSupport;
use tdq_models::{Fatal, Fields};

pub struct GenAttrDocs;

/// What a release's emitter does differently.
struct Dialect {
    /// Documentations with the same text in a category make one section; a label and the
    /// `HLSL Semantics` category are known; a section without spellings has no table.
    merges: bool,
    /// A `#pragma` spelling with a namespace is written `ns name` (LLVM 19); later releases
    /// write ` name`, the namespace lost.
    pragma_keeps_namespace: bool,
}

const DIALECT: ByRelease<Dialect> = ByRelease {
    v19: Dialect { merges: false, pragma_keeps_namespace: true },
    v22: Dialect { merges: true, pragma_keeps_namespace: false },
    v23: Dialect { merges: true, pragma_keeps_namespace: false },
};

/// The syntaxes of the table, in its order (`SpellingKind`); Microsoft's are not listed.
const KINDS: [&str; 8] = ["GNU", "CXX11", "C23", "Declspec", "Microsoft", "Keyword", "Pragma", "HLSLAnnotation"];

/// One section: the documentation, the attribute it documents, its heading and the spellings of
/// each kind.
#[derive(Clone)]
struct Section {
    doc: RecId,
    attr: RecId,
    heading: String,
    spellings: [Vec<String>; 8],
}

/// `StringRef::trim`: without the ASCII whitespace around it.
fn trim(s: &str) -> &str {
    s.trim_matches(|c| matches!(c, ' ' | '\t' | '\n' | '\x0b' | '\x0c' | '\r'))
}

/// `GetAttributeHeadingAndSpellings`.
fn heading_and_spellings(
    input: &Evaluation,
    dialect: &Dialect,
    doc: RecId,
    attr: RecId,
    category: &str,
) -> Result<(String, [Vec<String>; 8]), Fatal> {
    let f = Fields { input };
    let locs = &input.records.get(attr).locs;
    if dialect.merges && category == "HLSL Semantics" {
        let Some(name) = f.name(attr).strip_prefix("HLSL") else {
            return Err(Fatal::new(locs, "HLSL semantic attribute name must start with HLSL"));
        };
        return Ok((name.to_string(), Default::default()));
    }
    let spellings = flattened_spellings(input, attr)?;
    if spellings.is_empty() {
        return Err(Fatal::new(locs, "Attribute has no supported spellings; cannot be documented"));
    }
    let mut heading = f.string(doc, "Heading")?.to_string();
    if heading.is_empty() {
        if let [only] = spellings.as_slice() {
            heading = only.name.to_string();
        } else {
            let uniques: BTreeSet<&str> = spellings.iter().map(|s| normalize_for_spelling_comparison(s.name)).collect();
            if uniques.len() == 1 {
                heading = uniques.first().map(|s| s.to_string()).unwrap_or_default();
            } else if category == "Undocumented" {
                heading = uniques.into_iter().collect::<Vec<_>>().join(", ");
            }
        }
    }
    if heading.is_empty() {
        return Err(Fatal::new(locs, "This attribute requires a heading to be specified"));
    }
    let mut by_kind: [Vec<String>; 8] = Default::default();
    for spelling in &spellings {
        // clang-tblgen's StringSwitch has no default: another variety is undefined behaviour.
        let Some(kind) = KINDS.iter().position(|&k| k == spelling.variety) else {
            let message = format!("unknown spelling variety '{}' in attribute documentation", spelling.variety);
            return Err(Fatal::new(locs, message));
        };
        let mut name = String::new();
        if !spelling.namespace.is_empty() {
            match spelling.variety {
                "CXX11" | "C23" => name = format!("{}::", spelling.namespace),
                "Pragma" if dialect.pragma_keeps_namespace => name = format!("{} ", spelling.namespace),
                "Pragma" => name = " ".to_string(),
                _ => return Err(Fatal::new(locs, "Unexpected namespace in spelling")),
            }
        }
        name.push_str(spelling.name);
        by_kind[kind].push(name);
    }
    Ok((heading, by_kind))
}

struct Writer<'a> {
    input: &'a Evaluation,
    dialect: &'a Dialect,
    support: Option<PragmaSupport>,
    s: String,
}

impl Writer<'_> {
    /// `WriteCategoryHeader`.
    fn category(&mut self, category: RecId) -> Result<(), Fatal> {
        let f = Fields { input: self.input };
        let name = f.string(category, "Name")?;
        let _ = write!(self.s, "{name}\n{}\n", "=".repeat(name.len()));
        let _ = write!(self.s, "{}\n\n", trim(f.string(category, "Content")?));
        Ok(())
    }

    /// `WriteDocumentation`.
    fn section(&mut self, section: &Section) -> Result<(), Fatal> {
        let input = self.input;
        let f = Fields { input };
        if self.dialect.merges {
            let label = f.string(section.doc, "Label")?;
            if !label.is_empty() {
                let _ = write!(self.s, ".. _{label}:\n\n");
            }
        }
        let heading = &section.heading;
        let _ = write!(self.s, "{heading}\n{}\n", "-".repeat(heading.len()));
        if !self.dialect.merges || section.spellings.iter().any(|k| !k.is_empty()) {
            self.s.push_str(".. csv-table:: Supported Syntaxes\n   :header: \"GNU\", \"C++11\", \"C23\", \"``__declspec``\", \"Keyword\", \"``#pragma``\", \"HLSL Annotation\", \"``#pragma clang attribute``\"\n\n   \"");
            for (kind, spellings) in KINDS.iter().zip(&section.spellings) {
                if *kind == "Microsoft" {
                    continue;
                }
                let quoted: Vec<String> = spellings.iter().map(|s| format!("``{s}``")).collect();
                let _ = write!(self.s, "{}\",\"", quoted.join(" |br| "));
            }
            if self.support.is_none() {
                self.support = Some(PragmaSupport::new(input)?);
            }
            if let Some(support) = &self.support {
                if support.is_attribute_supported(input, section.attr)? {
                    self.s.push_str("Yes");
                }
            }
            self.s.push_str("\"\n\n");
        }
        if !f.is_unset(section.doc, "Deprecated")? {
            self.s.push_str("This attribute has been deprecated, and may be removed in a future version of Clang.");
            let replacement = f.string(f.def(section.doc, "Deprecated")?, "Replacement")?;
            if !replacement.is_empty() {
                let _ = write!(self.s, "  This attribute has been superseded by ``{replacement}``.");
            }
            self.s.push_str("\n\n");
        }
        let _ = write!(self.s, "{}\n\n\n", trim(f.string(section.doc, "Content")?));
        Ok(())
    }
}

impl Backend for GenAttrDocs {
    fn name(&self) -> &'static str {
        "gen-attr-docs"
    }
    fn help(&self) -> &'static str {
        "Generate attribute documentation"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let f = Fields { input };
        let dialect = DIALECT.get(options.release);
        let Some(global) = input.records.def("GlobalDocumentation") else {
            let message = "The Documentation top-level definition is missing, no documentation will be generated.";
            return Err(Fatal::new(&[], message).into());
        };
        let mut s = String::new();
        let _ = writeln!(s, "{}", f.string(global, "Intro")?);
        // The sections of each category, by the category's name (its first record stands for
        // every category of that name).
        let mut categories: BTreeMap<&str, (RecId, Vec<Section>)> = BTreeMap::new();
        let mut undocumented: Option<(RecId, Vec<Section>)> = None;
        for &attr in attributes(input)?.iter() {
            let docs = f.defs(attr, "Documentation")?;
            for &doc in &docs {
                let category = f.def(doc, "Category")?;
                let name = f.string(category, "Name")?;
                if name == "InternalOnly" && docs.len() > 1 {
                    let message = "Attribute is \"InternalOnly\", but has multiple documentation categories";
                    return Err(Fatal::new(&input.records.get(doc).locs, message).into());
                }
                if name == "InternalOnly" {
                    continue;
                }
                if dialect.merges && name == "Undocumented" && undocumented.is_none() {
                    undocumented = Some((category, Vec::new()));
                }
                let (heading, spellings) = heading_and_spellings(input, dialect, doc, attr, name)?;
                let section = Section { doc, attr, heading, spellings };
                if let (true, "Undocumented", Some((_, sections))) = (dialect.merges, name, undocumented.as_mut()) {
                    sections.push(section);
                    continue;
                }
                let sections = &mut categories.entry(name).or_insert_with(|| (category, Vec::new())).1;
                if !dialect.merges {
                    sections.push(section);
                    continue;
                }
                let content = f.string(doc, "Content")?;
                let mut merged = false;
                for existing in sections.iter_mut() {
                    if f.string(existing.doc, "Content")? == content {
                        if existing.heading != section.heading {
                            existing.heading = format!("{}, {}", existing.heading, section.heading);
                        }
                        for (into, from) in existing.spellings.iter_mut().zip(section.spellings.iter()) {
                            into.extend(from.iter().cloned());
                        }
                        existing.doc = doc;
                        merged = true;
                        break;
                    }
                }
                if !merged {
                    sections.push(section);
                }
            }
        }
        if let Some((category, sections)) = undocumented {
            if !sections.is_empty() {
                let name = f.string(category, "Name")?;
                categories.entry(name).or_insert((category, sections));
            }
        }
        let mut w = Writer { input, dialect, support: None, s };
        for (_, (category, mut sections)) in categories {
            w.category(category)?;
            // clang-tblgen's `std::sort`, whose order of sections of one heading (the
            // interrupt attributes of several targets) shows. LLVM 20 sorts a category's merged
            // sections from the order of their text's `hash_value`; tdq starts from the order
            // of their first documentation, the same where no two merged sections tie.
            std_sort_by(&mut sections, |a, b| a.heading < b.heading);
            for section in &sections {
                w.section(section)?;
            }
        }
        out.write_all(w.s.as_bytes())?;
        Ok(())
    }
}
