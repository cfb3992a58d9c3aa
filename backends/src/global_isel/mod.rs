//! What the GlobalISel backends share in their output (LLVM's `Common/GlobalISel`): the match
//! table as written ([`match_table`]), the matchers written into it ([`matchers`]) and the
//! executor sections around it ([`executor`]).
//! `--gen-global-isel-combiner` uses them; `--gen-global-isel` is to.

pub mod executor;
pub mod match_table;
pub mod matchers;
