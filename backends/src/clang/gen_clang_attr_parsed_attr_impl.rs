//! `-gen-clang-attr-parsed-attr-impl` (`AttrParsedAttrImpl.inc`): Sema's `ParsedAttrInfo` of
//! each parsed attribute (its spellings, argument counts and names, and the checks it
//! overrides: the subjects it appertains to, mutually exclusive attributes, language options,
//! targets, `#pragma clang attribute` rules), the map of them, the handler of delayed
//! arguments, the match rules' tests, and the mutual-exclusion checks of merged declarations
//! and statements.

use super::attr_class::{semantic_spelling_enum, semantic_spelling_switch};
use crate::common::emit::source_file_header;
use crate::{Backend, BackendError, BackendOptions, Output};
use std::collections::HashSet;
use std::io::Write;
use tdq_core::types::RecId;
use tdq_core::{ByRelease, Diagnostics, Evaluation};
use tdq_models::clang::arguments::{arg_class, known_argument, ArgCounts};
use tdq_models::clang::attributes::{
    elides_spelling, flattened_spellings, semantic_spelling_names, spelling_list_index, target_checks, ParsedAttrs,
};
use tdq_models::clang::subject_rules::{is_supported_subject, PragmaSupport, Rule, RuleOrAggregate};
use tdq_models::records::derived_definitions;
use tdq_models::{Fatal, Fields};

pub struct GenClangAttrParsedAttrImpl;

/// Whether an `InheritableParamOrStmtAttr` is both a declaration and a statement attribute
/// in the mutual-exclusion checks (LLVM 20; before, a declaration attribute only).
const PARAM_OR_STMT_ATTR: ByRelease<bool> = ByRelease { v19: false, v22: true, v23: true };

impl Backend for GenClangAttrParsedAttrImpl {
    fn name(&self) -> &'static str {
        "gen-clang-attr-parsed-attr-impl"
    }
    fn help(&self) -> &'static str {
        "Generate the clang parsed attribute helpers"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let mut s = String::new();
        source_file_header(&mut s, "Parsed attribute helpers", Some(&options.input_filename));
        s.push_str("#if !defined(WANT_DECL_MERGE_LOGIC) && !defined(WANT_STMT_MERGE_LOGIC)\n");
        let pragma = PragmaSupport::new(input)?;
        let parsed = ParsedAttrs::new(input, true)?;
        let mut emitter = Emitter {
            input,
            f: Fields { input },
            pragma,
            param_or_stmt: *PARAM_OR_STMT_ATTR.get(options.release),
            custom_subjects: HashSet::new(),
            decl_merge: String::new(),
            stmt_merge: String::new(),
            diags: &mut out.diags,
        };
        emitter.emit(&parsed, &mut s)?;
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}

struct Emitter<'a> {
    input: &'a Evaluation,
    f: Fields<'a>,
    pragma: PragmaSupport,
    param_or_stmt: bool,
    /// The custom subjects' functions written so far.
    custom_subjects: HashSet<String>,
    /// The bodies of the two `DiagnoseMutualExclusions`, for declarations and statements.
    decl_merge: String,
    stmt_merge: String,
    diags: &'a mut Diagnostics,
}

/// `GetSubjectWithSuffix`: the C++ class of a declaration node.
fn subject_class(name: &str) -> String {
    if name == "DeclBase" {
        "Decl".to_string()
    } else {
        format!("{name}Decl")
    }
}

/// `NormalizeGNUAttrSpelling`: a GNU name without the `__` around it.
fn normalize_gnu_spelling(name: &str) -> &str {
    if name.starts_with("__") && name.ends_with("__") {
        // clang-tblgen's `substr(2, size - 4)`: all after the first `__` when they overlap.
        let end = if name.len() >= 4 { name.len() - 2 } else { name.len() };
        &name[2..end]
    } else {
        name
    }
}

impl Emitter<'_> {
    fn name(&self, rec: RecId) -> &'static str {
        self.f.name(rec)
    }

    fn emit(&mut self, parsed: &ParsedAttrs, s: &mut String) -> Result<(), Fatal> {
        let f = self.f;
        for &(_, attr) in &parsed.list {
            if f.is_unset(attr, "Subjects")? {
                continue;
            }
            for subject in f.defs(f.def(attr, "Subjects")?, "Subjects")? {
                if f.is_a(subject, "SubsetSubject") {
                    self.custom_appertains_to(subject, s)?;
                }
            }
        }
        for (kind, attr) in &parsed.list {
            self.attr_info(kind, *attr, &parsed.dupes, s)?;
        }
        s.push_str("static const ParsedAttrInfo *AttrInfoMap[] = {\n");
        for (kind, _) in &parsed.list {
            s.push_str(&format!("&ParsedAttrInfo{kind}::Instance,\n"));
        }
        s.push_str("};\n\n");
        self.delayed_args_handler(s)?;
        self.match_rules(s)?;
        s.push_str("#elif defined(WANT_DECL_MERGE_LOGIC)\n\n");
        s.push_str("static bool DiagnoseMutualExclusions(Sema &S, const NamedDecl *D, const Attr *A) {\n");
        s.push_str(&self.decl_merge);
        s.push_str("  return true;\n}\n\n");
        s.push_str("#elif defined(WANT_STMT_MERGE_LOGIC)\n\n");
        s.push_str("static bool DiagnoseMutualExclusions(Sema &S, const SmallVectorImpl<const Attr *> &C) {\n");
        s.push_str("  for (const Attr *A : C) {\n");
        s.push_str(&self.stmt_merge);
        s.push_str("  }\n  return true;\n}\n\n#endif\n");
        Ok(())
    }

    /// `GenerateCustomAppertainsTo`: once per subset subject, the function that tests it.
    fn custom_appertains_to(&mut self, subject: RecId, s: &mut String) -> Result<(), Fatal> {
        let f = self.f;
        let fn_name = format!("is{}", self.name(subject));
        if self.custom_subjects.contains(&fn_name) {
            return Ok(());
        }
        let base = f.def(subject, "Base")?;
        if f.is_a(base, "SubsetSubject") {
            let locs = &self.input.records.get(subject).locs;
            return Err(Fatal::new(locs, "SubsetSubjects within SubsetSubjects is not supported"));
        }
        s.push_str(&format!(
            "static bool {fn_name}(const Decl *D) {{\n  if (const auto *S = dyn_cast<{}>(D))\n    return {};\n  return false;\n}}\n\n",
            subject_class(self.name(base)),
            f.string(subject, "CheckCode")?
        ));
        self.custom_subjects.insert(fn_name);
        Ok(())
    }

    /// The `ParsedAttrInfo` of one parsed attribute, `kind` its `ParsedAttr` kind.
    fn attr_info(&mut self, kind: &str, attr: RecId, dupes: &[(String, RecId)], s: &mut String) -> Result<(), Fatal> {
        let f = self.f;
        let spellings = flattened_spellings(self.input, attr)?;
        if !spellings.is_empty() {
            s.push_str(&format!("static constexpr ParsedAttrInfo::Spelling {kind}Spellings[] = {{\n"));
            for spelling in &spellings {
                let mut name = String::new();
                if !spelling.namespace.is_empty() {
                    name.push_str(&format!("{}::", spelling.namespace));
                }
                if spelling.variety == "GNU" {
                    name.push_str(normalize_gnu_spelling(spelling.name));
                } else {
                    name.push_str(spelling.name);
                }
                s.push_str(&format!("  {{AttributeCommonInfo::AS_{}, \"{name}\"}},\n", spelling.variety));
            }
            s.push_str("};\n");
        }
        let args = f.defs(attr, "Args")?;
        let mut arg_names = Vec::new();
        for &arg in &args {
            // `getValueAsBitOrUnset`: an unset `Fake` is not fake.
            if !f.is_unset(arg, "Fake")? && f.bit(arg, "Fake")? {
                continue;
            }
            let mut name = f.string(arg, "Name")?.to_string();
            let rk = &self.input.records;
            if rk.get(arg).superclasses.iter().any(|&(c, _)| rk.name_sym(c).starts_with("Variadic")) {
                name.push_str("...");
            }
            arg_names.push(name);
        }
        if !arg_names.is_empty() {
            s.push_str(&format!("static constexpr const char *{kind}ArgNames[] = {{\n"));
            for name in &arg_names {
                s.push_str(&format!("\"{name}\","));
            }
            s.push_str("};\n");
        }
        s.push_str(&format!(
            "struct ParsedAttrInfo{kind} final : public ParsedAttrInfo {{\n  constexpr ParsedAttrInfo{kind}() : ParsedAttrInfo(\n    /*AttrKind=*/ParsedAttr::AT_{kind},\n"
        ));
        self.arg_info(attr, &args, s)?;
        let bit = |b: bool| u8::from(b);
        s.push_str(&format!("    /*HasCustomParsing=*/{},\n", bit(f.bit(attr, "HasCustomParsing")?)));
        s.push_str(&format!("    /*AcceptsExprPack=*/{},\n", bit(f.bit(attr, "AcceptsExprPack")?)));
        s.push_str(&format!("    /*IsTargetSpecific=*/{},\n", bit(f.is_a(attr, "TargetSpecificAttr"))));
        let is_type = f.is_a(attr, "TypeAttr") || f.is_a(attr, "DeclOrTypeAttr");
        s.push_str(&format!("    /*IsType=*/{},\n", bit(is_type)));
        let is_stmt = f.is_a(attr, "StmtAttr") || f.is_a(attr, "DeclOrStmtAttr");
        s.push_str(&format!("    /*IsStmt=*/{},\n", bit(is_stmt)));
        s.push_str(&format!("    /*IsKnownToGCC=*/{},\n", bit(spellings.iter().any(|s| s.known_to_gcc))));
        let supported = self.pragma.is_attribute_supported(self.input, attr)?;
        s.push_str(&format!("    /*IsSupportedByPragmaAttribute=*/{},\n", bit(supported)));
        if spellings.is_empty() {
            s.push_str("    /*Spellings=*/{},\n");
        } else {
            s.push_str(&format!("    /*Spellings=*/{kind}Spellings,\n"));
        }
        if arg_names.is_empty() {
            s.push_str("    /*ArgNames=*/{}");
        } else {
            s.push_str(&format!("    /*ArgNames=*/{kind}ArgNames"));
        }
        s.push_str(") {}\n");
        self.appertains_to(attr, s)?;
        self.mutual_exclusions(attr, s)?;
        if let Some(test) = self.lang_opts_test(&f.defs(attr, "LangOpts")?)? {
            s.push_str(&format!(
                "bool acceptsLangOpts(const LangOptions &LangOpts) const override {{\n  return {test};\n}}\n\n"
            ));
        }
        self.target_requirements(attr, dupes, s)?;
        self.spelling_target_requirements(attr, s)?;
        self.semantic_spelling(attr, s)?;
        self.strict_conforms_to(attr, supported, s)?;
        if f.bit(attr, "SimpleHandler")? {
            s.push_str(&format!(
                "AttrHandling handleDeclAttribute(Sema &S, Decl *D,const ParsedAttr &Attr) const override {{\n  D->addAttr(::new (S.Context) {}Attr(S.Context, Attr));\n  return AttributeApplied;\n}}\n\n",
                self.name(attr)
            ));
        }
        s.push_str("bool isParamExpr(size_t N) const override {\n  return ");
        for (i, &arg) in args.iter().enumerate() {
            if matches!(arg_class(self.input, arg), Some("ExprArgument" | "VariadicExprArgument")) {
                s.push_str(&format!("(N == {i}) || "));
            }
        }
        s.push_str("false;\n}\n\n");
        s.push_str(&format!(
            "static const ParsedAttrInfo{kind} Instance;\n}};\nconst ParsedAttrInfo{kind} ParsedAttrInfo{kind}::Instance;\n"
        ));
        Ok(())
    }

    /// `emitArgInfo`: the counts of required and optional arguments (15 optional when one is
    /// variadic) and of the arguments the parser fills in (the fake ones are not).
    fn arg_info(&self, attr: RecId, args: &[RecId], s: &mut String) -> Result<(), Fatal> {
        let f = self.f;
        let ArgCounts { required, optional } = ArgCounts::new(self.input, attr)?;
        let mut variadic = false;
        for &arg in args {
            if !f.bit(arg, "Fake")? && known_argument(self.input, attr, arg)?.is_variadic() {
                variadic = true;
                break;
            }
        }
        let members = required + optional;
        let optional = if variadic { 15 } else { optional };
        s.push_str(&format!(
            "    /*NumArgs=*/{required},\n    /*OptArgs=*/{optional},\n    /*NumArgMembers=*/{members},\n"
        ));
        Ok(())
    }

    /// `GetDiagnosticSpelling`: a subject's `DiagSpelling`, else its `Base`'s, recursively.
    fn diagnostic_spelling(&self, subject: RecId) -> Result<&'static str, Fatal> {
        let spelling = self.f.string(subject, "DiagSpelling")?;
        if !spelling.is_empty() {
            return Ok(spelling);
        }
        match self.f.optional_def(subject, "Base")? {
            Some(base) => self.diagnostic_spelling(base),
            None => Ok(""),
        }
    }

    /// `CalculateDiagnostic`: the subjects named in the wrong-subject diagnostic, a C++ string
    /// literal (`"functions, variables, and records"`).
    fn subjects_diagnostic(&mut self, subject_list: RecId) -> Result<String, Fatal> {
        let f = self.f;
        let custom = f.string(subject_list, "CustomDiag")?;
        if !custom.is_empty() {
            return Ok(format!("\"{custom}\""));
        }
        let mut names = Vec::new();
        for subject in f.defs(subject_list, "Subjects")? {
            let spelling = self.diagnostic_spelling(subject)?;
            if spelling.is_empty() {
                let message = format!(
                    "Could not determine diagnostic spelling for the node: {}; please add one to DeclNodes.td",
                    self.name(subject)
                );
                self.diags.error_at(&self.input.records.get(subject).locs, message);
                continue;
            }
            // `SplitString`: the pieces between commas, empty ones left out.
            names.extend(spelling.split(',').filter(|p| !p.is_empty()).map(|p| p.trim().to_string()));
        }
        Ok(match names.as_slice() {
            [] => {
                let locs = &self.input.records.get(subject_list).locs;
                return Err(Fatal::new(locs, "Could not deduce diagnostic argument for Attr subjects"));
            }
            [one] => format!("\"{one}\""),
            [a, b] => format!("\"{a} and {b}\""),
            [init @ .., last] => format!("\"{}, and {last}\"", init.join(", ")),
        })
    }

    /// `GenerateAppertainsTo`: the tests that a declaration or a statement is among the
    /// attribute's subjects, or the diagnostics that it cannot be.
    fn appertains_to(&mut self, attr: RecId, s: &mut String) -> Result<(), Fatal> {
        let f = self.f;
        if f.is_unset(attr, "Subjects")? {
            return Ok(());
        }
        let subject_list = f.def(attr, "Subjects")?;
        let subjects = f.defs(subject_list, "Subjects")?;
        if subjects.is_empty() {
            return Ok(());
        }
        let warn = f.bit(f.def(subject_list, "Diag")?, "Warn")?;
        let diag = if warn { "warn_attribute_wrong_decl_type_str" } else { "err_attribute_wrong_decl_type_str" };
        let is_stmt = |r: RecId| f.is_a(r, "StmtNode");
        let decls: Vec<RecId> =
            subjects.iter().copied().filter(|&r| f.is_a(r, "SubsetSubject") || !is_stmt(r)).collect();
        let stmts: Vec<RecId> = subjects.iter().copied().filter(|&r| is_stmt(r)).collect();
        if decls.is_empty() {
            if !stmts.is_empty() {
                s.push_str("bool diagAppertainsToDecl(Sema &S, const ParsedAttr &AL, const Decl *D) const override {\n  S.Diag(AL.getLoc(), diag::err_attribute_invalid_on_decl)\n    << AL << AL.isRegularKeywordAttribute() << D->getLocation();\n  return false;\n}\n\n");
            }
        } else {
            s.push_str(
                "bool diagAppertainsToDecl(Sema &S, const ParsedAttr &Attr, const Decl *D) const override {\n  if (",
            );
            let tests: Vec<String> = decls
                .iter()
                .map(|&d| {
                    if f.is_a(d, "SubsetSubject") {
                        format!("!is{}(D)", self.name(d))
                    } else {
                        format!("!isa<{}>(D)", subject_class(self.name(d)))
                    }
                })
                .collect();
            s.push_str(&tests.join(" && "));
            let names = self.subjects_diagnostic(subject_list)?;
            s.push_str(&format!(
                ") {{\n    S.Diag(Attr.getLoc(), diag::{diag})\n      << Attr << Attr.isRegularKeywordAttribute() << {names};\n    return false;\n  }}\n  return true;\n}}\n\n"
            ));
        }
        if stmts.is_empty() {
            if !decls.is_empty() {
                s.push_str("bool diagAppertainsToStmt(Sema &S, const ParsedAttr &AL, const Stmt *St) const override {\n  S.Diag(AL.getLoc(), diag::err_decl_attribute_invalid_on_stmt)\n    << AL << AL.isRegularKeywordAttribute() << St->getBeginLoc();\n  return false;\n}\n\n");
            }
        } else {
            s.push_str(
                "bool diagAppertainsToStmt(Sema &S, const ParsedAttr &Attr, const Stmt *St) const override {\n  if (",
            );
            let tests: Vec<String> = stmts.iter().map(|&st| format!("!isa<{}>(St)", self.name(st))).collect();
            s.push_str(&tests.join(" && "));
            let names = self.subjects_diagnostic(subject_list)?;
            s.push_str(&format!(
                ") {{\n    S.Diag(Attr.getLoc(), diag::{diag})\n      << Attr << Attr.isRegularKeywordAttribute() << {names};\n    return false;\n  }}\n  return true;\n}}\n\n"
            ));
        }
        Ok(())
    }

    /// `GenerateMutualExclusionsChecks`: `diagMutualExclusion` for the attributes a
    /// `MutualExclusions` def puts beside this one, and the parts of the merge checks.
    fn mutual_exclusions(&mut self, attr: RecId, s: &mut String) -> Result<(), Fatal> {
        let f = self.f;
        if f.is_a(attr, "TypeAttr") {
            return Ok(());
        }
        let param_or_stmt = self.param_or_stmt && f.is_a(attr, "InheritableParamOrStmtAttr");
        let is_stmt = f.is_a(attr, "StmtAttr") || f.is_a(attr, "DeclOrStmtAttr") || param_or_stmt;
        let is_decl = !is_stmt || f.is_a(attr, "DeclOrStmtAttr") || param_or_stmt;
        let name = self.name(attr);
        let (mut decl_attrs, mut stmt_attrs) = (Vec::new(), Vec::new());
        for &exclusion in derived_definitions(self.input, "MutualExclusions")?.iter() {
            let excluded = f.defs(exclusion, "Exclusions")?;
            if !excluded.iter().any(|&r| self.name(r) == name) {
                continue;
            }
            for &other in excluded.iter().filter(|&&r| self.name(r) != name) {
                if is_stmt {
                    stmt_attrs.push(format!("{}Attr", self.name(other)));
                }
                if is_decl {
                    decl_attrs.push(format!("{}Attr", self.name(other)));
                }
            }
        }
        if !decl_attrs.is_empty() || !stmt_attrs.is_empty() {
            s.push_str("  using ParsedAttrInfo::diagMutualExclusion;\n\n");
        }
        if !decl_attrs.is_empty() {
            s.push_str("  bool diagMutualExclusion(Sema &S, const ParsedAttr &AL, const Decl *D) const override {\n");
            for other in &decl_attrs {
                s.push_str(&format!("    if (const auto *A = D->getAttr<{other}>()) {{\n      S.Diag(AL.getLoc(), diag::err_attributes_are_not_compatible) << AL << A << (AL.isRegularKeywordAttribute() || A->isRegularKeywordAttribute());\n      S.Diag(A->getLocation(), diag::note_conflicting_attribute);      \nreturn false;\n    }}\n"));
            }
            s.push_str("    return true;\n  }\n\n");
            if f.is_a(attr, "InheritableAttr") {
                let m = &mut self.decl_merge;
                m.push_str(&format!("  if (const auto *Second = dyn_cast<{name}Attr>(A)) {{\n"));
                for other in &decl_attrs {
                    m.push_str(&format!("    if (const auto *First = D->getAttr<{other}>()) {{\n      S.Diag(First->getLocation(), diag::err_attributes_are_not_compatible) << First << Second << (First->isRegularKeywordAttribute() || Second->isRegularKeywordAttribute());\n      S.Diag(Second->getLocation(), diag::note_conflicting_attribute);\n      return false;\n    }}\n"));
                }
                m.push_str("    return true;\n  }\n");
            }
        }
        if !stmt_attrs.is_empty() {
            self.stmt_merge.push_str(&format!(
                "    if (const auto *Second = dyn_cast<{name}Attr>(A)) {{\n      auto Iter = llvm::find_if(C, [](const Attr *Check) {{ return isa<{}>(Check); }});\n      if (Iter != C.end()) {{\n        S.Diag((*Iter)->getLocation(), diag::err_attributes_are_not_compatible) << *Iter << Second << ((*Iter)->isRegularKeywordAttribute() || Second->isRegularKeywordAttribute());\n        S.Diag(Second->getLocation(), diag::note_conflicting_attribute);\n        return false;\n      }}\n    }}\n",
                stmt_attrs.join(", ")
            ));
        }
        Ok(())
    }

    /// `GenerateTestExpression`: the test that the language options `opts` (`LangOpt` defs)
    /// allow, `None` for none (then clang-tblgen writes `true` where it needs a test). A
    /// `CustomCode` wins over a `Name`, with a warning.
    fn lang_opts_test(&mut self, opts: &[RecId]) -> Result<Option<String>, Fatal> {
        let f = self.f;
        let mut test = String::new();
        for &opt in opts {
            if !test.is_empty() {
                test.push_str(" || ");
            }
            let code = f.string(opt, "CustomCode")?;
            if code.is_empty() {
                test.push_str(&format!("LangOpts.{}", f.string(opt, "Name")?));
            } else {
                test.push_str(&format!("({code})"));
                if !f.string(opt, "Name")?.is_empty() {
                    let message = "non-empty 'Name' field ignored because 'CustomCode' was supplied";
                    self.diags.warning_at(&self.input.records.get(opt).locs, message);
                }
            }
        }
        Ok((!test.is_empty()).then_some(test))
    }

    /// `GenerateTargetRequirements`: `existsInTarget` of a target-specific attribute, over
    /// the arches of every attribute of its `ParseKind`.
    fn target_requirements(&self, attr: RecId, dupes: &[(String, RecId)], s: &mut String) -> Result<(), Fatal> {
        let f = self.f;
        if !f.is_a(attr, "TargetSpecificAttr") {
            return Ok(());
        }
        let target = f.def(attr, "Target")?;
        let mut arches = f.strings(target, "Arches")?;
        if !f.is_unset(attr, "ParseKind")? {
            let kind = f.string(attr, "ParseKind")?;
            for (dupe_kind, dupe) in dupes {
                if dupe_kind == kind {
                    arches.extend(f.strings(f.def(*dupe, "Target")?, "Arches")?);
                }
            }
        }
        let checks = target_checks(self.input, target, &arches)?;
        s.push_str("bool existsInTarget(const TargetInfo &Target) const override {\n");
        if checks.any {
            s.push_str("  const llvm::Triple &T = Target.getTriple(); (void)T;\n");
        }
        s.push_str(&format!("  return {};\n}}\n\n", checks.test));
        Ok(())
    }

    /// `GenerateSpellingTargetRequirements`: `spellingExistsInTarget` of an attribute with
    /// `TargetSpecificSpellings`: each one's spelling indexes and target.
    fn spelling_target_requirements(&self, attr: RecId, s: &mut String) -> Result<(), Fatal> {
        let f = self.f;
        let target_spellings = f.defs(attr, "TargetSpecificSpellings")?;
        if target_spellings.is_empty() {
            return Ok(());
        }
        let all = flattened_spellings(self.input, attr)?;
        let mut test = String::new();
        let mut uses_triple = false;
        for (i, &target_spelling) in target_spellings.iter().enumerate() {
            let spellings = flattened_spellings(self.input, target_spelling)?;
            test.push_str("((SpellingListIndex == ");
            for (j, spelling) in spellings.iter().enumerate() {
                let index = spelling_list_index(&all, spelling)
                    .ok_or_else(|| Fatal::new(&[], format!("Unknown spelling: {}", spelling.name)))?;
                test.push_str(&index.to_string());
                test.push_str(if j + 1 != spellings.len() { " ||\n    SpellingListIndex == " } else { ") && " });
            }
            let target = f.def(target_spelling, "Target")?;
            let checks = target_checks(self.input, target, &f.strings(target, "Arches")?)?;
            uses_triple |= checks.any;
            test.push_str(&checks.test);
            test.push(')');
            if i + 1 != target_spellings.len() {
                test.push_str(" || ");
            }
        }
        s.push_str("bool spellingExistsInTarget(const TargetInfo &Target,\n                            const unsigned SpellingListIndex) const override {\n");
        if uses_triple {
            s.push_str("  const llvm::Triple &T = Target.getTriple(); (void)T;\n");
        }
        s.push_str(&format!("  return {test};\n}}\n\n"));
        Ok(())
    }

    /// `GenerateSpellingIndexToSemanticSpelling`: for an AST attribute whose spellings differ
    /// in name, the `Spelling` enumerator of each spelling index.
    fn semantic_spelling(&self, attr: RecId, s: &mut String) -> Result<(), Fatal> {
        if !self.f.bit(attr, "ASTNode")? {
            return Ok(());
        }
        let spellings = flattened_spellings(self.input, attr)?;
        if elides_spelling(&spellings) {
            return Ok(());
        }
        let names = semantic_spelling_names(&spellings);
        s.push_str("unsigned spellingIndexToSemanticSpelling(const ParsedAttr &Attr) const override {\n");
        s.push_str(&semantic_spelling_enum(&names));
        s.push_str("  unsigned Idx = Attr.getAttributeSpellingListIndex();\n");
        semantic_spelling_switch("Idx", &names, s);
        s.push_str("}\n\n");
        Ok(())
    }

    /// `generateStrictConformsTo`: the match rules of `#pragma clang attribute` that the
    /// attribute's subjects stand for, each with the language options it needs.
    fn strict_conforms_to(&mut self, attr: RecId, supported: bool, s: &mut String) -> Result<(), Fatal> {
        let f = self.f;
        if !supported || f.is_unset(attr, "Subjects")? {
            return Ok(());
        }
        s.push_str("void getPragmaAttributeMatchRules(llvm::SmallVectorImpl<std::pair<attr::SubjectMatchRule, bool>> &MatchRules, const LangOptions &LangOpts) const override {\n");
        for subject in f.defs(f.def(attr, "Subjects")?, "Subjects")? {
            if !is_supported_subject(f, subject)? {
                continue;
            }
            let rules: Vec<Rule> = match self.pragma.rules_of(self.input, attr, subject)? {
                RuleOrAggregate::Rule(rule) => vec![*rule],
                RuleOrAggregate::Aggregate(rules) => rules.clone(),
            };
            for rule in rules {
                let test = self.lang_opts_test(&rule.lang_opts(f)?)?.unwrap_or_else(|| "true".to_string());
                s.push_str(&format!(
                    "  MatchRules.push_back(std::make_pair({}, /*IsSupported=*/{test}));\n",
                    rule.enum_value(f)?
                ));
            }
        }
        s.push_str("}\n\n");
        Ok(())
    }

    /// `GenerateHandleAttrWithDelayedArgs`: the attribute made from delayed arguments, for
    /// each that accepts an expression pack.
    fn delayed_args_handler(&self, s: &mut String) -> Result<(), Fatal> {
        s.push_str("static void handleAttrWithDelayedArgs(Sema &S, Decl *D, const ParsedAttr &Attr) {\n  SmallVector<Expr *, 4> ArgExprs;\n  ArgExprs.reserve(Attr.getNumArgs());\n  for (unsigned I = 0; I < Attr.getNumArgs(); ++I) {\n    assert(!Attr.isArgIdent(I));\n    ArgExprs.push_back(Attr.getArgAsExpr(I));\n  }\n  clang::Attr *CreatedAttr = nullptr;\n  switch (Attr.getKind()) {\n  default:\n    llvm_unreachable(\"Attribute cannot hold delayed arguments.\");\n");
        for (kind, attr) in ParsedAttrs::new(self.input, true)?.list {
            if !self.f.bit(attr, "AcceptsExprPack")? {
                continue;
            }
            s.push_str(&format!(
                "  case ParsedAttr::AT_{kind}: {{\n    CreatedAttr = {}Attr::CreateWithDelayedArgs(S.Context, ArgExprs.data(), ArgExprs.size(), Attr);\n    break;\n  }}\n",
                self.name(attr)
            ));
        }
        s.push_str("  }\n  D->addAttr(CreatedAttr);\n}\n\n");
        Ok(())
    }

    /// `emitAttributeMatchRules`: whether a declaration is among a match rule's subjects.
    fn match_rules(&self, s: &mut String) -> Result<(), Fatal> {
        let f = self.f;
        s.push_str("static bool checkAttributeMatchRuleAppliesTo(const Decl *D, attr::SubjectMatchRule rule) {\n  switch (rule) {\n");
        for rule in &self.pragma.rules {
            let value = rule.enum_value(f)?;
            if rule.is_abstract(f)? {
                s.push_str(&format!(
                    "  case {value}:\n    assert(false && \"Abstract matcher rule isn't allowed\");\n    return false;\n"
                ));
                continue;
            }
            let tests: Vec<String> = rule
                .subjects(f)?
                .into_iter()
                .map(|subject| {
                    if f.is_a(subject, "SubsetSubject") {
                        format!("is{}(D)", self.name(subject))
                    } else {
                        format!("isa<{}>(D)", subject_class(self.name(subject)))
                    }
                })
                .collect();
            s.push_str(&format!("  case {value}:\n    return {};\n", tests.join(" || ")));
        }
        s.push_str("  }\n  llvm_unreachable(\"Invalid match rule\");\nreturn false;\n}\n\n");
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gnu_names_lose_their_underscores_as_in_clang() {
        assert_eq!(normalize_gnu_spelling("__aligned__"), "aligned");
        assert_eq!(normalize_gnu_spelling("__aligned"), "__aligned");
        assert_eq!(normalize_gnu_spelling("___"), "_");
        assert_eq!(normalize_gnu_spelling("__"), "");
    }
}
