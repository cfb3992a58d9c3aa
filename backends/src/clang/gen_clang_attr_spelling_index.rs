//! `-gen-clang-attr-spelling-index` (`AttrSpellingListIndex.inc`): for each parsed attribute
//! kind, the index of the spelling a parsed attribute was written with, found from its name,
//! syntax and scope.

use crate::common::emit::source_file_header;
use crate::{Backend, BackendError, BackendOptions, Output};
use std::io::Write;
use tdq_core::{ByRelease, Evaluation};
use tdq_models::clang::attributes::{flattened_spellings, FlattenedSpelling, ParsedAttrs};

pub struct GenClangAttrSpellingIndex;

/// How a release tells the spellings apart.
#[derive(Clone, Copy)]
enum Test {
    /// Each spelling's name, syntax and scope as a string (LLVM 19).
    NameAndScopeString,
    /// One spelling or none: index 0; else the name only where names differ (its length
    /// where that is enough), and the scope as `AttributeCommonInfo::Scope` (LLVM 20 on).
    Shortest,
}

const TEST: ByRelease<Test> = ByRelease { v19: Test::NameAndScopeString, v22: Test::Shortest, v23: Test::Shortest };

fn shortest(spellings: &[FlattenedSpelling], s: &mut String) {
    if spellings.len() <= 1 {
        s.push_str("    return 0;\n    break;\n  }\n");
        return;
    }
    let mut names: Vec<&str> = spellings.iter().map(|sp| sp.name).collect();
    names.sort_unstable();
    names.dedup();
    for (index, spelling) in spellings.iter().enumerate() {
        s.push_str("    if (");
        if names.len() > 1 {
            let same_length = names.iter().filter(|n| n.len() == spelling.name.len()).count();
            if same_length == 1 {
                s.push_str(&format!("Name.size() == {} && ", spelling.name.len()));
            } else {
                s.push_str(&format!("Name == \"{}\" && ", spelling.name));
            }
        }
        s.push_str(&format!("getSyntax() == AttributeCommonInfo::AS_{} && ComputedScope == ", spelling.variety));
        if spelling.namespace.is_empty() {
            s.push_str("AttributeCommonInfo::Scope::NONE");
        } else {
            s.push_str(&format!("AttributeCommonInfo::Scope::{}", spelling.namespace.to_ascii_uppercase()));
        }
        s.push_str(&format!(")\n      return {index};\n"));
    }
    s.push_str("    break;\n  }\n");
}

impl Backend for GenClangAttrSpellingIndex {
    fn name(&self) -> &'static str {
        "gen-clang-attr-spelling-index"
    }
    fn help(&self) -> &'static str {
        "Generate a clang attribute spelling index"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let mut s = String::new();
        source_file_header(
            &mut s,
            "Code to translate different attribute spellings into internal identifiers",
            Some(&options.input_filename),
        );
        s.push_str("  switch (getParsedKind()) {\n    case IgnoredAttribute:\n    case UnknownAttribute:\n    case NoSemaHandlerAttribute:\n      llvm_unreachable(\"Ignored/unknown shouldn't get here\");\n");
        for (name, attr) in ParsedAttrs::new(input, true)?.list {
            let spellings = flattened_spellings(input, attr)?;
            s.push_str(&format!("  case AT_{name}: {{\n"));
            match TEST.get(options.release) {
                Test::NameAndScopeString => {
                    for (index, spelling) in spellings.iter().enumerate() {
                        s.push_str(&format!(
                            "    if (Name == \"{}\" && getSyntax() == AttributeCommonInfo::AS_{} && Scope == \"{}\")\n        return {index};\n",
                            spelling.name, spelling.variety, spelling.namespace
                        ));
                    }
                    s.push_str("    break;\n  }\n");
                }
                Test::Shortest => shortest(&spellings, &mut s),
            }
        }
        s.push_str("  }\n  return 0;\n");
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}
