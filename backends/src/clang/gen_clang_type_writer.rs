//! `-gen-clang-type-writer`: the `AbstractTypeWriter` CRTP class of clang's type nodes (`AbstractTypeWriter.inc`): a method per concrete type node over its properties.

use crate::clang::ast_properties::{emit, File};
use crate::{Backend, BackendError, BackendOptions, Output};
use tdq_core::Evaluation;

pub struct GenClangTypeWriter;

impl Backend for GenClangTypeWriter {
    fn name(&self) -> &'static str {
        "gen-clang-type-writer"
    }
    fn help(&self) -> &'static str {
        "Generate Clang AbstractTypeWriter class"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        emit(input, options, out, File::Type, false)
    }
}
