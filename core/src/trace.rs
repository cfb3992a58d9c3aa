//! What an evaluation with [`crate::Options::trace`] records besides the records: the values as
//! written at each class reference, `defm`, `let`, `defvar` and `foreach`, before template
//! arguments and loop variables are substituted into them. [`crate::explain`] follows a field's
//! value back through them; a normal evaluation records nothing (the parser tests one `Option`).

use crate::init::Init;
use crate::record::Record;
use crate::source::{Loc, Span};
use rustc_hash::FxHashMap as HashMap;

/// The trace of one evaluation.
#[derive(Default, Debug)]
pub struct Trace {
    /// Class references (`: C<args>`, in classes, defs and multiclass bodies) and `defm`
    /// references (`defm X : MC<args>`), by the location of the class or multiclass name.
    pub refs: HashMap<Loc, RefTrace>,
    /// The value each `let`, field declaration or template argument default gave, by the
    /// location a field's `set_at` records for it; the first record it applies to wins (the
    /// value is the same for every one).
    pub sets: HashMap<Loc, Set>,
    /// Identifiers that named a `defvar` (whose value was substituted as it was parsed).
    pub defvar_uses: Vec<DefvarUse>,
    /// Every `foreach`, in the order parsed.
    pub loops: Vec<LoopTrace>,
    /// The element of each loop variable that made a def, by the def's name and the variable
    /// (only where the name is known when the loop runs: not inside a multiclass).
    pub loop_values: HashMap<(String, Init), Init>,
    /// The latest `defvar` of each name (how a use finds its definition).
    pub(crate) defvars: HashMap<String, (Loc, Init)>,
}

/// The template arguments at one class or multiclass reference.
#[derive(Debug)]
pub struct RefTrace {
    /// Every template argument of the class, in order, as bound there.
    pub args: Vec<ArgTrace>,
}

/// One template argument at a reference.
#[derive(Debug, Clone, Copy)]
pub struct ArgTrace {
    /// The argument's qualified name (`Class:arg`, `MC::arg`).
    pub name: Init,
    /// Its value as parsed at the reference (in terms of the enclosing record's arguments).
    pub value: Init,
    /// Where the value is written, `[start, end)`; for a default, its declaration.
    pub span: Span,
    /// Not given at the reference: the declaration's default.
    pub default: bool,
}

/// A value given by a `let`, declaration or default.
#[derive(Debug, Clone, Copy)]
pub struct Set {
    pub value: Init,
    /// Where the statement's text ends (for the `defvar`s it names).
    pub end: Loc,
}

/// An identifier that named a `defvar`.
#[derive(Debug, Clone)]
pub struct DefvarUse {
    pub at: Loc,
    pub name: String,
    /// The `defvar`'s name.
    pub defined_at: Loc,
    pub value: Init,
}

/// A `foreach` statement.
#[derive(Debug, Clone, Copy)]
pub struct LoopTrace {
    /// The `foreach` keyword.
    pub loc: Loc,
    /// The iteration variable (its name, a string value).
    pub var: Init,
    /// The list iterated, as parsed, and where it is written.
    pub list: Init,
    pub list_span: Span,
    /// Where the body ends.
    pub end: Loc,
}

impl Trace {
    pub(crate) fn defvar(&mut self, name: &str, at: Loc, value: Init) {
        self.defvars.insert(name.to_string(), (at, value));
    }

    /// Notes that the identifier `name` at `at` named a `defvar` (when one of that name was seen).
    pub(crate) fn defvar_use(&mut self, name: &str, at: Loc) {
        if let Some(&(defined_at, value)) = self.defvars.get(name) {
            self.defvar_uses.push(DefvarUse { at, name: name.to_string(), defined_at, value });
        }
    }

    /// Notes the loop variables (the names without a `:`) that `substs` binds as `rec`, a
    /// record of a loop body, is made from them.
    pub(crate) fn loop_values(&mut self, rec: &Record, substs: &[(Init, Init)]) {
        let Some(name) = rec.name.as_str() else { return };
        for &(var, value) in substs {
            if var.as_str().is_some_and(|v| !v.contains(':')) {
                self.loop_values.insert((name.to_string(), var), value);
            }
        }
    }

    /// The `defvar`s named inside `span`.
    pub fn defvars_in(&self, span: Span) -> impl Iterator<Item = &DefvarUse> {
        self.defvar_uses.iter().filter(move |u| span.contains(u.at))
    }

    /// The innermost `foreach` over `var` whose body holds `loc`.
    pub fn loop_of(&self, var: Init, loc: Loc) -> Option<&LoopTrace> {
        self.loops
            .iter()
            .filter(|l| l.var == var && Span { start: l.loc, end: l.end }.contains(loc))
            .max_by_key(|l| l.loc.offset)
    }
}
