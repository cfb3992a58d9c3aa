//! The iteration order of LLVM's `StringMap`/`StringSet`: its buckets' order, which follows
//! from the keys' hash (`xxh3_64bits`, truncated to 32 bits), the table size (16, doubled
//! when more than three quarters full) and the probe sequence after a collision, which is
//! the one thing the releases differ in ([`Probing`]). Emitters that print a `StringSet`'s
//! keys (ARMTargetDefEmitter) print them in this order.

use tdq_core::{ByRelease, Release};

/// How a `StringMap` looks for the next bucket when the one its hash names is taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Probing {
    /// Step 1, then 2, then 3 ... past the first bucket (LLVM 19 and 22, whose removals
    /// leave tombstones).
    Quadratic,
    /// The next bucket each time (LLVM 23, which removes by moving entries back instead of
    /// leaving tombstones).
    Linear,
}

/// The probing of each release's `StringMap`.
pub const PROBING: ByRelease<Probing> =
    ByRelease { v19: Probing::Quadratic, v22: Probing::Quadratic, v23: Probing::Linear };

impl Probing {
    /// The step from the `tries`-th bucket tried (counting from 1) to the next.
    fn step(self, tries: usize) -> usize {
        match self {
            Probing::Quadratic => tries,
            Probing::Linear => 1,
        }
    }

    /// The first free bucket for `hash` in `buckets` (a power of two long, never full).
    fn free_bucket<T>(self, buckets: &[Option<T>], hash: u32) -> usize {
        let mask = buckets.len() - 1;
        let mut bucket = hash as usize & mask;
        let mut tries = 1;
        while buckets[bucket].is_some() {
            bucket = (bucket + self.step(tries)) & mask;
            tries += 1;
        }
        bucket
    }
}

/// The keys, inserted in this order (repeats ignored), in the order a `StringMap` of
/// `release` holding them iterates.
pub fn string_map_order<'a>(release: Release, keys: impl IntoIterator<Item = &'a str>) -> Vec<&'a str> {
    let probing = *PROBING.get(release);
    // Each bucket: the key and its full hash.
    let mut buckets: Vec<Option<(&str, u32)>> = Vec::new();
    let mut items = 0usize;
    for key in keys {
        if buckets.is_empty() {
            buckets.resize(16, None);
        }
        let hash = xxhash_rust::xxh3::xxh3_64(key.as_bytes()) as u32;
        let mask = buckets.len() - 1;
        let mut bucket = hash as usize & mask;
        let mut tries = 1;
        let mut present = false;
        while let Some((existing, existing_hash)) = buckets[bucket] {
            if existing_hash == hash && existing == key {
                present = true;
                break;
            }
            bucket = (bucket + probing.step(tries)) & mask;
            tries += 1;
        }
        if present {
            continue;
        }
        buckets[bucket] = Some((key, hash));
        items += 1;
        // `RehashTable`: grow when more than three quarters full, moving the entries in
        // bucket order.
        if items * 4 > buckets.len() * 3 {
            let mut grown: Vec<Option<(&str, u32)>> = vec![None; buckets.len() * 2];
            for (key, hash) in buckets.iter().flatten().copied() {
                let bucket = probing.free_bucket(&grown, hash);
                grown[bucket] = Some((key, hash));
            }
            buckets = grown;
        }
    }
    buckets.into_iter().flatten().map(|(key, _)| key).collect()
}
