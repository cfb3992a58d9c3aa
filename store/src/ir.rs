//! The exact form of values and types in the store: a compact byte encoding of
//! [`InitKind`] and [`TyKind`] trees that decodes to the very same interned values.
//!
//! The user-facing columns hold values as SQL scalars, text and JSON; those lose
//! distinctions the backends need (a `code` string, the type of an empty list, an unresolved
//! `!cast`). `tdq tblgen --from-db` rebuilds the records from this form instead, so every
//! backend prints what it would have printed from the `.td` tree.
//!
//! Layout: one tag byte per node, then its fields in declaration order; integers and lengths
//! are LEB128 varints (signed ones zigzag-encoded), strings are a length and UTF-8 bytes,
//! record ids are the ids of the evaluation that was stored.

use std::fmt;
use tdq_core::init::{ArgKey, BinOp, Init, InitKind, TernOp, UnOp};
use tdq_core::intern::{sym, Sym};
use tdq_core::record::FieldDecl;
use tdq_core::types::{RecId, Ty, TyKind};
use tdq_core::Loc;

// Operators are encoded as their index in `UnOp::ALL`, `BinOp::ALL` and `TernOp::ALL`.

mod tag {
    pub const UNSET: u8 = 0;
    pub const BIT0: u8 = 1;
    pub const BIT1: u8 = 2;
    pub const BITS: u8 = 3;
    pub const INT: u8 = 4;
    pub const STR: u8 = 5;
    pub const CODE: u8 = 6;
    pub const ANON_NAME: u8 = 7;
    pub const LIST: u8 = 8;
    pub const DEF: u8 = 9;
    pub const VAR: u8 = 10;
    pub const VAR_BIT: u8 = 11;
    pub const VAR_DEF: u8 = 12;
    pub const FIELD: u8 = 13;
    pub const COND: u8 = 14;
    pub const DAG: u8 = 15;
    pub const UN_OP: u8 = 16;
    pub const BIN_OP: u8 = 17;
    pub const TERN_OP: u8 = 18;
    pub const FOLD: u8 = 19;
    pub const IS_A: u8 = 20;
    pub const EXISTS: u8 = 21;
    pub const ARG_POS: u8 = 22;
    pub const ARG_NAMED: u8 = 23;
    pub const INSTANCES: u8 = 24;

    pub const TY_BIT: u8 = 0;
    pub const TY_BITS: u8 = 1;
    pub const TY_INT: u8 = 2;
    pub const TY_STRING: u8 = 3;
    pub const TY_DAG: u8 = 4;
    pub const TY_LIST: u8 = 5;
    pub const TY_RECORD: u8 = 6;
}

/// Why a stored value could not be decoded: the store is damaged or from another tdq.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecodeError(pub String);

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "malformed stored value: {}", self.0)
    }
}

impl std::error::Error for DecodeError {}

/// How a value's operands (values, types, names) are written after its tag: inline, as whole
/// trees (the store's per-value form), or as indexes into tables written before (a snapshot's).
pub(crate) trait Operands {
    fn init(&mut self, v: Init, out: &mut Vec<u8>);
    fn ty(&mut self, ty: Ty, out: &mut Vec<u8>);
    fn sym(&mut self, s: Sym, out: &mut Vec<u8>);
}

/// Operands written inline: the tree form.
struct Inline;

impl Operands for Inline {
    fn init(&mut self, v: Init, out: &mut Vec<u8>) {
        encode_node(v, out, self);
    }
    fn ty(&mut self, ty: Ty, out: &mut Vec<u8>) {
        encode_ty_node(ty, out, self);
    }
    fn sym(&mut self, s: Sym, out: &mut Vec<u8>) {
        put_str(out, s);
    }
}

/// A field declaration's flags as one number: bit 0 `field` (non-concrete allowed), bit 1
/// template argument, bit 2 value lost to a failed assignment (the store's `field_values.flags`,
/// a snapshot's field sites).
pub fn decl_flags(decl: &FieldDecl) -> u8 {
    u8::from(decl.nonconcrete_ok) | u8::from(decl.template_arg) << 1 | u8::from(decl.lost) << 2
}

/// The declaration of field `name` of type `ty` declared at `loc`, with [`decl_flags`]' `flags`.
pub fn decl_with_flags(name: Init, ty: Ty, loc: Loc, flags: i64) -> FieldDecl {
    FieldDecl { name, ty, nonconcrete_ok: flags & 1 != 0, template_arg: flags & 2 != 0, loc, lost: flags & 4 != 0 }
}

/// Appends the encoding of `v` to `out`.
pub fn encode_init(v: Init, out: &mut Vec<u8>) {
    encode_node(v, out, &mut Inline);
}

/// Appends `v`'s tag and fields, its operands written by `ops`.
pub(crate) fn encode_node(v: Init, out: &mut Vec<u8>, ops: &mut impl Operands) {
    match v.kind() {
        InitKind::Unset => out.push(tag::UNSET),
        InitKind::Bit(b) => out.push(if *b { tag::BIT1 } else { tag::BIT0 }),
        InitKind::Bits(bits) => {
            out.push(tag::BITS);
            encode_inits(bits, out, ops);
        }
        InitKind::Int(i) => {
            out.push(tag::INT);
            put_signed(out, *i);
        }
        InitKind::Str(s, code) => {
            out.push(if *code { tag::CODE } else { tag::STR });
            ops.sym(s, out);
        }
        InitKind::AnonName(n) => {
            out.push(tag::ANON_NAME);
            put_uint(out, u64::from(*n));
        }
        InitKind::List(elems, ty) => {
            out.push(tag::LIST);
            encode_inits(elems, out, ops);
            ops.ty(*ty, out);
        }
        InitKind::Def(id, name, ty) => {
            out.push(tag::DEF);
            put_uint(out, u64::from(id.0));
            ops.sym(name, out);
            ops.ty(*ty, out);
        }
        InitKind::Var(name, ty) => {
            out.push(tag::VAR);
            ops.init(*name, out);
            ops.ty(*ty, out);
        }
        InitKind::VarBit(var, bit) => {
            out.push(tag::VAR_BIT);
            ops.init(*var, out);
            put_uint(out, u64::from(*bit));
        }
        InitKind::VarDef(id, name, args) => {
            out.push(tag::VAR_DEF);
            put_uint(out, u64::from(id.0));
            ops.sym(name, out);
            encode_inits(args, out, ops);
        }
        InitKind::Field(rec, name, ty) => {
            out.push(tag::FIELD);
            ops.init(*rec, out);
            ops.sym(name, out);
            ops.ty(*ty, out);
        }
        InitKind::Cond(conds, vals, ty) => {
            out.push(tag::COND);
            encode_inits(conds, out, ops);
            encode_inits(vals, out, ops);
            ops.ty(*ty, out);
        }
        InitKind::Dag(op, op_name, args) => {
            out.push(tag::DAG);
            ops.init(*op, out);
            put_opt_sym(out, *op_name, ops);
            put_uint(out, args.len() as u64);
            for (arg, name) in args.iter() {
                ops.init(*arg, out);
                put_opt_sym(out, *name, ops);
            }
        }
        InitKind::UnOp(op, a, ty) => {
            out.push(tag::UN_OP);
            out.push(index_of(UnOp::ALL, op));
            ops.init(*a, out);
            ops.ty(*ty, out);
        }
        InitKind::BinOp(op, a, b, ty) => {
            out.push(tag::BIN_OP);
            out.push(index_of(BinOp::ALL, op));
            ops.init(*a, out);
            ops.init(*b, out);
            ops.ty(*ty, out);
        }
        InitKind::TernOp(op, a, b, c, ty) => {
            out.push(tag::TERN_OP);
            out.push(index_of(TernOp::ALL, op));
            ops.init(*a, out);
            ops.init(*b, out);
            ops.init(*c, out);
            ops.ty(*ty, out);
        }
        InitKind::Fold(operands, ty) => {
            out.push(tag::FOLD);
            for x in operands.iter() {
                ops.init(*x, out);
            }
            ops.ty(*ty, out);
        }
        InitKind::IsA(ty, e) => {
            out.push(tag::IS_A);
            ops.ty(*ty, out);
            ops.init(*e, out);
        }
        InitKind::Exists(ty, e) => {
            out.push(tag::EXISTS);
            ops.ty(*ty, out);
            ops.init(*e, out);
        }
        InitKind::Instances(ty, e) => {
            out.push(tag::INSTANCES);
            ops.ty(*ty, out);
            ops.init(*e, out);
        }
        InitKind::Arg(v, ArgKey::Pos(i)) => {
            out.push(tag::ARG_POS);
            ops.init(*v, out);
            put_uint(out, u64::from(*i));
        }
        InitKind::Arg(v, ArgKey::Named(n)) => {
            out.push(tag::ARG_NAMED);
            ops.init(*v, out);
            ops.init(*n, out);
        }
    }
}

/// The encoding of `v` as a fresh buffer.
pub fn init_bytes(v: Init) -> Vec<u8> {
    let mut out = Vec::new();
    encode_init(v, &mut out);
    out
}

/// The encoding of `ty` as a fresh buffer.
pub fn ty_bytes(ty: Ty) -> Vec<u8> {
    let mut out = Vec::new();
    encode_ty(ty, &mut out);
    out
}

fn encode_inits(items: &[Init], out: &mut Vec<u8>, ops: &mut impl Operands) {
    put_uint(out, items.len() as u64);
    for &x in items {
        ops.init(x, out);
    }
}

/// Appends the encoding of `ty` to `out`.
pub fn encode_ty(ty: Ty, out: &mut Vec<u8>) {
    encode_ty_node(ty, out, &mut Inline);
}

/// Appends `ty`'s tag and fields, its operands written by `ops`.
pub(crate) fn encode_ty_node(ty: Ty, out: &mut Vec<u8>, ops: &mut impl Operands) {
    match ty.kind() {
        TyKind::Bit => out.push(tag::TY_BIT),
        TyKind::Bits(n) => {
            out.push(tag::TY_BITS);
            put_uint(out, u64::from(*n));
        }
        TyKind::Int => out.push(tag::TY_INT),
        TyKind::String => out.push(tag::TY_STRING),
        TyKind::Dag => out.push(tag::TY_DAG),
        TyKind::List(elem) => {
            out.push(tag::TY_LIST);
            ops.ty(*elem, out);
        }
        TyKind::Record(classes) => {
            out.push(tag::TY_RECORD);
            put_uint(out, classes.len() as u64);
            for (id, name) in classes.iter() {
                put_uint(out, u64::from(id.0));
                ops.sym(name, out);
            }
        }
    }
}

fn index_of<T: PartialEq>(all: &[T], x: &T) -> u8 {
    all.iter().position(|y| y == x).expect("every operator is listed") as u8
}

pub(crate) fn put_uint(out: &mut Vec<u8>, mut n: u64) {
    while n >= 0x80 {
        out.push((n as u8) | 0x80);
        n >>= 7;
    }
    out.push(n as u8);
}

fn put_signed(out: &mut Vec<u8>, i: i64) {
    put_uint(out, ((i << 1) ^ (i >> 63)) as u64);
}

pub(crate) fn put_str(out: &mut Vec<u8>, s: &str) {
    put_uint(out, s.len() as u64);
    out.extend_from_slice(s.as_bytes());
}

fn put_opt_sym(out: &mut Vec<u8>, s: Option<Sym>, ops: &mut impl Operands) {
    match s {
        None => out.push(0),
        Some(s) => {
            out.push(1);
            ops.sym(s, out);
        }
    }
}

/// Decodes a value written by [`encode_init`]; the whole buffer must be consumed.
pub fn decode_init(bytes: &[u8]) -> Result<Init, DecodeError> {
    let mut r = Reader::new(bytes);
    let v = InlineReader.init(&mut r)?;
    r.finish()?;
    Ok(v)
}

/// Decodes a type written by [`encode_ty`]; the whole buffer must be consumed.
pub fn decode_ty(bytes: &[u8]) -> Result<Ty, DecodeError> {
    let mut r = Reader::new(bytes);
    let t = InlineReader.ty(&mut r)?;
    r.finish()?;
    Ok(t)
}

/// Deeper than any value the evaluator accepts: a damaged store cannot overflow the stack.
const MAX_DEPTH: u32 = 20_000;

/// How a value's operands are read: the counterpart of [`Operands`].
pub(crate) trait ReadOperands {
    fn init(&mut self, r: &mut Reader) -> Result<Init, DecodeError>;
    fn ty(&mut self, r: &mut Reader) -> Result<Ty, DecodeError>;
    fn sym(&mut self, r: &mut Reader) -> Result<Sym, DecodeError>;
    /// The value of a node read (its operands read by the methods above).
    fn make(&mut self, kind: InitKind) -> Init {
        Init::new(kind)
    }
}

/// Operands read inline: the tree form, its depth bounded.
struct InlineReader;

impl ReadOperands for InlineReader {
    fn init(&mut self, r: &mut Reader) -> Result<Init, DecodeError> {
        r.depth += 1;
        if r.depth > MAX_DEPTH {
            return r.err("value nested too deeply");
        }
        let v = r.init_node(self)?;
        r.depth -= 1;
        Ok(v)
    }
    fn ty(&mut self, r: &mut Reader) -> Result<Ty, DecodeError> {
        r.depth += 1;
        if r.depth > MAX_DEPTH {
            return r.err("type nested too deeply");
        }
        let t = r.ty_node(self)?;
        r.depth -= 1;
        Ok(t)
    }
    fn sym(&mut self, r: &mut Reader) -> Result<Sym, DecodeError> {
        r.str()
    }
}

/// Reads the encoding: varints, strings, values and types.
pub(crate) struct Reader<'a> {
    bytes: &'a [u8],
    pos: usize,
    depth: u32,
}

impl<'a> Reader<'a> {
    pub(crate) fn new(bytes: &'a [u8]) -> Reader<'a> {
        Reader { bytes, pos: 0, depth: 0 }
    }

    /// How many bytes have been read.
    pub(crate) fn position(&self) -> usize {
        self.pos
    }

    #[cold]
    pub(crate) fn err<T>(&self, what: &str) -> Result<T, DecodeError> {
        Err(DecodeError(format!("{what} at byte {}", self.pos)))
    }

    pub(crate) fn finish(&self) -> Result<(), DecodeError> {
        if self.pos != self.bytes.len() {
            return self.err("trailing bytes");
        }
        Ok(())
    }

    pub(crate) fn byte(&mut self) -> Result<u8, DecodeError> {
        match self.bytes.get(self.pos) {
            Some(&b) => {
                self.pos += 1;
                Ok(b)
            }
            None => self.err("unexpected end"),
        }
    }

    #[inline]
    pub(crate) fn uint(&mut self) -> Result<u64, DecodeError> {
        // Most numbers are one byte (a snapshot reads millions of indexes).
        if let Some(&b) = self.bytes.get(self.pos) {
            if b < 0x80 {
                self.pos += 1;
                return Ok(u64::from(b));
            }
        }
        self.uint_long()
    }

    fn uint_long(&mut self) -> Result<u64, DecodeError> {
        let mut n = 0u64;
        let mut shift = 0;
        while let Some(&b) = self.bytes.get(self.pos) {
            self.pos += 1;
            n |= u64::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                return Ok(n);
            }
            shift += 7;
            if shift >= 64 {
                return self.err("varint too long");
            }
        }
        self.err("unexpected end")
    }

    #[inline]
    pub(crate) fn u32(&mut self) -> Result<u32, DecodeError> {
        let n = self.uint()?;
        u32::try_from(n).or_else(|_| self.err("number out of range"))
    }

    #[inline]
    pub(crate) fn len(&mut self) -> Result<usize, DecodeError> {
        let n = self.uint()?;
        // Every element takes at least one byte: a longer count is damage, not a big list.
        if n > (self.bytes.len() - self.pos) as u64 {
            return self.err("length past the end");
        }
        Ok(n as usize)
    }

    fn signed(&mut self) -> Result<i64, DecodeError> {
        let n = self.uint()?;
        Ok(((n >> 1) as i64) ^ -((n & 1) as i64))
    }

    /// `n` bytes, unread.
    pub(crate) fn skip(&mut self, n: usize) -> Result<(), DecodeError> {
        if n > self.bytes.len() - self.pos {
            return self.err("unexpected end");
        }
        self.pos += n;
        Ok(())
    }

    /// A length-prefixed byte string.
    pub(crate) fn bytes(&mut self) -> Result<&'a [u8], DecodeError> {
        let n = self.len()?;
        let raw = &self.bytes[self.pos..self.pos + n];
        self.pos += n;
        Ok(raw)
    }

    /// A string, not interned.
    pub(crate) fn string(&mut self) -> Result<String, DecodeError> {
        match String::from_utf8(self.bytes()?.to_vec()) {
            Ok(s) => Ok(s),
            Err(_) => self.err("string is not UTF-8"),
        }
    }

    /// `N` raw bytes.
    pub(crate) fn array<const N: usize>(&mut self) -> Result<[u8; N], DecodeError> {
        let at = self.pos;
        self.skip(N)?;
        Ok(self.bytes[at..at + N].try_into().expect("N bytes"))
    }

    /// A string, interned.
    pub(crate) fn str(&mut self) -> Result<Sym, DecodeError> {
        let n = self.len()?;
        let raw = &self.bytes[self.pos..self.pos + n];
        self.pos += n;
        match std::str::from_utf8(raw) {
            Ok(s) => Ok(sym(s)),
            Err(_) => self.err("string is not UTF-8"),
        }
    }

    fn opt_sym(&mut self, ops: &mut impl ReadOperands) -> Result<Option<Sym>, DecodeError> {
        match self.byte()? {
            0 => Ok(None),
            1 => Ok(Some(ops.sym(self)?)),
            _ => self.err("bad optional name"),
        }
    }

    fn inits(&mut self, ops: &mut impl ReadOperands) -> Result<Box<[Init]>, DecodeError> {
        let n = self.len()?;
        (0..n).map(|_| ops.init(self)).collect()
    }

    fn op<T: Copy>(&mut self, all: &[T]) -> Result<T, DecodeError> {
        let i = self.byte()? as usize;
        match all.get(i) {
            Some(&op) => Ok(op),
            None => self.err("unknown operator"),
        }
    }

    /// A value's tag and fields, its operands read by `ops`.
    pub(crate) fn init_node(&mut self, ops: &mut impl ReadOperands) -> Result<Init, DecodeError> {
        let kind = match self.byte()? {
            tag::UNSET => InitKind::Unset,
            tag::BIT0 => InitKind::Bit(false),
            tag::BIT1 => InitKind::Bit(true),
            tag::BITS => InitKind::Bits(self.inits(ops)?),
            tag::INT => InitKind::Int(self.signed()?),
            tag::STR => InitKind::Str(ops.sym(self)?, false),
            tag::CODE => InitKind::Str(ops.sym(self)?, true),
            tag::ANON_NAME => InitKind::AnonName(self.u32()?),
            tag::LIST => {
                let elems = self.inits(ops)?;
                InitKind::List(elems, ops.ty(self)?)
            }
            tag::DEF => {
                let id = RecId(self.u32()?);
                let name = ops.sym(self)?;
                InitKind::Def(id, name, ops.ty(self)?)
            }
            tag::VAR => {
                let name = ops.init(self)?;
                InitKind::Var(name, ops.ty(self)?)
            }
            tag::VAR_BIT => {
                let var = ops.init(self)?;
                InitKind::VarBit(var, self.u32()?)
            }
            tag::VAR_DEF => {
                let id = RecId(self.u32()?);
                let name = ops.sym(self)?;
                InitKind::VarDef(id, name, self.inits(ops)?)
            }
            tag::FIELD => {
                let rec = ops.init(self)?;
                let name = ops.sym(self)?;
                InitKind::Field(rec, name, ops.ty(self)?)
            }
            tag::COND => {
                let conds = self.inits(ops)?;
                let vals = self.inits(ops)?;
                InitKind::Cond(conds, vals, ops.ty(self)?)
            }
            tag::DAG => {
                let op = ops.init(self)?;
                let op_name = self.opt_sym(ops)?;
                let n = self.len()?;
                let args = (0..n)
                    .map(|_| Ok((ops.init(self)?, self.opt_sym(ops)?)))
                    .collect::<Result<Box<[_]>, DecodeError>>()?;
                InitKind::Dag(op, op_name, args)
            }
            tag::UN_OP => {
                let op = self.op(UnOp::ALL)?;
                let a = ops.init(self)?;
                InitKind::UnOp(op, a, ops.ty(self)?)
            }
            tag::BIN_OP => {
                let op = self.op(BinOp::ALL)?;
                let a = ops.init(self)?;
                let b = ops.init(self)?;
                InitKind::BinOp(op, a, b, ops.ty(self)?)
            }
            tag::TERN_OP => {
                let op = self.op(TernOp::ALL)?;
                let a = ops.init(self)?;
                let b = ops.init(self)?;
                let c = ops.init(self)?;
                InitKind::TernOp(op, a, b, c, ops.ty(self)?)
            }
            tag::FOLD => {
                let mut xs = [Init::unset(); 5];
                for x in &mut xs {
                    *x = ops.init(self)?;
                }
                InitKind::Fold(Box::new(xs), ops.ty(self)?)
            }
            tag::IS_A => {
                let ty = ops.ty(self)?;
                InitKind::IsA(ty, ops.init(self)?)
            }
            tag::EXISTS => {
                let ty = ops.ty(self)?;
                InitKind::Exists(ty, ops.init(self)?)
            }
            tag::INSTANCES => {
                let ty = ops.ty(self)?;
                InitKind::Instances(ty, ops.init(self)?)
            }
            tag::ARG_POS => {
                let v = ops.init(self)?;
                InitKind::Arg(v, ArgKey::Pos(self.u32()?))
            }
            tag::ARG_NAMED => {
                let v = ops.init(self)?;
                InitKind::Arg(v, ArgKey::Named(ops.init(self)?))
            }
            _ => return self.err("unknown value tag"),
        };
        Ok(ops.make(kind))
    }

    /// A type's tag and fields, its operands read by `ops`.
    pub(crate) fn ty_node(&mut self, ops: &mut impl ReadOperands) -> Result<Ty, DecodeError> {
        let t = match self.byte()? {
            tag::TY_BIT => Ty::bit(),
            tag::TY_BITS => Ty::bits(self.u32()?),
            tag::TY_INT => Ty::int(),
            tag::TY_STRING => Ty::string(),
            tag::TY_DAG => Ty::dag(),
            tag::TY_LIST => Ty::list(ops.ty(self)?),
            tag::TY_RECORD => {
                let n = self.len()?;
                let classes = (0..n)
                    .map(|_| Ok((RecId(self.u32()?), ops.sym(self)?)))
                    .collect::<Result<Vec<_>, DecodeError>>()?;
                Ty::record(&classes)
            }
            _ => return self.err("unknown type tag"),
        };
        Ok(t)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn operator_tables_are_in_declaration_order() {
        // `index_of` relies on each table listing every operator exactly once.
        for (i, op) in UnOp::ALL.iter().enumerate() {
            assert_eq!(index_of(UnOp::ALL, op) as usize, i);
        }
        for (i, op) in BinOp::ALL.iter().enumerate() {
            assert_eq!(index_of(BinOp::ALL, op) as usize, i);
        }
        for (i, op) in TernOp::ALL.iter().enumerate() {
            assert_eq!(index_of(TernOp::ALL, op) as usize, i);
        }
    }

    #[test]
    fn values_round_trip_to_the_same_interned_value() {
        let rec_ty = Ty::record(&[(RecId(3), sym("Instruction"))]);
        let var = Init::var_named("x", Ty::int());
        let values = [
            Init::unset(),
            Init::int(-5),
            Init::int(i64::MIN),
            Init::code("let x = 1;"),
            Init::string("é\u{0}"),
            Init::bits(&[Init::bit(true), Init::unset(), Init::var_bit(var, 2)]),
            Init::list(&[], Ty::list(Ty::bits(4))),
            Init::dag(
                Init::def(RecId(7), sym("ops"), rec_ty),
                Some(sym("d")),
                &[(Init::int(1), None), (var, Some(sym("a")))],
            ),
            Init::bin_op(BinOp::StrConcat, var, Init::string("s"), Ty::string()),
            Init::new(InitKind::Fold(Box::new([var; 5]), Ty::int())),
            Init::new(InitKind::AnonName(42)),
        ];
        for v in values {
            assert_eq!(decode_init(&init_bytes(v)), Ok(v), "{v}");
        }
    }

    #[test]
    fn damage_is_an_error_not_a_panic() {
        let good = init_bytes(Init::list(&[Init::string("abc")], Ty::string()));
        for cut in 0..good.len() {
            assert!(decode_init(&good[..cut]).is_err(), "prefix of {cut} bytes");
        }
        assert!(decode_init(&[0xff]).is_err());
        assert!(decode_init(&[tag::BITS, 0xff, 0xff, 0xff, 0xff, 0x0f]).is_err());
        let mut trailing = good.clone();
        trailing.push(0);
        assert!(decode_init(&trailing).is_err());
        // A deep chain of `!not` must stop at the depth limit, not overflow the stack (of the
        // size tdq evaluates on).
        let deep: Vec<u8> = std::iter::repeat_n([tag::UN_OP, 1], 100_000).flatten().collect();
        let result = std::thread::Builder::new()
            .stack_size(256 << 20)
            .spawn(move || decode_init(&deep).is_err())
            .expect("a thread")
            .join();
        assert!(result.expect("no panic"));
    }
}
