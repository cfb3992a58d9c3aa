//! Bounds on the work one evaluation may do, so that bad input ends in a diagnostic instead of a
//! stack overflow, an endless loop or an exhausted memory.
//!
//! llvm-tblgen has none of these: it overflows its stack on a file that includes itself or on
//! runaway `Class<args>` recursion, and tries to build whatever list or string it is asked for.
//! Each default is far above what LLVM 19's own 24 targets need (their peaks are noted beside
//! the defaults), so no real input meets one; `--limit NAME=N` raises (or lowers) a limit.

use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// One named limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Limit {
    /// Bytes in one source file (the root file or an included one).
    FileSize,
    /// Files open at once through nested `include`s.
    IncludeDepth,
    /// Nesting of values (operators, lists, dags, `Class<args>`) and of blocks (`let`, `foreach`,
    /// `if`, `multiclass` bodies) as the parser reads them, where every level is a parser
    /// recursion; and the depth of values built by `!foldl`, or held by a record, which
    /// resolving and printing walk recursively.
    NestingDepth,
    /// Nesting of `Class<args>` instantiations and `defm` of multiclasses inside multiclasses,
    /// while evaluating.
    InstantiationDepth,
    /// Records (classes, defs and anonymous defs) in the evaluation.
    Records,
    /// Elements of one list built by an operator (`!range`, `!listsplat`, `!listconcat`, ...).
    ListSize,
    /// Bytes of one string built by an operator (`!strconcat`, `#`, `!interleave`, `!subst`).
    StringSize,
    /// Iterations of `foreach` statements and of the `!foreach`, `!foldl` and `!filter`
    /// operators, summed over the whole evaluation.
    ForeachIterations,
    /// The size of one record's values as printed: value nodes plus string bytes, a value
    /// shared by several places counted at each (values are shared, so a few `!foldl` steps can
    /// make a value whose printing would never end).
    ValueSize,
}

impl Limit {
    pub const ALL: [Limit; 9] = [
        Limit::FileSize,
        Limit::IncludeDepth,
        Limit::NestingDepth,
        Limit::InstantiationDepth,
        Limit::Records,
        Limit::ListSize,
        Limit::StringSize,
        Limit::ForeachIterations,
        Limit::ValueSize,
    ];

    /// The name `--limit` takes.
    pub fn name(self) -> &'static str {
        match self {
            Limit::FileSize => "file-size",
            Limit::IncludeDepth => "include-depth",
            Limit::NestingDepth => "nesting-depth",
            Limit::InstantiationDepth => "instantiation-depth",
            Limit::Records => "records",
            Limit::ListSize => "list-size",
            Limit::StringSize => "string-size",
            Limit::ForeachIterations => "foreach-iterations",
            Limit::ValueSize => "value-size",
        }
    }

    /// What is counted, as the diagnostic says it.
    pub fn what(self) -> &'static str {
        match self {
            Limit::FileSize => "file size",
            Limit::IncludeDepth => "include depth",
            Limit::NestingDepth => "nesting depth",
            Limit::InstantiationDepth => "instantiation depth",
            Limit::Records => "number of records",
            Limit::ListSize => "list size",
            Limit::StringSize => "string size",
            Limit::ForeachIterations => "number of foreach iterations",
            Limit::ValueSize => "size of a record's values",
        }
    }

    /// The default. The figures in comments are the largest LLVM 19's targets reach.
    pub fn default_value(self) -> u64 {
        match self {
            // Largest file: HexagonDepInstrInfo.td, 1.1 MB.
            Limit::FileSize => 256 << 20,
            // Deepest include chain: 6 files.
            Limit::IncludeDepth => 1_000,
            // Each level costs up to a few KiB of the evaluation thread's stack (the `tdq`
            // binary runs it on a 1 GiB one); 10,000 nested `foreach` blocks take 2 s.
            Limit::NestingDepth => 10_000,
            // AMDGPU: about 260 (the recursive class RegSeqNames).
            Limit::InstantiationDepth => 10_000,
            // AMDGPU: 107k defs and 1.8k classes; LLVM 23's RISC-V: 245k defs. A def takes from
            // under a KiB (no fields) to a few KiB and a few µs: 2 million empty ones take about
            // 8 s and 1.4 GiB.
            Limit::Records => 2_000_000,
            // Longest list: a few thousand elements. A list of a million integers takes about
            // 100 MiB and half a second to build.
            Limit::ListSize => 1_000_000,
            // Longest string: a few KiB.
            Limit::StringSize => 256 << 20,
            // AMDGPU: about 170 thousand in LLVM 19, between 200 and 300 thousand in 23. An
            // iteration costs up to a few µs, so this bounds loops to seconds.
            Limit::ForeachIterations => 2_000_000,
            // The largest records print in a few KiB. Walking a value costs a few ns per
            // node, so at this size any one walk takes about a second.
            Limit::ValueSize => 1 << 28,
        }
    }

    /// The most `--limit` may set: beyond it the 1 GiB evaluation stack could overflow
    /// (measured: 100,000 instantiations use about 300 MiB of it, 1,000,000 overflow it).
    pub fn max_value(self) -> u64 {
        match self {
            Limit::NestingDepth => 100_000,
            Limit::InstantiationDepth => 50_000,
            _ => u64::MAX,
        }
    }

    pub fn from_name(name: &str) -> Option<Limit> {
        Limit::ALL.into_iter().find(|l| l.name() == name)
    }
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The value of every [`Limit`] for one evaluation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    values: [u64; Limit::ALL.len()],
}

impl Default for Limits {
    fn default() -> Self {
        Limits { values: Limit::ALL.map(Limit::default_value) }
    }
}

impl Limits {
    pub fn get(&self, limit: Limit) -> u64 {
        self.values[limit as usize]
    }

    pub fn set(&mut self, limit: Limit, value: u64) {
        self.values[limit as usize] = value;
    }

    /// Applies one `NAME=N` setting, as `--limit` gives it; the error says what was wrong.
    pub fn apply(&mut self, setting: &str) -> Result<(), String> {
        let Some((name, value)) = setting.split_once('=') else {
            return Err(format!("'{setting}' is not NAME=N; {}", Self::names_hint()));
        };
        let Some(limit) = Limit::from_name(name.trim()) else {
            return Err(format!("unknown limit '{}'; {}", name.trim(), Self::names_hint()));
        };
        let value = value.trim().replace('_', "");
        match value.parse::<u64>() {
            Ok(n) if n > limit.max_value() => {
                Err(format!("limit '{limit}' can be at most {} (the evaluation stack's size)", limit.max_value()))
            }
            Ok(n) => {
                self.set(limit, n);
                Ok(())
            }
            Err(_) => Err(format!("'{value}' is not a number for limit '{limit}'")),
        }
    }

    fn names_hint() -> String {
        let names: Vec<&str> = Limit::ALL.iter().map(|l| l.name()).collect();
        format!("the limits are {}", names.join(", "))
    }

    /// Whether `n` is beyond `limit`.
    pub fn exceeds(&self, limit: Limit, n: u64) -> bool {
        n > self.get(limit)
    }

    /// The diagnostic for going beyond `limit`.
    pub fn exceeded(&self, limit: Limit) -> String {
        exceeded_message(limit, self.get(limit))
    }
}

/// Set when the process's memory has gone beyond its bound; the bound, or 0.
static MEMORY_EXCEEDED: AtomicU64 = AtomicU64::new(0);

/// Says that the process's memory has gone beyond `bound` bytes: every evaluation running in
/// it stops at its next record, loop iteration, `!foreach`/`!foldl` step or instantiation, with
/// an error there ([`memory_message`]).
///
/// Memory is the process's, not one evaluation's, so this is one flag for the process, set by
/// whatever watches it (the `tdq` binary polls its resident memory, `--max-memory`); core only
/// reads it, with one relaxed load at each of those points.
pub fn set_memory_exceeded(bound: u64) {
    MEMORY_EXCEEDED.store(bound.max(1), Relaxed);
}

/// The bound passed, once [`set_memory_exceeded`] has said so.
#[inline]
pub fn memory_exceeded() -> Option<u64> {
    match MEMORY_EXCEEDED.load(Relaxed) {
        0 => None,
        bound => Some(bound),
    }
}

/// "memory use exceeds the limit of 4 GiB (raise it with --max-memory SIZE)".
pub fn memory_message(bound: u64) -> String {
    format!("memory use exceeds the limit of {} (raise it with --max-memory SIZE)", format_size(bound))
}

/// A size in bytes as `--max-memory` takes it: `4G`, `512M`, `1.5GiB`, `300000000` (bytes),
/// `K`, `M`, `G` and `T` being powers of 1024 (with or without `B`/`iB`).
pub fn parse_size(text: &str) -> Result<u64, String> {
    let t = text.trim();
    let digits_end = t.find(|c: char| !(c.is_ascii_digit() || c == '.' || c == '_')).unwrap_or(t.len());
    let (number, unit) = t.split_at(digits_end);
    let number = number.replace('_', "");
    let shift = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 0,
        "k" | "kb" | "kib" => 10,
        "m" | "mb" | "mib" => 20,
        "g" | "gb" | "gib" => 30,
        "t" | "tb" | "tib" => 40,
        _ => return Err(format!("'{text}' is not a size (such as 4G, 512M or a number of bytes)")),
    };
    let value: f64 =
        number.parse().map_err(|_| format!("'{text}' is not a size (such as 4G, 512M or a number of bytes)"))?;
    let bytes = value * (1u64 << shift) as f64;
    if !bytes.is_finite() || bytes >= u64::MAX as f64 {
        return Err(format!("'{text}' is too large a size"));
    }
    Ok(bytes as u64)
}

/// `bytes` for people: `4 GiB`, `1.5 GiB`, `512 MiB`, `100 KiB`, `12 bytes`.
pub fn format_size(bytes: u64) -> String {
    for (shift, unit) in [(40, "TiB"), (30, "GiB"), (20, "MiB"), (10, "KiB")] {
        if bytes >= 1 << shift {
            let v = bytes as f64 / (1u64 << shift) as f64;
            let text = format!("{v:.1}");
            return format!("{} {unit}", text.strip_suffix(".0").unwrap_or(&text));
        }
    }
    format!("{bytes} bytes")
}

/// "`what` exceeds the limit of `n` (raise it with --limit `name`=N)".
pub fn exceeded_message(limit: Limit, n: u64) -> String {
    format!("{} exceeds the limit of {n} (raise it with --limit {}=N)", limit.what(), limit.name())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn apply_sets_and_reports() {
        let mut l = Limits::default();
        l.apply("records=12").unwrap();
        assert_eq!(l.get(Limit::Records), 12);
        l.apply("list-size=1_000").unwrap();
        assert_eq!(l.get(Limit::ListSize), 1000);
        assert!(l.apply("records").unwrap_err().contains("not NAME=N"));
        assert!(l.apply("bogus=1").unwrap_err().starts_with("unknown limit 'bogus'; the limits are file-size,"));
        assert!(l.apply("records=-1").unwrap_err().contains("not a number"));
        assert!(l.apply("nesting-depth=100001").unwrap_err().contains("at most 100000"));
        l.apply("nesting-depth=100000").unwrap();
        assert_eq!(
            l.exceeded(Limit::Records),
            "number of records exceeds the limit of 12 (raise it with --limit records=N)"
        );
    }

    #[test]
    fn sizes() {
        assert_eq!(parse_size("4G"), Ok(4 << 30));
        assert_eq!(parse_size("512MiB"), Ok(512 << 20));
        assert_eq!(parse_size("1.5gb"), Ok(3 << 29));
        assert_eq!(parse_size("1_000"), Ok(1000));
        assert!(parse_size("lots").unwrap_err().contains("not a size"));
        assert!(parse_size("4X").is_err());
        assert_eq!(format_size(4 << 30), "4 GiB");
        assert_eq!(format_size(3 << 29), "1.5 GiB");
        assert_eq!(format_size(512 << 20), "512 MiB");
        assert_eq!(format_size(12), "12 bytes");
    }

    #[test]
    fn names_round_trip() {
        for l in Limit::ALL {
            assert_eq!(Limit::from_name(l.name()), Some(l));
            assert_eq!(Limits::default().get(l), l.default_value());
        }
    }
}
