//! Helpers the backends share: LLVM's `RecordKeeper` queries and `PrintFatalError`.

use crate::BackendError;
use tdq_core::types::RecId;
use tdq_core::Evaluation;

impl BackendError {
    /// LLVM's `PrintFatalError(ArrayRef<SMLoc>, Msg)`: an error at the first location, a note
    /// "instantiated from multiclass" at each other one; no locations gives the location-less
    /// `error: Msg` form of `PrintFatalError(Msg)`.
    pub fn fatal(sm: &tdq_core::SourceMgr, locs: &[tdq_core::Loc], message: impl Into<String>) -> BackendError {
        let mut diags = tdq_core::Diagnostics::new();
        if locs.is_empty() {
            diags.error(tdq_core::Loc::NONE, message);
        } else {
            diags.error_at(locs, message);
        }
        BackendError::Fatal(diags.render_all(sm))
    }
}

/// LLVM's `RecordKeeper::getAllDerivedDefinitions`: the defs deriving from class `class`,
/// sorted by name with numbers compared by value (`LessRecord`); a fatal error if there is no
/// such class.
pub fn all_derived_definitions(input: &Evaluation, class: &str) -> Result<Vec<RecId>, BackendError> {
    let rk = &input.records;
    let Some(class_id) = rk.class(class) else {
        return Err(BackendError::fatal(&input.sm, &[], format!("The class '{class}' is not defined\n")));
    };
    let mut defs: Vec<(&str, RecId)> = rk
        .defs
        .iter()
        .filter(|(_, &id)| rk.get(id).is_subclass_of(class_id))
        .map(|(name, &id)| (name.as_str(), id))
        .collect();
    defs.sort_by(|a, b| compare_numeric(a.0.as_bytes(), b.0.as_bytes()));
    Ok(defs.into_iter().map(|(_, id)| id).collect())
}

/// LLVM's `StringRef::compare_numeric`: byte order, except that runs of digits at the same
/// position compare as numbers (a longer run is larger, equal lengths compare bytewise).
pub fn compare_numeric(lhs: &[u8], rhs: &[u8]) -> std::cmp::Ordering {
    use std::cmp::Ordering;
    let end = lhs.len().min(rhs.len());
    let mut i = 0;
    while i < end {
        if lhs[i].is_ascii_digit() && rhs[i].is_ascii_digit() {
            let mut j = i + 1;
            loop {
                let l = lhs.get(j).is_some_and(u8::is_ascii_digit);
                let r = rhs.get(j).is_some_and(u8::is_ascii_digit);
                if l != r {
                    return if r { Ordering::Less } else { Ordering::Greater };
                }
                if !r {
                    break;
                }
                j += 1;
            }
            match lhs[i..j].cmp(&rhs[i..j]) {
                Ordering::Equal => {}
                unequal => return unequal,
            }
            i = j;
            continue;
        }
        if lhs[i] != rhs[i] {
            return lhs[i].cmp(&rhs[i]);
        }
        i += 1;
    }
    lhs.len().cmp(&rhs.len())
}
