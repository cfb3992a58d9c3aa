//! `--print-enums --class C`: the names of the defs deriving from class C, each followed by
//! `, `, on one line (llvm-tblgen's TableGen.cpp `PrintEnums`).
use crate::{all_derived_definitions, AnyOption, Backend, BackendError, BackendOptions, Opt, Output};
use std::io::Write;
use tdq_core::Evaluation;

pub struct PrintEnums;

/// `--class`: the class whose defs are listed.
pub static CLASS: Opt<&str> = Opt {
    name: "class",
    help: "Print Enum list for this class",
    value_desc: "class name",
    category: "Options for -print-enums",
    default: "",
    since: tdq_core::Release::V19,
};

impl Backend for PrintEnums {
    fn name(&self) -> &'static str {
        "print-enums"
    }
    fn help(&self) -> &'static str {
        "Print enum values for a class"
    }
    fn options(&self) -> &'static [&'static dyn AnyOption] {
        static OPTIONS: [&dyn AnyOption; 1] = [&CLASS];
        &OPTIONS
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let mut s = String::new();
        for id in all_derived_definitions(input, options.get(&CLASS))? {
            s.push_str(&input.records.get(id).name_string());
            s.push_str(", ");
        }
        s.push('\n');
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}
