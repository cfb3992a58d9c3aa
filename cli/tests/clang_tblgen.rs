//! `tdq clang-tblgen`'s command line against the real clang-tblgen (Debian's 19 and 22, which
//! `../shared/conformance/install-reference.sh 19 22` installs): `--help` and its variants
//! whole, 23's actions from clang/utils/TableGen/TableGen.cpp of the 23 corpus, and the
//! driver's behaviour (depfile, `--write-if-changed`, `-I`, `-D`, bad words, exit statuses) run
//! through both programs and compared.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// A program standing in for clang-tblgen: the command and the words before its options.
struct Tool {
    program: PathBuf,
    prefix: Vec<&'static str>,
    /// How it names itself where clang-tblgen prints its argv0 or program name.
    names: Vec<String>,
}

fn tdq() -> Tool {
    let program = PathBuf::from(env!("CARGO_BIN_EXE_tdq"));
    let names = vec![format!("{} clang-tblgen", program.display()), "tdq clang-tblgen".to_string()];
    Tool { program, prefix: vec!["clang-tblgen"], names }
}

fn clang_tblgen(release: &str) -> Tool {
    let program = PathBuf::from(format!("/usr/lib/llvm-{release}/bin/clang-tblgen"));
    assert!(
        program.is_file(),
        "{} is missing: these tests compare with clang-tblgen {release} \
         (../shared/conformance/install-reference.sh {release})",
        program.display()
    );
    let names = vec![program.display().to_string(), "clang-tblgen".to_string()];
    Tool { program, prefix: vec![], names }
}

#[derive(Debug, PartialEq)]
struct Run {
    status: i32,
    stdout: String,
    stderr: String,
}

/// Runs `tool` as `release`'s clang-tblgen in `dir`; its own names in the output are spelled
/// `clang-tblgen`.
fn run(tool: &Tool, release: &str, dir: &Path, args: &[&str]) -> Run {
    let output = Command::new(&tool.program)
        .env("TDQ_LLVM_VERSION", release)
        .env("TDQ_TBLGEN_CACHE", "off")
        .args(&tool.prefix)
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .expect("the tool runs");
    let normalize = |bytes: &[u8]| {
        let mut text = String::from_utf8_lossy(bytes).into_owned();
        for name in &tool.names {
            text = text.replace(name.as_str(), "clang-tblgen");
        }
        text
    };
    Run {
        status: output.status.code().unwrap_or(-1),
        stdout: normalize(&output.stdout),
        stderr: normalize(&output.stderr),
    }
}

fn write_files(dir: &Path, files: &[(&str, &str)]) {
    for (path, text) in files {
        let path = dir.join(path);
        std::fs::create_dir_all(path.parent().expect("in the directory")).expect("mkdir");
        std::fs::write(path, text).expect("write a case file");
    }
}

const HELP_FLAGS: [&str; 6] = ["--help", "-help", "-h", "--help-hidden", "--help-list", "--help-list-hidden"];

/// `--help` and its variants are clang-tblgen's own, whole, in 19 and 22.
#[test]
fn help_is_clang_tblgens() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    for release in ["19", "22"] {
        let reference = clang_tblgen(release);
        for flag in HELP_FLAGS {
            let ours = run(&tdq(), release, dir.path(), &[flag]);
            let theirs = run(&reference, release, dir.path(), &[flag]);
            assert_eq!(theirs.status, 0);
            assert_eq!(ours, theirs, "{release} {flag}");
        }
    }
}

/// The actions of clang/utils/TableGen/TableGen.cpp (`clEnumValN(Enum, "name", "help")`,
/// strings possibly split over lines), in its order.
fn actions_in_source(path: &Path) -> Vec<(String, String)> {
    let source = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let start = source.find("cl::desc(\"Action to perform:\")").expect("the action option");
    let mut actions = Vec::new();
    for call in source[start..].split("clEnumValN(").skip(1) {
        // The string literals of the call, each joined with those only whitespace separates
        // it from.
        let mut groups: Vec<String> = Vec::new();
        let mut rest = call;
        let mut gap_is_space = false;
        while let Some(open) = rest.find('"') {
            let adjacent = gap_is_space && rest[..open].trim().is_empty();
            let close = rest[open + 1..].find('"').expect("a closed string") + open + 1;
            let literal = &rest[open + 1..close];
            match groups.last_mut() {
                Some(last) if adjacent => last.push_str(literal),
                _ => groups.push(literal.to_string()),
            }
            gap_is_space = true;
            rest = &rest[close + 1..];
        }
        // The name and the help; the last call runs on into what follows the option.
        if let [name, help, ..] = groups.as_slice() {
            actions.push((name.clone(), help.replace("\\\"", "\"")));
        }
    }
    actions
}

/// 23's `--help` is 22's with 23's actions, as TableGen.cpp of the 23 corpus lists them (no
/// clang-tblgen 23 is installed; its other options are 22's).
#[test]
fn help_of_23_lists_23s_actions() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let source = tdq_tests::workspace_dir().join("../shared/corpus/llvm-23.1.1/clang/utils/TableGen/TableGen.cpp");
    let actions = actions_in_source(&source);
    assert_eq!(actions.len(), 104, "{actions:?}");
    let theirs = run(&clang_tblgen("22"), "22", dir.path(), &["--help"]).stdout;
    let lines: Vec<&str> = theirs.lines().collect();
    let first = lines.iter().position(|l| l.starts_with("      --")).expect("the actions");
    let last = lines.iter().rposition(|l| l.starts_with("      --")).expect("the actions");
    let column = lines[first].find(" - ").expect("a help column");
    let mut expected: Vec<String> = lines[..first].iter().map(|l| l.to_string()).collect();
    for (name, help) in &actions {
        expected.push(format!("{:<column$} - {help}", format!("      --{name}")));
    }
    expected.extend(lines[last + 1..].iter().map(|l| l.to_string()));
    let ours = run(&tdq(), "23", dir.path(), &["--help"]).stdout;
    assert_eq!(ours, expected.join("\n") + "\n");
}

const DIAG_TD: &str =
    "class Diagnostic { string Summary = \"\"; }\n#ifdef EXTRA\ndef extra : Diagnostic;\n#endif\ninclude \"more.td\"\n";
const MORE_TD: &str = "def more : Diagnostic;\n";

/// The driver behaves as clang-tblgen's: outputs, the depfile, `-I`, `-D` and messages.
#[test]
fn driver_is_clang_tblgens() {
    let cases: &[&[&str]] = &[
        &["-gen-clang-diags-index-name", "-I", "inc", "diag.td"],
        &["-gen-clang-diags-index-name", "-Iinc", "-DEXTRA", "diag.td", "-o", "out.inc", "-d", "out.d"],
        &["-gen-clang-diags-index-name", "diag.td"],
        &["-gen-clang-diags-index-name", "-Iinc", "missing.td"],
        &["-gen-clang-diags-index-name", "-Iinc", "diag.td", "-d", "out.d"],
        &["--gen-diag-doc", "-Iinc", "diag.td"],
        &["-gen-vt", "-Iinc", "diag.td"],
        &["-clang-component=Sema", "-Iinc", "diag.td"],
        &["--print-records", "-Iinc", "diag.td", "--write-if-changed", "-o", "records.txt"],
        &["-Iinc", "diag.td", "extra.td"],
        // LLVM 23's actions are unknown to 19 and 22.
        &["-gen-hlsl-alias-intrinsics", "-Iinc", "diag.td"],
        &["-gen-hlsl-inline-intrinsics", "-Iinc", "diag.td"],
    ];
    for release in ["19", "22"] {
        let reference = clang_tblgen(release);
        for args in cases {
            let results: Vec<(Run, Vec<(String, String)>)> = [&tdq(), &reference]
                .into_iter()
                .map(|tool| {
                    let dir = tempfile::tempdir().expect("a temporary directory");
                    write_files(dir.path(), &[("diag.td", DIAG_TD), ("inc/more.td", MORE_TD)]);
                    let got = run(tool, release, dir.path(), args);
                    let mut files: Vec<(String, String)> = ["out.inc", "out.d", "records.txt"]
                        .into_iter()
                        .filter_map(|name| {
                            let text = std::fs::read_to_string(dir.path().join(name)).ok()?;
                            Some((name.to_string(), text.replace(&dir.path().display().to_string(), "DIR")))
                        })
                        .collect();
                    files.sort();
                    (got, files)
                })
                .collect();
            assert_eq!(results[0], results[1], "{release}: {args:?}");
        }
    }
}

/// An action clang-tblgen has but tdq does not yet is refused, never run as something else.
#[test]
fn unimplemented_actions_fail_clearly() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    write_files(dir.path(), &[("a.td", "def a;\n")]);
    let got = run(&tdq(), "23", dir.path(), &["-gen-arm-neon-test", "a.td"]);
    assert_eq!(got.status, 1);
    assert_eq!(got.stderr, "tdq: backend '--gen-arm-neon-test' is not implemented yet\n");
    assert_eq!(got.stdout, "");
    // An action of a later release is unknown to an earlier one.
    let got = run(&tdq(), "19", dir.path(), &["-gen-clang-diags-enums", "a.td"]);
    assert_eq!(got.status, 1);
    assert!(got.stderr.contains("Unknown command line argument '-gen-clang-diags-enums'"), "{}", got.stderr);
}

/// `--version` names the tool and the release.
#[test]
fn version_names_clang_tblgen() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let got = run(&tdq(), "22", dir.path(), &["--version"]);
    assert_eq!(got.status, 0);
    assert!(got.stdout.ends_with("(clang-tblgen 22.1.8 compatible)\n"), "{}", got.stdout);
}

/// Inputs on which clang-tblgen crashes by accident (a class without the field an emitter
/// dereferences, a supported attribute's subject that no rule covers) get an error at the
/// record, never a crash; keys a `StringMatcher` refuses end as clang-tblgen ends them on
/// purpose, with `report_fatal_error`: `LLVM ERROR:`, the crash report's first lines, SIGABRT.
#[test]
fn inputs_clang_tblgen_crashes_on_are_errors() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    write_files(
        dir.path(),
        &[
            ("collectors.td", "class Stmt { code Code = [{ a }]; }\nclass Helper;\n"),
            ("tags.td", "class Tag<string s> { string Spelling = s; }\ndef A : Tag<\"em\">;\ndef B : Tag<\"em\">;\n"),
        ],
    );
    let got = run(&tdq(), "22", dir.path(), &["-gen-clang-data-collectors", "collectors.td"]);
    assert_eq!(got.status, 1, "{got:?}");
    assert!(
        got.stderr.starts_with("collectors.td:2:7: error: Record `Helper' does not have a field named `Code'!"),
        "{got:?}"
    );
    assert_eq!(got.stdout, "");
    let got = run(&tdq(), "22", dir.path(), &["-gen-clang-comment-html-tags", "tags.td"]);
    assert_eq!(got.status, -1, "killed by a signal: {got:?}");
    let report = "LLVM ERROR: Had duplicate keys to match on\nPLEASE submit a bug report to \
                  https://github.com/llvm/llvm-project/issues/ and include the crash backtrace and \
                  instructions to reproduce the bug.\nStack dump:\n0.\tProgram arguments: ";
    assert!(got.stderr.starts_with(report), "{got:?}");
    let source = std::fs::read_to_string(tdq_tests::workspace_dir().join("tests/golden/clang/inc/AttrBase.td"))
        .expect("AttrBase.td");
    write_files(
        dir.path(),
        &[
            ("AttrBase.td", &source),
            (
                "pragma.td",
                "include \"AttrBase.td\"\n\
                 def Unruled : Attr {\n  let Spellings = [GNU<\"unruled\">];\n  let Subjects = SubjectList<[Var]>;\n  \
                 let PragmaAttributeSupport = 1;\n  let Documentation = [Undocumented];\n}\n",
            ),
        ],
    );
    let got = run(&tdq(), "22", dir.path(), &["-gen-clang-test-pragma-attribute-supported-attributes", "pragma.td"]);
    assert_eq!(got.status, 1, "{got:?}");
    assert!(
        got.stderr.starts_with("pragma.td:2:5: error: subject 'Var' of attribute 'Unruled' has no subject match rule"),
        "{got:?}"
    );
}

/// The builtins and type nodes from a store (`tdq export --db`, then `--from-db`) are what they
/// are from the .td, in each release: the emitters read nothing the store loses.
#[test]
fn new_backends_run_from_a_store() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let td = concat!(
        "class Attribute<string m> { string Mangling = m; }\nclass NamePrefix<string s> { string Spelling = s; }\n",
        "class Builtin { list<string> Spellings; list<Attribute> Attributes = []; string Prototype; string Namespace;\n",
        "  bit RequiresUndef = 0; bit EnableOpenCLLong = 0; NamePrefix RequiredNamePrefix; }\n",
        "class AtomicBuiltin : Builtin;\nclass CustomEntry { string Entry; }\n",
        "class TargetBuiltin : Builtin { string Features = \"\"; }\n",
        "def : TargetBuiltin { let Spellings = [\"__builtin_x\"]; let Prototype = \"int*(unsigned int)\"; let Features = \"f\"; }\n",
        "def : AtomicBuiltin { let Spellings = [\"__atomic_y\"]; let Prototype = \"void(...)\"; }\n",
        "class TypeNode<TypeNode base, bit abstract = 0> { TypeNode Base = base; bit Abstract = abstract; }\n",
        "def Type : TypeNode<?, 1>;\ndef BType : TypeNode<Type>;\ndef AType : TypeNode<Type>;\n",
    );
    write_files(dir.path(), &[("b.td", td)]);
    for release in ["19", "22", "23"] {
        let db = format!("b{release}.db");
        let export = Command::new(env!("CARGO_BIN_EXE_tdq"))
            .args(["export", "--llvm-version", release, "--td", "b.td", "--db", &db])
            .current_dir(dir.path())
            .output()
            .expect("tdq export runs");
        assert!(export.status.success(), "{}", String::from_utf8_lossy(&export.stderr));
        for action in ["-gen-clang-builtins", "-gen-clang-type-nodes"] {
            let from_td = run(&tdq(), release, dir.path(), &[action, "b.td"]);
            let from_db = run(&tdq(), release, dir.path(), &["--from-db", &db, action]);
            assert_eq!(from_td.status, 0, "{release} {action}: {}", from_td.stderr);
            // The banner names the input file; a store names none.
            let body = |r: &Run| r.stdout.lines().filter(|l| !l.contains("From: ")).collect::<Vec<_>>().join("\n");
            assert_eq!(body(&from_db), body(&from_td), "{release} {action}");
            assert!(from_td.stdout.contains("__builtin_x") || from_td.stdout.contains("TYPE(A, Type)"), "{release}");
        }
    }
}

/// `tdq export` of `td` (its includes in `inc`) as `release` to the store `db`, in `dir`.
fn export_with_includes(dir: &Path, release: &str, td: &str, inc: &[&str], db: &str) {
    let includes = inc.iter().flat_map(|i| ["-I", i]);
    let export = Command::new(env!("CARGO_BIN_EXE_tdq"))
        .args(["export", "--llvm-version", release, "--td", td])
        .args(includes)
        .args(["--db", db])
        .current_dir(dir)
        .output()
        .expect("tdq export runs");
    assert!(export.status.success(), "{}", String::from_utf8_lossy(&export.stderr));
}

/// The AST property readers and writers, the interpreter's opcodes and the attribute reference
/// from a store are what they are from the .td (the small models of tests/golden/clang/inc), in
/// each release: the anonymous `Array<T>` and `Optional<T>` types, the properties' order and
/// the documentation categories survive the store.
#[test]
fn model_backends_run_from_a_store() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let inc = tdq_tests::workspace_dir().join("tests/golden/clang/inc");
    let inc = inc.to_str().expect("a UTF-8 path");
    let cases: [(&str, &[&str]); 3] = [
        (
            "TypeProperties.td",
            &["-gen-clang-type-reader", "-gen-clang-type-writer", "-gen-clang-basic-reader", "-gen-clang-basic-writer"],
        ),
        ("Opcodes.td", &["-gen-clang-opcodes"]),
        ("AttrDocsSample.td", &["-gen-attr-docs"]),
    ];
    for release in ["19", "22", "23"] {
        for (file, actions) in cases {
            let td = format!("{inc}/{file}");
            let db = format!("{file}{release}.db");
            export_with_includes(dir.path(), release, &td, &[inc], &db);
            for action in actions.iter().copied() {
                let from_td = run(&tdq(), release, dir.path(), &["-I", inc, action, &td]);
                let from_db = run(&tdq(), release, dir.path(), &["--from-db", &db, action]);
                assert_eq!(from_td.status, 0, "{release} {action}: {}", from_td.stderr);
                assert!(from_td.stdout.len() > 1000, "{release} {action}: {}", from_td.stdout);
                // The banner names the input file; a store names none.
                let body = |r: &Run| r.stdout.lines().filter(|l| !l.contains("From: ")).collect::<Vec<_>>().join("\n");
                assert_eq!(body(&from_db), body(&from_td), "{release} {action}");
            }
        }
    }
}

/// SVE's and SME's intrinsics from a store are what they are from the .td (the sample of
/// tests/golden/clang/inc, LLVM 20's additions from 22 on), in each release: every field the
/// emitters read, the `ImmCheck` defs of the lists and the `FlagType`s survive the store.
#[test]
fn sve_backends_run_from_a_store() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let inc = tdq_tests::workspace_dir().join("tests/golden/clang/inc");
    let inc = inc.to_str().expect("a UTF-8 path");
    let every = [
        "-gen-arm-sve-header",
        "-gen-arm-sve-builtins",
        "-gen-arm-sve-builtin-codegen",
        "-gen-arm-sve-sema-rangechecks",
        "-gen-arm-sve-streaming-attrs",
        "-gen-arm-sme-header",
        "-gen-arm-sme-builtins",
        "-gen-arm-sme-builtin-codegen",
        "-gen-arm-sme-sema-rangechecks",
        "-gen-arm-sme-streaming-attrs",
        "-gen-arm-sme-builtin-za-state",
    ];
    let json = ["-gen-arm-sve-builtins-json", "-gen-arm-sme-builtins-json"];
    for (release, file) in [("19", "SveSample.td"), ("22", "SveSample20.td"), ("23", "SveSample23.td")] {
        let td = format!("{inc}/{file}");
        let db = format!("sve{release}.db");
        export_with_includes(dir.path(), release, &td, &[inc], &db);
        let actions = every.iter().chain(if release == "19" { &[][..] } else { &json[..] });
        for &action in actions {
            let from_td = run(&tdq(), release, dir.path(), &["-I", inc, action, &td]);
            let from_db = run(&tdq(), release, dir.path(), &["--from-db", &db, action]);
            assert_eq!(from_td.status, 0, "{release} {action}: {}", from_td.stderr);
            assert!(from_td.stdout.contains("svld1_hor_za8") || from_td.stdout.contains("svabd"), "{release} {action}");
            assert_eq!(from_db, from_td, "{release} {action}");
        }
    }
}

/// Intrinsics on which clang-tblgen stops at `llvm_unreachable` or aborts (a type code or
/// prototype modifier it does not know, a builtin of SVE and SME that does not verify its mode
/// at run time) get an error at the def, never a crash.
#[test]
fn sve_inputs_clang_tblgen_crashes_on_are_errors() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let inc = tdq_tests::workspace_dir().join("tests/golden/clang/inc");
    let sample = std::fs::read_to_string(inc.join("SveSample.td")).expect("SveSample.td");
    let cases = [
        (
            "code.td",
            "def SVBAD : SInst<\"svbad\", \"dd\", \"cz\", MergeNone>;\n",
            "svbad: unknown type code 'z' in a type spec",
        ),
        (
            "modifier.td",
            "def SVBAD : SInst<\"svbad\", \"dZ\", \"c\", MergeNone>;\n",
            "svbad: unknown prototype modifier 'Z'",
        ),
        ("mode.td", "def SVBAD : SInst<\"svbad\", \"dd\", \"c\", MergeNone>;\n", "Missing VerifyRuntimeMode flag"),
        (
            "operand.td",
            "def SVBAD : SInst<\"svbad_{3}\", \"dd\", \"c\", MergeNone>;\n",
            "'svbad_{3}' names operand 3, which prototype 'dd' lacks",
        ),
    ];
    for (file, def, message) in cases {
        write_files(dir.path(), &[("SveSample.td", &sample), (file, &format!("include \"SveSample.td\"\n{def}"))]);
        for release in ["19", "22", "23"] {
            let got = run(&tdq(), release, dir.path(), &["-gen-arm-sve-streaming-attrs", file]);
            assert_eq!(got.status, 1, "{release} {file}: {got:?}");
            assert!(got.stderr.starts_with(&format!("{file}:2:5: error: {message}")), "{release} {file}: {got:?}");
            assert_eq!(got.stdout, "");
        }
    }
    // A 'y' is a modifier from LLVM 23 on.
    write_files(dir.path(), &[("y.td", "include \"SveSample.td\"\nlet SMETargetGuard = \"\" in\ndef SVY : SInst<\"svy\", \"yd\", \"l\", MergeNone>;\n")]);
    let got = run(&tdq(), "22", dir.path(), &["-gen-arm-sve-header", "y.td"]);
    assert!(got.stderr.starts_with("y.td:3:5: error: svy: unknown prototype modifier 'y'"), "{got:?}");
    let got = run(&tdq(), "23", dir.path(), &["-gen-arm-sve-header", "y.td"]);
    assert_eq!(got.status, 0, "{got:?}");
    assert!(
        got.stdout.contains(
            "__ai __attribute__((__clang_arm_builtin_alias(__builtin_sve_svy)))\nsvint32_t svy(svint64_t);\n"
        ),
        "{}",
        got.stdout
    );
}

/// HLSL's intrinsics from a store are what they are from the .td (the sample of
/// tests/golden/clang/inc): the `code` bodies, the anonymous `VectorType` and `VaryingShape`
/// defs and the shader models survive the store.
#[test]
fn hlsl_backends_run_from_a_store() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let inc = tdq_tests::workspace_dir().join("tests/golden/clang/inc");
    let inc = inc.to_str().expect("a UTF-8 path");
    let td = format!("{inc}/HLSLSample.td");
    export_with_includes(dir.path(), "23", &td, &[inc], "hlsl.db");
    for (action, sample) in [
        ("-gen-hlsl-alias-intrinsics", "half3 cross(half3, half3);"),
        (
            "-gen-hlsl-inline-intrinsics",
            "inline bool CheckAccessFullyMapped(uint Status) { return static_cast<bool>(Status); }",
        ),
    ] {
        let from_td = run(&tdq(), "23", dir.path(), &["-I", inc, action, &td]);
        let from_db = run(&tdq(), "23", dir.path(), &["--from-db", "hlsl.db", action]);
        assert_eq!(from_td.status, 0, "{action}: {}", from_td.stderr);
        assert!(from_td.stdout.contains(sample), "{action}: {}", from_td.stdout);
        assert_eq!(from_db, from_td, "{action}");
    }
}

/// An HLSL intrinsic of a type that is none of HLSLEmitter's (clang-tblgen stops at
/// `llvm_unreachable` and crashes) gets an error at the def, in either file.
#[test]
fn hlsl_inputs_clang_tblgen_crashes_on_are_errors() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let inc = tdq_tests::workspace_dir().join("tests/golden/clang/inc");
    let base = std::fs::read_to_string(inc.join("HLSLBase.td")).expect("HLSLBase.td");
    let td = "include \"HLSLBase.td\"\ndef Other : HLSLArgType, HLSLReturnType;\n\
              def hlsl_f : HLSLBuiltin<\"f\", \"__builtin_f\"> { let Args = [Other]; }\n\
              def hlsl_g : HLSLDetail<\"g\", \"g_impl\"> { let ReturnType = Other; }\n";
    write_files(dir.path(), &[("HLSLBase.td", &base), ("other.td", td)]);
    for (action, at, def) in
        [("-gen-hlsl-alias-intrinsics", "3:5", "hlsl_f"), ("-gen-hlsl-inline-intrinsics", "4:5", "hlsl_g")]
    {
        let got = run(&tdq(), "23", dir.path(), &[action, "other.td"]);
        assert_eq!(got.status, 1, "{action}: {got:?}");
        let message = format!(
            "other.td:{at}: error: {def}: type Other is neither VoidTy, Varying, VaryingElemType, a VaryingShape, \
             a VectorType nor an HLSLType"
        );
        assert!(got.stderr.starts_with(&message), "{action}: {got:?}");
        assert_eq!(got.stdout, "");
    }
}

/// The directory of release `release`'s clang .td files in the corpus beside the repository.
fn clang_basic(release: &str) -> String {
    let version = match release {
        "19" => "19.1.7",
        "22" => "22.1.8",
        _ => "23.1.1",
    };
    let dir = tdq_tests::workspace_dir().join(format!("../shared/corpus/llvm-{version}/clang/include/clang/Basic"));
    dir.to_str().expect("a UTF-8 path").to_string()
}

/// MVE's intrinsics (the sample of tests/golden/clang/inc over the release's arm_mve_defs.td)
/// and CDE's (clang's arm_cde.td) from a store are what they are from the .td, in each
/// release: the dags of types and code generation with their operand names, the immediates'
/// bounds, the name overrides and the `FunctionMacro`s survive the store.
#[test]
fn mve_backends_run_from_a_store() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let inc = tdq_tests::workspace_dir().join("tests/golden/clang/inc");
    let inc = inc.to_str().expect("a UTF-8 path");
    let kinds = ["header", "builtin-def", "builtin-sema", "builtin-codegen", "builtin-aliases"];
    for release in ["19", "22", "23"] {
        let basic = clang_basic(release);
        for (family, td, marker) in [
            ("mve", format!("{inc}/MveSample.td"), "vldrwq_gather_base_wb"),
            ("cde", format!("{basic}/arm_cde.td"), "vcx3qa"),
        ] {
            let actions: Vec<String> = kinds.iter().map(|kind| format!("-gen-arm-{family}-{kind}")).collect();
            let actions: Vec<&str> = actions.iter().map(String::as_str).collect();
            let db = format!("{family}{release}.db");
            same_from_store(dir.path(), release, &td, &[inc, &basic], &db, &actions, marker);
        }
    }
}

/// Each of `actions` run on `td` (with `-I` each of `includes`) succeeds with `marker` in its
/// output, and from a store of it (`db`, exported here) writes the same.
fn same_from_store(dir: &Path, release: &str, td: &str, includes: &[&str], db: &str, actions: &[&str], marker: &str) {
    export_with_includes(dir, release, td, includes, db);
    let includes: Vec<&str> = includes.iter().flat_map(|i| ["-I", i]).collect();
    for action in actions {
        let from_td = run(&tdq(), release, dir, &[&includes[..], &[action, td]].concat());
        let from_db = run(&tdq(), release, dir, &["--from-db", db, action]);
        assert_eq!(from_td.status, 0, "{release} {td} {action}: {}", from_td.stderr);
        assert!(from_td.stdout.contains(marker), "{release} {td} {action}");
        assert_eq!(from_db, from_td, "{release} {td} {action}");
    }
}

/// MVE intrinsics on which clang-tblgen fails a cast, divides by zero or reads past a list
/// (a vector of vectors, a lane index without a parameter type, an empty `seq`, more type
/// suffixes to drop than the name has) get an error at the def, never a crash.
#[test]
fn mve_inputs_clang_tblgen_crashes_on_are_errors() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let cases = [
        (
            "vecvec.td",
            "let params = [s32] in\ndef vfooq: Intrinsic<VecOf<Vector>, (args), (undef Vector)>;\n",
            "a vector's element type should be a scalar type",
        ),
        (
            "lane.td",
            "let params = T.None, pnt = PNT_None in\ndef vfooq: Intrinsic<Void, (args imm_lane:$l), (undef Vector)>;\n",
            "IB_LaneIndex in an unparametrised intrinsic",
        ),
        (
            "seq.td",
            "let params = [s32] in\ndef vfooq: Intrinsic<Vector, (args), (seq)>;\n",
            "seq should have at least one operand",
        ),
        (
            "suffixes.td",
            "let params = [s32], pnt = PolymorphicNameType<3, ?> in\ndef vfooq: Intrinsic<Vector, (args), (undef Vector)>;\n",
            "'vfooq_s32' has fewer than 3 type suffixes to discard",
        ),
    ];
    for release in ["19", "22", "23"] {
        let basic = clang_basic(release);
        for (file, def, message) in cases {
            write_files(dir.path(), &[(file, &format!("include \"arm_mve_defs.td\"\n{def}"))]);
            let got = run(&tdq(), release, dir.path(), &["-I", &basic, "-gen-arm-mve-builtin-codegen", file]);
            assert_eq!(got.status, 1, "{release} {file}: {got:?}");
            assert!(got.stderr.starts_with(&format!("{file}:3:5: error: {message}")), "{release} {file}: {got:?}");
            assert_eq!(got.stdout, "");
        }
    }
}

/// NEON's intrinsics (the sample of tests/golden/clang/inc over the release's
/// arm_neon_incl.td; clang's arm_fp16.td and arm_bf16.td) from a store are what they are from
/// the .td, in each release: the operations' dags with their operand names, the classes the
/// defs derive from (which name their builtins) and the immediates' checks survive the store.
#[test]
fn neon_backends_run_from_a_store() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let inc = tdq_tests::workspace_dir().join("tests/golden/clang/inc");
    let inc = inc.to_str().expect("a UTF-8 path");
    for release in ["19", "22", "23"] {
        let basic = clang_basic(release);
        let sample = if release == "19" { "NeonSample19.td" } else { "NeonSample20.td" };
        for (name, td, actions, marker) in [
            ("sample", format!("{inc}/{sample}"), &["-gen-arm-neon", "-gen-arm-neon-sema"][..], "vget_lane"),
            ("fp16", format!("{basic}/arm_fp16.td"), &["-gen-arm-fp16", "-gen-arm-neon-sema"][..], "vcvth_n_f16"),
            ("bf16", format!("{basic}/arm_bf16.td"), &["-gen-arm-bf16"][..], "__ARM_BF16_H"),
        ] {
            same_from_store(dir.path(), release, &td, &[inc, &basic], &format!("{name}{release}.db"), actions, marker);
        }
    }
}

/// NEON intrinsics on which clang-tblgen stops on `llvm_unreachable`, an exception or a read
/// past a list (a modifier or type code it does not know, a name it cannot mangle, elements of
/// no size letter, an operation missing its operands, a `rev` of no whole groups, an
/// `ImmCheck` naming no parameter) get an error at the def, never a crash.
#[test]
fn neon_inputs_clang_tblgen_crashes_on_are_errors() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let (every, since_20) = (&["19", "22", "23"][..], &["22", "23"][..]);
    let (both, header, sema) =
        (&["-gen-arm-neon", "-gen-arm-neon-sema"][..], &["-gen-arm-neon"][..], &["-gen-arm-neon-sema"][..]);
    let op = |dag: &str| format!("def OP_F : Op<{dag}>;\ndef VFOO : SOpInst<\"vfoo\", \"..\", \"s\", OP_F>;");
    // File, defs, message, releases, actions.
    type Case<'a> = (&'a str, String, &'a str, &'a [&'a str], &'a [&'a str]);
    let cases: Vec<Case> = vec![
        (
            "modifier.td",
            "def VFOO : SInst<\"vfoo\", \"..z\", \"c\">;".into(),
            "Unhandled type modifier 'z'",
            every,
            both,
        ),
        ("code.td", "def VFOO : SInst<\"vfoo\", \"..\", \"cx\">;".into(), "Unhandled type code 'x'", every, both),
        ("mfloat8.td", "def VFOO : SInst<\"vfoo\", \"..\", \"m\">;".into(), "Unhandled type code 'm'", &["19"], both),
        (
            "suffix.td",
            "def VFOO : SInst<\"vfoo\", \"11\", \"Sk\">;".into(),
            "cannot mangle 'vfoo': no scalar suffix letter for 128-bit elements",
            every,
            both,
        ),
        (
            "underscore.td",
            "def VFOO : VInst<\"vfoo\", \"..\", \"Qc\">;".into(),
            "cannot mangle 'vfoo': 'vfoo' has no '_' to put its type letter before",
            since_20,
            header,
        ),
        (
            "wide.td",
            "def VFOO : SInst<\"vfoo\", \"(>>)1\", \"Ql\">;".into(),
            "Unhandled element bitwidth 256",
            every,
            sema,
        ),
        ("call.td", op("(call)"), "call() expects the intrinsic to call", every, header),
        ("op.td", op("(op \"+\")"), "op() expects an operator and one or two operands", every, header),
        (
            "rev.td",
            op("(shuffle $p0, $p0, (rev 48, mask0))"),
            "rev of 48 bits needs a whole number of groups of lanes",
            every,
            header,
        ),
        (
            "immcheck.td",
            "def VFOO : SInst<\"vfoo\", \"..I\", \"c\", [ImmCheck<1, ImmCheck0_7, 5>]>;".into(),
            "ImmCheck's TypeContextArgIdx 5 is no parameter of 'vfoo'",
            since_20,
            both,
        ),
    ];
    for (file, defs, message, releases, actions) in &cases {
        write_files(dir.path(), &[(file, &format!("include \"arm_neon_incl.td\"\n{defs}\n"))]);
        let expected = format!("{file}:{}:5: error: {message}", defs.lines().count() + 1);
        for release in releases.iter() {
            let basic = clang_basic(release);
            for action in actions.iter() {
                let got = run(&tdq(), release, dir.path(), &["-I", &basic, action, file]);
                assert_eq!(got.status, 1, "{release} {file} {action}: {got:?}");
                assert!(got.stderr.starts_with(&expected), "{release} {file} {action}: {got:?}");
                assert_eq!(got.stdout, "");
            }
        }
    }
}

/// The RISC-V vector intrinsics (the sample of tests/golden/clang/inc over the release's
/// riscv_vector_common.td, and clang's own riscv_sifive_vector.td) from a store are what they
/// are from the .td, in each release: the prototype strings, policy scheme defs, lists of
/// LMULs, intrinsic types and features, and the manual code generation survive the store.
#[test]
fn rvv_backends_run_from_a_store() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let inc = tdq_tests::workspace_dir().join("tests/golden/clang/inc");
    let inc = inc.to_str().expect("a UTF-8 path");
    for release in ["19", "22", "23"] {
        let basic = clang_basic(release);
        for (family, td, marker) in [
            ("vector", format!("{inc}/RvvSample.td"), "vlseg2e32"),
            ("sifive", format!("{basic}/riscv_sifive_vector.td"), "sf_vc"),
        ] {
            let db = format!("rvv-{family}{release}.db");
            export_with_includes(dir.path(), release, &td, &[inc, &basic], &db);
            let actions: &[&str] = match family {
                "vector" => &[
                    "-gen-riscv-vector-header",
                    "-gen-riscv-vector-builtins",
                    "-gen-riscv-vector-builtin-codegen",
                    "-gen-riscv-vector-builtin-sema",
                ],
                _ => &[
                    "-gen-riscv-sifive-vector-builtins",
                    "-gen-riscv-sifive-vector-builtin-codegen",
                    "-gen-riscv-sifive-vector-builtin-sema",
                ],
            };
            for &action in actions {
                let from_td = run(&tdq(), release, dir.path(), &["-I", inc, "-I", &basic, action, &td]);
                let from_db = run(&tdq(), release, dir.path(), &["--from-db", &db, action]);
                assert_eq!(from_td.status, 0, "{release} {action}: {}", from_td.stderr);
                let marked = from_td.stdout.contains(marker) || action == "-gen-riscv-vector-header";
                assert!(marked && from_td.stdout.len() > 1000, "{release} {action}");
                assert_eq!(from_db, from_td, "{release} {action}");
            }
        }
    }
}

/// RISC-V vector builtins on which clang-tblgen stops at `llvm_unreachable`, reads an absent
/// type or loops until memory runs out (a prototype that does not end in a base type, an
/// unknown element type, modifier or LMUL, a name suffix of no valid type, a builtin with
/// neither policy) get an error at the def, never a crash.
#[test]
fn rvv_inputs_clang_tblgen_crashes_on_are_errors() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let cases = [
        ("OverloadedSuffix = \"vs\"", "prototype 'vs' ends without a base type"),
        ("TypeRange = \"cz\"", "unknown type 'z' in TypeRange \"cz\""),
        ("Log2LMUL = [5]", "Log2LMUL 5 is not in [-3, 3]"),
        ("Prototype = \"vvZv\"", "illegal non-primitive type transformer 'Z'"),
        ("Prototype = \"v(Log2EEW:9)v\"", "invalid Log2EEW value 9"),
        ("Prototype = \"(Foo:3)vv\"", "illegal complex type transformer 'Foo:3'"),
        ("Suffix = \"w\", Log2LMUL = [3]", "a name suffix's type is not a valid type"),
        ("NF = 3, IsTuple = true, Prototype = \"v\"", "a prototype too short for its NF or policy"),
        (
            "HasTailPolicy = false, HasMaskPolicy = false",
            "An RVV instruction should not be without both tail policy and mask policy",
        ),
    ];
    for release in ["19", "22", "23"] {
        let basic = clang_basic(release);
        for (i, (lets, message)) in cases.iter().enumerate() {
            let file = format!("bad{i}.td");
            let td = format!(
                "include \"riscv_vector_common.td\"\nlet {lets} in\ndef vfoo_v : RVVOutBuiltin<\"v\", \"vvv\", \"c\">;\n"
            );
            write_files(dir.path(), &[(&file, &td)]);
            for action in ["-gen-riscv-vector-builtins", "-gen-riscv-vector-builtin-sema"] {
                let got = run(&tdq(), release, dir.path(), &["-I", &basic, action, &file]);
                assert_eq!(got.status, 1, "{release} {file}: {got:?}");
                let expected = format!("{file}:3:5: error: vfoo_v: {message}\n");
                assert!(got.stderr.starts_with(&expected), "{release} {file}: {got:?}");
                assert_eq!(got.stdout, "");
            }
        }
    }
}

/// OpenCL's builtins from a store are what they are from the .td (the sample of
/// tests/golden/clang/inc), in each release: the anonymous vector, pointer, image and
/// extension defs, the generic types and the `let`-given versions survive the store.
#[test]
fn opencl_backends_run_from_a_store() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let inc = tdq_tests::workspace_dir().join("tests/golden/clang/inc");
    let inc = inc.to_str().expect("a UTF-8 path");
    let td = format!("{inc}/OpenCLSample.td");
    let actions = ["-gen-clang-opencl-builtins", "-gen-clang-opencl-builtin-header", "-gen-clang-opencl-builtin-tests"];
    for release in ["19", "22", "23"] {
        let db = format!("opencl{release}.db");
        same_from_store(dir.path(), release, &td, &[inc], &db, &actions, "sub_group_reduce_add");
    }
}

/// OpenCL builtins on which clang-tblgen's behaviour is undefined (it reads a `StringSwitch`
/// that matched nothing, reads past a table or a list, or divides by zero: an access qualifier
/// none of RO, WO and RW where it switches on it, a signature of a def that is no `Type`, an
/// empty signature, a generic type of no vector size) get an error at the def, never a crash.
#[test]
fn opencl_inputs_clang_tblgen_crashes_on_are_errors() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let inc = tdq_tests::workspace_dir().join("tests/golden/clang/inc");
    let base = std::fs::read_to_string(inc.join("OpenCLBase.td")).expect("OpenCLBase.td");
    let types = "include \"OpenCLBase.td\"\n\
                 def Int : Type<\"int\", QualType<\"Context.IntTy\">>;\n\
                 def Image2d : Type<\"image2d_t\", QualType<\"Context.OCLImage2d\", 1>>;\n\
                 def None : IntList<\"None\", []>;\n";
    let cases: [(&str, &[&str], &str, &str); 4] = [
        (
            "def img : ImageType<Image2d, \"XX\">;\n",
            &["-gen-clang-opencl-builtins"],
            "5:5",
            "img: AccessQualifier \"XX\" is none of \"RO\", \"WO\" and \"RW\"",
        ),
        (
            "def f : Builtin<\"f\", [Int, ImageType<Image2d, \"XX\">]>;\n",
            &["-gen-clang-opencl-builtin-header", "-gen-clang-opencl-builtin-tests"],
            // An anonymous def's location is its class's in 19, where it is made from 22 on.
            "",
            "anonymous_7: AccessQualifier \"XX\" is none of \"RO\", \"WO\" and \"RW\"",
        ),
        (
            "def f : Builtin<\"f\", []>;\n",
            &["-gen-clang-opencl-builtin-header", "-gen-clang-opencl-builtin-tests"],
            "5:5",
            "f: its Signature is empty (it needs a return type)",
        ),
        (
            "def G : GenericType<\"G\", TypeList<[Int]>, None>;\ndef f : Builtin<\"f\", [Int, G]>;\n",
            &["-gen-clang-opencl-builtin-header", "-gen-clang-opencl-builtin-tests"],
            "6:5",
            "f: G in its Signature stands for no type (no types or no vector sizes)",
        ),
    ];
    write_files(dir.path(), &[("OpenCLBase.td", &base)]);
    for release in ["19", "22", "23"] {
        for (i, (def, actions, at, message)) in cases.iter().enumerate() {
            let file = format!("bad{i}.td");
            write_files(dir.path(), &[(&file, &format!("{types}{def}"))]);
            for action in *actions {
                let got = run(&tdq(), release, dir.path(), &[action, &file]);
                assert_eq!(got.status, 1, "{release} {file} {action}: {got:?}");
                assert_eq!(got.stdout, "");
                let found = if at.is_empty() {
                    got.stderr.contains(&format!(": error: {message}\n"))
                } else {
                    got.stderr.starts_with(&format!("{file}:{at}: error: {message}\n"))
                };
                assert!(found, "{release} {file} {action}: {got:?}");
            }
        }
    }
    // A `Builtin` class of signatures of other defs than types.
    let td = "class Type<string n> { string Name = n; }\nclass GenericType;\nclass FunctionExtension;\n\
              class IntList;\nclass ImageType;\nclass Other;\ndef o : Other;\n\
              class Builtin<list<Other> s> { string Name = \"f\"; list<Other> Signature = s; }\n\
              def f : Builtin<[o]>;\n";
    write_files(dir.path(), &[("other.td", td)]);
    for release in ["19", "22", "23"] {
        let got = run(&tdq(), release, dir.path(), &["-gen-clang-opencl-builtins", "other.td"]);
        assert_eq!(got.status, 1, "{release}: {got:?}");
        assert!(
            got.stderr.starts_with("other.td:9:5: error: f: o in its Signature is not a Type"),
            "{release}: {got:?}"
        );
    }
}
