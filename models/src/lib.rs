//! The models backends build over evaluated records, shared by every backend that reads them,
//! as LLVM's `utils/TableGen/Common` and `Basic` are: record queries with LLVM's messages
//! (`records`: `getAllDerivedDefinitions`, `Record::getValueAs*`, `PrintFatalError` as
//! [`records::Fatal`]), the intrinsics (`intrinsics`: `CodeGenIntrinsic` and its table, with
//! each release's checks) and the directive languages (`directives`). The CodeGen target model
//! (`CodeGenTarget`: registers, instructions, schedules, then DAG patterns) belongs here next,
//! beside them, so that the backends of steps 2 and 3 and the lints read one model.
//!
//! Models return [`records::Fatal`] (data, never a rendered string); nothing here writes output.

#![forbid(unsafe_code)]

pub mod clang;
pub mod directives;
pub mod intrinsics;
pub mod records;

pub use records::{all_derived_definitions, compare_numeric, Fatal, Fields};
