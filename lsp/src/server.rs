//! The server process: the protocol with the client, the open documents, which root answers
//! for each, and the worker processes that evaluate them.
//!
//! Each root has at most two workers: the current one, whose evaluation answers requests, and
//! a newer one evaluating the latest text. An edit schedules an evaluation after a short pause
//! ([`DEBOUNCE`]); an edit during an evaluation kills that worker and schedules another. When
//! an evaluation ends its diagnostics are published; it replaces the current one unless its
//! parse stopped at an error while the current one did not (the last good evaluation keeps
//! answering while the file does not parse). A worker that dies is reported, never followed.
//!
//! Memory: two evaluations of a large target at once would be more than twice one. So when an
//! evaluation starts, a current worker whose evaluation parsed and that is answering nothing is
//! stopped first (requests wait for the new evaluation meanwhile), and its job is kept; if the
//! new evaluation does not parse, that job is evaluated again (a fallback: its diagnostics are
//! not published, they are the older text's) and answers in its place. Only a current worker
//! busy with a request, or one whose own parse failed, lives beside a new evaluation.

use crate::io::{self, Frame};
use crate::protocol::{self, Evaluated, Job, WorkerRequest};
use crate::roots::{self, Sources};
use crate::syntax::Syntax;
use crate::text::Encoding;
use crate::{features, ServerConfig};
use crossbeam_channel::{Receiver, Sender};
use lsp_server::{ErrorCode, Message, Notification, Request, RequestId, Response};
use lsp_types::notification::{self as notif, Notification as _};
use lsp_types::request::{self as req, Request as _};
use lsp_types::*;
use std::collections::{HashMap, HashSet};
use std::io::{BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::time::{Duration, Instant};
use tdq_core::lexer::Overlay;

/// How long after the last edit an evaluation starts.
pub const DEBOUNCE: Duration = Duration::from_millis(150);

/// How long after a worker could not be started the next try is (doubled after each failure,
/// up to 32 times this).
const SPAWN_RETRY: Duration = Duration::from_secs(1);

enum Event {
    Client(Frame),
    Worker(u64, Message),
    WorkerExited(u64),
}

struct Worker {
    id: u64,
    child: Child,
    stdin: ChildStdin,
    /// Requests sent and not answered yet.
    pending: HashSet<RequestId>,
    /// What it evaluates.
    job: Job,
    /// It evaluates the last texts that parsed again, to answer while the current ones do not.
    fallback: bool,
}

impl Worker {
    fn send(&mut self, msg: Message) -> bool {
        io::write(&mut self.stdin, &msg).is_ok()
    }
}

struct Doc {
    text: String,
    project: usize,
}

struct Project {
    sources: Sources,
    current: Option<Worker>,
    /// Whether the current worker's evaluation parsed to the end.
    current_ok: bool,
    evaluating: Option<Worker>,
    /// The job of the last evaluation that parsed, once its worker was stopped to make room.
    last_good: Option<Job>,
    /// When to start the next evaluation.
    due: Option<Instant>,
    /// The files the last evaluation read.
    files: HashSet<PathBuf>,
    published: HashSet<Url>,
    /// Requests waiting for a first evaluation.
    queued: Vec<Request>,
    closed: bool,
    /// Workers that could not be started since the last one that could.
    spawn_failures: u32,
}

struct Server<W: Write> {
    out: W,
    config: ServerConfig,
    events: Sender<Event>,
    encoding: Encoding,
    docs: HashMap<PathBuf, Doc>,
    projects: Vec<Project>,
    next_worker: u64,
    initialized: bool,
    shutdown: bool,
    databases: Vec<PathBuf>,
    last_project: Option<usize>,
}

/// Runs the server on standard input and output until `exit`; returns the exit status (0
/// after `shutdown`, 1 otherwise, as the protocol says).
pub fn run(config: ServerConfig) -> i32 {
    let (tx, rx) = crossbeam_channel::unbounded();
    let client_tx = tx.clone();
    std::thread::spawn(move || {
        let mut input = BufReader::new(std::io::stdin().lock());
        loop {
            let frame = io::read(&mut input).unwrap_or(Frame::Eof);
            let eof = matches!(frame, Frame::Eof);
            if client_tx.send(Event::Client(frame)).is_err() || eof {
                return;
            }
        }
    });
    let mut server = Server {
        out: std::io::stdout(),
        config,
        events: tx,
        encoding: Encoding::Utf16,
        docs: HashMap::new(),
        projects: Vec::new(),
        next_worker: 0,
        initialized: false,
        shutdown: false,
        databases: Vec::new(),
        last_project: None,
    };
    let status = server.main_loop(&rx);
    for p in &mut server.projects {
        p.kill_all();
    }
    status
}

fn kill(mut w: Worker) {
    let _ = w.child.kill();
    // Reaped aside (it may take a moment to die); without a thread to spare, left unreaped.
    let _ = std::thread::Builder::new().spawn(move || w.child.wait());
}

/// Stops the worker of an evaluation that parsed, keeping its job in `last_good` to evaluate
/// again should a newer one not parse.
fn kill_keeping_job(w: Worker, last_good: &mut Option<Job>) {
    *last_good = Some(w.job.clone());
    kill(w);
}

impl Project {
    fn kill_all(&mut self) {
        self.last_good = None;
        if let Some(w) = self.current.take() {
            kill(w);
        }
        if let Some(w) = self.evaluating.take() {
            kill(w);
        }
    }
}

fn path_of(uri: &Url) -> Option<PathBuf> {
    uri.to_file_path().ok().map(|p| Overlay::key(&p))
}

/// The document a request is about (`textDocument.uri`), as a path.
fn request_path(r: &Request) -> Option<PathBuf> {
    let uri = r.params.get("textDocument")?.get("uri")?.as_str()?;
    path_of(&Url::parse(uri).ok()?)
}

impl<W: Write> Server<W> {
    fn main_loop(&mut self, rx: &Receiver<Event>) -> i32 {
        loop {
            let due = self.projects.iter().filter_map(|p| p.due).min();
            let event = match due {
                Some(at) => match rx.recv_deadline(at) {
                    Ok(e) => Some(e),
                    Err(crossbeam_channel::RecvTimeoutError::Timeout) => None,
                    Err(_) => return 1,
                },
                None => match rx.recv() {
                    Ok(e) => Some(e),
                    Err(_) => return 1,
                },
            };
            match event {
                None => self.start_due(),
                Some(Event::Client(Frame::Eof)) => return 1,
                Some(Event::Client(Frame::Bad(response))) => self.send(Message::Response(response)),
                Some(Event::Client(Frame::Message(msg))) => {
                    if let Some(status) = self.client_message(msg) {
                        return status;
                    }
                }
                Some(Event::Worker(id, msg)) => self.worker_message(id, msg),
                Some(Event::WorkerExited(id)) => self.worker_exited(id),
            }
        }
    }

    fn send(&mut self, msg: Message) {
        // A client that closed its end is gone; `exit` or the end of input follows.
        let _ = io::write(&mut self.out, &msg);
    }

    fn respond(&mut self, id: RequestId, result: impl serde::Serialize) {
        let result = serde_json::to_value(result).unwrap_or(serde_json::Value::Null);
        self.send(Message::Response(Response { id, result: Some(result), error: None }));
    }

    fn notify(&mut self, method: &str, params: impl serde::Serialize) {
        self.send(Message::Notification(Notification::new(method.to_string(), params)));
    }

    /// Handles one message from the client; `Some(status)` ends the server.
    fn client_message(&mut self, msg: Message) -> Option<i32> {
        match msg {
            Message::Request(r) => {
                if r.method == req::Initialize::METHOD {
                    self.initialize(r);
                } else if !self.initialized {
                    let e = io::error(Some(r.id), ErrorCode::ServerNotInitialized, "initialize first");
                    self.send(Message::Response(e));
                } else if self.shutdown {
                    let e = io::error(Some(r.id), ErrorCode::InvalidRequest, "the server is shutting down");
                    self.send(Message::Response(e));
                } else if r.method == req::Shutdown::METHOD {
                    self.shutdown = true;
                    for p in &mut self.projects {
                        p.kill_all();
                    }
                    self.respond(r.id, ());
                } else {
                    self.request(r);
                }
                None
            }
            Message::Notification(n) => {
                if n.method == notif::Exit::METHOD {
                    return Some(if self.shutdown { 0 } else { 1 });
                }
                if self.initialized && !self.shutdown {
                    self.notification(n);
                }
                None
            }
            // Answers to requests the server never makes.
            Message::Response(_) => None,
        }
    }

    fn initialize(&mut self, r: Request) {
        if self.initialized {
            let e = io::error(Some(r.id), ErrorCode::InvalidRequest, "initialize was already received");
            self.send(Message::Response(e));
            return;
        }
        let params: InitializeParams = match serde_json::from_value(r.params) {
            Ok(p) => p,
            Err(e) => {
                let e = io::error(Some(r.id), ErrorCode::InvalidParams, &format!("initialize: {e}"));
                self.send(Message::Response(e));
                return;
            }
        };
        let utf8 = params
            .capabilities
            .general
            .as_ref()
            .and_then(|g| g.position_encodings.as_ref())
            .is_some_and(|e| e.contains(&PositionEncodingKind::UTF8));
        self.encoding = if utf8 { Encoding::Utf8 } else { Encoding::Utf16 };
        if let Some(opts) = &params.initialization_options {
            if let Some(list) = opts.get("compilationDatabases").and_then(|v| v.as_array()) {
                self.databases = list.iter().filter_map(|v| v.as_str()).map(PathBuf::from).collect();
            }
        }
        self.initialized = true;
        let capabilities = ServerCapabilities {
            position_encoding: Some(if utf8 { PositionEncodingKind::UTF8 } else { PositionEncodingKind::UTF16 }),
            text_document_sync: Some(TextDocumentSyncCapability::Options(TextDocumentSyncOptions {
                open_close: Some(true),
                change: Some(TextDocumentSyncKind::FULL),
                save: Some(TextDocumentSyncSaveOptions::Supported(true)),
                ..Default::default()
            })),
            hover_provider: Some(HoverProviderCapability::Simple(true)),
            definition_provider: Some(OneOf::Left(true)),
            references_provider: Some(OneOf::Left(true)),
            document_symbol_provider: Some(OneOf::Left(true)),
            workspace_symbol_provider: Some(OneOf::Left(true)),
            folding_range_provider: Some(FoldingRangeProviderCapability::Simple(true)),
            completion_provider: Some(CompletionOptions {
                trigger_characters: Some([":", "!", ",", "<"].map(String::from).to_vec()),
                ..Default::default()
            }),
            signature_help_provider: Some(SignatureHelpOptions {
                trigger_characters: Some(["(", "<", ","].map(String::from).to_vec()),
                ..Default::default()
            }),
            ..Default::default()
        };
        let result = InitializeResult {
            capabilities,
            server_info: Some(ServerInfo { name: "tdq".into(), version: Some(env!("CARGO_PKG_VERSION").into()) }),
        };
        self.respond(r.id, result);
    }

    fn notification(&mut self, n: Notification) {
        match n.method.as_str() {
            notif::DidOpenTextDocument::METHOD => {
                let Ok(p) = serde_json::from_value::<DidOpenTextDocumentParams>(n.params) else { return };
                let Some(path) = path_of(&p.text_document.uri) else { return };
                let project = self.project_for(&path);
                let read = self.projects[project].files.contains(&path);
                self.docs.insert(path, Doc { text: p.text_document.text, project });
                let pr = &mut self.projects[project];
                if pr.current.is_none() && pr.evaluating.is_none() {
                    pr.due = Some(Instant::now());
                } else if !read && pr.current_ok && pr.evaluating.is_none() {
                    // Its root parsed to the end without reading it: it is a root of its own.
                    self.rehome_unread(project);
                } else if !read {
                    pr.due = Some(Instant::now());
                }
            }
            notif::DidChangeTextDocument::METHOD => {
                let Ok(p) = serde_json::from_value::<DidChangeTextDocumentParams>(n.params) else { return };
                let Some(path) = path_of(&p.text_document.uri) else { return };
                let Some(doc) = self.docs.get_mut(&path) else { return };
                // Full sync: the last change holds the whole text.
                if let Some(change) = p.content_changes.into_iter().last() {
                    doc.text = change.text;
                }
                let pr = &mut self.projects[doc.project];
                if let Some(w) = pr.evaluating.take() {
                    kill(w);
                }
                pr.due = Some(Instant::now() + DEBOUNCE);
            }
            notif::DidSaveTextDocument::METHOD => {
                let Ok(p) = serde_json::from_value::<DidSaveTextDocumentParams>(n.params) else { return };
                let Some(path) = path_of(&p.text_document.uri) else { return };
                if let Some(doc) = self.docs.get(&path) {
                    let pr = &mut self.projects[doc.project];
                    if let Some(w) = pr.evaluating.take() {
                        kill(w);
                    }
                    pr.due = Some(Instant::now());
                }
            }
            notif::DidCloseTextDocument::METHOD => {
                let Ok(p) = serde_json::from_value::<DidCloseTextDocumentParams>(n.params) else { return };
                let Some(path) = path_of(&p.text_document.uri) else { return };
                let Some(doc) = self.docs.remove(&path) else { return };
                self.close_if_unused(doc.project);
            }
            _ => {}
        }
    }

    /// Stops a project no open document belongs to any more, and clears what it published.
    fn close_if_unused(&mut self, i: usize) {
        if self.docs.values().any(|d| d.project == i) {
            return;
        }
        let pr = &mut self.projects[i];
        pr.kill_all();
        pr.closed = true;
        pr.due = None;
        let queued = std::mem::take(&mut pr.queued);
        let published: Vec<Url> = pr.published.drain().collect();
        for r in queued {
            self.respond(r.id, serde_json::Value::Null);
        }
        for uri in published {
            self.publish(uri, Vec::new());
        }
    }

    /// The project whose evaluation answers for `path`: one that read it already, else the
    /// one of the sources found for it (made if new).
    fn project_for(&mut self, path: &Path) -> usize {
        if let Some(i) = self.projects.iter().position(|p| !p.closed && p.files.contains(path)) {
            return i;
        }
        self.project_of(roots::sources_for(path, &self.databases))
    }

    /// The project evaluating `sources` (made if new).
    fn project_of(&mut self, sources: Sources) -> usize {
        if let Some(i) = self.projects.iter().position(|p| p.sources == sources) {
            self.projects[i].closed = false;
            return i;
        }
        self.projects.push(Project {
            sources,
            current: None,
            current_ok: false,
            evaluating: None,
            last_good: None,
            due: None,
            files: HashSet::new(),
            published: HashSet::new(),
            queued: Vec::new(),
            closed: false,
            spawn_failures: 0,
        });
        self.projects.len() - 1
    }

    /// Starts the evaluations that are due.
    fn start_due(&mut self) {
        let now = Instant::now();
        for i in 0..self.projects.len() {
            if self.projects[i].due.is_some_and(|d| d <= now) {
                self.projects[i].due = None;
                self.start_evaluation(i);
            }
        }
    }

    fn start_evaluation(&mut self, i: usize) {
        let release = {
            let s = &self.projects[i].sources;
            let config_version = s.project.as_ref().and_then(|p| {
                tdq_store::project::Project::load(p).ok().and_then(|p| p.llvm_version.map(|v| (v, p.path)))
            });
            (self.config.choose_release)(config_version.as_ref().map(|(v, p)| (v.as_str(), p.as_path())), &s.root)
        };
        let (release, release_from) = match release {
            Ok(chosen) => chosen,
            Err(message) => {
                let root = self.projects[i].sources.root.clone();
                if let Ok(uri) = Url::from_file_path(&root) {
                    let d = Diagnostic { message, severity: Some(DiagnosticSeverity::ERROR), ..Default::default() };
                    self.projects[i].published.insert(uri.clone());
                    self.publish(uri, vec![d]);
                }
                return;
            }
        };
        let overlay: Vec<(String, String)> =
            self.docs.iter().map(|(p, d)| (p.display().to_string(), d.text.clone())).collect();
        let s = &self.projects[i].sources;
        let job = Job {
            root: s.root.display().to_string(),
            include_dirs: s.include_dirs.clone(),
            defines: s.defines.clone(),
            release: release.major().to_string(),
            release_note: release_from.is_default().then(|| tdq_store::project::default_release_note(release)),
            project: s.project.as_ref().map(|p| p.display().to_string()),
            overlay,
            utf8: self.encoding == Encoding::Utf8,
        };
        let pr = &mut self.projects[i];
        if pr.current_ok && pr.current.as_ref().is_some_and(|w| w.pending.is_empty()) {
            if let Some(old) = pr.current.take() {
                kill_keeping_job(old, &mut pr.last_good);
            }
        }
        self.run_job(i, job, false);
    }

    /// Starts a worker on `job` as the project's evaluating one.
    fn run_job(&mut self, i: usize, job: Job, fallback: bool) {
        let mut worker = match self.spawn_worker(job, fallback) {
            Ok(w) => w,
            Err(e) => {
                // Often passing (no memory or processes to spare for a moment): said once,
                // and tried again later, less often each time.
                let pr = &mut self.projects[i];
                let wait = SPAWN_RETRY.saturating_mul(1 << pr.spawn_failures.min(5));
                pr.spawn_failures += 1;
                pr.due = Some(Instant::now() + wait);
                let root = pr.sources.root.clone();
                if pr.spawn_failures == 1 {
                    if let Ok(uri) = Url::from_file_path(&root) {
                        let d = Diagnostic {
                            message: format!("tdq lsp: cannot start an evaluation process ({e}); trying again"),
                            severity: Some(DiagnosticSeverity::ERROR),
                            ..Default::default()
                        };
                        self.projects[i].published.insert(uri.clone());
                        self.publish(uri, vec![d]);
                    }
                }
                return;
            }
        };
        self.projects[i].spawn_failures = 0;
        let job = worker.job.clone();
        worker.send(Message::Notification(Notification::new(protocol::EVALUATE.into(), job)));
        let pr = &mut self.projects[i];
        if let Some(w) = pr.evaluating.take() {
            kill(w);
        }
        pr.evaluating = Some(worker);
    }

    fn spawn_worker(&mut self, job: Job, fallback: bool) -> std::io::Result<Worker> {
        let Some((program, args)) = self.config.worker_command.split_first() else {
            return Err(std::io::Error::other("no worker command"));
        };
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            return Err(std::io::Error::other("no pipes to the worker"));
        };
        self.next_worker += 1;
        let id = self.next_worker;
        let tx = self.events.clone();
        let reader = std::thread::Builder::new().spawn(move || {
            let mut input = BufReader::new(stdout);
            while let Ok(Frame::Message(msg)) = io::read(&mut input) {
                if tx.send(Event::Worker(id, msg)).is_err() {
                    return;
                }
            }
            let _ = tx.send(Event::WorkerExited(id));
        });
        if let Err(e) = reader {
            let _ = child.kill();
            let _ = child.wait();
            return Err(e);
        }
        Ok(Worker { id, child, stdin, pending: HashSet::new(), job, fallback })
    }

    fn find_worker(&self, id: u64) -> Option<(usize, bool)> {
        self.projects.iter().enumerate().find_map(|(i, p)| {
            if p.current.as_ref().is_some_and(|w| w.id == id) {
                Some((i, true))
            } else if p.evaluating.as_ref().is_some_and(|w| w.id == id) {
                Some((i, false))
            } else {
                None
            }
        })
    }

    fn worker_message(&mut self, id: u64, msg: Message) {
        let Some((i, is_current)) = self.find_worker(id) else { return };
        match msg {
            Message::Response(r) => {
                let p = &mut self.projects[i];
                let w = if is_current { p.current.as_mut() } else { p.evaluating.as_mut() };
                if let Some(w) = w {
                    w.pending.remove(&r.id);
                }
                self.send(Message::Response(r));
            }
            Message::Notification(n) if n.method == protocol::EVALUATED && !is_current => {
                let Ok(done) = serde_json::from_value::<Evaluated>(n.params) else { return };
                self.evaluated(i, done);
            }
            _ => {}
        }
    }

    fn evaluated(&mut self, i: usize, done: Evaluated) {
        if self.projects[i].evaluating.as_ref().is_some_and(|w| w.fallback) {
            // The last texts that parsed, again: it answers; the diagnostics stay the newer text's.
            let p = &mut self.projects[i];
            if let Some(old) = std::mem::replace(&mut p.current, p.evaluating.take()) {
                kill(old);
            }
            p.current_ok = done.parsed;
            let queued = std::mem::take(&mut p.queued);
            for r in queued {
                self.forward(i, r);
            }
            return;
        }
        let mut uris = HashSet::new();
        for file in done.diagnostics {
            let Ok(uri) = Url::parse(&file.uri) else { continue };
            uris.insert(uri.clone());
            self.publish(uri, file.diagnostics);
        }
        // Every open document of the project hears of the evaluation, clean ones too.
        let open: Vec<Url> = self
            .docs
            .iter()
            .filter(|(_, d)| d.project == i)
            .filter_map(|(p, _)| Url::from_file_path(p).ok())
            .filter(|u| !uris.contains(u))
            .collect();
        let mut stale: Vec<Url> = self.projects[i].published.difference(&uris).cloned().collect();
        stale.extend(open.into_iter().filter(|u| !self.projects[i].published.contains(u)));
        for uri in stale {
            self.publish(uri, Vec::new());
        }
        let p = &mut self.projects[i];
        p.published = uris;
        p.files = done.files.iter().map(|f| Overlay::key(Path::new(f))).collect();
        if done.parsed {
            self.rehome_unread(i);
        }
        let p = &mut self.projects[i];
        let Some(new) = p.evaluating.take() else { return };
        if !done.parsed && p.current.is_none() {
            if let Some(job) = p.last_good.clone() {
                // The last good evaluation's worker was stopped to make room: evaluate its
                // texts again to answer while these do not parse.
                kill(new);
                self.run_job(i, job, true);
                return;
            }
        }
        if done.parsed {
            p.last_good = None;
        }
        if done.parsed || !p.current_ok || p.current.is_none() {
            if let Some(old) = p.current.replace(new) {
                let pending: Vec<RequestId> = old.pending.iter().cloned().collect();
                kill(old);
                for id in pending {
                    let e = io::error(Some(id), ErrorCode::ContentModified, "the sources changed");
                    self.send(Message::Response(e));
                }
            }
            let p = &mut self.projects[i];
            p.current_ok = done.parsed;
            let queued = std::mem::take(&mut p.queued);
            for r in queued {
                self.forward(i, r);
            }
        } else {
            // Keep answering from the last evaluation that parsed.
            kill(new);
        }
    }

    /// Open documents of project `i` that its evaluation, parsed to the end, never read (a
    /// file under a tdq.toml or an LLVM target that the root does not include): each is
    /// evaluated as a root of its own, with the same settings.
    fn rehome_unread(&mut self, i: usize) {
        let unread: Vec<PathBuf> = self
            .docs
            .iter()
            .filter(|(path, d)| d.project == i && !self.projects[i].files.contains(*path))
            .map(|(path, _)| path.clone())
            .collect();
        for path in unread {
            let sources = self.projects[i].sources.alone(&path);
            let j = self.project_of(sources);
            if let Some(doc) = self.docs.get_mut(&path) {
                doc.project = j;
            }
            // Requests about it waiting for this evaluation wait for its own.
            let (moved, kept) = std::mem::take(&mut self.projects[i].queued)
                .into_iter()
                .partition(|r: &Request| request_path(r).as_ref() == Some(&path));
            self.projects[i].queued = kept;
            let pr = &mut self.projects[j];
            pr.queued.extend(moved);
            if pr.current.is_none() && pr.evaluating.is_none() {
                pr.due = Some(Instant::now());
            }
        }
        self.close_if_unused(i);
    }

    fn worker_exited(&mut self, id: u64) {
        let Some((i, is_current)) = self.find_worker(id) else { return };
        let p = &mut self.projects[i];
        let w = if is_current { p.current.take() } else { p.evaluating.take() };
        let Some(w) = w else { return };
        let pending: Vec<RequestId> = w.pending.iter().cloned().collect();
        kill(w);
        for id in pending {
            let e = io::error(Some(id), ErrorCode::InternalError, "the evaluation process stopped");
            self.send(Message::Response(e));
        }
        if !is_current {
            let root = self.projects[i].sources.root.clone();
            if let Ok(uri) = Url::from_file_path(&root) {
                let d = Diagnostic {
                    message: "tdq lsp: the evaluation stopped unexpectedly (this is a bug in tdq)".into(),
                    severity: Some(DiagnosticSeverity::ERROR),
                    range: Range::default(),
                    ..Default::default()
                };
                self.projects[i].published.insert(uri.clone());
                self.publish(uri, vec![d]);
            }
            let queued = std::mem::take(&mut self.projects[i].queued);
            for r in queued {
                self.forward(i, r);
            }
        }
    }

    fn publish(&mut self, uri: Url, diagnostics: Vec<Diagnostic>) {
        self.notify(notif::PublishDiagnostics::METHOD, PublishDiagnosticsParams { uri, diagnostics, version: None });
    }

    /// A request other than initialize and shutdown.
    fn request(&mut self, r: Request) {
        let path = request_path(&r);
        match r.method.as_str() {
            req::DocumentSymbolRequest::METHOD | req::FoldingRangeRequest::METHOD => {
                let Some(text) = path.and_then(|p| self.docs.get(&p)).map(|d| &d.text) else {
                    return self.respond(r.id, serde_json::Value::Null);
                };
                let syntax = Syntax::new(text.as_bytes());
                let result = if r.method == req::FoldingRangeRequest::METHOD {
                    serde_json::to_value(features::folding(&syntax, text.as_bytes(), self.encoding))
                } else {
                    serde_json::to_value(features::document_symbols(&syntax, text.as_bytes(), self.encoding))
                };
                self.respond(r.id, result.unwrap_or_default());
            }
            req::HoverRequest::METHOD
            | req::GotoDefinition::METHOD
            | req::References::METHOD
            | req::Completion::METHOD
            | req::SignatureHelpRequest::METHOD
            | req::WorkspaceSymbolRequest::METHOD => {
                let project = match path {
                    Some(path) => self
                        .docs
                        .get(&path)
                        .map(|d| d.project)
                        .or_else(|| self.projects.iter().position(|p| !p.closed && p.files.contains(&path))),
                    None => self.last_project.filter(|&i| !self.projects[i].closed),
                };
                match project {
                    Some(i) => {
                        self.last_project = Some(i);
                        self.forward(i, r)
                    }
                    None => self.respond(r.id, serde_json::Value::Null),
                }
            }
            _ => {
                let e = io::error(Some(r.id), ErrorCode::MethodNotFound, &format!("unknown method `{}`", r.method));
                self.send(Message::Response(e));
            }
        }
    }

    /// Sends a request to the project's current worker, with the text of its document as the
    /// client has it now; queues it while the first evaluation runs.
    fn forward(&mut self, i: usize, r: Request) {
        let text = request_path(&r).and_then(|p| self.docs.get(&p)).map(|d| d.text.clone());
        let p = &mut self.projects[i];
        let Some(w) = p.current.as_mut() else {
            if p.evaluating.is_some() || p.due.is_some() {
                p.queued.push(r);
            } else {
                self.respond(r.id, serde_json::Value::Null);
            }
            return;
        };
        let id = r.id.clone();
        let params = WorkerRequest { params: r.params, text };
        let sent = w.send(Message::Request(Request::new(r.id, r.method, params)));
        if sent {
            w.pending.insert(id);
        } else {
            let e = io::error(Some(id), ErrorCode::InternalError, "the evaluation process stopped");
            self.send(Message::Response(e));
        }
    }
}
