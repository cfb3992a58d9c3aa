//! `-gen-arm-bf16` (`arm_bf16.h`): the scalar bfloat16 intrinsics of `arm_bf16.td` as
//! [`NeonModel::functions`] writes them.

use super::gen_arm_neon::AI;
use crate::{Backend, BackendError, BackendOptions, Output};
use std::io::Write;
use tdq_core::Evaluation;
use tdq_models::clang::neon_intrinsics::NeonModel;

pub struct GenArmBf16;

const BANNER: &str = "/*===---- arm_bf16.h - ARM BF16 intrinsics -----------------------------------===\n *\n *\n * Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.\n * See https://llvm.org/LICENSE.txt for license information.\n * SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception\n *\n *===-----------------------------------------------------------------------===\n */\n\n";

impl Backend for GenArmBf16 {
    fn name(&self) -> &'static str {
        "gen-arm-bf16"
    }
    fn help(&self) -> &'static str {
        "Generate arm_bf16.h for clang"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let mut s = String::from(BANNER);
        s.push_str("#ifndef __ARM_BF16_H\n#define __ARM_BF16_H\n\ntypedef __bf16 bfloat16_t;\n");
        s.push_str(AI);
        s.push_str(&NeonModel::new(input, options.release)?.functions()?);
        s.push_str("\n#undef __ai\n\n#endif\n");
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}
