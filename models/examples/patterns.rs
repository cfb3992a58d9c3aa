//! Evaluates one target's root file and computes its pattern model (`DagPatterns`: every
//! selection pattern typed, expanded and its variants, the flags inferred from them), for
//! profiling the model without the CLI or a backend:
//!
//! ```sh
//! cargo build --profile profiling -p tdq-models --example patterns
//! perf record -g target/profiling/examples/patterns --llvm-version 23 \
//!     -I include -I lib/Target/X86 lib/Target/X86/X86.td
//! ```

use std::time::Instant;
use tdq_core::release::Release;
use tdq_core::{evaluate, Options};
use tdq_models::patterns::dag_patterns::DagPatterns;

fn main() {
    let mut opts = Options::default();
    let mut root = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "-I" => opts.include_dirs.extend(args.next()),
            "--llvm-version" => match args.next().as_deref().map(Release::parse) {
                Some(Ok(release)) => opts.release = release,
                _ => usage("--llvm-version takes 19, 22 or 23"),
            },
            _ if arg.starts_with("-I") => opts.include_dirs.push(arg[2..].to_string()),
            _ if root.is_none() => root = Some(arg),
            _ => usage(&format!("unexpected argument '{arg}'")),
        }
    }
    let Some(root) = root else { usage("no root file") };
    let text = std::fs::read(&root).unwrap_or_else(|e| usage(&format!("{root}: {e}")));
    // A deep value recurses deeply, as in the CLI (main.rs gives the evaluator 1 GiB).
    let worker = std::thread::Builder::new().stack_size(1 << 30).spawn(move || {
        let start = Instant::now();
        let eval = evaluate(&root, text, &opts);
        let evaluated = start.elapsed();
        if eval.diags.error_count() > 0 {
            eprintln!("{} errors in the evaluation", eval.diags.error_count());
            std::process::exit(1);
        }
        let start = Instant::now();
        match DagPatterns::with_conflicts(&eval) {
            Ok(model) => println!(
                "{} patterns, {} instructions' flags, {} conflicts; evaluation {:.2} s, pattern model {:.2} s",
                model.patterns.len(),
                model.flags.len(),
                model.conflicts.len(),
                evaluated.as_secs_f64(),
                start.elapsed().as_secs_f64()
            ),
            Err(fatal) => {
                eprintln!("the pattern model failed: {} errors", fatal.0.error_count());
                std::process::exit(1);
            }
        }
        // Values live as long as the process, as in the CLI.
        std::mem::forget(eval);
    });
    worker.expect("a thread").join().expect("the evaluation");
}

fn usage(message: &str) -> ! {
    eprintln!("patterns: {message}\nusage: patterns [--llvm-version V] [-I DIR]... ROOT.td");
    std::process::exit(2)
}
