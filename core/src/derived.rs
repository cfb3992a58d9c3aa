//! What the crates above core compute from a finished evaluation once and keep beside it: the
//! models (`tdq-models`: the defs deriving from a class, the target, its registers, ...), each
//! kept by its type so that core knows none of them.
//!
//! Every backend, lint and store table asks the evaluation for a model; the first asks compute
//! it and the rest share it, as LLVM's `RecordKeeper` caches `getAllDerivedDefinitions` and its
//! backends share one `CodeGenTarget`.

use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// The models computed from one evaluation, by type. Computing one may ask for others (the
/// target asks for the defs of a class): the lock is not held while a model is computed, so two
/// threads asking at once may both compute it, and the first kept is the one every later ask
/// gets.
#[derive(Default)]
pub struct Derived {
    models: Mutex<HashMap<TypeId, Arc<dyn Any + Send + Sync>>>,
}

impl Derived {
    /// The model of type `T`, computed by `compute` if no one has asked for it yet.
    pub fn get_or_compute<T: Any + Send + Sync>(&self, compute: impl FnOnce() -> T) -> Arc<T> {
        if let Some(found) = self.find::<T>() {
            return found;
        }
        let made: Arc<dyn Any + Send + Sync> = Arc::new(compute());
        let mut models = self.models.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let kept = models.entry(TypeId::of::<T>()).or_insert(made).clone();
        kept.downcast::<T>().unwrap_or_else(|_| unreachable!("a model is filed under its own type"))
    }

    fn find<T: Any + Send + Sync>(&self) -> Option<Arc<T>> {
        let models = self.models.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let found = models.get(&TypeId::of::<T>())?.clone();
        found.downcast::<T>().ok()
    }
}

impl std::fmt::Debug for Derived {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let count = self.models.lock().map(|m| m.len()).unwrap_or(0);
        f.debug_struct("Derived").field("models", &count).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_model_is_computed_once_and_shared() {
        let derived = Derived::default();
        let mut calls = 0;
        let first = derived.get_or_compute(|| {
            calls += 1;
            vec![1u32, 2, 3]
        });
        let second = derived.get_or_compute::<Vec<u32>>(|| unreachable!("computed again"));
        assert_eq!(calls, 1);
        assert!(Arc::ptr_eq(&first, &second));
        // Another type is another model.
        let other = derived.get_or_compute(|| String::from("x"));
        assert_eq!(*other, "x");
    }

    #[test]
    fn a_model_may_ask_for_another_while_it_is_computed() {
        let derived = Derived::default();
        let outer = derived.get_or_compute(|| {
            let inner = derived.get_or_compute(|| 20u32);
            u64::from(*inner) + 1
        });
        assert_eq!(*outer, 21u64);
    }
}
