//! `-gen-arm-sve-sema-rangechecks` and `-gen-arm-sme-sema-rangechecks`
//! (`arm_sve_sema_rangechecks.inc`, `arm_sme_sema_rangechecks.inc`): for each builtin with
//! immediate operands, by builtin ID, a `case` adding each operand's check (operand, check
//! kind, element size). LLVM 20's SVE checks are `emplace_back`ed; SME's, and LLVM 19's, are
//! `push_back`ed tuples.

use super::gen_arm_sve_builtins::by_builtin_id;
use super::gen_arm_sve_header::Acle;
use crate::{Backend, BackendError, BackendOptions, Output};
use std::collections::HashSet;
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::{ByRelease, Evaluation, Release};
use tdq_models::clang::sve_intrinsics::{ClassKind, SveNames};
use tdq_models::Fatal;

pub struct GenArmSveSemaRangechecks;
pub struct GenArmSmeSemaRangechecks;

/// How a release writes a check.
struct Form {
    /// SVE's checks are `emplace_back`ed (LLVM 20).
    sve_emplaces: bool,
    /// The operand is unsigned (LLVM 19; an `int` from 20).
    unsigned_operand: bool,
}

const FORM: ByRelease<Form> = ByRelease {
    v19: Form { sve_emplaces: false, unsigned_operand: true },
    v22: Form { sve_emplaces: true, unsigned_operand: false },
    v23: Form { sve_emplaces: true, unsigned_operand: false },
};

fn emit(input: &Evaluation, kind: Acle, release: Release) -> Result<String, Fatal> {
    let names = SveNames::new(input)?;
    let (lower, upper) = (kind.lower(), kind.upper());
    let form = FORM.get(release);
    let emplace = kind == Acle::Sve && form.sve_emplaces;
    let mut s = format!("#ifdef GET_{upper}_IMMEDIATE_CHECK\n");
    let mut emitted = HashSet::new();
    for i in by_builtin_id(input, &names)? {
        let name = i.mangled_name(ClassKind::S);
        if i.imm_checks.is_empty() || emitted.contains(name) {
            continue;
        }
        let _ = writeln!(s, "case {upper}::BI__builtin_{lower}_{name}:");
        for c in &i.imm_checks {
            let arg = if form.unsigned_operand { (c.arg as u32).to_string() } else { c.arg.to_string() };
            if emplace {
                let _ = writeln!(s, "ImmChecks.emplace_back({arg}, {}, {});", c.kind, c.element_bits);
            } else {
                let _ = writeln!(s, "ImmChecks.push_back(std::make_tuple({arg}, {}, {}));", c.kind, c.element_bits);
            }
        }
        s.push_str("  break;\n");
        emitted.insert(name.to_string());
    }
    s.push_str("#endif\n\n");
    Ok(s)
}

impl Backend for GenArmSveSemaRangechecks {
    fn name(&self) -> &'static str {
        "gen-arm-sve-sema-rangechecks"
    }
    fn help(&self) -> &'static str {
        "Generate arm_sve_sema_rangechecks.inc for clang"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        out.write_all(emit(input, Acle::Sve, options.release)?.as_bytes())?;
        Ok(())
    }
}

impl Backend for GenArmSmeSemaRangechecks {
    fn name(&self) -> &'static str {
        "gen-arm-sme-sema-rangechecks"
    }
    fn help(&self) -> &'static str {
        "Generate arm_sme_sema_rangechecks.inc for clang"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        out.write_all(emit(input, Acle::Sme, options.release)?.as_bytes())?;
        Ok(())
    }
}
