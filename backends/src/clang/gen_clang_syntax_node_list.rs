//! `-gen-clang-syntax-node-list` (`Nodes.inc`): an X-macro of each node of clang's syntax
//! trees under its base, concrete or abstract with the first and last concrete node under it.

use crate::common::emit::source_file_header;
use crate::{Backend, BackendError, BackendOptions, Output};
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::Evaluation;
use tdq_models::clang::syntax_nodes::SyntaxHierarchy;
use tdq_models::Fields;

pub struct GenClangSyntaxNodeList;

impl Backend for GenClangSyntaxNodeList {
    fn name(&self) -> &'static str {
        "gen-clang-syntax-node-list"
    }
    fn help(&self) -> &'static str {
        "Generate list of Clang Syntax Tree node types"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let f = Fields { input };
        let mut s = String::new();
        source_file_header(&mut s, "Syntax tree node list", Some(&options.input_filename));
        let hierarchy = SyntaxHierarchy::new(input)?;
        s.push_str(concat!(
            "\n#ifndef NODE\n#define NODE(Kind, Base)\n#endif\n\n",
            "#ifndef CONCRETE_NODE\n#define CONCRETE_NODE(Kind, Base) NODE(Kind, Base)\n#endif\n\n",
            "#ifndef ABSTRACT_NODE\n#define ABSTRACT_NODE(Kind, Base, First, Last) NODE(Kind, Base)\n#endif\n\n",
        ));
        for node in hierarchy.preorder(input)? {
            let Some(base) = node.base else { continue };
            let (name, base) = (f.name(node.rec), f.name(base));
            if node.derived.is_empty() {
                let _ = writeln!(s, "CONCRETE_NODE({name},{base})");
            } else {
                let first = f.name(hierarchy.concrete(node.rec, false));
                let last = f.name(hierarchy.concrete(node.rec, true));
                let _ = writeln!(s, "ABSTRACT_NODE({name},{base},{first},{last})");
            }
        }
        s.push_str("\n#undef NODE\n#undef CONCRETE_NODE\n#undef ABSTRACT_NODE\n");
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}
