//! Evaluates one root file and prints how many classes and defs it made: the evaluator alone,
//! without the CLI, the store or a backend, for profiling it. Only tdq-core and its few
//! dependencies build, so a profile with symbols is minutes away:
//!
//! ```sh
//! cargo build --profile profiling -p tdq-core --example evaluate
//! valgrind --tool=callgrind target/profiling/examples/evaluate --llvm-version 23 \
//!     -I include -I lib/Target/RISCV lib/Target/RISCV/RISCV.td
//! ```
//!
//! (`tdq tblgen --null-backend` is the same evaluation with tdq's allocator set-up, heap.rs.)
//!
//! `--census` then says where the memory is: the interned values by kind, the bytes their
//! interner holds, and the defs' fields, distinct (declaration, set-at) pairs, superclasses and
//! locations.

use tdq_core::release::Release;
use tdq_core::{evaluate, Options};

fn main() {
    let mut opts = Options::default();
    let mut root = None;
    let mut census = false;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--census" => census = true,
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
        let eval = evaluate(&root, text, &opts);
        let errors = eval.diags.error_count();
        println!("{} classes, {} defs, {errors} errors", eval.records.classes.len(), eval.records.defs.len());
        if census {
            let (kinds, bytes) = tdq_core::init::census();
            println!("values: {bytes} bytes held by the interner");
            for (kind, (n, slice)) in kinds {
                println!("  {kind:10} {n:9} nodes, {slice:10} bytes of elements");
            }
            let recs = &eval.records;
            let (mut fields, mut supers, mut locs) = (0, 0, 0);
            let mut sites = std::collections::HashSet::new();
            // A declaration is interned: its address identifies it.
            for id in recs.all_def_ids() {
                let r = recs.get(id);
                fields += r.values.len();
                for v in &r.values {
                    sites.insert((std::ptr::from_ref::<tdq_core::record::FieldDecl>(v), v.set_at()));
                }
                supers += r.superclasses.len();
                locs += r.locs.len();
            }
            println!("{} distinct (declaration, set_at)", sites.len());
            println!("defs: {fields} fields, {supers} superclasses, {locs} locations");
        }
        errors
    });
    match worker.map(|w| w.join()) {
        Ok(Ok(0)) => {}
        _ => std::process::exit(1),
    }
}

fn usage(message: &str) -> ! {
    eprintln!("evaluate: {message}\nusage: evaluate [--census] [--llvm-version V] [-I DIR]... ROOT.td");
    std::process::exit(2)
}
