//! Lexer, preprocessor and diagnostic-rendering tests: token streams as data, and lexing
//! errors rendered exactly as llvm-tblgen 19 prints them (the expected texts were captured from
//! llvm-tblgen 19.1.7's stderr for the same input; llvm-tblgen is not run here).

use tdq_core::diag::{render, render_bytes, Diagnostics};
use tdq_core::lexer::{BangOp, Lexer, Tok};
use tdq_core::source::{Loc, SourceMgr};

/// Lexes `src` (named `t.td`) the way the parser drives the lexer: until end of file or the
/// first error token.
fn lex_all(src: &[u8], include_dirs: &[String], defines: &[&str]) -> (Lexer, Diagnostics, Vec<Tok>) {
    let defines: Vec<String> = defines.iter().map(|d| d.to_string()).collect();
    let mut lexer = Lexer::new("t.td", src.to_vec(), include_dirs, &defines).with_release(tdq_core::Release::V19);
    let mut diags = Diagnostics::default();
    let mut toks = Vec::new();
    for _ in 0..100_000 {
        let t = lexer.lex(&mut diags);
        let stop = matches!(t, Tok::Eof | Tok::Error);
        toks.push(t);
        if stop {
            break;
        }
    }
    (lexer, diags, toks)
}

fn show(toks: &[Tok]) -> String {
    toks.iter().map(|t| format!("{t:?}")).collect::<Vec<_>>().join(" ")
}

/// A fresh directory for include files, removed when dropped.
struct TempDir(std::path::PathBuf);

impl std::ops::Deref for TempDir {
    type Target = std::path::Path;
    fn deref(&self) -> &std::path::Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn temp_dir(name: &str) -> TempDir {
    let dir = std::env::temp_dir().join(format!("tdq-lexer-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create temp dir");
    TempDir(dir)
}

// ----- tokens -----

/// (source, -D defines, expected tokens)
const TOKEN_CASES: &[(&str, &[&str], &str)] = &[
    ("", &[], "Eof"),
    (
        "- + [ ] { } ( ) < > : ; , . = ? # ...",
        &[],
        "Minus Plus LSquare RSquare LBrace RBrace LParen RParen Less Greater Colon Semi Comma Dot \
         Equal Question Paste DotDotDot Eof",
    ),
    (
        "assert bit bits class code dag def defm defset deftype defvar dump else false field \
         foreach if in int let list multiclass string then true include_ Include",
        &[],
        "KwAssert KwBit KwBits KwClass KwCode KwDag KwDef KwDefm KwDefset KwDeftype KwDefvar \
         KwDump KwElse KwFalse KwField KwForeach KwIf KwIn KwInt KwLet KwList KwMultiClass \
         KwString KwThen KwTrue Id(\"include_\") Id(\"Include\") Eof",
    ),
    (
        "0 42 -7 +7 0x1F 0xffffffffffffffff 18446744073709551615 -9223372036854775808 0b0101 0b1",
        &[],
        "IntVal(0) IntVal(42) IntVal(-7) IntVal(7) IntVal(31) IntVal(-1) IntVal(-1) \
         IntVal(-9223372036854775808) BinaryIntVal(5, 4) BinaryIntVal(1, 1) Eof",
    ),
    // Digits followed by letters are identifiers, unless they look like 0x.. or 0b...
    (
        "8i 1b2 12x 0xg 0b2 5x1f 1b0 00b1 a1 _x -x - 1",
        &[],
        "Id(\"8i\") Id(\"1b2\") Id(\"12x\") Id(\"0xg\") Id(\"0b2\") IntVal(5) Id(\"x1f\") IntVal(1) \
         Id(\"b0\") IntVal(0) Id(\"b1\") Id(\"a1\") Id(\"_x\") Minus Id(\"x\") Minus IntVal(1) Eof",
    ),
    // strtoull skips a second 0x, as in LLVM.
    ("0x0x12", &[], "IntVal(18) Id(\"x12\") Eof"),
    (r#""a\tb\n\\\"\'" "" "x y""#, &[], r#"StrVal("a\tb\n\\\"'") StrVal("") StrVal("x y") Eof"#),
    ("[{ a }} ] }]  [{}] [ {", &[], "CodeFragment(\" a }} ] \") CodeFragment(\"\") LSquare LBrace Eof"),
    ("$x $_1 $a_b9", &[], "VarName(\"x\") VarName(\"_1\") VarName(\"a_b9\") Eof"),
    (
        "!eq !setop !getop !setdagop !repr !listremove !range",
        &[],
        "Bang(Eq) Bang(SetDagOp) Bang(GetDagOp) Bang(SetDagOp) Bang(Repr) Bang(ListRemove) \
         Bang(Range) Eof",
    ),
    // Comments, nested C comments.
    ("a // x /* \n b /* c /* d */ e */ c", &[], "Id(\"a\") Id(\"b\") Id(\"c\") Eof"),
    // `#` is a directive only first on a line (after blanks and C comments).
    ("a #ifdef X\n", &[], "Id(\"a\") Paste Id(\"ifdef\") Id(\"X\") Eof"),
    ("  /* c */ #ifdef X\na\n#endif\nb\n", &[], "Id(\"b\") Eof"),
    ("#ifdefX\n", &[], "Paste Id(\"ifdefX\") Eof"),
    ("x#y", &[], "Id(\"x\") Paste Id(\"y\") Eof"),
    (
        "#ifdef X\n#define Y\n#ifdef Z\nq\n#else\nr\n#endif\n#else\n#ifdef Y\ns\n#endif\nt\n#endif\n",
        &[],
        "Id(\"t\") Eof",
    ),
    (
        "#ifdef X\n#define Y\n#ifdef Z\nq\n#else\nr\n#endif\n#else\n#ifdef Y\ns\n#endif\nt\n#endif\n",
        &["X"],
        "Id(\"r\") Eof",
    ),
    (
        "#ifdef X\n#define Y\n#ifdef Z\nq\n#else\nr\n#endif\n#else\n#ifdef Y\ns\n#endif\nt\n#endif\n",
        &["Y"],
        "Id(\"s\") Id(\"t\") Eof",
    ),
    ("#ifndef X\na\n#else// c\nb\n#endif/**/\n", &[], "Id(\"a\") Eof"),
    ("#define X\n#ifndef X\na\n#else\nb\n#endif\n", &[], "Id(\"b\") Eof"),
    ("#ifdef X\r\na\r\n#else\r\nb\r\n#endif\r\n", &[], "Id(\"b\") Eof"),
    ("#ifdef X /* long\ncomment */\na\n#endif\nb", &["X"], "Id(\"a\") Id(\"b\") Eof"),
    ("a\rb\r\nc\n\rd", &[], "Id(\"a\") Id(\"b\") Id(\"c\") Id(\"d\") Eof"),
];

#[test]
fn token_streams() {
    for (src, defines, expected) in TOKEN_CASES {
        let (_, diags, toks) = lex_all(src.as_bytes(), &[], defines);
        assert_eq!(show(&toks), *expected, "tokens of {src:?}");
        assert!(diags.list.is_empty(), "unexpected diagnostics for {src:?}: {:?}", diags.list);
    }
}

/// Without a blank, line end or comment after it, a directive word is no directive; LLVM's
/// buffers end in a NUL, which does not count. So an `#endif` that ends the file is `#`,
/// `endif`, and the region is still open at the end.
#[test]
fn directive_at_end_of_buffer() {
    let (_, diags, toks) = lex_all(b"#define X\n#ifdef X\na\n#endif", &[], &[]);
    assert_eq!(show(&toks), "Id(\"a\") Paste Id(\"endif\") Eof");
    let messages: Vec<_> = diags.list.iter().map(|d| d.message.as_str()).collect();
    assert_eq!(messages, ["Reached EOF without matching #endif", "The latest preprocessor control is here"]);
}

#[test]
fn token_locations() {
    let (lexer, _, _) = lex_all(b"", &[], &[]);
    assert_eq!(lexer.loc(), Loc { file: 0, offset: 0 });

    let src = b"def A {\n\tint a = 0x10;\r\n  string s = \"x\";\n}";
    let mut lexer = Lexer::new("dir/t.td", src.to_vec(), &[], &[]).with_release(tdq_core::Release::V19);
    let mut diags = Diagnostics::default();
    let mut seen = Vec::new();
    loop {
        let t = lexer.lex(&mut diags);
        seen.push((lexer.sm.line_col(lexer.loc()), t));
        if t == Tok::Eof {
            break;
        }
    }
    let at = |i: usize| seen[i].0;
    assert_eq!(at(0), (1, 1)); // def
    assert_eq!(at(3), (2, 2)); // int, after a tab (columns count bytes)
    assert_eq!(seen[6], ((2, 10), Tok::IntVal(16)));
    assert_eq!(seen[8].1, Tok::KwString);
    assert_eq!(at(8), (3, 3));
    assert_eq!(seen.last().map(|s| s.0), Some((4, 2)));
    assert_eq!(lexer.sm.json_loc(lexer.loc()), "t.td:4");
    assert_eq!(lexer.sm.path(lexer.loc()), "dir/t.td");
}

#[test]
fn bang_operators_round_trip() {
    use tdq_core::Release;
    for op in [BangOp::Eq, BangOp::ListSplat, BangOp::GetDagName, BangOp::ToUpper, BangOp::Repr] {
        for release in Release::ALL {
            assert_eq!(BangOp::from_name(op.name().as_bytes(), release), Some(op));
        }
    }
    // Operators are known from the release that added them on.
    for later in ["listflatten", "initialized", "match", "instances", "getdagopname", "setdagopname"] {
        assert_eq!(BangOp::from_name(later.as_bytes(), Release::V19), None, "{later}");
        let op = BangOp::from_name(later.as_bytes(), Release::V22).expect(later);
        assert_eq!(op.since(), Release::V22);
        assert_eq!(BangOp::from_name(later.as_bytes(), Release::V23), Some(op));
    }
    for later in ["sort", "switch"] {
        assert_eq!(BangOp::from_name(later.as_bytes(), Release::V22), None, "{later}");
        assert!(BangOp::from_name(later.as_bytes(), Release::V23).is_some(), "{later}");
    }
    // The deprecated spellings were removed in LLVM 22.
    assert_eq!(BangOp::from_name(b"getop", Release::V19), Some(BangOp::GetDagOp));
    assert_eq!(BangOp::from_name(b"setop", Release::V19), Some(BangOp::SetDagOp));
    assert_eq!(BangOp::from_name(b"getop", Release::V22), None);
    assert_eq!(BangOp::from_name(b"setop", Release::V23), None);
}

// ----- sources -----

#[test]
fn source_lines_and_columns() {
    let mut sm = SourceMgr::new();
    let f = sm.add_file("a/b/c.td".into(), b"ab\ncd\r\nef\rgh".to_vec(), None);
    let loc = |offset| Loc { file: f, offset };
    assert_eq!(sm.line_col(loc(0)), (1, 1));
    assert_eq!(sm.line_col(loc(2)), (1, 3));
    assert_eq!(sm.line_col(loc(3)), (2, 1));
    assert_eq!(sm.line_text(loc(4)), b"cd");
    // A lone \r restarts the column but not the line count.
    assert_eq!(sm.line_col(loc(11)), (3, 2));
    assert_eq!(sm.line_text(loc(11)), b"gh");
    assert_eq!(sm.line_text(loc(8)), b"ef");
    // The end of the buffer is a valid location.
    assert_eq!(sm.line_col(loc(12)), (3, 3));
    assert_eq!(sm.line_col(loc(999)), (3, 3));
    assert_eq!(sm.json_loc(loc(7)), "c.td:3");
    assert_eq!(sm.line_col(Loc::NONE), (0, 0));
    assert_eq!(sm.path(Loc::NONE), "<unknown>");
}

// ----- diagnostics -----

struct DiagCase {
    name: &'static str,
    src: &'static [u8],
    defines: &'static [&'static str],
    /// Files put in a directory passed as the only -I (named `incdir` in `expected`).
    includes: &'static [(&'static str, &'static [u8])],
    expected: &'static [u8],
    /// The `llvm-tblgen: N errors.` count, where llvm-tblgen got far enough to print it.
    llvm_error_count: Option<usize>,
}

const DIAG_CASES: &[DiagCase] = &[
    DiagCase {
        name: "unexpected_char",
        src: b"def A {\n  int a = @;\n}\n",
        defines: &[],
        includes: &[],
        expected: b"t.td:2:11: error: Unexpected character\n  int a = @;\n          ^\n",
        llvm_error_count: None,
    },
    DiagCase {
        name: "two_dots",
        src: b"def A {\n  list<int> a = [1..2];\n}\n",
        defines: &[],
        includes: &[],
        expected: b"t.td:2:19: error: Invalid '..' punctuation\n  list<int> a = [1..2];\n                  ^\n",
        llvm_error_count: None,
    },
    DiagCase {
        name: "lone_slash",
        src: b"def A {\n  int a = 1 / 2;\n}\n",
        defines: &[],
        includes: &[],
        expected: b"t.td:2:13: error: Unexpected character\n  int a = 1 / 2;\n            ^\n",
        llvm_error_count: None,
    },
    DiagCase {
        name: "invalid_escape_tab",
        src: b"def A {\n\tstring s = \"abc\\q\";\n}\n",
        defines: &[],
        includes: &[],
        expected: b"t.td:2:18: error: invalid escape in string literal\n        string s = \"abc\\q\";\n                        ^\n",
        llvm_error_count: None,
    },
    DiagCase {
        name: "eol_in_string",
        src: b"def A {\n  string s = \"abc\n\";\n}\n",
        defines: &[],
        includes: &[],
        expected: b"t.td:2:15: error: End of line in string literal\n  string s = \"abc\n              ^\n",
        llvm_error_count: None,
    },
    DiagCase {
        name: "eof_in_string",
        src: b"def A {\n  string s = \"abc",
        defines: &[],
        includes: &[],
        expected: b"t.td:2:15: error: End of file in string literal\n  string s = \"abc\n              ^\n",
        llvm_error_count: None,
    },
    DiagCase {
        name: "escaped_newline",
        src: b"def A {\n  string s = \"abc\\\n\";\n}\n",
        defines: &[],
        includes: &[],
        expected: b"t.td:2:19: error: escaped newlines not supported in tblgen\n  string s = \"abc\\\n                  ^\n",
        llvm_error_count: None,
    },
    DiagCase {
        name: "invalid_var_name",
        src: b"def A {\n  dag d = (op $);\n}\n",
        defines: &[],
        includes: &[],
        expected: b"t.td:2:15: error: Invalid variable name\n  dag d = (op $);\n              ^\n",
        llvm_error_count: None,
    },
    DiagCase {
        name: "unknown_operator",
        src: b"def A {\n  int a = !foo(1);\n}\n",
        defines: &[],
        includes: &[],
        expected: b"t.td:2:11: error: Unknown operator\n  int a = !foo(1);\n          ^\n",
        llvm_error_count: None,
    },
    DiagCase {
        name: "invalid_bang",
        src: b"def A {\n  int a = ! (1);\n}\n",
        defines: &[],
        includes: &[],
        expected: b"t.td:2:11: error: Invalid \"!operator\"\n  int a = ! (1);\n          ^\n",
        llvm_error_count: None,
    },
    DiagCase {
        name: "out_of_range_dec",
        src: b"def A {\n  int a = 18446744073709551616;\n}\n",
        defines: &[],
        includes: &[],
        expected: b"t.td:2:11: error: Number out of range\n  int a = 18446744073709551616;\n          ^\n",
        llvm_error_count: None,
    },
    DiagCase {
        name: "out_of_range_neg",
        src: b"def A {\n  int a = -9223372036854775809;\n}\n",
        defines: &[],
        includes: &[],
        expected: b"t.td:2:11: error: Number out of range\n  int a = -9223372036854775809;\n          ^\n",
        llvm_error_count: None,
    },
    DiagCase {
        name: "out_of_range_hex",
        src: b"def A {\n  int a = 0x10000000000000000;\n}\n",
        defines: &[],
        includes: &[],
        expected: b"t.td:2:11: error: Number out of range\n  int a = 0x10000000000000000;\n          ^\n",
        llvm_error_count: None,
    },
    DiagCase {
        name: "unterminated_comment",
        src: b"def A;\n/* a /* nested */\ndef B;\n",
        defines: &[],
        includes: &[],
        expected: b"t.td:2:1: error: Unterminated comment!\n/* a /* nested */\n^\n",
        llvm_error_count: None,
    },
    DiagCase {
        name: "unterminated_code",
        src: b"def A {\n  code c = [{ abc }} ];\n}\n",
        defines: &[],
        includes: &[],
        expected: b"t.td:2:12: error: Unterminated code block\n  code c = [{ abc }} ];\n           ^\n",
        llvm_error_count: None,
    },
    DiagCase {
        name: "nul_chars",
        src: b"def Foo\x00 {\n  int \x00 ID = 42; // \x00\n  code c = [{ \x00 }];\n  /* \x00 */\n}\n",
        defines: &[],
        includes: &[],
        expected: b"t.td:1:8: error: NUL character is invalid in source; treated as space\ndef Foo\x00 {\n       ^\nt.td:2:7: error: NUL character is invalid in source; treated as space\n  int \x00 ID = 42; // \x00\n      ^\nt.td:3:12: error: NUL character is invalid in source; treated as space\n  code c = [{ \x00 }];\n           ^\nt.td:4:3: error: NUL character is invalid in source; treated as space\n  /* \x00 */\n  ^\n",
        llvm_error_count: Some(4),
    },
    DiagCase {
        name: "else_without_ifdef",
        src: b"def A;\n#else\n",
        defines: &[],
        includes: &[],
        expected: b"t.td:2:2: error: #else without #ifdef or #ifndef\n#else\n ^\n",
        llvm_error_count: None,
    },
    DiagCase {
        name: "endif_without_ifdef",
        src: b"def A;\n  #endif // x\n",
        defines: &[],
        includes: &[],
        expected: b"t.td:2:4: error: #endif without #ifdef\n  #endif // x\n   ^\n",
        llvm_error_count: None,
    },
    DiagCase {
        name: "double_else",
        src: b"#ifdef X\n#else\n#else\n#endif\n",
        defines: &[],
        includes: &[],
        expected: b"t.td:3:2: error: double #else\n#else\n ^\nt.td:2:2: error: Previous #else is here\n#else\n ^\n",
        llvm_error_count: None,
    },
    DiagCase {
        name: "double_else_skipped",
        src: b"#ifdef X\n#ifdef Y\n#else\n#else\n#endif\n#endif\n",
        defines: &["Z"],
        includes: &[],
        expected: b"t.td:4:2: error: double #else\n#else\n ^\nt.td:3:2: error: Previous #else is here\n#else\n ^\n",
        llvm_error_count: None,
    },
    DiagCase {
        name: "ifdef_no_name",
        src: b"#ifdef\n#endif\n",
        defines: &[],
        includes: &[],
        expected: b"t.td:1:7: error: Expected macro name after #ifdef\n#ifdef\n      ^\n",
        llvm_error_count: None,
    },
    DiagCase {
        name: "ifndef_bad_name",
        src: b"#ifndef 1X\n#endif\n",
        defines: &[],
        includes: &[],
        expected: b"t.td:1:9: error: Expected macro name after #ifndef\n#ifndef 1X\n        ^\n",
        llvm_error_count: None,
    },
    DiagCase {
        name: "define_no_name",
        src: b"#define /* x */\n",
        defines: &[],
        includes: &[],
        expected: b"t.td:1:9: error: Expected macro name after #define\n#define /* x */\n        ^\n",
        llvm_error_count: None,
    },
    DiagCase {
        name: "define_trailing",
        src: b"#define X Y\n",
        defines: &[],
        includes: &[],
        expected: b"t.td:1:11: error: Only comments are supported after #define NAME\n#define X Y\n          ^\n",
        llvm_error_count: None,
    },
    DiagCase {
        name: "ifdef_trailing_comment_then_code",
        src: b"#ifdef X/*\n*/class C;\n#endif\n",
        defines: &[],
        includes: &[],
        expected: b"t.td:2:3: error: Only comments are supported after #ifdef NAME\n*/class C;\n  ^\n",
        llvm_error_count: None,
    },
    DiagCase {
        name: "else_trailing",
        src: b"#ifdef X\n#else def A;\n#endif\n",
        defines: &[],
        includes: &[],
        expected: b"t.td:2:7: error: Only comments are supported after #else\n#else def A;\n      ^\n",
        llvm_error_count: None,
    },
    DiagCase {
        name: "endif_trailing",
        src: b"#ifdef X\n#endif def A;\n",
        defines: &["X"],
        includes: &[],
        expected: b"t.td:2:8: error: Only comments are supported after #endif\n#endif def A;\n       ^\n",
        llvm_error_count: None,
    },
    DiagCase {
        name: "directive_slash",
        src: b"#ifdef X /\n#endif\n",
        defines: &[],
        includes: &[],
        expected: b"t.td:1:10: error: Unexpected character\n#ifdef X /\n         ^\nt.td:1:10: error: Only comments are supported after #ifdef NAME\n#ifdef X /\n         ^\n",
        llvm_error_count: None,
    },
    DiagCase {
        name: "directive_unterminated_comment",
        src: b"#ifdef X /* never closed\n",
        defines: &[],
        includes: &[],
        expected: b"t.td:1:10: error: Unterminated comment!\n#ifdef X /* never closed\n         ^\nt.td:2:1: error: Only comments are supported after #ifdef NAME\n\n^\n",
        llvm_error_count: None,
    },
    DiagCase {
        name: "duplicate_macro",
        src: b"#define X\n#define X\ndef A;\n",
        defines: &["X"],
        includes: &[],
        expected: b"t.td:1:9: warning: Duplicate definition of macro: X\n#define X\n        ^\nt.td:2:9: warning: Duplicate definition of macro: X\n#define X\n        ^\n",
        llvm_error_count: None,
    },
    DiagCase {
        name: "missing_endif",
        src: b"#ifdef X\ndef A;\n#else\ndef B;\n",
        defines: &[],
        includes: &[],
        expected: b"t.td:5:1: error: Reached EOF without matching #endif\n\n^\nt.td:3:2: error: The latest preprocessor control is here\n#else\n ^\n",
        llvm_error_count: Some(1),
    },
    DiagCase {
        name: "missing_endif_live",
        src: b"#ifndef X\ndef A;\n",
        defines: &[],
        includes: &[],
        expected: b"t.td:3:1: error: Reached EOF without matching #endif\n\n^\nt.td:1:9: error: The latest preprocessor control is here\n#ifndef X\n        ^\n",
        llvm_error_count: Some(1),
    },
    DiagCase {
        name: "skipped_unterminated_comment",
        src: b"#ifdef X\n  /* open\n",
        defines: &[],
        includes: &[],
        expected: b"t.td:2:3: error: Unterminated comment!\n  /* open\n  ^\n",
        llvm_error_count: None,
    },
    DiagCase {
        name: "cr_line_endings",
        src: b"def A {\r  int a = @;\r}\r",
        defines: &[],
        includes: &[],
        expected: b"t.td:1:11: error: Unexpected character\n  int a = @;\n          ^\n",
        llvm_error_count: None,
    },
    DiagCase {
        name: "crlf_line_endings",
        src: b"def A {\r\n  string s = \"x\\y\";\r\n}\r\n",
        defines: &[],
        includes: &[],
        expected: b"t.td:2:17: error: invalid escape in string literal\n  string s = \"x\\y\";\n                ^\n",
        llvm_error_count: None,
    },
    DiagCase {
        name: "non_ascii_line",
        src: b"def A {\n  int \xc3\xa9 = @;\n}\n",
        defines: &[],
        includes: &[],
        expected: b"t.td:2:7: error: Unexpected character\n  int \xc3\xa9 = @;\n",
        llvm_error_count: None,
    },
    DiagCase {
        name: "include_missing",
        src: b"def A;\ninclude \"nonexistent.td\"\n",
        defines: &[],
        includes: &[],
        expected: b"t.td:2:9: error: Could not find include file 'nonexistent.td'\ninclude \"nonexistent.td\"\n        ^\n",
        llvm_error_count: None,
    },
    DiagCase {
        name: "include_not_string",
        src: b"include 5\n",
        defines: &[],
        includes: &[],
        expected: b"t.td:1:9: error: Expected filename after include\ninclude 5\n        ^\n",
        llvm_error_count: None,
    },
    DiagCase {
        name: "include_at_eof",
        src: b"def A;\ninclude",
        defines: &[],
        includes: &[],
        expected: b"t.td:2:8: error: Expected filename after include\ninclude\n       ^\n",
        llvm_error_count: None,
    },
    DiagCase {
        name: "include_error_inside",
        src: b"def X;\ninclude \"a.inc\"\n",
        defines: &[],
        includes: &[("a.inc", b"// a\ninclude \"b.inc\" def Y;\n"), ("b.inc", b"\n\n  def Z { int a = @; }\n")],
        expected: b"Included from t.td:2:\nIncluded from incdir/a.inc:2:\nincdir/b.inc:3:19: error: Unexpected character\n  def Z { int a = @; }\n                  ^\n",
        llvm_error_count: None,
    },
    DiagCase {
        name: "include_unclosed_region",
        src: b"include \"c.inc\"\ndef X;\n",
        defines: &[],
        includes: &[("c.inc", b"#ifdef FOO\ndef Y;\n#else\ndef Z;\n")],
        expected: b"Included from t.td:1:\nincdir/c.inc:5:1: error: Reached EOF without matching #endif\n\n^\nIncluded from t.td:1:\nincdir/c.inc:3:2: error: The latest preprocessor control is here\n#else\n ^\n",
        llvm_error_count: Some(1),
    },
    DiagCase {
        name: "include_endif_outside",
        src: b"#ifdef FOO\ninclude \"d.inc\"\n",
        defines: &[],
        includes: &[("d.inc", b"def Y;\n#endif\n")],
        expected: b"t.td:3:1: error: Reached EOF without matching #endif\n\n^\nt.td:1:8: error: The latest preprocessor control is here\n#ifdef FOO\n       ^\n",
        llvm_error_count: None,
    },
];

#[test]
fn lexing_errors_render_like_llvm_tblgen() {
    for case in DIAG_CASES {
        let mut include_dirs = Vec::new();
        let mut expected = case.expected.to_vec();
        // Kept until the case is checked: dropping it removes the include files.
        let mut _includes = None;
        if !case.includes.is_empty() {
            let temp = temp_dir(case.name);
            for (name, text) in case.includes {
                std::fs::write(temp.join(name), text).expect("write include");
            }
            let dir = temp.to_str().expect("utf-8 temp dir").to_string();
            _includes = Some(temp);
            let text = String::from_utf8(expected).expect("utf-8 expectation");
            expected = text.replace("incdir/", &format!("{dir}/")).into_bytes();
            include_dirs.push(dir);
        }
        let (lexer, diags, _) = lex_all(case.src, &include_dirs, case.defines);
        let got: Vec<u8> = diags.list.iter().flat_map(|d| render_bytes(&lexer.sm, d)).collect();
        assert_eq!(
            String::from_utf8_lossy(&got),
            String::from_utf8_lossy(&expected),
            "diagnostics of case {}",
            case.name
        );
        if let Some(n) = case.llvm_error_count {
            assert_eq!(diags.error_count(), n, "error count of case {}", case.name);
        }
    }
}

#[test]
fn includes_and_dependencies() {
    let dir = temp_dir("deps");
    let sub = dir.join("sub");
    std::fs::create_dir_all(&sub).expect("mkdir");
    std::fs::write(sub.join("c.td"), "def C;\ninclude \"b.td\"\n").expect("write");
    std::fs::write(sub.join("b.td"), "def B;\n").expect("write");
    std::fs::write(dir.join("b.td"), "def OtherB;\n").expect("write");
    let dir_s = dir.to_str().expect("utf-8").to_string();
    let sub_s = format!("{dir_s}/sub/");
    // c.td is found in the third -I directory (which ends in a slash, so none is added). Its
    // own include of "b.td" does not look beside it first: the -I directories are searched
    // in order, so it finds dir/b.td. The same file included twice is read twice.
    let src = b"include \"c.td\"\ninclude \"c.td\"\ndef M;\n";
    let include_dirs = [format!("{dir_s}/nonexistent"), dir_s.clone(), sub_s.clone()];
    let (lexer, diags, toks) = lex_all(src, &include_dirs, &[]);
    assert!(diags.list.is_empty(), "{:?}", diags.list);
    let ids: Vec<_> = toks.iter().filter_map(|t| if let Tok::Id(s) = t { Some(*s) } else { None }).collect();
    assert_eq!(ids, ["C", "OtherB", "C", "OtherB", "M"]);
    // Sorted and without duplicates, as llvm-tblgen's -d file lists them.
    assert_eq!(lexer.dependencies(), vec![format!("{dir_s}/b.td"), format!("{dir_s}/sub/c.td")]);
    assert_eq!(lexer.sm.files.len(), 5);
    assert_eq!(lexer.sm.files[1].path, format!("{dir_s}/sub/c.td"));
    // The include location is just after the closing quote.
    assert_eq!(lexer.sm.files[1].included_from, Some(Loc { file: 0, offset: 14 }));
    assert_eq!(lexer.sm.files[2].included_from, Some(Loc { file: 1, offset: 21 }));
}

#[test]
fn self_include_stops_with_an_error() {
    let dir = temp_dir("self");
    std::fs::write(dir.join("s.td"), "def S;\ninclude \"s.td\"\n").expect("write");
    let dir_s = dir.to_str().expect("utf-8").to_string();
    let (_, diags, toks) = lex_all(b"include \"s.td\"\n", &[dir_s], &[]);
    assert_eq!(toks.last(), Some(&Tok::Error));
    assert_eq!(diags.list.len(), 1);
    let msg = &diags.list[0].message;
    assert!(msg.starts_with("include cycle: '") && msg.ends_with("s.td' includes itself"), "{msg}");
}

/// A FIFO is not read (opening it would wait for a writer forever): it is not found, as a
/// directory is not, and the lexer goes on at once.
#[cfg(unix)]
#[test]
fn fifo_include_is_not_waited_for() {
    let dir = temp_dir("fifo");
    let fifo = dir.join("f.td");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status().expect("mkfifo");
    assert!(made.success());
    let src = format!("include \"{}\"\n", fifo.display()).into_bytes();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let (_, diags, toks) = lex_all(&src, &[], &[]);
        let _ = tx.send((diags.list.iter().map(|d| d.message.clone()).collect::<Vec<_>>(), toks.last().cloned()));
    });
    let (msgs, last) = rx.recv_timeout(std::time::Duration::from_secs(20)).expect("the lexer waited on the FIFO");
    assert_eq!(msgs, vec![format!("Could not find include file '{}'", fifo.display())]);
    assert_eq!(last, Some(Tok::Error));
}

/// Parser-side diagnostics rendered through the same code, checked against llvm-tblgen 19.
#[test]
fn render_tabs_notes_and_trailing_newlines() {
    // llvm-tblgen on this file: "tab1.td:1:10: error: Couldn't find class 'B'".
    let mut sm = SourceMgr::new();
    let f = sm.add_file("tab1.td".into(), b"\tdef\tA\t: B;\n".to_vec(), None);
    let mut diags = Diagnostics::default();
    diags.error(Loc { file: f, offset: 9 }, "Couldn't find class 'B'");
    assert_eq!(
        render(&sm, &diags.list[0]),
        "tab1.td:1:10: error: Couldn't find class 'B'\n        def     A       : B;\n                          ^\n"
    );

    // A message ending in a newline and "instantiated from multiclass" notes.
    let src = "class A;\nclass B<A a> {\n  A ba = a;\n}\nmulticlass M0<string s> {\n\tdef _m01: B<!cast<A>(s#\"_x\")>;\n}\nmulticlass M1<string s> {\n  defm _m1: M0<s # \"_r1\">;\n}\ndefm d1: M1<\"d1\">;\n";
    let mut sm = SourceMgr::new();
    let f = sm.add_file("mc.td".into(), src.as_bytes().to_vec(), None);
    let off = |needle: &str| Loc { file: f, offset: src.find(needle).expect("needle") as u32 };
    let mut diags = Diagnostics::default();
    diags.error_at(&[off("_m01"), off("M0<s #"), off("M1<\"d1")], "Undefined reference to record: 'd1_r1_x'\n");
    assert_eq!(
        render(&sm, &diags.list[0]),
        "mc.td:6:6: error: Undefined reference to record: 'd1_r1_x'\n\n        def _m01: B<!cast<A>(s#\"_x\")>;\n            ^\n\
         mc.td:9:13: note: instantiated from multiclass\n  defm _m1: M0<s # \"_r1\">;\n            ^\n\
         mc.td:11:10: note: instantiated from multiclass\ndefm d1: M1<\"d1\">;\n         ^\n"
    );
    assert_eq!(diags.error_count(), 1);

    // Warnings, location-less messages (uncounted in LLVM's error total), null locations.
    let mut diags = Diagnostics::default();
    diags.warning(off("class B"), "unused template argument: B:a");
    diags.error(Loc::NONE, "Could not open input file");
    diags.note(Loc::NONE, "see above");
    diags.error_at(&[], "no location");
    diags.note(off("defm d1"), "here");
    let text = diags.render_all(&sm);
    assert_eq!(
        text,
        "mc.td:2:1: warning: unused template argument: B:a\nclass B<A a> {\n^\n\
         error: Could not open input file\nnote: see above\n\
         <unknown>:0: error: no location\nmc.td:11:1: note: here\ndefm d1: M1<\"d1\">;\n^\n"
    );
    assert!(diags.has_errors());
    assert_eq!(diags.error_count(), 1);
}

/// Arbitrary bytes never make the lexer panic or loop: every call ends in a token.
#[test]
fn arbitrary_input_only_gives_diagnostics() {
    const ALPHABET: &[u8] = b"#ifdef #ifndef #else #endif #define X\n\r\t /**/ // [{ }] \" \\ $ ! . 0x 0b 1 - + @ \0 \xff \xc3 include \"t.td\" abc";
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for _ in 0..2000 {
        let len = (next() % 64) as usize;
        let src: Vec<u8> = (0..len).map(|_| ALPHABET[(next() % ALPHABET.len() as u64) as usize]).collect();
        let mut lexer = Lexer::new("t.td", src.clone(), &[], &["X".to_string()]).with_release(tdq_core::Release::V19);
        let mut diags = Diagnostics::default();
        let mut ended = false;
        // Keep lexing past errors, as a careless parser might.
        for _ in 0..10_000 {
            if lexer.lex(&mut diags) == Tok::Eof {
                ended = true;
                break;
            }
        }
        assert!(ended, "no end of file for {src:?}");
        for d in &diags.list {
            let _ = render(&lexer.sm, d);
        }
    }
}
