//! TableGen's types (`RecTy`): bit, `bits<n>`, int, string, `list<T>`, dag and record types.
//!
//! Types are interned, so `==` is pointer equality, as LLVM compares `RecTy*`. A record type is
//! the sorted set of classes a value is known to derive from; questions about class hierarchy
//! go through a [`ClassGraph`], which the record keeper implements.

use crate::intern::{same_str, Interner, Sym};
use smallvec::SmallVec;
use std::fmt;
use std::hash::{Hash, Hasher};

/// Index of a record (class or def) in the [`crate::record::RecordKeeper`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct RecId(pub u32);

// Hash is written out (below): a record type hashes its class ids only.
#[derive(PartialEq, Eq, Debug)]
pub enum TyKind {
    Bit,
    Bits(u32),
    Int,
    String,
    Dag,
    List(Ty),
    /// Classes sorted by name, none a subclass of another. Empty: any record.
    Record(Box<[(RecId, Sym)]>),
}

impl Hash for TyKind {
    fn hash<H: Hasher>(&self, h: &mut H) {
        match self {
            TyKind::Bit => h.write_u8(0),
            TyKind::Bits(n) => (1u8, n).hash(h),
            TyKind::Int => h.write_u8(2),
            TyKind::String => h.write_u8(3),
            TyKind::Dag => h.write_u8(4),
            TyKind::List(e) => (5u8, e).hash(h),
            TyKind::Record(classes) => hash_record(h, classes),
        }
    }
}

/// A record type's hash: its classes' ids (the names go with them).
fn hash_record<H: Hasher>(h: &mut H, classes: &[(RecId, Sym)]) {
    h.write_u8(6);
    h.write_usize(classes.len());
    for (id, _) in classes {
        h.write_u32(id.0);
    }
}

/// An interned type.
#[derive(Clone, Copy)]
pub struct Ty(&'static TyKind);

impl PartialEq for Ty {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.0, other.0)
    }
}
impl Eq for Ty {}
impl Hash for Ty {
    fn hash<H: Hasher>(&self, state: &mut H) {
        (self.0 as *const TyKind).hash(state)
    }
}

// Types are few: filed under their own hash.
impl crate::intern::Interned for TyKind {}

thread_local! {
    static TYPES: Interner<TyKind> = Interner::new();
    /// bit, int, string, dag: asked for millions of times, interned once.
    static SIMPLE: [Ty; 4] = [TyKind::Bit, TyKind::Int, TyKind::String, TyKind::Dag].map(Ty::make);
}

/// What type checks need to know about classes: their direct superclasses.
pub trait ClassGraph {
    /// Whether class `sub` is `sup` or derives from it.
    fn class_is_subclass_of(&self, sub: RecId, sup: RecId) -> bool;
    /// The direct superclasses of a class, as `(id, name)`.
    fn direct_superclasses(&self, class: RecId) -> Vec<(RecId, Sym)>;
}

impl Ty {
    fn make(kind: TyKind) -> Ty {
        TYPES.with(|t| Ty(t.intern(kind)))
    }
    pub fn bit() -> Ty {
        SIMPLE.with(|t| t[0])
    }
    pub fn bits(n: u32) -> Ty {
        Ty::make(TyKind::Bits(n))
    }
    pub fn int() -> Ty {
        SIMPLE.with(|t| t[1])
    }
    pub fn string() -> Ty {
        SIMPLE.with(|t| t[2])
    }
    pub fn dag() -> Ty {
        SIMPLE.with(|t| t[3])
    }
    pub fn list(elem: Ty) -> Ty {
        Ty::make(TyKind::List(elem))
    }
    /// The record type of a set of classes (sorted by name as LLVM does; duplicates removed).
    pub fn record(classes: &[(RecId, Sym)]) -> Ty {
        let mut v: SmallVec<[(RecId, Sym); 8]> = SmallVec::from_slice(classes);
        if v.len() > 1 {
            v.sort_by(|a, b| a.1.cmp(b.1));
            v.dedup_by_key(|c| c.0);
        }
        let hash = crate::intern::hash_with(|h| hash_record(h, &v));
        let same = |k: &TyKind, v: &SmallVec<[(RecId, Sym); 8]>| match k {
            TyKind::Record(c) => {
                c.len() == v.len() && c.iter().zip(v.iter()).all(|(a, b)| a.0 == b.0 && same_str(a.1, b.1))
            }
            _ => false,
        };
        TYPES.with(|t| Ty(t.intern_with(hash, v, same, |v, _| TyKind::Record(v.into_vec().into_boxed_slice()))))
    }
    pub fn kind(self) -> &'static TyKind {
        self.0
    }
    pub fn is_bit(self) -> bool {
        matches!(self.0, TyKind::Bit)
    }
    pub fn is_int(self) -> bool {
        matches!(self.0, TyKind::Int)
    }
    pub fn is_string(self) -> bool {
        matches!(self.0, TyKind::String)
    }
    pub fn is_dag(self) -> bool {
        matches!(self.0, TyKind::Dag)
    }
    pub fn is_record(self) -> bool {
        matches!(self.0, TyKind::Record(_))
    }
    pub fn bits_width(self) -> Option<u32> {
        match self.0 {
            TyKind::Bits(n) => Some(*n),
            _ => None,
        }
    }
    pub fn list_elem(self) -> Option<Ty> {
        match self.0 {
            TyKind::List(e) => Some(*e),
            _ => None,
        }
    }
    pub fn record_classes(self) -> &'static [(RecId, Sym)] {
        match self.0 {
            TyKind::Record(c) => c,
            _ => &[],
        }
    }

    /// Whether a record of this type is known to derive from `class`.
    pub fn record_is_subclass_of(self, g: &dyn ClassGraph, class: RecId) -> bool {
        self.record_classes().iter().any(|&(c, _)| g.class_is_subclass_of(c, class))
    }

    /// LLVM's `typeIsConvertibleTo`: a value of this type may be used where `rhs` is expected.
    pub fn is_convertible_to(self, g: &dyn ClassGraph, rhs: Ty) -> bool {
        match self.0 {
            TyKind::Bit => matches!(rhs.0, TyKind::Bit | TyKind::Int) || rhs.bits_width() == Some(1),
            TyKind::Bits(n) => match rhs.0 {
                TyKind::Bits(m) => n == m,
                TyKind::Bit => *n == 1,
                TyKind::Int => true,
                _ => false,
            },
            TyKind::Int => matches!(rhs.0, TyKind::Bit | TyKind::Bits(_) | TyKind::Int),
            TyKind::String => rhs.is_string(),
            TyKind::Dag => rhs.is_dag(),
            TyKind::List(e) => match rhs.0 {
                TyKind::List(re) => e.is_convertible_to(g, *re),
                _ => false,
            },
            TyKind::Record(_) => {
                if self == rhs {
                    return true;
                }
                match rhs.0 {
                    TyKind::Record(targets) => targets.iter().all(|&(t, _)| self.record_is_subclass_of(g, t)),
                    _ => false,
                }
            }
        }
    }

    /// LLVM's `typeIsA`: the same type, up to record subtyping.
    pub fn is_a(self, g: &dyn ClassGraph, rhs: Ty) -> bool {
        match (self.0, rhs.0) {
            (TyKind::List(a), TyKind::List(b)) => a.is_a(g, *b),
            (TyKind::Record(_), _) => self.is_convertible_to(g, rhs),
            _ => self == rhs,
        }
    }
}

/// LLVM's `resolveTypes`: the most specific type both can convert to, if any.
pub fn resolve_types(g: &dyn ClassGraph, t1: Ty, t2: Ty) -> Option<Ty> {
    if t1 == t2 {
        return Some(t1);
    }
    if t1.is_record() && t2.is_record() {
        let mut common = Vec::new();
        let mut stack: Vec<(RecId, Sym)> = t1.record_classes().to_vec();
        while let Some(r) = stack.pop() {
            if t2.record_is_subclass_of(g, r.0) {
                common.push(r);
            } else {
                stack.extend(g.direct_superclasses(r.0));
            }
        }
        return Some(Ty::record(&common));
    }
    if t1.is_convertible_to(g, t2) {
        return Some(t2);
    }
    if t2.is_convertible_to(g, t1) {
        return Some(t1);
    }
    if let (Some(a), Some(b)) = (t1.list_elem(), t2.list_elem()) {
        return resolve_types(g, a, b).map(Ty::list);
    }
    None
}

impl Ty {
    /// Appends the type as llvm-tblgen prints it (what `Display` prints).
    pub fn write_to(self, s: &mut String) {
        match self.0 {
            TyKind::Bit => s.push_str("bit"),
            TyKind::Bits(n) => {
                s.push_str("bits<");
                crate::init::push_int(s, *n as i64);
                s.push('>');
            }
            TyKind::Int => s.push_str("int"),
            TyKind::String => s.push_str("string"),
            TyKind::Dag => s.push_str("dag"),
            TyKind::List(e) => {
                s.push_str("list<");
                e.write_to(s);
                s.push('>');
            }
            TyKind::Record(classes) => {
                if classes.len() == 1 {
                    s.push_str(classes[0].1);
                    return;
                }
                s.push('{');
                for (i, c) in classes.iter().enumerate() {
                    if i > 0 {
                        s.push_str(", ");
                    }
                    s.push_str(c.1);
                }
                s.push('}');
            }
        }
    }
}

impl fmt::Display for Ty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            TyKind::Bit => f.write_str("bit"),
            TyKind::Bits(n) => write!(f, "bits<{n}>"),
            TyKind::Int => f.write_str("int"),
            TyKind::String => f.write_str("string"),
            TyKind::Dag => f.write_str("dag"),
            TyKind::List(e) => write!(f, "list<{e}>"),
            TyKind::Record(classes) => {
                if classes.len() == 1 {
                    return f.write_str(classes[0].1);
                }
                f.write_str("{")?;
                for (i, c) in classes.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    f.write_str(c.1)?;
                }
                f.write_str("}")
            }
        }
    }
}

impl fmt::Debug for Ty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
