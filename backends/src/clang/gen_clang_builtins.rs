//! `-gen-clang-builtins` (`Builtins*.inc`): clang's builtins of a `Builtins*.td`. LLVM 19
//! writes an X-macro per builtin (`BUILTIN(__builtin_abs, "ii", "ncE")`); from LLVM 20 an
//! enumerator per builtin, a string table of their names, types, attributes and features, the
//! `Builtin::Info` of each (those with a required name prefix apart), and X-macros for the
//! atomic builtins only.

use crate::common::emit::{source_file_header, StringToOffsetTable};
use crate::{Backend, BackendError, BackendOptions, Output};
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::{ByRelease, Evaluation, Release};
use tdq_models::clang::builtins::{builtins_of, header_name, Builtin, BuiltinKind};
use tdq_models::records::{derived_definitions, Fatal};
use tdq_models::Fields;

pub struct GenClangBuiltins;

/// What a release writes.
#[derive(Clone, Copy)]
enum Form {
    /// An X-macro per builtin, and each `CustomEntry` (LLVM 19).
    XMacros,
    /// Enumerators, a string table and `Builtin::Info`s (from LLVM 20).
    Tables,
}

const FORM: ByRelease<Form> = ByRelease { v19: Form::XMacros, v22: Form::Tables, v23: Form::Tables };

/// `getValueAsOptionalDef("RequiredNamePrefix")`.
fn name_prefix(f: Fields, rec: tdq_core::types::RecId) -> Result<Option<tdq_core::types::RecId>, Fatal> {
    f.optional_def(rec, "RequiredNamePrefix")
}

/// `EmitXMacro` (`EmitBuiltinDef` in LLVM 19): `KIND(name, "type", "attributes", ...)`.
fn x_macro(f: Fields, b: &Builtin, s: &mut String) -> Result<(), Fatal> {
    if f.bit(b.record, "RequiresUndef")? {
        let _ = writeln!(s, "#undef {}", b.name);
    }
    let _ = write!(s, "{}({}, \"{}\", \"{}\"", b.kind.macro_name(), b.name, b.type_string, b.attributes);
    match b.kind {
        BuiltinKind::Lib => {
            let _ = write!(s, ", {}, {}", header_name(f, b.record)?, f.string(b.record, "Languages")?);
        }
        BuiltinKind::Lang => {
            let _ = write!(s, ", {}", f.string(b.record, "Languages")?);
        }
        BuiltinKind::TargetLib => {
            let _ = write!(s, ", {}, {}", header_name(f, b.record)?, f.string(b.record, "Languages")?);
            let _ = write!(s, ", \"{}\"", f.string(b.record, "Features")?);
        }
        BuiltinKind::Target => {
            let _ = write!(s, ", \"{}\"", f.string(b.record, "Features")?);
        }
        BuiltinKind::Atomic | BuiltinKind::Builtin => {}
    }
    s.push_str(")\n");
    Ok(())
}

/// LLVM 19's output: the default X-macros, each builtin's, the custom entries.
fn emit_x_macros(f: Fields, release: Release, s: &mut String) -> Result<(), Fatal> {
    s.push_str(concat!(
        "\n#if defined(BUILTIN) && !defined(LIBBUILTIN)\n",
        "#  define LIBBUILTIN(ID, TYPE, ATTRS, HEADER, BUILTIN_LANG) BUILTIN(ID, TYPE, ATTRS)\n",
        "#endif\n\n",
        "#if defined(BUILTIN) && !defined(LANGBUILTIN)\n",
        "#  define LANGBUILTIN(ID, TYPE, ATTRS, BUILTIN_LANG) BUILTIN(ID, TYPE, ATTRS)\n",
        "#endif\n\n",
        "// Some of our atomics builtins are handled by AtomicExpr rather than\n",
        "// as normal builtin CallExprs. This macro is used for such builtins.\n",
        "#ifndef ATOMIC_BUILTIN\n",
        "#  define ATOMIC_BUILTIN(ID, TYPE, ATTRS) BUILTIN(ID, TYPE, ATTRS)\n",
        "#endif\n\n",
        "#if defined(BUILTIN) && !defined(TARGET_BUILTIN)\n",
        "#  define TARGET_BUILTIN(ID, TYPE, ATTRS, FEATURE) BUILTIN(ID, TYPE, ATTRS)\n",
        "#endif\n",
    ));
    // The atomic builtins are order dependent, and first.
    for &rec in derived_definitions(f.input, "AtomicBuiltin")?.iter() {
        for b in builtins_of(f, release, rec)? {
            x_macro(f, &b, s)?;
        }
    }
    for &rec in derived_definitions(f.input, "Builtin")?.iter() {
        if f.is_a(rec, "AtomicBuiltin") {
            continue;
        }
        for b in builtins_of(f, release, rec)? {
            x_macro(f, &b, s)?;
        }
    }
    for &entry in derived_definitions(f.input, "CustomEntry")?.iter() {
        let _ = writeln!(s, "{}", f.string(entry, "Entry")?);
    }
    s.push_str(
        "\n#undef ATOMIC_BUILTIN\n#undef BUILTIN\n#undef LIBBUILTIN\n#undef LANGBUILTIN\n#undef TARGET_BUILTIN\n",
    );
    Ok(())
}

/// `EmitInfo`: a builtin's `Builtin::Info`, its strings by offset in `table`.
fn info(f: Fields, b: &Builtin, table: &StringToOffsetTable, s: &mut String) -> Result<(), Fatal> {
    let offset = |text: &str| table.get(text).unwrap_or(0);
    let _ = write!(
        s,
        "    Builtin::Info{{Builtin::Info::StrOffsets{{{} /* {} */, {} /* {} */, {} /* {} */, ",
        offset(&b.name),
        b.name,
        offset(&b.type_string),
        b.type_string,
        offset(&b.attributes),
        b.attributes
    );
    if b.kind == BuiltinKind::Target {
        let features = f.string(b.record, "Features")?;
        let _ = write!(s, "{} /* {} */", offset(features), features);
    } else {
        s.push('0');
    }
    s.push_str("}, ");
    match b.kind {
        BuiltinKind::Lib | BuiltinKind::TargetLib => {
            let _ = write!(s, "HeaderDesc::{}", header_name(f, b.record)?);
        }
        BuiltinKind::Builtin | BuiltinKind::Atomic | BuiltinKind::Lang | BuiltinKind::Target => {
            s.push_str("HeaderDesc::NO_HEADER");
        }
    }
    s.push_str(", ");
    match b.kind {
        BuiltinKind::Lib | BuiltinKind::Lang | BuiltinKind::TargetLib => {
            s.push_str(f.string(b.record, "Languages")?);
        }
        BuiltinKind::Builtin | BuiltinKind::Atomic | BuiltinKind::Target => s.push_str("ALL_LANGUAGES"),
    }
    s.push_str("},\n");
    Ok(())
}

/// LLVM 20's and later output.
fn emit_tables(f: Fields, release: Release, s: &mut String) -> Result<(), Fatal> {
    let mut builtins = Vec::new();
    for &rec in derived_definitions(f.input, "AtomicBuiltin")?.iter() {
        builtins.extend(builtins_of(f, release, rec)?);
    }
    let atomics = builtins.len();
    let all = derived_definitions(f.input, "Builtin")?;
    for &rec in all.iter() {
        if f.is_a(rec, "AtomicBuiltin") || name_prefix(f, rec)?.is_some() {
            continue;
        }
        builtins.extend(builtins_of(f, release, rec)?);
    }
    let unprefixed = builtins.len();
    for &rec in all.iter() {
        if name_prefix(f, rec)?.is_some() {
            builtins.extend(builtins_of(f, release, rec)?);
        }
    }

    let mut table = StringToOffsetTable::starting_empty();
    for b in &builtins {
        table.get_or_add(&b.name);
        table.get_or_add(&b.type_string);
        table.get_or_add(&b.attributes);
        if b.kind == BuiltinKind::Target {
            table.get_or_add(f.string(b.record, "Features")?);
        }
    }

    s.push_str("\n#ifdef GET_BUILTIN_ENUMERATORS\n");
    for b in &builtins {
        s.push_str("    BI");
        if let Some(prefix) = name_prefix(f, b.record)? {
            s.push_str(f.string(prefix, "Spelling")?);
        }
        let _ = writeln!(s, "{},", b.name);
    }
    s.push_str("\n#endif // GET_BUILTIN_ENUMERATORS\n");

    s.push_str("\n#ifdef GET_BUILTIN_STR_TABLE\n");
    table.emit_string_table_def("BuiltinStrings", s);
    s.push_str("\n#endif // GET_BUILTIN_STR_TABLE\n");

    s.push_str("\n#ifdef GET_BUILTIN_INFOS\n");
    for b in &builtins[..unprefixed] {
        info(f, b, &table, s)?;
    }
    s.push_str("\n#endif // GET_BUILTIN_INFOS\n");

    s.push_str("\n#ifdef GET_BUILTIN_PREFIXED_INFOS\n");
    for b in &builtins[unprefixed..] {
        info(f, b, &table, s)?;
    }
    s.push_str("\n#endif // GET_BUILTIN_PREFIXED_INFOS\n");

    s.push_str("\n#ifdef ATOMIC_BUILTIN\n");
    for b in &builtins[..atomics] {
        x_macro(f, b, s)?;
    }
    s.push_str("\n#endif // ATOMIC_BUILTIN\n#undef ATOMIC_BUILTIN\n");
    Ok(())
}

impl Backend for GenClangBuiltins {
    fn name(&self) -> &'static str {
        "gen-clang-builtins"
    }
    fn help(&self) -> &'static str {
        "Generate clang builtins list"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let f = Fields { input };
        let mut s = String::new();
        source_file_header(&mut s, "List of builtins that Clang recognizes", None);
        match FORM.get(options.release) {
            Form::XMacros => emit_x_macros(f, options.release, &mut s)?,
            Form::Tables => emit_tables(f, options.release, &mut s)?,
        }
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}
