//! The low-level types a GlobalISel match table checks operands against (LLVM's `LLT` as
//! `LLTCodeGen` orders them): the table's type objects are these, sorted.

use std::cmp::Ordering;

/// A low-level type (`LLT`): a scalar, a vector of scalars, or a pointer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Llt {
    /// `sN`.
    Scalar { bits: u32 },
    /// `vNsM` (`nxvNsM` when scalable): `count` elements (the known minimum when scalable).
    Vector { scalable: bool, count: u32, elem_bits: u32 },
    /// `pA` (`pAsN` with a size).
    Pointer { address_space: u32, bits: u32 },
}

impl Llt {
    /// The size in bits (a scalable vector's known minimum).
    pub fn size_in_bits(self) -> u64 {
        match self {
            Llt::Scalar { bits } | Llt::Pointer { bits, .. } => u64::from(bits),
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
}

/// `LLTCodeGen::operator<`: by kind, then a pointer's address space, a vector's element count,
/// and last the size.
impl Ord for Llt {
    fn cmp(&self, other: &Self) -> Ordering {
        let by_kind = self.kind_rank().cmp(&other.kind_rank());
        if by_kind != Ordering::Equal {
            return by_kind;
        }
        match (*self, *other) {
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
        }
    }
}

impl PartialOrd for Llt {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

#[cfg(test)]
mod tests {
    use super::Llt;

    #[test]
    fn pointers_then_scalars_then_vectors() {
        let mut types = vec![
            Llt::Vector { scalable: false, count: 2, elem_bits: 32 },
            Llt::Scalar { bits: 64 },
            Llt::Pointer { address_space: 1, bits: 64 },
            Llt::Scalar { bits: 1 },
            Llt::Vector { scalable: true, count: 1, elem_bits: 8 },
            Llt::Pointer { address_space: 0, bits: 64 },
            Llt::Vector { scalable: false, count: 2, elem_bits: 16 },
        ];
        types.sort();
        assert_eq!(
            types,
            vec![
                Llt::Pointer { address_space: 0, bits: 64 },
                Llt::Pointer { address_space: 1, bits: 64 },
                Llt::Scalar { bits: 1 },
                Llt::Scalar { bits: 64 },
                Llt::Vector { scalable: false, count: 2, elem_bits: 16 },
                Llt::Vector { scalable: false, count: 2, elem_bits: 32 },
                Llt::Vector { scalable: true, count: 1, elem_bits: 8 },
            ]
        );
    }
}

/// `getLLTCodeGen` of a `ValueType` def (`MVTToLLT`): a vector of more than one element (or
/// scalable) is a vector, an integer or floating-point type a scalar; others have no LLT.
pub fn llt_of_value_type(input: &tdq_core::Evaluation, def: tdq_core::types::RecId) -> Option<Llt> {
    let f = crate::Fields { input };
    let int = |field: &str| f.int(def, field).ok();
    let bit = |field: &str| f.bit(def, field).unwrap_or(false);
    if bit("isVector") {
        let count = u32::try_from(int("nElem")?).ok()?;
        let elem = f.def(def, "ElementType").ok()?;
        let elem_bits = u32::try_from(f.int(elem, "Size").ok()?).ok()?;
        let scalable = bit("isScalable");
        if count > 1 || scalable {
            return Some(Llt::Vector { scalable, count, elem_bits });
        }
        return Some(Llt::Scalar { bits: elem_bits });
    }
    if bit("isInteger") || bit("isFP") {
        return Some(Llt::Scalar { bits: u32::try_from(int("Size")?).ok()? });
    }
    None
}
