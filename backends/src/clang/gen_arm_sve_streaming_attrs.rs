//! `-gen-arm-sve-streaming-attrs` and `-gen-arm-sme-streaming-attrs`
//! (`arm_sve_streaming_attrs.inc`, `arm_sme_streaming_attrs.inc`): the builtins by the
//! streaming mode they need (`ArmStreaming`, `VerifyRuntimeMode`, `ArmStreamingCompatible`,
//! `ArmNonStreaming`), each mode's `case`s by name, the modes in their `StringMap`'s order. A
//! builtin of both SVE and SME must verify its mode at run time, and (LLVM 20) only such a
//! builtin may.

use super::gen_arm_sve_header::Acle;
use crate::common::string_map::string_map_order;
use crate::{Backend, BackendError, BackendOptions, Output};
use rustc_hash::FxHashMap;
use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::{ByRelease, Evaluation, Release};
use tdq_models::clang::sve_intrinsics::{sve_intrinsics, ClassKind, SveNames};
use tdq_models::Fatal;

pub struct GenArmSveStreamingAttrs;
pub struct GenArmSmeStreamingAttrs;

/// Whether a builtin that verifies its mode must have both guards (LLVM 20).
const RUNTIME_MODE_NEEDS_GUARDS: ByRelease<bool> = ByRelease { v19: false, v22: true, v23: true };

fn emit(input: &Evaluation, kind: Acle, release: Release) -> Result<String, Fatal> {
    let names = SveNames::new(input)?;
    let defs = sve_intrinsics(input, &names)?;
    let upper = kind.upper();
    let mut s = format!("#ifdef GET_{upper}_STREAMING_ATTRS\n");
    let streaming = names.flag("IsStreaming")?;
    let runtime_mode = names.flag("VerifyRuntimeMode")?;
    let compatible = names.flag("IsStreamingCompatible")?;
    let mut modes: FxHashMap<&str, BTreeSet<&str>> = FxHashMap::default();
    let mut order = Vec::new();
    for i in &defs {
        let locs = &input.records.get(i.record).locs;
        let both = !i.sve_guard.is_empty() && !i.sme_guard.is_empty();
        if !i.is_flag_set(runtime_mode) && both {
            return Err(Fatal::new(locs, "Missing VerifyRuntimeMode flag"));
        }
        if i.is_flag_set(runtime_mode) && !both && *RUNTIME_MODE_NEEDS_GUARDS.get(release) {
            return Err(Fatal::new(locs, "VerifyRuntimeMode requires SVE and SME guards"));
        }
        let mode = if i.is_flag_set(streaming) {
            "ArmStreaming"
        } else if i.is_flag_set(runtime_mode) {
            "VerifyRuntimeMode"
        } else if i.is_flag_set(compatible) {
            "ArmStreamingCompatible"
        } else {
            "ArmNonStreaming"
        };
        order.push(mode);
        modes.entry(mode).or_default().insert(i.mangled_name(ClassKind::S));
    }
    let lower = kind.lower();
    for mode in string_map_order(release, order) {
        for name in &modes[mode] {
            let _ = writeln!(s, "case {upper}::BI__builtin_{lower}_{name}:");
        }
        let _ = write!(s, "  BuiltinType = {mode};\n  break;\n");
    }
    s.push_str("#endif\n\n");
    Ok(s)
}

impl Backend for GenArmSveStreamingAttrs {
    fn name(&self) -> &'static str {
        "gen-arm-sve-streaming-attrs"
    }
    fn help(&self) -> &'static str {
        "Generate arm_sve_streaming_attrs.inc for clang"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        out.write_all(emit(input, Acle::Sve, options.release)?.as_bytes())?;
        Ok(())
    }
}

impl Backend for GenArmSmeStreamingAttrs {
    fn name(&self) -> &'static str {
        "gen-arm-sme-streaming-attrs"
    }
    fn help(&self) -> &'static str {
        "Generate arm_sme_streaming_attrs.inc for clang"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        out.write_all(emit(input, Acle::Sme, options.release)?.as_bytes())?;
        Ok(())
    }
}
