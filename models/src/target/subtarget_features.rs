//! The subtarget features that take part in assembly matching (LLVM's `SubtargetFeatureInfo`):
//! each `Predicate` def marked `AssemblerMatcherPredicate` with a non-empty `CondString`, given
//! a bit in name order, and the C++ check of its `AssemblerCondDag` on the feature bits
//! (`emitFeaturesAux`), which the subtarget and assembly-matcher emitters share.

use crate::records::{derived_definitions, Fatal, Fields};
use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::Arc;
use tdq_core::init::{Init, InitKind};
use tdq_core::types::RecId;
use tdq_core::Evaluation;

/// One feature (`SubtargetFeatureInfo`): its `Predicate` def and its bit.
#[derive(Clone, Copy, Debug)]
pub struct SubtargetFeature {
    pub def: RecId,
    pub index: u32,
}

/// The assembler's features: `getAll`, kept as LLVM's `SubtargetFeatureInfoMap` (ordered by
/// record id).
#[derive(Debug)]
pub struct SubtargetFeatures {
    /// In record-id order (the map's order); `index` is the name order.
    pub all: Vec<SubtargetFeature>,
    by_def: HashMap<RecId, usize>,
}

impl SubtargetFeatures {
    /// `SubtargetFeatureInfo::getAll`, computed once.
    pub fn get(input: &Evaluation) -> Result<Arc<SubtargetFeatures>, Fatal> {
        crate::computed(input, || {
            let f = Fields { input };
            let mut all = Vec::new();
            for &pred in derived_definitions(input, "Predicate")?.iter() {
                if !f.bit(pred, "AssemblerMatcherPredicate")? {
                    continue;
                }
                if f.name(pred).is_empty() {
                    return Err(Fatal::new(&input.records.get(pred).locs, "Predicate has no name!"));
                }
                if f.string(pred, "CondString")?.is_empty() {
                    continue;
                }
                all.push(SubtargetFeature { def: pred, index: all.len() as u32 });
            }
            all.sort_by_key(|feature| feature.def);
            let by_def = all.iter().enumerate().map(|(i, feature)| (feature.def, i)).collect();
            Ok(SubtargetFeatures { all, by_def })
        })
    }

    /// The feature a `Predicate` def is, if it is one.
    pub fn of(&self, def: RecId) -> Option<&SubtargetFeature> {
        self.by_def.get(&def).map(|&i| &self.all[i])
    }

    pub fn is_empty(&self) -> bool {
        self.all.is_empty()
    }
}

/// The features a GlobalISel match-table emitter declares as its rules require them (its
/// `SubtargetFeatureInfoMap`, filled by `declareSubtargetFeature`): each gets the next bit when
/// first declared, and they are listed in record-id order.
#[derive(Debug, Default, Clone)]
pub struct DeclaredFeatures {
    /// By record id.
    all: Vec<SubtargetFeature>,
}

impl DeclaredFeatures {
    /// `declareSubtargetFeature`: the def's feature, given the next bit the first time.
    pub fn declare(&mut self, def: RecId) {
        if let Err(at) = self.all.binary_search_by_key(&def, |feature| feature.def) {
            let index = self.all.len() as u32;
            self.all.insert(at, SubtargetFeature { def, index });
        }
    }

    /// The features in record-id order (the map's order).
    pub fn all(&self) -> &[SubtargetFeature] {
        &self.all
    }

    /// The feature a `Predicate` def is, if it was declared.
    pub fn of(&self, def: RecId) -> Option<&SubtargetFeature> {
        self.all.binary_search_by_key(&def, |feature| feature.def).ok().map(|i| &self.all[i])
    }

    pub fn len(&self) -> usize {
        self.all.len()
    }

    pub fn is_empty(&self) -> bool {
        self.all.is_empty()
    }
}

impl SubtargetFeature {
    /// `getEnumBitName`: `Feature_<def>Bit`.
    pub fn enum_bit_name(&self, input: &Evaluation) -> String {
        format!("Feature_{}Bit", Fields { input }.name(self.def))
    }

    /// `mustRecomputePerFunction`: the def's `RecomputePerFunction`.
    pub fn recompute_per_function(&self, input: &Evaluation) -> Result<bool, Fatal> {
        Fields { input }.bit(self.def, "RecomputePerFunction")
    }
}

/// `emitFeaturesAux`: an `AssemblerCondDag` (or a part of it) as a C++ test of the feature
/// bits `FB`; `true` when it is not one LLVM can write (a def that is no `SubtargetFeature`, an
/// operator other than `not`, `any_of` and `all_of`).
pub fn features_aux(f: Fields, target: &str, s: &mut String, value: Init, paren_if_bin_op: bool) -> bool {
    match value.kind() {
        InitKind::Def(id, _, _) => {
            if !f.is_a(*id, "SubtargetFeature") {
                return true;
            }
            let _ = write!(s, "FB[{}::{}]", target, f.name(*id));
            false
        }
        InitKind::Dag(op, _, args) => {
            let Some(op) = op.as_def() else { return true };
            let op_name = f.name(op);
            if op_name == "not" && args.len() == 1 {
                s.push('!');
                return features_aux(f, target, s, args[0].0, true);
            }
            if (op_name == "any_of" || op_name == "all_of") && !args.is_empty() {
                let paren = args.len() > 1 && paren_if_bin_op;
                let paren_if_bin_op = args.len() > 1 || paren_if_bin_op;
                if paren {
                    s.push('(');
                }
                let sep = if op_name == "any_of" { " || " } else { " && " };
                for (i, arg) in args.iter().enumerate() {
                    if i > 0 {
                        s.push_str(sep);
                    }
                    if features_aux(f, target, s, arg.0, paren_if_bin_op) {
                        return true;
                    }
                }
                if paren {
                    s.push(')');
                }
                return false;
            }
            true
        }
        _ => true,
    }
}
