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
//! interner holds, the string table's size, and the defs' fields, distinct (declaration, set-at)
//! pairs and (declaration, set-at, value) triples, superclasses and locations, and how many
//! fields have the value and site a superclass has.

mod common;

fn main() {
    let mut census = false;
    let usage = "evaluate [--census] [--llvm-version V] [-I DIR]... ROOT.td";
    let command_line = common::CommandLine::parse(usage, |arg, _| {
        census |= arg == "--census";
        arg == "--census"
    });
    command_line.evaluate_then(move |eval, _| {
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
            // Fields whose value and site are a superclass's own (what sharing a class's field
            // values with its defs would save), and defs whose fields all are.
            let (mut inherited, mut all_inherited) = (0, 0);
            let mut sites = std::collections::HashSet::new();
            // Distinct fields (declaration, set-at and value): what interning whole fields keeps.
            let mut fields_distinct = std::collections::HashSet::new();
            // A declaration is interned: its address identifies it.
            for id in recs.all_def_ids() {
                let r = recs.get(id);
                fields += r.values.len();
                for v in &r.values {
                    sites.insert((std::ptr::from_ref::<tdq_core::record::FieldDecl>(v), v.set_at()));
                    fields_distinct.insert((std::ptr::from_ref::<tdq_core::record::FieldDecl>(v), v.set_at(), v.value));
                }
                supers += r.superclasses.len();
                locs += r.locs.len();
                let mut same = 0;
                for v in &r.values {
                    let own = r.superclasses.iter().rev().find_map(|&(c, _)| recs.get(c).value(v.name));
                    if own.is_some_and(|c| c.value == v.value && c.set_at() == v.set_at() && c.ty == v.ty) {
                        same += 1;
                    }
                }
                inherited += same;
                all_inherited += usize::from(same == r.values.len());
            }
            println!("strings (entries, buckets, arena bytes): {:?}", tdq_core::intern::string_census());
            println!("{} distinct (declaration, set_at), {} with their value", sites.len(), fields_distinct.len());
            println!("defs: {fields} fields, {supers} superclasses, {locs} locations");
            println!("fields as a superclass has them: {inherited}; defs with only such fields: {all_inherited}");
        }
        i32::from(errors > 0)
    })
}
