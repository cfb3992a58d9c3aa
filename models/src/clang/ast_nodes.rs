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

/// Whose checks a hierarchy is built with: the node lists' (`deriveChildTree` in
/// ClangASTNodesEmitter.cpp) or ASTTableGen's visitor (`visitASTNodeHierarchy`, which the type
/// nodes and the AST properties walk), each with its own messages.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Checks {
    NodeLists,
    Visitor,
}

impl Hierarchy {
    /// The hierarchy of the defs of `node_class` (`deriveChildTree`), with clang-tblgen's
    /// errors for two roots and for none.
    pub fn new(input: &Evaluation, node_class: &str) -> Result<Hierarchy, Fatal> {
        Hierarchy::checked(input, node_class, Checks::NodeLists)
    }

    /// The hierarchy of the defs of `node_class` under the checks of `checks`.
    pub fn checked(input: &Evaluation, node_class: &str, checks: Checks) -> Result<Hierarchy, Fatal> {
        let f = Fields { input };
        if checks == Checks::Visitor && input.records.class(node_class).is_none() {
            return Err(Fatal::new(&[], format!("cannot find definition for node class {node_class}")));
        }
        let mut root = None;
        let mut children: HashMap<RecId, Vec<RecId>> = HashMap::new();
        for &node in derived_definitions(input, node_class)?.iter() {
            if let Some(parent) = base(f, node)? {
                children.entry(parent).or_default().push(node);
            } else if root.is_some() {
                let message = match checks {
                    Checks::NodeLists => format!("multiple root nodes in \"{node_class}\" hierarchy"),
                    Checks::Visitor => format!("multiple root nodes in {node_class} hierarchy"),
                };
                return Err(Fatal::new(&input.records.get(node).locs, message));
            } else {
                root = Some(node);
            }
        }
        let Some(root) = root else {
            let message = match checks {
                Checks::NodeLists => format!("didn't find root node in \"{node_class}\" hierarchy"),
                Checks::Visitor => format!("no root node in {node_class} hierarchy"),
            };
            return Err(Fatal::new(&[], message));
        };
        Ok(Hierarchy { root, children })
    }

    /// `visitASTNodeHierarchy`: each node after its base, depth first from the root, with its
    /// base (`None` for the root).
    pub fn preorder(&self) -> Vec<(RecId, Option<RecId>)> {
        let mut order = Vec::new();
        let mut stack = vec![(self.root, None)];
        while let Some((node, parent)) = stack.pop() {
            order.push((node, parent));
            for &child in self.children_of(node).iter().rev() {
                stack.push((child, Some(node)));
            }
        }
        order
    }

    /// The children of `node`, in the order of their defs.
    pub fn children_of(&self, node: RecId) -> &[RecId] {
        self.children.get(&node).map_or(&[], Vec::as_slice)
    }
}
