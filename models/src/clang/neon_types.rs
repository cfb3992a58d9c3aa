//! The type system of clang's ARM NEON intrinsics as NeonEmitter.cpp reads it: a type spec
//! (`Qc`, `UQl`, `Pk`: a base type code after its flags) made into a type by a string of
//! modifiers (`.` as is, `2` a pair of vectors, `1` a scalar, `<` half the element width, ...),
//! its C name (`int8x16_t`, `uint64x1x2_t`, `float32_t const *`), its encoding in a builtin's
//! prototype (`V16Sc`) and its `NeonTypeFlags` value; the typedef names an operation's casts and
//! literals name (`uint32x2_t`) parsed back into types. LLVM 20 adds `mfloat8` (`m`) and the FP8
//! mode register type (modifier `V`).

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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Kind {
    #[default]
    Void,
    Float,
    SInt,
    UInt,
    Poly,
    BFloat16,
    MFloat8,
    Fpm,
}

/// A NEON type (`Type`). Two types are the same when their C names are (`operator==`).
#[derive(Clone, Debug, Default)]
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

impl PartialEq for Type {
    fn eq(&self, other: &Type) -> bool {
        self.name_key() == other.name_key()
    }
}

/// A type code, modifier or size clang-tblgen does not handle (it stops on
/// `llvm_unreachable`, or divides by zero).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TypeError {
    UnknownTypeCode(char),
    NoElementType(String),
    UnknownModifier(char),
    /// An element size a builtin's prototype or `NeonTypeFlags` has no code for.
    UnhandledElementSize(u32),
    /// Modifiers that leave no bits to an element (`<` below 1).
    ZeroElementSize(String),
}

impl std::fmt::Display for TypeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TypeError::UnknownTypeCode(c) => write!(f, "Unhandled type code '{c}'"),
            TypeError::NoElementType(spec) => write!(f, "Bad element bitwidth in type spec '{spec}'"),
            TypeError::UnknownModifier(c) => write!(f, "Unhandled type modifier '{c}'"),
            TypeError::UnhandledElementSize(bits) => write!(f, "Unhandled element bitwidth {bits}"),
            TypeError::ZeroElementSize(mods) => write!(f, "Type modifiers '{mods}' leave elements of no bits"),
        }
    }
}

impl Type {
    /// `Type::getVoid`.
    pub fn void() -> Type {
        Type::default()
    }

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
        if t.element_bitwidth == 0 {
            return Err(TypeError::ZeroElementSize(mods.to_string()));
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
            '>' => self.element_bitwidth = self.element_bitwidth.wrapping_mul(2),
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

    /// `Type::fromTypedefName`: the type a typedef name such as `uint32x2_t`, `float16_t` or
    /// `int8x8x2_t` names. Like clang-tblgen it reads what it can and never fails: a name it
    /// does not know is a signed integer of the bits its digits say (none: 0).
    pub fn from_typedef_name(name: &str) -> Type {
        fn digits(s: &str) -> (Option<u32>, &str) {
            let end = s.bytes().position(|b| !b.is_ascii_digit()).unwrap_or(s.len());
            (s[..end].parse().ok(), &s[end..])
        }
        let mut t = Type { kind: Kind::SInt, ..Type::default() };
        let mut name = name;
        if let Some(rest) = name.strip_prefix('u') {
            t.kind = Kind::UInt;
            name = rest;
        }
        if let Some(rest) = name.strip_prefix("float") {
            t.kind = Kind::Float;
            name = rest;
        } else if let Some(rest) = name.strip_prefix("poly") {
            t.kind = Kind::Poly;
            name = rest;
        } else if let Some(rest) = name.strip_prefix("bfloat") {
            t.kind = Kind::BFloat16;
            name = rest;
        } else if let Some(rest) = name.strip_prefix("mfloat") {
            t.kind = Kind::MFloat8;
            name = rest;
        } else {
            name = name.get(3..).unwrap_or("");
        }
        let (bits, rest) = digits(name);
        if let Some(bits) = bits {
            t.element_bitwidth = bits;
        }
        name = rest;
        t.bitwidth = t.element_bitwidth;
        t.num_vectors = 1;
        if let Some(rest) = name.strip_prefix('x') {
            let (lanes, rest) = digits(rest);
            t.bitwidth = t.element_bitwidth.wrapping_mul(lanes.unwrap_or(0));
            name = rest;
        } else {
            // A scalar.
            t.num_vectors = 0;
        }
        if let Some(rest) = name.strip_prefix('x') {
            if let (Some(n), _) = digits(rest) {
                t.num_vectors = n;
            }
        }
        t
    }

    pub fn is_void(&self) -> bool {
        self.kind == Kind::Void
    }

    pub fn is_value(&self) -> bool {
        !self.is_void() && !self.pointer
    }

    pub fn is_scalar(&self) -> bool {
        self.is_value() && self.num_vectors == 0
    }

    pub fn is_vector(&self) -> bool {
        self.is_value() && self.num_vectors > 0
    }

    pub fn is_floating(&self) -> bool {
        self.kind == Kind::Float
    }

    pub fn is_integer(&self) -> bool {
        matches!(self.kind, Kind::SInt | Kind::UInt)
    }

    pub fn is_signed(&self) -> bool {
        self.kind == Kind::SInt
    }

    pub fn is_poly(&self) -> bool {
        self.kind == Kind::Poly
    }

    /// `isDouble`: a 64-bit float.
    pub fn is_double(&self) -> bool {
        self.is_floating() && self.element_bitwidth == 64
    }

    /// `isHalf`: a 16-bit float.
    pub fn is_half(&self) -> bool {
        self.is_floating() && self.element_bitwidth == 16
    }

    /// `getNumElements`: lanes per vector (none for elements wider than the vector).
    pub fn num_elements(&self) -> u32 {
        self.bitwidth.checked_div(self.element_bitwidth).unwrap_or(0)
    }

    /// `makeUnsigned`.
    pub fn make_unsigned(&mut self) {
        self.kind = Kind::UInt;
    }

    /// `makeSigned`.
    pub fn make_signed(&mut self) {
        self.kind = Kind::SInt;
    }

    /// `makeInteger`.
    pub fn make_integer(&mut self, element_bitwidth: u32, signed: bool) {
        self.kind = if signed { Kind::SInt } else { Kind::UInt };
        self.immediate = false;
        self.element_bitwidth = element_bitwidth;
    }

    /// `makeImmediate`.
    pub fn make_immediate(&mut self, element_bitwidth: u32) {
        self.kind = Kind::SInt;
        self.immediate = true;
        self.element_bitwidth = element_bitwidth;
    }

    /// `makeScalar`.
    pub fn make_scalar(&mut self) {
        self.bitwidth = self.element_bitwidth;
        self.num_vectors = 0;
    }

    /// `makeOneVector`.
    pub fn make_one_vector(&mut self) {
        self.num_vectors = 1;
    }

    /// `make32BitElement`, with clang-tblgen's message when the type has no more than 32 bits.
    pub fn make_32bit_element(&mut self) -> Result<(), &'static str> {
        if self.bitwidth <= 32 {
            return Err("Not enough bits to make it 32!");
        }
        self.element_bitwidth = 32;
        Ok(())
    }

    /// `doubleLanes`: a 128-bit vector.
    pub fn double_lanes(&mut self) -> Result<(), &'static str> {
        if self.bitwidth == 128 {
            return Err("Can't get bigger than 128!");
        }
        self.bitwidth = 128;
        Ok(())
    }

    /// `halveLanes`: a 64-bit vector.
    pub fn halve_lanes(&mut self) -> Result<(), &'static str> {
        if self.bitwidth == 64 {
            return Err("Can't get smaller than 64!");
        }
        self.bitwidth = 64;
        Ok(())
    }

    /// What [`Type::c_name`] is made of: equal keys, equal names.
    fn name_key(&self) -> (Kind, u32, u32, u32, bool, bool) {
        match self.kind {
            Kind::Void | Kind::Fpm => (self.kind, 0, 0, 0, false, false),
            _ => (
                self.kind,
                self.element_bitwidth,
                if self.is_vector() { self.num_elements() } else { u32::MAX },
                if self.num_vectors > 1 { self.num_vectors } else { 0 },
                self.constant,
                self.pointer,
            ),
        }
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

    /// `Type::builtin_str`: the type in a builtin's prototype string (`V8Sc`, `vC*`, `IUi`).
    pub fn builtin_str(&self) -> Result<String, TypeError> {
        if self.is_void() {
            return Ok("v".to_string());
        }
        if self.pointer {
            // Every pointer is a void pointer.
            return Ok(if self.constant { "vC*" } else { "v*" }.to_string());
        }
        let unhandled = || TypeError::UnhandledElementSize(self.element_bitwidth);
        let mut s = String::from(match self.kind {
            Kind::SInt | Kind::UInt => match self.element_bitwidth {
                8 => "c",
                16 => "s",
                32 => "i",
                64 => "Wi",
                128 => "LLLi",
                _ => return Err(unhandled()),
            },
            Kind::BFloat16 => "y",
            Kind::MFloat8 => "m",
            Kind::Fpm => "UWi",
            Kind::Float | Kind::Poly | Kind::Void => match self.element_bitwidth {
                16 => "h",
                32 => "f",
                64 => "d",
                _ => return Err(unhandled()),
            },
        });
        if self.element_bitwidth == 8 && self.is_signed() {
            // Chars are explicitly signed.
            s.insert(0, 'S');
        } else if self.kind == Kind::UInt {
            s.insert(0, 'U');
        }
        // Constant indices are ints that are constant expressions.
        if self.immediate {
            s.insert(0, 'I');
        }
        if self.is_scalar() {
            return Ok(s);
        }
        let one = format!("V{}{s}", self.num_elements());
        Ok(one.repeat(self.num_vectors as usize))
    }

    /// `getNeonEnum`: the type's `NeonTypeFlags` (element type, `UnsignedFlag` 0x10,
    /// `QuadFlag` 0x20), as a polymorphic builtin's last argument and overload mask say it.
    pub fn neon_enum(&self) -> Result<u32, TypeError> {
        let mut addend: u32 = match self.element_bitwidth {
            8 => 0,
            16 => 1,
            32 => 2,
            64 => 3,
            128 => 4,
            bits => return Err(TypeError::UnhandledElementSize(bits)),
        };
        // Int8 = 0, Poly8 = 4, Float16 = 8, BFloat16 = 11, MFloat8 = 12.
        let mut base = addend;
        if self.is_poly() {
            // There is no Poly32.
            if addend >= 2 {
                addend -= 1;
            }
            base = 4 + addend;
        }
        if self.is_floating() {
            base = 8u32.wrapping_add(addend.wrapping_sub(1));
        }
        match self.kind {
            Kind::BFloat16 => base = 11,
            Kind::MFloat8 => base = 12,
            _ => {}
        }
        if self.bitwidth == 128 {
            base |= 0x20;
        }
        if self.kind == Kind::UInt {
            base |= 0x10;
        }
        Ok(base)
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
        assert_eq!(name("c", "<<<<", V22), Err(TypeError::ZeroElementSize("<<<<".to_string())));
        assert_eq!(type_specs("cQcUQl"), ["c", "Qc", "UQl"]);
    }

    #[test]
    fn builtin_strings_and_flags() {
        let t = |spec, mods| Type::new(spec, mods, V22).unwrap();
        assert_eq!(t("Qc", ".").builtin_str(), Ok("V16Sc".to_string()));
        assert_eq!(t("Ui", "2").builtin_str(), Ok("V2UiV2Ui".to_string()));
        assert_eq!(t("f", "*c").builtin_str(), Ok("vC*".to_string()));
        assert_eq!(t("l", "I").builtin_str(), Ok("Ii".to_string()));
        assert_eq!(t("Ql", ">").builtin_str(), Ok("V1LLLi".to_string()));
        assert_eq!(t("Qf", ".").neon_enum(), Ok(0x29));
        assert_eq!(t("UQs", ".").neon_enum(), Ok(0x31));
        assert_eq!(t("Pl", ".").neon_enum(), Ok(6));
        assert_eq!(t("Qb", ".").neon_enum(), Ok(0x2b));
        let mut wide = t("Ql", ">>");
        assert_eq!(wide.neon_enum(), Err(TypeError::UnhandledElementSize(256)));
        wide.make_scalar();
        assert_eq!(wide.builtin_str(), Err(TypeError::UnhandledElementSize(256)));
    }

    #[test]
    fn typedef_names() {
        let name = |n| Type::from_typedef_name(n).c_name();
        for n in ["uint32x2_t", "float16_t", "int8x8x2_t", "poly64x1_t", "bfloat16x8_t", "mfloat8_t"] {
            assert_eq!(name(n), n);
        }
        assert_eq!(Type::from_typedef_name("R"), Type { kind: Kind::SInt, ..Type::default() });
        assert_eq!(name("junk"), "int0_t");
    }
}
