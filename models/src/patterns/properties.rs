//! The properties of a SelectionDAG node, an intrinsic or a pattern fragment (LLVM's
//! `Basic/SDNodeProperties`): the `SDNP*` defs of a record's `Properties`, as a set of bits
//! numbered as LLVM's `SDNP` enum numbers them.

use crate::records::{Fatal, Fields};
use tdq_core::types::RecId;
use tdq_core::Evaluation;

/// One property (LLVM's `enum SDNP`), its bit in [`Properties`] being its position here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Property {
    Commutative,
    Associative,
    HasChain,
    OutGlue,
    InGlue,
    OptInGlue,
    MayLoad,
    MayStore,
    SideEffect,
    MemOperand,
    Variadic,
}

/// Each property with the def that names it, in the order `parseSDPatternOperatorProperties`
/// tries them.
pub const PROPERTY_DEFS: &[(&str, Property)] = &[
    ("SDNPCommutative", Property::Commutative),
    ("SDNPAssociative", Property::Associative),
    ("SDNPHasChain", Property::HasChain),
    ("SDNPOutGlue", Property::OutGlue),
    ("SDNPInGlue", Property::InGlue),
    ("SDNPOptInGlue", Property::OptInGlue),
    ("SDNPMayStore", Property::MayStore),
    ("SDNPMayLoad", Property::MayLoad),
    ("SDNPSideEffect", Property::SideEffect),
    ("SDNPMemOperand", Property::MemOperand),
    ("SDNPVariadic", Property::Variadic),
];

/// A set of properties: bit `1 << p` for each property `p` (LLVM's `unsigned Properties`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Properties(pub u32);

impl Properties {
    /// `hasProperty`.
    pub fn has(self, property: Property) -> bool {
        self.0 & (1 << property as u32) != 0
    }

    /// The properties in `mask` only.
    pub fn masked(self, mask: &[Property]) -> Properties {
        Properties(mask.iter().filter(|&&p| self.has(p)).fold(0, |bits, &p| bits | 1 << p as u32))
    }

    /// `parseSDPatternOperatorProperties`: the properties `rec`'s `Properties` list names; a def
    /// that names none is a fatal error at `rec`.
    pub fn read(input: &Evaluation, rec: RecId) -> Result<Properties, Fatal> {
        let f = Fields { input };
        let mut properties = Properties::default();
        for def in f.defs(rec, "Properties")? {
            let name = f.name(def);
            let Some(&(_, property)) = PROPERTY_DEFS.iter().find(|(known, _)| *known == name) else {
                let message = format!("Unknown SD Node property '{name}' on node '{}'!", f.name(rec));
                return Err(Fatal::new(&input.records.get(rec).locs, message));
            };
            properties.0 |= 1 << property as u32;
        }
        Ok(properties)
    }
}
