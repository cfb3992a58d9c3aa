//! `-gen-hlsl-inline-intrinsics` (LLVM 23, `hlsl_inline_intrinsics_gen.inc`): every overload of
//! each HLSL intrinsic defined inline, calling its `__detail` helper or of its literal body,
//! printed as `-gen-hlsl-alias-intrinsics` prints the aliases.

use super::gen_hlsl_alias_intrinsics::emit_intrinsics;
use crate::{Backend, BackendError, BackendOptions, Output};
use tdq_core::Evaluation;

pub struct GenHlslInlineIntrinsics;

impl Backend for GenHlslInlineIntrinsics {
    fn name(&self) -> &'static str {
        "gen-hlsl-inline-intrinsics"
    }
    fn help(&self) -> &'static str {
        "Generate HLSL inline intrinsic overloads for hlsl_intrinsics.h"
    }
    fn emit(&self, input: &Evaluation, _options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        emit_intrinsics(input, true, out)
    }
}
