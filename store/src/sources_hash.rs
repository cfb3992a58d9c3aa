//! Content hashes of source files: what decides whether a cached store is still valid.
//!
//! xxh3-128 (the `xxhash-rust` crate): a cache key needs speed and a negligible chance of an
//! accidental collision, not resistance to an adversary who can already edit the sources.

use xxhash_rust::xxh3::xxh3_128;

/// The hash of `bytes` as 32 hex digits.
pub fn hash_hex(bytes: &[u8]) -> String {
    format!("{:032x}", xxh3_128(bytes))
}
