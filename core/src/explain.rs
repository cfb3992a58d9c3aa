//! `tdq explain RECORD.FIELD` as data: a def's field followed back from its value to the
//! statement that set it, then through every template argument, `defm`, `defvar`, `foreach`
//! and other field its expression names, down to the values written in the source; and its
//! text form ([`to_text`]), which `tdq explain` prints and the language server shows on hover.
//!
//! It reads the records and the [`Trace`] of a traced evaluation ([`crate::Options::trace`]).
//! The field's `set_at` names the statement; the superclasses whose field carries the same
//! `set_at` lead from the def down to the record that ran it (a class, or the def itself); the
//! class's own value of the field is the expression there, in terms of its template arguments,
//! and the trace holds what each reference on the way up bound them to.

use crate::init::{Init, InitKind};
use crate::record::{Record, RecordKeeper};
use crate::source::{Loc, SourceMgr, Span};
use crate::trace::Trace;
use crate::types::RecId;

/// Why a field cannot be explained.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExplainError {
    /// No def of that name.
    NoRecord { name: String },
    /// The def has no such field.
    NoField { record: String, field: String },
}

/// A field's value and the steps that produced it.
#[derive(Debug)]
pub struct Explanation {
    pub record: String,
    pub field: String,
    pub value: Init,
    /// The statement that set the field, its bindings below it.
    pub set: Step,
}

/// One step back from a value: a statement, or the binding of a name its expression uses.
#[derive(Debug)]
pub struct Step {
    pub kind: StepKind,
    /// The value here: what the statement set, or what the name was bound to, as evaluated at
    /// that point (in terms of the enclosing record's template arguments).
    pub value: Init,
    /// The statement or value as written.
    pub span: Span,
    /// How the names the value uses were bound, in the order it uses them.
    pub children: Vec<Step>,
}

#[derive(Debug, PartialEq, Eq)]
pub enum StepKind {
    /// The statement that last set `field` (a `let`, a declaration, a default), run in `holder`.
    Set { field: String, holder: Holder },
    /// Template argument `name` of class or multiclass `of`, bound at a reference in `holder`
    /// (`default`: not given there, so its declaration's default).
    Arg { name: String, of: String, holder: Holder, default: bool },
    /// A `defvar` the value names (its value was substituted where it is named).
    Defvar { name: String, used_at: Loc },
    /// The variable of a `foreach` around the statement (the step's value is the list), and
    /// the element that made this def when known (not for a loop inside a multiclass).
    Loop { var: String, element: Option<Init> },
    /// Another field of the def that the value names: explained in turn (one child, its `Set`).
    Field { name: String },
}

/// The record or statement a step happens in.
#[derive(Debug, PartialEq, Eq)]
pub enum Holder {
    Class(String),
    /// The def; made by a `defm`, the multiclass whose body holds it.
    Def {
        name: String,
        multiclass: Option<String>,
    },
    /// A `defm` of this multiclass.
    Defm(String),
}

/// Explains `record.field` (a def's field).
pub fn explain(rk: &RecordKeeper, trace: &Trace, record: &str, field: &str) -> Result<Explanation, ExplainError> {
    let Some(def) = rk.def(record) else {
        return Err(ExplainError::NoRecord { name: record.to_string() });
    };
    let rec = rk.get(def);
    let Some(rv) = rec.values.iter().find(|v| !v.template_arg && v.name.as_str() == Some(field)) else {
        return Err(ExplainError::NoField { record: record.to_string(), field: field.to_string() });
    };
    let mut walker = Walker { rk, trace, def, fields: vec![rv.name], depth: 0 };
    let Some(set) = walker.set_step(rv.name) else {
        return Err(ExplainError::NoField { record: record.to_string(), field: field.to_string() });
    };
    Ok(Explanation { record: record.to_string(), field: field.to_string(), value: rv.value, set })
}

/// The fields of `record` that `explain` can explain (the did-you-mean candidates).
pub fn field_names(record: &Record) -> impl Iterator<Item = &str> {
    record.values.iter().filter(|v| !v.template_arg).filter_map(|v| v.name.as_str())
}

/// How deeply bindings are followed: far more than any target's chains, and a bound on a
/// value that names itself through a loop.
const MAX_DEPTH: u32 = 200;

struct Walker<'a> {
    rk: &'a RecordKeeper,
    trace: &'a Trace,
    def: RecId,
    /// The fields being explained (another field is explained once).
    fields: Vec<Init>,
    depth: u32,
}

/// One edge from a record down to a direct superclass: the class and the reference's location.
type Edge = (RecId, Loc);

impl<'a> Walker<'a> {
    fn def(&self) -> &'a Record {
        self.rk.get(self.def)
    }

    fn def_holder(&self) -> Holder {
        let def = self.def();
        let multiclass = def.defm_chain.first().map(|s| s.multiclass.to_string());
        Holder::Def { name: def.name_string(), multiclass }
    }

    /// The statement that set `field` of the def and what its value names.
    fn set_step(&mut self, field: Init) -> Option<Step> {
        let def = self.def();
        let rv = *def.value(field)?;
        let set_at = rv.set_at();
        // Down from the def to the record that ran the statement: each step to the direct
        // superclass (the last that holds it, as later ones override) whose field it set too.
        let mut path: Vec<Edge> = Vec::new();
        let mut cur = def;
        loop {
            let mut next = None;
            cur.for_each_direct_superclass_index(self.rk, |i| {
                let (class, at) = cur.superclasses[i];
                if next.is_none() && self.rk.get(class).value(field).is_some_and(|v| v.set_at() == set_at) {
                    next = Some((class, at));
                }
            });
            let Some(edge) = next else { break };
            path.push(edge);
            cur = self.rk.get(edge.0);
        }
        let traced = self.trace.sets.get(&set_at);
        let (holder, value) = match path.last() {
            Some(&(class, _)) => {
                let c = self.rk.get(class);
                (Holder::Class(c.name_string()), c.value(field).map_or(rv.value, |v| v.value))
            }
            None => (self.def_holder(), traced.map_or(rv.value, |s| s.value)),
        };
        let span = Span { start: set_at, end: traced.map_or(set_at, |s| s.end) };
        let children = self.bindings(value, &path, path.len(), span);
        let name = field.as_str().unwrap_or("").to_string();
        Some(Step { kind: StepKind::Set { field: name, holder }, value, span, children })
    }

    /// How the names in `value` were bound. `value` is written at `span` in the record
    /// `path[level - 1]` (a class), or at the def's level when `level` is 0 (a def statement, a
    /// multiclass body, a `defm`, a loop).
    fn bindings(&mut self, value: Init, path: &[Edge], level: usize, span: Span) -> Vec<Step> {
        let mut out = Vec::new();
        if self.depth >= MAX_DEPTH {
            return out;
        }
        self.depth += 1;
        for used in self.trace.defvars_in(span) {
            let value = used.value;
            out.push(Step {
                kind: StepKind::Defvar { name: used.name.clone(), used_at: used.at },
                value,
                span: Span { start: used.defined_at, end: used.defined_at },
                children: Vec::new(),
            });
        }
        let mut vars = Vec::new();
        collect_vars(value, &mut vars);
        for var in vars {
            if let Some(step) = self.binding(var, path, level, span) {
                out.push(step);
            }
        }
        self.depth -= 1;
        out
    }

    fn binding(&mut self, var: Init, path: &[Edge], level: usize, span: Span) -> Option<Step> {
        let name = var.as_str()?;
        if level > 0 {
            let (class, at) = path[level - 1];
            if self.rk.get(class).is_template_arg(var) {
                let arg = *self.trace.refs.get(&at)?.args.iter().find(|a| a.name == var)?;
                let holder = match level {
                    1 => self.def_holder(),
                    _ => Holder::Class(self.rk.get(path[level - 2].0).name_string()),
                };
                let (of, name) = split_qualified(name);
                let children = self.bindings(arg.value, path, level - 1, arg.span);
                let kind = StepKind::Arg { name, of, holder, default: arg.default };
                return Some(Step { kind, value: arg.value, span: arg.span, children });
            }
        } else if let Some((mc, _)) = name.split_once("::") {
            // A multiclass's argument: bound at the innermost `defm` of it that made the def.
            let step = self.def().defm_chain.iter().find(|s| s.multiclass == mc)?;
            let arg = *self.trace.refs.get(&step.defm_loc)?.args.iter().find(|a| a.name == var)?;
            let (of, name) = split_qualified(name);
            let children = self.bindings(arg.value, path, 0, arg.span);
            let kind = StepKind::Arg { name, of, holder: Holder::Defm(mc.to_string()), default: arg.default };
            return Some(Step { kind, value: arg.value, span: arg.span, children });
        } else if let Some(lp) = self.trace.loop_of(var, span.start) {
            let lp = *lp;
            let element = self.trace.loop_values.get(&(self.def().name_string(), var)).copied();
            let children = self.bindings(lp.list, path, 0, lp.list_span);
            let kind = StepKind::Loop { var: name.to_string(), element };
            return Some(Step { kind, value: lp.list, span: lp.list_span, children });
        }
        // Another field of the def (a class's fields are the def's by the time it is final).
        let field = self.def().values.iter().find(|v| !v.template_arg && v.name == var)?.name;
        if self.fields.contains(&field) {
            return None;
        }
        self.fields.push(field);
        let set = self.set_step(field)?;
        let value = self.def().value(field).map_or(set.value, |v| v.value);
        Some(Step { kind: StepKind::Field { name: name.to_string() }, value, span: set.span, children: vec![set] })
    }
}

/// `Class:arg` or `MC::arg` as (`Class`, `arg`).
fn split_qualified(name: &str) -> (String, String) {
    match name.rfind(':') {
        Some(at) => (name[..at].trim_end_matches(':').to_string(), name[at + 1..].to_string()),
        None => (String::new(), name.to_string()),
    }
}

/// The variables `v` names, each once, in the order they appear.
fn collect_vars(v: Init, out: &mut Vec<Init>) {
    if v.vars() == 0 {
        return;
    }
    match v.kind() {
        InitKind::Var(name, _) => {
            if !out.contains(name) {
                out.push(*name);
            }
        }
        InitKind::VarBit(var, _) => collect_vars(*var, out),
        InitKind::Bits(items) | InitKind::List(items, _) | InitKind::VarDef(_, _, items) => {
            items.iter().for_each(|&i| collect_vars(i, out))
        }
        InitKind::Field(rec, _, _) => collect_vars(*rec, out),
        InitKind::Cond(conds, vals, _) => conds.iter().chain(vals.iter()).for_each(|&i| collect_vars(i, out)),
        InitKind::Dag(op, _, args) => {
            collect_vars(*op, out);
            args.iter().for_each(|&(a, _)| collect_vars(a, out));
        }
        InitKind::UnOp(_, a, _) | InitKind::IsA(_, a) | InitKind::Exists(_, a) | InitKind::Instances(_, a) => {
            collect_vars(*a, out)
        }
        InitKind::Arg(a, _) => collect_vars(*a, out),
        InitKind::BinOp(_, a, b, _) => [*a, *b].into_iter().for_each(|i| collect_vars(i, out)),
        InitKind::TernOp(_, a, b, c, _) => [*a, *b, *c].into_iter().for_each(|i| collect_vars(i, out)),
        InitKind::Fold(ops, _) => ops.iter().for_each(|&i| collect_vars(i, out)),
        InitKind::Unset
        | InitKind::Bit(_)
        | InitKind::Int(_)
        | InitKind::Str(..)
        | InitKind::AnonName(_)
        | InitKind::Def(..) => {}
    }
}

/// What a step says in one line.
fn headline(step: &Step) -> String {
    let value = one_line(&step.value.to_string());
    match &step.kind {
        StepKind::Set { field, holder } => format!("set in {}: {field} = {value}", holder_text(holder)),
        StepKind::Arg { name, of, holder, default } => {
            let given = if *default { "default: not given" } else { "given" };
            format!("argument {name} of {of} = {value}  ({given} in {})", holder_text(holder))
        }
        StepKind::Defvar { name, .. } => format!("defvar {name} = {value}"),
        StepKind::Loop { var, element: Some(e) } => {
            format!("foreach {var} in {value}: {var} = {}", one_line(&e.to_string()))
        }
        StepKind::Loop { var, element: None } => format!("foreach {var} in {value}  (one element per def)"),
        StepKind::Field { name } => format!("field {name} = {value}"),
    }
}

/// A printed value on one line: llvm-tblgen prints a string's tabs and line breaks as they are.
fn one_line(text: &str) -> String {
    text.replace('\t', "\\t").replace('\n', "\\n").replace('\r', "\\r")
}

fn holder_text(holder: &Holder) -> String {
    match holder {
        Holder::Class(c) => format!("class {c}"),
        Holder::Def { name, multiclass: None } => format!("def {name}"),
        Holder::Def { name, multiclass: Some(mc) } => format!("def {name}, from multiclass {mc}"),
        Holder::Defm(mc) => format!("defm of {mc}"),
    }
}

/// `file:line:col`.
pub fn location(sm: &SourceMgr, loc: Loc) -> String {
    let (line, col) = sm.line_col(loc);
    format!("{}:{line}:{col}", sm.path(loc))
}

/// The source line of `loc`, without its indentation.
pub fn source_line(sm: &SourceMgr, loc: Loc) -> String {
    String::from_utf8_lossy(sm.line_text(loc)).trim().to_string()
}

/// The text of `span` as written, on one line.
pub fn written(sm: &SourceMgr, span: Span) -> Option<String> {
    let text = String::from_utf8_lossy(sm.span_text(span)?).into_owned();
    Some(text.split_whitespace().collect::<Vec<_>>().join(" "))
}

/// The text form (`tdq explain`, the language server's hover): the value, then each step
/// indented under the one it explains, with where it is and its source line.
pub fn to_text(e: &Explanation, sm: &SourceMgr) -> String {
    let mut out = format!("{}.{} = {}\n", e.record, e.field, one_line(&e.value.to_string()));
    text_step(&e.set, sm, 1, &mut out);
    out
}

fn text_step(step: &Step, sm: &SourceMgr, depth: usize, out: &mut String) {
    let indent = "  ".repeat(depth);
    out.push_str(&format!("{indent}{}\n", headline(step)));
    // A field's one child is the statement that set it, which says where.
    if !matches!(step.kind, StepKind::Field { .. }) {
        let loc = step.span.start;
        out.push_str(&format!("{indent}  {}: {}\n", location(sm, loc), source_line(sm, loc)));
    }
    match &step.kind {
        StepKind::Arg { default: false, .. } | StepKind::Loop { .. } => {
            // As written, unless that is how the value prints.
            if let Some(text) = written(sm, step.span).filter(|t| *t != one_line(&step.value.to_string())) {
                out.push_str(&format!("{indent}  written: {text}\n"));
            }
        }
        StepKind::Defvar { used_at, .. } => {
            out.push_str(&format!("{indent}  used at {}\n", location(sm, *used_at)));
        }
        _ => {}
    }
    for child in &step.children {
        text_step(child, sm, depth + 1, out);
    }
}
