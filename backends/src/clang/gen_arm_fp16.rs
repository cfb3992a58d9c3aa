//! `-gen-arm-fp16` (`arm_fp16.h`): the scalar half-precision intrinsics of `arm_fp16.td` as
//! [`NeonModel::functions`] writes them.

use super::gen_arm_neon::{AI, MIT_LICENSE};
use crate::{Backend, BackendError, BackendOptions, Output};
use std::io::Write;
use tdq_core::Evaluation;
use tdq_models::clang::neon_intrinsics::NeonModel;

pub struct GenArmFp16;

impl Backend for GenArmFp16 {
    fn name(&self) -> &'static str {
        "gen-arm-fp16"
    }
    fn help(&self) -> &'static str {
        "Generate arm_fp16.h for clang"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let mut s = String::from("/*===---- arm_fp16.h - ARM FP16 intrinsics ---------------------------------===\n");
        s.push_str(MIT_LICENSE);
        s.push_str("#ifndef __ARM_FP16_H\n#define __ARM_FP16_H\n\n#include <stdint.h>\n\ntypedef __fp16 float16_t;\n");
        s.push_str(AI);
        s.push_str(&NeonModel::new(input, options.release)?.functions()?);
        s.push_str("\n#undef __ai\n\n#endif /* __ARM_FP16_H */\n");
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}
