//! Caches keyed by content and settings, not by the working directory, and `tdq cache` to list
//! and prune them, on the binary.

use std::path::Path;
use std::process::{Command, Output};

fn tdq(cwd: &Path, cache: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tdq"))
        .current_dir(cwd)
        .args(args)
        .env("TDQ_CACHE_DIR", cache)
        .env("TDQ_LLVM_VERSION", "23")
        .env("TDQ_TBLGEN_CACHE", "always")
        .env_remove("TDQ_MAX_MEMORY")
        .output()
        .unwrap()
}

fn text(o: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr))
}

/// A project with a tdq.toml, a subdirectory, and an include directory.
fn project() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("inc")).unwrap();
    std::fs::create_dir_all(dir.path().join("sub/deeper")).unwrap();
    std::fs::write(dir.path().join("inc/part.td"), "class Part { int size = 4; }\n").unwrap();
    std::fs::write(dir.path().join("root.td"), "include \"part.td\"\ndef A : Part;\ndef B : Part { let size = 8; }\n")
        .unwrap();
    std::fs::write(dir.path().join("tdq.toml"), "[sources]\nroot = \"root.td\"\ninclude = [\"inc\"]\n").unwrap();
    dir
}

fn stores(cache: &Path) -> usize {
    std::fs::read_dir(cache).unwrap().flatten().filter(|e| e.path().extension().is_some_and(|x| x == "db")).count()
}

#[test]
fn the_same_sources_from_two_directories_share_one_store() {
    let p = project();
    let cache = tempfile::tempdir().unwrap();
    for cwd in [p.path().to_path_buf(), p.path().join("sub"), p.path().join("sub/deeper")] {
        let o = tdq(&cwd, cache.path(), &["select name, size from Part order by name", "--format", "csv"]);
        assert!(o.status.success(), "{}", text(&o));
        assert_eq!(String::from_utf8_lossy(&o.stdout), "name,size\nA,4\nB,8\n");
    }
    assert_eq!(stores(cache.path()), 1);
    // Other settings are another store.
    let o = tdq(p.path(), cache.path(), &["select count(*) from records", "-D", "X"]);
    assert!(o.status.success(), "{}", text(&o));
    assert_eq!(stores(cache.path()), 2);
}

/// The same root and include directory spelled relative, absolute, through a symbolic link,
/// with `..`, `.` and trailing slashes, from three working directories: one store, and every
/// query prints the same paths (relative to the directory holding the root and the `-I`s).
#[test]
fn one_store_however_the_sources_are_spelled() {
    let p = project();
    let cache = tempfile::tempdir().unwrap();
    let top = p.path().canonicalize().unwrap();
    std::os::unix::fs::symlink(&top, top.join("sub/link")).unwrap();
    let abs = |rel: &str| top.join(rel).display().to_string();
    let spellings: Vec<(std::path::PathBuf, Vec<String>)> = vec![
        (top.clone(), vec!["root.td".into(), "inc".into()]),
        (top.clone(), vec!["./root.td".into(), "inc/".into()]),
        (top.join("sub"), vec!["../root.td".into(), "../inc//".into()]),
        (top.join("sub/deeper"), vec![abs("root.td"), abs("inc")]),
        (top.join("sub/deeper"), vec![abs("sub/deeper/../../root.td"), abs("sub/../inc/")]),
        (top.join("sub"), vec!["link/root.td".into(), "link/sub/link/inc".into()]),
        (std::path::PathBuf::from("/"), vec![abs("sub/link/root.td"), abs("sub/link/inc")]),
    ];
    let sql = "select name, file, line, set_file from records join fields on record = name where field = 'size' order by name";
    for (cwd, args) in &spellings {
        let o = tdq(cwd, cache.path(), &["--td", &args[0], "-I", &args[1], sql, "--format", "csv", "--verbose"]);
        assert!(o.status.success(), "{args:?}: {}", text(&o));
        assert_eq!(
            String::from_utf8_lossy(&o.stdout),
            "name,file,line,set_file\nA,root.td,2,inc/part.td\nB,root.td,3,root.td\n",
            "{args:?} from {}",
            cwd.display()
        );
        assert_eq!(stores(cache.path()), 1, "{args:?} from {}: {}", cwd.display(), text(&o));
    }
    // Errors name the files as they were given.
    std::fs::write(top.join("inc/part.td"), "class Part { int size = 4 }\n").unwrap();
    let o = tdq(&top.join("sub"), cache.path(), &["--td", "../root.td", "-I", "link/inc/", "select 1"]);
    assert!(
        text(&o).starts_with("Included from ../root.td:1:\nlink/inc/part.td:1:27: error: expected ';'"),
        "{}",
        text(&o)
    );
}

#[test]
fn cache_lists_and_prunes() {
    let p = project();
    let cache = tempfile::tempdir().unwrap();
    assert!(tdq(p.path(), cache.path(), &["select count(*) from records"]).status.success());
    let root = p.path().join("root.td");
    let o = tdq(p.path(), cache.path(), &["tblgen", "-I", "inc", root.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o));

    let list = text(&tdq(p.path(), cache.path(), &["cache"]));
    let lines: Vec<&str> = list.lines().collect();
    assert_eq!(lines[0], cache.path().display().to_string());
    assert!(lines[1].starts_with("kind") && lines[1].ends_with("sources"), "{list}");
    let root = root.display().to_string();
    assert!(
        lines.iter().any(|l| l.starts_with("store ")
            && l.contains(&format!("{root} -I "))
            && l.ends_with("(LLVM 23)")
            && l.contains(" ago")),
        "{list}"
    );
    assert!(lines.iter().any(|l| l.starts_with("tblgen ") && l.ends_with(&format!("{root} (LLVM 23)"))), "{list}");
    assert!(lines.last().unwrap().starts_with("2 entries, "), "{list}");

    // Nothing is older than a day; a dry run removes nothing.
    let o = tdq(p.path(), cache.path(), &["cache", "prune", "--older-than", "1d"]);
    assert!(text(&o).starts_with("freed 0 entries, 0 bytes;"), "{}", text(&o));
    let o = tdq(p.path(), cache.path(), &["cache", "prune", "--max-size", "0", "--dry-run"]);
    assert!(text(&o).contains("would free 2 entries"), "{}", text(&o));
    assert_eq!(stores(cache.path()), 1);
    // Under a size, the least recently used goes first: the store, used before the snapshot.
    let o = tdq(p.path(), cache.path(), &["cache", "prune", "--max-size", "100K"]);
    assert!(text(&o).starts_with("removed store "), "{}", text(&o));
    assert_eq!(stores(cache.path()), 0);
    let o = tdq(p.path(), cache.path(), &["cache", "prune", "--all"]);
    assert!(text(&o).starts_with("removed tblgen "), "{}", text(&o));
    assert!(text(&tdq(p.path(), cache.path(), &["cache"])).ends_with("(empty)\n"));

    // What to prune must be said; a bad age is a usage error.
    assert_eq!(tdq(p.path(), cache.path(), &["cache", "prune"]).status.code(), Some(2));
    let o = tdq(p.path(), cache.path(), &["cache", "prune", "--older-than", "3 fortnights"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o).contains("not an age"), "{}", text(&o));
}

/// tdq-cache(1) lists tdq-cache-prune(1), and `tdq man cache-prune` prints it.
#[test]
fn the_prune_page_exists() {
    let dir = tempfile::tempdir().unwrap();
    let page = tdq(dir.path(), dir.path(), &["man", "cache"]);
    assert!(String::from_utf8_lossy(&page.stdout).contains("tdq\\-cache\\-prune(1)"));
    let page = tdq(dir.path(), dir.path(), &["man", "cache-prune"]);
    assert!(page.status.success(), "{}", text(&page));
    let page = String::from_utf8_lossy(&page.stdout);
    for option in ["\\-\\-older\\-than", "\\-\\-max\\-size", "\\-\\-all", "\\-\\-dry\\-run", "TDQ_CACHE_DIR"] {
        assert!(page.contains(option), "{option} missing from\n{page}");
    }
}
