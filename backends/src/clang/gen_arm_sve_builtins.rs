//! `-gen-arm-sve-builtins` and `-gen-arm-sme-builtins` (`arm_sve_builtins.inc`,
//! `arm_sme_builtins.inc`): a builtin for each intrinsic's full name (not the overloaded short
//! forms), by name, with its type string and the features it needs, and for SVE the
//! reinterpret casts; as `TARGET_BUILTIN` lines in LLVM 19, from LLVM 20 as enumerators, a
//! string table and `Builtin::Info`s of offsets into it.

use super::gen_arm_sve_header::{reinterprets, Acle, TUPLES};
use crate::common::emit::StringToOffsetTable;
use crate::common::std_sort::std_sort_by;
use crate::{Backend, BackendError, BackendOptions, Output};
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::{ByRelease, Evaluation, Release};
use tdq_models::clang::sve_intrinsics::{sve_intrinsics, ClassKind, SveIntrinsic, SveNames};
use tdq_models::Fatal;

pub struct GenArmSveBuiltins;
pub struct GenArmSmeBuiltins;

/// How a release writes the builtins.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Form {
    /// `TARGET_BUILTIN(name, "type", "n", "guard")` (LLVM 19).
    XMacros,
    /// Enumerators, a string table and `Builtin::Info`s (LLVM 20).
    Tables,
}

const FORM: ByRelease<Form> = ByRelease { v19: Form::XMacros, v22: Form::Tables, v23: Form::Tables };

/// The intrinsics sorted by their full mangled names, as the builtin IDs are (`llvm::sort`).
pub(super) fn by_builtin_id(input: &Evaluation, names: &SveNames) -> Result<Vec<SveIntrinsic>, Fatal> {
    let mut defs = sve_intrinsics(input, names)?;
    let mut order: Vec<usize> = (0..defs.len()).collect();
    std_sort_by(&mut order, |&a, &b| defs[a].mangled_name(ClassKind::S) < defs[b].mangled_name(ClassKind::S));
    permute(&mut defs, &mut order);
    Ok(defs)
}

/// Puts `v[order[k]]` at `k` for every `k`, in place (no second vector of intrinsics at the
/// peak), cycle by cycle; `order` is used up.
fn permute<T>(v: &mut [T], order: &mut [usize]) {
    const DONE: usize = usize::MAX;
    for start in 0..v.len() {
        let mut k = start;
        while order[k] != DONE {
            let from = std::mem::replace(&mut order[k], DONE);
            if from == start {
                break;
            }
            v.swap(k, from);
            k = from;
        }
    }
}

/// A builtin: name (without its prefix), type string, features.
struct Builtin {
    name: String,
    type_string: String,
    guard: String,
}

/// The intrinsics' builtins, then (SVE) the reinterpret casts': all, and how many are the
/// intrinsics'.
fn builtins(input: &Evaluation, kind: Acle, release: Release) -> Result<(Vec<Builtin>, usize), Fatal> {
    let names = SveNames::new(input)?;
    let mut out = Vec::new();
    for i in by_builtin_id(input, &names)? {
        if i.class != ClassKind::G {
            out.push(Builtin {
                name: i.mangled_name(ClassKind::S).to_string(),
                type_string: i.builtin_type_str()?,
                guard: i.guard(),
            });
        }
    }
    let intrinsics = out.len();
    if kind == Acle::Sve {
        let types = reinterprets(release)?;
        let err = |e: tdq_models::clang::sve_types::TypeError| Fatal::new(&[], e.to_string());
        for (n, suffix) in TUPLES {
            for (to, to_suffix) in &types {
                for (from, from_suffix) in &types {
                    out.push(Builtin {
                        name: format!("reinterpret_{to_suffix}_{from_suffix}{suffix}"),
                        type_string: to.with_vectors(n).builtin_str().map_err(err)?
                            + &from.with_vectors(n).builtin_str().map_err(err)?,
                        guard: "sme|sve".to_string(),
                    });
                }
            }
        }
    }
    Ok((out, intrinsics))
}

fn emit(input: &Evaluation, kind: Acle, release: Release) -> Result<String, Fatal> {
    let (builtins, intrinsics) = builtins(input, kind, release)?;
    let (lower, upper) = (kind.lower(), kind.upper());
    let mut s = String::new();
    match FORM.get(release) {
        Form::XMacros => {
            let _ = writeln!(s, "#ifdef GET_{upper}_BUILTINS");
            for b in &builtins {
                let _ = writeln!(
                    s,
                    "TARGET_BUILTIN(__builtin_{lower}_{}, \"{}\", \"n\", \"{}\")",
                    b.name, b.type_string, b.guard
                );
            }
            s.push_str("#endif\n\n");
        }
        Form::Tables => {
            let mut table = StringToOffsetTable::starting_empty();
            table.get_or_add("n");
            let (intrinsics, casts) = builtins.split_at(intrinsics);
            for b in intrinsics {
                table.get_or_add(&b.name);
                table.get_or_add(&b.type_string);
                table.get_or_add(&b.guard);
            }
            if kind == Acle::Sve {
                table.get_or_add("sme|sve");
            }
            for b in casts {
                table.get_or_add(&b.name);
                table.get_or_add(&b.type_string);
            }
            let _ = writeln!(s, "#ifdef GET_{upper}_BUILTIN_ENUMERATORS");
            for b in &builtins {
                let _ = writeln!(s, "  BI__builtin_{lower}_{},", b.name);
            }
            let _ = write!(s, "#endif // GET_{upper}_BUILTIN_ENUMERATORS\n\n#ifdef GET_{upper}_BUILTIN_STR_TABLE\n");
            table.emit_string_table_def("BuiltinStrings", &mut s);
            let _ = write!(s, "#endif // GET_{upper}_BUILTIN_STR_TABLE\n\n#ifdef GET_{upper}_BUILTIN_INFOS\n");
            let offset = |t: &str| table.get(t).unwrap_or(0);
            for b in &builtins {
                let _ = writeln!(
                    s,
                    "    Builtin::Info{{Builtin::Info::StrOffsets{{{} /* {} */, {} /* {} */, {} /* n */, {} /* {} */}}, HeaderDesc::NO_HEADER, ALL_LANGUAGES}},",
                    offset(&b.name),
                    b.name,
                    offset(&b.type_string),
                    b.type_string,
                    offset("n"),
                    offset(&b.guard),
                    b.guard
                );
            }
            let _ = write!(s, "#endif // GET_{upper}_BUILTIN_INFOS\n\n");
        }
    }
    Ok(s)
}

impl Backend for GenArmSveBuiltins {
    fn name(&self) -> &'static str {
        "gen-arm-sve-builtins"
    }
    fn help(&self) -> &'static str {
        "Generate arm_sve_builtins.inc for clang"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        out.write_all(emit(input, Acle::Sve, options.release)?.as_bytes())?;
        Ok(())
    }
}

impl Backend for GenArmSmeBuiltins {
    fn name(&self) -> &'static str {
        "gen-arm-sme-builtins"
    }
    fn help(&self) -> &'static str {
        "Generate arm_sme_builtins.inc for clang"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        out.write_all(emit(input, Acle::Sme, options.release)?.as_bytes())?;
        Ok(())
    }
}
