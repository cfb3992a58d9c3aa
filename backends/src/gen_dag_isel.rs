//! `--gen-dag-isel`: the target's SelectionDAG instruction selector (LLVM's
//! DAGISelEmitter.cpp): the patterns of the pattern model ([`DagPatterns`]) sorted so that
//! the largest and cheapest match first, each turned into a matcher ([`gen`]), the matchers
//! optimised into one ([`opt`]) and written as `SelectCode`'s table with the predicate,
//! complex pattern and transform functions it calls ([`emit`]).

mod emit;
mod gen;
mod matcher;
mod opt;

use crate::common::emit::source_file_header;
use crate::{AnyOption, Backend, BackendError, BackendOptions, Opt, Output};
use matcher::{List, Matcher, Opcode};
use std::io::Write;
use tdq_core::init::InitKind;
use tdq_core::types::RecId;
use tdq_core::{phases, Evaluation, Release};
use tdq_models::patterns::complex_patterns::ComplexPattern;
use tdq_models::patterns::dag_patterns::{DagPatterns, PatternToMatch};
use tdq_models::patterns::properties::{Properties, Property};
use tdq_models::patterns::sd_nodes::{ConstraintKind, SdNodes};
use tdq_models::patterns::tree::{IntrinsicNodes, NodeKind, TreeNode};
use tdq_models::patterns::types::{MvtId, MvtTable, ValueTypeByHwMode};
use tdq_models::records::{Fatal, Fields};
use tdq_models::target::instructions::{Instruction, Instructions};
use tdq_models::target::registers::RegBank;
use tdq_models::target::value_types::ValueTypes;
use tdq_models::target::Target;

pub struct GenDagIsel;

const CATEGORY: &str = "Options for -gen-dag-isel";

/// `-omit-comments`: no comments in the table.
pub static OMIT_COMMENTS: Opt<bool> = Opt {
    name: "omit-comments",
    help: "Do not generate comments",
    value_desc: "",
    category: CATEGORY,
    default: false,
    since: Release::V19,
};

/// `-instrument-coverage`: tables of the patterns matched.
pub static INSTRUMENT_COVERAGE: Opt<bool> = Opt {
    name: "instrument-coverage",
    help: "Generates tables to help identify patterns matched",
    value_desc: "",
    category: CATEGORY,
    default: false,
    since: Release::V19,
};

type Result<T> = std::result::Result<T, BackendError>;

/// How a release's table reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// LLVM 19: `, ` after each value, types as one byte, zigzag signed VBRs.
    V19,
    /// LLVM 22: `,` after each value, types as VBRs, SLEB128 signed values, named integers.
    V22,
    /// LLVM 23: as LLVM 22, and a node's operands an offset into the shared `OperandLists`
    /// table, types by HW mode numbered for `getValueTypeForHwMode`, no `0` closing the table.
    V23,
}

impl Layout {
    /// A value type is written as a one-byte value whose trailing separator space is dropped
    /// before a line ends (LLVM 19), not as a VBR.
    pub fn types_as_bytes(self) -> bool {
        match self {
            Layout::V19 => true,
            Layout::V22 | Layout::V23 => false,
        }
    }

    /// A space after a child's size (before a switch case's label) and before each of a
    /// node's results; and the table defines `COVERAGE_IDX_VAL` (LLVM 22 on).
    pub fn spaced_and_coverage(self) -> bool {
        match self {
            Layout::V19 => false,
            Layout::V22 | Layout::V23 => true,
        }
    }

    /// LLVM 22's form of an emitted or morphed node: an optional deactivation symbol, a
    /// full-index flag of 11 bits (was 10), the glue and `None` compressed forms only for a
    /// node with results, a space before each value type.
    pub fn node_form_22(self) -> bool {
        match self {
            Layout::V19 => false,
            Layout::V22 | Layout::V23 => true,
        }
    }

    /// A node's operands are written once in the shared `OperandLists` table, the node giving
    /// their offset there; `SelectCodeCommon` takes the table, and the matcher table has no
    /// closing `0` (LLVM 23). Before, each node listed its operands.
    pub fn operand_lists(self) -> bool {
        match self {
            Layout::V19 | Layout::V22 => false,
            Layout::V23 => true,
        }
    }

    /// How wide the commented table's index of each step is (`IndexWidth`).
    pub fn index_width(self) -> usize {
        match self {
            Layout::V19 => 6,
            Layout::V22 | Layout::V23 => 7,
        }
    }

    /// A register class or sub-register index written by name is a step of its own,
    /// `OPC_EmitStringInteger` (LLVM 19); later an `OPC_EmitInteger` that names its value.
    pub fn string_integers(self) -> bool {
        match self {
            Layout::V19 => true,
            Layout::V22 | Layout::V23 => false,
        }
    }

    /// `OPC_EmitRegister`'s register follows its type after a space, and `zero_reg` is
    /// `MCRegister::NoRegister` (LLVM 23); before, right after the type's comma, and `0 `.
    pub fn spaced_registers(self) -> bool {
        match self {
            Layout::V19 | Layout::V22 => false,
            Layout::V23 => true,
        }
    }
}

/// How the selector treats a pattern whose types differ between HW modes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HwModeTypes {
    /// One copy of the pattern per mode, each with that mode's types and predicated on the
    /// mode (`ExpandHwModeBasedTypes`; LLVM 19, 22).
    Copies,
    /// One pattern, its types by mode checked and built by the `OPC_*ByHwMode` opcodes, each
    /// such type numbered for `getValueTypeForHwMode` (LLVM 23).
    Checked,
}

/// How `FactorNodes` treats the scopes it has made before.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Factoring {
    /// Each alternative of a scope is factored again before the scope is (its own scopes
    /// flattened into it after), down the whole tree each time (LLVM 19, 22).
    Again,
    /// A scope is factored once, when it is made; an alternative that is a scope has its
    /// alternatives spliced in as they are (LLVM 23).
    Once,
}

/// What changed in the selector between releases.
pub struct Form {
    pub layout: Layout,
    /// `ContractNodes` moves forward only and folds `MoveSibling`s (LLVM 22 on), where
    /// LLVM 19 recursed and swapped type checks before opcode checks.
    pub forward_contract: bool,
    /// `pAny` and `cPTR` agree with the pointer types they stand for (LLVM 22 on).
    pub pointer_wildcards: bool,
    /// The classes of a leaf that always matches (a register class, operand or sub-register
    /// index): LLVM 19 names `RegisterClass` and `PointerLikeRegClass`, LLVM 22 on
    /// `RegisterClassLike` (a class or a `RegClassByHwMode`; a `PointerLikeRegClass` no
    /// longer is one).
    pub matching_leaf_classes: &'static [&'static str],
    /// An integer of the result is sign-extended from its type's width (`0xf0` of an `i8`
    /// is -16; LLVM 22's `EmitIntegerMatcher`), where LLVM 19 and 23 keep the value as written.
    pub sign_extend_integers: bool,
    pub hw_mode_types: HwModeTypes,
    pub factoring: Factoring,
    /// Type checks of different results never contradict each other (LLVM 23); before, two
    /// different types did whatever results they checked.
    pub type_checks_by_result: bool,
}

/// Each release's form.
pub static FORM: tdq_core::ByRelease<Form> = tdq_core::ByRelease {
    v19: Form {
        layout: Layout::V19,
        forward_contract: false,
        pointer_wildcards: false,
        matching_leaf_classes: &["RegisterClass", "RegisterOperand", "PointerLikeRegClass", "SubRegIndex"],
        sign_extend_integers: false,
        hw_mode_types: HwModeTypes::Copies,
        factoring: Factoring::Again,
        type_checks_by_result: false,
    },
    v22: Form {
        layout: Layout::V22,
        forward_contract: true,
        pointer_wildcards: true,
        matching_leaf_classes: &["RegisterClassLike", "RegisterOperand", "SubRegIndex"],
        sign_extend_integers: true,
        hw_mode_types: HwModeTypes::Copies,
        factoring: Factoring::Again,
        type_checks_by_result: false,
    },
    v23: Form {
        layout: Layout::V23,
        forward_contract: true,
        pointer_wildcards: true,
        matching_leaf_classes: &["RegisterClassLike", "RegisterOperand", "SubRegIndex"],
        sign_extend_integers: false,
        hw_mode_types: HwModeTypes::Checked,
        factoring: Factoring::Once,
        type_checks_by_result: true,
    },
};

/// What the stages read of the models.
pub struct Model<'a> {
    pub input: &'a Evaluation,
    pub dag: &'a DagPatterns,
    pub nodes: &'a SdNodes,
    pub table: &'a MvtTable,
    pub instructions: &'a Instructions,
    pub bank: &'a RegBank,
    pub value_types: &'a ValueTypes,
    pub intrinsic_nodes: IntrinsicNodes,
    pub glue: Option<MvtId>,
    pub form: &'static Form,
}

impl<'a> Model<'a> {
    pub fn f(&self) -> Fields<'a> {
        Fields { input: self.input }
    }

    /// `getComplexPatternInfo`: the complex pattern a node is (a leaf or an operator).
    pub fn complex_of(&self, n: &TreeNode) -> Option<&'a ComplexPattern> {
        self.dag.complex_patterns.of(n.operator().or_else(|| n.leaf_def())?)
    }

    /// A node's `CheckOpcode` view, with `getKnownType(0)`.
    pub fn opcode(&self, def: RecId) -> std::result::Result<Opcode, Fatal> {
        let info = self
            .nodes
            .of(def)
            .transpose()?
            .ok_or_else(|| Fatal::new(&[], format!("Unknown node '{}'", self.f().name(def))))?;
        let mut known = self.table.other;
        for c in &info.type_constraints {
            if c.operand >= info.num_results {
                continue;
            }
            match &c.kind {
                ConstraintKind::IsVt(vt) if vt.is_simple() => {
                    known = vt.first().value.map(|v| v as MvtId);
                    break;
                }
                ConstraintKind::IsPtrTy => {
                    known = self.table.iptr;
                    break;
                }
                _ => {}
            }
        }
        Ok(gen::opcode_of(info, known))
    }

    /// `getSDNodeNamed`.
    pub fn named_node(&self, name: &str) -> std::result::Result<Opcode, Fatal> {
        let def = self
            .input
            .records
            .def(name)
            .filter(|&d| self.f().is_a(d, "SDNode"))
            .ok_or_else(|| Fatal::new(&[], format!("Error getting SDNode '{name}'!")))?;
        self.opcode(def)
    }

    /// `getNumMIResults`.
    pub fn num_mi_results(&self, n: &TreeNode) -> std::result::Result<usize, Fatal> {
        if let Some(cp) = self.complex_of(n) {
            return Ok(cp.num_operands as usize);
        }
        if let (true, Some(d)) = (n.is_leaf(), n.leaf_def()) {
            if self.f().is_a(d, "Operand") {
                if let InitKind::Dag(_, _, args) = self.f().init(d, "MIOperandInfo")?.kind() {
                    if !args.is_empty() {
                        return Ok(args.len());
                    }
                }
            }
        }
        Ok(1)
    }

    /// `getSimpleType`.
    pub fn simple_type(&self, n: &TreeNode, i: usize) -> std::result::Result<MvtId, Fatal> {
        n.types.get(i).and_then(|t| t.machine_value_type()).ok_or_else(|| Fatal::new(&[], "type is not simple"))
    }

    /// `getType`: the node's result type by HW mode (a simple type wherever the patterns
    /// were copied per mode).
    pub fn vt(&self, n: &TreeNode, i: usize) -> std::result::Result<ValueTypeByHwMode, Fatal> {
        let set = n.types.get(i).ok_or_else(|| Fatal::new(&[], "type is not a value type by HW mode"))?;
        set.value_type_by_hw_mode().ok_or_else(|| Fatal::new(&[], "type is not a value type by HW mode"))
    }

    /// `getValueType` of a `ValueType` def.
    pub fn value_type(&self, def: RecId) -> std::result::Result<MvtId, Fatal> {
        let mvt = self.value_types.of(self.input, def)?;
        Ok(mvt.value.unwrap_or(0) as MvtId)
    }

    /// An intrinsic's enumerator value (its place in the sorted table, after
    /// `not_intrinsic`).
    pub fn intrinsic_id(&self, def: RecId) -> std::result::Result<i64, Fatal> {
        Ok(tdq_models::intrinsics::IntrinsicIds::of(self.input)?.get(def))
    }

    fn properties_of(&self, n: &TreeNode) -> std::result::Result<(Properties, Option<Properties>), Fatal> {
        let NodeKind::Op { op, intrinsic, .. } = &n.kind else {
            let p = self.complex_of(n).map(|cp| cp.properties).unwrap_or_default();
            return Ok((p, None));
        };
        let intrinsic = match intrinsic {
            Some(def) => Some(Properties::read(self.input, *def)?),
            None => None,
        };
        let node = if self.f().is_a(*op, "SDPatternOperator") {
            self.nodes.of(*op).transpose()?.map(|i| i.properties).unwrap_or_default()
        } else {
            Properties::default()
        };
        Ok((node, intrinsic))
    }

    /// `NodeHasProperty`.
    pub fn node_has(&self, n: &TreeNode, p: Property) -> std::result::Result<bool, Fatal> {
        let (node, intrinsic) = self.properties_of(n)?;
        if n.is_leaf() {
            return Ok(node.has(p));
        }
        if p != Property::HasChain && intrinsic.is_some_and(|i| i.has(p)) {
            return Ok(true);
        }
        Ok(node.has(p))
    }

    /// `TreeHasProperty`.
    pub fn tree_has(&self, n: &TreeNode, p: Property) -> std::result::Result<bool, Fatal> {
        if self.node_has(n, p)? {
            return Ok(true);
        }
        for c in n.children() {
            if self.tree_has(c, p)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// `operandHasDefault`.
    pub fn has_default(&self, rec: RecId) -> bool {
        self.dag.default_operands.get(&rec).is_some_and(|ops| !ops.is_empty())
    }

    /// The value types of the register classes a register is in, each once.
    fn register_vts(&self, reg: RecId) -> Vec<tdq_models::target::info_by_hw_mode::VtByMode> {
        let mut out = Vec::new();
        let Some(r) = self.bank.register_of(reg) else { return out };
        for rc in &self.bank.classes {
            if rc.members.contains(&r) {
                for vt in &rc.value_types {
                    if !out.contains(vt) {
                        out.push(vt.clone());
                    }
                }
            }
        }
        out
    }

    /// `HasOneImplicitDefWithKnownVT`.
    pub fn ctx_implicit_def_vt(&self, inst: &Instruction) -> Option<MvtId> {
        let first = *inst.implicit_defs.first()?;
        let vts = self.register_vts(first);
        match &vts[..] {
            [vt] if vt.is_simple() => vt.first().value.map(|v| v as MvtId),
            _ => None,
        }
    }

    /// `getRegisterValueType`: the first type of the first class the register is in.
    pub fn register_value_type(&self, reg: RecId) -> MvtId {
        let r = self.bank.register_of(reg);
        for rc in &self.bank.classes {
            if r.is_some_and(|r| rc.members.contains(&r)) {
                if let Some(v) = rc.value_types.first().and_then(|vt| vt.first().value) {
                    return v as MvtId;
                }
            }
        }
        self.table.other.unwrap_or(0)
    }

    /// `getQualifiedName`: `Namespace::Name`, or the name (also where `Namespace` is not a
    /// string).
    pub fn qualified_name(&self, def: RecId) -> String {
        tdq_models::target::qualified_name(self.input, def).unwrap_or_else(|_| self.f().name(def).to_string())
    }

    /// `numNodesThatMayLoadOrStore`.
    pub fn num_load_store_nodes(&self, n: &TreeNode) -> usize {
        let Some(op) = n.operator() else { return 0 };
        if !self.f().is_a(op, "Instruction") {
            return 0;
        }
        let fl = self.dag.flags.get(&op).copied().unwrap_or_default();
        usize::from(fl.may_load || fl.may_store)
            + n.children().iter().map(|c| self.num_load_store_nodes(c)).sum::<usize>()
    }

    /// `getResultPatternCost`.
    fn result_cost(&self, n: &TreeNode) -> u32 {
        let Some(op) = n.operator() else { return 0 };
        let mut cost = 0;
        if let Some(inst) = self.instructions.get_def(op) {
            cost += 1;
            if inst.flags.uses_custom_inserter {
                cost += 10;
            }
        }
        cost + n.children().iter().map(|c| self.result_cost(c)).sum::<u32>()
    }

    /// `getResultPatternSize`.
    fn result_size(&self, n: &TreeNode) -> i64 {
        let Some(op) = n.operator() else { return 0 };
        let mut size = 0;
        if self.f().is_a(op, "Instruction") {
            size += self.f().int(op, "CodeSize").unwrap_or(0);
        }
        size + n.children().iter().map(|c| self.result_size(c)).sum::<i64>()
    }
}

impl Backend for GenDagIsel {
    fn name(&self) -> &'static str {
        "gen-dag-isel"
    }
    fn help(&self) -> &'static str {
        "Generate a DAG instruction selector"
    }
    fn options(&self) -> &'static [&'static dyn AnyOption] {
        static OPTIONS: [&dyn AnyOption; 2] = [&OMIT_COMMENTS, &INSTRUMENT_COVERAGE];
        &OPTIONS
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<()> {
        let target = Target::get(input)?;
        let dag = DagPatterns::get(input)?;
        for d in &dag.diags.list {
            out.diags.push(d.clone());
        }
        let form = FORM.get(input.records.release);
        let nodes = SdNodes::get(input)?;
        let table = MvtTable::read(input)?;
        let instructions = Instructions::get(input)?;
        let bank = RegBank::get(input)?;
        let value_types = ValueTypes::get(input)?;
        let m = Model {
            input,
            dag: &dag,
            nodes: &nodes,
            table: &table,
            instructions: &instructions,
            bank: &bank,
            value_types: &value_types,
            intrinsic_nodes: IntrinsicNodes::find(input),
            glue: value_types.named("Glue").and_then(|g| g.value).map(|v| v as MvtId),
            form,
        };
        // LLVM computes the pattern model before its phases start.
        phases::start("Parse patterns");
        let mut s = String::new();
        source_file_header(&mut s, &format!("DAG Instruction Selector for the {} target", target.name), None);
        s.push_str(HEADER);
        let patterns = match form.hw_mode_types {
            HwModeTypes::Copies => &dag.patterns[..],
            HwModeTypes::Checked => dag.unexpanded(),
        };
        phases::start("Sort patterns");
        let sorted = sort_patterns(&m, patterns)?;
        phases::start("Convert to matchers");
        let mut matchers: Vec<List> = Vec::new();
        dag.with_context(input, |ctx| {
            for (i, p) in sorted.iter().enumerate() {
                for variant in 0..gen::MatcherGen::variants(&m, p) {
                    let g = gen::MatcherGen::new(&m, ctx, p, i).map_err(into_fatal)?;
                    match g.run(variant).map_err(into_fatal)? {
                        Some(list) => matchers.push(list),
                        None => break,
                    }
                }
            }
            Ok(())
        })?;
        let mut root = vec![Matcher::Scope(matchers)];
        phases::start("Optimize matchers");
        opt::optimize(&mut root, &m, &sorted);
        phases::start("Emit matcher table");
        s.push_str(PREAMBLE);
        emit::begin_function(&mut s, "void", "SelectCode(SDNode *N)", false);
        let mut table_emitter = emit::TableEmitter::new(
            &m,
            &root,
            &sorted,
            !options.get(&OMIT_COMMENTS),
            options.get(&INSTRUMENT_COVERAGE),
        )?;
        table_emitter.size_list(&root)?;
        match m.form.layout {
            Layout::V19 => s.push_str("{\n  // Some target values are emitted as 2 bytes, TARGET_VAL handles\n  // this.\n  #define TARGET_VAL(X) X & 255, unsigned(X) >> 8\n  static const unsigned char MatcherTable[] = {\n"),
            Layout::V22 | Layout::V23 => s.push_str("{\n  // Some target values are emitted as 2 bytes, TARGET_VAL handles\n  // this. Coverage indexes are emitted as 4 bytes,\n  // COVERAGE_IDX_VAL handles this.\n  #define TARGET_VAL(X) X & 255, unsigned(X) >> 8\n  #define COVERAGE_IDX_VAL(X) X & 255, (unsigned(X) >> 8) & 255, (unsigned(X) >> 16) & 255, (unsigned(X) >> 24) & 255\n  static const uint8_t MatcherTable[] = {\n"),
        }
        let size = table_emitter.emit_list(&root, 1, 0, &mut s)?;
        if m.form.layout.operand_lists() {
            s.push_str(&format!("  }}; // Total Array size is {size} bytes\n\n"));
            table_emitter.histogram(&mut s);
            s.push_str("  static const uint8_t OperandLists[] = {\n");
            table_emitter.operand_lists(&mut s);
            s.push_str("  };\n\n");
        } else {
            s.push_str(&format!("    0\n  }}; // Total Array size is {} bytes\n\n", size + 1));
            table_emitter.histogram(&mut s);
        }
        if m.form.layout.spaced_and_coverage() {
            s.push_str("  #undef COVERAGE_IDX_VAL\n");
        }
        s.push_str("  #undef TARGET_VAL\n");
        if m.form.layout.operand_lists() {
            s.push_str(
                "  SelectCodeCommon(N, MatcherTable, sizeof(MatcherTable),\n                   OperandLists);\n}\n",
            );
        } else {
            s.push_str("  SelectCodeCommon(N, MatcherTable, sizeof(MatcherTable));\n}\n");
        }
        emit::end_function(&mut s);
        table_emitter.predicate_functions(&mut s)?;
        table_emitter.value_type_function(&mut s);
        table_emitter.pattern_match_table(&mut s);
        s.push_str(TRAILER);
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}

fn into_fatal(e: BackendError) -> Fatal {
    match e {
        BackendError::Fatal(d) => Fatal(d),
        BackendError::Io(e) => Fatal::new(&[], e.to_string()),
    }
}

/// The patterns in the order they are tried (`PatternSortingPredicate`, a stable sort):
/// scalar integer results first (a result vector or floating point in some HW mode sorts as
/// one), then the larger complexity, the cheaper result, the smaller result, the earlier
/// pattern.
fn sort_patterns<'p>(m: &Model, patterns: &'p [PatternToMatch]) -> Result<Vec<&'p PatternToMatch>> {
    let cps = &m.dag.complex_patterns;
    let mut keyed = Vec::with_capacity(patterns.len());
    for p in patterns {
        let (mut is_vector, mut is_fp) = (false, false);
        if let Some(vt) = p.src.types.first().and_then(|t| t.value_type_by_hw_mode()) {
            for (_, t) in vt.modes() {
                let info = m.table.info(t);
                is_vector |= info.is_vector;
                is_fp |= info.is_fp;
            }
        }
        let complexity = p.complexity(m.input, cps, m.table);
        keyed.push(((is_vector, is_fp, -complexity, m.result_cost(&p.dst), m.result_size(&p.dst), p.id), p));
    }
    keyed.sort_by_key(|(key, _)| *key);
    Ok(keyed.into_iter().map(|(_, p)| p).collect())
}

const HEADER: &str = "// *** NOTE: This file is #included into the middle of the target
// *** instruction selector class.  These functions are really methods.

// If GET_DAGISEL_DECL is #defined with any value, only function
// declarations will be included when this file is included.
// If GET_DAGISEL_BODY is #defined, its value should be the name of
// the instruction selector class. Function bodies will be emitted
// and each function's name will be qualified with the name of the
// class.
//
// When neither of the GET_DAGISEL* macros is defined, the functions
// are emitted inline.

";

const PREAMBLE: &str = "#if defined(GET_DAGISEL_DECL) && defined(GET_DAGISEL_BODY)
#error GET_DAGISEL_DECL and GET_DAGISEL_BODY cannot be both defined, undef both for inline definitions
#endif

#ifdef GET_DAGISEL_BODY
#define LOCAL_DAGISEL_STRINGIZE(X) LOCAL_DAGISEL_STRINGIZE_(X)
#define LOCAL_DAGISEL_STRINGIZE_(X) #X
static_assert(sizeof(LOCAL_DAGISEL_STRINGIZE(GET_DAGISEL_BODY)) > 1,
   \"GET_DAGISEL_BODY is empty: it should be defined with the class name\");
#undef LOCAL_DAGISEL_STRINGIZE_
#undef LOCAL_DAGISEL_STRINGIZE
#endif

#if !defined(GET_DAGISEL_DECL) && !defined(GET_DAGISEL_BODY)
#define DAGISEL_INLINE 1
#else
#define DAGISEL_INLINE 0
#endif

#if !DAGISEL_INLINE
#define DAGISEL_CLASS_COLONCOLON GET_DAGISEL_BODY ::
#else
#define DAGISEL_CLASS_COLONCOLON
#endif

";

const TRAILER: &str = "
#ifdef DAGISEL_INLINE
#undef DAGISEL_INLINE
#endif
#ifdef DAGISEL_CLASS_COLONCOLON
#undef DAGISEL_CLASS_COLONCOLON
#endif
#ifdef GET_DAGISEL_DECL
#undef GET_DAGISEL_DECL
#endif
#ifdef GET_DAGISEL_BODY
#undef GET_DAGISEL_BODY
#endif
";
