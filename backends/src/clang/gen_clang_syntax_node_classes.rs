//! `-gen-clang-syntax-node-classes` (`NodeClasses.inc`): the C++ class of each node of clang's
//! syntax trees but the external ones, its documentation, constructor and the getters of a
//! sequence's children.

use crate::common::emit::source_file_header;
use crate::{Backend, BackendError, BackendOptions, Output};
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::types::RecId;
use tdq_core::Evaluation;
use tdq_models::clang::syntax_nodes::SyntaxHierarchy;
use tdq_models::{Fatal, Fields};

pub struct GenClangSyntaxNodeClasses;

fn is_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\x0b' | '\x0c' | '\r')
}

/// `printDoc`: a documentation string as `///` lines, without the blank lines around it and
/// the first line's indentation taken off every line.
fn print_doc(doc: &str, s: &mut String) {
    let mut doc = doc.trim_end_matches(is_space);
    let mut line = "";
    while line.trim_matches(is_space).is_empty() && !doc.is_empty() {
        (line, doc) = doc.split_once('\n').unwrap_or((doc, ""));
    }
    let indent = &line[..line.len() - line.trim_start_matches(is_space).len()];
    loop {
        if line.is_empty() && doc.is_empty() {
            break;
        }
        let _ = writeln!(s, "/// {}", line.strip_prefix(indent).unwrap_or(line));
        (line, doc) = doc.split_once('\n').unwrap_or((doc, ""));
    }
}

/// `SyntaxConstraint`: the node type a child's syntax stands for (`Leaf` for tokens, what an
/// `Optional` holds); clang-tblgen leaves it empty for any other syntax.
fn node_type(f: Fields, syntax: RecId) -> Result<&'static str, Fatal> {
    let mut syntax = syntax;
    for _ in 0..=f.input.records.defs.len() {
        if f.is_a(syntax, "Optional") {
            syntax = f.def(syntax, "inner")?;
        } else if f.is_a(syntax, "AnyToken") {
            return Ok("Leaf");
        } else if f.is_a(syntax, "NodeType") {
            return Ok(f.name(syntax));
        } else {
            return Ok("");
        }
    }
    Err(Fatal::new(&f.input.records.get(syntax).locs, "an Optional syntax that holds itself"))
}

impl Backend for GenClangSyntaxNodeClasses {
    fn name(&self) -> &'static str {
        "gen-clang-syntax-node-classes"
    }
    fn help(&self) -> &'static str {
        "Generate definitions of Clang Syntax Tree node clasess"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let f = Fields { input };
        let mut s = String::new();
        source_file_header(&mut s, "Syntax tree node list", Some(&options.input_filename));
        let hierarchy = SyntaxHierarchy::new(input)?;
        let nodes = hierarchy.preorder(input)?;
        s.push_str("\n// Forward-declare node types so we don't have to carefully sequence definitions.\n");
        for node in &nodes {
            let _ = writeln!(s, "class {};", f.name(node.rec));
        }
        s.push_str("\n// Node definitions\n\n");
        for node in &nodes {
            if f.is_a(node.rec, "External") {
                continue;
            }
            let name = f.name(node.rec);
            let Some(base) = node.base else {
                let message = format!("the root node {name} is not External");
                return Err(Fatal::new(&input.records.get(node.rec).locs, message).into());
            };
            let base = f.name(base);
            print_doc(f.string(node.rec, "documentation")?, &mut s);
            let is_final = if node.derived.is_empty() { " final" } else { "" };
            let _ = writeln!(s, "class {name}{is_final} : public {base} {{");
            if node.derived.is_empty() {
                let _ = writeln!(s, "public:\n  {name}() : {base}(NodeKind::{name}) {{}}");
            } else {
                let _ = writeln!(s, "protected:\n  {name}(NodeKind K) : {base}(K) {{}}\npublic:");
            }
            if f.is_a(node.rec, "Sequence") {
                for child in f.defs(node.rec, "children")? {
                    let role = f.string(child, "role")?;
                    let ty = node_type(f, f.def(child, "syntax")?)?;
                    for constness in ["", "const "] {
                        let _ = write!(
                            s,
                            "  {constness}{ty} *get{role}() {constness} {{\n    return llvm::cast_or_null<{ty}>(findChild(NodeRole::{role}));\n  }}\n"
                        );
                    }
                }
            }
            s.push_str("  static bool classof(const Node *N);\n};\n\n");
        }
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}
