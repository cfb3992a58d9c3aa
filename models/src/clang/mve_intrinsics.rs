//! clang's MVE and CDE intrinsics as MveEmitter.cpp makes them (`arm_mve.td`, `arm_cde.td`
//! over `arm_mve_defs.td`): each `Intrinsic` def made into one ACLE intrinsic per type of its
//! `params` (`vaddq_s8`, `vaddq_u16`, ...), by full name (a later def of a name replaces an
//! earlier one), each with its polymorphic short name (`vaddq`), its C types ([`MveType`]),
//! its immediate operands' range checks ([`ImmediateArg`]) and its code generation: the
//! `codegen` dag made into a graph of IRBuilder steps ([`Code`]) that
//! [`AcleIntrinsic::gen_code`] writes as C++ for CGBuiltin.cpp, in the two passes the emitter
//! groups intrinsics by (every value a parameter first, then only those that differ). What a
//! release writes differently is [`Rules`].

use crate::records::{derived_definitions, Fatal, Fields};
use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap};
use tdq_core::init::{Init, InitKind};
use tdq_core::types::RecId;
use tdq_core::{ByRelease, Evaluation, Loc, Release};

/// What a release reads or writes differently.
#[derive(Clone, Copy)]
pub struct Rules {
    /// A pointer's LLVM type is `Builder.getPtrTy()` (LLVM 20); before, the unqualified
    /// pointer to its pointee's.
    pub opaque_pointers: bool,
    /// `strictFPAlt` codegen nodes (`!Builder.getIsFPConstrained() ? a : b`, LLVM 20).
    pub strict_fp_alt: bool,
}

pub const RULES: ByRelease<Rules> = ByRelease {
    v19: Rules { opaque_pointers: false, strict_fp_alt: false },
    v22: Rules { opaque_pointers: true, strict_fp_alt: true },
    v23: Rules { opaque_pointers: true, strict_fp_alt: true },
};

/// `ScalarTypeKind`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ScalarKind {
    SignedInt,
    UnsignedInt,
    Float,
}

impl ScalarKind {
    /// `toLetter`: the kind in an ACLE suffix (`s32`).
    pub fn letter(self) -> &'static str {
        match self {
            ScalarKind::SignedInt => "s",
            ScalarKind::UnsignedInt => "u",
            ScalarKind::Float => "f",
        }
    }

    /// `toCPrefix`: the kind in a C type name (`int32_t`).
    pub fn c_prefix(self) -> &'static str {
        match self {
            ScalarKind::SignedInt => "int",
            ScalarKind::UnsignedInt => "uint",
            ScalarKind::Float => "float",
        }
    }
}

/// A `PrimitiveType` def: kind, size and the C name that replaces `<kind><size>_t`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ScalarType {
    /// The def's name (`s32`).
    pub name: &'static str,
    pub kind: ScalarKind,
    pub bits: u32,
    /// `nameOverride` (empty for none).
    pub name_override: &'static str,
}

impl ScalarType {
    fn c_name_base(&self) -> String {
        format!("{}{}", self.kind.c_prefix(), self.bits)
    }

    pub fn c_name(&self) -> String {
        if self.name_override.is_empty() {
            format!("{}_t", self.c_name_base())
        } else {
            self.name_override.to_string()
        }
    }

    pub fn is_integer(&self) -> bool {
        self.kind != ScalarKind::Float
    }

    /// `hasNonstandardName`.
    pub fn has_nonstandard_name(&self) -> bool {
        !self.name_override.is_empty()
    }

    fn llvm_name(&self) -> Result<String, Fatal> {
        if self.kind == ScalarKind::Float {
            return match self.bits {
                16 => Ok("HalfTy".into()),
                32 => Ok("FloatTy".into()),
                64 => Ok("DoubleTy".into()),
                _ => Err(Fatal::new(&[], "bad size for floating type")),
            };
        }
        Ok(format!("Int{}Ty", self.bits))
    }
}

/// A vector's elements: what its names and LLVM type are made of.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Element {
    pub kind: ScalarKind,
    pub bits: u32,
}

impl Element {
    fn c_name_base(&self) -> String {
        format!("{}{}", self.kind.c_prefix(), self.bits)
    }
}

/// MveEmitter's `Type`: the types of the intrinsics' prototypes.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum MveType {
    Void,
    Scalar(ScalarType),
    /// One MVE register: `int32x4_t`.
    Vector {
        element: Element,
        lanes: u32,
    },
    /// The structs of `vld2q`/`vld4q`: `int32x4x2_t`.
    MultiVector {
        element: Element,
        lanes: u32,
        registers: u32,
    },
    /// `mve_pred16_t`, with the lanes it predicates.
    Predicate {
        lanes: u32,
    },
    Pointer {
        pointee: Box<MveType>,
        is_const: bool,
    },
}

impl MveType {
    pub fn size_in_bits(&self) -> u32 {
        match self {
            MveType::Void => 0,
            MveType::Scalar(s) => s.bits,
            MveType::Vector { element, lanes } => lanes.wrapping_mul(element.bits),
            MveType::MultiVector { element, lanes, registers } => {
                registers.wrapping_mul(lanes.wrapping_mul(element.bits))
            }
            MveType::Predicate { .. } => 16,
            MveType::Pointer { .. } => 32,
        }
    }

    pub fn requires_float(&self) -> bool {
        match self {
            MveType::Void | MveType::Predicate { .. } => false,
            MveType::Scalar(s) => !s.is_integer(),
            MveType::Vector { element, .. } | MveType::MultiVector { element, .. } => element.kind == ScalarKind::Float,
            MveType::Pointer { pointee, .. } => pointee.requires_float(),
        }
    }

    pub fn requires_mve(&self) -> bool {
        match self {
            MveType::Void | MveType::Scalar(_) => false,
            MveType::Vector { .. } | MveType::MultiVector { .. } | MveType::Predicate { .. } => true,
            MveType::Pointer { pointee, .. } => pointee.requires_mve(),
        }
    }

    /// `cNameBase`, of the types named `<prefix><numbers>_t`.
    fn c_name_base(&self) -> Option<String> {
        match self {
            MveType::Scalar(s) => Some(s.c_name_base()),
            MveType::Vector { element, lanes } => Some(format!("{}x{lanes}", element.c_name_base())),
            MveType::MultiVector { element, lanes, registers } => {
                Some(format!("{}x{lanes}x{registers}", element.c_name_base()))
            }
            MveType::Predicate { .. } => Some("mve_pred16".into()),
            MveType::Void | MveType::Pointer { .. } => None,
        }
    }

    /// The type's name in C.
    pub fn c_name(&self) -> String {
        match self {
            MveType::Void => "void".into(),
            MveType::Scalar(s) => s.c_name(),
            MveType::Pointer { pointee, is_const } => {
                let name = pointee.c_name();
                if *is_const {
                    format!("const {name} *")
                } else {
                    format!("{name} *")
                }
            }
            _ => format!("{}_t", self.c_name_base().unwrap_or_default()),
        }
    }

    /// `llvmName`: a C++ expression for the type's `llvm::Type *`.
    pub fn llvm_name(&self, rules: &Rules) -> Result<String, Fatal> {
        match self {
            MveType::Scalar(s) => s.llvm_name(),
            MveType::Vector { element, lanes } => {
                let scalar = ScalarType { name: "", kind: element.kind, bits: element.bits, name_override: "" };
                Ok(format!("llvm::FixedVectorType::get({}, {lanes})", scalar.llvm_name()?))
            }
            MveType::Predicate { lanes } => Ok(format!("llvm::FixedVectorType::get(Builder.getInt1Ty(), {lanes})")),
            MveType::Pointer { pointee, .. } => {
                if rules.opaque_pointers {
                    Ok("Builder.getPtrTy()".into())
                } else {
                    Ok(format!("llvm::PointerType::getUnqual({})", pointee.llvm_name(rules)?))
                }
            }
            MveType::Void | MveType::MultiVector { .. } => {
                Err(Fatal::new(&[], format!("no LLVM type name available for type {}", self.c_name())))
            }
        }
    }

    /// `acleSuffix`: what the type appends to an intrinsic's name (`_s32`), with the kind's
    /// letter replaced by `override_letter` if that is not empty.
    fn acle_suffix(&self, override_letter: &str) -> Result<String, Fatal> {
        match self {
            MveType::Void => Ok(String::new()),
            MveType::Scalar(s) => {
                let letter = if override_letter.is_empty() { s.kind.letter() } else { override_letter };
                Ok(format!("_{letter}{}", s.bits))
            }
            _ => Err(Fatal::new(&[], "no ACLE suffix available for this type")),
        }
    }
}

/// How an immediate operand's bounds are given.
#[derive(Clone, Copy, Debug)]
pub enum Bounds {
    /// From `lo` to `hi`.
    ExplicitRange(i64, i64),
    /// Any unsigned value of this many bits.
    UInt(i64),
}

/// An operand that must be a constant, and what Sema checks of it.
#[derive(Clone, Debug)]
pub struct ImmediateArg {
    pub bounds: Bounds,
    /// `extra`: the name of a further check (`Multiple`, `Power2`), empty for none.
    pub extra_check_type: &'static str,
    /// `extraarg`: its argument (`!lanesize`: the operand's size), empty for none.
    pub extra_check_args: &'static str,
    pub arg_type: MveType,
}

/// APInt's `toString(16, Signed, formatAsCLiteral)` of a 64-bit value: `0x1F`, `-0x80`.
fn signed_hex_literal(v: i64) -> String {
    if v < 0 {
        format!("-0x{:X}", (v as i128).unsigned_abs())
    } else {
        format!("0x{v:X}")
    }
}

impl ImmediateArg {
    /// The checks of operand `index`: a range check where the bounds are narrower than the
    /// operand's type, then the extra check.
    fn checks(&self, index: u32, out: &mut Vec<String>) {
        // APInt<128> arithmetic: the bounds zero-extended from 64 bits, their difference
        // truncated to 64 bits and sign-extended, compared unsigned with the type's range.
        let (lo, hi): (u64, u64) = match self.bounds {
            Bounds::ExplicitRange(lo, hi) => (lo as u64, hi as u64),
            Bounds::UInt(bits) => (0, max_value(bits as u32) as u64),
        };
        let type_range = max_value(self.arg_type.size_in_bits());
        let actual_range = hi.wrapping_sub(lo) as i64 as i128 as u128;
        if actual_range < type_range {
            out.push(format!(
                "SemaRef.BuiltinConstantArgRange(TheCall, {index}, {}, {})",
                signed_hex_literal(lo as i64),
                signed_hex_literal(hi as i64)
            ));
        }
        if !self.extra_check_type.is_empty() {
            let suffix = match self.extra_check_args {
                "" => String::new(),
                "!lanesize" => format!(", {}", self.arg_type.size_in_bits()),
                arg => format!(", {arg}"),
            };
            out.push(format!("SemaRef.BuiltinConstantArg{}(TheCall, {index}{suffix})", self.extra_check_type));
        }
    }
}

/// `APInt::getMaxValue(bits).zext(128)`.
fn max_value(bits: u32) -> u128 {
    if bits >= 128 {
        u128::MAX
    } else {
        (1u128 << bits) - 1
    }
}

/// One step of an intrinsic's code generation (MveEmitter's `Result` subclasses).
#[derive(Clone, Debug)]
pub enum Step {
    /// Argument `arg` of the builtin call, as an `Address` for a pointer; `immediate` if it
    /// is a constant the code may read as an integer.
    BuiltinArg {
        arg: u32,
        address: bool,
        immediate: bool,
    },
    IntLiteral {
        ty: ScalarType,
        value: u32,
    },
    IntCast {
        ty: ScalarType,
        value: usize,
    },
    PointerCast {
        ty: MveType,
        value: usize,
    },
    /// A call of an IRBuilder method: the text before its arguments, the arguments, and those
    /// passed as integers of a C++ type.
    IrBuilder {
        prefix: &'static str,
        args: Vec<usize>,
        integer_args: BTreeMap<usize, &'static str>,
    },
    Address {
        value: usize,
        ty: MveType,
        align: u32,
    },
    IrIntrinsic {
        id: String,
        param_types: Vec<MveType>,
        args: Vec<usize>,
    },
    /// `strictFPAlt`: one step or the other as the builder is FP-constrained.
    StrictFpAlt {
        standard: usize,
        strict: usize,
    },
    Type(MveType),
}

impl Step {
    fn integer_constant(&self) -> Option<u32> {
        match self {
            Step::IntLiteral { value, .. } => Some(*value),
            _ => None,
        }
    }

    fn type_name(&self) -> &'static str {
        match self {
            Step::BuiltinArg { address: true, .. } | Step::Address { .. } => "Address",
            Step::Type(_) => "llvm::Type *",
            _ => "Value *",
        }
    }
}

#[derive(Clone, Debug)]
struct Node {
    step: Step,
    /// The step a `seq` orders before this one.
    predecessor: Option<usize>,
}

/// An intrinsic's code generation: its steps and the one whose value it returns.
#[derive(Clone, Debug, Default)]
pub struct Code {
    nodes: Vec<Node>,
    root: usize,
}

impl Code {
    fn add(&mut self, step: Step) -> usize {
        self.nodes.push(Node { step, predecessor: None });
        self.nodes.len() - 1
    }

    /// `setPredecessor`: orders `before` ahead of the first step of `id`'s chain.
    fn set_predecessor(&mut self, id: usize, before: usize) {
        let mut r = id;
        while let Some(p) = self.nodes[r].predecessor {
            r = p;
        }
        self.nodes[r].predecessor = Some(before);
    }

    /// `morePrerequisites`.
    fn more_prerequisites(&self, id: usize, out: &mut Vec<usize>) {
        match &self.nodes[id].step {
            Step::IntCast { value, .. } | Step::PointerCast { value, .. } | Step::Address { value, .. } => {
                out.push(*value)
            }
            Step::IrBuilder { args, integer_args, .. } => {
                out.extend(args.iter().enumerate().filter(|(i, _)| !integer_args.contains_key(i)).map(|(_, &a)| a))
            }
            Step::IrIntrinsic { args, .. } => out.extend(args),
            Step::StrictFpAlt { standard, .. } => self.more_prerequisites(*standard, out),
            Step::BuiltinArg { .. } | Step::IntLiteral { .. } | Step::Type(_) => {}
        }
    }

    /// The steps in the order their code comes: each after what it needs.
    fn order(&self) -> Vec<usize> {
        let mut visited = vec![false; self.nodes.len()];
        let mut used = Vec::new();
        let mut stack = vec![(self.root, false)];
        while let Some((id, expanded)) = stack.pop() {
            if expanded {
                used.push(id);
                continue;
            }
            if visited[id] {
                continue;
            }
            visited[id] = true;
            let mut prerequisites: Vec<usize> = self.nodes[id].predecessor.into_iter().collect();
            self.more_prerequisites(id, &mut prerequisites);
            stack.push((id, true));
            stack.extend(prerequisites.into_iter().rev().map(|p| (p, false)));
        }
        used
    }
}

/// `CodeGenParamAllocator`: pulls the types and constants of generated code out into
/// variables (`Param0`), all of them in pass 1, in pass 2 those `numbers` keeps (a negative
/// number leaves the value in the code).
pub struct ParamAllocator<'a> {
    pub types: Vec<String>,
    pub values: Vec<String>,
    pub numbers: Option<&'a [i32]>,
    count: usize,
}

impl<'a> ParamAllocator<'a> {
    pub fn new(numbers: Option<&'a [i32]>) -> Self {
        ParamAllocator { types: Vec::new(), values: Vec::new(), numbers, count: 0 }
    }

    fn alloc(&mut self, ty: &str, value: String) -> String {
        let number = match self.numbers {
            None => {
                self.count += 1;
                self.count - 1
            }
            Some(numbers) => {
                let n = numbers.get(self.count).copied().unwrap_or(-1);
                self.count += 1;
                if n < 0 {
                    return value;
                }
                n as usize
            }
        };
        if self.types.len() == number {
            self.types.push(ty.to_string());
        }
        if self.values.len() == number {
            self.values.push(value);
        }
        format!("Param{number}")
    }
}

/// The names steps have in the code being written: none in pass 1, `ValN` in pass 2 for
/// those pass 1 found referred to.
struct Names {
    names: Vec<String>,
    referred: Vec<bool>,
}

impl Names {
    fn var(&mut self, id: usize) -> String {
        self.referred[id] = true;
        self.names[id].clone()
    }
}

impl Code {
    fn as_value(&self, id: usize, names: &mut Names) -> String {
        match self.nodes[id].step {
            Step::BuiltinArg { address: true, .. } => format!("({}.emitRawPointer(*this))", names.var(id)),
            _ => names.var(id),
        }
    }

    /// Marks the steps whose values step `id` refers to by name: those [`Self::gen_step`] asks
    /// `Names::var` for, without writing the step.
    fn refer(&self, id: usize, referred: &mut [bool]) {
        match &self.nodes[id].step {
            Step::BuiltinArg { .. } | Step::IntLiteral { .. } | Step::Type(_) => {}
            Step::IntCast { value, .. } | Step::PointerCast { value, .. } | Step::Address { value, .. } => {
                referred[*value] = true;
            }
            Step::IrBuilder { args, integer_args, .. } => {
                for (i, &a) in args.iter().enumerate() {
                    if !integer_args.contains_key(&i) {
                        referred[a] = true;
                    }
                }
            }
            Step::IrIntrinsic { args, .. } => {
                for &a in args {
                    referred[a] = true;
                }
            }
            Step::StrictFpAlt { standard, strict } => {
                self.refer(*standard, referred);
                self.refer(*strict, referred);
            }
        }
    }

    fn gen_step(
        &self,
        id: usize,
        names: &mut Names,
        alloc: &mut ParamAllocator,
        rules: &Rules,
    ) -> Result<String, Fatal> {
        Ok(match &self.nodes[id].step {
            Step::BuiltinArg { arg, address, .. } => {
                let f = if *address { "EmitPointerWithAlignment" } else { "EmitScalarExpr" };
                format!("{f}(E->getArg({arg}))")
            }
            Step::IntLiteral { ty, value } => {
                let t = alloc.alloc("llvm::Type *", ty.llvm_name()?);
                let v = alloc.alloc(&ty.c_name(), value.to_string());
                format!("llvm::ConstantInt::get({t}, {v})")
            }
            Step::IntCast { ty, value } => {
                let v = names.var(*value);
                let t = alloc.alloc("llvm::Type *", ty.llvm_name()?);
                let signed = if ty.kind == ScalarKind::SignedInt { "true" } else { "false" };
                let s = alloc.alloc("bool", signed.to_string());
                format!("Builder.CreateIntCast({v}, {t}, {s})")
            }
            Step::PointerCast { ty, value } => {
                let v = self.as_value(*value, names);
                let t = alloc.alloc("llvm::Type *", ty.llvm_name(rules)?);
                format!("Builder.CreatePointerCast({v}, {t})")
            }
            Step::IrBuilder { prefix, args, integer_args } => {
                let mut s = prefix.to_string();
                for (i, &a) in args.iter().enumerate() {
                    if i > 0 {
                        s.push_str(", ");
                    }
                    match integer_args.get(&i) {
                        Some(ty) => {
                            if let Some(c) = self.nodes[a].step.integer_constant() {
                                let p = alloc.alloc(ty, c.to_string());
                                s.push_str(&format!("static_cast<{ty}>({p})"));
                            } else if let Step::BuiltinArg { arg, immediate: true, .. } = self.nodes[a].step {
                                let value = format!("GetIntegerConstantValue<{ty}>(E->getArg({arg}), getContext())");
                                s.push_str(&alloc.alloc(ty, value));
                            }
                        }
                        None => s.push_str(&names.var(a)),
                    }
                }
                s.push(')');
                s
            }
            Step::Address { value, ty, align } => {
                let v = names.var(*value);
                format!("Address({v}, {}, CharUnits::fromQuantity({align}))", ty.llvm_name(rules)?)
            }
            Step::IrIntrinsic { id, param_types, args } => {
                let mut s = format!(
                    "Builder.CreateCall(CGM.getIntrinsic({}",
                    alloc.alloc("Intrinsic::ID", format!("Intrinsic::{id}"))
                );
                if !param_types.is_empty() {
                    s.push_str(", {");
                    for (i, t) in param_types.iter().enumerate() {
                        if i > 0 {
                            s.push_str(", ");
                        }
                        let p = alloc.alloc("llvm::Type *", t.llvm_name(rules)?);
                        s.push_str(&p);
                    }
                    s.push('}');
                }
                s.push_str("), {");
                for (i, &a) in args.iter().enumerate() {
                    if i > 0 {
                        s.push_str(", ");
                    }
                    s.push_str(&self.as_value(a, names));
                }
                s.push_str("})");
                s
            }
            Step::StrictFpAlt { standard, strict } => {
                let a = self.gen_step(*standard, names, alloc, rules)?;
                let b = self.gen_step(*strict, names, alloc, rules)?;
                format!("!Builder.getIsFPConstrained() ? {a} : {b}")
            }
            Step::Type(t) => t.llvm_name(rules)?,
        })
    }
}

/// How an intrinsic's code is generated.
#[derive(Clone, Debug)]
pub enum Codegen {
    /// From its `codegen` dag.
    Code(Code),
    /// `CustomCodegen`: variables CGBuiltin.cpp's hand-written code reads, by name.
    Custom(BTreeMap<String, String>),
}

/// One ACLE intrinsic: an `Intrinsic` def with one of its parameter types.
#[derive(Clone, Debug)]
pub struct AcleIntrinsic {
    /// The name the polymorphic form shares with others (`vaddq`); the full name if none.
    pub short_name: String,
    /// The name of this form alone (`vaddq_s32`).
    pub full_name: String,
    /// `builtinExtension`: `mve` or `cde`, in the builtin's name.
    pub builtin_extension: &'static str,
    pub polymorphic_only: bool,
    pub non_evaluating: bool,
    /// Declared in the header only (no builtin, codegen or checks).
    pub header_only: bool,
    pub return_type: MveType,
    pub arg_types: Vec<MveType>,
    /// By operand.
    pub immediate_args: BTreeMap<u32, ImmediateArg>,
    pub codegen: Codegen,
}

impl AcleIntrinsic {
    pub fn requires_float(&self) -> bool {
        self.return_type.requires_float() || self.arg_types.iter().any(MveType::requires_float)
    }

    pub fn requires_mve(&self) -> bool {
        self.return_type.requires_mve() || self.arg_types.iter().any(MveType::requires_mve)
    }

    pub fn polymorphic(&self) -> bool {
        self.short_name != self.full_name
    }

    /// `genCode`: the statements of the intrinsic's code generation, each value's parameters
    /// given to `alloc`. Pass 1 (`second_pass` false) names no variable: it is what the
    /// emitter groups intrinsics by; pass 2 declares the values later steps use.
    pub fn gen_code(&self, alloc: &mut ParamAllocator, second_pass: bool, rules: &Rules) -> Result<String, Fatal> {
        let code = match &self.codegen {
            Codegen::Custom(args) => {
                let mut s = String::new();
                for (name, value) in args {
                    s.push_str(&format!("  {name} = {value};\n"));
                }
                s.push_str("  break; // custom code gen\n");
                return Ok(s);
            }
            Codegen::Code(code) => code,
        };
        let used = code.order();
        let n = code.nodes.len();
        let mut names = Names { names: vec![String::new(); n], referred: vec![false; n] };
        if second_pass {
            // What the steps refer to gets a name, in the order the code comes.
            let mut referred = vec![false; n];
            for &id in &used {
                code.refer(id, &mut referred);
            }
            let mut index = 0;
            for &id in &used {
                if referred[id] {
                    names.names[id] = format!("Val{index}");
                    names.referred[id] = true;
                    index += 1;
                }
            }
        }
        let mut s = String::new();
        let last = used.last().copied();
        for &id in &used {
            s.push_str("  ");
            if Some(id) == last {
                s.push_str("return ");
            } else if names.referred[id] {
                let ty = code.nodes[id].step.type_name();
                s.push_str(ty);
                if !ty.ends_with('*') {
                    s.push(' ');
                }
                s.push_str(&names.var(id));
                s.push_str(" = ");
            }
            s.push_str(&code.gen_step(id, &mut names, alloc, rules)?);
            s.push_str(";\n");
        }
        Ok(s)
    }

    /// `genSema`: the operands' checks joined with `||`, ending `;\n`; empty for none.
    pub fn sema(&self) -> String {
        let mut checks = Vec::new();
        for (&index, arg) in &self.immediate_args {
            arg.checks(index, &mut checks);
        }
        if checks.is_empty() {
            return String::new();
        }
        format!("{};\n", checks.join(" ||\n         "))
    }
}

/// A `FunctionMacro` def of `arm_cde.td`: a macro of the header.
pub struct FunctionMacro {
    pub name: &'static str,
    pub params: Vec<&'static str>,
    pub definition: &'static str,
}

/// `FunctionMacro`s by name (CdeEmitter's constructor).
pub fn function_macros(input: &Evaluation) -> Result<Vec<FunctionMacro>, Fatal> {
    let f = Fields { input };
    let mut macros: Vec<FunctionMacro> = Vec::new();
    for &rec in derived_definitions(input, "FunctionMacro")?.iter() {
        macros.push(FunctionMacro {
            name: f.name(rec),
            params: f.strings(rec, "params")?,
            definition: f.string(rec, "definition")?,
        });
    }
    macros.sort_by(|a, b| a.name.cmp(b.name));
    macros.dedup_by(|a, b| a.name == b.name);
    Ok(macros)
}

/// Every MVE or CDE intrinsic of an evaluation (EmitterBase's constructor).
pub struct MveModel {
    /// The `PrimitiveType` defs by name.
    pub scalars: BTreeMap<&'static str, ScalarType>,
    /// By full name.
    pub intrinsics: BTreeMap<String, AcleIntrinsic>,
    pub rules: Rules,
}

/// A dag's operator, name and arguments.
type Dag = (Init, Option<&'static str>, &'static [(Init, Option<&'static str>)]);

fn as_dag(value: Init) -> Option<Dag> {
    match value.kind() {
        InitKind::Dag(op, name, args) => Some((*op, *name, args)),
        _ => None,
    }
}

/// The value scope of a code generation dag: each named operand's step.
type Scope = BTreeMap<&'static str, usize>;

struct Builder<'a> {
    f: Fields<'a>,
    scalars: &'a BTreeMap<&'static str, ScalarType>,
    pointers: HashMap<String, MveType>,
    rules: Rules,
    /// Where the def being read is: where errors clang-tblgen has no message for point.
    locs: Vec<Loc>,
    /// The classes [`Self::is_a`] has looked up, by name.
    classes: RefCell<Vec<(&'static str, Option<RecId>)>>,
}

impl<'a> Builder<'a> {
    /// `isSubClassOf(class)`, each class found by its name once: `Fields::is_a` looks it up
    /// every time, for each operand of each intrinsic with each of its parameter types.
    fn is_a(&self, rec: RecId, class: &'static str) -> bool {
        let records = &self.f.input.records;
        let mut classes = self.classes.borrow_mut();
        let id = match classes.iter().find(|(name, _)| std::ptr::eq(*name, class)) {
            Some(&(_, id)) => id,
            None => {
                let id = records.class(class);
                classes.push((class, id));
                id
            }
        };
        id.is_some_and(|c| records.get(rec).is_subclass_of(c))
    }

    fn scalar(&self, name: &str) -> Result<ScalarType, Fatal> {
        self.scalars.get(name).copied().ok_or_else(|| Fatal::new(&self.locs, format!("no PrimitiveType '{name}'")))
    }

    fn u32_type(&self) -> Result<ScalarType, Fatal> {
        self.scalar("u32")
    }

    fn vector(locs: &[Loc], element: &MveType, lanes: Option<u32>) -> Result<MveType, Fatal> {
        let MveType::Scalar(s) = element else {
            return Err(Fatal::new(locs, "a vector's element type should be a scalar type"));
        };
        let lanes = match lanes {
            Some(l) => l,
            None if s.bits == 0 => return Err(Fatal::new(locs, "a vector's element type has no size")),
            None => 128 / s.bits,
        };
        Ok(MveType::Vector { element: Element { kind: s.kind, bits: s.bits }, lanes })
    }

    /// `getType(Init *)`.
    fn type_of_init(&mut self, value: Init, param: &MveType) -> Result<MveType, Fatal> {
        if let Some(dag) = as_dag(value) {
            return self.type_of_dag(dag, param);
        }
        if let Some(rec) = value.as_def() {
            return self.type_of_record(rec, param);
        }
        Err(Fatal::new(&[], "Could not convert this value into a type"))
    }

    /// `getType(Record *)`.
    fn type_of_record(&mut self, rec: RecId, param: &MveType) -> Result<MveType, Fatal> {
        let f = self.f;
        let rec = if self.is_a(rec, "Immediate") {
            f.def(rec, "type")?
        } else if self.is_a(rec, "unpromoted") {
            f.def(rec, "underlying_type")?
        } else {
            rec
        };
        if f.name(rec) == "Void" {
            return Ok(MveType::Void);
        }
        if self.is_a(rec, "PrimitiveType") {
            return Ok(MveType::Scalar(self.scalar(f.name(rec))?));
        }
        if self.is_a(rec, "ComplexType") {
            let spec = f.init(rec, "spec")?;
            let dag = as_dag(spec).ok_or_else(|| f.wrong_kind(rec, "spec", "dag"))?;
            return self.type_of_dag(dag, param);
        }
        Err(Fatal::new(&f.input.records.get(rec).locs, "Could not convert this record into a type"))
    }

    fn dag_arg(locs: &[Loc], dag: &Dag, i: usize) -> Result<Init, Fatal> {
        dag.2
            .get(i)
            .map(|a| a.0)
            .ok_or_else(|| Fatal::new(locs, format!("type expression {} has no argument {i}", dag_text(dag))))
    }

    /// `getType(DagInit *)`: the type a `ComplexTypeOp` makes of its operands.
    fn type_of_dag(&mut self, dag: Dag, param: &MveType) -> Result<MveType, Fatal> {
        let f = self.f;
        let op = match dag.0.as_def() {
            Some(op) if self.is_a(op, "ComplexTypeOp") => op,
            _ => return Err(Fatal::new(&[], "Expected ComplexTypeOp as dag operator in type expression")),
        };
        let name = f.name(op);
        let locs = self.locs.clone();
        let scalar = |t: MveType, what: &str| match t {
            MveType::Scalar(s) => Ok(s),
            _ => Err(Fatal::new(&locs, format!("{what}'s operand should be a scalar type"))),
        };
        if name == "CTO_Parameter" {
            if *param == MveType::Void {
                return Err(Fatal::new(&[], "Parametric type in unparametrised context"));
            }
            return Ok(param.clone());
        }
        if name == "CTO_Vec" {
            let element = self.type_of_init(Self::dag_arg(&locs, &dag, 0)?, param)?;
            if dag.2.len() == 1 {
                return Self::vector(&locs, &element, None);
            }
            let existing = self.type_of_init(Self::dag_arg(&locs, &dag, 1)?, param)?;
            let MveType::Vector { lanes, .. } = existing else {
                return Err(Fatal::new(&self.locs, "CTO_Vec's second operand should be a vector type"));
            };
            return Self::vector(&locs, &element, Some(lanes));
        }
        if name == "CTO_Pred" {
            let element = self.type_of_init(Self::dag_arg(&locs, &dag, 0)?, param)?;
            let bits = element.size_in_bits();
            if bits == 0 {
                return Err(Fatal::new(&self.locs, "CTO_Pred's operand has no size"));
            }
            return Ok(MveType::Predicate { lanes: 128 / bits });
        }
        if self.is_a(op, "CTO_Tuple") {
            let registers = f.int(op, "n")? as u32;
            let element = self.type_of_init(Self::dag_arg(&locs, &dag, 0)?, param)?;
            let MveType::Vector { element, lanes } = element else {
                return Err(Fatal::new(&self.locs, "CTO_Tuple's operand should be a vector type"));
            };
            return Ok(MveType::MultiVector { element, lanes, registers });
        }
        if self.is_a(op, "CTO_Pointer") {
            let pointee = self.type_of_init(Self::dag_arg(&locs, &dag, 0)?, param)?;
            let is_const = f.bit(op, "const")?;
            let pointer = MveType::Pointer { pointee: Box::new(pointee), is_const };
            // One pointer type per C name: the first made.
            return Ok(self.pointers.entry(pointer.c_name()).or_insert(pointer).clone());
        }
        if name == "CTO_CopyKind" {
            let size = scalar(self.type_of_init(Self::dag_arg(&locs, &dag, 0)?, param)?, "CTO_CopyKind")?;
            let kind = scalar(self.type_of_init(Self::dag_arg(&locs, &dag, 1)?, param)?, "CTO_CopyKind")?;
            return self
                .scalars
                .values()
                .find(|t| t.kind == kind.kind && t.bits == size.bits)
                .map(|t| MveType::Scalar(*t))
                .ok_or_else(|| Fatal::new(&[], "Cannot find a type to satisfy CopyKind"));
        }
        if self.is_a(op, "CTO_ScaleSize") {
            let kind = scalar(self.type_of_init(Self::dag_arg(&locs, &dag, 0)?, param)?, "CTO_ScaleSize")?;
            let (num, denom) = (f.int(op, "num")? as i32, f.int(op, "denom")? as i32);
            if denom == 0 {
                return Err(Fatal::new(&self.locs, "CTO_ScaleSize's denominator is zero"));
            }
            let desired = kind.bits.wrapping_mul(num as u32) / denom as u32;
            return self
                .scalars
                .values()
                .find(|t| t.kind == kind.kind && t.bits == desired)
                .map(|t| MveType::Scalar(*t))
                .ok_or_else(|| Fatal::new(&[], "Cannot find a type to satisfy ScaleSize"));
        }
        Err(Fatal::new(&[], "Bad operator in type dag expression"))
    }

    /// `getCodeForArg`: builtin argument `arg`, promoted to what the IR works with (a small
    /// integer to 32 bits, a predicate to a vector of i1) unless `promote` is false.
    fn code_for_arg(
        &self,
        code: &mut Code,
        arg: u32,
        ty: &MveType,
        promote: bool,
        immediate: bool,
    ) -> Result<usize, Fatal> {
        let address = matches!(ty, MveType::Pointer { .. });
        let mut v = code.add(Step::BuiltinArg { arg, address, immediate });
        if promote {
            match ty {
                MveType::Scalar(s) if s.is_integer() && s.bits < 32 => {
                    v = code.add(Step::IntCast { ty: self.u32_type()?, value: v });
                }
                MveType::Predicate { .. } => {
                    v = code.add(Step::IntCast { ty: self.u32_type()?, value: v });
                    v = code.add(Step::IrIntrinsic {
                        id: "arm_mve_pred_i2v".into(),
                        param_types: vec![ty.clone()],
                        args: vec![v],
                    });
                }
                _ => {}
            }
        }
        Ok(v)
    }

    /// `getCodeForDag`.
    fn code_for_dag(&mut self, code: &mut Code, dag: Dag, scope: &Scope, param: &MveType) -> Result<usize, Fatal> {
        let f = self.f;
        let Some(op) = dag.0.as_def() else {
            return Err(Fatal::new(&self.locs, format!("codegen dag {} has no def as its operator", dag_text(&dag))));
        };
        let name = f.name(op);
        if name == "seq" {
            let mut sub_scope = scope.clone();
            let mut prev: Option<usize> = None;
            for &(arg, arg_name) in dag.2 {
                let Some(sub) = as_dag(arg) else {
                    return Err(Fatal::new(&self.locs, format!("seq's operand {arg} should be a dag")));
                };
                let v = self.code_for_dag(code, sub, &sub_scope, param)?;
                if let Some(n) = arg_name {
                    sub_scope.insert(n, v);
                }
                if let Some(p) = prev {
                    code.set_predecessor(v, p);
                }
                prev = Some(v);
            }
            return prev.ok_or_else(|| Fatal::new(&self.locs, "seq should have at least one operand"));
        }
        if self.is_a(op, "Type") {
            if dag.2.len() != 1 {
                return Err(Fatal::new(&[], "Type casts should have exactly one argument"));
            }
            let cast_type = self.type_of_record(op, param)?;
            let arg = self.code_for_dag_arg(code, &dag, 0, scope, param)?;
            match cast_type {
                MveType::Scalar(st) if !cast_type.requires_float() => {
                    return Ok(match code.nodes[arg].step.integer_constant() {
                        Some(value) => code.add(Step::IntLiteral { ty: st, value }),
                        None => code.add(Step::IntCast { ty: st, value: arg }),
                    });
                }
                MveType::Pointer { .. } => return Ok(code.add(Step::PointerCast { ty: cast_type, value: arg })),
                _ => return Err(Fatal::new(&[], "Unsupported type cast")),
            }
        }
        if name == "address" {
            if dag.2.len() != 2 {
                return Err(Fatal::new(&[], "'address' should have two arguments"));
            }
            let arg = self.code_for_dag_arg(code, &dag, 0, scope, param)?;
            let mut ty = None;
            if let Some(inner) = as_dag(dag.2[0].0) {
                if let MveType::Pointer { pointee, .. } = self.type_of_init(inner.0, param)? {
                    ty = Some(*pointee);
                }
            }
            let Some(ty) = ty else {
                return Err(Fatal::new(&[], "'address' pointer argument should be a pointer"));
            };
            let Some(align) = dag.2[1].0.as_int() else {
                return Err(Fatal::new(&[], "'address' alignment argument should be an integer"));
            };
            return Ok(code.add(Step::Address { value: arg, ty, align: align as u32 }));
        }
        if name == "unsignedflag" || name == "bitsize" {
            if dag.2.len() != 1 {
                return Err(Fatal::new(&[], format!("{name} should have exactly one argument")));
            }
            let type_rec = match dag.2[0].0.as_def() {
                Some(r) if self.is_a(r, "Type") => r,
                _ => return Err(Fatal::new(&[], format!("{name}'s argument should be a type"))),
            };
            let MveType::Scalar(st) = self.type_of_record(type_rec, param)? else {
                return Err(Fatal::new(&[], format!("{name}'s argument should be a scalar type")));
            };
            let value = if name == "unsignedflag" { (st.kind == ScalarKind::UnsignedInt) as u32 } else { st.bits };
            return Ok(code.add(Step::IntLiteral { ty: self.u32_type()?, value }));
        }
        let mut args = Vec::with_capacity(dag.2.len());
        for i in 0..dag.2.len() {
            args.push(self.code_for_dag_arg(code, &dag, i, scope, param)?);
        }
        if self.is_a(op, "IRBuilderBase") {
            return self.ir_builder(code, op, args);
        }
        if self.is_a(op, "IRIntBase") {
            return self.ir_int(code, op, args, param);
        }
        if self.rules.strict_fp_alt && self.is_a(op, "strictFPAlt") {
            let standard = f.def(op, "standard")?;
            let standard = if self.is_a(standard, "IRBuilderBase") {
                self.ir_builder(code, standard, args.clone())?
            } else {
                self.ir_int(code, standard, args.clone(), param)?
            };
            let strict = f.def(op, "strictfp")?;
            let strict = if self.is_a(strict, "IRBuilderBase") {
                self.ir_builder(code, strict, args)?
            } else {
                self.ir_int(code, strict, args, param)?
            };
            return Ok(code.add(Step::StrictFpAlt { standard, strict }));
        }
        Err(Fatal::new(&[], format!("Unsupported dag node {name}")))
    }

    fn ir_builder(&self, code: &mut Code, op: RecId, args: Vec<usize>) -> Result<usize, Fatal> {
        let f = self.f;
        let mut integer_args = BTreeMap::new();
        for sp in f.defs(op, "special_params")? {
            let index = f.int(sp, "index")? as usize;
            if !self.is_a(sp, "IRBuilderAddrParam") && self.is_a(sp, "IRBuilderIntParam") {
                integer_args.insert(index, f.string(sp, "type")?);
            }
        }
        let prefix = f.string(op, "prefix")?;
        Ok(code.add(Step::IrBuilder { prefix, args, integer_args }))
    }

    fn ir_int(&mut self, code: &mut Code, op: RecId, args: Vec<usize>, param: &MveType) -> Result<usize, Fatal> {
        let f = self.f;
        let mut param_types = Vec::new();
        for p in f.defs(op, "params")? {
            param_types.push(self.type_of_record(p, param)?);
        }
        let mut id = f.string(op, "intname")?.to_string();
        if f.bit(op, "appendKind")? {
            let MveType::Scalar(s) = param else {
                return Err(Fatal::new(&self.locs, "appendKind needs a scalar parameter type"));
            };
            id.push('_');
            id.push_str(s.kind.letter());
        }
        Ok(code.add(Step::IrIntrinsic { id, param_types, args }))
    }

    /// `getCodeForDagArg`.
    fn code_for_dag_arg(
        &mut self,
        code: &mut Code,
        dag: &Dag,
        i: usize,
        scope: &Scope,
        param: &MveType,
    ) -> Result<usize, Fatal> {
        let (arg, name) = dag.2[i];
        if let Some(name) = name {
            if !arg.is_unset() {
                return Err(Fatal::new(&[], "dag operator argument should not have both a value and a name"));
            }
            return scope
                .get(name)
                .copied()
                .ok_or_else(|| Fatal::new(&[], format!("unrecognized variable name '{name}'")));
        }
        match arg.kind() {
            InitKind::Bit(b) => return Ok(code.add(Step::IntLiteral { ty: self.u32_type()?, value: *b as u32 })),
            InitKind::Int(v) => return Ok(code.add(Step::IntLiteral { ty: self.u32_type()?, value: *v as u32 })),
            InitKind::Dag(..) => {
                if let Some(sub) = as_dag(arg) {
                    return self.code_for_dag(code, sub, scope, param);
                }
            }
            InitKind::Def(rec, ..) if self.is_a(*rec, "Type") => {
                let t = self.type_of_record(*rec, param)?;
                return Ok(code.add(Step::Type(t)));
            }
            _ => {}
        }
        let mut fatal = Fatal::new(&[], "bad DAG argument type for code generation");
        fatal.0.note(Loc::NONE, format!("DAG: {}", dag_text(dag)));
        if let Some(ty) = arg.ty() {
            fatal.0.note(Loc::NONE, format!("argument type: {ty}"));
        }
        fatal.0.note(Loc::NONE, format!("argument number {i}: {arg}"));
        Err(fatal)
    }

    /// `ACLEIntrinsic`'s constructor: def `rec` with parameter type `param`.
    fn intrinsic(&mut self, rec: RecId, param: &MveType) -> Result<AcleIntrinsic, Fatal> {
        let f = self.f;
        self.locs = f.input.records.get(rec).locs.to_vec();
        let ret = f.def(rec, "ret")?;
        let return_type = self.type_of_record(ret, param)?;
        let base_name = if self.is_a(rec, "NameOverride") { f.string(rec, "basename")? } else { f.name(rec) };
        let override_letter = f.string(rec, "overrideKindLetter")?;
        let full_name = format!("{base_name}{}", param.acle_suffix(override_letter)?);

        let pnt = f.def(rec, "pnt")?;
        let mut parts: Vec<&str> = full_name.split('_').collect();
        let discard = f.int(pnt, "NumTypeSuffixesToDiscard")?;
        for _ in 0..discard.max(0) {
            if parts.pop().is_none() {
                return Err(Fatal::new(
                    &f.input.records.get(rec).locs,
                    format!("'{full_name}' has fewer than {discard} type suffixes to discard"),
                ));
            }
        }
        if !f.is_unset(pnt, "ExtraSuffixToDiscard")? {
            let extra = f.string(pnt, "ExtraSuffixToDiscard")?;
            if let Some(at) = parts.iter().rposition(|p| *p == extra) {
                parts.remove(at);
            }
        }
        let short_name = parts.join("_");

        let builtin_extension = f.string(rec, "builtinExtension")?;
        let polymorphic_only = f.bit(rec, "polymorphicOnly")?;
        let non_evaluating = f.bit(rec, "nonEvaluating")?;
        let header_only = f.bit(rec, "headerOnly")?;

        let args = f.init(rec, "args")?;
        let args = as_dag(args).ok_or_else(|| f.wrong_kind(rec, "args", "dag"))?;
        let mut code = Code::default();
        let mut scope = Scope::new();
        let mut arg_types = Vec::new();
        let mut immediate_args = BTreeMap::new();
        for (i, &(type_init, arg_name)) in args.2.iter().enumerate() {
            let type_def = type_init.as_def();
            let promote = !type_def.is_some_and(|d| self.is_a(d, "unpromoted"));
            let arg_type = self.type_of_init(type_init, param)?;
            arg_types.push(arg_type.clone());
            let mut immediate = false;
            if let Some(type_rec) = type_def.filter(|&d| self.is_a(d, "Immediate")) {
                immediate = true;
                let bounds_rec = f.def(type_rec, "bounds")?;
                let bounds_name = f.name(bounds_rec);
                let bounds = if self.is_a(bounds_rec, "IB_ConstRange") {
                    Bounds::ExplicitRange(f.int(bounds_rec, "lo")?, f.int(bounds_rec, "hi")?)
                } else if bounds_name == "IB_UEltValue" {
                    Bounds::UInt(param.size_in_bits() as i64)
                } else if bounds_name == "IB_LaneIndex" {
                    let bits = param.size_in_bits();
                    if bits == 0 {
                        return Err(Fatal::new(&self.locs, "IB_LaneIndex in an unparametrised intrinsic"));
                    }
                    Bounds::ExplicitRange(0, (128 / bits).wrapping_sub(1) as i64)
                } else if self.is_a(bounds_rec, "IB_EltBit") {
                    let base = f.int(bounds_rec, "base")?;
                    let t = f.def(bounds_rec, "type")?;
                    let t = self.type_of_record(t, param)?;
                    Bounds::ExplicitRange(base, base.wrapping_add(t.size_in_bits() as i64).wrapping_sub(1))
                } else {
                    return Err(Fatal::new(&[], "unrecognised ImmediateBounds subclass"));
                };
                let (mut extra_check_type, mut extra_check_args) = ("", "");
                if !f.is_unset(type_rec, "extra")? {
                    extra_check_type = f.string(type_rec, "extra")?;
                    if !f.is_unset(type_rec, "extraarg")? {
                        extra_check_args = f.string(type_rec, "extraarg")?;
                    }
                }
                immediate_args.insert(
                    i as u32,
                    ImmediateArg { bounds, extra_check_type, extra_check_args, arg_type: arg_type.clone() },
                );
            }
            if let Some(n) = arg_name {
                let v = self.code_for_arg(&mut code, i as u32, &arg_type, promote, immediate)?;
                scope.insert(n, v);
            }
        }

        let codegen = f.init(rec, "codegen")?;
        let codegen_dag = as_dag(codegen).ok_or_else(|| f.wrong_kind(rec, "codegen", "dag"))?;
        let main_op = codegen_dag.0.as_def();
        let codegen = match main_op {
            Some(op) if self.is_a(op, "CustomCodegen") => {
                let mut args = BTreeMap::new();
                args.insert("CustomCodeGenType".to_string(), format!("CustomCodeGen::{}", f.string(op, "type")?));
                for &(value, name) in codegen_dag.2 {
                    let Some(name) = name else {
                        return Err(Fatal::new(&[], "Operands to CustomCodegen should have names"));
                    };
                    let value = match value.kind() {
                        InitKind::Int(v) => v.to_string(),
                        InitKind::Str(s, _) => s.to_string(),
                        _ => return Err(Fatal::new(&[], "Operands to CustomCodegen should be integers")),
                    };
                    args.insert(name.to_string(), value);
                }
                Codegen::Custom(args)
            }
            _ => {
                code.root = self.code_for_dag(&mut code, codegen_dag, &scope, param)?;
                Codegen::Code(code)
            }
        };
        Ok(AcleIntrinsic {
            short_name,
            full_name,
            builtin_extension,
            polymorphic_only,
            non_evaluating,
            header_only,
            return_type,
            arg_types,
            immediate_args,
            codegen,
        })
    }
}

/// A dag as LLVM's `getAsString` writes it.
fn dag_text(dag: &Dag) -> String {
    Init::dag(dag.0, dag.1, dag.2).to_string()
}

impl MveModel {
    /// Reads the `PrimitiveType` and `Intrinsic` defs of an evaluation as LLVM `release`'s
    /// MveEmitter does.
    pub fn new(input: &Evaluation, release: Release) -> Result<MveModel, Fatal> {
        let f = Fields { input };
        let rules = *RULES.get(release);
        let mut scalars = BTreeMap::new();
        for &rec in derived_definitions(input, "PrimitiveType")?.iter() {
            let kind = match f.string(rec, "kind")? {
                "s" => ScalarKind::SignedInt,
                "u" => ScalarKind::UnsignedInt,
                "f" => ScalarKind::Float,
                other => {
                    return Err(Fatal::new(
                        &input.records.get(rec).locs,
                        format!("PrimitiveType kind '{other}' is none of s, u and f"),
                    ))
                }
            };
            let bits = f.int(rec, "size")? as u32;
            let name_override = f.string(rec, "nameOverride")?;
            let name = f.name(rec);
            scalars.insert(name, ScalarType { name, kind, bits, name_override });
        }
        let mut intrinsics = BTreeMap::new();
        {
            let mut builder = Builder {
                f,
                scalars: &scalars,
                pointers: HashMap::new(),
                rules,
                locs: Vec::new(),
                classes: RefCell::default(),
            };
            for &rec in derived_definitions(input, "Intrinsic")?.iter() {
                builder.locs = input.records.get(rec).locs.to_vec();
                for p in f.defs(rec, "params")? {
                    let param = builder.type_of_record(p, &MveType::Void)?;
                    let intrinsic = builder.intrinsic(rec, &param)?;
                    intrinsics.insert(intrinsic.full_name.clone(), intrinsic);
                }
            }
        }
        Ok(MveModel { scalars, intrinsics, rules })
    }

    /// `GroupSemaChecks`: the intrinsics (not header-only) by the text of their checks.
    pub fn sema_checks(&self) -> BTreeMap<String, Vec<&str>> {
        let mut checks: BTreeMap<String, Vec<&str>> = BTreeMap::new();
        for i in self.intrinsics.values().filter(|i| !i.header_only) {
            let check = i.sema();
            if !check.is_empty() {
                checks.entry(check).or_default().push(&i.full_name);
            }
        }
        checks
    }

    /// `getVectorType(ST)`: the vector of 128 bits of a scalar type.
    pub fn vector_of(scalar: &ScalarType) -> Result<MveType, Fatal> {
        Builder::vector(&[], &MveType::Scalar(*scalar), None)
    }
}
