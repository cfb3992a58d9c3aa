//! The node classes of clang's syntax trees (clang/include/clang/Tooling/Syntax/Nodes.td) as
//! ClangSyntaxEmitter.cpp arranges them: each `NodeType` under its `base`, the derived ones
//! by name, walked from `Node`.

use crate::records::{derived_definitions, Fatal, Fields};
use std::collections::HashMap;
use tdq_core::types::RecId;
use tdq_core::Evaluation;

/// One node type: its def, its base and the nodes derived from it, by name.
pub struct NodeType {
    pub rec: RecId,
    pub base: Option<RecId>,
    pub derived: Vec<RecId>,
}

/// The hierarchy of `NodeType`s.
pub struct SyntaxHierarchy {
    pub nodes: HashMap<RecId, NodeType>,
    /// The def `Node`, the root.
    pub root: RecId,
}

impl SyntaxHierarchy {
    pub fn new(input: &Evaluation) -> Result<SyntaxHierarchy, Fatal> {
        let f = Fields { input };
        let defs = derived_definitions(input, "NodeType")?;
        let mut nodes: HashMap<RecId, NodeType> =
            defs.iter().map(|&rec| (rec, NodeType { rec, base: None, derived: Vec::new() })).collect();
        for &derived in defs.iter() {
            let Some(base) = f.optional_def(derived, "base")? else { continue };
            // clang-tblgen asserts the base is a node type (and goes wrong without assertions).
            let Some(node) = nodes.get_mut(&base) else {
                let name = input.records.get(base).name_string();
                return Err(Fatal::new(&input.records.get(derived).locs, format!("the base {name} is no NodeType")));
            };
            node.derived.push(derived);
            if let Some(node) = nodes.get_mut(&derived) {
                node.base = Some(base);
            }
        }
        for node in nodes.values_mut() {
            node.derived.sort_by_key(|&d| f.name(d));
        }
        let root = defs.iter().copied().find(|&d| f.name(d) == "Node");
        let Some(root) = root else {
            return Err(Fatal::new(&[], "no NodeType named Node, the root of the syntax nodes"));
        };
        Ok(SyntaxHierarchy { nodes, root })
    }

    /// The node of a def of the hierarchy.
    pub fn node(&self, rec: RecId) -> &NodeType {
        &self.nodes[&rec]
    }

    /// `Hierarchy::visit`: the nodes from `Node`, each before those derived from it; a node
    /// met twice (bases in a cycle through `Node`) is an error.
    pub fn preorder(&self, input: &Evaluation) -> Result<Vec<&NodeType>, Fatal> {
        let mut order = Vec::new();
        let mut seen = std::collections::HashSet::new();
        let mut stack = vec![self.root];
        while let Some(rec) = stack.pop() {
            if !seen.insert(rec) {
                let name = input.records.get(rec).name_string();
                return Err(Fatal::new(&input.records.get(rec).locs, format!("the bases of {name} form a cycle")));
            }
            let node = self.node(rec);
            order.push(node);
            stack.extend(node.derived.iter().rev());
        }
        Ok(order)
    }

    /// `firstConcrete` (`last` false) and `lastConcrete`: the first or last node without
    /// derived nodes at or under `rec`.
    pub fn concrete(&self, rec: RecId, last: bool) -> RecId {
        let mut rec = rec;
        for _ in 0..self.nodes.len() {
            let derived = &self.node(rec).derived;
            let next = if last { derived.last() } else { derived.first() };
            match next {
                Some(&next) => rec = next,
                None => break,
            }
        }
        rec
    }
}
