//! `-gen-clang-attr-has-attribute-impl` (`AttrHasAttributeImpl.inc`): `__has_attribute` and
//! its kin: for each syntax (and scope), a `StringSwitch` from a spelling's name to its
//! version, under the target tests of a target-specific attribute or spelling.

use crate::common::emit::source_file_header;
use crate::common::string_map::string_map_order;
use crate::{Backend, BackendError, BackendOptions, Output};
use std::collections::{BTreeMap, HashMap};
use std::io::Write;
use tdq_core::types::RecId;
use tdq_core::{ByRelease, Evaluation};
use tdq_models::clang::attributes::{attributes, flattened_spellings, target_checks, FlattenedSpelling};
use tdq_models::{Fatal, Fields};

pub struct GenClangAttrHasAttributeImpl;

/// How a release writes a syntax's cases.
#[derive(Clone, Copy)]
enum Cases {
    /// One `.Case` a spelling, in attribute order, the test bare (LLVM 19).
    EachSpelling,
    /// One `.Case` a name, the tests of its spellings joined with `||`, each in parentheses,
    /// in `StringMap` order (LLVM 20 on).
    OnePerName,
}

const CASES: ByRelease<Cases> = ByRelease { v19: Cases::EachSpelling, v22: Cases::OnePerName, v23: Cases::OnePerName };

type Pair = (RecId, FlattenedSpelling);

/// `GenerateHasAttrSpellingStringSwitch`.
fn string_switch(
    input: &Evaluation,
    options: &BackendOptions,
    attrs: &[Pair],
    variety: &str,
    scope: &str,
    out: &mut Output,
    s: &mut String,
) -> Result<(), Fatal> {
    let f = Fields { input };
    let mut cases: Vec<(&str, String)> = Vec::new();
    for &(attr, spelling) in attrs {
        let mut version = 1;
        let mut name = "";
        if spelling.namespace.is_empty() || scope == spelling.namespace {
            name = spelling.name;
            version = f.int(spelling.record, "Version")?;
            let requires_version =
                (variety == "CXX11" || variety == "C23") && f.string(spelling.record, "Variety")? == variety;
            if requires_version && scope.is_empty() && version == 1 {
                let loc = input.records.get(spelling.record).loc();
                out.diags.error(loc, "Standard attributes must have valid version information.");
            }
        }
        let mut test = String::new();
        if f.is_a(attr, "TargetSpecificAttr") {
            let target = f.def(attr, "Target")?;
            test = target_checks(input, target, &f.strings(target, "Arches")?)?.test;
        } else {
            for target_spelling in f.defs(attr, "TargetSpecificSpellings")? {
                for other in flattened_spellings(input, target_spelling)? {
                    if scope == other.namespace && name == other.name {
                        let target = f.def(target_spelling, "Target")?;
                        test.push_str(&target_checks(input, target, &f.strings(target, "Arches")?)?.test);
                        break;
                    }
                }
            }
        }
        if !(scope.is_empty() || scope == spelling.namespace) {
            continue;
        }
        match CASES.get(options.release) {
            Cases::EachSpelling => {
                let value = if test.is_empty() { version.to_string() } else { format!("{test} ? {version} : 0") };
                cases.push((spelling.name, value));
            }
            Cases::OnePerName => {
                let value = if test.is_empty() { format!("({version})") } else { format!("({test} ? {version} : 0)") };
                match cases.iter_mut().find(|(n, _)| *n == spelling.name) {
                    Some((_, existing)) if *existing != value => {
                        existing.push_str(" || ");
                        existing.push_str(&value);
                    }
                    Some((_, existing)) => *existing = value,
                    None => cases.push((spelling.name, value)),
                }
            }
        }
    }
    match CASES.get(options.release) {
        Cases::EachSpelling => {
            for (name, value) in &cases {
                s.push_str(&format!("    .Case(\"{name}\", {value})\n"));
            }
        }
        Cases::OnePerName => {
            let values: HashMap<&str, &String> = cases.iter().map(|(n, v)| (*n, v)).collect();
            for name in string_map_order(options.release, cases.iter().map(|(n, _)| *n)) {
                s.push_str(&format!("    .Case(\"{name}\", {})\n", values[name]));
            }
        }
    }
    s.push_str("    .Default(0);\n");
    Ok(())
}

impl Backend for GenClangAttrHasAttributeImpl {
    fn name(&self) -> &'static str {
        "gen-clang-attr-has-attribute-impl"
    }
    fn help(&self) -> &'static str {
        "Generate a clang attribute spelling list"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let mut plain: BTreeMap<&str, Vec<Pair>> = BTreeMap::new();
        let mut scoped: BTreeMap<&str, BTreeMap<&[u8], Vec<Pair>>> = BTreeMap::new();
        for &attr in attributes(input)?.iter() {
            for spelling in flattened_spellings(input, attr)? {
                match spelling.variety {
                    "GNU" | "Declspec" | "Microsoft" | "Pragma" | "HLSLAnnotation" => {
                        plain.entry(spelling.variety).or_default().push((attr, spelling))
                    }
                    "CXX11" | "C23" => scoped
                        .entry(spelling.variety)
                        .or_default()
                        .entry(spelling.namespace.as_bytes())
                        .or_default()
                        .push((attr, spelling)),
                    _ => {}
                }
            }
        }
        let mut s = String::new();
        source_file_header(&mut s, "Code to implement the __has_attribute logic", Some(&options.input_filename));
        s.push_str("const llvm::Triple &T = Target.getTriple();\nswitch (Syntax) {\n");
        for variety in ["GNU", "Declspec", "Microsoft", "Pragma", "HLSLAnnotation"] {
            s.push_str(&format!(
                "case AttributeCommonInfo::Syntax::AS_{variety}:\n  return llvm::StringSwitch<int>(Name)\n"
            ));
            let attrs = plain.get(variety).map_or(&[][..], Vec::as_slice);
            string_switch(input, options, attrs, variety, "", out, &mut s)?;
        }
        for variety in ["CXX11", "C23"] {
            s.push_str(&format!("case AttributeCommonInfo::Syntax::AS_{variety}: {{\n"));
            let scopes = scoped.remove(variety).unwrap_or_default();
            for (i, (scope, attrs)) in scopes.iter().enumerate() {
                if i > 0 {
                    s.push_str(" else ");
                }
                let scope = std::str::from_utf8(scope).unwrap_or("");
                s.push_str(&format!("if (ScopeName == \"{scope}\") {{\n  return llvm::StringSwitch<int>(Name)\n"));
                string_switch(input, options, attrs, variety, scope, out, &mut s)?;
                s.push('}');
            }
            s.push_str("\n} break;\n");
        }
        s.push_str("case AttributeCommonInfo::Syntax::AS_Keyword:\ncase AttributeCommonInfo::Syntax::AS_ContextSensitiveKeyword:\n  llvm_unreachable(\"hasAttribute not supported for keyword\");\n  return 0;\ncase AttributeCommonInfo::Syntax::AS_Implicit:\n  llvm_unreachable (\"hasAttribute not supported for AS_Implicit\");\n  return 0;\n}\n");
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}
