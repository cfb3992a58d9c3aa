//! `-gen-builtin-docs` (LLVM 23, `AMDGPUBuiltinReference.rst`): the reStructuredText reference
//! of the builtins of a `Builtins*.td`, by documentation category (alphabetically, the
//! undocumented last), each builtin under its heading with its prototype, its target features
//! and its documentation.

use crate::common::std_sort::std_sort_by;
use crate::{Backend, BackendError, BackendOptions, Output};
use std::io::Write;
use tdq_core::types::RecId;
use tdq_core::Evaluation;
use tdq_models::clang::builtins::trim;
use tdq_models::records::{derived_definitions, Fatal};
use tdq_models::Fields;

pub struct GenBuiltinDocs;

/// `BuiltinDocData`: one documentation of a builtin, under its heading.
#[derive(Clone)]
struct Doc {
    documentation: RecId,
    builtin: RecId,
    heading: String,
}

/// A builtin's first spelling, or its def's name when it has none.
fn first_spelling(f: Fields, builtin: RecId) -> Result<String, Fatal> {
    Ok(match f.strings(builtin, "Spellings")?.first() {
        Some(spelling) => spelling.to_string(),
        None => f.input.records.get(builtin).name_string(),
    })
}

/// `writeCategoryHeader`.
fn category_header(f: Fields, category: RecId, s: &mut String) -> Result<(), Fatal> {
    let name = f.string(category, "Name")?;
    s.push('\n');
    s.push_str(name);
    s.push('\n');
    s.push_str(&"=".repeat(name.len()));
    s.push_str("\n\n");
    let content = trim(f.string(category, "Content")?);
    if !content.is_empty() {
        s.push_str(content);
        s.push_str("\n\n");
    }
    Ok(())
}

/// `splitParams`: the parameter types of a parameter list, split at the commas outside `<>`.
fn split_params(params: &str) -> Vec<&str> {
    let mut result = Vec::new();
    if params.is_empty() {
        return result;
    }
    let mut depth = 0;
    let mut start = 0;
    for (i, b) in params.bytes().enumerate() {
        match b {
            b'<' => depth += 1,
            b'>' => depth -= 1,
            b',' if depth == 0 => {
                result.push(trim(&params[start..i]));
                start = i + 1;
            }
            _ => {}
        }
    }
    let last = trim(&params[start..]);
    if !last.is_empty() {
        result.push(last);
    }
    result
}

/// `writeBuiltinDocumentation`.
fn builtin_documentation(f: Fields, doc: &Doc, s: &mut String) -> Result<(), Fatal> {
    let heading = format!("``{}``", doc.heading);
    s.push_str(&heading);
    s.push('\n');
    s.push_str(&"-".repeat(heading.len()));
    s.push_str("\n\n");
    let prototype = f.string(doc.builtin, "Prototype")?;
    if let Some(paren) = prototype.find('(').filter(|_| !prototype.is_empty()) {
        let name = first_spelling(f, doc.builtin)?;
        let return_type = prototype[..paren].trim_end_matches([' ', '\t', '\n', '\x0b', '\x0c', '\r']);
        // The parameters stop one short of the end, at the `)` the prototype should end with.
        let end = prototype.len().saturating_sub(1).max(paren + 1);
        let params = prototype.get(paren + 1..end).unwrap_or(&prototype[paren + 1..]);
        s.push_str("**Prototype:**\n\n.. code-block:: c\n\n  ");
        s.push_str(&format!("{return_type} {name}("));
        let arg_names = f.strings(doc.builtin, "ArgNames")?;
        if arg_names.is_empty() {
            s.push_str(params);
        } else {
            let types = split_params(params);
            let variadic = types.last() == Some(&"...");
            let named = types.len() - usize::from(variadic);
            if arg_names.len() != named {
                let message = format!(
                    "number of ArgNames ({}) does not match number of prototype parameters ({named})",
                    arg_names.len()
                );
                return Err(Fatal::new(&f.input.records.get(doc.builtin).locs, message));
            }
            for (i, ty) in types.iter().enumerate() {
                if i > 0 {
                    s.push_str(", ");
                }
                s.push_str(ty);
                if i < named {
                    s.push(' ');
                    s.push_str(arg_names[i]);
                }
            }
        }
        s.push_str(")\n\n");
    }
    if f.is_a(doc.builtin, "TargetBuiltin") {
        let features = f.string(doc.builtin, "Features")?;
        if !features.is_empty() {
            s.push_str(&format!("**Target Features:** {features}\n\n"));
        }
    }
    s.push_str(trim(f.string(doc.documentation, "Content")?));
    s.push_str("\n\n\n");
    Ok(())
}

impl Backend for GenBuiltinDocs {
    fn name(&self) -> &'static str {
        "gen-builtin-docs"
    }
    fn help(&self) -> &'static str {
        "Generate builtin documentation"
    }
    fn emit(&self, input: &Evaluation, _options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let f = Fields { input };
        let Some(global) = input.records.def("GlobalDocumentation") else {
            let message =
                "The GlobalDocumentation top-level definition is missing, no documentation will be generated.";
            return Err(Fatal::new(&[], message).into());
        };
        let mut s = String::new();
        s.push_str(f.string(global, "Intro")?);
        s.push('\n');

        // The categories in the order first met, each with its documentations.
        let mut categories: Vec<(RecId, Vec<Doc>)> = Vec::new();
        for &builtin in derived_definitions(input, "Builtin")?.iter() {
            for documentation in f.defs(builtin, "Documentation")? {
                let category = f.def(documentation, "Category")?;
                if f.string(category, "Name")? == "InternalOnly" {
                    continue;
                }
                let heading = match f.string(documentation, "Heading")? {
                    "" => first_spelling(f, builtin)?,
                    heading => heading.to_string(),
                };
                let doc = Doc { documentation, builtin, heading };
                match categories.iter_mut().find(|(c, _)| *c == category) {
                    Some((_, docs)) => docs.push(doc),
                    None => categories.push((category, vec![doc])),
                }
            }
        }
        let mut names = Vec::with_capacity(categories.len());
        for (category, _) in &categories {
            names.push((*category, f.string(*category, "Name")?));
        }
        let name_of = |c: RecId| names.iter().find(|(r, _)| *r == c).map_or("", |(_, n)| n);
        std_sort_by(&mut categories, |a, b| {
            let (a, b) = (name_of(a.0), name_of(b.0));
            let (undoc_a, undoc_b) = (a == "Undocumented", b == "Undocumented");
            if undoc_a != undoc_b {
                return undoc_b;
            }
            a < b
        });
        for (category, docs) in &mut categories {
            category_header(f, *category, &mut s)?;
            std_sort_by(docs, |a, b| a.heading < b.heading);
            for doc in docs.iter() {
                builtin_documentation(f, doc, &mut s)?;
            }
        }
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}
