//! `--gen-directive-decl`: the header of a directive language (OpenMP's OMP.h.inc, OpenACC's
//! ACC.h.inc): enums of associations, categories, directives, clauses and clause values, and
//! the helper functions' declarations (LLVM's DirectiveEmitter.cpp, `EmitDirectivesDecl`).
//! LLVM 22 adds source languages and versioned spellings; LLVM 23 loop modifiers and the
//! association, category and language functions as `constexpr` in the header.

use crate::common::directives::{Association, DirectiveLanguage};
use crate::common::emit::{include_guard, namespace};
use crate::{Backend, BackendError, BackendOptions, Output};
use std::collections::HashMap;
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::types::RecId;
use tdq_core::{ByRelease, Evaluation, Loc};

pub struct GenDirectiveDecl;

impl Backend for GenDirectiveDecl {
    fn name(&self) -> &'static str {
        "gen-directive-decl"
    }
    fn help(&self) -> &'static str {
        "Generate directive related declaration code (header file)"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<()> {
        let lang = DirectiveLanguage::read(input, options.release, &mut out.diags)?;
        let mut s = String::new();
        if lang.spelled {
            emit_spelled(&lang, FORM.get(options.release), &mut s, &mut out.diags)?;
        } else {
            emit(&lang, &mut s, &mut out.diags)?;
        }
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}

type Result<T> = std::result::Result<T, BackendError>;

/// What a release's header of a spelled language (LLVM 22 on) has.
struct Form {
    /// The `LoopModifier` enum (iterable), with `isAllowedLoopModifier` and
    /// `getLoopModifierName` declared.
    loop_modifiers: bool,
    /// The association, category and language functions are `constexpr` in the header
    /// (which then includes STLExtras.h), not declared for the implementation to define.
    constexpr_functions: bool,
}

const FORM_22: Form = Form { loop_modifiers: false, constexpr_functions: false };
/// LLVM 19 writes no spelled header ([`emit`]): its form is never read.
const FORM: ByRelease<Form> =
    ByRelease { v19: FORM_22, v22: FORM_22, v23: Form { loop_modifiers: true, constexpr_functions: true } };

/// `GenerateEnumClass`: an enum class of the records' formatted names, its size and, with
/// `export`, each value as a constant of the namespace.
fn enum_class(
    lang: &DirectiveLanguage,
    records: &[RecId],
    s: &mut String,
    name: &str,
    prefix: &str,
    export: bool,
) -> Result<()> {
    let _ = write!(s, "\nenum class {name} {{\n");
    for &rec in records {
        let _ = writeln!(s, "  {prefix}{},", lang.formatted(rec)?);
    }
    let _ = write!(s, "}};\n\nstatic constexpr std::size_t {name}_enumSize = {};\n", records.len());
    if export {
        s.push('\n');
        for &rec in records {
            let formatted = lang.formatted(rec)?;
            let _ = writeln!(
                s,
                "constexpr auto {prefix}{formatted} = llvm::{}::{name}::{prefix}{formatted};",
                lang.cpp_namespace
            );
        }
    }
    Ok(())
}

/// `GenerateEnumClauseVal`: an enum of each clause's values; the helpers' declarations are
/// gathered into `helpers`.
fn enum_clause_vals(
    lang: &DirectiveLanguage,
    s: &mut String,
    helpers: &mut String,
    diags: &mut tdq_core::Diagnostics,
) -> Result<()> {
    let f = &lang.f;
    for clause in lang.clauses()? {
        let vals = f.defs(clause, "allowedClauseValues")?;
        if vals.is_empty() {
            continue;
        }
        let enum_name = f.string(clause, "enumClauseValue")?;
        if enum_name.is_empty() {
            diags.error(Loc::NONE, format!("enumClauseValue field not set in Clause{}.", lang.formatted(clause)?));
            return Ok(());
        }
        let _ = write!(s, "\nenum class {enum_name} {{\n");
        for &val in &vals {
            let _ = writeln!(s, "  {}={},", f.name(val), f.int(val, "value")? as i32);
        }
        s.push_str("};\n");
        if lang.bit("makeEnumAvailableInNamespace")? {
            s.push('\n');
            for &val in &vals {
                let _ =
                    writeln!(s, "constexpr auto {0} = llvm::{1}::{enum_name}::{0};", f.name(val), lang.cpp_namespace);
            }
            let _ = writeln!(helpers, "{enum_name} get{enum_name}(StringRef);");
            let _ = writeln!(helpers, "llvm::StringRef get{}{enum_name}Name({enum_name});", lang.name);
        }
    }
    Ok(())
}

fn emit(lang: &DirectiveLanguage, s: &mut String, diags: &mut tdq_core::Diagnostics) -> Result<()> {
    let f = &lang.f;
    let name = lang.name;
    let _ = write!(s, "#ifndef LLVM_{name}_INC\n#define LLVM_{name}_INC\n\n#include \"llvm/ADT/ArrayRef.h\"\n");
    let bitmask = lang.bit("enableBitmaskEnumInNamespace")?;
    if bitmask {
        s.push_str("#include \"llvm/ADT/BitmaskEnum.h\"\n");
    }
    s.push_str("#include <cstddef>\n\nnamespace llvm {\nclass StringRef;\n");
    let namespaces = lang.namespaces();
    for ns in &namespaces {
        let _ = writeln!(s, "namespace {ns} {{");
    }
    if bitmask {
        s.push_str("\nLLVM_ENABLE_BITMASK_ENUMS_IN_NAMESPACE();\n");
    }
    // AS_FromLeaves is not an association of its own.
    let associations: Vec<RecId> =
        lang.defs_of("Association")?.into_iter().filter(|&a| f.name(a) != "AS_FromLeaves").collect();
    enum_class(lang, &associations, s, "Association", "", false)?;
    enum_class(lang, &lang.defs_of("Category")?, s, "Category", "", false)?;
    let export = lang.bit("makeEnumAvailableInNamespace")?;
    enum_class(lang, &lang.directives()?, s, "Directive", lang.directive_prefix, export)?;
    enum_class(lang, &lang.clauses()?, s, "Clause", lang.clause_prefix, export)?;
    let mut helpers = String::new();
    enum_clause_vals(lang, s, &mut helpers, diags)?;

    s.push_str("\n// Enumeration helper functions\n");
    let _ = write!(s, "Directive get{name}DirectiveKind(llvm::StringRef Str);\n\n");
    let _ = write!(s, "llvm::StringRef get{name}DirectiveName(Directive D);\n\n");
    let _ = write!(s, "Clause get{name}ClauseKind(llvm::StringRef Str);\n\n");
    let _ = write!(s, "llvm::StringRef get{name}ClauseName(Clause C);\n\n");
    s.push_str("/// Return true if \\p C is a valid clause for \\p D in version \\p Version.\n");
    s.push_str("bool isAllowedClauseForDirective(Directive D, Clause C, unsigned Version);\n\n");
    let _ = writeln!(s, "constexpr std::size_t getMaxLeafCount() {{ return {}; }}", lang.max_leaf_count()?);
    s.push_str("Association getDirectiveAssociation(Directive D);\n");
    s.push_str("Category getDirectiveCategory(Directive D);\n");
    if !helpers.is_empty() {
        s.push_str(&helpers);
        s.push('\n');
    }
    for ns in namespaces.iter().rev() {
        let _ = writeln!(s, "}} // namespace {ns}");
    }
    let _ = write!(s, "}} // namespace llvm\n#endif // LLVM_{name}_INC\n");
    Ok(())
}

/// LLVM 22's `generateEnumClass`: the enum with `First_`/`Last_` markers, its size and, with
/// `export`, each value as a constant.
fn enum_class_22(
    lang: &DirectiveLanguage,
    records: &[RecId],
    s: &mut String,
    name: &str,
    prefix: &str,
    export: bool,
) -> Result<()> {
    let _ = writeln!(s, "enum class {name} {{");
    let mut last = String::new();
    for (i, &rec) in records.iter().enumerate() {
        last = format!("{prefix}{}", lang.identifier(rec)?);
        let _ = writeln!(s, "  {last},");
        if i == 0 {
            let _ = writeln!(s, "  First_ = {last},");
        }
    }
    if !records.is_empty() {
        let _ = writeln!(s, "  Last_ = {last},");
    }
    let _ = write!(s, "}};\n\nstatic constexpr std::size_t {name}_enumSize = {};\n\n", records.len());
    if export {
        enum_exports(lang, records, s, name, prefix)?;
    }
    Ok(())
}

fn enum_exports(lang: &DirectiveLanguage, records: &[RecId], s: &mut String, name: &str, prefix: &str) -> Result<()> {
    for &rec in records {
        let value = format!("{prefix}{}", lang.identifier(rec)?);
        let _ = writeln!(s, "constexpr auto {value} = {name}::{value};");
    }
    s.push('\n');
    Ok(())
}

/// `generateEnumBitmask`: one bit a record, 32 or 64 bits wide.
fn enum_bitmask(lang: &DirectiveLanguage, records: &[RecId], s: &mut String, name: &str) -> Result<()> {
    if records.len() > 64 {
        return Err(BackendError::fatal(&[], format!("Too many values for a bitmask: {name}")));
    }
    let (ty, suffix) = if records.len() <= 32 { ("uint32_t", "U") } else { ("uint64_t", "ULL") };
    let _ = writeln!(s, "enum class {name} : {ty} {{");
    let mut last = String::new();
    for (i, &rec) in records.iter().enumerate() {
        last = lang.identifier(rec)?;
        let _ = writeln!(s, "  {last} = {}{suffix},", 1u64 << i);
    }
    let _ = writeln!(s, "  LLVM_MARK_AS_BITMASK_ENUM(/*LargestValue=*/{last})");
    let _ = write!(s, "}};\n\nstatic constexpr std::size_t {name}_enumSize = {};\n\n", records.len());
    Ok(())
}

/// LLVM 22's `generateClauseEnumVal`; the helpers' declarations are gathered into `helpers`.
fn clause_vals_22(
    lang: &DirectiveLanguage,
    s: &mut String,
    helpers: &mut String,
    diags: &mut tdq_core::Diagnostics,
) -> Result<()> {
    let f = &lang.f;
    for clause in lang.clauses()? {
        let vals = f.defs(clause, "allowedClauseValues")?;
        if vals.is_empty() {
            continue;
        }
        let enum_name = f.string(clause, "enumClauseValue")?;
        if enum_name.is_empty() {
            diags.error(Loc::NONE, format!("enumClauseValue field not set in Clause{}.", lang.identifier(clause)?));
            return Ok(());
        }
        let _ = writeln!(s, "enum class {enum_name} {{");
        for &val in &vals {
            let _ = writeln!(s, "  {}={},", f.name(val), f.int(val, "value")? as i32);
        }
        s.push_str("};\n");
        if lang.bit("makeEnumAvailableInNamespace")? {
            s.push('\n');
            for &val in &vals {
                let _ = writeln!(s, "constexpr auto {0} = {enum_name}::{0};", f.name(val));
            }
            s.push('\n');
            let _ = writeln!(helpers, "LLVM_ABI {enum_name} get{enum_name}(StringRef Str);");
            let _ = writeln!(helpers, "LLVM_ABI StringRef get{}{enum_name}Name({enum_name} x);", lang.name);
        }
    }
    Ok(())
}

/// LLVM 23's `constexpr` switch over the directives, ending as GCC before 9 needs.
fn constexpr_switch(s: &mut String, signature: &str, cases: &str, end_comment: &str) {
    let _ = write!(s, "constexpr {signature} {{\n{cases}  }} // {end_comment}\n");
    s.push_str("#if !defined(__clang__) && defined(__GNUC__) && __GNUC__ < 9\n  abort();\n#else\n");
    s.push_str("  llvm_unreachable(\"Unexpected directive\");\n#endif\n}\n");
}

/// LLVM 23's `emitDirectivesConstexprImpl`: each directive's association, category and
/// source languages.
fn constexpr_functions(lang: &DirectiveLanguage, s: &mut String) -> Result<()> {
    let f = &lang.f;
    let directives = lang.directives()?;
    let prefix = lang.directive_prefix;
    let associations = lang.defs_of("Association")?;
    let mut computed: HashMap<RecId, Association> = HashMap::new();
    for &dir in &directives {
        lang.association(dir, &mut computed)?;
    }
    let mut cases = String::from("  switch (Dir) {\n");
    for &dir in &directives {
        let wanted = computed[&dir];
        let Some(&def) = associations.iter().find(|&&a| lang.association_of(f.name(a)) == wanted) else {
            return Err(BackendError::fatal(&[], "Unexpected association value"));
        };
        let _ = write!(
            cases,
            "  case {prefix}{}:\n    return Association::{};\n",
            lang.identifier(dir)?,
            f.string(def, "name")?
        );
    }
    s.push_str("// Constexpr functions.\n\n");
    constexpr_switch(s, "Association getDirectiveAssociation(Directive Dir)", &cases, "switch (Dir)");
    s.push('\n');
    let mut cases = String::from("  switch (Dir) {\n");
    for &dir in &directives {
        let category = f.def(dir, "category")?;
        let _ = write!(
            cases,
            "  case {prefix}{}:\n    return Category::{};\n",
            lang.identifier(dir)?,
            f.string(category, "name")?
        );
    }
    constexpr_switch(s, "Category getDirectiveCategory(Directive Dir)", &cases, "switch (Dir)");
    s.push('\n');
    let mut cases = String::from("  switch (D) {\n");
    for &dir in &directives {
        let mut languages = Vec::new();
        for language in f.defs(dir, "languages")? {
            languages.push(format!("SourceLanguage::{}", f.string(language, "name")?.replace(' ', "_")));
        }
        let _ = write!(cases, "  case {prefix}{}:\n    return {};\n", lang.identifier(dir)?, languages.join(" | "));
    }
    constexpr_switch(s, "SourceLanguage getDirectiveLanguages(Directive D)", &cases, "switch(D)");
    Ok(())
}

/// `emitDirectivesDecl` of a spelled language (LLVM 22 on), as `form` says.
fn emit_spelled(
    lang: &DirectiveLanguage,
    form: &Form,
    s: &mut String,
    diags: &mut tdq_core::Diagnostics,
) -> Result<()> {
    let f = &lang.f;
    let name = lang.name;
    let bitmask = lang.bit("enableBitmaskEnumInNamespace")?;
    let mut body = String::new();
    let b = &mut body;
    b.push_str("#include \"llvm/ADT/ArrayRef.h\"\n");
    if bitmask {
        b.push_str("#include \"llvm/ADT/BitmaskEnum.h\"\n");
    }
    b.push_str("#include \"llvm/ADT/Sequence.h\"\n");
    if form.constexpr_functions {
        b.push_str("#include \"llvm/ADT/STLExtras.h\"\n");
    }
    b.push_str(
        "#include \"llvm/ADT/StringRef.h\"\n#include \"llvm/Frontend/Directive/Spelling.h\"\n\
         #include \"llvm/Support/Compiler.h\"\n#include <cstddef>\n#include <utility>\n\n",
    );
    let mut inner = String::new();
    let n = &mut inner;
    if bitmask {
        n.push_str("LLVM_ENABLE_BITMASK_ENUMS_IN_NAMESPACE();\n\n");
    }
    // AS_FromLeaves is not an association of its own.
    let associations: Vec<RecId> =
        lang.defs_of("Association")?.into_iter().filter(|&a| f.name(a) != "AS_FromLeaves").collect();
    enum_class_22(lang, &associations, n, "Association", "", false)?;
    enum_class_22(lang, &lang.defs_of("Category")?, n, "Category", "", false)?;
    enum_bitmask(lang, &lang.defs_of("SourceLanguage")?, n, "SourceLanguage")?;
    let export = lang.bit("makeEnumAvailableInNamespace")?;
    enum_class_22(lang, &lang.directives()?, n, "Directive", lang.directive_prefix, export)?;
    enum_class_22(lang, &lang.clauses()?, n, "Clause", lang.clause_prefix, export)?;
    if form.loop_modifiers {
        let prefix = lang.string("loopModifierPrefix")?;
        enum_class_22(lang, &lang.defs_of("LoopModifier")?, n, "LoopModifier", prefix, export)?;
    }
    let mut helpers = String::new();
    clause_vals_22(lang, n, &mut helpers, diags)?;
    if form.constexpr_functions {
        constexpr_functions(lang, n)?;
        n.push('\n');
    }
    n.push_str("// Enumeration helper functions\n");
    let _ = writeln!(
        n,
        "LLVM_ABI std::pair<Directive, directive::VersionRange> get{name}DirectiveKindAndVersions(StringRef Str);"
    );
    let _ = write!(n, "inline Directive get{name}DirectiveKind(StringRef Str) {{\n  return get{name}DirectiveKindAndVersions(Str).first;\n}}\n\n");
    let _ = write!(n, "LLVM_ABI StringRef get{name}DirectiveName(Directive D, unsigned Ver = 0);\n\n");
    let _ = write!(
        n,
        "LLVM_ABI std::pair<Clause, directive::VersionRange> get{name}ClauseKindAndVersions(StringRef Str);\n\n"
    );
    let _ = write!(n, "inline Clause get{name}ClauseKind(StringRef Str) {{\n  return get{name}ClauseKindAndVersions(Str).first;\n}}\n\n");
    let _ = write!(n, "LLVM_ABI StringRef get{name}ClauseName(Clause C, unsigned Ver = 0);\n\n");
    n.push_str("/// Return true if \\p C is a valid clause for \\p D in version \\p Version.\n");
    n.push_str("LLVM_ABI bool isAllowedClauseForDirective(Directive D, Clause C, unsigned Version);\n\n");
    let _ = writeln!(n, "constexpr std::size_t getMaxLeafCount() {{ return {}; }}", lang.max_leaf_count()?);
    if form.loop_modifiers {
        n.push_str("LLVM_ABI bool isAllowedLoopModifier(Directive D, LoopModifier LM);\n");
        n.push_str("LLVM_ABI StringRef getLoopModifierName(LoopModifier LM, unsigned Ver = 0);\n");
    }
    if !form.constexpr_functions {
        n.push_str("LLVM_ABI Association getDirectiveAssociation(Directive D);\n");
        n.push_str("LLVM_ABI Category getDirectiveCategory(Directive D);\n");
        n.push_str("LLVM_ABI SourceLanguage getDirectiveLanguages(Directive D);\n");
    }
    n.push_str(&helpers);
    namespace(b, "llvm", |b| {
        namespace(b, lang.cpp_namespace, |b| b.push_str(&inner));
        let enums: &[&str] = if form.loop_modifiers {
            &["Association", "Category", "Directive", "Clause", "LoopModifier"]
        } else {
            &["Association", "Category", "Directive", "Clause"]
        };
        for e in enums {
            let _ = write!(
                b,
                "\ntemplate <> struct enum_iteration_traits<{}::{e}> {{\n  static constexpr bool is_iterable = true;\n}};\n",
                lang.cpp_namespace
            );
        }
    });
    include_guard(s, &format!("LLVM_{name}_INC"), |s| s.push_str(&body));
    Ok(())
}
