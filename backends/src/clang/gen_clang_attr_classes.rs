//! `-gen-clang-attr-classes` (`Attrs.inc`): the declaration of each AST attribute's class,
//! its members, constructors, factories and accessors (see [`super::attr_class`]).

use super::attr_class::{emit_attributes, Part, CLASS_FORM};
use crate::common::emit::source_file_header;
use crate::{Backend, BackendError, BackendOptions, Output};
use std::io::Write;
use tdq_core::Evaluation;

pub struct GenClangAttrClasses;

impl Backend for GenClangAttrClasses {
    fn name(&self) -> &'static str {
        "gen-clang-attr-classes"
    }
    fn help(&self) -> &'static str {
        "Generate clang attribute clases"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let mut s = String::new();
        source_file_header(&mut s, "Attribute classes' definitions", Some(&options.input_filename));
        s.push_str("#ifndef LLVM_CLANG_ATTR_CLASSES_INC\n#define LLVM_CLANG_ATTR_CLASSES_INC\n");
        if CLASS_FORM.get(options.release).guard_blank_line {
            s.push('\n');
        }
        emit_attributes(input, options.release, Part::Declaration, &mut s)?;
        s.push_str("#endif // LLVM_CLANG_ATTR_CLASSES_INC\n");
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}
