//! The LLVM releases tdq evaluates as, and what differs between them, as data.
//!
//! Each release's llvm-tblgen is a slightly different language (operators added or renamed,
//! statements added, messages reworded, values printed differently). Those differences are
//! collected here once, in [`Dialect`], chosen with the other evaluation settings
//! ([`crate::Options::release`]) the way [`crate::limits`] collects the bounds. The evaluator
//! asks the dialect a question ("is `!sort` an operator?", "how is a dag operator name
//! printed?"), never which release it is.
//!
//! Adding a release: a variant of [`Release`], its line in [`Release::ALL`], its number, and its
//! [`Dialect`] (start from the newest one's and change what the release changed).

use std::fmt;

/// An LLVM release whose llvm-tblgen tdq matches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Release {
    /// LLVM 19.1.7.
    V19,
    /// LLVM 22.1.8.
    V22,
    /// LLVM 23.1.1, the newest.
    V23,
}

impl Default for Release {
    fn default() -> Self {
        Release::NEWEST
    }
}

impl Release {
    /// Every release, oldest first.
    pub const ALL: [Release; 3] = [Release::V19, Release::V22, Release::V23];
    /// The default when neither the user nor the tree says otherwise.
    pub const NEWEST: Release = Release::V23;

    /// The major version number (`--llvm-version` takes it).
    pub fn major(self) -> u32 {
        match self {
            Release::V19 => 19,
            Release::V22 => 22,
            Release::V23 => 23,
        }
    }

    /// The exact release whose llvm-tblgen is the reference.
    pub fn full_version(self) -> &'static str {
        match self {
            Release::V19 => "19.1.7",
            Release::V22 => "22.1.8",
            Release::V23 => "23.1.1",
        }
    }

    /// The release a major version names.
    pub fn from_major(major: u32) -> Option<Release> {
        Release::ALL.into_iter().find(|r| r.major() == major)
    }

    /// Parses `--llvm-version`'s value: a major version (`23`), or a full one of a known major
    /// (`23.1.1`, `22.1`).
    pub fn parse(text: &str) -> Result<Release, UnknownRelease> {
        let text = text.trim();
        let major = text.split('.').next().unwrap_or("");
        let valid = !major.is_empty()
            && text.split('.').all(|part| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit()));
        major
            .parse::<u32>()
            .ok()
            .filter(|_| valid)
            .and_then(Release::from_major)
            .ok_or_else(|| UnknownRelease { given: text.to_string() })
    }

    /// The release LLVM's `cmake/Modules/LLVMVersion.cmake` names (`set(LLVM_VERSION_MAJOR 23)`),
    /// if that file's text names one; `Err` when it names a release tdq does not know.
    pub fn from_llvm_version_cmake(text: &str) -> Option<Result<Release, UnknownRelease>> {
        let major = text.lines().find_map(|line| {
            let rest = line.trim().strip_prefix("set(LLVM_VERSION_MAJOR")?;
            let value = rest.trim().trim_end_matches(')').trim();
            Some(value.to_string())
        })?;
        Some(major.parse::<u32>().ok().and_then(Release::from_major).ok_or(UnknownRelease { given: major }))
    }

    /// What this release's language and output are.
    pub fn dialect(self) -> &'static Dialect {
        match self {
            Release::V19 => &DIALECT_19,
            Release::V22 => &DIALECT_22,
            Release::V23 => &DIALECT_23,
        }
    }

    /// The known releases as a message lists them: `19, 22, 23`.
    pub fn known_list() -> String {
        Release::ALL.iter().map(|r| r.major().to_string()).collect::<Vec<_>>().join(", ")
    }
}

impl fmt::Display for Release {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.major())
    }
}

/// A release number tdq does not know.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownRelease {
    pub given: String,
}

impl fmt::Display for UnknownRelease {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown LLVM release '{}': tdq evaluates as LLVM {} (choose one with --llvm-version, \
             llvm-version in tdq.toml or TDQ_LLVM_VERSION)",
            self.given,
            Release::known_list()
        )
    }
}

impl std::error::Error for UnknownRelease {}

/// What one release's TableGen language and output are, where releases differ. Every field
/// says what the release does, not which release it is, so that the evaluator never compares
/// release numbers.
#[derive(Debug)]
pub struct Dialect {
    pub release: Release,
}

static DIALECT_19: Dialect = Dialect { release: Release::V19 };

static DIALECT_22: Dialect = Dialect { release: Release::V22 };

static DIALECT_23: Dialect = Dialect { release: Release::V23 };

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_majors_and_full_versions() {
        assert_eq!(Release::parse("19"), Ok(Release::V19));
        assert_eq!(Release::parse("22.1.8"), Ok(Release::V22));
        assert_eq!(Release::parse(" 23 "), Ok(Release::V23));
        assert_eq!(Release::parse("24").unwrap_err().given, "24");
        assert!(Release::parse("").is_err());
        assert!(Release::parse("23.").is_err());
        assert!(Release::parse("x23").is_err());
    }

    #[test]
    fn reads_llvm_version_cmake() {
        let text = "if(NOT DEFINED LLVM_VERSION_MAJOR)\n  set(LLVM_VERSION_MAJOR 22)\nendif()\n";
        assert_eq!(Release::from_llvm_version_cmake(text), Some(Ok(Release::V22)));
        let unknown = "  set(LLVM_VERSION_MAJOR 24)\n";
        assert_eq!(Release::from_llvm_version_cmake(unknown), Some(Err(UnknownRelease { given: "24".into() })));
        assert_eq!(Release::from_llvm_version_cmake("project(x)\n"), None);
    }

    #[test]
    fn unknown_release_message_names_the_known_ones_and_the_flag() {
        let msg = Release::parse("18").unwrap_err().to_string();
        assert!(msg.contains("'18'") && msg.contains("19, 22, 23") && msg.contains("--llvm-version"), "{msg}");
    }
}
