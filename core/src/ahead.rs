//! Lexing ahead of the parser on another thread ([`crate::Options::lex_ahead`]).
//!
//! What the lexer makes of the sources depends on nothing the parser does (`include` and the
//! preprocessor are the lexer's own), so it can run on the idle processor while the evaluator
//! parses and evaluates: it hands over its tokens in batches, each token with what lexing it
//! reported, whether that ended lexing for good, and how many includes had been read. The
//! parser takes them as it would have lexed them: the diagnostics join its own at the same
//! point, and when it stops before the end (an error) the lexer is given back as if it had
//! lexed only what was taken ([`Lexer::rewind_reads`]: its source manager, dependencies and
//! missing includes). After the end of the input, an error token or a fatal error, the lexer
//! comes back to the parser's thread and goes on there, as it would have. The first
//! [`LEX_HERE_FIRST`] tokens are lexed on the parser's thread: a small root (an option table,
//! a dialect) ends before a thread would pay for itself.
//!
//! Tokens carry interned text, and names are interned per thread: the lexer's thread interns
//! its own, and the parser's thread interns each again the first time it sees it (a table by
//! the lexer's address, so a name it has seen costs no hashing of its text).

use crate::diag::Diagnostics;
use crate::intern::{sym, Sym};
use crate::lexer::{Lexer, Tok};
use crate::source::Loc;
use std::sync::mpsc::{self, Receiver, Sender, SyncSender};
use std::thread::JoinHandle;

/// A token as the lexer's thread lexed it (its text interned there).
struct Lexed {
    tok: Tok,
    loc: Loc,
    /// Whether the lexer had reported an error that ends the evaluation.
    fatal: bool,
    /// What lexing it reported (seldom anything).
    diags: Option<Box<Diagnostics>>,
    /// [`Lexer::reads`] once it was lexed.
    reads: u32,
}

/// Tokens a batch, and batches lexed ahead at most (48 KiB each, under the allocator's
/// threshold for a mapping of its own).
const BATCH: usize = 1024;
const BATCHES_AHEAD: usize = 8;
/// Entries of the table of names from the lexer's thread (a power of two).
const NAMES: usize = 4096;

/// Tokens lexed here before the lexer goes to its own thread: with 16 thousand, clang's
/// `Attr.td` and `Diagnostic.td` (tens of milliseconds) took 1.1-1.3 times as long, the thread,
/// the lexer's own names table and the names interned again costing more than lexing there saved.
const LEX_HERE_FIRST: u32 = 256 << 10;

/// Where the parser's tokens come from. One per parser, so the lexer is kept in place rather
/// than boxed: every token of a small root is lexed through it.
#[allow(clippy::large_enum_variant)]
pub(crate) enum Tokens {
    /// A lexer on this thread; with `Some(n)`, moved to its own after `n` more tokens.
    Here(Lexer, Option<u32>),
    /// A lexer on its own thread.
    Ahead(Box<Ahead>),
    /// Only while the lexer moves.
    Moving,
}

impl Tokens {
    /// Tokens from `lexer`, lexed ahead on another thread once the input proves long.
    pub(crate) fn new(lexer: Lexer, ahead: bool) -> Tokens {
        Tokens::Here(lexer, ahead.then_some(LEX_HERE_FIRST))
    }

    /// The lexer moved to a thread of its own (when the thread can be made).
    fn go_ahead(&mut self) {
        let Tokens::Here(lexer, _) = std::mem::replace(self, Tokens::Moving) else {
            unreachable!("only a lexer here moves")
        };
        // Its current token was lexed here: it stays as it is.
        let (tok, loc, fatal, reads) = (*lexer.tok(), lexer.loc(), lexer.fatal(), lexer.reads() as u32);
        let (to_parser, from_lexer) = mpsc::sync_channel(BATCHES_AHEAD);
        let (to_lexer, spent) = mpsc::channel();
        // A thread that cannot be made hands the lexer back.
        let slot = std::sync::Arc::new(std::sync::Mutex::new(Some(lexer)));
        let theirs = std::sync::Arc::clone(&slot);
        let thread = std::thread::Builder::new().name("lexer".into()).spawn(move || {
            let lexer = theirs.lock().ok().and_then(|mut l| l.take());
            lexer.map(|l| lex_ahead(l, &to_parser, &spent))
        });
        *self = match thread {
            Ok(thread) => Tokens::Ahead(Box::new(Ahead {
                tok,
                loc,
                fatal,
                reads,
                batch: Vec::new(),
                next: 0,
                from_lexer: Some(from_lexer),
                to_lexer,
                thread: Some(thread),
                here: None,
                names: vec![(0, ""); NAMES].into_boxed_slice(),
            })),
            Err(_) => match slot.lock().ok().and_then(|mut l| l.take()) {
                Some(lexer) => Tokens::Here(lexer, None),
                None => unreachable!("the lexer is in the thread that could not be made"),
            },
        };
    }

    pub(crate) fn tok(&self) -> &Tok {
        match self {
            Tokens::Here(l, _) => l.tok(),
            Tokens::Ahead(a) => &a.tok,
            Tokens::Moving => &Tok::Eof,
        }
    }

    pub(crate) fn loc(&self) -> Loc {
        match self {
            Tokens::Here(l, _) => l.loc(),
            Tokens::Ahead(a) => a.loc,
            Tokens::Moving => Loc::NONE,
        }
    }

    pub(crate) fn fatal(&self) -> bool {
        match self {
            Tokens::Here(l, _) => l.fatal(),
            Tokens::Ahead(a) => a.fatal,
            Tokens::Moving => false,
        }
    }

    /// Advances to the next token (see [`Lexer::lex`]).
    pub(crate) fn lex(&mut self, diags: &mut Diagnostics) -> Tok {
        let tok = match self {
            Tokens::Here(l, None) => return l.lex(diags),
            Tokens::Here(l, Some(n)) => {
                let tok = l.lex(diags);
                *n = n.saturating_sub(1);
                if *n > 0 || matches!(tok, Tok::Eof | Tok::Error) || l.fatal() {
                    return tok;
                }
                tok
            }
            Tokens::Ahead(a) => return a.lex(diags),
            Tokens::Moving => return Tok::Eof,
        };
        self.go_ahead();
        tok
    }

    /// The lexer, as if it had lexed only the tokens taken.
    pub(crate) fn into_lexer(self) -> Lexer {
        match self {
            Tokens::Here(l, _) => l,
            Tokens::Ahead(a) => a.into_lexer(),
            Tokens::Moving => unreachable!("the lexer is moved within one call"),
        }
    }
}

/// The lexer's thread: lexes until the input ends, an error token or a fatal error (then the
/// lexer goes back to the parser), or until the parser wants no more.
fn lex_ahead(mut lexer: Lexer, to_parser: &SyncSender<Vec<Lexed>>, spent: &Receiver<Vec<Lexed>>) -> Lexer {
    let mut diags = Diagnostics::default();
    loop {
        let mut batch = spent.try_recv().unwrap_or_else(|_| Vec::with_capacity(BATCH));
        let mut last = false;
        while batch.len() < BATCH && !last {
            let tok = lexer.lex(&mut diags);
            let said = (!diags.list.is_empty()).then(|| Box::new(std::mem::take(&mut diags)));
            last = matches!(tok, Tok::Eof | Tok::Error) || lexer.fatal();
            batch.push(Lexed { tok, loc: lexer.loc(), fatal: lexer.fatal(), diags: said, reads: lexer.reads() as u32 });
        }
        if to_parser.send(batch).is_err() || last {
            return lexer;
        }
    }
}

/// The parser's side of a lexer on its own thread.
pub(crate) struct Ahead {
    tok: Tok,
    loc: Loc,
    fatal: bool,
    /// [`Lexer::reads`] at the current token.
    reads: u32,
    /// The batch being taken, from `next`.
    batch: Vec<Lexed>,
    next: usize,
    from_lexer: Option<Receiver<Vec<Lexed>>>,
    /// Batches taken, sent back to be filled again.
    to_lexer: Sender<Vec<Lexed>>,
    thread: Option<JoinHandle<Option<Lexer>>>,
    /// The lexer, back from its thread: lexing goes on here.
    here: Option<Lexer>,
    /// Names interned on the lexer's thread (by address and length) and this thread's.
    names: Box<[(usize, Sym)]>,
}

impl Ahead {
    fn lex(&mut self, diags: &mut Diagnostics) -> Tok {
        if let Some(lexer) = self.here.as_mut() {
            let tok = lexer.lex(diags);
            (self.tok, self.loc, self.fatal) = (tok, lexer.loc(), lexer.fatal());
            return tok;
        }
        if self.next == self.batch.len() && !self.refill() {
            // The lexer's thread has ended with the last token taken: go on here.
            self.here = Some(self.join());
            return self.lex(diags);
        }
        let lexed = &mut self.batch[self.next];
        self.next += 1;
        if let Some(mut said) = lexed.diags.take() {
            diags.append(&mut said);
        }
        let (tok, loc, fatal, reads) = (lexed.tok, lexed.loc, lexed.fatal, lexed.reads);
        self.tok = match tok {
            Tok::StrVal(s) => Tok::StrVal(self.name(s)),
            Tok::CodeFragment(s) => Tok::CodeFragment(self.name(s)),
            Tok::Id(s) => Tok::Id(self.name(s)),
            Tok::VarName(s) => Tok::VarName(self.name(s)),
            other => other,
        };
        (self.loc, self.fatal, self.reads) = (loc, fatal, reads);
        self.tok
    }

    /// Takes the next batch; false when the lexer's thread has sent its last.
    fn refill(&mut self) -> bool {
        let Some(from) = self.from_lexer.as_ref() else { return false };
        match from.recv() {
            Ok(batch) => {
                let mut spent = std::mem::replace(&mut self.batch, batch);
                spent.clear();
                // The lexer's thread may have ended: the batch is then dropped here.
                let _ = self.to_lexer.send(spent);
                self.next = 0;
                true
            }
            Err(_) => false,
        }
    }

    /// `text`, from the lexer's thread, interned on this one.
    fn name(&mut self, text: Sym) -> Sym {
        let key = text.as_ptr() as usize;
        let slot = &mut self.names[((key >> 3) ^ (key >> 15)) & (NAMES - 1)];
        if slot.0 == key && slot.1.len() == text.len() {
            return slot.1;
        }
        let ours = sym(text);
        *slot = (key, ours);
        ours
    }

    /// The lexer back from its thread (which stops at its next batch once nothing takes them).
    fn join(&mut self) -> Lexer {
        self.from_lexer = None;
        let thread = self.thread.take().expect("the lexer's thread is joined once");
        match thread.join() {
            Ok(Some(lexer)) => lexer,
            Ok(None) => unreachable!("the lexer's thread starts with the lexer"),
            Err(panic) => std::panic::resume_unwind(panic),
        }
    }

    fn into_lexer(mut self) -> Lexer {
        let mut lexer = match self.here.take() {
            Some(lexer) => return lexer,
            None => self.join(),
        };
        lexer.rewind_reads(self.reads as usize);
        lexer
    }
}
