//! Which LLVM release an evaluation follows: chosen once per side, from (first that says)
//! `--llvm-version`, `TDQ_LLVM_VERSION`, `llvm-version` in tdq.toml, the tree the root file
//! is in (LLVM's `cmake/Modules/LLVMVersion.cmake`), else the newest release tdq knows.

use std::path::{Path, PathBuf};
use tdq_core::release::{Release, UnknownRelease};
use tdq_store::ReleaseFrom;

/// The environment variable build systems and test runners set.
pub const ENV: &str = tdq_store::project::RELEASE_ENV;

/// A release setting that names no release tdq knows.
#[derive(Debug)]
pub struct BadRelease {
    /// What named it (a tdq.toml's or LLVMVersion.cmake's path inside).
    pub from: ReleaseFrom,
    pub error: UnknownRelease,
}

impl std::fmt::Display for BadRelease {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.from {
            ReleaseFrom::Flag => write!(f, "--llvm-version: {}", self.error),
            ReleaseFrom::Env => write!(f, "{ENV}: {}", self.error),
            ReleaseFrom::Config(file) | ReleaseFrom::Tree(file) => write!(f, "{}: {}", file.display(), self.error),
            ReleaseFrom::Default => write!(f, "{}", self.error),
        }
    }
}

/// A release and what chose it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chosen {
    pub release: Release,
    pub from: ReleaseFrom,
}

impl Chosen {
    /// `--verbose`'s line: the release and what chose it.
    pub fn describe(&self) -> String {
        format!("LLVM {} ({}), from {}", self.release, self.release.full_version(), self.from)
    }

    /// The note for a failed evaluation, when nothing named the release.
    pub fn failure_note(&self) -> Option<String> {
        self.from.is_default().then(|| tdq_store::project::default_release_note(self.release))
    }
}

/// The release for one evaluation of `root` (a .td file; `None` for standard input).
/// `flag` is `--llvm-version`'s value, `config` tdq.toml's `llvm-version` with the file.
pub fn choose(flag: Option<&str>, config: Option<(&str, &Path)>, root: Option<&Path>) -> Result<Chosen, BadRelease> {
    let named = |from: ReleaseFrom, text: &str| match Release::parse(text) {
        Ok(release) => Ok(Chosen { release, from }),
        Err(error) => Err(BadRelease { from, error }),
    };
    if let Some(text) = flag {
        return named(ReleaseFrom::Flag, text);
    }
    if let Some(text) = std::env::var(ENV).ok().filter(|v| !v.trim().is_empty()) {
        return named(ReleaseFrom::Env, &text);
    }
    if let Some((text, file)) = config {
        return named(ReleaseFrom::Config(file.to_path_buf()), text);
    }
    if let Some((found, file)) = root.and_then(tree_release) {
        let from = ReleaseFrom::Tree(file);
        return match found {
            Ok(release) => Ok(Chosen { release, from }),
            Err(error) => Err(BadRelease { from, error }),
        };
    }
    Ok(Chosen { release: Release::NEWEST, from: ReleaseFrom::Default })
}

/// The release the LLVM tree holding `root` says it is: the nearest directory above `root`
/// named `llvm` (or `clang`, for clang's .td files) whose parent has
/// `cmake/Modules/LLVMVersion.cmake` (LLVM's monorepo layout), or an `llvm` that has it itself.
fn tree_release(root: &Path) -> Option<(Result<Release, UnknownRelease>, PathBuf)> {
    let root = std::fs::canonicalize(root).ok()?;
    for dir in root.ancestors().skip(1) {
        let Some(name) = dir.file_name() else { continue };
        if name == "llvm" || name == "clang" {
            let itself = (name == "llvm").then_some(dir);
            for base in [dir.parent(), itself].into_iter().flatten() {
                let file = base.join("cmake/Modules/LLVMVersion.cmake");
                if let Ok(text) = std::fs::read_to_string(&file) {
                    if let Some(found) = Release::from_llvm_version_cmake(&text) {
                        return Some((found, file));
                    }
                }
            }
        }
    }
    None
}

/// Removes `--llvm-version V` / `--llvm-version=V` (one or two dashes) from llvm-tblgen's
/// words and returns its last value: the release decides which command line the rest is.
pub fn take_flag(args: &mut Vec<String>) -> Result<Option<String>, String> {
    let mut value = None;
    let mut i = 0;
    while i < args.len() {
        let word = args[i].as_str();
        if word == "--" {
            break;
        }
        let name = word.strip_prefix("--").or_else(|| word.strip_prefix('-'));
        match name {
            Some("llvm-version") => {
                if i + 1 >= args.len() {
                    return Err("--llvm-version needs a value (19, 22 or 23)".to_string());
                }
                value = Some(args.remove(i + 1));
                args.remove(i);
            }
            Some(n) if n.starts_with("llvm-version=") => {
                value = Some(n["llvm-version=".len()..].to_string());
                args.remove(i);
            }
            _ => i += 1,
        }
    }
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flag_is_taken_out_of_the_words() {
        let mut args: Vec<String> =
            ["-I", "x", "--llvm-version", "22", "a.td", "-llvm-version=19"].map(String::from).to_vec();
        assert_eq!(take_flag(&mut args), Ok(Some("19".to_string())));
        assert_eq!(args, ["-I", "x", "a.td"]);
        let mut missing = vec!["--llvm-version".to_string()];
        assert!(take_flag(&mut missing).is_err());
    }

    #[test]
    fn tree_says_its_release() {
        let dir = std::env::temp_dir().join(format!("tdq-release-{}", std::process::id()));
        let target = dir.join("llvm/lib/Target/X");
        std::fs::create_dir_all(&target).unwrap();
        std::fs::create_dir_all(dir.join("cmake/Modules")).unwrap();
        std::fs::write(dir.join("cmake/Modules/LLVMVersion.cmake"), "  set(LLVM_VERSION_MAJOR 22)\n").unwrap();
        std::fs::write(target.join("X.td"), "").unwrap();
        let found = tree_release(&target.join("X.td")).map(|(r, _)| r);
        assert_eq!(found, Some(Ok(Release::V22)));
        // clang's .td files, beside llvm/ in the monorepo.
        let basic = dir.join("clang/include/clang/Basic");
        std::fs::create_dir_all(&basic).unwrap();
        std::fs::write(basic.join("Diagnostic.td"), "").unwrap();
        let found = tree_release(&basic.join("Diagnostic.td")).map(|(r, _)| r);
        assert_eq!(found, Some(Ok(Release::V22)));
        std::fs::write(dir.join("cmake/Modules/LLVMVersion.cmake"), "set(LLVM_VERSION_MAJOR 31)\n").unwrap();
        let found = tree_release(&target.join("X.td")).map(|(r, _)| r);
        assert!(matches!(found, Some(Err(_))));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
