//! Evaluates a root file once, snapshots it in memory, then loads the snapshot and runs one
//! backend on it again and again, each time on a fresh thread (values are interned per thread,
//! so every load starts from empty tables, as a command served by the evaluation cache does):
//! the cache-hit path of `tdq tblgen` and `tdq clang-tblgen` without the CLI or DataFusion, for
//! profiling it.
//!
//! ```sh
//! cargo build --profile profiling -p tdq-store --example snapshot
//! cd ../shared/corpus/llvm-23.1.1
//! perf record --call-graph dwarf target/profiling/examples/snapshot --llvm-version 23 -n 20 \
//!     --clang --action gen-clang-diags-enums --str clang-component=AST \
//!     -Iclang/include/clang/Basic -Iclang/include -Illvm/include clang/include/clang/Basic/Diagnostic.td
//! ```
//!
//! `--clang` takes the action from clang-tblgen's backends; `--str NAME=VALUE` sets a string
//! option (`-clang-component`); `-n N` loads N times (default 10); without `--action`, only the
//! loads.

use std::time::{Duration, Instant};
use tdq_backends::{AnyOption, Backend, BackendOptions, OptionValue, Output};

#[path = "../../core/examples/common/mod.rs"]
mod common;

fn main() {
    let usage =
        "snapshot [--llvm-version V] [-I DIR]... [--clang] [--action NAME] [--str OPTION=VALUE]... [-n N] ROOT.td";
    let fail = |message: &str| -> ! {
        eprintln!("snapshot: {message}\nusage: {usage}");
        std::process::exit(2)
    };
    let (mut action, mut clang, mut strs, mut runs) = (None, false, Vec::new(), 10usize);
    let command_line = common::CommandLine::parse(usage, |arg, rest| match arg {
        "--action" => {
            action = rest.next();
            true
        }
        "--clang" => {
            clang = true;
            true
        }
        "--str" => {
            strs.extend(rest.next());
            true
        }
        "-n" => {
            runs = rest.next().and_then(|n| n.parse().ok()).unwrap_or_else(|| fail("-n takes a number"));
            true
        }
        _ => false,
    });
    let backends = if clang { tdq_backends::clang::BACKENDS } else { tdq_backends::BACKENDS };
    let backend: Option<&'static dyn Backend> = match action.as_deref() {
        None => None,
        Some(name) => {
            Some(backends.iter().copied().find(|b| b.name() == name).unwrap_or_else(|| fail("not a backend")))
        }
    };
    let mut backend_options = BackendOptions {
        release: command_line.options.release,
        input_filename: command_line.root.clone(),
        ..BackendOptions::default()
    };
    let declared: Vec<_> = match clang {
        true => vec![tdq_backends::clang::CLANG_COMPONENT.declaration()],
        false => backend.iter().flat_map(|b| b.options().iter().map(|o| o.declaration())).collect(),
    };
    for setting in strs {
        let Some((name, value)) = setting.split_once('=') else { fail("--str takes NAME=VALUE") };
        let Some(option) = declared.iter().find(|o| o.name == name) else { fail(&format!("no option {name}")) };
        backend_options.values.insert(option.name, OptionValue::Str(value.to_string()));
    }
    let (root_path, root_text, include_dirs, key) = (
        command_line.root.clone(),
        command_line.text.clone(),
        command_line.options.include_dirs.clone(),
        "example".to_string(),
    );
    command_line.evaluate_then(move |eval, evaluated| {
        if !tdq_store::snapshot::can_snapshot(eval) {
            eprintln!("the evaluation said something: no snapshot");
            return 1;
        }
        let mut bytes = Vec::new();
        tdq_store::snapshot::write(eval, &key, &mut bytes).expect("written to memory");
        println!("evaluation {:.1} ms, snapshot {} bytes", evaluated.as_secs_f64() * 1e3, bytes.len());
        let (mut load, mut emit) = (Duration::ZERO, Duration::ZERO);
        for _ in 0..runs {
            let (bytes, root_path, root_text, include_dirs, key, backend_options) = (
                bytes.clone(),
                root_path.clone(),
                root_text.clone(),
                include_dirs.clone(),
                key.clone(),
                backend_options.clone(),
            );
            let run = std::thread::Builder::new().stack_size(1 << 30).spawn(move || {
                let start = Instant::now();
                let sources = tdq_store::snapshot::Sources {
                    root_path: &root_path,
                    root_text: &root_text,
                    include_dirs: &include_dirs,
                    max_file: u64::MAX,
                };
                let loaded = tdq_store::snapshot::load(bytes, &key, sources).expect("loaded");
                let loaded_at = Instant::now();
                if let Some(backend) = backend {
                    let mut out = Vec::new();
                    backend.emit(&loaded, &backend_options, &mut Output::new(&mut out)).expect("the backend ran");
                }
                std::mem::forget(loaded);
                (loaded_at - start, loaded_at.elapsed())
            });
            let (l, e) = run.expect("a thread").join().expect("no panic");
            load += l;
            emit += e;
        }
        let per = |d: Duration| d.as_secs_f64() * 1e3 / runs.max(1) as f64;
        println!("per run: load {:.2} ms, backend {:.2} ms", per(load), per(emit));
        0
    })
}
