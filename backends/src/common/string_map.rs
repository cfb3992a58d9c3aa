//! The iteration order of LLVM's `StringMap`/`StringSet`: its buckets' order, which follows
//! from the keys' hash (`xxh3_64bits`, truncated to 32 bits), the table size (16, doubled
//! when more than three quarters full) and quadratic probing. Emitters that print a
//! `StringSet`'s keys (ARMTargetDefEmitter) print them in this order.

/// The keys, inserted in this order (repeats ignored), in the order a `StringMap` holding
/// them iterates.
pub fn string_map_order<'a>(keys: impl IntoIterator<Item = &'a str>) -> Vec<&'a str> {
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
        let mut probe = 1;
        let mut present = false;
        while let Some((existing, existing_hash)) = buckets[bucket] {
            if existing_hash == hash && existing == key {
                present = true;
                break;
            }
            bucket = (bucket + probe) & mask;
            probe += 1;
        }
        if present {
            continue;
        }
        buckets[bucket] = Some((key, hash));
        items += 1;
        // `RehashTable`: grow when more than three quarters full.
        if items * 4 > buckets.len() * 3 {
            let size = buckets.len() * 2;
            let mut grown: Vec<Option<(&str, u32)>> = vec![None; size];
            for (key, hash) in buckets.iter().flatten().copied() {
                let mut bucket = hash as usize & (size - 1);
                let mut probe = 1;
                while grown[bucket].is_some() {
                    bucket = (bucket + probe) & (size - 1);
                    probe += 1;
                }
                grown[bucket] = Some((key, hash));
            }
            buckets = grown;
        }
    }
    buckets.into_iter().flatten().map(|(key, _)| key).collect()
}
