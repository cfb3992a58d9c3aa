//! `-gen-arm-sve-typeflags` (`arm_sve_typeflags.inc`): the constants of SVE's type flags and
//! the enumerators of its element, memory element and merge types (and, in LLVM 19, of its
//! immediate checks), each table in its `StringMap`'s order.

use crate::common::string_map::string_map_order;
use crate::{Backend, BackendError, BackendOptions, Output};
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::{ByRelease, Evaluation, Release};
use tdq_models::clang::sve_intrinsics::{NamedValues, SveNames};
use tdq_models::Fatal;

pub struct GenArmSveTypeflags;

/// The named values the SVE emitter reads first (`SVEEmitter`'s constructor): each table by
/// its name, as `StringMap<uint64_t>` holds and iterates it.
pub(super) struct SveTables {
    pub flag_types: Vec<(String, u64)>,
    pub elt_types: Vec<(String, u64)>,
    pub mem_elt_types: Vec<(String, u64)>,
    pub merge_types: Vec<(String, u64)>,
    pub imm_check_types: Vec<(String, u64)>,
}

/// A table's names and values in `StringMap` order.
fn ordered(release: Release, table: &NamedValues) -> Vec<(String, u64)> {
    string_map_order(release, table.names.iter().map(String::as_str))
        .into_iter()
        .map(|n| (n.to_string(), table.values[n]))
        .collect()
}

impl SveTables {
    pub(super) fn new(input: &Evaluation, release: Release) -> Result<SveTables, Fatal> {
        let names = SveNames::new(input)?;
        Ok(SveTables {
            flag_types: ordered(release, &names.flag_types),
            elt_types: ordered(release, &names.elt_types),
            mem_elt_types: ordered(release, &names.mem_elt_types),
            merge_types: ordered(release, &names.merge_types),
            imm_check_types: ordered(release, &names.imm_check_types),
        })
    }
}

/// `  Name = value,` for each entry, in an `#ifdef` section.
pub(super) fn enumerators(s: &mut String, section: &str, entries: &[(String, u64)]) {
    let _ = writeln!(s, "#ifdef {section}");
    for (name, value) in entries {
        let _ = writeln!(s, "  {name} = {value},");
    }
    s.push_str("#endif\n\n");
}

/// Whether the immediate checks are listed here (LLVM 19) or by `-gen-arm-immcheck-types`.
const IMM_CHECKS_HERE: ByRelease<bool> = ByRelease { v19: true, v22: false, v23: false };

impl Backend for GenArmSveTypeflags {
    fn name(&self) -> &'static str {
        "gen-arm-sve-typeflags"
    }
    fn help(&self) -> &'static str {
        "Generate arm_sve_typeflags.inc for clang"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let tables = SveTables::new(input, options.release)?;
        let mut s = String::from("#ifdef LLVM_GET_SVE_TYPEFLAGS\n");
        for (name, value) in &tables.flag_types {
            let _ = writeln!(s, "const uint64_t {name} = {value};");
        }
        s.push_str("#endif\n\n");
        enumerators(&mut s, "LLVM_GET_SVE_ELTTYPES", &tables.elt_types);
        enumerators(&mut s, "LLVM_GET_SVE_MEMELTTYPES", &tables.mem_elt_types);
        enumerators(&mut s, "LLVM_GET_SVE_MERGETYPES", &tables.merge_types);
        if *IMM_CHECKS_HERE.get(options.release) {
            enumerators(&mut s, "LLVM_GET_SVE_IMMCHECKTYPES", &tables.imm_check_types);
        }
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}
