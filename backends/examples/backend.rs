//! Evaluates a root file and runs one backend on it, its output counted and dropped: a backend
//! without the CLI, the store or DataFusion, for profiling it. Only tdq-core, tdq-models and
//! tdq-backends build, so a profile with symbols is minutes away:
//!
//! ```sh
//! cargo build --profile profiling -p tdq-backends --example backend
//! perf record --call-graph dwarf target/profiling/examples/backend --llvm-version 22 \
//!     --action gen-dag-isel --bool omit-comments -I include -I lib/Target/X86 lib/Target/X86/X86.td
//! ```
//!
//! `--bool NAME` sets a backend's boolean option (`-omit-comments`); the others keep their
//! defaults.

use std::time::Instant;
use tdq_backends::{BackendOptions, OptionValue, Output};

#[path = "../../core/examples/common/mod.rs"]
mod common;

fn main() {
    let usage = "backend [--llvm-version V] [-I DIR]... --action NAME [--bool OPTION]... ROOT.td";
    let fail = |message: &str| -> ! {
        eprintln!("backend: {message}\nusage: {usage}");
        std::process::exit(2)
    };
    let mut action = None;
    let mut bools = Vec::new();
    let command_line = common::CommandLine::parse(usage, |arg, rest| match arg {
        "--action" => {
            action = rest.next();
            true
        }
        "--bool" => {
            bools.extend(rest.next());
            true
        }
        _ => false,
    });
    let Some(backend) = action.as_deref().and_then(tdq_backends::find) else { fail("no --action, or not a backend") };
    let mut backend_options = BackendOptions {
        release: command_line.options.release,
        input_filename: command_line.root.clone(),
        ..BackendOptions::default()
    };
    for name in bools {
        let Some(option) = backend.options().iter().map(|o| o.declaration()).find(|o| o.name == name) else {
            fail(&format!("{} has no option {name}", backend.name()))
        };
        backend_options.values.insert(option.name, OptionValue::Bool(true));
    }
    command_line.evaluate_then(move |eval, evaluated| {
        if eval.diags.error_count() > 0 {
            eprintln!("{} errors in the evaluation", eval.diags.error_count());
            return 1;
        }
        let start = Instant::now();
        let mut bytes = Vec::new();
        let result = backend.emit(eval, &backend_options, &mut Output::new(&mut bytes));
        if result.is_err() {
            eprintln!("{} failed", backend.name());
            return 1;
        }
        println!(
            "{}: {} bytes; evaluation {:.2} s, backend {:.2} s",
            backend.name(),
            bytes.len(),
            evaluated.as_secs_f64(),
            start.elapsed().as_secs_f64()
        );
        0
    })
}
