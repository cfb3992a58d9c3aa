//! `-gen-arm-vector-type` (`arm_vector_types.h`): the NEON vector types shared by `arm_neon.h`
//! and `arm_sve.h`, from clang-tblgen's own list of type specs (no record is read): the scalar
//! typedefs, each vector type and its structs of two, three and four vectors, those of AArch64
//! only (64-bit floats, LLVM 20's `mfloat8`) inside `#if`, and LLVM 20's FP8 mode helpers.

use crate::{Backend, BackendError, BackendOptions, Output};
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::{ByRelease, Evaluation, Release};
use tdq_models::clang::neon_types::{type_specs, Kind, Type};
use tdq_models::Fatal;

pub struct GenArmVectorType;

/// What a release writes beyond the common typedefs.
struct Dialect {
    /// The AArch64-only scalar typedefs.
    a64_scalars: &'static str,
    /// The FP8 mode register's type and helpers.
    fpm: &'static str,
    /// The type specs of the vector types.
    specs: &'static str,
}

const DIALECT: ByRelease<Dialect> = ByRelease {
    v19: Dialect {
        a64_scalars: "typedef double float64_t;\n",
        fpm: "",
        specs: "cQcsQsiQilQlUcQUcUsQUsUiQUiUlQUlhQhfQfdQd",
    },
    v22: Dialect { a64_scalars: A64_SCALARS_FP8, fpm: FPM, specs: SPECS_FP8 },
    v23: Dialect { a64_scalars: A64_SCALARS_FP8, fpm: FPM, specs: SPECS_FP8 },
};

const A64_SCALARS_FP8: &str = "typedef __mfp8 mfloat8_t;\ntypedef double float64_t;\n";
const SPECS_FP8: &str = "cQcsQsiQilQlUcQUcUsQUsUiQUiUlQUlmQmhQhfQfdQd";

const HEADER: &str = "/*===---- arm_vector_types - ARM vector type ------===\n *\n *\n * Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.\n * See https://llvm.org/LICENSE.txt for license information.\n * SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception\n *\n *===-----------------------------------------------------------------------===\n */\n\n#if !defined(__ARM_NEON_H) && !defined(__ARM_SVE_H)\n#error \"This file should not be used standalone. Please include arm_neon.h or arm_sve.h instead\"\n\n#endif\n#ifndef __ARM_NEON_TYPES_H\n#define __ARM_NEON_TYPES_H\ntypedef float float32_t;\ntypedef __fp16 float16_t;\n";

/// LLVM 20's FP8 mode register type and its helpers, as clang-tblgen writes them.
const FPM: &str = r#"
typedef uint64_t fpm_t;

enum __ARM_FPM_FORMAT { __ARM_FPM_E5M2, __ARM_FPM_E4M3 };

enum __ARM_FPM_OVERFLOW { __ARM_FPM_INFNAN, __ARM_FPM_SATURATE };

static __inline__ fpm_t __attribute__((__always_inline__, __nodebug__))
__arm_fpm_init(void) {
  return 0;
}

static __inline__ fpm_t __attribute__((__always_inline__, __nodebug__))
__arm_set_fpm_src1_format(fpm_t __fpm, enum __ARM_FPM_FORMAT __format) {
  return (__fpm & ~7ull) | (fpm_t)__format;
}

static __inline__ fpm_t __attribute__((__always_inline__, __nodebug__))
__arm_set_fpm_src2_format(fpm_t __fpm, enum __ARM_FPM_FORMAT __format) {
  return (__fpm & ~0x38ull) | ((fpm_t)__format << 3u);
}

static __inline__ fpm_t __attribute__((__always_inline__, __nodebug__))
__arm_set_fpm_dst_format(fpm_t __fpm, enum __ARM_FPM_FORMAT __format) {
  return (__fpm & ~0x1c0ull) | ((fpm_t)__format << 6u);
}

static __inline__ fpm_t __attribute__((__always_inline__, __nodebug__))
__arm_set_fpm_overflow_mul(fpm_t __fpm, enum __ARM_FPM_OVERFLOW __behaviour) {
  return (__fpm & ~0x4000ull) | ((fpm_t)__behaviour << 14u);
}

static __inline__ fpm_t __attribute__((__always_inline__, __nodebug__))
__arm_set_fpm_overflow_cvt(fpm_t __fpm, enum __ARM_FPM_OVERFLOW __behaviour) {
  return (__fpm & ~0x8000ull) | ((fpm_t)__behaviour << 15u);
}

static __inline__ fpm_t __attribute__((__always_inline__, __nodebug__))
__arm_set_fpm_lscale(fpm_t __fpm, uint64_t __scale) {
  return (__fpm & ~0x7f0000ull) | (__scale << 16u);
}

static __inline__ fpm_t __attribute__((__always_inline__, __nodebug__))
__arm_set_fpm_nscale(fpm_t __fpm, int64_t __scale) {
  return (__fpm & ~0xff000000ull) | (((fpm_t)__scale & 0xffu) << 24u);
}

static __inline__ fpm_t __attribute__((__always_inline__, __nodebug__))
__arm_set_fpm_lscale2(fpm_t __fpm, uint64_t __scale) {
  return (uint32_t)__fpm | (__scale << 32u);
}

"#;

const A64: &str = "#if defined(__aarch64__) || defined(__arm64ec__)\n";

/// Opens or closes the AArch64-only block as the next type needs.
fn a64_block(s: &mut String, in_a64: &mut bool, t: &Type) {
    let a64 = t.is_double() || t.kind == Kind::MFloat8;
    if *in_a64 && !a64 {
        s.push_str("#endif\n");
    }
    if !*in_a64 && a64 {
        s.push_str(A64);
    }
    *in_a64 = a64;
}

/// `emitNeonTypeDefs`: the vector typedefs of `specs`, then their structs of 2, 3 and 4
/// (`arm_neon.h` writes the poly ones).
pub(crate) fn type_defs(s: &mut String, specs: &str, release: Release) -> Result<(), Fatal> {
    let fail = |e: tdq_models::clang::neon_types::TypeError| Fatal::new(&[], e.to_string());
    let specs = type_specs(specs);
    let mut in_a64 = false;
    for spec in &specs {
        let t = Type::new(spec, ".", release).map_err(fail)?;
        a64_block(s, &mut in_a64, &t);
        let attribute = if t.kind == Kind::Poly { "neon_polyvector_type" } else { "neon_vector_type" };
        let mut scalar = t.clone();
        scalar.make_scalar();
        let _ = writeln!(
            s,
            "typedef __attribute__(({attribute}({}))) {} {};",
            t.num_elements(),
            scalar.c_name(),
            t.c_name()
        );
    }
    if in_a64 {
        s.push_str("#endif\n");
    }
    s.push('\n');
    in_a64 = false;
    for members in 2..=4u32 {
        for spec in &specs {
            let t = Type::new(spec, ".", release).map_err(fail)?;
            a64_block(s, &mut in_a64, &t);
            let tuple = Type::new(spec, &members.to_string(), release).map_err(fail)?.c_name();
            let _ = write!(s, "typedef struct {tuple} {{\n  {} val[{members}];\n}} {tuple};\n\n", t.c_name());
        }
    }
    if in_a64 {
        s.push_str("#endif\n");
    }
    Ok(())
}

impl Backend for GenArmVectorType {
    fn name(&self) -> &'static str {
        "gen-arm-vector-type"
    }
    fn help(&self) -> &'static str {
        "Generate arm_vector_types.h for clang"
    }
    fn emit(&self, _: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let dialect = DIALECT.get(options.release);
        let mut s = String::from(HEADER);
        let _ = write!(s, "{A64}{}#endif\n\n{}", dialect.a64_scalars, dialect.fpm);
        type_defs(&mut s, dialect.specs, options.release)?;
        type_defs(&mut s, "bQb", options.release)?;
        s.push_str("#endif // __ARM_NEON_TYPES_H\n");
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}
