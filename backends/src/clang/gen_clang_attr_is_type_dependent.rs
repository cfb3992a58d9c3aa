//! `-gen-clang-attr-is-type-dependent` (`AttrIsTypeDependent.inc`, LLVM 21 on):
//! `checkAttrIsTypeDependent`, which calls `ActOnNAMEAttr` for each attribute whose Sema
//! checks wait for the declaration's deduced type (`IsTypeDependent`).

use crate::common::emit::source_file_header;
use crate::{Backend, BackendError, BackendOptions, Output};
use std::io::Write;
use tdq_core::Evaluation;
use tdq_models::clang::attributes::attributes;
use tdq_models::Fields;

pub struct GenClangAttrIsTypeDependent;

impl Backend for GenClangAttrIsTypeDependent {
    fn name(&self) -> &'static str {
        "gen-clang-attr-is-type-dependent"
    }
    fn help(&self) -> &'static str {
        "Generate clang is type dependent attribute code"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let f = Fields { input };
        let mut s = String::new();
        source_file_header(&mut s, "Attribute is type dependent", Some(&options.input_filename));
        s.push_str("void checkAttrIsTypeDependent(Decl *D, const Attr *A) {\n  switch (A->getKind()) {\n  default:\n    break;\n");
        for &attr in attributes(input)?.iter() {
            if f.bit(attr, "IsTypeDependent")? {
                let name = f.name(attr);
                s.push_str(&format!("  case attr::{name}:\n    ActOn{name}Attr(D, A);\n    break;\n"));
            }
        }
        s.push_str("  }\n}\n");
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}
