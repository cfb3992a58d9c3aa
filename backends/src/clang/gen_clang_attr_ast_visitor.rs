//! `-gen-clang-attr-ast-visitor` (`AttrVisitor.inc`): `RecursiveASTVisitor`'s `Traverse` and
//! `Visit` methods of each AST attribute, which traverse the expressions and types among its
//! arguments, and `TraverseAttr`, which dispatches on the attribute's kind.

use crate::common::emit::source_file_header;
use crate::{Backend, BackendError, BackendOptions, Output};
use std::io::Write;
use tdq_core::Evaluation;
use tdq_models::clang::arguments::{known_arguments, ArgKind, Argument};
use tdq_models::clang::attributes::attributes;
use tdq_models::Fields;

pub struct GenClangAttrAstVisitor;

/// `writeASTVisitorTraversal`: what traverses argument `arg` of attribute `A`.
fn traversal(arg: &Argument, s: &mut String) {
    let upper = &arg.upper_name;
    match arg.kind {
        ArgKind::Aligned => s.push_str(&format!(
            "  if (A->is{upper}Expr()) {{\n    if (!getDerived().TraverseStmt(A->get{upper}Expr()))\n      return false;\n  }} else if (auto *TSI = A->get{upper}Type()) {{\n    if (!getDerived().TraverseTypeLoc(TSI->getTypeLoc()))\n      return false;\n  }}\n"
        )),
        ArgKind::Expr => s.push_str(&format!("  if (!getDerived().TraverseStmt(A->get{upper}()))\n    return false;\n")),
        ArgKind::VariadicExpr => {
            let lower = &arg.lower_name;
            s.push_str(&format!(
                "  {{\n    Expr * *I = A->{lower}_begin();\n    Expr * *E = A->{lower}_end();\n    for (; I != E; ++I) {{\n      if (!getDerived().TraverseStmt(*I))\n        return false;\n    }}\n  }}\n"
            ));
        }
        ArgKind::Type => s.push_str(&format!(
            "  if (auto *TSI = A->get{upper}Loc())\n    if (!getDerived().TraverseTypeLoc(TSI->getTypeLoc()))\n      return false;\n"
        )),
        // The other kinds have nothing to visit.
        _ => {}
    }
}

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
                traversal(&argument, &mut s);
            }
            if f.bit(attr, "AcceptsExprPack")? {
                traversal(&Argument::named("DelayedArgs", ArgKind::VariadicExpr), &mut s);
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
