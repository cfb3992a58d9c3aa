//! Loading interned things in bulk: a loader whose tables hold each string, value and
//! superclass list once (a snapshot's: each written once, its operands before it) need not look
//! each up as it makes it. Adopted, a string is the loader's own text (not copied) and a value
//! or list is allocated as usual, and neither is filed in its interning table until the thread
//! next looks one up there: a backend that only reads the records never pays for the tables
//! (the diagnostics' snapshot: 16 thousand strings, most of them long).
//!
//! Interning makes equal things one pointer, which equality and hashing rely on; adopting keeps
//! that only while no equal thing was interned before. So a kind is adopted only on a thread that
//! has interned none of that kind yet but the common ones (`?`, `0`, `1`, the empty superclass
//! list), which the [`Adopter`] hands out for the table's own; otherwise it interns as usual.

use crate::init::{Init, InitKind};
use crate::intern::{self, Sym};
use crate::record::Superclasses;
use crate::source::Loc;
use crate::types::RecId;

/// How a loader makes the strings, values and superclass lists of its tables (each once): adopted
/// where this thread has interned none of their kind, else interned.
pub struct Adopter {
    strings: bool,
    values: bool,
    superclasses: bool,
}

impl Adopter {
    /// Looks at what this thread has interned so far: for the loader of one table, on the thread
    /// that will use what it loads.
    pub fn new() -> Adopter {
        // The common values first: a table's `?` and empty list are then those.
        let _ = (Init::unset(), Superclasses::default());
        Adopter {
            strings: intern::strings_interned() == 0,
            values: Init::only_common_made(),
            superclasses: Superclasses::interned() == 1,
        }
    }

    /// The interned string of `text` (a loader's, kept for the life of the process).
    pub fn str(&self, text: &'static str) -> Sym {
        if self.strings {
            intern::adopt_str(text)
        } else {
            intern::sym(text)
        }
    }

    /// The value of `kind`, whose strings came from [`Adopter::str`] and whose operands from
    /// this.
    pub fn init(&self, kind: InitKind) -> Init {
        if self.values {
            Init::adopt(kind)
        } else {
            Init::new(kind)
        }
    }

    /// The superclass list `list`.
    pub fn superclasses(&self, list: &[(RecId, Loc)]) -> Superclasses {
        if self.superclasses {
            Superclasses::adopt(list)
        } else {
            Superclasses::new(list)
        }
    }
}

impl Default for Adopter {
    fn default() -> Self {
        Adopter::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::Ty;

    /// Adopted things are the ones later lookups find, and the common values stay the ones
    /// [`Init::unset`] and [`Superclasses::default`] give.
    #[test]
    fn adopted_things_are_the_interned_ones() {
        std::thread::spawn(|| {
            let adopter = Adopter::new();
            let text: &'static str = Box::leak(String::from("adopted text").into_boxed_str());
            let s = adopter.str(text);
            assert!(std::ptr::eq(s, text), "not copied");
            let v = adopter.init(InitKind::Str(s, false));
            let list = adopter.init(InitKind::List(vec![v, Init::int(3)].into_boxed_slice(), Ty::string()));
            let unset = adopter.init(InitKind::Unset);
            let supers = adopter.superclasses(&[(RecId(1), Loc::NONE)]);
            let empty = adopter.superclasses(&[]);
            // Found by the ordinary lookups, which file what was adopted first.
            assert!(std::ptr::eq(intern::sym("adopted text"), text));
            assert_eq!(Init::new(InitKind::Str("adopted text", false)), v);
            assert_eq!(Init::list(&[v, Init::int(3)], Ty::string()), list);
            assert_eq!(unset, Init::unset());
            assert!(Superclasses::new(&[(RecId(1), Loc::NONE)]).is(supers));
            assert!(empty.is(Superclasses::default()));
            // With values made before, the next loader interns: the same values again.
            let again = Adopter::new();
            assert!(!again.values && !again.strings && !again.superclasses);
            assert_eq!(again.init(InitKind::Str(again.str(text), false)), v);
        })
        .join()
        .expect("no panic");
    }
}
