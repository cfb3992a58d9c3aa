//! The models backends build over evaluated records, shared by every backend that reads them,
//! as LLVM's `utils/TableGen/Common` and `Basic` are: record queries with LLVM's messages
//! (`records`: `getAllDerivedDefinitions`, `Record::getValueAs*`, `PrintFatalError` as
//! [`records::Fatal`]), the intrinsics (`intrinsics`: `CodeGenIntrinsic` and its table, with
//! each release's checks) and the directive languages (`directives`). The CodeGen target model
//! (`target`: `CodeGenTarget`, value types, registers, instructions, schedules) and, over it,
//! the DAG pattern model (`patterns`: `CodeGenDAGPatterns`, its SelectionDAG nodes first) are
//! here beside them, so that backends, lints and the store read one model, computed once per
//! evaluation ([`computed`]). `set_theory` is LLVM's SetTheory, which
//! `--print-sets`, registers and schedules evaluate their dag-expressed sets with; `string_map`
//! is the iteration order of LLVM's `StringMap`, which a model that keeps it follows (OpenCL's
//! image types).
//!
//! Models return [`records::Fatal`] (data, never a rendered string); nothing here writes output.

#![forbid(unsafe_code)]

pub mod bit_vector;
pub mod clang;
pub mod directives;
pub mod global_isel;
pub mod intrinsics;
pub mod patterns;
pub mod records;
pub mod set_theory;
pub mod string_map;
pub mod target;
pub mod target_opcodes;

pub use records::{all_derived_definitions, compare_numeric, Fatal, Fields};

use std::sync::Arc;

/// A model of type `T` kept with the evaluation ([`tdq_core::derived`]), its failure included:
/// `compute` runs once per evaluation, and every later ask gets the same model or the same
/// diagnostics.
pub fn computed<T: Send + Sync + 'static>(
    input: &tdq_core::Evaluation,
    compute: impl FnOnce() -> Result<T, Fatal>,
) -> Result<Arc<T>, Fatal> {
    struct Kept<T>(Result<Arc<T>, Fatal>);
    input.derived.get_or_compute(|| Kept(compute().map(Arc::new))).0.clone()
}
