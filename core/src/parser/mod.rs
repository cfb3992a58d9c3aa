//! The TableGen parser and evaluator of statements (LLVM's TGParser): classes, defs,
//! multiclasses, defm, let, foreach, if, defset, defvar, deftype, assert and dump.
//!
//! As in llvm-tblgen, statements are evaluated as they are parsed: a class is complete when its
//! body ends, a def is resolved and added when its statement ends, while multiclass and loop
//! bodies are kept as unevaluated entries and copied with their variables substituted when
//! instantiated. Values are parsed in `value.rs`.

mod value;

use crate::ahead::Tokens;
use crate::fold;
use crate::init::{ArgKey, BinOp, Init, InitKind, TernOp};
use crate::intern::sym;
use crate::lexer::{Lexer, Tok};
use crate::limits::Limit;
use crate::record::{Assertion, Dump, Record, RecordKeeper, RecordKind, RecordVal};
use crate::resolve::{self, CurRec, HasReferenceResolver, MapResolver};
use crate::source::{Loc, Span};
use crate::trace::{ArgTrace, LoopTrace, RefTrace, Set, Trace};
use crate::types::{RecId, Ty};
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use smallvec::SmallVec;

/// Parse failure: the diagnostic has already been recorded.
#[derive(Debug)]
pub struct Failed;
pub type PResult<T> = Result<T, Failed>;

/// An unevaluated item of a multiclass or loop body.
#[derive(Clone, Debug)]
pub enum Entry {
    Rec(Box<Record>),
    Loop(Box<ForeachLoop>),
    Assert(Assertion),
    Dump(Dump),
}

#[derive(Clone, Debug)]
pub struct ForeachLoop {
    pub loc: Loc,
    /// The iteration variable (a `Var`); `None` for the loops `if` becomes.
    pub iter_var: Option<Init>,
    pub list: Init,
    pub entries: Vec<Entry>,
}

pub struct MultiClass {
    pub rec: Record,
    pub entries: Vec<Entry>,
}

#[derive(Clone, Debug)]
struct LetRecord {
    name: Init,
    bits: Vec<u32>,
    value: Init,
    loc: Loc,
    mode: LetMode,
}

/// How a `let` sets its field: `let x`, or (LLVM 23) `let append x` / `let prepend x`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum LetMode {
    Replace,
    Append,
    Prepend,
}

/// How [`Parser::set_value`] assigns, besides what.
#[derive(Clone, Copy)]
struct SetHow {
    /// `x = x` is allowed (a template argument's default may name itself).
    allow_self: bool,
    /// The assignment's location becomes the field's.
    override_loc: bool,
    mode: LetMode,
}

impl SetHow {
    /// A `let`: the field's location moves to it.
    const LET: SetHow = SetHow { allow_self: false, override_loc: true, mode: LetMode::Replace };
    /// A declaration's initial value.
    const DECLARATION: SetHow = SetHow { allow_self: false, override_loc: false, mode: LetMode::Replace };
}

struct DefsetRecord {
    loc: Loc,
    elt_ty: Ty,
    elements: Vec<Init>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum ScopeKind {
    Local,
    Record,
    Loop(Option<Init>),
    MultiClass,
}

struct Scope {
    kind: ScopeKind,
    vars: HashMap<String, Init>,
}

/// A reference to a class (or, in `defm`, a multiclass) with its template arguments.
struct SubClassRef {
    loc: Loc,
    rec: Option<RecId>,
    mc: Option<String>,
    args: Vec<Init>,
}

/// Options that change how statements are evaluated.
#[derive(Clone, Debug, Default)]
pub struct ParserConfig {
    pub no_warn_on_unused_template_args: bool,
    /// Keep a [`Trace`] of the values as written (`tdq explain`).
    pub trace: bool,
    /// Lex on another thread, ahead of the parser ([`crate::ahead`]).
    pub lex_ahead: bool,
}

pub struct Parser {
    lex: Tokens,
    pub rk: RecordKeeper,
    /// Shared: every `defm` walks a multiclass's entries while it adds to the parser.
    multiclasses: HashMap<String, std::rc::Rc<MultiClass>>,
    /// The multiclass being parsed.
    cur_mc: Option<MultiClass>,
    loops: Vec<ForeachLoop>,
    let_stack: Vec<Vec<LetRecord>>,
    defsets: Vec<DefsetRecord>,
    scopes: Vec<Scope>,
    type_aliases: HashMap<String, Ty>,
    used_args: HashSet<Init>,
    /// `Class:NAME` of each class name, made once: every inheritance binds its class's.
    name_args: HashMap<Init, Init>,
    /// [`Record::args_view`] of each class referenced with arguments, made once (a class's
    /// record changes only while `parse_class` defines it, which drops its view).
    arg_views: HashMap<RecId, std::rc::Rc<Record>>,
    config: ParserConfig,
    /// How deeply the value or block being parsed nests: each level is a parser recursion,
    /// bounded by [`Limit::NestingDepth`].
    value_depth: u32,
    /// What `ParserConfig::trace` asks to record; `None` in a normal evaluation.
    trace: Option<Box<Trace>>,
}

type SubstStack = Vec<(Init, Init)>;

impl Parser {
    pub fn new(lex: Lexer, config: ParserConfig) -> Parser {
        Parser {
            lex: Tokens::new(lex, config.lex_ahead),
            rk: RecordKeeper::default(),
            multiclasses: HashMap::default(),
            cur_mc: None,
            loops: Vec::new(),
            let_stack: Vec::new(),
            defsets: Vec::new(),
            scopes: Vec::new(),
            type_aliases: HashMap::default(),
            used_args: HashSet::default(),
            name_args: HashMap::default(),
            arg_views: HashMap::default(),
            trace: config.trace.then(Box::default),
            config,
            value_depth: 0,
        }
    }

    pub fn into_parts(self) -> (Lexer, RecordKeeper, Option<Box<Trace>>) {
        (self.lex.into_lexer(), self.rk, self.trace)
    }

    // ----- lexer helpers -----

    fn tok(&self) -> &Tok {
        self.lex.tok()
    }
    fn loc(&self) -> Loc {
        self.lex.loc()
    }
    fn next(&mut self) -> Tok {
        let t = self.lex.lex(&mut self.rk.diags);
        // A limit or an include cycle ends the evaluation with the lexer's one error.
        self.rk.fatal |= self.lex.fatal();
        t
    }
    fn consume(&mut self, t: Tok) -> bool {
        if *self.tok() == t {
            self.next();
            true
        } else {
            false
        }
    }
    fn at(&self, t: Tok) -> bool {
        *self.tok() == t
    }
    fn cur_str(&self) -> String {
        match self.tok() {
            Tok::Id(s) | Tok::StrVal(s) | Tok::CodeFragment(s) | Tok::VarName(s) => s.to_string(),
            _ => String::new(),
        }
    }
    fn error(&mut self, loc: Loc, msg: impl Into<String>) -> Failed {
        self.rk.error(&[loc], msg);
        Failed
    }
    fn tok_error(&mut self, msg: impl Into<String>) -> Failed {
        let loc = self.loc();
        self.error(loc, msg)
    }
    fn check_fatal(&self) -> PResult<()> {
        if self.rk.fatal {
            Err(Failed)
        } else {
            Ok(())
        }
    }

    /// Notes where the value of the `let` or declaration traced at `at` ends (at `end`).
    fn trace_set_end(&mut self, at: Loc, end: Loc) {
        if let Some(set) = self.trace.as_mut().and_then(|t| t.sets.get_mut(&at)) {
            set.end = end;
        }
    }

    // ----- scopes -----

    fn push_scope(&mut self, kind: ScopeKind) {
        self.scopes.push(Scope { kind, vars: HashMap::default() });
    }
    fn pop_scope(&mut self) {
        self.scopes.pop();
    }
    fn is_outermost_scope(&self) -> bool {
        self.scopes.len() <= 1
    }
    fn var_already_defined(&self, name: &str) -> bool {
        self.scopes.last().map(|s| s.vars.contains_key(name)).unwrap_or(false)
    }
    fn add_scope_var(&mut self, name: &str, v: Init) {
        if let Some(s) = self.scopes.last_mut() {
            s.vars.insert(name.to_owned(), v);
        }
    }

    /// The qualified name of `name` in record `rec`: `Class:name` or `MC::name`.
    fn qualify(rec: &Record, name: &str, scoper: &str) -> Init {
        fold::str_concat3(rec.name, scoper, name)
    }

    /// `qualify(rec, "NAME", ":")` of a record named `rec_name`, from [`Self::name_args`] after
    /// the first time.
    fn name_arg(&mut self, rec_name: Init) -> Init {
        *self.name_args.entry(rec_name).or_insert_with(|| fold::str_concat3(rec_name, ":", "NAME"))
    }

    fn find_in_args(&mut self, rec: &Record, name: &str, scoper: &str) -> Option<Init> {
        Self::find_in_args_of(rec, name, scoper, &mut self.used_args)
    }

    fn find_in_args_of(rec: &Record, name: &str, scoper: &str, used_args: &mut HashSet<Init>) -> Option<Init> {
        let arg = Self::qualify(rec, name, scoper);
        if rec.is_template_arg(arg) {
            let ty = rec.value(arg).map(|v| v.ty).unwrap_or_else(Ty::string);
            used_args.insert(arg);
            return Some(Init::var(arg, ty));
        }
        if name == "NAME" {
            return Some(Init::var(arg, Ty::string()));
        }
        None
    }

    /// LLVM's `TGVarScope::getVar` over the scope stack.
    fn get_var(&mut self, cur: Option<&Record>, name: &str) -> Option<Init> {
        for i in (0..self.scopes.len()).rev() {
            if let Some(v) = self.scopes[i].vars.get(name) {
                return Some(*v);
            }
            match self.scopes[i].kind {
                ScopeKind::Local => {}
                ScopeKind::Record => {
                    if let Some(cur) = cur {
                        if let Some(rv) = cur.value_by_str(name) {
                            return Some(Init::var(rv.name, rv.ty));
                        }
                        if cur.is_class() {
                            if let Some(v) = self.find_in_args(cur, name, ":") {
                                return Some(v);
                            }
                        }
                    }
                }
                ScopeKind::Loop(iv) => {
                    if let Some(iv) = iv {
                        if let InitKind::Var(n, _) = iv.kind() {
                            if n.as_str() == Some(name) {
                                return Some(iv);
                            }
                        }
                    }
                }
                ScopeKind::MultiClass => {
                    if let Some(mc) = self.cur_mc.as_ref() {
                        if let Some(v) = Self::find_in_args_of(&mc.rec, name, "::", &mut self.used_args) {
                            return Some(v);
                        }
                    }
                }
            }
        }
        None
    }

    fn get_global(&self, name: &str) -> Option<Init> {
        if let Some(id) = self.rk.def(name) {
            return Some(self.rk.def_init(id));
        }
        self.rk.globals.get(name).copied()
    }

    fn mc_name_var(mc: &MultiClass) -> Init {
        Init::var(Self::qualify(&mc.rec, "NAME", "::"), Ty::string())
    }

    // ----- top level -----

    /// Parses and evaluates the whole input. Errors are in `self.rk.diags`.
    pub fn parse_file(&mut self) -> PResult<()> {
        self.next();
        self.push_scope(ScopeKind::Local);
        self.parse_object_list()?;
        self.pop_scope();
        if self.at(Tok::Eof) {
            return Ok(());
        }
        Err(self.tok_error("Unexpected token at top level"))
    }

    fn is_object_start(t: &Tok) -> bool {
        matches!(
            t,
            Tok::KwAssert
                | Tok::KwClass
                | Tok::KwDef
                | Tok::KwDefm
                | Tok::KwDefset
                | Tok::KwDeftype
                | Tok::KwDefvar
                | Tok::KwDump
                | Tok::KwForeach
                | Tok::KwIf
                | Tok::KwLet
                | Tok::KwMultiClass
        )
    }

    fn parse_object_list(&mut self) -> PResult<()> {
        while Self::is_object_start(self.tok()) {
            self.parse_object()?;
            self.check_fatal()?;
        }
        Ok(())
    }

    fn in_multiclass(&self) -> bool {
        self.cur_mc.is_some()
    }

    fn parse_object(&mut self) -> PResult<()> {
        if self.value_depth == 0 {
            self.rk.statement_loc = self.loc();
        }
        self.nested(Self::parse_object_inner)
    }

    /// Runs `parse` one level deeper, failing when that goes beyond [`Limit::NestingDepth`].
    fn nested<T>(&mut self, parse: impl FnOnce(&mut Self) -> PResult<T>) -> PResult<T> {
        if self.rk.limits.exceeds(Limit::NestingDepth, u64::from(self.value_depth) + 1) {
            let at = [self.loc()];
            self.rk.limit_exceeded(&at, Limit::NestingDepth);
            return Err(Failed);
        }
        self.value_depth += 1;
        let r = parse(self);
        self.value_depth -= 1;
        r
    }

    fn parse_object_inner(&mut self) -> PResult<()> {
        match self.tok() {
            Tok::KwAssert => self.parse_assert(None),
            Tok::KwDef => self.parse_def(),
            Tok::KwDefm => self.parse_defm(),
            Tok::KwDefvar => self.parse_defvar(None),
            Tok::KwDeftype => self.parse_deftype(),
            Tok::KwDump => self.parse_dump(None),
            Tok::KwForeach => self.parse_foreach(),
            Tok::KwIf => self.parse_if(),
            Tok::KwLet => self.parse_top_level_let(),
            Tok::KwDefset => {
                if self.in_multiclass() {
                    return Err(self.tok_error("defset is not allowed inside multiclass"));
                }
                self.parse_defset()
            }
            Tok::KwClass => {
                if self.in_multiclass() {
                    return Err(self.tok_error("class is not allowed inside multiclass"));
                }
                if !self.loops.is_empty() {
                    return Err(self.tok_error("class is not allowed inside foreach loop"));
                }
                self.parse_class()
            }
            Tok::KwMultiClass => {
                if !self.loops.is_empty() {
                    return Err(self.tok_error("multiclass is not allowed inside foreach loop"));
                }
                self.parse_multiclass()
            }
            _ => {
                Err(self
                    .tok_error("Expected assert, class, def, defm, defset, deftype, defvar, dump, foreach, if, or let"))
            }
        }
    }

    // ----- entries -----

    fn add_entry(&mut self, e: Entry) -> PResult<()> {
        if let Some(l) = self.loops.last_mut() {
            l.entries.push(e);
            return Ok(());
        }
        if let Entry::Loop(lp) = e {
            let mut substs = Vec::new();
            if let Some(mut mc) = self.cur_mc.take() {
                let mut dest = std::mem::take(&mut mc.entries);
                let r = self.resolve_loop(&lp, &mut substs, false, Some(&mut dest), None);
                mc.entries = dest;
                self.cur_mc = Some(mc);
                return r;
            }
            return self.resolve_loop(&lp, &mut substs, true, None, None);
        }
        if let Some(mc) = self.cur_mc.as_mut() {
            mc.entries.push(e);
            return Ok(());
        }
        match e {
            Entry::Assert(a) => {
                let _failed = self.rk.check_assert(a.loc, a.cond, a.msg);
                Ok(())
            }
            Entry::Dump(d) => {
                self.rk.dump_message(d.loc, d.msg);
                Ok(())
            }
            Entry::Rec(r) => self.add_def_one(*r),
            Entry::Loop(_) => Ok(()),
        }
    }

    fn map_resolver(substs: &SubstStack, cur: Option<CurRec>) -> MapResolver {
        let mut r = MapResolver::with_capacity(cur, substs.len());
        for (k, v) in substs {
            r.set(*k, *v);
        }
        r
    }

    fn resolve_loop(
        &mut self,
        lp: &ForeachLoop,
        substs: &mut SubstStack,
        is_final: bool,
        dest: Option<&mut Vec<Entry>>,
        defm: Option<(Loc, &str)>,
    ) -> PResult<()> {
        let mut r = Self::map_resolver(substs, None);
        let mut list = resolve::resolve(&mut self.rk, lp.list, &mut r);
        if is_final {
            if let InitKind::TernOp(TernOp::If, old_lhs, mhs, rhs, ty) = list.kind() {
                r.is_final = true;
                let lhs = resolve::resolve(&mut self.rk, *old_lhs, &mut r);
                if lhs == *old_lhs {
                    self.rk
                        .error(&[lp.loc], format!("unable to resolve if condition '{lhs}' at end of containing scope"));
                    return Err(Failed);
                }
                list = fold::fold_tern_op(&mut self.rk, TernOp::If, lhs, *mhs, *rhs, *ty, None);
            }
        }
        // Not kept alive through the body: nested loops would hold one resolver of every
        // enclosing variable per level, memory quadratic in the nesting.
        drop(r);
        let elems = match list.kind() {
            InitKind::List(e, _) => e,
            _ => {
                if !is_final {
                    if let Some(dest) = dest {
                        let mut inner = Vec::new();
                        self.resolve_entries(&lp.entries, substs, is_final, Some(&mut inner), defm)?;
                        dest.push(Entry::Loop(Box::new(ForeachLoop {
                            loc: lp.loc,
                            iter_var: lp.iter_var,
                            list,
                            entries: inner,
                        })));
                        return Ok(());
                    }
                }
                self.rk.error(&[lp.loc], format!("attempting to loop over '{list}', expected a list"));
                return Err(Failed);
            }
        };
        if !self.rk.count_iterations(&[lp.loc], elems.len() as u64) {
            return Err(Failed);
        }
        // The records the loop will make, counted before it makes them: a loop of ten million
        // defs is refused at once rather than after the first millions.
        if dest.is_none() {
            let made = (elems.len() as u64).saturating_mul(records_per_pass(&lp.entries));
            if self.rk.limits.exceeds(Limit::Records, (self.rk.records.len() as u64).saturating_add(made)) {
                self.rk.limit_exceeded(&[lp.loc], Limit::Records);
                return Err(Failed);
            }
        }
        let mut dest = dest;
        for &elt in elems.iter() {
            if !self.rk.check_memory(&[lp.loc]) {
                return Err(Failed);
            }
            if let Some(iv) = lp.iter_var {
                if let InitKind::Var(name, _) = iv.kind() {
                    substs.push((*name, elt));
                }
            }
            let res = self.resolve_entries(&lp.entries, substs, is_final, dest.as_deref_mut(), defm);
            if lp.iter_var.is_some() {
                substs.pop();
            }
            res?;
            self.check_fatal()?;
        }
        Ok(())
    }

    fn resolve_entries(
        &mut self,
        source: &[Entry],
        substs: &mut SubstStack,
        is_final: bool,
        mut dest: Option<&mut Vec<Entry>>,
        defm: Option<(Loc, &str)>,
    ) -> PResult<()> {
        for e in source {
            match e {
                Entry::Loop(lp) => self.resolve_loop(lp, substs, is_final, dest.as_deref_mut(), None)?,
                Entry::Assert(a) => {
                    let mut r = Self::map_resolver(substs, None);
                    let cond = resolve::resolve(&mut self.rk, a.cond, &mut r);
                    let msg = resolve::resolve(&mut self.rk, a.msg, &mut r);
                    match dest.as_deref_mut() {
                        Some(d) => d.push(Entry::Assert(Assertion { loc: a.loc, cond, msg })),
                        None => {
                            let _failed = self.rk.check_assert(a.loc, cond, msg);
                        }
                    }
                }
                Entry::Dump(dm) => {
                    let mut r = Self::map_resolver(substs, None);
                    let msg = resolve::resolve(&mut self.rk, dm.msg, &mut r);
                    match dest.as_deref_mut() {
                        Some(d) => d.push(Entry::Dump(Dump { loc: dm.loc, msg })),
                        None => self.rk.dump_message(dm.loc, msg),
                    }
                }
                Entry::Rec(proto) => {
                    let mut rec = proto.instance(defm.map(|(loc, mc)| (loc, sym(mc))));
                    let cur = CurRec::of(&rec, None);
                    let mut r = Self::map_resolver(substs, Some(cur));
                    resolve::resolve_record(&mut self.rk, &mut rec, &mut r, None);
                    if let Some(t) = self.trace.as_mut() {
                        t.loop_values(&rec, substs);
                    }
                    match dest.as_deref_mut() {
                        Some(d) => d.push(Entry::Rec(Box::new(rec))),
                        None => self.add_def_one(rec)?,
                    }
                }
            }
            self.check_fatal()?;
        }
        Ok(())
    }

    /// Resolves a def completely and adds it to the record keeper (LLVM's `addDefOne`).
    fn add_def_one(&mut self, mut rec: Record) -> PResult<()> {
        let mut new_name = None;
        let prev = match rec.name.as_str() {
            Some(name) => self.rk.def(name),
            None => self.rk.def(&rec.name_string()),
        };
        if let Some(prev) = prev {
            if !rec.is_anonymous() {
                self.rk.error(&rec.locs, format!("def already exists: {}", rec.name_string()));
                let ploc = self.rk.get(prev).loc();
                self.rk.diags.note(ploc, "location of previous definition");
                return Err(Failed);
            }
            new_name = Some(self.rk.new_anonymous_name());
        }
        // Before the final resolution turns `anonymous_N` into text: was the name made from one?
        rec.name_from_anonymous = !rec.is_anonymous() && rec.name.mentions_anonymous_name();
        // Reserve the def's id so that self-references resolve to it.
        let id = self.rk.push(Record::new(rec.name, rec.locs.clone(), RecordKind::Def));
        resolve::resolve_record_final(&mut self.rk, &mut rec, Some(id), new_name);
        self.check_fatal()?;
        self.check_concrete(&rec);
        if rec.name.as_str().is_none() {
            self.rk.error(&rec.locs, format!("record name '{}' could not be fully resolved", rec.name));
            return Err(Failed);
        }
        resolve::check_record_assertions(&mut self.rk, &rec, Some(id));
        resolve::emit_record_dumps(&mut self.rk, &rec, Some(id));
        // The record's type is made only inside a defset, which checks it.
        let ty = (!self.defsets.is_empty()).then(|| rec.ty(&self.rk));
        for i in 0..self.defsets.len() {
            let (Some(ty), elt_ty) = (ty, self.defsets[i].elt_ty) else { break };
            if !ty.is_a(&self.rk, elt_ty) {
                self.rk.error(&rec.locs, format!("adding record of incompatible type '{ty}' to defset"));
                let loc = self.defsets[i].loc;
                self.rk.diags.note(loc, "location of defset declaration");
                return Err(Failed);
            }
        }
        self.rk.add_def(id, rec);
        if !self.defsets.is_empty() {
            let def = self.rk.def_init(id);
            for d in self.defsets.iter_mut() {
                d.elements.push(def);
            }
        }
        Ok(())
    }

    fn check_concrete(&mut self, rec: &Record) {
        for rv in &rec.values {
            if rv.nonconcrete_ok {
                continue;
            }
            let v = rv.value;
            let ok = match v.kind() {
                InitKind::Bits(bits) => bits.iter().all(|b| {
                    let is_ref = match b.kind() {
                        InitKind::VarBit(var, _) => match var.kind() {
                            InitKind::Var(n, _) => rec.value(*n).is_some(),
                            _ => false,
                        },
                        InitKind::Var(..) => true,
                        _ => false,
                    };
                    is_ref || b.is_concrete()
                }),
                _ => v.is_concrete(),
            };
            if !ok {
                self.rk.error(
                    &rec.locs,
                    format!(
                        "Initializer of '{}' in '{}' could not be fully resolved: {}",
                        rv.name.unquoted(),
                        rec.name_string(),
                        v
                    ),
                );
            }
        }
    }

    // ----- values into records -----

    /// LLVM's `AddValue`.
    fn add_value(&mut self, rec: &mut Record, loc: Loc, rv: RecordVal) -> PResult<()> {
        let existing = rec.values.iter().position(|v| v.name == rv.name);
        self.add_value_at(rec, existing, loc, rv)
    }

    /// [`Self::add_value`] where the caller found the field of the same name (if any) at `existing`.
    fn add_value_at(&mut self, rec: &mut Record, existing: Option<usize>, loc: Loc, rv: RecordVal) -> PResult<()> {
        if let Some(i) = existing {
            let ty = rec.values[i].ty;
            match resolve::set_value(&mut self.rk, ty, rv.value) {
                Some(v) => {
                    // The value is now the later definition's: so is its provenance.
                    rec.values[i].value = v;
                    rec.values[i].note_set_at(rv.set_at());
                }
                None => {
                    return Err(self.error(
                        loc,
                        format!(
                            "New definition of '{}' of type '{}' is incompatible with previous definition of type '{}'",
                            rv.name.unquoted(),
                            rv.ty,
                            ty
                        ),
                    ))
                }
            }
        } else {
            rec.values.push(rv);
        }
        Ok(())
    }

    /// LLVM's `SetValue`: assigns `v` (or some of its bits) to a field.
    fn set_value(&mut self, rec: &mut Record, loc: Loc, name: Init, bits: &[u32], v: Init, how: SetHow) -> PResult<()> {
        if let Some(t) = self.trace.as_mut() {
            t.sets.entry(loc).or_insert(Set { value: v, end: loc });
        }
        let Some(i) = rec.values.iter().position(|x| x.name == name) else {
            return Err(self.error(loc, format!("Value '{}' unknown!", name.unquoted())));
        };
        let mut v = v;
        if how.mode != LetMode::Replace {
            if !bits.is_empty() {
                return Err(self.error(loc, "Cannot use append/prepend with bit range"));
            }
            let current = rec.values[i].value;
            let field_ty = rec.values[i].ty;
            // An unset field is simply set.
            if !current.is_unset() {
                let append = how.mode == LetMode::Append;
                let (lhs, rhs) = if append { (current, v) } else { (v, current) };
                let op = if field_ty.list_elem().is_some() {
                    BinOp::ListConcat
                } else if field_ty.is_string() {
                    BinOp::StrConcat
                } else if field_ty.is_dag() {
                    BinOp::Concat
                } else {
                    let verb = if append { "append to" } else { "prepend to" };
                    return Err(self.error(
                        loc,
                        format!(
                            "Cannot {verb} field '{}' of type '{field_ty}' (expected list, string, code, or dag)",
                            name.unquoted()
                        ),
                    ));
                };
                let ci = value::cur_info(Some(&*rec));
                v = fold::fold_bin_op(&mut self.rk, op, lhs, rhs, field_ty, ci.as_ref());
            }
        }
        if bits.is_empty() {
            if let InitKind::Var(n, _) = v.kind() {
                if *n == name && !how.allow_self {
                    return Err(self.error(loc, "Recursion / self-assignment forbidden"));
                }
            }
        }
        if !bits.is_empty() {
            let cur_bits = match rec.values[i].value.kind() {
                InitKind::Bits(b) => b.clone(),
                _ => return Err(self.error(loc, format!("Value '{}' is not a bits type", name.unquoted()))),
            };
            let Some(bi) = fold::get_cast_to(&mut self.rk, v, Ty::bits(bits.len() as u32)) else {
                return Err(self.error(loc, "Initializer is not compatible with bit range"));
            };
            let mut new_bits: Vec<Option<Init>> = vec![None; cur_bits.len()];
            for (k, &bit) in bits.iter().enumerate() {
                // llvm-tblgen reads past its bit vector here; the message it then gives is this one.
                let Some(slot) = new_bits.get_mut(bit as usize) else {
                    return Err(
                        self.error(loc, format!("Cannot set bit #{bit} of value '{}' more than once", name.unquoted()))
                    );
                };
                if slot.is_some() {
                    return Err(
                        self.error(loc, format!("Cannot set bit #{bit} of value '{}' more than once", name.unquoted()))
                    );
                }
                *slot = Some(bi.get_bit_in(k as u32, self.rk.dialect()));
            }
            let merged: Vec<Init> = new_bits.iter().enumerate().map(|(k, b)| b.unwrap_or(cur_bits[k])).collect();
            v = Init::bits(&merged);
        }
        let ty = rec.values[i].ty;
        if how.override_loc {
            rec.values[i].set_loc(loc);
        }
        rec.values[i].note_set_at(loc);
        match resolve::set_value(&mut self.rk, ty, v) {
            Some(nv) => {
                rec.values[i].value = nv;
                rec.values[i].set_lost(false);
                Ok(())
            }
            None => {
                // LLVM 23 keeps the field's value; before, it was lost.
                if !self.rk.dialect().failed_let_keeps_value {
                    rec.values[i].set_lost(true);
                }
                // LLVM 22 lost the quote that closed the length of a bits value.
                let init_type = match v.kind() {
                    InitKind::Bits(b) if !self.rk.dialect().bits_mismatch_closes_quote => {
                        format!("' of type bit initializer with length {}", b.len())
                    }
                    InitKind::Bits(b) => format!("' of type bit initializer with length {}'", b.len()),
                    _ => match v.ty() {
                        Some(t) => format!("' of type '{t}'"),
                        None => "'".to_string(),
                    },
                };
                Err(self.error(
                    loc,
                    format!("Field '{}' of type '{ty}' is incompatible with value '{v}{init_type}", name.unquoted()),
                ))
            }
        }
    }

    /// LLVM's `resolveArguments`: pairs each template argument with its value or default.
    fn resolve_arguments(&mut self, rec: &Record, args: &[Init], loc: Loc) -> PResult<Vec<(Init, Init)>> {
        let paired = pair_arguments(rec, args);
        self.report_arguments(paired, loc)
    }

    /// Reports what [`pair_arguments`] found wrong.
    fn report_arguments(
        &mut self,
        paired: Result<Vec<(Init, Init)>, ArgError>,
        loc: Loc,
    ) -> PResult<Vec<(Init, Init)>> {
        match paired {
            Ok(pairs) => Ok(pairs),
            Err(ArgError::Twice(name)) => {
                Err(self.error(loc, format!("We can only specify the template argument '{}' once", name.unquoted())))
            }
            Err(ArgError::Unset { name, decl, class }) => {
                let n = name.unquoted();
                self.rk.error(&[loc], format!("value not specified for template argument '{n}'"));
                self.rk.diags.note(decl, format!("declared in '{class}'"));
                Err(Failed)
            }
        }
    }

    /// LLVM's `AddSubClass`.
    fn add_subclass(&mut self, rec: &mut Record, sc_ref: &SubClassRef) -> PResult<()> {
        let Some(sc_id) = sc_ref.rec else { return Err(Failed) };
        // The class's fields, merged into the record's (LLVM's AddValue for each). A class's
        // field names are distinct, so only the record's fields from before can match one.
        let before = rec.values.len();
        for j in 0..self.rk.get(sc_id).values.len() {
            let f = &self.rk.get(sc_id).values[j];
            if f.template_arg {
                continue;
            }
            let existing = rec.values[..before].iter().position(|v| v.name == f.name);
            let f = *f;
            self.add_value_at(rec, existing, sc_ref.loc, f)?;
        }
        let paired = pair_arguments(self.rk.get(sc_id), &sc_ref.args);
        let pairs = self.report_arguments(paired, sc_ref.loc)?;
        let name = if rec.is_class() { Init::var(self.name_arg(rec.name), Ty::string()) } else { rec.name };
        let sc_name = self.name_arg(self.rk.get(sc_id).name);
        let cur = CurRec::of(rec, None);
        let mut r = MapResolver::with_capacity(Some(cur), pairs.len() + 1);
        for (k, v) in pairs {
            r.set(k, v);
        }
        rec.assertions.extend(self.rk.get(sc_id).assertions.iter().cloned());
        rec.dumps.extend(self.rk.get(sc_id).dumps.iter().cloned());
        r.set(sc_name, name);
        resolve::resolve_record(&mut self.rk, rec, &mut r, None);
        self.check_fatal()?;
        // Since LLVM 22 only the class itself may not be inherited twice: its superclasses are
        // listed again (`def D : B, C` with B and C both `A`s is `A B A C`).
        // (A class's own list has no repeats where they are refused, so checking each against
        // the record's list before it grows is checking it against the list as it grows.)
        let inherited = self.rk.get(sc_id).superclasses;
        let repeat = if self.rk.dialect().repeated_superclasses {
            None
        } else {
            inherited.iter().find(|(s, _)| rec.is_subclass_of(*s))
        };
        if let Some(s) = repeat.map(|&(s, _)| s).or_else(|| rec.is_subclass_of(sc_id).then_some(sc_id)) {
            let n = self.rk.get(s).name_string();
            return Err(self.error(sc_ref.loc, format!("Already subclass of '{n}'!\n")));
        }
        let mut added: SmallVec<[(RecId, Loc); 16]> = SmallVec::from_slice(&inherited);
        added.push((sc_id, sc_ref.loc));
        rec.superclasses = rec.superclasses.extended(&added);
        Ok(())
    }

    fn add_subclass_entry(&mut self, e: &mut Entry, sc: &SubClassRef) -> PResult<()> {
        match e {
            Entry::Rec(r) => self.add_subclass(r, sc),
            Entry::Loop(l) => {
                for e in l.entries.iter_mut() {
                    self.add_subclass_entry(e, sc)?;
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }

    fn apply_let_stack(&mut self, rec: &mut Record) -> PResult<()> {
        // By index: `set_value` needs the parser, and a copy of the stack per record costs an
        // allocation.
        for i in 0..self.let_stack.len() {
            for j in 0..self.let_stack[i].len() {
                let l = self.let_stack[i][j].clone();
                self.set_value(rec, l.loc, l.name, &l.bits, l.value, SetHow { mode: l.mode, ..SetHow::LET })?;
            }
        }
        Ok(())
    }

    fn apply_let_stack_entry(&mut self, e: &mut Entry) -> PResult<()> {
        match e {
            Entry::Rec(r) => self.apply_let_stack(r),
            Entry::Loop(l) => {
                for e in l.entries.iter_mut() {
                    self.apply_let_stack_entry(e)?;
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }

    // ----- class / def / object bodies -----

    fn parse_class_id(&mut self) -> PResult<RecId> {
        let Tok::Id(name) = *self.tok() else {
            return Err(self.tok_error("expected name for ClassID"));
        };
        let r = self.rk.class(name);
        if r.is_none() {
            let msg = format!("Couldn't find class '{name}'");
            if self.multiclasses.contains_key(name) {
                self.tok_error(format!("{msg}. Use 'defm' if you meant to use multiclass '{name}'"));
            } else {
                self.tok_error(msg);
            }
        }
        self.next();
        r.ok_or(Failed)
    }

    fn parse_multiclass_id(&mut self) -> PResult<String> {
        let Tok::Id(name) = *self.tok() else {
            return Err(self.tok_error("expected name for MultiClassID"));
        };
        if !self.multiclasses.contains_key(name) {
            self.tok_error(format!("Couldn't find multiclass '{name}'"));
            self.next();
            return Err(Failed);
        }
        self.next();
        Ok(name.to_string())
    }

    /// `ClassID ['<' ArgValueList '>']`; in defm, `MultiClassID ...`.
    fn parse_subclass_ref(&mut self, cur: Option<&Record>, is_defm: bool) -> PResult<SubClassRef> {
        let loc = self.loc();
        let (rec, mc, args_rec) = if is_defm {
            let name = self.parse_multiclass_id()?;
            let r = self.multiclasses.get(&name).map(|m| std::rc::Rc::new(m.rec.args_view())).ok_or(Failed)?;
            (None, Some(name), r)
        } else {
            let id = self.parse_class_id()?;
            (Some(id), None, self.class_args_view(id))
        };
        let mut args = Vec::new();
        let mut arg_spans = Vec::new();
        if self.consume(Tok::Less) {
            (args, arg_spans) = self.parse_template_arg_value_list(cur, &args_rec, is_defm)?;
            self.check_template_arg_values(&mut args, loc, &arg_spans, &args_rec)?;
        }
        if self.trace.is_some() {
            self.trace_ref(loc, &args_rec, &args, &arg_spans);
        }
        Ok(SubClassRef { loc, rec, mc, args })
    }

    fn parse_object_body(&mut self, rec: &mut Record) -> PResult<()> {
        self.push_scope(ScopeKind::Record);
        let r = self.parse_object_body_inner(rec);
        self.pop_scope();
        r
    }

    fn parse_object_body_inner(&mut self, rec: &mut Record) -> PResult<()> {
        if self.consume(Tok::Colon) {
            loop {
                let sc = self.parse_subclass_ref(Some(&*rec), false)?;
                self.add_subclass(rec, &sc)?;
                if !self.consume(Tok::Comma) {
                    break;
                }
            }
        }
        self.apply_let_stack(rec)?;
        self.parse_body(rec)
    }

    fn parse_body(&mut self, rec: &mut Record) -> PResult<()> {
        if self.consume(Tok::Semi) {
            return Ok(());
        }
        if !self.consume(Tok::LBrace) {
            return Err(self.tok_error("Expected '{' to start body or ';' for declaration only"));
        }
        while !self.at(Tok::RBrace) {
            self.parse_body_item(rec)?;
            self.check_fatal()?;
        }
        self.next();
        let semi = self.loc();
        if self.consume(Tok::Semi) {
            self.rk.error(&[semi], "A class or def body should not end with a semicolon");
            self.rk.diags.note(Loc::NONE, "Semicolon ignored; remove to eliminate this error");
        }
        Ok(())
    }

    fn parse_body_item(&mut self, rec: &mut Record) -> PResult<()> {
        match self.tok() {
            Tok::KwAssert => return self.parse_assert(Some(rec)),
            Tok::KwDefvar => return self.parse_defvar(Some(rec)),
            Tok::KwDump => return self.parse_dump(Some(rec)),
            Tok::KwLet => {}
            _ => {
                self.parse_declaration(Some(rec), false)?;
                if !self.consume(Tok::Semi) {
                    return Err(self.tok_error("expected ';' after declaration"));
                }
                return Ok(());
            }
        }
        if !matches!(self.next(), Tok::Id(_)) {
            return Err(self.tok_error("expected field identifier after let"));
        }
        let (mode, id_loc, field) = self.parse_let_mode_and_name();
        let mut bits = self.parse_optional_bit_list()?;
        bits.reverse();
        if !self.consume(Tok::Equal) {
            return Err(self.tok_error("expected '=' in let expression"));
        }
        let Some(rv) = rec.value(field) else {
            let msg = format!("Value '{}' unknown!", field.unquoted());
            return Err(if self.rk.dialect().let_unknown_field_at_name {
                self.error(id_loc, msg)
            } else {
                self.tok_error(msg)
            });
        };
        let mut ty = rv.ty;
        if !bits.is_empty() && ty.bits_width().is_some() {
            ty = Ty::bits(bits.len() as u32);
        }
        let v = self.parse_value(Some(&*rec), Some(ty), value::Mode::Value)?;
        let end = self.loc();
        if !self.consume(Tok::Semi) {
            return Err(self.tok_error("expected ';' after let expression"));
        }
        let set = self.set_value(rec, id_loc, field, &bits, v, SetHow { mode, ..SetHow::LET });
        self.trace_set_end(id_loc, end);
        set
    }

    /// `[append|prepend] ID` after `let`, at an identifier. `append` and `prepend` are keywords
    /// only where the release has them and only before another identifier: a field may still
    /// be named `append`.
    fn parse_let_mode_and_name(&mut self) -> (LetMode, Loc, Init) {
        let loc = self.loc();
        let word = self.cur_str();
        let mode = match word.as_str() {
            "append" if self.rk.dialect().let_append_prepend => LetMode::Append,
            "prepend" if self.rk.dialect().let_append_prepend => LetMode::Prepend,
            _ => LetMode::Replace,
        };
        self.next();
        if mode != LetMode::Replace {
            if let Tok::Id(name) = *self.tok() {
                let name_loc = self.loc();
                self.next();
                return (mode, name_loc, Init::string(name));
            }
        }
        (LetMode::Replace, loc, Init::string(&word))
    }

    /// `FIELD? Type ID ('=' Value)?`: a field, or a template argument of a class or multiclass.
    /// Template arguments are added to `rec` or, when `rec` is `None`, to the current multiclass.
    fn parse_declaration(&mut self, rec: Option<&mut Record>, template_args: bool) -> PResult<Init> {
        match rec {
            Some(r) => self.parse_declaration_in(r, template_args, false),
            None => {
                let Some(mut mc_rec) = self.cur_mc.as_ref().map(|m| m.rec.clone()) else { return Err(Failed) };
                let res = self.parse_declaration_in(&mut mc_rec, true, true);
                if let Some(mc) = self.cur_mc.as_mut() {
                    mc.rec = mc_rec;
                }
                res
            }
        }
    }

    fn parse_declaration_in(&mut self, target: &mut Record, template_args: bool, in_mc: bool) -> PResult<Init> {
        let has_field = self.consume(Tok::KwField);
        let ty = self.parse_type()?;
        let Tok::Id(s) = *self.tok() else {
            return Err(self.tok_error("Expected identifier in declaration"));
        };
        if s == "NAME" {
            return Err(self.tok_error(format!("'{s}' is a reserved variable name")));
        }
        if !template_args && self.var_already_defined(s) {
            return Err(self.tok_error("local variable of this name already exists"));
        }
        let id_loc = self.loc();
        self.next();
        let decl_name = if !template_args {
            Init::string(s)
        } else if in_mc {
            Self::qualify(target, s, "::")
        } else {
            Self::qualify(target, s, ":")
        };
        let mut rv = RecordVal::new(decl_name, id_loc, ty, has_field);
        rv.set_template_arg(template_args);
        self.add_value(target, id_loc, rv)?;
        if in_mc {
            if let Some(mc) = self.cur_mc.as_mut() {
                mc.rec = target.clone();
            }
        }
        if self.consume(Tok::Equal) {
            let vloc = self.loc();
            if let Ok(v) = self.parse_value(Some(&*target), Some(ty), value::Mode::Value) {
                let _ = self.set_value(target, vloc, decl_name, &[], v, SetHow::DECLARATION);
                let end = self.loc();
                self.trace_set_end(vloc, end);
            }
        }
        Ok(decl_name)
    }

    fn parse_template_arg_list(&mut self, mut rec: Option<&mut Record>) -> PResult<()> {
        self.next(); // '<'
        let first = self.parse_declaration(rec.as_deref_mut(), true)?;
        self.add_template_arg(rec.as_deref_mut(), first);
        while self.consume(Tok::Comma) {
            let loc = self.loc();
            let a = self.parse_declaration(rec.as_deref_mut(), true)?;
            let dup = match rec.as_deref() {
                Some(r) => r.template_args.contains(&a),
                None => self.cur_mc.as_ref().map(|m| m.rec.template_args.contains(&a)).unwrap_or(false),
            };
            if dup {
                return Err(self.error(loc, "template argument with the same name has already been defined"));
            }
            self.add_template_arg(rec.as_deref_mut(), a);
        }
        if !self.consume(Tok::Greater) {
            return Err(self.tok_error("expected '>' at end of template argument list"));
        }
        Ok(())
    }

    fn add_template_arg(&mut self, rec: Option<&mut Record>, name: Init) {
        match rec {
            Some(r) => r.template_args.push(name),
            None => {
                if let Some(mc) = self.cur_mc.as_mut() {
                    mc.rec.template_args.push(name);
                }
            }
        }
    }

    fn check_unused_template_args(&mut self, rec: &Record) {
        if self.config.no_warn_on_unused_template_args {
            return;
        }
        for ta in &rec.template_args {
            if !self.used_args.contains(ta) {
                if let Some(rv) = rec.value(*ta) {
                    let (loc, n) = (rv.loc, rv.name.unquoted());
                    if !self.rk.fatal {
                        self.rk.diags.warning(loc, format!("unused template argument: {n}"));
                    }
                }
            }
        }
    }

    fn parse_class(&mut self) -> PResult<()> {
        self.next();
        let Tok::Id(name) = *self.tok() else {
            return Err(self.tok_error("expected class name after 'class' keyword"));
        };
        let name_loc = self.loc();
        if self.type_aliases.contains_key(name) {
            return Err(self.tok_error(format!("there is already a defined type alias '{name}'")));
        }
        let (id, mut rec) = match self.rk.class(name) {
            Some(id) => {
                let r = self.rk.get(id);
                if !r.values.is_empty() || !r.superclasses.is_empty() || !r.template_args.is_empty() {
                    return Err(self.tok_error(format!("Class '{}' already defined", r.name_string())));
                }
                let mut r = r.clone();
                let old = r.locs.clone();
                r.forward_decl_locs.extend(old);
                r.locs = smallvec::smallvec![name_loc];
                (id, r)
            }
            None => {
                let r = Record::new(Init::string(name), vec![name_loc], RecordKind::Class);
                let id = self.rk.add_class(r.clone());
                (id, r)
            }
        };
        self.next();
        self.push_scope(ScopeKind::Record);
        let res = (|| {
            if self.at(Tok::Less) {
                self.parse_template_arg_list(Some(&mut rec))?;
            }
            self.sync_class_stub(id, &rec);
            // Superclasses are parsed inside the object body; keep the stub in sync after it.
            self.parse_class_object_body(id, &mut rec)
        })();
        if res.is_ok() {
            self.check_unused_template_args(&rec);
            self.rk.check_values(&mut rec);
        }
        self.pop_scope();
        // As for defs (`RecordKeeper::add_def`): fields were pushed superclass by superclass.
        rec.values.shrink_to_fit();
        self.arg_views.remove(&id);
        *self.rk.get_mut(id) = rec;
        res
    }

    /// What template-argument parsing reads of class `id` ([`Record::args_view`]), shared.
    pub(super) fn class_args_view(&mut self, id: RecId) -> std::rc::Rc<Record> {
        let rk = &self.rk;
        self.arg_views.entry(id).or_insert_with(|| std::rc::Rc::new(rk.get(id).args_view())).clone()
    }

    /// The arena copy of a class being defined, for self-references in its own body.
    fn sync_class_stub(&mut self, id: RecId, rec: &Record) {
        self.arg_views.remove(&id);
        let stub = self.rk.get_mut(id);
        stub.superclasses = rec.superclasses;
        stub.template_args = rec.template_args.clone();
        stub.locs = rec.locs.clone();
    }

    fn parse_class_object_body(&mut self, id: RecId, rec: &mut Record) -> PResult<()> {
        self.push_scope(ScopeKind::Record);
        let r = (|| {
            if self.consume(Tok::Colon) {
                loop {
                    let sc = self.parse_subclass_ref(Some(&*rec), false)?;
                    self.add_subclass(rec, &sc)?;
                    self.sync_class_stub(id, rec);
                    if !self.consume(Tok::Comma) {
                        break;
                    }
                }
            }
            self.apply_let_stack(rec)?;
            self.parse_body(rec)
        })();
        self.pop_scope();
        r
    }

    /// The name of a def or defm; in a multiclass it is prefixed with `NAME` unless it uses it.
    fn parse_object_name(&mut self) -> PResult<Init> {
        if matches!(self.tok(), Tok::Colon | Tok::Semi | Tok::LBrace) {
            return Ok(Init::unset());
        }
        let mc_rec = self.cur_mc.as_ref().map(|m| m.rec.clone());
        let mut name = self.parse_value(mc_rec.as_ref(), Some(Ty::string()), value::Mode::Name)?;
        if let Some(mc) = self.cur_mc.as_ref() {
            let name_str = Self::qualify(&mc.rec, "NAME", "::");
            let mut hr = HasReferenceResolver::new(name_str);
            resolve::resolve(&mut self.rk, name, &mut hr);
            if !hr.found {
                name = fold::str_concat(Init::var(name_str, Ty::string()), name);
            }
        }
        Ok(name)
    }

    fn parse_def(&mut self) -> PResult<()> {
        let def_loc = self.loc();
        self.next();
        let name_loc = if matches!(self.tok(), Tok::Id(_)) { self.loc() } else { def_loc };
        let name = self.parse_object_name()?;
        if name.ty().map(|t| !t.is_string()).unwrap_or(false) {
            self.rk.fatal(&[name_loc], format!("Record name '{name}' is not a string!"));
            return Err(Failed);
        }
        let mut rec = if name.is_unset() {
            let n = self.rk.new_anonymous_name();
            Record::new(n, vec![def_loc], RecordKind::AnonymousDef)
        } else {
            Record::new(name, vec![name_loc], RecordKind::Def)
        };
        self.parse_object_body(&mut rec)?;
        self.add_entry(Entry::Rec(Box::new(rec)))
    }

    fn parse_defset(&mut self) -> PResult<()> {
        self.next();
        let loc = self.loc();
        let ty = self.parse_type()?;
        let Some(elt_ty) = ty.list_elem() else {
            return Err(self.error(loc, "expected list type"));
        };
        let Tok::Id(name) = *self.tok() else {
            return Err(self.tok_error("expected identifier"));
        };
        if self.get_global(name).is_some() {
            return Err(self.tok_error("def or global variable of this name already exists"));
        }
        if self.next() != Tok::Equal {
            return Err(self.tok_error("expected '='"));
        }
        if self.next() != Tok::LBrace {
            return Err(self.tok_error("expected '{'"));
        }
        let brace = self.loc();
        self.next();
        self.defsets.push(DefsetRecord { loc, elt_ty, elements: Vec::new() });
        let r = self.parse_object_list();
        let ds = self.defsets.pop();
        r?;
        if !self.consume(Tok::RBrace) {
            self.tok_error("expected '}' at end of defset");
            return Err(self.error(brace, "to match this '{'"));
        }
        if let Some(ds) = ds {
            self.rk.globals.insert(name.to_string(), Init::list(&ds.elements, ds.elt_ty));
        }
        Ok(())
    }

    fn parse_deftype(&mut self) -> PResult<()> {
        self.next();
        let Tok::Id(name) = *self.tok() else {
            return Err(self.tok_error("expected identifier"));
        };
        if self.type_aliases.contains_key(name) || self.rk.class(name).is_some() {
            return Err(self.tok_error(format!("type of this name '{name}' already exists")));
        }
        self.next();
        if !self.consume(Tok::Equal) {
            return Err(self.tok_error("expected '='"));
        }
        let loc = self.loc();
        let ty = self.parse_type()?;
        if ty.is_record() {
            return Err(self.error(loc, format!("cannot define type alias for class type '{ty}'")));
        }
        self.type_aliases.insert(name.to_string(), ty);
        if !self.consume(Tok::Semi) {
            return Err(self.tok_error("expected ';'"));
        }
        Ok(())
    }

    fn parse_defvar(&mut self, rec: Option<&mut Record>) -> PResult<()> {
        self.next();
        let Tok::Id(name) = *self.tok() else {
            return Err(self.tok_error("expected identifier"));
        };
        if self.var_already_defined(name) {
            return Err(self.tok_error("local variable of this name already exists"));
        }
        let name_loc = self.loc();
        if let Some(r) = rec.as_deref() {
            if let Some(v) = r.value_by_str(name) {
                if !v.template_arg {
                    return Err(self.tok_error("field of this name already exists"));
                }
            }
        }
        if self.is_outermost_scope() && self.get_global(name).is_some() {
            return Err(self.tok_error("def or global variable of this name already exists"));
        }
        self.next();
        if !self.consume(Tok::Equal) {
            return Err(self.tok_error("expected '='"));
        }
        let v = self.parse_value(rec.as_deref(), None, value::Mode::Value)?;
        if !self.rk.check_value(&[self.rk.statement_loc], v) {
            return Err(Failed);
        }
        if !self.consume(Tok::Semi) {
            return Err(self.tok_error("expected ';'"));
        }
        if let Some(t) = self.trace.as_mut() {
            t.defvar(name, name_loc, v);
        }
        if !self.is_outermost_scope() {
            self.add_scope_var(name, v);
        } else {
            self.rk.globals.insert(name.to_string(), v);
        }
        Ok(())
    }

    fn parse_foreach_declaration(&mut self) -> PResult<(Init, Init)> {
        let Tok::Id(name) = *self.tok() else {
            return Err(self.tok_error("Expected identifier in foreach declaration"));
        };
        let decl = Init::string(name);
        self.next();
        if !self.consume(Tok::Equal) {
            return Err(self.tok_error("Expected '=' in foreach declaration"));
        }
        let mut ranges: Vec<i64> = Vec::new();
        let mut list = None;
        let mut iter_ty = None;
        if self.at(Tok::LBrace) {
            self.next();
            self.parse_range_list(&mut ranges);
            if !self.consume(Tok::RBrace) {
                return Err(self.tok_error("expected '}' at end of bit range list"));
            }
        } else {
            let vloc = self.loc();
            let v = self.parse_value(None, None, value::Mode::Value)?;
            match v.ty() {
                Some(t) if t.list_elem().is_some() => {
                    list = Some(v);
                    iter_ty = t.list_elem();
                }
                Some(_) => {
                    self.parse_range_piece(&mut ranges, Some(v))?;
                }
                None => {
                    self.rk.error(&[vloc], format!("expected a list, got '{v}'"));
                    if self.in_multiclass() {
                        self.rk.diags.note(
                            Loc::NONE,
                            "references to multiclass template arguments cannot be resolved at this time",
                        );
                    }
                    return Err(Failed);
                }
            }
        }
        if !ranges.is_empty() {
            let vals: Vec<Init> = ranges.iter().map(|&r| Init::int(r)).collect();
            list = Some(Init::list(&vals, Ty::int()));
            iter_ty = Some(Ty::int());
        }
        match (list, iter_ty) {
            (Some(l), Some(t)) => Ok((Init::var(decl, t), l)),
            _ => Err(Failed),
        }
    }

    fn parse_foreach(&mut self) -> PResult<()> {
        let loc = self.loc();
        self.next();
        let list_start = self.loc();
        let Ok((iter, list)) = self.parse_foreach_declaration() else {
            return Err(self.tok_error("expected declaration in for"));
        };
        let in_loc = self.loc();
        if !self.consume(Tok::KwIn) {
            return Err(self.tok_error("Unknown tok"));
        }
        self.push_scope(ScopeKind::Loop(Some(iter)));
        self.loops.push(ForeachLoop { loc, iter_var: Some(iter), list, entries: Vec::new() });
        let r = self.parse_object_or_block("expected '}' at end of foreach command");
        if let (Some(t), InitKind::Var(var, _)) = (self.trace.as_mut(), iter.kind()) {
            let list_span = Span { start: list_start, end: in_loc };
            t.loops.push(LoopTrace { loc, var: *var, list, list_span, end: self.lex.loc() });
        }
        self.pop_scope();
        let lp = self.loops.pop();
        r?;
        match lp {
            Some(lp) => self.add_entry(Entry::Loop(Box::new(lp))),
            None => Ok(()),
        }
    }

    fn parse_object_or_block(&mut self, close_msg: &str) -> PResult<()> {
        if !self.at(Tok::LBrace) {
            return self.parse_object();
        }
        let brace = self.loc();
        self.next();
        self.parse_object_list()?;
        if !self.consume(Tok::RBrace) {
            self.tok_error(close_msg);
            return Err(self.error(brace, "to match this '{'"));
        }
        Ok(())
    }

    fn parse_if(&mut self) -> PResult<()> {
        let loc = self.loc();
        self.next();
        let cond = self.parse_value(None, None, value::Mode::Value)?;
        if !self.consume(Tok::KwThen) {
            return Err(self.tok_error("Unknown tok"));
        }
        let empty = Init::list(&[], Ty::bit());
        let single = Init::list(&[Init::bit(true)], Ty::bit());
        let list_ty = Ty::list(Ty::bit());
        let then_list = fold::fold_tern_op(&mut self.rk, TernOp::If, cond, single, empty, list_ty, None);
        self.loops.push(ForeachLoop { loc, iter_var: None, list: then_list, entries: Vec::new() });
        self.parse_if_body("then")?;
        if let Some(lp) = self.loops.pop() {
            self.add_entry(Entry::Loop(Box::new(lp)))?;
        }
        if self.consume(Tok::KwElse) {
            let else_list = fold::fold_tern_op(&mut self.rk, TernOp::If, cond, empty, single, list_ty, None);
            self.loops.push(ForeachLoop { loc, iter_var: None, list: else_list, entries: Vec::new() });
            self.parse_if_body("else")?;
            if let Some(lp) = self.loops.pop() {
                self.add_entry(Entry::Loop(Box::new(lp)))?;
            }
        }
        Ok(())
    }

    fn parse_if_body(&mut self, kind: &str) -> PResult<()> {
        self.push_scope(ScopeKind::Local);
        let r = self.parse_object_or_block(&format!("expected '}}' at end of '{kind}' clause"));
        self.pop_scope();
        r
    }

    fn parse_assert(&mut self, rec: Option<&mut Record>) -> PResult<()> {
        self.next();
        let cond_loc = self.loc();
        let cond = self.parse_value(rec.as_deref(), None, value::Mode::Value)?;
        if !self.consume(Tok::Comma) {
            return Err(self.tok_error("expected ',' in assert statement"));
        }
        let msg = self.parse_value(rec.as_deref(), None, value::Mode::Value)?;
        if !self.consume(Tok::Semi) {
            return Err(self.tok_error("expected ';'"));
        }
        let a = Assertion { loc: cond_loc, cond, msg };
        match rec {
            Some(r) => r.assertions.push(a),
            None => self.add_entry(Entry::Assert(a))?,
        }
        Ok(())
    }

    fn parse_dump(&mut self, rec: Option<&mut Record>) -> PResult<()> {
        let loc = self.loc();
        self.next();
        let mut msg = self.parse_value(rec.as_deref(), None, value::Mode::Value)?;
        // A def is dumped as its `!repr`; LLVM 19 (where llvm-tblgen fails on any other value
        // that is not a string) dumps every such value so.
        let repr = match msg.ty() {
            Some(t) if self.rk.dialect().dump_checks_string => msg.as_def().is_some() && !t.is_string(),
            Some(t) => !t.is_string(),
            None => false,
        };
        if repr {
            msg = fold::fold_un_op(&mut self.rk, crate::init::UnOp::Repr, msg, Ty::string(), None, false);
        }
        if !self.consume(Tok::Semi) {
            return Err(self.tok_error("expected ';'"));
        }
        if rec.is_none() && self.rk.dialect().dump_checks_string {
            // Outside a record the message is resolved as final at once (`!exists` folds).
            let mut r = MapResolver::new(None);
            r.is_final = true;
            msg = resolve::resolve(&mut self.rk, msg, &mut r);
        }
        let d = Dump { loc, msg };
        match rec {
            Some(r) => r.dumps.push(d),
            None => self.add_entry(Entry::Dump(d))?,
        }
        Ok(())
    }

    fn parse_let_list(&mut self) -> PResult<Vec<LetRecord>> {
        let mut out = Vec::new();
        loop {
            if !matches!(self.tok(), Tok::Id(_)) {
                return Err(self.tok_error("expected identifier in let definition"));
            }
            let (mode, loc, name) = self.parse_let_mode_and_name();
            let mut bits = if self.rk.dialect().outer_let_bits_in_braces {
                self.parse_optional_bit_list()?
            } else {
                self.parse_optional_range_list()?
            };
            bits.reverse();
            if !self.consume(Tok::Equal) {
                return Err(self.tok_error("expected '=' in let expression"));
            }
            let value = self.parse_value(None, None, value::Mode::Value)?;
            if let Some(t) = self.trace.as_mut() {
                t.sets.insert(loc, Set { value, end: self.lex.loc() });
            }
            out.push(LetRecord { name, bits, value, loc, mode });
            if !self.consume(Tok::Comma) {
                return Ok(out);
            }
        }
    }

    fn parse_top_level_let(&mut self) -> PResult<()> {
        self.next();
        let lets = self.parse_let_list()?;
        self.let_stack.push(lets);
        let r = (|| {
            if !self.consume(Tok::KwIn) {
                return Err(self.tok_error("expected 'in' at end of top-level 'let'"));
            }
            if !self.at(Tok::LBrace) {
                return self.parse_object();
            }
            let brace = self.loc();
            self.next();
            self.push_scope(ScopeKind::Local);
            let r = self.parse_object_list();
            self.pop_scope();
            r?;
            if !self.consume(Tok::RBrace) {
                self.tok_error("expected '}' at end of top level let command");
                return Err(self.error(brace, "to match this '{'"));
            }
            Ok(())
        })();
        self.let_stack.pop();
        r
    }

    fn parse_multiclass(&mut self) -> PResult<()> {
        self.next();
        let Tok::Id(name) = *self.tok() else {
            return Err(self.tok_error("expected identifier after multiclass for name"));
        };
        if self.multiclasses.contains_key(name) {
            return Err(self.tok_error(format!("multiclass '{name}' already defined")));
        }
        let rec = Record::new(Init::string(name), vec![self.loc()], RecordKind::MultiClass);
        self.cur_mc = Some(MultiClass { rec, entries: Vec::new() });
        self.next();
        self.push_scope(ScopeKind::MultiClass);
        let r = self.parse_multiclass_inner();
        self.pop_scope();
        if let Some(mc) = self.cur_mc.take() {
            if r.is_ok() {
                let rec = mc.rec.clone();
                self.check_unused_template_args(&rec);
            }
            self.multiclasses.insert(name.to_string(), std::rc::Rc::new(mc));
        }
        r
    }

    fn parse_multiclass_inner(&mut self) -> PResult<()> {
        if self.at(Tok::Less) {
            self.parse_template_arg_list(None)?;
        }
        let mut inherits = false;
        if self.consume(Tok::Colon) {
            inherits = true;
            loop {
                let loc = self.loc();
                let mc_name = self.parse_multiclass_id()?;
                let mut args = Vec::new();
                if self.consume(Tok::Less) {
                    let cur = self.cur_mc.as_ref().map(|m| m.rec.clone());
                    let sub_rec = self.multiclasses.get(&mc_name).map(|m| m.rec.clone()).ok_or(Failed)?;
                    let arg_spans;
                    (args, arg_spans) = self.parse_template_arg_value_list(cur.as_ref(), &sub_rec, true)?;
                    if self.rk.dialect().sub_multiclass_args_checked {
                        self.check_template_arg_values(&mut args, loc, &arg_spans, &sub_rec)?;
                    }
                    if self.trace.is_some() {
                        self.trace_ref(loc, &sub_rec, &args, &arg_spans);
                    }
                }
                self.add_sub_multiclass(&mc_name, &args, loc)?;
                if !self.consume(Tok::Comma) {
                    break;
                }
            }
        }
        if !self.at(Tok::LBrace) {
            if !inherits {
                return Err(self.tok_error("expected '{' in multiclass definition"));
            }
            if !self.consume(Tok::Semi) {
                return Err(self.tok_error("expected ';' in multiclass definition"));
            }
            return Ok(());
        }
        if self.next() == Tok::RBrace {
            return Err(self.tok_error("multiclass must contain at least one def"));
        }
        while !self.at(Tok::RBrace) {
            match self.tok() {
                Tok::KwAssert
                | Tok::KwDef
                | Tok::KwDefm
                | Tok::KwDefvar
                | Tok::KwDump
                | Tok::KwForeach
                | Tok::KwIf
                | Tok::KwLet => {
                    self.parse_object()?;
                    self.check_fatal()?;
                }
                _ => return Err(self.tok_error(
                    "expected 'assert', 'def', 'defm', 'defvar', 'dump', 'foreach', 'if', or 'let' in multiclass body",
                )),
            }
        }
        self.next();
        let semi = self.loc();
        if self.consume(Tok::Semi) {
            self.rk.error(&[semi], "A multiclass body should not end with a semicolon");
            self.rk.diags.note(Loc::NONE, "Semicolon ignored; remove to eliminate this error");
        }
        Ok(())
    }

    fn add_sub_multiclass(&mut self, sub: &str, args: &[Init], loc: Loc) -> PResult<()> {
        let Some(smc) = self.multiclasses.get(sub).cloned() else { return Err(Failed) };
        let (smc_rec, entries) = (&smc.rec, &smc.entries);
        let Some(cur) = self.cur_mc.as_ref() else { return Err(Failed) };
        let defm_name = Self::mc_name_var(cur);
        let mut substs = vec![(Self::qualify(smc_rec, "NAME", "::"), defm_name)];
        substs.extend(self.resolve_arguments(smc_rec, args, loc)?);
        let mut dest = Vec::new();
        self.resolve_entries(entries, &mut substs, false, Some(&mut dest), None)?;
        if let Some(mc) = self.cur_mc.as_mut() {
            mc.entries.extend(dest);
        }
        Ok(())
    }

    fn parse_defm(&mut self) -> PResult<()> {
        self.next();
        let mut defm_name = self.parse_object_name()?;
        if defm_name.is_unset() {
            defm_name = self.rk.new_anonymous_name();
            if let Some(mc) = self.cur_mc.as_ref() {
                defm_name = fold::str_concat(Self::mc_name_var(mc), defm_name);
            }
        }
        if !self.at(Tok::Colon) {
            return Err(self.tok_error("expected ':' after defm identifier"));
        }
        let mut new_entries: Vec<Entry> = Vec::new();
        let mut inherit_from_class = false;
        self.next();
        let mut sub_loc = self.loc();
        let mut r = self.parse_subclass_ref(None, true)?;
        loop {
            let Some(mc_name) = r.mc.clone() else { return Err(Failed) };
            let Some(mc) = self.multiclasses.get(&mc_name).cloned() else { return Err(Failed) };
            let (mc_rec, entries) = (&mc.rec, &mc.entries);
            let mut substs = vec![(Self::qualify(mc_rec, "NAME", "::"), defm_name)];
            substs.extend(self.resolve_arguments(mc_rec, &r.args, sub_loc)?);
            let is_final = !self.in_multiclass() && self.loops.is_empty();
            self.resolve_entries(entries, &mut substs, is_final, Some(&mut new_entries), Some((sub_loc, &mc_name)))?;
            if !self.consume(Tok::Comma) {
                break;
            }
            let Tok::Id(next_name) = *self.tok() else {
                return Err(self.tok_error("expected identifier"));
            };
            sub_loc = self.loc();
            inherit_from_class = self.rk.class(next_name).is_some();
            if inherit_from_class {
                break;
            }
            r = self.parse_subclass_ref(None, true)?;
        }
        if inherit_from_class {
            loop {
                let sc = self.parse_subclass_ref(None, false)?;
                for e in new_entries.iter_mut() {
                    self.add_subclass_entry(e, &sc)?;
                }
                if !self.consume(Tok::Comma) {
                    break;
                }
            }
        }
        for mut e in new_entries {
            self.apply_let_stack_entry(&mut e)?;
            let _ = self.add_entry(e);
            self.check_fatal()?;
        }
        if !self.consume(Tok::Semi) {
            return Err(self.tok_error("expected ';' at end of defm"));
        }
        Ok(())
    }

    /// Records the template arguments of the reference at `loc` to `args_rec` (traced
    /// evaluations only): each argument's value as given, or its default.
    fn trace_ref(&mut self, loc: Loc, args_rec: &Record, args: &[Init], spans: &[Span]) {
        let Some(trace) = self.trace.as_mut() else { return };
        let mut out: Vec<ArgTrace> = Vec::with_capacity(args_rec.template_args.len());
        for &name in &args_rec.template_args {
            let given = args.iter().zip(spans).find_map(|(&a, &span)| {
                argument_of(args_rec, a).filter(|(n, _)| *n == name).map(|(_, value)| (value, span))
            });
            let arg = match given {
                Some((value, span)) => ArgTrace { name, value, span, default: false },
                None => {
                    let Some(rv) = args_rec.value(name) else { continue };
                    ArgTrace { name, value: rv.value, span: Span { start: rv.loc, end: rv.loc }, default: true }
                }
            };
            out.push(arg);
        }
        trace.refs.entry(loc).or_insert(RefTrace { args: out });
    }

    /// LLVM's `CheckTemplateArgValues`: casts each argument to its parameter's type.
    /// LLVM's `CheckTemplateArgValues`: casts each value to its argument's type. A value that
    /// does not cast is a fatal error at the reference `loc` (LLVM 19), or an error at the
    /// value (`arg_locs`), every such value reported, since LLVM 22.
    fn check_template_arg_values(
        &mut self,
        values: &mut [Init],
        loc: Loc,
        arg_spans: &[Span],
        args_rec: &Record,
    ) -> PResult<()> {
        let per_value = self.rk.dialect().template_arg_errors_at_value;
        let mut failed = false;
        for (k, v) in values.iter_mut().enumerate() {
            let Some((name, value)) = argument_of(args_rec, *v) else { continue };
            let InitKind::Arg(_, key) = v.kind() else { continue };
            let Some(arg) = args_rec.value(name) else { continue };
            let arg_ty = arg.ty;
            if let Some(vt) = value.ty() {
                match fold::get_cast_to(&mut self.rk, value, arg_ty) {
                    Some(c) => *v = Init::arg(c, *key),
                    None => {
                        let msg = format!(
                            "Value specified for template argument '{}' is of type {vt}; expected type {arg_ty}: {value}",
                            arg.name.unquoted()
                        );
                        if per_value {
                            self.rk.error(&[arg_spans.get(k).map_or(loc, |s| s.start)], msg);
                            failed = true;
                        } else {
                            self.rk.fatal(&[loc], msg);
                            return Err(Failed);
                        }
                    }
                }
            }
        }
        if failed {
            return Err(Failed);
        }
        Ok(())
    }
}

/// What is wrong with the template arguments given to a class or multiclass.
enum ArgError {
    /// Given twice.
    Twice(Init),
    /// Not given and without a default: the argument, where it is declared, the class.
    Unset { name: Init, decl: Loc, class: String },
}

/// LLVM's `resolveArguments` without its diagnostics: each template argument of `rec` with the
/// value given in `args` (positional or named `Arg` values) or its default.
fn pair_arguments(rec: &Record, args: &[Init]) -> Result<Vec<(Init, Init)>, ArgError> {
    let mut unsolved: SmallVec<[Init; 8]> = rec.template_args.iter().copied().collect();
    let mut out = Vec::with_capacity(rec.template_args.len() + 1);
    for &a in args {
        let Some((name, value)) = argument_of(rec, a) else { continue };
        let Some(k) = unsolved.iter().position(|n| *n == name) else { return Err(ArgError::Twice(name)) };
        unsolved.remove(k);
        out.push((name, value));
    }
    for name in unsolved {
        let Some(rv) = rec.value(name) else { continue };
        if !rv.value.is_complete() {
            return Err(ArgError::Unset { name, decl: rv.loc, class: rec.name_string() });
        }
        out.push((name, rv.value));
    }
    Ok(out)
}

/// The template argument of `rec` that an `Arg` value (positional or named) gives, and its value.
fn argument_of(rec: &Record, a: Init) -> Option<(Init, Init)> {
    let InitKind::Arg(value, key) = a.kind() else { return None };
    let name = match key {
        ArgKey::Pos(i) => *rec.template_args.get(*i as usize)?,
        ArgKey::Named(n) => *n,
    };
    Some((name, *value))
}

/// The records one pass over a loop body's `entries` makes at least: its defs, and those of the
/// loops in it over lists already known (a loop over a list that depends on the iteration, or an
/// `if`, counts none).
fn records_per_pass(entries: &[Entry]) -> u64 {
    entries.iter().fold(0u64, |n, e| match e {
        Entry::Rec(_) => n.saturating_add(1),
        Entry::Loop(lp) => match lp.list.kind() {
            InitKind::List(elems, _) => {
                n.saturating_add((elems.len() as u64).saturating_mul(records_per_pass(&lp.entries)))
            }
            _ => n,
        },
        Entry::Assert(_) | Entry::Dump(_) => n,
    })
}
