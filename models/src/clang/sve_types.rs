//! The type system of clang's SVE and SME intrinsics as SveEmitter.cpp reads it: a type spec
//! (`Uc`, `Pi`, `Qc`: a base type code after its flags, split as NEON's are,
//! [`super::neon_types::type_specs`]) made into a type by one prototype modifier (`d` the base
//! type, `P` a predicate, `c` a const pointer to the element, `i` an immediate, ...), with its
//! C name (`svuint8x2_t`, `enum svpattern`) and its builtin type string (`q16Uc`, `IUWi`).
//!
//! LLVM 19 describes a type by flags (signed, float, bfloat, predicate, ...) that a modifier sets
//! and clears one by one; LLVM 20 rewrote it as one kind (`TypeKind`), adding `mfloat8` (type
//! code `m`, modifiers `~` and `!`), the FP8 mode register (`>`) and `svint64_t` (`#`); LLVM 23
//! adds `y` (half-width signed elements). The two descriptions name some types differently
//! (19's `f` keeps a float base type a float, 20's makes it an unsigned integer), so each is
//! kept whole: [`MODEL`] says which a release uses.

use tdq_core::ByRelease;

/// How a release describes an SVE type.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Model {
    /// LLVM 19's flags.
    Flags,
    /// LLVM 20's kinds; `signed_half`: the `y` modifier (LLVM 23).
    Kinds { signed_half: bool },
}

pub const MODEL: ByRelease<Model> =
    ByRelease { v19: Model::Flags, v22: Model::Kinds { signed_half: false }, v23: Model::Kinds { signed_half: true } };

/// What clang-tblgen cannot make a type of (it stops on `llvm_unreachable`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TypeError {
    /// A type spec's character that is no type code.
    UnknownTypeCode(char),
    /// A prototype character that is no modifier (`.` included: it only introduces one).
    UnknownModifier(char),
    /// An element width no builtin type string has.
    UnhandledWidth(String, u32),
    /// A type of no kind (of no type spec, under a modifier that gives none).
    Invalid,
}

impl std::fmt::Display for TypeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TypeError::UnknownTypeCode(c) => write!(f, "unknown type code '{}' in a type spec", c.escape_default()),
            TypeError::UnknownModifier(c) => write!(f, "unknown prototype modifier '{}'", c.escape_default()),
            TypeError::UnhandledWidth(what, bits) => write!(f, "{what} of {bits} bits has no builtin type"),
            TypeError::Invalid => write!(f, "a type of no type spec"),
        }
    }
}

/// LLVM 20's `TypeKind`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Invalid,
    Void,
    Float,
    SInt,
    UInt,
    BFloat16,
    MFloat8,
    Svcount,
    PrefetchOp,
    PredicatePattern,
    Predicate,
    Fpm,
}

/// What a type is, in either description.
#[derive(Clone, Copy, Debug)]
enum Class {
    Flags(Flags),
    Kind(Kind),
}

/// LLVM 19's flags.
#[derive(Clone, Copy, Debug)]
struct Flags {
    float: bool,
    signed: bool,
    void: bool,
    bfloat: bool,
    predicate: bool,
    predicate_pattern: bool,
    prefetch_op: bool,
    svcount: bool,
}

/// LLVM 20's kind after modifier `m` (`applyModifier`).
fn kind_after(kind: Kind, m: char) -> Kind {
    use Kind::*;
    match m {
        'v' | 'Q' | '%' => Void,
        'e' | 'b' | '@' | 'L' | 'u' | 'i' | 'm' | 'n' | 'f' | 'g' | '[' | 'z' | 'W' | 'X' | 'Y' | 'E' | 'F' | 'G' => {
            UInt
        }
        'x' | 'K' | 'k' | 'l' | '#' | 't' | 'y' | 'S' | 'T' | 'U' | 'A' | 'B' | 'C' | 'D' => SInt,
        'P' => Predicate,
        'I' => PredicatePattern,
        'J' => PrefetchOp,
        '>' => Fpm,
        'O' | 'M' | 'N' => Float,
        '$' => BFloat16,
        '}' => Svcount,
        '~' | '!' => MFloat8,
        _ => kind,
    }
}

impl Flags {
    /// An integer, signed or not; with `predicates`, no predicate nor svcount either.
    fn integer(&mut self, signed: bool, predicates: bool) {
        self.signed = signed;
        self.float = false;
        self.bfloat = false;
        if predicates {
            self.predicate = false;
            self.svcount = false;
        }
    }

    /// LLVM 19's flags after modifier `m` (`applyModifier`).
    fn apply_modifier(&mut self, m: char) {
        match m {
            'v' | 'Q' | '%' => self.void = true,
            'e' | 'f' | 'W' | 'X' | 'Y' | 'E' | 'F' | 'G' => self.signed = false,
            'S' | 'T' | 'U' | 'A' | 'B' | 'C' | 'D' => self.signed = true,
            'b' | '@' | 'L' | 'g' | '[' | 'z' => self.integer(false, false),
            'K' | 't' => self.integer(true, false),
            'u' | 'i' | 'm' | 'n' => self.integer(false, true),
            'x' | 'k' | 'l' => self.integer(true, true),
            'P' => {
                self.integer(true, true);
                self.predicate = true;
            }
            'I' | 'J' => {
                self.integer(true, true);
                self.predicate_pattern |= m == 'I';
                self.prefetch_op |= m == 'J';
            }
            'O' | 'M' | 'N' => {
                self.predicate = false;
                self.svcount = false;
                self.float = true;
                // 'O' and 'N' leave a bfloat flag set.
                if m == 'M' {
                    self.bfloat = false;
                }
            }
            '$' => {
                self.predicate = false;
                self.svcount = false;
                self.float = false;
                self.bfloat = true;
            }
            '}' => {
                self.integer(true, false);
                self.predicate = false;
                self.svcount = true;
            }
            _ => {}
        }
    }
}

/// An SVE type (`SVEType`).
#[derive(Clone, Copy, Debug)]
pub struct SveType {
    class: Class,
    immediate: bool,
    constant: bool,
    pointer: bool,
    scalable: bool,
    bitwidth: u32,
    element_bitwidth: u32,
    num_vectors: u32,
}

impl SveType {
    /// `SVEType(TS, Mod, NumVectors)`: the type of spec `spec` under modifier `modifier`.
    pub fn new(model: Model, spec: &str, modifier: char, num_vectors: u32) -> Result<SveType, TypeError> {
        let class = match model {
            Model::Flags => Class::Flags(Flags {
                float: false,
                signed: true,
                void: false,
                bfloat: false,
                predicate: false,
                predicate_pattern: false,
                prefetch_op: false,
                svcount: false,
            }),
            Model::Kinds { .. } => Class::Kind(Kind::Invalid),
        };
        let mut t = SveType {
            class,
            immediate: false,
            constant: false,
            pointer: false,
            scalable: true,
            bitwidth: 128,
            element_bitwidth: u32::MAX,
            num_vectors,
        };
        for c in spec.chars() {
            t.apply_type_code(c)?;
        }
        t.apply_modifier(modifier, model)?;
        Ok(t)
    }

    /// `SVEType(Base, NumV)`: the same type, `num_vectors` of them.
    pub fn with_vectors(mut self, num_vectors: u32) -> SveType {
        self.num_vectors = num_vectors;
        self
    }

    fn apply_type_code(&mut self, c: char) -> Result<(), TypeError> {
        let width = match c {
            'c' => Some(8),
            's' => Some(16),
            'i' => Some(32),
            'l' => Some(64),
            'q' => Some(128),
            _ => None,
        };
        match &mut self.class {
            Class::Flags(f) => match c {
                'Q' => f.svcount = true,
                'P' => f.predicate = true,
                'U' => f.signed = false,
                'h' | 'f' | 'd' => f.float = true,
                'b' => (f.bfloat, f.float) = (true, false),
                _ if width.is_some() => {}
                _ => return Err(TypeError::UnknownTypeCode(c)),
            },
            Class::Kind(k) => {
                *k = match c {
                    'Q' => Kind::Svcount,
                    'P' => Kind::Predicate,
                    'U' => Kind::UInt,
                    'h' | 'f' | 'd' => Kind::Float,
                    'b' => Kind::BFloat16,
                    'm' => Kind::MFloat8,
                    _ if width.is_some() => match *k {
                        Kind::Invalid => Kind::SInt,
                        k => k,
                    },
                    _ => return Err(TypeError::UnknownTypeCode(c)),
                }
            }
        }
        self.element_bitwidth = match c {
            'h' | 'b' => 16,
            'f' => 32,
            'd' => 64,
            'm' => 8,
            _ => width.unwrap_or(self.element_bitwidth),
        };
        Ok(())
    }

    /// A scalar of `bits` bits (`ElementBitwidth = Bitwidth = bits; NumVectors = 0`).
    fn scalar_of(&mut self, bits: u32) {
        self.element_bitwidth = bits;
        self.bitwidth = bits;
        self.num_vectors = 0;
    }

    /// A pointer (`Pointer = true; NumVectors = 0`), to `bits`-bit elements if given, const
    /// with `constant`.
    fn pointer_to(&mut self, bits: Option<u32>, constant: bool) {
        self.pointer = true;
        self.constant |= constant;
        if let Some(bits) = bits {
            self.scalar_of(bits);
        }
        self.num_vectors = 0;
    }

    /// `applyModifier`: what a modifier does to the type's shape (widths, vectors, pointer),
    /// then to what it is, in the release's description. The modifiers LLVM 20 adds are
    /// unknown to 19.
    fn apply_modifier(&mut self, m: char, model: Model) -> Result<(), TypeError> {
        let known = match (m, model) {
            ('>' | '#' | '~' | '!' | 'y', Model::Flags) => false,
            ('y', Model::Kinds { signed_half }) => signed_half,
            _ => true,
        };
        if !known || !self.apply_shape(m) {
            return Err(TypeError::UnknownModifier(m));
        }
        self.class = match self.class {
            Class::Flags(mut f) => {
                f.apply_modifier(m);
                Class::Flags(f)
            }
            Class::Kind(k) => {
                if m == 'v' {
                    self.num_vectors = 0;
                }
                Class::Kind(kind_after(k, m))
            }
        };
        Ok(())
    }

    /// The widths, vectors and pointer a modifier gives; false for no modifier.
    fn apply_shape(&mut self, m: char) -> bool {
        match m {
            'v' | 'd' | 'u' | 'x' => {}
            'c' | 'p' => {
                self.constant |= m == 'c';
                self.pointer = true;
                self.bitwidth = self.element_bitwidth;
                self.num_vectors = 0;
            }
            'e' | 'h' | 'y' => self.element_bitwidth /= 2,
            'q' | 'b' => self.element_bitwidth /= 4,
            'R' => {
                self.element_bitwidth /= 2;
                self.num_vectors = 0;
            }
            'r' | '@' => {
                self.element_bitwidth /= 4;
                self.num_vectors = 0;
            }
            'o' => self.element_bitwidth = self.element_bitwidth.wrapping_mul(4),
            'P' => {
                self.bitwidth = 16;
                self.element_bitwidth = 1;
            }
            '{' => {
                self.scalable = false;
                self.bitwidth = 128;
                self.num_vectors = 1;
            }
            's' | 'a' | 'K' | 'L' => {
                self.bitwidth = self.element_bitwidth;
                self.num_vectors = 0;
            }
            'i' | 'I' | 'J' => {
                self.scalar_of(if m == 'i' { 64 } else { 32 });
                self.immediate = true;
            }
            'k' | 'm' => self.scalar_of(32),
            'l' | 'n' | 'f' | 'j' | '>' => self.scalar_of(64),
            '!' => self.scalar_of(8),
            'w' | 'g' | '#' | 'N' => self.element_bitwidth = 64,
            '[' | '~' => self.element_bitwidth = 8,
            't' | 'z' | 'M' => self.element_bitwidth = 32,
            'O' | '$' => self.element_bitwidth = 16,
            'Q' | '%' => self.pointer_to(None, m == 'Q'),
            'S' | 'W' => self.pointer_to(Some(8), true),
            'T' | 'X' => self.pointer_to(Some(16), true),
            'U' | 'Y' => self.pointer_to(Some(32), true),
            'A' | 'E' => self.pointer_to(Some(8), false),
            'B' | 'F' => self.pointer_to(Some(16), false),
            'C' | 'G' => self.pointer_to(Some(32), false),
            'D' => self.pointer_to(Some(64), false),
            '}' => self.num_vectors = 0,
            _ => return false,
        }
        true
    }

    fn kind(&self) -> Option<Kind> {
        match self.class {
            Class::Kind(k) => Some(k),
            Class::Flags(_) => None,
        }
    }

    pub fn is_pointer(&self) -> bool {
        self.pointer
    }
    pub fn is_vector(&self) -> bool {
        self.num_vectors > 0
    }
    pub fn is_scalable_vector(&self) -> bool {
        self.is_vector() && self.scalable
    }
    pub fn is_fixed_length_vector(&self) -> bool {
        self.is_vector() && !self.scalable
    }
    pub fn element_bits(&self) -> u32 {
        self.element_bitwidth
    }

    /// `isFloat`: a float (not a bfloat).
    pub fn is_float(&self) -> bool {
        match self.class {
            Class::Flags(f) => f.float && !f.bfloat,
            Class::Kind(k) => k == Kind::Float,
        }
    }
    pub fn is_bfloat(&self) -> bool {
        match self.class {
            Class::Flags(f) => f.bfloat && !f.float,
            Class::Kind(k) => k == Kind::BFloat16,
        }
    }
    pub fn is_mfloat(&self) -> bool {
        self.kind() == Some(Kind::MFloat8)
    }
    fn is_floating_point(&self) -> bool {
        match self.class {
            Class::Flags(f) => f.float || f.bfloat,
            Class::Kind(k) => matches!(k, Kind::Float | Kind::BFloat16 | Kind::MFloat8),
        }
    }
    /// `isPredicate` (19's `isPredicateVector`): a predicate, vector or scalar.
    pub fn is_predicate(&self) -> bool {
        match self.class {
            Class::Flags(f) => f.predicate,
            Class::Kind(k) => k == Kind::Predicate,
        }
    }
    fn is_scalar_predicate(&self) -> bool {
        match self.class {
            Class::Flags(f) => !self.is_floating_point() && f.predicate && self.num_vectors == 0,
            Class::Kind(k) => k == Kind::Predicate && self.num_vectors == 0,
        }
    }
    pub fn is_predicate_pattern(&self) -> bool {
        match self.class {
            Class::Flags(f) => f.predicate_pattern,
            Class::Kind(k) => k == Kind::PredicatePattern,
        }
    }
    pub fn is_prefetch_op(&self) -> bool {
        match self.class {
            Class::Flags(f) => f.prefetch_op,
            Class::Kind(k) => k == Kind::PrefetchOp,
        }
    }
    pub fn is_svcount(&self) -> bool {
        match self.class {
            Class::Flags(f) => f.svcount,
            Class::Kind(k) => k == Kind::Svcount,
        }
    }
    pub fn is_fpm(&self) -> bool {
        self.kind() == Some(Kind::Fpm)
    }
    /// An integer that is signed (`Some(true)`), unsigned (`Some(false)`), or no integer.
    pub fn integer_signedness(&self) -> Option<bool> {
        match self.class {
            Class::Flags(f) => (!self.is_floating_point() && !f.predicate && !f.svcount).then_some(f.signed),
            Class::Kind(Kind::SInt) => Some(true),
            Class::Kind(Kind::UInt) => Some(false),
            Class::Kind(_) => None,
        }
    }

    fn num_elements(&self) -> u32 {
        if self.is_predicate() && self.kind().is_some() {
            return 16;
        }
        self.bitwidth.checked_div(self.element_bitwidth).unwrap_or(0)
    }

    /// The letters of an integer element width in a builtin type string.
    fn integer_base(&self) -> Result<&'static str, TypeError> {
        Ok(match self.element_bitwidth {
            1 => "b",
            8 => "c",
            16 => "s",
            32 => "i",
            64 => "Wi",
            128 => "LLLi",
            bits => return Err(TypeError::UnhandledWidth("an integer".into(), bits)),
        })
    }

    fn float_base(&self) -> Result<&'static str, TypeError> {
        Ok(match self.element_bitwidth {
            16 => "h",
            32 => "f",
            64 => "d",
            bits => return Err(TypeError::UnhandledWidth("a float".into(), bits)),
        })
    }

    /// `builtin_str`: the type in a `BUILTIN()` type string (`q16Sc`, `vC*`).
    pub fn builtin_str(&self) -> Result<String, TypeError> {
        match self.class {
            Class::Flags(f) => self.builtin_str_19(f),
            Class::Kind(k) => self.builtin_str_20(k),
        }
    }

    fn builtin_str_19(&self, f: Flags) -> Result<String, TypeError> {
        let void_pointer = self.pointer && f.void;
        if f.void && !self.pointer {
            return Ok("v".into());
        }
        if self.is_scalar_predicate() {
            return Ok("b".into());
        }
        if f.svcount {
            return Ok("Qa".into());
        }
        let mut s = String::new();
        if void_pointer {
            s.push('v');
        } else if !self.is_floating_point() {
            s.push_str(self.integer_base()?);
        } else if self.is_float() {
            s.push_str(self.float_base()?);
        } else if self.is_bfloat() {
            s.push('y');
        }
        if !self.is_floating_point() && !void_pointer {
            // Chars and typed pointers are explicitly signed.
            if self.element_bitwidth == 8 || self.pointer {
                s.insert(0, if f.signed { 'S' } else { 'U' });
            } else if !f.signed {
                s.insert(0, 'U');
            }
        }
        if self.immediate {
            s.insert(0, 'I');
        }
        if self.num_vectors == 0 {
            if self.constant {
                s.push('C');
            }
            if self.pointer {
                s.push('*');
            }
            return Ok(s);
        }
        let prefix = if self.is_fixed_length_vector() { 'V' } else { 'q' };
        Ok(format!("{prefix}{}{s}", self.num_elements().wrapping_mul(self.num_vectors)))
    }

    fn builtin_str_20(&self, kind: Kind) -> Result<String, TypeError> {
        let mut s = String::new();
        if self.is_vector() {
            let prefix = if self.scalable { 'q' } else { 'V' };
            s = format!("{prefix}{}", self.num_elements().wrapping_mul(self.num_vectors));
        } else if self.immediate {
            s.push('I');
        }
        match kind {
            Kind::SInt if self.element_bitwidth == 8 || self.pointer => s.push('S'),
            Kind::UInt => s.push('U'),
            _ => {}
        }
        s.push_str(match kind {
            Kind::Void => "v",
            Kind::Svcount => "Qa",
            Kind::PrefetchOp | Kind::PredicatePattern => "i",
            Kind::Fpm => "UWi",
            Kind::Predicate => "b",
            Kind::BFloat16 => "y",
            Kind::MFloat8 => "m",
            Kind::Float => self.float_base()?,
            Kind::SInt | Kind::UInt => self.integer_base()?,
            Kind::Invalid => return Err(TypeError::Invalid),
        });
        if self.constant {
            s.push('C');
        }
        if self.pointer {
            s.push('*');
        }
        Ok(s)
    }

    /// `str`: the C name of the type in `arm_sve.h` (`svint8_t`, `uint64_t const *`).
    pub fn c_name(&self) -> String {
        match self.class {
            Class::Flags(f) => self.c_name_19(f),
            Class::Kind(k) => self.c_name_20(k),
        }
    }

    fn c_name_19(&self, f: Flags) -> String {
        if f.predicate_pattern {
            return "enum svpattern".into();
        }
        if f.prefetch_op {
            return "enum svprfop".into();
        }
        let mut s = String::new();
        if f.void {
            s.push_str("void");
        } else {
            if self.is_scalable_vector() || f.svcount {
                s.push_str("sv");
            }
            if !f.signed && !self.is_floating_point() {
                s.push('u');
            }
            s.push_str(if f.float {
                "float"
            } else if f.svcount {
                "count"
            } else if self.is_scalar_predicate() || f.predicate {
                "bool"
            } else if self.is_bfloat() {
                "bfloat"
            } else {
                "int"
            });
            if !f.predicate && !f.svcount {
                s.push_str(&self.element_bitwidth.to_string());
            }
            self.vector_suffix(&mut s);
            if !self.is_scalar_predicate() {
                s.push_str("_t");
            }
        }
        self.qualifiers(&mut s);
        s
    }

    fn c_name_20(&self, kind: Kind) -> String {
        let mut s = match kind {
            Kind::PrefetchOp => return "enum svprfop".into(),
            Kind::PredicatePattern => return "enum svpattern".into(),
            Kind::Fpm => "fpm".to_string(),
            Kind::Void => "void".to_string(),
            Kind::Float => format!("float{}", self.element_bitwidth),
            Kind::Svcount => "svcount".to_string(),
            Kind::Predicate => "bool".to_string(),
            Kind::BFloat16 => "bfloat16".to_string(),
            Kind::MFloat8 => "mfloat8".to_string(),
            Kind::SInt => format!("int{}", self.element_bitwidth),
            Kind::UInt => format!("uint{}", self.element_bitwidth),
            // Only a type of no spec under no modifier is invalid; clang-tblgen never names one.
            Kind::Invalid => "invalid".to_string(),
        };
        if self.is_fixed_length_vector() {
            s.push_str(&format!("x{}", self.num_elements()));
        } else if self.is_scalable_vector() {
            s.insert_str(0, "sv");
        }
        if self.num_vectors > 1 {
            s.push_str(&format!("x{}", self.num_vectors));
        }
        if !self.is_scalar_predicate() && kind != Kind::Void {
            s.push_str("_t");
        }
        self.qualifiers(&mut s);
        s
    }

    fn vector_suffix(&self, s: &mut String) {
        if self.is_fixed_length_vector() {
            s.push_str(&format!("x{}", self.num_elements()));
        }
        if self.num_vectors > 1 {
            s.push_str(&format!("x{}", self.num_vectors));
        }
    }

    fn qualifiers(&self, s: &mut String) {
        if self.constant {
            s.push_str(" const");
        }
        if self.pointer {
            s.push_str(" *");
        }
    }

    /// The `EltType` def naming the type's element in the flags (`encodeTypeFlags`), or the
    /// width no element type has.
    pub fn elt_type_name(&self) -> Result<&'static str, TypeError> {
        let bits = self.element_bitwidth;
        let unhandled = |what: &str| Err(TypeError::UnhandledWidth(what.into(), bits));
        if self.is_float() {
            return match bits {
                16 => Ok("EltTyFloat16"),
                32 => Ok("EltTyFloat32"),
                64 => Ok("EltTyFloat64"),
                _ => unhandled("a float element"),
            };
        }
        if self.is_bfloat() {
            return Ok("EltTyBFloat16");
        }
        if self.is_mfloat() {
            return Ok("EltTyMFloat8");
        }
        if self.is_predicate() || self.is_svcount() {
            return match bits {
                8 => Ok("EltTyBool8"),
                16 => Ok("EltTyBool16"),
                32 => Ok("EltTyBool32"),
                64 => Ok("EltTyBool64"),
                _ => unhandled("a predicate element"),
            };
        }
        match bits {
            8 => Ok("EltTyInt8"),
            16 => Ok("EltTyInt16"),
            32 => Ok("EltTyInt32"),
            64 => Ok("EltTyInt64"),
            128 => Ok("EltTyInt128"),
            _ => unhandled("an integer element"),
        }
    }
}

/// `getProtoModifier(Proto, Op)`: the modifier of operand `op` (0 the return value) and how many
/// vectors it is (`2`, `3`, `4`: a tuple of the base type, or of the modifier after `.`).
pub fn proto_modifier(proto: &str, op: usize) -> Option<(char, u32)> {
    let bytes = proto.as_bytes();
    let mut i = 0;
    let mut p = 0;
    while i < bytes.len() {
        let mut m = bytes[i] as char;
        let mut vectors = 1;
        let mut skip = 1;
        if matches!(m, '2' | '3' | '4') {
            vectors = m as u32 - '0' as u32;
            m = 'd';
            if bytes.get(i + 1) == Some(&b'.') {
                // clang-tblgen reads the character after the dot, its NUL if there is none.
                m = bytes.get(i + 2).map_or('\0', |&b| b as char);
                skip = 3;
            }
        }
        if p == op {
            return Some((m, vectors));
        }
        i += skip;
        p += 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use tdq_core::Release;

    fn name(release: Release, spec: &str, m: char) -> (String, String) {
        let t = SveType::new(*MODEL.get(release), spec, m, 1).expect("a type");
        (t.c_name(), t.builtin_str().expect("a builtin type"))
    }

    #[test]
    fn types_of_each_release() {
        use Release::*;
        for r in [V19, V22, V23] {
            assert_eq!(name(r, "Uc", 'd'), ("svuint8_t".into(), "q16Uc".into()));
            assert_eq!(name(r, "i", 'P'), ("svbool_t".into(), "q16b".into()));
            assert_eq!(name(r, "l", 'c'), ("int64_t const *".into(), "SWiC*".into()));
            assert_eq!(name(r, "f", 'I'), ("enum svpattern".into(), "Ii".into()));
            assert_eq!(name(r, "s", 'Q'), ("void const *".into(), "vC*".into()));
        }
        // 19's 'f' keeps a float a float; 20 makes it an unsigned integer.
        assert_eq!(name(V19, "d", 'f').0, "float64_t");
        assert_eq!(name(V22, "d", 'f').0, "uint64_t");
        assert_eq!(name(V22, "m", 'd'), ("svmfloat8_t".into(), "q16m".into()));
        assert!(SveType::new(*MODEL.get(V19), "m", 'd', 1).is_err());
        assert_eq!(name(V23, "l", 'y'), ("svint32_t".into(), "q4i".into()));
        assert!(SveType::new(*MODEL.get(V22), "l", 'y', 1).is_err());
        let pair = SveType::new(*MODEL.get(V22), "Ui", 'd', 2).expect("a tuple");
        assert_eq!(pair.c_name(), "svuint32x2_t");
        assert_eq!(proto_modifier("2.ddi", 0), Some(('d', 2)));
        assert_eq!(proto_modifier("d2.xi", 1), Some(('x', 2)));
        assert_eq!(proto_modifier("d2.xi", 2), Some(('i', 1)));
        assert_eq!(proto_modifier("dd", 2), None);
    }
}
