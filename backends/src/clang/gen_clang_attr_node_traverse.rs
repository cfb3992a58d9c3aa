//! `-gen-clang-attr-node-traverse` (`AttrNodeTraverse.inc`): for each AST attribute with
//! expressions or attributes among its arguments, the `Visit` method of the AST dumper's node
//! traverser that visits them.

use crate::common::emit::source_file_header;
use crate::{Backend, BackendError, BackendOptions, Output};
use std::io::Write;
use tdq_core::{ByRelease, Evaluation};
use tdq_models::clang::arguments::{known_arguments, ArgKind, Argument};
use tdq_models::clang::attributes::attributes;
use tdq_models::Fields;

pub struct GenClangAttrNodeTraverse;

/// Whether an optional wrapped attribute is visited only when present (LLVM 23).
const WRAPPED_OPTIONAL: ByRelease<bool> = ByRelease { v19: false, v22: false, v23: true };

/// `writeDumpChildren` of argument `arg` of attribute `attr`.
fn dump_children(arg: &Argument, attr: &str, wrapped_optional: bool, s: &mut String) {
    let (upper, lower) = (&arg.upper_name, &arg.lower_name);
    match arg.kind {
        ArgKind::Aligned => s.push_str(&format!("    if (SA->is{upper}Expr())\n      Visit(SA->get{upper}Expr());\n")),
        ArgKind::Expr => s.push_str(&format!("    Visit(SA->get{upper}());\n")),
        ArgKind::VariadicExpr => s.push_str(&format!(
            "    for ({attr}Attr::{lower}_iterator I = SA->{lower}_begin(), E = SA->{lower}_end(); I != E; ++I)\n      Visit(*I);\n"
        )),
        ArgKind::WrappedAttr if wrapped_optional && arg.optional => {
            s.push_str(&format!("    if (auto *W = SA->get{upper}())\n      Visit(W);\n"))
        }
        ArgKind::WrappedAttr => s.push_str(&format!("    Visit(SA->get{upper}());\n")),
        // The other kinds have nothing to visit.
        _ => {}
    }
}

impl Backend for GenClangAttrNodeTraverse {
    fn name(&self) -> &'static str {
        "gen-clang-attr-node-traverse"
    }
    fn help(&self) -> &'static str {
        "Generate clang attribute traverser"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let f = Fields { input };
        let wrapped_optional = *WRAPPED_OPTIONAL.get(options.release);
        let mut s = String::new();
        source_file_header(&mut s, "Attribute text node traverser", Some(&options.input_filename));
        for &attr in attributes(input)?.iter() {
            if !f.bit(attr, "ASTNode")? {
                continue;
            }
            let name = f.name(attr);
            let args = known_arguments(input, attr)?;
            let mut body = String::new();
            for argument in &args {
                dump_children(argument, name, wrapped_optional, &mut body);
            }
            if f.bit(attr, "AcceptsExprPack")? {
                dump_children(
                    &Argument::named("DelayedArgs", ArgKind::VariadicExpr),
                    name,
                    wrapped_optional,
                    &mut body,
                );
            }
            if body.is_empty() {
                continue;
            }
            s.push_str(&format!("  void Visit{name}Attr(const {name}Attr *A) {{\n"));
            if !args.is_empty() {
                s.push_str(&format!("    const auto *SA = cast<{name}Attr>(A); (void)SA;\n"));
            }
            s.push_str(&body);
            s.push_str("  }\n");
        }
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}
