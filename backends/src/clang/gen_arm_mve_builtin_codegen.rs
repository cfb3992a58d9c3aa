//! `-gen-arm-mve-builtin-codegen` and `-gen-arm-cde-builtin-codegen` (`arm_mve_builtin_cg.inc`,
//! `arm_cde_builtin_cg.inc`): CGBuiltin.cpp's code for each builtin, the builtins whose code
//! differs only in types and constants sharing one `case` that sets those values in an inner
//! switch. Pass 1 writes every intrinsic's code with every type and constant a parameter and
//! groups by that; pass 2 keeps only the parameters whose values differ within a group (one
//! variable for those that always agree) and writes the code again. LLVM 20 casts each value
//! to its parameter's type.

use crate::{Backend, BackendError, BackendOptions, Output};
use std::cmp::Ordering;
use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::{ByRelease, Evaluation};
use tdq_models::clang::mve_intrinsics::{AcleIntrinsic, MveModel, ParamAllocator};
use tdq_models::Fatal;

pub struct GenArmMveBuiltinCodegen;
pub struct GenArmCdeBuiltinCodegen;

/// A parameter's value is `static_cast` to its type (LLVM 20).
const CASTS_VALUES: ByRelease<bool> = ByRelease { v19: false, v22: true, v23: true };

/// `ComparableStringVector`: shorter first, then element by element.
#[derive(PartialEq, Eq, Clone, Default)]
struct Strings(Vec<String>);

impl Ord for Strings {
    fn cmp(&self, other: &Self) -> Ordering {
        self.0.len().cmp(&other.0.len()).then_with(|| self.0.cmp(&other.0))
    }
}

impl PartialOrd for Strings {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// `MergeableGroup`: the code intrinsics share and the types of its parameters.
#[derive(PartialEq, Eq, PartialOrd, Ord)]
struct Group {
    code: String,
    types: Strings,
}

/// A group's intrinsics by name, with their parameters' values.
type Members<'a> = BTreeMap<&'a str, (&'a AcleIntrinsic, Vec<String>)>;

fn emit(input: &Evaluation, options: &BackendOptions) -> Result<String, Fatal> {
    let model = MveModel::new(input, options.release)?;
    let rules = &model.rules;
    let mut prelim: BTreeMap<Group, Members> = BTreeMap::new();
    for i in model.intrinsics.values().filter(|i| !i.header_only) {
        let mut alloc = ParamAllocator::new(None);
        let code = i.gen_code(&mut alloc, false, rules)?;
        prelim.entry(Group { code, types: Strings(alloc.types) }).or_default().insert(&i.full_name, (i, alloc.values));
    }

    let mut groups: BTreeMap<Group, Members> = BTreeMap::new();
    for (group, members) in &prelim {
        let mut numbers: Vec<i32> = Vec::new();
        let mut by_values: HashMap<Vec<&str>, i32> = HashMap::new();
        let first = members.values().next().map(|(_, v)| v);
        for (p, ty) in group.types.0.iter().enumerate() {
            if members.values().all(|(_, v)| v.get(p) == first.and_then(|f| f.get(p))) {
                numbers.push(-1);
                continue;
            }
            let mut key = vec![ty.as_str()];
            key.extend(members.values().map(|(_, v)| v[p].as_str()));
            let next = by_values.len() as i32;
            numbers.push(*by_values.entry(key).or_insert(next));
        }
        for (&name, &(i, _)) in members {
            let mut alloc = ParamAllocator::new(Some(&numbers));
            let code = i.gen_code(&mut alloc, true, rules)?;
            groups.entry(Group { code, types: Strings(alloc.types) }).or_default().insert(name, (i, alloc.values));
        }
    }

    let casts = *CASTS_VALUES.get(options.release);
    let mut s = String::new();
    for (group, members) in &groups {
        let cases: Vec<String> = members
            .iter()
            .map(|(name, (i, _))| format!("case ARM::BI__builtin_arm_{}_{name}:", i.builtin_extension))
            .collect();
        s.push_str(&cases.join("\n"));
        s.push_str(" {\n");
        if !group.types.0.is_empty() {
            for (p, ty) in group.types.0.iter().enumerate() {
                let space = if ty.ends_with('*') { "" } else { " " };
                let _ = writeln!(s, "  {ty}{space} Param{p};");
            }
            s.push_str("  switch (BuiltinID) {\n");
            for (name, (i, values)) in members {
                let _ = writeln!(s, "  case ARM::BI__builtin_arm_{}_{name}:", i.builtin_extension);
                for (p, value) in values.iter().enumerate() {
                    if casts {
                        let _ = writeln!(s, "    Param{p} = static_cast<{}>({value});", group.types.0[p]);
                    } else {
                        let _ = writeln!(s, "    Param{p} = {value};");
                    }
                }
                s.push_str("    break;\n");
            }
            s.push_str("  }\n");
        }
        s.push_str(&group.code);
        s.push_str("}\n");
    }
    Ok(s)
}

impl Backend for GenArmMveBuiltinCodegen {
    fn name(&self) -> &'static str {
        "gen-arm-mve-builtin-codegen"
    }
    fn help(&self) -> &'static str {
        "Generate ARM MVE builtin code-generator for clang"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        out.write_all(emit(input, options)?.as_bytes())?;
        Ok(())
    }
}

impl Backend for GenArmCdeBuiltinCodegen {
    fn name(&self) -> &'static str {
        "gen-arm-cde-builtin-codegen"
    }
    fn help(&self) -> &'static str {
        "Generate ARM CDE builtin code-generator for clang"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        out.write_all(emit(input, options)?.as_bytes())?;
        Ok(())
    }
}
