//! `-gen-clang-attr-ast-visitor` (`AttrVisitor.inc`): `RecursiveASTVisitor`'s `Traverse` and
//! `Visit` methods of each AST attribute, which traverse the expressions and types among its
//! arguments, and `TraverseAttr`, which dispatches on the attribute's kind.

use super::attr_args::ArgCode;
use crate::common::emit::source_file_header;
use crate::{Backend, BackendError, BackendOptions, Output};
use std::io::Write;
use tdq_core::Evaluation;
use tdq_models::clang::arguments::{known_arguments, ArgKind, Argument};
use tdq_models::clang::attributes::attributes;
use tdq_models::Fields;

pub struct GenClangAttrAstVisitor;

impl Backend for GenClangAttrAstVisitor {
    fn name(&self) -> &'static str {
        "gen-clang-attr-ast-visitor"
    }
    fn help(&self) -> &'static str {
        "Generate a recursive AST visitor for clang attributes"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let f = Fields { input };
        let mut s = String::new();
        source_file_header(&mut s, "Used by RecursiveASTVisitor to visit attributes.", Some(&options.input_filename));
        let mut nodes = Vec::new();
        for &attr in attributes(input)?.iter() {
            if f.bit(attr, "ASTNode")? {
                nodes.push((attr, f.name(attr)));
            }
        }
        s.push_str("#ifdef ATTR_VISITOR_DECLS_ONLY\n\n");
        for &(_, name) in &nodes {
            s.push_str(&format!(
                "  bool Traverse{name}Attr({name}Attr *A);\n  bool Visit{name}Attr({name}Attr *A) {{\n    return true; \n  }}\n"
            ));
        }
        s.push_str("\n#else // ATTR_VISITOR_DECLS_ONLY\n\n");
        for &(attr, name) in &nodes {
            s.push_str(&format!(
                "template <typename Derived>\nbool VISITORCLASS<Derived>::Traverse{name}Attr({name}Attr *A) {{\n  if (!getDerived().VisitAttr(A))\n    return false;\n  if (!getDerived().Visit{name}Attr(A))\n    return false;\n"
            ));
            for argument in known_arguments(input, attr)? {
                ArgCode::new(&argument, name, options.release).ast_visitor_traversal(&mut s);
            }
            if f.bit(attr, "AcceptsExprPack")? {
                let delayed = Argument::named("DelayedArgs", ArgKind::VariadicExpr);
                ArgCode::new(&delayed, name, options.release).ast_visitor_traversal(&mut s);
            }
            s.push_str("  return true;\n}\n\n");
        }
        s.push_str("template <typename Derived>\nbool VISITORCLASS<Derived>::TraverseAttr(Attr *A) {\n  if (!A)\n    return true;\n\n  switch (A->getKind()) {\n");
        for &(_, name) in &nodes {
            s.push_str(&format!(
                "    case attr::{name}:\n      return getDerived().Traverse{name}Attr(cast<{name}Attr>(A));\n"
            ));
        }
        s.push_str("  }\n  llvm_unreachable(\"bad attribute kind\");\n}\n#endif  // ATTR_VISITOR_DECLS_ONLY\n");
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}
