//! `--gen-directive-decl`: the header of a directive language (OpenMP's OMP.h.inc, OpenACC's
//! ACC.h.inc): enums of associations, categories, directives, clauses and clause values, and
//! the helper functions' declarations (LLVM's DirectiveEmitter.cpp, `EmitDirectivesDecl`).

use crate::common::directives::DirectiveLanguage;
use crate::{Backend, BackendError, BackendOptions, Output};
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::types::RecId;
use tdq_core::{Evaluation, Loc};

pub struct GenDirectiveDecl;

impl Backend for GenDirectiveDecl {
    fn name(&self) -> &'static str {
        "gen-directive-decl"
    }
    fn help(&self) -> &'static str {
        "Generate directive related declaration code (header file)"
    }
    fn emit(&self, input: &Evaluation, _: &BackendOptions, out: &mut Output) -> Result<()> {
        let lang = DirectiveLanguage::read(input, &mut out.diags)?;
        let mut s = String::new();
        emit(&lang, &mut s, &mut out.diags)?;
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}

type Result<T> = std::result::Result<T, BackendError>;

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
