//! Folding of TableGen's operators (`!add`, `!cast`, `!foreach`, ...) once their operands are
//! known, and instantiation of `Class<args>` values: LLVM's `*OpInit::Fold`,
//! `VarDefInit::instantiate` and `Init::getCastTo`.
//!
//! Every fold returns the operator itself (re-interned with its new operands) when it cannot be
//! computed yet. Where llvm-tblgen stops with `PrintFatalError`, the error is recorded in the
//! [`RecordKeeper`] (which stops evaluation at the next statement) and the unfolded operator is
//! returned. Where llvm-tblgen would crash or loop forever (out-of-range accesses after an error,
//! runaway recursion, astronomically large lists), this module reports an error or gives up
//! sensibly instead; it never panics.

use crate::init::{ArgKey, BinOp, Init, InitKind, TernOp, UnOp};
use crate::intern::{sym, Sym};
use crate::limits::Limit;
use crate::record::{Record, RecordKeeper, RecordKind};
use crate::resolve::{
    check_record_assertions, emit_record_dumps, resolve, resolve_record, resolve_record_final, CurRec, MapResolver,
    TrackUnresolvedResolver,
};
use crate::source::Loc;
use crate::types::Ty;
use std::cell::Cell;

thread_local! {
    static INSTANTIATION_DEPTH: Cell<u32> = const { Cell::new(0) };
}

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/// The locations of `CurRec->getLoc()`; none when there is no current record.
fn cur_locs(cur: Option<&CurRec>) -> &[Loc] {
    match cur {
        Some(c) => &c.locs,
        None => &[],
    }
}

/// `dyn_cast_or_null<IntInit>(I->convertInitializerTo(IntRecTy))`.
fn to_int(rk: &RecordKeeper, i: Init) -> Option<i64> {
    i.convert_to(rk, Ty::int()).and_then(|v| v.as_int())
}

fn str_of(i: Init) -> Option<(Sym, bool)> {
    match i.kind() {
        InitKind::Str(s, code) => Some((*s, *code)),
        _ => None,
    }
}

/// A dag's operator, operator name and arguments.
type DagParts = (Init, Option<Sym>, &'static [(Init, Option<Sym>)]);

fn dag_of(i: Init) -> Option<DagParts> {
    match i.kind() {
        InitKind::Dag(op, name, args) => Some((*op, *name, &args[..])),
        _ => None,
    }
}

/// StringInit::determineFormat: code when either side is code.
/// The name of a dag's operator (`(op:$name ...)`), if the value is a dag with one.
fn dag_name(i: Init) -> Option<Sym> {
    match i.kind() {
        InitKind::Dag(_, name, _) => *name,
        _ => None,
    }
}

fn determine_format(a: bool, b: bool) -> bool {
    a || b
}

/// Fails when a fold would build a list (or dag) of `n` elements, beyond [`Limit::ListSize`]
/// (llvm-tblgen would try to allocate it, or never finish).
fn check_list_len(rk: &mut RecordKeeper, cur: Option<&CurRec>, n: i128) -> bool {
    check_size(rk, cur, Limit::ListSize, n)
}

/// Fails when a fold would build a string of `n` bytes, beyond [`Limit::StringSize`].
fn check_string_len(rk: &mut RecordKeeper, cur: Option<&CurRec>, n: i128) -> bool {
    check_size(rk, cur, Limit::StringSize, n)
}

fn check_size(rk: &mut RecordKeeper, cur: Option<&CurRec>, limit: Limit, n: i128) -> bool {
    if n < 0 || rk.limits.exceeds(limit, u64::try_from(n).unwrap_or(u64::MAX)) {
        rk.limit_exceeded(cur_locs(cur), limit);
        return false;
    }
    true
}

/// `value`, or `None` after an error when walking it would go beyond [`Limit::NestingDepth`]
/// or [`Limit::ValueSize`]: for the results of operators that share a value many times over,
/// before anything walks them.
fn checked(rk: &mut RecordKeeper, cur: Option<&CurRec>, value: Init) -> Option<Init> {
    rk.check_value(cur_locs(cur), value).then_some(value)
}

/// Counts the iterations of a `!foreach`, `!foldl` or `!filter` over `n` elements.
fn count_iterations(rk: &mut RecordKeeper, cur: Option<&CurRec>, n: usize) -> bool {
    rk.count_iterations(cur_locs(cur), n as u64)
}

/// The def a string names, or the current record when the string is its name (a
/// self-reference, only resolvable in the final pass).
enum NamedDef {
    Found(Init),
    /// A self-reference outside the final pass: keep the operator for later.
    Delayed,
    NotFound,
}

fn is_self_name(name: Init, cur: &CurRec) -> bool {
    if name == cur.name {
        return true;
    }
    if let InitKind::AnonName(n) = cur.name.kind() {
        if let Some(s) = name.as_str() {
            // AnonymousNameInit::getNameInit is the plain string "anonymous_N".
            return !name.is_code() && s == format!("anonymous_{n}");
        }
    }
    false
}

// ---------------------------------------------------------------------------------------------
// Unary operators
// ---------------------------------------------------------------------------------------------

/// `UnOpInit::get(op, a, ty)->Fold(CurRec, IsFinal)`.
pub fn fold_un_op(rk: &mut RecordKeeper, op: UnOp, a: Init, ty: Ty, cur: Option<&CurRec>, is_final: bool) -> Init {
    let this = Init::un_op(op, a, ty);
    match op {
        UnOp::Repr => {
            if a.is_concrete() {
                if let InitKind::Def(id, _, _) = a.kind() {
                    if (id.0 as usize) < rk.records.len() {
                        let mut s = String::new();
                        let keeper: &RecordKeeper = rk;
                        keeper.get(*id).print_to(keeper, &mut s);
                        return Init::string(&s);
                    }
                    return this;
                }
                return Init::string(&a.to_string());
            }
        }
        UnOp::ToLower => {
            if let Some((s, _)) = str_of(a) {
                return Init::string(&s.to_ascii_lowercase());
            }
        }
        UnOp::ToUpper => {
            if let Some((s, _)) = str_of(a) {
                return Init::string(&s.to_ascii_uppercase());
            }
        }
        UnOp::Cast => {
            if ty.is_string() {
                if str_of(a).is_some() {
                    return a;
                }
                if let InitKind::Def(_, name, _) = a.kind() {
                    return Init::string(name);
                }
                if let Some(v) = to_int(rk, a) {
                    return Init::string(&v.to_string());
                }
            } else if ty.is_record() {
                if let Some((name, _)) = str_of(a) {
                    return fold_cast_to_record(rk, this, a, name, ty, cur, is_final);
                }
            }
            if let Some(v) = a.convert_to(rk, ty) {
                return v;
            }
        }
        UnOp::Not => {
            if let Some(v) = to_int(rk, a) {
                return Init::int(if v != 0 { 0 } else { 1 });
            }
        }
        UnOp::Head => {
            // An empty list is an assertion failure in LLVM; leave it unfolded.
            if let Some((elems, _)) = a.as_list() {
                if let Some(&first) = elems.first() {
                    return first;
                }
            }
        }
        UnOp::Tail => {
            if let Some((elems, et)) = a.as_list() {
                if !elems.is_empty() {
                    return Init::list(&elems[1..], et);
                }
            }
        }
        UnOp::Size => match a.kind() {
            InitKind::List(e, _) => return Init::int(e.len() as i64),
            InitKind::Dag(_, _, args) => return Init::int(args.len() as i64),
            InitKind::Str(s, _) => return Init::int(s.len() as i64),
            _ => {}
        },
        UnOp::Empty => match a.kind() {
            InitKind::List(e, _) => return Init::int(e.is_empty() as i64),
            InitKind::Dag(_, _, args) => return Init::int(args.is_empty() as i64),
            InitKind::Str(s, _) => return Init::int(s.is_empty() as i64),
            _ => {}
        },
        UnOp::GetDagOp => {
            if let Some((dag_op, _, _)) = dag_of(a) {
                // The operator need not be a def yet (late resolution in multiclasses), but it
                // must be typed; an untyped `?` operator crashes llvm-tblgen: keep it unfolded.
                let Some(op_ty) = dag_op.ty() else { return this };
                if !op_ty.is_a(rk, ty) {
                    let msg = format!("Expected type '{ty}', got '{op_ty}' in: {this}\n");
                    rk.fatal(cur_locs(cur), msg);
                    return this;
                }
                return dag_op;
            }
        }
        UnOp::GetDagOpName => {
            if let InitKind::Dag(_, name, _) = a.kind() {
                return match name {
                    Some(name) => Init::string(name),
                    None => Init::unset(),
                };
            }
        }
        UnOp::Initialized => {
            if matches!(a.kind(), InitKind::Unset) {
                return Init::int(0);
            }
            if a.is_concrete() {
                return Init::int(1);
            }
        }
        UnOp::ListFlatten => {
            if let Some((elems, elem_ty)) = a.as_list() {
                // A list of non-lists is left as it is.
                let Some(inner_ty) = elem_ty.list_elem() else { return a };
                let mut flat = Vec::new();
                for e in elems {
                    let Some((inner, _)) = e.as_list() else { return this };
                    flat.extend_from_slice(inner);
                }
                if !check_list_len(rk, cur, flat.len() as i128) {
                    return this;
                }
                return Init::list(&flat, inner_ty);
            }
        }
        UnOp::LogTwo => {
            if let Some(v) = to_int(rk, a) {
                if v <= 0 {
                    rk.fatal(
                        cur_locs(cur),
                        "Illegal operation: logtwo is undefined on arguments less than or equal to 0",
                    );
                    return this;
                }
                return Init::int(63 - v.leading_zeros() as i64);
            }
        }
    }
    this
}

/// The record-typed `!cast` of a string: the def it names.
fn fold_cast_to_record(
    rk: &mut RecordKeeper,
    this: Init,
    name_init: Init,
    name: Sym,
    ty: Ty,
    cur: Option<&CurRec>,
    is_final: bool,
) -> Init {
    let mut found = match rk.def(name) {
        Some(id) => NamedDef::Found(rk.def_init(id)),
        None => NamedDef::NotFound,
    };
    if let (NamedDef::NotFound, Some(c)) = (&found, cur) {
        if is_self_name(name_init, c) {
            if !is_final {
                found = NamedDef::Delayed;
            } else {
                found = match c.id {
                    Some(id) => NamedDef::Found(Init::def(id, sym(&c.name.unquoted()), c.ty(rk))),
                    // A def without an id can't be in its final pass; nothing to refer to.
                    None => NamedDef::Delayed,
                };
            }
        }
    }
    let fatal = |rk: &mut RecordKeeper, msg: String| match cur {
        Some(c) => rk.fatal(&c.locs, msg),
        None => rk.fatal_noloc(msg),
    };
    match found {
        NamedDef::Delayed => this,
        NamedDef::NotFound => {
            if is_final {
                fatal(rk, format!("Undefined reference to record: '{name}'\n"));
            }
            this
        }
        NamedDef::Found(di) => {
            let dty = di.ty().unwrap_or(ty);
            if !dty.is_a(rk, ty) {
                fatal(rk, format!("Expected type '{ty}', got '{dty}' in: {this}\n"));
                return this;
            }
            di
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Binary operators
// ---------------------------------------------------------------------------------------------

/// `BinOpInit::CompareInit`: ints (via conversion), then strings, then records for `!eq`/`!ne`.
fn compare_init(rk: &RecordKeeper, op: BinOp, a: Init, b: Init) -> Option<bool> {
    if let (Some(x), Some(y)) = (to_int(rk, a), to_int(rk, b)) {
        return Some(match op {
            BinOp::Eq => x == y,
            BinOp::Ne => x != y,
            BinOp::Le => x <= y,
            BinOp::Lt => x < y,
            BinOp::Ge => x >= y,
            BinOp::Gt => x > y,
            _ => return None,
        });
    }
    if let (Some((x, _)), Some((y, _))) = (str_of(a), str_of(b)) {
        let (x, y) = (x.as_bytes(), y.as_bytes());
        return Some(match op {
            BinOp::Eq => x == y,
            BinOp::Ne => x != y,
            BinOp::Le => x <= y,
            BinOp::Lt => x < y,
            BinOp::Ge => x >= y,
            BinOp::Gt => x > y,
            _ => return None,
        });
    }
    if matches!(op, BinOp::Eq | BinOp::Ne) {
        if let (Some(x), Some(y)) = (a.as_def(), b.as_def()) {
            return Some((x == y) == (op == BinOp::Eq));
        }
    }
    None
}

/// `getDagArgNoByKey`: the argument an index or a name designates, or the error text.
fn dag_arg_no(args: &[(Init, Option<Sym>)], key: Init) -> Result<usize, String> {
    match key.kind() {
        InitKind::Int(pos) => {
            let pos = *pos;
            if pos < 0 {
                return Err(format!("index {pos} is negative"));
            }
            if pos >= args.len() as i64 {
                return Err(format!("index {pos} is out of range (dag has {} arguments)", args.len()));
            }
            Ok(pos as usize)
        }
        InitKind::Str(name, _) => {
            args.iter().position(|(_, n)| *n == Some(*name)).ok_or_else(|| format!("key '{name}' is not found"))
        }
        _ => Err(String::new()),
    }
}

fn is_dag_key(i: Init) -> bool {
    matches!(i.kind(), InitKind::Int(_) | InitKind::Str(..))
}

thread_local! {
    // Concatenation is frequent (every `NAME # suffix`) and its result is interned: it is
    // built in one buffer, not a new string each time.
    static SCRATCH: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
}

/// The string value of `parts` one after the other, code if any part is.
fn concat_parts(parts: &[(&str, bool)]) -> Init {
    SCRATCH.with(|s| {
        let mut s = s.borrow_mut();
        s.clear();
        let mut code = false;
        for &(part, part_code) in parts {
            s.push_str(part);
            code = determine_format(code, part_code);
        }
        Init::str_fmt(&s, code)
    })
}

/// The string `anonymous_N` that anonymous record name `name` becomes when it is final, built
/// in the scratch buffer (`format!` made a fresh string for each of `Intrinsics.td`'s 20 thousand).
pub(crate) fn anonymous_string(name: Init) -> Init {
    SCRATCH.with(|s| {
        let mut s = s.borrow_mut();
        s.clear();
        name.write_to(&mut s);
        Init::string(&s)
    })
}

fn concat_strings(a: (Sym, bool), b: (Sym, bool)) -> Init {
    concat_parts(&[a, b])
}

/// `first # middle # last` with plain strings `middle` and `last`, as two [`str_concat`]s make
/// it, but interned once: the parser qualifies every identifier it looks up in a class body as
/// `Class:name`, and interned the `Class:` in between each time (4% of `Intrinsics.td`).
pub fn str_concat3(first: Init, middle: &str, last: &str) -> Init {
    match str_of(first) {
        Some(first) => concat_parts(&[first, (middle, false), (last, false)]),
        None => str_concat(str_concat(first, Init::string(middle)), Init::string(last)),
    }
}

/// `BinOpInit::getStrConcat`.
pub fn str_concat(a: Init, b: Init) -> Init {
    if let (Some(x), Some(y)) = (str_of(a), str_of(b)) {
        return concat_strings(x, y);
    }
    Init::bin_op(BinOp::StrConcat, a, b, Ty::string())
}

/// `BinOpInit::getListConcat`.
pub fn list_concat(a: Init, b: Init) -> Init {
    if let (Some((x, et)), Some((y, _))) = (a.as_list(), b.as_list()) {
        let mut v = Vec::with_capacity(x.len() + y.len());
        v.extend_from_slice(x);
        v.extend_from_slice(y);
        return Init::list(&v, et);
    }
    let ty = a.ty().or_else(|| b.ty()).unwrap_or_else(|| Ty::list(Ty::int()));
    Init::bin_op(BinOp::ListConcat, a, b, ty)
}

/// `interleaveStringList`: the first element's format is not considered, as in LLVM.
fn interleave_strings(list: &[Init], delim: Sym) -> Option<Init> {
    let Some(&first) = list.first() else { return Some(Init::string("")) };
    let (first, _) = str_of(first)?;
    let mut out = String::from(first);
    let mut code = false;
    for &e in &list[1..] {
        out.push_str(delim);
        let (s, c) = str_of(e)?;
        out.push_str(s);
        code = determine_format(code, c);
    }
    Some(Init::str_fmt(&out, code))
}

fn interleave_ints(rk: &RecordKeeper, list: &[Init], delim: Sym) -> Option<Init> {
    let Some(&first) = list.first() else { return Some(Init::string("")) };
    let mut out = to_int(rk, first)?.to_string();
    for &e in &list[1..] {
        out.push_str(delim);
        out.push_str(&to_int(rk, e)?.to_string());
    }
    Some(Init::string(&out))
}

/// The integers `start, start+step, ...` strictly before `end` (or `..= end` when `closed`),
/// computed without overflow.
fn int_range(
    rk: &mut RecordKeeper,
    cur: Option<&CurRec>,
    start: i64,
    end: i64,
    step: i64,
    closed: bool,
) -> Option<Init> {
    let (s, e, st) = (start as i128, end as i128, step as i128);
    let count: i128 = if st > 0 {
        let e = if closed { e + 1 } else { e };
        if s < e {
            (e - s + st - 1) / st
        } else {
            0
        }
    } else if st < 0 {
        let e = if closed { e - 1 } else { e };
        if s > e {
            (s - e + (-st) - 1) / (-st)
        } else {
            0
        }
    } else {
        0
    };
    if !check_list_len(rk, cur, count) {
        return None;
    }
    let elems: Vec<Init> = (0..count).map(|k| Init::int((s + k * st) as i64)).collect();
    Some(Init::list(&elems, Ty::int()))
}

/// `BinOpInit::get(op, a, b, ty)->Fold(CurRec)`.
pub fn fold_bin_op(rk: &mut RecordKeeper, op: BinOp, a: Init, b: Init, ty: Ty, cur: Option<&CurRec>) -> Init {
    // The unfolded operation is interned only when it is the result.
    let this = || Init::bin_op(op, a, b, ty);
    match op {
        BinOp::Concat => {
            if let (Some((lop, _, largs)), Some((rop, _, rargs))) = (dag_of(a), dag_of(b)) {
                let ldef = lop.as_def();
                let rdef = rop.as_def();
                if (ldef.is_none() && !lop.is_unset()) || (rdef.is_none() && !rop.is_unset()) {
                    return this();
                }
                if let (Some(x), Some(y)) = (ldef, rdef) {
                    if x != y {
                        rk.fatal_noloc(format!("Concatenated Dag operators do not match: '{a}' vs. '{b}'"));
                        return this();
                    }
                }
                let new_op = if ldef.is_some() {
                    lop
                } else if rdef.is_some() {
                    rop
                } else {
                    Init::unset()
                };
                if !check_list_len(rk, cur, largs.len() as i128 + rargs.len() as i128) {
                    return this();
                }
                let mut args = Vec::with_capacity(largs.len() + rargs.len());
                args.extend_from_slice(largs);
                args.extend_from_slice(rargs);
                // Since LLVM 22 the result keeps the operator's name, the left one's first.
                let name = if rk.dialect().con_keeps_operator_name { dag_name(a).or(dag_name(b)) } else { None };
                return checked(rk, cur, Init::dag(new_op, name, &args)).unwrap_or_else(this);
            }
        }
        BinOp::ListConcat => {
            if let (Some((x, _)), Some((y, _))) = (a.as_list(), b.as_list()) {
                if !check_list_len(rk, cur, x.len() as i128 + y.len() as i128) {
                    return this();
                }
                return checked(rk, cur, list_concat(a, b)).unwrap_or_else(this);
            }
        }
        BinOp::ListSplat => {
            if let (Some(vty), Some(n)) = (a.ty(), b.as_int()) {
                if n < 0 && rk.dialect().checked_operands {
                    rk.fatal_noloc(format!("!listsplat count {n} is negative"));
                    return this();
                }
                if !check_list_len(rk, cur, n as i128) {
                    return this();
                }
                let elems = vec![a; n as usize];
                return checked(rk, cur, Init::list(&elems, vty)).unwrap_or_else(this);
            }
        }
        BinOp::ListRemove => {
            if let (Some((xs, et)), Some((ys, _))) = (a.as_list(), b.as_list()) {
                let kept: Vec<Init> = xs
                    .iter()
                    .copied()
                    .filter(|&x| !ys.iter().any(|&y| compare_init(rk, BinOp::Eq, x, y) == Some(true)))
                    .collect();
                return Init::list(&kept, et);
            }
        }
        BinOp::ListElem => {
            if let (Some((xs, _)), Some(i)) = (a.as_list(), b.as_int()) {
                if i >= 0 && (i as u64) < xs.len() as u64 {
                    return xs[i as usize];
                }
            }
        }
        BinOp::ListSlice => {
            if let (Some((xs, et)), Some((idxs, _))) = (a.as_list(), b.as_list()) {
                let mut out = Vec::with_capacity(idxs.len());
                for &idx in idxs {
                    let Some(i) = idx.as_int() else { return this() };
                    if i < 0 || (i as u64) >= xs.len() as u64 {
                        return this();
                    }
                    out.push(xs[i as usize]);
                }
                return Init::list(&out, et);
            }
        }
        BinOp::Range | BinOp::RangeC => {
            if let (Some(start), Some(end)) = (a.as_int(), b.as_int()) {
                let closed = op == BinOp::RangeC;
                let step = if closed && start > end { -1 } else { 1 };
                return int_range(rk, cur, start, end, step, closed).unwrap_or_else(this);
            }
        }
        BinOp::StrConcat => {
            if let (Some(x), Some(y)) = (str_of(a), str_of(b)) {
                if !check_string_len(rk, cur, x.0.len() as i128 + y.0.len() as i128) {
                    return this();
                }
                return concat_strings(x, y);
            }
        }
        BinOp::Interleave => {
            if let (Some((list, et)), Some((delim, _))) = (a.as_list(), str_of(b)) {
                // Integers print in at most 20 bytes.
                let items: i128 = list.iter().map(|&e| str_of(e).map_or(20, |(s, _)| s.len() as i128)).sum();
                let delims = delim.len() as i128 * (list.len() as i128 - 1).max(0);
                if !check_string_len(rk, cur, items + delims) {
                    return this();
                }
                let r = if et.is_string() { interleave_strings(list, delim) } else { interleave_ints(rk, list, delim) };
                if let Some(r) = r {
                    return r;
                }
            }
        }
        BinOp::Eq | BinOp::Ne | BinOp::Le | BinOp::Lt | BinOp::Ge | BinOp::Gt => {
            if let Some(r) = compare_init(rk, op, a, b) {
                return Init::bit(r);
            }
        }
        BinOp::GetDagArg => {
            if let (Some((_, _, args)), true) = (dag_of(a), is_dag_key(b)) {
                let i = match dag_arg_no(args, b) {
                    Ok(i) => i,
                    Err(e) => {
                        rk.fatal(cur_locs(cur), format!("!getdagarg {e}"));
                        return this();
                    }
                };
                let arg = args[i].0;
                if let Some(aty) = arg.ty() {
                    if !aty.is_convertible_to(rk, ty) {
                        return Init::unset();
                    }
                }
                return arg;
            }
        }
        BinOp::GetDagName => {
            if let (Some((_, _, args)), Some(pos)) = (dag_of(a), b.as_int()) {
                if pos < 0 || pos >= args.len() as i64 {
                    // LLVM prints the last index as an unsigned (4294967295 for an empty dag),
                    // then reads out of bounds; we stop at the error.
                    let last = (args.len() as u32).wrapping_sub(1);
                    rk.error(cur_locs(cur), format!("!getdagname index is out of range 0...{last}: {pos}"));
                    return Init::unset();
                }
                return match args[pos as usize].1 {
                    Some(n) => Init::string(n),
                    None => Init::unset(),
                };
            }
        }
        BinOp::SetDagOp => {
            if let (Some((_, _, args)), Some(_)) = (dag_of(a), b.as_def()) {
                return Init::dag(b, None, args);
            }
        }
        BinOp::SetDagOpName => {
            if let (Some((op, _, args)), Some((name, _))) = (dag_of(a), str_of(b)) {
                return Init::dag(op, Some(name), args);
            }
        }
        BinOp::Match => {
            if let (Some((text, _)), Some((pattern, _))) = (str_of(a), str_of(b)) {
                return match rk.regex(pattern) {
                    Some(re) => Init::bit(re.is_match(text)),
                    None => {
                        rk.fatal_noloc(format!("invalid regex '{pattern}'"));
                        this()
                    }
                };
            }
        }
        BinOp::Add
        | BinOp::Sub
        | BinOp::Mul
        | BinOp::Div
        | BinOp::And
        | BinOp::Or
        | BinOp::Xor
        | BinOp::Shl
        | BinOp::Sra
        | BinOp::Srl => {
            if let (Some(x), Some(y)) = (to_int(rk, a), to_int(rk, b)) {
                // C++ int64 arithmetic as compiled for x86-64: wrapping, shift counts mod 64.
                let r = match op {
                    BinOp::Add => x.wrapping_add(y),
                    BinOp::Sub => x.wrapping_sub(y),
                    BinOp::Mul => x.wrapping_mul(y),
                    BinOp::Div => {
                        if y == 0 {
                            rk.fatal(cur_locs(cur), "Illegal operation: division by zero");
                            return this();
                        }
                        if x == i64::MIN && y == -1 {
                            rk.fatal(cur_locs(cur), "Illegal operation: INT64_MIN / -1");
                            return this();
                        }
                        x / y
                    }
                    BinOp::And => x & y,
                    BinOp::Or => x | y,
                    BinOp::Xor => x ^ y,
                    BinOp::Shl | BinOp::Sra | BinOp::Srl if !(0..64).contains(&y) && rk.dialect().checked_operands => {
                        let msg = "Illegal operation: out of bounds shift";
                        match cur {
                            Some(c) => rk.fatal(cur_locs(Some(c)), msg),
                            None => rk.fatal_noloc(msg),
                        }
                        return this();
                    }
                    BinOp::Shl => (x as u64).wrapping_shl(y as u32) as i64,
                    BinOp::Sra => x.wrapping_shr(y as u32),
                    BinOp::Srl => (x as u64).wrapping_shr(y as u32) as i64,
                    _ => return this(),
                };
                return Init::int(r);
            }
        }
    }
    this()
}

// ---------------------------------------------------------------------------------------------
// Ternary operators
// ---------------------------------------------------------------------------------------------

/// `ItemApply`: `expr` with variable `var` bound to `item`.
fn item_apply(rk: &mut RecordKeeper, var: Init, item: Init, expr: Init, cur: Option<&CurRec>) -> Init {
    if !rk.check_memory(cur_locs(cur)) {
        return item;
    }
    let mut r = MapResolver::new(cur.cloned());
    r.set(var, item);
    resolve(rk, expr, &mut r)
}

/// `ForeachDagApply`: applies `expr` to the operator and every argument, recursing into dag
/// arguments. A changed dag loses its operator name, as in LLVM.
fn foreach_dag_apply(rk: &mut RecordKeeper, var: Init, dag: Init, expr: Init, cur: Option<&CurRec>) -> Init {
    let Some((op, _, args)) = dag_of(dag) else { return dag };
    if !count_iterations(rk, cur, args.len() + 1) {
        return dag;
    }
    let new_op = item_apply(rk, var, op, expr, cur);
    let mut changed = new_op != op;
    let mut new_args = Vec::with_capacity(args.len());
    for &(arg, name) in args {
        let na = if dag_of(arg).is_some() {
            foreach_dag_apply(rk, var, arg, expr, cur)
        } else {
            item_apply(rk, var, arg, expr, cur)
        };
        changed |= na != arg;
        new_args.push((na, name));
    }
    if changed {
        let name = if rk.dialect().foreach_dag_keeps_name { dag_name(dag) } else { None };
        Init::dag(new_op, name, &new_args)
    } else {
        dag
    }
}

fn foreach_helper(
    rk: &mut RecordKeeper,
    var: Init,
    over: Init,
    expr: Init,
    ty: Ty,
    cur: Option<&CurRec>,
) -> Option<Init> {
    if dag_of(over).is_some() {
        return Some(foreach_dag_apply(rk, var, over, expr, cur));
    }
    let (items, _) = over.as_list()?;
    let et = ty.list_elem()?;
    if !count_iterations(rk, cur, items.len()) {
        return None;
    }
    let out: Vec<Init> = items.iter().map(|&item| item_apply(rk, var, item, expr, cur)).collect();
    checked(rk, cur, Init::list(&out, et))
}

/// `SortHelper`: the list's elements in the order of their keys (`expr` of each), a stable
/// sort; the keys are all integers (as the first converts) or all strings.
fn sort_helper(rk: &mut RecordKeeper, var: Init, over: Init, expr: Init, ty: Ty, cur: Option<&CurRec>) -> Option<Init> {
    let (items, _) = over.as_list()?;
    let et = ty.list_elem()?;
    if !count_iterations(rk, cur, items.len()) {
        return None;
    }
    let keys: Vec<Init> = items.iter().map(|&item| item_apply(rk, var, item, expr, cur)).collect();
    let Some(&first) = keys.first() else { return Some(Init::list(&[], et)) };
    let mut order: Vec<usize> = (0..items.len()).collect();
    if to_int(rk, first).is_some() {
        let ints = keys.iter().map(|&k| to_int(rk, k)).collect::<Option<Vec<i64>>>()?;
        order.sort_by_key(|&i| ints[i]);
    } else {
        let strings = keys.iter().map(|&k| str_of(k).map(|(s, _)| s)).collect::<Option<Vec<Sym>>>()?;
        order.sort_by(|&x, &y| strings[x].as_bytes().cmp(strings[y].as_bytes()));
    }
    let sorted: Vec<Init> = order.into_iter().map(|i| items[i]).collect();
    Some(Init::list(&sorted, et))
}

fn filter_helper(
    rk: &mut RecordKeeper,
    var: Init,
    over: Init,
    expr: Init,
    ty: Ty,
    cur: Option<&CurRec>,
) -> Option<Init> {
    let (items, _) = over.as_list()?;
    let et = ty.list_elem()?;
    if !count_iterations(rk, cur, items.len()) {
        return None;
    }
    let mut out = Vec::new();
    for &item in items {
        let include = item_apply(rk, var, item, expr, cur);
        if to_int(rk, include)? != 0 {
            out.push(item);
        }
    }
    Some(Init::list(&out, et))
}

/// `!subst` on strings: every occurrence of `from`, left to right, not rescanning replacements.
/// `from` is not empty.
fn subst_string(from: &str, to: &str, s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = find_str(rest, from) {
        out.push_str(&rest[..i]);
        out.push_str(to);
        rest = &rest[i + from.len()..];
    }
    out.push_str(rest);
    out
}

/// Where `needle` (not empty) first occurs in `hay`. TableGen's strings are short, and `!subst`
/// runs on most of them in some targets (RISCV: 300 000 times): a first-byte scan and compare
/// beats setting up `str::find`'s two-way searcher, which is kept for long strings.
fn find_str(hay: &str, needle: &str) -> Option<usize> {
    let (h, n) = (hay.as_bytes(), needle.as_bytes());
    if h.len() > 256 {
        return hay.find(needle);
    }
    let last = h.len().checked_sub(n.len())?;
    (0..=last).find(|&i| h[i] == n[0] && &h[i..i + n.len()] == n)
}

/// How many times `needle` (not empty) occurs in `hay`, not overlapping.
fn count_str(hay: &str, needle: &str) -> usize {
    let mut count = 0;
    let mut rest = hay;
    while let Some(i) = find_str(rest, needle) {
        count += 1;
        rest = &rest[i + needle.len()..];
    }
    count
}

/// Bytes `[start, start+len)` of `s` as `std::string::substr` would give them (clamped).
fn byte_substr(s: &str, start: i64, len: i64) -> String {
    let bytes = s.as_bytes();
    let start = start as u64; // negative: huge, as size_t
    if start > bytes.len() as u64 {
        return String::new();
    }
    let start = start as usize;
    let avail = (bytes.len() - start) as u64;
    let len = (len as u64).min(avail) as usize;
    String::from_utf8_lossy(&bytes[start..start + len]).into_owned()
}

/// `std::string::find(needle, start)` on bytes.
fn byte_find(hay: &str, needle: &str, start: i64) -> Option<usize> {
    let (h, n) = (hay.as_bytes(), needle.as_bytes());
    let start = start as u64;
    if start > h.len() as u64 {
        return None;
    }
    let start = start as usize;
    if n.is_empty() {
        return Some(start);
    }
    if n.len() > h.len() - start {
        return None;
    }
    h[start..].windows(n.len()).position(|w| w == n).map(|p| p + start)
}

/// `TernOpInit::get(op, a, b, c, ty)->Fold(CurRec)`.
pub fn fold_tern_op(
    rk: &mut RecordKeeper,
    op: TernOp,
    a: Init,
    b: Init,
    c: Init,
    ty: Ty,
    cur: Option<&CurRec>,
) -> Init {
    // The unfolded operation is interned only when it is the result.
    let this = || Init::tern_op(op, a, b, c, ty);
    match op {
        TernOp::Subst => match (a.kind(), b.kind(), c.kind()) {
            (InitKind::Def(..), InitKind::Def(..), InitKind::Def(..)) => {
                return if a.to_string() == c.to_string() { b } else { c };
            }
            (InitKind::Var(..), InitKind::Var(bn, _), InitKind::Var(cn, _)) => {
                let name = if a.to_string() == c.to_string() { bn } else { cn };
                return Init::var(Init::string(&name.unquoted()), ty);
            }
            (InitKind::Str(from, _), InitKind::Str(to, _), InitKind::Str(s, _)) => {
                // An empty pattern makes llvm-tblgen loop forever; leave the string alone.
                let matches = if from.is_empty() { 0 } else { count_str(s, from) as i128 };
                let len = s.len() as i128 + matches * (to.len() as i128 - from.len() as i128);
                if !check_string_len(rk, cur, len) {
                    return this();
                }
                if matches == 0 {
                    // Nothing to replace: the same text, as a plain string.
                    return Init::string(s);
                }
                return Init::string(&subst_string(from, to, s));
            }
            _ => {}
        },
        TernOp::ForEach => {
            if let Some(r) = foreach_helper(rk, a, b, c, ty, cur) {
                return r;
            }
        }
        TernOp::Filter => {
            if let Some(r) = filter_helper(rk, a, b, c, ty, cur) {
                return r;
            }
        }
        TernOp::Sort => {
            if let Some(r) = sort_helper(rk, a, b, c, ty, cur) {
                return r;
            }
        }
        TernOp::If => {
            if let Some(v) = to_int(rk, a) {
                return if v != 0 { b } else { c };
            }
        }
        TernOp::Dag => {
            let nodes = b.as_list().map(|l| l.0);
            let names = c.as_list().map(|l| l.0);
            if b.is_unset() && c.is_unset() {
                return this();
            }
            let nodes_ok = nodes.is_some() || b.is_unset();
            let names_ok = names.is_some() || c.is_unset();
            let sizes_ok = match (nodes, names) {
                (Some(x), Some(y)) => x.len() == y.len(),
                _ => true,
            };
            if nodes_ok && names_ok && sizes_ok {
                let size = nodes.or(names).map(|l| l.len()).unwrap_or(0);
                let mut children = Vec::with_capacity(size);
                for i in 0..size {
                    let node = nodes.map(|l| l[i]).unwrap_or_else(Init::unset);
                    let name = names.map(|l| l[i]).unwrap_or_else(Init::unset);
                    let name = match name.kind() {
                        InitKind::Str(s, _) => Some(*s),
                        InitKind::Unset => None,
                        _ => return this(),
                    };
                    children.push((node, name));
                }
                return Init::dag(a, None, &children);
            }
        }
        TernOp::Range => {
            if let (Some(start), Some(end), Some(step)) = (a.as_int(), b.as_int(), c.as_int()) {
                if step == 0 {
                    rk.error(cur_locs(cur), "Step of !range can't be 0");
                }
                return int_range(rk, cur, start, end, step, false).unwrap_or_else(this);
            }
        }
        TernOp::Substr => {
            if let (Some((s, code)), Some(start), Some(len)) = (str_of(a), b.as_int(), c.as_int()) {
                let size = s.len() as i64;
                if start < 0 || start > size {
                    rk.error(cur_locs(cur), format!("!substr start position is out of range 0...{size}: {start}"));
                }
                if len < 0 {
                    rk.error(cur_locs(cur), "!substr length must be nonnegative");
                }
                return Init::str_fmt(&byte_substr(s, start, len), code);
            }
        }
        TernOp::Find => {
            if let (Some((hay, _)), Some((needle, _)), Some(start)) = (str_of(a), str_of(b), c.as_int()) {
                let size = hay.len() as i64;
                if start < 0 || start > size {
                    rk.error(cur_locs(cur), format!("!find start position is out of range 0...{size}: {start}"));
                }
                return Init::int(byte_find(hay, needle, start).map(|p| p as i64).unwrap_or(-1));
            }
        }
        TernOp::SetDagArg | TernOp::SetDagName => {
            if let (Some((dag_op, dag_name, args)), true) = (dag_of(a), is_dag_key(b)) {
                let i = match dag_arg_no(args, b) {
                    Ok(i) => i,
                    Err(e) => {
                        let what = if op == TernOp::SetDagArg { "!setdagarg" } else { "!setdagname" };
                        rk.fatal(cur_locs(cur), format!("{what} {e}"));
                        return this();
                    }
                };
                let mut new_args = args.to_vec();
                if op == TernOp::SetDagArg {
                    new_args[i].0 = c;
                } else {
                    new_args[i].1 = str_of(c).map(|(s, _)| s);
                }
                return Init::dag(dag_op, dag_name, &new_args);
            }
        }
    }
    this()
}

// ---------------------------------------------------------------------------------------------
// !foldl, !cond, !isa, !exists, field access
// ---------------------------------------------------------------------------------------------

/// `FoldOpInit::Fold`.
#[allow(clippy::too_many_arguments)]
pub fn fold_foldl(
    rk: &mut RecordKeeper,
    start: Init,
    list: Init,
    a: Init,
    b: Init,
    expr: Init,
    ty: Ty,
    cur: Option<&CurRec>,
) -> Init {
    if let Some((elems, _)) = list.as_list() {
        if !count_iterations(rk, cur, elems.len()) {
            return Init::new(InitKind::Fold(Box::new([start, list, a, b, expr]), ty));
        }
        let mut acc = start;
        for &elt in elems {
            let mut r = MapResolver::new(cur.cloned());
            r.set(a, acc);
            r.set(b, elt);
            acc = resolve(rk, expr, &mut r);
            if rk.fatal || !rk.check_value(cur_locs(cur), acc) || !rk.check_memory(cur_locs(cur)) {
                break;
            }
        }
        return acc;
    }
    Init::new(InitKind::Fold(Box::new([start, list, a, b, expr]), ty))
}

/// `CondOpInit::Fold`.
pub fn fold_cond(rk: &mut RecordKeeper, conds: &[Init], vals: &[Init], ty: Ty, cur: Option<&CurRec>) -> Init {
    let this = Init::new(InitKind::Cond(conds.into(), vals.into(), ty));
    for (&cond, &val) in conds.iter().zip(vals.iter()) {
        match to_int(rk, cond) {
            Some(0) => {}
            // LLVM returns null (and crashes later) when the value does not convert; keep the
            // value as it is.
            Some(_) => return val.convert_to(rk, ty).unwrap_or(val),
            None => return this,
        }
    }
    let name = cur.map(|c| c.name.unquoted()).unwrap_or_default();
    rk.fatal(cur_locs(cur), format!("{name} does not have any true condition in:{this}"));
    this
}

/// `IsAOpInit::Fold`.
pub fn fold_isa(rk: &mut RecordKeeper, check: Ty, e: Init) -> Init {
    if let Some(ety) = e.ty() {
        if ety.is_convertible_to(rk, check) {
            return Init::int(1);
        }
        if check.is_record() {
            // Since LLVM 22 a value still to be resolved may yet be of the type.
            let known = e.is_concrete() || !rk.dialect().isa_waits_for_concrete;
            if (!check.is_convertible_to(rk, ety) && known) || e.as_def().is_some() {
                return Init::int(0);
            }
        } else {
            return Init::int(0);
        }
    }
    Init::new(InitKind::IsA(check, e))
}

/// `ExistsOpInit::Fold`.
pub fn fold_exists(rk: &mut RecordKeeper, check: Ty, e: Init, cur: Option<&CurRec>, is_final: bool) -> Init {
    let this = Init::new(InitKind::Exists(check, e));
    let Some((name, _)) = str_of(e) else { return this };
    if let Some(id) = rk.def(name) {
        let dty = rk.def_init(id).ty();
        let ok = dty.map(|t| t.is_a(rk, check)).unwrap_or(false);
        return Init::int(ok as i64);
    }
    if let Some(c) = cur {
        if is_self_name(e, c) {
            if !is_final {
                return this;
            }
            return Init::int(c.ty(rk).is_a(rk, check) as i64);
        }
    }
    if is_final {
        return Init::int(0);
    }
    this
}

/// `InstancesOpInit::get(ty, regex)->Fold(CurRec, IsFinal)`: the defs deriving from the class
/// `ty` names, whose names match the regular expression, in name order. Inside a class or
/// multiclass body only the defs made by then count: it folds at a def's final resolution.
pub fn fold_instances(rk: &mut RecordKeeper, ty: Ty, regex: Init, cur: Option<&CurRec>, is_final: bool) -> Init {
    let this = Init::new(InitKind::Instances(ty, regex));
    if cur.is_some() && !is_final {
        return this;
    }
    let Some((pattern, _)) = str_of(regex) else { return this };
    let re = match rk.regex(pattern) {
        Some(re) => re.clone(),
        None => {
            rk.fatal_noloc(format!("invalid regex '{pattern}'"));
            return this;
        }
    };
    let elem_ty = ty;
    let class_name = ty.to_string();
    let Some(class) = rk.class(&class_name) else { return Init::list(&[], elem_ty) };
    let mut selected: Vec<(Sym, Init)> = rk
        .all_def_ids()
        .filter(|&id| rk.get(id).is_subclass_of(class))
        .map(|id| (rk.name_sym(id), id))
        .filter(|(name, _)| re.is_match(name))
        .map(|(name, id)| (name, rk.def_init(id)))
        .collect();
    // `getAllDerivedDefinitions` order (LLVM's `LessRecord`).
    selected.sort_by(|a, b| crate::record::compare_numeric(a.0.as_bytes(), b.0.as_bytes()));
    let values: Vec<Init> = selected.into_iter().map(|(_, v)| v).collect();
    Init::list(&values, elem_ty)
}

/// `FieldInit::get(rec, name, ty)->Fold(CurRec)`: the field of a def, once its value is
/// concrete; the unfolded `rec.name` is interned only when it is the result.
pub fn fold_field(rk: &mut RecordKeeper, rec: Init, name: Sym, ty: Ty, cur: Option<&CurRec>) -> Init {
    let unfolded = || Init::field(rec, name, ty);
    let Some(id) = rec.as_def() else { return unfolded() };
    if let Some(c) = cur {
        if c.id == Some(id) {
            let msg = format!("Attempting to access field '{name}' of '{rec}' is a forbidden self-reference");
            rk.fatal(&c.locs, msg);
            return unfolded();
        }
    }
    if (id.0 as usize) >= rk.records.len() {
        return unfolded();
    }
    match rk.get(id).value_by_str(name) {
        Some(v) if v.value.is_concrete() => v.value,
        _ => unfolded(),
    }
}

// ---------------------------------------------------------------------------------------------
// Class<args> values
// ---------------------------------------------------------------------------------------------

/// `VarDefInit::Fold`: instantiates the class once no argument refers to a variable.
pub fn fold_vardef(rk: &mut RecordKeeper, vardef: Init) -> Init {
    if let Some(&d) = rk.vardef_cache.get(&vardef) {
        return d;
    }
    let InitKind::VarDef(_, _, args) = vardef.kind() else { return vardef };
    let mut tr = TrackUnresolvedResolver::new(None);
    for &arg in args.iter() {
        resolve(rk, arg, &mut tr);
    }
    if tr.found_unresolved {
        return vardef;
    }
    instantiate_vardef(rk, vardef)
}

struct DepthGuard;

impl DepthGuard {
    fn enter(max: u64) -> Option<DepthGuard> {
        INSTANTIATION_DEPTH.with(|d| {
            if u64::from(d.get()) >= max {
                None
            } else {
                d.set(d.get() + 1);
                Some(DepthGuard)
            }
        })
    }
}

impl Drop for DepthGuard {
    fn drop(&mut self) {
        INSTANTIATION_DEPTH.with(|d| d.set(d.get().saturating_sub(1)));
    }
}

/// `VarDefInit::instantiate`: the anonymous def `Class<args>` stands for, made once and cached
/// in `rk.vardef_cache`.
pub fn instantiate_vardef(rk: &mut RecordKeeper, vardef: Init) -> Init {
    if let Some(&d) = rk.vardef_cache.get(&vardef) {
        return d;
    }
    let InitKind::VarDef(class_id, _, args) = vardef.kind() else { return vardef };
    if (class_id.0 as usize) >= rk.records.len() {
        return vardef;
    }
    let Some(_guard) = DepthGuard::enter(rk.limits.get(Limit::InstantiationDepth)) else {
        let locs = rk.get(*class_id).locs.clone();
        rk.limit_exceeded(&locs, Limit::InstantiationDepth);
        return vardef;
    };

    // The new record gets its name and id first, as LLVM numbers records when it creates them.
    let name = rk.new_anonymous_name();
    let class = rk.get(*class_id);
    let locs = match (!rk.vardef_locs.is_empty()).then(|| rk.vardef_locs.get(&vardef)).flatten() {
        Some(&at) => smallvec::smallvec![at],
        None => class.locs.clone(),
    };
    // What the instance takes from the class, copied once.
    let mut rec = Record::new(name, locs.clone(), RecordKind::AnonymousDef);
    rec.values = class.values.clone();
    rec.assertions = class.assertions.clone();
    rec.dumps = class.dumps.clone();
    let template_args = class.template_args.clone();
    let superclasses = class.superclasses.extended(&[(*class_id, class.locs.last().copied().unwrap_or(Loc::NONE))]);
    let id = rk.push(Record::new(name, locs, RecordKind::AnonymousDef));

    // Substitute and resolve the template arguments: defaults first, then the given values.
    let cur = CurRec::of(&rec, None);
    let mut mr = MapResolver::new(Some(cur));
    for &ta in &template_args {
        if let Some(v) = rec.value(ta) {
            mr.set(ta, v.value);
        }
        rec.remove_value(ta);
    }
    for &arg in args.iter() {
        match arg.kind() {
            InitKind::Arg(value, ArgKey::Pos(i)) => {
                if let Some(&ta) = template_args.get(*i as usize) {
                    mr.set(ta, *value);
                }
            }
            InitKind::Arg(value, ArgKey::Named(n)) => mr.set(*n, *value),
            _ => {}
        }
    }
    resolve_record(rk, &mut rec, &mut mr, None);

    // Superclasses: the class's own, then the class itself.
    rec.superclasses = superclasses;

    // Resolve internal references (self-references see the reserved id), then store the def.
    *rk.get_mut(id) = rec.clone();
    resolve_record_final(rk, &mut rec, Some(id), None);
    // The checks read the def after it is stored: a copy only for a def that has some.
    let checks = (!rec.assertions.is_empty() || !rec.dumps.is_empty()).then(|| rec.clone());
    rk.add_def(id, rec);
    if let Some(rec) = checks {
        check_record_assertions(rk, &rec, Some(id));
        emit_record_dumps(rk, &rec, Some(id));
    }

    let def = rk.def_init(id);
    rk.vardef_cache.insert(vardef, def);
    def
}

// ---------------------------------------------------------------------------------------------
// Casts
// ---------------------------------------------------------------------------------------------

/// `Init::getCastTo`: `v` as a value of type `ty`, or `None` when it cannot be one.
pub fn get_cast_to(rk: &mut RecordKeeper, v: Init, ty: Ty) -> Option<Init> {
    if v.is_unset() {
        return Some(v);
    }
    let own = v.ty()?;
    if own == ty || own.is_a(rk, ty) {
        return Some(v);
    }
    if let Some(c) = v.convert_to(rk, ty) {
        return Some(c);
    }
    if !own.is_convertible_to(rk, ty) {
        return None;
    }
    Some(fold_un_op(rk, UnOp::Cast, v, ty, None, false))
}
