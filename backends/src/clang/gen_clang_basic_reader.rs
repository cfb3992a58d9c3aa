//! `-gen-clang-basic-reader`: the helpers of clang's basic readers (`AbstractBasicReader.inc`): the dispatchers, the optional packers and `BasicReaderBase`.

use crate::clang::ast_properties::{emit, File};
use crate::{Backend, BackendError, BackendOptions, Output};
use tdq_core::Evaluation;

pub struct GenClangBasicReader;

impl Backend for GenClangBasicReader {
    fn name(&self) -> &'static str {
        "gen-clang-basic-reader"
    }
    fn help(&self) -> &'static str {
        "Generate Clang BasicReader classes"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        emit(input, options, out, File::Basic, true)
    }
}
