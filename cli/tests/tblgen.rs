//! `tdq tblgen`'s command line, pinned as data: each case is a command, its input files and
//! what llvm-tblgen 19 answers (exit status, stdout, stderr, files left behind). The same cases
//! run against the real `tdq` binary and against llvm-tblgen itself, so the expectations here
//! are checked to be llvm-tblgen's and tdq is checked to meet them.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, SystemTime};

/// One command line and everything llvm-tblgen 19 does with it. In `stderr`, `{prog}` stands
/// for the program name cl:: starts its messages with and `{argv0}` for argv[0] as the driver
/// quotes it (`llvm-tblgen` and its path; `tdq tblgen` and `<path of tdq> tblgen`).
struct Case {
    name: &'static str,
    /// Files created in an empty working directory first.
    files: &'static [(&'static str, &'static str)],
    args: &'static [&'static str],
    stdin: &'static str,
    status: i32,
    stdout: &'static str,
    stderr: &'static str,
    /// Files afterwards: their content, or None for a file that must not exist.
    after: &'static [(&'static str, Option<&'static str>)],
}

const S_TD: (&str, &str) = ("s.td", "def s;\n");
const S_RECORDS: &str = "------------- Classes -----------------\n------------- Defs -----------------\ndef s {\n}\n";
const INCLUDER_TD: (&str, &str) = ("m.td", "include \"b.td\"\ninclude \"a.td\"\n#ifdef FOO\ndef foo;\n#endif\n");
const INC_A: (&str, &str) = ("inc/a.td", "def a;\n");
const INC_B: (&str, &str) = ("inc/b.td", "def b;\n");
const M_RECORDS: &str =
    "------------- Classes -----------------\n------------- Defs -----------------\ndef a {\n}\ndef b {\n}\n";
const M_FOO_RECORDS: &str =
    "------------- Classes -----------------\n------------- Defs -----------------\ndef a {\n}\ndef b {\n}\ndef foo {\n}\n";
const ASSERT_TD: (&str, &str) = ("assert.td", "assert 0, \"boom\";\ndef z;\n");
const UNUSED_ARG_TD: (&str, &str) = ("t.td", "class A<int x> { int v = 1; }\ndef a : A<1>;\n");

const CASES: &[Case] = &[
    Case {
        name: "file to stdout",
        files: &[S_TD],
        args: &["s.td"],
        stdin: "",
        status: 0,
        stdout: S_RECORDS,
        stderr: "",
        after: &[],
    },
    Case {
        name: "no file reads stdin",
        files: &[],
        args: &[],
        stdin: "def s;\n",
        status: 0,
        stdout: S_RECORDS,
        stderr: "",
        after: &[],
    },
    Case {
        name: "- reads stdin",
        files: &[],
        args: &["-"],
        stdin: "def s;\n",
        status: 0,
        stdout: S_RECORDS,
        stderr: "",
        after: &[],
    },
    Case {
        name: "stdin is <stdin> in messages",
        files: &[],
        args: &[],
        stdin: "def a : B;\n",
        status: 1,
        stdout: "",
        stderr: "<stdin>:1:9: error: Couldn't find class 'B'\ndef a : B;\n        ^\n",
        after: &[],
    },
    Case {
        name: "missing input",
        files: &[],
        args: &["nonexist.td"],
        stdin: "",
        status: 1,
        stdout: "",
        stderr: "{argv0}: Could not open input file 'nonexist.td': No such file or directory\n",
        after: &[],
    },
    Case {
        name: "input is a directory",
        files: &[INC_A],
        args: &["inc"],
        stdin: "",
        status: 1,
        stdout: "",
        stderr: "{argv0}: Could not open input file 'inc': Is a directory\n",
        after: &[],
    },
    Case {
        name: "-o writes the file",
        files: &[S_TD],
        args: &["s.td", "-o", "out.inc"],
        stdin: "",
        status: 0,
        stdout: "",
        stderr: "",
        after: &[("out.inc", Some(S_RECORDS))],
    },
    Case {
        name: "-o=file and --o file",
        files: &[S_TD],
        args: &["-o=one.inc", "s.td", "--o", "two.inc"],
        stdin: "",
        status: 0,
        stdout: "",
        stderr: "",
        after: &[("one.inc", None), ("two.inc", Some(S_RECORDS))],
    },
    Case {
        name: "-o - is stdout",
        files: &[S_TD],
        args: &["s.td", "-o", "-"],
        stdin: "",
        status: 0,
        stdout: S_RECORDS,
        stderr: "",
        after: &[],
    },
    Case {
        name: "-o cannot take a glued value",
        files: &[S_TD],
        args: &["s.td", "-oout.inc"],
        stdin: "",
        status: 1,
        stdout: "",
        stderr: "{prog}: for the -o option: may not occur within a group!\n{prog}: Unknown command line argument '-oout.inc'.  Try: '{argv0} --help'\n{prog}: Did you mean '-o'?\n",
        after: &[("out.inc", None)],
    },
    Case {
        name: "-o in a missing directory",
        files: &[S_TD],
        args: &["s.td", "-o", "nodir/out.inc"],
        stdin: "",
        status: 1,
        stdout: "",
        stderr: "{argv0}: error opening nodir/out.inc: No such file or directory\n",
        after: &[],
    },
    Case {
        name: "-o without a value",
        files: &[S_TD],
        args: &["s.td", "-o"],
        stdin: "",
        status: 1,
        stdout: "",
        stderr: "{prog}: for the -o option: requires a value!\n",
        after: &[],
    },
    Case {
        name: "-d needs -o",
        files: &[S_TD],
        args: &["-d", "out.d", "s.td"],
        stdin: "",
        status: 1,
        stdout: "",
        stderr: "{argv0}: the option -d must be used together with -o\n",
        after: &[("out.d", None)],
    },
    Case {
        name: "-d lists the included files, sorted",
        files: &[INCLUDER_TD, INC_A, INC_B],
        args: &["-I", "inc", "-d", "out.d", "-o", "out.inc", "m.td"],
        stdin: "",
        status: 0,
        stdout: "",
        stderr: "",
        after: &[("out.d", Some("out.inc: inc/a.td inc/b.td\n")), ("out.inc", Some(M_RECORDS))],
    },
    Case {
        name: "-d without includes",
        files: &[S_TD],
        args: &["-d", "out.d", "-o", "./out.inc", "s.td"],
        stdin: "",
        status: 0,
        stdout: "",
        stderr: "",
        after: &[("out.d", Some("./out.inc:\n"))],
    },
    Case {
        name: "-d in a missing directory",
        files: &[S_TD],
        args: &["-d", "nodir/out.d", "-o", "out.inc", "s.td"],
        stdin: "",
        status: 1,
        stdout: "",
        stderr: "{argv0}: error opening nodir/out.d:No such file or directory\n",
        after: &[("out.inc", None)],
    },
    Case {
        name: "-Idir, -I=dir, --I dir, -DNAME, -D NAME",
        files: &[INCLUDER_TD, INC_A, ("other/b.td", "def b;\n")],
        args: &["-Iinc", "-I=nothing", "--I", "other", "-DFOO", "-D", "BAR", "m.td"],
        stdin: "",
        status: 0,
        stdout: M_FOO_RECORDS,
        stderr: "",
        after: &[],
    },
    Case {
        name: "-D=NAME",
        files: &[INCLUDER_TD, INC_A, INC_B],
        args: &["-I", "inc", "-D=FOO", "m.td"],
        stdin: "",
        status: 0,
        stdout: M_FOO_RECORDS,
        stderr: "",
        after: &[],
    },
    Case {
        name: "missing include",
        files: &[INCLUDER_TD],
        args: &["m.td"],
        stdin: "",
        status: 1,
        stdout: "",
        stderr: "m.td:1:9: error: Could not find include file 'b.td'\ninclude \"b.td\"\n        ^\nm.td:1:9: error: Unexpected token at top level\ninclude \"b.td\"\n        ^\n",
        after: &[],
    },
    Case {
        name: "two inputs",
        files: &[S_TD],
        args: &["s.td", "s.td"],
        stdin: "",
        status: 1,
        stdout: "",
        stderr: "{prog}: Too many positional arguments specified!\nCan specify at most 1 positional arguments: See: {argv0} --help\n",
        after: &[],
    },
    Case {
        name: "unknown backend flag",
        files: &[S_TD],
        args: &["s.td", "--gen-foo"],
        stdin: "",
        status: 1,
        stdout: "",
        stderr: "{prog}: Unknown command line argument '--gen-foo'.  Try: '{argv0} --help'\n{prog}: Did you mean '--gen-vt'?\n",
        after: &[],
    },
    Case {
        name: "unknown option with a value",
        files: &[S_TD],
        args: &["-printrecords", "--foo=3", "s.td"],
        stdin: "",
        status: 1,
        stdout: "",
        stderr: "{prog}: Unknown command line argument '-printrecords'.  Try: '{argv0} --help'\n{prog}: Did you mean '--print-records'?\n{prog}: Unknown command line argument '--foo=3'.  Try: '{argv0} --help'\n{prog}: Did you mean '--o=3'?\n",
        after: &[],
    },
    Case {
        name: "a backend takes no value",
        files: &[S_TD],
        args: &["-print-records=1", "s.td"],
        stdin: "",
        status: 1,
        stdout: "",
        stderr: "Action to perform: option: does not allow a value! '1' specified.\n",
        after: &[],
    },
    Case {
        name: "the last backend wins",
        files: &[S_TD],
        args: &["--print-records", "s.td", "-null-backend"],
        stdin: "",
        status: 0,
        stdout: "",
        stderr: "",
        after: &[],
    },
    Case {
        name: "--null-backend writes an empty output",
        files: &[S_TD, ("out.inc", "old\n")],
        args: &["--null-backend", "s.td", "-o", "out.inc"],
        stdin: "",
        status: 0,
        stdout: "",
        stderr: "",
        after: &[("out.inc", Some(""))],
    },
    Case {
        name: "bad boolean",
        files: &[S_TD],
        args: &["--write-if-changed=yes", "s.td"],
        stdin: "",
        status: 1,
        stdout: "",
        stderr: "{prog}: for the --write-if-changed option: 'yes' is invalid value for boolean argument! Try 0 or 1\n",
        after: &[],
    },
    Case {
        name: "backend options are parsed",
        files: &[S_TD],
        args: &["--asmwriternum=x", "--suppress-per-hwmode-duplicates=O5", "--optimize-match-table=false", "s.td"],
        stdin: "",
        status: 1,
        stdout: "",
        stderr: "{prog}: for the --asmwriternum option: 'x' value invalid for uint argument!\n{prog}: for the --suppress-per-hwmode-duplicates option: Cannot find option named 'O5'!\n",
        after: &[],
    },
    Case {
        name: "after -- every word is a file",
        files: &[],
        args: &["--", "-foo"],
        stdin: "",
        status: 1,
        stdout: "",
        stderr: "{argv0}: Could not open input file '-foo': No such file or directory\n",
        after: &[],
    },
    Case {
        name: "response file",
        files: &[INCLUDER_TD, INC_A, INC_B, ("args.rsp", "-I inc\n\"-DFOO\" m.td\n")],
        args: &["@args.rsp"],
        stdin: "",
        status: 0,
        stdout: M_FOO_RECORDS,
        stderr: "",
        after: &[],
    },
    Case {
        name: "errors after a complete parse: output, then the count",
        files: &[ASSERT_TD],
        args: &["assert.td"],
        stdin: "",
        status: 1,
        stdout: "------------- Classes -----------------\n------------- Defs -----------------\ndef z {\n}\n",
        stderr: "assert.td:1:8: error: assertion failed\nassert 0, \"boom\";\n       ^\nnote: boom\n{argv0}: 1 errors.\n",
        after: &[],
    },
    Case {
        name: "errors after a complete parse remove the output file",
        files: &[ASSERT_TD, ("out.inc", "old\n")],
        args: &["assert.td", "-o", "out.inc", "-d", "out.d"],
        stdin: "",
        status: 1,
        stdout: "",
        stderr: "assert.td:1:8: error: assertion failed\nassert 0, \"boom\";\n       ^\nnote: boom\n{argv0}: 1 errors.\n",
        after: &[("out.inc", None), ("out.d", Some("out.inc:\n"))],
    },
    Case {
        name: "a failed parse leaves the output file alone",
        files: &[("err.td", "def a : B;\n"), ("out.inc", "old\n")],
        args: &["err.td", "-o", "out.inc"],
        stdin: "",
        status: 1,
        stdout: "",
        stderr: "err.td:1:9: error: Couldn't find class 'B'\ndef a : B;\n        ^\n",
        after: &[("out.inc", Some("old\n"))],
    },
    Case {
        name: "unused template argument warning",
        files: &[UNUSED_ARG_TD],
        args: &["t.td", "--null-backend"],
        stdin: "",
        status: 0,
        stdout: "",
        stderr: "t.td:1:13: warning: unused template argument: A:x\nclass A<int x> { int v = 1; }\n            ^\n",
        after: &[],
    },
    Case {
        name: "--no-warn-on-unused-template-args",
        files: &[UNUSED_ARG_TD],
        args: &["t.td", "--null-backend", "--no-warn-on-unused-template-args"],
        stdin: "",
        status: 0,
        stdout: "",
        stderr: "",
        after: &[],
    },
    Case {
        name: "dump prints notes",
        files: &[("d.td", "def a { dump \"hello\"; }\n")],
        args: &["d.td", "--null-backend"],
        stdin: "",
        status: 0,
        stdout: "",
        stderr: "d.td:1:9: note: hello\ndef a { dump \"hello\"; }\n        ^\n",
        after: &[],
    },
];

/// A program standing in for llvm-tblgen, and how its messages name it.
struct Tool {
    program: PathBuf,
    /// Words before the llvm-tblgen options.
    prefix: Vec<&'static str>,
    prog: String,
    argv0: String,
}

fn tdq() -> Tool {
    let program = PathBuf::from(env!("CARGO_BIN_EXE_tdq"));
    let argv0 = format!("{} tblgen", program.display());
    Tool { program, prefix: vec!["tblgen"], prog: "tdq tblgen".to_string(), argv0 }
}

fn llvm_tblgen() -> Tool {
    llvm_tblgen_of(
        "19",
        &std::env::var("LLVM_TBLGEN").unwrap_or_else(|_| "/usr/lib/llvm-19/bin/llvm-tblgen".to_string()),
    )
}

fn llvm_tblgen_of(release: &str, path: &str) -> Tool {
    let program = PathBuf::from(path);
    assert!(
        program.is_file(),
        "{path} is missing: these tests check their expectations against llvm-tblgen {release} \
         (apt-get install llvm-{release}, or ../shared/conformance/install-reference.sh {release})"
    );
    Tool { program, prefix: vec![], prog: "llvm-tblgen".to_string(), argv0: path.to_string() }
}

struct Run {
    status: i32,
    stdout: String,
    stderr: String,
}

fn run(tool: &Tool, dir: &Path, args: &[&str], stdin: &str) -> Run {
    // The expectations are llvm-tblgen 19's.
    run_in(tool, Some("19"), dir, args, stdin)
}

/// Runs `tool` with TDQ_LLVM_VERSION set to `release`, or unset.
fn run_in(tool: &Tool, release: Option<&str>, dir: &Path, args: &[&str], stdin: &str) -> Run {
    let mut command = Command::new(&tool.program);
    match release {
        Some(release) => command.env("TDQ_LLVM_VERSION", release),
        None => command.env_remove("TDQ_LLVM_VERSION"),
    };
    let mut child = command
        .args(&tool.prefix)
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the tool starts");
    let mut input = child.stdin.take().expect("stdin is piped");
    // The tool may exit without reading its input; a broken pipe then is no failure.
    let _ = input.write_all(stdin.as_bytes());
    drop(input);
    let output = child.wait_with_output().expect("the tool runs");
    Run {
        status: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

fn write_files(dir: &Path, files: &[(&str, &str)]) {
    for (path, text) in files {
        let path = dir.join(path);
        std::fs::create_dir_all(path.parent().expect("files are in the directory")).expect("mkdir");
        std::fs::write(path, text).expect("write a case file");
    }
}

/// Runs every case with `tool` and returns a description of each mismatch.
fn mismatches(tool: &Tool, cases: &[Case]) -> Vec<String> {
    let mut found = Vec::new();
    for case in cases {
        let dir = tempfile::tempdir().expect("a temporary directory");
        write_files(dir.path(), case.files);
        let got = run(tool, dir.path(), case.args, case.stdin);
        let stderr = case.stderr.replace("{prog}", &tool.prog).replace("{argv0}", &tool.argv0);
        let mut problems = Vec::new();
        if got.status != case.status {
            problems.push(format!("status {} (expected {})", got.status, case.status));
        }
        if got.stdout != case.stdout {
            problems.push(format!("stdout {:?}\n    expected {:?}", got.stdout, case.stdout));
        }
        if got.stderr != stderr {
            problems.push(format!("stderr {:?}\n    expected {:?}", got.stderr, stderr));
        }
        for (path, expected) in case.after {
            let actual = std::fs::read_to_string(dir.path().join(path)).ok();
            if actual.as_deref() != *expected {
                problems.push(format!("file {path}: {actual:?} (expected {expected:?})"));
            }
        }
        if !problems.is_empty() {
            found.push(format!("{} ({:?}):\n  {}", case.name, case.args, problems.join("\n  ")));
        }
    }
    found
}

fn assert_none(tool: &Tool, found: Vec<String>) {
    assert!(found.is_empty(), "{} differs from the expectations:\n{}", tool.program.display(), found.join("\n"));
}

#[test]
fn tdq_tblgen_meets_the_expectations() {
    let tool = tdq();
    assert_none(&tool, mismatches(&tool, CASES));
}

#[test]
fn the_expectations_are_llvm_tblgens() {
    let tool = llvm_tblgen();
    assert_none(&tool, mismatches(&tool, CASES));
}

/// `--help` and its variants are cl::'s printers over each release's option table: compared
/// whole with llvm-tblgen 19's and 22's (Debian's packages) and with 23's, as captured in
/// tests/golden/tblgen-help/23 (and the real one where `install-reference.sh 23` built it).
#[test]
fn help_is_each_releases_llvm_tblgens() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let flags = ["--help", "-help", "-h", "--help-hidden", "--help-list", "--help-list-hidden"];
    let tdq = tdq();
    for release in ["19", "22", "23"] {
        let installed = match release {
            "19" => Some(llvm_tblgen()),
            "22" => Some(llvm_tblgen_of("22", "/usr/lib/llvm-22/bin/llvm-tblgen")),
            _ => std::env::var("HOME")
                .ok()
                .map(|home| PathBuf::from(home).join(".cache/tdq-ref/llvm-23/bin/llvm-tblgen"))
                .filter(|path| path.is_file())
                .map(|path| Tool {
                    prog: "llvm-tblgen".to_string(),
                    argv0: path.display().to_string(),
                    program: path,
                    prefix: vec![],
                }),
        };
        for flag in flags {
            let ours = run_in(&tdq, Some(release), dir.path(), &[flag], "");
            assert_eq!((ours.status, ours.stderr.as_str()), (0, ""), "{release} {flag}");
            let ours = ours.stdout.replace("USAGE: tdq tblgen", "USAGE: llvm-tblgen");
            if let Some(reference) = &installed {
                let theirs = run_in(reference, None, dir.path(), &[flag], "");
                assert_eq!(theirs.status, 0, "{release} {flag}");
                assert_eq!(ours, theirs.stdout, "{release} {flag}");
            }
            if release == "23" {
                let name = match flag {
                    "-help" | "-h" => "help",
                    other => other.trim_start_matches('-'),
                };
                let golden = tdq_tests::workspace_dir().join("tests/golden/tblgen-help/23").join(format!("{name}.txt"));
                let golden = std::fs::read_to_string(&golden).unwrap_or_else(|e| panic!("{}: {e}", golden.display()));
                assert_eq!(ours, golden, "{release} {flag}");
            }
        }
    }
}

/// Without a flag or TDQ_LLVM_VERSION, the input's tree says which release's command line this
/// is: LLVM 19's llvm-tblgen has no `--gen-sd-node-info`, 22's has.
#[test]
fn the_inputs_tree_chooses_the_command_lines_release() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let cmake = |major: &str| {
        format!("set(LLVM_VERSION_MAJOR {major})\nset(LLVM_VERSION_MINOR 1)\nset(LLVM_VERSION_PATCH 7)\n")
    };
    for (major, accepted) in [("19", false), ("22", true)] {
        let tree = dir.path().join(major);
        write_files(&tree, &[("llvm/s.td", S_TD.1), ("cmake/Modules/LLVMVersion.cmake", &cmake(major))]);
        let got = run_in(&tdq(), None, &tree.join("llvm"), &["--gen-sd-node-info", "s.td"], "");
        let unknown = got.stderr.contains("Unknown command line argument '--gen-sd-node-info'");
        assert_eq!(!unknown, accepted, "LLVM {major}'s tree: {}", got.stderr);
    }
}

/// `--write-if-changed` leaves an output file with the same content untouched (its mtime
/// too), and rewrites one that differs.
#[test]
fn write_if_changed_keeps_an_unchanged_file() {
    for tool in [tdq(), llvm_tblgen()] {
        let dir = tempfile::tempdir().expect("a temporary directory");
        write_files(dir.path(), &[S_TD, ("same.inc", S_RECORDS), ("other.inc", "old\n")]);
        let old = SystemTime::now() - Duration::from_secs(3600);
        for name in ["same.inc", "other.inc"] {
            let file = std::fs::File::options().write(true).open(dir.path().join(name)).expect("open");
            file.set_modified(old).expect("set the mtime");
        }
        for name in ["same.inc", "other.inc"] {
            let got = run(&tool, dir.path(), &["--write-if-changed", "s.td", "-o", name], "");
            assert_eq!((got.status, got.stderr.as_str()), (0, ""), "{}", tool.program.display());
        }
        let modified = |name: &str| std::fs::metadata(dir.path().join(name)).and_then(|m| m.modified()).expect("mtime");
        assert_eq!(modified("same.inc"), old, "{}: an unchanged output was rewritten", tool.program.display());
        assert_ne!(modified("other.inc"), old, "{}: a changed output was not rewritten", tool.program.display());
        assert_eq!(std::fs::read_to_string(dir.path().join("other.inc")).expect("read"), S_RECORDS);
    }
}

/// An output that is not a regular file (a symlink here; `/dev/null` or a pipe in real use) is
/// written through, never replaced by a renamed staging file.
#[test]
fn special_outputs_are_written_in_place() {
    for tool in [tdq(), llvm_tblgen()] {
        let dir = tempfile::tempdir().expect("a temporary directory");
        write_files(dir.path(), &[S_TD, ("target.inc", "old\n")]);
        std::os::unix::fs::symlink("target.inc", dir.path().join("link.inc")).expect("a symlink");
        let got = run(&tool, dir.path(), &["s.td", "-o", "link.inc"], "");
        assert_eq!((got.status, got.stderr.as_str()), (0, ""), "{}", tool.program.display());
        let link = std::fs::symlink_metadata(dir.path().join("link.inc")).expect("the link");
        assert!(link.file_type().is_symlink(), "{}: the symlink was replaced", tool.program.display());
        assert_eq!(std::fs::read_to_string(dir.path().join("target.inc")).expect("read"), S_RECORDS);
    }
}

/// A small output to a regular file is written in place at the end, as llvm-tblgen writes it
/// (the same inode, its mode kept: no staging file created and renamed), and leaves nothing
/// beside it.
#[test]
fn small_outputs_to_a_file_are_written_in_place() {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    for tool in [tdq(), llvm_tblgen()] {
        let dir = tempfile::tempdir().expect("a temporary directory");
        write_files(dir.path(), &[S_TD, ("out.inc", "old\n")]);
        let out = dir.path().join("out.inc");
        std::fs::set_permissions(&out, std::fs::Permissions::from_mode(0o640)).expect("chmod");
        let before = std::fs::metadata(&out).expect("the output").ino();
        let got = run(&tool, dir.path(), &["s.td", "-o", "out.inc"], "");
        assert_eq!((got.status, got.stderr.as_str()), (0, ""), "{}", tool.program.display());
        let after = std::fs::metadata(&out).expect("the output");
        assert_eq!(after.ino(), before, "{}: the output was replaced", tool.program.display());
        assert_eq!(after.mode() & 0o777, 0o640, "{}", tool.program.display());
        assert_eq!(std::fs::read_to_string(&out).expect("read"), S_RECORDS);
        let mut names: Vec<String> = std::fs::read_dir(dir.path())
            .expect("list")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        assert_eq!(names, ["out.inc", "s.td"], "{}", tool.program.display());
    }
}

/// An output too large to be held in memory has the bytes written to a regular file, and
/// llvm-tblgen's: standard output (streamed, as `--print-records` only writes) and a symlink
/// (held until the backend has succeeded, past a few megabytes in a temporary file).
#[test]
fn large_outputs_held_for_a_pipe_are_whole() {
    let big = ("big.td", "foreach i = 0...199999 in def r#i { string s = \"a long enough value for each record\"; }\n");
    let mut outputs = Vec::new();
    for tool in [tdq(), llvm_tblgen()] {
        let dir = tempfile::tempdir().expect("a temporary directory");
        write_files(dir.path(), &[big, ("target.inc", "old\n")]);
        let piped = run(&tool, dir.path(), &["big.td"], "");
        assert_eq!((piped.status, piped.stderr.as_str()), (0, ""), "{}", tool.program.display());
        assert!(piped.stdout.len() > 10 << 20, "{}: {} bytes", tool.program.display(), piped.stdout.len());
        let to_file = run(&tool, dir.path(), &["big.td", "-o", "big.inc"], "");
        assert_eq!((to_file.status, to_file.stderr.as_str()), (0, ""), "{}", tool.program.display());
        assert!(std::fs::read_to_string(dir.path().join("big.inc")).expect("read") == piped.stdout);
        let left: Vec<_> = std::fs::read_dir(dir.path())
            .expect("list")
            .filter_map(|e| e.ok().map(|e| e.file_name()))
            .filter(|n| n.to_string_lossy().starts_with('.'))
            .collect();
        assert!(left.is_empty(), "{}: left {left:?}", tool.program.display());
        std::os::unix::fs::symlink("target.inc", dir.path().join("link.inc")).expect("a symlink");
        let through_link = run(&tool, dir.path(), &["big.td", "-o", "link.inc"], "");
        assert_eq!((through_link.status, through_link.stderr.as_str()), (0, ""), "{}", tool.program.display());
        assert!(std::fs::read_to_string(dir.path().join("target.inc")).expect("read") == piped.stdout);
        outputs.push(piped.stdout);
    }
    assert!(outputs[0] == outputs[1], "tdq's output differs from llvm-tblgen's");
}

/// The null device as the output (`-o /dev/null`, or standard output sent there) is written to
/// and stays the device, also when errors mean the output is not kept (an output file is then
/// removed, but LLVM removes only regular files and symlinks: run as root, tdq deleted
/// `/dev/null`, and the next shell redirection made a plain file of it).
#[test]
fn the_null_device_stays_a_device() {
    use std::os::unix::fs::FileTypeExt;
    let dir = tempfile::tempdir().expect("a temporary directory");
    write_files(dir.path(), &[S_TD, ("bad.td", "def s;\nassert 0, \"no\";\n")]);
    let got = run(&tdq(), dir.path(), &["s.td", "-o", "/dev/null"], "");
    assert_eq!((got.status, got.stdout.as_str(), got.stderr.as_str()), (0, "", ""));
    for tool in [tdq(), llvm_tblgen()] {
        let got = run(&tool, dir.path(), &["bad.td", "-o", "/dev/null"], "");
        assert_eq!(got.status, 1, "{}: {}", tool.program.display(), got.stderr);
        let null = std::fs::symlink_metadata("/dev/null").expect("/dev/null");
        assert!(null.file_type().is_char_device(), "{} removed /dev/null", tool.program.display());
    }
    let status = Command::new(env!("CARGO_BIN_EXE_tdq"))
        .args(["tblgen", "s.td"])
        .env("TDQ_LLVM_VERSION", "19")
        .current_dir(dir.path())
        .stdout(Stdio::null())
        .status()
        .expect("tdq runs");
    assert!(status.success());
    let null = std::fs::symlink_metadata("/dev/null").expect("/dev/null");
    assert!(null.file_type().is_char_device(), "/dev/null is no longer a device");
}

/// `--time-phases` prints LLVM's timer report on stderr; the numbers vary, the layout not.
#[test]
fn time_phases_prints_the_phase_report() {
    for tool in [tdq(), llvm_tblgen()] {
        let dir = tempfile::tempdir().expect("a temporary directory");
        write_files(dir.path(), &[S_TD]);
        let got = run(&tool, dir.path(), &["--time-phases", "s.td", "-o", "out.inc"], "");
        assert_eq!(got.status, 0);
        let lines: Vec<&str> = got.stderr.lines().collect();
        let shape = |l: &str| l.chars().map(|c| if c.is_ascii_digit() { '9' } else { c }).collect::<String>();
        assert_eq!(lines.len(), 11, "{}: {}", tool.program.display(), got.stderr);
        assert_eq!(lines[0], format!("==={}===", "-".repeat(73)));
        assert_eq!(lines[1], "                             TableGen Phase Timing");
        assert!(
            shape(lines[3]).starts_with("  Total Execution Time: 9.9999 seconds (9.9999 wall clock)"),
            "{}",
            lines[3]
        );
        assert!(lines[5].ends_with("   ---Wall Time---  --- Name ---"), "{}", lines[5]);
        let mut names: Vec<&str> = lines[6..9].iter().map(|l| l.rsplit("  ").next().unwrap_or("")).collect();
        names.sort_unstable();
        assert_eq!(names, ["Backend overall", "Parse, build records", "Write output"]);
        assert!(lines[9].ends_with("(100.0%)  Total"), "{}", lines[9]);
        assert_eq!(lines[10], "");
    }
}

/// The phases `--time-phases` reports for a backend, sorted: the backends' own and their
/// models' (`Sort patterns`, `Compute inferred register classes`, ...), as llvm-tblgen 19 and
/// 22 name them on a real target, whichever of them LLVM leaves out (the backend's phase
/// once the backend times its own).
#[test]
fn time_phases_names_the_phases_of_backends_and_models_as_llvm_tblgen() {
    let root = tdq_tests::workspace_dir();
    for (release, version) in [("19", "19.1.7"), ("22", "22.1.8")] {
        let reference = llvm_tblgen_of(release, &format!("/usr/lib/llvm-{release}/bin/llvm-tblgen"));
        let llvm = root.join(format!("../shared/corpus/llvm-{version}/llvm"));
        let (include, target) = (llvm.join("include"), llvm.join("lib/Target/Lanai"));
        let (include, target) = (include.to_string_lossy(), target.to_string_lossy());
        let root_td = format!("{target}/Lanai.td");
        for action in [
            "--gen-dag-isel",
            "--gen-instr-info",
            "--gen-register-info",
            "--gen-callingconv",
            "--gen-asm-writer",
            "--print-records",
        ] {
            let names = |tool: &Tool| {
                let dir = tempfile::tempdir().expect("a temporary directory");
                let args = [action, "--time-phases", "-I", &include, "-I", &target, &root_td, "-o", "out.inc"];
                let got = run_in(tool, Some(release), dir.path(), &args, "");
                assert_eq!(got.status, 0, "{} {action}: {}", tool.program.display(), got.stderr);
                let lines: Vec<&str> = got.stderr.lines().collect();
                let phases = lines.iter().skip(6).take_while(|l| !l.ends_with("  Total"));
                let mut names: Vec<String> = phases.map(|l| l.rsplit("  ").next().unwrap_or("").to_string()).collect();
                names.sort_unstable();
                names
            };
            let (ours, theirs) = (names(&tdq()), names(&reference));
            assert!(theirs.len() >= 3, "{action} {release}: {theirs:?}");
            assert_eq!(ours, theirs, "{action} under LLVM {release}");
        }
    }
}

/// Every action of "Action to perform:" in each release's `--help` (which
/// `help_is_each_releases_llvm_tblgens` holds to llvm-tblgen's own) runs a backend tdq has:
/// none of them answers "is not implemented yet" (the refusal clang-tblgen's tests still see).
#[test]
fn every_llvm_tblgen_action_is_implemented() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    for release in ["19", "22", "23"] {
        let help = run_in(&tdq(), Some(release), dir.path(), &["--help"], "");
        assert_eq!(help.status, 0, "{release}");
        let actions: Vec<&str> = help
            .stdout
            .lines()
            .skip_while(|l| l.trim() != "Action to perform:")
            .skip(1)
            .take_while(|l| l.starts_with("      --"))
            .filter_map(|l| l.split_whitespace().next())
            .map(|flag| flag.trim_start_matches('-'))
            .collect();
        assert!(actions.len() >= 40, "{release}: {actions:?}");
        let missing: Vec<&&str> = actions.iter().filter(|name| tdq_backends::find(name).is_none()).collect();
        assert!(missing.is_empty(), "{release}: not implemented: {missing:?}");
    }
}

#[test]
fn version_names_tdq_and_llvm() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let got = run(&tdq(), dir.path(), &["--version"], "");
    assert_eq!(got.status, 0);
    assert_eq!(got.stdout, format!("tdq version {} (llvm-tblgen 19.1.7 compatible)\n", env!("CARGO_PKG_VERSION")));
}

/// The small target of the register goldens under LLVM 19, whose register unit weights never
/// settle (19 gives SP's alias its own unit first): llvm-tblgen 19's release build goes round
/// for ever there, its debug build asserts. tdq stops at once with the assertion's words.
#[test]
fn register_unit_weights_that_never_settle_are_an_error() {
    let root = tdq_tests::workspace_dir();
    let include = root.join("../shared/corpus/llvm-19.1.7/llvm/include");
    let target = root.join("tests/golden/backends/gen-register-bank/inc");
    let dir = tempfile::tempdir().expect("a temporary directory");
    let case = "include \"llvm/Target/Target.td\"\ndef ModeA : HwMode<\"\", []>;\ndef ModeB : HwMode<\"\", []>;\ninclude \"rb-target.td\"\n";
    write_files(dir.path(), &[("case.td", case)]);
    let (include, target) = (include.to_string_lossy(), target.to_string_lossy());
    let args = ["--gen-register-info", "-I", &include, "-I", &target, "case.td"];
    let out = run(&tdq(), dir.path(), &args, "");
    assert_eq!(out.status, 1, "{}", out.stderr);
    assert_eq!(out.stderr, "error: Runaway register unit weights\n");
    assert!(out.stdout.is_empty());
}

/// Runs `--gen-asm-writer` (LLVM 19) on the small target of the assembly writer goldens with
/// `extra` after it, from a temporary directory.
fn asm_writer_case(extra: &str) -> Run {
    let root = tdq_tests::workspace_dir();
    let include = root.join("../shared/corpus/llvm-19.1.7/llvm/include");
    let target = root.join("tests/golden/backends/gen-asm-writer/inc");
    let dir = tempfile::tempdir().expect("a temporary directory");
    let case = format!("include \"llvm/Target/Target.td\"\ninclude \"aw-target.td\"\n{extra}\n");
    write_files(dir.path(), &[("case.td", &case)]);
    let (include, target) = (include.to_string_lossy(), target.to_string_lossy());
    let args = ["--llvm-version", "19", "--gen-asm-writer", "-I", &include, "-I", &target, "case.td"];
    run(&tdq(), dir.path(), &args, "")
}

/// An assembly string that ends in a backslash: llvm-tblgen goes round for ever there (its
/// parser never moves past the backslash); tdq reports the escape as one it does not know.
#[test]
fn asm_writer_backslash_at_the_end_is_an_error() {
    let bad = r#"def BAD : Instruction { let Namespace = "Test"; let OutOperandList = (outs); let InOperandList = (ins); let AsmString = "bad \\"; }"#;
    let out = asm_writer_case(bad);
    assert_eq!(out.status, 1, "{}", out.stderr);
    assert!(
        out.stderr.starts_with("case.td:3:5: error: Non-supported escaped character found in instruction 'BAD'!\n"),
        "{}",
        out.stderr
    );
    assert!(out.stdout.is_empty());
}

/// A target whose one register class is empty has no registers to name: llvm-tblgen crashes
/// (it reads the first register's namespace); tdq says so.
#[test]
fn asm_writer_without_registers_is_an_error() {
    let root = tdq_tests::workspace_dir();
    let include = root.join("../shared/corpus/llvm-19.1.7/llvm/include");
    let dir = tempfile::tempdir().expect("a temporary directory");
    let case = concat!(
        "include \"llvm/Target/Target.td\"\n",
        "def TestInstrInfo : InstrInfo;\n",
        "def Test : Target { let InstructionSet = TestInstrInfo; }\n",
        "def NOP : Instruction { let Namespace = \"Test\"; let OutOperandList = (outs); let InOperandList = (ins); let AsmString = \"nop\"; }\n",
        "def GPR : RegisterClass<\"Test\", [i32], 32, (add)>;\n",
    );
    write_files(dir.path(), &[("case.td", case)]);
    let include = include.to_string_lossy();
    let out = run(&tdq(), dir.path(), &["--llvm-version", "19", "--gen-asm-writer", "-I", &include, "case.td"], "");
    assert_eq!(out.status, 1, "{}", out.stderr);
    assert_eq!(out.stderr, "error: The target has no registers\n");
    assert!(out.stdout.is_empty());
}

/// A `HwModeSelect` whose `Modes` and `Objects` differ in length: LLVM 19 prints the error, then
/// `report_fatal_error` ends it with a crash (SIGABRT after `LLVM ERROR:` and the crash report's
/// first lines); LLVM 22's class asserts the lengths (exit status 1). tdq does as each does;
/// the crash report's stack frames, which tdq cannot give, are left out of the comparison.
#[test]
fn a_hw_mode_select_of_unequal_lists_ends_as_each_release_does() {
    use std::os::unix::process::ExitStatusExt;
    let root = tdq_tests::workspace_dir();
    let dir = tempfile::tempdir().expect("a temporary directory");
    // 19's HwMode has a feature string, 22's only predicates.
    for (release, version, reference, mode) in [
        ("19", "19.1.7", "/usr/lib/llvm-19/bin/llvm-tblgen", "HwMode<\"+f1\", []>"),
        ("22", "22.1.8", "/usr/lib/llvm-22/bin/llvm-tblgen", "HwMode<[]>"),
    ] {
        let case = format!(
            "include \"llvm/Target/Target.td\"\ndef TestTargetInstrInfo : InstrInfo;\n\
             def TestTarget : Target {{ let InstructionSet = TestTargetInstrInfo; }}\n\
             def M1 : {mode};\ndef BadDef : ValueTypeByHwMode<[M1, DefaultMode], [i8, i16, i32]>;\n"
        );
        write_files(dir.path(), &[("case.td", &case)]);
        let include = root.join(format!("../shared/corpus/llvm-{version}/llvm/include"));
        let include = include.to_string_lossy();
        let outputs: Vec<(std::process::Output, String)> = [(reference.to_string(), vec![]), {
            let tdq = env!("CARGO_BIN_EXE_tdq").to_string();
            (tdq, vec!["tblgen", "--llvm-version", release])
        }]
        .into_iter()
        .map(|(program, prefix)| {
            let output = Command::new(&program)
                .args(&prefix)
                .args(["-gen-dag-isel", "-I", &include, "case.td"])
                .current_dir(dir.path())
                .output()
                .expect("the tool runs");
            let argv = std::iter::once(program.as_str()).chain(prefix.iter().copied()).collect::<Vec<_>>().join(" ");
            (output, argv)
        })
        .collect();
        let shown = |(output, argv): &(std::process::Output, String)| {
            // The tool's name as it gives it in messages: the program, and tdq's subcommand.
            let name = argv.split(" --llvm-version").next().expect("split gives one part");
            let stderr = String::from_utf8_lossy(&output.stderr).replace(argv.as_str(), "TOOL").replace(name, "TOOL");
            // Up to the crash report's program arguments: its stack frames are the tool's own.
            const ARGUMENTS: &str = "Program arguments: TOOL";
            let cut = stderr.find(ARGUMENTS).map_or(stderr.len(), |at| at + ARGUMENTS.len());
            (output.status.code(), output.status.signal(), stderr[..cut].to_string(), output.stdout.is_empty())
        };
        let (want, got) = (shown(&outputs[0]), shown(&outputs[1]));
        // 22's HwModeSelect asserts the lengths itself, before the model sees them.
        let message =
            if release == "19" { "the lists Modes and Objects should have the same size" } else { "assertion failed" };
        assert!(want.2.contains(message), "{}", want.2);
        assert_eq!(got, want, "LLVM {release}");
    }
}
