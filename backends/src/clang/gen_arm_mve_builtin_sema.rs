//! `-gen-arm-mve-builtin-sema` and `-gen-arm-cde-builtin-sema` (`arm_mve_builtin_sema.inc`,
//! `arm_cde_builtin_sema.inc`): the builtins whose immediate operands Sema checks, grouped by
//! the text of their checks (ranges, then `Multiple`/`Power2`-style extra checks): MVE's
//! `case`s return the check, CDE's set `Err`.

use crate::{Backend, BackendError, BackendOptions, Output};
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::Evaluation;
use tdq_models::clang::mve_intrinsics::MveModel;
use tdq_models::Fatal;

pub struct GenArmMveBuiltinSema;
pub struct GenArmCdeBuiltinSema;

/// How a family's `case`s end: MVE's return the check, CDE's set `Err`.
fn returns(s: &mut String, check: &str) {
    let _ = write!(s, "  return {check}");
}

fn sets_err(s: &mut String, check: &str) {
    let _ = writeln!(s, "  Err = {check}  break;");
}

fn emit(
    input: &Evaluation,
    options: &BackendOptions,
    extension: &str,
    end: fn(&mut String, &str),
) -> Result<String, Fatal> {
    let model = MveModel::new(input, options.release)?;
    let mut s = String::new();
    for (check, names) in model.sema_checks() {
        for name in names {
            let _ = writeln!(s, "case ARM::BI__builtin_arm_{extension}_{name}:");
        }
        end(&mut s, &check);
    }
    Ok(s)
}

impl Backend for GenArmMveBuiltinSema {
    fn name(&self) -> &'static str {
        "gen-arm-mve-builtin-sema"
    }
    fn help(&self) -> &'static str {
        "Generate ARM MVE builtin sema checks for clang"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        out.write_all(emit(input, options, "mve", returns)?.as_bytes())?;
        Ok(())
    }
}

impl Backend for GenArmCdeBuiltinSema {
    fn name(&self) -> &'static str {
        "gen-arm-cde-builtin-sema"
    }
    fn help(&self) -> &'static str {
        "Generate ARM CDE builtin sema checks for clang"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        out.write_all(emit(input, options, "cde", sets_err)?.as_bytes())?;
        Ok(())
    }
}
