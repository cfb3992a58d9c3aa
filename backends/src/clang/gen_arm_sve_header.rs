//! `-gen-arm-sve-header` and `-gen-arm-sme-header` (`arm_sve.h`, `arm_sme.h`): the SVE header's
//! types, enums and the reinterpret casts of every pair of types, then each intrinsic's
//! declaration as an alias of its builtin (`__ai`, or `__aio` for an overloaded short form),
//! ordered by guard, class kind and name; the SME header's helpers and its intrinsics.

use crate::{Backend, BackendError, BackendOptions, Output};
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::{ByRelease, Evaluation, Release};
use tdq_models::clang::sve_intrinsics::{sve_intrinsics, ClassKind, SveNames, RULES};
use tdq_models::clang::sve_types::SveType;
use tdq_models::Fatal;

pub struct GenArmSveHeader;
pub struct GenArmSmeHeader;

/// The builtins' prefix: `__builtin_sve_` or `__builtin_sme_`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Acle {
    Sve,
    Sme,
}

impl Acle {
    /// `sve` or `sme`.
    pub(super) fn lower(self) -> &'static str {
        match self {
            Acle::Sve => "sve",
            Acle::Sme => "sme",
        }
    }
    /// `SVE` or `SME`.
    pub(super) fn upper(self) -> &'static str {
        match self {
            Acle::Sve => "SVE",
            Acle::Sme => "SME",
        }
    }
}

/// What a release's headers have beyond LLVM 19's.
struct Form {
    /// `mfloat8` (LLVM 20): its typedefs, and its reinterpret casts.
    mfloat8: bool,
    /// `arm_sme.h` defines `__arm_in_streaming_mode` (LLVM 19; later it is a builtin).
    in_streaming_mode: bool,
}

const FORM: ByRelease<Form> = ByRelease {
    v19: Form { mfloat8: false, in_streaming_mode: true },
    v22: Form { mfloat8: true, in_streaming_mode: false },
    v23: Form { mfloat8: true, in_streaming_mode: false },
};

/// The types of the reinterpret casts (`Reinterprets`): each type spec and its suffix.
pub(super) fn reinterprets(release: Release) -> Result<Vec<(SveType, &'static str)>, Fatal> {
    let model = RULES.get(release).model;
    let mut specs = vec![("c", "s8"), ("Uc", "u8")];
    if FORM.get(release).mfloat8 {
        specs.push(("m", "mf8"));
    }
    specs.extend([
        ("s", "s16"),
        ("Us", "u16"),
        ("i", "s32"),
        ("Ui", "u32"),
        ("l", "s64"),
        ("Ul", "u64"),
        ("h", "f16"),
        ("b", "bf16"),
        ("f", "f32"),
        ("d", "f64"),
    ]);
    specs
        .into_iter()
        .map(|(spec, suffix)| {
            SveType::new(model, spec, 'd', 1).map(|t| (t, suffix)).map_err(|e| Fatal::new(&[], e.to_string()))
        })
        .collect()
}

/// The reinterpret casts' tuple sizes and the suffix of each.
pub(super) const TUPLES: [(u32, &str); 4] = [(1, ""), (2, "_x2"), (3, "_x3"), (4, "_x4")];

/// `createCoreHeaderIntrinsics`: every intrinsic's declaration, by guard, class kind and name
/// (a stable sort: ties keep the order of making).
fn core_intrinsics(input: &Evaluation, kind: Acle, s: &mut String) -> Result<(), Fatal> {
    let names = SveNames::new(input)?;
    let mut defs = sve_intrinsics(input, &names)?;
    defs.sort_by_cached_key(|i| (format!("{}{}", i.sve_guard, i.sme_guard), i.class, i.name));
    for i in &defs {
        let overloaded = i.class == ClassKind::G && i.proto.len() > 1;
        let _ = writeln!(
            s,
            "{} __attribute__((__clang_arm_builtin_alias(__builtin_{}_{})))",
            if overloaded { "__aio" } else { "__ai" },
            kind.lower(),
            i.mangled_name(ClassKind::S)
        );
        let params: Vec<String> = i.types[1..].iter().map(SveType::c_name).collect();
        let _ = writeln!(s, "{} {}({});", i.types[0].c_name(), i.mangled_name(i.class), params.join(", "));
    }
    Ok(())
}

impl Backend for GenArmSveHeader {
    fn name(&self) -> &'static str {
        "gen-arm-sve-header"
    }
    fn help(&self) -> &'static str {
        "Generate arm_sve.h for clang"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let form = FORM.get(options.release);
        let mut s = String::from(SVE_HEAD);
        if form.mfloat8 {
            s.push_str("typedef __SVMfloat8_t svmfloat8_t;\n\n");
        }
        s.push_str(SVE_TYPES);
        if form.mfloat8 {
            for n in 2..=4 {
                let _ = writeln!(s, "typedef __clang_svmfloat8x{n}_t svmfloat8x{n}_t;");
            }
        }
        s.push_str(SVE_ENUMS);
        let types = reinterprets(options.release)?;
        for (n, suffix) in TUPLES {
            for short_form in [false, true] {
                for (to, to_suffix) in &types {
                    for (from, from_suffix) in &types {
                        let _ = write!(
                            s,
                            "__aio __attribute__((__clang_arm_builtin_alias(__builtin_sve_reinterpret_{to_suffix}_{from_suffix}{suffix})))\n{} svreinterpret_{to_suffix}",
                            to.with_vectors(n).c_name()
                        );
                        if !short_form {
                            let _ = write!(s, "_{from_suffix}{suffix}");
                        }
                        let _ = writeln!(s, "({} op);", from.with_vectors(n).c_name());
                    }
                }
            }
        }
        core_intrinsics(input, Acle::Sve, &mut s)?;
        s.push_str(SVE_TAIL);
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}

impl Backend for GenArmSmeHeader {
    fn name(&self) -> &'static str {
        "gen-arm-sme-header"
    }
    fn help(&self) -> &'static str {
        "Generate arm_sme.h for clang"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let mut s = String::from(SME_HEAD);
        if FORM.get(options.release).in_streaming_mode {
            s.push_str(SME_IN_STREAMING_MODE);
        }
        s.push_str(SME_HELPERS);
        core_intrinsics(input, Acle::Sme, &mut s)?;
        s.push_str("#ifdef __cplusplus\n} // extern \"C\"\n#endif\n\n#undef __ai\n\n#endif /* __ARM_SME_H */\n");
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}

const SVE_TAIL: &str = r#"#define svcvtnt_bf16_x      svcvtnt_bf16_m
#define svcvtnt_bf16_f32_x  svcvtnt_bf16_f32_m
#define svcvtnt_f16_x      svcvtnt_f16_m
#define svcvtnt_f16_f32_x  svcvtnt_f16_f32_m
#define svcvtnt_f32_x      svcvtnt_f32_m
#define svcvtnt_f32_f64_x  svcvtnt_f32_f64_m

#define svcvtxnt_f32_x     svcvtxnt_f32_m
#define svcvtxnt_f32_f64_x svcvtxnt_f32_f64_m

#ifdef __cplusplus
} // extern "C"
#endif

#undef __ai

#undef __aio

#endif /* __ARM_SVE_H */
"#;

const SME_HEAD: &str = r#"/*===---- arm_sme.h - ARM SME intrinsics ------===
 *
 *
 * Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
 * See https://llvm.org/LICENSE.txt for license information.
 * SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
 *
 *===-----------------------------------------------------------------------===
 */

#ifndef __ARM_SME_H
#define __ARM_SME_H

#if !defined(__LITTLE_ENDIAN__)
#error "Big endian is currently not supported for arm_sme.h"
#endif
#include <arm_sve.h>

#include <stddef.h>

/* Function attributes */
#define __ai static __inline__ __attribute__((__always_inline__, __nodebug__))

#define __aio static __inline__ __attribute__((__always_inline__, __nodebug__, __overloadable__))

#ifdef  __cplusplus
extern "C" {
#endif

void __arm_za_disable(void) __arm_streaming_compatible;

__ai bool __arm_has_sme(void) __arm_streaming_compatible {
  uint64_t x0, x1;
  __builtin_arm_get_sme_state(&x0, &x1);
  return x0 & (1ULL << 63);
}

"#;

const SME_IN_STREAMING_MODE: &str = r#"__ai bool __arm_in_streaming_mode(void) __arm_streaming_compatible {
  uint64_t x0, x1;
  __builtin_arm_get_sme_state(&x0, &x1);
  return x0 & 1;
}

"#;

const SME_HELPERS: &str = r#"void *__arm_sc_memcpy(void *dest, const void *src, size_t n) __arm_streaming_compatible;
void *__arm_sc_memmove(void *dest, const void *src, size_t n) __arm_streaming_compatible;
void *__arm_sc_memset(void *s, int c, size_t n) __arm_streaming_compatible;
void *__arm_sc_memchr(void *s, int c, size_t n) __arm_streaming_compatible;

__ai __attribute__((target("sme"))) void svundef_za(void) __arm_streaming_compatible __arm_out("za") { }

"#;

/// `arm_sve.h` up to `svmfloat8_t`'s typedef (LLVM 20).
const SVE_HEAD: &str = r#"/*===---- arm_sve.h - ARM SVE intrinsics -----------------------------------===
 *
 *
 * Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
 * See https://llvm.org/LICENSE.txt for license information.
 * SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
 *
 *===-----------------------------------------------------------------------===
 */

#ifndef __ARM_SVE_H
#define __ARM_SVE_H

#if !defined(__LITTLE_ENDIAN__)
#error "Big endian is currently not supported for arm_sve.h"
#endif
#include <stdint.h>

#ifdef  __cplusplus
extern "C" {
#else
#include <stdbool.h>
#endif

typedef __fp16 float16_t;
typedef float float32_t;
typedef double float64_t;
typedef __SVInt8_t svint8_t;
typedef __SVInt16_t svint16_t;
typedef __SVInt32_t svint32_t;
typedef __SVInt64_t svint64_t;
typedef __SVUint8_t svuint8_t;
typedef __SVUint16_t svuint16_t;
typedef __SVUint32_t svuint32_t;
typedef __SVUint64_t svuint64_t;
typedef __SVFloat16_t svfloat16_t;

typedef __SVBfloat16_t svbfloat16_t;
#include <arm_bf16.h>
#include <arm_vector_types.h>
"#;

/// The vector typedefs up to `svmfloat8_t`'s tuples (LLVM 20).
const SVE_TYPES: &str = r#"typedef __SVFloat32_t svfloat32_t;
typedef __SVFloat64_t svfloat64_t;
typedef __clang_svint8x2_t svint8x2_t;
typedef __clang_svint16x2_t svint16x2_t;
typedef __clang_svint32x2_t svint32x2_t;
typedef __clang_svint64x2_t svint64x2_t;
typedef __clang_svuint8x2_t svuint8x2_t;
typedef __clang_svuint16x2_t svuint16x2_t;
typedef __clang_svuint32x2_t svuint32x2_t;
typedef __clang_svuint64x2_t svuint64x2_t;
typedef __clang_svfloat16x2_t svfloat16x2_t;
typedef __clang_svfloat32x2_t svfloat32x2_t;
typedef __clang_svfloat64x2_t svfloat64x2_t;
typedef __clang_svint8x3_t svint8x3_t;
typedef __clang_svint16x3_t svint16x3_t;
typedef __clang_svint32x3_t svint32x3_t;
typedef __clang_svint64x3_t svint64x3_t;
typedef __clang_svuint8x3_t svuint8x3_t;
typedef __clang_svuint16x3_t svuint16x3_t;
typedef __clang_svuint32x3_t svuint32x3_t;
typedef __clang_svuint64x3_t svuint64x3_t;
typedef __clang_svfloat16x3_t svfloat16x3_t;
typedef __clang_svfloat32x3_t svfloat32x3_t;
typedef __clang_svfloat64x3_t svfloat64x3_t;
typedef __clang_svint8x4_t svint8x4_t;
typedef __clang_svint16x4_t svint16x4_t;
typedef __clang_svint32x4_t svint32x4_t;
typedef __clang_svint64x4_t svint64x4_t;
typedef __clang_svuint8x4_t svuint8x4_t;
typedef __clang_svuint16x4_t svuint16x4_t;
typedef __clang_svuint32x4_t svuint32x4_t;
typedef __clang_svuint64x4_t svuint64x4_t;
typedef __clang_svfloat16x4_t svfloat16x4_t;
typedef __clang_svfloat32x4_t svfloat32x4_t;
typedef __clang_svfloat64x4_t svfloat64x4_t;
typedef __SVBool_t  svbool_t;
typedef __clang_svboolx2_t  svboolx2_t;
typedef __clang_svboolx4_t  svboolx4_t;

typedef __clang_svbfloat16x2_t svbfloat16x2_t;
typedef __clang_svbfloat16x3_t svbfloat16x3_t;
typedef __clang_svbfloat16x4_t svbfloat16x4_t;
"#;

/// The rest of the typedefs, the pattern and prefetch enums and the function attributes.
const SVE_ENUMS: &str = r#"typedef __SVCount_t svcount_t;

enum svpattern
{
  SV_POW2 = 0,
  SV_VL1 = 1,
  SV_VL2 = 2,
  SV_VL3 = 3,
  SV_VL4 = 4,
  SV_VL5 = 5,
  SV_VL6 = 6,
  SV_VL7 = 7,
  SV_VL8 = 8,
  SV_VL16 = 9,
  SV_VL32 = 10,
  SV_VL64 = 11,
  SV_VL128 = 12,
  SV_VL256 = 13,
  SV_MUL4 = 29,
  SV_MUL3 = 30,
  SV_ALL = 31
};

enum svprfop
{
  SV_PLDL1KEEP = 0,
  SV_PLDL1STRM = 1,
  SV_PLDL2KEEP = 2,
  SV_PLDL2STRM = 3,
  SV_PLDL3KEEP = 4,
  SV_PLDL3STRM = 5,
  SV_PSTL1KEEP = 8,
  SV_PSTL1STRM = 9,
  SV_PSTL2KEEP = 10,
  SV_PSTL2STRM = 11,
  SV_PSTL3KEEP = 12,
  SV_PSTL3STRM = 13
};

/* Function attributes */
#define __ai static __inline__ __attribute__((__always_inline__, __nodebug__))

#define __aio static __inline__ __attribute__((__always_inline__, __nodebug__, __overloadable__))

"#;
