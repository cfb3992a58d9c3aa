//! The variants of a source pattern (LLVM's `GenerateVariants`, `GenerateVariantsOf`,
//! `CombineChildVariants`): every tree the algebraic laws of its nodes give, commuted
//! operands of commutative nodes and intrinsics, reassociations of an associative node's
//! chain of three operands, those that cannot match or repeat another left out.

use super::properties::Property;
use super::sd_nodes::SdNodes;
use super::tree::{next_combination, Leaf, NodeKind, TreeNode};
use crate::records::{Fatal, Fields};
use std::collections::HashMap;
use tdq_core::intern::Sym;
use tdq_core::Evaluation;

/// What variant generation reads of the pattern model.
pub struct VariantContext<'a> {
    pub input: &'a Evaluation,
    pub nodes: &'a SdNodes,
    /// `canPatternMatch`: whether a tree can ever match.
    pub can_match: &'a dyn Fn(&TreeNode) -> Result<bool, Fatal>,
    /// `isCommutativeIntrinsic`.
    pub commutative_intrinsic: &'a dyn Fn(&TreeNode) -> Result<bool, Fatal>,
}

/// `FindDepVars`: the names of leaves (defs) used more than once.
pub fn dep_vars(node: &TreeNode) -> Vec<Sym> {
    fn count(n: &TreeNode, counts: &mut HashMap<Sym, usize>) {
        match &n.kind {
            NodeKind::Leaf(Leaf::Value(v)) => {
                if !n.name.is_empty() && v.as_def().is_some() {
                    *counts.entry(n.name).or_default() += 1;
                }
            }
            NodeKind::Leaf(Leaf::IntrinsicId(_)) => {}
            NodeKind::Op { children, .. } => children.iter().for_each(|c| count(c, counts)),
        }
    }
    let mut counts = HashMap::new();
    count(node, &mut counts);
    counts.into_iter().filter(|&(_, n)| n > 1).map(|(s, _)| s).collect()
}

/// A hash of a tree's shape (operators, arity, leaf defs and intrinsics) that two trees
/// [`is_isomorphic`] to each other share: trees whose shapes differ need no comparison.
pub fn shape_hash(node: &TreeNode) -> u64 {
    use std::hash::{Hash, Hasher};
    fn walk(n: &TreeNode, h: &mut std::collections::hash_map::DefaultHasher) {
        match &n.kind {
            NodeKind::Leaf(Leaf::Value(v)) => (0u8, v.as_def()).hash(h),
            NodeKind::Leaf(Leaf::IntrinsicId(id)) => (1u8, id).hash(h),
            NodeKind::Op { op, children, .. } => {
                (2u8, op, children.len()).hash(h);
                children.iter().for_each(|c| walk(c, h));
            }
        }
    }
    let mut h = std::collections::hash_map::DefaultHasher::new();
    walk(node, &mut h);
    h.finish()
}

/// `isIsomorphicTo`.
pub fn is_isomorphic(a: &TreeNode, b: &TreeNode, dep_vars: &[Sym]) -> bool {
    if a.is_leaf() != b.is_leaf() {
        return false;
    }
    if let (NodeKind::Op { op: oa, children: ca, .. }, NodeKind::Op { op: ob, children: cb, .. }) = (&a.kind, &b.kind) {
        if oa != ob || ca.len() != cb.len() {
            return false;
        }
    }
    if a.types.len() != b.types.len()
        || !a.types.iter().zip(&b.types).all(|(x, y)| x.same_as(y))
        || a.predicates != b.predicates
        || a.transform != b.transform
    {
        return false;
    }
    match (&a.kind, &b.kind) {
        (NodeKind::Leaf(Leaf::Value(va)), NodeKind::Leaf(Leaf::Value(vb))) => match (va.as_def(), vb.as_def()) {
            (Some(da), Some(db)) => da == db && (!dep_vars.contains(&a.name) || a.name == b.name),
            _ => va == vb,
        },
        (NodeKind::Leaf(Leaf::IntrinsicId(x)), NodeKind::Leaf(Leaf::IntrinsicId(y))) => x == y,
        (NodeKind::Leaf(_), NodeKind::Leaf(_)) => false,
        _ => a.children().iter().zip(b.children()).all(|(x, y)| is_isomorphic(x, y, dep_vars)),
    }
}

/// A copy of `orig`'s node over new children.
fn with_children(orig: &TreeNode, children: Vec<TreeNode>) -> TreeNode {
    let NodeKind::Op { op, intrinsic, .. } = &orig.kind else { unreachable!("an operator node") };
    TreeNode {
        kind: NodeKind::Op { op: *op, intrinsic: *intrinsic, children },
        name: orig.name,
        types: orig.types.clone(),
        transform: orig.transform,
        share: 0,
        predicates: orig.predicates.clone(),
        pred_args: orig.pred_args.clone(),
        gisel_flags: orig.gisel_flags,
    }
}

impl VariantContext<'_> {
    /// `CombineChildVariants`: every combination of the children's variants, the last
    /// varying fastest, those that can match and are not isomorphic to one already out.
    fn combine(
        &self,
        orig: &TreeNode,
        child_variants: &[&[TreeNode]],
        out: &mut Vec<TreeNode>,
        dep_vars: &[Sym],
    ) -> Result<(), Fatal> {
        if child_variants.iter().any(|v| v.is_empty()) {
            return Ok(());
        }
        let mut idxs = vec![0usize; child_variants.len()];
        loop {
            let children = idxs.iter().zip(child_variants).map(|(&i, v)| v[i].clone()).collect();
            let r = with_children(orig, children);
            if (self.can_match)(&r)? && !out.iter().any(|v| is_isomorphic(&r, v, dep_vars)) {
                out.push(r);
            }
            if !next_combination(&mut idxs, |k| child_variants[k].len()) {
                return Ok(());
            }
        }
    }

    /// `GatherChildrenOfAssociativeOpcode`.
    fn gather_associative<'t>(&self, n: &'t TreeNode, out: &mut Vec<&'t TreeNode>) {
        if !n.name.is_empty() || !n.predicates.is_empty() || n.transform.is_some() {
            out.push(n);
            return;
        }
        let op = n.operator();
        for c in &n.children()[..2] {
            if c.is_leaf() || c.operator() != op {
                out.push(c);
            } else {
                self.gather_associative(c, out);
            }
        }
    }

    /// `GenerateVariantsOf`.
    pub fn variants_of(&self, n: &TreeNode, out: &mut Vec<TreeNode>, dep_vars: &[Sym]) -> Result<(), Fatal> {
        let f = Fields { input: self.input };
        let Some(op) = n.operator() else {
            out.push(n.clone());
            return Ok(());
        };
        if f.is_a(op, "ComplexPattern") {
            out.push(n.clone());
            return Ok(());
        }
        let props = self.nodes.of(op).transpose()?.map(|i| i.properties).unwrap_or_default();
        if props.has(Property::Associative) && n.children().len() == 2 {
            let mut maximal = Vec::new();
            self.gather_associative(n, &mut maximal);
            if maximal.len() == 3 {
                let mut abc: [Vec<TreeNode>; 3] = Default::default();
                for (v, m) in abc.iter_mut().zip(&maximal) {
                    self.variants_of(m, v, dep_vars)?;
                }
                let [a, b, c] = &abc;
                let pair = |x: &[TreeNode], y: &[TreeNode]| -> Result<Vec<TreeNode>, Fatal> {
                    let mut v = Vec::new();
                    self.combine(n, &[x, y], &mut v, dep_vars)?;
                    Ok(v)
                };
                let (ab, ba, ac, ca, bc, cb) =
                    (pair(a, b)?, pair(b, a)?, pair(a, c)?, pair(c, a)?, pair(b, c)?, pair(c, b)?);
                for (x, y) in [(&ab, c), (&ba, c), (&ac, b), (&ca, b), (&bc, a), (&cb, a)] {
                    self.combine(n, &[x, y], out, dep_vars)?;
                }
                for (x, y) in [(c, &ab), (c, &ba), (b, &ac), (b, &ca), (a, &bc), (a, &cb)] {
                    self.combine(n, &[x, y], out, dep_vars)?;
                }
                return Ok(());
            }
        }
        let mut child_variants: Vec<Vec<TreeNode>> = Vec::with_capacity(n.children().len());
        for c in n.children() {
            let mut v = Vec::new();
            self.variants_of(c, &mut v, dep_vars)?;
            child_variants.push(v);
        }
        let refs: Vec<&[TreeNode]> = child_variants.iter().map(|v| &v[..]).collect();
        self.combine(n, &refs, out, dep_vars)?;
        let comm_intrinsic = (self.commutative_intrinsic)(n)?;
        if props.has(Property::Commutative) || comm_intrinsic {
            let skip = usize::from(comm_intrinsic);
            let no_registers =
                n.children()[skip..skip + 2].iter().all(|c| !c.leaf_def().is_some_and(|d| f.is_a(d, "Register")));
            if no_registers {
                let mut refs = refs;
                refs.swap(skip, skip + 1);
                self.combine(n, &refs, out, dep_vars)?;
            }
        }
        Ok(())
    }
}
