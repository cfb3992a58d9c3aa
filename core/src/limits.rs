//! Bounds on the work one evaluation may do, so that bad input ends in a diagnostic instead of a
//! stack overflow, an endless loop or an exhausted memory.
//!
//! llvm-tblgen has none of these: it overflows its stack on a file that includes itself or on
//! runaway `Class<args>` recursion, and tries to build whatever list or string it is asked for.
//! Each default is far above what LLVM 19's own 24 targets need (their peaks are noted beside
//! the defaults), so no real input meets one; `--limit NAME=N` raises (or lowers) a limit.

use std::fmt;

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
            // AMDGPU: 107k defs and 1.8k classes (about 5 KiB of memory each).
            Limit::Records => 5_000_000,
            // Longest list: a few thousand elements.
            Limit::ListSize => 10_000_000,
            // Longest string: a few KiB.
            Limit::StringSize => 256 << 20,
            // AMDGPU: about 170 thousand. An iteration costs up to a few µs, so this bounds
            // loops to well under a minute.
            Limit::ForeachIterations => 10_000_000,
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
    fn names_round_trip() {
        for l in Limit::ALL {
            assert_eq!(Limit::from_name(l.name()), Some(l));
            assert_eq!(Limits::default().get(l), l.default_value());
        }
    }
}
