//! `-gen-arm-neon` (`arm_neon.h`): the poly types' typedefs and every NEON intrinsic of
//! `arm_neon.td` as an inline function or a macro, in the order and under the guards of
//! [`NeonModel::functions`]; LLVM 20 also refuses other targets and defines the big-endian lane
//! reversals the functions name.

use super::gen_arm_vector_type::type_defs;
use crate::{Backend, BackendError, BackendOptions, Output};
use std::io::Write;
use tdq_core::{ByRelease, Evaluation};
use tdq_models::clang::neon_intrinsics::NeonModel;

pub struct GenArmNeon;

/// What a release writes before the types and after `__ai`.
struct Form {
    /// The target and floating-point ABI checks.
    checks: &'static str,
    /// The big-endian lane reversal macros.
    lane_reversals: &'static str,
}

const FORM: ByRelease<Form> = ByRelease {
    v19: Form {
        checks: "#ifndef __ARM_FP\n#error \"NEON intrinsics not available with the soft-float ABI. Please use -mfloat-abi=softfp or -mfloat-abi=hard\"\n#else\n\n",
        lane_reversals: "",
    },
    v22: FORM_20,
    v23: FORM_20,
};

const FORM_20: Form = Form {
    checks: "#if !defined(__arm__) && !defined(__aarch64__) && !defined(__arm64ec__)\n#error \"<arm_neon.h> is intended only for ARM and AArch64 targets\"\n#elif !defined(__ARM_FP)\n#error \"NEON intrinsics not available with the soft-float ABI. Please use -mfloat-abi=softfp or -mfloat-abi=hard\"\n#else\n\n",
    lane_reversals: "#if !defined(__LITTLE_ENDIAN__)\n#if defined(__aarch64__) || defined(__arm64ec__)\n#define __lane_reverse_64_32 1,0\n#define __lane_reverse_64_16 3,2,1,0\n#define __lane_reverse_64_8 7,6,5,4,3,2,1,0\n#define __lane_reverse_128_64 1,0\n#define __lane_reverse_128_32 3,2,1,0\n#define __lane_reverse_128_16 7,6,5,4,3,2,1,0\n#define __lane_reverse_128_8 15,14,13,12,11,10,9,8,7,6,5,4,3,2,1,0\n#else\n#define __lane_reverse_64_32 1,0\n#define __lane_reverse_64_16 3,2,1,0\n#define __lane_reverse_64_8 7,6,5,4,3,2,1,0\n#define __lane_reverse_128_64 0,1\n#define __lane_reverse_128_32 1,0,3,2\n#define __lane_reverse_128_16 3,2,1,0,7,6,5,4\n#define __lane_reverse_128_8 7,6,5,4,3,2,1,0,15,14,13,12,11,10,9,8\n#endif\n#endif\n",
};

/// The MIT licence banner of `arm_neon.h` and `arm_fp16.h`, after the file's title line.
pub(crate) const MIT_LICENSE: &str = " *\n * Permission is hereby granted, free of charge, to any person obtaining a copy\n * of this software and associated documentation files (the \"Software\"), to deal\n * in the Software without restriction, including without limitation the rights\n * to use, copy, modify, merge, publish, distribute, sublicense, and/or sell\n * copies of the Software, and to permit persons to whom the Software is\n * furnished to do so, subject to the following conditions:\n *\n * The above copyright notice and this permission notice shall be included in\n * all copies or substantial portions of the Software.\n *\n * THE SOFTWARE IS PROVIDED \"AS IS\", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR\n * IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,\n * FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE\n * AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER\n * LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,\n * OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN\n * THE SOFTWARE.\n *\n *===-----------------------------------------------------------------------===\n */\n\n";

/// `#define __ai ...`: the attributes of every function.
pub(crate) const AI: &str = "#define __ai static __inline__ __attribute__((__always_inline__, __nodebug__))\n\n";

const POLY_TYPES: &str = "#if defined(__aarch64__) || defined(__arm64ec__)\ntypedef uint8_t poly8_t;\ntypedef uint16_t poly16_t;\ntypedef uint64_t poly64_t;\ntypedef __uint128_t poly128_t;\n#else\ntypedef int8_t poly8_t;\ntypedef int16_t poly16_t;\ntypedef int64_t poly64_t;\n#endif\n";

impl Backend for GenArmNeon {
    fn name(&self) -> &'static str {
        "gen-arm-neon"
    }
    fn help(&self) -> &'static str {
        "Generate arm_neon.h for clang"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let form = FORM.get(options.release);
        let mut s = String::from("/*===---- arm_neon.h - ARM Neon intrinsics ---------------------------------===\n");
        s.push_str(MIT_LICENSE);
        s.push_str("#ifndef __ARM_NEON_H\n#define __ARM_NEON_H\n\n");
        s.push_str(form.checks);
        s.push_str("#include <stdint.h>\n\n#include <arm_bf16.h>\n#include <arm_vector_types.h>\n");
        // The signedness of poly types depends on the target.
        s.push_str(POLY_TYPES);
        type_defs(&mut s, "PcQPcPsQPsPlQPl", options.release)?;
        s.push_str(AI);
        s.push_str(form.lane_reversals);
        s.push_str(&NeonModel::new(input, options.release)?.functions()?);
        s.push_str("\n#undef __ai\n\n#endif /* if !defined(__ARM_NEON) */\n#endif /* ifndef __ARM_FP */\n");
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}
