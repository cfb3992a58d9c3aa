//! Mutation test of the front end and evaluator: LLVM's own TableGen tests and one small
//! target's instruction file, with tokens deleted, duplicated, swapped or replaced (seeded, so
//! every run sees the same mutants), are evaluated in-process and printed as `--print-records`
//! would. The only acceptable outcomes are records or diagnostics: a panic, a stack overflow
//! (which aborts this test binary) or a run longer than [`MUTANT_TIMEOUT`] fails the test.

use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::Duration;
use tdq_core::limits::Limits;

/// Far beyond what any mutant needs (they take milliseconds): only a hang reaches it.
const MUTANT_TIMEOUT: Duration = Duration::from_secs(20);

/// The stack the `tdq` binary evaluates on (cli/src/main.rs).
const EVALUATION_STACK: usize = 1 << 30;

/// Mutants per self-contained LLVM test file (those that include `Target.td` take a few hundred
/// milliseconds each, the rest a few), and of the target file (about a second each).
const MUTANTS_PER_TEST: usize = 3;
const TARGET_MUTANTS: usize = 8;

/// The LLVM sources (`TDQ_CORPUS`, or `../shared/corpus/llvm-19.1.7/llvm` beside the workspace).
fn corpus() -> PathBuf {
    let dir = std::env::var_os("TDQ_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| tdq_tests::workspace_dir().join("../shared/corpus/llvm-19.1.7/llvm"));
    assert!(
        dir.join("include/llvm/Target/Target.td").is_file(),
        "no LLVM corpus at {} (set TDQ_CORPUS)",
        dir.display()
    );
    dir
}

/// xorshift64*: small, seeded, the same everywhere.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// Splits source text into tokens: runs of identifier characters, string literals, and single
/// other characters; whitespace and `//` comments stay attached to the token before them so
/// that joining the pieces gives the text back.
fn tokens(text: &str) -> Vec<String> {
    let b = text.as_bytes();
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    let word = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    while i < b.len() {
        let start = i;
        if word(b[i]) {
            while i < b.len() && word(b[i]) {
                i += 1;
            }
        } else if b[i] == b'"' {
            i += 1;
            while i < b.len() && b[i] != b'"' && b[i] != b'\n' {
                i += 1;
            }
            i = (i + 1).min(b.len());
        } else {
            i += 1;
        }
        // Trailing whitespace and line comments belong to this token.
        loop {
            while i < b.len() && b[i].is_ascii_whitespace() {
                i += 1;
            }
            if b[i..].starts_with(b"//") {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            } else {
                break;
            }
        }
        // Splitting only at ASCII bytes keeps every piece valid UTF-8.
        while !text.is_char_boundary(i) {
            i += 1;
        }
        out.push(text[start..i].to_string());
    }
    out
}

/// Tokens that steer the parser and evaluator into their less travelled corners.
const INTERESTING: &[&str] = &[
    "{ ",
    "} ",
    "< ",
    "> ",
    "[ ",
    "] ",
    "( ",
    ") ",
    "; ",
    ", ",
    "= ",
    "# ",
    "... ",
    "?",
    "!foreach",
    "!foldl",
    "!con",
    "!listconcat",
    "!strconcat",
    "!cast<string>",
    "!range",
    "!subst",
    "!if",
    "!cond",
    "!isa<int>",
    "!tail",
    "!head",
    "include ",
    "#ifdef X\n",
    "#else\n",
    "#endif\n",
    "#define X\n",
    "defm ",
    "multiclass ",
    "class ",
    "def ",
    "let ",
    "in ",
    "foreach ",
    "defvar ",
    "defset ",
    "deftype ",
    "assert ",
    "dump ",
    "if ",
    "then ",
    "else ",
    "0xffffffffffffffff ",
    "-9223372036854775808 ",
    "0b ",
    "NAME ",
    "\"\" ",
    "[{ ",
    "}] ",
    "/* ",
    "*/ ",
    "$x ",
    "bits<64> ",
    "list<dag> ",
];

/// One mutant of `toks`: one to three deletions, duplications, swaps or replacements.
fn mutate(toks: &[String], rng: &mut Rng) -> (String, Vec<String>) {
    let mut t = toks.to_vec();
    let mut what = Vec::new();
    for _ in 0..1 + rng.below(3) {
        if t.is_empty() {
            break;
        }
        let i = rng.below(t.len());
        match rng.below(4) {
            0 => {
                what.push(format!("delete {i} {:?}", t[i]));
                t.remove(i);
            }
            1 => {
                what.push(format!("duplicate {i} {:?}", t[i]));
                let dup = t[i].clone();
                t.insert(i, dup);
            }
            2 => {
                let j = rng.below(t.len());
                what.push(format!("swap {i} {j}"));
                t.swap(i, j);
            }
            _ => {
                let r = INTERESTING[rng.below(INTERESTING.len())];
                what.push(format!("replace {i} {:?} by {r:?}", t[i]));
                t[i] = r.to_string();
            }
        }
    }
    (t.concat(), what)
}

/// Evaluates `text` as the file `path` on a thread with the binary's stack and prints the
/// records; an error describes a panic or a timeout.
fn evaluate(path: &Path, text: String, include_dirs: &[PathBuf]) -> Result<(), String> {
    let opts = tdq_core::Options {
        include_dirs: include_dirs.iter().map(|d| d.to_string_lossy().into_owned()).collect(),
        limits: Limits::default(),
        ..Default::default()
    };
    let main_path = path.to_string_lossy().into_owned();
    let (tx, rx) = mpsc::channel();
    std::thread::Builder::new()
        .stack_size(EVALUATION_STACK)
        .spawn(move || {
            let outcome = std::panic::catch_unwind(move || {
                let eval = tdq_core::evaluate(&main_path, text.into_bytes(), &opts);
                let mut sink = Vec::new();
                for d in &eval.diags.list {
                    sink.extend(tdq_core::diag::render_bytes(&eval.sm, d));
                }
                if !eval.parse_failed {
                    let _ = eval.records.print(&mut sink);
                }
                sink.len()
            });
            let _ = tx.send(outcome.map(|_| ()).map_err(|p| {
                p.downcast_ref::<String>()
                    .cloned()
                    .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default()
            }));
        })
        .unwrap();
    match rx.recv_timeout(MUTANT_TIMEOUT) {
        Ok(Ok(())) => Ok(()),
        Ok(Err(msg)) => Err(format!("panicked: {msg}")),
        Err(_) => Err(format!("no result after {MUTANT_TIMEOUT:?}")),
    }
}

#[test]
fn mutants_end_in_records_or_diagnostics() {
    let llvm = corpus();
    let tests_dir = llvm.join("test/TableGen");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&tests_dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "td"))
        .collect();
    files.sort();
    let includes = [llvm.join("include"), tests_dir.clone()];
    let mut rng = Rng(0x7464_715f_726f_6275);
    let mut failures = Vec::new();
    let mut count = 0;
    for file in &files {
        let Ok(text) = std::fs::read_to_string(file) else { continue };
        if text.lines().any(|l| l.starts_with("include")) {
            continue;
        }
        let toks = tokens(&text);
        for _ in 0..MUTANTS_PER_TEST {
            let (mutant, what) = mutate(&toks, &mut rng);
            count += 1;
            if let Err(e) = evaluate(file, mutant, &includes) {
                failures.push(format!("{} ({}): {e}", file.display(), what.join("; ")));
            }
        }
    }

    // A target's file, included from its root: the mutant shadows it from the first -I.
    let target = llvm.join("lib/Target/Lanai");
    let scratch = std::env::temp_dir().join(format!("tdq-mutate-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    let text = std::fs::read_to_string(target.join("LanaiInstrInfo.td")).unwrap();
    let toks = tokens(&text);
    let root = target.join("Lanai.td");
    let root_text = std::fs::read_to_string(&root).unwrap();
    let includes = [scratch.clone(), llvm.join("include"), target.clone()];
    for _ in 0..TARGET_MUTANTS {
        let (mutant, what) = mutate(&toks, &mut rng);
        std::fs::write(scratch.join("LanaiInstrInfo.td"), &mutant).unwrap();
        count += 1;
        if let Err(e) = evaluate(&root, root_text.clone(), &includes) {
            failures.push(format!("LanaiInstrInfo.td ({}): {e}", what.join("; ")));
        }
    }
    let _ = std::fs::remove_dir_all(&scratch);
    assert!(count >= 400, "only {count} mutants");
    assert!(failures.is_empty(), "{} of {count} mutants failed:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn tokens_join_back_to_the_text() {
    let text = "def A { // c\n  string s = \"x y\"; int i = !add(1, 0x2); }\n";
    let t = tokens(text);
    assert_eq!(t.concat(), text);
    assert!(t.contains(&"\"x y\"; ".to_string()) || t.contains(&"\"x y\"".to_string()));
    assert!(t.len() > 10);
}
