//! `--print-enums --class C`: the names of the defs deriving from class C, each followed by
//! `, `, on one line (llvm-tblgen's TableGen.cpp `PrintEnums`).
use crate::{all_derived_definitions, Backend, BackendError, BackendOption, BackendOptions, OptionKind, Output};
use std::io::Write;
use tdq_core::Evaluation;

pub struct PrintEnums;

impl Backend for PrintEnums {
    fn name(&self) -> &'static str {
        "print-enums"
    }
    fn help(&self) -> &'static str {
        "Print enum values for a class"
    }
    fn options(&self) -> &'static [BackendOption] {
        &[BackendOption {
            name: "class",
            kind: OptionKind::Str,
            help: "Print Enum list for this class",
            value_desc: "class name",
            category: "Options for -print-enums",
        }]
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let mut s = String::new();
        for id in all_derived_definitions(input, options.str("class"))? {
            s.push_str(&input.records.get(id).name_string());
            s.push_str(", ");
        }
        s.push('\n');
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}
