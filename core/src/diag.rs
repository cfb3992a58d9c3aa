//! Diagnostics as data, and the one renderer that prints them exactly as llvm-tblgen 19 does.
//!
//! The library never prints: errors, warnings and notes are collected in [`Diagnostics`] and
//! the binary renders them with [`render`], which reproduces `llvm::SourceMgr::PrintMessage`
//! (include stack, `path:line:col: kind: message`, the source line with tabs expanded, the
//! caret) and TableGen's location-less `PrintError(const Twine &)` form (`error: message`).

use crate::source::{Loc, SourceMgr};

/// The kind of a diagnostic, printed as its label (`error:`, `warning:`, ...).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Severity {
    Error,
    Warning,
    Note,
    Remark,
    /// Text a backend writes to standard error as is, in order with its diagnostics (LLVM's
    /// `errs() << *Record` before a fatal error): no label, no location.
    Text,
}

impl Severity {
    /// The label LLVM prints before the message.
    pub fn label(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
            Severity::Remark => "remark",
            Severity::Text => "",
        }
    }
}

/// A note printed after its diagnostic (LLVM's `PrintNote`, or the
/// "instantiated from multiclass" lines of `PrintError(ArrayRef<SMLoc>)`).
///
/// `loc: None` prints `note: message` with no location; `Some(Loc::NONE)` prints LLVM's
/// null-location form `<unknown>:0: note: message`.
#[derive(Clone, Debug)]
pub struct Note {
    pub loc: Option<Loc>,
    pub message: String,
}

/// One diagnostic and its notes.
///
/// `loc: None` is TableGen's location-less form (`error: message`, from
/// `PrintError(const Twine &)`); `Some(Loc::NONE)` is a message through `SourceMgr` with a null
/// location (`<unknown>:0: error: message`, from an empty location list).
#[derive(Clone, Debug)]
pub struct Diagnostic {
    pub severity: Severity,
    pub loc: Option<Loc>,
    pub message: String,
    pub notes: Vec<Note>,
}

/// The diagnostics of one run, in the order llvm-tblgen would print them.
#[derive(Default, Debug, Clone)]
pub struct Diagnostics {
    pub list: Vec<Diagnostic>,
    /// Errors in `list` that LLVM prints without counting them in `ErrorsPrinted` (the
    /// `N errors.` line): `PrintError(const char *)` and the location-less `PrintError`.
    uncounted_errors: usize,
    /// LLVM's `report_fatal_error` after the diagnostics (some of LLVM 19's model checks end
    /// so; later releases made most of them `PrintFatalError`s).
    pub fatal_error_report: Option<FatalErrorReport>,
}

/// LLVM's `report_fatal_error(message, GenCrashDiag)`: `LLVM ERROR: message`, then the end.
#[derive(Clone, Debug)]
pub struct FatalErrorReport {
    pub message: String,
    /// `GenCrashDiag` (LLVM's default): the crash report and death by `abort()`; else exit
    /// status 1.
    pub crash: bool,
}

/// The note LLVM prints for every location after the first in `PrintError(ArrayRef<SMLoc>)`.
const INSTANTIATED_FROM: &str = "instantiated from multiclass";

impl Diagnostics {
    pub fn new() -> Self {
        Diagnostics::default()
    }

    /// Adds a prepared diagnostic. An error without a location (`loc: None`) is, as in LLVM,
    /// not counted in [`Diagnostics::error_count`].
    pub fn push(&mut self, d: Diagnostic) {
        if d.severity == Severity::Error && d.loc.is_none() {
            self.uncounted_errors += 1;
        }
        self.list.push(d);
    }

    /// Moves `other`'s diagnostics after these, as if they had been reported here.
    pub fn append(&mut self, other: &mut Diagnostics) {
        self.list.append(&mut other.list);
        self.uncounted_errors += std::mem::take(&mut other.uncounted_errors);
    }

    fn simple(&mut self, severity: Severity, loc: Loc, message: String) {
        let loc = if loc.is_none() { None } else { Some(loc) };
        if severity == Severity::Error && loc.is_none() {
            self.uncounted_errors += 1;
        }
        self.list.push(Diagnostic { severity, loc, message, notes: Vec::new() });
    }

    fn at(&mut self, severity: Severity, locs: &[Loc], message: String) {
        let loc = Some(locs.first().copied().unwrap_or(Loc::NONE));
        let notes =
            locs.iter().skip(1).map(|&l| Note { loc: Some(l), message: INSTANTIATED_FROM.to_string() }).collect();
        self.list.push(Diagnostic { severity, loc, message, notes });
    }

    /// An error at `loc` (LLVM's `PrintError(SMLoc, ...)`); [`Loc::NONE`] gives the
    /// location-less `error: msg` form (`PrintError(const Twine &)`, which LLVM does not count
    /// in [`Diagnostics::error_count`]).
    pub fn error(&mut self, loc: Loc, msg: impl Into<String>) {
        self.simple(Severity::Error, loc, msg.into());
    }

    /// An error printed through LLVM's `PrintError(const char *Loc, ...)`: rendered like
    /// [`Diagnostics::error`] but, as in LLVM, not counted in [`Diagnostics::error_count`].
    pub fn error_uncounted(&mut self, loc: Loc, msg: impl Into<String>) {
        if !loc.is_none() {
            self.uncounted_errors += 1;
        }
        self.simple(Severity::Error, loc, msg.into());
    }

    /// A warning at `loc`; [`Loc::NONE`] gives `warning: msg`.
    pub fn warning(&mut self, loc: Loc, msg: impl Into<String>) {
        self.simple(Severity::Warning, loc, msg.into());
    }

    /// Text written to standard error as is ([`Severity::Text`]).
    pub fn text(&mut self, text: impl Into<String>) {
        self.list.push(Diagnostic { severity: Severity::Text, loc: None, message: text.into(), notes: Vec::new() });
    }

    /// A remark at `loc`; [`Loc::NONE`] gives `remark: msg`.
    pub fn remark(&mut self, loc: Loc, msg: impl Into<String>) {
        self.simple(Severity::Remark, loc, msg.into());
    }

    /// LLVM's `PrintError(ArrayRef<SMLoc>, ...)`: the message at `locs[0]`, then a note
    /// "instantiated from multiclass" at each further location. An empty slice gives LLVM's
    /// null-location form `<unknown>:0: error: msg`.
    pub fn error_at(&mut self, locs: &[Loc], msg: impl Into<String>) {
        self.at(Severity::Error, locs, msg.into());
    }

    /// LLVM's `PrintWarning(ArrayRef<SMLoc>, ...)`, as [`Diagnostics::error_at`].
    pub fn warning_at(&mut self, locs: &[Loc], msg: impl Into<String>) {
        self.at(Severity::Warning, locs, msg.into());
    }

    /// Attaches a note at `loc` to the most recent diagnostic (LLVM's `PrintNote` after
    /// `PrintError`); [`Loc::NONE`] gives `note: msg`. With no diagnostic yet, the note stands
    /// alone.
    pub fn note(&mut self, loc: Loc, msg: impl Into<String>) {
        let loc = if loc.is_none() { None } else { Some(loc) };
        self.push_note(Note { loc, message: msg.into() });
    }

    /// LLVM's `PrintNote(ArrayRef<SMLoc>, ...)` after an error: the note at `locs[0]` (an empty
    /// slice gives `<unknown>:0:`), then "instantiated from multiclass" notes for the rest.
    pub fn note_at(&mut self, locs: &[Loc], msg: impl Into<String>) {
        let first = locs.first().copied().unwrap_or(Loc::NONE);
        self.push_note(Note { loc: Some(first), message: msg.into() });
        for &l in locs.iter().skip(1) {
            self.push_note(Note { loc: Some(l), message: INSTANTIATED_FROM.to_string() });
        }
    }

    fn push_note(&mut self, note: Note) {
        match self.list.last_mut() {
            Some(d) => d.notes.push(note),
            None => self.list.push(Diagnostic {
                severity: Severity::Note,
                loc: note.loc,
                message: note.message,
                notes: Vec::new(),
            }),
        }
    }

    /// Whether any error was reported, counted or not.
    pub fn has_errors(&self) -> bool {
        self.list.iter().any(|d| d.severity == Severity::Error)
    }

    /// LLVM's `ErrorsPrinted`: the errors llvm-tblgen counts for its final
    /// `llvm-tblgen: N errors.` line. Warnings and notes do not count, and neither do the
    /// errors LLVM prints without counting (see [`Diagnostics::error_uncounted`]).
    pub fn error_count(&self) -> usize {
        let errors = self.list.iter().filter(|d| d.severity == Severity::Error).count();
        errors.saturating_sub(self.uncounted_errors)
    }

    /// Renders every diagnostic in order, as llvm-tblgen prints them to stderr.
    pub fn render_all(&self, sm: &SourceMgr) -> String {
        self.list.iter().map(|d| render(sm, d)).collect()
    }
}

/// Renders one diagnostic and its notes exactly as llvm-tblgen 19 prints them to stderr.
///
/// Source lines that are not valid UTF-8 are converted lossily; [`render_bytes`] keeps them
/// byte for byte.
pub fn render(sm: &SourceMgr, d: &Diagnostic) -> String {
    String::from_utf8_lossy(&render_bytes(sm, d)).into_owned()
}

/// [`render`], byte for byte (the source line is printed as the file has it).
pub fn render_bytes(sm: &SourceMgr, d: &Diagnostic) -> Vec<u8> {
    let mut out = Vec::new();
    render_message(&mut out, sm, d.severity, d.loc, &d.message);
    for n in &d.notes {
        render_message(&mut out, sm, Severity::Note, n.loc, &n.message);
    }
    out
}

/// LLVM's `SourceMgr` tab stop for expanding tabs in source and caret lines.
const TAB_STOP: usize = 8;

fn render_message(out: &mut Vec<u8>, sm: &SourceMgr, sev: Severity, loc: Option<Loc>, msg: &str) {
    if sev == Severity::Text {
        out.extend_from_slice(msg.as_bytes());
        return;
    }
    let Some(loc) = loc else {
        // TableGen's PrintError(const Twine &): WithColor::error() << Msg << "\n".
        out.extend_from_slice(sev.label().as_bytes());
        out.extend_from_slice(b": ");
        out.extend_from_slice(msg.as_bytes());
        out.push(b'\n');
        return;
    };
    let Some(file) = sm.file(loc) else {
        // SourceMgr::GetMessage with a null SMLoc: buffer "<unknown>", line 0, no column.
        out.extend_from_slice(b"<unknown>:0: ");
        out.extend_from_slice(sev.label().as_bytes());
        out.extend_from_slice(b": ");
        out.extend_from_slice(msg.as_bytes());
        out.push(b'\n');
        return;
    };
    render_include_stack(out, sm, file.included_from);

    let (line, col) = sm.line_col(loc);
    if !file.path.is_empty() {
        if file.path == "-" {
            out.extend_from_slice(b"<stdin>");
        } else {
            out.extend_from_slice(file.path.as_bytes());
        }
        out.extend_from_slice(format!(":{line}:{col}: ").as_bytes());
    }
    out.extend_from_slice(sev.label().as_bytes());
    out.extend_from_slice(b": ");
    out.extend_from_slice(msg.as_bytes());
    out.push(b'\n');

    let (text, col) = excerpt(sm.line_text(loc), col);
    let text = &text[..];
    // LLVM prints no caret under a line with non-ASCII bytes, only the line itself.
    if text.iter().any(|&c| c >= 0x80) {
        print_source_line(out, text);
        return;
    }
    print_source_line(out, text);
    let (pad, caret) = caret_line(text, col, Tabs::Expand);
    out.extend_from_slice(pad.as_bytes());
    out.extend_from_slice(caret.as_bytes());
    out.push(b'\n');
}

/// How a caret line lines up under the tabs of its source line.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Tabs {
    /// LLVM's `SourceMgr`: the source line is printed with its tabs expanded to stops of 8, and
    /// the caret line expanded the same way (a caret under a tab repeats to the next stop).
    Expand,
    /// The source line is printed as it is, and the caret line repeats its tabs, so that the
    /// caret lines up under any tab width (lint findings, SQL errors).
    Keep,
}

/// The caret line under the source line `text`, pointing at 1-based byte column `col` (a
/// column past the end points just after the line): the padding and the caret, apart so that
/// a caller may colour the caret. The one place every caret tdq prints is made.
pub fn caret_line(text: &[u8], col: u32, tabs: Tabs) -> (String, String) {
    let at = (col as usize).saturating_sub(1).min(text.len());
    let mut pad = String::with_capacity(at);
    let mut out_col = 0usize;
    for &c in &text[..at] {
        match (tabs, c) {
            (Tabs::Expand, b'\t') => {
                // A tab's caret-line character repeats up to the next tab stop (at least once).
                let width = TAB_STOP - out_col % TAB_STOP;
                pad.push_str(&" ".repeat(width));
                out_col += width;
            }
            (Tabs::Keep, b'\t') => pad.push('\t'),
            // A character of several bytes takes one column where its first byte is.
            (Tabs::Keep, c) if c & 0xC0 == 0x80 => {}
            _ => {
                pad.push(' ');
                out_col += 1;
            }
        }
    }
    let caret = match (tabs, text.get(at)) {
        (Tabs::Expand, Some(b'\t')) => "^".repeat(TAB_STOP - out_col % TAB_STOP),
        _ => "^".to_string(),
    };
    (pad, caret)
}

/// Lines longer than this (in bytes) are shown as a window around the column: LLVM's own
/// sources have none longer than about 2,000, and a generated or minified line of 200,000 would
/// bury the message.
const LONG_LINE: usize = 4096;
/// Bytes of a long line shown on either side of the column.
const WINDOW_SIDE: usize = 80;

/// The source line as printed under a message, and the column in it: the line itself (what
/// llvm-tblgen prints) when it is text of an ordinary length; a window of it around the column,
/// cut ends marked `...`, when it is longer than [`LONG_LINE`]; and, when it holds control
/// characters other than NUL (a binary file: escape, DEL, ...), every byte that is not printable ASCII
/// written `\xNN`, so that nothing raw reaches the terminal.
fn excerpt(text: &[u8], col: u32) -> (std::borrow::Cow<'_, [u8]>, u32) {
    use std::borrow::Cow;
    let mut col = col;
    let mut shown = Cow::Borrowed(text);
    if text.len() > LONG_LINE {
        let at = (col as usize).saturating_sub(1).min(text.len());
        let boundary = |mut i: usize| {
            while i < text.len() && text[i] & 0xC0 == 0x80 {
                i += 1;
            }
            i
        };
        let start = boundary(at.saturating_sub(WINDOW_SIDE));
        let end = boundary((at + WINDOW_SIDE).min(text.len()));
        let mut w = Vec::with_capacity(end - start + 6);
        if start > 0 {
            w.extend_from_slice(b"...");
        }
        w.extend_from_slice(&text[start..end]);
        if end < text.len() {
            w.extend_from_slice(b"...");
        }
        col = (at - start + if start > 0 { 4 } else { 1 }) as u32;
        shown = Cow::Owned(w);
    }
    // NUL alone is LLVM's case (an error, the line printed as it is; a terminal shows nothing
    // for it): a binary file has other control bytes too.
    let control = |c: u8| (c < 0x20 && !matches!(c, b'\t' | b'\r' | 0)) || c == 0x7f;
    if shown.iter().any(|&c| control(c)) {
        let mut w = Vec::with_capacity(shown.len() * 2);
        let mut new_col = None;
        for (i, &c) in shown.iter().enumerate() {
            if i + 1 == col as usize {
                new_col = Some(w.len() as u32 + 1);
            }
            if control(c) || c == 0 || c >= 0x80 {
                w.extend_from_slice(format!("\\x{c:02x}").as_bytes());
            } else {
                w.push(c);
            }
        }
        col = new_col.unwrap_or(w.len() as u32 + 1);
        shown = Cow::Owned(w);
    }
    (shown, col)
}

/// `SourceMgr::PrintIncludeStack`: one `Included from path:line:` line per enclosing include,
/// outermost first.
fn render_include_stack(out: &mut Vec<u8>, sm: &SourceMgr, include_loc: Option<Loc>) {
    // Iterate instead of recursing without bound: collect the chain, then print it reversed.
    let mut chain = Vec::new();
    let mut cur = include_loc;
    while let Some(l) = cur {
        let Some(f) = sm.file(l) else { break };
        chain.push(l);
        if chain.len() > sm.files.len() {
            break; // a malformed cycle; real include chains are shorter than the file list
        }
        cur = f.included_from;
    }
    for l in chain.iter().rev() {
        out.extend_from_slice(b"Included from ");
        out.extend_from_slice(sm.path(*l).as_bytes());
        out.extend_from_slice(format!(":{}:\n", sm.line_col(*l).0).as_bytes());
    }
}

/// Prints a source line, expanding each tab to the next multiple of eight columns.
fn print_source_line(out: &mut Vec<u8>, text: &[u8]) {
    let mut out_col = 0usize;
    for &c in text {
        if c == b'\t' {
            // At least one space, then up to the next tab stop.
            let width = TAB_STOP - out_col % TAB_STOP;
            out.resize(out.len() + width, b' ');
            out_col += width;
        } else {
            out.push(c);
            out_col += 1;
        }
    }
    out.push(b'\n');
}

#[cfg(test)]
mod tests {
    use super::{caret_line, excerpt, Tabs, WINDOW_SIDE};

    fn line(text: &str, col: u32, tabs: Tabs) -> String {
        let (pad, caret) = caret_line(text.as_bytes(), col, tabs);
        pad + &caret
    }

    #[test]
    fn llvm_expands_tabs_in_the_caret_line() {
        assert_eq!(line("def X;", 5, Tabs::Expand), "    ^");
        // A tab before the column takes the spaces up to the next stop of 8.
        assert_eq!(line("ab\tdef X;", 4, Tabs::Expand), "        ^");
        // A caret on a tab repeats to the next stop.
        assert_eq!(line("ab\tX", 3, Tabs::Expand), "  ^^^^^^");
        // Past the end of the line: just after it.
        assert_eq!(line("abc", 40, Tabs::Expand), "   ^");
        assert_eq!(line("", 1, Tabs::Expand), "^");
    }

    #[test]
    fn a_long_line_is_a_window_around_the_column() {
        let mut text = vec![b'a'; 200_000];
        text[100_000] = b'X';
        let (shown, col) = excerpt(&text, 100_001);
        assert_eq!(shown.len(), 3 + 2 * WINDOW_SIDE + 3);
        assert!(shown.starts_with(b"...") && shown.ends_with(b"..."));
        assert_eq!(shown[col as usize - 1], b'X');
        let (shown, col) = excerpt(&text, 1);
        assert_eq!((&shown[..4], col), (&b"aaaa"[..], 1));
        let short = b"def A;";
        assert_eq!(excerpt(short, 5), (std::borrow::Cow::Borrowed(&short[..]), 5));
    }

    #[test]
    fn a_binary_line_is_escaped() {
        let (shown, col) = excerpt(b"\x7fELF\x02\x00\x1b[2Jx", 11);
        assert_eq!(&shown[..], b"\\x7fELF\\x02\\x00\\x1b[2Jx");
        assert_eq!(shown[col as usize - 1], b'x');
    }

    #[test]
    fn kept_tabs_repeat_in_the_caret_line() {
        assert_eq!(line("\t\tlet X = 1;", 7, Tabs::Keep), "\t\t    ^");
        // A character of several bytes pads one column.
        assert_eq!(line("'é' x", 6, Tabs::Keep), "    ^");
        assert_eq!(line("ab\tX", 3, Tabs::Keep), "  ^");
    }
}
