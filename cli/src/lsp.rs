//! `tdq lsp`: the language server (the tdq-lsp crate) on standard input and output, with the
//! release chosen as everywhere in tdq and workers started as `tdq lsp --worker`.

use clap::Args;

/// `tdq lsp`.
#[derive(Args, Debug)]
pub struct LspArgs {
    /// Evaluate as this LLVM release (else `TDQ_LLVM_VERSION`, tdq.toml's `llvm-version`, the
    /// LLVM tree the root is in, the newest).
    #[arg(long = "llvm-version", value_name = "19|22|23")]
    pub llvm_version: Option<String>,
    /// Standard input and output (the only transport; accepted because editors' clients pass it).
    #[arg(long)]
    pub stdio: bool,
    /// Run as one evaluation process of a server (the server starts these).
    #[arg(long, hide = true)]
    pub worker: bool,
}

/// Runs the server (or a worker); returns the exit status.
pub fn run(args: LspArgs) -> i32 {
    if args.worker {
        return tdq_lsp::worker::run();
    }
    let exe = match std::env::current_exe() {
        Ok(exe) => exe,
        Err(e) => {
            eprintln!("tdq: error: cannot find the tdq executable for the server's workers: {e}");
            return crate::exit_codes::FAILURE;
        }
    };
    let flag = args.llvm_version;
    if let Some(text) = &flag {
        if let Err(e) = crate::release::choose(Some(text), None, None) {
            eprintln!("tdq: error: {e}");
            return crate::exit_codes::USAGE;
        }
    }
    let config = tdq_lsp::ServerConfig {
        choose_release: Box::new(move |config, root| {
            crate::release::choose(flag.as_deref(), config, Some(root))
                .map(|chosen| (chosen.release, chosen.from))
                .map_err(|e| e.to_string())
        }),
        worker_command: vec![exe.into_os_string(), "lsp".into(), "--worker".into()],
    };
    tdq_lsp::server::run(config)
}
