//! `-gen-arm-mve-header` and `-gen-arm-cde-header` (`arm_mve.h`, `arm_cde.h`): the vector
//! types' typedefs and every intrinsic declared as an alias of its builtin, under its full and
//! (overloaded) polymorphic names; MVE's also in the user's namespace unless
//! `__ARM_MVE_PRESERVE_USER_NAMESPACE`, CDE's with its `FunctionMacro`s; each part under the
//! features it needs.

use crate::{Backend, BackendError, BackendOptions, Output};
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::Evaluation;
use tdq_models::clang::mve_intrinsics::{function_macros, AcleIntrinsic, MveModel, ScalarKind};
use tdq_models::Fatal;

pub struct GenArmMveHeader;
pub struct GenArmCdeHeader;

const LICENSE: &str = " *\n *\n * Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.\n * See https://llvm.org/LICENSE.txt for license information.\n * SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception\n *\n *===-----------------------------------------------------------------------===\n */\n\n";

/// The start of a header: its banner, guard, feature test and `extern "C"`.
fn head(s: &mut String, file: &str, what: &str, guard: &str, feature: &str, short: &str) {
    let _ = write!(
        s,
        "/*===---- {file} - ARM {what} intrinsics -----------------------------------===\n{LICENSE}#ifndef {guard}\n#define {guard}\n\n#if !{feature}\n#error \"{short} support not enabled\"\n#endif\n\n#include <stdint.h>\n\n#ifdef __cplusplus\nextern \"C\" {{\n#endif\n\n"
    );
}

fn tail(s: &mut String, guard: &str) {
    let _ = write!(s, "#ifdef __cplusplus\n}} /* extern \"C\" */\n#endif\n\n#endif /* {guard} */\n");
}

/// A part of the header, under `#if condition` unless that is empty.
fn write_part(s: &mut String, condition: &str, part: &str) {
    if !condition.is_empty() {
        let _ = write!(s, "#if {condition}\n\n");
    }
    s.push_str(part);
    s.push('\n');
    if !condition.is_empty() {
        let _ = write!(s, "#endif /* {condition} */\n\n");
    }
}

/// One declaration: `static __inline__ __attribute__((...)) RET NAME(ARGS);`.
fn declare(s: &mut String, i: &AcleIntrinsic, polymorphic: bool, builtin: &str, name: &str) {
    let mut ret = i.return_type.c_name();
    if !ret.ends_with('*') {
        ret.push(' ');
    }
    let args: Vec<String> = i.arg_types.iter().map(|t| t.c_name()).collect();
    let _ = writeln!(
        s,
        "static __inline__ __attribute__(({}__clang_arm_builtin_alias(__builtin_arm_{builtin})))\n{ret}{name}({});",
        if polymorphic { "__overloadable__, " } else { "" },
        args.join(", ")
    );
}

/// The names an intrinsic is declared under: its full name unless it is only polymorphic,
/// and its short name if it is polymorphic.
fn forms(i: &AcleIntrinsic) -> impl Iterator<Item = (bool, &str)> {
    [(false, i.full_name.as_str()), (true, i.short_name.as_str())].into_iter().filter(|&(polymorphic, _)| {
        if polymorphic {
            i.polymorphic()
        } else {
            !i.polymorphic_only
        }
    })
}

fn mve_header(input: &Evaluation, options: &BackendOptions) -> Result<String, Fatal> {
    let model = MveModel::new(input, options.release)?;
    // By bits: 1 the float types, 2 the names in the user's namespace.
    let mut parts: [String; 4] = Default::default();
    parts[0].push_str("typedef uint16_t mve_pred16_t;\n");
    parts[1].push_str("typedef __fp16 float16_t;\ntypedef float float32_t;\n");
    for st in model.scalars.values().filter(|st| !st.has_nonstandard_name()) {
        let part = &mut parts[usize::from(st.kind == ScalarKind::Float)];
        let vt = MveModel::vector_of(st)?;
        let lanes = vt.size_in_bits() / st.bits;
        let vname = vt.c_name();
        let _ = writeln!(
            part,
            "typedef __attribute__((__neon_vector_type__({lanes}), __clang_arm_mve_strict_polymorphism)) {} {vname};",
            st.c_name()
        );
        for n in [2, 4] {
            let base = vname.strip_suffix("_t").unwrap_or(&vname);
            let _ = writeln!(part, "typedef struct {{ {vname} val[{n}]; }} {base}x{n}_t;");
        }
    }
    parts[0].push('\n');
    parts[1].push('\n');
    for i in model.intrinsics.values() {
        for (polymorphic, name) in forms(i) {
            for user_namespace in [false, true] {
                let part = &mut parts[usize::from(i.requires_float()) | (usize::from(user_namespace) << 1)];
                let name = if user_namespace { name.to_string() } else { format!("__arm_{name}") };
                declare(part, i, polymorphic, &format!("mve_{}", i.full_name), &name);
            }
        }
    }
    let mut s = String::new();
    head(&mut s, "arm_mve.h", "MVE", "__ARM_MVE_H", "__ARM_FEATURE_MVE", "MVE");
    for (index, part) in parts.iter().enumerate() {
        let mut conditions = Vec::new();
        if index & 1 != 0 {
            conditions.push("(__ARM_FEATURE_MVE & 2)");
        }
        if index & 2 != 0 {
            conditions.push("(!defined __ARM_MVE_PRESERVE_USER_NAMESPACE)");
        }
        write_part(&mut s, &conditions.join(" && "), part);
    }
    tail(&mut s, "__ARM_MVE_H");
    Ok(s)
}

fn cde_header(input: &Evaluation, options: &BackendOptions) -> Result<String, Fatal> {
    let model = MveModel::new(input, options.release)?;
    let macros = function_macros(input)?;
    // None, MVE, MVE with floating point.
    let mut parts: [String; 3] = Default::default();
    parts[1].push_str("typedef uint16_t mve_pred16_t;\n");
    parts[2].push_str("typedef __fp16 float16_t;\ntypedef float float32_t;\n");
    for st in model.scalars.values().filter(|st| !st.has_nonstandard_name()) {
        // There is no float64x2_t.
        if st.kind == ScalarKind::Float && st.bits == 64 {
            continue;
        }
        let part = &mut parts[if st.kind == ScalarKind::Float { 2 } else { 1 }];
        let vt = MveModel::vector_of(st)?;
        let _ = writeln!(
            part,
            "typedef __attribute__((__neon_vector_type__({}), __clang_arm_mve_strict_polymorphism)) {} {};",
            vt.size_in_bits() / st.bits,
            st.c_name(),
            vt.c_name()
        );
    }
    parts[1].push('\n');
    parts[2].push('\n');
    for i in model.intrinsics.values() {
        for (polymorphic, name) in forms(i) {
            let part = &mut parts[if i.requires_float() {
                2
            } else if i.requires_mve() {
                1
            } else {
                0
            }];
            declare(
                part,
                i,
                polymorphic,
                &format!("{}_{}", i.builtin_extension, i.full_name),
                &format!("__arm_{name}"),
            );
        }
    }
    for m in &macros {
        let _ = writeln!(parts[1], "#define __arm_{}({}) {}", m.name, m.params.join(", "), m.definition);
    }
    let mut s = String::new();
    head(&mut s, "arm_cde.h", "CDE", "__ARM_CDE_H", "__ARM_FEATURE_CDE", "CDE");
    for (index, part) in parts.iter().enumerate() {
        write_part(&mut s, ["", "__ARM_FEATURE_MVE", "__ARM_FEATURE_MVE & 2"][index], part);
    }
    tail(&mut s, "__ARM_CDE_H");
    Ok(s)
}

impl Backend for GenArmMveHeader {
    fn name(&self) -> &'static str {
        "gen-arm-mve-header"
    }
    fn help(&self) -> &'static str {
        "Generate arm_mve.h for clang"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        out.write_all(mve_header(input, options)?.as_bytes())?;
        Ok(())
    }
}

impl Backend for GenArmCdeHeader {
    fn name(&self) -> &'static str {
        "gen-arm-cde-header"
    }
    fn help(&self) -> &'static str {
        "Generate arm_cde.h for clang"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        out.write_all(cde_header(input, options)?.as_bytes())?;
        Ok(())
    }
}
