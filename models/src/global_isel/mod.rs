//! What LLVM's `Common/GlobalISel` computes from records for the GlobalISel backends: the
//! patterns of combine rules and pattern fragments ([`patterns`]), their parser with its errors
//! ([`parser`]), combine rules parsed, type-checked and rooted ([`rule`]), the matchers a
//! match table is built from and their optimisation ([`matchers`]), and the combine rules'
//! matchers ([`combine`]), and the SelectionDAG patterns as the selector imports them
//! ([`select`]). The table's bytes are the backends' (backends/src/global_isel).

pub mod apply;
pub mod combine;
pub mod llt;
pub mod matchers;
pub mod parser;
pub mod patterns;
pub mod rule;
pub mod select;
