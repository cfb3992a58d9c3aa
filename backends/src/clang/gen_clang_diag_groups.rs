//! `-gen-clang-diag-groups`: the diagnostic group tables (`EmitClangDiagGroups`): each group's
//! diagnostics (`DiagArrays`) and subgroups (`DiagSubGroups`), `-Wpedantic`'s implicit members
//! added to its own, the group names, one `DIAG_ENTRY` per group in name order, and the
//! categories. LLVM 19 writes the names as length-prefixed strings in a `char` array, later
//! releases as an `llvm::StringTable`.

use crate::common::emit::StringToOffsetTable;
use crate::{Backend, BackendError, BackendOptions, Output};
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::{ByRelease, Evaluation};
use tdq_models::clang::diagnostics::{DiagnosticGroups, Pedantic};
use tdq_models::Fields;

pub struct GenClangDiagGroups;

/// How the group names are stored.
#[derive(Clone, Copy, PartialEq, Eq)]
enum GroupNames {
    /// `static const char DiagGroupNames[]`: each name after a byte holding its length.
    LengthPrefixed,
    /// `static constexpr llvm::StringTable DiagGroupNames`: NUL-terminated, after "".
    StringTable,
}

const GROUP_NAMES: ByRelease<GroupNames> =
    ByRelease { v19: GroupNames::LengthPrefixed, v22: GroupNames::StringTable, v23: GroupNames::StringTable };

/// The characters a group name may hold.
const NAME_CHARACTERS: &str = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!@#$%^*-+=:?";

impl Backend for GenClangDiagGroups {
    fn name(&self) -> &'static str {
        "gen-clang-diag-groups"
    }
    fn help(&self) -> &'static str {
        "Generate Clang diagnostic groups"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let groups = DiagnosticGroups::new(input, &mut out.diags)?;
        let pedantic = groups.pedantic()?;
        let form = *GROUP_NAMES.get(options.release);
        let mut names = match form {
            GroupNames::LengthPrefixed => StringToOffsetTable::default(),
            GroupNames::StringTable => StringToOffsetTable::starting_empty(),
        };
        let mut offsets = Vec::new();
        for name in groups.by_name.keys() {
            offsets.push(match form {
                GroupNames::LengthPrefixed => {
                    let mut prefixed = vec![name.len() as u8];
                    prefixed.extend_from_slice(name.as_bytes());
                    names.get_or_add_bytes(&prefixed, false)
                }
                GroupNames::StringTable => names.get_or_add(name),
            });
        }
        let mut text = String::new();
        text.push_str("\n#ifdef GET_DIAG_ARRAYS\n");
        emit_diag_arrays(input, &groups, &pedantic, &mut text);
        emit_sub_groups(input, &groups, &pedantic, &mut text)?;
        match form {
            GroupNames::LengthPrefixed => {
                text.push_str("static const char DiagGroupNames[] = {\n");
                names.emit_string(&mut text);
                text.push_str("};\n\n");
            }
            GroupNames::StringTable => {
                names.emit_string_table_def("DiagGroupNames", &mut text);
                text.push('\n');
            }
        }
        text.push_str("#endif // GET_DIAG_ARRAYS\n\n");
        emit_diag_table(input, &groups, &pedantic, &offsets, &mut text)?;
        text.push_str("\n#ifdef GET_CATEGORY_TABLE\n");
        for category in groups.categories()? {
            let _ = writeln!(text, "CATEGORY(\"{category}\", {})", category_enum(category));
        }
        text.push_str("#endif // GET_CATEGORY_TABLE\n\n");
        out.write_all(text.as_bytes())?;
        Ok(())
    }
}

fn emit_diag_arrays(input: &Evaluation, groups: &DiagnosticGroups, pedantic: &Pedantic, out: &mut String) {
    out.push_str("static const int16_t DiagArrays[] = {\n  /* Empty */ -1,\n");
    for (name, info) in &groups.by_name {
        let is_pedantic = *name == "pedantic";
        let has_implicit = is_pedantic && !pedantic.diags.is_empty();
        if info.diags.is_empty() && !has_implicit {
            continue;
        }
        let _ = write!(out, "  /* DiagArray{} */ ", info.id);
        let implicit = if is_pedantic { pedantic.diags.as_slice() } else { &[] };
        for &diag in info.diags.iter().chain(implicit) {
            let _ = write!(out, "diag::{}, ", input.records.get(diag).name_string());
        }
        out.push_str("-1,\n");
    }
    out.push_str("};\n\n");
}

fn emit_sub_groups(
    input: &Evaluation,
    groups: &DiagnosticGroups,
    pedantic: &Pedantic,
    out: &mut String,
) -> Result<(), BackendError> {
    let fields = Fields { input };
    out.push_str("static const int16_t DiagSubGroups[] = {\n  /* Empty */ -1,\n");
    for (name, info) in &groups.by_name {
        let is_pedantic = *name == "pedantic";
        let implicit = is_pedantic && !pedantic.groups.is_empty();
        if info.subgroups.is_empty() && !implicit {
            continue;
        }
        let _ = write!(out, "  /* DiagSubGroup{} */ ", info.id);
        for sub in &info.subgroups {
            let _ = write!(out, "{}, ", groups.info(sub).map_or(0, |i| i.id));
        }
        if is_pedantic {
            for &group in &pedantic.groups {
                let _ = write!(out, "{}, ", groups.info(fields.string(group, "GroupName")?).map_or(0, |i| i.id));
            }
        }
        out.push_str("-1,\n");
    }
    out.push_str("};\n\n");
    Ok(())
}

fn emit_diag_table(
    input: &Evaluation,
    groups: &DiagnosticGroups,
    pedantic: &Pedantic,
    offsets: &[u32],
    out: &mut String,
) -> Result<(), BackendError> {
    let fields = Fields { input };
    out.push_str("\n#ifdef DIAG_ENTRY\n");
    let (mut sub_group_index, mut diag_array_index) = (1, 1);
    for ((name, info), offset) in groups.by_name.iter().zip(offsets) {
        if name.chars().any(|c| !NAME_CHARACTERS.contains(c)) {
            return Err(BackendError::fatal(&[], format!("Invalid character in diagnostic group '{name}'")));
        }
        let _ = write!(out, "DIAG_ENTRY({} /* {name} */, {offset}, ", info.record_name);
        let is_pedantic = *name == "pedantic";
        if !info.diags.is_empty() || (is_pedantic && !pedantic.diags.is_empty()) {
            let _ = write!(out, "/* DiagArray{} */ {diag_array_index}, ", info.id);
            if is_pedantic {
                diag_array_index += pedantic.diags.len();
            }
            diag_array_index += info.diags.len() + 1;
        } else {
            out.push_str("0, ");
        }
        if !info.subgroups.is_empty() || (is_pedantic && !pedantic.groups.is_empty()) {
            let _ = write!(out, "/* DiagSubGroup{} */ {sub_group_index}, ", info.id);
            if is_pedantic {
                sub_group_index += pedantic.groups.len();
            }
            sub_group_index += info.subgroups.len() + 1;
        } else {
            out.push_str("0, ");
        }
        let Some(&last) = info.defs.last() else {
            return Err(BackendError::fatal(&[], format!("diagnostic group '{name}' has no DiagGroup definition")));
        };
        let documentation = fields.init(last, "Documentation")?;
        let documentation = documentation.as_str().map_or_else(|| documentation.to_string(), str::to_string);
        let _ = writeln!(out, "R\"({})\")", documentation.trim_matches(|c| " \t\n\x0b\x0c\r".contains(c)));
    }
    out.push_str("#endif // DIAG_ENTRY\n\n");
    Ok(())
}

/// `getDiagCategoryEnum`: `DiagCat_` and the name with every other character than a letter
/// or digit made `_`; `DiagCat_None` for the empty category.
fn category_enum(name: &str) -> String {
    if name.is_empty() {
        return "DiagCat_None".to_string();
    }
    let mut out = "DiagCat_".to_string();
    out.extend(name.bytes().map(|c| if c.is_ascii_alphanumeric() { c as char } else { '_' }));
    out
}
