//! Helpers shared by the end-to-end tests in `tests/tests/`: where the `tdq` binary under test,
//! the golden corpus and the reference llvm-tblgen are.

use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// The reference implementation: llvm-tblgen 19, as `.ci/setup` installs it.
pub const LLVM_TBLGEN: &str = "/usr/lib/llvm-19/bin/llvm-tblgen";

/// The name llvm-tblgen is run under (and printed as, in lines such as `llvm-tblgen: 2 errors.`)
/// in the goldens. tdq's own program name is replaced by it before comparing.
pub const REFERENCE_ARGV0: &str = "llvm-tblgen";

/// `tests/`, the root of this crate.
pub fn tests_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The root of the workspace.
pub fn workspace_dir() -> PathBuf {
    tests_dir()
        .parent()
        .expect("tests/ has a parent")
        .to_path_buf()
}

/// `tests/golden/`, which holds the golden corpora and `regen.sh`.
pub fn golden_dir() -> PathBuf {
    tests_dir().join("golden")
}

/// The `tdq` binary of the profile this test was built in.
///
/// Cargo cannot build another package's binary for a test of this one (a dev-dependency on the
/// binary-only `tdq-cli` is ignored), so the binary is found beside this test's own executable,
/// `<target>/<profile>/deps/<test>-<hash>` → `<target>/<profile>/tdq`, and checked to be newer
/// than the sources it is built from. The error says how to build it.
pub fn tdq_binary() -> Result<PathBuf, String> {
    let exe =
        std::env::current_exe().map_err(|e| format!("cannot locate the running test: {e}"))?;
    let profile_dir = exe
        .parent()
        .and_then(Path::parent)
        .ok_or_else(|| format!("unexpected test executable path {}", exe.display()))?;
    let profile = profile_dir
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let build = if profile == "release" {
        "cargo build --release -p tdq-cli".to_string()
    } else if profile == "debug" {
        "cargo build -p tdq-cli".to_string()
    } else {
        format!("cargo build --profile {profile} -p tdq-cli")
    };
    let tdq = profile_dir.join(format!("tdq{}", std::env::consts::EXE_SUFFIX));
    let built = std::fs::metadata(&tdq)
        .and_then(|m| m.modified())
        .map_err(|_| format!("{} does not exist: build it with `{build}`", tdq.display()))?;
    if let Some((source, _)) = newest_source()?.filter(|(_, modified)| *modified > built) {
        return Err(format!(
            "{} is older than {}: rebuild it with `{build}`",
            tdq.display(),
            source.display()
        ));
    }
    Ok(tdq)
}

/// The most recently modified Rust source of the crates the `tdq` binary is built from.
fn newest_source() -> Result<Option<(PathBuf, SystemTime)>, String> {
    let mut newest = None;
    for krate in ["core", "backends", "cli"] {
        let mut pending = vec![workspace_dir().join(krate).join("src")];
        while let Some(dir) = pending.pop() {
            let entries = std::fs::read_dir(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
            for entry in entries {
                let path = entry.map_err(|e| format!("{}: {e}", dir.display()))?.path();
                let meta =
                    std::fs::metadata(&path).map_err(|e| format!("{}: {e}", path.display()))?;
                if meta.is_dir() {
                    pending.push(path);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    let modified = meta
                        .modified()
                        .map_err(|e| format!("{}: {e}", path.display()))?;
                    if !matches!(&newest, Some((_, m)) if *m >= modified) {
                        newest = Some((path, modified));
                    }
                }
            }
        }
    }
    Ok(newest)
}
