//! `-gen-riscv-vector-header` (`riscv_vector.h`): the `RVVHeader` defs' code and a typedef of
//! every RVV vector type (masks, integers signed and unsigned, floats, their tuples); the
//! intrinsics themselves clang declares under `#pragma clang riscv intrinsic vector`.

use crate::BackendOptions;
use std::fmt::Write as _;
use tdq_core::{ByRelease, Evaluation};
use tdq_models::clang::rvv_intrinsics::{
    header_code, type_modifier as tm, BaseTypeModifier, BasicType, Descriptor, TypeCache, VectorTypeModifier,
};
use tdq_models::Fatal;

pub struct GenRiscvVectorHeader;

/// What a release's header has.
struct Form {
    /// `#define __riscv_intrinsic_<ext> 1` for each extension with intrinsics (LLVM 23).
    extensions: &'static [&'static str],
    /// The OFP8 vector typedefs, without tuples (LLVM 23).
    ofp8_types: bool,
    /// `#define __riscv_v_intrinsic_overloading 1` after the typedefs (LLVM 19).
    overloading_macro: bool,
}

const EXTENSIONS_23: &[&str] = &[
    "v",
    "zvabd",
    "zvbb",
    "zvbc",
    "zvdot4a8i",
    "zve32f",
    "zve32x",
    "zve64d",
    "zve64f",
    "zve64x",
    "zvfbfa",
    "zvfbfmin",
    "zvfbfwma",
    "zvfh",
    "zvfhmin",
    "zvfofp8min",
    "zvkb",
    "zvkg",
    "zvkn",
    "zvknc",
    "zvkned",
    "zvkng",
    "zvknha",
    "zvknhb",
    "zvks",
    "zvksc",
    "zvksed",
    "zvksg",
    "zvksh",
];

const FORM: ByRelease<Form> = ByRelease {
    v19: Form { extensions: &[], ofp8_types: false, overloading_macro: true },
    v22: Form { extensions: &[], ofp8_types: false, overloading_macro: false },
    v23: Form { extensions: EXTENSIONS_23, ofp8_types: true, overloading_macro: false },
};

const LOG2_LMULS: [i32; 7] = [-3, -2, -1, 0, 1, 2, 3];

fn typedef(s: &mut String, cache: &mut TypeCache, bt: BasicType, log2_lmul: i32, d: Descriptor) -> Result<bool, Fatal> {
    let id = cache.compute(bt, log2_lmul, d).map_err(|e| Fatal::new(&[], e))?;
    if let Some(id) = id {
        let t = cache.get(id);
        let _ = writeln!(s, "typedef {} {};", t.clang_builtin_str, t.type_str);
    }
    Ok(id.is_some())
}

fn emit(input: &Evaluation, options: &BackendOptions) -> Result<String, Fatal> {
    let form = FORM.get(options.release);
    let mut s = String::new();
    s += "/*===---- riscv_vector.h - RISC-V V-extension RVVIntrinsics -------------------===\n *\n *\n * Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.\n * See https://llvm.org/LICENSE.txt for license information.\n * SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception\n *\n *===-----------------------------------------------------------------------===\n */\n\n";
    s += "#ifndef __RISCV_VECTOR_H\n#define __RISCV_VECTOR_H\n\n#include <stdint.h>\n#include <stddef.h>\n\n";
    s += "#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n#pragma clang riscv intrinsic vector\n\n";
    for ext in form.extensions {
        let _ = writeln!(s, "#define __riscv_intrinsic_{ext} 1");
    }
    s += &header_code(input)?;
    let mut cache = TypeCache::default();
    let c = &mut cache;
    let vector = |vtm, modifiers| Descriptor::new(BaseTypeModifier::Vector, vtm, modifiers);
    for l in LOG2_LMULS {
        typedef(&mut s, c, BasicType::Int8, l, Descriptor::MASK)?;
    }
    for bt in [BasicType::Int8, BasicType::Int16, BasicType::Int32, BasicType::Int64] {
        for l in LOG2_LMULS {
            if typedef(&mut s, c, bt, l, Descriptor::VECTOR)? {
                let unsigned = vector(VectorTypeModifier::NoModifier, tm::UNSIGNED_INTEGER);
                if !typedef(&mut s, c, bt, l, unsigned)? {
                    return Err(Fatal::new(&[], "a vector's unsigned form is not a valid type"));
                }
            }
            for nf in 2..=8 {
                typedef(&mut s, c, bt, l, vector(VectorTypeModifier::Tuple(nf), tm::SIGNED_INTEGER))?;
                typedef(&mut s, c, bt, l, vector(VectorTypeModifier::Tuple(nf), tm::UNSIGNED_INTEGER))?;
            }
        }
    }
    for bt in [BasicType::Float16, BasicType::Float32, BasicType::Float64, BasicType::BFloat16] {
        let kind = if bt == BasicType::BFloat16 { tm::BFLOAT } else { tm::FLOAT };
        for l in LOG2_LMULS {
            typedef(&mut s, c, bt, l, Descriptor::VECTOR)?;
            for nf in 2..=8 {
                typedef(&mut s, c, bt, l, vector(VectorTypeModifier::Tuple(nf), kind))?;
            }
        }
    }
    if form.ofp8_types {
        for bt in [BasicType::F8E4M3, BasicType::F8E5M2] {
            for l in LOG2_LMULS {
                typedef(&mut s, c, bt, l, Descriptor::VECTOR)?;
            }
        }
    }
    if form.overloading_macro {
        s += "#define __riscv_v_intrinsic_overloading 1\n";
    }
    s += "\n#ifdef __cplusplus\n}\n#endif // __cplusplus\n#endif // __RISCV_VECTOR_H\n";
    Ok(s)
}

string_backend!(GenRiscvVectorHeader, "gen-riscv-vector-header", "Generate riscv_vector.h for clang", emit);
