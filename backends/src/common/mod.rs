//! What several backends share, as LLVM's `utils/TableGen/Common` and `Basic` do: record
//! queries with LLVM's error messages (`records`), C++ emission helpers (`emit`), and the
//! models backends build over the records (`intrinsics`: LLVM's `CodeGenIntrinsics`). The
//! CodeGen target model (`CodeGenTarget`, instructions, registers, schedules) goes here too.

pub mod directives;
pub mod emit;
pub mod intrinsics;
pub mod records;
pub mod std_sort;
pub mod string_map;
