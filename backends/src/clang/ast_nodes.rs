//! The list of an AST node hierarchy (clang-tblgen's `ClangASTNodesEmitter`), which
//! `-gen-clang-decl-nodes`, `-gen-clang-stmt-nodes` and `-gen-clang-comment-nodes` write: a
//! macro for each node under its base's, the abstract ones wrapped, and the range of the nodes
//! under each node with children; and the declaration contexts of `-gen-clang-decl-nodes`.

use crate::common::emit::source_file_header;
use tdq_core::types::RecId;
use tdq_core::{ByRelease, Evaluation, Release};
use tdq_models::clang::ast_nodes::{base, Hierarchy};
use tdq_models::records::{all_derived_definitions_if_defined, derived_definitions};
use tdq_models::{Fatal, Fields};

/// Whether the class whose defs come first among siblings may be undefined (LLVM 20's
/// `getAllDerivedDefinitionsIfDefined`); LLVM 19 requires it.
const PRIORITY_IF_DEFINED: ByRelease<bool> = ByRelease { v19: false, v22: true, v23: true };

struct Writer<'a> {
    input: &'a Evaluation,
    hierarchy: Hierarchy,
    /// What the root's name is in the base field (`Decl` for declarations), else empty.
    base_suffix: &'a str,
    /// The defs of the prioritized class: they come first among their siblings.
    prioritized: Vec<RecId>,
    macro_hierarchy: String,
    s: String,
}

impl<'a> Writer<'a> {
    fn f(&self) -> Fields<'a> {
        Fields { input: self.input }
    }

    fn base_name(&self, node: RecId) -> String {
        if node == self.hierarchy.root && !self.base_suffix.is_empty() {
            return self.base_suffix.to_string();
        }
        format!("{}{}", self.f().name(node), self.base_suffix)
    }

    /// `EmitNode`: the children of `base`, prioritized first, then by name from the last; the
    /// first and last concrete node under `base` (itself included).
    fn node(&mut self, base: RecId) -> Result<(Option<RecId>, Option<RecId>), Fatal> {
        let f = self.f();
        let base_macro = f.name(base).to_ascii_uppercase();
        let mut children = self.hierarchy.children_of(base).to_vec();
        let has_children = !children.is_empty();
        children.sort_by(|&a, &b| {
            let key = |n: RecId| (self.prioritized.contains(&n), f.name(n));
            key(b).cmp(&key(a))
        });
        let (mut first, mut last) = (None, None);
        if !f.bit(base, "Abstract")? {
            (first, last) = (Some(base), Some(base));
        }
        for child in children {
            let abstract_ = f.bit(child, "Abstract")?;
            let name = f.name(child);
            let node_macro = name.to_ascii_uppercase();
            self.s.push_str(&format!(
                "#ifndef {node_macro}\n#  define {node_macro}(Type, Base) {base_macro}(Type, Base)\n#endif\n"
            ));
            let entry = format!("{node_macro}({name}, {})", self.base_name(base));
            if abstract_ {
                self.s.push_str(&format!("ABSTRACT_{}({entry})\n", self.macro_hierarchy));
            } else {
                self.s.push_str(&format!("{entry}\n"));
            }
            let (child_first, child_last) = self.node(child)?;
            if first.is_none() {
                first = child_first;
            }
            last = child_last;
            self.s.push_str(&format!("#undef {node_macro}\n\n"));
        }
        let (Some(first_node), Some(last_node)) = (first, last) else {
            return Err(Fatal::new(&self.input.records.get(base).locs, "abstract node has no children"));
        };
        if has_children {
            let range = if base == self.hierarchy.root { "LAST_" } else { "" };
            self.s.push_str(&format!(
                "{range}{}_RANGE({}, {}, {})\n\n",
                self.macro_hierarchy,
                f.name(base),
                f.name(first_node),
                f.name(last_node)
            ));
        }
        Ok((first, last))
    }
}

/// `EmitClangASTNodes(Records, OS, NodeClassName, BaseSuffix, PriorizeIfSubclassOf)`.
pub fn emit_nodes(
    input: &Evaluation,
    release: Release,
    input_filename: &str,
    node_class: &str,
    base_suffix: &str,
    prioritize: &str,
    s: &mut String,
) -> Result<(), Fatal> {
    let prioritized = if prioritize.is_empty() {
        Vec::new()
    } else if *PRIORITY_IF_DEFINED.get(release) {
        all_derived_definitions_if_defined(input, prioritize)
    } else {
        derived_definitions(input, prioritize)?.to_vec()
    };
    let hierarchy = Hierarchy::new(input, node_class)?;
    let macro_hierarchy = Fields { input }.name(hierarchy.root).to_ascii_uppercase();
    let mut w = Writer { input, hierarchy, base_suffix, prioritized, macro_hierarchy, s: String::new() };
    source_file_header(&mut w.s, "List of AST nodes of a particular kind", Some(input_filename));
    let m = w.macro_hierarchy.clone();
    w.s.push_str(&format!(
        "#ifndef ABSTRACT_{m}\n#  define ABSTRACT_{m}(Type) Type\n#endif\n#ifndef {m}_RANGE\n#  define {m}_RANGE(Base, First, Last)\n#endif\n\n#ifndef LAST_{m}_RANGE\n#  define LAST_{m}_RANGE(Base, First, Last) {m}_RANGE(Base, First, Last)\n#endif\n\n"
    ));
    let root = w.hierarchy.root;
    w.node(root)?;
    w.s.push_str(&format!("#undef {m}\n#undef {m}_RANGE\n#undef LAST_{m}_RANGE\n#undef ABSTRACT_{m}\n"));
    s.push_str(&w.s);
    Ok(())
}

/// `EmitClangDeclContext`: a `DECL_CONTEXT` of each concrete declaration node under each
/// `DeclContext` def, depth first.
pub fn emit_decl_contexts(input: &Evaluation, input_filename: &str, s: &mut String) -> Result<(), Fatal> {
    let f = Fields { input };
    source_file_header(s, "List of AST Decl nodes", Some(input_filename));
    s.push_str("#ifndef DECL_CONTEXT\n#  define DECL_CONTEXT(DECL)\n#endif\n");
    let mut children: std::collections::HashMap<RecId, Vec<RecId>> = std::collections::HashMap::new();
    for &decl in derived_definitions(input, "DeclNode")?.iter() {
        if let Some(parent) = base(f, decl)? {
            children.entry(parent).or_default().push(decl);
        }
    }
    fn print(
        f: Fields,
        children: &std::collections::HashMap<RecId, Vec<RecId>>,
        context: RecId,
        s: &mut String,
    ) -> Result<(), Fatal> {
        if !f.bit(context, "Abstract")? {
            s.push_str(&format!("DECL_CONTEXT({})\n", f.name(context)));
        }
        for &child in children.get(&context).map_or(&[][..], Vec::as_slice) {
            print(f, children, child, s)?;
        }
        Ok(())
    }
    for &context in derived_definitions(input, "DeclContext")?.iter() {
        print(f, &children, context, s)?;
    }
    s.push_str("#undef DECL_CONTEXT\n");
    Ok(())
}
