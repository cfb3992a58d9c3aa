//! The low-level types a GlobalISel match table checks operands against (LLVM's `LLT` as
//! `LLTCodeGen` orders them): the table's type objects are these, sorted.

use std::cmp::Ordering;
use tdq_core::ByRelease;

/// A low-level type (`LLT`): a scalar, a vector of scalars, or a pointer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Llt {
    /// `sN` (`iN`, `fN`, ... when extended).
    Scalar { bits: u32, kind: ScalarKind },
    /// `vNsM` (`nxvNsM` when scalable): `count` elements (the known minimum when scalable).
    Vector { scalable: bool, count: u32, elem_bits: u32, elem: ScalarKind },
    /// `pA` (`pAsN` with a size).
    Pointer { address_space: u32, bits: u32 },
}

/// What a scalar, or a vector's element, is beyond its size. Plain LLTs know only the size;
/// LLVM 23's extended LLTs (`-gisel-extended-llt`) tell integers from floating point and
/// its format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ScalarKind {
    /// `LLT::Kind::ANY_SCALAR`.
    Any,
    /// `LLT::Kind::INTEGER`.
    Integer,
    /// `LLT::Kind::FLOAT`, in one of APFloat's formats.
    Float(FpSemantics),
}

/// The floating-point formats a value type can have (`APFloat::Semantics`, by their value
/// in that enum).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FpSemantics {
    IeeeHalf = 0,
    BFloat = 1,
    IeeeSingle = 2,
    IeeeDouble = 3,
    IeeeQuad = 4,
    PpcDoubleDouble = 5,
    X87DoubleExtended = 19,
}

/// Whether the LLTs of value types tell integers from floating point (`LLT::setUseExtended`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LltKinds {
    /// Only sizes (`ANY_SCALAR`), as always before LLVM 23.
    #[default]
    SizeOnly,
    /// Integer and floating-point kinds (`-gisel-extended-llt`).
    Extended,
}

/// How `LLTCodeGen::operator<` orders types.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LltOrder {
    /// Pointers, then scalars, then vectors; then a pointer's address space, a vector's
    /// element count, and last the size (LLVM 19, 22).
    Structural,
    /// By the bits that encode the type (`getUniqueRAWLLTData`): its kind, then the
    /// element size, the format, the element count, scalability (LLVM 23).
    Encoding,
}

/// Each release's order of types.
pub const LLT_ORDER: ByRelease<LltOrder> =
    ByRelease { v19: LltOrder::Structural, v22: LltOrder::Structural, v23: LltOrder::Encoding };

impl Llt {
    /// A plain scalar of `bits` (`LLT::scalar`).
    pub fn scalar(bits: u32) -> Llt {
        Llt::Scalar { bits, kind: ScalarKind::Any }
    }

    /// The size in bits (a scalable vector's known minimum).
    pub fn size_in_bits(self) -> u64 {
        match self {
            Llt::Scalar { bits, .. } | Llt::Pointer { bits, .. } => u64::from(bits),
            Llt::Vector { count, elem_bits, .. } => u64::from(count) * u64::from(elem_bits),
        }
    }

    /// Where `LLTCodeGen::operator<` puts the kind: pointers, then scalars, then vectors.
    fn kind_rank(self) -> u8 {
        match self {
            Llt::Pointer { .. } => 0,
            Llt::Scalar { .. } => 1,
            Llt::Vector { .. } => 2,
        }
    }

    /// `getUniqueRAWLLTData`: the kind in bits 63..60, then the fields LLVM packs below it.
    pub fn encoding(self) -> u64 {
        let kind = |k: ScalarKind, vector: bool| -> (u64, u64) {
            let (base, sem) = match k {
                ScalarKind::Any => (1, 0),
                ScalarKind::Integer => (2, 0),
                ScalarKind::Float(sem) => (3, sem as u64),
            };
            (if vector { base + 4 } else { base }, sem)
        };
        match self {
            Llt::Scalar { bits, kind: k } => {
                let (info, sem) = kind(k, false);
                info << 60 | u64::from(bits) << 28 | sem << 20
            }
            Llt::Vector { scalable, count, elem_bits, elem } => {
                let (info, sem) = kind(elem, true);
                info << 60 | u64::from(elem_bits) << 28 | sem << 20 | u64::from(count) << 4 | u64::from(scalable)
            }
            Llt::Pointer { address_space, bits } => 4 << 60 | u64::from(bits) << 44 | u64::from(address_space) << 20,
        }
    }

    /// `LLTCodeGen::operator<` in `order`.
    pub fn cmp_in(&self, other: &Llt, order: LltOrder) -> Ordering {
        match order {
            LltOrder::Structural => self.cmp(other),
            LltOrder::Encoding => self.encoding().cmp(&other.encoding()),
        }
    }
}

/// The structural order (LLVM 19 and 22's `LLTCodeGen::operator<`): by kind, then a
/// pointer's address space, a vector's element count, and last the size; the element kinds
/// (never extended in those releases) break ties.
impl Ord for Llt {
    fn cmp(&self, other: &Self) -> Ordering {
        let by_kind = self.kind_rank().cmp(&other.kind_rank());
        if by_kind != Ordering::Equal {
            return by_kind;
        }
        let structural = match (*self, *other) {
            (Llt::Pointer { address_space: a, bits: x }, Llt::Pointer { address_space: b, bits: y }) => {
                (a, x).cmp(&(b, y))
            }
            (Llt::Vector { scalable: s, count: c, .. }, Llt::Vector { scalable: t, count: d, .. })
                if (s, c) != (t, d) =>
            {
                (s, c).cmp(&(t, d))
            }
            (Llt::Vector { scalable, .. }, Llt::Vector { .. }) => {
                (scalable, self.size_in_bits()).cmp(&(scalable, other.size_in_bits()))
            }
            _ => self.size_in_bits().cmp(&other.size_in_bits()),
        };
        structural.then_with(|| self.encoding().cmp(&other.encoding()))
    }
}

impl PartialOrd for Llt {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// `getLLTCodeGen` of a `ValueType` def (`MVTToLLT`): a vector of more than one element (or
/// scalable) is a vector, an integer or floating-point type a scalar; others have no LLT.
/// With extended kinds, integers and floating point (by the format of the type's
/// `LLVMName`) differ.
pub fn llt_of_value_type(input: &tdq_core::Evaluation, def: tdq_core::types::RecId, kinds: LltKinds) -> Option<Llt> {
    let f = crate::Fields { input };
    let int = |field: &str| f.int(def, field).ok();
    let bit = |field: &str| f.bit(def, field).unwrap_or(false);
    let scalar_kind = |scalar: tdq_core::types::RecId| -> ScalarKind {
        match kinds {
            LltKinds::SizeOnly => ScalarKind::Any,
            LltKinds::Extended if f.bit(scalar, "isFP").unwrap_or(false) => {
                ScalarKind::Float(fp_semantics(f.string(scalar, "LLVMName").unwrap_or_default()))
            }
            LltKinds::Extended => ScalarKind::Integer,
        }
    };
    if bit("isVector") {
        let count = u32::try_from(int("nElem")?).ok()?;
        let elem = f.def(def, "ElementType").ok()?;
        let elem_bits = u32::try_from(f.int(elem, "Size").ok()?).ok()?;
        let scalable = bit("isScalable");
        let kind = scalar_kind(elem);
        if count > 1 || scalable {
            return Some(Llt::Vector { scalable, count, elem_bits, elem: kind });
        }
        return Some(Llt::Scalar { bits: elem_bits, kind });
    }
    if bit("isInteger") || bit("isFP") {
        return Some(Llt::Scalar { bits: u32::try_from(int("Size")?).ok()?, kind: scalar_kind(def) });
    }
    None
}

/// `getFpSemanticsForMVT`: the format of a floating-point scalar type, by its MVT name.
pub(crate) fn fp_semantics(mvt: &str) -> FpSemantics {
    match mvt {
        "f16" => FpSemantics::IeeeHalf,
        "bf16" => FpSemantics::BFloat,
        "f64" => FpSemantics::IeeeDouble,
        "f80" => FpSemantics::X87DoubleExtended,
        "f128" => FpSemantics::IeeeQuad,
        "ppcf128" => FpSemantics::PpcDoubleDouble,
        // `f32`; LLVM stops on any other (`llvm_unreachable`).
        _ => FpSemantics::IeeeSingle,
    }
}

#[cfg(test)]
mod tests {
    use super::{FpSemantics, Llt, LltOrder, ScalarKind};

    #[test]
    fn pointers_then_scalars_then_vectors() {
        let mut types = vec![
            vector(false, 2, 32),
            Llt::scalar(64),
            Llt::Pointer { address_space: 1, bits: 64 },
            Llt::scalar(1),
            vector(true, 1, 8),
            Llt::Pointer { address_space: 0, bits: 64 },
            vector(false, 2, 16),
        ];
        types.sort();
        assert_eq!(
            types,
            vec![
                Llt::Pointer { address_space: 0, bits: 64 },
                Llt::Pointer { address_space: 1, bits: 64 },
                Llt::scalar(1),
                Llt::scalar(64),
                vector(false, 2, 16),
                vector(false, 2, 32),
                vector(true, 1, 8),
            ]
        );
    }

    fn vector(scalable: bool, count: u32, elem_bits: u32) -> Llt {
        Llt::Vector { scalable, count, elem_bits, elem: ScalarKind::Any }
    }

    /// LLVM 23 orders by the encoding: kind (plain, integer, float scalars, pointers, then
    /// the vectors), then the element size before the element count.
    #[test]
    fn encoding_order() {
        let f32 = Llt::Scalar { bits: 32, kind: ScalarKind::Float(FpSemantics::IeeeSingle) };
        let i16 = Llt::Scalar { bits: 16, kind: ScalarKind::Integer };
        let mut types = vec![
            vector(false, 2, 16),
            vector(false, 4, 8),
            Llt::Pointer { address_space: 0, bits: 64 },
            f32,
            i16,
            Llt::scalar(64),
        ];
        types.sort_by(|a, b| a.cmp_in(b, LltOrder::Encoding));
        assert_eq!(
            types,
            vec![
                Llt::scalar(64),
                i16,
                f32,
                Llt::Pointer { address_space: 0, bits: 64 },
                vector(false, 4, 8),
                vector(false, 2, 16),
            ]
        );
    }
}
