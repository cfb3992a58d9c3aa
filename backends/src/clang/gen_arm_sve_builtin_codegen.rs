//! `-gen-arm-sve-builtin-codegen` and `-gen-arm-sme-builtin-codegen` (`arm_sve_builtin_cg.inc`,
//! `arm_sme_builtin_cg.inc`): each builtin's LLVM intrinsic and flags, by builtin ID
//! (`SVEMAP1(builtin, intrinsic, flags)`, `SVEMAP2(builtin, flags)` for one of none). SVE's
//! intrinsic names have their `{d}` replaced; SME's are written as they are.

use super::gen_arm_sve_builtins::by_builtin_id;
use super::gen_arm_sve_header::Acle;
use crate::{Backend, BackendError, BackendOptions, Output};
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::Evaluation;
use tdq_models::clang::sve_intrinsics::{ClassKind, SveNames};
use tdq_models::Fatal;

pub struct GenArmSveBuiltinCodegen;
pub struct GenArmSmeBuiltinCodegen;

fn emit(input: &Evaluation, kind: Acle) -> Result<String, Fatal> {
    let names = SveNames::new(input)?;
    let upper = kind.upper();
    let mut s = format!("#ifdef GET_{upper}_LLVM_INTRINSIC_MAP\n");
    for i in by_builtin_id(input, &names)? {
        if i.class == ClassKind::G {
            continue;
        }
        let llvm_name = match kind {
            Acle::Sve => i.mangled_llvm.as_str(),
            Acle::Sme => i.llvm_name,
        };
        let builtin = i.mangled_name(ClassKind::S);
        if llvm_name.is_empty() {
            let _ = writeln!(s, "{upper}MAP2({builtin}, {}),", i.flags);
        } else {
            let _ = writeln!(s, "{upper}MAP1({builtin}, {llvm_name}, {}),", i.flags);
        }
    }
    s.push_str("#endif\n\n");
    Ok(s)
}

impl Backend for GenArmSveBuiltinCodegen {
    fn name(&self) -> &'static str {
        "gen-arm-sve-builtin-codegen"
    }
    fn help(&self) -> &'static str {
        "Generate arm_sve_builtin_cg_map.inc for clang"
    }
    fn emit(&self, input: &Evaluation, _: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        out.write_all(emit(input, Acle::Sve)?.as_bytes())?;
        Ok(())
    }
}

impl Backend for GenArmSmeBuiltinCodegen {
    fn name(&self) -> &'static str {
        "gen-arm-sme-builtin-codegen"
    }
    fn help(&self) -> &'static str {
        "Generate arm_sme_builtin_cg_map.inc for clang"
    }
    fn emit(&self, input: &Evaluation, _: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        out.write_all(emit(input, Acle::Sme)?.as_bytes())?;
        Ok(())
    }
}
