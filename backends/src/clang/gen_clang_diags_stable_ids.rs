//! `-gen-clang-diags-stable-ids` (LLVM 23): the string table of every diagnostic's stable ID
//! (its `StableId`, else its name) and of its legacy ones, and the zero-separated lists of
//! each diagnostic's legacy IDs (`DiagStableIDsMap`); `-gen-clang-diags-defs` prints the
//! offsets into both.

use crate::common::emit::StringToOffsetTable;
use crate::{Backend, BackendError, BackendOptions, Output};
use rustc_hash::FxHashMap as HashMap;
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::types::RecId;
use tdq_core::Evaluation;
use tdq_models::records::derived_definitions;
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
pub struct StableIds {
    table: StringToOffsetTable,
    /// The offsets of the legacy IDs, each diagnostic's list ended by 0, after an empty list.
    legacy: Vec<u32>,
    /// Each diagnostic's (stable ID's offset, legacy IDs' start or 0), found as the table is made.
    by_diag: HashMap<RecId, (u32, u32)>,
}

impl StableIds {
    pub fn new(input: &Evaluation) -> Result<Self, Fatal> {
        let fields = Fields { input };
        let diags = derived_definitions(input, "Diagnostic")?;
        let mut ids = StableIds {
            table: StringToOffsetTable::starting_empty(),
            legacy: vec![0],
            by_diag: HashMap::with_capacity_and_hasher(diags.len(), Default::default()),
        };
        for &diag in diags.iter() {
            // The diagnostic's `StableId`, or its name when that is empty.
            let stable = match fields.string(diag, "StableId")? {
                "" => input.records.name_sym(diag),
                id => id,
            };
            let offset = ids.table.get_or_add(stable);
            let legacy = fields.strings(diag, "LegacyStableIds")?;
            let mut start = 0;
            if !legacy.is_empty() {
                start = ids.legacy.len() as u32;
                for id in legacy {
                    let offset = ids.table.get_or_add(id);
                    ids.legacy.push(offset);
                }
                ids.legacy.push(0);
            }
            // Defs' names are unique: a diagnostic is met once.
            ids.by_diag.insert(diag, (offset, start));
        }
        Ok(ids)
    }

    /// Where the diagnostic's stable ID is in the string table.
    pub fn offset(&self, diag: RecId) -> u32 {
        self.by_diag.get(&diag).map_or(0, |&(offset, _)| offset)
    }

    /// Where the diagnostic's legacy IDs start in `DiagLegacyStableIDs`, 0 for none.
    pub fn legacy_start(&self, diag: RecId) -> u32 {
        self.by_diag.get(&diag).map_or(0, |&(_, start)| start)
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
