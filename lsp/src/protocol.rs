//! What the server and a worker process say to each other, framed as LSP messages on the
//! worker's standard input and output: the server sends one `tdq/evaluate` job, the worker
//! answers `tdq/evaluated` (diagnostics by file, whether the parse reached the end, the files
//! read), then answers the client's requests the server forwards, each with the text the client
//! has of its document now.

use serde::{Deserialize, Serialize};

/// Server to worker: evaluate this (a [`Job`]).
pub const EVALUATE: &str = "tdq/evaluate";
/// Worker to server: the evaluation ended (an [`Evaluated`]).
pub const EVALUATED: &str = "tdq/evaluated";

/// The sources to evaluate and how.
#[derive(Serialize, Deserialize, Debug, Clone)]
pub struct Job {
    pub root: String,
    pub include_dirs: Vec<String>,
    pub defines: Vec<String>,
    /// The release's major number (`Release::parse`).
    pub release: String,
    /// When nothing named the release: the note an evaluation that fails ends with, as
    /// everywhere in tdq (`tdq_store::project::default_release_note`).
    pub release_note: Option<String>,
    /// The tdq.toml the sources came from (its `[lint]` table configures the lints).
    pub project: Option<String>,
    /// Open documents: path and text, read instead of the files.
    pub overlay: Vec<(String, String)>,
    /// Positions count bytes (else UTF-16 code units).
    pub utf8: bool,
}

/// The diagnostics of one file.
#[derive(Serialize, Deserialize, Debug)]
pub struct FileDiagnostics {
    pub uri: String,
    pub diagnostics: Vec<lsp_types::Diagnostic>,
}

/// The end of an evaluation.
#[derive(Serialize, Deserialize, Debug)]
pub struct Evaluated {
    /// The parse reached the end of the root (llvm-tblgen would run a backend).
    pub parsed: bool,
    pub diagnostics: Vec<FileDiagnostics>,
    /// Every file read (absolute paths).
    pub files: Vec<String>,
}

/// A client request as forwarded to a worker.
#[derive(Serialize, Deserialize, Debug)]
pub struct WorkerRequest {
    /// The client's params, unchanged.
    pub params: serde_json::Value,
    /// The text of the request's document as the client has it, when it is open.
    pub text: Option<String>,
}
