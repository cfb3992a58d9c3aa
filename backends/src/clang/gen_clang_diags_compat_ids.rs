//! `-gen-clang-diags-compat-ids` (LLVM 22 on): the `CompatWarningId`s of a component (all with
//! no `-clang-component`), numbered among all of them, between `DIAG_COMPAT_IDS_BEGIN()` and
//! `DIAG_COMPAT_IDS_END()` per component (ClangDiagnosticsEmitter.cpp,
//! `EmitClangDiagsCompatIDs`).

use crate::{all_derived_definitions, Backend, BackendError, BackendOptions, Output};
use std::io::Write;
use tdq_core::Evaluation;
use tdq_models::Fields;

pub struct GenClangDiagsCompatIds;

impl Backend for GenClangDiagsCompatIds {
    fn name(&self) -> &'static str {
        "gen-clang-diags-compat-ids"
    }
    fn help(&self) -> &'static str {
        "Generate Clang diagnostic compatibility ids"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let fields = Fields { input };
        let component = super::component(options);
        let mut text = String::new();
        let mut previous = "";
        for (i, id) in all_derived_definitions(input, "CompatWarningId")?.into_iter().enumerate() {
            let diag_component = fields.string(id, "Component")?;
            if !component.is_empty() && component != diag_component {
                continue;
            }
            let name = fields.string(id, "Name")?;
            let diag = fields.string(id, "Diag")?;
            let diag_pre = fields.string(id, "DiagPre")?;
            let std = fields.int(id, "Std")?;
            // No empty enums: a component's ids open and close their own.
            if previous != diag_component {
                if !previous.is_empty() {
                    text.push_str("DIAG_COMPAT_IDS_END()\n");
                }
                text.push_str("DIAG_COMPAT_IDS_BEGIN()\n");
                previous = diag_component;
            }
            text.push_str(&format!("DIAG_COMPAT_ID({i},{name},{std},{diag},{diag_pre})\n"));
        }
        if !previous.is_empty() {
            text.push_str("DIAG_COMPAT_IDS_END()\n");
        }
        out.write_all(text.as_bytes())?;
        Ok(())
    }
}
