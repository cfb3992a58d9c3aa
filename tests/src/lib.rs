//! Helpers shared by the end-to-end tests in `tests/tests/` and `cli/tests/`: where the `tdq`
//! binary under test, the golden corpus, the LLVM corpus and the reference llvm-tblgen are;
//! snapshot files with a bless switch; llvm-tblgen's `--dump-json` read one def at a time.

#![forbid(unsafe_code)]

use serde::de::{DeserializeSeed, MapAccess, Visitor};
use serde_json::Value;
use std::fmt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::SystemTime;

/// The reference implementation: llvm-tblgen 19, as `.ci/setup` installs it.
pub const LLVM_TBLGEN: &str = "/usr/lib/llvm-19/bin/llvm-tblgen";

/// The llvm-tblgen of a release (`19`, `22`, `23`) where it is installed: Debian's packages for
/// 19 and 22 (`.ci/setup`), for 23 what `../shared/conformance/install-reference.sh 23` builds
/// into `~/.cache/tdq-ref/llvm-23`.
pub fn reference_tblgen(release: &str) -> Option<PathBuf> {
    let path = match release {
        "19" => PathBuf::from(LLVM_TBLGEN),
        "22" => PathBuf::from("/usr/lib/llvm-22/bin/llvm-tblgen"),
        "23" => PathBuf::from(std::env::var_os("HOME")?).join(".cache/tdq-ref/llvm-23/bin/llvm-tblgen"),
        _ => return None,
    };
    path.is_file().then_some(path)
}

/// The clang-tblgen of an LLVM release (`19`, `22`, `23`), where it is installed:
/// `install-reference.sh` installs Debian's 19 and 22, and builds 23's in ~/.cache/tdq-ref.
pub fn reference_clang_tblgen(release: &str) -> Option<PathBuf> {
    let path = match release {
        "19" => PathBuf::from("/usr/lib/llvm-19/bin/clang-tblgen"),
        "22" => PathBuf::from("/usr/lib/llvm-22/bin/clang-tblgen"),
        "23" => PathBuf::from(std::env::var_os("HOME")?).join(".cache/tdq-ref/llvm-23/bin/clang-tblgen"),
        _ => return None,
    };
    path.is_file().then_some(path)
}

/// The name llvm-tblgen is run under (and printed as, in lines such as `llvm-tblgen: 2 errors.`)
/// in the goldens. tdq's own program name is replaced by it before comparing.
pub const REFERENCE_ARGV0: &str = "llvm-tblgen";

/// `tests/`, the root of this crate.
pub fn tests_dir() -> PathBuf {
    workspace_dir().join("tests")
}

/// The root of the workspace of the test that runs.
///
/// Found when the test runs, from the package directory cargo gives the processes of `cargo test`
/// (`CARGO_MANIFEST_DIR`), not compiled in: checkouts share builds through one `CARGO_TARGET_DIR`,
/// and cargo takes a test built in another checkout as up to date (its dep-info names the files
/// relative to the package), so a path compiled in would be the other checkout's. A test executable
/// run by hand, without cargo, falls back to the path this crate was compiled at. Found once per
/// test process.
pub fn workspace_dir() -> PathBuf {
    static DIR: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    DIR.get_or_init(|| {
        let compiled = || Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("tests/ has a parent").to_path_buf();
        let Some(package) = std::env::var_os("CARGO_MANIFEST_DIR").map(PathBuf::from) else {
            return compiled();
        };
        package
            .ancestors()
            .find(|dir| {
                std::fs::read_to_string(dir.join("Cargo.toml"))
                    .is_ok_and(|toml| toml.lines().any(|l| l.trim() == "[workspace]"))
            })
            .map(Path::to_path_buf)
            .unwrap_or_else(compiled)
    })
    .clone()
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
    let exe = std::env::current_exe().map_err(|e| format!("cannot locate the running test: {e}"))?;
    let profile_dir = exe
        .parent()
        .and_then(Path::parent)
        .ok_or_else(|| format!("unexpected test executable path {}", exe.display()))?;
    let profile = profile_dir.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
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
    if let Some((source, _)) = newest_source(&tdq)?.filter(|(_, modified)| *modified > built) {
        return Err(format!("{} is older than {}: rebuild it with `{build}`", tdq.display(), source.display()));
    }
    Ok(tdq)
}

/// The most recently modified source the `tdq` binary was built from: the files cargo's dep-info
/// beside it (`tdq.d`) names, exactly those (sources compiled only into tests are not among them),
/// found in this workspace. A build shared through one `CARGO_TARGET_DIR` may come from another
/// checkout: its paths are taken by their place in that checkout's workspace. No dep-info, no check.
fn newest_source(tdq: &Path) -> Result<Option<(PathBuf, SystemTime)>, String> {
    let Ok(dep_info) = std::fs::read_to_string(tdq.with_extension("d")) else {
        return Ok(None);
    };
    let sources = dep_info_sources(&dep_info);
    const MAIN: &str = "/cli/src/main.rs";
    let Some(built_in) = sources.iter().find_map(|s| s.strip_suffix(MAIN)) else {
        return Ok(None);
    };
    let workspace = workspace_dir();
    let mut newest = None;
    for source in &sources {
        let Some(relative) = source.strip_prefix(built_in).and_then(|r| r.strip_prefix('/')) else {
            continue; // a dependency outside the workspace
        };
        let path = workspace.join(relative);
        let modified = std::fs::metadata(&path)
            .and_then(|m| m.modified())
            .map_err(|e| format!("{} (a source of the tdq binary): {e}", path.display()))?;
        if !matches!(&newest, Some((_, m)) if *m >= modified) {
            newest = Some((path, modified));
        }
    }
    Ok(newest)
}

/// The files of a dep-info's first rule (`target: source source ...`, spaces in names escaped).
fn dep_info_sources(dep_info: &str) -> Vec<String> {
    let rule = dep_info.lines().next().unwrap_or_default();
    let mut sources = Vec::new();
    let mut current = String::new();
    let mut chars = rule.chars().peekable();
    let mut past_target = false;
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.peek() == Some(&' ') => current.push(chars.next().expect("peeked")),
            ':' if !past_target && matches!(chars.peek(), Some(' ') | None) => {
                past_target = true;
                current.clear();
            }
            ' ' => {
                if past_target && !current.is_empty() {
                    sources.push(std::mem::take(&mut current));
                }
                current.clear();
            }
            c => current.push(c),
        }
    }
    if past_target && !current.is_empty() {
        sources.push(current);
    }
    sources
}

/// The LLVM 19 sources: `$TDQ_CORPUS`, else `../shared/corpus/llvm-19.1.7/llvm` beside the
/// workspace.
pub fn corpus_dir() -> PathBuf {
    let dir = std::env::var_os("TDQ_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| workspace_dir().join("../shared/corpus/llvm-19.1.7/llvm"));
    assert!(
        dir.join("include/llvm/Target/Target.td").is_file(),
        "no LLVM corpus at {} (set TDQ_CORPUS)",
        dir.display()
    );
    dir
}

/// Every LLVM target of the corpus: the directories of `lib/Target` with a `<T>/<T>.td`, sorted.
pub fn corpus_targets() -> Vec<String> {
    let dir = corpus_dir().join("lib/Target");
    let mut targets: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| {
            let name = e.ok()?.file_name().to_str()?.to_owned();
            dir.join(&name).join(format!("{name}.td")).is_file().then_some(name)
        })
        .collect();
    targets.sort();
    targets
}

/// The words llvm-tblgen takes for target `t`, as `../shared/conformance/targets.sh` gives them:
/// `-I include -I lib/Target/T lib/Target/T/T.td`, absolute.
pub fn target_args(t: &str) -> Vec<String> {
    let llvm = corpus_dir();
    let dir = llvm.join("lib/Target").join(t);
    vec![
        "-I".into(),
        llvm.join("include").display().to_string(),
        "-I".into(),
        dir.display().to_string(),
        dir.join(format!("{t}.td")).display().to_string(),
    ]
}

/// Whether tests over the LLVM corpus run on every target (`TDQ_FULL_CORPUS=1`, as `.ci/test`
/// sets it) rather than a fast subset.
pub fn full_corpus() -> bool {
    std::env::var_os("TDQ_FULL_CORPUS").is_some_and(|v| v == "1")
}

/// Whether snapshot files are rewritten (`TDQ_BLESS=1`).
pub fn bless() -> bool {
    std::env::var_os("TDQ_BLESS").is_some_and(|v| v == "1")
}

/// Compares `got` with the snapshot file `path`: a missing snapshot is written, and with
/// [`bless`] every snapshot is rewritten. A difference is pushed onto `failures`.
pub fn check_snapshot(path: &Path, got: &str, failures: &mut Vec<String>) {
    match std::fs::read_to_string(path) {
        Ok(want) if !bless() => {
            if want != got {
                let diff = similar::TextDiff::from_lines(want.as_str(), got);
                failures.push(format!(
                    "{} differs (TDQ_BLESS=1 rewrites it):\n{}",
                    path.display(),
                    diff.unified_diff().header("expected", "got")
                ));
            }
        }
        _ => std::fs::write(path, got).unwrap_or_else(|e| panic!("{}: {e}", path.display())),
    }
}

/// Copies the directory tree `from` into `to`.
pub fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap_or_else(|e| panic!("{}: {e}", to.display()));
    for entry in std::fs::read_dir(from).unwrap_or_else(|e| panic!("{}: {e}", from.display())) {
        let path = entry.expect("a directory entry").path();
        let target = to.join(path.file_name().expect("a file name"));
        if path.is_dir() {
            copy_tree(&path, &target);
        } else {
            std::fs::copy(&path, &target).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        }
    }
}

/// Runs llvm-tblgen 19 with `--dump-json` and `args` into `out` (a file: a big target's dump
/// is hundreds of megabytes, read back one def at a time with [`for_each_dump_json_def`]).
pub fn llvm_dump_json(args: &[String], out: &Path) {
    let run = Command::new(LLVM_TBLGEN)
        .arg("--dump-json")
        .args(args)
        .arg("-o")
        .arg(out)
        .output()
        .unwrap_or_else(|e| panic!("{LLVM_TBLGEN}: {e} (install llvm-19: .ci/setup)"));
    assert!(run.status.success(), "llvm-tblgen --dump-json {args:?} failed: {}", String::from_utf8_lossy(&run.stderr));
}

/// Calls `each(name, def)` for every def of a `--dump-json` file, in the file's order, without
/// holding more than one def in memory. The `!instanceof` and `!tablegen_json_version` entries
/// are skipped.
pub fn for_each_dump_json_def(path: &Path, each: &mut dyn FnMut(String, Value)) {
    struct Defs<'a>(&'a mut dyn FnMut(String, Value));
    impl<'de> Visitor<'de> for Defs<'_> {
        type Value = ();
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("the object --dump-json writes")
        }
        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
            while let Some(key) = map.next_key::<String>()? {
                let value: Value = map.next_value()?;
                if !key.starts_with('!') {
                    (self.0)(key, value);
                }
            }
            Ok(())
        }
    }
    impl<'de> DeserializeSeed<'de> for Defs<'_> {
        type Value = ();
        fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
            d.deserialize_map(self)
        }
    }
    let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut de = serde_json::Deserializer::from_reader(std::io::BufReader::with_capacity(1 << 20, file));
    Defs(each).deserialize(&mut de).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
}

/// Whether two files have the same bytes, read in chunks (outputs of big targets are hundreds
/// of megabytes).
pub fn same_file_content(a: &Path, b: &Path) -> bool {
    use std::io::Read;
    let open = |p: &Path| {
        std::io::BufReader::with_capacity(
            1 << 20,
            std::fs::File::open(p).unwrap_or_else(|e| panic!("{}: {e}", p.display())),
        )
    };
    let (mut fa, mut fb) = (open(a), open(b));
    let (mut ba, mut bb) = (vec![0u8; 1 << 20], vec![0u8; 1 << 20]);
    loop {
        let na = read_full(&mut fa, &mut ba);
        let nb = read_full(&mut fb, &mut bb);
        if na != nb || ba[..na] != bb[..nb] {
            return false;
        }
        if na == 0 {
            return true;
        }
    }
    fn read_full(r: &mut impl Read, buf: &mut [u8]) -> usize {
        let mut n = 0;
        while n < buf.len() {
            match r.read(&mut buf[n..]) {
                Ok(0) => break,
                Ok(k) => n += k,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => panic!("reading: {e}"),
            }
        }
        n
    }
}

#[cfg(test)]
mod tests {
    use super::dep_info_sources;

    #[test]
    fn dep_info_names_the_first_rules_sources_with_escaped_spaces() {
        let dep_info = "/t/release/tdq: /w/cli/src/main.rs /w/a\\ b.rs /w/core/src/lib.rs\n\n/w/cli/src/main.rs:\n";
        assert_eq!(dep_info_sources(dep_info), ["/w/cli/src/main.rs", "/w/a b.rs", "/w/core/src/lib.rs"]);
        assert!(dep_info_sources("").is_empty());
    }
}
