//! `REV:PATH` sides: the file and the include directories as they are in a revision of the
//! current git repository, materialized with `git archive` in a temporary directory.
//!
//! As in git, PATH is relative to the top of the repository unless it starts with `./` or
//! `../` (then it is relative to the current directory). `-I` directories are relative to the
//! current directory, as for a file side. Only the root file's directory and the include
//! directories are extracted: the evaluation then runs in the checkout's copy of the current
//! directory, so includes resolve as they would have in that revision.

use super::{Prepared, Trouble};
use std::path::{Component, Path, PathBuf};
use std::process::{Command, Stdio};

fn git(args: &[&str]) -> Result<String, Trouble> {
    let output = Command::new("git")
        .args(args)
        .stdin(Stdio::null())
        .output()
        .map_err(|e| Trouble(format!("cannot run git: {e}")))?;
    if !output.status.success() {
        let message = String::from_utf8_lossy(&output.stderr).trim().to_string();
        return Err(Trouble(format!("git {}: {message}", args.join(" "))));
    }
    Ok(String::from_utf8_lossy(&output.stdout).trim_end_matches('\n').to_string())
}

/// `a/./b/../c` → `a/c`; `None` when it climbs out of the top.
fn normalize(path: &Path) -> Option<PathBuf> {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    return None;
                }
            }
            Component::Normal(n) => out.push(n),
            Component::RootDir | Component::Prefix(_) => return None,
        }
    }
    Some(out)
}

pub(super) fn checkout(rev: &str, path: &str, include_dirs: &[String]) -> Result<Prepared, Trouble> {
    let top = PathBuf::from(git(&["rev-parse", "--show-toplevel"])?);
    let prefix = PathBuf::from(git(&["rev-parse", "--show-prefix"])?);
    let commit = git(&["rev-parse", "--verify", "--quiet", &format!("{rev}^{{commit}}")])
        .map_err(|_| Trouble(format!("'{rev}' is not a revision of this repository")))?;
    let outside = |p: &str| Trouble(format!("'{p}' is outside the repository"));

    let relative_to_cwd = path.starts_with("./") || path.starts_with("../");
    let main_in_repo = if relative_to_cwd { normalize(&prefix.join(path)) } else { normalize(Path::new(path)) }
        .ok_or_else(|| outside(path))?;
    git(&["cat-file", "-e", &format!("{commit}:{}", main_in_repo.display())])
        .map_err(|_| Trouble(format!("'{}' does not exist in {rev}", main_in_repo.display())))?;

    // The directories to extract, repository-relative, and the include directories as the
    // evaluation inside the checkout will see them.
    let mut extract = vec![main_in_repo.parent().map(Path::to_path_buf).unwrap_or_default()];
    let dir = tempfile::Builder::new()
        .prefix("tdq-diff-")
        .tempdir()
        .map_err(|e| Trouble(format!("cannot create a temporary directory: {e}")))?;
    let root = dir.path().to_path_buf();
    let mut dirs = Vec::with_capacity(include_dirs.len());
    for d in include_dirs {
        let p = Path::new(d);
        if p.is_absolute() {
            match p.strip_prefix(&top).ok().and_then(normalize) {
                Some(in_repo) => {
                    dirs.push(root.join(&in_repo).to_string_lossy().into_owned());
                    extract.push(in_repo);
                }
                // Outside the repository: the same directory on both sides.
                None => dirs.push(d.clone()),
            }
        } else {
            extract.push(normalize(&prefix.join(p)).ok_or_else(|| outside(d))?);
            dirs.push(d.clone());
        }
    }
    extract.sort();
    extract.dedup();
    // A directory absent from the revision is skipped, as a missing -I directory is.
    let specs: Vec<String> = extract
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .filter(|p| p.is_empty() || git(&["cat-file", "-e", &format!("{commit}:{p}")]).is_ok())
        .collect();
    archive(&commit, &specs, &root)?;

    let working_dir = root.join(&prefix);
    std::fs::create_dir_all(&working_dir)
        .map_err(|e| Trouble(format!("cannot create {}: {e}", working_dir.display())))?;
    let main = if relative_to_cwd {
        path.to_string()
    } else {
        let up: PathBuf = prefix.components().map(|_| Component::ParentDir).collect();
        up.join(&main_in_repo).to_string_lossy().into_owned()
    };
    Ok(Prepared { main, from_store: false, include_dirs: dirs, working_dir: Some(working_dir), _checkout: Some(dir) })
}

/// `git archive COMMIT -- SPECS | tar -x -C ROOT`, run from the top of the repository.
fn archive(commit: &str, specs: &[String], root: &Path) -> Result<(), Trouble> {
    let top = git(&["rev-parse", "--show-toplevel"])?;
    let mut git = Command::new("git");
    git.current_dir(&top).args(["archive", "--format=tar", commit, "--"]);
    if !specs.iter().any(String::is_empty) {
        git.args(specs);
    }
    let mut archive = git
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| Trouble(format!("cannot run git archive: {e}")))?;
    let tar_status = Command::new("tar")
        .arg("-x")
        .arg("-C")
        .arg(root)
        .stdin(archive.stdout.take().expect("piped"))
        .status()
        .map_err(|e| Trouble(format!("cannot run tar: {e}")))?;
    let archived = archive.wait_with_output().map_err(|e| Trouble(format!("git archive: {e}")))?;
    if !archived.status.success() {
        return Err(Trouble(format!("git archive: {}", String::from_utf8_lossy(&archived.stderr).trim())));
    }
    if !tar_status.success() {
        return Err(Trouble(format!("tar could not extract {commit}")));
    }
    Ok(())
}
