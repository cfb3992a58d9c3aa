//! `-gen-clang-comment-command-list` (`CommentCommandList.inc`): a `COMMENT_COMMAND` of each
//! command of documentation comments, its name mangled into an identifier.

use crate::common::emit::source_file_header;
use crate::{Backend, BackendError, BackendOptions, Output};
use std::io::Write;
use tdq_core::Evaluation;
use tdq_models::records::derived_definitions;
use tdq_models::Fields;

pub struct GenClangCommentCommandList;

/// `MangleName`: the name with its brackets, `$` and `/` spelled out.
fn mangle(name: &str) -> String {
    let mut mangled = String::new();
    for c in name.chars() {
        match c {
            '(' => mangled.push_str("lparen"),
            ')' => mangled.push_str("rparen"),
            '[' => mangled.push_str("lsquare"),
            ']' => mangled.push_str("rsquare"),
            '{' => mangled.push_str("lbrace"),
            '}' => mangled.push_str("rbrace"),
            '$' => mangled.push_str("dollar"),
            '/' => mangled.push_str("slash"),
            _ => mangled.push(c),
        }
    }
    mangled
}

impl Backend for GenClangCommentCommandList {
    fn name(&self) -> &'static str {
        "gen-clang-comment-command-list"
    }
    fn help(&self) -> &'static str {
        "Generate list of commands that are used in documentation comments"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let f = Fields { input };
        let mut s = String::new();
        source_file_header(
            &mut s,
            "A list of commands useable in documentation comments",
            Some(&options.input_filename),
        );
        s.push_str("#ifndef COMMENT_COMMAND\n#  define COMMENT_COMMAND(NAME)\n#endif\n");
        for &command in derived_definitions(input, "Command")?.iter() {
            s.push_str(&format!("COMMENT_COMMAND({})\n", mangle(f.string(command, "Name")?)));
        }
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}
