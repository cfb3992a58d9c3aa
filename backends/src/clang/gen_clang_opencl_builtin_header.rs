//! `-gen-clang-opencl-builtin-header`: a prototype of every OpenCL builtin for each of its
//! signatures (generic types expanded), under its extension, version and type extension
//! guards; [`emit_builtin`], which `-gen-clang-opencl-builtin-tests` shares, prints one
//! builtin's guards around what either file writes per signature.

use crate::common::emit::source_file_header;
use crate::{Backend, BackendError, BackendOptions, Output};
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::Evaluation;
use tdq_models::clang::opencl_builtins::{declarations, BuiltinDeclarations, Declaration, DeclarationFile};

pub struct GenClangOpenclBuiltinHeader;

impl Backend for GenClangOpenclBuiltinHeader {
    fn name(&self) -> &'static str {
        "gen-clang-opencl-builtin-header"
    }
    fn help(&self) -> &'static str {
        "Generate OpenCL builtin header"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let builtins = declarations(input, DeclarationFile::Header)?;
        let mut s = String::new();
        source_file_header(&mut s, "OpenCL Builtin declarations", Some(&options.input_filename));
        s.push_str(EXTENSION_SETUP);
        s.push_str(HEADER_MACROS);
        for b in &builtins {
            emit_builtin(b, &mut s, |d, s| {
                let _ = write!(s, "{} __ovld ", d.types[0]);
                if let Some(a) = b.attributes {
                    for (set, attr) in [(a.is_const, "__cnfn "), (a.is_pure, "__purefn "), (a.is_conv, "__conv ")] {
                        if set {
                            s.push_str(attr);
                        }
                    }
                }
                let _ = writeln!(s, "{}({});", b.name, d.types[1..].join(", "));
            });
        }
        s.push_str(
            "\n// Disable any extensions we may have enabled previously.\n#pragma OPENCL EXTENSION all : disable\n",
        );
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}

pub const EXTENSION_SETUP: &str = r#"
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable
#pragma OPENCL EXTENSION cl_khr_gl_msaa_sharing : enable
#pragma OPENCL EXTENSION cl_khr_mipmap_image_writes : enable
#pragma OPENCL EXTENSION cl_khr_3d_image_writes : enable

"#;
const HEADER_MACROS: &str = r#"
#define __ovld __attribute__((overloadable))
#define __conv __attribute__((convergent))
#define __purefn __attribute__((pure))
#define __cnfn __attribute__((const))

"#;
/// One builtin: its extension and version guards around `declare` of each signature, each
/// inside the guard of the extensions its types need.
pub fn emit_builtin(b: &BuiltinDeclarations, s: &mut String, mut declare: impl FnMut(&Declaration, &mut String)) {
    let mut endifs = String::new();
    if !b.extensions.is_empty() {
        s.push_str("#if");
        for (i, ext) in b.extensions.split(' ').enumerate() {
            if i > 0 {
                s.push_str(" &&");
            }
            let _ = write!(s, " defined({ext})");
        }
        s.push('\n');
        endifs.push_str("#endif // Extension\n");
    }
    // OpenCL 1.0 is the default minimum version; no maximum is 0.
    if b.min_version != 100 {
        let _ = writeln!(s, "#if __OPENCL_C_VERSION__ >= {}", cl_version(b.min_version));
        endifs.insert_str(0, "#endif // MinVersion\n");
    }
    if b.max_version != 0 {
        let _ = writeln!(s, "#if __OPENCL_C_VERSION__ < {}", cl_version(b.max_version));
        endifs.insert_str(0, "#endif // MaxVersion\n");
    }
    for d in &b.declarations {
        if !d.type_extensions.is_empty() {
            let guards: Vec<String> = d.type_extensions.iter().map(|ext| format!("defined({ext})")).collect();
            let _ = writeln!(s, "#if {}", guards.join(" && "));
        }
        declare(d, s);
        if !d.type_extensions.is_empty() {
            s.push_str("#endif // TypeExtension\n");
        }
    }
    s.push_str(&endifs);
}

/// `CL_VERSION_2_0` of version 200.
fn cl_version(version: i32) -> String {
    format!("CL_VERSION_{}_{}", version / 100, (version % 100) / 10)
}
