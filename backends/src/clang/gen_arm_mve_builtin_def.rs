//! `-gen-arm-mve-builtin-def` and `-gen-arm-cde-builtin-def` (`arm_mve_builtins.inc`,
//! `arm_cde_builtins.inc`): a builtin per intrinsic, and for MVE one more per polymorphic name
//! (variadic, type-checked by the header's overloads). LLVM 19 writes `BUILTIN(...)` lines;
//! from LLVM 20 enumerators, a string table and `Builtin::Info`s.

use crate::common::emit::StringToOffsetTable;
use crate::{Backend, BackendError, BackendOptions, Output};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::{ByRelease, Evaluation};
use tdq_models::clang::mve_intrinsics::{AcleIntrinsic, MveModel};
use tdq_models::Fatal;

pub struct GenArmMveBuiltinDef;
pub struct GenArmCdeBuiltinDef;

/// How a release lists builtins.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Form {
    /// `BUILTIN(name, type, attributes)` lines (LLVM 19).
    XMacros,
    /// Enumerators, a string table and `Builtin::Info`s (LLVM 20).
    Tables,
}

const FORM: ByRelease<Form> = ByRelease { v19: Form::XMacros, v22: Form::Tables, v23: Form::Tables };

fn info(s: &mut String, table: &StringToOffsetTable, name: &str, types: &str, attrs: &str) {
    let offset = |t: &str| table.get(t).unwrap_or(0);
    let types = if types.is_empty() { "0".to_string() } else { format!("{} /* {types} */", offset(types)) };
    let _ = writeln!(
        s,
        "    Builtin::Info{{Builtin::Info::StrOffsets{{{} /* {name} */, {types}, {} /* {attrs} */}}}},",
        offset(name),
        offset(attrs)
    );
}

fn mve(input: &Evaluation, options: &BackendOptions) -> Result<String, Fatal> {
    let model = MveModel::new(input, options.release)?;
    let mut s = String::new();
    // The first intrinsic of each polymorphic name, by name.
    let mut short_names: BTreeMap<&str, &AcleIntrinsic> = BTreeMap::new();
    match FORM.get(options.release) {
        Form::XMacros => {
            for i in model.intrinsics.values() {
                let _ = writeln!(s, "BUILTIN(__builtin_arm_mve_{}, \"\", \"n\")", i.full_name);
            }
            for i in model.intrinsics.values().filter(|i| i.polymorphic()) {
                if short_names.insert(&i.short_name, i).is_none() {
                    let u = if i.non_evaluating { "u" } else { "" };
                    let _ = writeln!(s, "BUILTIN(__builtin_arm_mve_{}, \"vi.\", \"nt{u}\")", i.short_name);
                }
            }
        }
        Form::Tables => {
            let mut table = StringToOffsetTable::starting_empty();
            for t in ["n", "nt", "ntu", "vi."] {
                table.get_or_add(t);
            }
            for i in model.intrinsics.values() {
                table.get_or_add(&i.full_name);
            }
            for i in model.intrinsics.values().filter(|i| i.polymorphic()) {
                if !short_names.contains_key(i.short_name.as_str()) {
                    short_names.insert(&i.short_name, i);
                    table.get_or_add(&i.short_name);
                }
            }
            s.push_str("#ifdef GET_MVE_BUILTIN_ENUMERATORS\n");
            for i in model.intrinsics.values() {
                let _ = writeln!(s, "  BI__builtin_arm_mve_{},", i.full_name);
            }
            for name in short_names.keys() {
                let _ = writeln!(s, "  BI__builtin_arm_mve_{name},");
            }
            s.push_str("#endif // GET_MVE_BUILTIN_ENUMERATORS\n\n#ifdef GET_MVE_BUILTIN_STR_TABLE\n");
            table.emit_string_table_def("BuiltinStrings", &mut s);
            s.push_str("#endif // GET_MVE_BUILTIN_STR_TABLE\n\n#ifdef GET_MVE_BUILTIN_INFOS\n");
            for i in model.intrinsics.values() {
                info(&mut s, &table, &i.full_name, "", "n");
            }
            for (name, i) in &short_names {
                info(&mut s, &table, name, "vi.", if i.non_evaluating { "ntu" } else { "nt" });
            }
            s.push_str("#endif // GET_MVE_BUILTIN_INFOS\n\n");
        }
    }
    Ok(s)
}

fn cde(input: &Evaluation, options: &BackendOptions) -> Result<String, Fatal> {
    let model = MveModel::new(input, options.release)?;
    let builtins: Vec<&AcleIntrinsic> = model.intrinsics.values().filter(|i| !i.header_only).collect();
    let mut s = String::new();
    match FORM.get(options.release) {
        Form::XMacros => {
            for i in &builtins {
                let _ = writeln!(s, "BUILTIN(__builtin_arm_cde_{}, \"\", \"ncU\")", i.full_name);
            }
        }
        Form::Tables => {
            let mut table = StringToOffsetTable::starting_empty();
            table.get_or_add("ncU");
            for i in &builtins {
                table.get_or_add(&i.full_name);
            }
            s.push_str("#ifdef GET_CDE_BUILTIN_ENUMERATORS\n");
            for i in &builtins {
                let _ = writeln!(s, "  BI__builtin_arm_cde_{},", i.full_name);
            }
            s.push_str("#endif // GET_CDE_BUILTIN_ENUMERATORS\n\n#ifdef GET_CDE_BUILTIN_STR_TABLE\n");
            table.emit_string_table_def("BuiltinStrings", &mut s);
            s.push_str("#endif // GET_CDE_BUILTIN_STR_TABLE\n\n#ifdef GET_CDE_BUILTIN_INFOS\n");
            for i in &builtins {
                info(&mut s, &table, &i.full_name, "", "ncU");
            }
            s.push_str("#endif // GET_CDE_BUILTIN_INFOS\n\n");
        }
    }
    Ok(s)
}

impl Backend for GenArmMveBuiltinDef {
    fn name(&self) -> &'static str {
        "gen-arm-mve-builtin-def"
    }
    fn help(&self) -> &'static str {
        "Generate ARM MVE builtin definitions for clang"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        out.write_all(mve(input, options)?.as_bytes())?;
        Ok(())
    }
}

impl Backend for GenArmCdeBuiltinDef {
    fn name(&self) -> &'static str {
        "gen-arm-cde-builtin-def"
    }
    fn help(&self) -> &'static str {
        "Generate ARM CDE builtin definitions for clang"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        out.write_all(cde(input, options)?.as_bytes())?;
        Ok(())
    }
}
