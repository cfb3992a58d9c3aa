//! LLVM's `BitVector`: a fixed-size set of small numbers, 64 to a word, for the models' dense
//! sets (a register class's members, sub-classes and topological signatures), where the
//! word-at-a-time `anyCommon` and union are what keep register inference fast on AMDGPU.

/// A set of numbers below its size.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct BitVector {
    words: Vec<u64>,
    len: usize,
}

impl BitVector {
    /// An empty set of numbers below `len`.
    pub fn new(len: usize) -> BitVector {
        BitVector { words: vec![0; len.div_ceil(64)], len }
    }

    /// How many numbers the set may hold.
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// `set`; a number past the end makes the set larger.
    pub fn set(&mut self, i: usize) {
        if i >= self.len {
            self.len = i + 1;
            self.words.resize(self.len.div_ceil(64), 0);
        }
        self.words[i / 64] |= 1 << (i % 64);
    }

    /// `test`: false for numbers past the end.
    pub fn test(&self, i: usize) -> bool {
        i < self.len && self.words[i / 64] & (1 << (i % 64)) != 0
    }

    /// `anyCommon`.
    pub fn any_common(&self, other: &BitVector) -> bool {
        self.words.iter().zip(&other.words).any(|(a, b)| a & b != 0)
    }

    /// `|=`; the set becomes as large as `other` if it is smaller.
    pub fn union_with(&mut self, other: &BitVector) {
        if other.len > self.len {
            self.len = other.len;
            self.words.resize(other.words.len(), 0);
        }
        for (a, b) in self.words.iter_mut().zip(&other.words) {
            *a |= b;
        }
    }

    /// `any`.
    pub fn any(&self) -> bool {
        self.words.iter().any(|&w| w != 0)
    }

    /// The numbers in the set, ascending (`set_bits`).
    pub fn ones(&self) -> impl Iterator<Item = usize> + '_ {
        self.words.iter().enumerate().flat_map(|(w, &word)| {
            let mut word = word;
            std::iter::from_fn(move || {
                if word == 0 {
                    return None;
                }
                let bit = word.trailing_zeros() as usize;
                word &= word - 1;
                Some(w * 64 + bit)
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_unions_and_iterates_across_words() {
        let mut a = BitVector::new(130);
        a.set(0);
        a.set(64);
        a.set(129);
        assert!(a.test(64) && !a.test(63) && !a.test(500));
        assert_eq!(a.ones().collect::<Vec<_>>(), vec![0, 64, 129]);
        let mut b = BitVector::new(130);
        b.set(3);
        assert!(!a.any_common(&b));
        b.set(129);
        assert!(a.any_common(&b));
        b.union_with(&a);
        assert_eq!(b.ones().collect::<Vec<_>>(), vec![0, 3, 64, 129]);
        assert!(!BitVector::new(10).any());
        let mut grown = BitVector::new(0);
        grown.set(200);
        assert_eq!((grown.len(), grown.ones().collect::<Vec<_>>()), (201, vec![200]));
    }
}
