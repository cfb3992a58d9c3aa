//! The record model: fields (`RecordVal`), records (classes and defs) and the
//! [`RecordKeeper`] that holds every class, def and global of an evaluation.

use crate::diag::Diagnostics;
use crate::init::{Init, InitKind};
use crate::intern::{sym, Sym};
use crate::limits::{Limit, Limits};
use crate::source::Loc;
use crate::types::{ClassGraph, RecId, Ty};
use rustc_hash::FxHashMap as HashMap;
use std::collections::BTreeMap;
use std::io::{self, Write};

/// One field or template argument of a record.
#[derive(Clone, Debug)]
pub struct RecordVal {
    /// The name, a string value (`Class:arg` for template arguments).
    pub name: Init,
    pub ty: Ty,
    pub value: Init,
    /// Declared with `field`: may stay unresolved, printed first.
    pub nonconcrete_ok: bool,
    pub template_arg: bool,
    /// Where the field was declared.
    pub loc: Loc,
    /// Where the current value was set (body line, `let`, template argument): provenance.
    pub set_at: Loc,
    /// An assignment failed its type check: llvm-tblgen then holds no value and prints none.
    pub lost: bool,
}

impl RecordVal {
    /// A field of type `ty` holding `?` (for `bits<n>`, n unset bits, as LLVM's constructor does).
    pub fn new(name: Init, loc: Loc, ty: Ty, nonconcrete_ok: bool) -> RecordVal {
        let value = match ty.bits_width() {
            Some(n) => Init::bits(&vec![Init::unset(); n as usize]),
            None => Init::unset(),
        };
        RecordVal { name, ty, value, nonconcrete_ok, template_arg: false, loc, set_at: loc, lost: false }
    }
    pub fn name_str(&self) -> Sym {
        self.name.as_str().unwrap_or("")
    }
    /// LLVM's `getPrintType`: `code` for a string field holding a code literal.
    pub fn print_type(&self) -> String {
        if self.ty.is_string() {
            if self.value.is_code() {
                return "code".into();
            }
            return "string".into();
        }
        self.ty.to_string()
    }
}

#[derive(Clone, Debug)]
pub struct Assertion {
    pub loc: Loc,
    pub cond: Init,
    pub msg: Init,
}

#[derive(Clone, Debug)]
pub struct Dump {
    pub loc: Loc,
    pub msg: Init,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RecordKind {
    Class,
    Def,
    AnonymousDef,
    MultiClass,
}

/// One step of the defm / multiclass instantiations that produced a record.
#[derive(Clone, Debug)]
pub struct DefmStep {
    /// The `defm` statement.
    pub defm_loc: Loc,
    /// The multiclass instantiated.
    pub multiclass: Sym,
}

/// A class, a def, or the prototype record of a multiclass.
#[derive(Clone, Debug)]
pub struct Record {
    pub name: Init,
    /// Definition location, then each defm that instantiated it (innermost first).
    pub locs: Vec<Loc>,
    pub forward_decl_locs: Vec<Loc>,
    pub kind: RecordKind,
    /// Names of template arguments, in order (their values are among `values`).
    pub template_args: Vec<Init>,
    pub values: Vec<RecordVal>,
    /// Every superclass, as LLVM keeps them: each direct superclass after its own superclasses.
    pub superclasses: Vec<(RecId, Loc)>,
    pub assertions: Vec<Assertion>,
    pub dumps: Vec<Dump>,
    pub defm_chain: Vec<DefmStep>,
}

impl Record {
    pub fn new(name: Init, locs: Vec<Loc>, kind: RecordKind) -> Record {
        Record {
            name,
            locs,
            forward_decl_locs: Vec::new(),
            kind,
            template_args: Vec::new(),
            values: Vec::new(),
            superclasses: Vec::new(),
            assertions: Vec::new(),
            dumps: Vec::new(),
            defm_chain: Vec::new(),
        }
    }
    pub fn is_class(&self) -> bool {
        self.kind == RecordKind::Class
    }
    pub fn is_anonymous(&self) -> bool {
        self.kind == RecordKind::AnonymousDef
    }
    /// LLVM's `getNameInitAsString`.
    pub fn name_string(&self) -> String {
        self.name.unquoted()
    }
    pub fn loc(&self) -> Loc {
        self.locs.first().copied().unwrap_or(Loc::NONE)
    }
    pub fn value(&self, name: Init) -> Option<&RecordVal> {
        self.values.iter().find(|v| v.name == name)
    }
    pub fn value_by_str(&self, name: &str) -> Option<&RecordVal> {
        self.values.iter().find(|v| v.name.as_str() == Some(name))
    }
    pub fn is_template_arg(&self, name: Init) -> bool {
        self.template_args.contains(&name)
    }
    pub fn remove_value(&mut self, name: Init) {
        self.values.retain(|v| v.name != name);
    }
    pub fn is_subclass_of(&self, class: RecId) -> bool {
        self.superclasses.iter().any(|s| s.0 == class)
    }
    /// The direct superclasses, last first (LLVM's `getDirectSuperClasses`).
    pub fn direct_superclasses(&self, rk: &RecordKeeper) -> Vec<RecId> {
        let mut out = Vec::new();
        let mut end = self.superclasses.len();
        while end > 0 {
            let sc = self.superclasses[end - 1].0;
            out.push(sc);
            let n = rk.get(sc).superclasses.len();
            end = end.saturating_sub(1 + n);
        }
        out
    }
    /// The record's type: its direct superclasses.
    pub fn ty(&self, rk: &RecordKeeper) -> Ty {
        let classes: Vec<(RecId, Sym)> =
            self.direct_superclasses(rk).into_iter().map(|c| (c, rk.name_sym(c))).collect();
        Ty::record(&classes)
    }

    /// LLVM's `operator<<(raw_ostream&, const Record&)`.
    pub fn print(&self, rk: &RecordKeeper, out: &mut dyn Write) -> io::Result<()> {
        let mut s = String::with_capacity(256);
        self.print_to(rk, &mut s);
        out.write_all(s.as_bytes())
    }

    pub fn print_to(&self, rk: &RecordKeeper, s: &mut String) {
        use std::fmt::Write as _;
        s.push_str(&self.name_string());
        if !self.template_args.is_empty() {
            s.push('<');
            for (i, ta) in self.template_args.iter().enumerate() {
                if i > 0 {
                    s.push_str(", ");
                }
                if let Some(rv) = self.value(*ta) {
                    print_val(rv, s);
                }
            }
            s.push('>');
        }
        s.push_str(" {");
        if !self.superclasses.is_empty() {
            s.push_str("\t//");
            for (sc, _) in &self.superclasses {
                s.push(' ');
                s.push_str(&rk.get(*sc).name_string());
            }
        }
        s.push('\n');
        for pass in [true, false] {
            for v in &self.values {
                if v.nonconcrete_ok == pass && !v.template_arg {
                    s.push_str("  ");
                    print_val(v, s);
                    s.push_str(";\n");
                }
            }
        }
        let _ = write!(s, "}}\n");
    }
}

fn print_val(v: &RecordVal, s: &mut String) {
    use std::fmt::Write as _;
    if v.nonconcrete_ok {
        s.push_str("field ");
    }
    let _ = write!(s, "{} {}", v.print_type(), v.name.unquoted());
    if !v.lost {
        let _ = write!(s, " = {}", v.value);
    }
}

/// Every class, def and global of one evaluation.
#[derive(Default)]
pub struct RecordKeeper {
    /// All records by id: classes, defs, and ids reserved for defs being finished.
    pub records: Vec<Record>,
    pub classes: BTreeMap<String, RecId>,
    pub defs: BTreeMap<String, RecId>,
    /// `defvar` at top level and `defset`s.
    pub globals: HashMap<String, Init>,
    pub anon_counter: u32,
    /// `Class<args>` values already instantiated, to their defs.
    pub vardef_cache: HashMap<Init, Init>,
    pub diags: Diagnostics,
    /// Set by a fatal error: evaluation stops at the next statement.
    pub fatal: bool,
    /// Bounds on the evaluation's work ([`crate::limits`]).
    pub limits: Limits,
    /// Iterations of `foreach` statements, `!foreach`, `!foldl` and `!filter` so far.
    pub iterations: u64,
    /// Where the top-level statement being evaluated starts: where a limit reached with no
    /// better location is reported.
    pub statement_loc: Loc,
}

impl RecordKeeper {
    pub fn get(&self, id: RecId) -> &Record {
        &self.records[id.0 as usize]
    }
    pub fn get_mut(&mut self, id: RecId) -> &mut Record {
        &mut self.records[id.0 as usize]
    }
    pub fn name_sym(&self, id: RecId) -> Sym {
        sym(&self.get(id).name_string())
    }
    pub fn class(&self, name: &str) -> Option<RecId> {
        self.classes.get(name).copied()
    }
    pub fn def(&self, name: &str) -> Option<RecId> {
        self.defs.get(name).copied()
    }
    /// A fresh `anonymous_N` name.
    pub fn new_anonymous_name(&mut self) -> Init {
        let n = self.anon_counter;
        self.anon_counter += 1;
        Init::new(InitKind::AnonName(n))
    }
    /// Adds a record to the arena, returning its id (classes are then named in `classes`).
    pub fn push(&mut self, rec: Record) -> RecId {
        if self.limits.exceeds(Limit::Records, self.records.len() as u64 + 1) {
            let locs = rec.locs.clone();
            self.limit_exceeded(&locs, Limit::Records);
        }
        let id = RecId(self.records.len() as u32);
        self.records.push(rec);
        id
    }
    pub fn add_class(&mut self, rec: Record) -> RecId {
        let name = rec.name_string();
        let id = self.push(rec);
        self.classes.insert(name, id);
        id
    }
    /// Stores a finished def under its id (reserved earlier with [`Self::push`]) and name.
    pub fn add_def(&mut self, id: RecId, mut rec: Record) {
        self.check_values(&mut rec);
        let name = rec.name_string();
        self.records[id.0 as usize] = rec;
        self.defs.insert(name, id);
    }
    /// The value referring to def `id`.
    pub fn def_init(&self, id: RecId) -> Init {
        let r = self.get(id);
        Init::def(id, sym(&r.name_string()), r.ty(self))
    }

    /// A fatal error with no location (LLVM's PrintFatalError(Twine)), rendered `error: msg`.
    pub fn fatal_noloc(&mut self, msg: impl Into<String>) {
        if !self.fatal {
            self.diags.error(Loc::NONE, msg);
        }
        self.fatal = true;
    }

    /// Reports a fatal error (LLVM's PrintFatalError): evaluation stops.
    pub fn fatal(&mut self, locs: &[Loc], msg: impl Into<String>) {
        if !self.fatal {
            self.diags.error_at(locs, msg);
        }
        self.fatal = true;
    }
    /// Reports going beyond `limit` as a fatal error, at `locs` or else at the statement
    /// being evaluated.
    pub fn limit_exceeded(&mut self, locs: &[Loc], limit: Limit) {
        let msg = self.limits.exceeded(limit);
        if locs.is_empty() {
            let at = [self.statement_loc];
            self.fatal(&at, msg);
        } else {
            self.fatal(locs, msg);
        }
    }

    /// Checks that walking `value` (resolving, printing) stays within [`Limit::NestingDepth`]
    /// and printing it within [`Limit::ValueSize`]; reports the limit passed, if any.
    pub fn check_value(&mut self, locs: &[Loc], value: Init) -> bool {
        for (limit, n) in [(Limit::NestingDepth, u64::from(value.depth())), (Limit::ValueSize, value.size())] {
            if self.limits.exceeds(limit, n) {
                self.limit_exceeded(locs, limit);
                return false;
            }
        }
        true
    }

    /// [`Self::check_value`] for a record's values taken together. Values beyond a limit are
    /// replaced by `?`, so that nothing prints them.
    pub fn check_values(&mut self, rec: &mut Record) {
        let depth = rec.values.iter().map(|v| v.value.depth()).max().unwrap_or(0);
        let size = rec.values.iter().fold(0u64, |n, v| n.saturating_add(v.value.size()));
        for (limit, n) in [(Limit::NestingDepth, u64::from(depth)), (Limit::ValueSize, size)] {
            if self.limits.exceeds(limit, n) {
                let locs = rec.locs.clone();
                self.limit_exceeded(&locs, limit);
                for v in &mut rec.values {
                    v.value = Init::unset();
                }
                return;
            }
        }
    }

    /// Counts `n` more iterations of a loop; false, after a fatal error, when the total goes
    /// beyond [`Limit::ForeachIterations`].
    pub fn count_iterations(&mut self, locs: &[Loc], n: u64) -> bool {
        self.iterations = self.iterations.saturating_add(n);
        if self.limits.exceeds(Limit::ForeachIterations, self.iterations) {
            self.limit_exceeded(locs, Limit::ForeachIterations);
            return false;
        }
        true
    }

    pub fn error(&mut self, locs: &[Loc], msg: impl Into<String>) {
        if !self.fatal {
            self.diags.error_at(locs, msg);
        }
    }

    /// llvm-tblgen's `--print-records` output.
    pub fn print(&self, out: &mut dyn Write) -> io::Result<()> {
        let mut s = String::with_capacity(1 << 16);
        s.push_str("------------- Classes -----------------\n");
        for id in self.classes.values() {
            s.push_str("class ");
            self.get(*id).print_to(self, &mut s);
            if s.len() > 1 << 16 {
                out.write_all(s.as_bytes())?;
                s.clear();
            }
        }
        s.push_str("------------- Defs -----------------\n");
        for id in self.defs.values() {
            s.push_str("def ");
            self.get(*id).print_to(self, &mut s);
            if s.len() > 1 << 16 {
                out.write_all(s.as_bytes())?;
                s.clear();
            }
        }
        out.write_all(s.as_bytes())
    }

    /// LLVM's `CheckAssert`.
    pub fn check_assert(&mut self, loc: Loc, cond: Init, msg: Init) {
        match cond.convert_to(self, Ty::int()).and_then(|c| c.as_int()) {
            None => self.error(&[loc], "assert condition must of type bit, bits, or int."),
            Some(0) => {
                self.error(&[loc], "assertion failed");
                match msg.as_str() {
                    Some(m) => self.diags.note(Loc::NONE, m),
                    None => self.diags.note(Loc::NONE, "(assert message is not a string)"),
                }
            }
            Some(_) => {}
        }
    }

    /// LLVM's `dumpMessage`.
    pub fn dump_message(&mut self, loc: Loc, msg: Init) {
        match msg.as_str() {
            Some(m) => {
                if !self.fatal {
                    self.diags.list.push(crate::diag::Diagnostic {
                        severity: crate::diag::Severity::Note,
                        loc: Some(loc),
                        message: m.to_owned(),
                        notes: Vec::new(),
                    })
                }
            }
            None => self.error(&[loc], "dump value is not of type string"),
        }
    }
}

impl ClassGraph for RecordKeeper {
    fn class_is_subclass_of(&self, sub: RecId, sup: RecId) -> bool {
        sub == sup || self.get(sub).is_subclass_of(sup)
    }
    fn direct_superclasses(&self, class: RecId) -> Vec<(RecId, Sym)> {
        self.get(class).direct_superclasses(self).into_iter().map(|c| (c, self.name_sym(c))).collect()
    }
}
