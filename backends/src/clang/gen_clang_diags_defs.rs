//! `-gen-clang-diags-defs`: one `DIAG(...)` line per diagnostic of a component (all with no
//! `-clang-component`): its class, default severity, text (substitutions expanded), group
//! number (or `-Wpedantic`'s, for an extension it takes in implicitly), SFINAE response,
//! flags, category and, from LLVM 23, the offsets of its stable IDs (`EmitClangDiagsDefs`).
//! An error in a warning group or a remark in none is fatal; a text starting with a capital
//! or ending with punctuation is an error.

use super::gen_clang_diags_stable_ids::StableIds;
use crate::{Backend, BackendError, BackendOptions, Output};
use rustc_hash::FxHashSet as HashSet;
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::types::RecId;
use tdq_core::{ByRelease, Evaluation};
use tdq_models::clang::diag_text::DiagTextBuilder;
use tdq_models::clang::diagnostics::{wording_errors, DiagnosticGroups, Memo};
use tdq_models::Fields;

pub struct GenClangDiagsDefs;

/// Whether each `DIAG` ends with the stable ID's offset and the legacy IDs' start (LLVM 23).
const STABLE_IDS: ByRelease<bool> = ByRelease { v19: false, v22: false, v23: true };

impl Backend for GenClangDiagsDefs {
    fn name(&self) -> &'static str {
        "gen-clang-diags-defs"
    }
    fn help(&self) -> &'static str {
        "Generate Clang diagnostics definitions"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let fields = Fields { input };
        let records = &input.records;
        let component = super::component(options);
        let mut text = String::new();
        if !component.is_empty() {
            let upper = component.to_ascii_uppercase();
            let _ = write!(
                text,
                "#ifdef {upper}START\n__{upper}START = DIAG_START_{upper},\n#undef {upper}START\n#endif\n\n"
            );
        }
        let builder = DiagTextBuilder::new(input, options.release)?;
        let groups = DiagnosticGroups::new(input, &mut out.diags)?;
        let (_, category_ids) = groups.category_ids()?;
        let stable_ids = if *STABLE_IDS.get(options.release) { Some(StableIds::new(input)?) } else { None };
        let pedantic: HashSet<RecId> = groups.pedantic()?.diags.into_iter().collect();
        // The few classes' names, each looked up once (most diagnostics are not printed: their
        // names are not looked up at all).
        let mut class_names = Memo::default();
        for (&diag, &category_id) in groups.diags.iter().zip(&category_ids) {
            let record = records.get(diag);
            let name = || records.name_sym(diag);
            let class = class_names.get(fields.def(diag, "Class")?, |class| Ok(records.name_sym(class)))?;
            if let Some(group) = groups.group_of(diag).filter(|_| class == "CLASS_ERROR") {
                let group_name = fields.string(group, "GroupName")?;
                return Err(BackendError::fatal(
                    &record.locs,
                    format!("Error {} cannot be in a warning group [{group_name}]", name()),
                ));
            }
            if class == "CLASS_REMARK" && groups.group_of(diag).is_none() {
                return Err(BackendError::fatal(&record.locs, format!("Error {} not in any diagnostic group", name())));
            }
            if !component.is_empty() && component != fields.string(diag, "Component")? {
                continue;
            }
            for error in wording_errors(fields.string(diag, "Summary")?, options.release) {
                out.diags.error_at(&record.locs, error);
            }
            let severity = fields.string(fields.def(diag, "DefaultSeverity")?, "Name")?;
            let name = name();
            let _ = write!(text, "DIAG({name}, {class}, (unsigned)diag::Severity::{severity}, \"");
            crate::common::emit::write_escaped(&mut text, builder.for_definition(diag)?.as_bytes());
            text.push('"');
            let group_id = match groups.group_of(diag) {
                Some(group) => groups.info(fields.string(group, "GroupName")?).map_or(0, |info| info.id),
                None if pedantic.contains(&diag) => match groups.info("pedantic") {
                    Some(info) => info.id,
                    None => {
                        return Err(BackendError::fatal(
                            &record.locs,
                            format!(
                                "{name} is an extension implicitly in -Wpedantic, but no group 'pedantic' is defined"
                            ),
                        ))
                    }
                },
                None => 0,
            };
            let sfinae = records.name_sym(fields.def(diag, "SFINAE")?);
            let _ = write!(text, ", {group_id}, {sfinae}");
            for flag in ["WarningNoWerror", "ShowInSystemHeader", "ShowInSystemMacro", "Deferrable"] {
                text.push_str(if fields.bit(diag, flag)? { ", true" } else { ", false" });
            }
            let _ = write!(text, ", {category_id}");
            if let Some(ids) = &stable_ids {
                let _ = write!(text, ", {}, {}", ids.offset(diag), ids.legacy_start(diag));
            }
            text.push_str(")\n");
        }
        out.write_all(text.as_bytes())?;
        Ok(())
    }
}
