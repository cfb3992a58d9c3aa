//! clang's RISC-V vector intrinsics as RISCVVEmitter.cpp makes them from `riscv_vector.td`,
//! `riscv_sifive_vector.td` and `riscv_andes_vector.td`, over the type system it shares with
//! clang (RISCVVIntrinsicUtils): a prototype is a string of descriptors ([`Descriptor`]: a base
//! type under one vector modifier and type modifiers), each `RVVBuiltin` def is made into one
//! intrinsic ([`Intrinsic`]) per element type of its `TypeRange`, LMUL of its `Log2LMUL`, mask
//! and policy, with its C names, builtin type string and code generation; and one compact
//! [`SemaRecord`] per def, which clang expands at run time from a shared table of descriptors
//! ([`SignatureTable`]). What a release reads or numbers differently is [`Rules`].

use crate::records::{derived_definitions, Fatal, Fields};
use rustc_hash::FxHashMap;
use std::rc::Rc;
use tdq_core::types::RecId;
use tdq_core::{ByRelease, Evaluation, Release};

/// How a release's `RVVIntrinsicRecord` names the extensions an intrinsic requires.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RequiredExtensions {
    /// A mask of `RVVRequire` bits, one per known feature name in this order (LLVM 19); an
    /// unknown name adds nothing.
    Bits(&'static [&'static str]),
    /// The names joined by commas (LLVM 20 on).
    Names,
}

/// What a release reads or numbers differently.
#[derive(Clone, Copy)]
pub struct Rules {
    /// The `d` descriptor, `DoubleLMULVector` (LLVM 23), numbered before the mask modifier.
    pub double_lmul: bool,
    /// The OFP8 element types `a` and `b` (`F8E4M3`, `F8E5M2`) and the `A` modifier (LLVM 22).
    pub ofp8: bool,
    /// The defs' `AltFmt` and `TWiden` fields (LLVM 22).
    pub alt_fmt_twiden: bool,
    /// The defs' `HasSegInstSEW` field (LLVM 23; before, every intrinsic has it).
    pub seg_inst_sew_field: bool,
    pub required_extensions: RequiredExtensions,
}

const REQUIRE_19: &[&str] = &[
    "RV64",
    "Zvfhmin",
    "Xsfvcp",
    "Xsfvfnrclipxfqf",
    "Xsfvfwmaccqqq",
    "Xsfvqmaccdod",
    "Xsfvqmaccqoq",
    "Zvbb",
    "Zvbc",
    "Zvkb",
    "Zvkg",
    "Zvkned",
    "Zvknha",
    "Zvknhb",
    "Zvksed",
    "Zvksh",
    "Zvfbfwma",
    "Zvfbfmin",
    "Experimental",
];

pub const RULES: ByRelease<Rules> = ByRelease {
    v19: Rules {
        double_lmul: false,
        ofp8: false,
        alt_fmt_twiden: false,
        seg_inst_sew_field: false,
        required_extensions: RequiredExtensions::Bits(REQUIRE_19),
    },
    v22: Rules {
        double_lmul: false,
        ofp8: true,
        alt_fmt_twiden: true,
        seg_inst_sew_field: false,
        required_extensions: RequiredExtensions::Names,
    },
    v23: Rules {
        double_lmul: true,
        ofp8: true,
        alt_fmt_twiden: true,
        seg_inst_sew_field: true,
        required_extensions: RequiredExtensions::Names,
    },
};

/// `BaseTypeModifier`: what a descriptor's last character says the type is.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum BaseTypeModifier {
    Invalid,
    Scalar,
    Vector,
    Void,
    SizeT,
    Ptrdiff,
    UnsignedLong,
    SignedLong,
    Float32,
}

/// `VectorTypeModifier`: at most one per descriptor. The order of the variants (and of their
/// values) is the order of clang's enum.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum VectorTypeModifier {
    NoModifier,
    Widening2X,
    Widening4X,
    Widening8X,
    /// `d` (LLVM 23).
    DoubleLmul,
    Mask,
    /// `(Log2EEW:N)`, N in 3..=6.
    Log2Eew(u8),
    /// `(FixedSEW:N)`, N in 8, 16, 32, 64.
    FixedSew(u8),
    /// `(LFixedLog2LMUL:N)`: LMUL 2^N if larger than the type's.
    LargerFixedLog2Lmul(i8),
    /// `(SFixedLog2LMUL:N)`: if smaller.
    SmallerFixedLog2Lmul(i8),
    /// `(SEFixedLog2LMUL:N)`: if smaller or equal.
    SmallerOrEqualFixedLog2Lmul(i8),
    /// `(Tuple:NF)`, NF in 2..=8.
    Tuple(u8),
}

impl VectorTypeModifier {
    /// The modifier's value in the release's enum (the signature table prints it).
    pub fn code(self, rules: &Rules) -> u32 {
        let after_mask = |n: u32| if rules.double_lmul { n } else { n - 1 };
        let log2_lmul = |n: i8| (n as i32 + 3) as u32;
        match self {
            VectorTypeModifier::NoModifier => 0,
            VectorTypeModifier::Widening2X => 1,
            VectorTypeModifier::Widening4X => 2,
            VectorTypeModifier::Widening8X => 3,
            VectorTypeModifier::DoubleLmul => 4,
            VectorTypeModifier::Mask => after_mask(5),
            VectorTypeModifier::Log2Eew(n) => after_mask(6 + n as u32 - 3),
            VectorTypeModifier::FixedSew(n) => after_mask(10 + (n as u32).trailing_zeros() - 3),
            VectorTypeModifier::LargerFixedLog2Lmul(n) => after_mask(14 + log2_lmul(n)),
            VectorTypeModifier::SmallerFixedLog2Lmul(n) => after_mask(21 + log2_lmul(n)),
            VectorTypeModifier::SmallerOrEqualFixedLog2Lmul(n) => after_mask(28 + log2_lmul(n)),
            VectorTypeModifier::Tuple(nf) => after_mask(35 + nf as u32 - 2),
        }
    }
}

/// `TypeModifier`'s bits.
pub mod type_modifier {
    pub const POINTER: u16 = 1 << 0;
    pub const CONST: u16 = 1 << 1;
    pub const IMMEDIATE: u16 = 1 << 2;
    pub const UNSIGNED_INTEGER: u16 = 1 << 3;
    pub const SIGNED_INTEGER: u16 = 1 << 4;
    pub const FLOAT: u16 = 1 << 5;
    pub const BFLOAT: u16 = 1 << 6;
    pub const LMUL1: u16 = 1 << 7;
    /// Toggles between the two OFP8 element types (LLVM 22).
    pub const ALT_FP8: u16 = 1 << 8;
}
use type_modifier as tm;

/// `PrototypeDescriptor`: one operand's type relative to the intrinsic's element type and LMUL.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Descriptor {
    pub base: BaseTypeModifier,
    pub vector: VectorTypeModifier,
    pub modifiers: u16,
}

impl Descriptor {
    pub const fn new(base: BaseTypeModifier, vector: VectorTypeModifier, modifiers: u16) -> Descriptor {
        Descriptor { base, vector, modifiers }
    }
    pub const MASK: Descriptor = Descriptor::new(BaseTypeModifier::Vector, VectorTypeModifier::Mask, 0);
    pub const VL: Descriptor = Descriptor::new(BaseTypeModifier::SizeT, VectorTypeModifier::NoModifier, 0);
    pub const VECTOR: Descriptor = Descriptor::new(BaseTypeModifier::Vector, VectorTypeModifier::NoModifier, 0);
}

/// `BasicType`: an element type of a `TypeRange` (its bit in the sema records' masks).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum BasicType {
    Int8,
    Int16,
    Int32,
    Int64,
    BFloat16,
    Float16,
    Float32,
    Float64,
    F8E4M3,
    F8E5M2,
}

impl BasicType {
    /// `ParseBasicType`: a `TypeRange` character; `None` is clang's `BasicType::Unknown`.
    pub fn parse(c: char, rules: &Rules) -> Option<BasicType> {
        Some(match c {
            'c' => BasicType::Int8,
            's' => BasicType::Int16,
            'i' => BasicType::Int32,
            'l' => BasicType::Int64,
            'x' => BasicType::Float16,
            'f' => BasicType::Float32,
            'd' => BasicType::Float64,
            'y' => BasicType::BFloat16,
            'a' if rules.ofp8 => BasicType::F8E4M3,
            'b' if rules.ofp8 => BasicType::F8E5M2,
            _ => return None,
        })
    }

    pub fn mask(self) -> u32 {
        1 << self as u32
    }

    /// The element width and kind `applyBasicType` starts a type from.
    fn element(self) -> (u32, ScalarKind) {
        match self {
            BasicType::Int8 => (8, ScalarKind::SignedInteger),
            BasicType::Int16 => (16, ScalarKind::SignedInteger),
            BasicType::Int32 => (32, ScalarKind::SignedInteger),
            BasicType::Int64 => (64, ScalarKind::SignedInteger),
            BasicType::Float16 => (16, ScalarKind::Float),
            BasicType::Float32 => (32, ScalarKind::Float),
            BasicType::Float64 => (64, ScalarKind::Float),
            BasicType::BFloat16 => (16, ScalarKind::BFloat),
            BasicType::F8E4M3 => (8, ScalarKind::FloatE4M3),
            BasicType::F8E5M2 => (8, ScalarKind::FloatE5M2),
        }
    }
}

/// `ScalarTypeKind`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ScalarKind {
    Void,
    SizeT,
    PtrdiffT,
    UnsignedLong,
    SignedLong,
    Boolean,
    SignedInteger,
    UnsignedInteger,
    Float,
    BFloat,
    FloatE4M3,
    FloatE5M2,
    Invalid,
}

/// `LMULType::str`: `mf2`, `m1`, ...
fn lmul_str(log2_lmul: i32) -> String {
    if log2_lmul < 0 {
        format!("mf{}", 1u64 << -log2_lmul)
    } else {
        format!("m{}", 1u64 << log2_lmul)
    }
}

/// `LMULType::getScale`: the `vscale` multiple of a vector of this element width, none when
/// it would be below one.
fn scale_of(log2_lmul: i32, element_bits: u32) -> Option<u32> {
    let log2 = match element_bits {
        8 => log2_lmul + 3,
        16 => log2_lmul + 2,
        32 => log2_lmul + 1,
        64 => log2_lmul,
        _ => 0,
    };
    (log2 >= 0).then(|| 1u32 << log2)
}

/// `RVVType`: a valid type an element type, LMUL and descriptor make, with its names.
#[derive(Clone, Debug)]
pub struct RvvType {
    pub kind: ScalarKind,
    pub element_bits: u32,
    pub log2_lmul: i32,
    /// `Scale`: 0 for a scalar.
    pub scale: u32,
    pub is_pointer: bool,
    pub is_tuple: bool,
    pub nf: u32,
    /// The type in a builtin's type string (`q8Si`).
    pub builtin_str: String,
    /// The clang builtin type a vector's typedef names (`__rvv_int32m1_t`).
    pub clang_builtin_str: String,
    /// The C type in riscv_vector.h (`vint32m1_t`).
    pub type_str: String,
}

impl RvvType {
    pub fn is_scalar(&self) -> bool {
        self.scale == 0
    }
    pub fn is_vector(&self) -> bool {
        self.scale != 0
    }

    /// `getShortStr`: the type in an intrinsic's name suffix (`i32m1`), for the kinds that
    /// have one.
    pub fn short_str(&self) -> Option<String> {
        let mut s = match self.kind {
            ScalarKind::Boolean => return Some(format!("b{}", 64 / self.scale)),
            ScalarKind::Float => format!("f{}", self.element_bits),
            ScalarKind::BFloat => format!("bf{}", self.element_bits),
            ScalarKind::SignedInteger => format!("i{}", self.element_bits),
            ScalarKind::UnsignedInteger => format!("u{}", self.element_bits),
            ScalarKind::FloatE4M3 => "f8e4m3".to_string(),
            ScalarKind::FloatE5M2 => "f8e5m2".to_string(),
            _ => return None,
        };
        if self.is_vector() {
            s += &lmul_str(self.log2_lmul);
        }
        if self.is_tuple {
            s += &format!("x{}", self.nf);
        }
        Some(s)
    }
}

/// An `RVVType` being built: the element type's, then the descriptor's modifiers applied.
struct TypeBuilder {
    kind: ScalarKind,
    element_bits: u32,
    log2_lmul: i32,
    scale: Option<u32>,
    is_pointer: bool,
    is_immediate: bool,
    is_constant: bool,
    is_tuple: bool,
    nf: u32,
}

/// Why a type could not be made: input clang-tblgen does not check (its assertions).
type TypeError = String;

impl TypeBuilder {
    fn new(bt: BasicType, log2_lmul: i32) -> TypeBuilder {
        let (element_bits, kind) = bt.element();
        TypeBuilder {
            kind,
            element_bits,
            log2_lmul,
            scale: Some(0),
            is_pointer: false,
            is_immediate: false,
            is_constant: false,
            is_tuple: false,
            nf: 0,
        }
    }

    fn rescale(&mut self) {
        self.scale = scale_of(self.log2_lmul, self.element_bits);
    }

    fn apply_log2_eew(&mut self, log2_eew: u32) {
        self.log2_lmul += log2_eew as i32 - self.element_bits.trailing_zeros() as i32;
        self.element_bits = 1 << log2_eew;
        self.kind = ScalarKind::SignedInteger;
        self.rescale();
    }

    fn apply_fixed_sew(&mut self, sew: u32) {
        if self.element_bits == sew {
            self.kind = ScalarKind::Invalid;
            return;
        }
        self.element_bits = sew;
        self.rescale();
    }

    fn apply_fixed_log2_lmul(&mut self, log2_lmul: i8, valid: fn(i32, i32) -> bool) {
        if !valid(log2_lmul as i32, self.log2_lmul) {
            self.kind = ScalarKind::Invalid;
            return;
        }
        self.log2_lmul = log2_lmul as i32;
        self.rescale();
    }

    /// `applyModifier`.
    fn apply(&mut self, d: Descriptor) -> Result<(), TypeError> {
        match d.base {
            BaseTypeModifier::Scalar => self.scale = Some(0),
            BaseTypeModifier::Vector => self.rescale(),
            BaseTypeModifier::Void => self.kind = ScalarKind::Void,
            BaseTypeModifier::SizeT => self.kind = ScalarKind::SizeT,
            BaseTypeModifier::Ptrdiff => self.kind = ScalarKind::PtrdiffT,
            BaseTypeModifier::UnsignedLong => self.kind = ScalarKind::UnsignedLong,
            BaseTypeModifier::SignedLong => self.kind = ScalarKind::SignedLong,
            BaseTypeModifier::Float32 => {
                self.element_bits = 32;
                self.kind = ScalarKind::Float;
            }
            BaseTypeModifier::Invalid => {
                self.kind = ScalarKind::Invalid;
                return Ok(());
            }
        }
        let is_fp8 = |k| matches!(k, ScalarKind::FloatE4M3 | ScalarKind::FloatE5M2);
        match d.vector {
            VectorTypeModifier::Widening2X => {
                self.element_bits *= 2;
                self.log2_lmul += 1;
                self.rescale();
                if self.kind == ScalarKind::BFloat {
                    self.kind = ScalarKind::Float;
                }
                if is_fp8(self.kind) {
                    self.kind = ScalarKind::BFloat;
                }
            }
            VectorTypeModifier::DoubleLmul => {
                self.log2_lmul += 1;
                self.rescale();
            }
            VectorTypeModifier::Widening4X => {
                self.element_bits *= 4;
                self.log2_lmul += 2;
                self.rescale();
                if is_fp8(self.kind) {
                    self.kind = ScalarKind::Float;
                }
            }
            VectorTypeModifier::Widening8X => {
                self.element_bits *= 8;
                self.log2_lmul += 3;
                self.rescale();
            }
            VectorTypeModifier::Mask => {
                self.kind = ScalarKind::Boolean;
                self.rescale();
                self.element_bits = 1;
            }
            VectorTypeModifier::Log2Eew(n) => self.apply_log2_eew(n as u32),
            VectorTypeModifier::FixedSew(n) => self.apply_fixed_sew(n as u32),
            VectorTypeModifier::LargerFixedLog2Lmul(n) => self.apply_fixed_log2_lmul(n, |new, old| new > old),
            VectorTypeModifier::SmallerFixedLog2Lmul(n) => self.apply_fixed_log2_lmul(n, |new, old| new < old),
            VectorTypeModifier::SmallerOrEqualFixedLog2Lmul(n) => self.apply_fixed_log2_lmul(n, |new, old| new <= old),
            VectorTypeModifier::Tuple(nf) => {
                self.is_tuple = true;
                self.nf = nf as u32;
            }
            VectorTypeModifier::NoModifier => {}
        }
        if self.kind == ScalarKind::Invalid {
            return Ok(());
        }
        for bit in 0..=8 {
            let m = 1u16 << bit;
            if d.modifiers & m == 0 {
                continue;
            }
            match m {
                tm::POINTER => self.is_pointer = true,
                tm::CONST => self.is_constant = true,
                tm::IMMEDIATE => {
                    self.is_immediate = true;
                    self.is_constant = true;
                }
                tm::UNSIGNED_INTEGER => self.kind = ScalarKind::UnsignedInteger,
                tm::SIGNED_INTEGER => self.kind = ScalarKind::SignedInteger,
                tm::FLOAT => self.kind = ScalarKind::Float,
                tm::BFLOAT => self.kind = ScalarKind::BFloat,
                tm::LMUL1 => {
                    self.log2_lmul = 0;
                    self.rescale();
                }
                _ => {
                    self.kind = match self.kind {
                        ScalarKind::FloatE4M3 => ScalarKind::FloatE5M2,
                        ScalarKind::FloatE5M2 => ScalarKind::FloatE4M3,
                        _ => return Err("the 'A' modifier (AltFP8) needs an OFP8 element type".into()),
                    }
                }
            }
        }
        Ok(())
    }

    /// `verifyType`.
    fn valid(&self) -> bool {
        if self.kind == ScalarKind::Invalid {
            return false;
        }
        let Some(scale) = self.scale else { return false };
        if scale == 0 {
            return true;
        }
        if self.kind == ScalarKind::Float && self.element_bits == 8 {
            return false;
        }
        if self.kind == ScalarKind::BFloat && self.element_bits != 16 {
            return false;
        }
        if self.is_tuple && (self.nf == 1 || self.nf > 8) {
            return false;
        }
        if self.is_tuple && (1u32 << self.log2_lmul.max(0)) * self.nf > 8 {
            return false;
        }
        let max = match self.element_bits {
            1 | 8 => 64,
            16 => 32,
            32 => 16,
            64 => 8,
            _ => return false,
        };
        scale <= max && scale.is_power_of_two()
    }

    fn finish(self) -> Result<RvvType, TypeError> {
        let scale = self.scale.unwrap_or(0);
        let is_scalar = scale == 0;
        let bits = self.element_bits;
        let lmul = lmul_str(self.log2_lmul);
        let tuple = if self.is_tuple { format!("x{}", self.nf) } else { String::new() };
        let unhandled = |what: &str| -> TypeError { format!("no {what} for this type ({:?}, {bits} bits)", self.kind) };
        // initBuiltinStr
        let builtin_str = {
            let mut s = String::new();
            let mut done = false;
            match self.kind {
                ScalarKind::Void => {
                    s = "v".into();
                    done = true;
                }
                ScalarKind::SizeT => {
                    s = "z".into();
                    if self.is_immediate {
                        s = format!("I{s}");
                    }
                    if self.is_pointer {
                        s += "*";
                    }
                    done = true;
                }
                ScalarKind::PtrdiffT => {
                    s = "Y".into();
                    done = true;
                }
                ScalarKind::UnsignedLong => {
                    s = "ULi".into();
                    done = true;
                }
                ScalarKind::SignedLong => {
                    s = "Li".into();
                    done = true;
                }
                ScalarKind::Boolean => s += "b",
                ScalarKind::SignedInteger | ScalarKind::UnsignedInteger => {
                    s += match bits {
                        8 => "c",
                        16 => "s",
                        32 => "i",
                        64 => "Wi",
                        _ => return Err(unhandled("integer builtin type")),
                    };
                    let sign = if self.kind == ScalarKind::SignedInteger { "S" } else { "U" };
                    s = format!("{sign}{s}");
                }
                ScalarKind::Float => {
                    s += match bits {
                        16 => "x",
                        32 => "f",
                        64 => "d",
                        _ => return Err(unhandled("floating builtin type")),
                    }
                }
                ScalarKind::BFloat => s += "y",
                ScalarKind::FloatE4M3 => s += "a",
                ScalarKind::FloatE5M2 => s += "b",
                ScalarKind::Invalid => return Err(unhandled("builtin type")),
            }
            if !done {
                if self.is_immediate {
                    s = format!("I{s}");
                }
                if is_scalar {
                    if self.is_constant {
                        s += "C";
                    }
                    if self.is_pointer {
                        s += "*";
                    }
                } else {
                    s = format!("q{scale}{s}");
                    if self.is_pointer {
                        s += "*";
                    }
                    if self.is_tuple {
                        s = format!("T{}{s}", self.nf);
                    }
                }
            }
            s
        };
        // initTypeStr
        let type_str = {
            let mut s = String::new();
            if self.is_constant {
                s += "const ";
            }
            let type_string = |name: &str| {
                if is_scalar {
                    format!("{name}{bits}_t")
                } else {
                    format!("v{name}{bits}{lmul}{tuple}_t")
                }
            };
            let mut done = false;
            match self.kind {
                ScalarKind::Void => {
                    s = "void".into();
                    done = true;
                }
                ScalarKind::SizeT => {
                    s = "size_t".into();
                    if self.is_pointer {
                        s += " *";
                    }
                    done = true;
                }
                ScalarKind::PtrdiffT => {
                    s = "ptrdiff_t".into();
                    done = true;
                }
                ScalarKind::UnsignedLong => {
                    s = "unsigned long".into();
                    done = true;
                }
                ScalarKind::SignedLong => {
                    s = "long".into();
                    done = true;
                }
                ScalarKind::Boolean => {
                    if is_scalar {
                        s += "bool";
                    } else {
                        s += &format!("vbool{}_t", 64 / scale);
                    }
                }
                ScalarKind::Float => {
                    if is_scalar {
                        s += match bits {
                            64 => "double",
                            32 => "float",
                            16 => "_Float16",
                            _ => return Err(unhandled("floating type")),
                        };
                    } else {
                        s += &type_string("float");
                    }
                }
                ScalarKind::BFloat => {
                    if is_scalar {
                        if bits != 16 {
                            return Err(unhandled("floating type"));
                        }
                        s += "__bf16";
                    } else {
                        s += &type_string("bfloat");
                    }
                }
                ScalarKind::SignedInteger => s += &type_string("int"),
                ScalarKind::UnsignedInteger => s += &type_string("uint"),
                ScalarKind::FloatE4M3 => s += &format!("vfloat8e4m3{lmul}_t"),
                ScalarKind::FloatE5M2 => s += &format!("vfloat8e5m2{lmul}_t"),
                ScalarKind::Invalid => return Err(unhandled("C type")),
            }
            if !done && self.is_pointer {
                s += " *";
            }
            s
        };
        // initClangBuiltinStr
        let clang_builtin_str = if is_scalar {
            String::new()
        } else {
            let kind = match self.kind {
                ScalarKind::Boolean => format!("bool{}_t", 64 / scale),
                ScalarKind::Float => format!("float{bits}{lmul}{tuple}_t"),
                ScalarKind::BFloat => format!("bfloat{bits}{lmul}{tuple}_t"),
                ScalarKind::SignedInteger => format!("int{bits}{lmul}{tuple}_t"),
                ScalarKind::UnsignedInteger => format!("uint{bits}{lmul}{tuple}_t"),
                ScalarKind::FloatE4M3 => format!("float8e4m3{lmul}_t"),
                ScalarKind::FloatE5M2 => format!("float8e5m2{lmul}_t"),
                _ => return Err(unhandled("clang builtin vector type")),
            };
            format!("__rvv_{kind}")
        };
        Ok(RvvType {
            kind: self.kind,
            element_bits: bits,
            log2_lmul: self.log2_lmul,
            scale,
            is_pointer: self.is_pointer,
            is_tuple: self.is_tuple,
            nf: self.nf,
            builtin_str,
            clang_builtin_str,
            type_str,
        })
    }
}

/// An index into [`TypeCache`]'s types.
pub type TypeId = u32;

/// `RVVTypeCache`: each (element type, LMUL, descriptor) made once, valid or not.
#[derive(Default)]
pub struct TypeCache {
    ids: FxHashMap<(BasicType, i32, Descriptor), Option<TypeId>>,
    types: Vec<RvvType>,
}

impl TypeCache {
    /// `computeType`: the type, none if it is not a valid one.
    pub fn compute(&mut self, bt: BasicType, log2_lmul: i32, d: Descriptor) -> Result<Option<TypeId>, TypeError> {
        if let Some(&id) = self.ids.get(&(bt, log2_lmul, d)) {
            return Ok(id);
        }
        if !(-3..=3).contains(&log2_lmul) {
            return Err(format!("Log2LMUL {log2_lmul} is not in [-3, 3]"));
        }
        let mut b = TypeBuilder::new(bt, log2_lmul);
        b.apply(d)?;
        let id = if b.valid() {
            self.types.push(b.finish()?);
            Some(self.types.len() as TypeId - 1)
        } else {
            None
        };
        self.ids.insert((bt, log2_lmul, d), id);
        Ok(id)
    }

    /// `computeTypes`: every descriptor's type, none if any is not valid.
    pub fn compute_all(
        &mut self,
        bt: BasicType,
        log2_lmul: i32,
        ds: &[Descriptor],
    ) -> Result<Option<Vec<TypeId>>, TypeError> {
        let mut out = Vec::with_capacity(ds.len());
        for &d in ds {
            match self.compute(bt, log2_lmul, d)? {
                Some(id) => out.push(id),
                None => return Ok(None),
            }
        }
        Ok(Some(out))
    }

    pub fn get(&self, id: TypeId) -> &RvvType {
        &self.types[id as usize]
    }

    /// `getSuffixStr`: the short names of the descriptors' types, joined by `_`.
    fn suffix(&mut self, bt: BasicType, log2_lmul: i32, ds: &[Descriptor]) -> Result<String, TypeError> {
        let mut parts = Vec::with_capacity(ds.len());
        for &d in ds {
            let id = self.compute(bt, log2_lmul, d)?.ok_or("a name suffix's type is not a valid type")?;
            parts.push(self.get(id).short_str().ok_or("a name suffix's type has no short name")?);
        }
        Ok(parts.join("_"))
    }
}

/// Which elements past VL and under the mask an intrinsic leaves alone.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PolicyType {
    Undisturbed,
    Agnostic,
}

/// `Policy`: the tail and mask policies (both agnostic by default).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Policy {
    pub tail: PolicyType,
    pub mask: PolicyType,
}

impl Policy {
    pub const DEFAULT: Policy = Policy { tail: PolicyType::Agnostic, mask: PolicyType::Agnostic };

    fn new(tail: PolicyType, mask: PolicyType) -> Policy {
        Policy { tail, mask }
    }
    pub fn is_tama(self) -> bool {
        self == Policy::DEFAULT
    }
    pub fn is_ta(self) -> bool {
        self.tail == PolicyType::Agnostic
    }
    pub fn is_tu(self) -> bool {
        self.tail == PolicyType::Undisturbed
    }

    /// `operator<`'s key: mask-agnostic first, then tail-undisturbed first.
    pub fn sort_key(self) -> (u8, u8) {
        let mask = match self.mask {
            PolicyType::Agnostic => 0,
            PolicyType::Undisturbed => 1,
        };
        let tail = match self.tail {
            PolicyType::Undisturbed => 0,
            PolicyType::Agnostic => 1,
        };
        (mask, tail)
    }

    /// `getPolicyAttrsBits`: bit 0 the tail's `vta`, bit 1 the mask's `vma`.
    pub fn bits(self) -> u32 {
        let bit = |p| match p {
            PolicyType::Agnostic => 1,
            PolicyType::Undisturbed => 0,
        };
        bit(self.tail) | bit(self.mask) << 1
    }
}

/// `PolicyScheme`: where the policy goes among a builtin's operands.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PolicyScheme {
    SchemeNone,
    /// A passthru operand first.
    HasPassthruOperand,
    /// A policy operand last.
    HasPolicyOperand,
}

impl PolicyScheme {
    fn from_value(v: i64) -> Option<PolicyScheme> {
        match v {
            0 => Some(PolicyScheme::SchemeNone),
            1 => Some(PolicyScheme::HasPassthruOperand),
            2 => Some(PolicyScheme::HasPolicyOperand),
            _ => None,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            PolicyScheme::SchemeNone => "SchemeNone",
            PolicyScheme::HasPassthruOperand => "HasPassthruOperand",
            PolicyScheme::HasPolicyOperand => "HasPolicyOperand",
        }
    }
    pub fn value(self) -> u32 {
        self as u32
    }
}

/// `RVVIntrinsic`: one intrinsic of one def, element type, LMUL, mask and policy.
#[derive(Clone, Debug)]
pub struct Intrinsic {
    /// The builtin's name after `__builtin_rvv_` (no type suffix: one builtin serves all types).
    pub builtin_name: String,
    pub name: String,
    pub overloaded_name: String,
    pub ir_name: &'static str,
    pub is_masked: bool,
    pub has_masked_off_operand: bool,
    pub has_vl: bool,
    pub scheme: PolicyScheme,
    pub has_builtin_alias: bool,
    pub manual_codegen: &'static str,
    /// The output type, then the inputs.
    pub types: Vec<TypeId>,
    /// Operands whose types select the LLVM intrinsic (-1 the result).
    pub intrinsic_types: Rc<[i64]>,
    pub nf: u32,
    pub has_seg_inst_sew: bool,
    pub policy: Policy,
    pub twiden: u32,
    /// The def it is made from.
    pub def: RecId,
}

impl Intrinsic {
    pub fn has_passthru_operand(&self) -> bool {
        self.scheme == PolicyScheme::HasPassthruOperand
    }
    pub fn has_policy_operand(&self) -> bool {
        self.scheme == PolicyScheme::HasPolicyOperand
    }

    /// Whether the builtin type strings of two intrinsics are the same (without making them).
    pub fn same_builtin_type(&self, other: &Intrinsic, cache: &TypeCache) -> bool {
        let bytes = |i: &Intrinsic| i.types.iter().flat_map(|&t| cache.get(t).builtin_str.bytes()).collect::<Vec<u8>>();
        self.types == other.types || bytes(self) == bytes(other)
    }

    /// `getBuiltinTypeStr`.
    pub fn builtin_type_str(&self, cache: &TypeCache) -> String {
        self.types.iter().map(|&t| cache.get(t).builtin_str.as_str()).collect()
    }
}

/// `SemaRecord`: what clang needs to make a def's intrinsics itself.
#[derive(Clone, Debug)]
pub struct SemaRecord {
    pub name: &'static str,
    pub overloaded_name: &'static str,
    pub type_range_mask: u32,
    pub log2_lmul_mask: u32,
    pub required_features: Vec<&'static str>,
    pub prototype: Vec<Descriptor>,
    pub suffix: Vec<Descriptor>,
    pub overloaded_suffix: Vec<Descriptor>,
    pub nf: u32,
    pub has_masked: bool,
    pub has_vl: bool,
    pub has_masked_off_operand: bool,
    pub has_tail_policy: bool,
    pub has_mask_policy: bool,
    pub has_frm_round_mode_op: bool,
    pub alt_fmt: bool,
    pub is_tuple: bool,
    pub unmasked_policy_scheme: PolicyScheme,
    pub masked_policy_scheme: PolicyScheme,
}

impl SemaRecord {
    /// `RequiredExtensions` as the release writes it.
    pub fn required_extensions(&self, rules: &Rules) -> String {
        match rules.required_extensions {
            RequiredExtensions::Names => self.required_features.join(","),
            RequiredExtensions::Bits(names) => {
                let bits = self
                    .required_features
                    .iter()
                    .filter_map(|f| names.iter().position(|n| n == f))
                    .fold(0u32, |acc, i| acc | 1 << i);
                bits.to_string()
            }
        }
    }
}

/// `SemaSignatureTable`: every sema record's descriptor lists in one sequence, a list that is
/// a run of another stored once.
pub struct SignatureTable {
    pub table: Vec<Descriptor>,
}

impl SignatureTable {
    /// `init`: the distinct non-empty lists, longest first (then by their descriptors), each
    /// not already a run of the table put in front of it.
    pub fn new(records: &[SemaRecord]) -> SignatureTable {
        let mut lists: Vec<&[Descriptor]> = Vec::new();
        for r in records {
            for l in [&r.prototype, &r.suffix, &r.overloaded_suffix] {
                if !l.is_empty() {
                    lists.push(l);
                }
            }
        }
        lists.sort_by(|a, b| b.len().cmp(&a.len()).then_with(|| a.cmp(b)));
        lists.dedup();
        let mut t = SignatureTable { table: Vec::new() };
        for l in lists {
            if t.index(l).is_none() {
                let mut table = l.to_vec();
                table.extend_from_slice(&t.table);
                t.table = table;
            }
        }
        t
    }

    /// `getIndex`: where the list first starts in the table (0 for the empty list).
    pub fn index(&self, l: &[Descriptor]) -> Option<usize> {
        if l.is_empty() {
            return Some(0);
        }
        if l.len() > self.table.len() {
            return None;
        }
        self.table.windows(l.len()).position(|w| w == l)
    }
}

/// The intrinsics of an evaluation, their types and sema records, and the header code.
pub struct RvvModel {
    pub rules: Rules,
    /// Whether [`Self::intrinsics`] is made (the sema records need none).
    with_intrinsics: bool,
    pub cache: TypeCache,
    pub intrinsics: Vec<Intrinsic>,
    pub sema_records: Vec<SemaRecord>,
}

/// `parsePrototypeDescriptor`: one descriptor (modifiers, at most one parenthesized vector
/// modifier, then the base type's character).
fn parse_descriptor(s: &str, rules: &Rules) -> Result<Descriptor, String> {
    use BaseTypeModifier as B;
    use VectorTypeModifier as V;
    let Some(last) = s.chars().last() else {
        return Ok(Descriptor::new(B::Invalid, V::NoModifier, 0));
    };
    let (base, mut vector) = match last {
        'e' => (B::Scalar, V::NoModifier),
        'v' => (B::Vector, V::NoModifier),
        'w' => (B::Vector, V::Widening2X),
        'd' if rules.double_lmul => (B::Vector, V::DoubleLmul),
        'q' => (B::Vector, V::Widening4X),
        'o' => (B::Vector, V::Widening8X),
        'm' => (B::Vector, V::Mask),
        '0' => (B::Void, V::NoModifier),
        'z' => (B::SizeT, V::NoModifier),
        't' => (B::Ptrdiff, V::NoModifier),
        'u' => (B::UnsignedLong, V::NoModifier),
        'l' => (B::SignedLong, V::NoModifier),
        'f' => (B::Float32, V::NoModifier),
        c => return Err(format!("illegal primitive type transformer '{c}'")),
    };
    let mut rest = &s[..s.len() - 1];
    if let Some(after) = rest.strip_prefix('(') {
        if vector != V::NoModifier {
            return Err("a descriptor has only one vector type modifier".into());
        }
        let close = after.find(')').ok_or("a '(' without its ')'")?;
        let complex = &after[..close];
        rest = &after[close + 1..];
        if rest.contains('(') {
            return Err("a descriptor has only one vector type modifier".into());
        }
        let (kind, value) = complex.split_once(':').unwrap_or((complex, ""));
        let int = |v: &str| v.parse::<i32>().map_err(|_| format!("invalid {kind} value '{v}'"));
        let n = if kind == "Tuple" || kind == "Log2EEW" || kind == "FixedSEW" || kind.ends_with("FixedLog2LMUL") {
            int(value)?
        } else {
            return Err(format!("illegal complex type transformer '{complex}'"));
        };
        let bad = || format!("invalid {kind} value {n}");
        vector = match kind {
            "Log2EEW" if (3..=6).contains(&n) => V::Log2Eew(n as u8),
            "FixedSEW" if [8, 16, 32, 64].contains(&n) => V::FixedSew(n as u8),
            "LFixedLog2LMUL" if (-3..=3).contains(&n) => V::LargerFixedLog2Lmul(n as i8),
            "SFixedLog2LMUL" if (-3..=3).contains(&n) => V::SmallerFixedLog2Lmul(n as i8),
            "SEFixedLog2LMUL" if (-3..=3).contains(&n) => V::SmallerOrEqualFixedLog2Lmul(n as i8),
            "Tuple" if (2..=8).contains(&n) => V::Tuple(n as u8),
            "Log2EEW" | "FixedSEW" | "LFixedLog2LMUL" | "SFixedLog2LMUL" | "SEFixedLog2LMUL" | "Tuple" => {
                return Err(bad())
            }
            _ => return Err(format!("illegal complex type transformer '{complex}'")),
        };
    }
    let mut modifiers = 0u16;
    for c in rest.chars() {
        modifiers |= match c {
            'P' if modifiers & tm::CONST != 0 => return Err("'P' transformer cannot be used after 'C'".into()),
            'P' if modifiers & tm::POINTER != 0 => return Err("'P' transformer cannot be used twice".into()),
            'P' => tm::POINTER,
            'C' => tm::CONST,
            'K' => tm::IMMEDIATE,
            'U' => tm::UNSIGNED_INTEGER,
            'I' => tm::SIGNED_INTEGER,
            'F' => tm::FLOAT,
            'Y' => tm::BFLOAT,
            'S' => tm::LMUL1,
            'A' if rules.ofp8 => tm::ALT_FP8,
            c => return Err(format!("illegal non-primitive type transformer '{c}'")),
        };
    }
    Ok(Descriptor::new(base, vector, modifiers))
}

/// `parsePrototypes`: a prototype string's descriptors, each ending at a base type's
/// character (one inside a parenthesized modifier does not count).
pub fn parse_prototypes(s: &str, rules: &Rules) -> Result<Vec<Descriptor>, String> {
    let primaries: &[u8] = if rules.double_lmul { b"evwdqom0ztulf" } else { b"evwqom0ztulf" };
    let bytes = s.as_bytes();
    let mut out = Vec::new();
    let mut start = 0;
    while start < bytes.len() {
        let mut i = start;
        if bytes[i] == b'(' {
            i = s[start..].find(')').map_or(bytes.len(), |k| start + k);
        }
        let end = (i..bytes.len())
            .find(|&k| primaries.contains(&bytes[k]))
            .ok_or_else(|| format!("prototype '{s}' ends without a base type"))?;
        out.push(parse_descriptor(&s[start..=end], rules)?);
        start = end + 1;
    }
    Ok(out)
}

/// `getTupleVTM`.
fn tuple_vtm(nf: u32) -> VectorTypeModifier {
    VectorTypeModifier::Tuple(nf as u8)
}

/// What `computeBuiltinTypes` needs of a def.
struct BuiltinShape {
    has_masked_off_operand: bool,
    has_vl: bool,
    nf: u32,
    is_tuple: bool,
}

/// `computeBuiltinTypes`: the builtin's operands for a mask and policy: the prototype with a
/// passthru, mask and VL operand where they go.
fn builtin_types(
    proto: &[Descriptor],
    is_masked: bool,
    shape: &BuiltinShape,
    scheme: PolicyScheme,
    policy: Policy,
) -> Result<Vec<Descriptor>, String> {
    let short = || "a prototype too short for its NF or policy".to_string();
    let get = |v: &[Descriptor], i: usize| v.get(i).copied().ok_or_else(short);
    let mut p = proto.to_vec();
    let nf = shape.nf as usize;
    let has_passthru = scheme == PolicyScheme::HasPassthruOperand;
    let without_pointer = |d: Descriptor| Descriptor { modifiers: d.modifiers & !tm::POINTER, ..d };
    let insert = |p: &mut Vec<Descriptor>, at: usize, d: Descriptor, n: usize| -> Result<(), String> {
        if at > p.len() {
            return Err(short());
        }
        p.splice(at..at, std::iter::repeat_n(d, n));
        Ok(())
    };
    if is_masked {
        if shape.has_masked_off_operand && !policy.is_tama() {
            if nf == 1 {
                let first = get(&p, 0)?;
                insert(&mut p, 1, first, 1)?;
            } else if nf > 1 {
                if shape.is_tuple {
                    let base = get(proto, 1)?;
                    let d =
                        Descriptor::new(BaseTypeModifier::Vector, tuple_vtm(shape.nf), base.modifiers & !tm::POINTER);
                    insert(&mut p, 1, d, 1)?;
                } else {
                    let d = without_pointer(get(&p, 1)?);
                    insert(&mut p, nf + 1, d, nf)?;
                }
            }
        }
        if shape.has_masked_off_operand && nf > 1 {
            let at = if shape.is_tuple { 1 } else { nf + 1 };
            insert(&mut p, at, Descriptor::MASK, 1)?;
        } else {
            insert(&mut p, 1, Descriptor::MASK, 1)?;
        }
    } else if policy.is_tu() && has_passthru {
        if nf == 1 {
            let first = get(&p, 0)?;
            insert(&mut p, 0, first, 1)?;
        } else if shape.is_tuple {
            let base = get(proto, 0)?;
            let d = Descriptor::new(BaseTypeModifier::Vector, tuple_vtm(shape.nf), base.modifiers & !tm::POINTER);
            insert(&mut p, 0, d, 1)?;
        } else {
            let d = without_pointer(get(proto, 1)?);
            insert(&mut p, nf + 1, d, nf)?;
        }
    }
    if shape.has_vl {
        p.push(Descriptor::VL);
    }
    Ok(p)
}

/// The operands of each policy form of a def, made the first time a valid type needs them.
fn policy_forms<'p>(
    forms: &'p mut Option<Vec<(Policy, Vec<Descriptor>)>>,
    policies: &[Policy],
    make: impl Fn(Policy) -> Result<Vec<Descriptor>, String>,
) -> Result<&'p [(Policy, Vec<Descriptor>)], String> {
    if forms.is_none() {
        *forms = Some(policies.iter().map(|&p| Ok((p, make(p)?))).collect::<Result<_, String>>()?);
    }
    Ok(forms.as_deref().unwrap_or_default())
}

/// `getSupportedMaskedPolicies`.
fn masked_policies(has_tail: bool, has_mask: bool) -> Option<Vec<Policy>> {
    use PolicyType::{Agnostic as A, Undisturbed as U};
    match (has_tail, has_mask) {
        (true, true) => Some(vec![Policy::new(U, A), Policy::new(U, U), Policy::new(A, U)]),
        (true, false) => Some(vec![Policy::new(U, A)]),
        (false, true) => Some(vec![Policy::new(A, U)]),
        (false, false) => None,
    }
}

/// What an intrinsic's names are made of.
struct Names<'a> {
    name: &'a str,
    suffix: &'a str,
    overloaded_name: &'a str,
    overloaded_suffix: &'a str,
    has_frm_round_mode_op: bool,
    alt_fmt: bool,
}

impl Names<'_> {
    /// The constructor's names and `updateNamesAndPolicy`: (builtin, C, overloaded).
    fn make(&self, is_masked: bool, policy: Policy) -> (String, String, String) {
        let mut builtin = self.name.to_string();
        let mut name = builtin.clone();
        let mut overloaded = if self.overloaded_name.is_empty() {
            self.name.split('_').next().unwrap_or("").to_string()
        } else {
            self.overloaded_name.to_string()
        };
        if !self.suffix.is_empty() {
            name += "_";
            name += self.suffix;
        }
        if !self.overloaded_suffix.is_empty() {
            overloaded += "_";
            overloaded += self.overloaded_suffix;
        }
        if self.has_frm_round_mode_op {
            name += "_rm";
            builtin += "_rm";
        }
        if self.alt_fmt {
            builtin += "_alt";
        }
        let mut all = |suffix: &str| {
            name += suffix;
            builtin += suffix;
            overloaded += suffix;
        };
        use PolicyType::{Agnostic as A, Undisturbed as U};
        if is_masked {
            match (policy.tail, policy.mask) {
                (U, U) => all("_tumu"),
                (U, A) => all("_tum"),
                (A, U) => all("_mu"),
                (A, A) => {
                    name += "_m";
                    builtin += "_m";
                }
            }
        } else if policy.is_tu() {
            all("_tu");
        }
        (builtin, name, overloaded)
    }
}

impl RvvModel {
    /// `createRVVIntrinsics`: every `RVVBuiltin` def's intrinsics and sema record, as LLVM
    /// `release`'s RISCVVEmitter makes them.
    pub fn new(input: &Evaluation, release: Release) -> Result<RvvModel, Fatal> {
        Self::make(input, release, true)
    }

    /// The sema records alone: every type is still made and checked as for [`Self::new`],
    /// but no intrinsic.
    pub fn sema_records_only(input: &Evaluation, release: Release) -> Result<RvvModel, Fatal> {
        Self::make(input, release, false)
    }

    fn make(input: &Evaluation, release: Release, with_intrinsics: bool) -> Result<RvvModel, Fatal> {
        let rules = *RULES.get(release);
        let f = Fields { input };
        let mut model = RvvModel {
            rules,
            with_intrinsics,
            cache: TypeCache::default(),
            intrinsics: Vec::new(),
            sema_records: Vec::new(),
        };
        for &rec in derived_definitions(input, "RVVBuiltin")?.iter() {
            let locs = &input.records.get(rec).locs;
            model.add_def(&f, rec).map_err(|e| match e {
                DefError::Fatal(fatal) => fatal,
                DefError::Input(message) => Fatal::new(locs, format!("{}: {message}", f.name(rec))),
            })?;
        }
        Ok(model)
    }

    fn add_def(&mut self, f: &Fields, rec: RecId) -> Result<(), DefError> {
        let rules = self.rules;
        let name = f.string(rec, "Name")?;
        let suffix_proto = f.string(rec, "Suffix")?;
        let overloaded_name = f.string(rec, "OverloadedName")?;
        let overloaded_suffix_proto = f.string(rec, "OverloadedSuffix")?;
        let prototypes = f.string(rec, "Prototype")?;
        let type_range = f.string(rec, "TypeRange")?;
        let has_masked = f.bit(rec, "HasMasked")?;
        let has_masked_off_operand = f.bit(rec, "HasMaskedOffOperand")?;
        let has_vl = f.bit(rec, "HasVL")?;
        let scheme = |field: &str| -> Result<PolicyScheme, DefError> {
            let def = f.def(rec, field)?;
            let v = f.int(def, "Value")?;
            PolicyScheme::from_value(v).ok_or_else(|| DefError::Input(format!("{field} has no policy scheme {v}")))
        };
        let masked_scheme = scheme("MaskedPolicyScheme")?;
        let unmasked_scheme = scheme("UnMaskedPolicyScheme")?;
        let log2_lmuls = f.ints(rec, "Log2LMUL")?;
        let has_tail_policy = f.bit(rec, "HasTailPolicy")?;
        let has_mask_policy = f.bit(rec, "HasMaskPolicy")?;
        let alt_fmt = if rules.alt_fmt_twiden { f.bit(rec, "AltFmt")? } else { false };
        let _support_overloading = f.bit(rec, "SupportOverloading")?;
        let has_builtin_alias = f.bit(rec, "HasBuiltinAlias")?;
        let manual_codegen = f.string(rec, "ManualCodegen")?;
        let intrinsic_types = f.ints(rec, "IntrinsicTypes")?;
        let required_features = f.strings(rec, "RequiredFeatures")?;
        let ir_name = f.string(rec, "IRName")?;
        let masked_ir_name = f.string(rec, "MaskedIRName")?;
        let nf = f.int(rec, "NF")? as u32;
        let has_seg_inst_sew = if rules.seg_inst_sew_field { f.bit(rec, "HasSegInstSEW")? } else { true };
        let twiden = if rules.alt_fmt_twiden { f.int(rec, "TWiden")? as u32 } else { 0 };
        let is_tuple = f.bit(rec, "IsTuple")?;
        let has_frm_round_mode_op = f.bit(rec, "HasFRMRoundModeOp")?;

        let masked_policies = if has_masked && masked_scheme != PolicyScheme::SchemeNone {
            masked_policies(has_tail_policy, has_mask_policy)
                .ok_or("An RVV instruction should not be without both tail policy and mask policy")?
        } else {
            Vec::new()
        };
        let unmasked_policies = [Policy::new(PolicyType::Undisturbed, PolicyType::Agnostic)];
        let basic = parse_prototypes(prototypes, &rules)?;
        let suffix_desc = parse_prototypes(suffix_proto, &rules)?;
        let overloaded_suffix_desc = parse_prototypes(overloaded_suffix_proto, &rules)?;
        let shape = BuiltinShape { has_masked_off_operand, has_vl, nf, is_tuple };
        let unmasked_shape = BuiltinShape { has_masked_off_operand: false, ..shape };
        let prototype = builtin_types(&basic, false, &unmasked_shape, unmasked_scheme, Policy::DEFAULT)?;
        let masked_prototype =
            if has_masked { builtin_types(&basic, true, &shape, masked_scheme, Policy::DEFAULT)? } else { Vec::new() };

        // The operands of the policy forms, made when the first valid type needs them.
        let mut unmasked_policy_protos: Option<Vec<(Policy, Vec<Descriptor>)>> = None;
        let mut masked_policy_protos: Option<Vec<(Policy, Vec<Descriptor>)>> = None;
        let shifted_types: Rc<[i64]> = intrinsic_types.iter().map(|&t| if t >= 0 { t + 1 } else { t }).collect();
        let intrinsic_types: Rc<[i64]> = intrinsic_types.into();
        for c in type_range.chars() {
            let bt = BasicType::parse(c, &rules)
                .ok_or_else(|| DefError::Input(format!("unknown type '{c}' in TypeRange \"{type_range}\"")))?;
            for &log2_lmul in &log2_lmuls {
                let log2_lmul = log2_lmul as i32;
                let Some(types) = self.cache.compute_all(bt, log2_lmul, &prototype)? else {
                    continue;
                };
                let suffix = self.cache.suffix(bt, log2_lmul, &suffix_desc)?;
                let overloaded_suffix = self.cache.suffix(bt, log2_lmul, &overloaded_suffix_desc)?;
                let names = Names {
                    name,
                    suffix: &suffix,
                    overloaded_name,
                    overloaded_suffix: &overloaded_suffix,
                    has_frm_round_mode_op,
                    alt_fmt,
                };
                let push = |model: &mut RvvModel,
                            types: Vec<TypeId>,
                            is_masked: bool,
                            scheme: PolicyScheme,
                            policy: Policy| {
                    if !model.with_intrinsics {
                        return;
                    }
                    let masked_off = is_masked && has_masked_off_operand;
                    let (builtin_name, c_name, overloaded) = names.make(is_masked, policy);
                    let shifted = masked_off || (!is_masked && scheme == PolicyScheme::HasPassthruOperand);
                    model.intrinsics.push(Intrinsic {
                        builtin_name,
                        name: c_name,
                        overloaded_name: overloaded,
                        ir_name: if is_masked { masked_ir_name } else { ir_name },
                        is_masked,
                        has_masked_off_operand: masked_off,
                        has_vl,
                        scheme,
                        has_builtin_alias,
                        manual_codegen,
                        types,
                        intrinsic_types: if shifted { shifted_types.clone() } else { intrinsic_types.clone() },
                        nf,
                        has_seg_inst_sew,
                        policy,
                        twiden,
                        def: rec,
                    });
                };
                push(self, types, false, unmasked_scheme, Policy::DEFAULT);
                if unmasked_scheme != PolicyScheme::SchemeNone {
                    let forms = policy_forms(&mut unmasked_policy_protos, &unmasked_policies, |p| {
                        builtin_types(&basic, false, &unmasked_shape, unmasked_scheme, p)
                    })?;
                    for (p, proto) in forms {
                        let types = self.cache.compute_all(bt, log2_lmul, proto)?.ok_or(POLICY_TYPES)?;
                        push(self, types, false, unmasked_scheme, *p);
                    }
                }
                if !has_masked {
                    continue;
                }
                let types = self.cache.compute_all(bt, log2_lmul, &masked_prototype)?.ok_or(POLICY_TYPES)?;
                push(self, types, true, masked_scheme, Policy::DEFAULT);
                if masked_scheme == PolicyScheme::SchemeNone {
                    continue;
                }
                let forms = policy_forms(&mut masked_policy_protos, &masked_policies, |p| {
                    builtin_types(&basic, true, &shape, masked_scheme, p)
                })?;
                for (p, proto) in forms {
                    let types = self.cache.compute_all(bt, log2_lmul, proto)?.ok_or(POLICY_TYPES)?;
                    push(self, types, true, masked_scheme, *p);
                }
            }
        }

        if name == "vsetvli" || name == "vsetvlimax" {
            return Ok(());
        }
        let mut type_range_mask = 0;
        for c in type_range.chars() {
            type_range_mask |= BasicType::parse(c, &rules).map_or(0, BasicType::mask);
        }
        let log2_lmul_mask = log2_lmuls.iter().fold(0u32, |m, &l| m | 1u32.wrapping_shl((l + 3) as u32));
        self.sema_records.push(SemaRecord {
            name,
            overloaded_name,
            type_range_mask,
            log2_lmul_mask,
            required_features,
            prototype: basic,
            suffix: suffix_desc,
            overloaded_suffix: overloaded_suffix_desc,
            nf,
            has_masked,
            has_vl,
            has_masked_off_operand,
            has_tail_policy,
            has_mask_policy,
            has_frm_round_mode_op,
            alt_fmt,
            is_tuple,
            unmasked_policy_scheme: unmasked_scheme,
            masked_policy_scheme: masked_scheme,
        });
        Ok(())
    }
}

const POLICY_TYPES: &str = "a policy's or the mask's operands are not valid types where the unmasked ones are";

/// Why a def could not be read: a field's error, or input clang-tblgen does not check.
enum DefError {
    Fatal(Fatal),
    Input(String),
}

impl From<Fatal> for DefError {
    fn from(f: Fatal) -> Self {
        DefError::Fatal(f)
    }
}

impl From<String> for DefError {
    fn from(s: String) -> Self {
        DefError::Input(s)
    }
}

impl From<&str> for DefError {
    fn from(s: &str) -> Self {
        DefError::Input(s.to_string())
    }
}

/// `getSegInstLog2SEW`: a segment load's or store's log2 of its element width, from its
/// overloaded name (`vlseg2e32_tu`: 5); all ones for the indexed ones, 0 for others.
pub fn seg_inst_log2_sew(name: &str) -> u32 {
    if ["vloxseg", "vluxseg", "vsoxseg", "vsuxseg"].iter().any(|p| name.starts_with(p)) {
        return u32::MAX;
    }
    let base = ["_tumu", "_tum", "_tu", "_mu"].iter().find_map(|s| name.strip_suffix(s)).unwrap_or(name);
    let parse = |base: &str| -> Option<u32> {
        let (rest, ff) = match base.strip_suffix("ff") {
            Some(r) => (r, true),
            None => (base, false),
        };
        let rest = ["vlseg", "vlsseg", "vsseg", "vssseg"].iter().find_map(|p| {
            let r = rest.strip_prefix(p)?;
            (!ff || *p == "vlseg").then_some(r)
        })?;
        let nf = rest.chars().next()?;
        let sew = rest[1..].strip_prefix('e')?;
        if !('2'..='8').contains(&nf) {
            return None;
        }
        match sew {
            "8" => Some(3),
            "16" => Some(4),
            "32" => Some(5),
            "64" => Some(6),
            _ => None,
        }
    };
    parse(base).unwrap_or(0)
}

/// `getIndexedLoadStorePtrIdx`: for an indexed segment load or store, the operand whose
/// pointee's width is the element width.
pub fn indexed_load_store_ptr_idx(i: &Intrinsic) -> Option<u32> {
    if i.ir_name.starts_with("vloxseg") || i.ir_name.starts_with("vluxseg") {
        let bits = i.policy.bits();
        let no_passthru = bits & 1 != 0 && (!i.is_masked || bits & 2 != 0);
        return Some(match (i.is_masked, no_passthru) {
            (true, true) => 1,
            (true, false) => 2,
            (false, true) => 0,
            (false, false) => 1,
        });
    }
    if i.ir_name.starts_with("vsoxseg") || i.ir_name.starts_with("vsuxseg") {
        return Some(if i.is_masked { 1 } else { 0 });
    }
    None
}

/// `printHeaderCode`: the `HeaderCode` of every `RVVHeader` def.
pub fn header_code(input: &Evaluation) -> Result<String, Fatal> {
    let f = Fields { input };
    let mut s = String::new();
    for &rec in derived_definitions(input, "RVVHeader")?.iter() {
        s += f.string(rec, "HeaderCode")?;
    }
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn descriptors_parse_and_number_as_each_release_declares_them() {
        let r23 = RULES.get(Release::V23);
        let r19 = RULES.get(Release::V19);
        let d = parse_prototypes("UvPCe(Log2EEW:4)Uvz", r23).unwrap();
        assert_eq!(d.len(), 4);
        assert_eq!(
            d[0],
            Descriptor::new(BaseTypeModifier::Vector, VectorTypeModifier::NoModifier, tm::UNSIGNED_INTEGER)
        );
        assert_eq!(
            d[1],
            Descriptor::new(BaseTypeModifier::Scalar, VectorTypeModifier::NoModifier, tm::POINTER | tm::CONST)
        );
        assert_eq!(d[2].vector, VectorTypeModifier::Log2Eew(4));
        assert_eq!(d[3], Descriptor::VL);
        // LLVM 23's DoubleLMULVector moves every later modifier up by one.
        assert_eq!(VectorTypeModifier::Mask.code(r23), 5);
        assert_eq!(VectorTypeModifier::Mask.code(r19), 4);
        assert_eq!(VectorTypeModifier::Tuple(8).code(r23), 41);
        assert_eq!(VectorTypeModifier::SmallerOrEqualFixedLog2Lmul(-3).code(r19), 27);
        // 'd' is a base type only from 23 on.
        assert!(parse_prototypes("vd", r19).is_err());
        assert_eq!(parse_prototypes("vd", r23).unwrap()[1].vector, VectorTypeModifier::DoubleLmul);
    }

    #[test]
    fn types_have_clangs_names_or_are_invalid() {
        let mut cache = TypeCache::default();
        let ty = |cache: &mut TypeCache, bt, l, s: &str| {
            let d = parse_prototypes(s, RULES.get(Release::V23)).unwrap()[0];
            cache.compute(bt, l, d).unwrap().map(|id| cache.get(id).clone())
        };
        let t = ty(&mut cache, BasicType::Int32, 0, "Uv").unwrap();
        assert_eq!((t.builtin_str.as_str(), t.clang_builtin_str.as_str()), ("q2Ui", "__rvv_uint32m1_t"));
        assert_eq!((t.type_str.as_str(), t.short_str().unwrap().as_str()), ("vuint32m1_t", "u32m1"));
        let t = ty(&mut cache, BasicType::Int8, -3, "m").unwrap();
        assert_eq!((t.type_str.as_str(), t.builtin_str.as_str()), ("vbool64_t", "q1b"));
        let t = ty(&mut cache, BasicType::Float32, 1, "(Tuple:3)v").unwrap();
        assert_eq!((t.type_str.as_str(), t.builtin_str.as_str()), ("vfloat32m2x3_t", "T3q4f"));
        let t = ty(&mut cache, BasicType::Int16, 0, "PCe").unwrap();
        assert_eq!((t.type_str.as_str(), t.builtin_str.as_str()), ("const int16_t *", "SsC*"));
        // An 8-byte float, a widened i64 at LMUL 8, a tuple of 8 at LMUL 2: no such types.
        assert!(ty(&mut cache, BasicType::Int8, 0, "Fv").is_none());
        assert!(ty(&mut cache, BasicType::Int64, 3, "w").is_none());
        assert!(ty(&mut cache, BasicType::Int32, 1, "(Tuple:8)v").is_none());
    }

    #[test]
    fn segment_names_give_their_element_width() {
        assert_eq!(seg_inst_log2_sew("vlseg2e8"), 3);
        assert_eq!(seg_inst_log2_sew("vlseg8e64ff_tumu"), 6);
        assert_eq!(seg_inst_log2_sew("vssseg4e32_mu"), 5);
        assert_eq!(seg_inst_log2_sew("vloxseg2ei8_tu"), u32::MAX);
        assert_eq!(seg_inst_log2_sew("vsseg2e16ff"), 0);
        assert_eq!(seg_inst_log2_sew("vlseg9e8"), 0);
        assert_eq!(seg_inst_log2_sew("vadd_tu"), 0);
    }

    #[test]
    fn policies_sort_and_encode_as_clang_does() {
        use PolicyType::{Agnostic as A, Undisturbed as U};
        let mut ps = [Policy::new(A, U), Policy::new(U, U), Policy::new(A, A), Policy::new(U, A)];
        ps.sort_by_key(|p| p.sort_key());
        assert_eq!(ps, [Policy::new(U, A), Policy::new(A, A), Policy::new(U, U), Policy::new(A, U)]);
        assert_eq!(ps.map(Policy::bits), [2, 3, 0, 1]);
    }

    #[test]
    fn the_signature_table_shares_runs() {
        let v = Descriptor::VECTOR;
        let m = Descriptor::MASK;
        let record = |prototype: Vec<Descriptor>, suffix: Vec<Descriptor>| SemaRecord {
            name: "x",
            overloaded_name: "",
            type_range_mask: 0,
            log2_lmul_mask: 0,
            required_features: Vec::new(),
            prototype,
            suffix,
            overloaded_suffix: Vec::new(),
            nf: 1,
            has_masked: false,
            has_vl: false,
            has_masked_off_operand: false,
            has_tail_policy: false,
            has_mask_policy: false,
            has_frm_round_mode_op: false,
            alt_fmt: false,
            is_tuple: false,
            unmasked_policy_scheme: PolicyScheme::SchemeNone,
            masked_policy_scheme: PolicyScheme::SchemeNone,
        };
        let t = SignatureTable::new(&[record(vec![v, v, m], vec![v]), record(vec![m, v], vec![m])]);
        // [v v m] first, then [m v] in front of it; [v] and [m] are runs of the table.
        assert_eq!(t.table, [m, v, v, v, m]);
        assert_eq!(t.index(&[v, v, m]), Some(2));
        assert_eq!(t.index(&[m]), Some(0));
        assert_eq!(t.index(&[]), Some(0));
        assert_eq!(t.index(&[m, m]), None);
    }
}
