//! `--gen-dxil-operation`: DirectX's DXIL operations (LLVM's DXILEmitter.cpp): their opcodes,
//! classes, parameter types, attributes and stages by DXIL version, the intrinsics they lower
//! from, and the operation table with its name tables.
//!
//! LLVM 19 and LLVM 22 describe operations differently (19's `DXILOpMapping` records with
//! machine value types and an intrinsic's properties; 22's `DXILOp` records with versioned
//! overloads, stages and attributes), so each has its own emitter here.

use crate::common::emit::{string_literal_def, SequenceToOffsetTable};
use crate::{all_derived_definitions, Backend, BackendError, BackendOptions, Output};
use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::types::RecId;
use tdq_core::{ByRelease, Evaluation};
use tdq_models::records::Fatal;
use tdq_models::target::value_types::ValueTypes;
use tdq_models::Fields;

pub struct GenDxilOperation;

impl Backend for GenDxilOperation {
    fn name(&self) -> &'static str {
        "gen-dxil-operation"
    }
    fn help(&self) -> &'static str {
        "Generate DXIL operation information"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let f = Fields { input };
        let mut s = String::from("// Generated code, do not edit.\n\n");
        match DESCRIPTION.get(options.release) {
            Description::OpMappings => emit_op_mappings(&f, &mut s)?,
            Description::VersionedOps => emit_versioned_ops(&f, &mut s)?,
        }
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}

/// How a release describes DXIL operations.
#[derive(Debug)]
enum Description {
    /// LLVM 19: `DXILOpMapping` records, their types machine value types.
    OpMappings,
    /// LLVM 22 on: `DXILOp` records, with overloads, stages and attributes by DXIL version.
    VersionedOps,
}

const DESCRIPTION: ByRelease<Description> =
    ByRelease { v19: Description::OpMappings, v22: Description::VersionedOps, v23: Description::VersionedOps };

/// A located fatal error about a record.
fn fail(f: &Fields, rec: RecId, message: String) -> Fatal {
    Fatal::new(&f.input.records.get(rec).locs, message)
}

/// `PowerOf2Ceil`.
fn power_of_two_ceil(n: u64) -> u64 {
    n.max(1).next_power_of_two()
}

// LLVM 22 on.

/// An intrinsic a `DXILOp` lowers from, with the argument selections.
struct IntrinsicSelect {
    /// The intrinsic's name without `int_`, or empty.
    intrinsic: &'static str,
    arg_selects: Vec<RecId>,
}

/// `DXILOperationDesc`: what the emitter reads of a `DXILOp`.
struct Op {
    name: String,
    opcode: i64,
    class: &'static str,
    /// The result type, then the arguments'.
    types: Vec<RecId>,
    overloads: Vec<RecId>,
    stages: Vec<RecId>,
    attributes: Vec<RecId>,
    intrinsics: Vec<IntrinsicSelect>,
    /// The first overloaded argument, else the result if overloaded, else -1.
    overload_param: i64,
}

/// A `dxil_version`'s major and minor.
fn version(f: &Fields, rec: RecId) -> Result<(i64, i64), Fatal> {
    let v = f.def(rec, "dxil_version")?;
    Ok((f.int(v, "Major")?, f.int(v, "Minor")?))
}

/// `ascendingSortByVersion`.
fn by_version(f: &Fields, recs: Vec<RecId>) -> Result<Vec<RecId>, Fatal> {
    let mut keyed = recs.into_iter().map(|r| Ok((version(f, r)?, r))).collect::<Result<Vec<_>, Fatal>>()?;
    keyed.sort_by_key(|(v, _)| *v);
    Ok(keyed.into_iter().map(|(_, r)| r).collect())
}

impl Op {
    fn read(f: &Fields, rec: RecId) -> Result<Op, Fatal> {
        let name = f.input.records.get(rec).name_string();
        let opcode = f.int(rec, "OpCode")?;
        f.string(rec, "Doc")?;
        let mut types = vec![f.def(rec, "result")?];
        types.extend(f.defs(rec, "arguments")?);
        let mut overload_param = -1i64;
        for (i, &ty) in types.iter().enumerate() {
            if f.int(ty, "isOverload")? != 0 && overload_param <= 0 {
                overload_param = i as i64;
            }
        }
        let overloads = by_version(f, f.defs(rec, "overloads")?)?;
        let stages = f.defs(rec, "stages")?;
        if stages.is_empty() {
            return Err(fail(f, rec, format!("Atleast one specification of valid stage for {name} is required")));
        }
        let stages = by_version(f, stages)?;
        let attributes = by_version(f, f.defs(rec, "attributes")?)?;
        let class = f.name(f.def(rec, "OpClass")?);
        if class == "UnknownOpClass" {
            return Err(fail(f, rec, format!("Unspecified DXIL OpClass for DXIL operation - {name}")));
        }
        let mut intrinsics = Vec::new();
        for select in f.defs(rec, "intrinsics")? {
            let intrinsic = match f.value(select, "intrinsic").and_then(|v| v.value.as_def()) {
                Some(def) => {
                    let n = f.name(def);
                    n.strip_prefix("int_").unwrap_or(n)
                }
                None => "",
            };
            intrinsics.push(IntrinsicSelect { intrinsic, arg_selects: f.defs(select, "arg_selects")? });
        }
        Ok(Op { name, opcode, class, types, overloads, stages, attributes, intrinsics, overload_param })
    }
}

/// `getOverloadKindStr`: the overload kind of a type, by its name (empty for others).
fn overload_kind(name: &str) -> &'static str {
    match name {
        "HalfTy" | "ResRetHalfTy" | "CBufRetHalfTy" => "OverloadKind::HALF",
        "FloatTy" | "ResRetFloatTy" | "CBufRetFloatTy" => "OverloadKind::FLOAT",
        "DoubleTy" | "ResRetDoubleTy" | "CBufRetDoubleTy" => "OverloadKind::DOUBLE",
        "Int1Ty" => "OverloadKind::I1",
        "Int8Ty" => "OverloadKind::I8",
        "Int16Ty" | "ResRetInt16Ty" | "CBufRetInt16Ty" => "OverloadKind::I16",
        "Int32Ty" | "ResRetInt32Ty" | "CBufRetInt32Ty" => "OverloadKind::I32",
        "Int64Ty" | "ResRetInt64Ty" | "CBufRetInt64Ty" => "OverloadKind::I64",
        _ => "",
    }
}

/// `{{{1, 0}, A | B}, ...}`: each version record's list field, as `item` names them.
fn version_masks(
    f: &Fields,
    recs: &[RecId],
    field: &str,
    item: impl Fn(RecId) -> String,
    empty_list: impl Fn() -> Result<String, Fatal>,
) -> Result<String, Fatal> {
    let mut s = String::from("{");
    for (i, &rec) in recs.iter().enumerate() {
        let (major, minor) = version(f, rec)?;
        if i > 0 {
            s.push_str(", ");
        }
        let _ = write!(s, "{{{{{major}, {minor}}}, ");
        let items = f.defs(rec, field)?;
        if items.is_empty() {
            s.push_str(&empty_list()?);
        }
        let names: Vec<String> = items.into_iter().map(&item).collect();
        s.push_str(&names.join(" | "));
        s.push('}');
    }
    s.push('}');
    Ok(s)
}

/// `getOverloadMaskString`.
fn overload_masks(f: &Fields, recs: &[RecId]) -> Result<String, Fatal> {
    if recs.is_empty() {
        return Ok("{{{1, 0}, OverloadKind::UNDEFINED}}".to_string());
    }
    version_masks(
        f,
        recs,
        "overload_types",
        |ty| overload_kind(f.name(ty)).to_string(),
        || Ok("OverloadKind::UNDEFINED".to_string()),
    )
}

/// `getStageMaskString`.
fn stage_masks(f: &Fields, recs: &[RecId]) -> Result<String, Fatal> {
    version_masks(
        f,
        recs,
        "shader_stages",
        |stage| format!("ShaderKind::{}", f.name(stage)),
        || Err(Fatal::new(&[], "No valid stages for operation specified")),
    )
}

/// The part of `IntrinArgSelect_NAME` after the prefix, which it must have.
fn arg_select_type(name: &str) -> Result<&str, Fatal> {
    name.strip_prefix("IntrinArgSelect_")
        .ok_or_else(|| Fatal::new(&[], "IntrinArgSelectType definintion must be prefixed with 'IntrinArgSelect_'"))
}

fn emit_versioned_ops(f: &Fields, s: &mut String) -> Result<(), Fatal> {
    let input = f.input;
    let mut ops = Vec::new();
    for rec in all_derived_definitions(input, "DXILOp")? {
        ops.push(Op::read(f, rec)?);
    }
    ops.sort_by_key(|op| op.opcode);
    for pair in ops.windows(2) {
        if pair[0].opcode == pair[1].opcode {
            return Err(Fatal::new(&[], format!("Duplicate opcode: {}", pair[0].opcode)));
        }
    }
    let names = |class: &str| -> Result<Vec<&'static str>, Fatal> {
        Ok(all_derived_definitions(input, class)?.into_iter().map(|r| f.name(r)).collect())
    };

    s.push_str("#ifdef DXIL_VERSION\n");
    for v in all_derived_definitions(input, "Version")? {
        let _ = writeln!(s, "DXIL_VERSION({}, {})", f.int(v, "Major")?, f.int(v, "Minor")?);
    }
    s.push_str("#undef DXIL_VERSION\n#endif\n\n");

    s.push_str("#ifdef DXIL_OPCODE\n");
    for op in &ops {
        let _ = writeln!(s, "DXIL_OPCODE({}, {})", op.opcode, op.name);
    }
    s.push_str("#undef DXIL_OPCODE\n\n#endif\n\n");

    for (mac, class) in [
        ("DXIL_OPCLASS", "DXILOpClass"),
        ("DXIL_OP_PARAM_TYPE", "DXILOpParamType"),
        ("DXIL_ATTRIBUTE", "DXILAttribute"),
    ] {
        let _ = writeln!(s, "#ifdef {mac}");
        for name in names(class)? {
            let _ = writeln!(s, "{mac}({name})");
        }
        let _ = write!(s, "#undef {mac}\n#endif\n\n");
    }

    s.push_str("#ifdef DXIL_OP_ATTRIBUTES\n");
    for op in &ops {
        for &rec in &op.attributes {
            let (major, minor) = version(f, rec)?;
            let _ = write!(s, "DXIL_OP_ATTRIBUTES(dxil::OpCode::{}, {major}, {minor}", op.name);
            let present: HashSet<&str> = f.defs(rec, "fn_attrs")?.into_iter().map(|a| f.name(a)).collect();
            for attr in names("DXILAttribute")? {
                s.push_str(if present.contains(attr) { ", true" } else { ", false" });
            }
            s.push_str(")\n");
        }
    }
    s.push_str("#undef DXIL_OP_ATTRIBUTES\n#endif\n\n");

    s.push_str("#ifndef DXIL_OP_FUNCTION_TYPE\n#define DXIL_OP_FUNCTION_TYPE(OpCode, RetType, ...)\n#endif\n");
    for op in &ops {
        let _ = write!(s, "DXIL_OP_FUNCTION_TYPE(dxil::OpCode::{}", op.name);
        for &ty in &op.types {
            let _ = write!(s, ", dxil::OpParamType::{}", f.name(ty));
        }
        if op.types.len() == 1 {
            s.push_str(", ");
        }
        s.push_str(")\n");
    }
    s.push_str("#undef DXIL_OP_FUNCTION_TYPE\n");

    s.push_str("#ifdef DXIL_OP_INTRINSIC_ARG_SELECT_TYPE\n");
    for name in names("IntrinArgSelectType")? {
        let _ = writeln!(s, "DXIL_OP_INTRINSIC_ARG_SELECT_TYPE({})", arg_select_type(name)?);
    }
    s.push_str("#undef DXIL_OP_INTRINSIC_ARG_SELECT_TYPE\n#endif\n\n");

    s.push_str("#ifdef DXIL_OP_INTRINSIC\n\n");
    for op in &ops {
        for select in &op.intrinsics {
            let _ = write!(s, "DXIL_OP_INTRINSIC(dxil::OpCode::{}, Intrinsic::{}, ", op.name, select.intrinsic);
            for &arg in &select.arg_selects {
                let ty = f.input.records.get(f.def(arg, "type")?).name_string();
                let value = f.int(arg, "value")?;
                let _ = write!(s, "(IntrinArgSelect{{IntrinArgSelect::Type::{},{value}}}), ", arg_select_type(&ty)?);
            }
            s.push_str(")\n");
        }
    }
    s.push_str("\n#undef DXIL_OP_INTRINSIC\n#endif\n\n");

    s.push_str("#ifdef DXIL_OP_OPERATION_TABLE\n\n");
    shader_kinds(f, s)?;
    operation_table(f, s, &ops)?;
    s.push_str("#undef DXIL_OP_OPERATION_TABLE\n#endif\n\n");
    Ok(())
}

/// `emitDXILOperationTableDataStructs`: the shader kinds as bits, by name.
fn shader_kinds(f: &Fields, s: &mut String) -> Result<(), Fatal> {
    let mut stages: Vec<&str> =
        all_derived_definitions(f.input, "DXILShaderStage")?.into_iter().map(|r| f.name(r)).collect();
    stages.sort_unstable();
    let count = stages.len() as u32;
    s.push_str("// Valid shader kinds\n\n");
    let _ = writeln!(s, "enum ShaderKind : uint{}_t {{", power_of_two_ceil(u64::from(count) + 1));
    let mut shift = 1;
    for name in stages {
        match name {
            "removed" => {
                let _ = writeln!(s, "  {name} =  0,  // Pseudo-stage indicating op not supported in any stage");
            }
            "all_stages" => {
                let all = (1i32.wrapping_shl(count)).wrapping_sub(1) as u32;
                let _ = writeln!(s, "  {name} =  0x{all:X}, // Pseudo-stage indicating op is supported in all stages");
            }
            _ => {
                let _ = writeln!(s, "  {name} = 1 << {shift},");
                shift += 1;
            }
        }
    }
    s.push_str("}; // enum ShaderKind\n\n");
    Ok(())
}

/// Strings as `SequenceToOffsetTable<std::string>` keeps them (`char` is signed).
fn chars(s: &str) -> Vec<i8> {
    s.bytes().map(|b| b as i8).collect()
}

/// The search for an opcode's properties, as both forms write it.
const PROPERTY_SEARCH: &str = concat!(
    "  // FIXME: change search to indexing with\n",
    "  // Op once all DXIL operations are added.\n",
    "  OpCodeProperty TmpProp;\n",
    "  TmpProp.OpCode = Op;\n",
    "  const OpCodeProperty *Prop =\n",
    "      llvm::lower_bound(OpCodeProps, TmpProp,\n",
    "                        [](const OpCodeProperty &A, const OpCodeProperty &B) {\n",
    "                          return A.OpCode < B.OpCode;\n",
    "                        });\n",
    "  assert(Prop && \"failed to find OpCodeProperty\");\n",
    "  return Prop;\n",
    "}\n\n",
);

/// The name and class-name functions over their string tables, as both forms write them;
/// the class-name function ends with `close`.
fn name_functions(
    f: &Fields,
    s: &mut String,
    names: &SequenceToOffsetTable<i8>,
    classes: &SequenceToOffsetTable<i8>,
    close: &str,
) {
    let release = f.input.records.release;
    s.push_str("static const char *getOpCodeName(dxil::OpCode Op) {\n\n");
    string_literal_def(s, names, "  static const char DXILOpCodeNameTable[]", release);
    s.push_str("  auto *Prop = getOpCodeProperty(Op);\n  unsigned Index = Prop->OpCodeNameOffset;\n");
    s.push_str("  return DXILOpCodeNameTable + Index;\n}\n\n");
    s.push_str("static const char *getOpCodeClassName(const OpCodeProperty &Prop) {\n\n");
    string_literal_def(s, classes, "  static const char DXILOpCodeClassNameTable[]", release);
    s.push_str("  unsigned Index = Prop.OpCodeClassNameOffset;\n");
    let _ = write!(s, "  return DXILOpCodeClassNameTable + Index;\n{close}");
}

/// `emitDXILOperationTable` (LLVM 22 on).
fn operation_table(f: &Fields, s: &mut String, ops: &[Op]) -> Result<(), Fatal> {
    let mut names = SequenceToOffsetTable::default();
    let mut classes = SequenceToOffsetTable::default();
    let mut seen = HashSet::new();
    for op in ops {
        names.add(&chars(&op.name));
        if seen.insert(op.class) {
            classes.add(&chars(op.class));
        }
    }
    names.layout();
    classes.layout();
    s.push_str("static const OpCodeProperty *getOpCodeProperty(dxil::OpCode Op) {\n");
    s.push_str("  static const OpCodeProperty OpCodeProps[] = {\n");
    for (i, op) in ops.iter().enumerate() {
        if i > 0 {
            s.push_str(",\n");
        }
        let _ = write!(
            s,
            "  {{ dxil::OpCode::{}, {}, OpCodeClass::{}, {}, {}, {}, {} }}",
            op.name,
            names.get(&chars(&op.name)),
            op.class,
            classes.get(&chars(op.class)),
            overload_masks(f, &op.overloads)?,
            stage_masks(f, &op.stages)?,
            op.overload_param
        );
    }
    s.push_str("  };\n");
    s.push_str(PROPERTY_SEARCH);
    name_functions(f, s, &names, &classes, "}\n\n");
    Ok(())
}

// LLVM 19.

/// `dxil::ParameterKind`, in the order of its enum (the parameter table sorts by it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum ParameterKind {
    Void,
    Half,
    Float,
    Double,
    I1,
    I8,
    I16,
    I32,
    Overload,
}

impl ParameterKind {
    fn name(self) -> &'static str {
        match self {
            ParameterKind::Void => "Void",
            ParameterKind::Half => "Half",
            ParameterKind::Float => "Float",
            ParameterKind::Double => "Double",
            ParameterKind::I1 => "I1",
            ParameterKind::I8 => "I8",
            ParameterKind::I16 => "I16",
            ParameterKind::I32 => "I32",
            ParameterKind::Overload => "Overload",
        }
    }
}

/// An LLVM 19 operation type: its value type's name and the DXIL overload flags.
fn value_type_name(f: &Fields, vts: &ValueTypes, ty: RecId) -> Result<&'static str, Fatal> {
    Ok(vts.of(f.input, f.def(ty, "VT")?)?.name)
}

/// `getParameterKind`.
fn parameter_kind(f: &Fields, vts: &ValueTypes, ty: RecId) -> Result<ParameterKind, Fatal> {
    Ok(match value_type_name(f, vts, ty)? {
        "isVoid" => ParameterKind::Void,
        "f16" => ParameterKind::Half,
        "f32" => ParameterKind::Float,
        "f64" => ParameterKind::Double,
        "i1" => ParameterKind::I1,
        "i8" => ParameterKind::I8,
        "i16" => ParameterKind::I16,
        "i32" => ParameterKind::I32,
        "fAny" | "iAny" => ParameterKind::Overload,
        "Other" if f.int(ty, "isHalfOrFloat")? != 0 || f.int(ty, "isI16OrI32")? != 0 => ParameterKind::Overload,
        _ => return Err(fail(f, ty, "Support for specified DXIL Type not yet implemented".to_string())),
    })
}

/// LLVM 19's `getOverloadKindStr`.
fn overload_kind_19(f: &Fields, vts: &ValueTypes, ty: RecId) -> Result<&'static str, Fatal> {
    Ok(match value_type_name(f, vts, ty)? {
        "isVoid" => "OverloadKind::VOID",
        "f16" => "OverloadKind::HALF",
        "f32" => "OverloadKind::FLOAT",
        "f64" => "OverloadKind::DOUBLE",
        "i1" => "OverloadKind::I1",
        "i8" => "OverloadKind::I8",
        "i16" => "OverloadKind::I16",
        "i32" => "OverloadKind::I32",
        "i64" => "OverloadKind::I64",
        "iAny" => "OverloadKind::I16 | OverloadKind::I32 | OverloadKind::I64",
        "fAny" => "OverloadKind::HALF | OverloadKind::FLOAT | OverloadKind::DOUBLE",
        "Other" if f.int(ty, "isHalfOrFloat")? != 0 => "OverloadKind::HALF | OverloadKind::FLOAT",
        "Other" if f.int(ty, "isI16OrI32")? != 0 => "OverloadKind::I16 | OverloadKind::I32",
        _ => return Err(fail(f, ty, "Support for specified parameter OverloadKind not yet implemented".to_string())),
    })
}

/// LLVM 19's `DXILOperationDesc`.
struct Mapping {
    name: String,
    opcode: i64,
    class: &'static str,
    doc: &'static str,
    /// The result type, then the parameters', an anonymous type resolved to the one it
    /// refers to.
    types: Vec<RecId>,
    /// The intrinsic without `int_`, or empty.
    intrinsic: &'static str,
    /// The intrinsic's properties as written.
    properties: Vec<String>,
    overload_param: i64,
}

impl Mapping {
    fn read(f: &Fields, rec: RecId) -> Result<Mapping, Fatal> {
        let name = f.input.records.get(rec).name_string();
        let opcode = f.int(rec, "OpCode")?;
        let doc = f.string(rec, "Doc")?;
        let written = f.defs(rec, "OpTypes")?;
        let mut overloaded: Vec<usize> = Vec::new();
        let mut types = Vec::new();
        for (i, &ty) in written.iter().enumerate() {
            if f.int(ty, "isAny")? == 1 {
                if overloaded.is_empty() {
                    overloaded.push(i);
                } else if overloaded.iter().any(|&o| written[o] != ty) {
                    let message = "Specification of multiple differing overload parameter types not yet supported";
                    return Err(Fatal::report_fatal_error_without_crash(message));
                }
            }
            if f.input.records.get(ty).is_anonymous() {
                let number = f.int(ty, "Number")?;
                match usize::try_from(number).ok().and_then(|n| written.get(n)) {
                    Some(&referred) if !overloaded.is_empty() => types.push(referred),
                    _ => return Err(fail(f, ty, format!("{name}: no overloaded parameter {number} to match"))),
                }
            } else {
                types.push(ty);
            }
        }
        let overload_param = overloaded.first().map_or(-1, |&i| i as i64);
        let class = f.name(f.def(rec, "OpClass")?);
        let (mut intrinsic, mut properties) = ("", Vec::new());
        if f.value(rec, "LLVMIntrinsic").is_some() {
            let def = f.def(rec, "LLVMIntrinsic")?;
            let n = f.name(def);
            intrinsic = n.strip_prefix("int_").unwrap_or(n);
            let list = f.list(def, "IntrProperties")?;
            properties = list.iter().map(|p| p.to_string()).collect();
        }
        Ok(Mapping { name, opcode, class, doc, types, intrinsic, properties, overload_param })
    }
}

fn emit_op_mappings(f: &Fields, s: &mut String) -> Result<(), Fatal> {
    let vts = ValueTypes::get(f.input)?;
    let mut ops = Vec::new();
    for rec in all_derived_definitions(f.input, "DXILOpMapping")? {
        ops.push(Mapping::read(f, rec)?);
    }
    ops.sort_by_key(|op| op.opcode);

    s.push_str("#ifdef DXIL_OP_ENUM\n");
    s.push_str("// Enumeration for operations specified by DXIL\nenum class OpCode : unsigned {\n");
    for op in &ops {
        let _ = writeln!(s, "{} = {}, // {}", op.name, op.opcode, op.doc);
    }
    s.push_str("\n};\n\n");
    s.push_str(
        "// Groups for DXIL operations with equivalent function templates\nenum class OpCodeClass : unsigned {\n",
    );
    // LLVM's `SmallSet<StringRef, 2>`: in insertion order up to two, sorted beyond.
    let mut classes: Vec<&str> = Vec::new();
    for op in &ops {
        if !classes.contains(&op.class) {
            classes.push(op.class);
        }
    }
    if classes.len() > 2 {
        classes.sort_unstable();
    }
    for class in &classes {
        let _ = writeln!(s, "{class},");
    }
    s.push_str("\n};\n\n#endif\n\n");

    s.push_str("#ifdef DXIL_OP_INTRINSIC_MAP\n\n");
    s.push_str("static const SmallDenseMap<Intrinsic::ID, dxil::OpCode> LowerMap = {\n");
    for op in ops.iter().filter(|op| !op.intrinsic.is_empty()) {
        let _ = writeln!(s, "  {{ Intrinsic::{}, dxil::OpCode::{}}},", op.intrinsic, op.name);
    }
    s.push_str("};\n\n#endif\n\n");

    s.push_str("#ifdef DXIL_OP_OPERATION_TABLE\n");
    let mut names = SequenceToOffsetTable::default();
    let mut class_names = SequenceToOffsetTable::default();
    let mut parameters: SequenceToOffsetTable<ParameterKind> = SequenceToOffsetTable::default();
    let mut class_parameters: HashMap<&str, Vec<ParameterKind>> = HashMap::new();
    for op in &ops {
        names.add(&chars(&op.name));
        if class_parameters.contains_key(op.class) {
            continue;
        }
        class_names.add(&chars(op.class));
        let kinds =
            op.types.iter().skip(1).map(|&ty| parameter_kind(f, &vts, ty)).collect::<Result<Vec<_>, Fatal>>()?;
        parameters.add(&kinds);
        class_parameters.insert(op.class, kinds);
    }
    names.layout();
    class_names.layout();
    parameters.layout();
    s.push_str("static const OpCodeProperty *getOpCodeProperty(dxil::OpCode Op) {\n");
    s.push_str("  static const OpCodeProperty OpCodeProps[] = {\n");
    for op in &ops {
        // Without an overloaded parameter, the first parameter (or the result) says the kind.
        let shown = match op.overload_param {
            i if i >= 0 => i as usize,
            _ => usize::from(op.types.len() > 1),
        };
        let Some(&shown) = op.types.get(shown) else {
            return Err(Fatal::new(&[], format!("{}: the DXIL operation has no types", op.name)));
        };
        let attribute = op
            .properties
            .iter()
            .find_map(|p| match p.as_str() {
                "IntrNoMem" => Some("Attribute::ReadNone"),
                "IntrReadMem" => Some("Attribute::ReadOnly"),
                _ => None,
            })
            .unwrap_or("Attribute::None");
        let _ = writeln!(
            s,
            "  {{ dxil::OpCode::{}, {}, OpCodeClass::{}, {}, {}, {attribute}, {}, {}, {} }},",
            op.name,
            names.get(&chars(&op.name)),
            op.class,
            class_names.get(&chars(op.class)),
            overload_kind_19(f, &vts, shown)?,
            op.overload_param,
            op.types.len() as i64 - 1,
            parameters.get(&class_parameters[op.class]),
        );
    }
    s.push_str("  };\n");
    s.push_str(PROPERTY_SEARCH);
    name_functions(f, s, &names, &class_names, "}\n ");
    s.push_str("static const ParameterKind *getOpCodeParameterKind(const OpCodeProperty &Prop) {\n\n");
    s.push_str("  static const ParameterKind DXILOpParameterKindTable[] = {\n");
    parameters.emit(
        s,
        |s, kind| {
            let _ = write!(s, "ParameterKind::{}", kind.name());
        },
        "ParameterKind::Invalid",
    );
    s.push_str("  };\n\n  unsigned Index = Prop.ParameterTableOffset;\n");
    s.push_str("  return DXILOpParameterKindTable + Index;\n}\n #endif\n\n");
    Ok(())
}
