//! clang's ARM NEON intrinsics as NeonEmitter.cpp makes them (`arm_neon.td`, `arm_fp16.td`,
//! `arm_bf16.td` over `arm_neon_incl.td`): each `Inst` def made into one intrinsic per type spec
//! of its `Types` (per pair of specs for `CartesianProductWith`, the `vreinterpret`s), with its
//! prototype's types ([`Type`], from the modifiers of `Prototype`), its class (`SInst`: `s8`,
//! `u8` suffixes; `IInst`: `i8`; `WInst`: `8`; LLVM 20's `VInst`: none), its names (the
//! function's, mangled with the base type; the `__builtin_neon_` one, polymorphic when no
//! operand is a scalar), its builtin's prototype string and immediate checks, and its body: a
//! builtin call, or the `Operation`'s dags ([`Node`]) made into C, calling other intrinsics
//! (found by name and argument types, hence the order functions are written in). What a
//! release does differently is [`Rules`].

use super::neon_types::{type_specs, Kind, Type, TypeError};
use crate::records::{derived_definitions, Fatal, Fields};
use crate::set_theory::{Extension, Member, SetResult, SetTheory};
use rustc_hash::FxHashMap;
use std::collections::{BTreeMap, BTreeSet};
use tdq_core::init::{Init, InitKind};
use tdq_core::types::RecId;
use tdq_core::{ByRelease, Evaluation, Loc, Release};

/// What a release reads or writes differently.
#[derive(Clone, Copy)]
pub struct Rules {
    /// Which superclass gives a def its class: the second of all its superclasses (LLVM 19's
    /// `getSuperClasses()[1]`), or its first direct one (LLVM 20).
    pub class_from_first_direct: bool,
    /// `VInst` is a class (LLVM 20: intrinsics whose names take no type suffix).
    pub void_class: bool,
    /// The defs' `ImmChecks` say how Sema checks immediates (LLVM 20); before, Sema's bounds
    /// come from the defs' `isShift`-like bits.
    pub imm_checks: bool,
    /// Every immediate argument is an `Ii` in the builtin's prototype (LLVM 20); before, only
    /// the first.
    pub every_immediate_is_int: bool,
    /// Casts are `__builtin_bit_cast(T, x)` (LLVM 20); before, C casts `(T)x`, and a bitcast
    /// goes through a `reint` temporary.
    pub bit_casts: bool,
    /// Big-endian lane reversals name the `__lane_reverse_<bits>_<lane bits>` macros (LLVM 20);
    /// before, they list the lanes.
    pub lane_reverse_macros: bool,
    /// `call_mangled` from an intrinsic whose name has `laneq` calls the `q` form (LLVM 20);
    /// before, from one whose `isLaneQ` bit is set.
    pub laneq_from_name: bool,
}

pub const RULES: ByRelease<Rules> = ByRelease {
    v19: Rules {
        class_from_first_direct: false,
        void_class: false,
        imm_checks: false,
        every_immediate_is_int: false,
        bit_casts: false,
        lane_reverse_macros: false,
        laneq_from_name: false,
    },
    v22: RULES_20,
    v23: RULES_20,
};

const RULES_20: Rules = Rules {
    class_from_first_direct: true,
    void_class: true,
    imm_checks: true,
    every_immediate_is_int: true,
    bit_casts: true,
    lane_reverse_macros: true,
    laneq_from_name: true,
};

/// `ClassKind`: how an intrinsic's names carry its type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClassKind {
    None,
    /// Generic integer: `i8`.
    I,
    /// Signed, unsigned or poly: `s8`, `u8`, `p8`.
    S,
    /// Width only: `8`.
    W,
    /// No suffix (LLVM 20).
    V,
    /// A polymorphic builtin: its arguments bit cast, its type an enum argument.
    B,
    /// Logical operations.
    L,
    NoTest,
}

/// The classes an `Inst` def's class is read from (`NeonEmitter`'s `ClassMap`).
const CLASSES: &[(&str, ClassKind)] = &[
    ("SInst", ClassKind::S),
    ("IInst", ClassKind::I),
    ("WInst", ClassKind::W),
    ("VInst", ClassKind::V),
    ("SOpInst", ClassKind::S),
    ("IOpInst", ClassKind::I),
    ("WOpInst", ClassKind::W),
    ("LOpInst", ClassKind::L),
    ("NoTestOpInst", ClassKind::NoTest),
];

/// An immediate operand's check for Sema (`ImmCheck`, LLVM 20).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ImmCheck {
    pub arg: i32,
    pub kind: u32,
    pub element_bits: u32,
    pub vector_bits: u32,
}

/// Why a name cannot be mangled (clang-tblgen stops on an exception or `llvm_unreachable`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MangleError {
    /// The `q` or a scalar's size letter goes before the first `_` of a name that has none.
    NoUnderscore(String),
    /// A scalar's elements have no size letter (b, h, s, d).
    NoScalarSuffix(u32),
}

impl std::fmt::Display for MangleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MangleError::NoUnderscore(s) => write!(f, "'{s}' has no '_' to put its type letter before"),
            MangleError::NoScalarSuffix(bits) => write!(f, "no scalar suffix letter for {bits}-bit elements"),
        }
    }
}

/// One intrinsic: an `Inst` def with one type spec (`Intrinsic`).
#[derive(Clone, Debug)]
pub struct Intrinsic {
    pub record: RecId,
    /// The unmangled name (`vadd`).
    pub name: String,
    pub class: ClassKind,
    /// The `Operation`'s `Ops`: none for a builtin call.
    body: &'static [Init],
    /// The `#if` condition (empty for none).
    pub arch_guard: String,
    /// The `target` attribute's features (empty for none).
    pub target_guard: String,
    /// Declared `unavailable`, with no body.
    pub unavailable: bool,
    big_endian_safe: bool,
    /// The return type, then the parameters'.
    pub types: Vec<Type>,
    /// By operand.
    pub imm_checks: Vec<ImmCheck>,
    /// The type in `types` whose `NeonTypeFlags` a polymorphic builtin takes (the `!` one).
    polymorphic_key: usize,
    /// A macro rather than a function (an immediate, a pointer or a scalar half operand).
    use_macro: bool,
    /// The type spec's type, and the one of `CartesianProductWith`'s spec (else the same).
    pub base_type: Type,
    in_base_type: Type,
    /// The function's name (`mangleName(Name, ClassS)`), what `call_mangled` and calls look
    /// up.
    function_name: Result<String, MangleError>,
}

impl Intrinsic {
    pub fn return_type(&self) -> &Type {
        &self.types[0]
    }

    pub fn params(&self) -> &[Type] {
        &self.types[1..]
    }

    pub fn has_body(&self) -> bool {
        !self.body.is_empty()
    }

    /// `hasImmediate`.
    pub fn has_immediate(&self) -> bool {
        self.types.iter().any(|t| t.immediate)
    }

    /// `protoHasScalar`: a scalar operand (or result) that is no immediate.
    pub fn proto_has_scalar(&self) -> bool {
        self.types.iter().any(|t| t.is_scalar() && !t.immediate)
    }

    /// `getClassKind(true)`: polymorphic when nothing is a scalar.
    pub fn builtin_class(&self) -> ClassKind {
        if self.proto_has_scalar() {
            self.class
        } else {
            ClassKind::B
        }
    }

    /// `getPolymorphicKeyType`.
    pub fn polymorphic_key_type(&self) -> &Type {
        &self.types[self.polymorphic_key]
    }

    /// `isBigEndianSafe`: declared so, or no operand has more than one lane.
    pub fn is_big_endian_safe(&self) -> bool {
        self.big_endian_safe || !self.types.iter().any(|t| t.is_vector() && t.num_elements() > 1)
    }

    /// LLVM 19's `getImmediateIdx`: the parameter index of the first immediate, as an unsigned
    /// number (the return type's is `u32::MAX`).
    pub fn first_immediate_index(&self) -> Option<u32> {
        self.types.iter().position(|t| t.immediate).map(|i| (i as u32).wrapping_sub(1))
    }

    /// `getGeneratedParamIdx`: where parameter `p` is among the builtin's arguments (an sret
    /// result first, each vector of a multi-vector operand its own).
    pub fn generated_param_index(&self, p: usize) -> u32 {
        let mut index = u32::from(self.return_type().num_vectors > 1);
        for t in &self.params()[..p.min(self.params().len())] {
            index += t.num_vectors.max(1);
        }
        index
    }

    /// `getInstTypeCode`: the suffix of type `t` under class `ck` (`s32`, `i8`, `f16`, `bf16`).
    fn inst_type_code(&self, t: &Type, ck: ClassKind) -> String {
        if (ck == ClassKind::B && self.target_guard == "neon") || self.class == ClassKind::V {
            return String::new();
        }
        match t.kind {
            Kind::BFloat16 => return "bf16".to_string(),
            Kind::MFloat8 => return "mf8".to_string(),
            _ => {}
        }
        let code = match t.kind {
            Kind::Poly | Kind::SInt | Kind::UInt if ck == ClassKind::I => 'i',
            Kind::Poly => 'p',
            Kind::SInt => 's',
            Kind::UInt => 'u',
            _ => 'f',
        };
        format!("{code}{}", t.element_bitwidth)
    }

    /// `mangleName`: `name` with the type suffixes of class `ck`, the `q` of a 128-bit type and
    /// the scalar's size letter.
    fn mangle(&self, name: &str, ck: ClassKind) -> Result<String, MangleError> {
        if matches!(name, "vcvt_f16_f32" | "vcvt_f32_f16" | "vcvt_f32_f64" | "vcvt_f64_f32" | "vcvt_f32_bf16") {
            return Ok(name.to_string());
        }
        let code = self.inst_type_code(&self.base_type, ck);
        let mut s = name.to_string();
        if !code.is_empty() {
            // Before an `_xN` ending (N = 2, 3, 4), else at the end.
            let b = name.as_bytes();
            if b.len() >= 3 && b[b.len() - 1].is_ascii_digit() && b[b.len() - 2] == b'x' && b[b.len() - 3] == b'_' {
                s.insert_str(s.len() - 3, &format!("_{code}"));
            } else {
                s.push('_');
                s.push_str(&code);
            }
        }
        if self.base_type != self.in_base_type {
            // A reinterpret: the input type last.
            s.push('_');
            s.push_str(&self.inst_type_code(&self.in_base_type, ck));
        }
        if ck == ClassKind::B && self.target_guard == "neon" {
            s.push_str("_v");
        }
        // The `q` goes before the first `_`, so before `_lane` or `_n`.
        let underscore = |s: &str| s.find('_').ok_or_else(|| MangleError::NoUnderscore(s.to_string()));
        if self.base_type.bitwidth == 128 && !self.base_type.no_mangling_q {
            s.insert(underscore(&s)?, 'q');
        }
        if self.base_type.scalar_for_mangling {
            let suffix = match self.base_type.element_bitwidth {
                8 => 'b',
                16 => 'h',
                32 => 's',
                64 => 'd',
                bits => return Err(MangleError::NoScalarSuffix(bits)),
            };
            s.insert(underscore(&s)?, suffix);
        }
        Ok(s)
    }

    /// `getMangledName`: the builtin's name (`ForceClassS`: the function's).
    pub fn mangled_name(&self, force_class_s: bool) -> Result<String, MangleError> {
        if force_class_s {
            return self.function_name.clone();
        }
        self.mangle(&self.name, if self.proto_has_scalar() { self.class } else { ClassKind::B })
    }

    /// `getBuiltinTypeStr`: the builtin's prototype (`V16ScV16ScV16Sci`): vectors as signed
    /// bytes when polymorphic, an sret pointer first for a result of several vectors, the
    /// type's enum last when polymorphic.
    pub fn builtin_type_str(&self, rules: &Rules) -> Result<String, TypeError> {
        let ck = self.builtin_class();
        let mut s = String::new();
        let mut ret = self.return_type().clone();
        if matches!(ck, ClassKind::I | ClassKind::W)
            && ret.is_scalar()
            && !matches!(ret.kind, Kind::Float | Kind::BFloat16 | Kind::MFloat8)
        {
            ret.make_integer(ret.element_bitwidth, false);
        }
        if ret.num_vectors > 1 {
            // A void result and a void * first argument.
            s.push_str("vv*");
        } else {
            if ret.is_poly() {
                ret.make_integer(ret.element_bitwidth, false);
            }
            if !ret.is_scalar() && ret.kind == Kind::UInt {
                ret.make_signed();
            }
            if ck == ClassKind::B && ret.is_value() && !ret.is_scalar() {
                ret.make_integer(8, true);
            }
            s.push_str(&ret.builtin_str()?);
        }
        let first_immediate = self.types.iter().position(|t| t.immediate);
        for (i, param) in self.params().iter().enumerate() {
            let mut t = param.clone();
            if t.is_poly() {
                t.make_integer(t.element_bitwidth, false);
            }
            if ck == ClassKind::B && !t.is_scalar() {
                t.make_integer(8, true);
            }
            // Halves always go as bytes.
            if t.is_half() && t.is_vector() && !t.scalar_for_mangling {
                t.make_integer(8, true);
            }
            if ck == ClassKind::I && t.is_integer() {
                t.make_signed();
            }
            let immediate = if rules.every_immediate_is_int { param.immediate } else { first_immediate == Some(i + 1) };
            if immediate {
                t.make_immediate(32);
            }
            s.push_str(&t.builtin_str()?);
        }
        // The constant int of the type's enum.
        if ck == ClassKind::B {
            s.push('i');
        }
        Ok(s)
    }
}

/// A named value of a function being written (`Variable`): its C name is `__` and its name.
#[derive(Clone, Debug, Default)]
struct Variable {
    ty: Type,
    name: String,
}

impl Variable {
    fn c_name(&self) -> String {
        format!("__{}", self.name)
    }
}

/// An operand of an operation dag: a variable (`$p0`, a `save_temp`'s) or an operation.
#[derive(Debug)]
pub enum Operand {
    Var(&'static str),
    Node(Box<Node>),
}

/// A `cast`'s or `bitcast`'s type modifier, applied in order.
#[derive(Debug)]
pub enum CastStep {
    /// `$x`: the variable's type.
    Var(&'static str),
    /// `"R"`: the return type.
    Return,
    /// `"U"`, `"S"`.
    Unsigned,
    Signed,
    /// `"H"`, `"D"`: a 64-bit or 128-bit vector.
    HalveLanes,
    DoubleLanes,
    /// `"8"`: signed bytes.
    Bytes,
    /// `"32"`: 32-bit elements.
    Element32,
    /// A typedef name.
    Typedef(Type),
}

/// The called intrinsic's name: a string, or an operation's text (`name_replace`).
#[derive(Debug)]
pub enum Callee {
    Name(&'static str),
    Computed(Operand),
}

/// One operation of an `Operation`'s dags (`DagEmitter`'s operators), typed.
#[derive(Debug)]
pub enum Node {
    /// `(op "+", a, b)`, `(op "-", a)`.
    Op { op: &'static str, operands: Vec<Operand> },
    /// `(call "vmovl", a)`; `call_mangled` names the callee as the caller is named.
    Call { callee: Callee, args: Vec<Operand>, mangled: bool },
    /// `(cast MOD..., v)`, `(bitcast MOD..., v)`.
    Cast { steps: Vec<CastStep>, value: Operand, bit: bool },
    /// `(shuffle a, b, MASK)`, the mask a set expression over `sv0`... (`mask0`, `mask1`:
    /// the lanes of each operand).
    Shuffle { a: Operand, b: Operand, mask: Init },
    /// `(dup x)`: a vector of the base type with every lane `x`.
    Dup(Operand),
    /// `(dup_typed T, x)`.
    DupTyped { ty: TypeOperand, value: Operand },
    /// `(splat v, lane)`.
    Splat { vector: Operand, lane: Operand },
    /// `(save_temp $name, v)`.
    SaveTemp { name: &'static str, value: Operand },
    /// `(name_replace "from", "to")`: the intrinsic's name with the first `from` replaced.
    NameReplace { from: &'static str, to: &'static str },
    /// `(literal "int32_t", "0")`.
    Literal { ty: Type, value: &'static str },
}

/// `dup_typed`'s type: a typedef name, or an operand's type.
#[derive(Debug)]
pub enum TypeOperand {
    Typedef(Type),
    Of(Operand),
}

/// An element of a body: a line of C with `$name`s, or an operation.
#[derive(Debug)]
enum Statement {
    Text(&'static str),
    Node(Node),
}

/// A dag's operator, arguments and their names.
type Dag = (Init, &'static [(Init, Option<&'static str>)]);

fn as_dag(value: Init) -> Option<Dag> {
    match value.kind() {
        InitKind::Dag(op, _, args) => Some((*op, args)),
        _ => None,
    }
}

/// Reads operation dags into [`Node`]s, with clang-tblgen's messages where it checks them and
/// tdq's where it would read past the arguments or crash on a cast.
struct Parser<'a> {
    input: &'a Evaluation,
}

impl Parser<'_> {
    fn string(&self, args: &[(Init, Option<&'static str>)], i: usize, what: &str) -> Result<&'static str, String> {
        args.get(i).and_then(|a| a.0.as_str()).ok_or_else(|| format!("{what}: argument {i} should be a string"))
    }

    /// `emitDagArg`.
    fn operand(&self, arg: Init, name: Option<&'static str>) -> Result<Operand, String> {
        if let Some(name) = name.filter(|n| !n.is_empty()) {
            if arg.is_complete() {
                return Err("Arguments must either be DAGs or names, not both!".to_string());
            }
            return Ok(Operand::Var(name));
        }
        match as_dag(arg) {
            Some(dag) => Ok(Operand::Node(Box::new(self.node(dag)?))),
            None => Err("Arguments must either be DAGs or names!".to_string()),
        }
    }

    fn operands(&self, args: &[(Init, Option<&'static str>)]) -> Result<Vec<Operand>, String> {
        args.iter().map(|&(a, n)| self.operand(a, n)).collect()
    }

    /// `emitDag`: the operation its operator names.
    fn node(&self, (op, args): Dag) -> Result<Node, String> {
        let Some(op) = op.as_def() else {
            return Err(format!("The operator of an operation should be a def, not {op}"));
        };
        let op = self.input.records.name_sym(op);
        let count = |n: usize, message: &str| if args.len() == n { Ok(()) } else { Err(message.to_string()) };
        Ok(match op {
            "cast" | "bitcast" => {
                let Some((&(value, value_name), modifiers)) = args.split_last() else {
                    return Err(format!("{op}() expects at least one argument"));
                };
                let steps = modifiers.iter().map(|&(m, name)| self.cast_step(m, name)).collect::<Result<_, _>>()?;
                Node::Cast { steps, value: self.operand(value, value_name)?, bit: op == "bitcast" }
            }
            "shuffle" => {
                if args.len() < 3 {
                    return Err("shuffle() expects two operands and a mask".to_string());
                }
                Node::Shuffle {
                    a: self.operand(args[0].0, args[0].1)?,
                    b: self.operand(args[1].0, args[1].1)?,
                    mask: args[2].0,
                }
            }
            "dup" => {
                count(1, "dup() expects one argument")?;
                Node::Dup(self.operand(args[0].0, args[0].1)?)
            }
            "dup_typed" => {
                count(2, "dup_typed() expects two arguments")?;
                let value = self.operand(args[1].0, args[1].1)?;
                let ty = match args[0].0.as_str() {
                    Some(name) => TypeOperand::Typedef(Type::from_typedef_name(name)),
                    None => TypeOperand::Of(self.operand(args[0].0, args[0].1)?),
                };
                Node::DupTyped { ty, value }
            }
            "splat" => {
                count(2, "splat() expects two arguments")?;
                Node::Splat { vector: self.operand(args[0].0, args[0].1)?, lane: self.operand(args[1].0, args[1].1)? }
            }
            "save_temp" => {
                count(2, "save_temp() expects two arguments")?;
                let value = self.operand(args[1].0, args[1].1)?;
                let Some(name) = args[0].1.filter(|n| !n.is_empty()) else {
                    return Err("save_temp() expects a name as the first argument".to_string());
                };
                Node::SaveTemp { name, value }
            }
            "op" => {
                let op = self.string(args, 0, "op")?;
                let operands = match args.len() {
                    2 => vec![self.operand(args[1].0, args[1].1)?],
                    n if n >= 3 => self.operands(&args[1..3])?,
                    _ => return Err("op() expects an operator and one or two operands".to_string()),
                };
                Node::Op { op, operands }
            }
            "call" | "call_mangled" => {
                let Some((&(callee, _), rest)) = args.split_first() else {
                    return Err(format!("{op}() expects the intrinsic to call"));
                };
                let args = self.operands(rest)?;
                let callee = match callee.as_str() {
                    Some(name) => Callee::Name(name),
                    None => Callee::Computed(self.operand(callee, None)?),
                };
                Node::Call { callee, args, mangled: op == "call_mangled" }
            }
            "name_replace" => {
                count(2, "name_replace requires 2 arguments!")?;
                Node::NameReplace {
                    from: self.string(args, 0, "name_replace")?,
                    to: self.string(args, 1, "name_replace")?,
                }
            }
            "literal" => Node::Literal {
                ty: Type::from_typedef_name(self.string(args, 0, "literal")?),
                value: self.string(args, 1, "literal")?,
            },
            _ => return Err("Unknown operation!".to_string()),
        })
    }

    fn cast_step(&self, modifier: Init, name: Option<&'static str>) -> Result<CastStep, String> {
        if let Some(name) = name.filter(|n| !n.is_empty()) {
            return Ok(CastStep::Var(name));
        }
        let Some(s) = modifier.as_str() else {
            return Err("Expected string type or $Name for cast type".to_string());
        };
        Ok(match s {
            "R" => CastStep::Return,
            "U" => CastStep::Unsigned,
            "S" => CastStep::Signed,
            "H" => CastStep::HalveLanes,
            "D" => CastStep::DoubleLanes,
            "8" => CastStep::Bytes,
            "32" => CastStep::Element32,
            _ => CastStep::Typedef(Type::from_typedef_name(s)),
        })
    }
}

/// The intrinsics of `arm_neon.td` (or `arm_fp16.td`, `arm_bf16.td`), in NeonEmitter's order:
/// by def name, each def's type specs sorted.
pub struct NeonModel<'a> {
    input: &'a Evaluation,
    pub rules: Rules,
    pub intrinsics: Vec<Intrinsic>,
    /// By unmangled name, in order (`IntrinsicMap`).
    by_name: FxHashMap<String, Vec<usize>>,
}

/// clang-tblgen's `assert_with_loc`: an error at def `rec` (`CurrentRecord`).
fn fail_at(input: &Evaluation, rec: RecId, message: impl Into<String>) -> Fatal {
    Fatal::new(&input.records.get(rec).locs, message)
}

/// `getNextModifiers`: the modifiers of the next type of a prototype: one character, or a
/// parenthesized group (`(1F)`); `None` for an unmatched parenthesis.
fn next_modifiers<'p>(proto: &'p str, pos: &mut usize) -> Option<&'p str> {
    let b = proto.as_bytes();
    if *pos == b.len() {
        return Some("");
    }
    if b[*pos] != b'(' {
        let start = *pos;
        *pos += 1;
        // A byte of a character that is not ASCII is no modifier.
        return Some(proto.get(start..*pos).unwrap_or("\u{fffd}"));
    }
    let end = *pos + 1 + proto[*pos + 1..].find(')')?;
    let mods = &proto[*pos + 1..end];
    *pos = end + 1;
    Some(mods)
}

impl<'a> NeonModel<'a> {
    /// Every `Inst` def's intrinsics (`createIntrinsic`).
    pub fn new(input: &'a Evaluation, release: Release) -> Result<NeonModel<'a>, Fatal> {
        let rules = *RULES.get(release);
        let rk = &input.records;
        let classes: Vec<(RecId, ClassKind)> = CLASSES
            .iter()
            .filter(|(_, ck)| *ck != ClassKind::V || rules.void_class)
            .filter_map(|&(name, ck)| Some((rk.class(name)?, ck)))
            .collect();
        let mut model = NeonModel { input, rules, intrinsics: Vec::new(), by_name: FxHashMap::default() };
        for &rec in derived_definitions(input, "Inst")?.iter() {
            let record = rk.get(rec);
            let class = if rules.class_from_first_direct {
                record.direct_superclasses(rk).last().copied()
            } else {
                record.superclasses.get(1).map(|s| s.0)
            };
            let class = class.and_then(|c| classes.iter().find(|(id, _)| *id == c)).map_or(ClassKind::None, |c| c.1);
            model.create(rec, class, release)?;
        }
        Ok(model)
    }

    fn fail(&self, rec: RecId, message: impl Into<String>) -> Fatal {
        fail_at(self.input, rec, message)
    }

    fn create(&mut self, rec: RecId, class: ClassKind, release: Release) -> Result<(), Fatal> {
        let f = Fields { input: self.input };
        let name = f.string(rec, "Name")?;
        let proto = f.string(rec, "Prototype")?;
        let types = f.string(rec, "Types")?;
        let operation = f.def(rec, "Operation")?;
        let big_endian_safe = f.bit(rec, "BigEndianSafe")?;
        let arch_guard = f.string(rec, "ArchGuard")?;
        let target_guard = f.string(rec, "TargetGuard")?;
        let unavailable = f.bit(operation, "Unavailable")?;
        let product = f.string(rec, "CartesianProductWith")?;
        let body = f.list(operation, "Ops")?;
        let input = self.input;
        let ty =
            |spec: &str, mods: &str| Type::new(spec, mods, release).map_err(|e| fail_at(input, rec, e.to_string()));
        let specs = type_specs(types);
        let mut pairs: Vec<(String, String)> = Vec::new();
        if product.is_empty() {
            pairs.extend(specs.iter().map(|s| (s.clone(), s.clone())));
        } else {
            let sources = type_specs(product);
            for spec in &specs {
                let bits = ty(spec, ".")?.bitwidth;
                for source in &sources {
                    if spec != source && ty(source, ".")?.bitwidth == bits {
                        pairs.push((spec.clone(), source.clone()));
                    }
                }
            }
        }
        pairs.sort();
        pairs.dedup();
        for (out_spec, in_spec) in pairs {
            // mfloat8 is AArch64's only.
            let mut guard = arch_guard.to_string();
            if ty(&out_spec, ".")?.kind == Kind::MFloat8 {
                if guard.is_empty() {
                    guard = "defined(__aarch64__)".to_string();
                } else if !guard.contains("defined(__aarch64__)") {
                    guard = format!("defined(__aarch64__) && ({guard})");
                }
            }
            let base_type = ty(&out_spec, ".")?;
            let in_base_type = ty(&in_spec, ".")?;
            let mut pos = 0;
            let mut next =
                || next_modifiers(proto, &mut pos).ok_or_else(|| fail_at(input, rec, "unmatched modifier group paren"));
            let mut types = vec![ty(&out_spec, next()?)?];
            let mut polymorphic_key = 0;
            loop {
                let mods = next()?;
                if mods.is_empty() {
                    break;
                }
                types.push(ty(&in_spec, mods)?);
                if mods.contains('!') {
                    polymorphic_key = types.len() - 1;
                }
            }
            // Immediates go through macros so that Sema can check them, pointers to keep their
            // alignment, half scalars because they cannot be passed by value.
            let use_macro = types.iter().any(|t| t.immediate || t.pointer || (t.is_scalar() && t.is_half()));
            let mut imm_checks = Vec::new();
            if self.rules.imm_checks {
                for check in f.defs(rec, "ImmChecks")? {
                    let arg = f.int(check, "ImmArgIdx")? as i32;
                    let type_arg = f.int(check, "TypeContextArgIdx")? as i32;
                    let kind = f.int(f.def(check, "Kind")?, "Value")? as i32;
                    let (mut element_bits, mut vector_bits) = (0, 0);
                    if type_arg >= 0 {
                        let Some(context) = types.get(type_arg as usize + 1) else {
                            let message =
                                format!("ImmCheck's TypeContextArgIdx {type_arg} is no parameter of '{name}'");
                            return Err(fail_at(input, rec, message));
                        };
                        // Polymorphic builtins take no element size.
                        if class != ClassKind::B {
                            element_bits = context.element_bitwidth;
                        }
                        vector_bits = context.bitwidth;
                    }
                    imm_checks.push(ImmCheck { arg, kind: kind as u32, element_bits, vector_bits });
                }
                imm_checks.sort_by_key(|c| c.arg);
            }
            let mut intrinsic = Intrinsic {
                record: rec,
                name: name.to_string(),
                class,
                body,
                arch_guard: guard,
                target_guard: target_guard.to_string(),
                unavailable,
                big_endian_safe,
                types,
                imm_checks,
                polymorphic_key,
                use_macro,
                base_type,
                in_base_type,
                function_name: Ok(String::new()),
            };
            intrinsic.function_name = intrinsic.mangle(name, ClassKind::S);
            self.by_name.entry(name.to_string()).or_default().push(self.intrinsics.len());
            self.intrinsics.push(intrinsic);
        }
        Ok(())
    }

    /// [`Intrinsic::mangled_name`], with an error at the def where it has none.
    pub fn mangled_name(&self, i: &Intrinsic, force_class_s: bool) -> Result<String, Fatal> {
        i.mangled_name(force_class_s).map_err(|e| self.no_mangling(i, e))
    }

    fn no_mangling(&self, i: &Intrinsic, error: MangleError) -> Fatal {
        self.fail(i.record, format!("cannot mangle '{}': {error}", i.name))
    }

    /// [`Intrinsic::builtin_type_str`], with an error at the def.
    pub fn builtin_type_str(&self, i: &Intrinsic) -> Result<String, Fatal> {
        i.builtin_type_str(&self.rules).map_err(|e| self.fail(i.record, e.to_string()))
    }

    /// A type's `NeonTypeFlags`, with an error at the def.
    pub fn neon_enum(&self, i: &Intrinsic, t: &Type) -> Result<u32, Fatal> {
        t.neon_enum().map_err(|e| self.fail(i.record, e.to_string()))
    }

    /// `getIntrinsic`: the one intrinsic named `name` whose parameters have `types` (and whose
    /// function is named `mangled`, if given), looked up from intrinsic `caller`.
    fn lookup(&self, caller: usize, name: &str, types: &[Type], mangled: Option<&str>) -> Result<usize, Fatal> {
        let at = self.intrinsics[caller].record;
        let Some(candidates) = self.by_name.get(name) else {
            return Err(self.fail(at, format!("Intrinsic '{name}' not found!")));
        };
        let mut good = Vec::new();
        for &c in candidates {
            let i = &self.intrinsics[c];
            if mangled.is_some_and(|m| i.function_name.as_deref() != Ok(m)) {
                continue;
            }
            if i.params().len() == types.len() && i.params().iter().zip(types).all(|(a, b)| a == b) {
                good.push(c);
            }
        }
        if good.len() == 1 {
            return Ok(good[0]);
        }
        let mut message =
            if good.is_empty() { "No compatible intrinsic found - " } else { "Multiple overloads found - " }
                .to_string();
        let names = |ts: &[Type]| ts.iter().map(Type::c_name).collect::<Vec<_>>().join(", ");
        message.push_str(&format!("looking up intrinsic '{name}({})'\nAvailable overloads:\n", names(types)));
        for &c in candidates {
            let i = &self.intrinsics[c];
            let mangled = self.mangled_name(i, false)?;
            message.push_str(&format!("  - {} {mangled}({})\n", i.return_type().c_name(), names(i.params())));
        }
        Err(self.fail(at, message))
    }

    /// The functions and macros of every intrinsic, in the order clang-tblgen writes them
    /// (`run`'s loop): sorted by architecture guard, target guard and name, each after the
    /// intrinsics it calls, inside `#if` blocks of its architecture guard; big-endian variants
    /// that reverse the lanes of their operands where they need them.
    pub fn functions(&self) -> Result<String, Fatal> {
        let n = self.intrinsics.len();
        // indexBody: each body's callees, which are needed early.
        let mut bodies = Vec::with_capacity(n);
        let mut callees: Vec<BTreeSet<usize>> = Vec::with_capacity(n);
        let mut needed_early = vec![false; n];
        for i in 0..n {
            let body = self.parse_body(i)?;
            let mut writer = Writer::new(self, i, &body, String::new());
            writer.return_var_decl();
            writer.body("")?;
            for &c in &writer.callees {
                needed_early[c] = true;
            }
            callees.push(writer.callees);
            bodies.push(body);
        }
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by(|&a, &b| {
            let (a, b) = (&self.intrinsics[a], &self.intrinsics[b]);
            (&a.arch_guard, &a.target_guard, &a.name).cmp(&(&b.arch_guard, &b.target_guard, &b.name))
        });
        let mut out = String::new();
        let mut pending = vec![true; n];
        let mut unique = 0u32;
        let mut guard = "";
        let mut progress = true;
        while !order.is_empty() && progress {
            progress = false;
            let mut left = Vec::with_capacity(order.len());
            for &i in &order {
                // Only once what it calls is written. (An intrinsic whose calls never are is
                // left out, as clang-tblgen leaves it.)
                if callees[i].iter().any(|&c| pending[c]) {
                    left.push(i);
                    continue;
                }
                let intrinsic = &self.intrinsics[i];
                if intrinsic.arch_guard != guard {
                    if !guard.is_empty() {
                        out.push_str("#endif\n");
                    }
                    guard = &intrinsic.arch_guard;
                    if !guard.is_empty() {
                        out.push_str(&format!("#if {guard}\n"));
                    }
                }
                let calls_macro = callees[i].iter().any(|&c| self.intrinsics[c].use_macro);
                let mut generate = |reverse: bool, name_prefix: &str, call_prefix: &str| {
                    // A macro's variables are not scoped: a function calling one numbers its own.
                    let postfix = if calls_macro {
                        unique += 1;
                        format!("_{}", unique - 1)
                    } else {
                        String::new()
                    };
                    Writer::new(self, i, &bodies[i], postfix).function(reverse, name_prefix, call_prefix)
                };
                if intrinsic.is_big_endian_safe() {
                    out.push_str(&generate(false, "", "")?);
                } else {
                    out.push_str("#ifdef __LITTLE_ENDIAN__\n");
                    out.push_str(&generate(false, "", "")?);
                    out.push_str("#else\n");
                    out.push_str(&generate(true, "", "__noswap_")?);
                    if needed_early[i] {
                        out.push_str(&generate(false, "__noswap_", "__noswap_")?);
                    }
                    out.push_str("#endif\n\n");
                }
                pending[i] = false;
                progress = true;
            }
            order = left;
        }
        if !guard.is_empty() {
            out.push_str("#endif\n");
        }
        Ok(out)
    }

    /// The statements of intrinsic `i`'s body.
    fn parse_body(&self, i: usize) -> Result<Vec<Statement>, Fatal> {
        let intrinsic = &self.intrinsics[i];
        let parser = Parser { input: self.input };
        let mut statements = Vec::new();
        for &element in intrinsic.body {
            if let Some(text) = element.as_str() {
                statements.push(Statement::Text(text));
            } else if let Some(dag) = as_dag(element) {
                statements.push(Statement::Node(parser.node(dag).map_err(|m| self.fail(intrinsic.record, m))?));
            }
        }
        Ok(statements)
    }
}

/// The NEON shuffle masks' set operators (`lowhalf`, `highhalf`, `rev`) and `mask0`/`mask1`,
/// for operands of `lanes` lanes of `element_bits` bits. Where clang-tblgen would crash, the
/// errors are at the def (`at`); SetTheory's own have no location, as clang-tblgen's.
struct ShuffleMasks<'a> {
    input: &'a Evaluation,
    element_bits: u32,
    lanes: u32,
    at: &'a [Loc],
}

impl Extension for ShuffleMasks<'_> {
    fn apply(
        &self,
        sets: &mut SetTheory<'_>,
        name: &str,
        expr: Init,
        args: &[Init],
        locs: &[Loc],
    ) -> Option<SetResult<Vec<Member>>> {
        let half = |sets: &mut SetTheory<'_>, high: bool| {
            let all = sets.evaluate_all_members(args, locs)?;
            let mid = all.len() / 2;
            Ok(if high { all[mid..].to_vec() } else { all[..mid].to_vec() })
        };
        Some(match name {
            "lowhalf" => half(sets, false),
            "highhalf" => half(sets, true),
            "rev" => (|| {
                // (rev BITS, SET): the lanes of each BITS-bit group of SET reversed.
                let Some(bits) = args.first().and_then(|a| a.as_int()) else {
                    return Err(Fatal::new(self.at, format!("rev's first operand should be an int: {expr}")));
                };
                let all = sets.evaluate_all_members(&args[1..], locs)?;
                let size = bits / i64::from(self.element_bits.max(1));
                if size <= 0 || all.len() as i64 % size != 0 {
                    let message = format!("rev of {bits} bits needs a whole number of groups of lanes: {expr}");
                    return Err(Fatal::new(self.at, message));
                }
                Ok(all.chunks(size as usize).flat_map(|group| group.iter().rev().copied()).collect())
            })(),
            _ => return None,
        })
    }

    fn expand(&self, class: &str, rec: RecId) -> Option<SetResult<Vec<Member>>> {
        if class != "MaskExpand" {
            return None;
        }
        let first = match self.input.records.name_sym(rec) {
            "mask0" => 0,
            "mask1" => self.lanes,
            _ => return Some(Ok(Vec::new())),
        };
        Some(
            (first..first + self.lanes)
                .map(|n| {
                    let name = format!("sv{n}");
                    self.input
                        .records
                        .def(&name)
                        .map(Member::Record)
                        .ok_or_else(|| Fatal::new(self.at, format!("No def named '{name}' for a shuffle mask")))
                })
                .collect(),
        )
    }
}

/// Writes one intrinsic's function (or macro) or, to index it, its body: `generateImpl` and
/// `DagEmitter`.
struct Writer<'m, 'a> {
    model: &'m NeonModel<'a>,
    at: usize,
    intrinsic: &'m Intrinsic,
    body: &'m [Statement],
    variables: BTreeMap<String, Variable>,
    ret: Variable,
    /// `VariablePostfix`.
    postfix: String,
    out: String,
    /// The intrinsics the body calls.
    callees: BTreeSet<usize>,
}

impl<'m, 'a> Writer<'m, 'a> {
    /// `initVariables`: `p0`, `p1`, ... and `ret`.
    fn new(model: &'m NeonModel<'a>, at: usize, body: &'m [Statement], postfix: String) -> Writer<'m, 'a> {
        let intrinsic = &model.intrinsics[at];
        let mut variables = BTreeMap::new();
        for (i, t) in intrinsic.params().iter().enumerate() {
            let name = format!("p{}", char::from(b'0'.wrapping_add(i as u8)));
            variables.insert(name.clone(), Variable { ty: t.clone(), name: format!("{name}{postfix}") });
        }
        let ret = Variable { ty: intrinsic.return_type().clone(), name: format!("ret{postfix}") };
        Writer { model, at, intrinsic, body, variables, ret, postfix, out: String::new(), callees: BTreeSet::new() }
    }

    fn fail(&self, message: impl Into<String>) -> Fatal {
        self.model.fail(self.intrinsic.record, message)
    }

    fn rules(&self) -> &Rules {
        &self.model.rules
    }

    /// `Variables["p" + I]`: parameter `i`'s variable (a void one, inserted, past ten).
    fn param(&mut self, i: usize) -> Variable {
        self.variables.entry(format!("p{i}")).or_default().clone()
    }

    fn newline(&mut self) {
        self.out.push_str(if self.intrinsic.use_macro { " \\\n" } else { "\n" });
    }

    /// `generateImpl`.
    fn function(mut self, reverse: bool, name_prefix: &str, call_prefix: &str) -> Result<String, Fatal> {
        self.prototype(name_prefix)?;
        if self.intrinsic.unavailable {
            self.out.push_str(" __attribute__((unavailable));");
        } else {
            self.out.push_str(if self.intrinsic.use_macro { " __extension__ ({" } else { " {" });
            self.newline();
            // The result's declaration first, for -Wdeclaration-after-statement.
            self.return_var_decl();
            self.shadowed_args();
            if reverse {
                self.argument_reversal();
            }
            self.body(call_prefix)?;
            if reverse {
                self.return_reversal();
            }
            self.emit_return();
            self.out.push_str(if self.intrinsic.use_macro { "})" } else { "}" });
        }
        self.out.push('\n');
        Ok(self.out)
    }

    fn prototype(&mut self, name_prefix: &str) -> Result<(), Fatal> {
        let i = self.intrinsic;
        if i.use_macro {
            self.out.push_str("#define ");
        } else {
            self.out.push_str("__ai ");
            if !i.target_guard.is_empty() {
                self.out.push_str(&format!("__attribute__((target(\"{}\"))) ", i.target_guard));
            }
            self.out.push_str(&format!("{} ", i.return_type().c_name()));
        }
        let name = i.function_name.clone().map_err(|e| self.model.no_mangling(i, e))?;
        self.out.push_str(&format!("{name_prefix}{name}("));
        for p in 0..i.params().len() {
            if p != 0 {
                self.out.push_str(", ");
            }
            let v = &self.variables[&format!("p{}", char::from(b'0'.wrapping_add(p as u8)))];
            if !i.use_macro {
                self.out.push_str(&format!("{} ", v.ty.c_name()));
            }
            self.out.push_str(&v.c_name());
        }
        self.out.push(')');
        Ok(())
    }

    fn return_var_decl(&mut self) {
        if !self.ret.ty.is_void() {
            self.out.push_str(&format!("  {} {};", self.ret.ty.c_name(), self.ret.c_name()));
            self.newline();
        }
    }

    /// `emitShadowedArgs`: a macro's operands copied into typed temporaries (not immediates,
    /// which must stay constant, nor pointers, which keep their alignment).
    fn shadowed_args(&mut self) {
        if !self.intrinsic.use_macro {
            return;
        }
        for (p, t) in self.intrinsic.params().iter().enumerate() {
            if t.immediate || t.pointer {
                continue;
            }
            let v = self.param(p);
            let shadow = Variable { ty: v.ty.clone(), name: format!("s{p}{}", self.postfix) };
            self.out.push_str(&format!("  {} {} = {};", shadow.ty.c_name(), shadow.c_name(), v.c_name()));
            self.newline();
            self.variables.insert(format!("p{p}"), shadow);
        }
    }

    /// `emitReverseVariable`: `dest` is `src` with the lanes of each vector reversed.
    fn reverse_variable(&mut self, dest: &Variable, src: &Variable) {
        let t = &dest.ty;
        let lanes = if self.rules().lane_reverse_macros {
            format!(", __lane_reverse_{}_{}", t.bitwidth, t.element_bitwidth)
        } else {
            (0..t.num_elements()).rev().map(|j| format!(", {j}")).collect()
        };
        if t.num_vectors > 1 {
            self.newline();
            for k in 0..t.num_vectors {
                let (d, s) = (dest.c_name(), src.c_name());
                self.out
                    .push_str(&format!("  {d}.val[{k}] = __builtin_shufflevector({s}.val[{k}], {s}.val[{k}]{lanes});"));
                self.newline();
            }
        } else {
            let (d, s) = (dest.c_name(), src.c_name());
            self.out.push_str(&format!("  {d} = __builtin_shufflevector({s}, {s}{lanes});"));
            self.newline();
        }
    }

    fn argument_reversal(&mut self) {
        if self.intrinsic.is_big_endian_safe() {
            return;
        }
        for p in 0..self.intrinsic.params().len() {
            let v = self.param(p);
            let reversed = Variable { ty: v.ty.clone(), name: format!("rev{p}{}", self.postfix) };
            if !reversed.ty.is_vector() || reversed.ty.num_elements() == 1 {
                continue;
            }
            self.out.push_str(&format!("  {} {};", reversed.ty.c_name(), reversed.c_name()));
            self.reverse_variable(&reversed, &v);
            self.variables.insert(format!("p{p}"), reversed);
        }
    }

    fn return_reversal(&mut self) {
        let t = self.intrinsic.return_type();
        if self.intrinsic.is_big_endian_safe() || !t.is_vector() || t.num_elements() == 1 {
            return;
        }
        let ret = self.ret.clone();
        self.reverse_variable(&ret, &ret);
    }

    fn emit_return(&mut self) {
        if self.ret.ty.is_void() {
            return;
        }
        let name = self.ret.c_name();
        if self.intrinsic.use_macro {
            self.out.push_str(&format!("  {name};"));
        } else {
            self.out.push_str(&format!("  return {name};"));
        }
        self.newline();
    }

    /// `emitBody`: the builtin call, or the operations (the last one's value returned).
    fn body(&mut self, call_prefix: &str) -> Result<(), Fatal> {
        if !self.intrinsic.has_body() {
            return self.builtin_call();
        }
        let mut lines = Vec::new();
        for statement in self.body {
            match statement {
                Statement::Text(text) => lines.push(self.replace_params(text)?),
                Statement::Node(node) => lines.push(format!("{};", self.node(node, call_prefix)?.1)),
            }
        }
        if !self.ret.ty.is_void() {
            let Some(last) = lines.last_mut() else {
                return Err(self.fail(format!(
                    "'{}' returns a value but its operation has nothing to return",
                    self.intrinsic.name
                )));
            };
            last.insert_str(0, &format!("{} = ", self.ret.c_name()));
        }
        for line in lines {
            self.out.push_str(&format!("  {line}"));
            self.newline();
        }
        Ok(())
    }

    /// `replaceParamsIn`: each `$name` of a line of C made the variable's C name.
    fn replace_params(&self, text: &str) -> Result<String, Fatal> {
        let mut s = text.to_string();
        while let Some(pos) = s.find('$') {
            let end = pos + 1 + s[pos + 1..].bytes().take_while(u8::is_ascii_alphabetic).count();
            let Some(v) = self.variables.get(&s[pos + 1..end]) else {
                return Err(self.fail("Variable not defined!"));
            };
            s.replace_range(pos..end, &v.c_name());
        }
        Ok(s)
    }

    /// `emitBodyAsBuiltinCall`: `__builtin_neon_<name>(args)`, vectors cast to bytes when the
    /// builtin is polymorphic (its type's enum then the last argument), a result of several
    /// vectors returned through a pointer.
    fn builtin_call(&mut self) -> Result<(), Fatal> {
        let i = self.intrinsic;
        let bit_casts = self.rules().bit_casts;
        let sret = i.return_type().num_vectors >= 2;
        let ck = if i.proto_has_scalar() { i.class } else { ClassKind::B };
        let returns = !i.return_type().is_void() && !sret;
        let mut s = String::new();
        if returns {
            let t = self.ret.ty.c_name();
            s.push_str(&if bit_casts { format!("__builtin_bit_cast({t}, ") } else { format!("({t}) ") });
        }
        let name = i.mangle(&i.name, ck).map_err(|e| self.model.no_mangling(i, e))?;
        s.push_str(&format!("__builtin_neon_{name}("));
        if sret {
            s.push_str(&format!("&{}, ", self.ret.c_name()));
        }
        let cast = |t: &Type, arg: &str| {
            if bit_casts {
                format!("__builtin_bit_cast({}, {arg})", t.c_name())
            } else {
                format!("({}){arg}", t.c_name())
            }
        };
        for p in 0..i.params().len() {
            let v = self.param(p);
            let t = &v.ty;
            if t.num_vectors > 1 {
                // Each vector its own argument.
                let mut bytes = t.clone();
                bytes.make_one_vector();
                bytes.make_integer(8, true);
                for j in 0..t.num_vectors {
                    let arg = format!("{}.val[{j}]", v.c_name());
                    s.push_str(&if ck == ClassKind::B { cast(&bytes, &arg) } else { arg });
                    s.push_str(", ");
                }
                continue;
            }
            let mut to = t.clone();
            let mut arg = v.c_name();
            if t.is_vector() {
                if ck == ClassKind::B || (t.is_half() && !t.scalar_for_mangling) {
                    to.make_integer(8, true);
                    arg = cast(&to, &arg);
                } else if ck == ClassKind::I {
                    // Integers as signed: LLVM 19 casts every vector (leaving floats and polys
                    // as they are), LLVM 20 only the integers and polys.
                    if t.is_integer() || (bit_casts && t.is_poly()) {
                        to.make_signed();
                    }
                    if !bit_casts || t.is_integer() || t.is_poly() {
                        arg = cast(&to, &arg);
                    }
                }
            }
            s.push_str(&arg);
            s.push_str(", ");
        }
        if i.builtin_class() == ClassKind::B {
            s.push_str(&self.model.neon_enum(i, i.polymorphic_key_type())?.to_string());
        } else {
            s.pop();
            s.pop();
        }
        if bit_casts && returns {
            s.push(')');
        }
        s.push_str(");");
        let assign = if returns { format!("{} = ", self.ret.c_name()) } else { String::new() };
        self.out.push_str(&format!("  {assign}{s}"));
        self.newline();
        Ok(())
    }

    fn operand(&mut self, operand: &Operand, call_prefix: &str) -> Result<(Type, String), Fatal> {
        match operand {
            Operand::Var(name) => match self.variables.get(*name) {
                Some(v) => Ok((v.ty.clone(), v.c_name())),
                None => Err(self.fail("Variable not defined!")),
            },
            Operand::Node(node) => self.node(node, call_prefix),
        }
    }

    fn type_check(&self, result: Result<(), &str>) -> Result<(), Fatal> {
        result.map_err(|m| self.fail(m))
    }

    /// The C of an operation, and its type.
    fn node(&mut self, node: &Node, call_prefix: &str) -> Result<(Type, String), Fatal> {
        match node {
            Node::Op { op, operands } => {
                let (t, a) = self.operand(&operands[0], call_prefix)?;
                let Some(rhs) = operands.get(1) else {
                    return Ok((t, format!("{op}{a}")));
                };
                let (u, b) = self.operand(rhs, call_prefix)?;
                if t != u {
                    return Err(self.fail("Argument type mismatch!"));
                }
                Ok((t, format!("{a} {op} {b}")))
            }
            Node::Call { callee, args, mangled } => {
                let mut types = Vec::with_capacity(args.len());
                let mut values = Vec::with_capacity(args.len());
                for a in args {
                    let (t, v) = self.operand(a, call_prefix)?;
                    types.push(t);
                    values.push(v);
                }
                let mut name = match callee {
                    Callee::Name(n) => n.to_string(),
                    Callee::Computed(o) => self.operand(o, call_prefix)?.1,
                };
                let mut mangled_name = None;
                if *mangled {
                    let f = Fields { input: self.model.input };
                    let laneq = if self.rules().laneq_from_name {
                        f.string(self.intrinsic.record, "Name")?.contains("laneq")
                    } else {
                        f.bit(self.intrinsic.record, "isLaneQ")?
                    };
                    if laneq {
                        name.push('q');
                    }
                    let m = self
                        .intrinsic
                        .mangle(&name, ClassKind::S)
                        .map_err(|e| self.model.no_mangling(self.intrinsic, e))?;
                    mangled_name = Some(m);
                }
                let c = self.model.lookup(self.at, &name, &types, mangled_name.as_deref())?;
                self.callees.insert(c);
                let callee = &self.model.intrinsics[c];
                let prefix = if callee.is_big_endian_safe() { "" } else { call_prefix };
                let callee_name = self.model.mangled_name(callee, true)?;
                Ok((callee.return_type().clone(), format!("{prefix}{callee_name}({})", values.join(", "))))
            }
            Node::Cast { steps, value, bit } => {
                let (from, v) = self.operand(value, call_prefix)?;
                let mut to = from.clone();
                for step in steps {
                    match step {
                        CastStep::Var(name) => match self.variables.get(*name) {
                            Some(var) => to = var.ty.clone(),
                            None => return Err(self.fail("Variable not found")),
                        },
                        CastStep::Return => to = self.intrinsic.return_type().clone(),
                        CastStep::Unsigned => to.make_unsigned(),
                        CastStep::Signed => to.make_signed(),
                        CastStep::HalveLanes => self.type_check(to.halve_lanes())?,
                        CastStep::DoubleLanes => self.type_check(to.double_lanes())?,
                        CastStep::Bytes => to.make_integer(8, true),
                        CastStep::Element32 => self.type_check(to.make_32bit_element())?,
                        CastStep::Typedef(t) => to = t.clone(),
                    }
                }
                let s = if !*bit {
                    format!("({})({v})", to.c_name())
                } else if self.rules().bit_casts {
                    format!("__builtin_bit_cast({}, {v})", to.c_name())
                } else {
                    // A reinterpret cast of a temporary, which is an lvalue.
                    let mut name = "reint".to_string();
                    let mut n = 0;
                    while self.variables.contains_key(&name) {
                        n += 1;
                        name = format!("reint{n}");
                    }
                    let temp = Variable { ty: from.clone(), name: format!("{name}{}", self.postfix) };
                    self.out.push_str(&format!("{} {} = {v};", from.c_name(), temp.c_name()));
                    self.newline();
                    let s = format!("*({} *) &{}", to.c_name(), temp.c_name());
                    self.variables.insert(name, temp);
                    s
                };
                Ok((to, s))
            }
            Node::Shuffle { a, b, mask } => {
                let (t, a) = self.operand(a, call_prefix)?;
                let (u, b) = self.operand(b, call_prefix)?;
                if t != u {
                    return Err(self.fail("Different types in arguments to shuffle!"));
                }
                let input = self.model.input;
                let at = &input.records.get(self.intrinsic.record).locs;
                let masks = ShuffleMasks { input, element_bits: t.element_bitwidth, lanes: t.num_elements(), at };
                let mut sets = SetTheory::new(input, &[]).with_extension(&masks);
                let members = sets.evaluate_members(*mask, &[])?;
                let mut s = format!("__builtin_shufflevector({a}, {b}");
                for m in &members {
                    let name = sets.name(*m);
                    let Some(lane) = name.strip_prefix("sv") else {
                        return Err(self.fail("Incorrect element kind in shuffle mask!"));
                    };
                    s.push_str(&format!(", {lane}"));
                }
                s.push(')');
                // The shuffle may have halved or doubled the lanes.
                let mut result = t.clone();
                let (lanes, elements) = (t.num_elements() as usize, members.len());
                let mismatch = "Can only double or half the number of elements in a shuffle!";
                if elements > lanes {
                    if elements != lanes * 2 {
                        return Err(self.fail(mismatch));
                    }
                    self.type_check(result.double_lanes())?;
                } else if elements < lanes {
                    if elements != lanes / 2 {
                        return Err(self.fail(mismatch));
                    }
                    self.type_check(result.halve_lanes())?;
                }
                Ok((result, s))
            }
            Node::Dup(value) => {
                let (t, v) = self.operand(value, call_prefix)?;
                if !t.is_scalar() {
                    return Err(self.fail("dup() expects a scalar argument"));
                }
                let base = self.intrinsic.base_type.clone();
                if !base.is_vector() {
                    return Err(self.fail("dup() used but default type is scalar!"));
                }
                let s = splat_literal(&base, &v);
                Ok((base, s))
            }
            Node::DupTyped { ty, value } => {
                let (t, v) = self.operand(value, call_prefix)?;
                if !t.is_scalar() {
                    return Err(self.fail("dup_typed() requires a scalar as the second argument"));
                }
                let ty = match ty {
                    TypeOperand::Typedef(t) => t.clone(),
                    TypeOperand::Of(o) => self.operand(o, call_prefix)?.0,
                };
                if !ty.is_vector() {
                    return Err(self.fail("dup_typed() used but target type is scalar!"));
                }
                let s = splat_literal(&ty, &v);
                Ok((ty, s))
            }
            Node::Splat { vector, lane } => {
                let (_, a) = self.operand(vector, call_prefix)?;
                let (t, b) = self.operand(lane, call_prefix)?;
                if !t.is_scalar() {
                    return Err(self.fail("splat() requires a scalar int as the second argument"));
                }
                let base = self.intrinsic.base_type.clone();
                let lanes: String = (0..base.num_elements()).map(|_| format!(", {b}")).collect();
                Ok((base, format!("__builtin_shufflevector({a}, {a}{lanes})")))
            }
            Node::SaveTemp { name, value } => {
                let (t, v) = self.operand(value, call_prefix)?;
                if t.is_void() {
                    return Err(self.fail("Argument to save_temp() must have non-void type!"));
                }
                if self.variables.contains_key(*name) {
                    return Err(self.fail("Variable already defined!"));
                }
                let var = Variable { ty: t.clone(), name: format!("{name}{}", self.postfix) };
                let s = format!("{} {} = {v}", t.c_name(), var.c_name());
                self.variables.insert(name.to_string(), var);
                Ok((Type::void(), s))
            }
            Node::NameReplace { from, to } => {
                let Some(at) = self.intrinsic.name.find(from) else {
                    return Err(self.fail(format!("name should contain '{from}'!")));
                };
                let mut s = self.intrinsic.name.clone();
                s.replace_range(at..at + from.len(), to);
                Ok((Type::void(), s))
            }
            Node::Literal { ty, value } => Ok((ty.clone(), value.to_string())),
        }
    }
}

/// `(T) {x, x, ...}`: a vector of type `t` with every lane `x`.
fn splat_literal(t: &Type, x: &str) -> String {
    let lanes = vec![x; t.num_elements() as usize].join(", ");
    format!("({}) {{{lanes}}}", t.c_name())
}
