//! `-gen-clang-comment-html-tags` (`CommentHTMLTags.inc`): `isHTMLTagName`, which tells the
//! HTML tags that documentation comments know (the `Tag` defs' `Spelling`s).

use super::comment_matcher;
use crate::common::emit::source_file_header;
use crate::{Backend, BackendError, BackendOptions, Output};
use std::io::Write;
use tdq_core::Evaluation;
use tdq_models::records::derived_definitions;
use tdq_models::Fields;

pub struct GenClangCommentHtmlTags;

impl Backend for GenClangCommentHtmlTags {
    fn name(&self) -> &'static str {
        "gen-clang-comment-html-tags"
    }
    fn help(&self) -> &'static str {
        "Generate efficient matchers for HTML tag names that are used in documentation comments"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let f = Fields { input };
        let mut matches = Vec::new();
        for &tag in derived_definitions(input, "Tag")?.iter() {
            matches.push((f.string(tag, "Spelling")?.to_string(), "return true;".to_string()));
        }
        let mut s = String::new();
        source_file_header(&mut s, "HTML tag name matcher", Some(&options.input_filename));
        s.push_str("bool isHTMLTagName(StringRef Name) {\n");
        comment_matcher(&matches, &mut s)?;
        s.push_str("  return false;\n}\n\n");
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}
