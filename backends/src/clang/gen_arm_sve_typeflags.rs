//! `-gen-arm-sve-typeflags` (`arm_sve_typeflags.inc`): the constants of SVE's type flags and
//! the enumerators of its element, memory element and merge types (and, in LLVM 19, of its
//! immediate checks), each table in its `StringMap`'s order.

use crate::common::string_map::string_map_order;
use crate::{Backend, BackendError, BackendOptions, Output};
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::{ByRelease, Evaluation, Release};
use tdq_models::records::{derived_definitions, Fatal};
use tdq_models::Fields;

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

/// The `Value` of each def of `class` by its name, in `StringMap` order.
fn table(f: Fields, release: Release, class: &str) -> Result<Vec<(String, u64)>, Fatal> {
    let mut values = std::collections::HashMap::new();
    let mut names = Vec::new();
    for &rec in derived_definitions(f.input, class)?.iter() {
        let name = f.input.records.get(rec).name_string();
        values.insert(name.clone(), f.int(rec, "Value")? as u64);
        names.push(name);
    }
    Ok(string_map_order(release, names.iter().map(String::as_str))
        .into_iter()
        .map(|n| (n.to_string(), values[n]))
        .collect())
}

impl SveTables {
    pub(super) fn new(input: &Evaluation, release: Release) -> Result<SveTables, Fatal> {
        let f = Fields { input };
        let elt_types = table(f, release, "EltType")?;
        let mem_elt_types = table(f, release, "MemEltType")?;
        let flag_types = table(f, release, "FlagType")?;
        let merge_types = table(f, release, "MergeType")?;
        let imm_check_types = table(f, release, "ImmCheckType")?;
        Ok(SveTables { flag_types, elt_types, mem_elt_types, merge_types, imm_check_types })
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
