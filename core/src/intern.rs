//! Hash-consing of strings, types and values for the lifetime of the process.
//!
//! TableGen values are immutable trees that are compared and looked up far more often than they
//! are built, so — like LLVM's uniqued `Init`s — every value, type and name is made once and then
//! referred to by a `&'static` pointer: equality and hashing are pointer operations, and sharing
//! unchanged subtrees across copies costs nothing. The memory is never freed; one tdq process
//! evaluates a bounded number of trees, as llvm-tblgen does.

use std::cell::RefCell;
use rustc_hash::FxHashSet as HashSet;
use std::hash::Hash;

/// An interned string: compare with `==` on the contents or with [`same`] on the pointer.
pub type Sym = &'static str;

thread_local! {
    static STRINGS: RefCell<HashSet<&'static str>> = RefCell::new(HashSet::default());
}

/// Interns `s`, returning the one `&'static str` with its contents.
pub fn sym(s: &str) -> Sym {
    STRINGS.with(|set| {
        let mut set = set.borrow_mut();
        if let Some(&existing) = set.get(s) {
            return existing;
        }
        let leaked: &'static str = Box::leak(s.to_owned().into_boxed_str());
        set.insert(leaked);
        leaked
    })
}

/// A process-lifetime interner for one node type. Nodes compare shallowly (children by
/// pointer), so interning a node costs one hash of its immediate fields.
pub struct Interner<T: 'static> {
    set: RefCell<HashSet<&'static T>>,
}

impl<T: Eq + Hash + 'static> Interner<T> {
    pub fn new() -> Self {
        Interner { set: RefCell::new(HashSet::default()) }
    }

    pub fn intern(&self, value: T) -> &'static T {
        let mut set = self.set.borrow_mut();
        if let Some(&existing) = set.get(&value) {
            return existing;
        }
        let leaked: &'static T = Box::leak(Box::new(value));
        set.insert(leaked);
        leaked
    }
}

impl<T: Eq + Hash + 'static> Default for Interner<T> {
    fn default() -> Self {
        Self::new()
    }
}
