//! The SelectionDAG nodes (LLVM's `SDNodeInfo` and `SDTypeConstraint`): each `SDNode` def's
//! opcode, numbers of results and operands, properties, flags and the type constraints of its
//! `SDTypeProfile`, read once per evaluation for every node in name order, as
//! `CodeGenDAGPatterns::ParseNodeInfo` and `--gen-sd-node-info` read them.

use super::properties::Properties;
use crate::records::{derived_definitions, int_value, Fatal, Fields};
use crate::target::info_by_hw_mode::{value_type_by_mode, VtByMode};
use crate::target::Target;
use std::cmp::Ordering;
use std::collections::HashMap;
use std::sync::Arc;
use tdq_core::types::RecId;
use tdq_core::{ByRelease, Evaluation};

/// What a type constraint requires (LLVM's `SDTypeConstraint::KindTy`, with the operand or
/// value type each kind reads).
#[derive(Clone, Debug)]
pub enum ConstraintKind {
    /// `SDTCisVT`: the operand has this value type.
    IsVt(VtByMode),
    /// `SDTCisPtrTy`.
    IsPtrTy,
    /// `SDTCisInt`.
    IsInt,
    /// `SDTCisFP`.
    IsFp,
    /// `SDTCisVec`.
    IsVec,
    /// `SDTCisSameAs`: the same type as the other operand.
    IsSameAs(u32),
    /// `SDTCisVTSmallerThanOp`: the operand (a `ValueType` operand) is smaller than the other.
    IsVtSmallerThanOp(u32),
    /// `SDTCisOpSmallerThanOp`: smaller than the other (`BigOperandNum`).
    IsOpSmallerThanOp(u32),
    /// `SDTCisEltOfVec`: the element type of the other, a vector.
    IsEltOfVec(u32),
    /// `SDTCisSubVecOfVec`: a vector with fewer elements of the other's element type.
    IsSubVecOfVec(u32),
    /// `SDTCVecEltisVT`: a vector of elements of this (scalar) value type.
    VecEltIsVt(VtByMode),
    /// `SDTCisSameNumEltsAs`.
    IsSameNumEltsAs(u32),
    /// `SDTCisSameSizeAs`.
    IsSameSizeAs(u32),
}

impl ConstraintKind {
    /// The kind's name, which is also its `SDTypeConstraint` class and its C++ enumerator.
    pub fn name(&self) -> &'static str {
        match self {
            ConstraintKind::IsVt(_) => "SDTCisVT",
            ConstraintKind::IsPtrTy => "SDTCisPtrTy",
            ConstraintKind::IsInt => "SDTCisInt",
            ConstraintKind::IsFp => "SDTCisFP",
            ConstraintKind::IsVec => "SDTCisVec",
            ConstraintKind::IsSameAs(_) => "SDTCisSameAs",
            ConstraintKind::IsVtSmallerThanOp(_) => "SDTCisVTSmallerThanOp",
            ConstraintKind::IsOpSmallerThanOp(_) => "SDTCisOpSmallerThanOp",
            ConstraintKind::IsEltOfVec(_) => "SDTCisEltOfVec",
            ConstraintKind::IsSubVecOfVec(_) => "SDTCisSubVecOfVec",
            ConstraintKind::VecEltIsVt(_) => "SDTCVecEltisVT",
            ConstraintKind::IsSameNumEltsAs(_) => "SDTCisSameNumEltsAs",
            ConstraintKind::IsSameSizeAs(_) => "SDTCisSameSizeAs",
        }
    }

    /// Its position in LLVM's `KindTy`, which orders constraints.
    fn rank(&self) -> u8 {
        match self {
            ConstraintKind::IsVt(_) => 0,
            ConstraintKind::IsPtrTy => 1,
            ConstraintKind::IsInt => 2,
            ConstraintKind::IsFp => 3,
            ConstraintKind::IsVec => 4,
            ConstraintKind::IsSameAs(_) => 5,
            ConstraintKind::IsVtSmallerThanOp(_) => 6,
            ConstraintKind::IsOpSmallerThanOp(_) => 7,
            ConstraintKind::IsEltOfVec(_) => 8,
            ConstraintKind::IsSubVecOfVec(_) => 9,
            ConstraintKind::VecEltIsVt(_) => 10,
            ConstraintKind::IsSameNumEltsAs(_) => 11,
            ConstraintKind::IsSameSizeAs(_) => 12,
        }
    }

    /// The other operand the constraint relates this one to, for the kinds that have one.
    pub fn other_operand(&self) -> Option<u32> {
        match *self {
            ConstraintKind::IsSameAs(other)
            | ConstraintKind::IsVtSmallerThanOp(other)
            | ConstraintKind::IsOpSmallerThanOp(other)
            | ConstraintKind::IsEltOfVec(other)
            | ConstraintKind::IsSubVecOfVec(other)
            | ConstraintKind::IsSameNumEltsAs(other)
            | ConstraintKind::IsSameSizeAs(other) => Some(other),
            ConstraintKind::IsVt(_)
            | ConstraintKind::IsPtrTy
            | ConstraintKind::IsInt
            | ConstraintKind::IsFp
            | ConstraintKind::IsVec
            | ConstraintKind::VecEltIsVt(_) => None,
        }
    }

    /// The value type (by mode) of `SDTCisVT` and `SDTCVecEltisVT`.
    pub fn value_type(&self) -> Option<&VtByMode> {
        match self {
            ConstraintKind::IsVt(vt) | ConstraintKind::VecEltIsVt(vt) => Some(vt),
            _ => None,
        }
    }
}

/// One type constraint of a node (LLVM's `SDTypeConstraint`): which operand (results first,
/// then operands) and what it requires.
#[derive(Clone, Debug)]
pub struct TypeConstraint {
    /// `OperandNo`: the result or operand it constrains.
    pub operand: u32,
    pub kind: ConstraintKind,
}

/// LLVM's `operator<`: by operand, then kind, then the value type or the other operand.
impl Ord for TypeConstraint {
    fn cmp(&self, other: &TypeConstraint) -> Ordering {
        (self.operand, self.kind.rank()).cmp(&(other.operand, other.kind.rank())).then_with(|| {
            match (self.kind.value_type(), other.kind.value_type()) {
                (Some(a), Some(b)) => a.cmp(b),
                _ => self.kind.other_operand().cmp(&other.kind.other_operand()),
            }
        })
    }
}

impl PartialOrd for TypeConstraint {
    fn partial_cmp(&self, other: &TypeConstraint) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// LLVM's `operator==`, which agrees with its `operator<`.
impl PartialEq for TypeConstraint {
    fn eq(&self, other: &TypeConstraint) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for TypeConstraint {}

impl TypeConstraint {
    /// The `SDTypeConstraint` constructor: `rec`'s kind is the first of its classes in
    /// `KindTy`'s order; the value types of `SDTCisVT` and `SDTCVecEltisVT` are checked.
    fn read(input: &Evaluation, target: &Target, rec: RecId) -> Result<TypeConstraint, Fatal> {
        let f = Fields { input };
        let operand = f.int(rec, "OperandNum")? as u32;
        let other = |field: &str| f.int(rec, field).map(|n| n as u32);
        let fatal = |message: &str| Fatal::new(&input.records.get(rec).locs, message);
        let value_type = || value_type_by_mode(input, &target.hw_modes, f.def(rec, "VT")?);
        let kind = if f.is_a(rec, "SDTCisVT") {
            let vt = value_type()?;
            if vt.iter().any(|(_, t)| t.name == "isVoid") {
                return Err(fatal("Cannot use 'Void' as type to SDTCisVT"));
            }
            ConstraintKind::IsVt(vt)
        } else if f.is_a(rec, "SDTCisPtrTy") {
            ConstraintKind::IsPtrTy
        } else if f.is_a(rec, "SDTCisInt") {
            ConstraintKind::IsInt
        } else if f.is_a(rec, "SDTCisFP") {
            ConstraintKind::IsFp
        } else if f.is_a(rec, "SDTCisVec") {
            ConstraintKind::IsVec
        } else if f.is_a(rec, "SDTCisSameAs") {
            ConstraintKind::IsSameAs(other("OtherOperandNum")?)
        } else if f.is_a(rec, "SDTCisVTSmallerThanOp") {
            ConstraintKind::IsVtSmallerThanOp(other("OtherOperandNum")?)
        } else if f.is_a(rec, "SDTCisOpSmallerThanOp") {
            ConstraintKind::IsOpSmallerThanOp(other("BigOperandNum")?)
        } else if f.is_a(rec, "SDTCisEltOfVec") {
            ConstraintKind::IsEltOfVec(other("OtherOpNum")?)
        } else if f.is_a(rec, "SDTCisSubVecOfVec") {
            ConstraintKind::IsSubVecOfVec(other("OtherOpNum")?)
        } else if f.is_a(rec, "SDTCVecEltisVT") {
            let vt = value_type()?;
            for (_, t) in vt.iter() {
                if t.is_vector {
                    return Err(fatal("Cannot use vector type as SDTCVecEltisVT"));
                }
                if !t.is_integer && !t.is_fp {
                    return Err(fatal("Must use integer or floating point type as SDTCVecEltisVT"));
                }
            }
            ConstraintKind::VecEltIsVt(vt)
        } else if f.is_a(rec, "SDTCisSameNumEltsAs") {
            ConstraintKind::IsSameNumEltsAs(other("OtherOperandNum")?)
        } else if f.is_a(rec, "SDTCisSameSizeAs") {
            ConstraintKind::IsSameSizeAs(other("OtherOperandNum")?)
        } else {
            return Err(fatal(&format!("Unrecognized SDTypeConstraint '{}'!\n", f.name(rec))));
        };
        Ok(TypeConstraint { operand, kind })
    }
}

/// A node's `IsStrictFP` and `TSFlags` are read (LLVM 22 on; LLVM 19's nodes have neither).
const READS_FLAGS: ByRelease<bool> = ByRelease { v19: false, v22: true, v23: true };

/// One SelectionDAG node (LLVM's `SDNodeInfo`), as its `SDNode` def and type profile say.
#[derive(Clone, Debug)]
pub struct SdNodeInfo {
    pub def: RecId,
    /// Its `Opcode`, the C++ enumerator it stands for (`ISD::ADD`, `X86ISD::CMP`).
    pub enum_name: &'static str,
    /// Its `SDClass`, the C++ class of its nodes.
    pub sd_class_name: &'static str,
    /// The type profile's `NumResults`.
    pub num_results: u32,
    /// The type profile's `NumOperands`; -1 for a variadic node.
    pub num_operands: i32,
    pub properties: Properties,
    /// `IsStrictFP`.
    pub is_strict_fp: bool,
    /// `TSFlags`, the target's own flags.
    pub ts_flags: u32,
    /// The type profile's `Constraints`, in its order.
    pub type_constraints: Vec<TypeConstraint>,
}

impl SdNodeInfo {
    /// The `SDNodeInfo` constructor, reading `def` and its type profile with the target's
    /// hardware modes.
    fn read(input: &Evaluation, target: &Target, def: RecId) -> Result<SdNodeInfo, Fatal> {
        let f = Fields { input };
        let enum_name = f.string(def, "Opcode")?;
        let sd_class_name = f.string(def, "SDClass")?;
        let profile = f.def(def, "TypeProfile")?;
        let num_results = f.int(profile, "NumResults")? as u32;
        let num_operands = f.int(profile, "NumOperands")? as i32;
        let properties = Properties::read(input, def)?;
        let (is_strict_fp, ts_flags) = if *READS_FLAGS.get(input.records.release) {
            let is_strict_fp = f.bit(def, "IsStrictFP")?;
            // `getValueAsBitsInit`, then `convertInitializerToInt`: every bit must be set.
            f.bits(def, "TSFlags")?;
            let Some(ts_flags) = int_value(f.init(def, "TSFlags")?) else {
                return Err(Fatal::new(&input.records.get(def).locs, "Invalid TSFlags"));
            };
            (is_strict_fp, ts_flags)
        } else {
            (false, 0)
        };
        let mut type_constraints = Vec::new();
        for constraint in f.defs(profile, "Constraints")? {
            type_constraints.push(TypeConstraint::read(input, target, constraint)?);
        }
        Ok(SdNodeInfo {
            def,
            enum_name,
            sd_class_name,
            num_results,
            num_operands,
            properties,
            is_strict_fp,
            ts_flags: ts_flags as u32,
            type_constraints,
        })
    }

    /// A target node's opcode split into its namespace and enumerator (`X86ISD::CMP`), as
    /// `--gen-sd-node-info` splits it at the first `::`; `None` when either part is empty.
    pub fn namespace_and_name(&self) -> Option<(&'static str, &'static str)> {
        self.enum_name.split_once("::").filter(|(namespace, name)| !namespace.is_empty() && !name.is_empty())
    }
}

/// Every `SDNode` def's node, in name order, each read or failed (LLVM reads them in this
/// order and stops at the first failure; a reader meets each node's failure where it reaches
/// it, after what it did for the nodes before).
#[derive(Debug)]
pub struct SdNodes {
    nodes: Vec<Result<SdNodeInfo, Fatal>>,
    by_def: HashMap<RecId, usize>,
}

impl SdNodes {
    /// The nodes of `input`, computed once, after the target (`CodeGenTarget`, whose hardware
    /// modes the value types are read with).
    pub fn get(input: &Evaluation) -> Result<Arc<SdNodes>, Fatal> {
        crate::computed(input, || {
            let target = Target::get(input)?;
            let defs = derived_definitions(input, "SDNode")?;
            let nodes: Vec<_> = defs.iter().map(|&def| SdNodeInfo::read(input, &target, def)).collect();
            let by_def = defs.iter().enumerate().map(|(i, &def)| (def, i)).collect();
            Ok(SdNodes { nodes, by_def })
        })
    }

    /// Each node in name order, or its failure.
    pub fn iter(&self) -> impl Iterator<Item = Result<&SdNodeInfo, Fatal>> {
        self.nodes.iter().map(|node| node.as_ref().map_err(Fatal::clone))
    }

    /// `getSDNodeInfo`: the node of an `SDNode` def.
    pub fn of(&self, def: RecId) -> Option<Result<&SdNodeInfo, Fatal>> {
        self.by_def.get(&def).map(|&i| self.nodes[i].as_ref().map_err(Fatal::clone))
    }
}
