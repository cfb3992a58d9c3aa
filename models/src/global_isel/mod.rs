//! What LLVM's `Common/GlobalISel` computes from records for the GlobalISel backends: the
//! patterns of combine rules and pattern fragments ([`patterns`]), their parser with its errors
//! ([`parser`]), and combine rules parsed, type-checked and rooted ([`rule`]). The match table
//! built from them is the backends' (backends/src/global_isel).

pub mod llt;
pub mod parser;
pub mod patterns;
pub mod rule;
