//! `-gen-arm-sme-builtin-za-state` (`arm_sme_builtins_za_state.inc`): the SME builtins by the
//! ZA and ZT0 state they use (`ArmInZA`, `ArmOutZA | ArmInZT0`, ...), the states by name, each
//! one's `case`s by name.

use crate::{Backend, BackendError, BackendOptions, Output};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::Evaluation;
use tdq_models::clang::sve_intrinsics::{sve_intrinsics, ClassKind, SveIntrinsic, SveNames};
use tdq_models::Fatal;

pub struct GenArmSmeBuiltinZaState;

/// The first of `states` whose flag the intrinsic has (each flag looked up as clang-tblgen does,
/// only until one is set).
fn state(names: &SveNames, i: &SveIntrinsic, states: [(&str, &'static str); 3]) -> Result<Option<&'static str>, Fatal> {
    for (flag, state) in states {
        if i.is_flag_set(names.flag(flag)?) {
            return Ok(Some(state));
        }
    }
    Ok(None)
}

impl Backend for GenArmSmeBuiltinZaState {
    fn name(&self) -> &'static str {
        "gen-arm-sme-builtin-za-state"
    }
    fn help(&self) -> &'static str {
        "Generate arm_sme_builtins_za_state.inc for clang"
    }
    fn emit(&self, input: &Evaluation, _: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let names = SveNames::new(input)?;
        let mut by_state: BTreeMap<String, BTreeSet<&str>> = BTreeMap::new();
        let defs = sve_intrinsics(input, &names)?;
        for i in &defs {
            let za = state(&names, i, [("IsInZA", "ArmInZA"), ("IsOutZA", "ArmOutZA"), ("IsInOutZA", "ArmInOutZA")])?;
            let zt0 =
                state(&names, i, [("IsInZT0", "ArmInZT0"), ("IsOutZT0", "ArmOutZT0"), ("IsInOutZT0", "ArmInOutZT0")])?;
            let key = [za, zt0].into_iter().flatten().collect::<Vec<_>>().join(" | ");
            if !key.is_empty() {
                by_state.entry(key).or_default().insert(i.mangled_name(ClassKind::S));
            }
        }
        let mut s = String::from("#ifdef GET_SME_BUILTIN_GET_STATE\n");
        for (key, builtins) in &by_state {
            for name in builtins {
                let _ = writeln!(s, "case SME::BI__builtin_sme_{name}:");
            }
            let _ = writeln!(s, "  return {key};");
        }
        s.push_str("#endif\n\n");
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}
