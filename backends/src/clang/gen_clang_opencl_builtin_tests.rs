//! `-gen-clang-opencl-builtin-tests`: a test function calling every OpenCL builtin for each of
//! its signatures (generic types expanded), numbered, under the guards the header has.

use super::gen_clang_opencl_builtin_header::{emit_builtin, EXTENSION_SETUP};
use crate::common::emit::source_file_header;
use crate::{Backend, BackendError, BackendOptions, Output};
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::Evaluation;
use tdq_models::clang::opencl_builtins::{declarations, DeclarationFile};

pub struct GenClangOpenclBuiltinTests;

impl Backend for GenClangOpenclBuiltinTests {
    fn name(&self) -> &'static str {
        "gen-clang-opencl-builtin-tests"
    }
    fn help(&self) -> &'static str {
        "Generate OpenCL builtin declaration tests"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let builtins = declarations(input, DeclarationFile::Tests)?;
        let mut s = String::new();
        source_file_header(&mut s, "OpenCL Builtin exhaustive testing", Some(&options.input_filename));
        s.push_str(EXTENSION_SETUP);
        let mut test = 0u32;
        for b in &builtins {
            let _ = writeln!(s, "// Test {}", b.name);
            emit_builtin(b, &mut s, |d, s| {
                let params: Vec<String> =
                    d.types[1..].iter().enumerate().map(|(i, ty)| format!("{ty} arg{}", i + 1)).collect();
                let _ = writeln!(s, "{} test{test}_{}({}) {{", d.types[0], b.name, params.join(", "));
                let ret = if d.types[0] == "void" { "" } else { "return " };
                let args: Vec<String> = (1..d.types.len()).map(|i| format!("arg{i}")).collect();
                let _ = write!(s, "  {ret}{}({});\n}}\n", b.name, args.join(", "));
                test = test.wrapping_add(1);
            });
        }
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}
