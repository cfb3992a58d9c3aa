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
use tdq_core::release::Release;
use tdq_core::{evaluate, Options};

fn main() {
    let mut opts = Options::default();
    let mut backend_options = BackendOptions::default();
    let (mut root, mut action) = (None, None);
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "-I" => opts.include_dirs.extend(args.next()),
            "--action" => action = args.next(),
            "--bool" => match args.next() {
                Some(name) => {
                    let Some(backend) = action.as_deref().and_then(tdq_backends::find) else {
                        usage("--bool comes after --action")
                    };
                    let Some(option) = backend.options().iter().map(|o| o.declaration()).find(|o| o.name == name)
                    else {
                        usage(&format!("{} has no option {name}", backend.name()))
                    };
                    backend_options.values.insert(option.name, OptionValue::Bool(true));
                }
                None => usage("--bool takes an option's name"),
            },
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
    let Some(backend) = action.as_deref().and_then(tdq_backends::find) else { usage("no --action, or not a backend") };
    backend_options.release = opts.release;
    backend_options.input_filename = root.clone();
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
        let mut bytes = Vec::new();
        let mut out = Output::new(&mut bytes);
        let result = backend.emit(&eval, &backend_options, &mut out);
        let ran = start.elapsed();
        match result {
            Ok(()) => println!(
                "{}: {} bytes; evaluation {:.2} s, backend {:.2} s",
                backend.name(),
                bytes.len(),
                evaluated.as_secs_f64(),
                ran.as_secs_f64()
            ),
            Err(_) => {
                eprintln!("{} failed", backend.name());
                std::process::exit(1);
            }
        }
        // Values live as long as the process, as in the CLI.
        std::mem::forget(eval);
    });
    worker.expect("a thread").join().expect("the evaluation");
}

fn usage(message: &str) -> ! {
    eprintln!(
        "backend: {message}\nusage: backend [--llvm-version V] [-I DIR]... --action NAME [--bool OPTION]... ROOT.td"
    );
    std::process::exit(2)
}
