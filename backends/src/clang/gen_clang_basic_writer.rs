//! `-gen-clang-basic-writer`: the helpers of clang's basic writers (`AbstractBasicWriter.inc`): the dispatchers, the optional packers and `BasicWriterBase`.

use crate::clang::ast_properties::{emit, File};
use crate::{Backend, BackendError, BackendOptions, Output};
use tdq_core::Evaluation;

pub struct GenClangBasicWriter;

impl Backend for GenClangBasicWriter {
    fn name(&self) -> &'static str {
        "gen-clang-basic-writer"
    }
    fn help(&self) -> &'static str {
        "Generate Clang BasicWriter classes"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        emit(input, options, out, File::Basic, false)
    }
}
