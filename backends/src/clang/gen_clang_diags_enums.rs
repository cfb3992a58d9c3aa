//! `-gen-clang-diags-enums` (LLVM 22 on): the enumerations that `%enum_select<Name>` options
//! name in a component's diagnostics (`DIAG_ENUM`, `DIAG_ENUM_ITEM`, `DIAG_ENUM_END`), with
//! clang-tblgen's errors for an enumeration or enumerator named twice
//! (`EmitClangDiagsEnums`).

use crate::{all_derived_definitions, Backend, BackendError, BackendOptions, Output};
use std::io::Write;
use tdq_core::types::RecId;
use tdq_core::Evaluation;
use tdq_models::clang::diag_text::DiagTextBuilder;
use tdq_models::Fields;

pub struct GenClangDiagsEnums;

impl Backend for GenClangDiagsEnums {
    fn name(&self) -> &'static str {
        "gen-clang-diags-enums"
    }
    fn help(&self) -> &'static str {
        "Generate Clang diagnostic enums for selects"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let fields = Fields { input };
        let component = super::component(options);
        let builder = DiagTextBuilder::new(input, options.release)?;
        let mut text = String::new();
        let mut seen: Vec<(RecId, String)> = Vec::new();
        for diag in all_derived_definitions(input, "Diagnostic")? {
            let locs = &input.records.get(diag).locs;
            for (name, enumerators) in builder.for_enum(diag)? {
                let print = component.is_empty() || component == fields.string(diag, "Component")?;
                if let Some((previous, _)) = seen.iter().find(|(_, seen)| *seen == name) {
                    out.diags.error_at(locs, format!("Duplicate enumeration name '{name}'"));
                    out.diags.note_at(&input.records.get(*previous).locs, "Previous diagnostic is here");
                }
                if print {
                    text.push_str(&format!("DIAG_ENUM({name})\n"));
                }
                let mut names: Vec<&str> = Vec::new();
                for (index, enumerator) in &enumerators {
                    if names.contains(&enumerator.as_str()) {
                        out.diags.error_at(locs, format!("Duplicate enumerator name '{enumerator}'"));
                    }
                    names.push(enumerator);
                    if print {
                        text.push_str(&format!("DIAG_ENUM_ITEM({index}, {enumerator})\n"));
                    }
                }
                if print {
                    text.push_str("DIAG_ENUM_END()\n");
                }
                seen.push((diag, name));
            }
        }
        out.write_all(text.as_bytes())?;
        Ok(())
    }
}
