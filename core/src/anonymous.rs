//! What identifies a def whose name is numbered: an anonymous def (`anonymous_N`) or a def
//! named from an anonymous `defm` (`anonymous_15479C`, [`Record::name_from_anonymous`]).
//!
//! Every anonymous def or `defm` added before such a def shifts its number, so tools that
//! compare two evaluations (`tdq diff`) or one evaluation with an earlier one (lint baselines)
//! cannot key it by its name. They key it by what it is: its name with the numbers taken out,
//! its superclasses and its fields (name, printed type, printed value with the numbers taken
//! out), hashed word by word (FNV-1a's scheme) so that the key is the same in every run.
//! Which defs are numbered is the evaluator's knowledge, not the spelling of the name: a
//! user may name a def `anonymous_5`. Where the numbers are inside a numbered name (or inside
//! a value) is read from the text: `anonymous_` followed by digits.

use crate::record::{Record, RecordKeeper};
use std::borrow::Cow;
use std::ops::Range;

const ANONYMOUS: &str = "anonymous_";

/// The anonymous numbers in `text`: each `anonymous_` followed by digits (the digits' range
/// and value), wherever it is (`FOOanonymous_12X`: a named `defm` holding an anonymous one).
pub fn numbers(text: &str) -> impl Iterator<Item = (Range<usize>, u64)> + '_ {
    let bytes = text.as_bytes();
    let mut search = 0;
    std::iter::from_fn(move || {
        while let Some(found) = text.get(search..)?.find(ANONYMOUS) {
            let start = search + found + ANONYMOUS.len();
            let end = start + bytes[start..].iter().take_while(|b| b.is_ascii_digit()).count();
            search = end.max(start);
            if end > start {
                if let Ok(n) = text[start..end].parse() {
                    return Some((start..end, n));
                }
            }
        }
        None
    })
}

/// `text` with each anonymous number `n` replaced by `renumber(n)` (kept when `None`); `text`
/// itself when nothing changes.
pub fn renumber(text: &str, renumber: impl Fn(u64) -> Option<u64>) -> Cow<'_, str> {
    if !text.contains(ANONYMOUS) {
        return Cow::Borrowed(text);
    }
    let mut out = String::new();
    let mut copied = 0;
    for (range, n) in numbers(text) {
        if let Some(new) = renumber(n) {
            if new != n {
                out.push_str(&text[copied..range.start]);
                out.push_str(&new.to_string());
                copied = range.end;
            }
        }
    }
    if copied == 0 {
        return Cow::Borrowed(text);
    }
    out.push_str(&text[copied..]);
    Cow::Owned(out)
}

/// `text` with every anonymous number replaced by `#`: `anonymous_15479C` → `anonymous_#C`.
pub fn without_numbers(text: &str) -> Cow<'_, str> {
    if !text.contains(ANONYMOUS) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut copied = 0;
    for (range, _) in numbers(text) {
        out.push_str(&text[copied..range.start]);
        out.push('#');
        copied = range.end;
    }
    out.push_str(&text[copied..]);
    Cow::Owned(out)
}

/// The identity of a numbered def, built part by part: [`Identity::new`] with the def's name,
/// then each superclass and each field in record order.
#[derive(Clone, Debug)]
pub struct Identity {
    hash: u64,
}

impl Identity {
    pub fn new(name: &str) -> Identity {
        let mut id = Identity { hash: 0xcbf2_9ce4_8422_2325 };
        id.text(name);
        id
    }
    pub fn superclass(&mut self, name: &str) {
        self.part(b"c");
        self.part(name.as_bytes());
    }
    /// A field (not a template argument): its name, `--print-records`' type and printed value.
    pub fn field(&mut self, name: &str, ty: &str, printed: &str) {
        self.part(b"f");
        self.part(name.as_bytes());
        self.part(ty.as_bytes());
        self.text(printed);
    }
    pub fn finish(&self) -> u64 {
        self.hash
    }

    fn text(&mut self, text: &str) {
        self.part(without_numbers(text).as_bytes());
    }
    /// FNV-1a's xor-multiply over 8-byte little-endian words (a numbered def's fields are a few
    /// kilobytes: byte by byte would cost a self-diff of X86 a few percent), with a shift to
    /// bring the high bits down, then the length: the same value on every machine and run.
    fn part(&mut self, bytes: &[u8]) {
        const WORD: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut h = self.hash;
        let mut words = bytes.chunks_exact(8);
        for w in &mut words {
            h = (h ^ u64::from_le_bytes(w.try_into().expect("8 bytes"))).wrapping_mul(WORD);
            h ^= h >> 29;
        }
        for &b in words.remainder() {
            h = (h ^ b as u64).wrapping_mul(0x0100_0000_01b3);
        }
        self.hash = (h ^ bytes.len() as u64).wrapping_mul(WORD) ^ 0xff;
    }
}

/// The key of a numbered def's identity as text: its name without numbers and the hash,
/// `anonymous_#C@0123456789abcdef`.
pub fn key(name: &str, identity: u64) -> String {
    format!("{}@{identity:016x}", without_numbers(name))
}

/// The identity key of `rec` when its name is numbered ([`Record::has_numbered_name`]).
pub fn record_key(rk: &RecordKeeper, rec: &Record) -> Option<String> {
    if !rec.has_numbered_name() {
        return None;
    }
    let name = rec.name_string();
    let mut id = Identity::new(&name);
    for &(sc, _) in rec.superclasses.iter() {
        id.superclass(&rk.get(sc).name_string());
    }
    for v in rec.values.iter().filter(|v| !rec.is_template_arg(v.name)) {
        id.field(&v.name.unquoted(), &v.print_type(), &v.value.to_string());
    }
    Some(key(&name, id.finish()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_found_anywhere_and_renumbered() {
        let found: Vec<u64> = numbers("anonymous_1 xanonymous_22y anonymous_ anonymous_3").map(|(_, n)| n).collect();
        assert_eq!(found, [1, 22, 3]);
        let plus_one = |n: u64| (n != 3).then_some(n + 1);
        assert_eq!(
            renumber("[anonymous_1, FOOanonymous_22X, anonymous_3]", plus_one),
            "[anonymous_2, FOOanonymous_23X, anonymous_3]"
        );
        assert!(matches!(renumber("plain", plus_one), Cow::Borrowed("plain")));
        assert!(matches!(renumber("anonymous_3", plus_one), Cow::Borrowed(_)));
        assert_eq!(without_numbers("anonymous_15479C, anonymous_"), "anonymous_#C, anonymous_");
    }

    #[test]
    fn identity_ignores_numbers_only() {
        let make = |name: &str, value: &str| {
            let mut id = Identity::new(name);
            id.superclass("MnemonicAlias");
            id.field("FromMnemonic", "string", value);
            id.finish()
        };
        assert_eq!(make("anonymous_1C", "\"jc\" anonymous_7"), make("anonymous_2C", "\"jc\" anonymous_8"));
        assert_ne!(make("anonymous_1C", "\"jc\""), make("anonymous_1NA", "\"jc\""));
        assert_ne!(make("anonymous_1C", "\"jc\""), make("anonymous_1C", "\"setc\""));
    }
}
