//! `-gen-clang-diags-stable-ids` (LLVM 23): the string table of every diagnostic's stable ID
//! (its `StableId`, else its name) and of its legacy ones, and the zero-separated lists of
//! each diagnostic's legacy IDs (`DiagStableIDsMap`); `-gen-clang-diags-defs` prints the
//! offsets into both.

use crate::common::emit::StringToOffsetTable;
use crate::{all_derived_definitions, Backend, BackendError, BackendOptions, Output};
use std::collections::HashMap;
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::types::RecId;
use tdq_core::Evaluation;
use tdq_models::{Fatal, Fields};

pub struct GenClangDiagsStableIds;

impl Backend for GenClangDiagsStableIds {
    fn name(&self) -> &'static str {
        "gen-clang-diags-stable-ids"
    }
    fn help(&self) -> &'static str {
        "Generate Clang diagnostic stable IDs"
    }
    fn emit(&self, input: &Evaluation, _options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let ids = StableIds::new(input)?;
        let mut text = String::new();
        ids.emit(&mut text);
        out.write_all(text.as_bytes())?;
        Ok(())
    }
}

/// The stable IDs of the diagnostics and where each one's legacy IDs start.
pub struct StableIds<'a> {
    input: &'a Evaluation,
    table: StringToOffsetTable,
    /// The offsets of the legacy IDs, each diagnostic's list ended by 0, after an empty list.
    legacy: Vec<u32>,
    legacy_starts: HashMap<String, u32>,
}

impl<'a> StableIds<'a> {
    pub fn new(input: &'a Evaluation) -> Result<Self, Fatal> {
        let fields = Fields { input };
        let mut ids = StableIds {
            input,
            table: StringToOffsetTable::starting_empty(),
            legacy: vec![0],
            legacy_starts: HashMap::new(),
        };
        for diag in all_derived_definitions(input, "Diagnostic")? {
            let stable = ids.stable_id(diag)?;
            ids.table.get_or_add(&stable);
            let legacy = fields.strings(diag, "LegacyStableIds")?;
            if !legacy.is_empty() {
                let start = ids.legacy.len() as u32;
                ids.legacy_starts.entry(input.records.get(diag).name_string()).or_insert(start);
                for id in legacy {
                    let offset = ids.table.get_or_add(id);
                    ids.legacy.push(offset);
                }
                ids.legacy.push(0);
            }
        }
        Ok(ids)
    }

    /// The diagnostic's `StableId`, or its name when that is empty.
    fn stable_id(&self, diag: RecId) -> Result<String, Fatal> {
        let id = Fields { input: self.input }.string(diag, "StableId")?;
        Ok(if id.is_empty() { self.input.records.get(diag).name_string() } else { id.to_string() })
    }

    /// Where the diagnostic's stable ID is in the string table.
    pub fn offset(&self, diag: RecId) -> Result<u32, Fatal> {
        Ok(self.table.get(&self.stable_id(diag)?).unwrap_or(0))
    }

    /// Where the diagnostic's legacy IDs start in `DiagLegacyStableIDs`, 0 for none.
    pub fn legacy_start(&self, diag: RecId) -> u32 {
        self.legacy_starts.get(&self.input.records.get(diag).name_string()).copied().unwrap_or(0)
    }

    fn emit(&self, out: &mut String) {
        out.push_str("\n#ifdef GET_DIAG_STABLE_ID_ARRAYS\n");
        self.table.emit_string_table_def("DiagStableIDs", out);
        out.push('\n');
        out.push_str("static const uint32_t DiagLegacyStableIDs[] = {\n");
        let mut start_of_line = true;
        for &offset in &self.legacy {
            if start_of_line {
                out.push_str("  ");
                start_of_line = false;
            }
            let _ = write!(out, "{offset},");
            if offset > 0 {
                out.push(' ');
            } else {
                out.push('\n');
                start_of_line = true;
            }
        }
        out.push_str("};\n\n");
        out.push_str("#endif // GET_DIAG_STABLE_ID_ARRAYS\n\n");
    }
}
