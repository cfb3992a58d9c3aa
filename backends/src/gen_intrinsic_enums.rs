//! `--gen-intrinsic-enums [-intrinsic-prefix=P]`: the `Intrinsic::ID` values, of the
//! target-independent intrinsics (with `num_intrinsics` and the `ArgKind` values) or, with a
//! prefix, a complete header of one target's (LLVM's IntrinsicEmitter.cpp, enum half).

use crate::common::emit::{ifdef_block, include_guard, namespace, source_file_header};
use crate::common::intrinsics::{IntrinsicTable, TargetSet};
use crate::{AnyOption, Backend, BackendError, BackendOptions, Opt, Output};
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::{ByRelease, Evaluation};

pub struct GenIntrinsicEnums;

/// `-intrinsic-prefix`: the target whose intrinsics the header enumerates (none: the
/// target-independent ones).
pub static INTRINSIC_PREFIX: Opt<&str> = Opt {
    name: "intrinsic-prefix",
    help: "Generate intrinsics with this target prefix",
    value_desc: "target prefix",
    category: "Options for -gen-intrinsic-enums",
    default: "",
    since: tdq_core::Release::V19,
};

/// The banner of both intrinsic backends.
pub(crate) const BANNER: &str = "Intrinsic Function Source Fragment";

impl Backend for GenIntrinsicEnums {
    fn name(&self) -> &'static str {
        "gen-intrinsic-enums"
    }
    fn help(&self) -> &'static str {
        "Generate intrinsic enums"
    }
    fn options(&self) -> &'static [&'static dyn AnyOption] {
        static OPTIONS: [&dyn AnyOption; 1] = [&INTRINSIC_PREFIX];
        &OPTIONS
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let mut s = String::new();
        // LLVM 19 passes no records to the banner, so it names no input file.
        source_file_header(&mut s, BANNER, None);
        let table = IntrinsicTable::read(input, options.release, &mut out.diags)?;
        let prefix = options.get(&INTRINSIC_PREFIX);
        let form = FORM.get(options.release);
        if form.emitter_helpers {
            enum_info_helpers(input, &table, prefix, &mut s)?;
        } else {
            enum_info(input, &table, prefix, form, &mut s)?;
        }
        if prefix.is_empty() {
            match form.kind_enums {
                KindEnums::ArgKind => arg_kind(input, form, &mut s),
                KindEnums::AnyKindConstraints => any_kind_enums(input, &mut s),
            }
        }
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}

/// How a release writes the enums.
#[derive(Clone, Copy)]
struct Form {
    /// Each intrinsic's comment names its definition (`file:line`), comments end with a
    /// period, and a target's header opens one nested namespace (`llvm::Intrinsic`).
    names_definitions: bool,
    /// The sections are written by LLVM's shared emitters (`IfDefEmitter`,
    /// `IncludeGuardEmitter`, `NamespaceEmitter`), with their blank lines and `#undef`s.
    emitter_helpers: bool,
    /// Which kinds the target-independent header lists after the enum.
    kind_enums: KindEnums,
}

/// The kinds of overloaded types the target-independent header lists as enums.
#[derive(Clone, Copy)]
enum KindEnums {
    /// The fields of the `ArgKind` def as `AK_` values.
    ArgKind,
    /// The fields of the `AnyKindVectorConstraint` and `AnyKindElementConstraint` defs.
    AnyKindConstraints,
}

const FORM_19: Form = Form { names_definitions: false, emitter_helpers: false, kind_enums: KindEnums::ArgKind };
const FORM_22: Form = Form { names_definitions: true, ..FORM_19 };
const FORM: ByRelease<Form> = ByRelease {
    v19: FORM_19,
    v22: FORM_22,
    v23: Form { emitter_helpers: true, kind_enums: KindEnums::AnyKindConstraints, ..FORM_22 },
};

/// The target set of `prefix`, or LLVM's error listing the known ones.
fn target_set<'t>(table: &'t IntrinsicTable, prefix: &str) -> Result<&'t TargetSet, BackendError> {
    table.targets.iter().find(|t| t.name == prefix).ok_or_else(|| {
        let known: Vec<&str> = table.targets.iter().map(|t| t.name).filter(|n| !n.is_empty()).collect();
        let message = format!(
            "tried to generate intrinsics for unknown target {prefix}\nKnown targets are: {}\n",
            known.join(", ")
        );
        BackendError::fatal(&[], message)
    })
}

/// The enum's lines, one an intrinsic of `set`, naming their definitions.
fn enum_values(input: &Evaluation, table: &IntrinsicTable, set: &TargetSet, s: &mut String) {
    s.push_str("// Enum values for intrinsics.\n");
    for (i, intrinsic) in table.intrinsics[set.offset..set.offset + set.count].iter().enumerate() {
        let _ = write!(s, "    {}", intrinsic.enum_name);
        if i == 0 {
            let _ = write!(s, " = {}", set.offset + 1);
        }
        s.push_str(", ");
        for _ in intrinsic.enum_name.len()..40 {
            s.push(' ');
        }
        let loc = input.records.get(intrinsic.def).loc();
        let _ = writeln!(s, " // {} ({})", intrinsic.name, input.sm.json_loc(loc));
    }
}

/// `EmitEnumInfo` through the shared emitters ([`Form::emitter_helpers`]).
fn enum_info_helpers(
    input: &Evaluation,
    table: &IntrinsicTable,
    prefix: &str,
    s: &mut String,
) -> Result<(), BackendError> {
    let set = target_set(table, prefix)?;
    if prefix.is_empty() {
        ifdef_block(s, "GET_INTRINSIC_ENUM_VALUES", false, |s| {
            enum_values(input, table, set, s);
            let _ = writeln!(s, "    num_intrinsics = {}", table.intrinsics.len() + 1);
        });
    } else {
        let upper = prefix.to_ascii_uppercase();
        include_guard(s, &format!("LLVM_IR_INTRINSIC_{upper}_ENUMS_H"), |s| {
            namespace(s, "llvm::Intrinsic", |s| {
                let _ = writeln!(s, "enum {upper}Intrinsics : unsigned {{");
                enum_values(input, table, set, s);
                s.push_str("}; // enum\n");
            });
        });
    }
    Ok(())
}

/// `EmitAnyKindEnums`: the fields of the `AnyKindVectorConstraint` and
/// `AnyKindElementConstraint` defs as enums.
fn any_kind_enums(input: &Evaluation, s: &mut String) {
    ifdef_block(s, "GET_INTRINSIC_ANYKIND_ENUMS", false, |s| {
        for (name, prefix) in [("AnyKindVectorConstraint", "VC_"), ("AnyKindElementConstraint", "EC_")] {
            let _ = writeln!(s, "// llvm::Intrinsic::IITDescriptor::{name}");
            match input.records.def(name) {
                Some(def) => {
                    let _ = writeln!(s, "enum {name} {{");
                    for value in input.records.get(def).values.iter().filter(|v| !v.lost) {
                        let _ = writeln!(s, "  {prefix}{} = {},", value.name.unquoted(), value.value);
                    }
                    let _ = write!(s, "}}; // {name}\n\n");
                }
                None => {
                    let _ = writeln!(s, "#error \"{name} is not defined\"");
                }
            }
        }
    });
}

/// `EmitEnumInfo`: the enum values of the intrinsics of one target prefix.
fn enum_info(
    input: &Evaluation,
    table: &IntrinsicTable,
    prefix: &str,
    form: &Form,
    s: &mut String,
) -> Result<(), BackendError> {
    let set = target_set(table, prefix)?;
    let upper = prefix.to_ascii_uppercase();
    if prefix.is_empty() {
        s.push_str("#ifdef GET_INTRINSIC_ENUM_VALUES\n");
    } else if !form.names_definitions {
        let _ = write!(
            s,
            "#ifndef LLVM_IR_INTRINSIC_{upper}_ENUMS_H\n#define LLVM_IR_INTRINSIC_{upper}_ENUMS_H\n\n\
             namespace llvm {{\nnamespace Intrinsic {{\nenum {upper}Intrinsics : unsigned {{\n"
        );
    } else {
        let _ = write!(
            s,
            "#ifndef LLVM_IR_INTRINSIC_{upper}_ENUMS_H\n#define LLVM_IR_INTRINSIC_{upper}_ENUMS_H\n\
             namespace llvm::Intrinsic {{\nenum {upper}Intrinsics : unsigned {{\n"
        );
    }
    s.push_str(if form.names_definitions {
        "// Enum values for intrinsics.\n"
    } else {
        "// Enum values for intrinsics\n"
    });
    for (i, intrinsic) in table.intrinsics[set.offset..set.offset + set.count].iter().enumerate() {
        let _ = write!(s, "    {}", intrinsic.enum_name);
        // The first of a set gets its value, so that the ids of all sets are distinct.
        if i == 0 {
            let _ = write!(s, " = {}", set.offset + 1);
        }
        s.push_str(", ");
        for _ in intrinsic.enum_name.len()..40 {
            s.push(' ');
        }
        if form.names_definitions {
            let loc = input.records.get(intrinsic.def).loc();
            let _ = writeln!(s, " // {} ({})", intrinsic.name, input.sm.json_loc(loc));
        } else {
            let _ = writeln!(s, " // {}", intrinsic.name);
        }
    }
    if prefix.is_empty() {
        let _ = write!(s, "    num_intrinsics = {}\n#endif\n\n", table.intrinsics.len() + 1);
    } else if !form.names_definitions {
        s.push_str("}; // enum\n} // namespace Intrinsic\n} // namespace llvm\n\n#endif\n");
    } else {
        s.push_str("}; // enum\n} // namespace llvm::Intrinsic\n#endif\n\n");
    }
    Ok(())
}

/// `EmitArgKind`: the fields of the `ArgKind` def as `AK_` values.
fn arg_kind(input: &Evaluation, form: &Form, s: &mut String) {
    s.push_str(if form.names_definitions {
        "// llvm::Intrinsic::IITDescriptor::ArgKind.\n"
    } else {
        "// llvm::Intrinsic::IITDescriptor::ArgKind\n"
    });
    s.push_str("#ifdef GET_INTRINSIC_ARGKIND\n");
    match input.records.def("ArgKind") {
        Some(def) => {
            for value in input.records.get(def).values.iter().filter(|v| !v.lost) {
                let _ = writeln!(s, "    AK_{} = {},", value.name.unquoted(), value.value);
            }
        }
        None => s.push_str("#error \"ArgKind is not defined\"\n"),
    }
    s.push_str("#endif\n\n");
}
