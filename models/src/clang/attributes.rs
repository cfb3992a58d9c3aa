//! clang's attributes as clang-tblgen's ClangAttrEmitter.cpp sees them: the `Attr` defs, each
//! one's spellings flattened into the syntaxes they stand for (`GCC<"x">` is `__attribute__((x))`,
//! `[[gnu::x]]` and maybe `[[gnu::x]]` in C), the parsed-attribute list (one entry per
//! `ParseKind` of target-specific attributes), and the names clang normalizes. Every
//! `-gen-clang-attr-*` emitter reads this one model; the subject match rules of
//! `#pragma clang attribute` are in [`super::subject_rules`].

use crate::records::{derived_definitions, Fatal, Fields};
use std::collections::HashSet;
use std::sync::Arc;
use tdq_core::types::RecId;
use tdq_core::{ByRelease, Evaluation};

/// One syntax an attribute can be written in (clang-tblgen's `FlattenedSpelling`).
#[derive(Clone, Copy, Debug)]
pub struct FlattenedSpelling {
    /// `GNU`, `CXX11`, `C23`, `Declspec`, `Microsoft`, `Keyword`, `Pragma`, `HLSLAnnotation`, ...
    pub variety: &'static str,
    pub name: &'static str,
    /// The scope of a `CXX11`, `C23` or `Pragma` spelling (`gnu`, `clang`, ...), else empty.
    pub namespace: &'static str,
    /// Whether it came from a `GCC` spelling.
    pub known_to_gcc: bool,
    /// The `Spelling` def it was flattened from.
    pub record: RecId,
}

/// Whether a release's clang-tblgen knows the `ClangGCC` spelling (`[[clang::x]]` and
/// `[[gnu::x]]` for one name), new in LLVM 20; LLVM 19 takes it as a spelling of its own.
const CLANG_GCC_SPELLING: ByRelease<bool> = ByRelease { v19: false, v22: true, v23: true };

/// `GetFlattenedSpellings`: the spellings of attribute `attr`, each `GCC`, `Clang` and
/// `ClangGCC` spelling made into the GNU, C++11 and (with `AllowInC`) C23 ones it stands for.
pub fn flattened_spellings(input: &Evaluation, attr: RecId) -> Result<Vec<FlattenedSpelling>, Fatal> {
    let f = Fields { input };
    let clang_gcc = *CLANG_GCC_SPELLING.get(input.records.release);
    let mut out = Vec::new();
    for spelling in f.defs(attr, "Spellings")? {
        let variety = f.string(spelling, "Variety")?;
        let name = f.string(spelling, "Name")?;
        let mut push = |variety, namespace, known_to_gcc| {
            out.push(FlattenedSpelling { variety, name, namespace, known_to_gcc, record: spelling })
        };
        match variety {
            "GCC" => {
                push("GNU", "", true);
                push("CXX11", "gnu", true);
                if f.bit(spelling, "AllowInC")? {
                    push("C23", "gnu", true);
                }
            }
            "Clang" => {
                push("GNU", "", false);
                push("CXX11", "clang", false);
                if f.bit(spelling, "AllowInC")? {
                    push("C23", "clang", false);
                }
            }
            "ClangGCC" if clang_gcc => {
                push("GNU", "", false);
                push("CXX11", "clang", false);
                push("CXX11", "gnu", false);
                if f.bit(spelling, "AllowInC")? {
                    push("C23", "clang", false);
                    push("C23", "gnu", false);
                }
            }
            _ => {
                let namespace = match variety {
                    "CXX11" | "C23" | "Pragma" => f.string(spelling, "Namespace")?,
                    _ => "",
                };
                push(variety, namespace, false);
            }
        }
    }
    Ok(out)
}

/// `isRegularKeywordAttribute`: a `Keyword` spelling without parse rules of its own.
pub fn is_regular_keyword(input: &Evaluation, spelling: &FlattenedSpelling) -> Result<bool, Fatal> {
    Ok(spelling.variety == "Keyword" && !Fields { input }.bit(spelling.record, "HasOwnParseRules")?)
}

/// `NormalizeAttrName`: the name without one leading and one trailing `__`.
pub fn normalize_attr_name(name: &str) -> &str {
    let name = name.strip_prefix("__").unwrap_or(name);
    name.strip_suffix("__").unwrap_or(name)
}

/// `NormalizeNameForSpellingComparison`: the name without any leading or trailing `_`.
pub fn normalize_for_spelling_comparison(name: &str) -> &str {
    name.trim_matches('_')
}

/// `SpellingNamesAreCommon`: whether every spelling has the first one's name, underscores
/// around them aside.
pub fn spelling_names_are_common(spellings: &[FlattenedSpelling]) -> bool {
    let Some(first) = spellings.first() else { return true };
    let first = normalize_for_spelling_comparison(first.name);
    spellings.iter().skip(1).all(|s| normalize_for_spelling_comparison(s.name) == first)
}

/// `CreateSemanticSpellings`: the enumerator of each spelling in an attribute's `Spelling`
/// enum, by spelling index: the variety, the scope and the name, underscores around the scope
/// and the name dropped (`GNU_aligned`, `CXX11_gnu_aligned`). Spellings that come out the same
/// share the first one's enumerator.
pub fn semantic_spelling_names(spellings: &[FlattenedSpelling]) -> Vec<String> {
    spellings
        .iter()
        .map(|s| {
            let mut name = format!("{}_", s.variety);
            if !s.namespace.is_empty() {
                name.push_str(normalize_for_spelling_comparison(s.namespace));
                name.push('_');
            }
            name.push_str(normalize_for_spelling_comparison(s.name));
            name
        })
        .collect()
}

/// Whether the spelling-related members of an attribute's class are left out: it has at most
/// one spelling, or all have one name.
pub fn elides_spelling(spellings: &[FlattenedSpelling]) -> bool {
    spellings.len() <= 1 || spelling_names_are_common(spellings)
}

/// `getSpellingListIndex`: the index of `spelling` (of an `Accessor` or a target-specific
/// spelling) among an attribute's, the same variety, scope and name; `None` when it is not
/// one of them.
pub fn spelling_list_index(list: &[FlattenedSpelling], spelling: &FlattenedSpelling) -> Option<usize> {
    list.iter()
        .position(|s| s.variety == spelling.variety && s.namespace == spelling.namespace && s.name == spelling.name)
}

/// The class an attribute's C++ class derives from and whether it is inheritable: the last of
/// its TableGen superclasses other than `TargetSpecificAttr` and `DeclOrTypeAttr`.
pub fn attr_superclass(input: &Evaluation, attr: RecId) -> (&'static str, bool) {
    let rk = &input.records;
    let mut super_name = "";
    let mut inheritable = false;
    for &(class, _) in rk.get(attr).superclasses.iter().rev() {
        let name = rk.name_sym(class);
        if name != "TargetSpecificAttr" && name != "DeclOrTypeAttr" && super_name.is_empty() {
            super_name = name;
        }
        if name == "InheritableAttr" {
            inheritable = true;
        }
    }
    (super_name, inheritable)
}

/// `LateAttrParseKind`: whether and how the parser delays an attribute's arguments.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LateParseKind {
    Never,
    Standard,
    ExperimentalExt,
}

/// `getLateAttrParseKind`: the attribute's `LateParsed`, a def of class `LateAttrParseKind`
/// alone, named `LateAttrParse` and its kind (as clang-tblgen checks, with its messages).
pub fn late_parse_kind(input: &Evaluation, attr: RecId) -> Result<LateParseKind, Fatal> {
    let f = Fields { input };
    let rk = &input.records;
    let fatal = |message: String| Fatal::new(&rk.get(attr).locs, message);
    let lapk = f.def(attr, "LateParsed")?;
    let supers = rk.get(lapk).direct_superclasses(rk);
    if supers.len() != 1 {
        return Err(fatal("Field `LateParsed`should only have one super class".to_string()));
    }
    let class = rk.name_sym(supers[0]);
    if class != "LateAttrParseKind" {
        return Err(fatal(format!(
            "Field `LateParsed`should only have type `LateAttrParseKind` but found type `{class}`"
        )));
    }
    let kind = f.int(lapk, "Kind")?;
    let name = f.name(lapk);
    let (kind, expected) = match kind {
        0 => (LateParseKind::Never, "Never"),
        1 => (LateParseKind::Standard, "Standard"),
        2 => (LateParseKind::ExperimentalExt, "ExperimentalExt"),
        _ => {
            // clang-tblgen reads the value as `unsigned`.
            let value = kind as u32;
            return Err(fatal(format!("Field `LateParsed` set to `{name}` has unexpected `Kind` value of {value}")));
        }
    };
    if name.strip_prefix("LateAttrParse") != Some(expected) {
        return Err(fatal(format!(
            "Field `LateParsed` set to `{name}` but this converts to `LateAttrParseKind::{expected}`"
        )));
    }
    Ok(kind)
}

/// Every `Attr` def, in name order (`getAllDerivedDefinitions("Attr")`).
pub fn attributes(input: &Evaluation) -> Result<Arc<[RecId]>, Fatal> {
    derived_definitions(input, "Attr")
}

/// The attributes Sema knows by a `ParsedAttr::Kind` (`getParsedAttrList`): each with the
/// kind's name, which is the `ParseKind` of a target-specific attribute that has one (the
/// first attribute of each `ParseKind` stands for the rest), else its name normalized.
pub struct ParsedAttrs {
    pub list: Vec<(String, RecId)>,
    /// The later attributes of a `ParseKind` already taken, with it.
    pub dupes: Vec<(String, RecId)>,
}

impl ParsedAttrs {
    /// Only those with a Sema handler (`SemaHandler`) when `sema_only`.
    pub fn new(input: &Evaluation, sema_only: bool) -> Result<ParsedAttrs, Fatal> {
        let f = Fields { input };
        let mut seen = HashSet::new();
        let mut parsed = ParsedAttrs { list: Vec::new(), dupes: Vec::new() };
        for &attr in attributes(input)?.iter() {
            if sema_only && !f.bit(attr, "SemaHandler")? {
                continue;
            }
            let name = if f.is_a(attr, "TargetSpecificAttr") && !f.is_unset(attr, "ParseKind")? {
                let kind = f.string(attr, "ParseKind")?.to_string();
                if !seen.insert(kind.clone()) {
                    parsed.dupes.push((kind, attr));
                    continue;
                }
                kind
            } else {
                normalize_attr_name(f.name(attr)).to_string()
            };
            parsed.list.push((name, attr));
        }
        Ok(parsed)
    }
}

/// `GenerateTargetSpecificAttrChecks(R, Arches, Test, FnName)`: the C++ test that the target
/// (a `T` triple in scope) is one that `TargetSpec` def `target` names: its `arches`, its
/// `OSes`, `ObjectFormats` and `CustomCode`; with whether it tests anything, and the name
/// suffix that the arches, OSes and object formats make.
pub fn target_checks(input: &Evaluation, target: RecId, arches: &[&str]) -> Result<TargetChecks, Fatal> {
    let f = Fields { input };
    let mut checks = TargetChecks { test: "true".to_string(), any: false, fn_suffix: String::new() };
    let list = |checks: &mut TargetChecks, items: &[&str], against: &str, scope: &str| {
        checks.any = true;
        checks.test.push_str(" && (");
        for (i, item) in items.iter().enumerate() {
            checks.test.push_str(&format!("{against} == {scope}{item}"));
            if i + 1 != items.len() {
                checks.test.push_str(" || ");
            }
            checks.fn_suffix.push_str(item);
        }
        checks.test.push(')');
    };
    if !arches.is_empty() {
        list(&mut checks, arches, "T.getArch()", "llvm::Triple::");
    }
    for (field, against) in [("OSes", "T.getOS()"), ("ObjectFormats", "T.getObjectFormat()")] {
        if !f.is_unset(target, field)? {
            list(&mut checks, &f.strings(target, field)?, against, "llvm::Triple::");
        }
    }
    let code = f.string(target, "CustomCode")?;
    if !code.is_empty() {
        checks.any = true;
        checks.test.push_str(&format!(" && ({code})"));
    }
    Ok(checks)
}

/// What [`target_checks`] makes.
pub struct TargetChecks {
    /// `true && (T.getArch() == llvm::Triple::x86 || ...) && ...`.
    pub test: String,
    /// Whether anything is tested beyond `true`.
    pub any: bool,
    /// The arches, OSes and object formats named, one after the other (`FnName`'s suffix).
    pub fn_suffix: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_normalized_as_clang_does() {
        assert_eq!(normalize_attr_name("__foo__"), "foo");
        assert_eq!(normalize_attr_name("__foo"), "foo");
        assert_eq!(normalize_attr_name("_foo_"), "_foo_");
        assert_eq!(normalize_for_spelling_comparison("__pascal"), "pascal");
    }
}
