//! Parsing values (LLVM's ParseValue, ParseSimpleValue, ParseOperation and friends): literals,
//! references, `Class<args>`, lists, dags, bit and list slices, field access, paste and every
//! bang operator, each folded as soon as its operands allow.

use super::{Failed, PResult, Parser};
use crate::fold;
use crate::init::{ArgKey, BinOp, Init, InitKind, TernOp, UnOp};
use crate::lexer::{BangOp, Tok};
use crate::limits::Limit;
use crate::record::{Record, RecordKind, RecordVal};
use crate::resolve::CurRec;
use crate::source::Span;
use crate::types::{resolve_types, Ty};

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Value,
    /// Parsing the name of a def or defm: an unknown identifier is a string, and `{` ends it.
    Name,
}

pub(super) fn cur_info(cur: Option<&Record>) -> Option<CurRec> {
    cur.map(|r| CurRec::of(r, None))
}

impl Parser {
    pub(super) fn parse_type(&mut self) -> PResult<Ty> {
        match *self.tok() {
            Tok::KwString | Tok::KwCode => {
                self.next();
                Ok(Ty::string())
            }
            Tok::KwBit => {
                self.next();
                Ok(Ty::bit())
            }
            Tok::KwInt => {
                self.next();
                Ok(Ty::int())
            }
            Tok::KwDag => {
                self.next();
                Ok(Ty::dag())
            }
            Tok::Id(name) => {
                if let Some(t) = self.type_aliases.get(name).copied() {
                    self.next();
                    return Ok(t);
                }
                match self.parse_class_id() {
                    Ok(id) => Ok(Ty::record(&[(id, self.rk.name_sym(id))])),
                    Err(_) => Err(self.tok_error("unknown class name")),
                }
            }
            Tok::KwBits => {
                if self.next() != Tok::Less {
                    return Err(self.tok_error("expected '<' after bits type"));
                }
                let n = match self.next() {
                    Tok::IntVal(v) => v,
                    _ => return Err(self.tok_error("expected integer in bits<n> type")),
                };
                if self.next() != Tok::Greater {
                    return Err(self.tok_error("expected '>' at end of bits<n> type"));
                }
                self.next();
                if !(0..=(1 << 20)).contains(&n) {
                    return Err(self.tok_error("bits<n> width out of range"));
                }
                Ok(Ty::bits(n as u32))
            }
            Tok::KwList => {
                if self.next() != Tok::Less {
                    return Err(self.tok_error("expected '<' after list type"));
                }
                self.next();
                let sub = self.nested(Self::parse_type)?;
                if !self.consume(Tok::Greater) {
                    return Err(self.tok_error("expected '>' at end of list<ty> type"));
                }
                Ok(Ty::list(sub))
            }
            _ => Err(self.tok_error("Unknown token when expecting a type")),
        }
    }

    fn parse_operator_type(&mut self) -> PResult<Ty> {
        if !self.consume(Tok::Less) {
            return Err(self.tok_error("expected type name for operator"));
        }
        if self.at(Tok::KwCode) {
            self.tok_error("the 'code' type is not allowed in bang operators; use 'string'");
        }
        let Ok(t) = self.parse_type() else {
            return Err(self.tok_error("expected type name for operator"));
        };
        if !self.consume(Tok::Greater) {
            return Err(self.tok_error("expected type name for operator"));
        }
        Ok(t)
    }

    /// `RangePiece ::= INTVAL | INTVAL '...' INTVAL | INTVAL '-' INTVAL | INTVAL INTVAL`
    pub(super) fn parse_range_piece(&mut self, ranges: &mut Vec<i64>, first: Option<Init>) -> PResult<()> {
        let v = match first {
            Some(v) => Some(v),
            None => self.parse_value(None, None, Mode::Value).ok(),
        };
        let Some(start) = v.and_then(|v| v.as_int()) else {
            return Err(self.tok_error("expected integer or bitrange"));
        };
        if start < 0 {
            return Err(self.tok_error("invalid range, cannot be negative"));
        }
        let mut end_loc = self.loc();
        let end = match *self.tok() {
            Tok::DotDotDot | Tok::Minus => {
                self.next();
                end_loc = self.loc();
                match self.parse_value(None, None, Mode::Value).ok().and_then(|v| v.as_int()) {
                    Some(e) => e,
                    None => return Err(self.tok_error("expected integer value as end of range")),
                }
            }
            Tok::IntVal(i) => {
                self.next();
                i.wrapping_neg()
            }
            _ => {
                ranges.push(start);
                return Ok(());
            }
        };
        if end < 0 {
            return Err(self.tok_error("invalid range, cannot be negative"));
        }
        // Refused before it is built (a list of ten million integers takes a gigabyte).
        let len = (start - end).unsigned_abs().saturating_add(ranges.len() as u64 + 1);
        if self.rk.limits.exceeds(Limit::ListSize, len) {
            self.rk.limit_exceeded(&[end_loc], Limit::ListSize);
            return Err(Failed);
        }
        if start < end {
            ranges.extend(start..=end);
        } else {
            ranges.extend((end..=start).rev());
        }
        Ok(())
    }

    pub(super) fn parse_range_list(&mut self, out: &mut Vec<i64>) {
        if self.parse_range_piece(out, None).is_err() {
            out.clear();
            return;
        }
        while self.consume(Tok::Comma) {
            if self.parse_range_piece(out, None).is_err() {
                out.clear();
                return;
            }
        }
    }

    fn to_bits(v: Vec<i64>) -> Vec<u32> {
        v.into_iter().map(|x| x.clamp(0, u32::MAX as i64) as u32).collect()
    }

    pub(super) fn parse_optional_range_list(&mut self) -> PResult<Vec<u32>> {
        let start = self.loc();
        if !self.consume(Tok::Less) {
            return Ok(Vec::new());
        }
        let mut r = Vec::new();
        self.parse_range_list(&mut r);
        if r.is_empty() {
            return Err(Failed);
        }
        if !self.consume(Tok::Greater) {
            self.tok_error("expected '>' at end of range list");
            return Err(self.error(start, "to match this '<'"));
        }
        Ok(Self::to_bits(r))
    }

    pub(super) fn parse_optional_bit_list(&mut self) -> PResult<Vec<u32>> {
        let start = self.loc();
        if !self.consume(Tok::LBrace) {
            return Ok(Vec::new());
        }
        let mut r = Vec::new();
        self.parse_range_list(&mut r);
        if r.is_empty() {
            return Err(Failed);
        }
        if !self.consume(Tok::RBrace) {
            self.tok_error("expected '}' at end of bit list");
            return Err(self.error(start, "to match this '{'"));
        }
        Ok(Self::to_bits(r))
    }

    /// LLVM's `ParseIDValue`.
    fn parse_id_value(&mut self, cur: Option<&Record>, name: &str, loc: crate::Loc, mode: Mode) -> PResult<Init> {
        if let Some(v) = self.get_var(cur, name) {
            self.trace_defvar_use(name, loc, v);
            return Ok(v);
        }
        if mode == Mode::Name {
            return Ok(Init::string(name));
        }
        if let Some(g) = self.get_global(name) {
            self.trace_defvar_use(name, loc, g);
            return Ok(g);
        }
        if let Some(c) = cur {
            if !c.is_class() && !self.in_multiclass() && c.name.as_str() == Some(name) {
                let ty = c.ty(&self.rk);
                return Ok(Init::un_op(UnOp::Cast, Init::string(name), ty));
            }
        }
        Err(self.error(loc, format!("Variable not defined: '{name}'")))
    }

    /// Notes (in a traced evaluation) that `name` at `loc`, whose value is `v`, named a `defvar`.
    fn trace_defvar_use(&mut self, name: &str, loc: crate::Loc, v: Init) {
        if let Some(t) = self.trace.as_mut() {
            if t.defvars.get(name).is_some_and(|d| d.1 == v) {
                t.defvar_use(name, loc);
            }
        }
    }

    /// `Value ::= SimpleValue ValueSuffix*`
    pub(super) fn parse_value(&mut self, cur: Option<&Record>, item_ty: Option<Ty>, mode: Mode) -> PResult<Init> {
        self.nested(|p| p.parse_value_inner(cur, item_ty, mode))
    }

    fn parse_value_inner(&mut self, cur: Option<&Record>, item_ty: Option<Ty>, mode: Mode) -> PResult<Init> {
        let lhs_loc = self.loc();
        let mut result = self.parse_simple_value(cur, item_ty, mode)?;
        loop {
            match *self.tok() {
                Tok::LBrace => {
                    if mode == Mode::Name {
                        return Ok(result);
                    }
                    let curly = self.loc();
                    self.next();
                    let mut ranges = Vec::new();
                    self.parse_range_list(&mut ranges);
                    if ranges.is_empty() {
                        return Err(Failed);
                    }
                    ranges.reverse();
                    let bits = Self::to_bits(ranges);
                    match result.convert_bit_range(&bits) {
                        Some(r) => result = r,
                        None => return Err(self.error(curly, "Invalid bit range for value")),
                    }
                    if !self.consume(Tok::RBrace) {
                        return Err(self.tok_error("expected '}' at end of bit range list"));
                    }
                }
                Tok::LSquare => {
                    let Some(lty) = result.ty() else {
                        return Err(self.error(lhs_loc, "Invalid value, list expected"));
                    };
                    let Some(elem) = lty.list_elem() else {
                        return Err(self.error(lhs_loc, format!("Type '{lty}' is invalid, list expected")));
                    };
                    self.next();
                    let rhs = self.parse_slice_elements(cur, true)?;
                    let ci = cur_info(cur);
                    result = if rhs.ty().and_then(|t| t.list_elem()).is_some() {
                        fold::fold_bin_op(&mut self.rk, BinOp::ListSlice, result, rhs, lty, ci.as_ref())
                    } else {
                        fold::fold_bin_op(&mut self.rk, BinOp::ListElem, result, rhs, elem, ci.as_ref())
                    };
                    if !self.consume(Tok::RSquare) {
                        return Err(self.tok_error("expected ']' at end of list slice"));
                    }
                }
                Tok::Dot => {
                    let fname = match self.next() {
                        Tok::Id(s) => s,
                        _ => return Err(self.tok_error("expected field identifier after '.'")),
                    };
                    let Some(fty) = self.field_type(cur, result, fname) else {
                        return Err(self.tok_error(format!("Cannot access field '{fname}' of value '{result}'")));
                    };
                    let ci = cur_info(cur);
                    result = fold::fold_field(&mut self.rk, result, crate::intern::sym(fname), fty, ci.as_ref());
                    self.next();
                }
                Tok::Paste => {
                    let paste_loc = self.loc();
                    let Some(lty) = result.ty() else {
                        return Err(self.error(paste_loc, "LHS of paste is not typed!"));
                    };
                    if lty.list_elem().is_some() {
                        self.next();
                        match self.tok() {
                            Tok::Colon | Tok::Semi | Tok::LBrace => {}
                            _ => {
                                let rhs = self.parse_value(cur, item_ty, Mode::Value)?;
                                result = fold::list_concat(result, rhs);
                            }
                        }
                        continue;
                    }
                    let ci = cur_info(cur);
                    let mut lhs = result;
                    if !lty.is_string() {
                        let c = fold::fold_un_op(&mut self.rk, UnOp::Cast, lhs, Ty::string(), ci.as_ref(), false);
                        if c.ty().is_none() {
                            return Err(self.error(paste_loc, format!("can't cast '{lhs}' to string")));
                        }
                        lhs = c;
                    }
                    self.next();
                    let rhs = match self.tok() {
                        Tok::Colon | Tok::Semi | Tok::LBrace => Init::string(""),
                        _ => {
                            let r = self.parse_value(cur, None, Mode::Name)?;
                            let Some(rty) = r.ty() else {
                                return Err(self.error(paste_loc, "RHS of paste is not typed!"));
                            };
                            if !rty.is_string() {
                                let c = fold::fold_un_op(&mut self.rk, UnOp::Cast, r, Ty::string(), ci.as_ref(), false);
                                if c.ty().is_none() {
                                    return Err(self.error(paste_loc, format!("can't cast '{r}' to string")));
                                }
                                c
                            } else {
                                r
                            }
                        }
                    };
                    result = fold::str_concat(lhs, rhs);
                }
                _ => return Ok(result),
            }
        }
    }

    /// LLVM's `getFieldType` of a value.
    /// A class being defined is only complete in `cur` (the arena holds a stub until its end).
    fn field_type(&self, cur: Option<&Record>, v: Init, name: &str) -> Option<Ty> {
        if let InitKind::Def(id, _, _) = v.kind() {
            return self.rk.get(*id).value_by_str(name).map(|rv| rv.ty);
        }
        let t = v.ty()?;
        for &(c, _) in t.record_classes() {
            let class = self.rk.get(c);
            let live = match cur {
                Some(r) if r.is_class() && r.name == class.name => r,
                _ => class,
            };
            if let Some(rv) = live.value_by_str(name) {
                return Some(rv.ty);
            }
        }
        None
    }

    fn parse_slice_element(&mut self, cur: Option<&Record>) -> PResult<Init> {
        let lhs_loc = self.loc();
        let lhs = self.parse_value(cur, None, Mode::Value)?;
        let rhs = match *self.tok() {
            Tok::DotDotDot | Tok::Minus => {
                self.next();
                let rloc = self.loc();
                let r = self.parse_value(cur, None, Mode::Value)?;
                let rt = r.ty();
                if !rt.map(|t| t.is_int()).unwrap_or(false) {
                    let ts = rt.map(|t| t.to_string()).unwrap_or_default();
                    return Err(self.error(rloc, format!("expected int...int, got {ts}")));
                }
                r
            }
            Tok::IntVal(i) => {
                let i = i.wrapping_neg();
                if i < 0 {
                    return Err(self.tok_error("invalid range, cannot be negative"));
                }
                self.next();
                Init::int(i)
            }
            _ => return Ok(lhs),
        };
        let lt = lhs.ty();
        if !lt.map(|t| t.is_int()).unwrap_or(false) {
            let ts = lt.map(|t| t.to_string()).unwrap_or_default();
            return Err(self.error(lhs_loc, format!("expected int...int, got {ts}")));
        }
        let ci = cur_info(cur);
        Ok(fold::fold_bin_op(&mut self.rk, BinOp::RangeC, lhs, rhs, Ty::list(Ty::int()), ci.as_ref()))
    }

    fn parse_slice_elements(&mut self, cur: Option<&Record>, mut single: bool) -> PResult<Init> {
        let mut elems: Vec<Init> = Vec::new();
        let mut slices: Vec<Init> = Vec::new();
        let mut cur_val: Option<Init>;
        loop {
            let lhs_loc = self.loc();
            let v = self.parse_slice_element(cur)?;
            cur_val = Some(v);
            let vt = v.ty();
            match vt {
                Some(t) if t.list_elem().is_some() => {
                    if !t.list_elem().map(|e| e.is_int()).unwrap_or(false) {
                        return Err(self.error(lhs_loc, format!("expected list<int>, got {t}")));
                    }
                    if !elems.is_empty() {
                        slices.push(Init::list(&elems, Ty::int()));
                        elems.clear();
                    }
                    slices.push(v);
                    single = false;
                    cur_val = None;
                }
                Some(t) if t.is_int() => {}
                other => {
                    let ts = other.map(|t| t.to_string()).unwrap_or_default();
                    return Err(self.error(lhs_loc, format!("unhandled type {ts} in range")));
                }
            }
            if !self.at(Tok::Comma) {
                break;
            }
            self.next();
            single = false;
            if let Some(c) = cur_val.take() {
                elems.push(c);
            }
            if self.at(Tok::RSquare) {
                break;
            }
        }
        if let Some(c) = cur_val {
            if single {
                return Ok(c);
            }
            elems.push(c);
        }
        if !elems.is_empty() {
            slices.push(Init::list(&elems, Ty::int()));
        }
        let mut result: Option<Init> = None;
        for s in slices {
            result = Some(match result {
                Some(r) => fold::list_concat(r, s),
                None => s,
            });
        }
        result.ok_or(Failed)
    }

    fn parse_value_list(&mut self, cur: Option<&Record>, item_ty: Option<Ty>) -> PResult<Vec<Init>> {
        let mut out = vec![self.parse_value(cur, item_ty, Mode::Value)?];
        while self.consume(Tok::Comma) {
            if self.at(Tok::RSquare) {
                break;
            }
            out.push(self.parse_value(cur, item_ty, Mode::Value)?);
        }
        Ok(out)
    }

    /// The arguments of `Class<...>` after the `<`, as `Arg` values.
    /// `Value, ..., name = Value, ... '>'` after the `<`: the argument values (`Arg` values) and
    /// where each value starts.
    pub(super) fn parse_template_arg_value_list(
        &mut self,
        cur: Option<&Record>,
        args_rec: &Record,
        is_defm: bool,
    ) -> PResult<(Vec<Init>, Vec<Span>)> {
        let mut out = Vec::new();
        let mut locs = Vec::new();
        if self.consume(Tok::Greater) {
            return Ok((out, locs));
        }
        let targs = args_rec.template_args.clone();
        let mut has_named = false;
        let mut idx = 0usize;
        loop {
            if idx >= targs.len() {
                return Err(self.tok_error(format!("Too many template arguments: {}", idx + 1)));
            }
            let vloc = self.loc();
            let ty = if has_named { None } else { args_rec.value(targs[idx]).map(|v| v.ty) };
            let value = self.parse_value(cur, ty, Mode::Value)?;
            if self.at(Tok::Equal) {
                let Some(name) = value.as_str().filter(|_| matches!(value.kind(), InitKind::Str(_, false))) else {
                    return Err(self.error(vloc, "The name of named argument should be a valid identifier"));
                };
                let qname = Self::qualify(args_rec, name, if is_defm { "::" } else { ":" });
                let Some(named) = args_rec.value(qname) else {
                    return Err(self.error(vloc, format!("Argument \"{name}\" doesn't exist")));
                };
                let nty = named.ty;
                self.next();
                let vloc = self.loc();
                let v = self.parse_value(cur, Some(nty), Mode::Value)?;
                if v.is_unset() {
                    return Err(self
                        .error(vloc, format!("The value of named argument should be initialized, but we got '{v}'")));
                }
                out.push(Init::arg(v, ArgKey::Named(qname)));
                locs.push(Span { start: vloc, end: self.loc() });
                has_named = true;
            } else {
                if has_named {
                    return Err(self.error(vloc, "Positional argument should be put before named argument"));
                }
                out.push(Init::arg(value, ArgKey::Pos(idx as u32)));
                locs.push(Span { start: vloc, end: self.loc() });
            }
            if self.consume(Tok::Greater) {
                return Ok((out, locs));
            }
            if !self.consume(Tok::Comma) {
                return Err(self.tok_error("Expected comma before next argument"));
            }
            idx += 1;
        }
    }

    fn parse_dag_arg_list(&mut self, cur: Option<&Record>) -> PResult<Vec<(Init, Option<crate::intern::Sym>)>> {
        let mut out = Vec::new();
        loop {
            if let Tok::VarName(n) = *self.tok() {
                out.push((Init::unset(), Some(crate::intern::sym(n))));
                self.next();
            } else {
                let v = self.parse_value(cur, None, Mode::Value)?;
                let mut name = None;
                if self.at(Tok::Colon) {
                    match self.next() {
                        Tok::VarName(n) => {
                            name = Some(crate::intern::sym(n));
                            self.next();
                        }
                        _ => return Err(self.tok_error("expected variable name in dag literal")),
                    }
                }
                out.push((v, name));
            }
            if !self.consume(Tok::Comma) {
                return Ok(out);
            }
        }
    }

    /// `SimpleValue`: everything but the suffixes.
    fn parse_simple_value(&mut self, cur: Option<&Record>, item_ty: Option<Ty>, mode: Mode) -> PResult<Init> {
        if let Tok::Bang(op) = *self.tok() {
            return self.parse_operation(cur, item_ty, op);
        }
        match *self.tok() {
            Tok::KwTrue => {
                self.next();
                Ok(Init::int(1))
            }
            Tok::KwFalse => {
                self.next();
                Ok(Init::int(0))
            }
            Tok::IntVal(v) => {
                self.next();
                Ok(Init::int(v))
            }
            Tok::BinaryIntVal(v, n) => {
                let bits: Vec<Init> = (0..n).map(|i| Init::bit(i < 64 && (v >> i) & 1 != 0)).collect();
                self.next();
                Ok(Init::bits(&bits))
            }
            Tok::StrVal(s) => {
                self.next();
                if !matches!(self.tok(), Tok::StrVal(_)) {
                    return Ok(Init::string(s));
                }
                // Adjacent literals are one string.
                let mut val = s.to_string();
                while let Tok::StrVal(more) = *self.tok() {
                    val.push_str(more);
                    self.next();
                }
                Ok(Init::string(&val))
            }
            Tok::CodeFragment(s) => {
                self.next();
                Ok(Init::code(s))
            }
            Tok::Question => {
                self.next();
                Ok(Init::unset())
            }
            Tok::Id(name) => {
                let loc = self.loc();
                let next = self.next();
                if next == Tok::Equal {
                    return Ok(Init::string(name));
                }
                if next != Tok::Less {
                    return self.parse_id_value(cur, name, loc, mode);
                }
                let Some(class) = self.rk.class(name) else {
                    return Err(self.error(loc, format!("Expected a class name, got '{name}'")));
                };
                self.next();
                let class_rec = self.class_args_view(class);
                let (mut args, arg_spans) = self.parse_template_arg_value_list(cur, &class_rec, false)?;
                self.check_template_arg_values(&mut args, loc, &arg_spans, &class_rec)?;
                self.resolve_arguments(&class_rec, &args, loc)?;
                let vd = Init::new(InitKind::VarDef(class, self.rk.name_sym(class), args.into()));
                if self.rk.dialect().anonymous_def_at_use {
                    self.rk.vardef_locs.entry(vd).or_insert(loc);
                }
                Ok(fold::fold_vardef(&mut self.rk, vd))
            }
            Tok::LBrace => {
                let brace = self.loc();
                self.next();
                let mut vals = Vec::new();
                if !self.at(Tok::RBrace) {
                    vals = self.parse_value_list(cur, None)?;
                }
                if !self.consume(Tok::RBrace) {
                    return Err(self.tok_error("expected '}' at end of bit list value"));
                }
                let mut new_bits = Vec::new();
                for (i, v) in vals.iter().enumerate() {
                    if let InitKind::Bits(b) = v.kind() {
                        new_bits.extend(b.iter().rev().copied());
                        continue;
                    }
                    if let InitKind::Var(_, t) = v.kind() {
                        if let Some(n) = t.bits_width() {
                            new_bits.extend((0..n).rev().map(|k| v.get_bit_in(k, self.rk.dialect())));
                            continue;
                        }
                    }
                    match fold::get_cast_to(&mut self.rk, *v, Ty::bit()) {
                        Some(b) => new_bits.push(b),
                        None => {
                            return Err(self.error(brace, format!("Element #{i} ({v}) is not convertable to a bit")))
                        }
                    }
                }
                new_bits.reverse();
                Ok(Init::bits(&new_bits))
            }
            Tok::LSquare => {
                self.next();
                let mut given_list = None;
                if let Some(t) = item_ty {
                    match t.list_elem() {
                        Some(_) => given_list = Some(t),
                        None => return Err(self.tok_error(format!("Encountered a list when expecting a {t}"))),
                    }
                }
                let mut vals = Vec::new();
                if !self.at(Tok::RSquare) {
                    vals = self.parse_value_list(cur, given_list.and_then(|t| t.list_elem()))?;
                }
                if !self.consume(Tok::RSquare) {
                    return Err(self.tok_error("expected ']' at end of list value"));
                }
                let mut given_elt = None;
                if self.consume(Tok::Less) {
                    given_elt = Some(self.parse_type()?);
                    if !self.consume(Tok::Greater) {
                        return Err(self.tok_error("expected '>' at end of list element type"));
                    }
                }
                let mut elt: Option<Ty> = None;
                for v in &vals {
                    if let Some(t) = v.ty() {
                        elt = match elt {
                            Some(e) => match resolve_types(&self.rk, e, t) {
                                Some(r) => Some(r),
                                None => return Err(self.tok_error("Incompatible types in list elements")),
                            },
                            None => Some(t),
                        };
                    }
                }
                if let Some(g) = given_elt {
                    if let Some(e) = elt {
                        if !e.is_convertible_to(&self.rk, g) {
                            return Err(self.tok_error("Incompatible types in list elements"));
                        }
                    }
                    elt = Some(g);
                }
                let deduced = match elt {
                    None => match given_list.and_then(|t| t.list_elem()) {
                        Some(t) => t,
                        None => return Err(self.tok_error("No type for list")),
                    },
                    Some(e) => {
                        if let Some(ge) = given_list.and_then(|t| t.list_elem()) {
                            if !e.is_convertible_to(&self.rk, ge) {
                                return Err(self.tok_error(format!(
                                    "Element type mismatch for list: element type '{e}' not convertible to '{ge}"
                                )));
                            }
                        }
                        e
                    }
                };
                Ok(Init::list(&vals, deduced))
            }
            Tok::LParen => {
                self.next();
                let list_operator = self.rk.dialect().dag_operator_may_be_list;
                if !(matches!(
                    self.tok(),
                    Tok::Id(_) | Tok::Question | Tok::Bang(BangOp::Cast) | Tok::Bang(BangOp::GetDagOp)
                ) || (list_operator && self.at(Tok::LSquare)))
                {
                    return Err(self.tok_error(if list_operator {
                        "expected identifier or list of value types in dag init"
                    } else {
                        "expected identifier in dag init"
                    }));
                }
                let op = self.parse_value(cur, None, Mode::Value)?;
                let mut op_name = None;
                if self.consume(Tok::Colon) {
                    match *self.tok() {
                        Tok::VarName(n) => {
                            op_name = Some(crate::intern::sym(n));
                            self.next();
                        }
                        _ => return Err(self.tok_error("expected variable name in dag operator")),
                    }
                }
                let mut args = Vec::new();
                if !self.at(Tok::RParen) {
                    args = self.parse_dag_arg_list(cur)?;
                }
                if !self.consume(Tok::RParen) {
                    return Err(self.tok_error("expected ')' in dag init"));
                }
                Ok(Init::dag(op, op_name, &args))
            }
            _ => Err(self.tok_error("Unknown or reserved token when parsing a value")),
        }
    }

    fn expect(&mut self, t: Tok, msg: &str) -> PResult<()> {
        if self.consume(t) {
            Ok(())
        } else {
            Err(self.tok_error(msg))
        }
    }

    /// A temporary record scope holding loop or fold variables while their body is parsed.
    fn with_vars<T>(
        &mut self,
        cur: Option<&Record>,
        vars: &[(Init, Ty)],
        f: impl FnOnce(&mut Self, &Record) -> T,
    ) -> T {
        let mut tmp = match cur {
            Some(c) => c.clone(),
            None => Record::new(Init::string(".parse"), vec![], RecordKind::Def),
        };
        for &(n, t) in vars {
            tmp.values.push(RecordVal::new(n, crate::Loc::NONE, t, false));
        }
        self.push_scope(super::ScopeKind::Record);
        let r = f(self, &tmp);
        self.pop_scope();
        r
    }

    /// `!op ...`: every bang operator (LLVM's ParseOperation).
    fn parse_operation(&mut self, cur: Option<&Record>, item_ty: Option<Ty>, op: BangOp) -> PResult<Init> {
        use BangOp as B;
        let ci = cur_info(cur);
        match op {
            B::Not
            | B::ToLower
            | B::ToUpper
            | B::ListFlatten
            | B::LogTwo
            | B::Head
            | B::Tail
            | B::Size
            | B::Empty
            | B::Cast
            | B::Repr
            | B::GetDagOp
            | B::GetDagOpName
            | B::Initialized => {
                self.next();
                let (code, mut ty) = match op {
                    B::Cast => {
                        let Ok(t) = self.parse_operator_type() else {
                            return Err(self.tok_error("did not get type for unary operator"));
                        };
                        (UnOp::Cast, Some(t))
                    }
                    B::Repr => (UnOp::Repr, Some(Ty::string())),
                    B::ToLower => (UnOp::ToLower, Some(Ty::string())),
                    B::ToUpper => (UnOp::ToUpper, Some(Ty::string())),
                    B::Not => (UnOp::Not, Some(Ty::int())),
                    B::LogTwo => (UnOp::LogTwo, Some(Ty::int())),
                    B::Head => (UnOp::Head, None),
                    B::Tail => (UnOp::Tail, None),
                    B::Size => (UnOp::Size, Some(Ty::int())),
                    B::Empty => (UnOp::Empty, Some(Ty::int())),
                    // The type is worked out from the operand below.
                    B::ListFlatten => (UnOp::ListFlatten, Some(Ty::int())),
                    B::GetDagOpName => (UnOp::GetDagOpName, Some(Ty::string())),
                    B::Initialized => (UnOp::Initialized, Some(Ty::int())),
                    _ => {
                        let t = if self.at(Tok::Less) {
                            let Ok(t) = self.parse_operator_type() else {
                                return Err(self.tok_error("did not get type for unary operator"));
                            };
                            if !t.is_record() {
                                self.tok_error("type for !getdagop must be a record type");
                            }
                            t
                        } else {
                            Ty::record(&[])
                        };
                        (UnOp::GetDagOp, Some(t))
                    }
                };
                self.expect(Tok::LParen, "expected '(' after unary operator")?;
                let lhs = self.parse_value(cur, None, Mode::Value)?;
                if matches!(code, UnOp::Empty | UnOp::Size) {
                    let ok = match lhs.ty() {
                        Some(t) => t.list_elem().is_some() || t.is_string() || t.is_dag(),
                        None => false,
                    };
                    if !ok {
                        return Err(self.tok_error("expected string, list, or dag type argument in unary operator"));
                    }
                }
                if matches!(code, UnOp::Head | UnOp::Tail | UnOp::ListFlatten) {
                    let Some(lt) = lhs.ty().filter(|t| t.list_elem().is_some()) else {
                        return Err(self.tok_error("expected list type argument in unary operator"));
                    };
                    if let InitKind::List(e, _) = lhs.kind() {
                        if e.is_empty() {
                            return Err(self.tok_error("empty list argument in unary operator"));
                        }
                        let Some(it) = e[0].ty() else {
                            return Err(self.tok_error("untyped list element in unary operator"));
                        };
                        ty = Some(if code == UnOp::Tail { Ty::list(it) } else { it });
                    } else {
                        ty = Some(if code == UnOp::Tail { lt } else { lt.list_elem().unwrap_or(lt) });
                    }
                    if code == UnOp::ListFlatten {
                        // list<list<X>> flattens to list<X>; a list of non-lists is left as it is.
                        ty = ty.map(|elem| Ty::list(elem.list_elem().unwrap_or(elem)));
                    }
                }
                self.expect(Tok::RParen, "expected ')' in unary operator")?;
                let ty = ty.unwrap_or_else(Ty::int);
                Ok(fold::fold_un_op(&mut self.rk, code, lhs, ty, ci.as_ref(), false))
            }
            B::IsA => {
                self.next();
                let t = self.parse_operator_type()?;
                self.expect(Tok::LParen, "expected '(' after type of !isa")?;
                let lhs = self.parse_value(cur, None, Mode::Value)?;
                self.expect(Tok::RParen, "expected ')' in !isa")?;
                Ok(fold::fold_isa(&mut self.rk, t, lhs))
            }
            B::Exists => {
                self.next();
                let t = self.parse_operator_type()?;
                self.expect(Tok::LParen, "expected '(' after type of !exists")?;
                let eloc = self.loc();
                let e = self.parse_value(cur, None, Mode::Value)?;
                let Some(et) = e.ty() else {
                    return Err(self.error(eloc, "expected string type argument in !exists operator"));
                };
                if et.is_record() {
                    return Err(
                        self.error(eloc, "expected string type argument in !exists operator, please use !isa instead")
                    );
                }
                if !et.is_string() {
                    return Err(self.error(eloc, "expected string type argument in !exists operator"));
                }
                self.expect(Tok::RParen, "expected ')' in !exists")?;
                Ok(fold::fold_exists(&mut self.rk, t, e, ci.as_ref(), false))
            }
            B::Con
            | B::Add
            | B::Sub
            | B::Mul
            | B::Div
            | B::And
            | B::Or
            | B::Xor
            | B::Sra
            | B::Srl
            | B::Shl
            | B::Eq
            | B::Ne
            | B::Le
            | B::Lt
            | B::Ge
            | B::Gt
            | B::ListConcat
            | B::ListSplat
            | B::ListRemove
            | B::StrConcat
            | B::Interleave
            | B::GetDagArg
            | B::GetDagName
            | B::SetDagOp
            | B::SetDagOpName
            | B::Match => self.parse_bin_op(cur, item_ty, op, ci),
            B::ForEach | B::Filter | B::Sort => self.parse_foreach_filter(cur, item_ty, op, ci),
            B::Range => self.parse_range_op(cur, ci),
            B::SetDagArg | B::SetDagName | B::Dag | B::If | B::Subst => self.parse_tern_op(cur, item_ty, op, ci),
            B::Substr => self.parse_substr_find(cur, item_ty, true, ci),
            B::Find => self.parse_substr_find(cur, item_ty, false, ci),
            B::Cond => self.parse_cond(cur, item_ty, ci),
            B::Foldl => self.parse_foldl(cur, ci),
            B::Switch => self.parse_switch(cur, item_ty, ci),
            B::Instances => {
                self.next();
                let t = self.parse_operator_type()?;
                self.expect(Tok::LParen, "expected '(' after type of !instances")?;
                let regex = if self.at(Tok::RParen) {
                    Init::string(".*")
                } else {
                    let rloc = self.loc();
                    let r = self.parse_value(cur, None, Mode::Value)?;
                    if !r.ty().is_some_and(|t| t.is_string()) {
                        return Err(self.error(rloc, "expected string type argument in !instances operator"));
                    }
                    r
                };
                self.expect(Tok::RParen, "expected ')' in !instances")?;
                Ok(fold::fold_instances(&mut self.rk, t, regex, ci.as_ref(), false))
            }
        }
    }

    fn parse_bin_op(
        &mut self,
        cur: Option<&Record>,
        item_ty: Option<Ty>,
        op: BangOp,
        ci: Option<CurRec>,
    ) -> PResult<Init> {
        use BangOp as B;
        let op_loc = self.loc();
        self.next();
        let code = match op {
            B::Con => BinOp::Concat,
            B::Add => BinOp::Add,
            B::Sub => BinOp::Sub,
            B::Mul => BinOp::Mul,
            B::Div => BinOp::Div,
            B::And => BinOp::And,
            B::Or => BinOp::Or,
            B::Xor => BinOp::Xor,
            B::Sra => BinOp::Sra,
            B::Srl => BinOp::Srl,
            B::Shl => BinOp::Shl,
            B::Eq => BinOp::Eq,
            B::Ne => BinOp::Ne,
            B::Le => BinOp::Le,
            B::Lt => BinOp::Lt,
            B::Ge => BinOp::Ge,
            B::Gt => BinOp::Gt,
            B::ListConcat => BinOp::ListConcat,
            B::ListSplat => BinOp::ListSplat,
            B::ListRemove => BinOp::ListRemove,
            B::StrConcat => BinOp::StrConcat,
            B::Interleave => BinOp::Interleave,
            B::SetDagOp => BinOp::SetDagOp,
            B::GetDagArg => BinOp::GetDagArg,
            B::SetDagOpName => BinOp::SetDagOpName,
            B::Match => BinOp::Match,
            _ => BinOp::GetDagName,
        };
        let (mut ty, mut arg_ty): (Option<Ty>, Option<Ty>) = match code {
            BinOp::Concat | BinOp::SetDagOp | BinOp::SetDagOpName => (Some(Ty::dag()), Some(Ty::dag())),
            BinOp::Match => (Some(Ty::bit()), Some(Ty::string())),
            BinOp::GetDagArg => {
                let Ok(t) = self.parse_operator_type() else {
                    return Err(self.tok_error("did not get type for !getdagarg operator"));
                };
                (Some(t), Some(Ty::dag()))
            }
            BinOp::GetDagName => (Some(Ty::string()), Some(Ty::dag())),
            BinOp::And
            | BinOp::Or
            | BinOp::Xor
            | BinOp::Sra
            | BinOp::Srl
            | BinOp::Shl
            | BinOp::Add
            | BinOp::Sub
            | BinOp::Mul
            | BinOp::Div => (Some(Ty::int()), Some(Ty::int())),
            BinOp::Eq | BinOp::Ne | BinOp::Le | BinOp::Lt | BinOp::Ge | BinOp::Gt => (Some(Ty::bit()), None),
            BinOp::ListConcat | BinOp::ListRemove => (None, item_ty),
            BinOp::ListSplat => (None, None),
            BinOp::StrConcat => (Some(Ty::string()), Some(Ty::string())),
            _ => (Some(Ty::string()), None),
        };
        if let (Some(t), Some(it)) = (ty, item_ty) {
            if !t.is_convertible_to(&self.rk, it) {
                return Err(self.error(op_loc, format!("expected value of type '{it}', got '{t}'")));
            }
        }
        self.expect(Tok::LParen, "expected '(' after binary operator")?;
        let mut list: Vec<Init> = Vec::new();
        loop {
            let init_loc = self.loc();
            let v = self.parse_value(cur, arg_ty, Mode::Value)?;
            list.push(v);
            let Some(lt) = v.ty() else {
                return Err(self.error(op_loc, format!("expected value to be a typed value, got '{v}'")));
            };
            match arg_ty {
                None => {
                    arg_ty = Some(lt);
                    match code {
                        BinOp::ListConcat | BinOp::ListRemove if lt.list_elem().is_none() => {
                            return Err(self.error(init_loc, format!("expected a list, got value of type '{lt}'")));
                        }
                        BinOp::ListSplat => {
                            if let (Some(it), 1) = (item_ty, list.len()) {
                                if it.list_elem().is_none() {
                                    return Err(self
                                        .error(op_loc, format!("expected output type to be a list, got type '{it}'")));
                                }
                                if !Ty::list(lt).is_convertible_to(&self.rk, it) {
                                    let ie = it.list_elem().map(|e| e.to_string()).unwrap_or_default();
                                    return Err(self.error(
                                        op_loc,
                                        format!("expected first arg type to be '{lt}', got value of type '{ie}'"),
                                    ));
                                }
                            }
                            if list.len() == 2 && !lt.is_int() {
                                return Err(self.error(
                                    init_loc,
                                    format!("expected second parameter to be an int, got value of type '{lt}'"),
                                ));
                            }
                            arg_ty = None;
                        }
                        BinOp::Eq | BinOp::Ne
                            if !lt.is_convertible_to(&self.rk, Ty::int())
                                && !lt.is_convertible_to(&self.rk, Ty::string())
                                && !lt.is_convertible_to(&self.rk, Ty::record(&[])) =>
                        {
                            return Err(self.error(
                                init_loc,
                                format!("expected bit, bits, int, string, or record; got value of type '{lt}'"),
                            ));
                        }
                        BinOp::GetDagArg | BinOp::Le | BinOp::Lt | BinOp::Ge | BinOp::Gt
                            if !lt.is_convertible_to(&self.rk, Ty::int())
                                && !lt.is_convertible_to(&self.rk, Ty::string()) =>
                        {
                            return Err(self.error(
                                init_loc,
                                format!("expected bit, bits, int, or string; got value of type '{lt}'"),
                            ));
                        }
                        BinOp::Interleave => {
                            match list.len() {
                                1 if lt != Ty::list(Ty::string())
                                    && !lt.is_convertible_to(&self.rk, Ty::list(Ty::int())) =>
                                {
                                    return Err(self.error(
                                        init_loc,
                                        format!("expected list of string, int, bits, or bit; got value of type '{lt}'"),
                                    ));
                                }
                                2 if !lt.is_string() => {
                                    return Err(self.error(
                                        init_loc,
                                        format!("expected second argument to be a string, got value of type '{lt}'"),
                                    ));
                                }
                                _ => {}
                            }
                            arg_ty = None;
                        }
                        _ => {}
                    }
                }
                Some(at) => {
                    let Some(resolved) = resolve_types(&self.rk, at, lt) else {
                        return Err(self.error(init_loc, format!("expected value of type '{at}', got '{lt}'")));
                    };
                    if !matches!(
                        code,
                        BinOp::Add
                            | BinOp::Sub
                            | BinOp::And
                            | BinOp::Or
                            | BinOp::Xor
                            | BinOp::Sra
                            | BinOp::Srl
                            | BinOp::Shl
                            | BinOp::Mul
                            | BinOp::Div
                    ) {
                        arg_ty = Some(resolved);
                    }
                }
            }
            match code {
                BinOp::SetDagOp => arg_ty = Some(Ty::record(&[])),
                BinOp::SetDagOpName => arg_ty = Some(Ty::string()),
                BinOp::GetDagArg => arg_ty = None,
                BinOp::GetDagName => arg_ty = Some(Ty::int()),
                _ => {}
            }
            if !self.consume(Tok::Comma) {
                break;
            }
        }
        self.expect(Tok::RParen, "expected ')' in operator")?;
        match code {
            BinOp::ListConcat | BinOp::ListRemove => ty = arg_ty,
            BinOp::ListSplat => ty = list[0].ty().map(Ty::list),
            _ => {}
        }
        let ty = ty.unwrap_or_else(Ty::string);
        if matches!(
            code,
            BinOp::StrConcat
                | BinOp::ListConcat
                | BinOp::Concat
                | BinOp::Add
                | BinOp::And
                | BinOp::Or
                | BinOp::Xor
                | BinOp::Mul
        ) {
            while list.len() > 2 {
                let rhs = list.pop().unwrap_or_else(Init::unset);
                let lhs = list.pop().unwrap_or_else(Init::unset);
                let f = fold::fold_bin_op(&mut self.rk, code, lhs, rhs, ty, ci.as_ref());
                list.push(f);
            }
        }
        if list.len() == 2 {
            return Ok(fold::fold_bin_op(&mut self.rk, code, list[0], list[1], ty, ci.as_ref()));
        }
        Err(self.error(op_loc, "expected two operands to operator"))
    }

    fn parse_range_op(&mut self, cur: Option<&Record>, ci: Option<CurRec>) -> PResult<Init> {
        let op_loc = self.loc();
        self.next();
        self.expect(Tok::LParen, "expected '(' after !range operator")?;
        let mut args: Vec<Init> = Vec::new();
        let mut first_is_list = false;
        loop {
            if args.len() >= 3 {
                return Err(self.tok_error("expected at most three values of integer"));
            }
            let init_loc = self.loc();
            let v = self.parse_value(cur, None, Mode::Value)?;
            args.push(v);
            let Some(t) = v.ty() else {
                return Err(self.error(op_loc, format!("expected value to be a typed value, got '{v}'")));
            };
            if !first_is_list || args.len() == 1 {
                if args.len() == 1 && t.list_elem().is_some() {
                    first_is_list = true;
                } else if t.is_int() {
                } else if args.len() != 1 {
                    return Err(self.error(init_loc, format!("expected value of type 'int', got '{t}'")));
                } else {
                    return Err(self.error(init_loc, format!("expected list or int, got value of type '{t}'")));
                }
            } else {
                return Err(self.error(init_loc, format!("expected one list, got extra value of type '{t}'")));
            }
            if !self.consume(Tok::Comma) {
                break;
            }
        }
        self.expect(Tok::RParen, "expected ')' in operator")?;
        let (lhs, mhs, rhs) = if args.len() == 1 {
            if first_is_list {
                let size = fold::fold_un_op(&mut self.rk, UnOp::Size, args[0], Ty::int(), ci.as_ref(), false);
                (Init::int(0), size, Init::int(1))
            } else {
                (Init::int(0), args[0], Init::int(1))
            }
        } else {
            (args[0], args[1], if args.len() == 3 { args[2] } else { Init::int(1) })
        };
        Ok(fold::fold_tern_op(&mut self.rk, TernOp::Range, lhs, mhs, rhs, Ty::list(Ty::int()), ci.as_ref()))
    }

    fn parse_tern_op(
        &mut self,
        cur: Option<&Record>,
        item_ty: Option<Ty>,
        op: BangOp,
        ci: Option<CurRec>,
    ) -> PResult<Init> {
        use BangOp as B;
        self.next();
        let mut item_ty = item_ty;
        let (code, mut ty) = match op {
            B::Dag => {
                item_ty = None;
                (TernOp::Dag, Some(Ty::dag()))
            }
            B::If => (TernOp::If, None),
            B::Subst => (TernOp::Subst, None),
            B::SetDagArg => {
                item_ty = None;
                (TernOp::SetDagArg, Some(Ty::dag()))
            }
            _ => {
                item_ty = None;
                (TernOp::SetDagName, Some(Ty::dag()))
            }
        };
        self.expect(Tok::LParen, "expected '(' after ternary operator")?;
        let lhs = self.parse_value(cur, None, Mode::Value)?;
        self.expect(Tok::Comma, "expected ',' in ternary operator")?;
        let mhs_loc = self.loc();
        let mhs = self.parse_value(cur, item_ty, Mode::Value)?;
        self.expect(Tok::Comma, "expected ',' in ternary operator")?;
        let rhs_loc = self.loc();
        let rhs = self.parse_value(cur, item_ty, Mode::Value)?;
        self.expect(Tok::RParen, "expected ')' in binary operator")?;
        match code {
            TernOp::Dag => {
                let mt = mhs.ty();
                if mt.is_none() && !mhs.is_unset() {
                    return Err(self.error(mhs_loc, "could not determine type of the child list in !dag"));
                }
                if let Some(t) = mt {
                    if t.list_elem().is_none() {
                        return Err(self.error(mhs_loc, format!("expected list of children, got type '{t}'")));
                    }
                }
                let rt = rhs.ty();
                if rt.is_none() && !rhs.is_unset() {
                    return Err(self.error(rhs_loc, "could not determine type of the name list in !dag"));
                }
                if let Some(t) = rt {
                    if t != Ty::list(Ty::string()) {
                        return Err(self.error(rhs_loc, format!("expected list<string>, got type '{t}'")));
                    }
                }
                if mt.is_none() && rt.is_none() {
                    return Err(self.error(mhs_loc, "cannot have both unset children and unset names in !dag"));
                }
            }
            TernOp::If => {
                let mut mt = mhs.ty();
                let mut rt = rhs.ty();
                if mhs.is_unset() {
                    mt = rt;
                }
                if rhs.is_unset() {
                    rt = mt;
                }
                let (Some(m), Some(r)) = (mt, rt) else {
                    return Err(self.tok_error("could not get type for !if"));
                };
                match resolve_types(&self.rk, m, r) {
                    Some(t) => ty = Some(t),
                    None => return Err(self.tok_error(format!("inconsistent types '{m}' and '{r}' for !if"))),
                }
            }
            TernOp::Subst => match rhs.ty() {
                Some(t) => ty = Some(t),
                None => return Err(self.tok_error("could not get type for !subst")),
            },
            TernOp::SetDagArg | TernOp::SetDagName => {
                let ok = mhs.ty().map(|t| t.is_int() || t.is_string()).unwrap_or(false);
                if !ok {
                    let got = match mhs.ty() {
                        Some(t) => format!("type '{t}"),
                        None => format!("'{mhs}"),
                    };
                    return Err(self.error(mhs_loc, format!("expected integer index or string name, got {got}'")));
                }
                if code == TernOp::SetDagName {
                    if let Some(t) = rhs.ty() {
                        if !t.is_string() {
                            return Err(self.error(rhs_loc, format!("expected string or unset name, got type '{t}'")));
                        }
                    }
                }
            }
            _ => {}
        }
        let ty = ty.unwrap_or_else(Ty::dag);
        Ok(fold::fold_tern_op(&mut self.rk, code, lhs, mhs, rhs, ty, ci.as_ref()))
    }

    fn parse_substr_find(
        &mut self,
        cur: Option<&Record>,
        item_ty: Option<Ty>,
        substr: bool,
        ci: Option<CurRec>,
    ) -> PResult<Init> {
        let name = if substr { "!substr" } else { "!find" };
        let ty = if substr { Ty::string() } else { Ty::int() };
        self.next();
        self.expect(Tok::LParen, &format!("expected '(' after {name} operator"))?;
        let lhs = self.parse_value(cur, None, Mode::Value)?;
        self.expect(Tok::Comma, &format!("expected ',' in {name} operator"))?;
        let mhs_loc = self.loc();
        let mhs = self.parse_value(cur, None, Mode::Value)?;
        let mut rhs_loc = self.loc();
        let rhs = if self.consume(Tok::Comma) {
            rhs_loc = self.loc();
            self.parse_value(cur, None, Mode::Value)?
        } else if substr {
            Init::int(i64::MAX)
        } else {
            Init::int(0)
        };
        self.expect(Tok::RParen, &format!("expected ')' in {name} operator"))?;
        if let Some(it) = item_ty {
            if !ty.is_convertible_to(&self.rk, it) {
                self.rk.error(&[rhs_loc], format!("expected value of type '{it}', got '{ty}'"));
            }
        }
        let what = if substr {
            ("string in !substr", "start position in !substr", "length in !substr")
        } else {
            ("source string in !find", "target string in !find", "start position in !find")
        };
        match lhs.ty() {
            None if !lhs.is_unset() => {
                return Err(self.tok_error(format!("could not determine type of the {}", what.0)))
            }
            Some(t) if !t.is_string() => return Err(self.tok_error(format!("expected string, got type '{t}'"))),
            _ => {}
        }
        match mhs.ty() {
            None if !mhs.is_unset() => {
                return Err(self.tok_error(format!("could not determine type of the {}", what.1)))
            }
            Some(t) if substr && !t.is_int() => {
                return Err(self.error(mhs_loc, format!("expected int, got type '{t}'")))
            }
            Some(t) if !substr && !t.is_string() => {
                return Err(self.error(mhs_loc, format!("expected string, got type '{t}'")))
            }
            _ => {}
        }
        match rhs.ty() {
            None if !rhs.is_unset() => {
                return Err(self.tok_error(format!("could not determine type of the {}", what.2)))
            }
            Some(t) if !t.is_int() => return Err(self.tok_error(format!("expected int, got type '{t}'"))),
            _ => {}
        }
        let code = if substr { TernOp::Substr } else { TernOp::Find };
        Ok(fold::fold_tern_op(&mut self.rk, code, lhs, mhs, rhs, ty, ci.as_ref()))
    }

    /// `!foreach`, `!filter` and (LLVM 23) `!sort`: an operator over a list whose last operand
    /// is an expression of a variable bound to each element (LLVM's
    /// `ParseOperationListComprehension`).
    fn parse_foreach_filter(
        &mut self,
        cur: Option<&Record>,
        item_ty: Option<Ty>,
        op: BangOp,
        ci: Option<CurRec>,
    ) -> PResult<Init> {
        let op_loc = self.loc();
        let code = match op {
            BangOp::ForEach => TernOp::ForEach,
            BangOp::Filter => TernOp::Filter,
            _ => TernOp::Sort,
        };
        let needs_list = match code {
            TernOp::Filter => "!filter must have a list argument",
            _ => "!sort must have a list argument",
        };
        self.next();
        if !self.at(Tok::LParen) {
            return Err(self.tok_error("expected '(' after !foreach/!filter"));
        }
        let Tok::Id(var) = self.next() else {
            return Err(self.tok_error("first argument of !foreach/!filter must be an identifier"));
        };
        let lhs = Init::string(var);
        self.next();
        if cur.map(|c| c.value(lhs).is_some()).unwrap_or(false) {
            return Err(self.tok_error(format!("iteration variable '{lhs}' is already defined")));
        }
        self.expect(Tok::Comma, "expected ',' in !foreach/!filter")?;
        let mhs = self.parse_value(cur, None, Mode::Value)?;
        self.expect(Tok::Comma, "expected ',' in !foreach/!filter")?;
        let Some(mt) = mhs.ty() else {
            return Err(self.tok_error("could not get type of !foreach/!filter list or dag"));
        };
        let in_elt;
        let mut expr_elt = None;
        let mut is_dag = false;
        if let Some(e) = mt.list_elem() {
            in_elt = e;
            if let Some(it) = item_ty {
                match it.list_elem() {
                    Some(oe) => {
                        expr_elt = match code {
                            TernOp::ForEach => Some(oe),
                            TernOp::Filter => Some(Ty::int()),
                            _ => None,
                        }
                    }
                    None => return Err(self.error(op_loc, format!("expected value of type '{it}', but got list type"))),
                }
            }
        } else if mt.is_dag() {
            if code != TernOp::ForEach {
                return Err(self.tok_error(needs_list));
            }
            in_elt = mt;
            if let Some(it) = item_ty {
                if !it.is_dag() {
                    return Err(self.error(op_loc, format!("expected value of type '{it}', but got dag type")));
                }
            }
            is_dag = true;
        } else {
            return Err(self.tok_error(if code == TernOp::ForEach {
                "!foreach must have a list or dag argument"
            } else {
                needs_list
            }));
        }
        let rhs = self.with_vars(cur, &[(lhs, in_elt)], |p, tmp| p.parse_value(Some(tmp), expr_elt, Mode::Value))?;
        self.expect(Tok::RParen, "expected ')' in !foreach/!filter")?;
        let out_ty = match code {
            TernOp::ForEach if !is_dag => match rhs.ty() {
                Some(t) => Ty::list(t),
                None => return Err(self.tok_error("could not get type of !foreach result expression")),
            },
            TernOp::ForEach => in_elt,
            _ => Ty::list(in_elt),
        };
        Ok(fold::fold_tern_op(&mut self.rk, code, lhs, mhs, rhs, out_ty, ci.as_ref()))
    }

    fn parse_cond(&mut self, cur: Option<&Record>, item_ty: Option<Ty>, ci: Option<CurRec>) -> PResult<Init> {
        self.next();
        self.expect(Tok::LParen, "expected '(' after !cond operator")?;
        let mut conds = Vec::new();
        let mut vals = Vec::new();
        loop {
            if self.consume(Tok::RParen) {
                break;
            }
            conds.push(self.parse_value(cur, None, Mode::Value)?);
            if !self.consume(Tok::Colon) {
                return Err(self.tok_error("expected ':'  following a condition in !cond operator"));
            }
            vals.push(self.parse_value(cur, item_ty, Mode::Value)?);
            if self.consume(Tok::RParen) {
                break;
            }
            if !self.consume(Tok::Comma) {
                return Err(self.tok_error("expected ',' or ')' following a value in !cond operator"));
            }
        }
        if conds.is_empty() {
            return Err(self.tok_error("there should be at least 1 'condition : value' in the !cond operator"));
        }
        let ty = self.resolve_init_types(&vals, "for !cond")?;
        let Some(ty) = ty else {
            return Err(self.tok_error("could not determine type for !cond from its arguments"));
        };
        Ok(fold::fold_cond(&mut self.rk, &conds, &vals, ty, ci.as_ref()))
    }

    /// The type values unify to, `?`s aside (LLVM's `resolveInitTypes`); `ctx` ends the message
    /// of a conflict. `None` when every value is `?`.
    fn resolve_init_types(&mut self, vals: &[Init], ctx: &str) -> PResult<Option<Ty>> {
        let mut ty: Option<Ty> = None;
        for v in vals {
            if v.is_unset() {
                continue;
            }
            ty = match (ty, v.ty()) {
                (None, t) => t,
                (Some(t), Some(u)) => match resolve_types(&self.rk, t, u) {
                    Some(r) => Some(r),
                    None => return Err(self.tok_error(format!("inconsistent types '{t}' and '{u}' {ctx}"))),
                },
                (Some(t), None) => Some(t),
            };
        }
        Ok(ty)
    }

    /// `!switch(key, case: value, ..., default)` (LLVM 23): a `!cond` of `!eq(key, case)`s with
    /// a last `true` arm for the default.
    fn parse_switch(&mut self, cur: Option<&Record>, item_ty: Option<Ty>, ci: Option<CurRec>) -> PResult<Init> {
        self.next();
        self.expect(Tok::LParen, "expected '(' after !switch operator")?;
        let key = self.parse_value(cur, None, Mode::Value)?;
        self.expect(Tok::Comma, "expected ',' after key in !switch operator")?;
        let mut keys = vec![key];
        let mut vals = Vec::new();
        loop {
            let v = self.parse_value(cur, None, Mode::Value)?;
            if self.consume(Tok::RParen) {
                // The default was parsed without the expected type: converted now, as the
                // cases' values were parsed with it.
                let v = match item_ty {
                    Some(t) => v.convert_to(&self.rk, t).unwrap_or(v),
                    None => v,
                };
                vals.push(v);
                break;
            }
            if !self.consume(Tok::Colon) {
                return Err(self.tok_error("expected ':' after case key, or ')' to close !switch operator"));
            }
            keys.push(v);
            vals.push(self.parse_value(cur, item_ty, Mode::Value)?);
            if !self.consume(Tok::Comma) {
                return Err(self.tok_error("expected ',' after case value in !switch operator"));
            }
        }
        if keys.len() < 2 {
            return Err(self.tok_error("there should be at least 1 'case: value' in the !switch operator"));
        }
        let Some(ty) = self.resolve_init_types(&vals, "for !switch values")? else {
            return Err(self.tok_error("could not determine type for !switch from its arguments"));
        };
        self.resolve_init_types(&keys, "between !switch key and case keys")?;
        let mut conds: Vec<Init> = keys[1..]
            .iter()
            .map(|&case| fold::fold_bin_op(&mut self.rk, BinOp::Eq, key, case, Ty::bit(), ci.as_ref()))
            .collect();
        conds.push(Init::int(1));
        Ok(fold::fold_cond(&mut self.rk, &conds, &vals, ty, ci.as_ref()))
    }

    fn parse_foldl(&mut self, cur: Option<&Record>, ci: Option<CurRec>) -> PResult<Init> {
        self.next();
        self.expect(Tok::LParen, "expected '(' after !foldl")?;
        let start = self.parse_value(cur, None, Mode::Value)?;
        let Some(start_ty) = start.ty() else {
            return Err(self.tok_error(format!("could not get type of !foldl start: '{start}'")));
        };
        self.expect(Tok::Comma, "expected ',' in !foldl")?;
        let list = self.parse_value(cur, None, Mode::Value)?;
        let Some(list_ty) = list.ty() else {
            return Err(self.tok_error(format!("could not get type of !foldl list: '{list}'")));
        };
        let Some(elt) = list_ty.list_elem() else {
            return Err(self.tok_error(format!("!foldl list must be a list, but is of type '{list_ty}")));
        };
        if !self.at(Tok::Comma) {
            return Err(self.tok_error("expected ',' in !foldl"));
        }
        let Tok::Id(a) = self.next() else {
            return Err(self.tok_error("third argument of !foldl must be an identifier"));
        };
        let a = Init::string(a);
        if cur.map(|c| c.value(a).is_some()).unwrap_or(false) {
            return Err(self.tok_error(format!("left !foldl variable '{a}' already defined")));
        }
        if self.next() != Tok::Comma {
            return Err(self.tok_error("expected ',' in !foldl"));
        }
        let Tok::Id(b) = self.next() else {
            return Err(self.tok_error("fourth argument of !foldl must be an identifier"));
        };
        let b = Init::string(b);
        if cur.map(|c| c.value(b).is_some()).unwrap_or(false) {
            return Err(self.tok_error(format!("right !foldl variable '{b}' already defined")));
        }
        if self.next() != Tok::Comma {
            return Err(self.tok_error("expected ',' in !foldl"));
        }
        self.next();
        let expr =
            self.with_vars(cur, &[(a, start_ty), (b, elt)], |p, tmp| p.parse_value(Some(tmp), None, Mode::Value))?;
        let Some(et) = expr.ty() else {
            return Err(self.tok_error("could not get type of !foldl expression"));
        };
        if et != start_ty {
            return Err(self.tok_error(format!(
                "!foldl expression must be of same type as start ({start_ty}), but is of type {et}"
            )));
        }
        self.expect(Tok::RParen, "expected ')' in fold operator")?;
        Ok(fold::fold_foldl(&mut self.rk, start, list, a, b, expr, start_ty, ci.as_ref()))
    }
}
