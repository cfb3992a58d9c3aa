//! What `tdq` does on a terminal, run on a pseudo-terminal of a given size: no query opens the
//! REPL, wide results fit the width, lint colours.

use std::io::{Read, Write};
use std::os::fd::{FromRawFd, OwnedFd};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A `tdq` running on a pseudo-terminal: what it wrote so far (stdout and stderr, as the
/// terminal shows them) and a way to type.
struct Terminal {
    child: std::process::Child,
    master: std::fs::File,
    screen: Arc<Mutex<Vec<u8>>>,
}

impl Terminal {
    fn start(dir: &Path, cache: &Path, args: &[&str], cols: u16, env: &[(&str, &str)]) -> Terminal {
        let (mut master, mut slave) = (0, 0);
        let size = libc::winsize { ws_row: 40, ws_col: cols, ws_xpixel: 0, ws_ypixel: 0 };
        // SAFETY: openpty writes two descriptors; the name and termios arguments may be null.
        let rc = unsafe { libc::openpty(&mut master, &mut slave, std::ptr::null_mut(), std::ptr::null(), &size) };
        assert_eq!(rc, 0, "openpty");
        // SAFETY: both descriptors were just opened and are owned here.
        let (master, slave) = unsafe { (std::fs::File::from_raw_fd(master), OwnedFd::from_raw_fd(slave)) };
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_tdq"));
        cmd.args(args)
            .current_dir(dir)
            .env("TDQ_LLVM_VERSION", "19")
            .env("TDQ_CACHE_DIR", cache)
            .env("TERM", "dumb")
            .env_remove("NO_COLOR")
            .stdin(Stdio::from(slave.try_clone().unwrap()))
            .stdout(Stdio::from(slave.try_clone().unwrap()))
            .stderr(Stdio::from(slave));
        for (k, v) in env {
            cmd.env(k, v);
        }
        // SAFETY: only async-signal-safe calls between fork and exec.
        unsafe {
            cmd.pre_exec(|| {
                libc::setsid();
                libc::ioctl(0, libc::TIOCSCTTY, 0);
                Ok(())
            });
        }
        let child = cmd.spawn().expect("running tdq");
        drop(cmd);
        let screen = Arc::new(Mutex::new(Vec::new()));
        let (mut reader, shared) = (master.try_clone().unwrap(), screen.clone());
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            // Once tdq has exited and every copy of the terminal's other end is closed, reads fail.
            while let Ok(n @ 1..) = reader.read(&mut buf) {
                shared.lock().unwrap().extend_from_slice(&buf[..n]);
            }
        });
        Terminal { child, master, screen }
    }

    fn text(&self) -> String {
        String::from_utf8_lossy(&self.screen.lock().unwrap()).replace("\r\n", "\n")
    }

    /// Waits until the screen shows `what` (at most 60 s).
    fn expect(&self, what: &str) {
        let start = Instant::now();
        while !self.text().contains(what) {
            assert!(start.elapsed() < Duration::from_secs(60), "waited for {what:?}; the screen:\n{}", self.text());
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    fn type_text(&mut self, text: &str) {
        self.master.write_all(text.as_bytes()).unwrap();
    }

    /// Waits for tdq to exit (at most 60 s); its status and everything it wrote.
    fn finish(mut self) -> (i32, String) {
        let start = Instant::now();
        let status = loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                break status;
            }
            if start.elapsed() > Duration::from_secs(60) {
                let _ = self.child.kill();
                panic!("tdq did not exit; the screen:\n{}", self.text());
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        // The reader drains what is left.
        std::thread::sleep(Duration::from_millis(100));
        (status.code().unwrap_or(-1), self.text())
    }
}

fn inputs() -> PathBuf {
    tdq_tests::workspace_dir().join("tests/query/inputs")
}

/// A working copy of the query inputs and a cache of its own.
fn scratch() -> (tempfile::TempDir, tempfile::TempDir) {
    let work = tempfile::tempdir().unwrap();
    tdq_tests::copy_tree(&inputs(), work.path());
    (work, tempfile::tempdir().unwrap())
}

/// `tdq` with sources and no query, on a terminal, is the REPL (as `sqlite3 FILE` is).
#[test]
fn no_query_on_a_terminal_opens_the_repl() {
    let (work, cache) = scratch();
    let mut t = Terminal::start(work.path(), cache.path(), &["--td", "small.td", "-I", "inc"], 100, &[]);
    t.expect("tdq> ");
    t.type_text("select count(*) as n from records;\n");
    t.expect("1 row");
    assert!(t.text().contains("│ 9 │"), "{}", t.text());
    t.type_text(".quit\n");
    let (status, screen) = t.finish();
    assert_eq!(status, 0, "{screen}");
    assert!(screen.contains("tdq repl: SQL ending with `;`"), "{screen}");
}

/// A table wider than the terminal shows the columns that fit, from both ends, cut where
/// needed, and says how many there are (as duckdb does); no line is wider than the terminal.
#[test]
fn wide_tables_fit_the_terminal() {
    let (work, cache) = scratch();
    let args = ["--td", "small.td", "-I", "inc", "select * from records order by name"];
    let (status, screen) = Terminal::start(work.path(), cache.path(), &args, 60, &[]).finish();
    assert_eq!(status, 0, "{screen}");
    for line in screen.lines() {
        assert!(line.chars().count() <= 60, "a line wider than the terminal: {line:?}\n{screen}");
    }
    let footer = screen.lines().rev().find(|l| !l.is_empty()).unwrap();
    assert!(footer.starts_with("9 rows, 13 columns (") && footer.ends_with(" shown)"), "{screen}");
    assert!(screen.contains("│ id ┆ name") && screen.contains("┆ … ┆"), "{screen}");
    // Wide enough, everything shows.
    let (_, screen) = Terminal::start(work.path(), cache.path(), &args, 250, &[]).finish();
    assert!(screen.contains("9 rows\n") && !screen.contains('…'), "{screen}");
}

/// The columns a query names all show, however narrow the terminal: each one's values are cut
/// to its share of the width instead (duckdb's way); only `select *` hides columns.
#[test]
fn named_columns_all_show_cut_to_fit() {
    let (work, cache) = scratch();
    let sql = "select name, AsmString, Size, isCall, isBranch, mayLoad, Predicates, Namespace from Instr order by name";
    let args = ["--td", "small.td", "-I", "inc", sql];
    let (status, screen) = Terminal::start(work.path(), cache.path(), &args, 60, &[]).finish();
    assert_eq!(status, 0, "{screen}");
    for line in screen.lines() {
        assert!(line.chars().count() <= 60, "a line wider than the terminal: {line:?}\n{screen}");
    }
    let header = screen.lines().find(|l| l.starts_with("│ name")).unwrap_or_else(|| panic!("{screen}"));
    assert_eq!(header.matches('┆').count(), 7, "every column shows: {header}\n{screen}");
    assert!(screen.contains('…'), "values are cut: {screen}");
    let footer = screen.lines().rev().find(|l| !l.is_empty()).unwrap();
    assert_eq!(footer, "9 rows", "{screen}");
}

/// One row too wide for the terminal shows as one `column = value` line per column.
#[test]
fn one_wide_row_shows_as_lines() {
    let (work, cache) = scratch();
    let args = ["--td", "small.td", "-I", "inc", "select * from records where name = 'CALL'"];
    let (status, screen) = Terminal::start(work.path(), cache.path(), &args, 60, &[]).finish();
    assert_eq!(status, 0, "{screen}");
    assert!(screen.starts_with("        id = "), "{screen}");
    assert!(screen.contains("\n      name = CALL\n") && screen.contains("\n AsmString = call $dst\n"), "{screen}");
}

/// Tabs and line breaks in values are shown escaped and never break the table.
#[test]
fn control_characters_are_escaped_in_tables() {
    let (work, cache) = scratch();
    let args = ["--td", "small.td", "-I", "inc", "select 'a' || char(9) || 'b' || char(10) || 'c' as v, 1 as n"];
    let (status, screen) = Terminal::start(work.path(), cache.path(), &args, 80, &[]).finish();
    assert_eq!(status, 0, "{screen}");
    assert!(screen.contains("│ a\\tb\\nc ┆ 1 │"), "{screen}");
}

/// `tdq lint` colours on a terminal, unless NO_COLOR is set.
#[test]
fn lint_colours_on_a_terminal_unless_no_color() {
    let (work, cache) = scratch();
    std::fs::write(
        work.path().join("T.td"),
        "class Instruction { bit isBranch = 0; bit isTerminator = 0; }\ndef JMP : Instruction { let isBranch = 1; }\n",
    )
    .unwrap();
    let args = ["lint", "--td", "T.td"];
    let (status, screen) = Terminal::start(work.path(), cache.path(), &args, 100, &[("TERM", "xterm")]).finish();
    assert_eq!(status, 1, "{screen}");
    assert!(screen.contains("\x1b[1;35mwarning[branch-not-terminator]"), "{screen:?}");
    let (_, screen) =
        Terminal::start(work.path(), cache.path(), &args, 100, &[("TERM", "xterm"), ("NO_COLOR", "1")]).finish();
    assert!(screen.contains("warning[branch-not-terminator]") && !screen.contains('\x1b'), "{screen:?}");
}

/// The REPL's dot commands: `.timing`, `.read`, `.mode`, an unknown one named as such.
#[test]
fn repl_dot_commands() {
    let (work, cache) = scratch();
    std::fs::write(work.path().join("q.sql"), "select name from records where isCall = 1 order by name;\n").unwrap();
    let mut t = Terminal::start(work.path(), cache.path(), &["repl", "--td", "small.td", "-I", "inc"], 100, &[]);
    t.expect("tdq> ");
    t.type_text(".nope\n");
    t.expect("error: unknown command `.nope`");
    t.type_text(".mode csv\n.timing on\n.read q.sql\n");
    t.expect("query: ");
    t.type_text(".quit\n");
    let (status, screen) = t.finish();
    assert_eq!(status, 0, "{screen}");
    assert!(screen.contains("name\nCALL\nTAILCALL\nquery: "), "{screen}");
}

/// Completion offers the columns of the tables named in the statement.
#[test]
fn repl_completes_the_columns_of_the_tables_named() {
    let (work, cache) = scratch();
    let mut t = Terminal::start(
        work.path(),
        cache.path(),
        &["repl", "--td", "small.td", "-I", "inc"],
        100,
        &[("TERM", "xterm")],
    );
    t.expect("tdq> ");
    t.type_text("select value_js\t");
    std::thread::sleep(Duration::from_millis(200));
    t.type_text(" from fields where record = 'NOP' and field = 'Size';\n");
    t.expect("1 row");
    t.type_text("\x04");
    let (status, screen) = t.finish();
    assert_eq!(status, 0, "{screen}");
    assert!(screen.contains("value_json"), "{screen:?}");
}
