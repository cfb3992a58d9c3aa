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

/// The keys, inserted in this order (repeats ignored), in the order a libstdc++
/// `std::unordered_map<std::string, T>` holding them iterates (what llvm-tblgen 19 and 22 of
/// Debian, built with GCC, print where an emitter walks one): the keys' `std::hash`
/// ([`std_hash_bytes`]) modulo a prime bucket count (`_Prime_rehash_policy`, load factor
/// 1), one list threading every bucket, a key put first in its bucket's run, or first in the
/// list when its bucket is empty; a rehash walks the list and rebuilds it the same way.
pub fn unordered_map_order<'a>(keys: impl IntoIterator<Item = &'a str>) -> Vec<&'a str> {
    // The list, first node first, each node a key and its hash.
    let mut list: Vec<(&str, u64)> = Vec::new();
    let mut buckets = 1u64;
    let mut next_resize = 0u64;
    for key in keys {
        if list.iter().any(|&(k, _)| k == key) {
            continue;
        }
        // `_M_need_rehash` before the insertion; the first one makes room for 11.
        let count = list.len() as u64 + 1;
        if count > next_resize {
            let wanted = count.max(if next_resize == 0 { 11 } else { 0 });
            if wanted >= buckets {
                (buckets, next_resize) = next_bucket_count((wanted + 1).max(buckets * 2));
                for node in std::mem::take(&mut list) {
                    insert_node(&mut list, node, buckets);
                }
            } else {
                next_resize = buckets;
            }
        }
        insert_node(&mut list, (key, std_hash_bytes(key.as_bytes())), buckets);
    }
    list.into_iter().map(|(key, _)| key).collect()
}

/// Puts a node first in its bucket's run of the list, or first in the list when no node
/// of its bucket is there (`_M_insert_bucket_begin`, and the rehash's relinking, which
/// inserts the same way in list order).
fn insert_node<'a>(list: &mut Vec<(&'a str, u64)>, node: (&'a str, u64), buckets: u64) {
    let bucket = node.1 % buckets;
    let at = list.iter().position(|&(_, hash)| hash % buckets == bucket).unwrap_or(0);
    list.insert(at, node);
}

/// `_Prime_rehash_policy::_M_next_bkt`: the bucket count for at least `n` buckets, and the
/// element count past which the table grows again.
fn next_bucket_count(n: u64) -> (u64, u64) {
    const FAST: [u64; 14] = [2, 2, 2, 3, 5, 5, 7, 7, 11, 11, 11, 11, 13, 13];
    // The start of `__prime_list`, past its first six entries.
    const PRIMES: [u64; 23] =
        [17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97, 103, 109, 113, 127];
    let count = match FAST.get(n as usize) {
        Some(&count) => count,
        None => PRIMES.iter().copied().find(|&p| p >= n).unwrap_or_else(|| {
            // Past the table (more than 127 keys): the next prime, which `__prime_list`
            // also holds up to there only roughly.
            (n..).find(|&c| (2..).take_while(|d| d * d <= c).all(|d| c % d != 0)).expect("a prime")
        }),
    };
    (count, count)
}

/// libstdc++'s `std::_Hash_bytes` for 64-bit `size_t` with `std::hash`'s seed: MurmurHash2's
/// 64-bit mixing over 8-byte little-endian words, the tail read as one smaller word.
pub fn std_hash_bytes(bytes: &[u8]) -> u64 {
    const MUL: u64 = (0xc6a4_a793 << 32) + 0x5bd1_e995;
    const SEED: u64 = 0xc70f_6907;
    let shift_mix = |v: u64| v ^ (v >> 47);
    let mut hash = SEED ^ (bytes.len() as u64).wrapping_mul(MUL);
    let mut words = bytes.chunks_exact(8);
    for word in &mut words {
        let data = u64::from_le_bytes(word.try_into().expect("8 bytes"));
        hash ^= shift_mix(data.wrapping_mul(MUL)).wrapping_mul(MUL);
        hash = hash.wrapping_mul(MUL);
    }
    let tail = words.remainder();
    if !tail.is_empty() {
        let data = tail.iter().rev().fold(0u64, |acc, &b| (acc << 8) | u64::from(b));
        hash ^= data;
        hash = hash.wrapping_mul(MUL);
    }
    hash = shift_mix(hash).wrapping_mul(MUL);
    shift_mix(hash)
}

#[cfg(test)]
mod tests {
    use super::*;

    // What libstdc++ (GCC 12, x86-64) gives for these keys: `std::hash<std::string>` and the
    // iteration order of an `unordered_map` the keys are inserted into in this order.
    #[test]
    fn std_hash_is_libstdcxx() {
        let cases: [(&str, u64); 6] = [
            ("", 0x553e_9390_1e46_2a6e),
            ("a", 0x454d_dee4_88c1_ed6b),
            ("Hexagon", 0x240d_605f_630b_23ea),
            ("R600", 0x29cc_c261_a2b1_b7d7),
            ("abcdefgh", 0x783d_b3e3_8db8_98bb),
            ("abcdefghi", 0xb4ec_9257_851c_8aaf),
        ];
        for (key, hash) in cases {
            assert_eq!(std_hash_bytes(key.as_bytes()), hash, "{key:?}");
        }
    }

    #[test]
    fn unordered_map_order_is_libstdcxx() {
        assert_eq!(unordered_map_order(["Hexagon", "R600", "A", "B"]), ["B", "A", "R600", "Hexagon"]);
        // Twenty keys: the table grows from 13 buckets to 29.
        let keys: Vec<String> = (0..20).map(|i| format!("n{i}")).collect();
        let expected = "n17 n0 n19 n1 n16 n14 n12 n3 n18 n4 n8 n5 n2 n6 n11 n7 n9 n15 n13 n10";
        assert_eq!(unordered_map_order(keys.iter().map(String::as_str)).join(" "), expected);
    }
}
