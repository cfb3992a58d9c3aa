//! `-gen-clang-attr-pch-read` (`AttrPCHRead.inc`): the `case` of each AST attribute in
//! `ASTRecordReader::readAttr`, which reads its flags and arguments from a precompiled header
//! and makes the attribute.

use super::attr_args::ArgCode;
use crate::common::emit::source_file_header;
use crate::{Backend, BackendError, BackendOptions, Output};
use std::io::Write;
use tdq_core::{ByRelease, Evaluation};
use tdq_models::clang::arguments::{known_arguments, ArgKind, Argument};
use tdq_models::clang::attributes::attributes;
use tdq_models::Fields;

pub struct GenClangAttrPchRead;

/// Whether an attribute with `HasCustomSerialization` reads the rest itself (LLVM 22 on).
pub(super) const CUSTOM_SERIALIZATION: ByRelease<bool> = ByRelease { v19: false, v22: true, v23: true };

impl Backend for GenClangAttrPchRead {
    fn name(&self) -> &'static str {
        "gen-clang-attr-pch-read"
    }
    fn help(&self) -> &'static str {
        "Generate clang PCH attribute reader"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let f = Fields { input };
        let mut s = String::new();
        source_file_header(&mut s, "Attribute deserialization code", Some(&options.input_filename));
        s.push_str("  switch (Kind) {\n");
        for &attr in attributes(input)?.iter() {
            if !f.bit(attr, "ASTNode")? {
                continue;
            }
            let name = f.name(attr);
            let inheritable = f.is_a(attr, "InheritableAttr");
            s.push_str(&format!("  case attr::{name}: {{\n"));
            if inheritable {
                s.push_str("    bool isInherited = Record.readInt();\n");
            }
            s.push_str("    bool isImplicit = Record.readInt();\n    bool isPackExpansion = Record.readInt();\n");
            let delayed =
                f.bit(attr, "AcceptsExprPack")?.then(|| Argument::named("DelayedArgs", ArgKind::VariadicExpr));
            let delayed = delayed.as_ref().map(|d| ArgCode::new(d, name, options.release));
            if let Some(d) = &delayed {
                d.pch_read_decls(&mut s);
            }
            let args = known_arguments(input, attr)?;
            let args: Vec<_> = args.iter().map(|a| ArgCode::new(a, name, options.release)).collect();
            for arg in &args {
                arg.pch_read_decls(&mut s);
            }
            s.push_str(&format!("    New = new (Context) {name}Attr(Context, Info"));
            for arg in &args {
                s.push_str(", ");
                arg.pch_read_args(&mut s);
            }
            s.push_str(");\n");
            if inheritable {
                s.push_str("    cast<InheritableAttr>(New)->setInherited(isInherited);\n");
            }
            s.push_str("    New->setImplicit(isImplicit);\n    New->setPackExpansion(isPackExpansion);\n");
            if let Some(d) = &delayed {
                s.push_str(&format!("    cast<{name}Attr>(New)->setDelayedArgs(Context, "));
                d.pch_read_args(&mut s);
                s.push_str(");\n");
            }
            if *CUSTOM_SERIALIZATION.get(options.release) && f.bit(attr, "HasCustomSerialization")? {
                s.push_str(&format!("    read{name}Attr(cast<{name}Attr>(New));\n"));
            }
            s.push_str("    break;\n  }\n");
        }
        s.push_str("  }\n");
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}
