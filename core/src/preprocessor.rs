//! TableGen's preprocessor, as LLVM 19's `TGLexer` implements it inside the lexer: `#define`,
//! `#ifdef`, `#ifndef`, `#else`, `#endif`, with LLVM's exact error messages and locations.
//!
//! A directive is recognised only as the first token of a line (blanks and `/* */` comments may
//! precede it) and must be followed by a blank, a line end or a comment; anywhere else `#` is
//! the paste operator. Only comments may follow a directive on its line. Every file has its own
//! stack of open regions, and a region must be closed in the file that opened it. Skipped lines
//! are not lexed, except for the directives that open and close nested regions.
//!
//! This is a child module of [`crate::lexer`] (declared there with `#[path]`, not in `lib.rs`),
//! because the directives work on the lexer's private position and buffers.

use super::{is_id_char, lossy, Lexer, Step, Tok};
use crate::diag::Diagnostics;
use crate::source::Loc;

/// The preprocessor directives, in the order LLVM tries them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Directive {
    Ifdef,
    Ifndef,
    Else,
    Endif,
    Define,
}

impl Directive {
    const ALL: [Directive; 5] =
        [Directive::Ifdef, Directive::Ifndef, Directive::Else, Directive::Endif, Directive::Define];

    fn word(self) -> &'static [u8] {
        match self {
            Directive::Ifdef => b"ifdef",
            Directive::Ifndef => b"ifndef",
            Directive::Else => b"else",
            Directive::Endif => b"endif",
            Directive::Define => b"define",
        }
    }
}

/// One open `#ifdef`/`#ifndef` (`is_else == false`) or its `#else` region.
#[derive(Clone, Copy, Debug)]
pub(super) struct PrepControl {
    pub(super) is_else: bool,
    /// Whether tokens of this region are processed (`#ifndef` and `#else` already folded in).
    pub(super) is_defined: bool,
    /// The macro name of the `#ifdef`/`#ifndef`, or the `else` of the `#else`.
    pub(super) loc: Loc,
}

impl Lexer {
    /// LLVM's `prepExitInclude`: a file must close every region it opened.
    pub(super) fn prep_exit_include(&mut self, diags: &mut Diagnostics) -> bool {
        if self.prep_stack.last().is_some_and(|s| !s.is_empty()) {
            self.prep_report_stack_error(diags);
            return false;
        }
        self.prep_stack.pop();
        true
    }

    /// LLVM's `prepIsDirective`, with the position just after a `#`: which directive, if any,
    /// follows. A directive word must be followed by a space, tab, line end, a comment, or the
    /// byte 0xFF (which LLVM's signed `char` makes equal to `EOF`); the NUL at the end of the
    /// buffer does not count.
    pub(super) fn prep_is_directive(&self) -> Option<Directive> {
        for kind in Directive::ALL {
            let word = kind.word();
            if !(0..word.len()).all(|i| self.peek(i) == word[i]) {
                continue;
            }
            let next = self.peek(word.len());
            if matches!(next, b' ' | b'\t' | b'\n' | b'\r' | 0xff) {
                return Some(kind);
            }
            if next == b'/' && matches!(self.peek(word.len() + 1), b'*' | b'/') {
                return Some(kind);
            }
        }
        None
    }

    /// `prepEatPreprocessorDirective`: the token starts at the directive word.
    fn prep_eat_directive(&mut self, kind: Directive) {
        self.tok_start = self.pos;
        self.pos += kind.word().len();
    }

    /// LLVM's `prepLexMacroName`: skips blanks, then `[a-zA-Z_][0-9a-zA-Z_]*` (empty when
    /// there is none). The token starts at the name.
    fn prep_lex_macro_name(&mut self) -> Vec<u8> {
        while matches!(self.at(self.pos), b' ' | b'\t') {
            self.pos += 1;
        }
        self.tok_start = self.pos;
        if !is_id_char(self.at(self.pos), true) {
            return Vec::new();
        }
        while is_id_char(self.at(self.pos), false) {
            self.pos += 1;
        }
        self.text()[self.tok_start..self.pos].to_vec()
    }

    /// `lexPreprocessor` while tokens are being processed: handles the directive and goes on
    /// to the next live token.
    pub(super) fn lex_preprocessor_live(&mut self, kind: Directive, diags: &mut Diagnostics) -> Step {
        match self.lex_preprocessor(kind, true, diags) {
            Ok(()) => Step::Again(false),
            Err(()) => Step::Tok(Tok::Error),
        }
    }

    /// LLVM's `lexPreprocessor`. When `live`, a region that turns off is skipped here; when
    /// not (called from `prep_skip_region`), control returns to the skipping.
    fn lex_preprocessor(&mut self, kind: Directive, live: bool, diags: &mut Diagnostics) -> Result<(), ()> {
        self.prep_eat_directive(kind);
        match kind {
            Directive::Ifdef | Directive::Ifndef => {
                let name = self.prep_lex_macro_name();
                let if_name = if kind == Directive::Ifdef { "#ifdef" } else { "#ifndef" };
                if name.is_empty() {
                    self.error(diags, self.tok_start, format!("Expected macro name after {if_name}"));
                    return Err(());
                }
                let mut defined = self.defined_macros.contains(&name);
                if kind == Directive::Ifndef {
                    defined = !defined;
                }
                let loc = self.here(self.tok_start);
                self.cur_prep_stack().push(PrepControl { is_else: false, is_defined: defined, loc });
                if !self.prep_skip_directive_end(diags) {
                    let msg = format!("Only comments are supported after {if_name} NAME");
                    self.error(diags, self.pos, msg);
                    return Err(());
                }
                if !live || defined {
                    return Ok(());
                }
                self.prep_skip_region(diags)
            }
            Directive::Else => {
                let Some(&top) = self.cur_prep_stack().last() else {
                    self.error(diags, self.tok_start, "#else without #ifdef or #ifndef");
                    return Err(());
                };
                if top.is_else {
                    diags.error_uncounted(self.here(self.tok_start), "double #else");
                    diags.error(top.loc, self.say("Previous #else is here"));
                    return Err(());
                }
                let loc = self.here(self.tok_start);
                if let Some(t) = self.cur_prep_stack().last_mut() {
                    *t = PrepControl { is_else: true, is_defined: !top.is_defined, loc };
                }
                if !self.prep_skip_directive_end(diags) {
                    self.error(diags, self.pos, "Only comments are supported after #else");
                    return Err(());
                }
                if live {
                    return self.prep_skip_region(diags);
                }
                Ok(())
            }
            Directive::Endif => {
                if self.cur_prep_stack().is_empty() {
                    self.error(diags, self.tok_start, "#endif without #ifdef");
                    return Err(());
                }
                if !self.prep_skip_directive_end(diags) {
                    self.error(diags, self.pos, "Only comments are supported after #endif");
                    return Err(());
                }
                self.cur_prep_stack().pop();
                Ok(())
            }
            Directive::Define => {
                let name = self.prep_lex_macro_name();
                if name.is_empty() {
                    self.error(diags, self.tok_start, "Expected macro name after #define");
                    return Err(());
                }
                let msg = format!("Duplicate definition of macro: {}", lossy(&name));
                if !self.defined_macros.insert(name) {
                    diags.warning(self.here(self.tok_start), self.say(msg));
                }
                if !self.prep_skip_directive_end(diags) {
                    self.error(diags, self.pos, "Only comments are supported after #define NAME");
                    return Err(());
                }
                Ok(())
            }
        }
    }

    /// The preprocessor control stack of the current file.
    fn cur_prep_stack(&mut self) -> &mut Vec<PrepControl> {
        if self.prep_stack.is_empty() {
            self.prep_stack.push(Vec::new());
        }
        let last = self.prep_stack.len() - 1;
        &mut self.prep_stack[last]
    }

    /// LLVM's `prepSkipRegion`: skips lines until an `#else` or `#endif` turns processing
    /// back on. Reports a region still open at the end of the file.
    fn prep_skip_region(&mut self, diags: &mut Diagnostics) -> Result<(), ()> {
        loop {
            let len = self.len();
            while self.pos < len && self.at(self.pos) != b'\n' {
                self.pos += 1;
            }
            if !self.prep_skip_line_begin(diags) {
                return Err(());
            }
            if self.at(self.pos) == b'#' && self.pos < self.len() {
                self.pos += 1;
                if let Some(kind) = self.prep_is_directive() {
                    if kind != Directive::Define {
                        self.lex_preprocessor(kind, false, diags)?;
                        if self.prep_processing_enabled() {
                            return Ok(());
                        }
                    }
                }
            }
            if self.pos >= self.len() {
                break;
            }
        }
        self.prep_report_stack_error(diags);
        Err(())
    }

    /// LLVM's `prepSkipLineBegin`: skips blanks, line ends and `/* */` comments. Returns
    /// false after reporting an unterminated comment.
    fn prep_skip_line_begin(&mut self, diags: &mut Diagnostics) -> bool {
        while self.pos < self.len() {
            match self.at(self.pos) {
                b' ' | b'\t' | b'\n' | b'\r' => self.pos += 1,
                b'/' => {
                    if self.peek(1) != b'*' {
                        return true;
                    }
                    self.tok_start = self.pos;
                    self.pos += 1;
                    if self.skip_c_comment(diags) {
                        return false;
                    }
                }
                _ => return true,
            }
        }
        true
    }

    /// LLVM's `prepSkipDirectiveEnd`: only blanks and comments may follow a directive on its
    /// line. Returns false (with the token start on the offending character) otherwise.
    fn prep_skip_directive_end(&mut self, diags: &mut Diagnostics) -> bool {
        while self.pos < self.len() {
            match self.at(self.pos) {
                b' ' | b'\t' => self.pos += 1,
                b'\n' | b'\r' => return true,
                b'/' => match self.peek(1) {
                    b'/' => {
                        self.pos += 1;
                        self.skip_bcpl_comment();
                    }
                    b'*' => {
                        self.tok_start = self.pos;
                        self.pos += 1;
                        if self.skip_c_comment(diags) {
                            return false;
                        }
                    }
                    _ => {
                        self.tok_start = self.pos;
                        diags.error_uncounted(self.here(self.pos), self.say("Unexpected character"));
                        return false;
                    }
                },
                _ => {
                    self.tok_start = self.pos;
                    return false;
                }
            }
        }
        true
    }

    /// Whether every region open in the current file is processed.
    fn prep_processing_enabled(&self) -> bool {
        match self.prep_stack.last() {
            Some(stack) => stack.iter().all(|c| c.is_defined),
            None => true,
        }
    }

    /// LLVM's `prepReportPreprocessorStackError`.
    fn prep_report_stack_error(&mut self, diags: &mut Diagnostics) {
        let Some(top) = self.prep_stack.last().and_then(|s| s.last()).copied() else {
            return;
        };
        diags.error_uncounted(self.here(self.len()), self.say("Reached EOF without matching #endif"));
        diags.error(top.loc, self.say("The latest preprocessor control is here"));
        self.tok_start = self.pos;
    }
}
