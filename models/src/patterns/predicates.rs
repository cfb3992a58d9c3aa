//! Predicates of pattern fragments (LLVM's `TreePredicateFn`): whether a `PatFrags` def
//! constrains the node it matches (its `PredicateCode`, `ImmediateCode`, or the predefined
//! load, store and atomic checks such as `IsLoad`, `MemoryVT`, `IsTruncStore`), and the C++
//! that checks it, as the instruction selector runs it on a node.

use super::fragments::Fragments;
use super::sd_nodes::SdNodes;
use super::tree::TreeNode;
use crate::records::{Fatal, Fields};
use tdq_core::init::InitKind;
use tdq_core::types::RecId;
use tdq_core::{ByRelease, Evaluation};

/// How a release writes and checks a predicate's code.
struct Form {
    /// "MemoryVT requires IsLoad or IsStore" names IsAtomic too.
    memory_vt_names_atomic: bool,
    /// An atomic predicate may check the extension (`IsNonExtLoad`...), which LLVM 19
    /// answers with `return false`.
    atomic_extensions: bool,
    /// How the code checks `HasNoUse` and `HasOneUse`.
    no_use: &'static str,
    one_use: &'static str,
    /// The predicate reads `SDValue Op` (LLVM 22 on), not `SDNode *Node`.
    node: &'static str,
    node_ptr: &'static str,
}

static FORM: ByRelease<Form> = ByRelease {
    v19: Form {
        memory_vt_names_atomic: false,
        atomic_extensions: false,
        no_use: "if (!SDValue(N, 0).use_empty()) return false;\n",
        one_use: "if (!SDValue(N, 0).hasOneUse()) return false;\n",
        node: "Node",
        node_ptr: "Node",
    },
    v22: Form {
        memory_vt_names_atomic: true,
        atomic_extensions: true,
        no_use: "if (N->hasAnyUseOfValue(0)) return false;\n",
        one_use: "if (!N->hasNUsesOfValue(1, 0)) return false;\n",
        node: "Op",
        node_ptr: "Op.getNode()",
    },
    v23: Form {
        memory_vt_names_atomic: true,
        atomic_extensions: true,
        no_use: "if (N->hasAnyUseOfValue(0)) return false;\n",
        one_use: "if (!N->hasNUsesOfValue(1, 0)) return false;\n",
        node: "Op",
        node_ptr: "Op.getNode()",
    },
};

/// The predicate of one fragment record.
#[derive(Clone, Copy)]
pub struct PredicateFn<'a> {
    pub input: &'a Evaluation,
    pub frag: RecId,
}

impl PredicateFn<'_> {
    fn f(&self) -> Fields<'_> {
        Fields { input: self.input }
    }

    /// `getValueAsBitOrUnset`: the bit, `None` when unset or missing.
    fn bit_or_unset(&self, field: &str) -> Option<bool> {
        match self.f().value(self.frag, field)?.value.kind() {
            InitKind::Bit(b) => Some(*b),
            _ => None,
        }
    }

    /// `isPredefinedPredicateEqualTo`.
    fn is(&self, field: &str, value: bool) -> bool {
        self.bit_or_unset(field) == Some(value)
    }

    fn text(&self, field: &str) -> &'static str {
        self.f().value(self.frag, field).and_then(|v| v.value.as_str()).unwrap_or("")
    }

    fn unset_or_missing(&self, field: &str) -> bool {
        self.f().value(self.frag, field).is_none_or(|v| v.value.is_unset())
    }

    pub fn uses_operands(&self) -> bool {
        self.is("PredicateCodeUsesOperands", true)
    }

    fn is_load(&self) -> bool {
        self.is("IsLoad", true)
    }
    fn is_store(&self) -> bool {
        self.is("IsStore", true)
    }
    fn is_atomic(&self) -> bool {
        self.is("IsAtomic", true)
    }

    pub fn has_pred_code(&self) -> bool {
        self.is_load()
            || self.is_store()
            || self.is_atomic()
            || self.is("HasNoUse", true)
            || self.is("HasOneUse", true)
            || !self.text("PredicateCode").is_empty()
    }

    pub fn has_imm_code(&self) -> bool {
        !self.text("ImmediateCode").is_empty()
    }

    /// `isAlwaysTrue`: the fragment checks nothing.
    pub fn is_always_true(&self) -> bool {
        !self.has_pred_code() && !self.has_imm_code()
    }

    /// `getFnName`.
    pub fn fn_name(&self) -> String {
        format!("Predicate_{}", self.f().name(self.frag))
    }

    fn fatal(&self, message: &str) -> Fatal {
        Fatal::new(&self.input.records.get(self.frag).locs, message)
    }

    fn def_field(&self, field: &str) -> Result<Option<RecId>, Fatal> {
        if self.unset_or_missing(field) {
            return Ok(None);
        }
        self.f().def(self.frag, field).map(Some)
    }

    /// `getPredCode`: the checks of the predefined fields, then `PredicateCode`.
    fn form(&self) -> &'static Form {
        FORM.get(self.input.records.release)
    }

    fn pred_code(&self) -> Result<String, Fatal> {
        let form = self.form();
        let (load, store, atomic) = (self.is_load(), self.is_store(), self.is_atomic());
        let memory_vt = self.def_field("MemoryVT")?;
        let scalar_memory_vt = self.def_field("ScalarMemoryVT")?;
        let unindexed = self.is("IsUnindexed", true);
        let non_ext = self.is("IsNonExtLoad", true);
        let any_ext = self.is("IsAnyExtLoad", true);
        let sext = self.is("IsSignExtLoad", true);
        let zext = self.is("IsZeroExtLoad", true);
        let non_trunc = self.is("IsTruncStore", false);
        let trunc = self.is("IsTruncStore", true);
        let address_spaces = if self.unset_or_missing("AddressSpaces") {
            None
        } else {
            Some(self.f().list(self.frag, "AddressSpaces")?)
        };
        let min_align =
            if self.unset_or_missing("MinAlignment") { 0 } else { self.f().int(self.frag, "MinAlignment")? };
        const ORDERINGS: [(&str, bool, &str); 9] = [
            ("IsAtomicOrderingMonotonic", true, "IsAtomicOrderingMonotonic"),
            ("IsAtomicOrderingAcquire", true, "IsAtomicOrderingAcquire"),
            ("IsAtomicOrderingRelease", true, "IsAtomicOrderingRelease"),
            ("IsAtomicOrderingAcquireRelease", true, "IsAtomicOrderingAcquireRelease"),
            ("IsAtomicOrderingSequentiallyConsistent", true, "IsAtomicOrderingSequentiallyConsistent"),
            ("IsAtomicOrderingAcquireOrStronger", true, "IsAtomicOrderingAcquireOrStronger"),
            ("IsAtomicOrderingAcquireOrStronger", false, "IsAtomicOrderingWeakerThanAcquire"),
            ("IsAtomicOrderingReleaseOrStronger", true, "IsAtomicOrderingReleaseOrStronger"),
            ("IsAtomicOrderingReleaseOrStronger", false, "IsAtomicOrderingWeakerThanRelease"),
        ];
        let ordering = |i: usize| self.is(ORDERINGS[i].0, ORDERINGS[i].1);
        if !load && !store && !atomic && memory_vt.is_some() {
            return Err(self.fatal(match form.memory_vt_names_atomic {
                true => "MemoryVT requires IsLoad or IsStore or IsAtomic",
                false => "MemoryVT requires IsLoad or IsStore",
            }));
        }
        if !load && !store {
            if unindexed {
                return Err(self.fatal("IsUnindexed requires IsLoad or IsStore"));
            }
            if scalar_memory_vt.is_some() {
                return Err(self.fatal("ScalarMemoryVT requires IsLoad or IsStore"));
            }
        }
        if u8::from(load) + u8::from(store) + u8::from(atomic) > 1 {
            return Err(self.fatal("IsLoad, IsStore, and IsAtomic are mutually exclusive"));
        }
        let described = memory_vt.is_some() || scalar_memory_vt.is_some() || address_spaces.is_some() || min_align >= 1;
        if load {
            if !unindexed && !non_ext && !any_ext && !sext && !zext && !described {
                return Err(self.fatal("IsLoad cannot be used by itself"));
            }
        } else if form.atomic_extensions {
            if !atomic {
                if non_ext {
                    return Err(self.fatal("IsNonExtLoad requires IsLoad or IsAtomic"));
                }
                if any_ext {
                    return Err(self.fatal("IsAnyExtLoad requires IsLoad or IsAtomic"));
                }
                if sext {
                    return Err(self.fatal("IsSignExtLoad requires IsLoad or IsAtomic"));
                }
                if zext {
                    return Err(self.fatal("IsZeroExtLoad requires IsLoad or IsAtomic"));
                }
            }
        } else {
            if non_ext {
                return Err(self.fatal("IsNonExtLoad requires IsLoad"));
            }
            if any_ext {
                return Err(self.fatal("IsAnyExtLoad requires IsLoad"));
            }
            if !atomic {
                if sext {
                    return Err(self.fatal("IsSignExtLoad requires IsLoad or IsAtomic"));
                }
                if zext {
                    return Err(self.fatal("IsZeroExtLoad requires IsLoad or IsAtomic"));
                }
            }
        }
        if store {
            if !unindexed && !trunc && !non_trunc && !described {
                return Err(self.fatal("IsStore cannot be used by itself"));
            }
        } else {
            if non_trunc {
                return Err(self.fatal("IsNonTruncStore requires IsStore"));
            }
            if trunc {
                return Err(self.fatal("IsTruncStore requires IsStore"));
            }
        }
        if atomic {
            let ext = zext || sext || (form.atomic_extensions && (non_ext || any_ext));
            if memory_vt.is_none() && address_spaces.is_none() && !ext && !(0..9).any(ordering) {
                return Err(self.fatal("IsAtomic cannot be used by itself"));
            }
        } else if let Some(i) = (0..8).find(|&i| ordering(i)) {
            return Err(self.fatal(&format!("{} requires IsAtomic", ORDERINGS[i].2)));
        }
        let mut code = String::new();
        if load || store || atomic {
            if let Some(spaces) = address_spaces {
                code += "unsigned AddrSpace = cast<MemSDNode>(N)->getAddressSpace();\n if (";
                for (i, v) in spaces.iter().enumerate() {
                    let InitKind::Int(n) = v.kind() else {
                        return Err(self.fatal("AddressSpaces element must be integer"));
                    };
                    if i > 0 {
                        code += " && ";
                    }
                    code += &format!("AddrSpace != {}", *n as u64);
                }
                code += ")\nreturn false;\n";
            }
            if min_align > 0 {
                code += &format!("if (cast<MemSDNode>(N)->getAlign() < Align({min_align}))\nreturn false;\n");
            }
            if let Some(vt) = memory_vt {
                code +=
                    &format!("if (cast<MemSDNode>(N)->getMemoryVT() != MVT::{}) return false;\n", self.f().name(vt));
            }
        }
        if atomic {
            for (i, o) in
                ["Monotonic", "Acquire", "Release", "AcquireRelease", "SequentiallyConsistent"].iter().enumerate()
            {
                if ordering(i) {
                    code += &format!(
                        "if (cast<AtomicSDNode>(N)->getMergedOrdering() != AtomicOrdering::{o}) return false;\n"
                    );
                }
            }
            for (i, neg, f) in [
                (5, "!", "isAcquireOrStronger"),
                (6, "", "isAcquireOrStronger"),
                (7, "!", "isReleaseOrStronger"),
                (8, "", "isReleaseOrStronger"),
            ] {
                if ordering(i) {
                    code += &format!("if ({neg}{f}(cast<AtomicSDNode>(N)->getMergedOrdering())) return false;\n");
                }
            }
            if form.atomic_extensions {
                if u8::from(non_ext) + u8::from(any_ext) + u8::from(sext) + u8::from(zext) > 1 {
                    return Err(self
                        .fatal("IsNonExtLoad, IsAnyExtLoad, IsSignExtLoad, and IsZeroExtLoad are mutually exclusive"));
                }
                for (on, ext) in
                    [(non_ext, "NON_EXTLOAD"), (any_ext, "EXTLOAD"), (sext, "SEXTLOAD"), (zext, "ZEXTLOAD")]
                {
                    if on {
                        code +=
                            &format!("if (cast<AtomicSDNode>(N)->getExtensionType() != ISD::{ext}) return false;\n");
                    }
                }
            } else if zext || sext {
                code += "return false;\n";
            }
        }
        if load || store {
            let class = if load { "LoadSDNode" } else { "StoreSDNode" };
            if unindexed {
                code += &format!("if (cast<{class}>(N)->getAddressingMode() != ISD::UNINDEXED) return false;\n");
            }
            if load {
                if u8::from(non_ext) + u8::from(any_ext) + u8::from(sext) + u8::from(zext) > 1 {
                    return Err(self
                        .fatal("IsNonExtLoad, IsAnyExtLoad, IsSignExtLoad, and IsZeroExtLoad are mutually exclusive"));
                }
                for (on, ext) in
                    [(non_ext, "NON_EXTLOAD"), (any_ext, "EXTLOAD"), (sext, "SEXTLOAD"), (zext, "ZEXTLOAD")]
                {
                    if on {
                        code += &format!("if (cast<LoadSDNode>(N)->getExtensionType() != ISD::{ext}) return false;\n");
                    }
                }
            } else {
                if non_trunc && trunc {
                    return Err(self.fatal("IsNonTruncStore, and IsTruncStore are mutually exclusive"));
                }
                if non_trunc {
                    code += " if (cast<StoreSDNode>(N)->isTruncatingStore()) return false;\n";
                }
                if trunc {
                    code += " if (!cast<StoreSDNode>(N)->isTruncatingStore()) return false;\n";
                }
            }
            if let Some(vt) = scalar_memory_vt {
                code += &format!(
                    "if (cast<{class}>(N)->getMemoryVT().getScalarType() != MVT::{}) return false;\n",
                    self.f().name(vt)
                );
            }
        }
        if self.is("HasNoUse", true) {
            code += form.no_use;
        }
        if self.is("HasOneUse", true) {
            code += form.one_use;
        }
        let predicate_code = self.text("PredicateCode");
        code += predicate_code;
        if predicate_code.is_empty() && !code.is_empty() {
            code += "return true;\n";
        }
        Ok(code)
    }

    /// `getCodeToRunOnSDNode`: the body of the predicate's case in `CheckNodePredicate`, given
    /// the fragment's trees (whose operators' classes the node is cast to).
    pub fn code_to_run_on_sdnode(&self, nodes: &SdNodes, fragments: &Fragments) -> Result<String, Fatal> {
        let trees = fragments.trees(self.frag);
        let imm_code = self.text("ImmediateCode");
        if !imm_code.is_empty() {
            let checks = [
                (self.is_load(), "IsLoad"),
                (self.is_store(), "IsStore"),
                (self.is("IsUnindexed", true), "IsUnindexed"),
                (self.is("IsNonExtLoad", true), "IsNonExtLoad"),
                (self.is("IsAnyExtLoad", true), "IsAnyExtLoad"),
                (self.is("IsSignExtLoad", true), "IsSignExtLoad"),
                (self.is("IsZeroExtLoad", true), "IsZeroExtLoad"),
                (self.is("IsTruncStore", false), "IsNonTruncStore"),
                (self.is("IsTruncStore", true), "IsTruncStore"),
                (self.def_field("MemoryVT")?.is_some(), "MemoryVT"),
                (self.def_field("ScalarMemoryVT")?.is_some(), "ScalarMemoryVT"),
            ];
            if let Some((_, what)) = checks.iter().find(|(on, _)| *on) {
                return Err(self.fatal(&format!("{what} cannot be used with ImmLeaf or its subclasses")));
            }
            let ap_int = self.f().bit(self.frag, "IsAPInt").unwrap_or(false);
            let ap_float = self.bit_or_unset("IsAPFloat").unwrap_or(false);
            let ty = match (ap_int, ap_float) {
                (true, _) => "const APInt &",
                (false, true) => "const APFloat &",
                (false, false) => "int64_t",
            };
            let form = self.form();
            let get = match (ap_float, ap_int) {
                (true, _) => format!("cast<ConstantFPSDNode>({})->getValueAPF();\n", form.node_ptr),
                (false, true) => format!("{}->getAsAPIntVal();\n", form.node),
                (false, false) => format!("cast<ConstantSDNode>({})->getSExtValue();\n", form.node_ptr),
            };
            return Ok(format!("    {ty} Imm = {get}{imm_code}"));
        }
        // The fragment's trees with the fragments they refer to inlined (LLVM inlines them
        // when it parses the fragment): each alternative's root operator.
        fn roots(tree: &TreeNode, fragments: &Fragments, out: &mut Vec<Option<RecId>>) {
            match tree.operator() {
                Some(op) if fragments.is_fragment(op) => {
                    for t in fragments.trees(op) {
                        roots(t, fragments, out);
                    }
                }
                op => out.push(op),
            }
        }
        let mut ops = Vec::new();
        for tree in trees {
            roots(tree, fragments, &mut ops);
        }
        let mut class_name: Option<&str> = None;
        for op in ops {
            let tree_class = match op {
                None => "SDNode",
                Some(op) => nodes.of(op).transpose()?.map(|n| n.sd_class_name).unwrap_or("SDNode"),
            };
            match class_name {
                None => class_name = Some(tree_class),
                Some(c) if c != tree_class => {
                    return Err(self.fatal("PatFrags trees do not have consistent class"));
                }
                Some(_) => {}
            }
        }
        let node = self.form().node_ptr;
        let head = match class_name.unwrap_or("") {
            "SDNode" => format!("    SDNode *N = {node};\n"),
            c => format!("    auto *N = cast<{c}>({node});\n"),
        };
        Ok(format!("{head}    (void)N;\n{}", self.pred_code()?))
    }
}
