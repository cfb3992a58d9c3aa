//! The TableGen lexer: tokens, `include`, comments and the `#ifdef` preprocessor, mirroring
//! LLVM 19's `TGLexer` byte for byte (token boundaries, error wording and error locations).
//!
//! The lexer works on bytes: source files may contain NUL or invalid UTF-8. Reading past the
//! end of a buffer yields NUL, like LLVM's NUL-terminated `MemoryBuffer`s. Where LLVM reads
//! beyond the terminator (a skipped `#ifdef` region whose last line has no newline) this lexer
//! stops at the end of the buffer instead.
//!
//! `include "file"` is resolved here, as in LLVM: the name is opened as written (relative to
//! the working directory), then joined to each `-I` directory in order. Included files are
//! appended to the [`SourceMgr`] with the location after the include's closing quote, so
//! diagnostics print "Included from" lines. The directives live in the child module
//! `preprocessor` (core/src/preprocessor.rs).

use std::collections::{BTreeSet, HashSet};
use std::sync::Arc;

use crate::diag::Diagnostics;
use crate::intern::{sym, Sym};
use crate::limits::{Limit, Limits};
use crate::release::Release;
use crate::source::{clamp_u32, Loc, SourceMgr};

#[path = "preprocessor.rs"]
mod preprocessor;
use preprocessor::PrepControl;

/// A token. Keywords are `Kw*`; `Bang` is a `!operator`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Tok {
    Eof,
    Error,
    Minus,
    Plus,
    LSquare,
    RSquare,
    LBrace,
    RBrace,
    LParen,
    RParen,
    Less,
    Greater,
    Colon,
    Semi,
    Comma,
    Dot,
    Equal,
    Question,
    /// `#` where it does not start a preprocessor directive.
    Paste,
    DotDotDot,
    KwAssert,
    KwBit,
    KwBits,
    KwClass,
    KwCode,
    KwDag,
    KwDef,
    KwDefm,
    KwDefset,
    KwDeftype,
    KwDefvar,
    KwDump,
    KwElse,
    KwFalse,
    KwField,
    KwForeach,
    KwIf,
    KwIn,
    KwInt,
    KwLet,
    KwList,
    KwMultiClass,
    KwString,
    KwThen,
    KwTrue,
    /// A `!foo` operator.
    Bang(BangOp),
    /// A decimal or hexadecimal integer. Hexadecimal and positive decimal literals are read as
    /// unsigned 64-bit and reinterpreted (`0xffffffffffffffff` is -1), as LLVM does.
    IntVal(i64),
    /// A `0b` literal: its value and its number of digits.
    BinaryIntVal(i64, u32),
    /// A `"..."` literal with escapes processed (one literal; the parser joins adjacent ones).
    /// Bytes that are not UTF-8 are replaced by U+FFFD.
    StrVal(Sym),
    /// The text between `[{` and `}]`.
    CodeFragment(Sym),
    Id(Sym),
    /// `$name`, without the `$`.
    VarName(Sym),
}

/// Declares [`BangOp`]: every `!operator` of every release, its canonical spelling, other
/// spellings, and the releases whose lexer knows it. This table is the one place that lists
/// the operators; the parser's and printer's tables are keyed by the variants it makes.
macro_rules! bang_ops {
    ($($(#[$doc:meta])* $variant:ident = $name:literal $(| $alias:literal until $until:ident)* , since $since:ident;)*) => {
        /// A `!operator` of some release (see [`BangOp::from_name`]).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum BangOp {
            $($(#[$doc])* $variant,)*
        }

        impl BangOp {
            /// Every operator of every release, in the table's order.
            pub const ALL: &'static [BangOp] = &[$(BangOp::$variant,)*];

            /// The operator `name` (the text after `!`) names in `release`'s lexer.
            pub fn from_name(name: &[u8], release: Release) -> Option<BangOp> {
                $(
                    if name == $name.as_bytes() {
                        return Some(BangOp::$variant).filter(|_| release >= Release::$since);
                    }
                    $(
                        if name == $alias.as_bytes() {
                            return Some(BangOp::$variant)
                                .filter(|_| (Release::$since..=Release::$until).contains(&release));
                        }
                    )*
                )*
                None
            }

            /// The canonical spelling, without the `!`.
            pub fn name(self) -> &'static str {
                match self {
                    $(BangOp::$variant => $name,)*
                }
            }

            /// The first release whose lexer knows the operator.
            pub fn since(self) -> Release {
                match self {
                    $(BangOp::$variant => Release::$since,)*
                }
            }
        }
    };
}

bang_ops! {
    Eq = "eq", since V19;
    Ne = "ne", since V19;
    Le = "le", since V19;
    Lt = "lt", since V19;
    Ge = "ge", since V19;
    Gt = "gt", since V19;
    If = "if", since V19;
    Cond = "cond", since V19;
    /// `!switch(key, case: value, ..., default)`.
    Switch = "switch", since V23;
    IsA = "isa", since V19;
    Head = "head", since V19;
    Tail = "tail", since V19;
    Size = "size", since V19;
    Con = "con", since V19;
    Dag = "dag", since V19;
    Add = "add", since V19;
    Sub = "sub", since V19;
    Mul = "mul", since V19;
    Div = "div", since V19;
    Not = "not", since V19;
    LogTwo = "logtwo", since V19;
    And = "and", since V19;
    Or = "or", since V19;
    Xor = "xor", since V19;
    Shl = "shl", since V19;
    Sra = "sra", since V19;
    Srl = "srl", since V19;
    Cast = "cast", since V19;
    Empty = "empty", since V19;
    Subst = "subst", since V19;
    Foldl = "foldl", since V19;
    ForEach = "foreach", since V19;
    Filter = "filter", since V19;
    ListConcat = "listconcat", since V19;
    ListFlatten = "listflatten", since V22;
    ListSplat = "listsplat", since V19;
    ListRemove = "listremove", since V19;
    Range = "range", since V19;
    /// `!sort(var, list, key)`.
    Sort = "sort", since V23;
    StrConcat = "strconcat", since V19;
    Initialized = "initialized", since V22;
    Interleave = "interleave", since V19;
    /// `!instances<type>([regex])`.
    Instances = "instances", since V22;
    Substr = "substr", since V19;
    Find = "find", since V19;
    /// `!setop` was its deprecated spelling until LLVM 22 removed it.
    SetDagOp = "setdagop" | "setop" until V19, since V19;
    /// `!getop` was its deprecated spelling until LLVM 22 removed it.
    GetDagOp = "getdagop" | "getop" until V19, since V19;
    SetDagOpName = "setdagopname", since V22;
    GetDagOpName = "getdagopname", since V22;
    GetDagArg = "getdagarg", since V19;
    GetDagName = "getdagname", since V19;
    SetDagArg = "setdagarg", since V19;
    SetDagName = "setdagname", since V19;
    Exists = "exists", since V19;
    ToLower = "tolower", since V19;
    ToUpper = "toupper", since V19;
    Repr = "repr", since V19;
    Match = "match", since V22;
}

/// What `getNextChar` returns at the end of a buffer.
const EOF: i32 = -1;

/// The outcome of one lexing step that may need the main loop to continue
/// (LLVM's tail calls to `LexToken`).
enum Step {
    /// A finished token.
    Tok(Tok),
    /// Keep lexing; the flag is LLVM's `FileOrLineStart`.
    Again(bool),
}

/// The TableGen lexer (LLVM's `TGLexer`), which also owns the sources it reads.
pub struct Lexer {
    pub sm: SourceMgr,
    /// Whose lexer this is: which `!operators` and keywords it knows.
    release: Release,
    include_dirs: Vec<String>,
    defined_macros: HashSet<Vec<u8>>,
    dependencies: BTreeSet<String>,
    /// Includes that were not found, as written (see [`Lexer::missing_includes`]).
    missing_includes: Vec<String>,
    /// What each file read (or not found) added to `sm`, `dependencies` and
    /// `missing_includes`, in order: [`Lexer::reads`] counts it, [`Lexer::rewind_reads`]
    /// takes back what lexing ahead read past the last token the parser took.
    read_log: Vec<Read>,
    /// The buffer being lexed (LLVM's `CurBuffer`).
    cur_file: u32,
    /// LLVM's `CurPtr`.
    pos: usize,
    /// LLVM's `TokStart`.
    tok_start: usize,
    /// One preprocessor control stack per open file, innermost last.
    prep_stack: Vec<Vec<PrepControl>>,
    /// `include` keywords whose file name has not been lexed yet.
    pending_includes: usize,
    /// The bytes of the last string literal (LLVM's `CurStrVal`), for `include`.
    cur_str: Vec<u8>,
    tok: Tok,
    tok_loc: Loc,
    /// The file-size and include-depth limits.
    limits: Limits,
    /// Every file open, root first: its identity and how many macros were defined when it was
    /// entered. The same file entered again with the same macros would do the same again,
    /// forever: that is an include cycle.
    open_files: Vec<(Option<FileKey>, usize)>,
    /// An error that ends lexing for good (a limit, an include cycle) was reported.
    fatal: bool,
    /// Files read from here instead of the disk (an editor's unsaved buffers).
    overlay: Option<Arc<Overlay>>,
}

/// What an `include` added to the lexer's record of the files read ([`Lexer::rewind_reads`]).
enum Read {
    /// A file, added to the source manager; to `dependencies` unless it was there already.
    File { new_dependency: bool },
    /// A file not found, added to `missing_includes`.
    Missing,
}

/// Contents that stand in for files on disk, by absolute path with `.` and `..` taken out
/// ([`Overlay::key`]): what a language server evaluates while files are being edited. An
/// `include` that finds such a path reads the contents given here, whether or not the file
/// exists on disk.
#[derive(Clone, Debug, Default)]
pub struct Overlay {
    pub files: std::collections::HashMap<std::path::PathBuf, Vec<u8>>,
}

impl Overlay {
    /// The key of `path`: absolute (from the working directory), `.` and `..` resolved
    /// lexically, symbolic links kept.
    pub fn key(path: &std::path::Path) -> std::path::PathBuf {
        use std::path::Component;
        let abs = if path.is_absolute() {
            path.to_path_buf()
        } else {
            std::env::current_dir().unwrap_or_default().join(path)
        };
        let mut out = std::path::PathBuf::new();
        for c in abs.components() {
            match c {
                Component::CurDir => {}
                Component::ParentDir => {
                    out.pop();
                }
                other => out.push(other.as_os_str()),
            }
        }
        out
    }

    /// The contents given for `path`, if any.
    pub fn get(&self, path: &[u8]) -> Option<&Vec<u8>> {
        if self.files.is_empty() {
            return None;
        }
        self.files.get(&Overlay::key(&bytes_to_path(path)))
    }
}

/// What identifies a file on disk, whatever name reached it.
type FileKey = (u64, u64);

/// Why an include could not be read.
enum ReadFailure {
    /// Missing, a directory, a FIFO or socket, or unreadable: LLVM's "Could not find".
    NotFound,
    /// Bigger than the file-size limit.
    TooBig,
}

fn is_alpha(c: u8) -> bool {
    c.is_ascii_alphabetic()
}

fn is_digit(c: u8) -> bool {
    c.is_ascii_digit()
}

/// `[a-zA-Z_]` when `first`, `[0-9a-zA-Z_]` otherwise.
fn is_id_char(c: u8, first: bool) -> bool {
    c == b'_' || is_alpha(c) || (!first && is_digit(c))
}

/// The interned text of a token (bytes that are not UTF-8 replaced by U+FFFD): identifiers
/// and strings repeat, and a token is cloned as the parser looks ahead.
fn lossy(bytes: &[u8]) -> Sym {
    match std::str::from_utf8(bytes) {
        Ok(text) => sym(text),
        Err(_) => sym(&String::from_utf8_lossy(bytes)),
    }
}

impl Lexer {
    /// Starts lexing `text`, the root file named `main_path` (displayed as given).
    /// `include_dirs` are the `-I` directories in order, `defines` the `-D` macro names.
    pub fn new(main_path: &str, text: Vec<u8>, include_dirs: &[String], defines: &[String]) -> Lexer {
        let mut sm = SourceMgr::new();
        let cur_file = sm.add_file(main_path.to_string(), text, None);
        let root_key = file_key(main_path.as_bytes());
        Lexer {
            sm,
            release: Release::NEWEST,
            include_dirs: include_dirs.to_vec(),
            defined_macros: defines.iter().map(|d| d.as_bytes().to_vec()).collect(),
            dependencies: BTreeSet::new(),
            missing_includes: Vec::new(),
            read_log: Vec::new(),
            cur_file,
            pos: 0,
            tok_start: 0,
            prep_stack: vec![Vec::new()],
            pending_includes: 0,
            cur_str: Vec::new(),
            tok: Tok::Error,
            tok_loc: Loc { file: cur_file, offset: 0 },
            limits: Limits::default(),
            open_files: vec![(root_key, defines.len())],
            fatal: false,
            overlay: None,
        }
    }

    /// Reads the files `overlay` has from it instead of the disk.
    pub fn with_overlay(mut self, overlay: Option<Arc<Overlay>>) -> Lexer {
        self.overlay = overlay;
        self
    }

    /// Sets the limits on file size and include depth.
    pub fn with_limits(mut self, limits: Limits) -> Lexer {
        self.limits = limits;
        self
    }

    /// Lexes `release`'s language (the default is the newest release's).
    pub fn with_release(mut self, release: Release) -> Lexer {
        self.release = release;
        self
    }

    /// The release whose language is lexed.
    pub fn release(&self) -> Release {
        self.release
    }

    /// Whether an error that ends the evaluation (a limit, an include cycle) was reported.
    pub fn fatal(&self) -> bool {
        self.fatal
    }

    /// The current token.
    pub fn tok(&self) -> &Tok {
        &self.tok
    }

    /// Where the current token starts (LLVM's `getLoc()`).
    pub fn loc(&self) -> Loc {
        self.tok_loc
    }

    /// Where lexing stands now: just after the current token (the end of LLVM's
    /// `getLocRange()`).
    pub fn end_loc(&self) -> Loc {
        self.here(self.pos)
    }

    /// Every file included, as llvm-tblgen's `-d` depfile lists them: sorted by bytes,
    /// without duplicates.
    pub fn dependencies(&self) -> Vec<String> {
        self.dependencies.iter().cloned().collect()
    }

    /// How many includes have been read or found missing.
    pub(crate) fn reads(&self) -> usize {
        self.read_log.len()
    }

    /// Takes back the includes read or found missing after the first `n`: a lexer that ran
    /// ahead of the parser ([`crate::ahead`]) ends as if it had lexed only what the parser took.
    pub(crate) fn rewind_reads(&mut self, n: usize) {
        while self.read_log.len() > n {
            match self.read_log.pop() {
                Some(Read::File { new_dependency }) => {
                    if let Some(file) = self.sm.files.pop() {
                        if new_dependency {
                            self.dependencies.remove(&file.path);
                        }
                    }
                }
                Some(Read::Missing) => {
                    self.missing_includes.pop();
                }
                None => {}
            }
        }
    }

    /// The `include`s that no include directory held, as written, in the order they were met
    /// (each also reported as an error).
    pub fn missing_includes(&self) -> &[String] {
        &self.missing_includes
    }

    /// Advances to the next token and returns it. Lexing errors are pushed to `diags` and
    /// give [`Tok::Error`].
    pub fn lex(&mut self, diags: &mut Diagnostics) -> Tok {
        let file_or_line_start = self.pos == 0;
        let tok = self.lex_token(file_or_line_start, diags);
        self.tok_loc = self.here(self.tok_start);
        self.tok = tok;
        tok
    }

    // ----- buffer access -----

    fn text(&self) -> &[u8] {
        match self.sm.files.get(self.cur_file as usize) {
            Some(f) => &f.text,
            None => &[],
        }
    }

    fn len(&self) -> usize {
        self.text().len()
    }

    /// The byte at `i`, or NUL past the end (LLVM's buffers are NUL-terminated).
    fn at(&self, i: usize) -> u8 {
        self.text().get(i).copied().unwrap_or(0)
    }

    /// `peekNextChar`: the byte `i` after the current position.
    fn peek(&self, i: usize) -> u8 {
        self.at(self.pos.saturating_add(i))
    }

    fn here(&self, offset: usize) -> Loc {
        Loc { file: self.cur_file, offset: clamp_u32(offset) }
    }

    /// LLVM's `ReturnError`: a counted error at `offset` in the current buffer.
    fn error(&self, diags: &mut Diagnostics, offset: usize, msg: impl Into<String>) -> Tok {
        diags.error(self.here(offset), self.say(msg));
        Tok::Error
    }

    /// A message of LLVM 19's lexer (`msg`) as the release's lexer words it.
    pub(crate) fn say(&self, msg: impl Into<String>) -> String {
        self.release.dialect().lexer_message(msg.into())
    }

    /// LLVM's `getNextChar`: NUL inside the file is reported and read as a space, `\r\n`,
    /// `\n\r` and a lone `\r` read as `\n`.
    fn get_next_char(&mut self, diags: &mut Diagnostics) -> i32 {
        let c = self.at(self.pos);
        self.pos += 1;
        match c {
            0 => {
                if self.pos > self.len() {
                    self.pos -= 1;
                    return EOF;
                }
                diags.error(self.here(self.tok_start), "NUL character is invalid in source; treated as space");
                i32::from(b' ')
            }
            b'\n' | b'\r' => {
                let n = self.at(self.pos);
                if (n == b'\n' || n == b'\r') && n != c {
                    self.pos += 1;
                }
                i32::from(b'\n')
            }
            _ => i32::from(c),
        }
    }

    // ----- the token loop -----

    /// LLVM's `LexToken`, with its recursion turned into a loop. `include` is handled here
    /// too: LLVM lexes the file name by recursing from `LexInclude`; this loop counts the
    /// pending `include`s and gives them the next tokens it produces.
    fn lex_token(&mut self, mut fols: bool, diags: &mut Diagnostics) -> Tok {
        loop {
            let tok = match self.lex_step(fols, diags) {
                Step::Again(f) => {
                    fols = f;
                    continue;
                }
                Step::Tok(t) => t,
            };
            if self.pending_includes == 0 {
                return tok;
            }
            // The token is the file name of the innermost pending include.
            match tok {
                Tok::Error => {
                    self.pending_includes = 0;
                    return Tok::Error;
                }
                Tok::StrVal(_) => {
                    if !self.enter_include(diags) {
                        self.pending_includes = 0;
                        return Tok::Error;
                    }
                    self.pending_includes -= 1;
                    // LLVM: `return Lex();` at the start of the new buffer.
                    fols = self.pos == 0;
                }
                _ => {
                    diags.error(self.here(self.tok_start), self.say("Expected filename after include"));
                    self.pending_includes = 0;
                    return Tok::Error;
                }
            }
        }
    }

    /// One iteration of `LexToken`.
    fn lex_step(&mut self, fols: bool, diags: &mut Diagnostics) -> Step {
        self.tok_start = self.pos;
        let c = self.get_next_char(diags);
        if c == EOF {
            // Leaving an included file continues right after its `include "..."`.
            if self.process_eof(diags) {
                return Step::Again(false);
            }
            return Step::Tok(Tok::Eof);
        }
        let c = c as u8;
        let tok = match c {
            b':' => Tok::Colon,
            b';' => Tok::Semi,
            b',' => Tok::Comma,
            b'<' => Tok::Less,
            b'>' => Tok::Greater,
            b']' => Tok::RSquare,
            b'{' => Tok::LBrace,
            b'}' => Tok::RBrace,
            b'(' => Tok::LParen,
            b')' => Tok::RParen,
            b'=' => Tok::Equal,
            b'?' => Tok::Question,
            b'#' => {
                if fols {
                    if let Some(kind) = self.prep_is_directive() {
                        return self.lex_preprocessor_live(kind, diags);
                    }
                }
                Tok::Paste
            }
            b'.' => {
                if self.peek(0) == b'.' {
                    self.pos += 1;
                    if self.peek(0) == b'.' {
                        self.pos += 1;
                        Tok::DotDotDot
                    } else {
                        self.error(diags, self.tok_start, "Invalid '..' punctuation")
                    }
                } else {
                    Tok::Dot
                }
            }
            b' ' | b'\t' => {
                // The rest of a run of blanks in this step (indentation is most of the bytes).
                let rest = self.text().get(self.pos..).unwrap_or_default();
                self.pos += rest.iter().take_while(|&&b| b == b' ' || b == b'\t').count();
                return Step::Again(fols);
            }
            b'\n' => return Step::Again(true),
            b'/' => {
                match self.peek(0) {
                    b'/' => self.skip_bcpl_comment(),
                    b'*' => {
                        if self.skip_c_comment(diags) {
                            return Step::Tok(Tok::Error);
                        }
                    }
                    _ => return Step::Tok(self.error(diags, self.tok_start, "Unexpected character")),
                }
                return Step::Again(fols);
            }
            b'-' | b'+' | b'0'..=b'9' => return self.lex_number_or_identifier(c, diags),
            b'"' => self.lex_string(diags),
            b'$' => self.lex_var_name(diags),
            b'[' => self.lex_bracket(diags),
            b'!' => self.lex_exclaim(diags),
            _ => {
                if is_id_char(c, true) {
                    return self.lex_identifier();
                }
                self.error(diags, self.tok_start, "Unexpected character")
            }
        };
        Step::Tok(tok)
    }

    /// The digit and sign cases of `LexToken`: digits followed by letters are an identifier
    /// (for pastes like `foo#8i`), unless they look like `0x1f` or `0b01`.
    fn lex_number_or_identifier(&mut self, c: u8, diags: &mut Diagnostics) -> Step {
        let mut next = 0u8;
        if is_digit(c) {
            let mut i = 0;
            loop {
                next = self.peek(i);
                i += 1;
                if !is_digit(next) {
                    break;
                }
            }
            if next == b'x' || next == b'b' {
                let next_next = self.peek(i);
                let number = match next_next {
                    b'0' | b'1' => true,
                    b'2'..=b'9' | b'a'..=b'f' | b'A'..=b'F' => next == b'x',
                    _ => false,
                };
                if number {
                    return Step::Tok(self.lex_number(diags));
                }
            }
        }
        if is_id_char(next, true) {
            return self.lex_identifier();
        }
        Step::Tok(self.lex_number(diags))
    }

    /// LLVM's `LexIdentifier`: `[a-zA-Z_0-9][0-9a-zA-Z_]*`, keywords, and `include`.
    fn lex_identifier(&mut self) -> Step {
        while is_id_char(self.at(self.pos), false) {
            self.pos += 1;
        }
        let word = &self.text()[self.tok_start..self.pos];
        let tok = match word {
            b"int" => Tok::KwInt,
            b"bit" => Tok::KwBit,
            b"bits" => Tok::KwBits,
            b"string" => Tok::KwString,
            b"list" => Tok::KwList,
            b"code" => Tok::KwCode,
            b"dag" => Tok::KwDag,
            b"class" => Tok::KwClass,
            b"def" => Tok::KwDef,
            b"true" => Tok::KwTrue,
            b"false" => Tok::KwFalse,
            b"foreach" => Tok::KwForeach,
            b"defm" => Tok::KwDefm,
            b"defset" => Tok::KwDefset,
            b"deftype" => Tok::KwDeftype,
            b"multiclass" => Tok::KwMultiClass,
            b"field" => Tok::KwField,
            b"let" => Tok::KwLet,
            b"in" => Tok::KwIn,
            b"defvar" => Tok::KwDefvar,
            b"if" => Tok::KwIf,
            b"then" => Tok::KwThen,
            b"else" => Tok::KwElse,
            b"assert" => Tok::KwAssert,
            b"dump" => Tok::KwDump,
            b"include" => {
                // The next token must be the file name (see `lex_token`).
                self.pending_includes += 1;
                return Step::Again(false);
            }
            _ => Tok::Id(lossy(word)),
        };
        Step::Tok(tok)
    }

    /// Opens the file named by the string just lexed and switches to it (LLVM's
    /// `LexInclude` after the name). Returns false after reporting an error.
    fn enter_include(&mut self, diags: &mut Diagnostics) -> bool {
        let name = self.cur_str.clone();
        let at = self.here(self.tok_start);
        if self.limits.exceeds(Limit::IncludeDepth, self.open_files.len() as u64) {
            diags.error(at, self.limits.exceeded(Limit::IncludeDepth));
            self.fatal = true;
            return false;
        }
        let (opened, text, key) = match self.open_include_file(&name) {
            Ok(found) => found,
            Err(ReadFailure::NotFound) => {
                diags.error(at, self.say(format!("Could not find include file '{}'", lossy(&name))));
                self.missing_includes.push(String::from_utf8_lossy(&name).into_owned());
                self.read_log.push(Read::Missing);
                return false;
            }
            Err(ReadFailure::TooBig) => {
                diags.error(at, format!("'{}': {}", lossy(&name), self.limits.exceeded(Limit::FileSize)));
                self.fatal = true;
                return false;
            }
        };
        let macros = self.defined_macros.len();
        if key.is_some() && self.open_files.iter().any(|&(k, m)| k == key && m == macros) {
            // LLVM recurses until its stack overflows.
            diags.error(at, format!("include cycle: '{opened}' includes itself"));
            self.fatal = true;
            return false;
        }
        let include_loc = self.here(self.pos);
        let new_dependency = self.dependencies.insert(opened.clone());
        self.read_log.push(Read::File { new_dependency });
        self.cur_file = self.sm.add_file(opened, text, Some(include_loc));
        self.sm.files[self.cur_file as usize].include_name = Some(name);
        self.pos = 0;
        self.prep_stack.push(Vec::new());
        self.open_files.push((key, macros));
        true
    }

    /// `SourceMgr::OpenIncludeFile`: the name as written, then each `-I` directory joined with
    /// it. Returns the path that was opened (as displayed), the file's bytes and identity.
    fn open_include_file(&self, name: &[u8]) -> Result<(String, Vec<u8>, Option<FileKey>), ReadFailure> {
        let max = self.limits.get(Limit::FileSize);
        for path in crate::source::include_candidates(name, &self.include_dirs) {
            if let Some(text) = self.overlay.as_deref().and_then(|o| o.get(&path)) {
                if text.len() as u64 > max {
                    return Err(ReadFailure::TooBig);
                }
                return Ok((String::from_utf8_lossy(&path).into_owned(), text.clone(), file_key(&path)));
            }
            match read_file(&path, max) {
                Ok(text) => return Ok((String::from_utf8_lossy(&path).into_owned(), text, file_key(&path))),
                Err(ReadFailure::NotFound) => continue,
                Err(e) => return Err(e),
            }
        }
        Err(ReadFailure::NotFound)
    }

    /// LLVM's `processEOF`: returns to the including file, if any. Reports a preprocessor
    /// region left open in the file being closed.
    fn process_eof(&mut self, diags: &mut Diagnostics) -> bool {
        let parent = self.sm.files.get(self.cur_file as usize).and_then(|f| f.included_from);
        match parent {
            Some(parent) => {
                if !self.prep_exit_include(diags) {
                    return false;
                }
                self.open_files.pop();
                self.cur_file = parent.file;
                self.pos = parent.offset as usize;
                self.tok_start = self.pos;
                true
            }
            None => {
                self.prep_exit_include(diags);
                false
            }
        }
    }

    /// `SkipBCPLComment`, called with the position on the second `/`.
    fn skip_bcpl_comment(&mut self) {
        self.pos += 1;
        let len = self.len();
        let start = self.pos.min(len);
        self.pos = self.text()[start..].iter().position(|&b| b == b'\n' || b == b'\r').map_or(len, |p| start + p);
    }

    /// `SkipCComment`, called with the position on the `*`: nested `/* */` comments. Returns
    /// true after reporting an unterminated comment.
    fn skip_c_comment(&mut self, diags: &mut Diagnostics) -> bool {
        self.pos += 1;
        let mut depth = 1u32;
        loop {
            let c = self.get_next_char(diags);
            if c == EOF {
                diags.error_uncounted(self.here(self.tok_start), self.say("Unterminated comment!"));
                return true;
            }
            if c == i32::from(b'*') && self.at(self.pos) == b'/' {
                self.pos += 1;
                depth -= 1;
                if depth == 0 {
                    return false;
                }
            } else if c == i32::from(b'/') && self.at(self.pos) == b'*' {
                self.pos += 1;
                depth += 1;
            }
        }
    }

    /// LLVM's `LexString`, after the opening quote.
    fn lex_string(&mut self, diags: &mut Diagnostics) -> Tok {
        let str_start = self.pos;
        // The value is built in the buffer of the string before (an `include` reads it).
        let mut val = std::mem::take(&mut self.cur_str);
        val.clear();
        let end = loop {
            // The run of plain bytes up to the next quote, backslash, line end or NUL, at once.
            let rest = self.text().get(self.pos..).unwrap_or_default();
            let run = rest.iter().position(|&b| matches!(b, b'"' | b'\\' | b'\n' | b'\r' | 0)).unwrap_or(rest.len());
            val.extend_from_slice(&rest[..run]);
            self.pos += run;
            let c = self.at(self.pos);
            if c == b'"' {
                break None;
            }
            if c == 0 && self.pos >= self.len() {
                break Some((str_start, "End of file in string literal"));
            }
            if c == b'\n' || c == b'\r' {
                break Some((str_start, "End of line in string literal"));
            }
            if c != b'\\' {
                // A NUL inside the file is part of the string.
                val.push(c);
                self.pos += 1;
                continue;
            }
            self.pos += 1;
            match self.at(self.pos) {
                e @ (b'\\' | b'\'' | b'"') => {
                    val.push(e);
                    self.pos += 1;
                }
                b't' => {
                    val.push(b'\t');
                    self.pos += 1;
                }
                b'n' => {
                    val.push(b'\n');
                    self.pos += 1;
                }
                b'\n' | b'\r' => break Some((self.pos, "escaped newlines not supported in tblgen")),
                0 if self.pos >= self.len() => break Some((str_start, "End of file in string literal")),
                _ => break Some((self.pos, "invalid escape in string literal")),
            }
        };
        if let Some((offset, msg)) = end {
            return self.error(diags, offset, msg);
        }
        self.pos += 1;
        let tok = Tok::StrVal(lossy(&val));
        self.cur_str = val;
        tok
    }

    /// LLVM's `LexVarName`, after the `$`.
    fn lex_var_name(&mut self, diags: &mut Diagnostics) -> Tok {
        if !is_id_char(self.at(self.pos), true) {
            return self.error(diags, self.tok_start, "Invalid variable name");
        }
        let start = self.pos;
        self.pos += 1;
        while is_id_char(self.at(self.pos), false) {
            self.pos += 1;
        }
        Tok::VarName(lossy(&self.text()[start..self.pos]))
    }

    /// LLVM's `LexNumber`: `[-+]?[0-9]+`, `0x[0-9a-fA-F]+`, `0b[01]+`, or a lone sign. The
    /// value is what C's `strtoll`/`strtoull` read from the digits' start.
    fn lex_number(&mut self, diags: &mut Diagnostics) -> Tok {
        let mut base = 0u32;
        let mut num_start = self.pos;
        let prev = self.at(self.pos - 1);
        if prev == b'0' {
            num_start = self.pos + 1;
            if self.at(self.pos) == b'x' {
                base = 16;
                loop {
                    self.pos += 1;
                    if !self.at(self.pos).is_ascii_hexdigit() {
                        break;
                    }
                }
            } else if self.at(self.pos) == b'b' {
                base = 2;
                loop {
                    self.pos += 1;
                    if !matches!(self.at(self.pos), b'0' | b'1') {
                        break;
                    }
                }
            }
        }
        let mut is_minus = false;
        if base == 0 {
            if !is_digit(self.at(self.pos)) {
                if prev == b'-' {
                    return Tok::Minus;
                } else if prev == b'+' {
                    return Tok::Plus;
                }
            }
            base = 10;
            num_start = self.tok_start;
            is_minus = prev == b'-';
            while is_digit(self.at(self.pos)) {
                self.pos += 1;
            }
        }
        if self.pos == num_start {
            return self.error(diags, self.tok_start, "Invalid number");
        }
        let len = self.len();
        let digits = &self.text()[num_start.min(len)..];
        let value = match c_strtol(digits, base, is_minus) {
            StrtolResult::Ok(v) => v,
            StrtolResult::Invalid => return self.error(diags, self.tok_start, "Invalid number"),
            StrtolResult::Range => return self.error(diags, self.tok_start, "Number out of range"),
        };
        if base == 2 {
            let ndigits = self.pos.saturating_sub(self.tok_start).saturating_sub(2);
            Tok::BinaryIntVal(value, clamp_u32(ndigits))
        } else {
            Tok::IntVal(value)
        }
    }

    /// LLVM's `LexBracket`, after the `[`: a `[{ ... }]` code fragment or a plain `[`.
    fn lex_bracket(&mut self, diags: &mut Diagnostics) -> Tok {
        if self.at(self.pos) != b'{' {
            return Tok::LSquare;
        }
        self.pos += 1;
        let code_start = self.pos;
        loop {
            // Straight to the next `}` or NUL (the bytes between are read as they are: a code
            // fragment keeps its newlines), then on as `getNextChar` reads.
            let rest = self.text().get(self.pos..).unwrap_or_default();
            self.pos += memchr::memchr2(b'}', 0, rest).unwrap_or(rest.len());
            let c = self.get_next_char(diags);
            if c == EOF {
                break;
            }
            if c != i32::from(b'}') {
                continue;
            }
            let c = self.get_next_char(diags);
            if c == EOF {
                break;
            }
            if c == i32::from(b']') {
                let end = self.pos - 2;
                return Tok::CodeFragment(lossy(&self.text()[code_start..end]));
            }
        }
        self.error(diags, code_start - 2, "Unterminated code block")
    }

    /// LLVM's `LexExclaim`, after the `!`.
    fn lex_exclaim(&mut self, diags: &mut Diagnostics) -> Tok {
        if !is_alpha(self.at(self.pos)) {
            return self.error(diags, self.pos - 1, "Invalid \"!operator\"");
        }
        let start = self.pos;
        self.pos += 1;
        while is_alpha(self.at(self.pos)) {
            self.pos += 1;
        }
        match BangOp::from_name(&self.text()[start..self.pos], self.release) {
            Some(op) => Tok::Bang(op),
            None => self.error(diags, start - 1, "Unknown operator"),
        }
    }
}

/// Reads a whole file of at most `max` bytes. Like LLVM, which passes a C string to `open`, the
/// name ends at its first NUL. Only regular files and character devices are opened: opening a
/// FIFO would wait for a writer. The read stops one byte past `max`, so `/dev/zero` ends in an
/// error rather than in exhausted memory.
fn read_file(name: &[u8], max: u64) -> Result<Vec<u8>, ReadFailure> {
    use std::io::Read;
    let name = match name.iter().position(|&b| b == 0) {
        Some(p) => &name[..p],
        None => name,
    };
    if name.is_empty() {
        return Err(ReadFailure::NotFound);
    }
    let path = bytes_to_path(name);
    let meta = std::fs::metadata(&path).map_err(|_| ReadFailure::NotFound)?;
    if !readable_kind(&meta) {
        return Err(ReadFailure::NotFound);
    }
    if meta.len() > max {
        return Err(ReadFailure::TooBig);
    }
    let file = std::fs::File::open(&path).map_err(|_| ReadFailure::NotFound)?;
    let mut text = Vec::with_capacity(meta.len() as usize);
    file.take(max.saturating_add(1)).read_to_end(&mut text).map_err(|_| ReadFailure::NotFound)?;
    if text.len() as u64 > max {
        return Err(ReadFailure::TooBig);
    }
    Ok(text)
}

/// The file `include "name"` opens when no overlay holds it: the first of the name as written
/// and each `-I` directory joined with it that can be read (LLVM's `OpenIncludeFile`), as its
/// path as displayed and its bytes; `None` when there is none or it is bigger than `max`. The
/// evaluation cache finds a snapshot's includes again with it.
pub fn find_include_file(name: &[u8], include_dirs: &[String], max: u64) -> Option<(String, Vec<u8>)> {
    for path in crate::source::include_candidates(name, include_dirs) {
        match read_file(&path, max) {
            Ok(text) => return Some((String::from_utf8_lossy(&path).into_owned(), text)),
            Err(ReadFailure::NotFound) => continue,
            Err(ReadFailure::TooBig) => return None,
        }
    }
    None
}

#[cfg(unix)]
fn readable_kind(meta: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::FileTypeExt;
    let t = meta.file_type();
    t.is_file() || t.is_char_device()
}

#[cfg(not(unix))]
fn readable_kind(meta: &std::fs::Metadata) -> bool {
    meta.is_file()
}

/// The file's device and inode, so that a file reached by two names is one file.
#[cfg(unix)]
fn file_key(name: &[u8]) -> Option<FileKey> {
    use std::os::unix::fs::MetadataExt;
    let meta = std::fs::metadata(bytes_to_path(name)).ok()?;
    Some((meta.dev(), meta.ino()))
}

#[cfg(not(unix))]
fn file_key(_name: &[u8]) -> Option<FileKey> {
    None
}

#[cfg(unix)]
fn bytes_to_path(b: &[u8]) -> std::path::PathBuf {
    use std::os::unix::ffi::OsStrExt;
    std::path::PathBuf::from(std::ffi::OsStr::from_bytes(b))
}

#[cfg(not(unix))]
fn bytes_to_path(b: &[u8]) -> std::path::PathBuf {
    std::path::PathBuf::from(lossy(b))
}

enum StrtolResult {
    Ok(i64),
    Invalid,
    Range,
}

/// C's `strtoll` (`signed`) or `strtoull` with glibc's rules, as LLVM calls them on the text
/// starting at a number: optional blanks and sign, an optional `0x` (base 16) or `0b` (base 2,
/// glibc 2.38 and later) prefix, then as many digits as there are. Unsigned results are
/// reinterpreted as `i64`.
fn c_strtol(s: &[u8], base: u32, signed: bool) -> StrtolResult {
    let mut i = 0;
    while matches!(s.get(i), Some(b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')) {
        i += 1;
    }
    let mut neg = false;
    match s.get(i) {
        Some(b'-') => {
            neg = true;
            i += 1;
        }
        Some(b'+') => i += 1,
        _ => {}
    }
    let digit = |c: u8| -> Option<u32> { (c as char).to_digit(base) };
    let prefix = match base {
        16 => Some(b'x'),
        2 => Some(b'b'),
        _ => None,
    };
    if let Some(p) = prefix {
        if s.get(i) == Some(&b'0')
            && s.get(i + 1).map(|c| c.to_ascii_lowercase()) == Some(p)
            && s.get(i + 2).copied().and_then(digit).is_some()
        {
            i += 2;
        }
    }
    let mut any = false;
    let mut overflow = false;
    let mut acc: u64 = 0;
    while let Some(d) = s.get(i).copied().and_then(digit) {
        any = true;
        match acc.checked_mul(u64::from(base)).and_then(|v| v.checked_add(u64::from(d))) {
            Some(v) => acc = v,
            None => overflow = true,
        }
        i += 1;
    }
    if !any {
        return StrtolResult::Invalid;
    }
    if overflow {
        return StrtolResult::Range;
    }
    if signed {
        if neg {
            if acc > 1u64 << 63 {
                return StrtolResult::Range;
            }
            StrtolResult::Ok((acc as i64).wrapping_neg())
        } else if acc > i64::MAX as u64 {
            StrtolResult::Range
        } else {
            StrtolResult::Ok(acc as i64)
        }
    } else {
        let v = if neg { acc.wrapping_neg() } else { acc };
        StrtolResult::Ok(v as i64)
    }
}
