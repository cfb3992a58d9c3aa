//! X86's instruction contexts (`InstructionContext`, X86DisassemblerDecoderCommon.h): the
//! prefix and mode combinations the disassembler tells apart, how they inherit from one
//! another (`inheritsFrom`), which one wins a tie (`outranks`), and the context of each set of
//! attribute bits the decoder sees (the `x86DisassemblerContexts` table).

use std::collections::HashMap;
use tdq_core::{ByRelease, Release};

/// A context: its index in the release's `InstructionContext` enum.
pub type Ctx = u16;

/// Contexts that only some releases have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Group {
    Base,
    /// `IC_64BIT_REX2_REXW` (LLVM 22 on).
    Rex2W,
    /// The `_B_U` contexts of EVEX's YMM rounding (`ATTR_EVEXU`, LLVM 22 on).
    EvexU,
}

/// What differs between releases in the contexts and their inheritance.
#[derive(Clone, Copy, Debug)]
struct Rules {
    /// `IC_64BIT_REX2_REXW` exists, inherits from `IC_64BIT_REX2`, which inherits from
    /// `IC_64BIT`.
    rex2_w: bool,
    /// The `_B_U` contexts and the `ATTR_EVEXU` bit exist.
    evex_u: bool,
    /// `IC_EVEX_W` and `IC_EVEX_W_B` take their `_OPSIZE` forms.
    evex_w_takes_opsize: bool,
}

const RULES_22: Rules = Rules { rex2_w: true, evex_u: true, evex_w_takes_opsize: true };

const RULES: ByRelease<Rules> =
    ByRelease { v19: Rules { rex2_w: false, evex_u: false, evex_w_takes_opsize: false }, v22: RULES_22, v23: RULES_22 };

/// Every context of the latest release, in enum order, with its rank (`outranks`).
#[rustfmt::skip]
const ALL: &[(&str, u8, Group)] = &[
    ("IC", 0, Group::Base),
    ("IC_64BIT", 1, Group::Base),
    ("IC_OPSIZE", 3, Group::Base),
    ("IC_ADSIZE", 3, Group::Base),
    ("IC_OPSIZE_ADSIZE", 4, Group::Base),
    ("IC_XD", 2, Group::Base),
    ("IC_XS", 2, Group::Base),
    ("IC_XD_OPSIZE", 3, Group::Base),
    ("IC_XS_OPSIZE", 3, Group::Base),
    ("IC_XD_ADSIZE", 3, Group::Base),
    ("IC_XS_ADSIZE", 3, Group::Base),
    ("IC_64BIT_REXW", 5, Group::Base),
    ("IC_64BIT_REXW_ADSIZE", 6, Group::Base),
    ("IC_64BIT_OPSIZE", 3, Group::Base),
    ("IC_64BIT_ADSIZE", 3, Group::Base),
    ("IC_64BIT_OPSIZE_ADSIZE", 4, Group::Base),
    ("IC_64BIT_XD", 6, Group::Base),
    ("IC_64BIT_XS", 6, Group::Base),
    ("IC_64BIT_XD_OPSIZE", 3, Group::Base),
    ("IC_64BIT_XS_OPSIZE", 3, Group::Base),
    ("IC_64BIT_XD_ADSIZE", 3, Group::Base),
    ("IC_64BIT_XS_ADSIZE", 3, Group::Base),
    ("IC_64BIT_REXW_XS", 7, Group::Base),
    ("IC_64BIT_REXW_XD", 7, Group::Base),
    ("IC_64BIT_REXW_OPSIZE", 8, Group::Base),
    ("IC_64BIT_REX2", 2, Group::Base),
    ("IC_64BIT_REX2_REXW", 3, Group::Rex2W),
    ("IC_VEX", 1, Group::Base),
    ("IC_VEX_XS", 2, Group::Base),
    ("IC_VEX_XD", 2, Group::Base),
    ("IC_VEX_OPSIZE", 2, Group::Base),
    ("IC_VEX_W", 3, Group::Base),
    ("IC_VEX_W_XS", 4, Group::Base),
    ("IC_VEX_W_XD", 4, Group::Base),
    ("IC_VEX_W_OPSIZE", 4, Group::Base),
    ("IC_VEX_L", 3, Group::Base),
    ("IC_VEX_L_XS", 4, Group::Base),
    ("IC_VEX_L_XD", 4, Group::Base),
    ("IC_VEX_L_OPSIZE", 4, Group::Base),
    ("IC_VEX_L_W", 4, Group::Base),
    ("IC_VEX_L_W_XS", 5, Group::Base),
    ("IC_VEX_L_W_XD", 5, Group::Base),
    ("IC_VEX_L_W_OPSIZE", 5, Group::Base),
    ("IC_EVEX", 1, Group::Base),
    ("IC_EVEX_NF", 2, Group::Base),
    ("IC_EVEX_XS", 2, Group::Base),
    ("IC_EVEX_XS_ADSIZE", 3, Group::Base),
    ("IC_EVEX_XD", 2, Group::Base),
    ("IC_EVEX_XD_ADSIZE", 3, Group::Base),
    ("IC_EVEX_OPSIZE", 2, Group::Base),
    ("IC_EVEX_OPSIZE_NF", 3, Group::Base),
    ("IC_EVEX_OPSIZE_ADSIZE", 3, Group::Base),
    ("IC_EVEX_W", 3, Group::Base),
    ("IC_EVEX_W_NF", 4, Group::Base),
    ("IC_EVEX_W_XS", 4, Group::Base),
    ("IC_EVEX_W_XD", 4, Group::Base),
    ("IC_EVEX_W_OPSIZE", 4, Group::Base),
    ("IC_EVEX_L", 3, Group::Base),
    ("IC_EVEX_L_XS", 4, Group::Base),
    ("IC_EVEX_L_XD", 4, Group::Base),
    ("IC_EVEX_L_OPSIZE", 4, Group::Base),
    ("IC_EVEX_L_W", 3, Group::Base),
    ("IC_EVEX_L_W_XS", 4, Group::Base),
    ("IC_EVEX_L_W_XD", 4, Group::Base),
    ("IC_EVEX_L_W_OPSIZE", 4, Group::Base),
    ("IC_EVEX_L2", 3, Group::Base),
    ("IC_EVEX_L2_XS", 4, Group::Base),
    ("IC_EVEX_L2_XD", 4, Group::Base),
    ("IC_EVEX_L2_OPSIZE", 4, Group::Base),
    ("IC_EVEX_L2_W", 3, Group::Base),
    ("IC_EVEX_L2_W_XS", 4, Group::Base),
    ("IC_EVEX_L2_W_XD", 4, Group::Base),
    ("IC_EVEX_L2_W_OPSIZE", 4, Group::Base),
    ("IC_EVEX_K", 1, Group::Base),
    ("IC_EVEX_XS_K", 2, Group::Base),
    ("IC_EVEX_XD_K", 2, Group::Base),
    ("IC_EVEX_OPSIZE_K", 2, Group::Base),
    ("IC_EVEX_W_K", 3, Group::Base),
    ("IC_EVEX_W_XS_K", 4, Group::Base),
    ("IC_EVEX_W_XD_K", 4, Group::Base),
    ("IC_EVEX_W_OPSIZE_K", 4, Group::Base),
    ("IC_EVEX_L_K", 3, Group::Base),
    ("IC_EVEX_L_XS_K", 4, Group::Base),
    ("IC_EVEX_L_XD_K", 4, Group::Base),
    ("IC_EVEX_L_OPSIZE_K", 4, Group::Base),
    ("IC_EVEX_L_W_K", 3, Group::Base),
    ("IC_EVEX_L_W_XS_K", 4, Group::Base),
    ("IC_EVEX_L_W_XD_K", 4, Group::Base),
    ("IC_EVEX_L_W_OPSIZE_K", 4, Group::Base),
    ("IC_EVEX_L2_K", 3, Group::Base),
    ("IC_EVEX_L2_XS_K", 4, Group::Base),
    ("IC_EVEX_L2_XD_K", 4, Group::Base),
    ("IC_EVEX_L2_OPSIZE_K", 4, Group::Base),
    ("IC_EVEX_L2_W_K", 3, Group::Base),
    ("IC_EVEX_L2_W_XS_K", 4, Group::Base),
    ("IC_EVEX_L2_W_XD_K", 4, Group::Base),
    ("IC_EVEX_L2_W_OPSIZE_K", 4, Group::Base),
    ("IC_EVEX_B", 1, Group::Base),
    ("IC_EVEX_B_NF", 2, Group::Base),
    ("IC_EVEX_XS_B", 2, Group::Base),
    ("IC_EVEX_XD_B", 2, Group::Base),
    ("IC_EVEX_OPSIZE_B", 2, Group::Base),
    ("IC_EVEX_OPSIZE_B_NF", 3, Group::Base),
    ("IC_EVEX_W_B", 3, Group::Base),
    ("IC_EVEX_W_B_NF", 4, Group::Base),
    ("IC_EVEX_W_XS_B", 4, Group::Base),
    ("IC_EVEX_W_XD_B", 4, Group::Base),
    ("IC_EVEX_W_OPSIZE_B", 4, Group::Base),
    ("IC_EVEX_L_B", 3, Group::Base),
    ("IC_EVEX_L_XS_B", 4, Group::Base),
    ("IC_EVEX_L_XD_B", 4, Group::Base),
    ("IC_EVEX_L_OPSIZE_B", 4, Group::Base),
    ("IC_EVEX_L_W_B", 3, Group::Base),
    ("IC_EVEX_L_W_XS_B", 4, Group::Base),
    ("IC_EVEX_L_W_XD_B", 4, Group::Base),
    ("IC_EVEX_L_W_OPSIZE_B", 4, Group::Base),
    ("IC_EVEX_L2_B", 3, Group::Base),
    ("IC_EVEX_L2_XS_B", 4, Group::Base),
    ("IC_EVEX_L2_XD_B", 4, Group::Base),
    ("IC_EVEX_L2_OPSIZE_B", 4, Group::Base),
    ("IC_EVEX_L2_W_B", 3, Group::Base),
    ("IC_EVEX_L2_W_XS_B", 4, Group::Base),
    ("IC_EVEX_L2_W_XD_B", 4, Group::Base),
    ("IC_EVEX_L2_W_OPSIZE_B", 4, Group::Base),
    ("IC_EVEX_K_B", 1, Group::Base),
    ("IC_EVEX_XS_K_B", 2, Group::Base),
    ("IC_EVEX_XD_K_B", 2, Group::Base),
    ("IC_EVEX_OPSIZE_K_B", 2, Group::Base),
    ("IC_EVEX_W_K_B", 3, Group::Base),
    ("IC_EVEX_W_XS_K_B", 4, Group::Base),
    ("IC_EVEX_W_XD_K_B", 4, Group::Base),
    ("IC_EVEX_W_OPSIZE_K_B", 4, Group::Base),
    ("IC_EVEX_L_K_B", 3, Group::Base),
    ("IC_EVEX_L_XS_K_B", 4, Group::Base),
    ("IC_EVEX_L_XD_K_B", 4, Group::Base),
    ("IC_EVEX_L_OPSIZE_K_B", 4, Group::Base),
    ("IC_EVEX_L_W_K_B", 3, Group::Base),
    ("IC_EVEX_L_W_XS_K_B", 4, Group::Base),
    ("IC_EVEX_L_W_XD_K_B", 4, Group::Base),
    ("IC_EVEX_L_W_OPSIZE_K_B", 4, Group::Base),
    ("IC_EVEX_L2_K_B", 3, Group::Base),
    ("IC_EVEX_L2_XS_K_B", 4, Group::Base),
    ("IC_EVEX_L2_XD_K_B", 4, Group::Base),
    ("IC_EVEX_L2_OPSIZE_K_B", 4, Group::Base),
    ("IC_EVEX_L2_W_K_B", 3, Group::Base),
    ("IC_EVEX_L2_W_XS_K_B", 4, Group::Base),
    ("IC_EVEX_L2_W_XD_K_B", 4, Group::Base),
    ("IC_EVEX_L2_W_OPSIZE_K_B", 4, Group::Base),
    ("IC_EVEX_KZ_B", 1, Group::Base),
    ("IC_EVEX_XS_KZ_B", 2, Group::Base),
    ("IC_EVEX_XD_KZ_B", 2, Group::Base),
    ("IC_EVEX_OPSIZE_KZ_B", 2, Group::Base),
    ("IC_EVEX_W_KZ_B", 3, Group::Base),
    ("IC_EVEX_W_XS_KZ_B", 4, Group::Base),
    ("IC_EVEX_W_XD_KZ_B", 4, Group::Base),
    ("IC_EVEX_W_OPSIZE_KZ_B", 4, Group::Base),
    ("IC_EVEX_L_KZ_B", 3, Group::Base),
    ("IC_EVEX_L_XS_KZ_B", 4, Group::Base),
    ("IC_EVEX_L_XD_KZ_B", 4, Group::Base),
    ("IC_EVEX_L_OPSIZE_KZ_B", 4, Group::Base),
    ("IC_EVEX_L_W_KZ_B", 3, Group::Base),
    ("IC_EVEX_L_W_XS_KZ_B", 4, Group::Base),
    ("IC_EVEX_L_W_XD_KZ_B", 4, Group::Base),
    ("IC_EVEX_L_W_OPSIZE_KZ_B", 4, Group::Base),
    ("IC_EVEX_L2_KZ_B", 3, Group::Base),
    ("IC_EVEX_L2_XS_KZ_B", 4, Group::Base),
    ("IC_EVEX_L2_XD_KZ_B", 4, Group::Base),
    ("IC_EVEX_L2_OPSIZE_KZ_B", 4, Group::Base),
    ("IC_EVEX_L2_W_KZ_B", 3, Group::Base),
    ("IC_EVEX_L2_W_XS_KZ_B", 4, Group::Base),
    ("IC_EVEX_L2_W_XD_KZ_B", 4, Group::Base),
    ("IC_EVEX_L2_W_OPSIZE_KZ_B", 4, Group::Base),
    ("IC_EVEX_KZ", 1, Group::Base),
    ("IC_EVEX_XS_KZ", 2, Group::Base),
    ("IC_EVEX_XD_KZ", 2, Group::Base),
    ("IC_EVEX_OPSIZE_KZ", 2, Group::Base),
    ("IC_EVEX_W_KZ", 3, Group::Base),
    ("IC_EVEX_W_XS_KZ", 4, Group::Base),
    ("IC_EVEX_W_XD_KZ", 4, Group::Base),
    ("IC_EVEX_W_OPSIZE_KZ", 4, Group::Base),
    ("IC_EVEX_L_KZ", 3, Group::Base),
    ("IC_EVEX_L_XS_KZ", 4, Group::Base),
    ("IC_EVEX_L_XD_KZ", 4, Group::Base),
    ("IC_EVEX_L_OPSIZE_KZ", 4, Group::Base),
    ("IC_EVEX_L_W_KZ", 3, Group::Base),
    ("IC_EVEX_L_W_XS_KZ", 4, Group::Base),
    ("IC_EVEX_L_W_XD_KZ", 4, Group::Base),
    ("IC_EVEX_L_W_OPSIZE_KZ", 4, Group::Base),
    ("IC_EVEX_L2_KZ", 3, Group::Base),
    ("IC_EVEX_L2_XS_KZ", 4, Group::Base),
    ("IC_EVEX_L2_XD_KZ", 4, Group::Base),
    ("IC_EVEX_L2_OPSIZE_KZ", 4, Group::Base),
    ("IC_EVEX_L2_W_KZ", 3, Group::Base),
    ("IC_EVEX_L2_W_XS_KZ", 4, Group::Base),
    ("IC_EVEX_L2_W_XD_KZ", 4, Group::Base),
    ("IC_EVEX_L2_W_OPSIZE_KZ", 4, Group::Base),
    ("IC_EVEX_B_U", 2, Group::EvexU),
    ("IC_EVEX_XS_B_U", 3, Group::EvexU),
    ("IC_EVEX_XD_B_U", 3, Group::EvexU),
    ("IC_EVEX_OPSIZE_B_U", 3, Group::EvexU),
    ("IC_EVEX_W_B_U", 4, Group::EvexU),
    ("IC_EVEX_W_XS_B_U", 5, Group::EvexU),
    ("IC_EVEX_W_XD_B_U", 5, Group::EvexU),
    ("IC_EVEX_W_OPSIZE_B_U", 5, Group::EvexU),
    ("IC_EVEX_K_B_U", 2, Group::EvexU),
    ("IC_EVEX_XS_K_B_U", 3, Group::EvexU),
    ("IC_EVEX_XD_K_B_U", 3, Group::EvexU),
    ("IC_EVEX_OPSIZE_K_B_U", 3, Group::EvexU),
    ("IC_EVEX_W_K_B_U", 4, Group::EvexU),
    ("IC_EVEX_W_XS_K_B_U", 5, Group::EvexU),
    ("IC_EVEX_W_XD_K_B_U", 5, Group::EvexU),
    ("IC_EVEX_W_OPSIZE_K_B_U", 5, Group::EvexU),
    ("IC_EVEX_KZ_B_U", 2, Group::EvexU),
    ("IC_EVEX_XS_KZ_B_U", 3, Group::EvexU),
    ("IC_EVEX_XD_KZ_B_U", 3, Group::EvexU),
    ("IC_EVEX_OPSIZE_KZ_B_U", 3, Group::EvexU),
    ("IC_EVEX_W_KZ_B_U", 4, Group::EvexU),
    ("IC_EVEX_W_XS_KZ_B_U", 5, Group::EvexU),
    ("IC_EVEX_W_XD_KZ_B_U", 5, Group::EvexU),
    ("IC_EVEX_W_OPSIZE_KZ_B_U", 5, Group::EvexU),
];

/// The flags `inheritsFrom` takes beyond the two contexts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Inherit {
    /// The instruction has no mandatory prefix (`OpPrefix == 0`).
    pub no_prefix: bool,
    /// `ignoresVEX_L` (or static rounding, which ignores it too).
    pub vex_lig: bool,
    /// `IgnoresW`.
    pub wig: bool,
    /// The instruction's address size is 64.
    pub ad_size_64: bool,
}

impl Inherit {
    /// `inheritsFrom`'s defaults.
    pub const DEFAULT: Inherit = Inherit { no_prefix: true, vex_lig: false, wig: false, ad_size_64: false };
}

/// A VEX or EVEX context read from its name: `IC_EVEX`, `_L` or `_L2`, `_W`, `_OPSIZE`, `_XS`
/// or `_XD`, `_ADSIZE`, `_K` or `_KZ`, `_B`, `_NF`, `_U`, in that order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Vector {
    evex: bool,
    l: &'static str,
    w: bool,
    prefix: &'static str,
    ad_size: bool,
    mask: &'static str,
    b: bool,
    nf: bool,
    u: bool,
}

impl Vector {
    fn parse(name: &'static str) -> Option<Vector> {
        let (evex, mut rest) =
            if let Some(r) = name.strip_prefix("IC_EVEX") { (true, r) } else { (false, name.strip_prefix("IC_VEX")?) };
        let mut one_of = |options: &[&'static str]| -> &'static str {
            for &o in options {
                if let Some(r) = rest.strip_prefix(o) {
                    if r.is_empty() || r.starts_with('_') {
                        rest = r;
                        return o;
                    }
                }
            }
            ""
        };
        let v = Vector {
            evex,
            l: one_of(&["_L2", "_L"]),
            w: !one_of(&["_W"]).is_empty(),
            prefix: one_of(&["_OPSIZE", "_XS", "_XD"]),
            ad_size: !one_of(&["_ADSIZE"]).is_empty(),
            mask: one_of(&["_KZ", "_K"]),
            b: !one_of(&["_B"]).is_empty(),
            nf: !one_of(&["_NF"]).is_empty(),
            u: !one_of(&["_U"]).is_empty(),
        };
        rest.is_empty().then_some(v)
    }

    fn name(&self) -> String {
        let flag = |on: bool, s: &'static str| if on { s } else { "" };
        format!(
            "IC_{}{}{}{}{}{}{}{}{}",
            if self.evex { "EVEX" } else { "VEX" },
            self.l,
            flag(self.w, "_W"),
            self.prefix,
            flag(self.ad_size, "_ADSIZE"),
            self.mask,
            flag(self.b, "_B"),
            flag(self.nf, "_NF"),
            flag(self.u, "_U"),
        )
    }
}

/// The contexts of one release.
#[derive(Debug)]
pub struct Contexts {
    rules: Rules,
    names: Vec<&'static str>,
    ranks: Vec<u8>,
    vectors: Vec<Option<Vector>>,
    index: HashMap<&'static str, Ctx>,
}

impl Contexts {
    /// The contexts of `release`.
    pub fn new(release: Release) -> Contexts {
        let rules = *RULES.get(release);
        let present = |group: Group| match group {
            Group::Base => true,
            Group::Rex2W => rules.rex2_w,
            Group::EvexU => rules.evex_u,
        };
        let mut c =
            Contexts { rules, names: Vec::new(), ranks: Vec::new(), vectors: Vec::new(), index: HashMap::new() };
        for &(name, rank, group) in ALL {
            if present(group) {
                c.index.insert(name, c.names.len() as Ctx);
                c.names.push(name);
                c.ranks.push(rank);
                c.vectors.push(Vector::parse(name));
            }
        }
        c
    }

    /// `IC_64BIT_REX2_REXW` exists.
    pub fn rex2_w(&self) -> bool {
        self.rules.rex2_w
    }

    /// The `_B_U` contexts of YMM rounding exist.
    pub fn evex_u(&self) -> bool {
        self.rules.evex_u
    }

    /// `IC_max`.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// Never: every release has contexts.
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// `stringForContext`.
    pub fn name(&self, ctx: Ctx) -> &'static str {
        self.names[ctx as usize]
    }

    /// The context of this name, if the release has it.
    pub fn get(&self, name: &str) -> Option<Ctx> {
        self.index.get(name).copied()
    }

    /// `outranks`: whether `upper` is preferred to `lower` when both apply.
    pub fn outranks(&self, upper: Ctx, lower: Ctx) -> bool {
        self.ranks[upper as usize] > self.ranks[lower as usize]
    }

    /// `inheritsFrom`: whether every instruction of context `parent` also decodes in `child`.
    pub fn inherits_from(&self, child: Ctx, parent: Ctx, flags: Inherit) -> bool {
        if child == parent {
            return true;
        }
        let d = Inherit::DEFAULT;
        let sub = |name: &str, flags: Inherit| self.get(name).is_some_and(|p| self.inherits_from(child, p, flags));
        let Inherit { no_prefix: np, vex_lig: lig, wig, ad_size_64: ad64 } = flags;
        if let Some(v) = self.vectors[parent as usize] {
            let with = |v: Vector| sub(&v.name(), d);
            if v.nf {
                return !v.w && v.prefix.is_empty() && wig && with(Vector { w: true, ..v });
            }
            if v.u || v.ad_size {
                return false;
            }
            let l = Vector { l: "_L", ..v };
            let l2 = Vector { l: "_L2", ..v };
            return match (v.l.is_empty(), v.w) {
                (true, false) => {
                    (lig && wig && with(Vector { w: true, ..l }))
                        || (v.evex && lig && wig && with(Vector { w: true, ..l2 }))
                        || (wig && with(Vector { w: true, ..v }))
                        || (lig && with(l))
                        || (v.evex && lig && with(l2))
                }
                (true, true) => {
                    (lig && with(l))
                        || (self.rules.evex_w_takes_opsize
                            && v.evex
                            && v.prefix.is_empty()
                            && v.mask.is_empty()
                            && with(Vector { prefix: "_OPSIZE", ..v }))
                        || (v.evex && lig && with(l2))
                }
                (false, false) => wig && with(Vector { w: true, ..v }),
                (false, true) => false,
            };
        }
        match self.name(parent) {
            "IC" => {
                sub("IC_64BIT", Inherit { no_prefix: ad64, ..d })
                    || (np && sub("IC_OPSIZE", d))
                    || sub("IC_ADSIZE", d)
                    || (np && sub("IC_XD", d))
                    || (np && sub("IC_XS", d))
            }
            "IC_64BIT" => {
                sub("IC_64BIT_REXW", d)
                    || (self.rules.rex2_w && sub("IC_64BIT_REX2", d))
                    || (np && sub("IC_64BIT_OPSIZE", d))
                    || (!ad64 && sub("IC_64BIT_ADSIZE", d))
                    || (np && sub("IC_64BIT_XD", d))
                    || (np && sub("IC_64BIT_XS", d))
            }
            "IC_OPSIZE" => sub("IC_64BIT_OPSIZE", d) || sub("IC_OPSIZE_ADSIZE", d),
            "IC_ADSIZE" => np && sub("IC_OPSIZE_ADSIZE", d),
            "IC_64BIT_ADSIZE" => np && sub("IC_64BIT_OPSIZE_ADSIZE", d),
            "IC_XD" => sub("IC_64BIT_XD", d),
            "IC_XS" => sub("IC_64BIT_XS", d),
            "IC_XD_OPSIZE" => sub("IC_64BIT_XD_OPSIZE", d),
            "IC_XS_OPSIZE" => sub("IC_64BIT_XS_OPSIZE", d),
            "IC_XD_ADSIZE" => sub("IC_64BIT_XD_ADSIZE", d),
            "IC_XS_ADSIZE" => sub("IC_64BIT_XS_ADSIZE", d),
            "IC_64BIT_REXW" => {
                (np && (sub("IC_64BIT_REXW_XS", d) || sub("IC_64BIT_REXW_XD", d) || sub("IC_64BIT_REXW_OPSIZE", d)))
                    || (!ad64 && sub("IC_64BIT_REXW_ADSIZE", d))
            }
            "IC_64BIT_OPSIZE" => {
                sub("IC_64BIT_REXW_OPSIZE", d)
                    || (!ad64 && sub("IC_64BIT_OPSIZE_ADSIZE", d))
                    || (!ad64 && sub("IC_64BIT_REXW_ADSIZE", d))
            }
            "IC_64BIT_XD" => sub("IC_64BIT_REXW_XD", d) || (!ad64 && sub("IC_64BIT_XD_ADSIZE", d)),
            "IC_64BIT_XS" => sub("IC_64BIT_REXW_XS", d) || (!ad64 && sub("IC_64BIT_XS_ADSIZE", d)),
            // Without its REX.W form (LLVM 19) `IC_64BIT_REX2` has no child.
            "IC_64BIT_REX2" => sub("IC_64BIT_REX2_REXW", d),
            // The rest have no children: IC_OPSIZE_ADSIZE, IC_64BIT_OPSIZE_ADSIZE,
            // IC_64BIT_{XD,XS}_{OPSIZE,ADSIZE}, IC_64BIT_REXW_{XD,XS,OPSIZE,ADSIZE},
            // IC_64BIT_REX2_REXW.
            _ => false,
        }
    }

    /// `ATTR_max`: how many sets of attribute bits the context table maps.
    pub fn attribute_sets(&self) -> u32 {
        if self.rules.evex_u {
            attr::MAX_22
        } else {
            attr::MAX_19
        }
    }

    /// The context the decoder uses for a set of attribute bits (a row of
    /// `x86DisassemblerContexts`).
    pub fn for_attributes(&self, index: u32) -> String {
        use attr::*;
        let has = |bit: u32| index & bit != 0;
        let evex_u = self.rules.evex_u && has(EVEXB) && has(EVEXU);
        let mut o = String::new();
        if has(EVEX) && has(ADSIZE) && has(OPSIZE) {
            o.push_str("IC_EVEX_OPSIZE_ADSIZE");
        } else if has(EVEX) && has(ADSIZE) && has(XD) {
            o.push_str("IC_EVEX_XD_ADSIZE");
        } else if has(EVEX) && has(ADSIZE) && has(XS) {
            o.push_str("IC_EVEX_XS_ADSIZE");
        } else if has(EVEXNF) {
            o.push_str("IC_EVEX");
            if has(REXW) {
                o.push_str("_W");
            } else if has(OPSIZE) {
                o.push_str("_OPSIZE");
            }
            if has(EVEXB) {
                o.push_str("_B");
            }
            o.push_str("_NF");
        } else if has(EVEX) || has(VEX) || has(VEXL) {
            o.push_str(if has(EVEX) { "IC_EVEX" } else { "IC_VEX" });
            // Under YMM rounding (LLVM 22 on) L and L2 do not count.
            if evex_u {
            } else if has(EVEX) && has(EVEXL2) {
                o.push_str("_L2");
            } else if has(VEXL) {
                o.push_str("_L");
            }
            if has(REXW) {
                o.push_str("_W");
            }
            if has(OPSIZE) {
                o.push_str("_OPSIZE");
            } else if has(XD) {
                o.push_str("_XD");
            } else if has(XS) {
                o.push_str("_XS");
            }
            if has(EVEX) {
                if has(EVEXKZ) {
                    o.push_str("_KZ");
                } else if has(EVEXK) {
                    o.push_str("_K");
                }
                if has(EVEXB) {
                    o.push_str("_B");
                }
                if evex_u {
                    o.push_str("_U");
                }
            }
        } else if has(BIT64) && has(REX2) {
            o.push_str("IC_64BIT_REX2");
            if self.rules.rex2_w && has(REXW) {
                o.push_str("_REXW");
            }
        } else {
            o.push_str(legacy_for_attributes(has));
        }
        o
    }
}

/// The context of attribute bits without VEX, EVEX or REX2.
fn legacy_for_attributes(has: impl Fn(u32) -> bool) -> &'static str {
    use attr::*;
    let b64 = has(BIT64);
    match () {
        _ if b64 && has(REXW) && has(XS) => "IC_64BIT_REXW_XS",
        _ if b64 && has(REXW) && has(XD) => "IC_64BIT_REXW_XD",
        _ if b64 && has(REXW) && has(OPSIZE) => "IC_64BIT_REXW_OPSIZE",
        _ if b64 && has(REXW) && has(ADSIZE) => "IC_64BIT_REXW_ADSIZE",
        _ if b64 && has(XD) && has(OPSIZE) => "IC_64BIT_XD_OPSIZE",
        _ if b64 && has(XD) && has(ADSIZE) => "IC_64BIT_XD_ADSIZE",
        _ if b64 && has(XS) && has(OPSIZE) => "IC_64BIT_XS_OPSIZE",
        _ if b64 && has(XS) && has(ADSIZE) => "IC_64BIT_XS_ADSIZE",
        _ if b64 && has(XS) => "IC_64BIT_XS",
        _ if b64 && has(XD) => "IC_64BIT_XD",
        _ if b64 && has(OPSIZE) && has(ADSIZE) => "IC_64BIT_OPSIZE_ADSIZE",
        _ if b64 && has(OPSIZE) => "IC_64BIT_OPSIZE",
        _ if b64 && has(ADSIZE) => "IC_64BIT_ADSIZE",
        _ if b64 && has(REXW) => "IC_64BIT_REXW",
        _ if b64 => "IC_64BIT",
        _ if has(XS) && has(OPSIZE) => "IC_XS_OPSIZE",
        _ if has(XD) && has(OPSIZE) => "IC_XD_OPSIZE",
        _ if has(XS) && has(ADSIZE) => "IC_XS_ADSIZE",
        _ if has(XD) && has(ADSIZE) => "IC_XD_ADSIZE",
        _ if has(XS) => "IC_XS",
        _ if has(XD) => "IC_XD",
        _ if has(OPSIZE) && has(ADSIZE) => "IC_OPSIZE_ADSIZE",
        _ if has(OPSIZE) => "IC_OPSIZE",
        _ if has(ADSIZE) => "IC_ADSIZE",
        _ => "IC",
    }
}

/// The attribute bits (`attributeBits`) the decoder collects from prefixes and mode.
mod attr {
    pub const BIT64: u32 = 1 << 0;
    pub const XS: u32 = 1 << 1;
    pub const XD: u32 = 1 << 2;
    pub const REXW: u32 = 1 << 3;
    pub const OPSIZE: u32 = 1 << 4;
    pub const ADSIZE: u32 = 1 << 5;
    pub const VEX: u32 = 1 << 6;
    pub const VEXL: u32 = 1 << 7;
    pub const EVEX: u32 = 1 << 8;
    pub const EVEXL2: u32 = 1 << 9;
    pub const EVEXK: u32 = 1 << 10;
    pub const EVEXKZ: u32 = 1 << 11;
    pub const EVEXB: u32 = 1 << 12;
    pub const REX2: u32 = 1 << 13;
    pub const EVEXNF: u32 = 1 << 14;
    /// LLVM 22 on.
    pub const EVEXU: u32 = 1 << 15;
    /// `ATTR_max` without `ATTR_EVEXU` (LLVM 19).
    pub const MAX_19: u32 = 1 << 15;
    /// `ATTR_max` with it.
    pub const MAX_22: u32 = 1 << 16;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vector_names_read_back() {
        let c = Contexts::new(Release::V23);
        for (i, v) in c.vectors.iter().enumerate() {
            if let Some(v) = v {
                assert_eq!(v.name(), c.names[i]);
            }
        }
        assert_eq!(c.len(), 220);
        assert_eq!(Contexts::new(Release::V19).len(), 195);
        assert!(c.vectors[c.get("IC_EVEX_L2_W_OPSIZE_KZ_B").unwrap() as usize].is_some());
        assert!(c.vectors[c.get("IC_64BIT_REXW").unwrap() as usize].is_none());
    }

    #[test]
    fn inheritance_follows_the_release() {
        let ic = |c: &Contexts, n: &str| c.get(n).unwrap();
        let c19 = Contexts::new(Release::V19);
        let c22 = Contexts::new(Release::V22);
        let d = Inherit::DEFAULT;
        for (c, expected) in [(&c19, false), (&c22, true)] {
            assert_eq!(c.inherits_from(ic(c, "IC_64BIT_REX2"), ic(c, "IC_64BIT"), d), expected);
            assert_eq!(c.inherits_from(ic(c, "IC_EVEX_W_OPSIZE"), ic(c, "IC_EVEX_W"), d), expected);
        }
        let lig_wig = Inherit { vex_lig: true, wig: true, ..d };
        assert!(c22.inherits_from(ic(&c22, "IC_VEX_L_W_XS"), ic(&c22, "IC_VEX_XS"), lig_wig));
        assert!(!c22.inherits_from(ic(&c22, "IC_VEX_L_W_XS"), ic(&c22, "IC_VEX_XS"), d));
        assert!(c22.inherits_from(ic(&c22, "IC_EVEX_W_B_NF"), ic(&c22, "IC_EVEX_B_NF"), lig_wig));
        assert!(!c22.inherits_from(ic(&c22, "IC_EVEX_W_B_U"), ic(&c22, "IC_EVEX_B_U"), lig_wig));
    }

    #[test]
    fn context_table_rows() {
        let c19 = Contexts::new(Release::V19);
        let c22 = Contexts::new(Release::V22);
        let row = attr::EVEX | attr::EVEXB | attr::EVEXU | attr::VEXL | attr::REXW;
        assert_eq!(c22.for_attributes(row), "IC_EVEX_W_B_U");
        assert_eq!(c19.for_attributes(row & !attr::EVEXU), "IC_EVEX_L_W_B");
        assert_eq!(c22.for_attributes(attr::BIT64 | attr::REX2 | attr::REXW), "IC_64BIT_REX2_REXW");
        assert_eq!(c19.for_attributes(attr::BIT64 | attr::REX2 | attr::REXW), "IC_64BIT_REX2");
        assert_eq!(c19.attribute_sets(), 32768);
    }
}
