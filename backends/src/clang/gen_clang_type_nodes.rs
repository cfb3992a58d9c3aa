//! `-gen-clang-type-nodes` (`TypeNodes.inc`): an X-macro of each of clang's type nodes under its
//! base (`TYPE`, `ABSTRACT_TYPE`, `DEPENDENT_TYPE`, ...), the last one, and those of one class
//! apart (LLVM 19's leaf types, 20's always-canonical ones).

use crate::common::emit::source_file_header;
use crate::{Backend, BackendError, BackendOptions, Output};
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::types::RecId;
use tdq_core::{ByRelease, Evaluation};
use tdq_models::clang::ast_nodes::{Checks, Hierarchy};
use tdq_models::records::{derived_definitions, Fatal};
use tdq_models::Fields;

pub struct GenClangTypeNodes;

/// The class of the types listed apart, and their macro.
struct Apart {
    class: &'static str,
    macro_name: &'static str,
}

const APART: ByRelease<Apart> = ByRelease {
    v19: Apart { class: "LeafType", macro_name: "LEAF_TYPE" },
    v22: Apart { class: "AlwaysCanonical", macro_name: "ALWAYS_CANONICAL_TYPE" },
    v23: Apart { class: "AlwaysCanonical", macro_name: "ALWAYS_CANONICAL_TYPE" },
};

const TYPE_ARGS: &str = "(Class, Base)";

/// `TypeNode::getId`: the node's name without its `Type`.
fn id(f: Fields, node: RecId) -> Result<String, Fatal> {
    let name = f.input.records.get(node).name_string();
    match name.strip_suffix("Type") {
        Some(id) => Ok(id.to_string()),
        None => Err(Fatal::new(&f.input.records.get(node).locs, "name of node doesn't end in Type")),
    }
}

/// The macro of a type node: one of its classes', or `ABSTRACT_TYPE`, `TYPE`; two is an error.
fn macro_name(f: Fields, node: RecId) -> Result<&'static str, Fatal> {
    let mut chosen: Option<&'static str> = None;
    let classes = [
        ("AlwaysDependent", "DEPENDENT_TYPE"),
        ("NeverCanonical", "NON_CANONICAL_TYPE"),
        ("NeverCanonicalUnlessDependent", "NON_CANONICAL_UNLESS_DEPENDENT_TYPE"),
    ];
    let mut choose = |name: &'static str| -> Result<(), Fatal> {
        if let Some(old) = chosen {
            let message = format!(
                "conflict when computing macro name for Type node: trying to use both \"{old}\" and \"{name}\""
            );
            return Err(Fatal::new(&f.input.records.get(node).locs, message));
        }
        chosen = Some(name);
        Ok(())
    };
    for (class, name) in classes {
        if f.is_a(node, class) {
            choose(name)?;
        }
    }
    if f.bit(node, "Abstract")? {
        choose("ABSTRACT_TYPE")?;
    }
    Ok(chosen.unwrap_or("TYPE"))
}

impl Backend for GenClangTypeNodes {
    fn name(&self) -> &'static str {
        "gen-clang-type-nodes"
    }
    fn help(&self) -> &'static str {
        "Generate Clang AST type nodes"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let f = Fields { input };
        let apart = APART.get(options.release);
        let types = derived_definitions(input, "TypeNode")?;
        if types.is_empty() {
            return Err(Fatal::new(&[], "no Type records in input!").into());
        }
        let mut s = String::new();
        source_file_header(&mut s, "An x-macro database of Clang type nodes", Some(&options.input_filename));
        let mut undefs = vec!["TYPE", "ABSTRACT_TYPE"];
        for name in ["ABSTRACT_TYPE", "NON_CANONICAL_TYPE", "DEPENDENT_TYPE", "NON_CANONICAL_UNLESS_DEPENDENT_TYPE"] {
            let _ = write!(s, "#ifndef {name}\n#  define {name}{TYPE_ARGS} TYPE{TYPE_ARGS}\n#endif\n");
            undefs.push(name);
        }
        let hierarchy = Hierarchy::checked(input, "TypeNode", Checks::Visitor)?;
        let mut last = None;
        for (node, base) in hierarchy.preorder() {
            let Some(base) = base else { continue };
            let name = macro_name(f, node)?;
            let _ = writeln!(s, "{name}({}, {})", id(f, node)?, f.name(base));
            last = Some(node);
        }
        // The root is no invocation; with nothing under it, clang-tblgen reads a null node.
        let Some(last) = last else {
            return Err(Fatal::new(&[], "no Type nodes under the root Type node").into());
        };
        let _ = write!(s, "#ifdef LAST_TYPE\nLAST_TYPE({})\n#undef LAST_TYPE\n#endif\n", id(f, last)?);
        let _ = writeln!(s, "#ifdef {}", apart.macro_name);
        for &node in types.iter() {
            if f.is_a(node, apart.class) {
                let _ = writeln!(s, "{}({})", apart.macro_name, id(f, node)?);
            }
        }
        let _ = write!(s, "#undef {}\n#endif\n", apart.macro_name);
        for name in undefs {
            let _ = writeln!(s, "#undef {name}");
        }
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}
