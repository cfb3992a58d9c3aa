//! The type system of clang's ARM NEON intrinsics as NeonEmitter.cpp reads it: a type spec
//! (`Qc`, `UQl`, `Pk`: a base type code after its flags) made into a type by a string of
//! modifiers (`.` as is, `2` a pair of vectors, `1` a scalar, `<` half the element width, ...),
//! and its C name (`int8x16_t`, `uint64x1x2_t`, `float32_t const *`). LLVM 20 adds `mfloat8`
//! (`m`) and the FP8 mode register type (modifier `V`).

use tdq_core::{ByRelease, Release};

/// Whether a release knows the `m` type code and the `V` modifier (FP8, LLVM 20).
const FP8: ByRelease<bool> = ByRelease { v19: false, v22: true, v23: true };

/// `TypeSpec::fromTypeSpecs`: the specs of a string, each ending at a lower-case letter.
pub fn type_specs(s: &str) -> Vec<String> {
    let mut specs = Vec::new();
    let mut acc = String::new();
    for c in s.chars() {
        acc.push(c);
        if c.is_ascii_lowercase() {
            specs.push(std::mem::take(&mut acc));
        }
    }
    specs
}

/// What a type is (`TypeKind`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Void,
    Float,
    SInt,
    UInt,
    Poly,
    BFloat16,
    MFloat8,
    Fpm,
}

/// A NEON type (`Type`).
#[derive(Clone, Debug)]
pub struct Type {
    pub kind: Kind,
    pub immediate: bool,
    pub constant: bool,
    pub pointer: bool,
    pub scalar_for_mangling: bool,
    pub no_mangling_q: bool,
    pub bitwidth: u32,
    pub element_bitwidth: u32,
    pub num_vectors: u32,
}

/// A type code or modifier clang-tblgen does not know (it stops on `llvm_unreachable`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TypeError {
    UnknownTypeCode(char),
    NoElementType(String),
    UnknownModifier(char),
}

impl std::fmt::Display for TypeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TypeError::UnknownTypeCode(c) => write!(f, "Unhandled type code '{c}'"),
            TypeError::NoElementType(spec) => write!(f, "Bad element bitwidth in type spec '{spec}'"),
            TypeError::UnknownModifier(c) => write!(f, "Unhandled type modifier '{c}'"),
        }
    }
}

impl Type {
    /// `Type(TS, Mods)`: the type of spec `spec` under modifiers `mods`, in `release`.
    pub fn new(spec: &str, mods: &str, release: Release) -> Result<Type, TypeError> {
        let fp8 = *FP8.get(release);
        let mut t = Type {
            kind: Kind::SInt,
            immediate: false,
            constant: false,
            pointer: false,
            scalar_for_mangling: false,
            no_mangling_q: false,
            bitwidth: 0,
            element_bitwidth: u32::MAX,
            num_vectors: 1,
        };
        let mut quad = false;
        for c in spec.chars() {
            match c {
                'S' => t.scalar_for_mangling = true,
                'H' => {
                    t.no_mangling_q = true;
                    quad = true;
                }
                'Q' => quad = true,
                'P' => t.kind = Kind::Poly,
                'U' => t.kind = Kind::UInt,
                'c' => t.element_bitwidth = 8,
                'h' | 's' => {
                    if c == 'h' {
                        t.kind = Kind::Float;
                    }
                    t.element_bitwidth = 16;
                }
                'f' | 'i' => {
                    if c == 'f' {
                        t.kind = Kind::Float;
                    }
                    t.element_bitwidth = 32;
                }
                'd' | 'l' => {
                    if c == 'd' {
                        t.kind = Kind::Float;
                    }
                    t.element_bitwidth = 64;
                }
                'k' => {
                    t.element_bitwidth = 128;
                    // Poly has no 128x1 type.
                    if t.kind == Kind::Poly {
                        t.num_vectors = 0;
                    }
                }
                'b' => {
                    t.kind = Kind::BFloat16;
                    t.element_bitwidth = 16;
                }
                'm' if fp8 => {
                    t.kind = Kind::MFloat8;
                    t.element_bitwidth = 8;
                }
                _ => return Err(TypeError::UnknownTypeCode(c)),
            }
        }
        if t.element_bitwidth == u32::MAX {
            return Err(TypeError::NoElementType(spec.to_string()));
        }
        t.bitwidth = if quad { 128 } else { 64 };
        for m in mods.chars() {
            t.apply_modifier(m, fp8)?;
        }
        Ok(t)
    }

    fn apply_modifier(&mut self, m: char, fp8: bool) -> Result<(), TypeError> {
        match m {
            '.' | '!' => {}
            'v' => self.kind = Kind::Void,
            'S' => self.kind = Kind::SInt,
            'U' => self.kind = Kind::UInt,
            'B' => {
                self.kind = Kind::BFloat16;
                self.element_bitwidth = 16;
            }
            'F' => self.kind = Kind::Float,
            'P' => self.kind = Kind::Poly,
            'V' if fp8 => {
                self.kind = Kind::Fpm;
                self.bitwidth = 64;
                self.element_bitwidth = 64;
                self.num_vectors = 0;
                (self.immediate, self.constant, self.pointer) = (false, false, false);
                (self.scalar_for_mangling, self.no_mangling_q) = (true, true);
            }
            '>' => self.element_bitwidth *= 2,
            '<' => self.element_bitwidth /= 2,
            '1' => self.num_vectors = 0,
            '2' => self.num_vectors = 2,
            '3' => self.num_vectors = 3,
            '4' => self.num_vectors = 4,
            '*' => self.pointer = true,
            'c' => self.constant = true,
            'Q' => self.bitwidth = 128,
            'q' => self.bitwidth = 64,
            'I' => {
                self.kind = Kind::SInt;
                self.element_bitwidth = 32;
                self.bitwidth = 32;
                self.num_vectors = 0;
                self.immediate = true;
            }
            'p' => {
                if self.kind == Kind::Poly {
                    self.kind = Kind::UInt;
                }
            }
            _ => return Err(TypeError::UnknownModifier(m)),
        }
        Ok(())
    }

    pub fn is_value(&self) -> bool {
        self.kind != Kind::Void && !self.pointer
    }

    pub fn is_vector(&self) -> bool {
        self.is_value() && self.num_vectors > 0
    }

    /// `isDouble`: a 64-bit float.
    pub fn is_double(&self) -> bool {
        self.kind == Kind::Float && self.element_bitwidth == 64
    }

    /// `getNumElements`: lanes per vector.
    pub fn num_elements(&self) -> u32 {
        self.bitwidth / self.element_bitwidth
    }

    /// `makeScalar`.
    pub fn make_scalar(&mut self) {
        self.bitwidth = self.element_bitwidth;
        self.num_vectors = 0;
    }

    /// `Type::str`: the C name of the type.
    pub fn c_name(&self) -> String {
        match self.kind {
            Kind::Void => return "void".to_string(),
            Kind::Fpm => return "fpm_t".to_string(),
            _ => {}
        }
        let mut s = String::new();
        if self.kind == Kind::UInt {
            s.push('u');
        }
        s.push_str(match self.kind {
            Kind::Poly => "poly",
            Kind::Float => "float",
            Kind::BFloat16 => "bfloat",
            Kind::MFloat8 => "mfloat",
            _ => "int",
        });
        s.push_str(&self.element_bitwidth.to_string());
        if self.is_vector() {
            s.push_str(&format!("x{}", self.num_elements()));
        }
        if self.num_vectors > 1 {
            s.push_str(&format!("x{}", self.num_vectors));
        }
        s.push_str("_t");
        if self.constant {
            s.push_str(" const");
        }
        if self.pointer {
            s.push_str(" *");
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tdq_core::Release::{V19, V22};

    #[test]
    fn names_of_specs_under_modifiers() {
        let name = |spec, mods, release| Type::new(spec, mods, release).map(|t| t.c_name());
        assert_eq!(name("Qc", ".", V19), Ok("int8x16_t".to_string()));
        assert_eq!(name("UQl", "2", V19), Ok("uint64x2x2_t".to_string()));
        assert_eq!(name("Pk", ".", V19), Ok("poly128_t".to_string()));
        assert_eq!(name("h", "1", V19), Ok("float16_t".to_string()));
        // A pointer is no vector value: it points to its element type.
        assert_eq!(name("f", "*c", V19), Ok("float32_t const *".to_string()));
        assert_eq!(name("Qm", ".", V22), Ok("mfloat8x16_t".to_string()));
        assert_eq!(name("Qm", ".", V19), Err(TypeError::UnknownTypeCode('m')));
        assert_eq!(name("c", "V", V22), Ok("fpm_t".to_string()));
        assert_eq!(name("Q", ".", V22), Err(TypeError::NoElementType("Q".to_string())));
        assert_eq!(type_specs("cQcUQl"), ["c", "Qc", "UQl"]);
    }
}
