//! A worker process (`tdq lsp --worker`): evaluates one job and answers requests about it until
//! the server kills it or closes its input.
//!
//! Evaluation runs in a process of its own because tdq's values are interned for the life of
//! the process (core/src/intern.rs): a server that evaluated every edit in one process would
//! grow by an evaluation's memory each time. A worker's memory goes back to the system when
//! the next evaluation replaces it, a newer edit cancels an evaluation by killing its process,
//! and whatever the evaluator does on bad input, the server lives on.

use crate::analysis::Analysis;
use crate::io::{self, Frame};
use crate::protocol::{self, Evaluated, FileDiagnostics, Job, WorkerRequest};
use crate::text::{Encoding, LineIndex};
use lsp_server::{ErrorCode, Message, Notification, Response};
use lsp_types::{DiagnosticRelatedInformation, DiagnosticSeverity, Location, NumberOrString, Url};
use std::collections::BTreeMap;
use std::io::BufReader;
use std::path::Path;
use std::sync::Arc;
use tdq_core::lexer::Overlay;
use tdq_core::{Diagnostic, Evaluation, Loc, Release, Severity};

/// Runs a worker on standard input and output; returns its exit status.
pub fn run() -> i32 {
    let mut input = BufReader::new(std::io::stdin().lock());
    let mut out = std::io::stdout().lock();
    let job: Job = loop {
        match io::read(&mut input) {
            Ok(Frame::Message(Message::Notification(n))) if n.method == protocol::EVALUATE => {
                match serde_json::from_value(n.params) {
                    Ok(job) => break job,
                    Err(_) => return 2,
                }
            }
            Ok(Frame::Eof) | Err(_) => return 0,
            _ => {}
        }
    };
    let analysis = evaluate(&job);
    let done = analysis.evaluated(job.release_note.as_deref());
    if io::write(&mut out, &Message::Notification(Notification::new(protocol::EVALUATED.into(), done))).is_err() {
        return 0;
    }
    loop {
        let msg = match io::read(&mut input) {
            Ok(Frame::Message(m)) => m,
            Ok(Frame::Bad(_)) => continue,
            Ok(Frame::Eof) | Err(_) => return 0,
        };
        let Message::Request(r) = msg else { continue };
        let response = match serde_json::from_value::<WorkerRequest>(r.params) {
            Ok(wr) => match analysis.handle(&r.method, wr.params, wr.text) {
                Ok(result) => Response { id: r.id, result: Some(result), error: None },
                Err(message) => io::error(Some(r.id), ErrorCode::InvalidParams, &message),
            },
            Err(e) => io::error(Some(r.id), ErrorCode::InvalidParams, &e.to_string()),
        };
        if io::write(&mut out, &Message::Response(response)).is_err() {
            return 0;
        }
    }
}

/// Evaluates a job with the open documents read from the overlay.
fn evaluate(job: &Job) -> Analysis {
    let release = Release::parse(&job.release).unwrap_or(Release::NEWEST);
    let encoding = if job.utf8 { Encoding::Utf8 } else { Encoding::Utf16 };
    let mut overlay = Overlay::default();
    for (path, text) in &job.overlay {
        overlay.files.insert(Overlay::key(Path::new(path)), text.clone().into_bytes());
    }
    let root_key = Overlay::key(Path::new(&job.root));
    let opts = tdq_core::Options {
        include_dirs: job.include_dirs.clone(),
        defines: job.defines.clone(),
        release,
        trace: true,
        ..Default::default()
    };
    let root_text = match overlay.files.get(&root_key) {
        Some(t) => Ok(t.clone()),
        None => std::fs::read(&root_key).map_err(|e| e.to_string()),
    };
    let eval = match root_text {
        Ok(text) => tdq_core::evaluate_overlaid(&job.root, text, &opts, Some(Arc::new(overlay))),
        Err(reason) => {
            // No root to read: an evaluation of nothing, with the reason.
            let mut e = tdq_core::evaluate(&job.root, Vec::new(), &opts);
            e.diags.error(Loc { file: 0, offset: 0 }, format!("cannot read {}: {reason}", job.root));
            e.parse_failed = true;
            e
        }
    };
    Analysis::new(eval, encoding, job)
}

impl Analysis {
    /// The diagnostics of the evaluation (and the lints, when it parsed), by file. The first
    /// error ends with `release_note` (given when nothing named the release), as tdq's commands
    /// end a failed evaluation's errors.
    fn evaluated(&self, release_note: Option<&str>) -> Evaluated {
        let eval = &self.eval;
        let mut by_file: BTreeMap<String, Vec<lsp_types::Diagnostic>> = BTreeMap::new();
        let mut release_note = release_note;
        for d in &eval.diags.list {
            // `dump` and `--print` output, and text written as is, are not diagnostics.
            if d.severity == Severity::Text || d.severity == Severity::Remark && d.loc.is_none() {
                continue;
            }
            let (uri, mut diag) = self.diagnostic(d);
            if d.severity == Severity::Error {
                if let Some(note) = release_note.take() {
                    diag.message = format!("{}\n{note}", diag.message.trim_end());
                }
            }
            by_file.entry(uri).or_default().push(diag);
        }
        if !eval.parse_failed {
            for (uri, diag) in self.lint_diagnostics() {
                by_file.entry(uri).or_default().push(diag);
            }
        }
        Evaluated {
            parsed: !eval.parse_failed,
            diagnostics: by_file.into_iter().map(|(uri, diagnostics)| FileDiagnostics { uri, diagnostics }).collect(),
            files: self.files.iter().map(|f| f.key.display().to_string()).collect(),
        }
    }

    /// A location of the evaluation as an LSP location (the root file's start for none).
    pub fn location(&self, loc: Loc) -> Option<Location> {
        let loc = if loc.is_none() { Loc { file: 0, offset: 0 } } else { loc };
        let f = self.files.get(loc.file as usize)?;
        let text = &self.eval.sm.files[loc.file as usize].text;
        let ix = LineIndex::new(text, self.encoding);
        let end = token_end(text, loc.offset);
        Some(Location { uri: f.uri.clone(), range: ix.range(loc.offset, end) })
    }

    fn diagnostic(&self, d: &Diagnostic) -> (String, lsp_types::Diagnostic) {
        let loc = d.loc.unwrap_or(Loc::NONE);
        let at = self.location(loc).unwrap_or_else(|| self.location(Loc { file: 0, offset: 0 }).expect("a root file"));
        let severity = match d.severity {
            Severity::Error => DiagnosticSeverity::ERROR,
            Severity::Warning => DiagnosticSeverity::WARNING,
            Severity::Note => DiagnosticSeverity::INFORMATION,
            Severity::Remark | Severity::Text => DiagnosticSeverity::HINT,
        };
        let related: Vec<DiagnosticRelatedInformation> = d
            .notes
            .iter()
            .filter_map(|n| {
                let location = self.location(n.loc.unwrap_or(Loc::NONE))?;
                Some(DiagnosticRelatedInformation { location, message: n.message.clone() })
            })
            .collect();
        let diag = lsp_types::Diagnostic {
            range: at.range,
            severity: Some(severity),
            source: Some("tdq".into()),
            message: d.message.clone(),
            related_information: (!related.is_empty()).then_some(related),
            ..Default::default()
        };
        (at.uri.to_string(), diag)
    }

    /// `tdq lint`'s findings as warnings, configured by the tdq.toml's `[lint]` table (user
    /// lints, which query the store, are left to `tdq lint`).
    fn lint_diagnostics(&self) -> Vec<(String, lsp_types::Diagnostic)> {
        let config = match &self.project {
            Some(path) => match tdq_store::project::Project::load(Path::new(path)) {
                Ok(p) => {
                    let base = Path::new(path).parent().unwrap_or(Path::new("."));
                    tdq_lints::Config::from_table(&p.lint, base).ok()
                }
                Err(_) => None,
            },
            None => Some(tdq_lints::Config::default()),
        };
        let Some(mut config) = config else { return Vec::new() };
        config.user.clear();
        let ctx = tdq_lints::Context::new(&self.eval);
        let Ok(findings) = tdq_lints::run(&ctx, &config, None) else { return Vec::new() };
        findings
            .into_iter()
            .filter(|f| !f.loc.is_none())
            .filter_map(|f| {
                let at = self.location(f.loc)?;
                let related: Vec<DiagnosticRelatedInformation> = f
                    .notes
                    .iter()
                    .filter_map(|n| {
                        Some(DiagnosticRelatedInformation {
                            location: self.location(n.loc)?,
                            message: n.message.clone(),
                        })
                    })
                    .collect();
                let severity = match f.level {
                    tdq_lints::Level::Error => DiagnosticSeverity::ERROR,
                    tdq_lints::Level::Warning => DiagnosticSeverity::WARNING,
                    tdq_lints::Level::Note => DiagnosticSeverity::INFORMATION,
                };
                let diag = lsp_types::Diagnostic {
                    range: at.range,
                    severity: Some(severity),
                    code: Some(NumberOrString::String(f.lint.clone())),
                    source: Some("tdq lint".into()),
                    message: format!("{} (`tdq lint --explain {}`)", f.message, f.lint),
                    related_information: (!related.is_empty()).then_some(related),
                    ..Default::default()
                };
                Some((at.uri.to_string(), diag))
            })
            .collect()
    }
}

/// The end of the token at `offset`: an identifier's end, else one byte on (within the line).
pub fn token_end(text: &[u8], offset: u32) -> u32 {
    let start = (offset as usize).min(text.len());
    let id = text[start..].iter().take_while(|&&b| b.is_ascii_alphanumeric() || b == b'_').count();
    let len = if id > 0 { id } else { usize::from(text.get(start).is_some_and(|&b| b != b'\n' && b != b'\r')) };
    (start + len) as u32
}

/// A file path as a `file:` URI (a name that cannot be one gets a made-up file URI).
pub fn uri_of(path: &Path) -> Url {
    Url::from_file_path(path).unwrap_or_else(|()| Url::parse("file:///unknown").expect("a valid URI"))
}

/// The evaluation of `text` as its own root, with no other file (for tests).
pub fn evaluate_text(path: &str, text: &str, release: Release) -> Evaluation {
    let opts = tdq_core::Options { release, trace: true, ..Default::default() };
    tdq_core::evaluate(path, text.as_bytes().to_vec(), &opts)
}
