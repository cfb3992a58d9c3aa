//! `-gen-arm-sve-builtins-json` and `-gen-arm-sme-builtins-json` (LLVM 20 on,
//! `arm_sve_builtins.json`, `arm_sme_builtins.json`): each intrinsic, in the order they are
//! made, as its guards, its streaming and ZA/ZT0 requirements and its C declaration, an
//! immediate operand named by its check (`ImmCheck0_7`) instead of its type.

use crate::{Backend, BackendError, BackendOptions, Output};
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::Evaluation;
use tdq_models::clang::sve_intrinsics::{sve_intrinsics, SveIntrinsic, SveNames};
use tdq_models::Fatal;

pub struct GenArmSveBuiltinsJson;
pub struct GenArmSmeBuiltinsJson;

/// Whether any of the named flags is set.
fn any_flag(names: &SveNames, i: &SveIntrinsic, flags: [&str; 3]) -> Result<bool, Fatal> {
    for flag in flags {
        if i.is_flag_set(names.flag(flag)?) {
            return Ok(true);
        }
    }
    Ok(false)
}

/// `createBuiltinsJSON`.
fn emit(input: &Evaluation) -> Result<String, Fatal> {
    let names = SveNames::new(input)?;
    let mut s = String::from("[\n");
    for (n, i) in sve_intrinsics(input, &names)?.iter().enumerate() {
        let mut flags = Vec::new();
        if i.is_flag_set(names.flag("IsStreaming")?) {
            flags.push("streaming-only");
        } else if i.is_flag_set(names.flag("IsStreamingCompatible")?) {
            flags.push("streaming-compatible");
        } else if i.is_flag_set(names.flag("VerifyRuntimeMode")?) {
            flags.push("feature-dependent");
        }
        if any_flag(&names, i, ["IsInZA", "IsOutZA", "IsInOutZA"])? {
            flags.push("requires-za");
        }
        if any_flag(&names, i, ["IsInZT0", "IsOutZT0", "IsInOutZT0"])? {
            flags.push("requires-zt");
        }
        if n > 0 {
            s.push_str(",\n");
        }
        let _ = write!(
            s,
            "{{ \"guard\": \"{}\",\"streaming_guard\": \"{}\",\"flags\": \"{}\",\"builtin\": \"{} {}(",
            i.sve_guard,
            i.sme_guard,
            flags.join(","),
            i.types[0].c_name(),
            i.mangled_name(i.class)
        );
        for (p, t) in i.types[1..].iter().enumerate() {
            if p > 0 {
                s.push_str(", ");
            }
            // Patterns and prefetch operations are checked, but their types say enough.
            if t.is_predicate_pattern() || t.is_prefetch_op() {
                s.push_str(&t.c_name());
                continue;
            }
            match i.imm_checks.iter().find(|c| c.arg as i64 == p as i64) {
                Some(check) => s.push_str(names.imm_check_name(check.kind)?),
                None => s.push_str(&t.c_name()),
            }
        }
        s.push_str(");\" }");
    }
    s.push_str("\n]\n");
    Ok(s)
}

impl Backend for GenArmSveBuiltinsJson {
    fn name(&self) -> &'static str {
        "gen-arm-sve-builtins-json"
    }
    fn help(&self) -> &'static str {
        "Generate arm_sve_buitins.json"
    }
    fn emit(&self, input: &Evaluation, _: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        out.write_all(emit(input)?.as_bytes())?;
        Ok(())
    }
}

impl Backend for GenArmSmeBuiltinsJson {
    fn name(&self) -> &'static str {
        "gen-arm-sme-builtins-json"
    }
    fn help(&self) -> &'static str {
        "Generate arm_sme_buitins.json"
    }
    fn emit(&self, input: &Evaluation, _: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        out.write_all(emit(input)?.as_bytes())?;
        Ok(())
    }
}
