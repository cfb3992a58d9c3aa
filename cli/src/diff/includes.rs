//! Each side's include path: `-I` (both sides) and `--old-include`/`--new-include` (one side).
//!
//! When both sides are files in two copies of a tree (two checkouts, an unpacked release and a
//! checkout), the trees are told apart by the longest common ending of the two files'
//! directories, which must not be empty: `a/lib/Target/Lanai/Lanai.td` and `b/lib/Target/Lanai/Lanai.td` are
//! `lib/Target/Lanai/Lanai.td` in the trees `a` and `b`. A relative `-I DIR` is then taken inside
//! each tree (`-I include` is `a/include` on one side, `b/include` on the other), as it is
//! inside the revision for a `REV:PATH` side. A directory that would make one side read the
//! other side's files (`-I a/include`, `--new-include a/include`) is refused, with the way to
//! name each side's includes: an empty diff of a tree with itself would say something false.
//! Two LLVM trees given without any include option read their own `include` and the root
//! file's directory, as LLVM's build has llvm-tblgen do.

use super::{DiffArgs, Side, Trouble};
use std::path::{Component, Path, PathBuf};

/// The include directories of the old and the new side.
/// Each side's include directories, and for two copies of a tree, each tree's directory as
/// the side's paths start with it (`a/`), which the matching of defs takes off their locations.
pub(super) struct SideIncludes {
    pub dirs: [Vec<String>; 2],
    pub trees: Option<[String; 2]>,
}

pub(super) fn of_sides(sides: &[Side; 2], args: &DiffArgs) -> Result<SideIncludes, Trouble> {
    let own = [&args.old_include, &args.new_include];
    let trees = match sides {
        [Side::File(old), Side::File(new)] => Trees::of(old, new)?,
        _ => None,
    };
    let Some(trees) = trees else {
        return Ok(SideIncludes {
            dirs: own.map(|dirs| args.include.iter().chain(dirs).cloned().collect()),
            trees: None,
        });
    };
    let mut out = [Vec::new(), Vec::new()];
    if args.include.is_empty() && args.old_include.is_empty() && args.new_include.is_empty() {
        if let Some(dirs) = trees.llvm_layout() {
            out = dirs;
        }
    }
    for dir in &args.include {
        let [old, new] = trees.both(dir)?;
        out[0].push(old);
        out[1].push(new);
    }
    for (side, dirs) in own.into_iter().enumerate() {
        for dir in dirs {
            let other = 1 - side;
            if trees.roots[other].contains(&trees.absolute(dir)) {
                return Err(trees.reads_other_side(&format!("--{}-include {dir}", SIDE[side]), dir, other));
            }
            out[side].push(dir.clone());
        }
    }
    let prefix = |r: &Root| match r.shown.to_string_lossy() {
        dot if dot == "." => String::new(),
        shown => format!("{}/", shown.trim_end_matches('/')),
    };
    Ok(SideIncludes { dirs: out, trees: Some([prefix(&trees.roots[0]), prefix(&trees.roots[1])]) })
}

const SIDE: [&str; 2] = ["old", "new"];

/// The two trees the sides' files are in, when they are in two different ones.
struct Trees {
    cwd: PathBuf,
    roots: [Root; 2],
    /// The directories both files' paths end with (`llvm/lib/Target/X86` for two LLVM
    /// checkouts): a relative `-I` may be inside any of its levels (`llvm/include`).
    ending: PathBuf,
}

/// A tree's top directory: absolute (lexically normalized), and as the user would write it.
struct Root {
    absolute: PathBuf,
    shown: PathBuf,
}

impl Root {
    fn contains(&self, path: &Path) -> bool {
        path.starts_with(&self.absolute)
    }
}

impl Trees {
    /// The trees of two root files, or `None` when they are not two copies of one tree (their
    /// directories do not end alike, or one tree is inside the other).
    fn of(old: &str, new: &str) -> Result<Option<Trees>, Trouble> {
        let cwd = std::env::current_dir().map_err(|e| Trouble(format!("no working directory: {e}")))?;
        let dir = |file: &str| normalize(&cwd.join(file)).parent().map(Path::to_path_buf).unwrap_or_default();
        let (old_dir, new_dir) = (dir(old), dir(new));
        let (a, b): (Vec<Component>, Vec<Component>) = (old_dir.components().collect(), new_dir.components().collect());
        let common = a.iter().rev().zip(b.iter().rev()).take_while(|(x, y)| x == y).count();
        let root = |parts: &[Component]| parts.iter().collect::<PathBuf>();
        let (old_root, new_root) = (root(&a[..a.len() - common]), root(&b[..b.len() - common]));
        let ending = root(&a[a.len() - common..]);
        // Directories that do not end alike are two places, not two copies of a tree: a file
        // compared with an edited copy of it elsewhere reads the same includes.
        if common == 0 || old_root.starts_with(&new_root) || new_root.starts_with(&old_root) {
            return Ok(None);
        }
        let shown = |file: &str, absolute: &Path| -> PathBuf {
            // The file's directory as given, without the common ending: `a` for `a/lib/X/X.td`.
            let given: Vec<Component> = Path::new(file).parent().map(|p| p.components().collect()).unwrap_or_default();
            let relative =
                given.iter().all(|c| matches!(c, Component::Normal(_) | Component::CurDir | Component::ParentDir));
            match given.len().checked_sub(common) {
                Some(0) if relative => PathBuf::from("."),
                Some(n) => given[..n].iter().collect(),
                None => absolute.to_path_buf(),
            }
        };
        let roots = [
            Root { shown: shown(old, &old_root), absolute: old_root },
            Root { shown: shown(new, &new_root), absolute: new_root },
        ];
        Ok(Some(Trees { cwd, roots, ending }))
    }

    fn absolute(&self, dir: &str) -> PathBuf {
        normalize(&self.cwd.join(dir))
    }

    /// Without any include option, two LLVM trees read what LLVM's build gives llvm-tblgen:
    /// each tree's `include` (the level of the trees that has `include/llvm`) and the root
    /// file's own directory (`-I include -I lib/Target/X86`).
    fn llvm_layout(&self) -> Option<[Vec<String>; 2]> {
        let level = self
            .levels()
            .find(|level| self.roots.iter().all(|r| r.absolute.join(level).join("include/llvm").is_dir()))?;
        let own = self.ending.strip_prefix(&level).ok()?.to_path_buf();
        Some([0, 1].map(|side| {
            let top = &self.roots[side].shown;
            let at = if level.as_os_str().is_empty() { top.clone() } else { top.join(&level) };
            let file_dir = if own.as_os_str().is_empty() { at.clone() } else { at.join(&own) };
            vec![at.join("include").to_string_lossy().into_owned(), file_dir.to_string_lossy().into_owned()]
        }))
    }

    /// The levels of the trees a relative `-I` may be taken in, shallowest first: each tree's
    /// top, then each directory of the common ending (`.`, `llvm`, `llvm/lib`, ...).
    fn levels(&self) -> impl Iterator<Item = PathBuf> + '_ {
        let parts: Vec<Component> = self.ending.components().collect();
        (0..=parts.len()).map(move |n| parts[..n].iter().collect())
    }

    /// A `-I DIR` on each side: inside each tree when it is relative, stays inside both trees
    /// and exists in one of them, at the shallowest level where it does (`-I include` is
    /// `a/llvm/include` when the files are `a/llvm/lib/X/X.td` and `b/llvm/lib/X/X.td`); as
    /// given when it is in neither tree (a directory both share); refused when it names one
    /// side's tree.
    fn both(&self, dir: &str) -> Result<[String; 2], Trouble> {
        let path = Path::new(dir);
        if path.is_relative() {
            for level in self.levels() {
                let inside = |r: &Root| {
                    let joined = normalize(&r.absolute.join(&level).join(path));
                    joined.starts_with(&r.absolute).then_some(joined)
                };
                if let [Some(old), Some(new)] = [inside(&self.roots[0]), inside(&self.roots[1])] {
                    if old.is_dir() || new.is_dir() {
                        let shown = |side: usize| {
                            let top = &self.roots[side].shown;
                            let at = if level.as_os_str().is_empty() { top.clone() } else { top.join(&level) };
                            at.join(path).to_string_lossy().into_owned()
                        };
                        return Ok([shown(0), shown(1)]);
                    }
                }
            }
        }
        let absolute = self.absolute(dir);
        for side in 0..2 {
            if self.roots[side].contains(&absolute) {
                return Err(self.reads_other_side(&format!("-I {dir}"), dir, side));
            }
        }
        Ok([dir.to_string(), dir.to_string()])
    }

    /// The error for an include directory `dir` (given as `option`) inside `side`'s tree, which
    /// the other side would read.
    fn reads_other_side(&self, option: &str, dir: &str, side: usize) -> Trouble {
        let root = &self.roots[side];
        let inner = self.absolute(dir).strip_prefix(&root.absolute).map(Path::to_path_buf).unwrap_or_default();
        let per_side = |s: usize| self.roots[s].shown.join(&inner).display().to_string();
        let shown_inner = if inner.as_os_str().is_empty() { PathBuf::from(".") } else { inner.clone() };
        Trouble(format!(
            "{option} is in the {} side's tree ({}): the {} side would read the {} side's files. \
             The sides are files in two trees, so name include directories inside each tree \
             (-I {}), or give each side its own (--old-include {} --new-include {})",
            SIDE[side],
            root.shown.display(),
            SIDE[1 - side],
            SIDE[side],
            shown_inner.display(),
            per_side(0),
            per_side(1),
        ))
    }
}

/// `/a/./b/../c` → `/a/c`, without reading the file system.
fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}
