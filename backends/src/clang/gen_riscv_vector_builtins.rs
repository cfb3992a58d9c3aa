//! `-gen-riscv-vector-builtins`, `-gen-riscv-sifive-vector-builtins` and (LLVM 22 on)
//! `-gen-riscv-andes-vector-builtins`: one builtin per distinct builtin name of the
//! intrinsics, with its type string (empty for an alias of an overloaded builtin); LLVM 19
//! writes `RISCVV_BUILTIN` macros, later releases the enumerators, a string table and the
//! `Builtin::Info`s.

use crate::common::emit::StringToOffsetTable;
use crate::BackendOptions;
use rustc_hash::FxHashMap as HashMap;
use std::collections::hash_map::Entry;
use std::fmt::Write as _;
use tdq_core::{ByRelease, Evaluation};
use tdq_models::clang::rvv_intrinsics::{Intrinsic, RvvModel};
use tdq_models::Fatal;

pub struct GenRiscvVectorBuiltins;
pub struct GenRiscvSifiveVectorBuiltins;
pub struct GenRiscvAndesVectorBuiltins;

/// How a release writes the builtins.
#[derive(Clone, Copy)]
enum Form {
    /// `RISCVV_BUILTIN(__builtin_rvv_NAME,"TYPE", "n")` lines (LLVM 19).
    Macros,
    /// Enumerators, a `StringTable` and `Builtin::Info` structs (LLVM 20 on).
    StringTable,
}

const FORM: ByRelease<Form> = ByRelease { v19: Form::Macros, v22: Form::StringTable, v23: Form::StringTable };

/// The intrinsics that define a builtin, first of each name, after checking that the others
/// of the name would define the same one.
fn unique_builtins(model: &RvvModel) -> Result<Vec<&Intrinsic>, Fatal> {
    let mut seen: HashMap<&str, usize> = HashMap::default();
    let mut unique = Vec::new();
    for (i, def) in model.intrinsics.iter().enumerate() {
        match seen.entry(&def.builtin_name) {
            Entry::Vacant(e) => {
                e.insert(i);
                unique.push(def);
            }
            Entry::Occupied(e) => {
                let first = &model.intrinsics[*e.get()];
                if first.has_builtin_alias != def.has_builtin_alias {
                    return Err(Fatal::new(&[], "Builtin with same name has different hasAutoDef"));
                }
                if !def.has_builtin_alias && !first.same_builtin_type(def, &model.cache) {
                    return Err(Fatal::new(&[], "Builtin with same name has different type string"));
                }
            }
        }
    }
    Ok(unique)
}

fn emit(input: &Evaluation, options: &BackendOptions) -> Result<String, Fatal> {
    let model = RvvModel::new(input, options.release)?;
    let unique = unique_builtins(&model)?;
    let type_str = |i: &Intrinsic| if i.has_builtin_alias { String::new() } else { i.builtin_type_str(&model.cache) };
    let mut s = String::new();
    match FORM.get(options.release) {
        Form::Macros => {
            s += "#if defined(TARGET_BUILTIN) && !defined(RISCVV_BUILTIN)\n#define RISCVV_BUILTIN(ID, TYPE, ATTRS) TARGET_BUILTIN(ID, TYPE, ATTRS, \"zve32x\")\n#endif\n";
            for i in &unique {
                let _ = writeln!(s, "RISCVV_BUILTIN(__builtin_rvv_{},\"{}\", \"n\")", i.builtin_name, type_str(i));
            }
            s += "#undef RISCVV_BUILTIN\n";
        }
        Form::StringTable => {
            let mut table = StringToOffsetTable::starting_empty();
            let n = table.get_or_add("n");
            let zve32x = table.get_or_add("zve32x");
            let mut offsets = Vec::with_capacity(unique.len());
            for i in &unique {
                let name = table.get_or_add(&i.builtin_name);
                let ty = (!i.has_builtin_alias).then(|| {
                    let t = type_str(i);
                    (table.get_or_add(&t), t)
                });
                offsets.push((name, ty));
            }
            s += "// RISCV Vector builtin enumerators\n#ifdef GET_RISCVV_BUILTIN_ENUMERATORS\n";
            for i in &unique {
                let _ = writeln!(s, "  BI__builtin_rvv_{},", i.builtin_name);
            }
            s += "#endif // GET_RISCVV_BUILTIN_ENUMERATORS\n\n";
            s += "// RISCV Vector builtin enumerators\n#ifdef GET_RISCVV_BUILTIN_STR_TABLE\n";
            table.emit_string_table_def("BuiltinStrings", &mut s);
            s += "#endif // GET_RISCVV_BUILTIN_STR_TABLE\n\n";
            s += "// RISCV Vector builtin infos\n#ifdef GET_RISCVV_BUILTIN_INFOS\n";
            for (i, (name, ty)) in unique.iter().zip(offsets) {
                let _ = write!(s, "    Builtin::Info{{Builtin::Info::StrOffsets{{{name} /* {} */, ", i.builtin_name);
                match ty {
                    None => s += "0, ",
                    Some((offset, t)) => {
                        let _ = write!(s, "{offset} /* {t} */, ");
                    }
                }
                let _ = writeln!(s, "{n} /* n */, {zve32x} /* zve32x */}}, HeaderDesc::NO_HEADER, ALL_LANGUAGES}},");
            }
            s += "#endif // GET_RISCVV_BUILTIN_INFOS\n\n";
        }
    }
    Ok(s)
}

string_backend!(
    GenRiscvVectorBuiltins,
    "gen-riscv-vector-builtins",
    "Generate riscv_vector_builtins.inc for clang",
    emit
);
string_backend!(
    GenRiscvSifiveVectorBuiltins,
    "gen-riscv-sifive-vector-builtins",
    "Generate riscv_sifive_vector_builtins.inc for clang",
    emit
);
string_backend!(
    GenRiscvAndesVectorBuiltins,
    "gen-riscv-andes-vector-builtins",
    "Generate riscv_andes_vector_builtins.inc for clang",
    emit
);
