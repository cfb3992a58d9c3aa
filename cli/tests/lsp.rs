//! `tdq lsp` driven over stdio by a scripted client (Content-Length framed JSON-RPC): the
//! protocol's life cycle, diagnostics on open/change that clear when fixed, hover, definition,
//! references, completion, signature help, symbols and folding, on small sources and on LLVM's
//! X86 target of each release opened at a file that is not the root; and what bad input, bad
//! messages, include cycles and deleted files do (the server answers and lives on).

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How long any one answer may take (an LLVM target's first evaluation included, on a loaded
/// machine).
const TIMEOUT: Duration = Duration::from_secs(120);

struct Client {
    child: Child,
    stdin: ChildStdin,
    rx: Receiver<Value>,
    next_id: i64,
    /// Notifications received while waiting for something else.
    notes: Vec<Value>,
}

fn uri(path: &Path) -> String {
    format!("file://{}", path.display())
}

impl Client {
    fn start(dir: &Path, args: &[&str]) -> Client {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tdq"))
            .arg("lsp")
            .args(args)
            .current_dir(dir)
            .env_remove("TDQ_LLVM_VERSION")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("starting tdq lsp");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut r = BufReader::new(stdout);
            loop {
                let mut len = None;
                loop {
                    let mut line = String::new();
                    if r.read_line(&mut line).unwrap_or(0) == 0 {
                        return;
                    }
                    let line = line.trim();
                    if line.is_empty() {
                        break;
                    }
                    if let Some(v) = line.strip_prefix("Content-Length:") {
                        len = v.trim().parse::<usize>().ok();
                    }
                }
                let mut body = vec![0; len.expect("a Content-Length header")];
                r.read_exact(&mut body).expect("a body");
                let v: Value = serde_json::from_slice(&body).expect("the server writes JSON");
                assert_eq!(v["jsonrpc"], "2.0", "{v}");
                if tx.send(v).is_err() {
                    return;
                }
            }
        });
        let mut c = Client { child, stdin, rx, next_id: 0, notes: Vec::new() };
        let init = c.request(
            "initialize",
            json!({"processId": null, "rootUri": null, "capabilities": {"general": {"positionEncodings": ["utf-16"]}}}),
        );
        let caps = &init["result"]["capabilities"];
        assert_eq!(caps["positionEncoding"], "utf-16", "{init}");
        for cap in [
            "hoverProvider",
            "definitionProvider",
            "referencesProvider",
            "documentSymbolProvider",
            "foldingRangeProvider",
        ] {
            assert_eq!(caps[cap], true, "{cap}: {init}");
        }
        c.notify("initialized", json!({}));
        c
    }

    fn raw(&mut self, body: &[u8]) {
        write!(self.stdin, "Content-Length: {}\r\n\r\n", body.len()).expect("write");
        self.stdin.write_all(body).expect("write");
        self.stdin.flush().expect("flush");
    }

    fn send(&mut self, v: Value) {
        self.raw(&serde_json::to_vec(&v).expect("json"));
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    /// Sends a request and waits for its response (the whole message).
    fn request(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        self.wait(|v| v["id"] == id && v.get("method").is_none())
    }

    fn wait(&mut self, want: impl Fn(&Value) -> bool) -> Value {
        let deadline = Instant::now() + TIMEOUT;
        loop {
            match self.rx.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
                Ok(v) if want(&v) => return v,
                Ok(v) => self.notes.push(v),
                Err(RecvTimeoutError::Timeout) => panic!("no answer in {TIMEOUT:?}; got {:#?}", self.notes),
                Err(RecvTimeoutError::Disconnected) => panic!("the server closed its output; got {:#?}", self.notes),
            }
        }
    }

    /// The next diagnostics published for `file`.
    fn diagnostics(&mut self, file: &Path) -> Vec<Value> {
        let u = uri(file);
        if let Some(i) = self
            .notes
            .iter()
            .position(|v| v["method"] == "textDocument/publishDiagnostics" && v["params"]["uri"] == u.as_str())
        {
            let v = self.notes.remove(i);
            return v["params"]["diagnostics"].as_array().cloned().unwrap_or_default();
        }
        let v = self.wait(|v| v["method"] == "textDocument/publishDiagnostics" && v["params"]["uri"] == u.as_str());
        v["params"]["diagnostics"].as_array().cloned().unwrap_or_default()
    }

    fn open(&mut self, file: &Path, text: &str) {
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri(file), "languageId": "tablegen", "version": 1, "text": text}}),
        );
    }

    fn change(&mut self, file: &Path, version: i32, text: &str) {
        self.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": uri(file), "version": version}, "contentChanges": [{"text": text}]}),
        );
    }

    fn at(&mut self, method: &str, file: &Path, line: u32, character: u32) -> Value {
        let mut params =
            json!({"textDocument": {"uri": uri(file)}, "position": {"line": line, "character": character}});
        if method == "textDocument/references" {
            params["context"] = json!({"includeDeclaration": true});
        }
        self.request(method, params)
    }

    /// Shuts down and exits; returns the exit status.
    fn finish(mut self) -> i32 {
        let r = self.request("shutdown", Value::Null);
        assert!(r.get("error").is_none(), "{r}");
        self.notify("exit", Value::Null);
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            if let Some(status) = self.child.try_wait().expect("wait") {
                return status.code().unwrap_or(-1);
            }
            assert!(Instant::now() < deadline, "the server did not exit");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

/// The line and character of the first `needle` in `text` (plus `skip` characters).
fn pos(text: &str, needle: &str, skip: u32) -> (u32, u32) {
    let at = text.find(needle).unwrap_or_else(|| panic!("`{needle}` not in the text"));
    let line = text[..at].matches('\n').count() as u32;
    let col = (at - text[..at].rfind('\n').map_or(0, |p| p + 1)) as u32;
    (line, col + skip)
}

fn hover_text(v: &Value) -> String {
    v["result"]["contents"]["value"].as_str().unwrap_or("").to_string()
}

const ROOT: &str = r#"class Base<int size> {
  int Size = size;
  string Name = "";
}
def top : Base<4>;
include "lib.td"
"#;

const LIB: &str = r#"class Inst<string n, int s> : Base<s> {
  let Name = n;
  bits<8> Op = 0;
}
multiclass Pair<int s> {
  def _r : Inst<"r", s>;
  def _m : Inst<"m", !add(s, 1)>;
}
defm ADD : Pair<2>;
defvar Big = 32;
def MUL : Inst<"mul", Big> { let Op = 7; }
"#;

fn small_project(dir: &Path) -> (PathBuf, PathBuf) {
    std::fs::write(dir.join("tdq.toml"), "[sources]\nroot = \"root.td\"\nllvm-version = \"22\"\n").unwrap();
    // lib.td uses Base, so it is evaluated through root.td, which tdq.toml names.
    std::fs::write(dir.join("root.td"), ROOT).unwrap();
    std::fs::write(dir.join("lib.td"), LIB).unwrap();
    (dir.join("root.td"), dir.join("lib.td"))
}

#[test]
fn small_sources_through_their_root() {
    let dir = tempfile::tempdir().unwrap();
    let (root, lib) = small_project(dir.path());
    let mut c = Client::start(dir.path(), &[]);
    c.open(&lib, LIB);
    assert_eq!(c.diagnostics(&lib), Vec::<Value>::new(), "a clean evaluation through root.td");

    // Hover on a defm: every def it made, as --print-records prints them.
    let (l, ch) = pos(LIB, "defm ADD", 6);
    let h = hover_text(&c.at("textDocument/hover", &lib, l, ch));
    assert!(h.contains("def ADD_m {\t// Base Inst\n  int Size = 3;\n  string Name = \"m\";\n  bits<8> Op = { 0, 0, 0, 0, 0, 0, 0, 0 };\n}"), "{h}");
    assert!(h.contains("def ADD_r {"), "{h}");
    // On a class: its template arguments and fields.
    let (l, ch) = pos(LIB, "Inst<\"mul\"", 1);
    let h = hover_text(&c.at("textDocument/hover", &lib, l, ch));
    assert!(h.contains("class Inst<string Inst:n = ?, int Inst:s = ?> {\t// Base"), "{h}");
    // On a field in a let: its value in the def and how it got it.
    let (l, ch) = pos(LIB, "let Op = 7", 5);
    let h = hover_text(&c.at("textDocument/hover", &lib, l, ch));
    assert!(h.contains("MUL.Op = { 0, 0, 0, 0, 0, 1, 1, 1 }"), "{h}");
    assert!(h.contains("tdq explain MUL.Op"), "{h}");
    // On a bang operator: its signature in this release.
    let (l, ch) = pos(LIB, "!add", 2);
    let h = hover_text(&c.at("textDocument/hover", &lib, l, ch));
    assert!(h.contains("!add(a, b, ...)") && h.contains("LLVM 22"), "{h}");

    // Definition: a class in the other file, a template argument, a defvar, an include.
    let (l, ch) = pos(LIB, ": Base<s>", 3);
    let d = c.at("textDocument/definition", &lib, l, ch);
    assert_eq!(d["result"][0]["uri"], uri(&root), "{d}");
    assert_eq!(d["result"][0]["range"]["start"], json!({"line": 0, "character": 6}), "{d}");
    let (l, ch) = pos(LIB, "!add(s", 5);
    let d = c.at("textDocument/definition", &lib, l, ch);
    assert_eq!(d["result"][0]["range"]["start"], json!({"line": 4, "character": 20}), "{d}");
    let (l, ch) = pos(LIB, "\"mul\", Big", 8);
    let d = c.at("textDocument/definition", &lib, l, ch);
    assert_eq!(d["result"][0]["range"]["start"], json!({"line": 9, "character": 7}), "{d}");
    let root_text = std::fs::read_to_string(&root).unwrap();
    c.open(&root, &root_text);
    let (l, ch) = pos(&root_text, "\"lib.td\"", 2);
    let d = c.at("textDocument/definition", &root, l, ch);
    assert_eq!(d["result"][0]["uri"], uri(&lib), "{d}");

    // References of a class across both files.
    let (l, ch) = pos(&root_text, "class Base", 7);
    let r = c.at("textDocument/references", &root, l, ch);
    let files: Vec<&str> = r["result"].as_array().unwrap().iter().map(|l| l["uri"].as_str().unwrap()).collect();
    assert_eq!(files.iter().filter(|u| **u == uri(&root)).count(), 2, "{r}");
    assert_eq!(files.iter().filter(|u| **u == uri(&lib)).count(), 1, "{r}");

    // Completion: classes after `:`, fields in `let`, operators after `!`; signature help.
    let complete = |c: &mut Client, version: i32, tail: &str, method: &str| {
        let edited = LIB.to_string() + tail;
        c.change(&lib, version, &edited);
        let (line, ch) = (edited.lines().count() as u32 - 1, tail.len() as u32);
        c.at(method, &lib, line, ch)
    };
    let labels = |v: &Value| -> Vec<String> {
        v["result"].as_array().unwrap().iter().map(|i| i["label"].as_str().unwrap().to_string()).collect()
    };
    let items = labels(&complete(&mut c, 2, "def NEW : In", "textDocument/completion"));
    assert!(items.contains(&"Inst".to_string()) && !items.contains(&"Base".to_string()), "{items:?}");
    let items = labels(&complete(&mut c, 3, "def NEW : Inst<\"x\", 1> { let N", "textDocument/completion"));
    assert_eq!(items, ["Name"]);
    let items = labels(&complete(&mut c, 4, "defvar q = !listfl", "textDocument/completion"));
    assert!(items.contains(&"listflatten".to_string()) && !items.contains(&"sort".to_string()), "LLVM 22's: {items:?}");
    let s = complete(&mut c, 5, "def NEW : Inst<\"x\", ", "textDocument/signatureHelp");
    assert_eq!(s["result"]["signatures"][0]["label"], "Inst<string n, int s>", "{s}");
    assert_eq!(s["result"]["activeParameter"], 1, "{s}");

    // An undefined class: an error on its line, gone when fixed.
    let broken = LIB.replace("def MUL : Inst<", "def MUL : Nope<");
    c.change(&lib, 6, &broken);
    let diags = c.diagnostics(&lib);
    // Debounced edits may publish for an earlier text first; wait for the error.
    let diags = if diags.iter().any(|d| d["severity"] == 1) { diags } else { wait_error(&mut c, &lib) };
    let (l, _) = pos(&broken, "Nope", 0);
    let err = diags.iter().find(|d| d["severity"] == 1).unwrap();
    assert_eq!(err["range"]["start"]["line"], l, "{diags:?}");
    assert!(err["message"].as_str().unwrap().contains("Couldn't find class 'Nope'"), "{err}");
    // While it does not parse, hover answers from the last good evaluation.
    let (hl, hch) = pos(&broken, "defm ADD", 6);
    let h = hover_text(&c.at("textDocument/hover", &lib, hl, hch));
    assert!(h.contains("def ADD_r {"), "{h}");
    c.change(&lib, 7, LIB);
    loop {
        if c.diagnostics(&lib).is_empty() {
            break;
        }
    }
    // Broken before `defm ADD`: the failed evaluation has no ADD_r, so the hover's answer
    // is the last good evaluation's (its worker was stopped to make room, and its texts are
    // evaluated again), and the error stays published.
    let early = LIB.replace(": Base<s> {", ": Nope<s> {");
    c.change(&lib, 8, &early);
    let diags = wait_error(&mut c, &lib);
    assert_eq!(diags.iter().find(|d| d["severity"] == 1).unwrap()["range"]["start"]["line"], 0, "{diags:?}");
    let (hl, hch) = pos(&early, "defm ADD", 6);
    let h = hover_text(&c.at("textDocument/hover", &lib, hl, hch));
    assert!(h.contains("def ADD_r {"), "{h}");
    let cleared = c.notes.iter().any(|v| {
        v["method"] == "textDocument/publishDiagnostics"
            && v["params"]["uri"] == uri(&lib).as_str()
            && v["params"]["diagnostics"].as_array().is_some_and(|d| d.is_empty())
    });
    assert!(!cleared, "the evaluation answering for the older text published its diagnostics: {:#?}", c.notes);
    c.change(&lib, 9, LIB);
    loop {
        if c.diagnostics(&lib).is_empty() {
            break;
        }
    }

    // Outline and folding from the text.
    let s = c.request("textDocument/documentSymbol", json!({"textDocument": {"uri": uri(&lib)}}));
    let names: Vec<&str> = s["result"].as_array().unwrap().iter().map(|s| s["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Inst", "Pair", "ADD", "Big", "MUL"], "{s}");
    assert_eq!(s["result"][1]["children"][0]["name"], "_r", "{s}");
    let f = c.request("textDocument/foldingRange", json!({"textDocument": {"uri": uri(&lib)}}));
    assert_eq!(f["result"][0], json!({"startLine": 0, "endLine": 3, "kind": "region"}), "{f}");
    let w = c.request("workspace/symbol", json!({"query": "ADD_"}));
    let names: Vec<&str> = w["result"].as_array().unwrap().iter().map(|s| s["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["ADD_m", "ADD_r"], "{w}");

    assert_eq!(c.finish(), 0);
}

fn wait_error(c: &mut Client, file: &Path) -> Vec<Value> {
    loop {
        let d = c.diagnostics(file);
        if d.iter().any(|d| d["severity"] == 1) {
            return d;
        }
    }
}

#[test]
fn bad_messages_and_bad_input_never_stop_it() {
    let dir = tempfile::tempdir().unwrap();
    let (_, lib) = small_project(dir.path());
    let mut c = Client::start(dir.path(), &[]);
    // Not JSON: a parse error with a null id. JSON but not a message: an invalid request.
    c.raw(b"{not json");
    let e = c.wait(|v| v.get("error").is_some());
    assert_eq!(e["error"]["code"], -32700, "{e}");
    assert_eq!(e["id"], Value::Null, "{e}");
    c.raw(br#"{"jsonrpc":"2.0","id":77}"#);
    let e = c.wait(|v| v.get("error").is_some());
    assert_eq!((e["id"].clone(), e["error"]["code"].clone()), (json!(77), json!(-32600)), "{e}");
    let e = c.request("no/suchMethod", json!({}));
    assert_eq!(e["error"]["code"], -32601, "{e}");
    let e = c.request("textDocument/hover", json!({"textDocument": 5}));
    assert!(e.get("error").is_some() || e["result"].is_null(), "{e}");
    // An id that is an object is no request (it would read as a notification).
    c.raw(br#"{"jsonrpc":"2.0","id":{"a":1},"method":"textDocument/hover","params":{}}"#);
    let e = c.wait(|v| v.get("error").is_some());
    assert_eq!((e["id"].clone(), e["error"]["code"].clone()), (Value::Null, json!(-32600)), "{e}");
    // Headers without a Content-Length: a parse error answering the request by its id, and
    // the next message read whole.
    c.stdin.write_all(b"Content-Type: x\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":\"h\",\"method\":\"shutdown\"}").unwrap();
    let e = c.wait(|v| v.get("error").is_some());
    assert_eq!((e["id"].clone(), e["error"]["code"].clone()), (json!("h"), json!(-32700)), "{e}");
    // A result of null is said (JSON-RPC: a response has a result or an error), also when a
    // worker answered it.
    let r = c.at("textDocument/hover", &dir.path().join("never-opened.td"), 0, 0);
    assert_eq!(r.as_object().unwrap().get("result"), Some(&Value::Null), "{r}");

    // Positions past the end of a line and of the file.
    c.open(&lib, LIB);
    c.diagnostics(&lib);
    for (line, ch) in [(0, 999), (999, 0), (u32::MAX, u32::MAX)] {
        for m in [
            "textDocument/hover",
            "textDocument/definition",
            "textDocument/references",
            "textDocument/completion",
            "textDocument/signatureHelp",
        ] {
            let r = c.at(m, &lib, line, ch);
            assert!(r.get("error").is_none(), "{m} at {line}:{ch}: {r}");
        }
    }

    let r = c.at("textDocument/hover", &lib, 0, 0);
    assert_eq!(r.as_object().unwrap().get("result"), Some(&Value::Null), "{r}");

    // Garbage text, an include cycle, a missing include.
    c.change(&lib, 2, "def \u{0} \"unterminated\n class <<<< ]]] !foo( /* ");
    let d = wait_error(&mut c, &lib);
    assert!(!d.is_empty());
    std::fs::write(dir.path().join("cycle.td"), "include \"cycle.td\"\n").unwrap();
    c.change(&lib, 3, "include \"cycle.td\"\n");
    let d = wait_error_in_any(&mut c);
    assert!(d.iter().any(|d| d["message"].as_str().unwrap().contains("include cycle")), "{d:?}");
    c.change(&lib, 4, "include \"missing.td\"\n");
    let d = wait_error(&mut c, &lib);
    // LLVM 22 spells it "could not find".
    let message = |d: &Value| d["message"].as_str().unwrap().to_lowercase();
    assert!(d.iter().any(|d| message(d).contains("could not find include file 'missing.td'")), "{d:?}");

    // A file deleted while open: its text is the editor's, so it still evaluates.
    c.change(&lib, 5, LIB);
    loop {
        if c.diagnostics(&lib).is_empty() {
            break;
        }
    }
    std::fs::remove_file(&lib).unwrap();
    c.notify("textDocument/didSave", json!({"textDocument": {"uri": uri(&lib)}}));
    let (l, ch) = pos(LIB, "defm ADD", 6);
    let h = hover_text(&c.at("textDocument/hover", &lib, l, ch));
    assert!(h.contains("def ADD_r {"), "{h}");
    // The root deleted too: an error, and the server goes on.
    std::fs::remove_file(dir.path().join("root.td")).unwrap();
    c.notify("textDocument/didSave", json!({"textDocument": {"uri": uri(&lib)}}));
    let root = dir.path().join("root.td");
    let d = c.diagnostics(&root);
    assert!(d.iter().any(|d| d["message"].as_str().unwrap().contains("cannot read")), "{d:?}");
    c.notify("textDocument/didClose", json!({"textDocument": {"uri": uri(&lib)}}));
    // Requests after shutdown are refused; exit then ends it with 0.
    assert_eq!(c.finish(), 0);
}

/// A file renamed while open (the editor's rename: the file moves, then didClose of the old
/// name and didOpen of the new), and one under tdq.toml that its root does not include: that
/// one is evaluated on its own (with the project's settings), so its errors (an include cycle)
/// are said.
#[test]
fn renamed_and_unincluded_files() {
    let message = |d: &Value| d["message"].as_str().unwrap().to_lowercase();
    let dir = tempfile::tempdir().unwrap();
    let (root, lib) = small_project(dir.path());
    let mut c = Client::start(dir.path(), &[]);
    c.open(&lib, LIB);
    assert_eq!(c.diagnostics(&lib), Vec::<Value>::new());
    let moved = dir.path().join("moved.td");
    std::fs::rename(&lib, &moved).unwrap();
    c.notify("textDocument/didClose", json!({"textDocument": {"uri": uri(&lib)}}));
    c.open(&moved, LIB);
    // root.td includes lib.td, gone: said on root.td's line; hover answers meanwhile.
    let d = wait_error_in_any(&mut c);
    assert!(d.iter().any(|d| message(d).contains("could not find include file 'lib.td'")), "{d:?}");
    let (l, ch) = pos(LIB, "defvar Big", 8);
    let h = c.at("textDocument/hover", &moved, l, ch);
    assert!(h.get("error").is_none(), "{h}");
    // The root follows the rename: a clean evaluation through it again.
    std::fs::write(&root, ROOT.replace("lib.td", "moved.td")).unwrap();
    c.notify("textDocument/didSave", json!({"textDocument": {"uri": uri(&moved)}}));
    loop {
        if c.diagnostics(&root).is_empty() {
            break;
        }
    }
    let (l, ch) = pos(LIB, "defm ADD", 6);
    assert!(hover_text(&c.at("textDocument/hover", &moved, l, ch)).contains("def ADD_r {"));

    // An include cycle in files root.td never reads.
    std::fs::write(dir.path().join("b.td"), "include \"a.td\"\n").unwrap();
    let a = dir.path().join("a.td");
    std::fs::write(&a, "include \"b.td\"\n").unwrap();
    c.open(&a, "include \"b.td\"\n");
    let d = wait_error_in_any(&mut c);
    assert!(d.iter().any(|d| d["message"].as_str().unwrap().contains("include cycle")), "{d:?}");
    assert_eq!(c.finish(), 0);
}

/// The next diagnostics with an error, in whatever file.
fn wait_error_in_any(c: &mut Client) -> Vec<Value> {
    loop {
        let v = c.wait(|v| v["method"] == "textDocument/publishDiagnostics");
        let d = v["params"]["diagnostics"].as_array().cloned().unwrap_or_default();
        if d.iter().any(|d| d["severity"] == 1) {
            return d;
        }
    }
}

/// `tdq lint` findings are warnings with their rule id, as tdq.toml's `[lint]` configures them.
#[test]
fn lint_findings_are_warnings() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("t.td");
    let text = "class Instruction { bit isBarrier = 0; bit isTerminator = 0; }\ndef TRAP : Instruction { let isBarrier = 1; }\n";
    std::fs::write(&file, text).unwrap();
    std::fs::write(dir.path().join("tdq.toml"), "[sources]\nroot = \"t.td\"\n").unwrap();
    let mut c = Client::start(dir.path(), &[]);
    c.open(&file, text);
    let d = c.diagnostics(&file);
    assert_eq!(d.len(), 1, "{d:?}");
    assert_eq!((d[0]["severity"].clone(), d[0]["code"].clone()), (json!(2), json!("barrier-not-terminator")), "{d:?}");
    assert_eq!(d[0]["range"]["start"]["line"], 1, "{d:?}");
    assert!(d[0]["message"].as_str().unwrap().contains("tdq lint --explain barrier-not-terminator"), "{d:?}");
    assert_eq!(c.finish(), 0);
    // Ignored in tdq.toml: no finding.
    std::fs::write(
        dir.path().join("tdq.toml"),
        "[sources]\nroot = \"t.td\"\n[lint]\nignore = [\"barrier-not-terminator\"]\n",
    )
    .unwrap();
    let mut c = Client::start(dir.path(), &[]);
    c.open(&file, text);
    assert_eq!(c.diagnostics(&file), Vec::<Value>::new());
    assert_eq!(c.finish(), 0);
}

/// LLVM's own TableGen tests (every fourth of 23's), each opened, then edited into mutants
/// (an eighth of it cut out, the text cut short, `;` and `{` doubled), each evaluated: the
/// server publishes their diagnostics, answers a hover after each, and no worker dies.
#[test]
fn llvm_tests_and_their_mutants() {
    let tests = tdq_tests::workspace_dir().join("../shared/corpus/llvm-23.1.1/llvm/test/TableGen");
    let tests = tests.canonicalize().expect("the LLVM corpus");
    let mut files: Vec<PathBuf> =
        walk(&tests).into_iter().filter(|p| p.extension().is_some_and(|e| e == "td")).collect();
    files.sort();
    assert!(files.len() > 300, "{} files", files.len());
    let dir = tempfile::tempdir().unwrap();
    let mut c = Client::start(dir.path(), &[]);
    let mut answered = 0;
    for (n, file) in files.iter().enumerate().filter(|(n, _)| n % 4 == 0) {
        let Ok(text) = std::fs::read_to_string(file) else { continue };
        c.open(file, &text);
        c.diagnostics(file);
        let len = text.len();
        let cut = |a: usize, b: usize| {
            let (a, b) = (text.floor_char_boundary(a * len / 8), text.floor_char_boundary(b * len / 8));
            format!("{}{}", &text[..a], &text[b..])
        };
        let mutants = [
            cut(n % 7, n % 7 + 1),
            text[..text.floor_char_boundary(len / 2)].to_string(),
            text.replace(';', ";;").replace('{', "{{"),
        ];
        for (v, m) in mutants.iter().enumerate() {
            c.change(file, v as i32 + 2, m);
            // Each mutant evaluated to the end: diagnostics, and never a worker that died.
            let d = c.diagnostics(file);
            assert!(
                !d.iter().any(|d| d["message"].as_str().unwrap().contains("stopped unexpectedly")),
                "{}: {d:?}",
                file.display()
            );
            let line = (n % 40) as u32;
            let r = c.at("textDocument/hover", file, line, 4);
            assert!(r.get("error").is_none() || r["error"]["code"] == -32801, "{}: {r}", file.display());
            answered += 1;
        }
        c.notify("textDocument/didClose", json!({"textDocument": {"uri": uri(file)}}));
        c.notes.clear();
    }
    assert!(answered > 200, "{answered}");
    assert_eq!(c.finish(), 0);
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let p = e.path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else {
            out.push(p);
        }
    }
    out
}

/// A real editor's client: Neovim, headless, with the configuration README gives
/// (editors/nvim/tdq.lua), opens lib.td, gets diagnostics and a hover, then root.td in the same
/// client (editors/nvim/check.lua; .ci/setup installs Debian's neovim, 0.7.2).
#[test]
fn neovim_is_a_client() {
    let dir = tempfile::tempdir().unwrap();
    let (root, lib) = small_project(dir.path());
    let (l, ch) = pos(LIB, "defm ADD", 6);
    let script = tdq_tests::workspace_dir().join("editors/nvim/check.lua");
    let out = Command::new("nvim")
        .args(["--headless", "-u", "NONE", "-c"])
        .arg(format!("luafile {}", script.display()))
        .env("TDQ", env!("CARGO_BIN_EXE_tdq"))
        .env("FILE", &lib)
        .env("FILE2", &root)
        .env("LINE", l.to_string())
        .env("COL", ch.to_string())
        .env_remove("TDQ_LLVM_VERSION")
        .current_dir(dir.path())
        .output()
        .expect("running nvim (Debian's package neovim; .ci/setup installs it)");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("filetype: tablegen\n"), "{stdout}\n{}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout.contains("diagnostics: 0"), "{stdout}\n{}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout.contains("def ADD_r {\t// Base Inst"), "{stdout}");
    assert!(stdout.contains("clients: 1, 1, the same: true"), "{stdout}");
    assert!(out.status.success(), "{stdout}");
}

#[test]
fn release_is_chosen_and_said_as_everywhere() {
    // No tdq.toml, no LLVM tree, no TDQ_LLVM_VERSION: the newest release, and an evaluation
    // that fails says so (as tdq's commands do), once, on its first error.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("alone.td");
    let text = "def A : Nope;\ndef B : Nope;\n";
    std::fs::write(&file, text).unwrap();
    let mut c = Client::start(dir.path(), &[]);
    c.open(&file, text);
    let diags = wait_error(&mut c, &file);
    let noted: Vec<&str> = diags
        .iter()
        .filter_map(|d| d["message"].as_str())
        .filter(|m| m.contains("note: evaluated as LLVM 23, the newest release, since nothing named one"))
        .collect();
    assert_eq!(noted.len(), 1, "{diags:?}");
    assert!(noted[0].starts_with("Couldn't find class 'Nope'"), "{diags:?}");
    assert_eq!(c.finish(), 0);
    // Named on the command line: no note.
    let mut c = Client::start(dir.path(), &["--llvm-version", "22"]);
    c.open(&file, text);
    let diags = wait_error(&mut c, &file);
    assert!(diags.iter().all(|d| !d["message"].as_str().unwrap().contains("nothing named one")), "{diags:?}");
    assert_eq!(c.finish(), 0);
}

#[test]
fn exit_without_shutdown_is_status_one() {
    let dir = tempfile::tempdir().unwrap();
    let mut c = Client::start(dir.path(), &[]);
    c.notify("exit", Value::Null);
    let status = c.child.wait().expect("wait");
    assert_eq!(status.code(), Some(1));
}

/// LLVM's X86 target of `release`, opened at X86InstrArithmetic.td (not the root).
fn x86_acceptance(version: &str) {
    let llvm = tdq_tests::workspace_dir().join(format!("../shared/corpus/{version}/llvm"));
    let llvm = llvm.canonicalize().expect("the LLVM corpus");
    let x86 = llvm.join("lib/Target/X86");
    let arith = x86.join("X86InstrArithmetic.td");
    let text = std::fs::read_to_string(&arith).unwrap();
    let mut c = Client::start(&llvm, &[]);
    c.open(&arith, &text);
    let d = c.diagnostics(&arith);
    assert!(d.iter().all(|d| d["severity"] != 1), "{d:?}");

    // `defm ADD`: the defs it makes, ADD32rr among them exactly as --print-records prints it.
    let out = Command::new(env!("CARGO_BIN_EXE_tdq"))
        .args(["tblgen", "--print-records", "-I"])
        .arg(llvm.join("include"))
        .arg("-I")
        .arg(&x86)
        .arg(x86.join("X86.td"))
        .env("TDQ_TBLGEN_CACHE", "off")
        .output()
        .unwrap();
    let records = String::from_utf8(out.stdout).unwrap();
    let start = records.find("\ndef ADD32rr {").expect("ADD32rr") + 1;
    let add32rr = &records[start..start + records[start..].find("\n}\n").unwrap() + 3];
    let (l, ch) = pos(&text, "defm ADD ", 6);
    let h = hover_text(&c.at("textDocument/hover", &arith, l, ch));
    assert!(h.contains(add32rr), "{version}: {}", &h[..h.len().min(3000)]);

    // ADD32rr named in another file: its record.
    let other = x86.join("X86InstrCompiler.td");
    let other_text = std::fs::read_to_string(&other).unwrap();
    c.open(&other, &other_text);
    let (l, ch) = pos(&other_text, "(ADD32rr ", 2);
    let h = hover_text(&c.at("textDocument/hover", &other, l, ch));
    assert!(h.contains(add32rr), "{version}: {h}");

    // Definition of a class lands on its line.
    let (l, ch) = pos(&text, ": BinOpRR_RF<", 3);
    let d = c.at("textDocument/definition", &arith, l, ch);
    let (cl, _) = pos(&std::fs::read_to_string(x86.join("X86InstrUtils.td")).unwrap(), "class BinOpRR_RF<", 0);
    assert_eq!(d["result"][0]["uri"], uri(&x86.join("X86InstrUtils.td")), "{d}");
    assert_eq!(d["result"][0]["range"]["start"]["line"], cl, "{d}");

    // References of a class: uses across files.
    let r = c.at("textDocument/references", &arith, l, ch);
    let files: std::collections::BTreeSet<&str> =
        r["result"].as_array().unwrap().iter().map(|l| l["uri"].as_str().unwrap()).collect();
    assert!(
        files.contains(uri(&arith).as_str()) && files.contains(uri(&x86.join("X86InstrUtils.td")).as_str()),
        "{files:?}"
    );

    // An undefined class: a diagnostic on its line, cleared when fixed.
    let broken = text.replacen(": BinOpRR_RF<", ": NoSuchClass<", 1);
    c.change(&arith, 2, &broken);
    let d = wait_error(&mut c, &arith);
    let err = d.iter().find(|d| d["severity"] == 1).unwrap();
    assert_eq!(err["range"]["start"]["line"], l, "{d:?}");
    assert!(err["message"].as_str().unwrap().contains("Couldn't find class 'NoSuchClass'"), "{err}");
    c.change(&arith, 3, &text);
    loop {
        if c.diagnostics(&arith).iter().all(|d| d["severity"] != 1) {
            break;
        }
    }
    assert_eq!(c.finish(), 0);
}

#[test]
fn x86_llvm_23() {
    x86_acceptance("llvm-23.1.1");
}

#[test]
fn x86_llvm_22() {
    x86_acceptance("llvm-22.1.8");
}

#[test]
fn x86_llvm_19() {
    x86_acceptance("llvm-19.1.7");
}
