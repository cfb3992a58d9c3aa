//! A worker's answers: one evaluation (records, sources, trace) and the syntax of every file it
//! read, asked about a position in a document as the client has it now.
//!
//! The word under the cursor comes from the current text, so answers keep coming from the last
//! good evaluation while the text does not parse. Names resolve innermost first: a template
//! argument, `foreach` variable or `defvar` in scope; then the `defvar` the evaluation saw
//! there; then classes, multiclasses, defsets and defs declared in any file; then defs the
//! evaluation made (names built by `defm` and `foreach`); then fields of the enclosing record.

use crate::bang;
use crate::protocol::Job;
use crate::syntax::{Decl, DeclKind, Kind, Syntax};
use crate::text::{Encoding, LineIndex};
use crate::worker::{token_end, uri_of};
use lsp_types::*;
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::PathBuf;
use std::sync::OnceLock;
use tdq_core::lexer::{BangOp, Overlay};
use tdq_core::record::Record;
use tdq_core::{Evaluation, Loc, Release};

/// How many records a hover prints before it says how many more there are.
const HOVER_RECORDS: usize = 8;
/// How many bytes of records a hover prints at most.
const HOVER_BYTES: usize = 24_000;
/// How many defs a field hover lists.
const HOVER_FIELD_DEFS: usize = 12;
/// How many results a workspace symbol search or a completion returns at most.
const MAX_RESULTS: usize = 500;

/// One file the evaluation read.
pub struct FileInfo {
    pub key: PathBuf,
    pub uri: Url,
    /// The first buffer of this file (a file included twice is indexed once).
    pub first: bool,
}

pub struct Analysis {
    pub eval: Evaluation,
    pub encoding: Encoding,
    /// By source buffer, as `eval.sm.files`.
    pub files: Vec<FileInfo>,
    pub project: Option<String>,
    include_dirs: Vec<String>,
    release: Release,
    syntax: OnceLock<Vec<Option<Syntax>>>,
}

/// Where a request points: the document as the client has it, and the same place in the
/// evaluation's copy of it.
struct Cursor {
    text: Vec<u8>,
    syntax: Syntax,
    offset: u32,
    /// The buffer of the evaluation that is this document.
    file: Option<u32>,
    /// `offset` in that buffer (the same line and column when the texts differ).
    eval_offset: u32,
}

impl Cursor {
    fn token(&self) -> Option<(usize, Kind, String)> {
        let i = self.syntax.token_at(self.offset)?;
        let t = self.syntax.tokens[i];
        Some((i, t.kind, String::from_utf8_lossy(t.text(&self.text)).into_owned()))
    }

    fn tok_text(&self, i: usize) -> Option<&[u8]> {
        self.syntax.tokens.get(i).map(|t| t.text(&self.text))
    }

    fn loc(&self) -> Option<Loc> {
        self.file.map(|file| Loc { file, offset: self.eval_offset })
    }
}

impl Analysis {
    pub fn new(eval: Evaluation, encoding: Encoding, job: &Job) -> Analysis {
        let mut seen = std::collections::HashSet::new();
        let files = eval
            .sm
            .files
            .iter()
            .map(|f| {
                let key = Overlay::key(std::path::Path::new(&f.path));
                let first = seen.insert(key.clone());
                FileInfo { uri: uri_of(&key), key, first }
            })
            .collect();
        Analysis {
            release: eval.records.release,
            eval,
            encoding,
            files,
            project: job.project.clone(),
            include_dirs: job.include_dirs.clone(),
            syntax: OnceLock::new(),
        }
    }

    /// The syntax of every file the evaluation read (made on first use).
    fn syntax(&self) -> &[Option<Syntax>] {
        self.syntax.get_or_init(|| {
            self.eval
                .sm
                .files
                .iter()
                .zip(&self.files)
                .map(|(f, info)| info.first.then(|| Syntax::new(&f.text)))
                .collect()
        })
    }

    fn index(&self, file: u32) -> LineIndex<'_> {
        LineIndex::new(&self.eval.sm.files[file as usize].text, self.encoding)
    }

    fn location_of(&self, file: u32, start: u32, end: u32) -> Location {
        Location { uri: self.files[file as usize].uri.clone(), range: self.index(file).range(start, end) }
    }

    /// Answers a forwarded request.
    pub fn handle(&self, method: &str, params: Value, text: Option<String>) -> Result<Value, String> {
        use lsp_types::request::*;
        fn parse<T: serde::de::DeserializeOwned>(v: Value) -> Result<T, String> {
            serde_json::from_value(v).map_err(|e| e.to_string())
        }
        let result = match method {
            HoverRequest::METHOD => {
                let p: HoverParams = parse(params)?;
                let c = self.cursor(&p.text_document_position_params, text);
                serde_json::to_value(self.hover(&c))
            }
            GotoDefinition::METHOD => {
                let p: GotoDefinitionParams = parse(params)?;
                let c = self.cursor(&p.text_document_position_params, text);
                let uri = p.text_document_position_params.text_document.uri;
                serde_json::to_value(GotoDefinitionResponse::Array(self.definition(&c, &uri)))
            }
            References::METHOD => {
                let p: ReferenceParams = parse(params)?;
                let c = self.cursor(&p.text_document_position, text);
                serde_json::to_value(self.references(&c, &p.text_document_position.text_document.uri))
            }
            Completion::METHOD => {
                let p: CompletionParams = parse(params)?;
                let c = self.cursor(&p.text_document_position, text);
                serde_json::to_value(CompletionResponse::Array(self.completion(&c)))
            }
            SignatureHelpRequest::METHOD => {
                let p: SignatureHelpParams = parse(params)?;
                let c = self.cursor(&p.text_document_position_params, text);
                serde_json::to_value(self.signature_help(&c))
            }
            WorkspaceSymbolRequest::METHOD => {
                let p: WorkspaceSymbolParams = parse(params)?;
                serde_json::to_value(self.workspace_symbols(&p.query))
            }
            other => return Err(format!("unknown method `{other}`")),
        };
        result.map_err(|e| e.to_string())
    }

    fn file_of(&self, uri: &Url) -> Option<u32> {
        let key = Overlay::key(&uri.to_file_path().ok()?);
        self.files.iter().position(|f| f.first && f.key == key).map(|i| i as u32)
    }

    fn cursor(&self, at: &TextDocumentPositionParams, text: Option<String>) -> Cursor {
        let file = self.file_of(&at.text_document.uri);
        let eval_text = file.map(|f| &self.eval.sm.files[f as usize].text);
        let text = match (text, eval_text) {
            (Some(t), _) => t.into_bytes(),
            (None, Some(t)) => t.clone(),
            (None, None) => std::fs::read(at.text_document.uri.to_file_path().unwrap_or_default()).unwrap_or_default(),
        };
        let offset = LineIndex::new(&text, self.encoding).offset(at.position);
        let eval_offset = match eval_text {
            Some(e) if *e == text => offset,
            Some(e) => LineIndex::new(e, self.encoding).offset(at.position),
            None => offset,
        };
        let syntax = Syntax::new(&text);
        Cursor { text, syntax, offset, file, eval_offset }
    }

    // ---------------------------------------------------------------- hover

    fn hover(&self, c: &Cursor) -> Option<Hover> {
        let (i, kind, word) = c.token()?;
        let t = c.syntax.tokens[i];
        let range = Some(LineIndex::new(&c.text, self.encoding).range(t.start, t.end));
        let md = |value: String| Hover {
            contents: HoverContents::Markup(MarkupContent { kind: MarkupKind::Markdown, value }),
            range,
        };
        if kind == Kind::Bang {
            let op = BangOp::from_name(&word.as_bytes()[1..], self.release)?;
            let (sig, doc) = bang::doc(op);
            return Some(md(format!("```tablegen\n{sig}\n```\n{doc} (LLVM {})", self.release.major())));
        }
        if kind != Kind::Ident {
            return None;
        }
        let prev = i.checked_sub(1).and_then(|p| c.tok_text(p));
        let next = c.tok_text(i + 1);
        let rk = &self.eval.records;
        // A def or defm statement's name: every def it made.
        if matches!(prev, Some(b"def" | b"defm")) {
            let defs = self.defs_made_on_line(c);
            if !defs.is_empty() {
                let what = if prev == Some(b"defm") { "defm" } else { "def" };
                return Some(md(self.print_records(&format!("{what} {word}"), &defs)));
            }
        }
        // A local name: its declaration.
        if let Some(d) = c.syntax.visible(&word, t.start).into_iter().find(|d| d.kind.is_local() || d.scope.is_some()) {
            let line = line_text(&c.text, d.name_at.0);
            return Some(md(format!("{} `{}`\n```tablegen\n{}\n```", d.kind.keyword(), d.name, line.trim())));
        }
        // A field set or declared here: its value in each def it reaches.
        let is_field = prev == Some(b"let")
            || (matches!(next, Some(b"=")) && !matches!(prev, Some(b"defvar" | b"foreach")))
            || prev == Some(b",") && self.in_let(c, i);
        if is_field {
            if let Some(text) = self.field_hover(c, &word) {
                return Some(md(text));
            }
        }
        if let Some(id) = rk.class(&word) {
            return Some(md(self.print_records(&format!("class {word}"), &[id])));
        }
        if let Some(id) = rk.def(&word) {
            return Some(md(self.print_records(&format!("def {word}"), &[id])));
        }
        // A multiclass, defset or defvar: its declaration.
        let decls = self.global_decls(&word);
        if let Some((file, d)) = decls.first() {
            let text = &self.eval.sm.files[*file as usize].text;
            let header = line_text(text, d.name_at.0);
            return Some(md(format!("{} `{}`\n```tablegen\n{}\n```", d.kind.keyword(), d.name, header.trim())));
        }
        None
    }

    /// Whether token `i` (after a comma) is in a `let A = x, B = y` list.
    fn in_let(&self, c: &Cursor, i: usize) -> bool {
        let mut j = i;
        while j > 0 {
            j -= 1;
            match c.tok_text(j) {
                Some(b"let") => return true,
                Some(b";" | b"{" | b"}" | b"in") => return false,
                _ => {}
            }
        }
        false
    }

    /// The defs whose statement (a def, a defm, one in a multiclass) is on the cursor's line.
    fn defs_made_on_line(&self, c: &Cursor) -> Vec<tdq_core::types::RecId> {
        let Some(at) = c.loc() else { return Vec::new() };
        let ix = self.index(at.file);
        let line = ix.line_of(at.offset);
        let on_line = |l: &Loc| l.file == at.file && ix.line_of(l.offset) == line;
        let rk = &self.eval.records;
        let mut ids: Vec<_> = rk.defs.values().copied().filter(|&id| rk.get(id).locs.iter().any(on_line)).collect();
        // In the order they were made: a multiclass body's order, not the names'.
        ids.sort_unstable();
        ids
    }

    /// Records as `--print-records` prints them, shortened past [`HOVER_RECORDS`] or
    /// [`HOVER_BYTES`].
    fn print_records(&self, title: &str, ids: &[tdq_core::types::RecId]) -> String {
        let rk = &self.eval.records;
        let mut out = format!("**{title}**");
        if ids.len() > 1 {
            out.push_str(&format!(" — {} defs", ids.len()));
        }
        out.push_str("\n```tablegen\n");
        let mut shown = 0;
        for &id in ids {
            let rec = rk.get(id);
            let mut s = String::from(if rec.is_class() { "class " } else { "def " });
            rec.print_to(rk, &mut s);
            if shown > 0 && (shown >= HOVER_RECORDS || out.len() + s.len() > HOVER_BYTES) {
                break;
            }
            out.push_str(&s);
            shown += 1;
        }
        out.push_str("```\n");
        if shown < ids.len() {
            let rest: Vec<String> = ids[shown..].iter().take(40).map(|&id| rk.get(id).name_string()).collect();
            let more = if ids.len() - shown > rest.len() { ", ..." } else { "" };
            out.push_str(&format!("and {} more: {}{more}\n", ids.len() - shown, rest.join(", ")));
        }
        out
    }

    /// A field at a `let` or declaration: its value in each def whose field was set on this
    /// line, and how the first got it (`tdq explain`).
    fn field_hover(&self, c: &Cursor, field: &str) -> Option<String> {
        let at = c.loc()?;
        let ix = self.index(at.file);
        let line = ix.line_of(at.offset);
        let rk = &self.eval.records;
        let mut hits = Vec::new();
        let mut count = 0;
        for &id in rk.defs.values() {
            let rec = rk.get(id);
            let Some(v) = rec.value_by_str(field) else { continue };
            let set = v.set_at();
            if set.file == at.file && ix.line_of(set.offset) == line {
                count += 1;
                if hits.len() < HOVER_FIELD_DEFS {
                    hits.push((rec, v.value.to_string()));
                }
            }
        }
        if hits.is_empty() {
            // A class's field that no def keeps from here: its declaration.
            let class = rk.classes.values().map(|&id| rk.get(id)).find(|r| {
                r.value_by_str(field)
                    .is_some_and(|v| v.set_at().file == at.file && ix.line_of(v.set_at().offset) == line)
            })?;
            let v = class.value_by_str(field)?;
            return Some(format!(
                "field `{field}` of class `{}`\n```tablegen\n{} {field} = {}\n```",
                class.name_string(),
                v.print_type(),
                v.value
            ));
        }
        let mut out =
            format!("field `{field}`, set here in {count} def{}\n```tablegen\n", if count == 1 { "" } else { "s" });
        for (rec, value) in &hits {
            out.push_str(&format!("{}.{field} = {}\n", rec.name_string(), one_line(value)));
        }
        if count > hits.len() {
            out.push_str(&format!("... and {} more\n", count - hits.len()));
        }
        out.push_str("```\n");
        if let Some(trace) = self.eval.trace.as_deref() {
            let first = hits[0].0.name_string();
            if let Ok(e) = tdq_core::explain::explain(rk, trace, &first, field) {
                out.push_str(&format!(
                    "`tdq explain {first}.{field}`:\n```\n{}```\n",
                    tdq_core::explain::to_text(&e, &self.eval.sm)
                ));
            }
        }
        Some(out)
    }

    // ---------------------------------------------------------------- definition

    /// Declarations of `name` in every file: classes, multiclasses, defsets, defs and global
    /// defvars.
    fn global_decls(&self, name: &str) -> Vec<(u32, &Decl)> {
        let mut out = Vec::new();
        for (file, syntax) in self.syntax().iter().enumerate() {
            let Some(syntax) = syntax else { continue };
            out.extend(
                syntax
                    .decls
                    .iter()
                    .filter(|d| d.name == name && d.scope.is_none() && !d.kind.is_local())
                    .map(|d| (file as u32, d)),
            );
        }
        // Classes and multiclasses first, then defsets, defvars and defs.
        out.sort_by_key(|(_, d)| match d.kind {
            DeclKind::Class | DeclKind::Multiclass => 0,
            DeclKind::Defset | DeclKind::Defvar => 1,
            _ => 2,
        });
        out
    }

    fn definition(&self, c: &Cursor, uri: &Url) -> Vec<Location> {
        let Some((i, kind, word)) = c.token() else { return Vec::new() };
        let here = |d: &Decl| Location {
            uri: uri.clone(),
            range: LineIndex::new(&c.text, self.encoding).range(d.name_at.0, d.name_at.1),
        };
        if kind == Kind::Str && c.tok_text(i.wrapping_sub(1)) == Some(b"include") {
            return self.include_target(c, &word).into_iter().collect();
        }
        if kind != Kind::Ident {
            return Vec::new();
        }
        let start = c.syntax.tokens[i].start;
        if let Some(d) = c.syntax.visible(&word, start).into_iter().find(|d| d.kind.is_local() || d.scope.is_some()) {
            return vec![here(d)];
        }
        if let (Some(trace), Some(at)) = (self.eval.trace.as_deref(), c.loc()) {
            if let Some(u) = trace.defvar_uses.iter().find(|u| {
                u.at.file == at.file && u.at.offset <= at.offset && at.offset <= u.at.offset + u.name.len() as u32
            }) {
                return self.eval_location(u.defined_at).into_iter().collect();
            }
        }
        let decls = self.global_decls(&word);
        if !decls.is_empty() {
            let best = decls[0].1.kind;
            let rank = |k: DeclKind| matches!(k, DeclKind::Class | DeclKind::Multiclass);
            return decls
                .iter()
                .filter(|(_, d)| rank(d.kind) == rank(best))
                .map(|(f, d)| self.location_of(*f, d.name_at.0, d.name_at.1))
                .collect();
        }
        let rk = &self.eval.records;
        if let Some(id) = rk.class(&word).or_else(|| rk.def(&word)) {
            // A def a defm made: the outermost defm.
            let loc = rk.get(id).locs.last().copied().unwrap_or(Loc::NONE);
            return self.eval_location(loc).into_iter().collect();
        }
        self.field_definition(c, &word)
    }

    fn eval_location(&self, loc: Loc) -> Option<Location> {
        if loc.is_none() {
            return None;
        }
        let text = &self.eval.sm.files.get(loc.file as usize)?.text;
        Some(self.location_of(loc.file, loc.offset, token_end(text, loc.offset)))
    }

    /// The file an `include "name"` on the cursor's line read.
    fn include_target(&self, c: &Cursor, quoted: &str) -> Option<Location> {
        let name = quoted.trim_matches('"');
        let found = c.file.and_then(|file| {
            self.eval.sm.files.iter().position(|f| {
                f.included_from.is_some_and(|l| l.file == file) && f.include_name.as_deref() == Some(name.as_bytes())
            })
        });
        let path = match found {
            Some(i) => self.files[i].key.clone(),
            None => tdq_core::source::include_candidates(name.as_bytes(), &self.include_dirs)
                .map(|p| PathBuf::from(String::from_utf8_lossy(&p).into_owned()))
                .find(|p| p.is_file())
                .map(|p| Overlay::key(&p))?,
        };
        Some(Location { uri: uri_of(&path), range: Range::default() })
    }

    /// A field named at the cursor: its declaration and the statement that set it, in the
    /// record around the cursor (else every class that declares it).
    fn field_definition(&self, c: &Cursor, field: &str) -> Vec<Location> {
        let rk = &self.eval.records;
        let enclosing = c
            .syntax
            .decls
            .iter()
            .filter(|d| {
                matches!(d.kind, DeclKind::Class | DeclKind::Def) && d.full.0 <= c.offset && c.offset <= d.full.1
            })
            .min_by_key(|d| d.full.1 - d.full.0);
        let record = enclosing.and_then(|d| rk.class(&d.name).or_else(|| rk.def(&d.name)));
        if let Some(v) = record.and_then(|id| rk.get(id).value_by_str(field)) {
            let mut out: Vec<Location> = self.eval_location(v.loc).into_iter().collect();
            if v.set_at() != v.loc {
                out.extend(self.eval_location(v.set_at()));
            }
            return out;
        }
        // Every declaration of a field of that name (each class that declares it, once).
        let mut seen = BTreeSet::new();
        let mut out = Vec::new();
        for &id in rk.classes.values() {
            if let Some(v) = rk.get(id).value_by_str(field) {
                if !v.template_arg && seen.insert((v.loc.file, v.loc.offset)) {
                    out.extend(self.eval_location(v.loc));
                }
            }
            if out.len() >= 20 {
                break;
            }
        }
        out
    }

    // ---------------------------------------------------------------- references

    fn references(&self, c: &Cursor, uri: &Url) -> Vec<Location> {
        let Some((i, Kind::Ident, word)) = c.token() else { return Vec::new() };
        let start = c.syntax.tokens[i].start;
        let ix = LineIndex::new(&c.text, self.encoding);
        let occurrences = |syntax: &Syntax, text: &[u8]| -> Vec<(u32, u32)> {
            syntax
                .tokens
                .iter()
                .filter(|t| t.kind == Kind::Ident && t.text(text) == word.as_bytes())
                .map(|t| (t.start, t.end))
                .collect()
        };
        // A local name: its uses in its scope.
        if let Some(d) = c.syntax.visible(&word, start).into_iter().find(|d| d.kind.is_local() || d.scope.is_some()) {
            let scope = d.scope.unwrap_or(d.full);
            return occurrences(&c.syntax, &c.text)
                .into_iter()
                .filter(|&(s, _)| scope.0 <= s && s <= scope.1)
                .map(|(s, e)| Location { uri: uri.clone(), range: ix.range(s, e) })
                .collect();
        }
        // A global name: every use in every file, but where a local of the name hides it.
        let mut out = Vec::new();
        let shadowed =
            |syntax: &Syntax, s: u32| syntax.visible(&word, s).iter().any(|d| d.kind.is_local() || d.scope.is_some());
        for s in occurrences(&c.syntax, &c.text) {
            if !shadowed(&c.syntax, s.0) {
                out.push(Location { uri: uri.clone(), range: ix.range(s.0, s.1) });
            }
        }
        for (file, syntax) in self.syntax().iter().enumerate() {
            let Some(syntax) = syntax else { continue };
            if Some(file as u32) == c.file {
                continue;
            }
            let text = &self.eval.sm.files[file].text;
            for s in occurrences(syntax, text) {
                if !shadowed(syntax, s.0) {
                    out.push(self.location_of(file as u32, s.0, s.1));
                }
            }
        }
        out
    }

    // ---------------------------------------------------------------- symbols

    fn workspace_symbols(&self, query: &str) -> Vec<SymbolInformation> {
        let q = query.to_lowercase();
        let mut out = Vec::new();
        let mut seen = BTreeSet::new();
        for (file, syntax) in self.syntax().iter().enumerate() {
            let Some(syntax) = syntax else { continue };
            for d in syntax.decls.iter().filter(|d| d.scope.is_none() && !d.kind.is_local()) {
                if d.name.to_lowercase().contains(&q) && seen.insert(d.name.clone()) {
                    #[allow(deprecated)]
                    out.push(SymbolInformation {
                        name: d.name.clone(),
                        kind: crate::features::symbol_kind(d.kind),
                        tags: None,
                        deprecated: None,
                        location: self.location_of(file as u32, d.name_at.0, d.name_at.1),
                        container_name: None,
                    });
                }
                if out.len() >= MAX_RESULTS {
                    return out;
                }
            }
        }
        // Defs whose names were built (by defm, foreach, paste).
        let rk = &self.eval.records;
        for (&name, &id) in &rk.defs {
            if out.len() >= MAX_RESULTS {
                break;
            }
            if !name.to_lowercase().contains(&q) || seen.contains(name) {
                continue;
            }
            let Some(location) = rk.get(id).locs.last().and_then(|&l| self.eval_location(l)) else { continue };
            #[allow(deprecated)]
            out.push(SymbolInformation {
                name: name.to_string(),
                kind: SymbolKind::OBJECT,
                tags: None,
                deprecated: None,
                location,
                container_name: None,
            });
        }
        out
    }

    // ---------------------------------------------------------------- completion

    fn completion(&self, c: &Cursor) -> Vec<CompletionItem> {
        let before = &c.text[..c.offset as usize];
        let prefix_len = before.iter().rev().take_while(|&&b| b.is_ascii_alphanumeric() || b == b'_').count();
        let prefix = String::from_utf8_lossy(&before[before.len() - prefix_len..]).into_owned();
        let rest = &before[..before.len() - prefix_len];
        let rk = &self.eval.records;
        let item = |label: &str, kind: CompletionItemKind, detail: Option<String>| CompletionItem {
            label: label.to_string(),
            kind: Some(kind),
            detail,
            ..Default::default()
        };
        if rest.last() == Some(&b'!') {
            return bang::of_release(self.release)
                .map(|op| {
                    let (sig, doc) = bang::doc(op);
                    CompletionItem {
                        documentation: Some(Documentation::String(doc.to_string())),
                        ..item(op.name(), CompletionItemKind::OPERATOR, Some(sig.to_string()))
                    }
                })
                .collect();
        }
        let statement = self.statement_before(c, c.offset - prefix_len as u32);
        let mut out = Vec::new();
        match statement {
            Context::Superclasses { defm } => {
                if defm {
                    for (file, syntax) in self.syntax().iter().enumerate() {
                        let _ = file;
                        for d in syntax.iter().flat_map(|s| &s.decls).filter(|d| d.kind == DeclKind::Multiclass) {
                            if d.name.starts_with(&prefix) {
                                out.push(item(&d.name, CompletionItemKind::MODULE, Some("multiclass".into())));
                            }
                        }
                    }
                }
                for &name in rk.classes.keys() {
                    if name.starts_with(&prefix) && !name.starts_with("anonymous_") {
                        out.push(item(name, CompletionItemKind::CLASS, Some("class".into())));
                    }
                }
            }
            Context::Let => {
                let enclosing = c
                    .syntax
                    .decls
                    .iter()
                    .filter(|d| {
                        matches!(d.kind, DeclKind::Class | DeclKind::Def)
                            && d.full.0 <= c.offset
                            && c.offset <= d.full.1
                    })
                    .min_by_key(|d| d.full.1 - d.full.0);
                let record = enclosing.and_then(|d| rk.class(&d.name).or_else(|| rk.def(&d.name))).map(|id| rk.get(id));
                let mut names = BTreeSet::new();
                let mut add = |r: &Record| {
                    for v in r.values.iter().filter(|v| !v.template_arg) {
                        if v.name_str().starts_with(&prefix) && names.insert(v.name_str()) {
                            out.push(item(v.name_str(), CompletionItemKind::FIELD, Some(v.print_type())));
                        }
                    }
                };
                match record {
                    Some(r) => add(r),
                    None => {
                        for &id in rk.classes.values() {
                            add(rk.get(id));
                        }
                    }
                }
            }
            Context::Value => {
                for d in c.syntax.decls.iter().filter(|d| d.kind.is_local() || d.kind == DeclKind::Defvar) {
                    let visible = d.scope.is_none_or(|(a, b)| a <= c.offset && c.offset <= b);
                    if visible && d.name.starts_with(&prefix) {
                        out.push(item(&d.name, CompletionItemKind::VARIABLE, Some(d.kind.keyword().into())));
                    }
                }
                for &name in rk.classes.keys() {
                    if name.starts_with(&prefix) && !name.starts_with("anonymous_") {
                        out.push(item(name, CompletionItemKind::CLASS, Some("class".into())));
                    }
                }
                if !prefix.is_empty() {
                    for (&name, _) in rk.defs.range(tdq_core::intern::sym(&prefix)..) {
                        if !name.starts_with(&prefix) || out.len() >= MAX_RESULTS {
                            break;
                        }
                        out.push(item(name, CompletionItemKind::VALUE, Some("def".into())));
                    }
                }
            }
        }
        out.truncate(MAX_RESULTS);
        out
    }

    /// What is being written at `offset`: a superclass list, a `let`, or a value.
    fn statement_before(&self, c: &Cursor, offset: u32) -> Context {
        let toks: Vec<&[u8]> =
            c.syntax.tokens.iter().take_while(|t| t.end <= offset).map(|t| t.text(&c.text)).collect();
        let mut depth = 0i32;
        for (j, t) in toks.iter().enumerate().rev() {
            match *t {
                b")" | b">" | b"]" => depth += 1,
                b"(" | b"<" | b"[" => depth -= 1,
                b"let" if depth <= 0 => return Context::Let,
                b"," if depth <= 0 && toks.get(j.wrapping_sub(1)).is_some() => {}
                b":" if depth <= 0 => {
                    let defm = toks[..j].iter().rev().take(4).any(|t| *t == b"defm");
                    return Context::Superclasses { defm };
                }
                b";" | b"{" | b"}" | b"=" | b"in" if depth <= 0 => return Context::Value,
                _ => {}
            }
            if depth < 0 {
                return Context::Value;
            }
        }
        Context::Value
    }

    // ---------------------------------------------------------------- signature help

    fn signature_help(&self, c: &Cursor) -> Option<SignatureHelp> {
        // The innermost open `(` or `<` before the cursor, and the commas at its level.
        let toks: Vec<_> = c.syntax.tokens.iter().take_while(|t| t.end <= c.offset).collect();
        let mut depth = 0;
        let mut commas = 0u32;
        for (j, t) in toks.iter().enumerate().rev() {
            match t.kind {
                Kind::Punct(b')' | b'>' | b']' | b'}') => depth += 1,
                Kind::Punct(b'[' | b'{') if depth > 0 => depth -= 1,
                Kind::Punct(b'[' | b'{') => return None,
                Kind::Punct(b',') if depth == 0 => commas += 1,
                Kind::Punct(b';') => return None,
                Kind::Punct(b'(' | b'<') if depth > 0 => depth -= 1,
                Kind::Punct(open @ (b'(' | b'<')) => {
                    let callee = toks.get(j.wrapping_sub(1))?;
                    let name = String::from_utf8_lossy(callee.text(&c.text)).into_owned();
                    let sig = match callee.kind {
                        Kind::Bang => {
                            let op = BangOp::from_name(&name.as_bytes()[1..], self.release)?;
                            let (sig, doc) = bang::doc(op);
                            // `!cast<type>(x)`: the `<...>` is the type.
                            if open == b'<' {
                                return None;
                            }
                            signature(sig, Some(doc))
                        }
                        Kind::Ident if open == b'<' => {
                            let rk = &self.eval.records;
                            let class = rk.get(rk.class(&name)?);
                            let args: Vec<String> = class
                                .template_args
                                .iter()
                                .filter_map(|a| class.value(*a))
                                .map(|v| {
                                    let short = v.name_str().rsplit(':').next().unwrap_or("").to_string();
                                    format!("{} {short}", v.print_type())
                                })
                                .collect();
                            signature(&format!("{name}<{}>", args.join(", ")), None)
                        }
                        _ => return None,
                    };
                    return Some(SignatureHelp {
                        signatures: vec![sig],
                        active_signature: Some(0),
                        active_parameter: Some(commas),
                    });
                }
                _ => {}
            }
        }
        None
    }
}

enum Context {
    Superclasses { defm: bool },
    Let,
    Value,
}

/// A signature with its parameters: the comma-separated parts between the outer brackets.
fn signature(label: &str, doc: Option<&str>) -> SignatureInformation {
    let open = label.find(['(', '<']).map_or(label.len(), |p| p + 1);
    let close = label.rfind([')', '>']).unwrap_or(label.len()).max(open);
    let mut params = Vec::new();
    let mut start = open;
    let mut depth = 0;
    for (i, ch) in label[open..close].char_indices() {
        match ch {
            '(' | '<' | '[' => depth += 1,
            ')' | '>' | ']' => depth -= 1,
            ',' if depth == 0 => {
                params.push((start, open + i));
                start = open + i + 1;
            }
            _ => {}
        }
    }
    if close > open {
        params.push((start, close));
    }
    let parameters = params
        .into_iter()
        .map(|(a, b)| {
            let text = label[a..b].trim();
            ParameterInformation { label: ParameterLabel::Simple(text.to_string()), documentation: None }
        })
        .collect();
    SignatureInformation {
        label: label.to_string(),
        documentation: doc.map(|d| Documentation::String(d.to_string())),
        parameters: Some(parameters),
        active_parameter: None,
    }
}

fn line_text(text: &[u8], offset: u32) -> String {
    let off = (offset as usize).min(text.len());
    let start = text[..off].iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
    let end = text[off..].iter().position(|&b| b == b'\n').map_or(text.len(), |p| off + p);
    String::from_utf8_lossy(&text[start..end]).into_owned()
}

fn one_line(text: &str) -> String {
    text.replace('\n', "\\n").replace('\t', "\\t")
}
