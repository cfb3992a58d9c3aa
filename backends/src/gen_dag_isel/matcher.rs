//! The matcher of LLVM's instruction selector (`Common/DAGISelMatcher.h`): a list of steps
//! that checks, records and builds nodes, a scope or switch ending a list with its
//! alternatives; which steps equal or contradict each other and which may move before
//! another (what the optimiser factors patterns by).

use super::Form;
use tdq_core::intern::Sym;
use tdq_core::types::RecId;
use tdq_models::patterns::types::{MvtId, MvtTable, ValueTypeByHwMode};

/// A list of steps; a scope or switch is only ever its last.
pub type List = Vec<Matcher>;

/// An opcode a `CheckOpcode` checks (what it reads of `SDNodeInfo`).
#[derive(Clone, Debug)]
pub struct Opcode {
    pub enum_name: &'static str,
    pub num_results: u32,
    /// `getKnownType(0)`: the result's type a constraint fixes (`iPTR` for a pointer).
    pub known_type: Option<MvtId>,
}

/// What an `EmitNode` or `MorphNodeTo` builds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EmitNode {
    pub inst: RecId,
    pub vts: Vec<ValueTypeByHwMode>,
    pub operands: Vec<u32>,
    pub has_chain: bool,
    pub has_in_glue: bool,
    pub has_out_glue: bool,
    pub has_mem_refs: bool,
    pub num_fixed_arity_operands: i32,
    /// `getFirstResultSlot`.
    pub first_result_slot: u32,
}

/// One step (LLVM's `Matcher` subclasses, in the order of `Matcher::KindTy`).
#[derive(Clone, Debug)]
pub enum Matcher {
    Scope(Vec<List>),
    RecordNode {
        what_for: String,
        result_no: u32,
    },
    RecordChild {
        child: u32,
        what_for: String,
        result_no: u32,
    },
    RecordMemRef,
    CaptureGlueInput,
    MoveChild(u32),
    MoveSibling(u32),
    MoveParent,
    CheckSame(u32),
    CheckChildSame {
        child: u32,
        match_no: u32,
    },
    CheckPatternPredicate(String),
    CheckPredicate {
        frag: RecId,
        operands: Vec<u32>,
    },
    CheckOpcode(Opcode),
    SwitchOpcode(Vec<(Opcode, List)>),
    CheckType {
        ty: ValueTypeByHwMode,
        res: u32,
    },
    SwitchType(Vec<(MvtId, List)>),
    CheckChildType {
        child: u32,
        ty: ValueTypeByHwMode,
    },
    CheckInteger(i64),
    CheckChildInteger {
        child: u32,
        value: i64,
    },
    CheckCondCode(&'static str),
    CheckChild2CondCode(&'static str),
    CheckValueType(MvtId),
    CheckComplexPat {
        pattern: RecId,
        match_no: u32,
        name: Sym,
        first_result: u32,
    },
    CheckAndImm(i64),
    CheckOrImm(i64),
    CheckImmAllOnesV,
    CheckImmAllZerosV,
    CheckFoldableChainNode,
    /// The value, and (LLVM 22 on) the name a register class or sub-register index is
    /// written by; the slot it is recorded in (for the comments).
    EmitInteger {
        value: i64,
        vt: ValueTypeByHwMode,
        name: Option<String>,
        result_no: u32,
    },
    EmitStringInteger {
        value: String,
        vt: MvtId,
    },
    EmitRegister {
        reg: Option<RecId>,
        vt: ValueTypeByHwMode,
        result_no: u32,
    },
    EmitConvertToTarget {
        slot: u32,
        result_no: u32,
    },
    EmitMergeInputChains(Vec<u32>),
    EmitCopyToReg {
        slot: u32,
        reg: RecId,
    },
    EmitNode(EmitNode),
    EmitNodeXForm {
        xform: RecId,
        slot: u32,
        result_no: u32,
    },
    /// The results, and the pattern (its index in the sorted patterns).
    CompleteMatch {
        results: Vec<u32>,
        pattern: usize,
    },
    MorphNodeTo {
        node: EmitNode,
        pattern: usize,
    },
}

impl Matcher {
    /// The kind's position in `Matcher::KindTy`.
    pub fn kind(&self) -> u8 {
        match self {
            Matcher::Scope(_) => 0,
            Matcher::RecordNode { .. } => 1,
            Matcher::RecordChild { .. } => 2,
            Matcher::RecordMemRef => 3,
            Matcher::CaptureGlueInput => 4,
            Matcher::MoveChild(_) => 5,
            Matcher::MoveSibling(_) => 6,
            Matcher::MoveParent => 7,
            Matcher::CheckSame(_) => 8,
            Matcher::CheckChildSame { .. } => 9,
            Matcher::CheckPatternPredicate(_) => 10,
            Matcher::CheckPredicate { .. } => 11,
            Matcher::CheckOpcode(_) => 12,
            Matcher::SwitchOpcode(_) => 13,
            Matcher::CheckType { .. } => 14,
            Matcher::SwitchType(_) => 15,
            Matcher::CheckChildType { .. } => 16,
            Matcher::CheckInteger(_) => 17,
            Matcher::CheckChildInteger { .. } => 18,
            Matcher::CheckCondCode(_) => 19,
            Matcher::CheckChild2CondCode(_) => 20,
            Matcher::CheckValueType(_) => 21,
            Matcher::CheckComplexPat { .. } => 22,
            Matcher::CheckAndImm(_) => 23,
            Matcher::CheckOrImm(_) => 24,
            Matcher::CheckImmAllOnesV => 25,
            Matcher::CheckImmAllZerosV => 26,
            Matcher::CheckFoldableChainNode => 27,
            Matcher::EmitInteger { .. } => 28,
            Matcher::EmitStringInteger { .. } => 29,
            Matcher::EmitRegister { .. } => 30,
            Matcher::EmitConvertToTarget { .. } => 31,
            Matcher::EmitMergeInputChains(_) => 32,
            Matcher::EmitCopyToReg { .. } => 33,
            Matcher::EmitNode(_) => 34,
            Matcher::EmitNodeXForm { .. } => 35,
            Matcher::CompleteMatch { .. } => 36,
            Matcher::MorphNodeTo { .. } => 37,
        }
    }

    /// `isEqual`: the same kind and the same step.
    pub fn is_equal(&self, other: &Matcher) -> bool {
        use Matcher as M;
        match (self, other) {
            (M::Scope(_), M::Scope(_)) => false,
            (M::RecordNode { .. }, M::RecordNode { .. }) => true,
            (M::RecordChild { child: a, .. }, M::RecordChild { child: b, .. }) => a == b,
            (M::RecordMemRef, M::RecordMemRef) => true,
            (M::CaptureGlueInput, M::CaptureGlueInput) => true,
            (M::MoveChild(a), M::MoveChild(b)) => a == b,
            (M::MoveSibling(a), M::MoveSibling(b)) => a == b,
            (M::MoveParent, M::MoveParent) => true,
            (M::CheckSame(a), M::CheckSame(b)) => a == b,
            (M::CheckChildSame { child: a, match_no: x }, M::CheckChildSame { child: b, match_no: y }) => {
                a == b && x == y
            }
            (M::CheckPatternPredicate(a), M::CheckPatternPredicate(b)) => a == b,
            (M::CheckPredicate { frag: a, .. }, M::CheckPredicate { frag: b, .. }) => a == b,
            (M::CheckOpcode(a), M::CheckOpcode(b)) => a.enum_name == b.enum_name,
            (M::SwitchOpcode(_), M::SwitchOpcode(_)) => false,
            (M::CheckType { ty: a, .. }, M::CheckType { ty: b, .. }) => a == b,
            (M::SwitchType(_), M::SwitchType(_)) => false,
            (M::CheckChildType { child: a, ty: x }, M::CheckChildType { child: b, ty: y }) => a == b && x == y,
            (M::CheckInteger(a), M::CheckInteger(b)) => a == b,
            (M::CheckChildInteger { child: a, value: x }, M::CheckChildInteger { child: b, value: y }) => {
                a == b && x == y
            }
            (M::CheckCondCode(a), M::CheckCondCode(b)) => a == b,
            (M::CheckChild2CondCode(a), M::CheckChild2CondCode(b)) => a == b,
            (M::CheckValueType(a), M::CheckValueType(b)) => a == b,
            (
                M::CheckComplexPat { pattern: a, match_no: x, .. },
                M::CheckComplexPat { pattern: b, match_no: y, .. },
            ) => a == b && x == y,
            (M::CheckAndImm(a), M::CheckAndImm(b)) => a == b,
            (M::CheckOrImm(a), M::CheckOrImm(b)) => a == b,
            (M::CheckImmAllOnesV, M::CheckImmAllOnesV) => true,
            (M::CheckImmAllZerosV, M::CheckImmAllZerosV) => true,
            (M::CheckFoldableChainNode, M::CheckFoldableChainNode) => true,
            (M::EmitInteger { value: a, vt: x, name: n, .. }, M::EmitInteger { value: b, vt: y, name: o, .. }) => {
                a == b && x == y && n == o
            }
            (M::EmitStringInteger { value: a, vt: x }, M::EmitStringInteger { value: b, vt: y }) => a == b && x == y,
            (M::EmitRegister { reg: a, vt: x, .. }, M::EmitRegister { reg: b, vt: y, .. }) => a == b && x == y,
            (M::EmitConvertToTarget { slot: a, .. }, M::EmitConvertToTarget { slot: b, .. }) => a == b,
            (M::EmitMergeInputChains(a), M::EmitMergeInputChains(b)) => a == b,
            (M::EmitCopyToReg { slot: a, reg: x }, M::EmitCopyToReg { slot: b, reg: y }) => a == b && x == y,
            (M::EmitNode(a), M::EmitNode(b)) => emit_equal(a, b),
            (M::EmitNodeXForm { xform: a, slot: x, .. }, M::EmitNodeXForm { xform: b, slot: y, .. }) => {
                a == b && x == y
            }
            (M::CompleteMatch { results: a, pattern: x }, M::CompleteMatch { results: b, pattern: y }) => {
                a == b && x == y
            }
            (M::MorphNodeTo { node: a, .. }, M::MorphNodeTo { node: b, .. }) => emit_equal(a, b),
            _ => false,
        }
    }

    /// `isContradictory`: the two can never both hold (checked from the lower kind's side).
    pub fn is_contradictory(&self, other: &Matcher, table: &MvtTable, form: &Form) -> bool {
        if self.kind() < other.kind() {
            self.contradicts(other, table, form)
        } else {
            other.contradicts(self, table, form)
        }
    }

    fn contradicts(&self, other: &Matcher, table: &MvtTable, form: &Form) -> bool {
        use Matcher as M;
        let types =
            |a: &ValueTypeByHwMode, b: &ValueTypeByHwMode| vts_are_contradictory(table, form.pointer_wildcards, a, b);
        match (self, other) {
            (M::CheckOpcode(a), M::CheckOpcode(b)) => a.enum_name != b.enum_name,
            (M::CheckOpcode(a), M::CheckType { ty, res }) => {
                if *res >= a.num_results {
                    return true;
                }
                match a.known_type {
                    Some(known) if Some(known) != table.other => types(&ValueTypeByHwMode::Simple(known), ty),
                    _ => false,
                }
            }
            (M::CheckType { ty: a, res: x }, M::CheckType { ty: b, res: y }) => {
                (x == y || !form.type_checks_by_result) && types(a, b)
            }
            (M::CheckChildType { child: a, ty: x }, M::CheckChildType { child: b, ty: y }) => a == b && types(x, y),
            (M::CheckInteger(a), M::CheckInteger(b)) => a != b,
            (M::CheckChildInteger { child: a, value: x }, M::CheckChildInteger { child: b, value: y }) => {
                a == b && x != y
            }
            (M::CheckValueType(a), M::CheckValueType(b)) => a != b,
            (M::CheckImmAllOnesV, M::CheckImmAllZerosV) | (M::CheckImmAllZerosV, M::CheckImmAllOnesV) => true,
            (M::CheckCondCode(a), M::CheckCondCode(b)) => a != b,
            (M::CheckChild2CondCode(a), M::CheckChild2CondCode(b)) => a != b,
            _ => false,
        }
    }

    /// `isSimplePredicateNode`: a check without side effects on the matcher's state.
    pub fn is_simple_predicate(&self) -> bool {
        matches!(
            self,
            Matcher::CheckSame(_)
                | Matcher::CheckChildSame { .. }
                | Matcher::CheckPatternPredicate(_)
                | Matcher::CheckPredicate { .. }
                | Matcher::CheckOpcode(_)
                | Matcher::CheckType { .. }
                | Matcher::CheckChildType { .. }
                | Matcher::CheckInteger(_)
                | Matcher::CheckChildInteger { .. }
                | Matcher::CheckCondCode(_)
                | Matcher::CheckChild2CondCode(_)
                | Matcher::CheckValueType(_)
                | Matcher::CheckAndImm(_)
                | Matcher::CheckOrImm(_)
                | Matcher::CheckImmAllOnesV
                | Matcher::CheckImmAllZerosV
                | Matcher::CheckFoldableChainNode
        )
    }

    /// `isSimplePredicateOrRecordNode`.
    pub fn is_simple_predicate_or_record(&self) -> bool {
        self.is_simple_predicate() || matches!(self, Matcher::RecordNode { .. } | Matcher::RecordChild { .. })
    }

    /// `canMoveBeforeNode`: a simple predicate moves before simple predicates and records.
    fn can_move_before_node(&self, other: &Matcher) -> bool {
        if self.is_simple_predicate() {
            return other.is_simple_predicate_or_record();
        }
        // LLVM means to let a record move across simple predicates, but asks whether the
        // record itself is one: a record never moves.
        false
    }
}

fn emit_equal(a: &EmitNode, b: &EmitNode) -> bool {
    a.inst == b.inst
        && a.vts == b.vts
        && a.operands == b.operands
        && a.has_chain == b.has_chain
        && a.has_in_glue == b.has_in_glue
        && a.has_out_glue == b.has_out_glue
        && a.has_mem_refs == b.has_mem_refs
        && a.num_fixed_arity_operands == b.num_fixed_arity_operands
}

/// `TypesAreContradictory`: different types, `iPTR` agreeing with any scalar integer; with
/// `wildcards` (LLVM 22 on), `cPTR` with any scalar capability and `pAny` with either.
fn types_are_contradictory(table: &MvtTable, wildcards: bool, a: MvtId, b: MvtId) -> bool {
    if a == b {
        return false;
    }
    let pointers = [table.iptr, table.cptr];
    if wildcards && Some(a) == table.ptr_any {
        return pointers.iter().flatten().all(|&p| types_are_contradictory(table, wildcards, p, b));
    }
    if wildcards && Some(b) == table.ptr_any {
        return pointers.iter().flatten().all(|&p| types_are_contradictory(table, wildcards, a, p));
    }
    let not_scalar_int = |t: MvtId| {
        let i = table.info(t);
        !i.is_integer || i.is_vector
    };
    let not_scalar_capability = |t: MvtId| {
        let i = table.info(t);
        !i.is_cheri_capability || i.is_vector
    };
    if Some(a) == table.iptr {
        return not_scalar_int(b);
    }
    if Some(b) == table.iptr {
        return not_scalar_int(a);
    }
    if wildcards && Some(a) == table.cptr {
        return not_scalar_capability(b);
    }
    if wildcards && Some(b) == table.cptr {
        return not_scalar_capability(a);
    }
    true
}

/// `TypesAreContradictory` of types by HW mode: simple types as above; else contradictory
/// only where every mode either names contradicts (a mode one side cannot give a type for,
/// having neither it nor a default, never does).
fn vts_are_contradictory(table: &MvtTable, wildcards: bool, a: &ValueTypeByHwMode, b: &ValueTypeByHwMode) -> bool {
    if a == b {
        return false;
    }
    if let (Some(x), Some(y)) = (a.simple(), b.simple()) {
        return types_are_contradictory(table, wildcards, x, y);
    }
    a.modes().chain(b.modes()).all(|(mode, _)| match (a.get(mode), b.get(mode)) {
        (Some(x), Some(y)) => types_are_contradictory(table, wildcards, x, y),
        _ => false,
    })
}

/// `canMoveBefore`: the step at `at` of `list` may move to its front.
pub fn can_move_to_front(list: &List, at: usize) -> bool {
    list[..at].iter().all(|other| list[at].can_move_before_node(other))
}

/// `FindNodeWithKind`: the first step of `list` of `kind`.
pub fn find_kind(list: &List, kind: u8) -> Option<usize> {
    list.iter().position(|m| m.kind() == kind)
}
