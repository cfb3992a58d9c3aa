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
//! LLVM infers each fragment's types once, before it is inlined (`ParsePatternFragments`);
//! here a fragment's tree is typed in each pattern it is inlined into, its own cast merged with
//! the fragment node's there ([`super::fragments`]), which leaves the same types.
//! LLVM also reads and checks every intrinsic (`CodeGenIntrinsicTable`) before the patterns;
//! here only those a pattern names are read, when it names them.

use super::complex_patterns::ComplexPatterns;
use super::fragments::Fragments;
use super::infer::{has_possible_type, Context, IntrinsicSignature, Pattern};
use super::properties::{Properties, Property};
use super::sd_nodes::SdNodes;
use super::tree::{IntrinsicInfo, IntrinsicNode, IntrinsicNodes, Leaf, NodeKind, Parser, TreeNode};
use super::types::{MvtTable, TypeError};
use super::variants::{dep_vars, is_isomorphic, shape_hash, VariantContext};
use crate::intrinsics::{Intrinsic, IntrinsicReader};
use crate::records::{derived_definitions, Fatal, Fields};
use crate::target::info_by_hw_mode::DEFAULT_MODE;
use crate::target::instructions::{Instruction, Instructions};
use crate::target::registers::RegBank;
use crate::target::Target;
use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Arc;
use tdq_core::init::{Init, InitKind};
use tdq_core::intern::Sym;
use tdq_core::types::RecId;
use tdq_core::{Diagnostics, Evaluation};

/// One pattern to match (`PatternToMatch`): the record it comes from, the tree it matches and
/// the tree it produces.
#[derive(Clone, Debug)]
pub struct PatternToMatch {
    pub src_record: RecId,
    pub src: TreeNode,
    pub dst: TreeNode,
    /// The record's `Predicates` (`getPredicates`), as written.
    pub predicates: Vec<Init>,
    /// The registers the instruction defines beyond its results (`getDstRegs`).
    pub dst_regs: Vec<RecId>,
    /// Of an instruction's own pattern, which of the `set`'s destinations each of the
    /// instruction's results is (`getResultIndex` of the result's root); empty (each its own)
    /// for a `Pattern`.
    pub result_perm: Vec<u32>,
    /// The record's `AddedComplexity`.
    pub added_complexity: i64,
    /// The order LLVM gives equal patterns (`getID`): the record's, a variant's after every
    /// record's, in the order they were made.
    pub id: u64,
    /// The HW mode's condition a per-mode copy is predicated on (`getHwModeFeatures`).
    pub hw_mode_features: String,
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
    /// `hasChain` was inferred from the instruction's own pattern (`hasChain_Inferred`).
    pub has_chain_inferred: bool,
    /// The pattern's record the unset flags were inferred from.
    pub inferred_from: Option<RecId>,
    /// What the first pattern that selects the instruction alone says of it, whether or not
    /// the instruction leaves a flag to inference.
    pub first_pattern: Option<PatternEffects>,
}

/// What a pattern says of the one instruction it selects (`InstAnalyzer`'s findings on its
/// source tree): the memory and side-effect flags it implies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PatternEffects {
    /// The pattern's record: a `Pattern`/`Pat` def, or the instruction for its own `Pattern`.
    pub record: RecId,
    pub may_load: bool,
    pub may_store: bool,
    pub has_side_effects: bool,
}

impl PatternEffects {
    /// What the pattern implies for `flag`.
    pub fn says(&self, flag: InferableFlag) -> bool {
        match flag {
            InferableFlag::MayLoad => self.may_load,
            InferableFlag::MayStore => self.may_store,
            InferableFlag::HasSideEffects => self.has_side_effects,
        }
    }
}

/// The instruction flags LLVM infers from patterns when a record leaves them `?`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum InferableFlag {
    MayLoad,
    MayStore,
    HasSideEffects,
}

impl InferableFlag {
    pub const ALL: [InferableFlag; 3] =
        [InferableFlag::MayLoad, InferableFlag::MayStore, InferableFlag::HasSideEffects];

    /// The field's name in the records.
    pub fn field(self) -> &'static str {
        match self {
            InferableFlag::MayLoad => "mayLoad",
            InferableFlag::MayStore => "mayStore",
            InferableFlag::HasSideEffects => "hasSideEffects",
        }
    }

    /// The value the record states (`None`: left `?`).
    pub fn written(self, inst: &Instruction) -> Option<bool> {
        match self {
            InferableFlag::MayLoad => inst.may_load,
            InferableFlag::MayStore => inst.may_store,
            InferableFlag::HasSideEffects => inst.has_side_effects,
        }
    }
}

impl InferredFlags {
    /// The flag's value after inference (what `-gen-instr-info` writes).
    pub fn value(&self, flag: InferableFlag) -> bool {
        match flag {
            InferableFlag::MayLoad => self.may_load,
            InferableFlag::MayStore => self.may_store,
            InferableFlag::HasSideEffects => self.has_side_effects,
        }
    }
}

/// A flag a record states that a pattern selecting the instruction contradicts (LLVM's
/// "Pattern doesn't match FLAG = V" error, which stops every backend on the pattern model).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FlagConflict {
    pub instruction: RecId,
    pub pattern: RecId,
    pub flag: InferableFlag,
    /// The value the record states.
    pub written: bool,
}

/// The pattern model: the patterns to match and each instruction's flags.
#[derive(Debug)]
pub struct DagPatterns {
    /// The patterns, each with types by HW mode copied once per mode
    /// (`ExpandHwModeBasedTypes`).
    pub patterns: Vec<PatternToMatch>,
    /// The patterns before those copies, where some pattern has types by mode (else they are
    /// [`Self::patterns`]): what LLVM 23's DAG selector matches, the types by mode checked as
    /// the table runs ([`Self::unexpanded`]).
    by_hw_mode: Option<Vec<PatternToMatch>>,
    /// Each instruction's flags, by def.
    pub flags: HashMap<RecId, InferredFlags>,
    /// Warnings and errors LLVM prints and continues after ("Pattern can never match", "Can't
    /// infer mayLoad from patterns").
    pub diags: Diagnostics,
    /// The pattern fragments, input and output ones.
    pub fragments: Fragments,
    pub complex_patterns: ComplexPatterns,
    /// The operands each `OperandWithDefaultOps` def stands for when a pattern leaves it out
    /// (`DAGDefaultOperand`), typed.
    pub default_operands: HashMap<RecId, Vec<TreeNode>>,
    /// The results of the instructions whose pattern sets another number than their outputs
    /// (`DAGInstruction::getNumResults`).
    pub inst_results: HashMap<RecId, usize>,
    /// The flags patterns contradict, in the order LLVM reports them. LLVM stops after
    /// inference when there is one ([`DagPatterns::get`]); the flags are then as far as
    /// inference got (no guesses made).
    pub conflicts: Vec<FlagConflict>,
    /// Whether LLVM guessed the flags no pattern infers (`guessInstructionProperties`, and no
    /// conflict stopped it first).
    pub guessed: bool,
}

/// Where an instruction flag's value comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FlagSource {
    /// The record states it.
    Written,
    /// Left `?`, inferred from this pattern's record.
    Inferred(RecId),
    /// Left `?`, no pattern selects the instruction alone, and the target lets LLVM guess.
    Guessed,
    /// Left `?` with neither: llvm-tblgen reports an error (or stopped at a conflict first).
    Unresolved,
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

impl PatternToMatch {
    /// `getPatternComplexity`: the source's size plus `AddedComplexity`.
    pub fn complexity(&self, input: &Evaluation, cps: &ComplexPatterns, table: &MvtTable) -> i64 {
        // LLVM sums in `unsigned` and returns an `int`.
        (pattern_size(input, cps, table, &self.src) as i32).wrapping_add(self.added_complexity as i32) as i64
    }

    /// `getPredicateCheck`: the `CondString`s of the record's predicates, sorted by name and
    /// without repeats, and the HW mode's condition, joined by `&&`.
    pub fn predicate_check(&self, input: &Evaluation) -> Result<String, Fatal> {
        let f = Fields { input };
        let mut recs: Vec<RecId> = self.predicates.iter().filter_map(|p| p.as_def()).collect();
        recs.sort_by(|&a, &b| tdq_core::record::compare_numeric(f.name(a).as_bytes(), f.name(b).as_bytes()));
        recs.dedup();
        let mut parts = Vec::new();
        for r in recs {
            let cond = f.string(r, "CondString")?;
            if !cond.is_empty() {
                parts.push(format!("({cond})"));
            }
        }
        if !self.hw_mode_features.is_empty() {
            parts.push(self.hw_mode_features.clone());
        }
        Ok(parts.join(" && "))
    }
}

/// `getPatternSize`: how much of the input a source pattern covers.
fn pattern_size(input: &Evaluation, cps: &ComplexPatterns, table: &MvtTable, p: &TreeNode) -> u32 {
    let mut size: u32 = 3;
    let f = Fields { input };
    if let NodeKind::Leaf(Leaf::Value(v)) = &p.kind {
        if matches!(v.kind(), InitKind::Int(_)) {
            size += 2;
        }
    }
    let complex = |n: &TreeNode| cps.of(n.operator().or_else(|| n.leaf_def())?);
    if let Some(cp) = complex(p) {
        return size.wrapping_add(cp.complexity as u32);
    }
    if !p.predicates.is_empty() {
        size += 1;
    }
    for child in p.children() {
        if !child.is_leaf() && !child.types.is_empty() && child.types[0].machine_value_type() != table.other {
            size = size.wrapping_add(pattern_size(input, cps, table, child));
            continue;
        }
        if let NodeKind::Leaf(Leaf::IntrinsicId(_)) = &child.kind {
            // LLVM's intrinsic id is an integer leaf.
            size += 5;
        }
        if let NodeKind::Leaf(Leaf::Value(v)) = &child.kind {
            if matches!(v.kind(), InitKind::Int(_)) {
                size += 5;
            } else if complex(child).is_some() {
                size = size.wrapping_add(pattern_size(input, cps, table, child));
            } else if v.as_def().is_some_and(|d| matches!(f.name(d), "immAllOnesV" | "immAllZerosV")) {
                size += 4;
            } else if !child.predicates.is_empty() {
                size += 1;
            }
        }
    }
    size
}

impl DagPatterns {
    /// The patterns of `input` and the flags inferred from them, computed once; a flag a
    /// pattern contradicts is LLVM's fatal "pattern conflicts", after the diagnostics so far.
    pub fn get(input: &Evaluation) -> Result<Arc<DagPatterns>, Fatal> {
        let model = Self::with_conflicts(input)?;
        if model.conflicts.is_empty() {
            return Ok(model);
        }
        let mut fatal = Fatal(model.diags.clone());
        fatal.0.error(tdq_core::Loc::NONE, "pattern conflicts");
        Err(fatal)
    }

    /// The patterns before they are copied by HW mode (`CodeGenDAGPatterns` made with
    /// `ExpandHwMode` false), in the same order.
    pub fn unexpanded(&self) -> &[PatternToMatch] {
        self.by_hw_mode.as_deref().unwrap_or(&self.patterns)
    }

    /// Where `inst`'s `flag` gets its value ([`InferredFlags::value`]).
    pub fn flag_source(&self, inst: &Instruction, flag: InferableFlag) -> FlagSource {
        let inferred_from = self.flags.get(&inst.def).and_then(|f| f.inferred_from);
        match (flag.written(inst), inferred_from) {
            (Some(_), _) => FlagSource::Written,
            (None, Some(record)) => FlagSource::Inferred(record),
            (None, None) if self.guessed => FlagSource::Guessed,
            (None, None) => FlagSource::Unresolved,
        }
    }

    /// The model even where patterns contradict flags the records state (for lints and the
    /// store, which report the conflicts as data).
    pub fn with_conflicts(input: &Evaluation) -> Result<Arc<DagPatterns>, Fatal> {
        crate::computed(input, || compute(input))
    }

    /// Runs `body` with a type inference context over the model (for the types a source
    /// pattern implies, [`super::infer::ImpliedTypes`]).
    pub fn with_context<R>(
        &self,
        input: &Evaluation,
        body: impl FnOnce(&Context) -> Result<R, Fatal>,
    ) -> Result<R, Fatal> {
        let target = Target::get(input)?;
        let instructions = Instructions::get(input)?;
        let nodes = SdNodes::get(input)?;
        let intrinsics =
            LazyIntrinsics { reader: IntrinsicReader::new(input, input.records.release)?, read: RefCell::default() };
        let bank = RegBank::get(input)?;
        let table = MvtTable::read(input)?;
        let ctx = Context {
            input,
            table: &table,
            legal: Context::legal_types(&bank),
            legal_ptr: Context::legal_ptr_types(&bank, &table),
            hw_modes: &target.hw_modes,
            nodes: &nodes,
            instructions: &instructions,
            bank: &bank,
            complex_patterns: &self.complex_patterns,
            intrinsics: &intrinsics,
            inst_results: self.inst_results.clone(),
            bitconvert: input.records.def("bitconvert"),
        };
        body(&ctx)
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
    let bank = RegBank::get(input)?;
    let table = MvtTable::read(input)?;
    let mut ctx = Context {
        input,
        table: &table,
        legal: Context::legal_types(&bank),
        legal_ptr: Context::legal_ptr_types(&bank, &table),
        hw_modes: &target.hw_modes,
        nodes: &nodes,
        instructions: &instructions,
        bank: &bank,
        complex_patterns: &complex_patterns,
        intrinsics: &intrinsics,
        inst_results: HashMap::new(),
        bitconvert: input.records.def("bitconvert"),
    };

    // ParseDefaultOperands: each default operand typed alone.
    let mut default_operands = HashMap::new();
    for (i, &def) in derived_definitions(input, "OperandWithDefaultOps")?.iter().enumerate() {
        let InitKind::Dag(_, _, args) = f.init(def, "DefaultOps")?.kind() else {
            return Err(f.wrong_kind(def, "DefaultOps", "dag"));
        };
        let values: Vec<Init> = args.iter().map(|&(a, _)| a).collect();
        let parsed = parser.parse_list(def, &values, false)?.or_fatal(input)?;
        let mut ops = Vec::with_capacity(parsed.trees.len());
        for tree in parsed.trees {
            let mut p = Pattern::new(&ctx, def, vec![tree])?;
            let mut t = std::mem::take(&mut p.trees);
            while p.apply(&mut t[0])? {}
            if p.contains_unresolved(&t[0]) {
                let message =
                    format!("Value #{i} of OperandWithDefaultOps '{}' doesn't have a concrete type!", f.name(def));
                return Err(Fatal::new(&[], message));
            }
            ops.push(t.pop().expect("one tree"));
        }
        default_operands.insert(def, ops);
    }

    // ParseInstructions: the instructions' own patterns, in record order.
    let mut with_patterns = Vec::new();
    for &inst in derived_definitions(input, "Instruction")?.iter() {
        let value = f.init(inst, "Pattern")?;
        let Some((list, _)) = value.as_list() else { continue };
        if list.is_empty() || list.iter().any(|&d| super::tree::has_null_frag_reference(input, d)) {
            continue;
        }
        let pattern = parser.parse_list(inst, list, true)?.or_fatal(input)?;
        with_patterns.push((inst, pattern));
    }
    with_patterns.sort_by_key(|(inst, _)| *inst);
    let mut parsed = Vec::with_capacity(with_patterns.len());
    for (inst, pattern) in with_patterns {
        let Some(cgi) = instructions.get_def(inst) else { continue };
        let parsed_inst = instruction_pattern(&ctx, &fragments, cgi, &pattern.trees, &mut diags)?;
        if parsed_inst.num_results != cgi.operands.num_defs as usize {
            ctx.inst_results.insert(inst, parsed_inst.num_results);
        }
        parsed.push((inst, parsed_inst));
    }
    fragments.parse(&parser, true)?;
    let ctx = ctx;
    let mut add = |src_record: RecId,
                   src: TreeNode,
                   dst: &TreeNode,
                   dst_regs: &[RecId],
                   result_perm: &[u32],
                   diags: &mut Diagnostics|
     -> Result<(), Fatal> {
        if let Some(reason) = cannot_match(input, &nodes, &intrinsics, &src)? {
            diags.warning_at(&input.records.get(src_record).locs, format!("Pattern can never match: {reason}"));
            return Ok(());
        }
        let predicates = f.list(src_record, "Predicates")?.to_vec();
        let added_complexity = f.int(src_record, "AddedComplexity")?;
        patterns.push(PatternToMatch {
            src_record,
            src,
            dst: dst.clone(),
            predicates,
            dst_regs: dst_regs.to_vec(),
            result_perm: result_perm.to_vec(),
            added_complexity,
            id: u64::from(src_record.0),
            hw_mode_features: String::new(),
        });
        Ok(())
    };
    for (inst, p) in parsed {
        let mut alternatives = Vec::new();
        fragments.inline(&ctx, inst, &p.src, &mut alternatives)?;
        // LLVM makes the instruction's patterns anew from its trees: they have no arguments.
        let sources = Sources { trees: alternatives, args: &[], failed: false };
        for (src, dst) in parse_one_pattern(&ctx, inst, sources, (p.result, &[]), &mut diags)? {
            add(inst, src, &dst, &p.imp_results, &p.result_perm, &mut diags)?;
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
        // An error that dropped the input's tree: LLVM reports it and goes on without it.
        if let Some(message) = &pattern.error {
            diags.text(dump(&ctx, pat, &pattern.args, &pattern.trees));
            diags.error_at(&input.records.get(pat).locs, message.clone());
        }
        let results = f.list(pat, "ResultInstrs")?;
        if results.is_empty() {
            continue;
        }
        let result = parser.parse_list(pat, results, false)?.or_fatal(input)?;
        if result.trees.len() != 1 {
            let message =
                format!("In {}: Cannot handle instructions producing instructions with temporaries yet!", f.name(pat));
            return Err(Fatal::new(&input.records.get(pat).locs, message));
        }
        let mut dsts = Vec::new();
        fragments.inline(&ctx, pat, &result.trees[0], &mut dsts)?;
        if dsts.len() != 1 {
            let message = format!("In {}: Cannot use multi-alternative fragments in result pattern!", f.name(pat));
            return Err(Fatal::new(&input.records.get(pat).locs, message));
        }
        let mut alternatives = Vec::new();
        for tree in &pattern.trees {
            fragments.inline(&ctx, pat, tree, &mut alternatives)?;
        }
        let dst = dsts.pop().expect("one");
        let (mut inputs, mut results, mut imp_results) = (Vec::new(), Vec::new(), Vec::new());
        for tree in &pattern.trees {
            inputs_and_outputs(&fragments, &ctx, pat, tree, &mut inputs, &mut results, &mut imp_results)?;
        }
        let sources = Sources { trees: alternatives, args: &pattern.args, failed: pattern.error.is_some() };
        for (src, dst) in parse_one_pattern(&ctx, pat, sources, (dst, &result.args), &mut diags)? {
            add(pat, src, &dst, &imp_results, &[], &mut diags)?;
        }
    }

    // GenerateVariants: the new variants of each pattern, after all the patterns.
    let can_match = |t: &TreeNode| Ok(cannot_match(input, &nodes, &intrinsics, t)?.is_none());
    let commutative_intrinsic = |t: &TreeNode| match &t.kind {
        NodeKind::Op { intrinsic: Some(def), .. } => Ok(intrinsics.get(*def)?.is_commutative),
        _ => Ok(false),
    };
    let vctx =
        VariantContext { input, nodes: &nodes, can_match: &can_match, commutative_intrinsic: &commutative_intrinsic };
    let mut next_uid = 1u64 << 32;
    // A variant is new unless a pattern with the same predicates (the variants made so far
    // among them) already matches it. LLVM scans every pattern; here the patterns are grouped
    // by their predicates and root operator (a variant keeps its pattern's root, and an
    // isomorphic tree has the same), each variant compared with its group alone: the scan
    // was half of X86's model.
    let group_of = |p: &PatternToMatch| (p.predicates.clone(), p.src.operator());
    let mut same_predicates: HashMap<(Vec<Init>, Option<RecId>), Vec<usize>> = HashMap::new();
    for (p, pattern) in patterns.iter().enumerate() {
        same_predicates.entry(group_of(pattern)).or_default().push(p);
    }
    // Each pattern's shape, so that most of a group is passed over without a comparison.
    let mut shapes: Vec<u64> = patterns.iter().map(|p| shape_hash(&p.src)).collect();
    for i in 0..patterns.len() {
        let dep_vars = dep_vars(&patterns[i].src);
        let mut variants = Vec::new();
        vctx.variants_of(&patterns[i].src, &mut variants, &dep_vars)?;
        if variants.len() == 1 {
            continue;
        }
        let key = group_of(&patterns[i]);
        for variant in variants {
            let group = same_predicates.get_mut(&key).expect("every pattern is in its group");
            let shape = shape_hash(&variant);
            if group.iter().any(|&p| shapes[p] == shape && is_isomorphic(&variant, &patterns[p].src, &dep_vars)) {
                continue;
            }
            group.push(patterns.len());
            shapes.push(shape);
            let mut copy = patterns[i].clone();
            copy.src = variant;
            copy.id = next_uid;
            next_uid += 1;
            patterns.push(copy);
        }
    }

    // The patterns as they are before the copies by mode, where some pattern has types by mode.
    let by_hw_mode =
        patterns.iter().any(|p| has_types_by_mode(&p.src) || has_types_by_mode(&p.dst)).then(|| patterns.clone());

    // ExpandHwModeBasedTypes: a pattern with types by mode becomes one pattern per mode it
    // names, each predicated on its mode (the default mode on none of the others).
    if !target.hw_modes.modes.is_empty() {
        let condition = |m: u32| -> Result<String, Fatal> {
            let mode = &target.hw_modes.modes[m as usize - 1];
            let mut parts = Vec::new();
            for &pred in &mode.predicates {
                let cond = f.string(pred, "CondString")?;
                if !cond.is_empty() {
                    parts.push(format!("({cond})"));
                }
            }
            Ok(parts.join(" && "))
        };
        for p in std::mem::take(&mut patterns) {
            let (src_by_mode, dst_by_mode) = (has_types_by_mode(&p.src), has_types_by_mode(&p.dst));
            if !src_by_mode && !dst_by_mode {
                patterns.push(p);
                continue;
            }
            let mut modes = std::collections::BTreeSet::new();
            if src_by_mode {
                collect_modes(&p.src, &mut modes);
            }
            if dst_by_mode {
                collect_modes(&p.dst, &mut modes);
            }
            let mut append = |mode: u32, check: String| {
                let mut copy = p.clone();
                if !set_default_mode(&mut copy.src, mode) || !set_default_mode(&mut copy.dst, mode) {
                    return;
                }
                copy.id = next_uid;
                next_uid += 1;
                copy.hw_mode_features = check;
                patterns.push(copy);
            };
            let mut default_check = String::new();
            for &m in modes.iter().filter(|&&m| m != DEFAULT_MODE) {
                let check = condition(m)?;
                if !default_check.is_empty() {
                    default_check += " && ";
                }
                default_check += &format!("!({check})");
                append(m, check);
            }
            if modes.contains(&DEFAULT_MODE) {
                append(DEFAULT_MODE, default_check);
            }
        }
    }

    // InferInstructionFlags.
    let mut flags: HashMap<RecId, InferredFlags> = HashMap::new();
    for inst in &instructions.all {
        flags.insert(
            inst.def,
            InferredFlags {
                may_load: inst.may_load.unwrap_or(false),
                may_store: inst.may_store.unwrap_or(false),
                has_side_effects: inst.has_side_effects.unwrap_or(false),
                is_bitcast: inst.flags.is_bitcast,
                has_chain: false,
                has_chain_inferred: false,
                inferred_from: None,
                first_pattern: None,
            },
        );
    }
    let analyzer = Analyzer { input, nodes: &nodes, intrinsics: &intrinsics, complex_patterns: &complex_patterns };
    let mut conflicts = Vec::new();
    for ptm in &patterns {
        let [inst_def] = ptm.dst.instructions(input)[..] else { continue };
        let Some(inst) = instructions.get_def(inst_def) else { continue };
        let Some(flags) = flags.get_mut(&inst_def) else { continue };
        if flags.inferred_from.is_some() {
            continue;
        }
        let info = analyzer.analyze(&ptm.src)?;
        let effects = PatternEffects {
            record: ptm.src_record,
            may_load: info.may_load,
            may_store: info.may_store,
            has_side_effects: info.has_side_effects,
        };
        flags.first_pattern.get_or_insert(effects);
        let has_undef = inst.may_load.is_none() || inst.may_store.is_none() || inst.has_side_effects.is_none();
        if has_undef {
            flags.inferred_from = Some(ptm.src_record);
        }
        let locs = &input.records.get(ptm.src_record).locs;
        // A stated 1 the pattern does not show is trusted, except for mayStore.
        for flag in [InferableFlag::HasSideEffects, InferableFlag::MayStore, InferableFlag::MayLoad] {
            let Some(set) = flag.written(inst) else { continue };
            if set == effects.says(flag) || (set && flag != InferableFlag::MayStore) {
                continue;
            }
            diags.error_at(locs, format!("Pattern doesn't match {} = {}", flag.field(), u8::from(set)));
            conflicts.push(FlagConflict { instruction: inst_def, pattern: ptm.src_record, flag, written: set });
        }
        flags.has_side_effects |= info.has_side_effects;
        flags.may_store |= info.may_store;
        flags.may_load |= info.may_load;
        if f.is_a(ptm.src_record, "Instruction") {
            flags.is_bitcast |= info.is_bitcast;
            flags.has_chain |= info.has_chain;
            flags.has_chain_inferred = true;
        }
    }
    let inst_results = ctx.inst_results.clone();
    // LLVM stops after a conflict; else it guesses or reports what no pattern says.
    let guessed = conflicts.is_empty() && target.guess_instruction_properties(input)?;
    if guessed {
        for inst in &instructions.all {
            let flags = flags.get_mut(&inst.def).expect("every instruction");
            if flags.inferred_from.is_none() && inst.has_side_effects.is_none() {
                flags.has_side_effects = true;
            }
        }
    } else if conflicts.is_empty() {
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
    Ok(DagPatterns {
        patterns,
        by_hw_mode,
        flags,
        diags,
        fragments,
        complex_patterns,
        default_operands,
        inst_results,
        conflicts,
        guessed,
    })
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

impl IntrinsicSignature for LazyIntrinsics<'_> {
    fn signature(&self, def: RecId) -> Result<(String, Vec<RecId>, Vec<RecId>), Fatal> {
        let i = self.get(def)?;
        Ok((i.name.clone(), i.ret_tys.clone(), i.param_tys.clone()))
    }
}

/// What `parseInstructionPattern` makes of an instruction's pattern (`DAGInstruction`).
struct InstructionPattern {
    /// The tree to match: the last operand of the first tree's `set`, or the tree.
    src: TreeNode,
    /// The instruction applied to its inputs, in operand order, its results typed as the
    /// `set` destinations are.
    result: TreeNode,
    /// How many results the pattern sets (`getNumResults`).
    num_results: usize,
    /// The registers it sets or marks `implicit` (`getImpResults`).
    imp_results: Vec<RecId>,
    /// Which `set` destination each result is (`ResultIndices`).
    result_perm: Vec<u32>,
}

/// `FindPatternInputsAndOutputs` (what inference needs of it): the named `set` destinations
/// in order, and each named input's first node, a fragment inlined (its only alternative).
fn inputs_and_outputs<'t>(
    frags: &Fragments,
    ctx: &Context,
    record: RecId,
    node: &'t TreeNode,
    inputs: &mut Vec<(Sym, TreeNode)>,
    results: &mut Vec<(Sym, std::borrow::Cow<'t, TreeNode>)>,
    imp_results: &mut Vec<RecId>,
) -> Result<(), Fatal> {
    let input = ctx.input;
    let f = Fields { input };
    let use_of = |n: &TreeNode, inputs: &mut Vec<(Sym, TreeNode)>| -> Result<(), Fatal> {
        let rec = n.operator().or_else(|| n.leaf_def());
        if n.name.is_empty() || rec.is_some_and(|r| f.name(r) == "srcvalue") {
            return Ok(());
        }
        if inputs.iter().any(|(name, _)| *name == n.name) {
            return Ok(());
        }
        let mut used = n.clone();
        if n.operator().is_some_and(|op| frags.is_fragment(op)) {
            let mut alternatives = Vec::new();
            frags.inline(ctx, record, n, &mut alternatives)?;
            if let Some(first) = alternatives.into_iter().next() {
                used = first;
            }
        }
        inputs.push((n.name, used));
        Ok(())
    };
    let Some(op) = node.operator() else {
        return use_of(node, inputs);
    };
    match f.name(op) {
        "implicit" => {
            imp_results.extend(node.children().iter().filter_map(|c| c.leaf_def()).filter(|&d| f.is_a(d, "Register")));
        }
        "set" => {
            let children = node.children();
            let Some((last, dests)) = children.split_last() else { return Ok(()) };
            for dest in dests {
                // A fragment destination inlined (`DestPattern.InlinePatternFragments()`).
                let dest = match dest.operator().filter(|&op| frags.is_fragment(op)) {
                    Some(_) => {
                        let mut alternatives = Vec::new();
                        frags.inline(ctx, record, dest, &mut alternatives)?;
                        match alternatives.into_iter().next() {
                            Some(first) => std::borrow::Cow::Owned(first),
                            None => continue,
                        }
                    }
                    None => std::borrow::Cow::Borrowed(dest),
                };
                let Some(def) = dest.leaf_def() else { continue };
                let is = |c: &str| f.is_a(def, c);
                if is("Register") {
                    imp_results.push(def);
                    continue;
                }
                let named_result = is("RegisterClass")
                    || is("ValueType")
                    || is("RegisterOperand")
                    || is("PointerLikeRegClass")
                    || is("RegClassByHwMode");
                if named_result && !results.iter().any(|(name, _)| *name == dest.name) {
                    results.push((dest.name, dest));
                }
            }
            inputs_and_outputs(frags, ctx, record, last, inputs, results, imp_results)?;
        }
        _ => {
            for c in node.children() {
                inputs_and_outputs(frags, ctx, record, c, inputs, results, imp_results)?;
            }
            use_of(node, inputs)?;
        }
    }
    Ok(())
}

/// `parseInstructionPattern`: an instruction's pattern trees as the tree it matches and the
/// result it produces, with LLVM's checks of the operands against the pattern.
fn instruction_pattern(
    ctx: &Context,
    frags: &Fragments,
    inst: &Instruction,
    trees: &[TreeNode],
    diags: &mut Diagnostics,
) -> Result<InstructionPattern, Fatal> {
    let input = ctx.input;
    let f = Fields { input };
    let mut inputs = Vec::new();
    let mut results = Vec::new();
    let mut imp_results = Vec::new();
    for tree in trees {
        inputs_and_outputs(frags, ctx, inst.def, tree, &mut inputs, &mut results, &mut imp_results)?;
    }
    let mut first_error: Option<String> = None;
    let mut error = |m: String| {
        if first_error.is_none() {
            first_error = Some(m);
        }
    };
    let operands = &inst.operands.operands;
    let num_results = results.len();
    let mut result_types = Vec::with_capacity(num_results);
    let mut result_perm = Vec::with_capacity(num_results);
    for i in 0..num_results {
        let Some(op) = operands.get(i) else {
            error(format!("'{}' set but does not appear in operand list!", results[0].0));
            break;
        };
        let Some(at) = results.iter().position(|(name, _)| *name == op.name) else {
            error(format!("Operand ${} does not exist in operand list!", op.name));
            result_types.push(Default::default());
            continue;
        };
        let dest = &results[at].1;
        result_perm.push(at as u32);
        // The destination alone, inferred (`DestPattern.InferAllTypes()`).
        let mut alone = Pattern::new(ctx, inst.def, vec![dest.clone().into_owned()])?;
        alone.infer_all(None)?;
        result_types.push(alone.trees[0].types.first().cloned().unwrap_or_default());
    }
    let mut children = Vec::new();
    for (i, op) in operands.iter().enumerate().skip(num_results) {
        if op.name.is_empty() {
            error(format!("Operand #{i} in operands list has no name!"));
            continue;
        }
        match inputs.iter().position(|(name, _)| *name == op.name) {
            Some(at) => {
                let (_, mut node) = inputs.remove(at);
                // No predicate is useful on the result.
                node.predicates.clear();
                // The transform becomes the operand's node (no types yet), over the input.
                match node.transform.take() {
                    Some(xform) => children.push(TreeNode {
                        kind: NodeKind::Op { op: xform, intrinsic: None, children: vec![node] },
                        name: "",
                        types: Vec::new(),
                        transform: None,
                        share: 0,
                        predicates: Vec::new(),
                        pred_args: Vec::new(),
                        gisel_flags: None,
                    }),
                    None => children.push(node),
                }
            }
            None if ctx.operand_has_default(op.rec) => {}
            None => error(format!("Operand ${} does not appear in the instruction pattern", op.name)),
        }
    }
    if let Some((name, _)) = inputs.iter().min_by_key(|(name, _)| *name) {
        error(format!("Input operand ${name} occurs in pattern but not in operands list!"));
    }
    if let Some(message) = first_error {
        diags.error_at(&input.records.get(inst.def).locs, format!("In {}: {message}", f.name(inst.def)));
    }
    let mut result = TreeNode {
        kind: NodeKind::Op { op: inst.def, intrinsic: None, children },
        name: "",
        types: Vec::new(),
        transform: None,
        share: 0,
        predicates: Vec::new(),
        pred_args: Vec::new(),
        gisel_flags: None,
    };
    let mut ctx_results = ctx.num_results(&result)?;
    ctx_results = ctx_results.max(result_types.len());
    result.types.resize(ctx_results, Default::default());
    for (i, t) in result_types.into_iter().enumerate() {
        result.types[i] = t;
    }
    let tree = trees.first().expect("a pattern has a tree");
    let src = match tree.operator() {
        Some(op) if f.name(op) == "set" => tree.children().last().cloned().unwrap_or_else(|| tree.clone()),
        _ => tree.clone(),
    };
    Ok(InstructionPattern { src, result, num_results, imp_results, result_perm })
}

/// A pattern's source trees (its fragments inlined into every alternative) with its
/// arguments, and whether its parsing failed (LLVM's `HasError`: its later errors unsaid).
struct Sources<'p> {
    trees: Vec<TreeNode>,
    args: &'p [Sym],
    failed: bool,
}

/// `TreePattern::dump`, which LLVM prints before each error of a pattern: the record's name,
/// the arguments, then each tree (a list of them in brackets).
fn dump(ctx: &Context, record: RecId, args: &[Sym], trees: &[TreeNode]) -> String {
    let input = ctx.input;
    let ids = std::cell::OnceCell::new();
    let intrinsic_id = |def: RecId| -> i64 {
        ids.get_or_init(|| crate::intrinsics::IntrinsicIds::of(input).ok()).as_ref().map_or(0, |ids| ids.get(def))
    };
    let mut out = Fields { input }.name(record).to_string();
    if !args.is_empty() {
        out.push('(');
        out.push_str(&args.join(", "));
        out.push(')');
    }
    out.push_str(": ");
    if trees.len() > 1 {
        out.push_str("[\n");
    }
    for t in trees {
        out.push('\t');
        out.push_str(&t.print(input, ctx.table, &intrinsic_id));
        out.push('\n');
    }
    if trees.len() > 1 {
        out.push_str("]\n");
    }
    out
}

/// A pattern's inference error, after its dump.
fn report(diags: &mut Diagnostics, ctx: &Context, p: &Pattern, args: &[Sym]) {
    if let Some((rec, message)) = p.error() {
        diags.text(dump(ctx, rec, args, &p.trees));
        diags.error_at(&ctx.input.records.get(rec).locs, message);
    }
}

/// `ParseOnePattern`: the source alternatives and the result inferred together (the result's
/// types given to each source root and back, instruction results forced where only they are
/// left open), LLVM's errors for what stays unresolved, each after its pattern's dump; the
/// (source, result) pairs to match, without those whose types are impossible.
fn parse_one_pattern(
    ctx: &Context,
    record: RecId,
    sources: Sources,
    (result, result_args): (TreeNode, &[Sym]),
    diags: &mut Diagnostics,
) -> Result<Vec<(TreeNode, TreeNode)>, Fatal> {
    let mut pattern = Pattern::new(ctx, record, sources.trees)?;
    let mut res = Pattern::new(ctx, record, vec![result])?;
    let (mut all_pattern, mut all_result);
    loop {
        all_pattern = pattern.infer_all(None)?;
        let names = pattern.named_types();
        all_result = res.infer_all(Some(&names))?;
        let mut iterate = false;
        // Each source tree meets the result's types as the trees before it left them: the
        // first alternative may take a type set by HW mode from a result still open in some
        // mode, which its own type then narrows, so that a later alternative already equal to
        // the result keeps its simple set (AMDGPU's `(i64 (add (AMDGPUmul_u24 ...)))` of 23).
        for tree in pattern.trees.iter_mut() {
            let shared = res.trees[0].types.len().min(tree.types.len());
            for i in 0..shared {
                let rt = res.trees[0].types[i].clone();
                iterate |= res.ti.update(&mut tree.types[i], &rt);
                let tt = tree.types[i].clone();
                iterate |= res.ti.update(&mut res.trees[0].types[i], &tt);
            }
        }
        if !iterate && all_pattern && !all_result {
            let mut trees = std::mem::take(&mut res.trees);
            iterate = res.force_arbitrary_inst_result(&mut trees[0]);
            res.trees = trees;
        }
        if !iterate {
            break;
        }
    }
    if !all_pattern {
        pattern.ti.fail(TypeError::Pattern("Could not infer all types in pattern!".into()));
    }
    if !sources.failed {
        report(diags, ctx, &pattern, sources.args);
    }
    if !all_result {
        // LLVM dumps the source pattern before the result's error, even an error unsaid.
        diags.text(dump(ctx, record, sources.args, &pattern.trees));
        res.ti.fail(TypeError::Pattern("Could not infer all types in pattern result!".into()));
    }
    report(diags, ctx, &res, result_args);
    let failed = res.error().is_some();
    let mut dst = res.trees.pop().expect("one result");
    // PromoteXForms: a transform becomes a node over its operand, typed anew (`Temp`; a
    // result that failed fails there again, and LLVM says so again).
    if promote_xforms(&mut dst) || failed {
        let mut temp = Pattern::new(ctx, record, vec![dst])?;
        temp.infer_all(None)?;
        report(diags, ctx, &temp, &[]);
        dst = temp.trees.pop().expect("one result");
    }
    if !has_possible_type(&dst) {
        return Ok(Vec::new());
    }
    Ok(pattern.trees.into_iter().filter(has_possible_type).map(|src| (src, dst.clone())).collect())
}

/// `PromoteXForms`: each node with a transform made the transform's operand; whether any was.
fn promote_xforms(node: &mut TreeNode) -> bool {
    let mut promoted = false;
    if let NodeKind::Op { children, .. } = &mut node.kind {
        for c in children {
            promoted |= promote_xforms(c);
        }
    }
    if let Some(xform) = node.transform.take() {
        let inner = std::mem::replace(
            node,
            TreeNode {
                kind: NodeKind::Leaf(Leaf::Value(Init::unset())),
                name: "",
                types: Vec::new(),
                transform: None,
                share: 0,
                predicates: Vec::new(),
                pred_args: Vec::new(),
                gisel_flags: None,
            },
        );
        let types = vec![Default::default(); inner.types.len()];
        *node = TreeNode {
            kind: NodeKind::Op { op: xform, intrinsic: None, children: vec![inner] },
            name: "",
            types,
            transform: None,
            share: 0,
            predicates: Vec::new(),
            pred_args: Vec::new(),
            gisel_flags: None,
        };
        promoted = true;
    }
    promoted
}

/// `hasProperTypeByHwMode`: some type of the tree is not the default mode's alone.
fn has_types_by_mode(node: &TreeNode) -> bool {
    node.types.iter().any(|t| !t.is_simple()) || node.children().iter().any(has_types_by_mode)
}

/// `collectModes`: the modes the tree's types name.
fn collect_modes(node: &TreeNode, modes: &mut std::collections::BTreeSet<u32>) {
    for t in &node.types {
        modes.extend(t.modes().map(|(m, _)| m));
    }
    for c in node.children() {
        collect_modes(c, modes);
    }
}

/// `setDefaultMode`: every type made mode `mode`'s; false when one has none there.
fn set_default_mode(node: &mut TreeNode, mode: u32) -> bool {
    for t in &mut node.types {
        t.make_simple(mode);
        if t.get(DEFAULT_MODE).is_empty() {
            return false;
        }
    }
    if let NodeKind::Op { children, .. } = &mut node.kind {
        for c in children {
            if !set_default_mode(c, mode) {
                return false;
            }
        }
    }
    true
}
