//! The patterns instruction selection matches (LLVM's `CodeGenDAGPatterns` constructor:
//! `ParseInstructions`, `ParsePatterns`, `ParseOnePattern`, `AddPatternToMatch`) and the
//! instruction flags LLVM infers from them (`InferInstructionFlags`, `InstAnalyzer`,
//! `InferFromPattern`): computed once per evaluation.
//!
//! Each instruction's `Pattern` (in record order, as LLVM's map of instructions keeps them),
//! then each `Pattern`/`Pat` def (in name order), is parsed, its fragments inlined into every
//! alternative, and each alternative becomes a pattern to match with the instruction's result
//! or the `Pat`'s result tree. The first pattern whose result is a single instruction gives
//! that instruction the flags it leaves unset (`mayLoad`, `mayStore`, `hasSideEffects`), and
//! an instruction's own pattern its `isBitcast` and `hasChain`; a flag set in the record that
//! the pattern contradicts is LLVM's "Pattern doesn't match ..." error.
//!
//! FIXME: type inference over the HW-mode type sets is not done yet, so the patterns LLVM
//! drops because a type is impossible in every mode (and the variants and per-mode copies it
//! adds) are all kept here, and a `bitconvert` between equal types is not simplified away
//! (`SimplifyTree`), which makes SystemZ's `LA` and `LARL` bitcasts here and not in LLVM.
//! LLVM also reads and checks every intrinsic (`CodeGenIntrinsicTable`) before the patterns;
//! here only those a pattern names are read, when it names them.

use super::complex_patterns::ComplexPatterns;
use super::fragments::Fragments;
use super::properties::{Properties, Property};
use super::sd_nodes::SdNodes;
use super::tree::{IntrinsicInfo, IntrinsicNode, IntrinsicNodes, Leaf, NodeKind, Parser, TreeNode};
use crate::intrinsics::{Intrinsic, IntrinsicReader};
use crate::records::{derived_definitions, Fatal, Fields};
use crate::target::instructions::Instructions;
use crate::target::Target;
use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Arc;
use tdq_core::init::InitKind;
use tdq_core::types::RecId;
use tdq_core::{Diagnostics, Evaluation};

/// One pattern to match (`PatternToMatch`): the record it comes from, the tree it matches and
/// the tree it produces.
#[derive(Clone, Debug)]
pub struct PatternToMatch {
    pub src_record: RecId,
    pub src: TreeNode,
    pub dst: TreeNode,
}

/// The flags of one instruction after inference (`CodeGenInstruction`'s, as
/// `InferInstructionFlags` leaves them).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct InferredFlags {
    pub may_load: bool,
    pub may_store: bool,
    pub has_side_effects: bool,
    pub is_bitcast: bool,
    pub has_chain: bool,
    /// The pattern's record the unset flags were inferred from.
    pub inferred_from: Option<RecId>,
}

/// The pattern model: the patterns to match and each instruction's flags.
#[derive(Debug)]
pub struct DagPatterns {
    pub patterns: Vec<PatternToMatch>,
    /// Each instruction's flags, by def.
    pub flags: HashMap<RecId, InferredFlags>,
    /// Warnings and errors LLVM prints and continues after ("Pattern can never match", "Can't
    /// infer mayLoad from patterns").
    pub diags: Diagnostics,
}

/// The intrinsics patterns name, read when first met.
struct LazyIntrinsics<'a> {
    reader: IntrinsicReader<'a>,
    read: RefCell<HashMap<RecId, Arc<Intrinsic>>>,
}

impl LazyIntrinsics<'_> {
    fn get(&self, def: RecId) -> Result<Arc<Intrinsic>, Fatal> {
        if let Some(i) = self.read.borrow().get(&def) {
            return Ok(i.clone());
        }
        let mut diags = Diagnostics::new();
        let intrinsic = Arc::new(self.reader.read(def, &mut diags)?);
        self.read.borrow_mut().insert(def, intrinsic.clone());
        Ok(intrinsic)
    }
}

impl IntrinsicInfo for LazyIntrinsics<'_> {
    fn node_for(&self, def: RecId) -> Result<IntrinsicNode, Fatal> {
        let i = self.get(def)?;
        Ok(if i.ret_tys.is_empty() {
            IntrinsicNode::Void
        } else if !i.memory.does_not_access_memory() || i.has_side_effects {
            IntrinsicNode::WithChain
        } else {
            IntrinsicNode::WithoutChain
        })
    }
}

impl DagPatterns {
    /// The patterns of `input` and the flags inferred from them, computed once.
    pub fn get(input: &Evaluation) -> Result<Arc<DagPatterns>, Fatal> {
        crate::computed(input, || compute(input))
    }
}

fn compute(input: &Evaluation) -> Result<DagPatterns, Fatal> {
    let f = Fields { input };
    let target = Target::get(input)?;
    let instructions = Instructions::get(input)?;
    let nodes = SdNodes::get(input)?;
    for node in nodes.iter() {
        node?;
    }
    let complex_patterns = ComplexPatterns::read(input)?;
    let intrinsics =
        LazyIntrinsics { reader: IntrinsicReader::new(input, input.records.release)?, read: RefCell::default() };
    let parser = Parser { input, intrinsics: &intrinsics, nodes: IntrinsicNodes::find(input) };
    let mut fragments = Fragments::default();
    fragments.parse(&parser, false)?;
    let mut diags = Diagnostics::new();
    let mut patterns = Vec::new();

    // ParseInstructions: the instructions' own patterns, in record order.
    let mut with_patterns = Vec::new();
    for &inst in derived_definitions(input, "Instruction")?.iter() {
        let value = f.init(inst, "Pattern")?;
        let Some((list, _)) = value.as_list() else { continue };
        if list.is_empty() || list.iter().any(|&d| super::tree::has_null_frag_reference(input, d)) {
            continue;
        }
        let pattern = parser.parse_list(inst, list, true)?;
        with_patterns.push((inst, pattern));
    }
    with_patterns.sort_by_key(|(inst, _)| *inst);
    fragments.parse(&parser, true)?;
    let mut add = |src_record: RecId, src: TreeNode, dst: &TreeNode, diags: &mut Diagnostics| -> Result<(), Fatal> {
        if let Some(reason) = cannot_match(input, &nodes, &intrinsics, &src)? {
            diags.warning_at(&input.records.get(src_record).locs, format!("Pattern can never match: {reason}"));
            return Ok(());
        }
        patterns.push(PatternToMatch { src_record, src, dst: dst.clone() });
        Ok(())
    };
    for (inst, pattern) in with_patterns {
        let Some(tree) = pattern.trees.first() else { continue };
        let src = match tree.operator() {
            Some(op) if f.name(op) == "set" => tree.children().last().cloned().unwrap_or_else(|| tree.clone()),
            _ => tree.clone(),
        };
        let dst = TreeNode { kind: NodeKind::Op { op: inst, intrinsic: None, children: Vec::new() }, name: "" };
        let mut alternatives = Vec::new();
        fragments.inline(&parser, inst, &src, &mut alternatives)?;
        for alt in alternatives {
            add(inst, alt, &dst, &mut diags)?;
        }
    }

    // ParsePatterns: the `Pattern` defs, in name order.
    for &pat in derived_definitions(input, "Pattern")?.iter() {
        let tree = f.init(pat, "PatternToMatch")?;
        if !matches!(tree.kind(), InitKind::Dag(..)) {
            return Err(f.wrong_kind(pat, "PatternToMatch", "dag"));
        }
        if super::tree::has_null_frag_reference(input, tree) {
            continue;
        }
        let pattern = parser.parse_list(pat, &[tree], true)?;
        let results = f.list(pat, "ResultInstrs")?;
        if results.is_empty() {
            continue;
        }
        let result = parser.parse_list(pat, results, false)?;
        if result.trees.len() != 1 {
            let message =
                format!("In {}: Cannot handle instructions producing instructions with temporaries yet!", f.name(pat));
            return Err(Fatal::new(&input.records.get(pat).locs, message));
        }
        let mut dsts = Vec::new();
        fragments.inline(&parser, pat, &result.trees[0], &mut dsts)?;
        if dsts.len() != 1 {
            let message = format!("In {}: Cannot use multi-alternative fragments in result pattern!", f.name(pat));
            return Err(Fatal::new(&input.records.get(pat).locs, message));
        }
        let mut alternatives = Vec::new();
        for tree in &pattern.trees {
            fragments.inline(&parser, pat, tree, &mut alternatives)?;
        }
        for alt in alternatives {
            add(pat, alt, &dsts[0], &mut diags)?;
        }
    }

    // InferInstructionFlags.
    let mut flags: HashMap<RecId, InferredFlags> = HashMap::new();
    let mut errors = 0;
    for inst in &instructions.all {
        flags.insert(
            inst.def,
            InferredFlags {
                may_load: inst.may_load.unwrap_or(false),
                may_store: inst.may_store.unwrap_or(false),
                has_side_effects: inst.has_side_effects.unwrap_or(false),
                is_bitcast: inst.flags.is_bitcast,
                has_chain: false,
                inferred_from: None,
            },
        );
    }
    let analyzer = Analyzer { input, nodes: &nodes, intrinsics: &intrinsics, complex_patterns: &complex_patterns };
    for ptm in &patterns {
        let mut in_tree = Vec::new();
        instructions_in_tree(input, &ptm.dst, &mut in_tree);
        let [inst_def] = in_tree[..] else { continue };
        let Some(inst) = instructions.get_def(inst_def) else { continue };
        let Some(flags) = flags.get_mut(&inst_def) else { continue };
        if flags.inferred_from.is_some() {
            continue;
        }
        let info = analyzer.analyze(&ptm.src)?;
        let has_undef = inst.may_load.is_none() || inst.may_store.is_none() || inst.has_side_effects.is_none();
        if has_undef {
            flags.inferred_from = Some(ptm.src_record);
        }
        let locs = &input.records.get(ptm.src_record).locs;
        if let Some(set) = inst.has_side_effects {
            if set != info.has_side_effects && !set {
                errors += 1;
                diags.error_at(locs, "Pattern doesn't match hasSideEffects = 0");
            }
        }
        if let Some(set) = inst.may_store {
            if set != info.may_store {
                errors += 1;
                diags.error_at(locs, format!("Pattern doesn't match mayStore = {}", u8::from(set)));
            }
        }
        if let Some(set) = inst.may_load {
            if set != info.may_load && !set {
                errors += 1;
                diags.error_at(locs, "Pattern doesn't match mayLoad = 0");
            }
        }
        flags.has_side_effects |= info.has_side_effects;
        flags.may_store |= info.may_store;
        flags.may_load |= info.may_load;
        if f.is_a(ptm.src_record, "Instruction") {
            flags.is_bitcast |= info.is_bitcast;
            flags.has_chain |= info.has_chain;
        }
    }
    if errors > 0 {
        let mut fatal = Fatal(diags);
        fatal.0.error(tdq_core::Loc::NONE, "pattern conflicts");
        return Err(fatal);
    }
    if target.guess_instruction_properties(input)? {
        for inst in &instructions.all {
            let flags = flags.get_mut(&inst.def).expect("every instruction");
            if flags.inferred_from.is_none() && inst.has_side_effects.is_none() {
                flags.has_side_effects = true;
            }
        }
    } else {
        for &i in &instructions.by_enum {
            let inst = &instructions.all[i];
            if flags[&inst.def].inferred_from.is_some() {
                continue;
            }
            let locs = &input.records.get(inst.def).locs;
            if inst.has_side_effects.is_none() {
                diags.error_at(locs, "Can't infer hasSideEffects from patterns");
            }
            if inst.may_store.is_none() {
                diags.error_at(locs, "Can't infer mayStore from patterns");
            }
            if inst.may_load.is_none() {
                diags.error_at(locs, "Can't infer mayLoad from patterns");
            }
        }
    }
    Ok(DagPatterns { patterns, flags, diags })
}

/// `getInstructionsInTree`: the instructions among a tree's operators, outermost first.
fn instructions_in_tree(input: &Evaluation, node: &TreeNode, out: &mut Vec<RecId>) {
    let NodeKind::Op { op, children, .. } = &node.kind else { return };
    if (Fields { input }).is_a(*op, "Instruction") {
        out.push(*op);
    }
    for child in children {
        instructions_in_tree(input, child, out);
    }
}

/// `canPatternMatch`: why a source pattern can never match (an immediate left of a
/// commutative operator's last operand), if it cannot.
fn cannot_match(
    input: &Evaluation,
    nodes: &SdNodes,
    intrinsics: &LazyIntrinsics,
    node: &TreeNode,
) -> Result<Option<&'static str>, Fatal> {
    let NodeKind::Op { op, intrinsic, children } = &node.kind else { return Ok(None) };
    for child in children {
        if let Some(reason) = cannot_match(input, nodes, intrinsics, child)? {
            return Ok(Some(reason));
        }
    }
    let f = Fields { input };
    if f.is_a(*op, "ComplexPattern") {
        return Ok(None);
    }
    let commutative_node = nodes.of(*op).transpose()?.is_some_and(|n| n.properties.has(Property::Commutative));
    let commutative_intrinsic = match intrinsic {
        Some(def) => intrinsics.get(*def)?.is_commutative,
        None => false,
    };
    if !(commutative_node || commutative_intrinsic) || children.is_empty() {
        return Ok(None);
    }
    let only_on_rhs = |n: &TreeNode| match &n.kind {
        NodeKind::Op { op, .. } => f.name(*op) == "imm",
        NodeKind::Leaf(Leaf::Value(v)) => {
            matches!(v.kind(), InitKind::Int(_))
                || v.as_def().is_some_and(|d| matches!(f.name(d), "immAllOnesV" | "immAllZerosV"))
        }
        NodeKind::Leaf(Leaf::IntrinsicId(_)) => true,
    };
    let (last, rest) = children.split_last().expect("children");
    if !only_on_rhs(last) {
        let skip = usize::from(commutative_intrinsic);
        if rest.iter().skip(skip).any(only_on_rhs) {
            return Ok(Some("Immediate value must be on the RHS of commutative operators!"));
        }
    }
    Ok(None)
}

/// What a source pattern says of its instruction (`InstAnalyzer`).
#[derive(Clone, Copy, Debug, Default)]
struct Analysis {
    has_side_effects: bool,
    may_store: bool,
    may_load: bool,
    is_bitcast: bool,
    is_variadic: bool,
    has_chain: bool,
}

struct Analyzer<'a> {
    input: &'a Evaluation,
    nodes: &'a SdNodes,
    intrinsics: &'a LazyIntrinsics<'a>,
    complex_patterns: &'a ComplexPatterns,
}

impl Analyzer<'_> {
    fn analyze(&self, src: &TreeNode) -> Result<Analysis, Fatal> {
        let mut a = Analysis::default();
        self.node(src, &mut a)?;
        a.is_bitcast = self.is_bitcast(src, &a)?;
        Ok(a)
    }

    /// `IsNodeBitcast`: the root is a one-operand `ISD::BITCAST` node of a leaf.
    fn is_bitcast(&self, n: &TreeNode, a: &Analysis) -> Result<bool, Fatal> {
        if a.has_side_effects || a.may_load || a.may_store || a.is_variadic {
            return Ok(false);
        }
        let NodeKind::Op { op, children, .. } = &n.kind else { return Ok(false) };
        if children.len() != 1 || !children[0].is_leaf() {
            return Ok(false);
        }
        let Some(info) = self.nodes.of(*op).transpose()? else { return Ok(false) };
        Ok(info.num_results == 1 && info.num_operands == 1 && info.enum_name == "ISD::BITCAST")
    }

    fn complex_pattern_properties(&self, def: RecId) -> Result<Properties, Fatal> {
        Ok(self.complex_patterns.of(def).map(|cp| cp.properties).unwrap_or_default())
    }

    /// `AnalyzeNode`.
    fn node(&self, n: &TreeNode, a: &mut Analysis) -> Result<(), Fatal> {
        let f = Fields { input: self.input };
        let (op, intrinsic, children) = match &n.kind {
            NodeKind::Leaf(_) => {
                if let Some(def) = n.leaf_def() {
                    if f.is_a(def, "ComplexPattern") {
                        let p = self.complex_pattern_properties(def)?;
                        a.may_store |= p.has(Property::MayStore);
                        a.may_load |= p.has(Property::MayLoad);
                        a.has_side_effects |= p.has(Property::SideEffect);
                    }
                }
                return Ok(());
            }
            NodeKind::Op { op, intrinsic, children } => (*op, *intrinsic, children),
        };
        for child in children {
            self.node(child, a)?;
        }
        let intrinsic = match intrinsic {
            Some(def) => Some((self.intrinsics.get(def)?, Properties::read(self.input, def)?)),
            None => None,
        };
        let node_props =
            if f.is_a(op, "SDPatternOperator") { self.nodes.of(op).transpose()?.map(|n| n.properties) } else { None };
        let has = |p: Property| -> bool {
            if p != Property::HasChain {
                if let Some((_, props)) = &intrinsic {
                    return props.has(p);
                }
            }
            node_props.is_some_and(|props| props.has(p))
        };
        a.may_store |= has(Property::MayStore);
        a.may_load |= has(Property::MayLoad);
        a.has_side_effects |= has(Property::SideEffect);
        a.is_variadic |= has(Property::Variadic);
        a.has_chain |= has(Property::HasChain);
        if let Some((i, _)) = &intrinsic {
            let me = i.memory;
            let mod_ref = (0..me.locations()).fold(0, |mr, loc| mr | me.mod_ref_at(loc));
            a.may_load |= mod_ref & 1 != 0;
            a.may_store |= mod_ref & 2 != 0;
            a.has_side_effects |= me.is_unknown() || i.has_side_effects;
        }
        Ok(())
    }
}
