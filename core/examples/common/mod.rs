//! What the profiling examples share (`core/examples/evaluate.rs`, and, included by path,
//! `models/examples/patterns.rs` and `backends/examples/backend.rs`): the command line of an
//! evaluation and a thread to evaluate on.

use std::time::{Duration, Instant};
use tdq_core::release::Release;
use tdq_core::{evaluate, Evaluation, Options};

/// An example's command line: `[--llvm-version V] [-I DIR]... ROOT.td` and the example's own
/// arguments, which `own` takes (it returns false for one it does not know).
pub struct CommandLine {
    pub options: Options,
    pub root: String,
    pub text: Vec<u8>,
}

impl CommandLine {
    pub fn parse(usage: &str, mut own: impl FnMut(&str, &mut dyn Iterator<Item = String>) -> bool) -> CommandLine {
        let fail = |message: &str| -> ! {
            eprintln!("{message}\nusage: {usage}");
            std::process::exit(2)
        };
        let mut options = Options::default();
        let mut root = None;
        let mut args = std::env::args().skip(1);
        while let Some(arg) = args.next() {
            match arg.as_str() {
                "-I" => options.include_dirs.extend(args.next()),
                "--llvm-version" => match args.next().as_deref().map(Release::parse) {
                    Some(Ok(release)) => options.release = release,
                    _ => fail("--llvm-version takes 19, 22 or 23"),
                },
                _ if arg.starts_with("-I") => options.include_dirs.push(arg[2..].to_string()),
                _ if own(&arg, &mut args) => {}
                _ if root.is_none() && !arg.starts_with('-') => root = Some(arg),
                _ => fail(&format!("unexpected argument '{arg}'")),
            }
        }
        let Some(root) = root else { fail("no root file") };
        let text = std::fs::read(&root).unwrap_or_else(|e| fail(&format!("{root}: {e}")));
        CommandLine { options, root, text }
    }

    /// Evaluates the root on a thread with the CLI's 1 GiB stack (a deep value recurses
    /// deeply) and runs `then` there with the evaluation and how long it took; the evaluation
    /// is kept for the life of the process, as in the CLI. The process exits with `then`'s
    /// status.
    pub fn evaluate_then(self, then: impl FnOnce(&Evaluation, Duration) -> i32 + Send + 'static) -> ! {
        let worker = std::thread::Builder::new().stack_size(1 << 30).spawn(move || {
            let start = Instant::now();
            let eval = evaluate(&self.root, self.text, &self.options);
            let status = then(&eval, start.elapsed());
            std::mem::forget(eval);
            status
        });
        match worker.map(|w| w.join()) {
            Ok(Ok(status)) => std::process::exit(status),
            _ => std::process::exit(1),
        }
    }
}
