//! Source buffers and positions: the counterpart of `llvm::SourceMgr` for tdq.
//!
//! Every file the lexer reads (the root file and each `include`) becomes one [`SourceFile`] in
//! the [`SourceMgr`], and every position is a [`Loc`]: the file's index plus a byte offset. Line
//! and column numbers are computed the way LLVM's `SourceMgr` computes them, so diagnostics and
//! `--dump-json` `!locs` come out identical: lines count `\n` bytes only, while a column restarts
//! after either `\n` or `\r`, and columns count bytes.

/// A position in a source buffer: file index into [`SourceMgr::files`] plus byte offset.
///
/// An offset equal to the file's length is valid: it is the end of the buffer, where LLVM
/// reports "end of file" errors.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, PartialOrd, Ord)]
pub struct Loc {
    pub file: u32,
    pub offset: u32,
}

impl Loc {
    /// No location at all (LLVM's null `SMLoc`).
    pub const NONE: Loc = Loc { file: u32::MAX, offset: 0 };

    /// Whether this is [`Loc::NONE`] (any location whose file index is `u32::MAX`).
    pub fn is_none(self) -> bool {
        self.file == u32::MAX
    }
}

/// A stretch of source text, `[start, end)` (`end` is `start` when unknown).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Span {
    pub start: Loc,
    pub end: Loc,
}

impl Span {
    /// Whether `loc` is inside (same file, `start <= loc < end`).
    pub fn contains(self, loc: Loc) -> bool {
        loc.file == self.start.file && self.start.offset <= loc.offset && loc.offset < self.end.offset
    }
}

/// One buffer: the root file or an included file.
#[derive(Clone, Debug)]
pub struct SourceFile {
    /// The buffer's name as llvm-tblgen displays it: the root path exactly as given on the
    /// command line, and for an include the path that was opened (the name as written in the
    /// `include` when it was found relative to the working directory, otherwise the `-I`
    /// directory joined with it).
    pub path: String,
    /// The file's bytes, unmodified (they may contain NUL and invalid UTF-8).
    pub text: Vec<u8>,
    /// Where the `include` that read this file was (just after its closing quote), or `None`
    /// for the root file.
    pub included_from: Option<Loc>,
    /// For an included file, its name as the `include` wrote it (escapes processed): with the
    /// `-I` directories, what decides which file it is ([`include_candidates`]).
    pub include_name: Option<Vec<u8>>,
    /// Offsets of the first byte of every line after the first, i.e. one past each `\n`: made
    /// when a line number is first asked for (`--print-records` never does).
    newline_ends: std::sync::OnceLock<Vec<u32>>,
}

impl SourceFile {
    fn new(path: String, text: Vec<u8>, included_from: Option<Loc>) -> SourceFile {
        SourceFile { path, text, included_from, include_name: None, newline_ends: std::sync::OnceLock::new() }
    }

    fn newline_ends(&self) -> &[u32] {
        self.newline_ends.get_or_init(|| {
            let ends = self.text.iter().enumerate().filter(|(_, &b)| b == b'\n');
            ends.map(|(i, _)| clamp_u32(i + 1)).collect()
        })
    }

    /// Clamps an offset into `0..=text.len()`.
    fn clamp(&self, offset: u32) -> usize {
        (offset as usize).min(self.text.len())
    }

    /// 1-based line number of `offset`: one more than the number of `\n` bytes before it.
    fn line_of(&self, offset: usize) -> u32 {
        let off = clamp_u32(offset);
        // Number of line ends strictly before `offset` (a `\n` at offset-1 ends at `offset`).
        let n = self.newline_ends().partition_point(|&e| e <= off);
        clamp_u32(n + 1)
    }
}

/// Converts a length or offset to `u32`, saturating (files over 4 GiB are not supported).
pub(crate) fn clamp_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// Every buffer read so far; index 0 is the root file.
#[derive(Clone, Debug, Default)]
pub struct SourceMgr {
    pub files: Vec<SourceFile>,
}

impl SourceMgr {
    pub fn new() -> Self {
        SourceMgr { files: Vec::new() }
    }

    /// Adds a buffer and returns its index.
    pub fn add_file(&mut self, path: String, text: Vec<u8>, included_from: Option<Loc>) -> u32 {
        self.files.push(SourceFile::new(path, text, included_from));
        clamp_u32(self.files.len() - 1)
    }

    /// The file a location points into, if it is a real location.
    pub fn file(&self, loc: Loc) -> Option<&SourceFile> {
        if loc.is_none() {
            return None;
        }
        self.files.get(loc.file as usize)
    }

    /// 1-based line and column of `loc`, the column counted in bytes from the last `\n` or `\r`
    /// (LLVM's `SourceMgr::getLineAndColumn`). `(0, 0)` for [`Loc::NONE`].
    pub fn line_col(&self, loc: Loc) -> (u32, u32) {
        let Some(f) = self.file(loc) else {
            return (0, 0);
        };
        let off = f.clamp(loc.offset);
        let line = f.line_of(off);
        let start = line_start(&f.text, off);
        (line, clamp_u32(off - start + 1))
    }

    /// The displayed name of the file containing `loc` (`"<unknown>"` for no location).
    pub fn path(&self, loc: Loc) -> &str {
        match self.file(loc) {
            Some(f) => &f.path,
            None => "<unknown>",
        }
    }

    /// The source line containing `loc`, without its line terminator: bounded by `\n` or `\r`
    /// on both sides, as LLVM's diagnostics print it.
    pub fn line_text(&self, loc: Loc) -> &[u8] {
        let Some(f) = self.file(loc) else { return &[] };
        let off = f.clamp(loc.offset);
        let start = line_start(&f.text, off);
        let end = f.text[off..].iter().position(|&b| b == b'\n' || b == b'\r').map_or(f.text.len(), |p| off + p);
        &f.text[start..end]
    }

    /// The text of `span`, without the spaces and line breaks around it (`None` when the span
    /// is empty or crosses files).
    pub fn span_text(&self, span: Span) -> Option<&[u8]> {
        let f = self.file(span.start)?;
        if span.end.file != span.start.file || span.end.offset <= span.start.offset {
            return None;
        }
        let text = &f.text[f.clamp(span.start.offset)..f.clamp(span.end.offset)];
        let first = text.iter().position(|b| !b.is_ascii_whitespace())?;
        let last = text.iter().rposition(|b| !b.is_ascii_whitespace())?;
        Some(&text[first..=last])
    }

    /// `"basename:line"`, as llvm-tblgen's `--dump-json` prints `!locs`
    /// (`SourceMgr::getFormattedLocationNoOffset`).
    pub fn json_loc(&self, loc: Loc) -> String {
        let Some(f) = self.file(loc) else {
            return String::from("<unknown>:0");
        };
        let off = f.clamp(loc.offset);
        format!("{}:{}", path_filename(&f.path), f.line_of(off))
    }
}

/// Offset of the first byte of the line containing `off`: just after the last `\n` or `\r`
/// before it.
fn line_start(text: &[u8], off: usize) -> usize {
    text[..off].iter().rposition(|&b| b == b'\n' || b == b'\r').map_or(0, |p| p + 1)
}

/// The file name part of a buffer name as `SourceMgr::getFormattedLocationNoOffset` takes it:
/// everything after the last `/` or `\\`.
pub fn path_filename(path: &str) -> &str {
    match path.rfind(['/', '\\']) {
        Some(p) => &path[p + 1..],
        None => path,
    }
}

/// The paths an `include "name"` tries, in order (LLVM's `SourceMgr::OpenIncludeFile`): the
/// name as written (relative to the working directory), then each `-I` directory joined with
/// it. The first that exists is the file.
pub fn include_candidates<'a>(name: &'a [u8], include_dirs: &'a [String]) -> impl Iterator<Item = Vec<u8>> + 'a {
    std::iter::once(name.to_vec()).chain(include_dirs.iter().map(move |dir| path_append(dir.as_bytes(), name)))
}

/// `llvm::sys::path::append` for POSIX paths: joins with one `/` unless either side already
/// has it at the join.
fn path_append(dir: &[u8], name: &[u8]) -> Vec<u8> {
    let mut out = dir.to_vec();
    if out.last() == Some(&b'/') {
        let skip = name.iter().take_while(|&&b| b == b'/').count();
        out.extend_from_slice(&name[skip..]);
        return out;
    }
    if !out.is_empty() && name.first() != Some(&b'/') {
        out.push(b'/');
    }
    out.extend_from_slice(name);
    out
}
