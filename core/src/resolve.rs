//! Substituting variables in values: LLVM's `Resolver`s and `resolveReferences`.
//!
//! Resolution walks a value once and rebuilds only the parts that change (an unchanged subtree
//! is returned as the same interned [`Init`]), folding operators whose operands became known.

use crate::fold;
use crate::init::{BinOp, Init, InitKind, TernOp, UnOp};
use crate::intern::Sym;
use crate::record::{Record, RecordKeeper, Superclasses};
use crate::source::Loc;
use crate::types::{RecId, Ty};
use rustc_hash::FxHashSet as HashSet;
use smallvec::SmallVec;
use std::cell::OnceCell;

/// What folding needs to know about the record being resolved (LLVM's `CurRec`).
#[derive(Clone, Debug)]
pub struct CurRec {
    /// Set when the record has an id (classes; defs during their final resolution).
    pub id: Option<RecId>,
    pub name: Init,
    pub locs: SmallVec<[Loc; 2]>,
    /// The superclasses, whose direct ones make the record's type.
    superclasses: Superclasses,
    /// The record's type, made when first asked for: few resolutions fold anything that needs it
    /// (finding the direct superclasses' names for every def's final resolution was 1.6% of
    /// RISC-V's evaluation).
    ty: OnceCell<Ty>,
    pub is_class: bool,
}

impl CurRec {
    pub fn of(rec: &Record, id: Option<RecId>) -> CurRec {
        CurRec {
            id,
            name: rec.name,
            locs: SmallVec::from_slice(&rec.locs),
            superclasses: rec.superclasses,
            ty: OnceCell::new(),
            is_class: rec.is_class(),
        }
    }
    /// The record's type (LLVM's `getType`: its direct superclasses).
    pub fn ty(&self, rk: &RecordKeeper) -> Ty {
        *self.ty.get_or_init(|| self.superclasses.record_type(rk))
    }
}

pub trait Resolver {
    /// The value of variable `name`, if this resolver knows it.
    fn resolve_var(&mut self, rk: &mut RecordKeeper, name: Init) -> Option<Init>;
    /// Final resolution: unresolved self-references and `!exists` give up and decide.
    fn is_final(&self) -> bool {
        false
    }
    fn keep_unset_bits(&self) -> bool {
        false
    }
    fn cur(&self) -> Option<&CurRec> {
        None
    }
    /// The current record was renamed (LLVM's `setName` while the resolver holds the record).
    fn rename_cur(&mut self, _name: Init) {}
    /// A field of the current record got a new value while the record is being resolved
    /// (LLVM's resolvers see the record live, so later lookups see the cast value).
    /// `index` is the field's position in the record being resolved.
    fn field_updated(&mut self, _index: usize, _name: Init, _value: Init) {}
    /// The variables this resolver may resolve, as a Bloom filter of [`Init::var_mask`] bits:
    /// values referring to none of them are left alone without a walk.
    fn vars_mask(&self) -> u64 {
        u64::MAX
    }
    /// A value with variables this resolver cannot resolve was skipped.
    fn skipped_unresolved(&mut self) {}
}

/// Maps variable names to values (LLVM's `MapResolver`); mapped values may refer to each other.
pub struct MapResolver {
    /// Name, value, and whether the value is resolved. A vector: a resolver maps a few template
    /// arguments, and one is made for every class reference and instantiation (and every
    /// `!foreach`/`!foldl` element), so the usual few live on the stack.
    map: SmallVec<[(Init, Init, Slot); 4]>,
    /// Entries not being resolved right now (LLVM takes those out of its map meanwhile).
    live: usize,
    mask: u64,
    pub cur: Option<CurRec>,
    pub is_final: bool,
}

#[derive(Clone, Copy, PartialEq)]
enum Slot {
    Unresolved,
    Resolving,
    Resolved,
}

impl MapResolver {
    pub fn new(cur: Option<CurRec>) -> MapResolver {
        MapResolver::with_capacity(cur, 0)
    }
    /// A resolver with room for `n` variables.
    pub fn with_capacity(cur: Option<CurRec>, n: usize) -> MapResolver {
        MapResolver { map: SmallVec::with_capacity(n), live: 0, mask: 0, cur, is_final: false }
    }
    pub fn set(&mut self, name: Init, value: Init) {
        self.mask |= Init::var_mask(name);
        match self.map.iter_mut().find(|e| e.0 == name) {
            Some(e) => {
                if e.2 == Slot::Resolving {
                    self.live += 1;
                }
                *e = (name, value, Slot::Unresolved);
            }
            None => {
                self.map.push((name, value, Slot::Unresolved));
                self.live += 1;
            }
        }
    }
    pub fn is_empty(&self) -> bool {
        self.live == 0
    }
}

impl Resolver for MapResolver {
    fn resolve_var(&mut self, rk: &mut RecordKeeper, name: Init) -> Option<Init> {
        let i = self.map.iter().position(|e| e.0 == name)?;
        let (_, v, slot) = self.map[i];
        match slot {
            Slot::Resolving => return None,
            Slot::Resolved => return Some(v),
            Slot::Unresolved if self.live <= 1 => return Some(v),
            Slot::Unresolved => {}
        }
        self.map[i].2 = Slot::Resolving;
        self.live -= 1;
        let r = resolve(rk, v, self);
        self.map[i] = (name, r, Slot::Resolved);
        self.live += 1;
        Some(r)
    }
    fn is_final(&self) -> bool {
        self.is_final
    }
    fn cur(&self) -> Option<&CurRec> {
        self.cur.as_ref()
    }
    fn rename_cur(&mut self, name: Init) {
        if let Some(c) = self.cur.as_mut() {
            c.name = name;
        }
    }
    fn vars_mask(&self) -> u64 {
        self.mask
    }
}

/// Resolves references to a record's own fields (LLVM's `RecordResolver`), optionally renaming
/// the record: its final resolution.
pub struct RecordResolver {
    /// The record's field names; `slots` holds each one's value, live (see `field_updated`), and
    /// what resolving it gave. Vectors scanned by name: resolution looks up only the few names
    /// its Bloom filter lets through, and a record's names sit in a few cache lines.
    names: Vec<Init>,
    slots: Vec<FieldSlot>,
    /// Field indexes of recently looked-up names, by a hash of the name: a def's values refer
    /// to a few of its fields again and again.
    recent: [(usize, u32); 16],
    mask: u64,
    rec_name: Init,
    new_name: Option<Init>,
    /// The record's name as a variable (when renamed), under each name it was looked up by:
    /// LLVM's cache entries for names that are not fields.
    name_slots: Vec<(Init, FieldSlot)>,
    cur: CurRec,
    pub is_final: bool,
}

/// Where each field name was last found in a def's fields, by a hash of the name's address
/// ([`RecordResolver`]'s first lookup of a name checks there before scanning the fields).
#[derive(Default)]
pub struct FieldHints(Vec<(usize, u32)>);

impl FieldHints {
    const BITS: u32 = 12;
    fn at(&mut self, key: usize) -> &mut (usize, u32) {
        if self.0.is_empty() {
            self.0 = vec![(0, 0); 1 << Self::BITS];
        }
        &mut self.0[(key >> 3).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (usize::BITS - Self::BITS)]
    }
}

/// A field as the [`RecordResolver`] sees it (LLVM keeps the last two in a cache and a stack).
#[derive(Clone, Copy)]
struct FieldSlot {
    value: Init,
    /// The value resolved, once asked for (kept even when the field is later updated, as LLVM's
    /// cache is).
    resolved: Option<Init>,
    /// Being resolved: a reference to it from its own value stays unresolved.
    resolving: bool,
}

impl FieldSlot {
    fn new(value: Init) -> FieldSlot {
        FieldSlot { value, resolved: None, resolving: false }
    }
}

thread_local! {
    /// The vectors of dropped [`RecordResolver`]s, for the next: one is made for every def.
    static SPARE_VECTORS: std::cell::RefCell<Vec<(Vec<Init>, Vec<FieldSlot>)>> = const { std::cell::RefCell::new(Vec::new()) };
}

impl Drop for RecordResolver {
    fn drop(&mut self) {
        let vectors = (std::mem::take(&mut self.names), std::mem::take(&mut self.slots));
        SPARE_VECTORS.with(|s| {
            let mut s = s.borrow_mut();
            if s.len() < 4 {
                s.push(vectors);
            }
        });
    }
}

impl RecordResolver {
    pub fn new(rec: &Record, cur: CurRec) -> RecordResolver {
        let (mut names, mut slots) = SPARE_VECTORS.with(|s| s.borrow_mut().pop()).unwrap_or_default();
        names.clear();
        slots.clear();
        names.extend(rec.values.iter().map(|v| v.name));
        slots.extend(rec.values.iter().map(|v| FieldSlot::new(v.value)));
        let mask = names.iter().fold(Init::var_mask(rec.name), |m, n| m | Init::var_mask(*n));
        RecordResolver {
            names,
            slots,
            recent: [(0, 0); 16],
            mask,
            rec_name: rec.name,
            new_name: None,
            name_slots: Vec::new(),
            cur,
            is_final: false,
        }
    }
    pub fn set_name(&mut self, name: Option<Init>) {
        self.new_name = name;
    }
    /// Where `name`'s slot is.
    fn find(&mut self, rk: &mut RecordKeeper, name: Init) -> Option<SlotAt> {
        let key = name.addr();
        let memo = (key >> 4) & 15;
        let (k, i) = self.recent[memo];
        if k == key {
            return Some(SlotAt::Field(i as usize));
        }
        // Defs of one class have their fields in the same order: where the last def had the
        // name is usually where this one has it.
        let hint = rk.field_hints.at(key);
        let found = match *hint {
            (k, i) if k == key && self.names.get(i as usize) == Some(&name) => Some(i as usize),
            _ => self.names.iter().position(|n| *n == name),
        };
        if let Some(i) = found {
            *hint = (key, i as u32);
            self.recent[memo] = (key, i as u32);
            return Some(SlotAt::Field(i));
        }
        if let Some(i) = self.name_slots.iter().position(|(n, _)| *n == name) {
            return Some(SlotAt::Name(i));
        }
        let new_name = self.new_name.filter(|_| name == self.rec_name)?;
        self.name_slots.push((name, FieldSlot::new(new_name)));
        Some(SlotAt::Name(self.name_slots.len() - 1))
    }
    fn slot(&mut self, at: SlotAt) -> &mut FieldSlot {
        match at {
            SlotAt::Field(i) => &mut self.slots[i],
            SlotAt::Name(i) => &mut self.name_slots[i].1,
        }
    }
}

#[derive(Clone, Copy)]
enum SlotAt {
    Field(usize),
    Name(usize),
}

impl Resolver for RecordResolver {
    fn resolve_var(&mut self, rk: &mut RecordKeeper, name: Init) -> Option<Init> {
        let i = self.find(rk, name)?;
        let slot = *self.slot(i);
        if slot.resolved.is_some() {
            return slot.resolved;
        }
        if slot.resolving || slot.value.is_unset() {
            return None;
        }
        self.slot(i).resolving = true;
        let val = resolve(rk, slot.value, self);
        let slot = self.slot(i);
        slot.resolving = false;
        slot.resolved = Some(val);
        Some(val)
    }
    fn is_final(&self) -> bool {
        self.is_final
    }
    fn keep_unset_bits(&self) -> bool {
        true
    }
    fn cur(&self) -> Option<&CurRec> {
        Some(&self.cur)
    }
    fn rename_cur(&mut self, name: Init) {
        self.cur.name = name;
        self.rec_name = name;
        self.mask |= Init::var_mask(name);
    }
    fn vars_mask(&self) -> u64 {
        self.mask
    }
    fn field_updated(&mut self, index: usize, name: Init, value: Init) {
        // The resolver's fields are the record's, in order: the index finds it without a scan.
        if self.names.get(index) == Some(&name) {
            self.slots[index].value = value;
            return;
        }
        match self.names.iter().position(|n| *n == name) {
            Some(i) => self.slots[i].value = value,
            None => {
                self.names.push(name);
                self.slots.push(FieldSlot::new(value));
            }
        }
    }
}

/// Hides some variables from an inner resolver (the bound variables of `!foreach`, `!foldl`).
pub struct ShadowResolver<'a> {
    inner: &'a mut dyn Resolver,
    shadowed: HashSet<Init>,
}

impl<'a> ShadowResolver<'a> {
    pub fn new(inner: &'a mut dyn Resolver) -> Self {
        ShadowResolver { inner, shadowed: HashSet::default() }
    }
    pub fn shadow(&mut self, name: Init) {
        self.shadowed.insert(name);
    }
}

impl Resolver for ShadowResolver<'_> {
    fn vars_mask(&self) -> u64 {
        self.inner.vars_mask()
    }
    fn skipped_unresolved(&mut self) {
        self.inner.skipped_unresolved()
    }
    fn resolve_var(&mut self, rk: &mut RecordKeeper, name: Init) -> Option<Init> {
        if self.shadowed.contains(&name) {
            return None;
        }
        self.inner.resolve_var(rk, name)
    }
    fn is_final(&self) -> bool {
        self.inner.is_final()
    }
    fn keep_unset_bits(&self) -> bool {
        self.inner.keep_unset_bits()
    }
    fn cur(&self) -> Option<&CurRec> {
        self.inner.cur()
    }
}

/// Delegates to an inner resolver and notes whether any variable stayed unresolved.
pub struct TrackUnresolvedResolver<'a> {
    inner: Option<&'a mut dyn Resolver>,
    pub found_unresolved: bool,
}

impl<'a> TrackUnresolvedResolver<'a> {
    pub fn new(inner: Option<&'a mut dyn Resolver>) -> Self {
        TrackUnresolvedResolver { inner, found_unresolved: false }
    }
}

impl Resolver for TrackUnresolvedResolver<'_> {
    // FIXME: delegating the inner resolver's mask here (skipping and flagging unresolved)
    // changes results on LLVM's Intrinsics.td (a `Class<args>.field` folds before the class
    // instance is complete); until that is understood this resolver walks every value.
    fn vars_mask(&self) -> u64 {
        u64::MAX
    }
    fn skipped_unresolved(&mut self) {
        self.found_unresolved = true;
    }
    fn resolve_var(&mut self, rk: &mut RecordKeeper, name: Init) -> Option<Init> {
        let mut out = None;
        if let Some(inner) = self.inner.as_deref_mut() {
            out = inner.resolve_var(rk, name);
            if let Some(v) = out {
                if !self.found_unresolved {
                    let mut sub = TrackUnresolvedResolver::new(None);
                    resolve(rk, v, &mut sub);
                    self.found_unresolved |= sub.found_unresolved;
                }
            }
        }
        if out.is_none() {
            self.found_unresolved = true;
        }
        out
    }
    fn is_final(&self) -> bool {
        self.inner.as_ref().map(|i| i.is_final()).unwrap_or(false)
    }
    fn keep_unset_bits(&self) -> bool {
        self.inner.as_ref().map(|i| i.keep_unset_bits()).unwrap_or(false)
    }
    fn cur(&self) -> Option<&CurRec> {
        self.inner.as_ref().and_then(|i| i.cur())
    }
}

/// Finds whether a value refers to one variable (LLVM's `HasReferenceResolver`).
pub struct HasReferenceResolver {
    target: Init,
    pub found: bool,
}

impl HasReferenceResolver {
    pub fn new(target: Init) -> Self {
        HasReferenceResolver { target, found: false }
    }
}

impl Resolver for HasReferenceResolver {
    fn vars_mask(&self) -> u64 {
        Init::var_mask(self.target)
    }
    fn resolve_var(&mut self, _rk: &mut RecordKeeper, name: Init) -> Option<Init> {
        if name == self.target {
            self.found = true;
        }
        None
    }
}

/// Records `new`, the resolution of `items[i]`, in `out`, which is made (with the unchanged
/// items before it) only at the first item that changes: most resolutions change nothing.
/// The items of a rebuilt list, bits or dag: on the stack for the usual few.
type Items<T> = SmallVec<[T; 16]>;

fn note_item<T: Copy + PartialEq>(out: &mut Option<Items<T>>, items: &[T], i: usize, new: T) {
    if let Some(v) = out.as_mut() {
        v.push(new);
    } else if new != items[i] {
        let mut v = Items::with_capacity(items.len());
        v.extend_from_slice(&items[..i]);
        v.push(new);
        *out = Some(v);
    }
}

fn resolve_all(rk: &mut RecordKeeper, items: &[Init], r: &mut dyn Resolver) -> Option<Items<Init>> {
    let mut out: Option<Items<Init>> = None;
    for (i, &x) in items.iter().enumerate() {
        let y = resolve(rk, x, r);
        note_item(&mut out, items, i, y);
    }
    out
}

/// LLVM's `Init::resolveReferences`.
#[inline]
pub fn resolve(rk: &mut RecordKeeper, init: Init, r: &mut dyn Resolver) -> Init {
    // Most values are closed: answered here, without a call.
    if init.is_closed() {
        return init;
    }
    resolve_open(rk, init, r)
}

fn resolve_open(rk: &mut RecordKeeper, init: Init, r: &mut dyn Resolver) -> Init {
    let vars = init.vars();
    if vars & r.vars_mask() == 0 && !(r.is_final() && init.is_final_sensitive()) {
        if vars != 0 {
            r.skipped_unresolved();
        }
        return init;
    }
    match init.kind() {
        InitKind::Unset | InitKind::Bit(_) | InitKind::Int(_) | InitKind::Str(..) | InitKind::Def(..) => init,
        InitKind::AnonName(_) => {
            let new = r.resolve_var(rk, init).unwrap_or(init);
            if r.is_final() && matches!(new.kind(), InitKind::AnonName(_)) {
                return crate::fold::anonymous_string(new);
            }
            new
        }
        InitKind::Bits(bits) => {
            let mut new_bits: Option<Items<Init>> = None;
            let mut cached: Option<(Init, Init)> = None;
            for (i, &cur) in bits.iter().enumerate() {
                if let InitKind::Bit(_) | InitKind::Unset = cur.kind() {
                    // Known and unset bits stay as they are.
                    note_item(&mut new_bits, bits, i, cur);
                    continue;
                }
                let mut nb = if let InitKind::VarBit(var, b) = cur.kind() {
                    let resolved = match cached {
                        Some((k, v)) if k == *var => v,
                        _ => {
                            let v = resolve(rk, *var, r);
                            cached = Some((*var, v));
                            v
                        }
                    };
                    // Unchanged: the bit is the same `VarBit` (LLVM's getBit would re-unique it).
                    if resolved == *var {
                        cur
                    } else {
                        resolved.get_bit_in(*b, rk.dialect())
                    }
                } else {
                    resolve(rk, cur, r).get_bit_in(0, rk.dialect())
                };
                if nb.is_unset() && r.keep_unset_bits() {
                    nb = cur;
                }
                note_item(&mut new_bits, bits, i, nb);
            }
            match new_bits {
                Some(v) => Init::bits(&v),
                None => init,
            }
        }
        InitKind::List(elems, et) => match resolve_all(rk, elems, r) {
            Some(v) => Init::list(&v, *et),
            None => init,
        },
        InitKind::Var(name, _) => r.resolve_var(rk, *name).unwrap_or(init),
        InitKind::VarBit(var, b) => {
            let v = resolve(rk, *var, r);
            if v != *var {
                v.get_bit_in(*b, rk.dialect())
            } else {
                init
            }
        }
        InitKind::VarDef(class, class_name, args) => {
            let mut ur = TrackUnresolvedResolver::new(Some(r));
            let new_args = resolve_all(rk, args, &mut ur);
            let unresolved = ur.found_unresolved;
            match new_args {
                Some(a) => {
                    let new = Init::new(InitKind::VarDef(*class, class_name, a.as_slice().into()));
                    // The value with its arguments resolved is still written where it was.
                    if let Some(&loc) = (!rk.vardef_locs.is_empty()).then(|| rk.vardef_locs.get(&init)).flatten() {
                        rk.vardef_locs.entry(new).or_insert(loc);
                    }
                    if !unresolved {
                        fold::instantiate_vardef(rk, new)
                    } else {
                        new
                    }
                }
                None => init,
            }
        }
        InitKind::Field(rec, name, ty) => {
            let nr = resolve(rk, *rec, r);
            if nr != *rec {
                fold::fold_field(rk, nr, name, *ty, r.cur())
            } else {
                init
            }
        }
        InitKind::Cond(conds, vals, ty) if rk.dialect().cond_resolves_in_pairs => {
            // Each condition, then its value: the order anonymous records are made in.
            let (mut nc, mut nv) = (None, None);
            for i in 0..conds.len() {
                let c = resolve(rk, conds[i], r);
                note_item(&mut nc, conds, i, c);
                let v = resolve(rk, vals[i], r);
                note_item(&mut nv, vals, i, v);
            }
            if nc.is_none() && nv.is_none() {
                return init;
            }
            let nc = nc.unwrap_or_else(|| Items::from_slice(conds));
            let nv = nv.unwrap_or_else(|| Items::from_slice(vals));
            fold::fold_cond(rk, &nc, &nv, *ty, r.cur())
        }
        InitKind::Cond(conds, vals, ty) => {
            let nc = resolve_all(rk, conds, r);
            let nv = resolve_all(rk, vals, r);
            if nc.is_none() && nv.is_none() {
                return init;
            }
            let nc = nc.unwrap_or_else(|| Items::from_slice(conds));
            let nv = nv.unwrap_or_else(|| Items::from_slice(vals));
            fold::fold_cond(rk, &nc, &nv, *ty, r.cur())
        }
        InitKind::Dag(op, op_name, args) => {
            let mut new_args: Option<Items<(Init, Option<Sym>)>> = None;
            for (i, &(a, n)) in args.iter().enumerate() {
                let na = resolve(rk, a, r);
                note_item(&mut new_args, args, i, (na, n));
            }
            let nop = resolve(rk, *op, r);
            match new_args {
                Some(v) => Init::dag(nop, *op_name, &v),
                None if nop != *op => Init::dag(nop, *op_name, args),
                None => init,
            }
        }
        InitKind::UnOp(op, a, ty) => {
            let na = resolve(rk, *a, r);
            if na != *a || (r.is_final() && *op == UnOp::Cast) {
                fold::fold_un_op(rk, *op, na, *ty, r.cur(), r.is_final())
            } else {
                init
            }
        }
        InitKind::BinOp(op, a, b, ty) => {
            let na = resolve(rk, *a, r);
            if matches!(op, BinOp::And | BinOp::Or) && rk.dialect().and_or_short_circuit {
                // `!and(0, ...)` is 0 and `!or(-1, ...)` is -1 whatever the rest resolves to.
                if let Some(v) = na.convert_to(rk, Ty::int()).and_then(|x| x.as_int()) {
                    if (*op == BinOp::And && v == 0) || (*op == BinOp::Or && v == -1) {
                        return Init::int(v);
                    }
                }
            }
            let nb = resolve(rk, *b, r);
            if na != *a || nb != *b {
                fold::fold_bin_op(rk, *op, na, nb, *ty, r.cur())
            } else {
                init
            }
        }
        InitKind::TernOp(op, a, b, c, ty) => {
            let na = resolve(rk, *a, r);
            if *op == TernOp::If && na != *a {
                if let Some(v) = na.convert_to(rk, Ty::int()).and_then(|x| x.as_int()) {
                    return if v != 0 { resolve(rk, *b, r) } else { resolve(rk, *c, r) };
                }
            }
            let nb = resolve(rk, *b, r);
            let nc = if op.binds_variable() {
                let mut sr = ShadowResolver::new(r);
                sr.shadow(na);
                resolve(rk, *c, &mut sr)
            } else {
                resolve(rk, *c, r)
            };
            if na != *a || nb != *b || nc != *c {
                fold::fold_tern_op(rk, *op, na, nb, nc, *ty, r.cur())
            } else {
                init
            }
        }
        InitKind::Fold(ops, ty) => {
            let [start, list, a, b, expr] = **ops;
            let ns = resolve(rk, start, r);
            let nl = resolve(rk, list, r);
            let ne = {
                let mut sr = ShadowResolver::new(r);
                sr.shadow(a);
                sr.shadow(b);
                resolve(rk, expr, &mut sr)
            };
            if ns == start && nl == list && ne == expr {
                return init;
            }
            fold::fold_foldl(rk, ns, nl, a, b, ne, *ty, r.cur())
        }
        InitKind::IsA(t, e) => {
            let ne = resolve(rk, *e, r);
            if ne != *e {
                fold::fold_isa(rk, *t, ne)
            } else {
                init
            }
        }
        InitKind::Exists(t, e) => {
            let ne = resolve(rk, *e, r);
            if ne != *e || r.is_final() {
                fold::fold_exists(rk, *t, ne, r.cur(), r.is_final())
            } else {
                init
            }
        }
        InitKind::Instances(t, e) => {
            let ne = resolve(rk, *e, r);
            if ne != *e || r.is_final() {
                fold::fold_instances(rk, *t, ne, r.cur(), r.is_final())
            } else {
                init
            }
        }
        InitKind::Arg(v, key) => {
            let nv = resolve(rk, *v, r);
            if nv != *v {
                Init::arg(nv, *key)
            } else {
                init
            }
        }
    }
}

/// LLVM's `RecordVal::setValue`: casts `v` to the field's type (expanding bits); false when
/// the value does not fit the type.
pub fn set_value(rk: &mut RecordKeeper, ty: Ty, v: Init) -> Option<Init> {
    let mut value = fold::get_cast_to(rk, v, ty)?;
    if let Some(n) = ty.bits_width() {
        if !matches!(value.kind(), InitKind::Bits(_)) {
            let bits: Vec<Init> = (0..n).map(|i| value.get_bit_in(i, rk.dialect())).collect();
            value = Init::bits(&bits);
        }
    }
    Some(value)
}

/// LLVM's `Record::resolveReferences(Resolver&, SkipVal)`: the name, every field (but `skip`),
/// assertions and dumps.
pub fn resolve_record(rk: &mut RecordKeeper, rec: &mut Record, r: &mut dyn Resolver, skip: Option<Init>) {
    let new_name = resolve(rk, rec.name, r);
    if new_name != rec.name {
        rec.name = new_name;
        r.rename_cur(new_name);
    }
    for i in 0..rec.values.len() {
        if skip.is_some() && Some(rec.values[i].name) == skip {
            continue;
        }
        let v = rec.values[i].value;
        let vr = resolve(rk, v, r);
        if vr == v {
            continue;
        }
        let ty = rec.values[i].ty;
        match set_value(rk, ty, vr) {
            Some(nv) => {
                rec.values[i].value = nv;
                r.field_updated(i, rec.values[i].name, nv);
            }
            None => {
                let tyname = match vr.ty() {
                    Some(t) => format!("of type '{t}' "),
                    None => String::new(),
                };
                let msg = format!(
                    "Invalid value {tyname}found when setting field '{}' of type '{ty}' after resolving references: {}\n",
                    rec.values[i].name.unquoted(),
                    vr.unquoted()
                );
                rk.fatal(&rec.locs, msg);
                return;
            }
        }
    }
    for a in rec.assertions.iter_mut() {
        a.cond = resolve(rk, a.cond, r);
        a.msg = resolve(rk, a.msg, r);
    }
    for d in rec.dumps.iter_mut() {
        d.msg = resolve(rk, d.msg, r);
    }
}

/// LLVM's `Record::resolveReferences(NewName)`: the final resolution of a def against its own
/// fields. `id` is the id the def will have (for self-references).
pub fn resolve_record_final(rk: &mut RecordKeeper, rec: &mut Record, id: Option<RecId>, new_name: Option<Init>) {
    let cur = CurRec::of(rec, id);
    let mut rr = RecordResolver::new(rec, cur);
    rr.set_name(new_name);
    rr.is_final = true;
    resolve_record(rk, rec, &mut rr, None);
}

/// LLVM's `Record::checkRecordAssertions`.
pub fn check_record_assertions(rk: &mut RecordKeeper, rec: &Record, id: Option<RecId>) {
    if rec.assertions.is_empty() {
        return;
    }
    let cur = CurRec::of(rec, id);
    let mut rr = RecordResolver::new(rec, cur);
    rr.is_final = true;
    let mut any_failed = false;
    for a in &rec.assertions {
        let c = resolve(rk, a.cond, &mut rr);
        let m = resolve(rk, a.msg, &mut rr);
        any_failed |= rk.check_assert(a.loc, c, m);
    }
    if any_failed && rk.dialect().assertion_failed_in_record {
        rk.error(&rec.locs, "assertion failed in this record");
    }
}

/// LLVM's `Record::emitRecordDumps`.
pub fn emit_record_dumps(rk: &mut RecordKeeper, rec: &Record, id: Option<RecId>) {
    if rec.dumps.is_empty() {
        return;
    }
    let cur = CurRec::of(rec, id);
    let mut rr = RecordResolver::new(rec, cur);
    rr.is_final = true;
    for d in &rec.dumps {
        let m = resolve(rk, d.msg, &mut rr);
        rk.dump_message(d.loc, m);
    }
}
