//! The SelectionDAG patterns as `--gen-global-isel` imports them (LLVM's GlobalISelEmitter
//! `runOnPattern`): each pattern to match either becomes a selection rule or is skipped with
//! LLVM's reason, which `-warn-on-skipped-patterns` prints ("Skipped pattern: ...").
//!
//! The import walks the source pattern as `createAndImportSelDAGMatcher` and
//! `importChildMatcher` do (the `GINodeEquiv` of each operator, the result and operand type
//! checks, predicates, complex patterns, named operands) and the destination as the renderers
//! do (explicit defs and uses, default operands, sub-instructions, `EXTRACT_SUBREG`,
//! `REG_SEQUENCE`, `COPY_TO_REGCLASS`, implicit defs, the register classes the operands are
//! constrained to), keeping of each rule what decides whether a later step fails: the names
//! defined by the source, the complex patterns' sub-operands, whether the root checks
//! `HasNoUse`. The matchers and actions of a rule that is imported are not built yet
//! ([`Imported`] only marks it).

mod rules;

use super::llt::{Llt, LltKinds, ScalarKind};
use super::matchers::{Check, ImmType, OrderingComparator, RuleMatcher, SizeRelation};
use crate::patterns::complex_patterns::ComplexPatterns;
use crate::patterns::dag_patterns::{DagPatterns, PatternToMatch};
use crate::patterns::predicates::PredicateFn;
use crate::patterns::tree::{Leaf, NodeKind, TreeNode};
use crate::patterns::types::{MvtId, MvtTable, TypeSetByHwMode, ValueTypeByHwMode};
use crate::records::{derived_definitions, Fatal, Fields};
use crate::target::info_by_hw_mode::VtByMode;
use crate::target::instructions::{Instruction, Instructions};
use crate::target::registers::derived::SuperRegClassesBySize;
use crate::target::registers::{RegBank, RegisterInfo};
use std::cell::{Cell, OnceCell, RefCell};
use std::collections::{BTreeSet, HashMap, HashSet};
use std::sync::Arc;
use tdq_core::init::{Init, InitKind};
use tdq_core::types::RecId;
use tdq_core::{ByRelease, Evaluation};

/// What a release's import checks differently.
pub struct ImportForm {
    /// A leaf operand with predicates is matched by their `GISelLeafPredicateCode` (LLVM 22
    /// on); LLVM 19 skips any leaf with a predicate.
    pub leaf_predicates: bool,
    /// A `Metadata` operand needs no type check (LLVM 23).
    pub metadata_untyped: bool,
    /// `fp_to_[su]int_sat`'s width operand is dropped, and must be the result's (LLVM 23).
    pub saturation_width: bool,
    /// `REG_SEQUENCE`'s sub-register indices are checked against its class (LLVM 23).
    pub reg_sequence_subregs: bool,
    /// Patterns with `bf16` types are left out without a word (LLVM 22 on).
    pub skip_bfloat: bool,
    /// How the destination's operands are rendered.
    pub renderers: Renderers,
    /// When a sub-instruction's defs beyond its first are rendered.
    pub sub_instruction_defs: SubInstructionDefs,
    /// Which implicit defs of the built instructions are marked dead.
    pub dead_implicit_defs: DeadImplicitDefs,
    /// How a `COPY_TO_REGCLASS` sub-instruction is constrained.
    pub sub_copy_to_regclass: SubCopyToRegClass,
    /// Which class the register bank of an `EXTRACT_SUBREG` root's result is checked by.
    pub extract_subreg_root: ExtractSubregRoot,
    /// Which child of `SUBREG_TO_REG` is the sub-register source (the index follows it):
    /// 1 after the immediate LLVM 19 and 22 have, 0 from LLVM 23.
    pub subreg_to_reg_source: usize,
    /// Which predicates check the memory size against the type for `IsNonExtLoad` and
    /// `IsAnyExtLoad`.
    pub ext_load_checks: ExtLoadChecks,
    /// Where a load's or store's atomicity check (`CheckMMOIsAtomic`, `CheckMMOIsNonAtomic`)
    /// goes among the instruction's checks.
    pub mmo_atomicity: MmoAtomicity,
    /// How an `undef_tied_input` operand's `IMPLICIT_DEF` is built.
    pub undef_tied_input: UndefTiedInput,
    /// Which physical registers the source reads are copied to before the root.
    pub phys_reg_copies: PhysRegCopies,
}

/// Which physical register reads get a `COPY` into the register.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum PhysRegCopies {
    /// Each of the root's, in order, repeats too (LLVM 19's `getPhysRegInputs`).
    RootInputs,
    /// Each register the rule reads, once (LLVM 22's `physoperands`).
    RuleRegisters,
}

/// How the `IMPLICIT_DEF` of an `undef_tied_input` operand is built.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum UndefTiedInput {
    /// Its register rendered as a use, the later operands' instructions built before it
    /// (LLVM 19's `importDefaultOperandRenderers`).
    UseBeforeLater,
    /// Its register rendered as a def, the later operands' instructions built after it
    /// (LLVM 22's `importLeafNodeRenderer`).
    Def,
}

/// Where the atomicity of a load's or store's memory operand is checked.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum MmoAtomicity {
    /// After the node's predicates (LLVM 19).
    AfterPredicates,
    /// Right after the opcode (LLVM 22 on).
    AfterOpcode,
}

/// Which implicit defs of a rule's built instructions are dead.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum DeadImplicitDefs {
    /// Those no built instruction of the rule uses implicitly (LLVM 19's `postProcessRule`).
    UnlessUsed,
    /// All (LLVM 22 on: `importExplicitDefRenderers`).
    All,
}

/// The class an `EXTRACT_SUBREG` root's result is matched by.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum ExtractSubregRoot {
    /// The super-register operand's class: "a subregister is in the same bank as its super
    /// register" (LLVM 19).
    SuperRegister,
    /// The class of the sub-registers at the index (LLVM 22 on, as any result is inferred).
    SubRegister,
}

/// How a `COPY_TO_REGCLASS` that is not the root is constrained.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum SubCopyToRegClass {
    /// As any instruction, to its definition (LLVM 19: the `COPY`'s own operands).
    ToDefinition,
    /// Its result to the class (LLVM 22 on, as the root).
    ToClass,
}

/// When `createAndImportSubInstructionRenderer` renders a sub-instruction's other defs, which
/// decides where its operands' own instructions are built.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum SubInstructionDefs {
    /// Only when it has more than one (LLVM 19): otherwise its operands' instructions are
    /// built just before it.
    WhenSeveral,
    /// Always (LLVM 22 on): its operands' instructions are built before its result's
    /// temporary register.
    Always,
}

/// How a release renders the destination's operands, which decides the reasons it gives.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Renderers {
    /// LLVM 19's `importExplicitUseRenderer`, one child at a time, and
    /// `importDefaultOperandRenderers`; the destination's defs are its explicit ones.
    PerChild,
    /// LLVM 22's `importNodeRenderer` by the node's kind (named, leaf, transform,
    /// instruction), default operands rendered as nodes; implicit defs count as defs.
    ByNode,
}

pub const IMPORT_FORM: ByRelease<ImportForm> = ByRelease {
    v19: ImportForm {
        leaf_predicates: false,
        metadata_untyped: false,
        saturation_width: false,
        reg_sequence_subregs: false,
        skip_bfloat: false,
        renderers: Renderers::PerChild,
        sub_instruction_defs: SubInstructionDefs::WhenSeveral,
        dead_implicit_defs: DeadImplicitDefs::UnlessUsed,
        sub_copy_to_regclass: SubCopyToRegClass::ToDefinition,
        extract_subreg_root: ExtractSubregRoot::SuperRegister,
        subreg_to_reg_source: 1,
        ext_load_checks: ExtLoadChecks::Loads,
        mmo_atomicity: MmoAtomicity::AfterPredicates,
        undef_tied_input: UndefTiedInput::UseBeforeLater,
        phys_reg_copies: PhysRegCopies::RootInputs,
    },
    v22: ImportForm {
        leaf_predicates: true,
        metadata_untyped: false,
        saturation_width: false,
        reg_sequence_subregs: false,
        skip_bfloat: true,
        renderers: Renderers::ByNode,
        sub_instruction_defs: SubInstructionDefs::Always,
        dead_implicit_defs: DeadImplicitDefs::All,
        sub_copy_to_regclass: SubCopyToRegClass::ToClass,
        extract_subreg_root: ExtractSubregRoot::SubRegister,
        subreg_to_reg_source: 1,
        ext_load_checks: ExtLoadChecks::LoadsAndAtomics,
        mmo_atomicity: MmoAtomicity::AfterOpcode,
        undef_tied_input: UndefTiedInput::Def,
        phys_reg_copies: PhysRegCopies::RuleRegisters,
    },
    v23: ImportForm {
        leaf_predicates: true,
        metadata_untyped: true,
        saturation_width: true,
        reg_sequence_subregs: true,
        skip_bfloat: true,
        renderers: Renderers::ByNode,
        sub_instruction_defs: SubInstructionDefs::Always,
        dead_implicit_defs: DeadImplicitDefs::All,
        sub_copy_to_regclass: SubCopyToRegClass::ToClass,
        extract_subreg_root: ExtractSubregRoot::SubRegister,
        subreg_to_reg_source: 0,
        ext_load_checks: ExtLoadChecks::LoadsAndAtomics,
        mmo_atomicity: MmoAtomicity::AfterOpcode,
        undef_tied_input: UndefTiedInput::Def,
        phys_reg_copies: PhysRegCopies::RuleRegisters,
    },
};

/// What `addBuiltinPredicates` makes of a predicate.
enum Builtin {
    /// A check on the instruction's memory operand.
    Check(Check),
    /// Nothing to check: the opcode implies it.
    Implied,
    /// Not a builtin predicate.
    No,
}

/// Which predicates check a load's extension against its type.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum ExtLoadChecks {
    /// A load's (LLVM 19).
    Loads,
    /// A load's or an atomic's (LLVM 22 on).
    LoadsAndAtomics,
}

/// Why a pattern is not imported (`failedImport`'s text).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Skip(pub String);

fn skip<T>(reason: impl Into<String>) -> Result<T, Skip> {
    Err(Skip(reason.into()))
}

/// Why tdq builds no rule for a pattern LLVM imports: the form it does not build yet, and
/// the name (an opcode, a class) that makes it that form, where one does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NotBuilt {
    pub form: &'static str,
    pub name: &'static str,
}

impl NotBuilt {
    pub fn new(form: &'static str) -> NotBuilt {
        NotBuilt { form, name: "" }
    }

    pub fn named(form: &'static str, name: &'static str) -> NotBuilt {
        NotBuilt { form, name }
    }
}

impl std::fmt::Display for NotBuilt {
    fn fmt(&self, out: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self.name {
            "" => out.write_str(self.form),
            name => write!(out, "{} {name}", self.form),
        }
    }
}

/// A pattern the selector imports.
#[derive(Clone, Debug)]
pub struct Imported {
    /// The index of the pattern in [`DagPatterns::patterns`].
    pub pattern: usize,
    /// Its selection rule, or the form tdq does not build yet (see [`rules`]).
    pub rule: Result<RuleMatcher, NotBuilt>,
}

/// What one pattern's import has defined so far (the parts of LLVM's `RuleMatcher` that
/// decide later steps).
#[derive(Default)]
struct RuleState {
    /// `DefinedOperands`: the operands' symbolic names.
    defined: HashSet<String>,
    /// `ComplexSubOperands`: a sub-operand's name to its parent operand's name.
    complex_subs: HashMap<String, String>,
    /// The root instruction checks `HasNoUse`.
    root_no_use: bool,
    /// Operands still to be recorded for a predicate that reads its operands.
    waiting_for_named_operands: usize,
    /// The names of the source root's children (LLVM 19 renders a destination operand left
    /// untyped by the source child of its name).
    src_children: Vec<String>,
}

/// The intrinsic facts the import needs.
pub struct IntrinsicFacts {
    /// The name in the `Intrinsic::` enum.
    pub enum_name: &'static str,
    pub is_convergent: bool,
    /// Each parameter is a pointer (`isParamAPointer`).
    pub pointer_params: Vec<bool>,
    /// Each parameter is an `ImmArg` (`isParamImmArg`).
    pub imm_params: Vec<bool>,
}

/// The import of a target's patterns (`GlobalISelEmitter`'s state over a run).
pub struct Importer<'a> {
    pub input: &'a Evaluation,
    pub dag: &'a DagPatterns,
    pub table: &'a MvtTable,
    pub instructions: &'a Instructions,
    pub bank: &'a RegBank,
    pub complex_patterns: &'a ComplexPatterns,
    pub form: &'static ImportForm,
    /// Whether types tell integers from floating point (`-gisel-extended-llt`).
    pub llt_kinds: LltKinds,
    /// `TreePatternNode::print` (with the intrinsics' ids).
    pub print: &'a dyn Fn(&TreeNode) -> String,
    pub intrinsics: &'a dyn Fn(RecId) -> Option<IntrinsicFacts>,
    /// `GINodeEquiv` defs by their `Node`.
    node_equivs: HashMap<RecId, RecId>,
    /// `GIComplexPatternEquiv` defs by their `SelDAGEquivalent`.
    complex_equivs: HashMap<RecId, RecId>,
    /// `GISDNodeXFormEquiv` defs by their `SelDAGEquivalent`.
    xform_equivs: HashMap<RecId, RecId>,
    /// The register info with its derived classes, computed on first use.
    reg_info: OnceCell<Option<(Arc<RegisterInfo>, Vec<SuperRegClassesBySize>)>>,
    /// `KnownTypes`: the types of every type check and temporary register made so far, in
    /// the run's patterns whether imported or not.
    known_types: RefCell<BTreeSet<Llt>>,
    /// `RuleMatcher::NextRuleID`: each pattern imported or skipped takes one.
    next_rule_id: Cell<u64>,
}

/// A fragment's predicate as GlobalISel reads it (`TreePredicateFn`'s questions).
#[derive(Clone, Copy)]
struct Pred<'a> {
    f: Fields<'a>,
    frag: RecId,
}

impl Pred<'_> {
    fn is(&self, field: &str) -> bool {
        self.is_eq(field, true)
    }
    /// `isPredefinedPredicateEqualTo`: the bit is set, to `value`.
    fn is_eq(&self, field: &str, value: bool) -> bool {
        self.f.value(self.frag, field).is_some_and(|v| matches!(v.value.kind(), InitKind::Bit(b) if *b == value))
    }
    /// `isNonTruncStore`: `IsTruncStore` set to false.
    fn is_non_trunc_store(&self) -> bool {
        self.is_eq("IsTruncStore", false)
    }
    fn ordering(&self, (field, value, _): (&str, bool, &str)) -> bool {
        self.is_eq(field, value)
    }
    fn text(&self, field: &str) -> &'static str {
        self.f.value(self.frag, field).and_then(|v| v.value.as_str()).unwrap_or("")
    }
    fn def(&self, field: &str) -> Option<RecId> {
        self.f.value(self.frag, field).and_then(|v| v.value.as_def())
    }
    fn fn_(&self) -> PredicateFn<'_> {
        PredicateFn { input: self.f.input, frag: self.frag }
    }
    fn is_load(&self) -> bool {
        self.is("IsLoad")
    }
    fn is_store(&self) -> bool {
        self.is("IsStore")
    }
    fn is_atomic(&self) -> bool {
        self.is("IsAtomic")
    }
    fn is_memory(&self) -> bool {
        self.is_load() || self.is_store() || self.is_atomic()
    }
    fn is_immediate(&self) -> bool {
        self.fn_().has_imm_code()
    }
    fn is_always_true(&self) -> bool {
        self.fn_().is_always_true()
    }
    /// `getImmTypeIdentifier`: how the immediate code reads its value.
    fn imm_type(&self) -> ImmType {
        if self.is("IsAPInt") {
            ImmType::ApInt
        } else if self.is("IsAPFloat") {
            ImmType::ApFloat
        } else {
            ImmType::I64
        }
    }
    fn memory_vt(&self) -> Option<RecId> {
        self.def("MemoryVT")
    }
    fn address_spaces(&self) -> Option<&'static [Init]> {
        match self.f.value(self.frag, "AddressSpaces")?.value.kind() {
            InitKind::List(items, _) => Some(items),
            _ => None,
        }
    }
    fn min_alignment(&self) -> i64 {
        self.f.value(self.frag, "MinAlignment").and_then(|v| v.value.as_int()).unwrap_or(0)
    }
    fn has_gisel_code(&self) -> bool {
        !self.text("GISelPredicateCode").is_empty()
    }
    fn has_gisel_leaf_code(&self) -> bool {
        !self.text("GISelLeafPredicateCode").is_empty()
    }
    /// The atomic orderings a predicate may check: the bit, its value, and how
    /// `explainPredicates` names it.
    const ORDERINGS: [(&'static str, bool, &'static str); 9] = [
        ("IsAtomicOrderingMonotonic", true, "monotonic"),
        ("IsAtomicOrderingAcquire", true, "acquire"),
        ("IsAtomicOrderingRelease", true, "release"),
        ("IsAtomicOrderingAcquireRelease", true, "acq_rel"),
        ("IsAtomicOrderingSequentiallyConsistent", true, "seq_cst"),
        ("IsAtomicOrderingAcquireOrStronger", true, ">=acquire"),
        ("IsAtomicOrderingAcquireOrStronger", false, "<acquire"),
        ("IsAtomicOrderingReleaseOrStronger", true, ">=release"),
        ("IsAtomicOrderingReleaseOrStronger", false, "<release"),
    ];
    /// The `AtomicOrdering::` names of the first five orderings.
    const ORDERING_NAMES: [&'static str; 5] =
        ["Monotonic", "Acquire", "Release", "AcquireRelease", "SequentiallyConsistent"];
    fn any_ordering(&self) -> bool {
        Self::ORDERINGS.iter().any(|&o| self.ordering(o))
    }
}

/// `ValueTypeByHwMode`'s `==` between a register class's type and a node's.
fn same_vt(class_vt: &VtByMode, vt: &ValueTypeByHwMode) -> bool {
    let id = |m: &crate::target::value_types::Mvt| m.value.map(|v| v as MvtId);
    let class: Vec<(u32, Option<MvtId>)> = class_vt.iter().map(|(m, t)| (m, id(t))).collect();
    let node: Vec<(u32, Option<MvtId>)> = vt.modes().map(|(m, t)| (m, Some(t))).collect();
    class == node
}

/// `explainPredicates`.
fn explain_predicates(f: Fields, n: &TreeNode) -> String {
    let mut out = String::new();
    for (i, call) in n.predicates.iter().enumerate() {
        let p = Pred { f, frag: call.frag };
        if i > 0 {
            out.push_str(", ");
        }
        out.push_str(f.name(call.frag));
        let mut flag = |cond: bool, text: &str| {
            if cond {
                out.push(' ');
                out.push_str(text);
            }
        };
        flag(p.is_always_true(), "always-true");
        flag(p.is_immediate(), "immediate");
        flag(p.is("IsUnindexed"), "unindexed");
        flag(p.is("IsNonExtLoad"), "non-extload");
        flag(p.is("IsAnyExtLoad"), "extload");
        flag(p.is("IsSignExtLoad"), "sextload");
        flag(p.is("IsZeroExtLoad"), "zextload");
        flag(p.is_non_trunc_store(), "non-truncstore");
        flag(p.is("IsTruncStore"), "truncstore");
        if let Some(vt) = p.memory_vt() {
            out.push_str(&format!(" MemVT={}", f.name(vt)));
        }
        if let Some(vt) = p.def("ScalarMemoryVT") {
            out.push_str(&format!(" ScalarVT(MemVT)={}", f.name(vt)));
        }
        if let Some(spaces) = p.address_spaces() {
            let ints: Vec<String> = spaces.iter().filter_map(|v| v.as_int()).map(|v| v.to_string()).collect();
            out.push_str(&format!(" AddressSpaces=[{}]", ints.join(", ")));
        }
        let align = p.min_alignment();
        if align > 0 {
            out.push_str(&format!(" MinAlign={align}"));
        }
        for o in Pred::ORDERINGS {
            if p.ordering(o) {
                let text = o.2;
                out.push(' ');
                out.push_str(text);
            }
        }
    }
    out
}

/// `isTrivialOperatorNode`: the node's predicates are all ones GlobalISel can check.
fn trivial_operator(f: Fields, n: &TreeNode) -> Result<(), String> {
    for call in &n.predicates {
        let p = Pred { f, frag: call.frag };
        let supported = p.is_always_true()
            || p.is_immediate()
            || p.is("HasNoUse")
            || p.is("HasOneUse")
            || p.is("IsNonExtLoad")
            || p.is("IsAnyExtLoad")
            || p.is("IsSignExtLoad")
            || p.is("IsZeroExtLoad")
            || p.is_non_trunc_store()
            || p.is("IsTruncStore")
            || ((p.is_load() || p.is_store()) && p.memory_vt().is_some())
            || ((p.is_load() || p.is_store()) && p.is("IsUnindexed"))
            || (p.is_memory() && (p.address_spaces().is_some_and(|l| !l.is_empty()) || p.min_alignment() > 0))
            || (p.is_atomic() && p.memory_vt().is_some())
            || (p.is_atomic() && p.any_ordering())
            || p.has_gisel_code();
        if !supported {
            return Err(format!("Has a predicate ({}), first-failing:{}", explain_predicates(f, n), f.name(call.frag)));
        }
    }
    Ok(())
}

/// `explainOperator`.
fn explain_operator(f: Fields, op: RecId) -> String {
    let name = f.name(op);
    if f.is_a(op, "SDNode") {
        return format!(" ({})", f.string(op, "Opcode").unwrap_or(""));
    }
    if f.is_a(op, "Intrinsic") {
        return format!(" (Operator is an Intrinsic, {name})");
    }
    if f.is_a(op, "ComplexPattern") {
        return format!(" (Operator is an unmapped ComplexPattern, {name})");
    }
    if f.is_a(op, "SDNodeXForm") {
        return format!(" (Operator is an unmapped SDNodeXForm, {name})");
    }
    format!(" (Operator {name} not understood)")
}

fn equivs(input: &Evaluation, class: &str, field: &str) -> Result<HashMap<RecId, RecId>, Fatal> {
    let f = Fields { input };
    let mut map = HashMap::new();
    let Ok(defs) = derived_definitions(input, class) else { return Ok(map) };
    for &def in defs.iter() {
        if let Some(key) = f.value(def, field).and_then(|v| v.value.as_def()) {
            map.insert(key, def);
        }
    }
    Ok(map)
}

impl<'a> Importer<'a> {
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        input: &'a Evaluation,
        dag: &'a DagPatterns,
        table: &'a MvtTable,
        instructions: &'a Instructions,
        bank: &'a RegBank,
        print: &'a dyn Fn(&TreeNode) -> String,
        intrinsics: &'a dyn Fn(RecId) -> Option<IntrinsicFacts>,
        llt_kinds: LltKinds,
    ) -> Result<Importer<'a>, Fatal> {
        Ok(Importer {
            input,
            dag,
            table,
            instructions,
            bank,
            complex_patterns: &dag.complex_patterns,
            form: IMPORT_FORM.get(input.records.release),
            llt_kinds,
            print,
            intrinsics,
            node_equivs: equivs(input, "GINodeEquiv", "Node")?,
            complex_equivs: equivs(input, "GIComplexPatternEquiv", "SelDAGEquivalent")?,
            xform_equivs: equivs(input, "GISDNodeXFormEquiv", "SelDAGEquivalent")?,
            reg_info: OnceCell::new(),
            known_types: RefCell::default(),
            next_rule_id: Cell::new(0),
        })
    }

    fn f(&self) -> Fields<'a> {
        Fields { input: self.input }
    }

    /// Whether the run leaves the pattern out without a word: `GISelShouldIgnore`, or (22 on)
    /// a `bf16` type in its source.
    pub fn ignored(&self, p: &PatternToMatch) -> bool {
        let f = self.f();
        if f.is_a(p.src_record, "Pattern") && f.bit(p.src_record, "GISelShouldIgnore").unwrap_or(false) {
            return true;
        }
        self.form.skip_bfloat && self.llt_kinds == LltKinds::SizeOnly && self.has_bfloat(&p.src)
    }

    fn has_bfloat(&self, n: &TreeNode) -> bool {
        let is_bf16 = |t: MvtId| {
            let info = self.table.info(t);
            let scalar = if info.is_vector { info.element.map(|e| self.table.info(e)) } else { Some(info) };
            scalar.is_some_and(|s| s.name == "bf16")
        };
        n.types.iter().any(|t| t.machine_value_type().is_some_and(is_bf16))
            || n.children().iter().any(|c| self.has_bfloat(c))
    }

    /// `MVTToLLT`: with `-gisel-extended-llt`, integers and floating point differ.
    fn llt(&self, t: MvtId) -> Option<Llt> {
        self.llt_of_kinds(t, self.llt_kinds)
    }

    /// `MVTToGenericLLT`: by size only.
    fn generic_llt(&self, t: MvtId) -> Option<Llt> {
        self.llt_of_kinds(t, LltKinds::SizeOnly)
    }

    fn llt_of_kinds(&self, t: MvtId, kinds: LltKinds) -> Option<Llt> {
        let kind = |info: &crate::patterns::types::MvtInfo| match kinds {
            LltKinds::SizeOnly => ScalarKind::Any,
            LltKinds::Extended if info.is_fp => ScalarKind::Float(super::llt::fp_semantics(info.name)),
            LltKinds::Extended => ScalarKind::Integer,
        };
        let info = self.table.info(t);
        if info.is_vector {
            let elem = self.table.info(info.element?);
            let elem_bits = u32::try_from(elem.size).ok()?;
            let count = u32::try_from(info.num_elements).ok()?;
            if count > 1 || info.is_scalable {
                return Some(Llt::Vector { scalable: info.is_scalable, count, elem_bits, elem: kind(&elem) });
            }
            return Some(Llt::Scalar { bits: elem_bits, kind: kind(&elem) });
        }
        if info.is_integer || info.is_fp {
            return Some(Llt::Scalar { bits: u32::try_from(info.size).ok()?, kind: kind(&info) });
        }
        None
    }

    /// `shouldUseGenericTypeForInstruction` under `-gisel-extended-llt`: the instruction's
    /// operands are checked by shape (`GISelMatchGenericTypes`).
    fn matches_generic_types(&self, gi: Option<&Instruction>) -> bool {
        self.llt_kinds == LltKinds::Extended
            && gi.is_some_and(|gi| self.f().bit(gi.def, "GISelMatchGenericTypes").unwrap_or(false))
    }

    /// `addTypeCheckPredicateForOpcode`'s failures: an operand of `gi` of a type that is no
    /// pointer is checked by shape where `gi` matches generic types.
    fn type_check(
        &self,
        ty: &TypeSetByHwMode,
        operand_is_pointer: bool,
        gi: Option<&Instruction>,
    ) -> Result<(), String> {
        let Some(t) = ty.machine_value_type() else { return Err("unsupported typeset".into()) };
        if !operand_is_pointer && ty.ptr_addr_space().is_none() && self.matches_generic_types(gi) {
            if let Some(shape) = self.generic_llt(t) {
                self.known_types.borrow_mut().insert(shape);
                return Ok(());
            }
        }
        if operand_is_pointer && (Some(t) == self.table.iptr || Some(t) == self.table.cptr) {
            return Ok(());
        }
        if self.form.metadata_untyped && self.table.name(t) == "Metadata" {
            return Ok(());
        }
        match self.llt(t) {
            // A pointer operand is checked by its size, which no type object names.
            Some(_) if operand_is_pointer => Ok(()),
            Some(llt) => {
                self.known_types.borrow_mut().insert(self.typed_llt(ty, llt));
                Ok(())
            }
            None => Err("unsupported type".into()),
        }
    }

    /// The type an operand of type `ty` is checked to have: a pointer of its size where the
    /// type is a pointer's (`LLT::pointer`), else the type's `llt`.
    fn typed_llt(&self, ty: &TypeSetByHwMode, llt: Llt) -> Llt {
        match ty.ptr_addr_space() {
            Some(address_space) => Llt::Pointer { address_space, bits: llt.size_in_bits() as u32 },
            None => llt,
        }
    }

    /// The types met so far (`KnownTypes`), sorted.
    pub fn known_types(&self) -> Vec<Llt> {
        self.known_types.borrow().iter().copied().collect()
    }

    /// `MakeTempRegisterAction` of a type: it is known from then on.
    fn temp_register(&self, llt: Llt) {
        self.known_types.borrow_mut().insert(llt);
    }

    fn instruction(&self, def: RecId) -> Option<&'a Instruction> {
        self.instructions.get_def(def)
    }

    fn instruction_named(&self, name: &str) -> Option<&'a Instruction> {
        self.instructions.all.iter().find(|i| i.name == name)
    }

    /// `runOnPattern`: the pattern's rule, or why it is skipped.
    pub fn run_on_pattern(&self, index: usize, p: &PatternToMatch) -> Result<Imported, Skip> {
        let f = self.f();
        let rule_id = self.next_rule_id.get();
        self.next_rule_id.set(rule_id + 1);
        let mut rule = RuleState::default();
        let (src, dst) = (&p.src, &p.dst);
        if let Err(e) = trivial_operator(f, dst) {
            return skip(format!("Dst pattern root isn't a trivial operator ({e})"));
        }
        if let Err(e) = trivial_operator(f, src) {
            return skip(format!("Src pattern root isn't a trivial operator ({e})"));
        }
        if !src.name.is_empty() {
            // The root instruction matcher's name is no operand's.
        }
        rule.src_children = src.children().iter().map(|c| c.name.to_string()).collect();
        self.import_src(&mut rule, src, true)?;
        if dst.is_leaf() {
            if self.reg_class_of_leaf(dst).is_some() {
                rule.defined.insert("dst".into());
                return Ok(Imported { pattern: index, rule: self.build_rule(rule_id, p) });
            }
            return skip("Dst pattern root isn't a known leaf");
        }
        let Some(dst_op) = dst.operator() else { return skip("Dst pattern root isn't a known leaf") };
        if !f.is_a(dst_op, "Instruction") {
            return skip("Pattern operator isn't an instruction");
        }
        let Some(dst_i) = self.instruction(dst_op) else { return skip("Pattern operator isn't an instruction") };
        let dst_exp_defs = dst_i.operands.num_defs as usize;
        let dst_num_defs = match self.form.renderers {
            Renderers::PerChild => dst_exp_defs,
            Renderers::ByNode => dst_i.implicit_defs.len() + dst_exp_defs,
        };
        let src_num_defs = src.types.len();
        if dst_num_defs < src_num_defs {
            if dst_num_defs != 0 {
                return skip(format!(
                    "Src pattern result has more defs than dst MI ({src_num_defs} def(s) vs {dst_num_defs} def(s))"
                ));
            }
            if !rule.root_no_use {
                return skip(format!(
                    "Src pattern result has {src_num_defs} def(s) without the HasNoUse predicate set to true but Dst MI has no def"
                ));
            }
        }
        for i in 0..dst_exp_defs.min(src_num_defs) {
            rule.defined.insert(format!("DstI[{}]", dst_i.operands.operands[i].name));
            let super_register = self.form.extract_subreg_root == ExtractSubregRoot::SuperRegister;
            if super_register && dst_i.name == "EXTRACT_SUBREG" && self.root_def_class(dst, i).is_none() {
                return skip("Could not infer class for EXTRACT_SUBREG operand #0");
            }
            if self.root_def_class(dst, i).is_none() {
                return skip(format!(
                    "Could not infer register class for result #{i} from pattern {}",
                    (self.print)(dst)
                ));
            }
        }
        self.instruction_renderer(&rule, dst, true)?;
        if !p.dst_regs.is_empty() {
            return skip("Pattern defines a physical register");
        }
        self.constrain_operands(dst)?;
        Ok(Imported { pattern: index, rule: self.build_rule(rule_id, p) })
    }

    /// The node's `GINodeEquiv` instruction (`getEquivNode`).
    fn equiv_instruction(&self, equiv: RecId, n: &TreeNode) -> Option<&'a Instruction> {
        let f = self.f();
        let alt = |field: &str| f.value(equiv, field).and_then(|v| v.value.as_def());
        if let (Some(fp), Some(child)) = (alt("IfFloatingPoint"), n.children().first()) {
            if child.types.first().and_then(|t| t.machine_value_type()).is_some_and(|t| self.table.is_fp(t)) {
                return self.instruction(fp);
            }
        }
        if let Some(conv) = alt("IfConvergent") {
            let convergent = match &n.kind {
                NodeKind::Op { intrinsic: Some(i), .. } => (self.intrinsics)(*i).is_some_and(|i| i.is_convergent),
                _ => false,
            };
            if convergent {
                return self.instruction(conv);
            }
        }
        let (mut any_ext_load, mut trunc_store) = (false, false);
        let is_fp_vt = |vt: RecId| f.bit(vt, "isFP").unwrap_or(false) || self.vt_is_fp_vector(vt);
        for call in &n.predicates {
            let p = Pred { f, frag: call.frag };
            any_ext_load |= p.is("IsAnyExtLoad");
            trunc_store |= p.is("IsTruncStore");
            let load_like = p.is_load() || p.is_atomic();
            if let Some(i) = alt("IfSignExtend").filter(|_| load_like && p.is("IsSignExtLoad")) {
                return self.instruction(i);
            }
            if let Some(i) = alt("IfZeroExtend").filter(|_| load_like && p.is("IsZeroExtLoad")) {
                return self.instruction(i);
            }
            if let Some(i) =
                alt("IfFPExtend").filter(|_| load_like && any_ext_load && p.memory_vt().is_some_and(is_fp_vt))
            {
                return self.instruction(i);
            }
            if let Some(i) = alt("IfFPTrunc")
                .filter(|_| (p.is_store() || p.is_atomic()) && trunc_store && p.memory_vt().is_some_and(is_fp_vt))
            {
                return self.instruction(i);
            }
        }
        self.instruction(alt("I")?)
    }

    fn vt_is_fp_vector(&self, vt: RecId) -> bool {
        let f = self.f();
        f.bit(vt, "isVector").unwrap_or(false)
            && f.def(vt, "ElementType").is_ok_and(|e| f.bit(e, "isFP").unwrap_or(false))
    }

    /// `getMemSizeBitsFromPredicate`: the memory type's size rounded up to bytes.
    fn mem_size_bits(&self, vt: RecId) -> Option<u64> {
        // FIXME: the selector does not read -gisel-extended-llt yet (types by size only).
        let llt = super::llt::llt_of_value_type(self.input, vt, LltKinds::SizeOnly)?;
        Some(llt.size_in_bits().div_ceil(8) * 8)
    }

    /// `addBuiltinPredicates`: the check a predicate adds, or its failure.
    fn builtin_predicate(&self, equiv: Option<RecId>, p: Pred) -> Result<Builtin, Skip> {
        let f = self.f();
        let mem_size = |vt: RecId| match self.mem_size_bits(vt) {
            Some(bits) => Ok(Builtin::Check(Check::MemorySize { mmo: 0, size: bits / 8 })),
            None => skip("MemVT could not be converted to LLT"),
        };
        let vs_llt = |relation| Builtin::Check(Check::MemoryVsLltSize { mmo: 0, relation, op: 0 });
        if p.is_memory() {
            if let Some(spaces) = p.address_spaces() {
                let mut parsed = Vec::new();
                for v in spaces {
                    let Some(space) = v.as_int() else { return skip("Address space is not an integer") };
                    parsed.push(space as u64);
                }
                if !parsed.is_empty() {
                    return Ok(Builtin::Check(Check::MemoryAddressSpace { mmo: 0, spaces: parsed }));
                }
            }
            let min_align = p.min_alignment();
            if min_align > 0 {
                return Ok(Builtin::Check(Check::MemoryAlignment { mmo: 0, min_align }));
            }
        }
        let ext_load = match self.form.ext_load_checks {
            ExtLoadChecks::Loads => p.is_load(),
            ExtLoadChecks::LoadsAndAtomics => p.is_load() || p.is_atomic(),
        };
        if ext_load && p.is("IsNonExtLoad") {
            return Ok(vs_llt(SizeRelation::EqualTo));
        }
        if ext_load && p.is("IsAnyExtLoad") {
            return Ok(vs_llt(SizeRelation::LessThan));
        }
        if p.is_store() && p.is("IsTruncStore") {
            return match p.memory_vt() {
                // FIXME (LLVM's): with a memory type, the size is checked twice.
                Some(vt) => mem_size(vt),
                None => Ok(vs_llt(SizeRelation::LessThan)),
            };
        }
        // A non-truncating store checks the sizes match, and needs nothing more.
        if p.is_store() && p.is_non_trunc_store() {
            return Ok(vs_llt(SizeRelation::EqualTo));
        }
        let unset = |field: &str| equiv.is_none_or(|e| f.value(e, field).is_none_or(|v| v.value.is_unset()));
        // The opcode already says the extension.
        if !unset("IfSignExtend") && p.is("IsSignExtLoad") {
            return Ok(Builtin::Implied);
        }
        if !unset("IfZeroExtend") && p.is("IsZeroExtLoad") {
            return Ok(Builtin::Implied);
        }
        if p.is_non_trunc_store() {
            return Ok(Builtin::Implied);
        }
        if p.is_memory() {
            if let Some(vt) = p.memory_vt() {
                return mem_size(vt);
            }
        }
        // A `G_LOAD` or `G_STORE` is unindexed.
        if (p.is_load() || p.is_store()) && p.is("IsUnindexed") {
            return Ok(Builtin::Implied);
        }
        let ordering = |order, comparator| Ok(Builtin::Check(Check::AtomicOrdering { order, comparator }));
        if p.is_atomic() {
            for (&o, order) in Pred::ORDERINGS[..5].iter().zip(Pred::ORDERING_NAMES) {
                if p.ordering(o) {
                    return ordering(order, OrderingComparator::Equal);
                }
            }
        }
        let comparators = [
            ("Acquire", OrderingComparator::OrStronger),
            ("Acquire", OrderingComparator::WeakerThan),
            ("Release", OrderingComparator::OrStronger),
            ("Release", OrderingComparator::WeakerThan),
        ];
        for (&o, (order, comparator)) in Pred::ORDERINGS[5..].iter().zip(comparators) {
            if p.ordering(o) {
                return ordering(order, comparator);
            }
        }
        Ok(Builtin::No)
    }

    /// `createAndImportSelDAGMatcher`.
    fn import_src(&self, rule: &mut RuleState, src: &TreeNode, is_root: bool) -> Result<(), Skip> {
        let f = self.f();
        let mut equiv = None;
        let mut gi: Option<&Instruction> = None;
        match &src.kind {
            NodeKind::Leaf(Leaf::Value(v)) if v.as_int().is_some() => {}
            NodeKind::Leaf(_) => return skip("Unable to deduce gMIR opcode to handle Src (which is a leaf)"),
            NodeKind::Op { op, .. } => {
                let Some(&e) = self.node_equivs.get(op) else {
                    return skip(format!(
                        "Pattern operator lacks an equivalent Instruction{}",
                        explain_operator(f, *op)
                    ));
                };
                equiv = Some(e);
                gi = self.equiv_instruction(e, src);
            }
        }
        for (i, ty) in src.types.iter().enumerate() {
            let pointer = gi.is_some_and(|g| self.out_operand_is_pointer(g, i));
            if let Err(e) = self.type_check(ty, pointer, gi) {
                return skip(format!("{e} for result of Src pattern operator"));
            }
        }
        for call in &src.predicates {
            let p = Pred { f, frag: call.frag };
            if p.is_always_true() {
                continue;
            }
            if p.is_immediate() {
                continue;
            }
            let mut added = !matches!(self.builtin_predicate(equiv, p)?, Builtin::No);
            if p.is("HasNoUse") {
                if is_root {
                    rule.root_no_use = true;
                }
                added = true;
            }
            if p.is("HasOneUse") {
                added = true;
            }
            if p.has_gisel_code() {
                if p.fn_().uses_operands() {
                    let args = self.dag.fragments.args(call.frag).len();
                    rule.waiting_for_named_operands = args;
                }
                continue;
            }
            if !added {
                return skip(format!("Src pattern child has predicate ({})", explain_predicates(f, src)));
            }
        }
        let Some(gi) = gi else { return Ok(()) };
        if matches!(gi.name, "G_CONSTANT" | "G_FCONSTANT" | "G_FRAME_INDEX") {
            return Ok(());
        }
        if gi.name == "G_BLOCK_ADDR" {
            if !src.name.is_empty() {
                rule.defined.insert(src.name.to_string());
            }
            return Ok(());
        }
        let children = src.children();
        let mut num_children = children.len();
        if matches!(gi.name, "G_FCMP" | "G_ICMP") && num_children > 0 {
            let child = &children[num_children - 1];
            if child.is_leaf() {
                let cc = child.leaf_def().filter(|&d| f.is_a(d, "CondCode"));
                let Some(cc) = cc else { return skip("Unable to handle CondCode") };
                if !child.name.is_empty() {
                    self.define(rule, child.name);
                }
                let field = if gi.name == "G_FCMP" { "FCmpPredicate" } else { "ICmpPredicate" };
                if !f.string(cc, field).unwrap_or("").is_empty() {
                    num_children -= 1;
                }
            }
        }
        if self.form.saturation_width && matches!(gi.name, "G_FPTOSI_SAT" | "G_FPTOUI_SAT") && num_children > 0 {
            let sat = &children[num_children - 1];
            let vt = sat.leaf_def().filter(|&d| f.is_a(d, "ValueType"));
            let Some(vt) = vt else { return skip("Expected ValueType saturation-width operand") };
            let scalar_bits = |t: MvtId| {
                let info = self.table.info(t);
                if info.is_vector {
                    info.element.map_or(0, |e| self.table.info(e).size)
                } else {
                    info.size
                }
            };
            let sat_bits = self.dag_value_type(vt).map(scalar_bits);
            let res_bits = src.types.first().and_then(|t| t.machine_value_type()).map(scalar_bits);
            if sat_bits != res_bits {
                return skip("Saturation width must match the result width");
            }
            num_children -= 1;
        }
        let is_intrinsic = is_intrinsic_opcode(gi.name);
        let intrinsic = match &src.kind {
            NodeKind::Op { intrinsic: Some(i), .. } => (self.intrinsics)(*i),
            _ => None,
        };
        if is_intrinsic && intrinsic.is_none() {
            return skip("Expected IntInit containing intrinsic ID)");
        }
        for (i, child) in children[..num_children].iter().enumerate() {
            let mut imm_arg = self.in_operand_is_imm_arg(gi, i);
            let mut pointer = self.in_operand_is_pointer(gi, i);
            if is_intrinsic {
                if i == 0 {
                    if !child.name.is_empty() {
                        self.define(rule, child.name);
                    }
                    continue;
                }
                if let Some(ii) = &intrinsic {
                    pointer |= ii.pointer_params.get(i - 1).copied().unwrap_or(false);
                    imm_arg |= ii.imm_params.get(i - 1).copied().unwrap_or(false);
                }
            }
            self.import_child(rule, child, gi, pointer, imm_arg)?;
        }
        Ok(())
    }

    /// `getValueType`: the MVT a `ValueType` def stands for (by its `Value` in LLVM 19, its
    /// `LLVMName` later, where defs have no `Value`).
    fn dag_value_type(&self, vt: RecId) -> Option<MvtId> {
        let types = crate::target::value_types::ValueTypes::get(self.input).ok()?;
        let value = types.of(self.input, vt).ok()?.value?;
        MvtId::try_from(value).ok()
    }

    /// `defineOperand`: whether the name was already defined (a same-operand check).
    fn define(&self, rule: &mut RuleState, name: &str) -> bool {
        !rule.defined.insert(name.to_string())
    }

    /// `isOperandImpl`: the `i`th argument of the instruction's operand list `list` is a
    /// `TypedOperand` with the bit `property`.
    fn operand_property(&self, gi: &Instruction, list: &str, i: usize, property: &str) -> bool {
        let f = self.f();
        let Some(value) = f.value(gi.def, list) else { return false };
        let InitKind::Dag(_, _, args) = value.value.kind() else { return false };
        let Some(def) = args.get(i).and_then(|a| a.0.as_def()) else { return false };
        f.is_a(def, "TypedOperand") && f.bit(def, property).unwrap_or(false)
    }

    fn out_operand_is_pointer(&self, gi: &Instruction, i: usize) -> bool {
        self.operand_property(gi, "OutOperandList", i, "IsPointer")
    }

    fn in_operand_is_pointer(&self, gi: &Instruction, i: usize) -> bool {
        self.operand_property(gi, "InOperandList", i, "IsPointer")
    }

    fn in_operand_is_imm_arg(&self, gi: &Instruction, i: usize) -> bool {
        self.operand_property(gi, "InOperandList", i, "IsImmediate")
    }

    /// `importChildMatcher`.
    fn import_child(
        &self,
        rule: &mut RuleState,
        child: &TreeNode,
        gi: &Instruction,
        pointer: bool,
        imm_arg: bool,
    ) -> Result<(), Skip> {
        let f = self.f();
        let mut name = child.name.to_string();
        if name.is_empty() && child.is_leaf() {
            if let Some(d) = child.leaf_def().filter(|&d| f.is_a(d, "Register")) {
                name = f.name(d).to_string();
            }
        }
        let complex_op = child.operator().filter(|&op| f.is_a(op, "ComplexPattern"));
        if let Some(op) = complex_op {
            let mut pattern_name = f.name(op).to_string();
            for c in child.children() {
                pattern_name.push(':');
                pattern_name.push_str(c.name);
            }
            name = pattern_name;
        }
        if !name.is_empty() && self.define(rule, &name) {
            return Ok(());
        }
        if child.types.len() != 1 {
            return skip("Src pattern child has multiple results");
        }
        if let Some(op) = child.operator() {
            match f.name(op) {
                "bb" => return Ok(()),
                "timm" => return Ok(()),
                _ => {}
            }
        } else if let Some(d) = child.leaf_def() {
            if f.is_a(d, "ValueType") && child.name.is_empty() {
                return Ok(());
            }
        }
        if !imm_arg {
            if let Err(e) = self.type_check(&child.types[0], pointer, Some(gi)) {
                return skip(format!("{e} for Src operand ({})", (self.print)(child)));
            }
        }
        if rule.waiting_for_named_operands > 0 && !child.pred_args.is_empty() {
            rule.waiting_for_named_operands -= 1;
        }
        if let Some(op) = child.operator() {
            if let Some(op) = complex_op {
                if !self.complex_equivs.contains_key(&op) {
                    return skip(format!("SelectionDAG ComplexPattern ({}) not mapped to GlobalISel", f.name(op)));
                }
                for sub in child.children() {
                    if sub.name.is_empty() {
                        continue;
                    }
                    match rule.complex_subs.get(sub.name) {
                        Some(parent) if *parent != name => {
                            return skip(format!(
                                "Error: Complex suboperand {} referenced by different operands: {parent} and {name}.",
                                sub.name
                            ));
                        }
                        Some(_) => {}
                        None => {
                            rule.complex_subs.insert(sub.name.to_string(), name.clone());
                        }
                    }
                }
                return Ok(());
            }
            let _ = op;
            return self.import_src(rule, child, false);
        }
        if !child.predicates.is_empty() {
            if !self.form.leaf_predicates {
                return skip("Src pattern child has unsupported predicate");
            }
            for call in &child.predicates {
                if !(Pred { f, frag: call.frag }).has_gisel_leaf_code() {
                    return skip("Src pattern child has unsupported predicate");
                }
            }
            return Ok(());
        }
        let NodeKind::Leaf(Leaf::Value(v)) = &child.kind else {
            return skip("Src pattern child is an unsupported kind");
        };
        if v.as_int().is_some() {
            return Ok(());
        }
        let Some(d) = v.as_def() else { return skip("Src pattern child is an unsupported kind") };
        if f.is_a(d, "RegisterClassLike") || f.is_a(d, "RegisterClass") || f.is_a(d, "RegisterOperand") {
            return Ok(());
        }
        if f.is_a(d, "Register") {
            let Some(reg) = self.bank.register_of(d) else {
                return skip("Could not determine physical register class of pattern source");
            };
            let vt = child.types[0].value_type_by_hw_mode();
            let found = self.bank.classes.iter().any(|rc| {
                rc.contains(reg) && vt.as_ref().is_none_or(|vt| rc.value_types.iter().any(|t| same_vt(t, vt)))
            });
            if !found {
                return skip("Could not determine physical register class of pattern source");
            }
            return Ok(());
        }
        if f.is_a(d, "ValueType") {
            return Ok(());
        }
        if f.is_a(d, "ComplexPattern") {
            if !self.complex_equivs.contains_key(&d) {
                return skip(format!("SelectionDAG ComplexPattern ({}) not mapped to GlobalISel", f.name(d)));
            }
            return Ok(());
        }
        if f.is_a(d, "ImmLeaf") {
            return skip("Src pattern child def is an unsupported tablegen class (ImmLeaf)");
        }
        match f.name(d) {
            "srcvalue" => return Ok(()),
            "immAllOnesV" | "immAllZerosV" => {
                // A type by HW mode is checked as its own set.
                if let Err(e) = self.type_check(&child.types[0], false, None) {
                    return skip(format!("{e} for result of Src pattern operator"));
                }
                return Ok(());
            }
            _ => {}
        }
        skip("Src pattern child def is an unsupported tablegen class")
    }

    /// `getInitValueAsRegClass` of a leaf (a `RegClassByHwMode` as its first mode's class).
    fn reg_class_of_leaf(&self, n: &TreeNode) -> Option<usize> {
        let d = n.leaf_def()?;
        self.reg_class_of_def(d)
    }

    fn reg_class_of_def(&self, d: RecId) -> Option<usize> {
        let f = self.f();
        let d = if f.is_a(d, "RegisterOperand") { f.def(d, "RegClass").ok()? } else { d };
        if f.is_a(d, "RegisterClass") {
            return self.bank.class_of(d);
        }
        if f.is_a(d, "RegClassByHwMode") {
            let target = crate::target::Target::get(self.input).ok()?;
            let classes =
                crate::target::info_by_hw_mode::reg_class_by_mode(self.input, self.bank, &target.hw_modes, d).ok()?;
            return classes.iter().next().map(|(_, &c)| c);
        }
        None
    }

    /// `inferRegClassFromPattern`.
    fn reg_class_from_pattern(&self, n: &TreeNode) -> Option<usize> {
        if n.is_leaf() {
            return self.reg_class_of_leaf(n);
        }
        if n.types.is_empty() {
            return None;
        }
        let op = n.operator()?;
        if !self.f().is_a(op, "Instruction") {
            return None;
        }
        self.reg_class_from_instruction_pattern(n, 0)
    }

    /// `getMatchingSubClassWithSubRegs`'s pair (the super class's sub-class with the index,
    /// the class of its sub-registers), by the register info's computation.
    fn matching_sub_class(&self, rc: usize, sub_idx: usize) -> Option<(usize, usize)> {
        let (info, by_size) = self
            .reg_info
            .get_or_init(|| {
                let info = RegisterInfo::get(self.input).ok()?;
                let by_size = info.super_reg_classes_by_size();
                Some((info, by_size))
            })
            .as_ref()?;
        info.matching_sub_classes(rc, by_size).get(sub_idx).copied().flatten()
    }

    fn sub_reg_index_of(&self, n: &TreeNode) -> Option<usize> {
        if !n.is_leaf() {
            return None;
        }
        self.bank.sub_reg_index_of(n.leaf_def()?)
    }

    /// The class the root's result `res` is matched by: as any instruction's result, but
    /// an `EXTRACT_SUBREG`'s by release.
    fn root_def_class(&self, dst: &TreeNode, res: usize) -> Option<usize> {
        let inst = self.instruction(dst.operator()?)?;
        match self.form.extract_subreg_root {
            ExtractSubregRoot::SuperRegister if inst.name == "EXTRACT_SUBREG" => {
                self.reg_class_from_pattern(dst.children().first()?)
            }
            ExtractSubregRoot::SuperRegister | ExtractSubregRoot::SubRegister => {
                self.reg_class_from_instruction_pattern(dst, res)
            }
        }
    }

    /// `inferRegClassFromInstructionPattern`.
    fn reg_class_from_instruction_pattern(&self, n: &TreeNode, res: usize) -> Option<usize> {
        let f = self.f();
        let inst = self.instruction(n.operator()?)?;
        let children = n.children();
        match inst.name {
            "REG_SEQUENCE" => return children.first().filter(|c| c.is_leaf()).and_then(|c| self.reg_class_of_leaf(c)),
            "COPY_TO_REGCLASS" => {
                return children.get(1).filter(|c| c.is_leaf()).and_then(|c| self.reg_class_of_leaf(c))
            }
            "INSERT_SUBREG" => {
                return self
                    .reg_class_from_pattern(children.first()?)
                    .or_else(|| self.super_register_class(n.types.first(), children.get(2)?));
            }
            "EXTRACT_SUBREG" => {
                let super_rc = self.reg_class_from_pattern(children.first()?)?;
                let idx = self.sub_reg_index_of(children.get(1)?)?;
                return self.matching_sub_class(super_rc, idx).map(|(_, sub)| sub);
            }
            "SUBREG_TO_REG" => {
                return self.super_register_class(n.types.first(), children.get(self.form.subreg_to_reg_source + 1)?)
            }
            _ => {}
        }
        let op = inst.operands.operands.get(res)?;
        let rec = op.rec;
        if f.is_a(rec, "RegisterOperand") || f.is_a(rec, "RegClassByHwMode") || f.is_a(rec, "RegisterClass") {
            return self.reg_class_of_def(rec);
        }
        None
    }

    /// `createAndImportInstructionRenderer` and the sub-instruction renderers: only their
    /// failures.
    fn instruction_renderer(&self, rule: &RuleState, dst: &TreeNode, is_root: bool) -> Result<(), Skip> {
        let f = self.f();
        let Some(op) = dst.operator() else { return skip("Pattern operator isn't an instruction") };
        if !f.is_a(op, "Instruction") {
            if f.is_a(op, "ValueType") {
                return skip("Pattern operator isn't an instruction (it's a ValueType)");
            }
            return skip("Pattern operator isn't an instruction");
        }
        let Some(orig) = self.instruction(op) else { return skip("Pattern operator isn't an instruction") };
        let dst_i = match orig.name {
            "COPY_TO_REGCLASS" | "EXTRACT_SUBREG" => self.instruction_named("COPY").unwrap_or(orig),
            _ => orig,
        };
        self.explicit_def_renderers(rule, dst_i, dst, is_root)?;
        self.explicit_use_renderers(rule, orig, dst_i, dst)?;
        if !is_root {
            self.constrain_operands(dst)?;
        }
        Ok(())
    }

    fn explicit_def_renderers(
        &self,
        rule: &RuleState,
        dst_i: &Instruction,
        dst: &TreeNode,
        is_root: bool,
    ) -> Result<(), Skip> {
        let f = self.f();
        let first = if is_root { 0 } else { 1 };
        for i in first..dst_i.operands.num_defs as usize {
            let info = &dst_i.operands.operands[i];
            if is_root && rule.defined.contains(&format!("DstI[{}]", info.name)) {
                continue;
            }
            if f.is_a(info.rec, "OptionalDefOperand") {
                for op in self.dag.default_operands.get(&info.rec).map(Vec::as_slice).unwrap_or(&[]) {
                    let NodeKind::Leaf(Leaf::Value(v)) = &op.kind else { return skip("optional def is not a leaf") };
                    let Some(reg) = v.as_def() else { return skip("optional def is not a record") };
                    if !f.is_a(reg, "Register") && f.name(reg) != "zero_reg" {
                        return skip("optional def is not a register");
                    }
                }
                continue;
            }
            let Some(t) = dst.types.get(i).and_then(|t| t.machine_value_type()) else {
                return skip("unsupported typeset");
            };
            let Some(llt) = self.llt(t) else { return skip("unsupported type") };
            self.temp_register(llt);
        }
        Ok(())
    }

    fn operand_has_default(&self, rec: RecId) -> bool {
        self.dag.default_operands.get(&rec).is_some_and(|ops| !ops.is_empty())
    }

    fn explicit_use_renderers(
        &self,
        rule: &RuleState,
        orig: &Instruction,
        dst_i: &Instruction,
        dst: &TreeNode,
    ) -> Result<(), Skip> {
        let f = self.f();
        let children = dst.children();
        let mut expected = children.len();
        if orig.name == "EXTRACT_SUBREG" {
            let (Some(val), Some(idx)) = (children.first(), children.get(1)) else {
                return skip("EXTRACT_SUBREG child #1 is not a leaf");
            };
            if !idx.is_leaf() {
                return skip("EXTRACT_SUBREG child #1 is not a leaf");
            }
            let Some(sub) = idx.leaf_def().and_then(|d| self.bank.sub_reg_index_of(d)) else {
                return skip("EXTRACT_SUBREG child #1 is not a subreg index");
            };
            if !val.is_leaf() {
                self.inst_result_type(val)?;
                return self.instruction_renderer(rule, val, false);
            }
            let Some(rc) = self.reg_class_of_leaf(val) else {
                return skip("EXTRACT_SUBREG child #0 could not be coerced to a register class");
            };
            if let Some((sub_rc, _)) = self.matching_sub_class(rc, sub) {
                if sub_rc != rc {
                    return skip("EXTRACT_SUBREG requires an additional COPY");
                }
            }
            return Ok(());
        }
        if orig.name == "REG_SEQUENCE" {
            let Some(first) = children.first().filter(|c| c.is_leaf()) else {
                return skip("REG_SEQUENCE child #0 is not a leaf");
            };
            if self.reg_class_of_leaf(first).is_none() {
                return skip("REG_SEQUENCE child #0 could not be coerced to a register class");
            }
            if !expected.wrapping_sub(1).is_multiple_of(2) {
                return skip("Malformed REG_SEQUENCE");
            }
            let mut i = 1;
            while i + 1 < expected + 1 && i < children.len() {
                let val = &children[i];
                if let Some(sub) = children.get(i + 1) {
                    if sub.leaf_def().is_some() {
                        self.operand_renderer(rule, val)?;
                    }
                }
                i += 2;
            }
            return Ok(());
        }
        let num_defs = orig.operands.num_defs as usize;
        let mut num_uses = orig.operands.operands.len() - num_defs;
        if orig.name == "COPY_TO_REGCLASS" {
            num_uses -= 1;
            expected -= 1;
        }
        let fixed = dst_i.operands.operands.len();
        let mut non_overridable = fixed;
        while non_overridable > num_defs && self.operand_has_default(dst_i.operands.operands[non_overridable - 1].rec) {
            non_overridable -= 1;
        }
        let mut child = 0;
        let mut num_default = 0;
        for i in 0..num_uses {
            let inst_op = dst_i.operands.num_defs as usize + i;
            let Some(operand) = dst_i.operands.operands.get(inst_op) else { break };
            if self.operand_has_default(operand.rec) && (inst_op < non_overridable || child >= children.len()) {
                for op in &self.dag.default_operands[&operand.rec] {
                    match self.form.renderers {
                        Renderers::PerChild => self.default_operand_renderer(op)?,
                        Renderers::ByNode => self.node_renderer(rule, op)?,
                    }
                }
                num_default += 1;
                continue;
            }
            let Some(c) = children.get(child) else { break };
            self.operand_renderer(rule, c)?;
            child += 1;
        }
        let _ = f;
        if num_default + expected != num_uses {
            return skip(format!(
                "Expected {num_uses} used operands but found {expected} explicit ones and {num_default} default ones"
            ));
        }
        Ok(())
    }

    /// `getInstResultType`.
    fn inst_result_type(&self, n: &TreeNode) -> Result<(), Skip> {
        let inst = n.operator().and_then(|op| self.instruction(op));
        if inst.is_none_or(|i| i.operands.num_defs == 0) {
            return skip("Dst pattern child needs a def");
        }
        let Some(ty) = n.types.first() else { return skip("Dst pattern child has no result") };
        let Some(t) = ty.machine_value_type() else { return skip("Dst operand has an unsupported type") };
        let Some(llt) = self.llt(t) else { return skip("Dst operand has an unsupported type") };
        self.temp_register(llt);
        Ok(())
    }

    /// A destination operand's renderer, as the release makes it.
    fn operand_renderer(&self, rule: &RuleState, n: &TreeNode) -> Result<(), Skip> {
        match self.form.renderers {
            Renderers::PerChild => self.child_renderer(rule, n),
            Renderers::ByNode => self.node_renderer(rule, n),
        }
    }

    /// LLVM 19's `importDefaultOperandRenderers`: only its failures.
    fn default_operand_renderer(&self, n: &TreeNode) -> Result<(), Skip> {
        let NodeKind::Leaf(Leaf::Value(v)) = &n.kind else { return skip("Could not add default op") };
        if let Some(d) = v.as_def() {
            if self.f().name(d) == "undef_tied_input" {
                if let Some(llt) = n.types.first().and_then(|t| t.machine_value_type()).and_then(|t| self.llt(t)) {
                    self.temp_register(llt);
                }
            }
            return Ok(());
        }
        if v.as_int().is_some() {
            return Ok(());
        }
        skip("Could not add default op")
    }

    /// LLVM 19's `importExplicitUseRenderer`: only its failures.
    fn child_renderer(&self, rule: &RuleState, n: &TreeNode) -> Result<(), Skip> {
        let f = self.f();
        if rule.complex_subs.contains_key(n.name) {
            return Ok(());
        }
        if let Some(op) = n.operator() {
            if f.is_a(op, "SDNodeXForm") {
                if self.xform_equivs.contains_key(&op) {
                    return Ok(());
                }
                let child = n.children().first().map_or("", |c| c.name);
                return skip(format!("SDNodeXForm {child} has no custom renderer"));
            }
            if f.is_a(op, "SDNode") && f.string(op, "SDClass").is_ok_and(|c| c == "BasicBlockSDNode") {
                return Ok(());
            }
            if matches!(f.name(op), "timm" | "tframeindex" | "imm" | "fpimm") {
                return Ok(());
            }
            if f.is_a(op, "Instruction") {
                self.inst_result_type(n)?;
                return self.instruction_renderer(rule, n, false);
            }
            return skip(format!("Dst pattern child isn't a leaf node or an MBB{}", (self.print)(n)));
        }
        let NodeKind::Leaf(Leaf::Value(v)) = &n.kind else {
            return skip("Dst pattern child is an unsupported kind");
        };
        if v.as_int().is_some() {
            return Ok(());
        }
        if let Some(d) = v.as_def() {
            if n.types.len() != 1 {
                return skip("Dst pattern child has multiple results");
            }
            if n.types[0].machine_value_type().and_then(|t| self.llt(t)).is_none() {
                return skip("Dst operand has an unsupported type");
            }
            if f.is_a(d, "Register")
                || f.is_a(d, "RegisterClass")
                || f.is_a(d, "RegisterOperand")
                || f.is_a(d, "ValueType")
                || f.is_a(d, "SubRegIndex")
            {
                return Ok(());
            }
            if f.is_a(d, "ComplexPattern") {
                if !self.complex_equivs.contains_key(&d) {
                    return skip("SelectionDAG ComplexPattern not mapped to GlobalISel");
                }
                return Ok(());
            }
            return skip("Dst pattern child def is an unsupported tablegen class");
        }
        if v.is_unset() && rule.src_children.iter().any(|c| c == n.name) {
            return Ok(());
        }
        skip("Dst pattern child is an unsupported kind")
    }

    /// `importNodeRenderer`: only its failures.
    fn node_renderer(&self, rule: &RuleState, n: &TreeNode) -> Result<(), Skip> {
        let f = self.f();
        if !n.name.is_empty() {
            let name: &str = n.name;
            if rule.complex_subs.contains_key(name) {
                return Ok(());
            }
            if let Some(op) = n.operator() {
                return match f.name(op) {
                    "imm" | "fpimm" | "bb" | "timm" | "tframeindex" => Ok(()),
                    _ => skip(format!("node has unsupported operator {}", (self.print)(n))),
                };
            }
            if let Some(d) = n.leaf_def() {
                if n.types.len() != 1 {
                    return skip(format!("node does not have one result {}", (self.print)(n)));
                }
                if f.is_a(d, "ComplexPattern") {
                    if !self.complex_equivs.contains_key(&d) {
                        return skip(format!("ComplexPattern {} does not have GISel equivalent", f.name(d)));
                    }
                    return Ok(());
                }
                if f.is_a(d, "RegisterClassLike")
                    || f.is_a(d, "RegisterClass")
                    || f.is_a(d, "RegisterOperand")
                    || f.is_a(d, "ValueType")
                {
                    return Ok(());
                }
            }
            if !rule.defined.contains(name) {
                return skip(format!("could not find node ${name} in the source DAG"));
            }
            if matches!(&n.kind, NodeKind::Leaf(Leaf::Value(v)) if v.is_unset()) {
                return Ok(());
            }
            return skip(format!("unsupported node {}", (self.print)(n)));
        }
        match &n.kind {
            NodeKind::Leaf(Leaf::Value(v)) => {
                if v.as_int().is_some() {
                    return Ok(());
                }
                if let Some(d) = v.as_def() {
                    if f.is_a(d, "Register") || f.name(d) == "zero_reg" || f.is_a(d, "SubRegIndex") {
                        return Ok(());
                    }
                    if f.name(d) == "undef_tied_input" {
                        let t = n.types.first().and_then(|t| t.machine_value_type());
                        let Some(llt) = t.and_then(|t| self.llt(t)) else { return skip("unsupported type") };
                        self.temp_register(llt);
                        return Ok(());
                    }
                }
                skip(format!("unrecognized node {}", (self.print)(n)))
            }
            NodeKind::Leaf(Leaf::IntrinsicId(_)) => skip(format!("unrecognized node {}", (self.print)(n))),
            NodeKind::Op { op, .. } => {
                if f.is_a(*op, "SDNodeXForm") {
                    if !self.xform_equivs.contains_key(op) {
                        return skip(format!("SDNodeXForm {} does not have GISel equivalent", f.name(*op)));
                    }
                    return Ok(());
                }
                if f.is_a(*op, "Instruction") {
                    self.inst_result_type(n)?;
                    return self.instruction_renderer(rule, n, false);
                }
                skip(format!("unrecognized node {}", (self.print)(n)))
            }
        }
    }

    /// `inferSuperRegisterClass` (LLVM's `getSuperRegForSubReg`, allocatable classes only):
    /// whether a class's sub-class with the index holds the type.
    fn super_register_class(&self, ty: Option<&TypeSetByHwMode>, idx_node: &TreeNode) -> Option<usize> {
        let ty = ty?;
        if !ty.is_value_type_by_hw_mode(false) {
            return None;
        }
        let idx = self.sub_reg_index_of(idx_node)?;
        let vt = ty.value_type_by_hw_mode()?;
        self.bank.classes.iter().find_map(|rc| {
            let sub = *rc.sub_class_with_sub_reg.get(&idx)?;
            let sub_rc = &self.bank.classes[sub];
            (sub_rc.allocatable && sub_rc.value_types.iter().any(|t| same_vt(t, &vt))).then_some(sub)
        })
    }

    /// `constrainOperands`: only its failures.
    fn constrain_operands(&self, dst: &TreeNode) -> Result<(), Skip> {
        let Some(inst) = dst.operator().and_then(|op| self.instruction(op)) else { return Ok(()) };
        let children = dst.children();
        match inst.name {
            "COPY_TO_REGCLASS" if children.get(1).and_then(|c| self.reg_class_of_leaf(c)).is_none() => {
                return skip("COPY_TO_REGCLASS operand #1 isn't a register class");
            }
            "EXTRACT_SUBREG" => {
                let Some(super_rc) = children.first().and_then(|c| self.reg_class_from_pattern(c)) else {
                    return skip("Cannot infer register class from EXTRACT_SUBREG operand #0");
                };
                let Some(idx) = children.get(1).and_then(|c| self.sub_reg_index_of(c)) else {
                    return skip("EXTRACT_SUBREG child #1 is not a subreg index");
                };
                if self.matching_sub_class(super_rc, idx).is_none() {
                    return skip("subreg index is incompatible with inferred reg class");
                }
            }
            "INSERT_SUBREG" => {
                if children.get(1).and_then(|c| self.reg_class_from_pattern(c)).is_none() {
                    return skip("Cannot infer register class from INSERT_SUBREG operand #1");
                }
                let super_rc = children
                    .first()
                    .and_then(|c| self.reg_class_from_pattern(c))
                    .or_else(|| children.get(2).and_then(|c| self.super_register_class(dst.types.first(), c)));
                if super_rc.is_none() {
                    return skip("Cannot infer register class for INSERT_SUBREG operand #0");
                }
            }
            "SUBREG_TO_REG" => {
                let source = self.form.subreg_to_reg_source;
                if children.get(source).and_then(|c| self.reg_class_from_pattern(c)).is_none() {
                    return skip(format!("Cannot infer register class from SUBREG_TO_REG child #{source}"));
                }
                if children.get(source + 1).and_then(|c| self.super_register_class(dst.types.first(), c)).is_none() {
                    return skip("Cannot infer register class for SUBREG_TO_REG operand #0");
                }
            }
            "REG_SEQUENCE" if self.form.reg_sequence_subregs => {
                let super_rc = children.first().and_then(|c| self.reg_class_from_pattern(c));
                let mut i = 1;
                while i < children.len() {
                    let Some(idx) = children.get(i + 1).and_then(|c| self.sub_reg_index_of(c)) else {
                        return skip("REG_SEQUENCE child is not a subreg index");
                    };
                    if super_rc.and_then(|rc| self.matching_sub_class(rc, idx)).is_none() {
                        return skip("REG_SEQUENCE subreg index is incompatible with inferred reg class");
                    }
                    i += 2;
                }
            }
            _ => {}
        }
        Ok(())
    }
}

/// Whether a generic opcode is one of the `G_INTRINSIC*` family, whose first operand after the
/// defs is the intrinsic's id.
pub(crate) fn is_intrinsic_opcode(name: &str) -> bool {
    matches!(
        name,
        "G_INTRINSIC"
            | "G_INTRINSIC_W_SIDE_EFFECTS"
            | "G_INTRINSIC_CONVERGENT"
            | "G_INTRINSIC_CONVERGENT_W_SIDE_EFFECTS"
    )
}
