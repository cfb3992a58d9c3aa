//! `-gen-clang-type-reader`: the `AbstractTypeReader` CRTP class of clang's type nodes (`AbstractTypeReader.inc`): a method per concrete type node over its properties.

use crate::clang::ast_properties::{emit, File};
use crate::{Backend, BackendError, BackendOptions, Output};
use tdq_core::Evaluation;

pub struct GenClangTypeReader;

impl Backend for GenClangTypeReader {
    fn name(&self) -> &'static str {
        "gen-clang-type-reader"
    }
    fn help(&self) -> &'static str {
        "Generate Clang AbstractTypeReader class"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        emit(input, options, out, File::Type, true)
    }
}
