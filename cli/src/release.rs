//! Which LLVM release an evaluation follows: chosen once per side, from (first that says)
//! `--llvm-version`, `TDQ_LLVM_VERSION`, `llvm-version` in tdq.toml, the tree the root file
//! is in (LLVM's `cmake/Modules/LLVMVersion.cmake`), else the newest release tdq knows.

use std::path::{Path, PathBuf};
use tdq_core::release::{Release, UnknownRelease};

/// The environment variable build systems and test runners set.
pub const ENV: &str = "TDQ_LLVM_VERSION";

/// Where a release choice came from, for messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    Flag,
    Env,
    Config,
    Tree,
}

/// A release setting that names no release tdq knows.
#[derive(Debug)]
pub struct BadRelease {
    pub source: Source,
    /// The file that named it (tdq.toml, LLVMVersion.cmake), when it came from one.
    pub file: Option<PathBuf>,
    pub error: UnknownRelease,
}

impl std::fmt::Display for BadRelease {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.source, &self.file) {
            (Source::Flag, _) => write!(f, "--llvm-version: {}", self.error),
            (Source::Env, _) => write!(f, "{ENV}: {}", self.error),
            (_, Some(file)) => write!(f, "{}: {}", file.display(), self.error),
            _ => write!(f, "{}", self.error),
        }
    }
}

/// The release for one evaluation of `root` (a .td file; `None` for standard input).
/// `flag` is `--llvm-version`'s value, `config` tdq.toml's `llvm-version` with the file.
pub fn choose(flag: Option<&str>, config: Option<(&str, &Path)>, root: Option<&Path>) -> Result<Release, BadRelease> {
    fn bad(source: Source, file: Option<&Path>) -> impl FnOnce(UnknownRelease) -> BadRelease {
        let file = file.map(Path::to_path_buf);
        move |error| BadRelease { source, file, error }
    }
    if let Some(text) = flag {
        return Release::parse(text).map_err(bad(Source::Flag, None));
    }
    if let Some(text) = std::env::var(ENV).ok().filter(|v| !v.trim().is_empty()) {
        return Release::parse(&text).map_err(bad(Source::Env, None));
    }
    if let Some((text, file)) = config {
        return Release::parse(text).map_err(bad(Source::Config, Some(file)));
    }
    if let Some((found, file)) = root.and_then(tree_release) {
        return found.map_err(bad(Source::Tree, Some(&file)));
    }
    Ok(Release::NEWEST)
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
