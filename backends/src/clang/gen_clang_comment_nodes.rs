//! `-gen-clang-comment-nodes` (`CommentNodes.inc`): the documentation comment nodes' list.

use super::ast_nodes::emit_nodes;
use crate::{Backend, BackendError, BackendOptions, Output};
use std::io::Write;
use tdq_core::Evaluation;

pub struct GenClangCommentNodes;

impl Backend for GenClangCommentNodes {
    fn name(&self) -> &'static str {
        "gen-clang-comment-nodes"
    }
    fn help(&self) -> &'static str {
        "Generate Clang AST comment nodes"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let mut s = String::new();
        emit_nodes(input, options.release, &options.input_filename, "CommentNode", "", "", &mut s)?;
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}
