//! HLSL's intrinsic functions (clang/include/clang/Basic/HLSLIntrinsics.td, LLVM 23) as
//! HLSLEmitter.cpp reads them: each `HLSLBuiltin` def's definition (an alias of a clang builtin,
//! a call of a `__detail` helper or a literal body), its return and argument types as they vary
//! over the overloads, and the overloads to emit (an element type per work item, with its
//! shader-model availability and 16-bit guard; scalar, vector sizes and matrix dimensions).
//! `-gen-hlsl-alias-intrinsics` and `-gen-hlsl-inline-intrinsics` print it.

use crate::records::{derived_definitions, Fatal, Fields};
use tdq_core::types::RecId;
use tdq_core::Evaluation;

/// The shader model from which 16-bit types exist.
pub const SM6_2: &str = "6.2";

/// How a return or argument type varies over the overloads (HLSLEmitter's `TypeKindEnum`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TypeKind {
    /// `Varying`: the overload's type (`float3`).
    Varying,
    /// `VaryingElemType`: the overload's element type (`float`).
    ElemType,
    /// `VaryingShape<T>`: the overload's shape of element type `T` (`uint3`).
    VaryingShape(&'static str),
    /// A `VectorType` or `HLSLType`: the same type in every overload.
    Fixed(String),
    /// `VoidTy`.
    Void,
}

/// A return or argument type, and an argument's name from `ParamNames`.
#[derive(Clone, Debug)]
pub struct TypeInfo {
    pub kind: TypeKind,
    pub name: Option<&'static str>,
}

/// The shape an overload gives the varying types.
#[derive(Clone, Copy, Debug)]
pub enum Shape {
    Scalar,
    Vector(u32),
    Matrix(u32, u32),
}

impl Shape {
    /// `elem` in this shape (`float`, `float3`, `float2x3`).
    pub fn of(self, elem: &str) -> String {
        match self {
            Shape::Scalar => elem.to_string(),
            Shape::Vector(n) => format!("{elem}{n}"),
            Shape::Matrix(rows, cols) => format!("{elem}{rows}x{cols}"),
        }
    }
}

impl TypeInfo {
    /// The C type of this type in the overload of element type `elem` and shape `shape`.
    pub fn type_string(&self, elem: &str, shape: Shape) -> String {
        match &self.kind {
            TypeKind::Void => "void".to_string(),
            TypeKind::Varying => shape.of(elem),
            TypeKind::ElemType => elem.to_string(),
            TypeKind::VaryingShape(elem) => shape.of(elem),
            TypeKind::Fixed(name) => name.clone(),
        }
    }
}

/// What the function is: which of the two files declares it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Definition {
    /// `_HLSL_BUILTIN_ALIAS(Builtin)` and a declaration (hlsl_alias_intrinsics_gen.inc).
    Alias(&'static str),
    /// An inline function returning `__detail::DetailFunc(...)` (hlsl_inline_intrinsics_gen.inc).
    Detail(&'static str),
    /// An inline function of body `Body` (hlsl_inline_intrinsics_gen.inc).
    Inline(&'static str),
}

impl Definition {
    /// Whether the function is defined inline (a detail call or a body), not an alias.
    pub fn is_inline(self) -> bool {
        !matches!(self, Definition::Alias(_))
    }
}

/// One element type to emit overloads for (`TypeWorkItem`), with its availability.
#[derive(Clone, Debug)]
pub struct WorkItem {
    /// The element type's name, empty for a function whose types do not vary.
    pub elem_type: &'static str,
    /// The shader model of `_HLSL_AVAILABILITY`, empty for none.
    pub availability: String,
    /// `_HLSL_16BIT_AVAILABILITY` rather than `_HLSL_AVAILABILITY` (a conditionally 16-bit
    /// type under shader model 6.2).
    pub use_16bit_availability: bool,
    /// Inside `#ifdef __HLSL_ENABLE_16_BIT` (a 16-bit type).
    pub needs_16bit_guard: bool,
}

/// One `HLSLBuiltin` def, ready to print.
#[derive(Clone, Debug)]
pub struct HlslBuiltin {
    pub rec: RecId,
    /// The HLSL function's name.
    pub name: &'static str,
    pub definition: Definition,
    /// `Doc`, the lines of its documentation comment.
    pub doc: &'static str,
    pub ret: TypeInfo,
    pub args: Vec<TypeInfo>,
    pub is_constexpr: bool,
    pub is_convergent: bool,
    /// The element types, in HLSLEmitter's canonical order.
    pub worklist: Vec<WorkItem>,
    /// The shapes of each element type's overloads: the scalar, the vector sizes, then the
    /// matrix dimensions, each sorted.
    pub shapes: Vec<Shape>,
}

/// A def, read as far as the emitters need it: whether it is inline, then the whole.
pub enum Entry {
    /// Its `DetailFunc` or `Body` is not a string: both emitters stop there.
    Unreadable(Fatal),
    /// Whether it is inline, and the def read (or the error an emitter of its kind stops at).
    Read { inline: bool, builtin: Result<HlslBuiltin, Fatal> },
}

/// Every `HLSLBuiltin` def, by name.
pub struct HlslIntrinsics {
    pub entries: Vec<Entry>,
}

impl HlslIntrinsics {
    /// The `HLSLBuiltin` defs; an error if the class does not exist.
    pub fn new(input: &Evaluation) -> Result<HlslIntrinsics, Fatal> {
        let f = Fields { input };
        let defs = derived_definitions(input, "HLSLBuiltin")?;
        let entries = defs
            .iter()
            .map(|&rec| match is_inline(f, rec) {
                Err(e) => Entry::Unreadable(e),
                Ok(inline) => Entry::Read { inline, builtin: read_builtin(f, rec) },
            })
            .collect();
        Ok(HlslIntrinsics { entries })
    }

    /// The defs one emitter prints (the inline ones or the aliases), in order, up to the first
    /// that cannot be read.
    pub fn of_kind(&self, inline: bool) -> Result<Vec<&HlslBuiltin>, Fatal> {
        let mut builtins = Vec::new();
        for entry in &self.entries {
            match entry {
                Entry::Unreadable(e) => return Err(e.clone()),
                Entry::Read { inline: i, builtin } if *i == inline => match builtin {
                    Ok(b) => builtins.push(b),
                    Err(e) => return Err(e.clone()),
                },
                Entry::Read { .. } => {}
            }
        }
        Ok(builtins)
    }
}

/// Whether the def is inline: `DetailFunc` is not empty, else `Body` is not (both emitters
/// read `DetailFunc` first, and `Body` only when it is empty).
fn is_inline(f: Fields, rec: RecId) -> Result<bool, Fatal> {
    Ok(!f.string(rec, "DetailFunc")?.is_empty() || !f.string(rec, "Body")?.is_empty())
}

/// A def's fields, read in the order HLSLEmitter reads them (the first bad one is the error).
fn read_builtin(f: Fields, rec: RecId) -> Result<HlslBuiltin, Fatal> {
    let builtin = f.string(rec, "Builtin")?;
    let detail = f.string(rec, "DetailFunc")?;
    let body = f.string(rec, "Body")?;
    let definition = if !detail.is_empty() {
        Definition::Detail(detail)
    } else if !body.is_empty() {
        Definition::Inline(body)
    } else {
        Definition::Alias(builtin)
    };
    let name = f.string(rec, "Name")?;
    let is_constexpr = f.bit(rec, "IsConstexpr")?;
    let is_convergent = f.bit(rec, "IsConvergent")?;

    // Whether a fixed type is (conditionally) 16-bit.
    let mut uses_16bit = false;
    let mut uses_cond_16bit = false;
    let mut note_16bit = |ty: RecId, kind: &TypeKind| -> Result<(), Fatal> {
        if let TypeKind::Fixed(_) = kind {
            let elem = element_type(f, ty)?;
            uses_16bit |= f.bit(elem, "Is16Bit")?;
            uses_cond_16bit |= f.bit(elem, "IsConditionally16Bit")?;
        }
        Ok(())
    };
    let ret_rec = f.def(rec, "ReturnType")?;
    let ret = TypeInfo { kind: type_kind(f, rec, ret_rec)?, name: None };
    note_16bit(ret_rec, &ret.kind)?;
    let arg_recs = f.defs(rec, "Args")?;
    let param_names = f.strings(rec, "ParamNames")?;
    let mut args = Vec::with_capacity(arg_recs.len());
    for (i, &arg) in arg_recs.iter().enumerate() {
        let kind = type_kind(f, rec, arg)?;
        note_16bit(arg, &kind)?;
        // An empty name is none: the parameter is named `p<i>`.
        args.push(TypeInfo { kind, name: param_names.get(i).copied().filter(|n| !n.is_empty()) });
    }

    let worklist = worklist(f, rec, uses_16bit, uses_cond_16bit)?;
    let doc = f.string(rec, "Doc")?;
    let scalar = f.bit(rec, "VaryingScalar")? || f.defs(rec, "VaryingTypes")?.is_empty();
    let mut vector_sizes = f.ints(rec, "VaryingVecSizes")?;
    let mut matrix_dims = Vec::new();
    for dims in f.defs(rec, "VaryingMatDims")? {
        matrix_dims.push((f.int(dims, "Rows")?, f.int(dims, "Cols")?));
    }
    vector_sizes.sort_unstable();
    // HLSLEmitter compares the rows as an `int`, the columns whole; it prints both as unsigned.
    matrix_dims.sort_by_key(|&(rows, cols)| (rows as i32, cols));
    let shapes = (scalar.then_some(Shape::Scalar).into_iter())
        .chain(vector_sizes.iter().map(|&n| Shape::Vector(n as u32)))
        .chain(matrix_dims.iter().map(|&(rows, cols)| Shape::Matrix(rows as u32, cols as u32)))
        .collect();
    Ok(HlslBuiltin { rec, name, definition, doc, ret, args, is_constexpr, is_convergent, worklist, shapes })
}

/// `TypeInfo::resolve`: how the type `ty` of the def `rec` varies. clang-tblgen reaches
/// `llvm_unreachable` on any other record (and crashes); tdq says so at the def.
fn type_kind(f: Fields, rec: RecId, ty: RecId) -> Result<TypeKind, Fatal> {
    let name = f.name(ty);
    Ok(if name == "VoidTy" {
        TypeKind::Void
    } else if name == "Varying" {
        TypeKind::Varying
    } else if name == "VaryingElemType" {
        TypeKind::ElemType
    } else if f.is_a(ty, "VaryingShape") {
        TypeKind::VaryingShape(f.string(f.def(ty, "ElementType")?, "Name")?)
    } else if f.is_a(ty, "VectorType") {
        let elem = f.string(f.def(ty, "ElementType")?, "Name")?;
        TypeKind::Fixed(format!("{elem}{}", f.int(ty, "Size")? as u32))
    } else if f.is_a(ty, "HLSLType") {
        TypeKind::Fixed(f.string(ty, "Name")?.to_string())
    } else {
        let message = format!(
            "{}: type {} is neither VoidTy, Varying, VaryingElemType, a VaryingShape, a VectorType nor an HLSLType",
            f.input.records.get(rec).name_string(),
            f.input.records.get(ty).name_string()
        );
        return Err(Fatal::new(&f.input.records.get(rec).locs, message));
    })
}

/// `getElementTypeRecord`: a `VectorType`'s element type, an `HLSLType` itself.
fn element_type(f: Fields, ty: RecId) -> Result<RecId, Fatal> {
    if f.is_a(ty, "VectorType") {
        f.def(ty, "ElementType")
    } else {
        Ok(ty)
    }
}

/// `getTypeSortPriority`: half, the 16-bit integers, then the others, integers before
/// floating point; a type it does not know last.
fn sort_priority(name: &str) -> u8 {
    match name {
        "half" => 0,
        "int16_t" => 1,
        "uint16_t" => 2,
        "bool" => 3,
        "int" => 4,
        "uint" => 5,
        "int64_t" => 7,
        "uint64_t" => 8,
        "float" => 9,
        "double" => 10,
        _ => 11,
    }
}

/// `buildWorklist`: one work item per element type of `VaryingTypes` in canonical order, or a
/// single one without an element type; each with its availability.
fn worklist(f: Fields, rec: RecId, uses_16bit: bool, uses_cond_16bit: bool) -> Result<Vec<WorkItem>, Fatal> {
    let sm = f.def(rec, "Availability")?;
    let (major, minor) = (f.int(sm, "Major")?, f.int(sm, "Minor")?);
    // The version is printed from its unsigned parts, compared whole.
    let availability = if major as u32 == 0 && minor as u32 == 0 {
        String::new()
    } else {
        format!("{}.{}", major as u32, minor as u32)
    };
    let at_least_6_2 = major > 6 || (major == 6 && minor >= 2);
    let item = |elem_type: &'static str, is_16bit: bool, is_cond_16bit: bool| {
        let (availability, use_16bit_availability) = if !(is_16bit || is_cond_16bit) || at_least_6_2 {
            (availability.clone(), false)
        } else if is_cond_16bit {
            (availability.clone(), true)
        } else {
            (SM6_2.to_string(), false)
        };
        WorkItem { elem_type, availability, use_16bit_availability, needs_16bit_guard: is_16bit }
    };
    let varying = f.defs(rec, "VaryingTypes")?;
    if varying.is_empty() {
        return Ok(vec![item("", uses_16bit, uses_cond_16bit)]);
    }
    let mut named = Vec::with_capacity(varying.len());
    for ty in varying {
        named.push((ty, f.string(ty, "Name")?));
    }
    // clang-tblgen's `llvm::sort` keeps the order of equal priorities in lists as short as these
    // (at most 16 types: an insertion sort).
    named.sort_by_key(|&(_, name)| sort_priority(name));
    named
        .into_iter()
        .map(|(ty, name)| {
            let is_16bit = uses_16bit || f.bit(ty, "Is16Bit")?;
            let is_cond_16bit = uses_cond_16bit || f.bit(ty, "IsConditionally16Bit")?;
            Ok(item(name, is_16bit, is_cond_16bit))
        })
        .collect()
}
