//! Hash-consing of strings, types and values for the lifetime of the process.
//!
//! TableGen values are immutable trees that are compared and looked up far more often than they
//! are built, so — like LLVM's uniqued `Init`s — every value, type and name is made once and then
//! referred to by a `&'static` pointer: equality and hashing are pointer operations, and sharing
//! unchanged subtrees across copies costs nothing. The memory is never freed; one tdq process
//! evaluates a bounded number of trees, as llvm-tblgen does.
//!
//! Interned things live in bump arenas (bumpalo), one per kind and thread: no per-object
//! allocator header or size-class rounding for the millions of small nodes an LLVM target
//! makes, and allocating one is a pointer bump. The tables are hashbrown `HashTable`s keyed by
//! one FxHash of the value, computed once per lookup, holding only pointers (8 bytes an entry:
//! RISC-V's 2 M buckets of values were 34 MB when each entry kept its 8-byte hash too). A table
//! that grows must file every entry again: values whose hash walks their elements (lists, bits)
//! keep a copy of it ([`Interned`]) — rehashing every list and bits value as the table grew was
//! a twentieth of AMDGPU's evaluation — and the others are hashed again.

use bumpalo::Bump;
use hashbrown::HashTable;
use std::cell::{Cell, RefCell};
use std::hash::{BuildHasher, Hash};

/// A bump arena whose chunks stay under [`Arena::CHUNK`]. bumpalo doubles each new chunk, so a
/// large target's values ended in chunks of 16-64 MiB, which the allocator `mmap`s apart from
/// the heap: every page of them was faulted in by the evaluating thread (about 10 thousand
/// faults on X86, 38 MB of nodes). Chunks this small come from the heap's top like any other
/// allocation, where the CLI's helper faults pages in ahead on the other core.
struct Arena {
    bump: Cell<&'static Bump>,
    /// The bytes of the arenas given up for a fresh one.
    retired: Cell<usize>,
}

impl Arena {
    /// A chunk's capacity: with bumpalo's footer and malloc's header, under glibc's 128 KiB
    /// threshold for `mmap`ing an allocation of its own.
    const CHUNK: usize = 60 << 10;

    fn new() -> Arena {
        Arena { bump: Cell::new(Box::leak(Box::new(Bump::new()))), retired: Cell::new(0) }
    }

    /// The arena to allocate `size` bytes (aligned to at most 16) from: the current one while
    /// its chunk has room or it is still growing its first few small chunks, else a fresh one of
    /// one chunk (a larger request gets a chunk of its size).
    #[inline]
    fn room(&self, size: usize) -> &'static Bump {
        let bump = self.bump.get();
        if bump.chunk_capacity() >= size + 16 || bump.allocated_bytes() < Self::CHUNK / 2 {
            return bump;
        }
        self.fresh(size)
    }

    #[cold]
    fn fresh(&self, size: usize) -> &'static Bump {
        self.retired.set(self.retired.get() + self.bump.get().allocated_bytes());
        let bump: &'static Bump = Box::leak(Box::new(Bump::with_capacity(Self::CHUNK.max(size + 16))));
        self.bump.set(bump);
        bump
    }

    fn alloc<T>(&self, value: T) -> &'static T {
        self.room(std::mem::size_of::<T>()).alloc(value)
    }

    fn alloc_str(&self, s: &str) -> &'static str {
        self.room(s.len()).alloc_str(s)
    }

    fn allocated_bytes(&self) -> usize {
        self.retired.get() + self.bump.get().allocated_bytes()
    }
}

/// An interned string: compare with `==` on the contents or with [`same_str`], which looks at the address first.
pub type Sym = &'static str;

type Fx = rustc_hash::FxBuildHasher;

fn hash_of<T: Hash + ?Sized>(value: &T) -> u64 {
    Fx::default().hash_one(value)
}

/// A string table entry: the string's hash and the string.
type Entry<T> = (u64, &'static T);

/// How an interned type's values are filed in their table. `hash` is always the value's own
/// `Hash` (FxHash); a type may file under a function of it that it keeps in the value, so that a
/// growing table need not hash the value again.
pub trait Interned: Eq + Hash + 'static {
    /// The hash to file a value under, from its `Hash`.
    fn file_hash(hash: u64) -> u64 {
        hash
    }
    /// The hash a value in the table is filed under (`file_hash` of its `Hash`).
    fn filed_hash(&self) -> u64 {
        hash_of(self)
    }
}

struct StringTable {
    set: HashTable<Entry<str>>,
    /// Strings adopted ([`adopt_str`]) and not yet in `set`: filed before the next lookup.
    adopted: Vec<Sym>,
    arena: Arena,
}

impl StringTable {
    fn file_adopted(&mut self) {
        if self.adopted.is_empty() {
            return;
        }
        let adopted = std::mem::take(&mut self.adopted);
        self.set.reserve(adopted.len(), |&(h, _)| h);
        for s in adopted {
            let h = hash_of(s);
            self.set.insert_unique(h, (h, s), |&(xh, _)| xh);
        }
    }
}

thread_local! {
    static STRINGS: RefCell<StringTable> = RefCell::new(StringTable {
        set: HashTable::new(),
        adopted: Vec::new(),
        arena: Arena::new(),
    });
}

/// Interns `s`, returning the one `&'static str` with its contents.
pub fn sym(s: &str) -> Sym {
    STRINGS.with(|table| {
        let mut table = table.borrow_mut();
        table.file_adopted();
        let h = hash_of(s);
        if let Some(&(_, existing)) = table.set.find(h, |&(xh, x)| xh == h && x == s) {
            return existing;
        }
        let leaked: &'static str = table.arena.alloc_str(s);
        table.set.insert_unique(h, (h, leaked), |&(xh, _)| xh);
        leaked
    })
}

/// Makes room for `n` more strings in this thread's table (a loader that knows how many it
/// will intern spares the table its regrowths).
pub fn reserve_strings(n: usize) {
    STRINGS.with(|table| table.borrow_mut().set.reserve(n, |&(h, _)| h));
}

/// How many strings this thread has interned or adopted.
pub fn strings_interned() -> usize {
    STRINGS.with(|table| {
        let table = table.borrow();
        table.set.len() + table.adopted.len()
    })
}

/// Takes `s` as this thread's interned string of its contents, as it is: not copied, and not
/// filed in the table until the thread next interns a string. For a loader of a table that
/// holds each string once, on a thread that has interned no string but these: a string
/// interned twice would be two `Sym`s (see [`crate::adopt`]).
pub(crate) fn adopt_str(s: &'static str) -> Sym {
    STRINGS.with(|table| table.borrow_mut().adopted.push(s));
    s
}

/// Whether two strings are equal, first by address: interned names mostly are the same `Sym`.
#[inline]
pub fn same_str(a: &str, b: &str) -> bool {
    (a.as_ptr() == b.as_ptr() && a.len() == b.len()) || a == b
}

/// A process-lifetime interner for one node type. Nodes compare shallowly (children by
/// pointer), so interning a node costs one hash of its immediate fields.
pub struct Interner<T: 'static> {
    set: RefCell<HashTable<&'static T>>,
    /// Values adopted ([`Interner::adopt`]) and not yet in `set`, which `any_adopted` says:
    /// filed before the next lookup.
    adopted: RefCell<Vec<&'static T>>,
    any_adopted: Cell<bool>,
    arena: Arena,
}

impl<T: Interned> Interner<T> {
    pub fn new() -> Self {
        Interner {
            set: RefCell::new(HashTable::new()),
            adopted: RefCell::new(Vec::new()),
            any_adopted: Cell::new(false),
            arena: Arena::new(),
        }
    }

    /// Takes `value` as interned without looking for an equal one: allocated, and filed in the
    /// table only before the next lookup. For a loader of a table that holds each value once,
    /// on a thread that has made no value equal to one of them: two equal values would be two
    /// pointers (see [`crate::adopt`]).
    pub(crate) fn adopt(&self, value: T) -> &'static T {
        let leaked: &'static T = self.arena.alloc(value);
        self.adopted.borrow_mut().push(leaked);
        self.any_adopted.set(true);
        leaked
    }

    /// Files the adopted values in the table.
    #[cold]
    fn file_adopted(&self, set: &mut HashTable<&'static T>) {
        let adopted = std::mem::take(&mut *self.adopted.borrow_mut());
        self.any_adopted.set(false);
        set.reserve(adopted.len(), |x| x.filed_hash());
        for x in adopted {
            set.insert_unique(x.filed_hash(), x, |x| x.filed_hash());
        }
    }

    /// How many values are interned or adopted.
    pub fn len(&self) -> usize {
        self.set.borrow().len() + self.adopted.borrow().len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Makes room for `n` more values.
    pub fn reserve(&self, n: usize) {
        self.set.borrow_mut().reserve(n, |x| x.filed_hash());
    }

    pub fn intern(&self, value: T) -> &'static T {
        self.intern_with(hash_of(&value), value, |x, v| x == v, |v, _| v)
    }

    /// Interns the value built from `key` by `make`, found by `hash` and `same` without
    /// building it: a value that exists costs no allocation and no `make`. `hash` must be
    /// what `hash_of` gives for `make(key)`, and `same(x, key)` must hold exactly for it;
    /// `make` is given `hash` (a value that keeps its hash stores it).
    pub fn intern_with<K>(
        &self,
        hash: u64,
        key: K,
        same: impl Fn(&T, &K) -> bool,
        make: impl FnOnce(K, u64) -> T,
    ) -> &'static T {
        let mut set = self.set.borrow_mut();
        if self.any_adopted.get() {
            self.file_adopted(&mut set);
        }
        let filed = T::file_hash(hash);
        if let Some(&existing) = set.find(filed, |&x| same(x, &key)) {
            return existing;
        }
        let value = make(key, hash);
        debug_assert_eq!(hash_of(&value), hash, "intern_with: the hash is not the value's");
        debug_assert_eq!(value.filed_hash(), filed, "intern_with: the value does not keep its hash");
        let leaked: &'static T = self.arena.alloc(value);
        set.insert_unique(filed, leaked, |x| x.filed_hash());
        leaked
    }

    /// Calls `f` on every interned node (for statistics: `examples/evaluate.rs --census`).
    pub fn for_each(&self, mut f: impl FnMut(&'static T)) {
        self.set.borrow().iter().chain(self.adopted.borrow().iter()).for_each(|&x| f(x))
    }

    /// Bytes held: the arena's chunks and the table's buckets.
    pub fn bytes(&self) -> usize {
        self.arena.allocated_bytes() + self.set.borrow().capacity() * (std::mem::size_of::<&T>() + 1)
    }
}

/// The hash interners use: for [`Interner::intern_with`] callers, which hash a borrowed form
/// of a value exactly as its `Hash` does.
pub fn hash_with(f: impl FnOnce(&mut rustc_hash::FxHasher)) -> u64 {
    let mut h = rustc_hash::FxHasher::default();
    f(&mut h);
    std::hash::Hasher::finish(&h)
}

/// The 32 bits of `hash` that a value keeping its hash keeps ([`Interned`]).
pub(crate) fn short_hash(hash: u64) -> u32 {
    (hash ^ (hash >> 32)) as u32
}

/// The table hash of 32 kept bits ([`short_hash`]), spread over 64 (a table takes a bucket from
/// the low bits and a tag from the top seven).
pub(crate) fn table_hash(short: u32) -> u64 {
    u64::from(short).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

impl<T: Interned> Default for Interner<T> {
    fn default() -> Self {
        Self::new()
    }
}

/// The string table's entries, buckets and arena bytes (for `examples/evaluate.rs --census`).
pub fn string_census() -> (usize, usize, usize) {
    STRINGS.with(|t| {
        let t = t.borrow();
        (t.set.len() + t.adopted.len(), t.set.capacity(), t.arena.allocated_bytes())
    })
}
