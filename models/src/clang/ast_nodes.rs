//! clang's AST node hierarchies as ASTTableGen.h sees them: the defs of one node class
//! (`DeclNode`, `StmtNode`, `CommentNode`, ...), each under its `Base`, with the one without a
//! `Base` the root. The node-list emitters walk it.

use crate::records::{derived_definitions, Fatal, Fields};
use std::collections::HashMap;
use tdq_core::types::RecId;
use tdq_core::Evaluation;

/// One hierarchy: its root and each node's children, in the order of their defs (by name).
pub struct Hierarchy {
    pub root: RecId,
    pub children: HashMap<RecId, Vec<RecId>>,
}

/// `getValueAsOptionalDef("Base")`.
pub fn base(f: Fields, node: RecId) -> Result<Option<RecId>, Fatal> {
    if f.is_unset(node, "Base")? {
        return Ok(None);
    }
    f.def(node, "Base").map(Some)
}

impl Hierarchy {
    /// The hierarchy of the defs of `node_class` (`deriveChildTree`), with clang-tblgen's
    /// errors for two roots and for none.
    pub fn new(input: &Evaluation, node_class: &str) -> Result<Hierarchy, Fatal> {
        let f = Fields { input };
        let mut root = None;
        let mut children: HashMap<RecId, Vec<RecId>> = HashMap::new();
        for &node in derived_definitions(input, node_class)?.iter() {
            if let Some(parent) = base(f, node)? {
                children.entry(parent).or_default().push(node);
            } else if root.is_some() {
                let message = format!("multiple root nodes in \"{node_class}\" hierarchy");
                return Err(Fatal::new(&input.records.get(node).locs, message));
            } else {
                root = Some(node);
            }
        }
        let Some(root) = root else {
            return Err(Fatal::new(&[], format!("didn't find root node in \"{node_class}\" hierarchy")));
        };
        Ok(Hierarchy { root, children })
    }

    /// The children of `node`, in the order of their defs.
    pub fn children_of(&self, node: RecId) -> &[RecId] {
        self.children.get(&node).map_or(&[], Vec::as_slice)
    }
}
