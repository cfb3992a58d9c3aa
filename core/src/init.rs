//! TableGen values (LLVM's `Init` hierarchy): interned, immutable, printed exactly as
//! llvm-tblgen prints them.
//!
//! [`Init`] is a `Copy` handle to an interned [`InitKind`]; two handles are equal exactly when
//! they denote the same value, as with LLVM's uniqued `Init*`. Resolution (substituting
//! variables) lives in [`crate::resolve`], operator folding in [`crate::fold`].

use crate::intern::{same_str, short_hash, sym, table_hash, Interner, Sym};
use crate::types::{ClassGraph, RecId, Ty};
use std::fmt::{self, Write as _};

use std::hash::{Hash, Hasher};

/// Declares an operator enum with its printed names (LLVM's `getAsString` spelling, empty for
/// the operators that print as syntax) and `ALL`, every operator in declaration order. New
/// operators go at the end: the store encodes an operator as its index in `ALL`.
macro_rules! operators {
    ($(#[$meta:meta])* $enum:ident { $($(#[$doc:meta])* $variant:ident = $name:literal,)* }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
        pub enum $enum {
            $($(#[$doc])* $variant,)*
        }

        impl $enum {
            /// Every operator, in declaration order.
            pub const ALL: &'static [$enum] = &[$($enum::$variant,)*];

            /// The operator as printed before its operands (`!listconcat`).
            pub fn printed_name(self) -> &'static str {
                match self {
                    $($enum::$variant => $name,)*
                }
            }
        }
    };
}

operators! {
    /// LLVM's `UnOpInit` operators.
    UnOp {
        Cast = "!cast",
        Not = "!not",
        Head = "!head",
        Tail = "!tail",
        Size = "!size",
        Empty = "!empty",
        GetDagOp = "!getdagop",
        LogTwo = "!logtwo",
        Repr = "!repr",
        ToLower = "!tolower",
        ToUpper = "!toupper",
        ListFlatten = "!listflatten",
        GetDagOpName = "!getdagopname",
        Initialized = "!initialized",
    }
}

operators! {
    /// LLVM's `BinOpInit` operators.
    BinOp {
        Add = "!add",
        Sub = "!sub",
        Mul = "!mul",
        Div = "!div",
        And = "!and",
        Or = "!or",
        Xor = "!xor",
        Shl = "!shl",
        Sra = "!sra",
        Srl = "!srl",
        ListConcat = "!listconcat",
        ListSplat = "!listsplat",
        ListRemove = "!listremove",
        /// `list[i]`.
        ListElem = "",
        /// `list[i, j...]`.
        ListSlice = "",
        /// `!range(a, b)`: half open.
        Range = "!range",
        /// `a...b` in a range list: closed.
        RangeC = "",
        StrConcat = "!strconcat",
        Interleave = "!interleave",
        Concat = "!con",
        Eq = "!eq",
        Ne = "!ne",
        Le = "!le",
        Lt = "!lt",
        Ge = "!ge",
        Gt = "!gt",
        SetDagOp = "!setdagop",
        GetDagArg = "!getdagarg",
        GetDagName = "!getdagname",
        Match = "!match",
        SetDagOpName = "!setdagopname",
    }
}

operators! {
    /// LLVM's `TernOpInit` operators.
    TernOp {
        Subst = "!subst",
        ForEach = "!foreach",
        Filter = "!filter",
        If = "!if",
        Dag = "!dag",
        Range = "!range",
        Substr = "!substr",
        Find = "!find",
        SetDagArg = "!setdagarg",
        SetDagName = "!setdagname",
        /// `!sort(var, list, key)`.
        Sort = "!sort",
    }
}

impl TernOp {
    /// The operator binds its first operand, a variable name, in its last (`!foreach`,
    /// `!filter`, `!sort`).
    pub fn binds_variable(self) -> bool {
        matches!(self, TernOp::ForEach | TernOp::Filter | TernOp::Sort)
    }
}

/// How a class template argument was given: by position or by name.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ArgKey {
    Pos(u32),
    Named(Init),
}

// Hash is written out (below) so that a value can be looked up from a borrowed form.
#[derive(PartialEq, Eq, Debug)]
pub enum InitKind {
    /// `?`
    Unset,
    Bit(bool),
    /// Least significant bit first.
    Bits(Box<[Init]>),
    Int(i64),
    /// A string; `code` when written as `[{...}]` (prints as code).
    Str(Sym, bool),
    /// The name of an anonymous record before it is final: `anonymous_N`.
    AnonName(u32),
    /// Elements and the element type.
    List(Box<[Init]>, Ty),
    /// A reference to a def: its id, name and type.
    Def(RecId, Sym, Ty),
    /// A variable: its name (a string value) and type.
    Var(Init, Ty),
    VarBit(Init, u32),
    /// `Class<args>` as a value: class, class name, argument values (each an `Arg`).
    VarDef(RecId, Sym, Box<[Init]>),
    /// `rec.field`
    Field(Init, Sym, Ty),
    /// `!cond`: conditions, values, value type.
    Cond(Box<[Init]>, Box<[Init]>, Ty),
    /// `(op:$name arg:$name, ...)`
    Dag(Init, Option<Sym>, Box<[(Init, Option<Sym>)]>),
    UnOp(UnOp, Init, Ty),
    BinOp(BinOp, Init, Init, Ty),
    TernOp(TernOp, Init, Init, Init, Ty),
    /// `!foldl(start, list, a, b, expr)`: the operands boxed, as the operator is rare and five
    /// of them inline would make every value larger.
    Fold(Box<[Init; 5]>, Ty),
    IsA(Ty, Init),
    Exists(Ty, Init),
    /// `!instances<type>(regex)` (LLVM 22): the defs of a class whose names match.
    Instances(Ty, Init),
    /// A template argument value while a class reference is being parsed.
    Arg(Init, ArgKey),
}

/// An interned value with what is known about it once, when it is made.
// 72 bytes at most: a target makes a million of these; keep it from growing.
const _: () = assert!(std::mem::size_of::<Node>() <= 72);
const _: () = assert!(std::mem::size_of::<InitKind>() <= 48);
#[derive(Debug)]
pub struct Node {
    kind: InitKind,
    /// Nothing in it refers to a variable or waits to be folded: resolving it is a no-op.
    closed: bool,
    /// A 32-bit Bloom filter of the variables it refers to (see [`Init::var_mask`]): 32 bits
    /// keep a node small, and a substitution names few variables.
    vars: u32,
    /// Final resolution may change it even if no variable does (`!cast`, `!exists`,
    /// anonymous names).
    final_sensitive: bool,
    /// [`Init::is_concrete`], known when the node is made.
    concrete: bool,
    /// Nodes on its longest path to a leaf: how deep walking it recurses.
    depth: u32,
    /// Nodes plus string bytes, a shared part counted each time it occurs (saturating): about
    /// what printing it writes.
    size: u32,
    /// Part of its `Hash`, which its table entry is filed under ([`crate::intern::Interned`]).
    hash: u32,
    /// [`Init::serial`].
    serial: u32,
}

impl PartialEq for Node {
    fn eq(&self, other: &Self) -> bool {
        self.kind == other.kind
    }
}
impl Eq for Node {}
impl Hash for Node {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.kind.hash(state)
    }
}

/// An interned TableGen value.
#[derive(Clone, Copy)]
pub struct Init(&'static Node);

impl PartialEq for Init {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.0, other.0)
    }
}
impl Eq for Init {}
impl Hash for Init {
    fn hash<H: Hasher>(&self, state: &mut H) {
        (self.0 as *const Node).hash(state)
    }
}
impl fmt::Debug for Init {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self)
    }
}

thread_local! {
    static INITS: Interner<Node> = Interner::new();
    /// How many values this thread has made: the next [`Init::serial`].
    static MADE: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
    static COMMON: Common = Common::new();
    static PRINT_STYLE: std::cell::Cell<PrintStyle> = const { std::cell::Cell::new(PrintStyle::NEWEST) };
}

/// How values print where releases differ (`getAsString`). Values print without a record
/// keeper at hand, so the style is the thread's: [`crate::evaluate`] installs its release's
/// on the evaluating thread, and code that prints on other threads carries it there with
/// [`PrintStyle::current`] and [`PrintStyle::install`] (as `record::format_in_order` does).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PrintStyle {
    /// What comes between a dag's operator and its name: `(op:name ...)` in LLVM 19,
    /// `(op:$name ...)` since.
    pub dag_operator_name_prefix: &'static str,
}

impl PrintStyle {
    const NEWEST: PrintStyle = PrintStyle { dag_operator_name_prefix: ":$" };

    /// The style of this thread.
    pub fn current() -> PrintStyle {
        PRINT_STYLE.with(|s| s.get())
    }

    /// Makes this the style of this thread.
    pub fn install(self) {
        PRINT_STYLE.with(|s| s.set(self));
    }
}

struct Common {
    unset: Init,
    bit0: Init,
    bit1: Init,
}

impl Common {
    fn new() -> Common {
        let mk = Init::new;
        Common { unset: mk(InitKind::Unset), bit0: mk(InitKind::Bit(false)), bit1: mk(InitKind::Bit(true)) }
    }
}

impl Node {
    /// The node of `kind` (whose `Hash` is `hash`), with what is known about it.
    fn of(kind: InitKind, hash: u64) -> Node {
        let closed = match &kind {
            InitKind::Unset | InitKind::Bit(_) | InitKind::Int(_) | InitKind::Str(..) | InitKind::Def(..) => true,
            InitKind::Bits(b) | InitKind::List(b, _) => b.iter().all(|x| x.0.closed),
            InitKind::Dag(op, _, args) => op.0.closed && args.iter().all(|a| a.0 .0.closed),
            _ => false,
        };
        let (mut vars, mut final_sensitive) = (0u32, false);
        let (mut depth, mut size) = (0u32, 1u32);
        let mut add = |c: &Init| {
            vars |= c.0.vars;
            final_sensitive |= c.0.final_sensitive;
            depth = depth.max(c.0.depth);
            size = size.saturating_add(c.0.size);
        };
        match &kind {
            InitKind::Unset | InitKind::Bit(_) | InitKind::Int(_) | InitKind::Str(..) | InitKind::Def(..) => {}
            InitKind::AnonName(n) => {
                vars = Init::anon_mask(*n) as u32;
                final_sensitive = true;
            }
            InitKind::Bits(b) | InitKind::List(b, _) => b.iter().for_each(&mut add),
            InitKind::Var(name, _) => vars = Init::var_mask(*name) as u32,
            InitKind::VarBit(v, _)
            | InitKind::Field(v, _, _)
            | InitKind::IsA(_, v)
            | InitKind::Arg(v, ArgKey::Pos(_)) => add(v),
            InitKind::Arg(v, ArgKey::Named(n)) => {
                add(v);
                add(n);
            }
            InitKind::VarDef(_, _, args) => args.iter().for_each(&mut add),
            InitKind::Cond(c, v, _) => c.iter().chain(v.iter()).for_each(&mut add),
            InitKind::Dag(op, _, args) => {
                add(op);
                args.iter().for_each(|a| add(&a.0));
            }
            InitKind::UnOp(op, a, _) => {
                add(a);
                final_sensitive |= *op == UnOp::Cast;
            }
            InitKind::BinOp(_, a, b, _) => {
                add(a);
                add(b);
            }
            InitKind::TernOp(_, a, b, c, _) => {
                add(a);
                add(b);
                add(c);
            }
            InitKind::Fold(ops, _) => ops.iter().for_each(&mut add),
            InitKind::Exists(_, e) | InitKind::Instances(_, e) => {
                add(e);
                final_sensitive = true;
            }
        }
        let depth = depth.saturating_add(1);
        if let InitKind::Str(text, _) = &kind {
            size = size.saturating_add(u32::try_from(text.len()).unwrap_or(u32::MAX));
        }
        let concrete = match &kind {
            InitKind::Unset | InitKind::Bit(_) | InitKind::Int(_) | InitKind::Str(..) | InitKind::Def(..) => true,
            InitKind::Bits(b) | InitKind::List(b, _) => b.iter().all(|x| x.0.concrete),
            InitKind::Dag(op, _, args) => op.0.concrete && args.iter().all(|a| a.0 .0.concrete),
            InitKind::Cond(c, v, _) => c.iter().chain(v.iter()).all(|x| x.0.concrete),
            _ => false,
        };
        let serial = MADE.with(|made| {
            let n = made.get();
            made.set(n.saturating_add(1));
            n
        });
        Node { kind, closed, vars, final_sensitive, concrete, depth, size, hash: short_hash(hash), serial }
    }
}

// A node keeps 32 bits of its hash, from which its table hash is made: growing the table then
// reads no list's or bits' elements.
impl crate::intern::Interned for Node {
    fn file_hash(hash: u64) -> u64 {
        table_hash(short_hash(hash))
    }
    fn filed_hash(&self) -> u64 {
        table_hash(self.hash)
    }
}

impl Hash for InitKind {
    fn hash<H: Hasher>(&self, h: &mut H) {
        match self {
            InitKind::Unset => h.write_u8(0),
            InitKind::Bit(b) => (1u8, b).hash(h),
            InitKind::Bits(b) => hash_bits(h, b),
            InitKind::Int(v) => (3u8, v).hash(h),
            InitKind::Str(s, code) => hash_str(h, s, *code),
            InitKind::AnonName(n) => (5u8, n).hash(h),
            InitKind::List(e, t) => hash_list(h, e, *t),
            InitKind::Def(id, n, t) => (7u8, id, n, t).hash(h),
            InitKind::Var(n, t) => (8u8, n, t).hash(h),
            InitKind::VarBit(v, b) => (9u8, v, b).hash(h),
            InitKind::VarDef(c, n, a) => (10u8, c, n, &a[..]).hash(h),
            InitKind::Field(r, n, t) => (11u8, r, n, t).hash(h),
            InitKind::Cond(c, v, t) => (12u8, &c[..], &v[..], t).hash(h),
            InitKind::Dag(op, n, a) => hash_dag(h, *op, *n, a),
            InitKind::UnOp(o, a, t) => (14u8, o, a, t).hash(h),
            InitKind::BinOp(o, a, b, t) => (15u8, o, a, b, t).hash(h),
            InitKind::TernOp(o, a, b, c, t) => (16u8, o, a, b, c, t).hash(h),
            InitKind::Fold(ops, t) => (17u8, &ops[..], t).hash(h),
            InitKind::IsA(t, e) => (18u8, t, e).hash(h),
            InitKind::Exists(t, e) => (19u8, t, e).hash(h),
            InitKind::Instances(t, e) => (21u8, t, e).hash(h),
            InitKind::Arg(v, k) => (20u8, v, k).hash(h),
        }
    }
}

/// A string value's hash, of its text's contents: a string value is then found from any text in
/// one lookup ([`Init::str_fmt`]), without interning the text first (its `Sym` only when the value
/// is new).
fn hash_str<H: Hasher>(h: &mut H, text: &str, code: bool) {
    (4u8, text, code).hash(h)
}

// The hashes of the variants that are also looked up from slices (`Init::bits`, `list`, `dag`).
fn hash_bits<H: Hasher>(h: &mut H, bits: &[Init]) {
    (2u8, bits).hash(h)
}
fn hash_list<H: Hasher>(h: &mut H, elems: &[Init], ty: Ty) {
    (6u8, elems, ty).hash(h)
}
fn hash_dag<H: Hasher>(h: &mut H, op: Init, name: Option<Sym>, args: &[(Init, Option<Sym>)]) {
    (13u8, op, name, args).hash(h)
}

/// Of one kind of value: how many nodes, and the bytes of their element slices.
pub type KindCount = (usize, usize);

/// How many values of each kind this thread has interned, and the bytes the interner holds
/// (its arena chunks and table): for memory work (`examples/evaluate.rs --census`).
pub fn census() -> (Vec<(&'static str, KindCount)>, usize) {
    let mut counts = std::collections::BTreeMap::new();
    INITS.with(|i| {
        i.for_each(|n| {
            use InitKind::*;
            let name = match n.kind {
                Unset => "Unset",
                Bit(_) => "Bit",
                Bits(_) => "Bits",
                Int(_) => "Int",
                Str(..) => "Str",
                AnonName(_) => "AnonName",
                List(..) => "List",
                Def(..) => "Def",
                Var(..) => "Var",
                VarBit(..) => "VarBit",
                VarDef(..) => "VarDef",
                Field(..) => "Field",
                Cond(..) => "Cond",
                Dag(..) => "Dag",
                UnOp(..) => "UnOp",
                BinOp(..) => "BinOp",
                TernOp(..) => "TernOp",
                Fold(..) => "Fold",
                IsA(..) => "IsA",
                Exists(..) => "Exists",
                Instances(..) => "Instances",
                Arg(..) => "Arg",
            };
            let slice = match &n.kind {
                Bits(b) | List(b, _) => b.len() * 8,
                Cond(a, b, _) => (a.len() + b.len()) * 8,
                Dag(_, _, a) => a.len() * 24,
                VarDef(_, _, a) => a.len() * 8,
                _ => 0,
            };
            let e = counts.entry(name).or_insert((0, 0));
            e.0 += 1;
            e.1 += slice;
        })
    });
    (counts.into_iter().collect(), INITS.with(|i| i.bytes()))
}

impl Init {
    pub fn new(kind: InitKind) -> Init {
        // A string value hashes by its interned text's address: make sure it is interned.
        let kind = match kind {
            InitKind::Str(text, code) => return Init::str_fmt(text, code),
            kind => kind,
        };
        let hash = crate::intern::hash_with(|h| kind.hash(h));
        INITS.with(|i| Init(i.intern_with(hash, kind, |n, k| n.kind == *k, Node::of)))
    }

    /// [`Init::new`] without the lookup, for [`crate::adopt::Adopter`] (whose caller knows no
    /// equal value was made on this thread): filed in the table before the next lookup. `?`,
    /// `0` and `1` are the common ones.
    pub(crate) fn adopt(kind: InitKind) -> Init {
        match kind {
            InitKind::Unset => Init::unset(),
            InitKind::Bit(b) => Init::bit(b),
            kind => {
                let hash = crate::intern::hash_with(|h| kind.hash(h));
                INITS.with(|i| Init(i.adopt(Node::of(kind, hash))))
            }
        }
    }

    /// Whether this thread has made no value but the common ones (`?`, `0`, `1`), once they are
    /// made.
    pub(crate) fn only_common_made() -> bool {
        let _ = Init::unset();
        INITS.with(|i| i.len()) == 3
    }

    /// Where this value comes in the order this thread made its values: a dense number, for
    /// tables beside the values (a snapshot's writer numbers the values it writes by it).
    pub fn serial(self) -> u32 {
        self.0.serial
    }

    /// How many values this thread has made: every [`Init::serial`] on it is below this.
    pub fn made() -> u32 {
        MADE.with(|made| made.get())
    }

    /// Makes room for `n` more values in this thread's table (for a loader that knows).
    pub fn reserve(n: usize) {
        INITS.with(|i| i.reserve(n));
    }

    /// Interns the value `same` recognises and `make` builds, looked up by `hash` (its
    /// `InitKind`'s) without building it.
    fn new_with<K>(hash: u64, key: K, same: impl Fn(&InitKind, &K) -> bool, make: impl FnOnce(K) -> InitKind) -> Init {
        INITS.with(|i| Init(i.intern_with(hash, key, |n, k| same(&n.kind, k), |k, hash| Node::of(make(k), hash))))
    }

    /// The Bloom-filter bit of a variable name (an interned string value).
    pub fn var_mask(name: Init) -> u64 {
        if let InitKind::AnonName(n) = name.kind() {
            return Init::anon_mask(*n);
        }
        let h = ((name.0 as *const Node as usize) >> 3).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        1u64 << (h >> (usize::BITS - 5))
    }

    fn anon_mask(n: u32) -> u64 {
        1u64 << ((n as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 59)
    }

    /// The variables this value may refer to, as a Bloom filter of [`Init::var_mask`] bits.
    pub fn vars(self) -> u64 {
        self.0.vars as u64
    }

    pub fn is_final_sensitive(self) -> bool {
        self.0.final_sensitive
    }

    /// Nodes on the longest path from this value to a leaf (1 for a leaf).
    pub fn depth(self) -> u32 {
        self.0.depth
    }

    /// About the bytes printing this value writes: nodes plus string bytes, shared parts
    /// counted each time they occur (saturating).
    pub fn size(self) -> u64 {
        u64::from(self.0.size)
    }
    /// The node's address: an identity for hashing (never 0).
    pub fn addr(self) -> usize {
        self.0 as *const Node as usize
    }
    pub fn kind(self) -> &'static InitKind {
        &self.0.kind
    }
    /// Whether resolving this value can change it (it refers to no variable and has nothing
    /// left to fold).
    pub fn is_closed(self) -> bool {
        self.0.closed
    }
    pub fn unset() -> Init {
        COMMON.with(|c| c.unset)
    }
    pub fn bit(b: bool) -> Init {
        COMMON.with(|c| if b { c.bit1 } else { c.bit0 })
    }
    pub fn int(v: i64) -> Init {
        Init::new(InitKind::Int(v))
    }
    pub fn string(s: &str) -> Init {
        Init::str_fmt(s, false)
    }
    pub fn code(s: &str) -> Init {
        Init::str_fmt(s, true)
    }
    /// The string value of `s`, code or not: looked up by its contents (the address first, as
    /// the text of a token or a value is mostly the value's own `Sym`), and its text interned
    /// ([`sym`]) only when the value is new. Looking the text up and then the value was two
    /// lookups in large tables, each missing the cache, for every concatenation's result.
    pub fn str_fmt(s: &str, code: bool) -> Init {
        let hash = crate::intern::hash_with(|h| hash_str(h, s, code));
        let same = |k: &InitKind, s: &&str| matches!(k, InitKind::Str(t, c) if same_str(t, s) && *c == code);
        Init::new_with(hash, s, same, |s| InitKind::Str(sym(s), code))
    }
    pub fn bits(bits: &[Init]) -> Init {
        let hash = crate::intern::hash_with(|h| hash_bits(h, bits));
        Init::new_with(hash, bits, |k, b| matches!(k, InitKind::Bits(x) if **x == **b), |b| InitKind::Bits(b.into()))
    }
    pub fn list(elems: &[Init], elem_ty: Ty) -> Init {
        let hash = crate::intern::hash_with(|h| hash_list(h, elems, elem_ty));
        Init::new_with(
            hash,
            elems,
            |k, e| matches!(k, InitKind::List(x, t) if **x == **e && *t == elem_ty),
            |e| InitKind::List(e.into(), elem_ty),
        )
    }
    pub fn var(name: Init, ty: Ty) -> Init {
        Init::new(InitKind::Var(name, ty))
    }
    pub fn var_named(name: &str, ty: Ty) -> Init {
        Init::var(Init::string(name), ty)
    }
    pub fn var_bit(var: Init, bit: u32) -> Init {
        Init::new(InitKind::VarBit(var, bit))
    }
    pub fn def(id: RecId, name: Sym, ty: Ty) -> Init {
        Init::new(InitKind::Def(id, name, ty))
    }
    pub fn field(rec: Init, name: Sym, ty: Ty) -> Init {
        Init::new(InitKind::Field(rec, name, ty))
    }
    pub fn dag(op: Init, op_name: Option<Sym>, args: &[(Init, Option<Sym>)]) -> Init {
        let hash = crate::intern::hash_with(|h| hash_dag(h, op, op_name, args));
        Init::new_with(
            hash,
            args,
            |k, a| matches!(k, InitKind::Dag(o, n, x) if *o == op && *n == op_name && **x == **a),
            |a| InitKind::Dag(op, op_name, a.into()),
        )
    }
    pub fn un_op(op: UnOp, a: Init, ty: Ty) -> Init {
        Init::new(InitKind::UnOp(op, a, ty))
    }
    pub fn bin_op(op: BinOp, a: Init, b: Init, ty: Ty) -> Init {
        Init::new(InitKind::BinOp(op, a, b, ty))
    }
    pub fn tern_op(op: TernOp, a: Init, b: Init, c: Init, ty: Ty) -> Init {
        Init::new(InitKind::TernOp(op, a, b, c, ty))
    }
    pub fn arg(value: Init, key: ArgKey) -> Init {
        Init::new(InitKind::Arg(value, key))
    }

    /// Whether the name of an anonymous record (`AnonName`) occurs in this value. A def whose
    /// name still holds one when it is added was named from an anonymous `defm` (directly, or
    /// through a multiclass or loop): its `anonymous_N` part is renumbered like an anonymous
    /// def's name.
    pub fn mentions_anonymous_name(self) -> bool {
        // Only anonymous names, `!cast`, `!exists` and `!instances` make a value final-sensitive.
        if !self.0.final_sensitive {
            return false;
        }
        let any = |items: &[Init]| items.iter().any(|x| x.mentions_anonymous_name());
        match self.kind() {
            InitKind::AnonName(_) => true,
            InitKind::Unset | InitKind::Bit(_) | InitKind::Int(_) | InitKind::Str(..) | InitKind::Def(..) => false,
            InitKind::Var(..) => false,
            InitKind::Bits(b) | InitKind::List(b, _) => any(b),
            InitKind::VarBit(v, _)
            | InitKind::Field(v, _, _)
            | InitKind::IsA(_, v)
            | InitKind::Exists(_, v)
            | InitKind::Instances(_, v) => v.mentions_anonymous_name(),
            InitKind::Arg(v, ArgKey::Pos(_)) => v.mentions_anonymous_name(),
            InitKind::Arg(v, ArgKey::Named(n)) => v.mentions_anonymous_name() || n.mentions_anonymous_name(),
            InitKind::VarDef(_, _, args) => any(args),
            InitKind::Cond(c, v, _) => any(c) || any(v),
            InitKind::Dag(op, _, args) => {
                op.mentions_anonymous_name() || args.iter().any(|a| a.0.mentions_anonymous_name())
            }
            InitKind::UnOp(_, a, _) => a.mentions_anonymous_name(),
            InitKind::BinOp(_, a, b, _) => a.mentions_anonymous_name() || b.mentions_anonymous_name(),
            InitKind::TernOp(_, a, b, c, _) => [a, b, c].iter().any(|x| x.mentions_anonymous_name()),
            InitKind::Fold(ops, _) => ops.iter().any(|x| x.mentions_anonymous_name()),
        }
    }

    pub fn is_unset(self) -> bool {
        matches!(self.kind(), InitKind::Unset)
    }
    pub fn as_str(self) -> Option<Sym> {
        match self.kind() {
            InitKind::Str(s, _) => Some(s),
            _ => None,
        }
    }
    pub fn as_int(self) -> Option<i64> {
        match self.kind() {
            InitKind::Int(v) => Some(*v),
            _ => None,
        }
    }
    pub fn as_def(self) -> Option<RecId> {
        match self.kind() {
            InitKind::Def(id, _, _) => Some(*id),
            _ => None,
        }
    }
    pub fn as_list(self) -> Option<(&'static [Init], Ty)> {
        match self.kind() {
            InitKind::List(e, t) => Some((e, *t)),
            _ => None,
        }
    }
    pub fn is_code(self) -> bool {
        matches!(self.kind(), InitKind::Str(_, true))
    }

    /// The type of a typed value; `None` for `?` and argument wrappers.
    pub fn ty(self) -> Option<Ty> {
        Some(match self.kind() {
            InitKind::Unset | InitKind::Arg(..) => return None,
            InitKind::Bit(_) | InitKind::VarBit(..) => Ty::bit(),
            InitKind::Bits(b) => Ty::bits(b.len() as u32),
            InitKind::Int(_) | InitKind::IsA(..) | InitKind::Exists(..) => Ty::int(),
            InitKind::Instances(t, _) => Ty::list(*t),
            InitKind::Str(..) | InitKind::AnonName(_) => Ty::string(),
            InitKind::List(_, e) => Ty::list(*e),
            InitKind::Def(_, _, t)
            | InitKind::Var(_, t)
            | InitKind::Field(_, _, t)
            | InitKind::Cond(_, _, t)
            | InitKind::UnOp(_, _, t)
            | InitKind::BinOp(_, _, _, t)
            | InitKind::TernOp(_, _, _, _, t)
            | InitKind::Fold(_, t) => *t,
            InitKind::VarDef(c, n, _) => Ty::record(&[(*c, *n)]),
            InitKind::Dag(..) => Ty::dag(),
        })
    }

    /// LLVM's `isConcrete`: fully known, no references or stuck operations (`?` counts).
    pub fn is_concrete(self) -> bool {
        self.0.concrete
    }

    /// LLVM's `isComplete`: no `?` anywhere that matters.
    pub fn is_complete(self) -> bool {
        match self.kind() {
            InitKind::Unset | InitKind::Arg(..) => false,
            InitKind::Bits(b) => b.iter().all(|x| x.is_complete()),
            InitKind::List(e, _) => e.iter().all(|x| x.is_complete()),
            InitKind::Cond(c, v, _) => c.iter().all(|x| x.is_complete()) && v.iter().all(|x| x.is_concrete()),
            _ => true,
        }
    }

    /// LLVM's `getBit`: bit `i` of this value as a bit-valued init.
    /// Bit `i` of the value, as `release`'s `getBit` takes it (LLVM 23 takes a bit-typed
    /// `!foldl` or `!cond` whole, as it does other bit-typed operations).
    pub fn get_bit_in(self, i: u32, dialect: &crate::release::Dialect) -> Init {
        match self.kind() {
            InitKind::Fold(.., t) | InitKind::Cond(_, _, t) if t.is_bit() && dialect.bit_fold_and_cond_whole => self,
            _ => self.get_bit(i),
        }
    }

    /// LLVM 19's `getBit`.
    pub fn get_bit(self, i: u32) -> Init {
        match self.kind() {
            InitKind::Unset | InitKind::Bit(_) | InitKind::VarBit(..) => self,
            InitKind::Bits(b) => b.get(i as usize).copied().unwrap_or_else(Init::unset),
            InitKind::Int(v) => Init::bit(i < 64 && (v >> i) & 1 != 0),
            InitKind::Var(_, t)
            | InitKind::Field(_, _, t)
            | InitKind::UnOp(_, _, t)
            | InitKind::BinOp(_, _, _, t)
            | InitKind::TernOp(_, _, _, _, t) => {
                if t.is_bit() {
                    self
                } else {
                    Init::var_bit(self, i)
                }
            }
            InitKind::Fold(..) | InitKind::IsA(..) | InitKind::Exists(..) | InitKind::Cond(..) => {
                Init::var_bit(self, i)
            }
            _ => Init::var_bit(self, i),
        }
    }

    /// LLVM's `getAsUnquotedString`: strings without quotes, everything else as printed.
    pub fn unquoted(self) -> String {
        let mut s = String::new();
        self.write_unquoted(&mut s);
        s
    }

    /// LLVM's `convertInitializerTo`: the same value seen at type `ty`, if it has that type.
    pub fn convert_to(self, g: &dyn ClassGraph, ty: Ty) -> Option<Init> {
        use crate::types::TyKind as T;
        match self.kind() {
            InitKind::Unset => Some(self),
            InitKind::Bit(b) => match ty.kind() {
                T::Bit => Some(self),
                T::Int => Some(Init::int(*b as i64)),
                T::Bits(1) => Some(Init::bits(&[self])),
                _ => None,
            },
            InitKind::Bits(bits) => match ty.kind() {
                T::Bit => (bits.len() == 1).then(|| bits[0]),
                T::Bits(n) => (*n as usize == bits.len()).then_some(self),
                T::Int => {
                    let mut v: i64 = 0;
                    for (i, b) in bits.iter().enumerate() {
                        match b.kind() {
                            InitKind::Bit(x) => {
                                if *x && i < 64 {
                                    v |= 1i64 << i
                                }
                            }
                            _ => return None,
                        }
                    }
                    Some(Init::int(v))
                }
                _ => None,
            },
            InitKind::Int(v) => match ty.kind() {
                T::Int => Some(self),
                T::Bit => match v {
                    0 | 1 => Some(Init::bit(*v == 1)),
                    _ => None,
                },
                T::Bits(n) => {
                    let n = *n;
                    let fits = n >= 64 || (v >> n) == 0 || (v >> (n - 1)) == -1;
                    if !fits {
                        return None;
                    }
                    let bits: Vec<Init> = (0..n).map(|i| Init::bit(i < 64 && (v >> i) & 1 != 0)).collect();
                    Some(Init::bits(&bits))
                }
                _ => None,
            },
            InitKind::Str(..) => ty.is_string().then_some(self),
            InitKind::List(elems, _) => {
                if self.ty() == Some(ty) {
                    return Some(self);
                }
                let et = ty.list_elem()?;
                let mut out = Vec::with_capacity(elems.len());
                let mut changed = false;
                for e in elems.iter() {
                    let c = e.convert_to(g, et)?;
                    changed |= c != *e;
                    out.push(c);
                }
                if !changed {
                    return Some(self);
                }
                Some(Init::list(&out, et))
            }
            InitKind::Def(_, _, t) => (ty.is_record() && t.is_convertible_to(g, ty)).then_some(self),
            InitKind::Dag(..) => ty.is_dag().then_some(self),
            InitKind::Arg(..) => None,
            _ => {
                let own = self.ty()?;
                if own == ty || own.is_a(g, ty) {
                    return Some(self);
                }
                if own.is_bit() && ty.bits_width() == Some(1) {
                    return Some(Init::bits(&[self]));
                }
                None
            }
        }
    }

    /// LLVM's `convertInitializerBitRange`: the bits at `bits` (in that order) of this value.
    pub fn convert_bit_range(self, bits: &[u32]) -> Option<Init> {
        match self.kind() {
            InitKind::Bits(b) => {
                let mut out = Vec::with_capacity(bits.len());
                for &i in bits {
                    out.push(*b.get(i as usize)?);
                }
                Some(Init::bits(&out))
            }
            InitKind::Int(v) => {
                let mut out = Vec::with_capacity(bits.len());
                for &i in bits {
                    if i >= 64 {
                        return None;
                    }
                    out.push(Init::bit((v >> i) & 1 != 0));
                }
                Some(Init::bits(&out))
            }
            InitKind::Unset => None,
            _ => {
                let n = self.ty()?.bits_width()?;
                let mut out = Vec::with_capacity(bits.len());
                for &i in bits {
                    if i >= n {
                        return None;
                    }
                    out.push(Init::var_bit(self, i));
                }
                Some(Init::bits(&out))
            }
        }
    }
}

/// Appends `v` in decimal, without the `fmt` machinery (printing writes millions of ints).
pub fn push_int(s: &mut String, v: i64) {
    let mut buf = [0u8; 20];
    let mut i = buf.len();
    let mut n = v.unsigned_abs();
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    if v < 0 {
        s.push('-');
    }
    // SAFETY-free: the digits are ASCII.
    s.push_str(std::str::from_utf8(&buf[i..]).unwrap_or(""));
}

fn push_joined(s: &mut String, items: &[Init]) {
    for (i, x) in items.iter().enumerate() {
        if i > 0 {
            s.push_str(", ");
        }
        x.write_to(s);
    }
}

impl Init {
    /// Appends LLVM's `getAsString` of this value to `s`: what `Display` prints, written
    /// straight into a string (the `--print-records` hot path).
    pub fn write_to(self, s: &mut String) {
        match self.kind() {
            InitKind::Unset => s.push('?'),
            InitKind::Bit(b) => s.push(if *b { '1' } else { '0' }),
            InitKind::Bits(bits) => {
                s.push_str("{ ");
                for (i, b) in bits.iter().rev().enumerate() {
                    if i > 0 {
                        s.push_str(", ");
                    }
                    b.write_to(s);
                }
                s.push_str(" }");
            }
            InitKind::Int(v) => push_int(s, *v),
            InitKind::Str(v, false) => {
                s.push('"');
                s.push_str(v);
                s.push('"');
            }
            InitKind::Str(v, true) => {
                s.push_str("[{");
                s.push_str(v);
                s.push_str("}]");
            }
            InitKind::AnonName(n) => {
                s.push_str("anonymous_");
                push_int(s, *n as i64);
            }
            InitKind::List(elems, _) => {
                s.push('[');
                push_joined(s, elems);
                s.push(']');
            }
            InitKind::Def(_, name, _) => s.push_str(name),
            InitKind::Var(name, _) => name.write_unquoted(s),
            InitKind::VarBit(v, b) => {
                v.write_to(s);
                s.push('{');
                push_int(s, *b as i64);
                s.push('}');
            }
            InitKind::VarDef(_, class, args) => {
                s.push_str(class);
                s.push('<');
                push_joined(s, args);
                s.push('>');
            }
            InitKind::Field(rec, name, _) => {
                rec.write_to(s);
                s.push('.');
                s.push_str(name);
            }
            InitKind::Cond(conds, vals, _) => {
                s.push_str("!cond(");
                for (i, (c, v)) in conds.iter().zip(vals.iter()).enumerate() {
                    if i > 0 {
                        s.push_str(", ");
                    }
                    c.write_to(s);
                    s.push_str(": ");
                    v.write_to(s);
                }
                s.push(')');
            }
            InitKind::Dag(op, op_name, args) => {
                s.push('(');
                op.write_to(s);
                if let Some(n) = op_name {
                    s.push_str(PrintStyle::current().dag_operator_name_prefix);
                    s.push_str(n);
                }
                for (i, (a, n)) in args.iter().enumerate() {
                    s.push_str(if i == 0 { " " } else { ", " });
                    a.write_to(s);
                    if let Some(n) = n {
                        s.push_str(":$");
                        s.push_str(n);
                    }
                }
                s.push(')');
            }
            InitKind::UnOp(op, a, ty) => {
                s.push_str(op.printed_name());
                if *op == UnOp::Cast {
                    s.push('<');
                    ty.write_to(s);
                    s.push('>');
                }
                s.push('(');
                a.write_to(s);
                s.push(')');
            }
            InitKind::BinOp(op, a, b, ty) => match op {
                BinOp::ListElem | BinOp::ListSlice => {
                    a.write_to(s);
                    s.push('[');
                    b.write_to(s);
                    s.push(']');
                }
                BinOp::RangeC => {
                    a.write_to(s);
                    s.push_str("...");
                    b.write_to(s);
                }
                _ => {
                    if *op == BinOp::GetDagArg {
                        s.push_str("!getdagarg<");
                        ty.write_to(s);
                        s.push('>');
                    } else {
                        s.push_str(op.printed_name());
                    }
                    s.push('(');
                    a.write_to(s);
                    s.push_str(", ");
                    b.write_to(s);
                    s.push(')');
                }
            },
            InitKind::TernOp(op, a, b, c, _) => {
                s.push_str(op.printed_name());
                s.push('(');
                if op.binds_variable() {
                    a.write_unquoted(s);
                } else {
                    a.write_to(s);
                }
                s.push_str(", ");
                b.write_to(s);
                s.push_str(", ");
                c.write_to(s);
                s.push(')');
            }
            InitKind::Fold(ops, _) => {
                let [start, list, a, b, expr] = **ops;
                s.push_str("!foldl(");
                start.write_to(s);
                s.push_str(", ");
                list.write_to(s);
                s.push_str(", ");
                a.write_unquoted(s);
                s.push_str(", ");
                b.write_unquoted(s);
                s.push_str(", ");
                expr.write_to(s);
                s.push(')');
            }
            InitKind::IsA(t, e) | InitKind::Exists(t, e) | InitKind::Instances(t, e) => {
                s.push_str(match self.kind() {
                    InitKind::IsA(..) => "!isa<",
                    InitKind::Exists(..) => "!exists<",
                    _ => "!instances<",
                });
                t.write_to(s);
                s.push_str(">(");
                e.write_to(s);
                s.push(')');
            }
            InitKind::Arg(v, key) => {
                match key {
                    ArgKey::Pos(i) => push_int(s, *i as i64),
                    ArgKey::Named(n) => n.write_to(s),
                }
                s.push_str(": ");
                v.write_to(s);
            }
        }
    }

    /// Appends LLVM's `getAsUnquotedString`: strings without quotes, everything else as printed.
    pub fn write_unquoted(self, s: &mut String) {
        match self.kind() {
            InitKind::Str(v, _) => s.push_str(v),
            _ => self.write_to(s),
        }
    }
}

/// `Display` is LLVM's `getAsString`.
impl fmt::Display for Init {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind() {
            InitKind::Str(v, false) => {
                f.write_char('"')?;
                f.write_str(v)?;
                f.write_char('"')
            }
            _ => {
                let mut s = String::new();
                self.write_to(&mut s);
                f.write_str(&s)
            }
        }
    }
}
