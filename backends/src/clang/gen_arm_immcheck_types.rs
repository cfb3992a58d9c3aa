//! `-gen-arm-immcheck-types` (LLVM 20 on, `arm_immcheck_types.inc`): the enumerators of the
//! ARM intrinsics' immediate checks, in their `StringMap`'s order.

use super::gen_arm_sve_typeflags::{enumerators, SveTables};
use crate::{Backend, BackendError, BackendOptions, Output};
use std::io::Write;
use tdq_core::Evaluation;

pub struct GenArmImmcheckTypes;

impl Backend for GenArmImmcheckTypes {
    fn name(&self) -> &'static str {
        "gen-arm-immcheck-types"
    }
    fn help(&self) -> &'static str {
        "Generate arm_immcheck_types.inc (immediate range check types) for clang"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let tables = SveTables::new(input, options.release)?;
        let mut s = String::new();
        enumerators(&mut s, "LLVM_GET_ARM_INTRIN_IMMCHECKTYPES", &tables.imm_check_types);
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}
