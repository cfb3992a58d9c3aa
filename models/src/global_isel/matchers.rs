//! The matchers a GlobalISel match table is built from (LLVM's `Common/GlobalISel` Matchers):
//! predicates on instructions and operands, instruction and rule matchers with their actions,
//! and the rule-level optimisation that sorts rules and hoists shared first conditions into
//! groups and switches (`optimizeRuleset`, `GroupMatcher`, `SwitchMatcher`). Built by
//! `--gen-global-isel-combiner` from combine rules ([`super::combine`]) and meant for
//! `--gen-global-isel`'s selection rules too; the table's bytes are the backends'.

use super::llt::{Llt, LltOrder, LLT_ORDER};
use std::cmp::Ordering;
use std::collections::VecDeque;
use tdq_core::types::RecId;
use tdq_core::ByRelease;

/// An instruction an opcode check names, with its value in the target's enum.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opcode {
    pub def: RecId,
    pub name: &'static str,
    pub namespace: &'static str,
    /// `Target.getInstrIntValue`; none for an instruction outside the target's enum.
    pub value: Option<u32>,
    /// Whether the instruction's operand list is variadic.
    pub is_variadic: bool,
}

/// How `GIM_CheckNumOperands*` compares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NumOperandsCheck {
    Eq,
    Le,
    Ge,
}

/// What a predicate checks (`PredicateMatcher`'s subclasses). Only the kinds the builders
/// make so far; the order of [`PredicateKind`] is LLVM's priority.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Check {
    /// `InstructionOpcodeMatcher`: the instruction is one of these (the first is canonical).
    Opcode(Vec<Opcode>),
    /// `InstructionNumOperandsMatcher`.
    NumOperands(NumOperandsCheck, u32),
    /// `GenericInstructionPredicateMatcher`: a C++ predicate, by its enum name.
    GenericCxx(String),
    /// `MIFlagsInstructionPredicateMatcher`: the flags (`MachineInstr::` names) are all set,
    /// or with `not`, none is.
    MiFlags { flags: Vec<&'static str>, not: bool },
    /// `LLTOperandMatcher`: the operand has this type; `id` is its index among the run's
    /// known types (`TypeIDValues`), given by [`number_types`] once the rules are built.
    Llt { ty: Llt, id: Option<u32> },
    /// `LLTOperandShapeMatcher`: the operand's type has this element count and scalar size
    /// (`ty` by size only; `id` as [`Check::Llt`]'s).
    LltShape { ty: Llt, id: Option<u32> },
    /// `ConstantIntOperandMatcher`: a register defined by a constant of this value.
    ConstantInt(i64),
    /// `LiteralIntOperandMatcher`: an immediate operand of this value.
    LiteralInt(i64),
    /// `SameOperandMatcher`: the same operand as another one, by instruction and index;
    /// `name` is the operand name they share (`MatchingName`, part of its identity).
    SameOperand { other_insn: u32, other_op: u32, name: String, ignore_copies: bool },
    /// `IntrinsicIDOperandMatcher`: the intrinsic, by its enum name (`Intrinsic::...`).
    IntrinsicId(String),
    /// `RecordRegisterType`: records the operand's type as a temporary type (negative).
    RecordRegType(i32),
    /// `RegisterBankOperandMatcher`: the operand's bank is the register class's (its enum
    /// value's name, `MyTarget::GPR32RegClassID`).
    RegBankForClass(String),
    /// `InstructionOperandMatcher`: the operand's register is defined by an instruction
    /// that this matcher checks (recorded as `State.MIs[insn_var]`).
    Instruction { insn: Box<InstructionMatcher>, ignore_copies: bool },
    /// `InstructionImmPredicateMatcher`: a constant instruction's value satisfies a
    /// fragment's `ImmediateCode`, tested as its kind of value.
    ImmPredicate { ty: ImmType, name: String },
    /// `OperandImmPredicateMatcher`: an immediate operand satisfies a fragment's
    /// `ImmediateCode`.
    OperandImmPredicate { ty: ImmType, name: String },
    /// `OperandLeafPredicateMatcher`: a leaf operand satisfies a fragment's
    /// `GISelLeafPredicateCode` (its function's name).
    LeafPredicate(String),
    /// `ImmOperandMatcher`: the operand is an immediate.
    Imm,
    /// `MBBOperandMatcher`: the operand is a basic block.
    Mbb,
    /// `PointerToAnyOperandMatcher`: a pointer of this size (0: of any size).
    PointerToAny(u64),
    /// `AtomicOrderingMMOPredicateMatcher`: the memory operand's ordering (an
    /// `AtomicOrdering::` name) compared.
    AtomicOrdering { order: &'static str, comparator: OrderingComparator },
    /// `MemorySizePredicateMatcher`: the memory operand's size in bytes.
    MemorySize { mmo: u32, size: u64 },
    /// `MemoryVsLLTSizePredicateMatcher`: the memory operand's size against an operand's type.
    MemoryVsLltSize { mmo: u32, relation: SizeRelation, op: u32 },
    /// `MemoryAddressSpacePredicateMatcher`: the memory operand is in one of the spaces.
    MemoryAddressSpace { mmo: u32, spaces: Vec<u64> },
    /// `MemoryAlignmentPredicateMatcher`: the memory operand is aligned to at least this.
    MemoryAlignment { mmo: u32, min_align: i64 },
    /// `NoUsePredicateMatcher`: the instruction's result has no use.
    NoUse,
    /// `OneUsePredicateMatcher`: the instruction's result has one use.
    OneUse,
    /// `ComplexPatternOperandMatcher`: the operand matches a complex pattern (its
    /// `GIComplexOperandMatcher` def's name), whose renderers are kept as `renderer`.
    ComplexPattern { renderer: u32, matcher: String },
    /// `CmpPredicateOperandMatcher`: the comparison's predicate (a `CmpInst::` name).
    CmpPredicate(&'static str),
    /// `VectorSplatImmPredicateMatcher`: a build vector of all ones, or of all zeros.
    VectorSplat { all_ones: bool },
}

/// How `AtomicOrderingMMOPredicateMatcher` compares (`AOComparator`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OrderingComparator {
    Equal,
    OrStronger,
    WeakerThan,
}

/// `MemoryVsLLTSizePredicateMatcher::RelationKind`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SizeRelation {
    EqualTo,
    GreaterThan,
    LessThan,
}

/// How an immediate predicate reads its value (`getImmTypeIdentifier`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImmType {
    I64,
    ApInt,
    ApFloat,
}

impl ImmType {
    pub fn identifier(self) -> &'static str {
        match self {
            ImmType::I64 => "I64",
            ImmType::ApInt => "APInt",
            ImmType::ApFloat => "APFloat",
        }
    }

    /// `getEnumNameForPredicate` of an immediate predicate's function.
    pub fn enum_name(self, fn_name: &str) -> String {
        format!("GICXXPred_{}_{fn_name}", self.identifier())
    }
}

/// `PredicateMatcher::PredicateKind`: the kinds in priority order (higher first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum PredicateKind {
    Opcode,
    NumOperands,
    ImmPredicate,
    AtomicOrderingMmo,
    MemoryLltSize,
    MemoryVsLltSize,
    MemoryAddressSpace,
    MemoryAlignment,
    VectorSplatImm,
    NoUse,
    OneUse,
    GenericPredicate,
    MiFlags,
    OperandLeafPredicate,
    OperandImmPredicate,
    OperandImm,
    SameOperand,
    ComplexPattern,
    IntrinsicId,
    CmpPredicate,
    Instruction,
    Int,
    LiteralInt,
    Llt,
    LltShape,
    PointerToAny,
    RegBank,
    Mbb,
    RecordNamedOperand,
    RecordRegType,
}

/// One predicate: what it checks, on which instruction (`InsnVarID`) and, for an operand
/// predicate, which operand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Predicate {
    pub insn: u32,
    pub op_idx: Option<u32>,
    pub check: Check,
}

impl Predicate {
    pub fn kind(&self) -> PredicateKind {
        match self.check {
            Check::Opcode(_) => PredicateKind::Opcode,
            Check::NumOperands(..) => PredicateKind::NumOperands,
            Check::GenericCxx(_) => PredicateKind::GenericPredicate,
            Check::MiFlags { .. } => PredicateKind::MiFlags,
            Check::Llt { .. } => PredicateKind::Llt,
            Check::LltShape { .. } => PredicateKind::LltShape,
            Check::ConstantInt(_) => PredicateKind::Int,
            Check::LiteralInt(_) => PredicateKind::LiteralInt,
            Check::SameOperand { .. } => PredicateKind::SameOperand,
            Check::IntrinsicId(_) => PredicateKind::IntrinsicId,
            Check::RecordRegType(_) => PredicateKind::RecordRegType,
            Check::RegBankForClass(_) => PredicateKind::RegBank,
            Check::Instruction { .. } => PredicateKind::Instruction,
            Check::ImmPredicate { .. } => PredicateKind::ImmPredicate,
            Check::OperandImmPredicate { .. } => PredicateKind::OperandImmPredicate,
            Check::LeafPredicate(_) => PredicateKind::OperandLeafPredicate,
            Check::Imm => PredicateKind::OperandImm,
            Check::Mbb => PredicateKind::Mbb,
            Check::PointerToAny(_) => PredicateKind::PointerToAny,
            Check::AtomicOrdering { .. } => PredicateKind::AtomicOrderingMmo,
            Check::MemorySize { .. } => PredicateKind::MemoryLltSize,
            Check::MemoryVsLltSize { .. } => PredicateKind::MemoryVsLltSize,
            Check::MemoryAddressSpace { .. } => PredicateKind::MemoryAddressSpace,
            Check::MemoryAlignment { .. } => PredicateKind::MemoryAlignment,
            Check::NoUse => PredicateKind::NoUse,
            Check::OneUse => PredicateKind::OneUse,
            Check::ComplexPattern { .. } => PredicateKind::ComplexPattern,
            Check::CmpPredicate(_) => PredicateKind::CmpPredicate,
            Check::VectorSplat { .. } => PredicateKind::VectorSplatImm,
        }
    }

    /// The nested instruction an `InstructionOperandMatcher` checks.
    pub fn nested_insn(&self) -> Option<&InstructionMatcher> {
        match &self.check {
            Check::Instruction { insn, .. } => Some(insn),
            _ => None,
        }
    }

    /// Whether this checks a nested `G_CONSTANT` (`isConstantInstruction`).
    fn is_constant_insn(&self) -> bool {
        self.nested_insn().is_some_and(|im| {
            let ops = im.opcodes();
            ops.len() == 1 && ops[0].name == "G_CONSTANT"
        })
    }

    /// `OperandPredicateMatcher::isHigherPriorityThan` and its `InstructionOperandMatcher`
    /// override: a nested instruction over an integer, except a `G_CONSTANT`.
    fn operand_is_higher_priority_than(&self, other: &Predicate, form: &OptimizeForm) -> bool {
        let base = |a: &Predicate, b: &Predicate| {
            let (a_insn, b_insn) = (a.nested_insn().is_some(), b.nested_insn().is_some());
            let (a_const, b_const) = (a.is_constant_insn(), b.is_constant_insn());
            let is_int = |p: &Predicate| matches!(p.kind(), PredicateKind::Int | PredicateKind::LiteralInt);
            if a_insn && b_insn {
                return !a_const && b_const;
            }
            if a_const && is_int(b) {
                return false;
            }
            if b_const && is_int(a) {
                return true;
            }
            a.kind() < b.kind()
        };
        if base(self, other) {
            return true;
        }
        if base(other, self) {
            return false;
        }
        match (self.nested_insn(), other.nested_insn()) {
            (Some(a), Some(b)) => a.is_higher_priority_than(b, form) == Some(true),
            _ => false,
        }
    }

    /// `dependsOnRecordedOperands`: C++ predicates run after every other check.
    pub fn depends_on_recorded_operands(&self) -> bool {
        self.kind() == PredicateKind::GenericPredicate
    }

    /// `isIdentical`.
    pub fn is_identical(&self, other: &Predicate, form: &OptimizeForm) -> bool {
        let same_operand = self.insn == other.insn && self.op_idx == other.op_idx;
        match (&self.check, &other.check) {
            (Check::SameOperand { name: a, .. }, Check::SameOperand { name: b, .. })
                if form.same_operand_identity == SameOperandIdentity::Name =>
            {
                same_operand && a == b
            }
            (
                Check::SameOperand { other_insn: a_insn, other_op: a_op, .. },
                Check::SameOperand { other_insn: b_insn, other_op: b_op, .. },
            ) => same_operand && a_insn == b_insn && a_op == b_op,
            // Each complex pattern is matched on its own, never shared.
            (Check::ComplexPattern { .. }, _) => false,
            _ => self == other,
        }
    }

    /// The value a switch on this predicate dispatches by (`getValue`), if it has one.
    pub fn value(&self) -> Option<i64> {
        match &self.check {
            Check::Opcode(insts) if insts.len() == 1 => insts[0].value.map(i64::from),
            Check::Llt { id, .. } | Check::LltShape { id, .. } => id.map(i64::from),
            _ => None,
        }
    }

    /// `isIdenticalDownToValue`.
    pub fn is_identical_down_to_value(&self, other: &Predicate) -> bool {
        self.value().is_some() && self.kind() == other.kind() && self.insn == other.insn && self.op_idx == other.op_idx
    }

    /// `canHoistOutsideOf`: whether a group may check this before the matcher's other
    /// checks.
    fn can_hoist_outside_of(&self, matcher: &Matcher, hoisting: Hoisting) -> bool {
        let cxx_sees_operands = self.depends_on_recorded_operands() && matcher.records_operand(hoisting);
        match hoisting {
            Hoisting::Always => true,
            Hoisting::UnlessCxxSeesOperands => !cxx_sees_operands,
            Hoisting::RootOnlySameOperand => match self.check {
                Check::SameOperand { other_insn, .. } => other_insn == 0 && self.insn == 0,
                _ => !cxx_sees_operands,
            },
        }
    }

    /// `InstructionPredicateMatcher::isHigherPriorityThan`.
    fn is_higher_priority_than(&self, other: &Predicate) -> bool {
        if self.kind() != other.kind() {
            return self.kind() < other.kind();
        }
        match (&self.check, &other.check) {
            (Check::Opcode(a), Check::Opcode(b)) => a[0].name < b[0].name,
            _ => false,
        }
    }

    /// The instruction matchers nested in this predicate, this one's first (in the order
    /// LLVM allocates them: depth first).
    fn for_each_nested(&self, f: &mut impl FnMut(&InstructionMatcher)) {
        if let Some(im) = self.nested_insn() {
            im.for_each(f);
        }
    }
}

/// A list of predicates and whether an optimisation took some of them
/// (`PredicateListMatcher`): a list that was never touched says it is empty.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Predicates {
    pub list: VecDeque<Predicate>,
    pub optimized: bool,
}

impl Predicates {
    fn pop_front(&mut self) -> Option<Predicate> {
        let p = self.list.pop_front();
        self.optimized = true;
        p
    }
}

/// `OperandMatcher`: the checks on one operand of an instruction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OperandMatcher {
    pub op_idx: u32,
    /// The operand's name in the pattern; empty when it has none.
    pub symbolic_name: String,
    pub predicates: Predicates,
    /// A `GIVariadic` operand: the remaining operands.
    pub is_variadic: bool,
}

impl OperandMatcher {
    /// `isSameAsAnotherOperand`.
    pub fn is_same_as_another(&self) -> bool {
        self.predicates.list.iter().any(|p| p.kind() == PredicateKind::SameOperand)
    }

    /// `OperandMatcher::addPredicate`: none on a variadic operand or one that is the same as
    /// another; whether it was added.
    pub fn add_predicate(&mut self, insn: u32, check: Check) -> bool {
        if self.is_same_as_another() || self.is_variadic {
            return false;
        }
        self.predicates.list.push_back(Predicate { insn, op_idx: Some(self.op_idx), check });
        true
    }

    /// `OperandMatcher::isHigherPriorityThan`: more predicates, then the predicates pairwise.
    fn is_higher_priority_than(&self, other: &OperandMatcher, form: &OptimizeForm) -> Option<bool> {
        let (x, y) = (self.predicates.list.len(), other.predicates.list.len());
        if x != y {
            return Some(x > y);
        }
        for (p, q) in self.predicates.list.iter().zip(&other.predicates.list) {
            if p.operand_is_higher_priority_than(q, form) {
                return Some(true);
            }
            if q.operand_is_higher_priority_than(p, form) {
                return Some(false);
            }
        }
        None
    }
}

/// `InstructionMatcher`: the checks on one instruction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InstructionMatcher {
    /// `InsnVarID`: the instruction's index in `State.MIs`.
    pub insn_var: u32,
    pub symbolic_name: String,
    pub predicates: Predicates,
    pub operands: Vec<OperandMatcher>,
    /// `AllowNumOpsCheck`.
    pub allow_num_ops_check: bool,
}

impl InstructionMatcher {
    pub fn new(insn_var: u32, symbolic_name: impl Into<String>) -> InstructionMatcher {
        InstructionMatcher {
            insn_var,
            symbolic_name: symbolic_name.into(),
            predicates: Predicates::default(),
            operands: Vec::new(),
            allow_num_ops_check: true,
        }
    }

    pub fn add_predicate(&mut self, check: Check) {
        self.predicates.list.push_back(Predicate { insn: self.insn_var, op_idx: None, check });
    }

    /// Adds each of the checks in order.
    pub fn predicates_extend(&mut self, checks: impl IntoIterator<Item = Check>) {
        for check in checks {
            self.add_predicate(check);
        }
    }

    /// `getOpcodeMatcher`: the instructions the first opcode check accepts.
    pub fn opcodes(&self) -> &[Opcode] {
        self.predicates
            .list
            .iter()
            .find_map(|p| match &p.check {
                Check::Opcode(insts) => Some(insts.as_slice()),
                _ => None,
            })
            .unwrap_or(&[])
    }

    /// `getOpcode`: the canonical opcode's name.
    pub fn opcode_name(&self) -> &'static str {
        self.opcodes().first().map_or("", |o| o.name)
    }

    fn has_variadic_matcher(&self) -> bool {
        self.operands.last().is_some_and(|o| o.is_variadic)
    }

    /// `canAddNumOperandsCheck`.
    pub fn can_add_num_operands_check(&self) -> bool {
        self.allow_num_ops_check
            && !self.has_variadic_matcher()
            && !self.predicates.list.iter().any(|p| p.kind() == PredicateKind::NumOperands)
    }

    /// Calls `f` on this matcher and on each nested in its operands, depth first (the order
    /// LLVM allocates them in, which numbers them).
    pub fn for_each(&self, f: &mut impl FnMut(&InstructionMatcher)) {
        f(self);
        for om in &self.operands {
            for p in &om.predicates.list {
                p.for_each_nested(f);
            }
        }
    }

    /// `InstructionMatcher::optimize`, then the nested matchers': the opcode first, then
    /// the operand count of a variadic instruction and the intrinsic, then the operand types.
    fn optimize(&mut self, form: &OptimizeForm) {
        for om in &mut self.operands {
            for p in &mut om.predicates.list {
                if let Check::Instruction { insn, .. } = &mut p.check {
                    insn.optimize(form);
                }
            }
        }
        let mut stash = Vec::new();
        let Some(front) = self.predicates.pop_front() else { return };
        let is_opcode = matches!(front.check, Check::Opcode(_));
        let variadic = match &front.check {
            Check::Opcode(insts) => insts.first().is_some_and(|i| i.is_variadic),
            _ => false,
        };
        stash.push(front);
        if is_opcode {
            if self.can_add_num_operands_check() && variadic && !self.operands.is_empty() {
                stash.push(Predicate {
                    insn: self.insn_var,
                    op_idx: None,
                    check: Check::NumOperands(NumOperandsCheck::Eq, self.operands.len() as u32),
                });
            }
            self.allow_num_ops_check = false;
            for om in &mut self.operands {
                if let Some(i) = om.predicates.list.iter().position(|p| p.kind() == PredicateKind::IntrinsicId) {
                    stash.extend(om.predicates.list.remove(i));
                    om.predicates.optimized = true;
                    break;
                }
            }
        }
        if self.insn_var > 0 {
            if let Some(def) = self.operands.first_mut() {
                if !def.predicates.list.is_empty() {
                    def.predicates.list.clear();
                    def.predicates.optimized = true;
                }
            }
        }
        for om in &mut self.operands {
            let before = om.predicates.list.len();
            let (types, rest): (Vec<Predicate>, Vec<Predicate>) =
                om.predicates.list.drain(..).partition(|p| form.hoisted_operand_kinds.contains(&p.kind()));
            om.predicates.list = rest.into();
            if om.predicates.list.len() != before {
                om.predicates.optimized = true;
            }
            stash.extend(types);
        }
        while let Some(p) = stash.pop() {
            self.predicates.list.push_front(p);
        }
    }

    /// `InstructionMatcher::isHigherPriorityThan`.
    fn is_higher_priority_than(&self, other: &InstructionMatcher, form: &OptimizeForm) -> Option<bool> {
        if self.operands.len() != other.operands.len() {
            return Some(self.operands.len() > other.operands.len());
        }
        for (a, b) in self.predicates.list.iter().zip(&other.predicates.list) {
            if a.is_higher_priority_than(b) {
                return Some(true);
            }
            if b.is_higher_priority_than(a) {
                return Some(false);
            }
        }
        for (a, b) in self.operands.iter().zip(&other.operands) {
            if let Some(higher) = a.is_higher_priority_than(b, form) {
                return Some(higher);
            }
        }
        if form.predicate_count_breaks_ties && self.predicates.list.len() != other.predicates.list.len() {
            return Some(self.predicates.list.len() > other.predicates.list.len());
        }
        None
    }
}

/// What a rule does once it matched (`MatchAction`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// `DebugCommentAction`: a comment in the table.
    DebugComment(String),
    /// `BuildMIAction`: a new instruction.
    BuildMi(BuildMi),
    /// `BuildConstantAction`: a `G_CONSTANT` defining a temporary register.
    BuildConstant { temp_reg: u32, value: i64 },
    /// `EraseInstAction`: erases a matched instruction.
    EraseInst(u32),
    /// `ReplaceRegAction`: replaces an operand's register everywhere.
    ReplaceReg { old_insn: u32, old_op: u32, new: ReplaceWith },
    /// `MakeTempRegisterAction`: a new virtual register of a type.
    MakeTempReg { ty: TypeRef, temp_reg: u32 },
    /// `BuildMIAction` of a matched instruction it recycles (`GIR_MutateOpcode`), with the
    /// instruction's implicit defs (whether dead) and uses added.
    MutateOpcode {
        insn: u32,
        recycle: u32,
        opcode: Opcode,
        implicit_defs: Vec<(String, bool)>,
        implicit_uses: Vec<String>,
    },
    /// `ConstrainOperandToRegClassAction`: an operand constrained to a register class (its id's
    /// enum name).
    ConstrainOperandRc { insn: u32, op: u32, class: String },
    /// `ConstrainOperandsToDefinitionAction`: the built instruction's operands constrained to
    /// its definition's register classes.
    ConstrainSelectedInstOperands(u32),
}

/// `LLTCodeGenOrTempType`: a type, or a matched operand's type recorded as a temporary type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TypeRef {
    Llt(Llt),
    /// `TempTypeIdx`: negative.
    Temp(i32),
}

/// What a register is replaced with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplaceWith {
    /// A matched operand's register (checked replaceable first: `GIM_CheckCanReplaceReg`).
    Operand {
        insn: u32,
        op: u32,
    },
    TempReg(u32),
}

/// `BuildMIAction`: an instruction built by the rule, its operands rendered in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BuildMi {
    /// Its index in `OutMIs`.
    pub insn_id: u32,
    pub opcode: Opcode,
    pub renderers: Vec<Renderer>,
    /// The matched instructions whose flags it copies, by `InsnVarID`.
    pub copied_flags: Vec<u32>,
    pub set_flags: Vec<&'static str>,
    pub unset_flags: Vec<&'static str>,
    /// The matched instructions whose memory operands it takes (`MergeInsnIDs`): all, when
    /// it may load or store.
    pub merge_insn_ids: Vec<u32>,
    /// The implicit defs marked dead, by their index among the implicit defs and their
    /// qualified name (`GIR_SetImplicitDefDead`).
    pub dead_implicit_defs: Vec<(u32, String)>,
}

/// `OperandRenderer`: how a built instruction's operand is made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Renderer {
    /// `CopyRenderer`: a matched operand, by instruction and index, named.
    Copy { new_insn: u32, old_insn: u32, old_op: u32, name: String, variadic: bool },
    /// `TempRegRenderer`.
    TempReg { insn: u32, temp_reg: u32, is_def: bool, is_dead: bool },
    /// `TempRegRenderer` of a sub-register (a use), the index by its qualified name.
    TempSubReg { insn: u32, temp_reg: u32, sub_reg: String },
    /// `ImmRenderer`: an immediate, or with a type a `ConstantInt` (`G_CONSTANT`'s).
    Imm { insn: u32, value: i64, cimm: Option<TypeRef> },
    /// `SubRegIndexRenderer`: a sub-register index's enum value as an immediate.
    SubRegIndex { insn: u32, index: u32 },
    /// `IntrinsicIDRenderer`.
    IntrinsicId { insn: u32, name: String },
    /// `CopyConstantAsImmRenderer` (signed) and `CopyFConstantAsFPImmRenderer`: the value of
    /// a matched constant instruction as an immediate.
    ConstantAsImm { new_insn: u32, old_insn: u32, name: String, fp: bool },
    /// `CustomRenderer` (of a matched instruction) and `CustomOperandRenderer` (of one of
    /// its operands): a C++ renderer (`GICR_` and its `RendererFn`) of the named node.
    Custom { insn: u32, old_insn: u32, old_op: Option<u32>, renderer: String, name: String },
    /// `CopySubRegRenderer`: a matched operand's sub-register.
    CopySubReg { new_insn: u32, old_insn: u32, old_op: u32, sub_reg: u32, name: String },
    /// `RenderComplexPatternOperand`: the operands a complex pattern's match renders, or one
    /// of them (`sub_operand`), by the renderer it was kept as.
    Complex { insn: u32, renderer: u32, sub_operand: Option<u32>, name: String },
    /// `AddRegisterRenderer`: a physical register (its qualified name: `MyTarget::R0`, or
    /// the target's `NoRegister` for `zero_reg`), a use or a def.
    AddRegister { insn: u32, reg: String, is_def: bool },
    /// `CopyOrAddZeroRegRenderer`: a matched operand, or the operand's zero register (its
    /// qualified name) where it is none.
    CopyOrAddZeroReg { new_insn: u32, old_insn: u32, old_op: u32, zero_reg: String, name: String },
}

/// `RuleMatcher`: one rule, its instructions (the root first) and actions.
#[derive(Clone, Debug)]
pub struct RuleMatcher {
    /// `RuleID`, numbered across the run.
    pub id: u64,
    /// Every instruction matcher; `insns[0]` is the root.
    pub insns: Vec<InstructionMatcher>,
    /// The subtarget features the rule requires (`Predicate` defs).
    pub required_features: Vec<RecId>,
    /// `HwModeIdx`: the HW mode check the rule requires (`declareHwModeCheck`'s number).
    pub hw_mode: Option<u32>,
    /// `GIM_CheckSimplePredicate`s, by enum name.
    pub simple_predicates: Vec<String>,
    pub actions: Vec<Action>,
    /// Checks run after all others (complex patterns).
    pub epilogue: Vec<Predicate>,
    /// A combiner's C++ action run instead of the actions (`GIR_DoneWithCustomAction`).
    pub custom_cxx_action: Option<String>,
    /// `UsesRecordOperands`: false in combiners, where C++ may use any operand.
    pub uses_record_operands: bool,
    /// `countRendererFns`: the temporaries the rule's complex patterns need.
    pub renderer_fns: u32,
}

impl RuleMatcher {
    pub fn root(&self) -> &InstructionMatcher {
        &self.insns[0]
    }

    /// The operand matcher at `op` of instruction `insn`.
    pub fn operand_mut(&mut self, insn: u32, op: u32) -> Option<&mut OperandMatcher> {
        fn find(im: &mut InstructionMatcher, insn: u32, op: u32) -> Option<&mut OperandMatcher> {
            if im.insn_var == insn {
                return im.operands.iter_mut().find(|o| o.op_idx == op);
            }
            for om in &mut im.operands {
                for p in &mut om.predicates.list {
                    if let Check::Instruction { insn: nested, .. } = &mut p.check {
                        if let Some(found) = find(nested, insn, op) {
                            return Some(found);
                        }
                    }
                }
            }
            None
        }
        self.insns.iter_mut().find_map(|root| find(root, insn, op))
    }

    /// How many instructions the rule matches (`InsnMatchers.size()`).
    pub fn num_insns(&self) -> usize {
        let mut n = 0;
        for root in &self.insns {
            root.for_each(&mut |_| n += 1);
        }
        n
    }

    /// `recordsOperand`: whether the rule records operands its C++ predicates may read.
    fn records_operand(&self, hoisting: Hoisting) -> bool {
        // No predicate records a named operand yet (`RecordNamedOperandMatcher`).
        let records_named = false;
        match hoisting {
            Hoisting::Always | Hoisting::UnlessCxxSeesOperands => records_named,
            Hoisting::RootOnlySameOperand => !self.uses_record_operands || records_named,
        }
    }

    /// `isHigherPriorityThan` as an ordering: higher priority first.
    pub fn priority_order(&self, other: &RuleMatcher, form: &OptimizeForm) -> Ordering {
        if self.insns.is_empty() || other.insns.is_empty() {
            return Ordering::Equal;
        }
        match self.root().is_higher_priority_than(other.root(), form) {
            Some(true) => Ordering::Less,
            Some(false) => Ordering::Greater,
            None => match other.root().is_higher_priority_than(self.root(), form) {
                Some(true) => Ordering::Greater,
                _ => Ordering::Equal,
            },
        }
    }

    /// `RuleMatcher::optimize`: each instruction's checks; each instruction erased once, the
    /// root last (so that its erasure can end the rule: `GIR_EraseRootFromParent_Done`).
    fn optimize(&mut self, form: &OptimizeForm) {
        // Complex patterns are checked last, as they cost much and seldom fail alone.
        fn take_complex(im: &mut InstructionMatcher, epilogue: &mut Vec<Predicate>) {
            for om in &mut im.operands {
                for p in &mut om.predicates.list {
                    if let Check::Instruction { insn, .. } = &mut p.check {
                        take_complex(insn, epilogue);
                    }
                }
                let before = om.predicates.list.len();
                let (complex, rest): (Vec<Predicate>, Vec<Predicate>) =
                    om.predicates.list.drain(..).partition(|p| p.kind() == PredicateKind::ComplexPattern);
                om.predicates.list = rest.into();
                if om.predicates.list.len() != before {
                    om.predicates.optimized = true;
                }
                epilogue.extend(complex);
            }
        }
        for insn in &mut self.insns {
            take_complex(insn, &mut self.epilogue);
            insn.optimize(form);
        }
        self.epilogue.sort_by_key(|p| (p.kind(), p.insn, p.op_idx));
        let mut seen = Vec::new();
        let mut erase_root = None;
        let mut i = 0;
        while i < self.actions.len() {
            if let Action::EraseInst(id) = self.actions[i] {
                if seen.contains(&id) {
                    self.actions.remove(i);
                    continue;
                }
                seen.push(id);
                if id == 0 {
                    erase_root = Some(i);
                }
            }
            i += 1;
        }
        if let Some(i) = erase_root {
            let action = self.actions.remove(i);
            self.actions.push(action);
        }
    }

    fn has_first_condition(&self) -> bool {
        self.first_condition().is_some()
    }

    /// `getFirstCondition`: the root's first predicate, else its operands' first that is not
    /// a nested instruction.
    fn first_condition(&self) -> Option<&Predicate> {
        let root = self.root();
        root.predicates
            .list
            .front()
            .or_else(|| root.operands.iter().find_map(|o| o.predicates.list.iter().find(|p| p.nested_insn().is_none())))
    }

    fn pop_first_condition(&mut self) -> Option<Predicate> {
        let root = &mut self.insns[0];
        if !root.predicates.list.is_empty() {
            return root.predicates.pop_front();
        }
        for om in &mut root.operands {
            if let Some(i) = om.predicates.list.iter().position(|p| p.nested_insn().is_none()) {
                om.predicates.optimized = true;
                return om.predicates.list.remove(i);
            }
        }
        None
    }

    /// `getFirstConditionAsRootType`: the type of the root's def, when that is checked first.
    fn first_condition_as_root_type(&self) -> Option<Llt> {
        root_type(self.root().predicates.list.front())
    }
}

/// A node of the optimised rule set (`Matcher`).
#[derive(Clone, Debug)]
pub enum Matcher {
    Rule(Box<RuleMatcher>),
    /// `GroupMatcher`: conditions shared by all the matchers, checked once.
    Group {
        conditions: Vec<Predicate>,
        matchers: Vec<Matcher>,
    },
    /// `SwitchMatcher`: one condition's value picks the matchers to try, by value.
    Switch {
        condition: Predicate,
        cases: Vec<SwitchCase>,
    },
}

/// One case of a switch: the value (and its condition, as a label) and the matchers.
#[derive(Clone, Debug)]
pub struct SwitchCase {
    pub value: i64,
    pub condition: Predicate,
    pub matchers: Vec<Matcher>,
}

impl Matcher {
    fn has_first_condition(&self) -> bool {
        match self {
            Matcher::Rule(r) => r.has_first_condition(),
            Matcher::Group { conditions, .. } => !conditions.is_empty(),
            Matcher::Switch { .. } => false,
        }
    }

    fn first_condition(&self) -> Option<&Predicate> {
        match self {
            Matcher::Rule(r) => r.first_condition(),
            Matcher::Group { conditions, .. } => conditions.first(),
            Matcher::Switch { .. } => None,
        }
    }

    fn pop_first_condition(&mut self) -> Option<Predicate> {
        match self {
            Matcher::Rule(r) => r.pop_first_condition(),
            Matcher::Group { conditions, .. } => (!conditions.is_empty()).then(|| conditions.remove(0)),
            Matcher::Switch { .. } => None,
        }
    }

    /// `recordsOperand`.
    fn records_operand(&self, hoisting: Hoisting) -> bool {
        match self {
            Matcher::Rule(r) => r.records_operand(hoisting),
            Matcher::Group { matchers, .. } => matchers.iter().any(|m| m.records_operand(hoisting)),
            // A condition recording an operand is never hoisted (none is built yet).
            Matcher::Switch { cases, .. } => {
                cases.iter().flat_map(|c| &c.matchers).any(|m| m.records_operand(hoisting))
            }
        }
    }

    fn first_condition_as_root_type(&self) -> Option<Llt> {
        match self {
            Matcher::Rule(r) => r.first_condition_as_root_type(),
            Matcher::Group { conditions, .. } => root_type(conditions.first()),
            Matcher::Switch { .. } => None,
        }
    }
}

/// The type a check of the root's def checks.
fn root_type(p: Option<&Predicate>) -> Option<Llt> {
    match p {
        Some(Predicate { insn: 0, op_idx: Some(0), check: Check::Llt { ty, .. } }) => Some(*ty),
        _ => None,
    }
}

/// Numbers the type checks of `rules` by their type's place among `known` (sorted), the
/// value a switch on types dispatches by.
pub fn number_types(rules: &mut [RuleMatcher], known: &[Llt]) {
    fn insn(im: &mut InstructionMatcher, known: &[Llt]) {
        for p in &mut im.predicates.list {
            check(&mut p.check, known);
        }
        for om in &mut im.operands {
            for p in &mut om.predicates.list {
                check(&mut p.check, known);
            }
        }
    }
    fn check(c: &mut Check, known: &[Llt]) {
        match c {
            Check::Llt { ty, id } | Check::LltShape { ty, id } => {
                *id = known.iter().position(|k| k == ty).map(|i| i as u32)
            }
            Check::Instruction { insn: im, .. } => insn(im, known),
            _ => {}
        }
    }
    for r in rules {
        for im in &mut r.insns {
            insn(im, known);
        }
    }
}

/// How a release optimises a rule set, where releases differ.
#[derive(Debug)]
pub struct OptimizeForm {
    /// When groups are optimised.
    pub group_optimization: GroupOptimization,
    /// What a switch does with two matchers of one value.
    pub switch_cases: SwitchCases,
    /// Which first conditions a group may hoist.
    pub hoisting: Hoisting,
    /// An instruction matcher with more predicates has the higher priority when all else is
    /// equal.
    pub predicate_count_breaks_ties: bool,
    /// The operand predicates `InstructionMatcher::optimize` moves to the instruction's front.
    pub hoisted_operand_kinds: &'static [PredicateKind],
    /// What makes two same-operand checks one.
    pub same_operand_identity: SameOperandIdentity,
    /// How types are ordered.
    pub llt_order: LltOrder,
}

/// What makes two same-operand checks one (`SameOperandMatcher::isIdentical`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SameOperandIdentity {
    /// The operand checked and the operand name they share (LLVM 19, 22): the operand it
    /// must be the same as may differ.
    Name,
    /// The operand checked and the operand it must be the same as (LLVM 23).
    OtherOperand,
}

/// When `GroupMatcher::optimize` runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GroupOptimization {
    /// On the top-level groups once all are formed (LLVM 19, 22: the combiner's
    /// `buildMatchTable` optimises each top-level matcher again).
    TopLevelAfterGrouping,
    /// On every group as it is formed, nested ones included.
    EachGroup,
}

/// What a switch does with a second matcher of a value it has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SwitchCases {
    /// Ends the switch: each value once, cases sorted by value (LLVM 19, 22).
    UniqueValues,
    /// Adds it to the value's bucket, whose matchers are then grouped.
    Buckets,
}

/// Which conditions may be hoisted out of a matcher into its group.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hoisting {
    /// Any (LLVM 19).
    Always,
    /// Not a C++ predicate of a matcher that records named operands (LLVM 22).
    UnlessCxxSeesOperands,
    /// As [`Hoisting::UnlessCxxSeesOperands`], where a rule that does not use recorded
    /// operands (a combiner's) counts as recording them, its C++ seeing any operand; and a
    /// same-operand check only between operands of the root (LLVM 23's
    /// `SameOperandMatcher::canHoistOutsideOf`).
    RootOnlySameOperand,
}

pub const OPTIMIZE_FORM: ByRelease<OptimizeForm> = ByRelease {
    v19: OptimizeForm {
        group_optimization: GroupOptimization::TopLevelAfterGrouping,
        switch_cases: SwitchCases::UniqueValues,
        hoisting: Hoisting::Always,
        predicate_count_breaks_ties: false,
        hoisted_operand_kinds: &[PredicateKind::Llt],
        same_operand_identity: SameOperandIdentity::Name,
        llt_order: LLT_ORDER.v19,
    },
    v22: OptimizeForm {
        group_optimization: GroupOptimization::TopLevelAfterGrouping,
        switch_cases: SwitchCases::UniqueValues,
        hoisting: Hoisting::UnlessCxxSeesOperands,
        predicate_count_breaks_ties: false,
        hoisted_operand_kinds: &[PredicateKind::Llt],
        same_operand_identity: SameOperandIdentity::Name,
        llt_order: LLT_ORDER.v22,
    },
    v23: OptimizeForm {
        group_optimization: GroupOptimization::EachGroup,
        switch_cases: SwitchCases::Buckets,
        hoisting: Hoisting::RootOnlySameOperand,
        predicate_count_breaks_ties: true,
        hoisted_operand_kinds: &[PredicateKind::Llt, PredicateKind::LltShape],
        same_operand_identity: SameOperandIdentity::OtherOperand,
        llt_order: LLT_ORDER.v23,
    },
};

/// `optimizeRuleset`: rules sorted by their root's opcode (in order of first appearance)
/// and operand count, optimised, then grouped by shared first conditions and switched on
/// their first condition's value.
pub fn optimize_ruleset(rules: Vec<RuleMatcher>, form: &OptimizeForm) -> Vec<Matcher> {
    let mut order: Vec<&'static str> = Vec::new();
    for r in &rules {
        let name = r.root().opcode_name();
        if !order.contains(&name) {
            order.push(name);
        }
    }
    let mut rules = rules;
    let key = |r: &RuleMatcher| {
        let name = r.root().opcode_name();
        (order.iter().position(|&o| o == name).unwrap_or(0), r.root().operands.len())
    };
    rules.sort_by_key(key);
    let mut matchers: Vec<Matcher> = rules
        .into_iter()
        .map(|mut r| {
            r.optimize(form);
            Matcher::Rule(Box::new(r))
        })
        .collect();
    matchers = group(matchers, form);
    if form.group_optimization == GroupOptimization::TopLevelAfterGrouping {
        for m in &mut matchers {
            if let Matcher::Group { matchers, .. } = m {
                optimize_group(matchers, form);
            }
        }
    }
    switch(matchers, form)
}

/// `optimizeRules<GroupMatcher>`: runs of matchers sharing their first condition, grouped.
fn group(matchers: Vec<Matcher>, form: &OptimizeForm) -> Vec<Matcher> {
    let can_join = |current: &[Matcher], candidate: &Matcher| -> bool {
        let Some(first) = candidate.first_condition() else { return false };
        let fits = match current.first().and_then(Matcher::first_condition) {
            None => first.insn == 0,
            Some(rep) => first.is_identical(rep, form),
        };
        fits && first.can_hoist_outside_of(candidate, form.hoisting)
    };
    let finalize = |mut matchers: Vec<Matcher>| {
        let conditions = finalize_group(&mut matchers, form);
        if form.group_optimization == GroupOptimization::EachGroup {
            optimize_group(&mut matchers, form);
        }
        Matcher::Group { conditions, matchers }
    };
    optimize_rules(matchers, can_join, finalize)
}

/// `GroupMatcher::finalize`: the first conditions all the matchers share, taken from them.
fn finalize_group(matchers: &mut [Matcher], form: &OptimizeForm) -> Vec<Predicate> {
    let mut conditions = Vec::new();
    loop {
        if !matchers.iter().all(Matcher::has_first_condition) {
            break;
        }
        let Some(first) = matchers[0].first_condition() else { break };
        let hoistable = |p: &Predicate, m: &Matcher| p.can_hoist_outside_of(m, form.hoisting);
        if !hoistable(first, &matchers[0]) {
            break;
        }
        let shared = matchers[1..]
            .iter()
            .all(|m| m.first_condition().is_some_and(|p| p.is_identical(first, form) && hoistable(p, m)));
        if !shared {
            break;
        }
        let Some(condition) = matchers[0].pop_first_condition() else { break };
        for m in &mut matchers[1..] {
            m.pop_first_condition();
        }
        conditions.push(condition);
    }
    conditions
}

/// `GroupMatcher::optimize`: runs of matchers that check the root's type first, sorted by
/// it; then grouped and switched within.
fn optimize_group(matchers: &mut Vec<Matcher>, form: &OptimizeForm) {
    let mut from = 0;
    let mut to = 0;
    let len = matchers.len();
    while to != len {
        while to != len && matchers[to].first_condition_as_root_type().is_some() {
            to += 1;
        }
        matchers[from..to].sort_by(|a, b| match (a.first_condition_as_root_type(), b.first_condition_as_root_type()) {
            (Some(a), Some(b)) => a.cmp_in(&b, form.llt_order),
            (a, b) => a.cmp(&b),
        });
        if to != len {
            to += 1;
            from = to;
        }
    }
    let taken = std::mem::take(matchers);
    *matchers = switch(group(taken, form), form);
}

/// `optimizeRules<SwitchMatcher>`: runs of matchers whose first conditions differ only by
/// value, made a switch on it.
fn switch(matchers: Vec<Matcher>, form: &OptimizeForm) -> Vec<Matcher> {
    let can_join = |current: &[Matcher], candidate: &Matcher| -> bool {
        let Some(first) = candidate.first_condition() else { return false };
        match current.first().and_then(Matcher::first_condition) {
            None => {
                first.insn == 0
                    && matches!(first.kind(), PredicateKind::Opcode | PredicateKind::Llt | PredicateKind::LltShape)
                    && first.value().is_some()
            }
            Some(rep) => {
                first.is_identical_down_to_value(rep)
                    && (form.switch_cases == SwitchCases::Buckets
                        || !current.iter().any(|m| m.first_condition().and_then(Predicate::value) == first.value()))
            }
        }
    };
    optimize_rules(matchers, can_join, |matchers| finalize_switch(matchers, form))
}

/// `optimizeRules<GroupT>`: greedy runs of matchers that `can_join` a group (given the
/// group so far), each run of two or more made one matcher by `finalize`.
fn optimize_rules(
    matchers: Vec<Matcher>,
    can_join: impl Fn(&[Matcher], &Matcher) -> bool,
    finalize: impl Fn(Vec<Matcher>) -> Matcher,
) -> Vec<Matcher> {
    let mut out = Vec::new();
    let mut current: Vec<Matcher> = Vec::new();
    let flush = |current: &mut Vec<Matcher>, out: &mut Vec<Matcher>| {
        if current.len() < 2 {
            out.append(current);
        } else {
            out.push(finalize(std::mem::take(current)));
        }
    };
    for m in matchers {
        if can_join(&current, &m) {
            current.push(m);
            continue;
        }
        flush(&mut current, &mut out);
        if can_join(&current, &m) {
            current.push(m);
        } else {
            out.push(m);
        }
    }
    flush(&mut current, &mut out);
    out
}

/// `SwitchMatcher::finalize`: the condition taken from each matcher, the matchers by value.
fn finalize_switch(matchers: Vec<Matcher>, form: &OptimizeForm) -> Matcher {
    let mut cases: Vec<SwitchCase> = Vec::new();
    let mut condition = None;
    for mut m in matchers {
        let Some(p) = m.pop_first_condition() else { continue };
        let value = p.value().unwrap_or(0);
        if condition.is_none() {
            condition = Some(p.clone());
        }
        match cases.iter_mut().find(|c| c.value == value) {
            Some(case) => case.matchers.push(m),
            None => cases.push(SwitchCase { value, condition: p, matchers: vec![m] }),
        }
    }
    cases.sort_by_key(|c| c.value);
    if form.switch_cases == SwitchCases::Buckets {
        for case in &mut cases {
            let taken = std::mem::take(&mut case.matchers);
            case.matchers = group(taken, form);
        }
    }
    Matcher::Switch { condition: condition.expect("a switch has cases"), cases }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tdq_core::Release;

    fn rule(id: u64, name: &'static str, value: u32) -> RuleMatcher {
        let mut root = InstructionMatcher::new(0, "root");
        let opcode = Opcode { def: RecId(0), name, namespace: "TargetOpcode", value: Some(value), is_variadic: false };
        root.add_predicate(Check::Opcode(vec![opcode]));
        RuleMatcher {
            id,
            insns: vec![root],
            required_features: Vec::new(),
            hw_mode: None,
            simple_predicates: Vec::new(),
            actions: Vec::new(),
            epilogue: Vec::new(),
            custom_cxx_action: Some(format!("Action{id}")),
            uses_record_operands: false,
            renderer_fns: 0,
        }
    }

    fn rule_ids(m: &Matcher) -> Vec<u64> {
        match m {
            Matcher::Rule(r) => vec![r.id],
            Matcher::Group { matchers, .. } => matchers.iter().flat_map(rule_ids).collect(),
            Matcher::Switch { cases, .. } => cases.iter().flat_map(|c| &c.matchers).flat_map(rule_ids).collect(),
        }
    }

    #[test]
    fn rules_sort_by_opcode_name_then_switch_by_value() {
        for release in [Release::V19, Release::V22, Release::V23] {
            let form = OPTIMIZE_FORM.get(release);
            let mut rules = vec![rule(0, "G_SUB", 3), rule(1, "G_ADD", 5), rule(2, "G_SUB", 3)];
            rules.sort_by(|a, b| a.priority_order(b, form));
            assert_eq!(rules.iter().map(|r| r.id).collect::<Vec<_>>(), [1, 0, 2]);
            let optimized = optimize_ruleset(rules, form);
            let [Matcher::Switch { condition, cases }] = &optimized[..] else { panic!("{optimized:?}") };
            assert_eq!(condition.kind(), PredicateKind::Opcode);
            // Cases by value: G_SUB (3) with its two rules, then G_ADD (5).
            assert_eq!(cases.iter().map(|c| c.value).collect::<Vec<_>>(), [3, 5]);
            assert_eq!(cases[0].matchers.iter().flat_map(rule_ids).collect::<Vec<_>>(), [0, 2]);
            assert_eq!(cases[1].matchers.iter().flat_map(rule_ids).collect::<Vec<_>>(), [1]);
            // The opcode was checked by the switch: no rule checks it again.
            let Matcher::Rule(r) = &cases[1].matchers[0] else { panic!() };
            assert!(r.root().predicates.list.is_empty() && r.root().predicates.optimized);
        }
    }

    #[test]
    fn a_single_rule_is_neither_grouped_nor_switched() {
        let form = OPTIMIZE_FORM.get(Release::V23);
        let optimized = optimize_ruleset(vec![rule(7, "G_ADD", 5)], form);
        let [Matcher::Rule(r)] = &optimized[..] else { panic!("{optimized:?}") };
        assert_eq!(r.root().opcode_name(), "G_ADD");
    }
}
