//! tdq-lsp: `tdq lsp`, a Language Server Protocol server for TableGen that answers from the
//! evaluated records of whichever LLVM release the sources are.
//!
//! Layout: [`server`] speaks the protocol with the client and keeps the open documents; for
//! each root it runs [`worker`] processes (`tdq lsp --worker`), each of which evaluates once
//! ([`roots`] finds the root and its `-I` directories for a file) and answers requests from
//! that evaluation ([`analysis`]); [`syntax`] reads declarations and tokens from text alone,
//! [`features`] answers outline and folding from it, [`text`] converts positions, [`bang`]
//! documents the operators, [`io`] frames messages and [`protocol`] is what the server and a
//! worker say to each other.
//!
//! The protocol crates are rust-analyzer's: `lsp-server` for the message types (and its
//! framing when writing) and `lsp-types` for the LSP structures. They are synchronous and
//! small, which suits a server whose work is one evaluation at a time in another process: no
//! async runtime, no tower service stack (tower-lsp would bring tokio for nothing), and the
//! same crates the most used Rust language server is built on, so their behaviour with real
//! editors is well trodden. `lsp-types` 0.95 is the version rust-analyzer itself uses (URIs
//! are `url::Url`, with file-path conversions). Reading is our own ([`io`]): a malformed
//! message must be answered with an error, not end the server.

#![forbid(unsafe_code)]

pub mod analysis;
pub mod bang;
pub mod features;
pub mod io;
pub mod protocol;
pub mod roots;
pub mod server;
pub mod syntax;
pub mod text;
pub mod worker;

use std::ffi::OsString;
use std::path::Path;
use tdq_core::Release;
use tdq_store::ReleaseFrom;

/// How the binary runs the server: the release choice it makes everywhere (the
/// `--llvm-version`, `TDQ_LLVM_VERSION`, tdq.toml, LLVM tree order: the CLI's
/// `release::choose`) and the command line that starts a worker.
pub struct ServerConfig {
    /// The release for a root and what chose it, given tdq.toml's `llvm-version` (and the file
    /// that set it); an error names the setting that is wrong.
    #[allow(clippy::type_complexity)]
    pub choose_release: Box<dyn Fn(Option<(&str, &Path)>, &Path) -> Result<(Release, ReleaseFrom), String>>,
    /// The program and arguments of a worker process (`tdq lsp --worker`).
    pub worker_command: Vec<OsString>,
}
