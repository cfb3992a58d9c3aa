//! `-gen-clang-attr-parser-string-switches` (`AttrParserStringSwitches.inc`): the
//! `llvm::StringSwitch` cases by which the parser tells, from an attribute's spelling, how to
//! parse its arguments: unevaluated, as identifiers, string literals (a mask of which), a
//! variadic identifier list, a type, late, and so on. From LLVM 20 a spelling that several
//! attributes share gets a condition on the syntax, scope and target of each.

use crate::common::emit::source_file_header;
use crate::{Backend, BackendError, BackendOptions, Output};
use std::collections::BTreeMap;
use std::io::Write;
use tdq_core::types::RecId;
use tdq_core::{ByRelease, Evaluation};
use tdq_models::clang::arguments::arg_class;
use tdq_models::clang::attributes::{
    attributes, flattened_spellings, late_parse_kind, target_checks, LateParseKind, ParsedAttrs,
};
use tdq_models::{Fatal, Fields};

pub struct GenClangAttrParserStringSwitches;

/// How a release writes the lists.
struct Form {
    /// The cases are by spelling name, sorted, each with the conditions of the attributes that
    /// share the name (LLVM 20); else one case per attribute and unique name of it, in
    /// attribute order.
    by_name: bool,
    /// The list of attributes with `StrictEnumParameters` is `CLANG_ATTR_STRICT_IDENTIFIER_ARG_LIST`
    /// (LLVM 20); else `..._AT_INDEX_LIST`, with a mask of the arguments.
    strict_list: bool,
    /// `CLANG_ATTR_PARSE_ARGS_IN_FUNCTION_SCOPE_LIST` comes before the strict list (LLVM 23).
    function_scope_list: bool,
}

const FORM_22: Form = Form { by_name: true, strict_list: true, function_scope_list: false };
const FORM: ByRelease<Form> = ByRelease {
    v19: Form { by_name: false, strict_list: false, function_scope_list: false },
    v22: FORM_22,
    v23: Form { function_scope_list: true, ..FORM_22 },
};

/// What one list holds for one attribute: `true`, or a mask.
#[derive(Clone)]
enum Value {
    True,
    Mask(u32),
    /// LLVM 19's: text as written (a mask, or conditions on the target).
    Text(String),
}

impl Value {
    fn mask(&self) -> u32 {
        match self {
            Value::Mask(m) => *m,
            _ => 0,
        }
    }
}

/// One spelling of an attribute in a list (`FlattenedSpellingInfo`).
struct SpellingInfo {
    syntax: &'static str,
    scope: &'static str,
    target_test: String,
    mask: u32,
}

struct Writer<'a> {
    input: &'a Evaluation,
    form: &'static Form,
    /// Each spelling name and the attributes that have it (`NameToAttrsMap`).
    name_to_attrs: BTreeMap<&'static str, Vec<RecId>>,
    s: String,
}

impl Writer<'_> {
    fn f(&self) -> Fields<'_> {
        Fields { input: self.input }
    }

    /// `#if defined(NAME)`, the cases of `entries`, `#endif`.
    fn list(&mut self, name: &str, entries: Vec<(RecId, Value)>) -> Result<(), Fatal> {
        self.s.push_str(&format!("#if defined({name})\n"));
        if self.form.by_name {
            self.cases_by_name(&entries)?;
        } else {
            for (attr, value) in entries {
                let value = match value {
                    Value::True => "true".to_string(),
                    Value::Mask(m) => m.to_string(),
                    Value::Text(t) => t,
                };
                // `forEachUniqueSpelling`.
                let mut seen = Vec::new();
                for spelling in flattened_spellings(self.input, attr)? {
                    if !seen.contains(&spelling.name) {
                        seen.push(spelling.name);
                        self.s.push_str(&format!(".Case(\"{}\", {value})\n", spelling.name));
                    }
                }
            }
        }
        self.s.push_str(&format!("#endif // {name}\n\n"));
        Ok(())
    }

    /// `generateFlattenedSpellingInfo` of every entry, then `emitStringSwitchCases`.
    fn cases_by_name(&mut self, entries: &[(RecId, Value)]) -> Result<(), Fatal> {
        let f = self.f();
        let mut map: BTreeMap<&'static str, Vec<SpellingInfo>> = BTreeMap::new();
        for (attr, value) in entries {
            let mut target_test = String::new();
            if f.is_a(*attr, "TargetSpecificAttr") && !f.is_unset(*attr, "ParseKind")? {
                let target = f.def(*attr, "Target")?;
                target_test = target_checks(self.input, target, &f.strings(target, "Arches")?)?.test;
            }
            for spelling in flattened_spellings(self.input, *attr)? {
                map.entry(spelling.name).or_default().push(SpellingInfo {
                    syntax: spelling.variety,
                    scope: spelling.namespace,
                    target_test: target_test.clone(),
                    mask: value.mask(),
                });
            }
        }
        for (name, infos) in &map {
            if self.name_to_attrs.get(name).is_some_and(|a| a.len() == 1) {
                let mask = infos[0].mask;
                let value = if mask != 0 { mask.to_string() } else { "true".to_string() };
                self.s.push_str(&format!(".Case(\"{name}\", {value})\n"));
                continue;
            }
            self.s.push_str(&format!(".Case(\"{name}\", "));
            for (i, info) in infos.iter().enumerate() {
                self.s.push_str(&format!("(Syntax==AttributeCommonInfo::AS_{} && ", info.syntax));
                if info.scope.is_empty() {
                    self.s.push_str("!ScopeName");
                } else {
                    self.s.push_str(&format!("ScopeName && ScopeName->getName()==\"{}\"", info.scope));
                }
                if !info.target_test.is_empty() {
                    self.s.push_str(&format!(" && {}", info.target_test));
                }
                self.s.push(')');
                if infos.len() == 1 && info.mask == 0 {
                    continue;
                }
                let success = if info.mask != 0 { info.mask } else { 1 };
                self.s.push_str(&format!(" ? {success} : "));
                if i == infos.len() - 1 {
                    self.s.push('0');
                }
            }
            self.s.push_str(")\n");
        }
        Ok(())
    }

    /// The attributes whose first argument's class is one of `classes`.
    fn first_arg_is(&self, classes: &[&str]) -> Result<Vec<(RecId, Value)>, Fatal> {
        let mut out = Vec::new();
        for &attr in attributes(self.input)?.iter() {
            let args = self.f().defs(attr, "Args")?;
            if args.first().and_then(|&a| arg_class(self.input, a)).is_some_and(|c| classes.contains(&c)) {
                out.push((attr, Value::True));
            }
        }
        Ok(out)
    }

    /// The Sema attributes (`getParsedAttrList`) with bit `field` set.
    fn parsed_with(&self, field: &str) -> Result<Vec<(RecId, Value)>, Fatal> {
        let mut out = Vec::new();
        for (_, attr) in ParsedAttrs::new(self.input, true)?.list {
            if self.f().bit(attr, field)? {
                out.push((attr, Value::True));
            }
        }
        Ok(out)
    }

    /// The mask of an attribute's arguments that are string literals; a variadic string
    /// argument sets its bit and every later one.
    fn string_literal_mask(&self, attr: RecId) -> Result<u32, Fatal> {
        let f = self.f();
        let mut bits = 0u32;
        for (n, &arg) in f.defs(attr, "Args")?.iter().enumerate().take(32) {
            let class = arg_class(self.input, arg);
            let string = match class {
                Some("EnumArgument") => f.bit(arg, "IsString")?,
                Some(c) => c == "StringArgument",
                None => false,
            };
            bits |= u32::from(string) << n;
            let variadic = match class {
                Some("VariadicEnumArgument") => f.bit(arg, "IsString")?,
                Some(c) => c == "VariadicStringArgument",
                None => false,
            };
            if variadic {
                bits |= u32::MAX << n;
                break;
            }
        }
        Ok(bits)
    }

    /// `CLANG_ATTR_STRING_LITERAL_ARG_LIST`'s entries.
    fn string_literals(&self) -> Result<Vec<(RecId, Value)>, Fatal> {
        let f = self.f();
        let mut out = Vec::new();
        if self.form.by_name {
            for &attr in attributes(self.input)?.iter() {
                let mask = self.string_literal_mask(attr)?;
                if mask != 0 {
                    out.push((attr, Value::Mask(mask)));
                }
            }
            return Ok(out);
        }
        // LLVM 19: the parsed attributes, Sema's or not; a target-specific one with a parse
        // kind tests the target of each attribute of that kind.
        let parsed = ParsedAttrs::new(self.input, false)?;
        let with_target = |attr: RecId, mask: u32, text: &mut String| -> Result<(), Fatal> {
            let target = f.def(attr, "Target")?;
            let test = target_checks(self.input, target, &f.strings(target, "Arches")?)?.test;
            text.push_str(&format!("{test} ? {mask} : "));
            Ok(())
        };
        for &(_, attr) in &parsed.list {
            let mut text = String::new();
            if f.is_a(attr, "TargetSpecificAttr") && !f.is_unset(attr, "ParseKind")? {
                let mask = self.string_literal_mask(attr)?;
                if mask != 0 {
                    with_target(attr, mask, &mut text)?;
                }
                let kind = f.string(attr, "ParseKind")?;
                for &(ref dupe_kind, dupe) in &parsed.dupes {
                    if dupe_kind != kind {
                        continue;
                    }
                    let mask = self.string_literal_mask(dupe)?;
                    if mask != 0 {
                        with_target(dupe, mask, &mut text)?;
                    }
                }
                if !text.is_empty() {
                    text.push('0');
                }
            } else {
                let mask = self.string_literal_mask(attr)?;
                if mask != 0 {
                    text = mask.to_string();
                }
            }
            if !text.is_empty() {
                out.push((attr, Value::Text(text)));
            }
        }
        Ok(out)
    }

    /// A list of the GNU spellings of the attributes `keep` chooses (the late parsed ones, those
    /// parsed in function scope), each `1`.
    fn gnu_list(&mut self, name: &str, keep: impl Fn(RecId) -> Result<bool, Fatal>) -> Result<(), Fatal> {
        self.s.push_str(&format!("#if defined({name})\n"));
        for &attr in attributes(self.input)?.iter() {
            if !keep(attr)? {
                continue;
            }
            for spelling in flattened_spellings(self.input, attr)? {
                if spelling.variety == "GNU" {
                    self.s.push_str(&format!(".Case(\"{}\", 1)\n", spelling.name));
                }
            }
        }
        self.s.push_str(&format!("#endif // {name}\n\n"));
        Ok(())
    }

    /// The attributes with `StrictEnumParameters` and an identifier argument.
    fn strict(&mut self) -> Result<(), Fatal> {
        let f = self.f();
        let identifier = |arg: RecId| {
            matches!(arg_class(self.input, arg), Some("IdentifierArgument" | "EnumArgument" | "VariadicEnumArgument"))
        };
        let mut entries = Vec::new();
        for &attr in attributes(self.input)?.iter() {
            if !f.bit(attr, "StrictEnumParameters")? {
                continue;
            }
            let args = f.defs(attr, "Args")?;
            if self.form.strict_list {
                if args.iter().any(|&a| identifier(a)) {
                    entries.push((attr, Value::True));
                }
            } else {
                // LLVM 19 tests the first argument for every index.
                let mut at_index = 0u64;
                for i in 0..args.len() {
                    at_index |= u64::from(identifier(args[0])).checked_shl(i as u32).unwrap_or(0);
                }
                if at_index != 0 {
                    entries.push((attr, Value::Text(format!("{at_index}ull"))));
                }
            }
        }
        let name = if self.form.strict_list {
            "CLANG_ATTR_STRICT_IDENTIFIER_ARG_LIST"
        } else {
            "CLANG_ATTR_STRICT_IDENTIFIER_ARG_AT_INDEX_LIST"
        };
        self.list(name, entries)
    }
}

impl Backend for GenClangAttrParserStringSwitches {
    fn name(&self) -> &'static str {
        "gen-clang-attr-parser-string-switches"
    }
    fn help(&self) -> &'static str {
        "Generate all parser-related attribute string switches"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let form = FORM.get(options.release);
        let mut name_to_attrs: BTreeMap<&'static str, Vec<RecId>> = BTreeMap::new();
        if form.by_name {
            for &attr in attributes(input)?.iter() {
                for spelling in flattened_spellings(input, attr)? {
                    let attrs = name_to_attrs.entry(spelling.name).or_default();
                    if !attrs.contains(&attr) {
                        attrs.push(attr);
                    }
                }
            }
        }
        let mut w = Writer { input, form, name_to_attrs, s: String::new() };
        source_file_header(&mut w.s, "Parser-related llvm::StringSwitch cases", Some(&options.input_filename));
        let entries = w.parsed_with("ParseArgumentsAsUnevaluated")?;
        w.list("CLANG_ATTR_ARG_CONTEXT_LIST", entries)?;
        let entries = w.first_arg_is(&["IdentifierArgument", "EnumArgument", "VariadicEnumArgument"])?;
        w.list("CLANG_ATTR_IDENTIFIER_ARG_LIST", entries)?;
        let entries = w.string_literals()?;
        w.list("CLANG_ATTR_STRING_LITERAL_ARG_LIST", entries)?;
        let entries = w.first_arg_is(&["VariadicIdentifierArgument", "VariadicParamOrParamIdxArgument"])?;
        w.list("CLANG_ATTR_VARIADIC_IDENTIFIER_ARG_LIST", entries)?;
        let entries = w.first_arg_is(&["VariadicParamOrParamIdxArgument"])?;
        w.list("CLANG_ATTR_THIS_ISA_IDENTIFIER_ARG_LIST", entries)?;
        let entries = w.parsed_with("AcceptsExprPack")?;
        w.list("CLANG_ATTR_ACCEPTS_EXPR_PACK", entries)?;
        let entries = w.first_arg_is(&["TypeArgument"])?;
        w.list("CLANG_ATTR_TYPE_ARG_LIST", entries)?;
        let late = |mode| move |attr| Ok(late_parse_kind(input, attr)? == mode);
        w.gnu_list("CLANG_ATTR_LATE_PARSED_LIST", late(LateParseKind::Standard))?;
        w.gnu_list("CLANG_ATTR_LATE_PARSED_EXPERIMENTAL_EXT_LIST", late(LateParseKind::ExperimentalExt))?;
        if form.function_scope_list {
            let f = Fields { input };
            w.gnu_list("CLANG_ATTR_PARSE_ARGS_IN_FUNCTION_SCOPE_LIST", |attr| f.bit(attr, "ParseArgsInFunctionScope"))?;
        }
        w.strict()?;
        out.write_all(w.s.as_bytes())?;
        Ok(())
    }
}
