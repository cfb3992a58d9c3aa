//! `-gen-clang-stmt-nodes` (`StmtNodes.inc`): the statement nodes' list.

use super::ast_nodes::emit_nodes;
use crate::{Backend, BackendError, BackendOptions, Output};
use std::io::Write;
use tdq_core::Evaluation;

pub struct GenClangStmtNodes;

impl Backend for GenClangStmtNodes {
    fn name(&self) -> &'static str {
        "gen-clang-stmt-nodes"
    }
    fn help(&self) -> &'static str {
        "Generate Clang AST statement nodes"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let mut s = String::new();
        emit_nodes(input, options.release, &options.input_filename, "StmtNode", "", "", &mut s)?;
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}
