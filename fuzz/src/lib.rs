//! What the fuzz targets share: limits small enough that every input runs in milliseconds, and
//! the evaluation stack of the `tdq` binary.

#![forbid(unsafe_code)]

use tdq_core::limits::{Limit, Limits};

/// The `tdq` binary evaluates on a thread with this stack (cli/src/main.rs); so do the targets,
/// so that the default nesting limit is checked against the stack it was chosen for.
pub const EVALUATION_STACK: usize = 1 << 30;

/// The default limits, with those that bound time lowered: a slow input is not a finding here
/// (the limits' defaults bound it), and slow inputs would make the fuzzer slow.
pub fn fuzz_limits() -> Limits {
    let mut limits = Limits::default();
    for (limit, n) in [
        (Limit::Records, 10_000),
        (Limit::ListSize, 100_000),
        (Limit::StringSize, 1 << 20),
        (Limit::ForeachIterations, 100_000),
        (Limit::ValueSize, 1 << 22),
        (Limit::FileSize, 1 << 20),
    ] {
        limits.set(limit, n);
    }
    limits
}

/// The options of every evaluation: no `-I` (the fuzzer runs in a scratch directory, so
/// `include`s of corpus paths find nothing), one `-D`, the fuzz limits.
pub fn options() -> tdq_core::Options {
    tdq_core::Options { defines: vec!["FUZZ".to_string()], limits: fuzz_limits(), ..Default::default() }
}

/// Runs `f` on a thread with [`EVALUATION_STACK`]; a panic there goes on here (libFuzzer's
/// panic hook has already aborted the process by then).
pub fn on_evaluation_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    let worker = std::thread::Builder::new().stack_size(EVALUATION_STACK).spawn(f).expect("spawn");
    match worker.join() {
        Ok(v) => v,
        Err(p) => std::panic::resume_unwind(p),
    }
}

/// Evaluates `text` as the file `fuzz.td` on the evaluation stack and renders its diagnostics,
/// then hands the evaluation to `then` (on that stack too: values are interned per thread).
pub fn evaluate(text: Vec<u8>, then: impl FnOnce(&tdq_core::Evaluation) + Send + 'static) {
    on_evaluation_stack(move || {
        let eval = tdq_core::evaluate("fuzz.td", text, &options());
        for d in &eval.diags.list {
            let _ = tdq_core::diag::render_bytes(&eval.sm, d);
        }
        then(&eval);
    });
}
