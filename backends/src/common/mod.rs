//! What several backends share, as LLVM's `utils/TableGen/Common` and `Basic` do: C++ emission
//! helpers (`emit`), LLVM's container orders that some outputs show (`string_map`, `std_sort`),
//! and, re-exported from the tdq-models crate, the record queries and models backends build
//! over the records (`records`, `intrinsics`, `directives`; the CodeGen target model next).

pub mod emit;
pub mod leb128;
pub mod std_sort;
pub mod string_matcher;

pub use tdq_models::{directives, intrinsics, records, string_map};
