//! `-gen-arm-mve-builtin-aliases` and `-gen-arm-cde-builtin-aliases`
//! (`arm_mve_builtin_aliases.inc`, `arm_cde_builtin_aliases.inc`): for each builtin, by name,
//! the offsets of its full and polymorphic names (`-1` for none) in a string of names, which
//! Sema checks `__clang_arm_builtin_alias` against. LLVM 20's string starts with an empty
//! name; LLVM 23's splits a literal where an octal escape meets a digit.

use crate::common::emit::StringToOffsetTable;
use crate::{Backend, BackendError, BackendOptions, Output};
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::{ByRelease, Evaluation};
use tdq_models::clang::mve_intrinsics::MveModel;
use tdq_models::Fatal;

pub struct GenArmMveBuiltinAliases;
pub struct GenArmCdeBuiltinAliases;

/// How a release's string table starts and is written.
struct Form {
    starts_empty: bool,
    separates_octal: bool,
}

const FORM: ByRelease<Form> = ByRelease {
    v19: Form { starts_empty: false, separates_octal: false },
    v22: Form { starts_empty: true, separates_octal: false },
    v23: Form { starts_empty: true, separates_octal: true },
};

fn emit(input: &Evaluation, options: &BackendOptions) -> Result<String, Fatal> {
    let model = MveModel::new(input, options.release)?;
    let form = FORM.get(options.release);
    let mut table =
        if form.starts_empty { StringToOffsetTable::starting_empty() } else { StringToOffsetTable::default() };
    let mut s = String::from("static const IntrinToName MapData[] = {\n");
    for i in model.intrinsics.values().filter(|i| !i.header_only) {
        let short = if i.polymorphic() { i64::from(table.get_or_add(&i.short_name)) } else { -1 };
        let full = table.get_or_add(&i.full_name);
        let _ = writeln!(s, "  {{ ARM::BI__builtin_arm_{}_{}, {full}, {short}}},", i.builtin_extension, i.full_name);
    }
    s.push_str("};\n\nArrayRef<IntrinToName> Map(MapData);\n\nstatic const char IntrinNames[] = {\n");
    if form.separates_octal {
        table.emit_string_separating_octal(&mut s);
    } else {
        table.emit_string(&mut s);
    }
    s.push_str("};\n\n");
    Ok(s)
}

impl Backend for GenArmMveBuiltinAliases {
    fn name(&self) -> &'static str {
        "gen-arm-mve-builtin-aliases"
    }
    fn help(&self) -> &'static str {
        "Generate list of valid ARM MVE builtin aliases for clang"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        out.write_all(emit(input, options)?.as_bytes())?;
        Ok(())
    }
}

impl Backend for GenArmCdeBuiltinAliases {
    fn name(&self) -> &'static str {
        "gen-arm-cde-builtin-aliases"
    }
    fn help(&self) -> &'static str {
        "Generate list of valid ARM CDE builtin aliases for clang"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        out.write_all(emit(input, options)?.as_bytes())?;
        Ok(())
    }
}
