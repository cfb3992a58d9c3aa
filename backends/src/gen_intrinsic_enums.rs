//! `--gen-intrinsic-enums [-intrinsic-prefix=P]`: the `Intrinsic::ID` values, of the
//! target-independent intrinsics (with `num_intrinsics` and the `ArgKind` values) or, with a
//! prefix, a complete header of one target's (LLVM's IntrinsicEmitter.cpp, enum half).

use crate::common::emit::source_file_header;
use crate::common::intrinsics::IntrinsicTable;
use crate::{Backend, BackendError, BackendOption, BackendOptions, OptionKind, Output};
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::{Evaluation, Release};

pub struct GenIntrinsicEnums;

/// The banner of both intrinsic backends.
pub(crate) const BANNER: &str = "Intrinsic Function Source Fragment";

impl Backend for GenIntrinsicEnums {
    fn name(&self) -> &'static str {
        "gen-intrinsic-enums"
    }
    fn help(&self) -> &'static str {
        "Generate intrinsic enums"
    }
    fn options(&self) -> &'static [BackendOption] {
        &[BackendOption {
            name: "intrinsic-prefix",
            kind: OptionKind::Str,
            help: "Generate intrinsics with this target prefix",
            value_desc: "target prefix",
            category: "Options for -gen-intrinsic-enums",
        }]
    }
    fn emit(
        &self,
        input: &Evaluation,
        options: &BackendOptions,
        out: &mut Output,
    ) -> Result<(), BackendError> {
        let mut s = String::new();
        // LLVM 19 passes no records to the banner, so it names no input file.
        source_file_header(&mut s, BANNER, None);
        let table = IntrinsicTable::read(input)?;
        let prefix = options.str("intrinsic-prefix");
        let form = if options.release >= Release::V22 {
            Form::Llvm22
        } else {
            Form::Llvm19
        };
        enum_info(input, &table, prefix, form, &mut s)?;
        if prefix.is_empty() {
            arg_kind(input, form, &mut s);
        }
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}

/// How a release writes the enums: LLVM 22 names each intrinsic's definition (`file:line`),
/// uses one nested namespace and ends comments with a period.
#[derive(Clone, Copy, PartialEq)]
enum Form {
    Llvm19,
    Llvm22,
}

/// `EmitEnumInfo`: the enum values of the intrinsics of one target prefix.
fn enum_info(
    input: &Evaluation,
    table: &IntrinsicTable,
    prefix: &str,
    form: Form,
    s: &mut String,
) -> Result<(), BackendError> {
    let Some(set) = table.targets.iter().find(|t| t.name == prefix) else {
        let known: Vec<&str> = table
            .targets
            .iter()
            .map(|t| t.name)
            .filter(|n| !n.is_empty())
            .collect();
        let message = format!(
            "tried to generate intrinsics for unknown target {prefix}\nKnown targets are: {}\n",
            known.join(", ")
        );
        return Err(BackendError::fatal(&[], message));
    };
    let upper = prefix.to_ascii_uppercase();
    if prefix.is_empty() {
        s.push_str("#ifdef GET_INTRINSIC_ENUM_VALUES\n");
    } else if form == Form::Llvm19 {
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
    s.push_str(if form == Form::Llvm19 {
        "// Enum values for intrinsics\n"
    } else {
        "// Enum values for intrinsics.\n"
    });
    for (i, intrinsic) in table.intrinsics[set.offset..set.offset + set.count]
        .iter()
        .enumerate()
    {
        let _ = write!(s, "    {}", intrinsic.enum_name);
        // The first of a set gets its value, so that the ids of all sets are distinct.
        if i == 0 {
            let _ = write!(s, " = {}", set.offset + 1);
        }
        s.push_str(", ");
        for _ in intrinsic.enum_name.len()..40 {
            s.push(' ');
        }
        match form {
            Form::Llvm19 => {
                let _ = writeln!(s, " // {}", intrinsic.name);
            }
            Form::Llvm22 => {
                let loc = input.records.get(intrinsic.def).loc();
                let _ = writeln!(s, " // {} ({})", intrinsic.name, input.sm.json_loc(loc));
            }
        }
    }
    if prefix.is_empty() {
        let _ = write!(
            s,
            "    num_intrinsics = {}\n#endif\n\n",
            table.intrinsics.len() + 1
        );
    } else if form == Form::Llvm19 {
        s.push_str("}; // enum\n} // namespace Intrinsic\n} // namespace llvm\n\n#endif\n");
    } else {
        s.push_str("}; // enum\n} // namespace llvm::Intrinsic\n#endif\n\n");
    }
    Ok(())
}

/// `EmitArgKind`: the fields of the `ArgKind` def as `AK_` values.
fn arg_kind(input: &Evaluation, form: Form, s: &mut String) {
    s.push_str(if form == Form::Llvm19 {
        "// llvm::Intrinsic::IITDescriptor::ArgKind\n"
    } else {
        "// llvm::Intrinsic::IITDescriptor::ArgKind.\n"
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
