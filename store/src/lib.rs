//! tdq-store: evaluated records in SQLite.
//!
//! A store holds one evaluation: every def and class with its fields (SQL-native values, text,
//! JSON, and an exact encoding), superclass edges, defm provenance, globals and the source
//! files read. It is written once and then only read:
//!
//! - [`cache`]: `tdq QUERY` keeps one store per root file and options under the user's cache
//!   directory, valid while every file read is unchanged (content hashes), replaced atomically.
//! - [`build`]: writing an evaluation into a database (`tdq export --db`, the cache).
//! - [`snapshot`], [`eval_cache`]: an evaluation in a binary form that loads faster than it
//!   evaluates, kept by `tdq tblgen` for the next command on the same sources.
//! - [`load`]: reading it back into an [`tdq_core::Evaluation`] (`tdq tblgen --from-db`, `tdq diff`).
//! - [`model`]: the target model's tables, built when a query first names one, beside the store.
//! - [`export`]: what a store written for other programs adds (class views, `schema_docs`).
//! - [`schema`]: the tables, their documentation and naming rules.
//! - [`project`]: `tdq.toml`, which names the sources.

#![forbid(unsafe_code)]

pub mod build;
pub mod cache;
pub mod cache_list;
pub mod eval_cache;
pub mod export;
pub mod ir;
pub mod load;
pub mod model;
pub mod project;
pub mod schema;
pub mod snapshot;
pub mod sources_hash;

pub use build::BuildInfo;
pub use cache::{open_read_only, EvaluationFailure, Store, StoreError};
pub use load::{load_evaluation, LoadError};
pub use project::{Project, ProjectError, ReleaseFrom, Sources};
