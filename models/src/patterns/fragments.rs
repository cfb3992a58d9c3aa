//! Pattern fragments (LLVM's `PatFrags`, `PatFrag`, `OutPatFrag` and their inline expansion,
//! `CodeGenDAGPatterns::ParsePatternFragments` and `TreePatternNode::InlinePatternFragments`):
//! each fragment's trees (one per alternative) and formal arguments, checked against its
//! `Operands` list, and the expansion of a tree's fragment references into every combination
//! of their alternatives, arguments substituted.

use super::infer::Context;
use super::predicates::PredicateFn;
use super::tree::{next_combination, Leaf, NodeKind, Parser, PredicateCall, TreeNode, TreePattern};
use super::types::TypeSetByHwMode;
use crate::records::{derived_definitions, Fatal, Fields};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU32, Ordering};
use tdq_core::init::InitKind;
use tdq_core::intern::Sym;
use tdq_core::types::RecId;
use tdq_core::Evaluation;

/// The fragments of an evaluation, input and output ones, by def.
#[derive(Debug, Default)]
pub struct Fragments {
    by_def: HashMap<RecId, TreePattern>,
    /// The last [`TreeNode::share`] given.
    last_share: AtomicU32,
    /// Each fragment's predicate: whether it checks anything, whether it reads its operands.
    predicates: HashMap<RecId, (bool, bool)>,
    /// The last scope given to a predicate that reads its operands (`allocateScope`).
    last_scope: AtomicU32,
}

impl Fragments {
    /// `ParsePatternFragments`, input fragments then (with `out`) output ones: each fragment's
    /// trees and arguments, in name order, with LLVM's checks of the `Operands` list.
    pub fn parse(&mut self, parser: &Parser, out: bool) -> Result<(), Fatal> {
        let input = parser.input;
        let f = Fields { input };
        for &frag in derived_definitions(input, "PatFrags")?.iter() {
            if out != f.is_a(frag, "OutPatFrag") {
                continue;
            }
            let list = f.list(frag, "Fragments")?;
            let mut pattern = parser.parse_list(frag, list, !out)?.or_fatal(input)?;
            let error =
                |message: String| Fatal::new(&input.records.get(frag).locs, format!("In {}: {message}", f.name(frag)));
            let mut operands: Vec<Sym> = Vec::new();
            for &arg in &pattern.args {
                if !operands.contains(&arg) {
                    operands.push(arg);
                }
            }
            if operands.contains(&"") {
                return Err(error("Cannot have unnamed 'node' values in pattern fragment!".into()));
            }
            let ops = f.init(frag, "Operands")?;
            let InitKind::Dag(op, _, args) = ops.kind() else {
                return Err(f.wrong_kind(frag, "Operands", "dag"));
            };
            let op_name = op.as_def().map(|d| f.name(d));
            if !matches!(op_name, Some("ops" | "outs" | "ins")) {
                return Err(error("Operands list should start with '(ops ... '!".into()));
            }
            let mut args_out = Vec::with_capacity(args.len());
            for &(arg, name) in args.iter() {
                if arg.as_def().map(|d| f.name(d)) != Some("node") {
                    return Err(error("Operands list should all be 'node' values.".into()));
                }
                let Some(name) = name else {
                    return Err(error("Operands list should have names for each operand!".into()));
                };
                let Some(at) = operands.iter().position(|&o| o == name) else {
                    return Err(error(format!("'{name}' does not occur in pattern or was multiply specified!")));
                };
                operands.remove(at);
                args_out.push(name);
            }
            // LLVM names the first of a set of strings: the smallest.
            if let Some(first) = operands.iter().min() {
                return Err(error(format!("Operands list does not contain an entry for operand '{first}'!")));
            }
            pattern.args = args_out;
            // The fragment's operand transform, unless it does nothing (no code).
            let transform = f.def(frag, "OperandTransform")?;
            if !f.string(transform, "XFormFunction")?.is_empty() {
                for tree in &mut pattern.trees {
                    tree.transform = Some(transform);
                }
            }
            let pred = PredicateFn { input, frag };
            self.predicates.insert(frag, (!pred.is_always_true(), pred.uses_operands()));
            self.by_def.insert(frag, pattern);
        }
        Ok(())
    }

    /// `TreePattern::InlinePatternFragments` of one tree of `pattern`'s record: every tree the
    /// fragments it refers to expand into, appended to `out`.
    pub fn inline(&self, ctx: &Context, record: RecId, node: &TreeNode, out: &mut Vec<TreeNode>) -> Result<(), Fatal> {
        // A leaf or a childless node is LLVM's own node in every tree it ends up in.
        let shared = |node: &TreeNode| {
            let mut node = node.clone();
            if node.share == 0 {
                node.share = self.new_share();
            }
            node
        };
        let NodeKind::Op { op, intrinsic, children } = &node.kind else {
            out.push(shared(node));
            return Ok(());
        };
        let Some(frag) = self.by_def.get(op) else {
            if children.is_empty() {
                out.push(shared(node));
                return Ok(());
            }
            let mut alternatives = Vec::with_capacity(children.len());
            for child in children {
                let mut alts = Vec::new();
                self.inline(ctx, record, child, &mut alts)?;
                if alts.is_empty() {
                    return Ok(());
                }
                alternatives.push(alts);
            }
            // Every combination, the last child's alternatives varying fastest.
            let mut idxs = vec![0usize; alternatives.len()];
            loop {
                let children = idxs.iter().zip(&alternatives).map(|(&i, alts)| alts[i].clone()).collect();
                out.push(TreeNode {
                    kind: NodeKind::Op { op: *op, intrinsic: *intrinsic, children },
                    name: node.name,
                    types: node.types.clone(),
                    transform: node.transform,
                    share: 0,
                    predicates: node.predicates.clone(),
                    pred_args: node.pred_args.clone(),
                    gisel_flags: node.gisel_flags,
                });
                if !next_combination(&mut idxs, |k| alternatives[k].len()) {
                    return Ok(());
                }
            }
        };
        let input = ctx.input;
        let f = Fields { input };
        if frag.args.len() != children.len() {
            let message =
                format!("In {}: '{}' fragment requires {} operands!", f.name(record), f.name(*op), frag.args.len());
            return Err(Fatal::new(&input.records.get(record).locs, message));
        }
        let (checks, uses_operands) = self.predicates.get(op).copied().unwrap_or((false, false));
        let gisel_flags = Some(*op).filter(|&op| f.is_a(op, "GISelFlags"));
        let scope = if uses_operands { self.last_scope.fetch_add(1, Ordering::Relaxed) + 1 } else { 0 };
        // The actual arguments are shared by the alternatives, each alternative a new copy.
        let mut actuals = children.clone();
        for (a, &name) in actuals.iter_mut().zip(&frag.args) {
            self.mark_shared(a, false);
            if scope != 0 {
                a.pred_args.push((scope, name));
            }
        }
        let args: HashMap<Sym, &TreeNode> = frag.args.iter().copied().zip(actuals.iter()).collect();
        for tree in &frag.trees {
            let mut tree = tree.clone();
            self.mark_shared(&mut tree, true);
            if checks {
                tree.predicates.push(PredicateCall { frag: *op, scope });
            }
            substitute(&mut tree, &args, ctx.input);
            tree.name = node.name;
            if node.transform.is_some() {
                tree.transform = node.transform;
            }
            // The fragment node's types (a cast) merged into each alternative's own
            // (`UpdateNodeType`): `(XLenVT (frag ...))` of a fragment `(i64 (op ...))` has a
            // type only in the modes where XLenVT is i64.
            if !node.types.is_empty() {
                if tree.types.len() < node.types.len() {
                    tree.types.resize(node.types.len(), TypeSetByHwMode::default());
                }
                let mut ti = ctx.type_infer();
                for (own, cast) in tree.types.iter_mut().zip(&node.types) {
                    ti.expand_overloads(own);
                    ti.update(own, cast);
                }
                if ti.emptied {
                    return Err(ctx.emptied_error(record));
                }
            }
            tree.predicates.extend_from_slice(&node.predicates);
            // An outer fragment's flags win over an inner one's: LLVM inlines each
            // fragment's own trees first, then sets the flags of the trees it expands into.
            tree.gisel_flags = node.gisel_flags.or(gisel_flags);
            self.inline(ctx, record, &tree, out)?;
        }
        Ok(())
    }

    fn new_share(&self) -> u32 {
        self.last_share.fetch_add(1, Ordering::Relaxed) + 1
    }

    /// Gives the leaves and childless nodes of the tree a [`TreeNode::share`] of their own:
    /// all of them when `fresh` (a new copy), else those that have none.
    fn mark_shared(&self, node: &mut TreeNode, fresh: bool) {
        match &mut node.kind {
            NodeKind::Op { children, .. } if !children.is_empty() => {
                for c in children {
                    self.mark_shared(c, fresh);
                }
            }
            _ => {
                if fresh || node.share == 0 {
                    node.share = self.new_share();
                }
            }
        }
    }

    /// A fragment's trees, one per alternative, as parsed.
    pub fn trees(&self, def: RecId) -> &[TreeNode] {
        self.by_def.get(&def).map(|p| &p.trees[..]).unwrap_or(&[])
    }

    /// A fragment's formal arguments, in order.
    pub fn args(&self, def: RecId) -> &[Sym] {
        self.by_def.get(&def).map(|p| &p.args[..]).unwrap_or(&[])
    }

    pub fn is_fragment(&self, def: RecId) -> bool {
        self.by_def.contains_key(&def)
    }
}

/// `SubstituteFormalArguments`: each child that is a `?` or `node` leaf replaced by the actual
/// argument of its name.
fn substitute(node: &mut TreeNode, args: &HashMap<Sym, &TreeNode>, input: &Evaluation) {
    let NodeKind::Op { children, .. } = &mut node.kind else {
        return;
    };
    for child in children.iter_mut() {
        match &child.kind {
            NodeKind::Leaf(Leaf::Value(v)) => {
                let formal = v.is_unset() || v.as_def().is_some_and(|d| input.records.name_sym(d) == "node");
                if formal {
                    if let Some(&actual) = args.get(child.name) {
                        *child = actual.clone();
                    }
                }
            }
            NodeKind::Leaf(Leaf::IntrinsicId(_)) => {}
            NodeKind::Op { .. } => substitute(child, args, input),
        }
    }
}
