//! `-gen-arm-neon-sema` (`arm_neon.inc`, `arm_fp16.inc`): for the intrinsics that call a
//! builtin, the builtins (LLVM 19's `BUILTIN` lines; LLVM 20's enumerators, string table and
//! `Builtin::Info`s), Sema's overload checks (the types a polymorphic builtin takes, its
//! pointer operand), the list of builtins unavailable in streaming mode and the immediates'
//! checks (LLVM 19's bounds from the defs' bits; LLVM 20's `ImmCheck`s).

use crate::common::emit::StringToOffsetTable;
use crate::{Backend, BackendError, BackendOptions, Output};
use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::{ByRelease, Evaluation};
use tdq_models::clang::neon_intrinsics::{ClassKind, Intrinsic, NeonModel};
use tdq_models::records::Fields;
use tdq_models::Fatal;

pub struct GenArmNeonSema;

/// How a release writes the builtins and the immediates' checks.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Form {
    /// `BUILTIN`/`TARGET_BUILTIN` lines; bounds (`i = 2; l = 1; u = 7;`) (LLVM 19).
    XMacros,
    /// Enumerators, a string table and `Builtin::Info`s; `ImmChecks.emplace_back` (LLVM 20).
    Tables,
}

const FORM: ByRelease<Form> = ByRelease { v19: Form::XMacros, v22: Form::Tables, v23: Form::Tables };

/// The intrinsics that call a builtin (those with an operation call other intrinsics).
fn builtin_calls<'m>(model: &'m NeonModel) -> impl Iterator<Item = &'m Intrinsic> {
    model.intrinsics.iter().filter(|i| !i.has_body())
}

/// `genBuiltinsDef`, LLVM 19's: each distinct builtin (name, prototype, target), sorted.
fn builtins_19(s: &mut String, model: &NeonModel) -> Result<(), Fatal> {
    let mut builtins = BTreeSet::new();
    for i in builtin_calls(model) {
        let line =
            format!("__builtin_neon_{}, \"{}\", \"n\"", model.mangled_name(i, false)?, model.builtin_type_str(i)?);
        builtins.insert((line, i.target_guard.as_str()));
    }
    s.push_str("#ifdef GET_NEON_BUILTINS\n");
    for (line, guard) in builtins {
        if guard.is_empty() {
            let _ = writeln!(s, "BUILTIN({line})");
        } else {
            let _ = writeln!(s, "TARGET_BUILTIN({line}, \"{guard}\")");
        }
    }
    s.push_str("#endif\n\n");
    Ok(())
}

/// `genBuiltinsDef`, LLVM 20's: the first intrinsic of each builtin name, by name.
fn builtins_20(s: &mut String, model: &NeonModel) -> Result<(), Fatal> {
    let mut table = StringToOffsetTable::starting_empty();
    table.get_or_add("n");
    let mut builtins: BTreeMap<String, (String, &str)> = BTreeMap::new();
    for i in builtin_calls(model) {
        let name = model.mangled_name(i, false)?;
        if let std::collections::btree_map::Entry::Vacant(entry) = builtins.entry(name) {
            let prototype = model.builtin_type_str(i)?;
            table.get_or_add(entry.key());
            table.get_or_add(&prototype);
            table.get_or_add(&i.target_guard);
            entry.insert((prototype, &i.target_guard));
        }
    }
    s.push_str("#ifdef GET_NEON_BUILTIN_ENUMERATORS\n");
    for name in builtins.keys() {
        let _ = writeln!(s, "  BI__builtin_neon_{name},");
    }
    s.push_str("#endif // GET_NEON_BUILTIN_ENUMERATORS\n\n#ifdef GET_NEON_BUILTIN_STR_TABLE\n");
    table.emit_string_table_def("BuiltinStrings", s);
    s.push_str("#endif // GET_NEON_BUILTIN_STR_TABLE\n\n#ifdef GET_NEON_BUILTIN_INFOS\n");
    let offset = |t: &str| table.get(t).unwrap_or(0);
    for (name, (prototype, guard)) in &builtins {
        let _ = writeln!(
            s,
            "    Builtin::Info{{Builtin::Info::StrOffsets{{{} /* {name} */, {} /* {prototype} */, {} /* n */, {} /* {guard} */}}, HeaderDesc::NO_HEADER, ALL_LANGUAGES}},",
            offset(name),
            offset(prototype),
            offset("n"),
            offset(guard)
        );
    }
    s.push_str("#endif // GET_NEON_BUILTIN_INFOS\n\n");
    Ok(())
}

/// The intrinsics whose pointer operand Sema does not type-check: a pointer to the element
/// type would make codegen choose an aligned access.
const ANY_POINTER: &[&str] = &["vld1_lane", "vld1_dup", "vst1_lane", "vldap1_lane", "vstl1_lane"];

/// `genOverloadTypeCheckCode`: per polymorphic builtin, the mask of the types it takes and
/// its pointer operand.
fn overload_checks(s: &mut String, model: &NeonModel) -> Result<(), Fatal> {
    #[derive(Default)]
    struct Overload {
        mask: u64,
        ptr_arg: i32,
        const_ptr: bool,
    }
    let mut overloads: BTreeMap<String, Overload> = BTreeMap::new();
    for i in builtin_calls(model).filter(|i| !i.proto_has_scalar()) {
        let mask = 1u64.wrapping_shl(model.neon_enum(i, i.polymorphic_key_type())?);
        let (mut ptr_arg, mut const_ptr) = (-1i32, false);
        for (p, t) in i.params().iter().enumerate() {
            if t.pointer {
                ptr_arg = p as i32;
                const_ptr = t.constant;
            }
        }
        // An sret result is the first argument.
        if ptr_arg >= 0 && i.return_type().num_vectors > 1 {
            ptr_arg += 1;
        }
        if ANY_POINTER.contains(&i.name.as_str()) {
            (ptr_arg, const_ptr) = (-1, false);
        }
        if mask != 0 {
            let o = overloads.entry(model.mangled_name(i, false)?).or_default();
            o.mask |= mask;
            o.ptr_arg |= ptr_arg;
            o.const_ptr = const_ptr;
        }
    }
    s.push_str("#ifdef GET_NEON_OVERLOAD_CHECK\n");
    for (name, o) in &overloads {
        let _ = write!(s, "case NEON::BI__builtin_neon_{name}: mask = 0x{:x}ULL", o.mask);
        if o.ptr_arg >= 0 {
            let _ = write!(s, "; PtrArgNum = {}", o.ptr_arg);
        }
        if o.const_ptr {
            s.push_str("; HasConstPtr = true");
        }
        s.push_str("; break;\n");
    }
    s.push_str("#endif\n\n");
    Ok(())
}

/// `genStreamingSVECompatibleList`: every builtin, as not callable in streaming mode.
fn streaming_list(s: &mut String, model: &NeonModel) -> Result<(), Fatal> {
    s.push_str("#ifdef GET_NEON_STREAMING_COMPAT_FLAG\n");
    let mut emitted = HashSet::new();
    for i in builtin_calls(model) {
        let name = model.mangled_name(i, false)?;
        if emitted.insert(name.clone()) {
            let _ = writeln!(s, "case NEON::BI__builtin_neon_{name}: BuiltinType = ArmNonStreaming; break;");
        }
    }
    s.push_str("#endif\n\n");
    Ok(())
}

/// `genIntrinsicRangeCheckCode`, LLVM 20's: each builtin's `ImmCheck`s (its first
/// intrinsic's).
fn imm_checks(s: &mut String, model: &NeonModel) -> Result<(), Fatal> {
    s.push_str("#ifdef GET_NEON_IMMEDIATE_CHECK\n");
    let mut emitted = HashSet::new();
    for i in builtin_calls(model).filter(|i| i.has_immediate()) {
        let name = model.mangled_name(i, false)?;
        if !emitted.insert(name.clone()) {
            continue;
        }
        let _ = writeln!(s, "case NEON::BI__builtin_neon_{name}:");
        for c in &i.imm_checks {
            let _ = write!(
                s,
                " ImmChecks.emplace_back({}, {}, {}, {});\n break;\n",
                c.arg, c.kind, c.element_bits, c.vector_bits
            );
        }
    }
    s.push_str("#endif\n\n");
    Ok(())
}

/// `genIntrinsicRangeCheckCode`, LLVM 19's: each builtin's immediate operand (among the
/// builtin's arguments) and its bounds, from the def's `isVXAR`, `isVCVT_N`, `isScalarShift`,
/// `isShift` and `isLaneQ` bits, else the lanes of the operand before it.
fn range_checks(s: &mut String, model: &NeonModel, input: &Evaluation) -> Result<(), Fatal> {
    let f = Fields { input };
    s.push_str("#ifdef GET_NEON_IMMEDIATE_CHECK\n");
    let mut emitted = HashSet::new();
    for i in builtin_calls(model).filter(|i| i.has_immediate()) {
        let name = model.mangled_name(i, false)?;
        if emitted.contains(&name) {
            continue;
        }
        let rec = i.record;
        let Some(immediate) = i.first_immediate_index().filter(|&p| p != u32::MAX) else {
            let message = format!("'{}' returns an immediate, which Sema cannot check", i.name);
            return Err(Fatal::new(&input.records.get(rec).locs, message));
        };
        let mut lower = "";
        let upper = if f.bit(rec, "isVXAR")? {
            lower = "0";
            "63".to_string()
        } else if f.bit(rec, "isVCVT_N")? {
            // [1, 16) for f16, [1, 32) for f32, [1, 64) for f64.
            lower = "1";
            let bits = i.base_type.element_bitwidth;
            if bits == 16 || i.name.contains('h') {
                "15"
            } else if bits == 32 {
                "31"
            } else {
                "63"
            }
            .to_string()
        } else if f.bit(rec, "isScalarShift")? {
            // Right shifts have an 'r' in the name, and conversions their bounds.
            if i.name.contains('r') || i.name.contains("cvt") {
                lower = "1";
            }
            i.return_type().element_bitwidth.wrapping_sub(1).to_string()
        } else if f.bit(rec, "isShift")? {
            if i.name.contains('r') {
                lower = "1";
            }
            "RFT(TV, true)".to_string()
        } else if i.builtin_class() == ClassKind::B {
            // A lane of a type known at run time.
            if f.bit(rec, "isLaneQ")? { "RFT(TV, false, true)" } else { "RFT(TV, false, false)" }.to_string()
        } else {
            // A lane of the operand before the immediate (the return type's for the first).
            i.types[immediate as usize].num_elements().wrapping_sub(1).to_string()
        };
        let _ = write!(s, "case NEON::BI__builtin_neon_{name}: i = {};", i.generated_param_index(immediate as usize));
        if !lower.is_empty() {
            let _ = write!(s, " l = {lower};");
        }
        let _ = write!(s, " u = {upper};");
        s.push_str(" break;\n");
        emitted.insert(name);
    }
    s.push_str("#endif\n\n");
    Ok(())
}

impl Backend for GenArmNeonSema {
    fn name(&self) -> &'static str {
        "gen-arm-neon-sema"
    }
    fn help(&self) -> &'static str {
        "Generate ARM NEON sema support for clang"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let model = NeonModel::new(input, options.release)?;
        let form = *FORM.get(options.release);
        let mut s = String::new();
        match form {
            Form::XMacros => builtins_19(&mut s, &model)?,
            Form::Tables => builtins_20(&mut s, &model)?,
        }
        overload_checks(&mut s, &model)?;
        streaming_list(&mut s, &model)?;
        match form {
            Form::XMacros => range_checks(&mut s, &model, input)?,
            Form::Tables => imm_checks(&mut s, &model)?,
        }
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}
