//! `-gen-clang-attr-parsed-attr-kinds` (`AttrParsedAttrKinds.inc`): `getAttrKind`, which finds
//! the parsed attribute kind of a name in each syntax with one [`StringMatcher`] a syntax
//! (an attribute ignored without a Sema handler is `IgnoredAttribute`).
//!
//! [`StringMatcher`]: crate::common::string_matcher

use crate::common::emit::source_file_header;
use crate::common::string_matcher::{self, StringPair};
use crate::{Backend, BackendError, BackendOptions, Output};
use std::collections::HashSet;
use std::io::Write;
use tdq_core::{ByRelease, Evaluation};
use tdq_models::clang::attributes::{attributes, flattened_spellings, normalize_attr_name};
use tdq_models::{Fatal, Fields};

pub struct GenClangAttrParsedAttrKinds;

/// Whether an `HLSLAnnotation` spelling must be lower case (an error otherwise; LLVM 20 on).
const HLSL_LOWER_CASE: ByRelease<bool> = ByRelease { v19: false, v22: true, v23: true };

/// The syntaxes, each with its test in `getAttrKind`, in the order they are tried.
const SYNTAXES: [(&str, &str); 8] = [
    ("GNU", "if (AttributeCommonInfo::AS_GNU == Syntax) {"),
    ("Declspec", "} else if (AttributeCommonInfo::AS_Declspec == Syntax) {"),
    ("Microsoft", "} else if (AttributeCommonInfo::AS_Microsoft == Syntax) {"),
    ("CXX11", "} else if (AttributeCommonInfo::AS_CXX11 == Syntax) {"),
    ("C23", "} else if (AttributeCommonInfo::AS_C23 == Syntax) {"),
    (
        "Keyword",
        "} else if (AttributeCommonInfo::AS_Keyword == Syntax || AttributeCommonInfo::AS_ContextSensitiveKeyword == Syntax) {",
    ),
    ("Pragma", "} else if (AttributeCommonInfo::AS_Pragma == Syntax) {"),
    ("HLSLAnnotation", "} else if (AttributeCommonInfo::AS_HLSLAnnotation == Syntax) {"),
];

/// `NormalizeGNUAttrSpelling`: `__x__` is `x`.
fn normalize_gnu_spelling(name: &str) -> &str {
    match name.strip_prefix("__").and_then(|n| n.strip_suffix("__")) {
        Some(inner) if name.len() >= 4 => inner,
        _ => name,
    }
}

impl Backend for GenClangAttrParsedAttrKinds {
    fn name(&self) -> &'static str {
        "gen-clang-attr-parsed-attr-kinds"
    }
    fn help(&self) -> &'static str {
        "Generate a clang parsed attribute kinds"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let f = Fields { input };
        let mut matches: [Vec<StringPair>; 8] = Default::default();
        let mut seen = HashSet::new();
        for &attr in attributes(input)?.iter() {
            let sema_handler = f.bit(attr, "SemaHandler")?;
            let ignored = f.bit(attr, "Ignored")?;
            if !sema_handler && !ignored {
                continue;
            }
            let name = if f.is_a(attr, "TargetSpecificAttr") && !f.is_unset(attr, "ParseKind")? {
                let kind = f.string(attr, "ParseKind")?;
                if !seen.insert(kind) {
                    continue;
                }
                kind
            } else {
                normalize_attr_name(f.name(attr))
            };
            for spelling in flattened_spellings(input, attr)? {
                let Some(syntax) = SYNTAXES.iter().position(|(v, _)| *v == spelling.variety) else {
                    // LLVM asserts that it knows every variety.
                    let locs = &input.records.get(spelling.record).locs;
                    return Err(Fatal::new(locs, format!("Unsupported spelling variety '{}'", spelling.variety)).into());
                };
                let mut text = String::new();
                match spelling.variety {
                    "CXX11" | "C23" if !spelling.namespace.is_empty() => {
                        text = format!("{}::", spelling.namespace);
                    }
                    "HLSLAnnotation"
                        if *HLSL_LOWER_CASE.get(options.release)
                            && spelling.name != spelling.name.to_ascii_lowercase() =>
                    {
                        let loc = input.records.get(spelling.record).loc();
                        out.diags.error(loc, "HLSLAnnotation Attribute must be lower case.");
                    }
                    _ => {}
                }
                text.push_str(match spelling.variety {
                    "GNU" => normalize_gnu_spelling(spelling.name),
                    _ => spelling.name,
                });
                let code = if sema_handler {
                    format!("return AttributeCommonInfo::AT_{name};")
                } else {
                    "return AttributeCommonInfo::IgnoredAttribute;".to_string()
                };
                matches[syntax].push((text, code));
            }
        }
        let mut s = String::new();
        source_file_header(&mut s, "Attribute name matcher", Some(&options.input_filename));
        s.push_str(
            "static AttributeCommonInfo::Kind getAttrKind(StringRef Name, AttributeCommonInfo::Syntax Syntax) {\n",
        );
        for ((_, test), matches) in SYNTAXES.iter().zip(&matches) {
            s.push_str(&format!("  {test}\n"));
            string_matcher::emit("Name", matches, 0, &mut s)?;
        }
        s.push_str("  }\n  return AttributeCommonInfo::UnknownAttribute;\n}\n");
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}
