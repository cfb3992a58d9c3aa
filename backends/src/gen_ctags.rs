//! `--gen-ctags`: a ctags(1) index of every class (and its forward declarations) and def, as
//! `name<TAB>file<TAB>line`, sorted (LLVM's CTagsEmitter.cpp).

use crate::{Backend, BackendError, BackendOptions, Output};
use std::io::{BufWriter, Write};
use tdq_core::{Evaluation, Loc};

pub struct CTags;

impl Backend for CTags {
    fn name(&self) -> &'static str {
        "gen-ctags"
    }
    fn help(&self) -> &'static str {
        "Generate ctags-compatible index"
    }
    fn emit(&self, input: &Evaluation, _: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let rk = &input.records;
        let mut tags: Vec<(&str, &str, u32)> = Vec::with_capacity(rk.classes.len() + rk.defs.len());
        let tag_of = |name, loc: Loc| (name, input.sm.path(loc), input.sm.line_col(loc).0);
        for (name, &id) in &rk.classes {
            let class = rk.get(id);
            tags.push(tag_of(*name, class.loc()));
            for &loc in &class.forward_decl_locs {
                tags.push(tag_of(*name, loc));
            }
        }
        for (name, &id) in &rk.defs {
            tags.push(tag_of(*name, rk.get(id).loc()));
        }
        tags.sort_unstable();
        let mut w = BufWriter::with_capacity(1 << 16, out);
        w.write_all(b"!_TAG_FILE_FORMAT\t1\t/original ctags format/\n")?;
        w.write_all(b"!_TAG_FILE_SORTED\t1\t/0=unsorted, 1=sorted, 2=foldcase/\n")?;
        for (name, file, line) in tags {
            writeln!(w, "{name}\t{file}\t{line}")?;
        }
        w.flush()?;
        Ok(())
    }
}
