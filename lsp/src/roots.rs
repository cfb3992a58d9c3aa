//! Which evaluation answers for a file: the root .td file that includes it, with its `-I`
//! directories and `-D` macros, found (first that says) from a `tdq.toml` above the file, from
//! LLVM's `tablegen_compile_commands.yml` (what LLVM's CMake writes for MLIR's
//! `tblgen-lsp-server`), from LLVM's tree layout (`lib/Target/X/*.td` belong to the target's
//! root, evaluated with `include/` and `lib/Target/X`), else the file on its own.

use std::path::{Path, PathBuf};
use tdq_core::lexer::Overlay;
use tdq_store::project::Project;

/// The name LLVM's CMake gives its TableGen compilation database.
pub const COMPILE_COMMANDS: &str = "tablegen_compile_commands.yml";

/// The inputs of one evaluation.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Sources {
    /// Absolute, normalized ([`Overlay::key`]).
    pub root: PathBuf,
    pub include_dirs: Vec<String>,
    pub defines: Vec<String>,
    /// The tdq.toml these came from (its `llvm-version` and `[lint]` apply).
    pub project: Option<PathBuf>,
    /// How they were found, for messages.
    pub found_by: FoundBy,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FoundBy {
    Project,
    CompileCommands,
    LlvmTree,
    Alone,
}

/// The sources for `file` (absolute). `databases` are compilation databases named by the
/// client; others are looked for beside the file's ancestors (and in their `build/`).
pub fn sources_for(file: &Path, databases: &[PathBuf]) -> Sources {
    let file = Overlay::key(file);
    let dir = file.parent().unwrap_or(Path::new("/")).to_path_buf();
    if let Some(toml) = Project::find(&dir) {
        if let Ok(project) = Project::load(&toml) {
            let s = project.sources;
            return Sources {
                root: Overlay::key(Path::new(&s.root)),
                include_dirs: s.include_dirs.iter().map(|d| abs(d)).collect(),
                defines: s.defines,
                project: Some(toml),
                found_by: FoundBy::Project,
            };
        }
    }
    let mut dbs: Vec<PathBuf> = databases.to_vec();
    for a in dir.ancestors() {
        for candidate in [a.join(COMPILE_COMMANDS), a.join("build").join(COMPILE_COMMANDS)] {
            if candidate.is_file() {
                dbs.push(candidate);
            }
        }
    }
    for db in &dbs {
        if let Some((root, include_dirs)) = std::fs::read_to_string(db).ok().and_then(|t| from_database(&t, &file)) {
            return Sources {
                root,
                include_dirs,
                defines: Vec::new(),
                project: None,
                found_by: FoundBy::CompileCommands,
            };
        }
    }
    if let Some(s) = from_llvm_tree(&file) {
        return s;
    }
    Sources {
        include_dirs: alone_include_dirs(&file),
        root: file,
        defines: Vec::new(),
        project: None,
        found_by: FoundBy::Alone,
    }
}

impl Sources {
    /// `file` evaluated as a root of its own with these settings: for an open file that the
    /// root found for it never read.
    pub fn alone(&self, file: &Path) -> Sources {
        let mut include_dirs = self.include_dirs.clone();
        for dir in alone_include_dirs(file) {
            if !include_dirs.contains(&dir) {
                include_dirs.push(dir);
            }
        }
        Sources {
            root: Overlay::key(file),
            include_dirs,
            defines: self.defines.clone(),
            project: self.project.clone(),
            found_by: FoundBy::Alone,
        }
    }
}

/// A file evaluated alone searches its directory and, under an `include/` directory, that
/// one: files there include others by their path below it.
fn alone_include_dirs(file: &Path) -> Vec<String> {
    let dir = file.parent().unwrap_or(Path::new("/"));
    let mut include_dirs = vec![dir.display().to_string()];
    if let Some(inc) = dir.ancestors().find(|a| a.file_name().is_some_and(|n| n == "include")) {
        include_dirs.push(inc.display().to_string());
    }
    include_dirs
}

fn abs(path: &str) -> String {
    Overlay::key(Path::new(path)).display().to_string()
}

/// One entry of a compilation database: `filepath` and its `;`-separated `includes`.
fn database_entries(text: &str) -> Vec<(PathBuf, Vec<String>)> {
    let mut out: Vec<(PathBuf, Vec<String>)> = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        let value = |key: &str| line.strip_prefix(key).map(|v| v.trim().trim_matches('"').to_string());
        if let Some(path) = value("filepath:") {
            out.push((Overlay::key(Path::new(&path)), Vec::new()));
        } else if let (Some(inc), Some(last)) = (value("includes:"), out.last_mut()) {
            last.1 = inc.split(';').filter(|s| !s.is_empty()).map(abs).collect();
        }
    }
    out
}

/// The entry for `file`: its own, else one whose root is in the same directory, else one that
/// searches the file's directory for includes.
fn from_database(text: &str, file: &Path) -> Option<(PathBuf, Vec<String>)> {
    let entries = database_entries(text);
    let dir = file.parent()?;
    let dir_text = dir.display().to_string();
    entries
        .iter()
        .find(|(root, _)| root == file)
        .or_else(|| entries.iter().find(|(root, _)| root.parent() == Some(dir)))
        .or_else(|| entries.iter().find(|(_, inc)| inc.contains(&dir_text)))
        .cloned()
}

/// `llvm/lib/Target/X/...`: the target's root (`X.td`, else the file there that defines the
/// `Target` record), with `llvm/include` and `lib/Target/X`.
fn from_llvm_tree(file: &Path) -> Option<Sources> {
    let target_dir = file.ancestors().find(|a| {
        let parent = a.parent();
        parent.is_some_and(|p| p.file_name().is_some_and(|n| n == "Target"))
            && parent.and_then(Path::parent).is_some_and(|p| p.file_name().is_some_and(|n| n == "lib"))
    })?;
    let llvm = target_dir.parent()?.parent()?.parent()?;
    let name = target_dir.file_name()?.to_string_lossy().into_owned();
    let named = target_dir.join(format!("{name}.td"));
    let root = if named.is_file() {
        named
    } else {
        let mut tds: Vec<PathBuf> = std::fs::read_dir(target_dir)
            .ok()?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "td"))
            .collect();
        tds.sort();
        tds.into_iter().find(|p| std::fs::read_to_string(p).is_ok_and(|t| defines_target(&t)))?
    };
    Some(Sources {
        root,
        include_dirs: vec![llvm.join("include").display().to_string(), target_dir.display().to_string()],
        defines: Vec::new(),
        project: None,
        found_by: FoundBy::LlvmTree,
    })
}

/// Whether a target file defines the `Target` record (`def X : Target {`).
fn defines_target(text: &str) -> bool {
    text.lines().any(|l| {
        let l = l.trim_start();
        l.starts_with("def ") && l.split_once(':').is_some_and(|(_, rest)| rest.trim_start().starts_with("Target"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compile_commands() {
        let text = "--- !FileInfo:\n  filepath: \"/l/lib/Target/X/X.td\"\n  includes: \"/l/include;/l/lib/Target/X\"\n\
                    --- !FileInfo:\n  filepath: \"/l/include/llvm/IR/Intrinsics.td\"\n  includes: \"/l/include\"\n";
        let (root, inc) = from_database(text, Path::new("/l/lib/Target/X/XInstr.td")).unwrap();
        assert_eq!(root, Path::new("/l/lib/Target/X/X.td"));
        assert_eq!(inc, ["/l/include", "/l/lib/Target/X"]);
        let (root, _) = from_database(text, Path::new("/l/include/llvm/IR/Intrinsics.td")).unwrap();
        assert_eq!(root, Path::new("/l/include/llvm/IR/Intrinsics.td"));
        assert!(from_database(text, Path::new("/elsewhere/a.td")).is_none());
    }

    #[test]
    fn target_definition() {
        assert!(defines_target("include \"a\"\ndef PPC : Target {\n}"));
        assert!(!defines_target("class Target;\ndef X : Instruction;"));
    }
}
