//! `-gen-clang-attr-template-instantiate` (`AttrTemplateInstantiate.inc`):
//! `instantiateTemplateAttribute` and `instantiateTemplateAttributeForDecl`, which clone each
//! AST attribute into a template's instantiation, substituting the template arguments into the
//! expressions and types of a template-dependent one.

use super::attr_args::ArgCode;
use crate::common::emit::source_file_header;
use crate::{Backend, BackendError, BackendOptions, Output};
use std::io::Write;
use tdq_core::Evaluation;
use tdq_models::clang::arguments::known_arguments;
use tdq_models::clang::attributes::attributes;
use tdq_models::{Fatal, Fields};

pub struct GenClangAttrTemplateInstantiate;

/// `EmitClangAttrTemplateInstantiateHelper`: the switch over the attribute's kind; for a
/// declaration (`applies_to_decl`) only the attributes meaningful to a class template's
/// definition are cloned.
fn instantiate(
    input: &Evaluation,
    options: &BackendOptions,
    applies_to_decl: bool,
    s: &mut String,
) -> Result<(), Fatal> {
    let f = Fields { input };
    s.push_str("  switch (At->getKind()) {\n");
    for &attr in attributes(input)?.iter() {
        if !f.bit(attr, "ASTNode")? {
            continue;
        }
        let name = f.name(attr);
        s.push_str(&format!("    case attr::{name}: {{\n"));
        let clone =
            f.bit(attr, "Clone")? && (!applies_to_decl || f.bit(attr, "MeaningfulToClassTemplateDefinition")?);
        if !clone {
            s.push_str("      return nullptr;\n    }\n");
            continue;
        }
        s.push_str(&format!("      const auto *A = cast<{name}Attr>(At);\n"));
        if !f.bit(attr, "TemplateDependent")? {
            s.push_str("      return A->clone(C);\n    }\n");
            continue;
        }
        let args = known_arguments(input, attr)?;
        let args: Vec<_> = args.iter().map(|a| ArgCode::new(a, name, options.release)).collect();
        for arg in &args {
            arg.template_instantiation(s);
        }
        s.push_str(&format!("      return new (C) {name}Attr(C, *A"));
        for arg in &args {
            s.push_str(", ");
            arg.template_instantiation_args(s);
        }
        s.push_str(");\n    }\n");
    }
    s.push_str("  } // end switch\n  llvm_unreachable(\"Unknown attribute!\");\n  return nullptr;\n");
    Ok(())
}

impl Backend for GenClangAttrTemplateInstantiate {
    fn name(&self) -> &'static str {
        "gen-clang-attr-template-instantiate"
    }
    fn help(&self) -> &'static str {
        "Generate a clang template instantiate code"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let mut s = String::new();
        source_file_header(&mut s, "Template instantiation code for attributes", Some(&options.input_filename));
        s.push_str("namespace clang {\nnamespace sema {\n\nAttr *instantiateTemplateAttribute(const Attr *At, ASTContext &C, Sema &S,\n        const MultiLevelTemplateArgumentList &TemplateArgs) {\n");
        instantiate(input, options, false, &mut s)?;
        s.push_str("}\n\nAttr *instantiateTemplateAttributeForDecl(const Attr *At,\n ASTContext &C, Sema &S,\n        const MultiLevelTemplateArgumentList &TemplateArgs) {\n");
        instantiate(input, options, true, &mut s)?;
        s.push_str("}\n\n} // end namespace sema\n} // end namespace clang\n");
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}
