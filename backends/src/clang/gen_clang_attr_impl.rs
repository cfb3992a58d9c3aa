//! `-gen-clang-attr-impl` (`AttrImpl.inc`): the member definitions of each AST attribute's
//! class (see [`super::attr_class`]), then `Attr`'s methods, each a switch over the kinds that
//! calls the attribute's own.

use super::attr_class::{emit_attributes, Part, CLASS_FORM};
use crate::common::emit::source_file_header;
use crate::{Backend, BackendError, BackendOptions, Output};
use std::io::Write;
use tdq_core::Evaluation;
use tdq_models::clang::attributes::attributes;
use tdq_models::{Fatal, Fields};

pub struct GenClangAttrImpl;

/// The body of one of `Attr`'s methods: a `case` per AST attribute returning `call` of its
/// class.
fn dispatch(input: &Evaluation, call: impl Fn(&str) -> String, s: &mut String) -> Result<(), Fatal> {
    let f = Fields { input };
    s.push_str("  switch (getKind()) {\n");
    for &attr in attributes(input)?.iter() {
        if !f.bit(attr, "ASTNode")? {
            continue;
        }
        let name = f.name(attr);
        s.push_str(&format!("  case attr::{name}:\n    return {};\n", call(name)));
    }
    s.push_str("  }\n  llvm_unreachable(\"Unexpected attribute kind!\");\n}\n\n");
    Ok(())
}

impl Backend for GenClangAttrImpl {
    fn name(&self) -> &'static str {
        "gen-clang-attr-impl"
    }
    fn help(&self) -> &'static str {
        "Generate clang attribute implementations"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let mut s = String::new();
        source_file_header(&mut s, "Attribute classes' member function definitions", Some(&options.input_filename));
        emit_attributes(input, options.release, Part::Definition, &mut s)?;
        for (signature, method) in [
            ("const char *Attr::getSpelling() const", "getSpelling()"),
            ("Attr *Attr::clone(ASTContext &C) const", "clone(C)"),
            ("void Attr::printPretty(raw_ostream &OS, const PrintingPolicy &Policy) const", "printPretty(OS, Policy)"),
        ] {
            s.push_str(&format!("{signature} {{\n"));
            dispatch(input, |name| format!("cast<{name}Attr>(this)->{method}"), &mut s)?;
        }
        if CLASS_FORM.get(options.release).equivalence {
            s.push_str("bool Attr::isEquivalent(const Attr &Other, StructuralEquivalenceContext &Context) const {\n");
            s.push_str("if (getKind() != Other.getKind()) return false;\n\n");
            dispatch(
                input,
                |name| format!("cast<{name}Attr>(this)->isEquivalent(cast<{name}Attr>(Other), Context)"),
                &mut s,
            )?;
            s.push_str("void Attr::Profile(llvm::FoldingSetNodeID &ID, const ASTContext &Ctx) const {\n");
            dispatch(input, |name| format!("cast<{name}Attr>(this)->Profile(ID, Ctx)"), &mut s)?;
        }
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}
