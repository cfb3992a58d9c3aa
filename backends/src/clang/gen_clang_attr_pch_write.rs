//! `-gen-clang-attr-pch-write` (`AttrPCHWrite.inc`): the `case` of each AST attribute in
//! `ASTRecordWriter::AddAttr`, which writes its flags and arguments to a precompiled header.

use super::attr_args::ArgCode;
use super::gen_clang_attr_pch_read::CUSTOM_SERIALIZATION;
use crate::common::emit::source_file_header;
use crate::{Backend, BackendError, BackendOptions, Output};
use std::io::Write;
use tdq_core::Evaluation;
use tdq_models::clang::arguments::{known_arguments, ArgKind, Argument};
use tdq_models::clang::attributes::attributes;
use tdq_models::Fields;

pub struct GenClangAttrPchWrite;

impl Backend for GenClangAttrPchWrite {
    fn name(&self) -> &'static str {
        "gen-clang-attr-pch-write"
    }
    fn help(&self) -> &'static str {
        "Generate clang PCH attribute writer"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let f = Fields { input };
        let mut s = String::new();
        source_file_header(&mut s, "Attribute serialization code", Some(&options.input_filename));
        s.push_str("  switch (A->getKind()) {\n");
        for &attr in attributes(input)?.iter() {
            if !f.bit(attr, "ASTNode")? {
                continue;
            }
            let name = f.name(attr);
            let inheritable = f.is_a(attr, "InheritableAttr");
            s.push_str(&format!("  case attr::{name}: {{\n"));
            let args = f.defs(attr, "Args")?;
            if inheritable || !args.is_empty() {
                s.push_str(&format!("    const auto *SA = cast<{name}Attr>(A);\n"));
            }
            if inheritable {
                s.push_str("    Record.push_back(SA->isInherited());\n");
            }
            s.push_str("    Record.push_back(A->isImplicit());\n    Record.push_back(A->isPackExpansion());\n");
            if f.bit(attr, "AcceptsExprPack")? {
                let delayed = Argument::named("DelayedArgs", ArgKind::VariadicExpr);
                ArgCode::new(&delayed, name, options.release).pch_write(&mut s);
            }
            for arg in known_arguments(input, attr)? {
                ArgCode::new(&arg, name, options.release).pch_write(&mut s);
            }
            if *CUSTOM_SERIALIZATION.get(options.release) && f.bit(attr, "HasCustomSerialization")? {
                s.push_str(&format!("    Record.Add{name}Attr(SA);\n"));
            }
            s.push_str("    break;\n  }\n");
        }
        s.push_str("  }\n");
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}
