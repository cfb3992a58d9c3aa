//! `--gen-target-library-info` (LLVM 22 on): the library functions TargetLibraryInfo knows
//! (`TargetLibCall` defs, in definition order) as the `LibFunc` enum, their names as a string
//! table with offsets and sizes, and their signatures packed into one table of `FuncArgType`s
//! (LLVM's TargetLibraryInfoEmitter.cpp). LLVM 23 writes its sections with `IfDefEmitter`.

use crate::common::emit::{ifdef_block, source_file_header, SequenceToOffsetTable, StringToOffsetTable};
use crate::common::records::Fields;
use crate::{all_derived_definitions, Backend, BackendError, BackendOptions, Output};
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::types::RecId;
use tdq_core::{ByRelease, Evaluation};

pub struct GenTargetLibraryInfo;

impl Backend for GenTargetLibraryInfo {
    fn name(&self) -> &'static str {
        "gen-target-library-info"
    }
    fn help(&self) -> &'static str {
        "Generate TargetLibraryInfo"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<()> {
        let mut s = String::new();
        source_file_header(&mut s, "Target Library Info Source Fragment", Some(&options.input_filename));
        let emitter = Emitter {
            f: Fields { input },
            libcalls: definition_order(input, "TargetLibCall")?,
            if_def_emitter: *IF_DEF_EMITTER.get(options.release),
        };
        emitter.lib_func_enum(&mut s);
        emitter.string_table(&mut s)?;
        emitter.signature_table(input, &mut s)?;
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}

type Result<T> = std::result::Result<T, BackendError>;

/// The defs of a class in the order they were defined (LLVM's sort by `Record::getID`).
fn definition_order(input: &Evaluation, class: &str) -> Result<Vec<RecId>> {
    let mut defs = all_derived_definitions(input, class)?;
    defs.sort_unstable();
    Ok(defs)
}

struct Emitter<'a> {
    f: Fields<'a>,
    libcalls: Vec<RecId>,
    /// [`IF_DEF_EMITTER`] in the release.
    if_def_emitter: bool,
}

/// Sections are written as `IfDefEmitter` writes them (blank lines inside, a named `#endif`)
/// (LLVM 23). LLVM 19 has no `--gen-target-library-info`: its value is never read.
const IF_DEF_EMITTER: ByRelease<bool> = ByRelease { v19: false, v22: false, v23: true };

impl Emitter<'_> {
    /// A `#ifdef NAME` section in this release's form.
    fn section(&self, s: &mut String, name: &str, body: &str) {
        if self.if_def_emitter {
            ifdef_block(s, name, false, |s| s.push_str(body));
        } else {
            let _ = write!(s, "#ifdef {name}\n#undef {name}\n{body}#endif\n\n");
        }
    }

    fn lib_func_enum(&self, s: &mut String) {
        let mut body = String::from("enum LibFunc : unsigned {\n  NotLibFunc = 0,\n");
        for &libcall in &self.libcalls {
            let _ = writeln!(body, "  LibFunc_{},", self.f.name(libcall));
        }
        body.push_str("  NumLibFuncs,\n  End_LibFunc = NumLibFuncs,\n");
        match self.libcalls.first() {
            Some(&first) => {
                let _ = writeln!(body, "  Begin_LibFunc = LibFunc_{},", self.f.name(first));
            }
            None => body.push_str("  Begin_LibFunc = NotLibFunc,\n"),
        }
        body.push_str("};\n");
        self.section(s, "GET_TARGET_LIBRARY_INFO_ENUM", &body);
    }

    /// The names' string table (a static member of `TargetLibraryInfoImpl`), each name's
    /// offset and size, and the members' declarations.
    fn string_table(&self, s: &mut String) -> Result<()> {
        let mut names = Vec::with_capacity(self.libcalls.len());
        let mut table = StringToOffsetTable::starting_empty();
        for &libcall in &self.libcalls {
            let name = self.f.string(libcall, "String")?;
            table.get_or_add(name);
            names.push(name);
        }
        let count = names.len() + 1;
        let mut body = String::new();
        table.emit_string_table_def_of("TargetLibraryInfoImpl::", false, "StandardNamesStrTable", &mut body);
        let _ = write!(
            body,
            "\nconst llvm::StringTable::Offset TargetLibraryInfoImpl::StandardNamesOffsets[{count}] = {{\n  0, //\n"
        );
        for name in &names {
            let _ = writeln!(body, "  {}, // {name}", table.get(name).unwrap_or(0));
        }
        let _ = write!(body, "}};\nconst uint8_t TargetLibraryInfoImpl::StandardNamesSizeTable[{count}] = {{\n  0,\n");
        for name in &names {
            let _ = writeln!(body, "  {},", name.len());
        }
        body.push_str("};\n");
        self.section(s, "GET_TARGET_LIBRARY_INFO_STRING_TABLE", &body);
        let declarations = format!(
            "LLVM_ABI static const llvm::StringTable StandardNamesStrTable;\n\
             LLVM_ABI static const llvm::StringTable::Offset StandardNamesOffsets[{count}];\n\
             LLVM_ABI static const uint8_t StandardNamesSizeTable[{count}];\n"
        );
        self.section(s, "GET_TARGET_LIBRARY_INFO_IMPL_DECL", &declarations);
        Ok(())
    }

    /// A function's signature: its return type (if it has one) and argument types, by name.
    fn signature(&self, libcall: RecId) -> Result<Vec<String>> {
        let arguments = self.f.list(libcall, "ArgumentTypes")?;
        let mut signature = Vec::with_capacity(arguments.len() + 1);
        let return_type = self.f.init(libcall, "ReturnType")?;
        if let Some(def) = return_type.as_def() {
            signature.push(self.f.name(def).to_string());
        } else if !return_type.is_unset() {
            let message = format!(
                "Record `{}', field `ReturnType' does not have either a def initializer or '?'!",
                self.f.name(libcall)
            );
            return Err(BackendError::fatal(&self.f.input.records.get(libcall).locs, message));
        }
        let list = self.f.init(libcall, "ArgumentTypes")?;
        for index in 0..arguments.len() {
            signature.push(self.f.name(self.f.element_as_record(list, index)?).to_string());
        }
        Ok(signature)
    }

    /// The argument types as an enum, every signature packed into `SignatureTable`, and each
    /// function's offset in it.
    fn signature_table(&self, input: &Evaluation, s: &mut String) -> Result<()> {
        let arg_types = definition_order(input, "FuncArgType")?;
        let no_function = vec!["Void".to_owned()];
        let mut signatures = Vec::with_capacity(self.libcalls.len());
        let mut table = SequenceToOffsetTable::default();
        table.add(&no_function);
        for &libcall in &self.libcalls {
            let signature = self.signature(libcall)?;
            table.add(&signature);
            signatures.push(signature);
        }
        table.layout();
        let mut body = String::from("enum FuncArgTypeID : char {\n  NoFuncArgType = 0,\n");
        for arg_type in arg_types {
            let _ = writeln!(body, "  {},", self.f.name(arg_type));
        }
        body.push_str("};\nstatic const FuncArgTypeID SignatureTable[] = {\n");
        table.emit(&mut body, |out, name: &String| out.push_str(name), "NoFuncArgType");
        let _ = write!(body, "}};\nstatic const uint16_t SignatureOffset[] = {{\n  {}, //\n", table.get(&no_function));
        for (&libcall, signature) in self.libcalls.iter().zip(&signatures) {
            let _ = writeln!(body, "  {}, // {}", table.get(signature), self.f.name(libcall));
        }
        body.push_str("};\n");
        self.section(s, "GET_TARGET_LIBRARY_INFO_SIGNATURE_TABLE", &body);
        Ok(())
    }
}
