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
use tdq_models::patterns::dag_patterns::DagPatterns;

#[path = "../../core/examples/common/mod.rs"]
mod common;

fn main() {
    let usage = "patterns [--llvm-version V] [-I DIR]... ROOT.td";
    common::CommandLine::parse(usage, |_, _| false).evaluate_then(|eval, evaluated| {
        if eval.diags.error_count() > 0 {
            eprintln!("{} errors in the evaluation", eval.diags.error_count());
            return 1;
        }
        let start = Instant::now();
        match DagPatterns::with_conflicts(eval) {
            Ok(model) => {
                println!(
                    "{} patterns, {} instructions' flags, {} conflicts; evaluation {:.2} s, pattern model {:.2} s",
                    model.patterns.len(),
                    model.flags.len(),
                    model.conflicts.len(),
                    evaluated.as_secs_f64(),
                    start.elapsed().as_secs_f64()
                );
                0
            }
            Err(fatal) => {
                eprintln!("the pattern model failed: {} errors", fatal.0.error_count());
                1
            }
        }
    })
}
