//! Complex patterns (LLVM's `ComplexPattern`, `CodeGenDAGPatterns::ParseComplexPatterns`): a
//! leaf or node a target's C++ selection function matches, with its type, operand count,
//! function, the nodes it may match at the root, its complexity and properties.

use super::properties::{Properties, Property};
use crate::records::{derived_definitions, Fatal, Fields};
use std::collections::HashMap;
use tdq_core::types::RecId;
use tdq_core::{ByRelease, Evaluation};

/// One `ComplexPattern` def.
#[derive(Clone, Debug)]
pub struct ComplexPattern {
    pub def: RecId,
    pub ty: RecId,
    pub num_operands: i64,
    pub select_func: &'static str,
    pub root_nodes: Vec<RecId>,
    /// `Complexity`, or three per operand when it is -1.
    pub complexity: i64,
    pub properties: Properties,
    /// The selection function takes the match's root and the operand's parent first
    /// (`wantsRoot`, `wantsParent`; see [`WANTS`]).
    pub want_root: bool,
    pub want_parent: bool,
}

/// Where a complex pattern says that its function wants the root or the parent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Wants {
    /// Two properties of its own, `SDNPWantRoot` and `SDNPWantParent` (LLVM 19).
    Properties,
    /// The bits `WantsRoot` and `WantsParent` (LLVM 22 on; those properties are gone).
    Bits,
}

const WANTS: ByRelease<Wants> = ByRelease { v19: Wants::Properties, v22: Wants::Bits, v23: Wants::Bits };

/// The properties a complex pattern may have (fewer than a node's, and in LLVM 19 two of its
/// own).
const ALLOWED: &[(&str, Option<Property>)] = &[
    ("SDNPHasChain", Some(Property::HasChain)),
    ("SDNPOptInGlue", Some(Property::OptInGlue)),
    ("SDNPMayStore", Some(Property::MayStore)),
    ("SDNPMayLoad", Some(Property::MayLoad)),
    ("SDNPSideEffect", Some(Property::SideEffect)),
    ("SDNPMemOperand", Some(Property::MemOperand)),
    ("SDNPVariadic", Some(Property::Variadic)),
    ("SDNPWantRoot", None),
    ("SDNPWantParent", None),
];

impl ComplexPattern {
    fn read(input: &Evaluation, def: RecId) -> Result<ComplexPattern, Fatal> {
        let f = Fields { input };
        let ty = f.def(def, "Ty")?;
        let num_operands = f.int(def, "NumOperands")?;
        let select_func = f.string(def, "SelectFunc")?;
        let root_nodes = f.defs(def, "RootNodes")?;
        let raw = f.int(def, "Complexity")?;
        let complexity = if raw == -1 { num_operands * 3 } else { raw };
        let mut properties = Properties::default();
        let (mut want_root, mut want_parent) = (false, false);
        let wants = *WANTS.get(input.records.release);
        for prop in f.defs(def, "Properties")? {
            let name = f.name(prop);
            let mut allowed = ALLOWED.iter().filter(|(_, p)| p.is_some() || wants == Wants::Properties);
            match allowed.find(|(known, _)| *known == name) {
                Some((_, Some(p))) => properties.0 |= 1 << *p as u32,
                Some(_) if name == "SDNPWantRoot" => want_root = true,
                Some(_) => want_parent = true,
                None => {
                    let message = format!("Unsupported SD Node property '{name}' on ComplexPattern '{}'!", f.name(def));
                    return Err(Fatal::new(&input.records.get(def).locs, message));
                }
            }
        }
        match wants {
            Wants::Properties => {}
            Wants::Bits => {
                want_root = f.bit(def, "WantsRoot")?;
                want_parent = f.bit(def, "WantsParent")?;
            }
        }
        Ok(ComplexPattern {
            def,
            ty,
            num_operands,
            select_func,
            root_nodes,
            complexity,
            properties,
            want_root,
            want_parent,
        })
    }
}

/// Every complex pattern, by def (`ParseComplexPatterns`, in name order: the first bad one
/// is LLVM's error).
#[derive(Debug, Default)]
pub struct ComplexPatterns {
    by_def: HashMap<RecId, ComplexPattern>,
}

impl ComplexPatterns {
    pub fn read(input: &Evaluation) -> Result<ComplexPatterns, Fatal> {
        let mut by_def = HashMap::new();
        for &def in derived_definitions(input, "ComplexPattern")?.iter() {
            by_def.insert(def, ComplexPattern::read(input, def)?);
        }
        Ok(ComplexPatterns { by_def })
    }

    pub fn of(&self, def: RecId) -> Option<&ComplexPattern> {
        self.by_def.get(&def)
    }
}
