//! `-gen-clang-comment-html-tags-properties` (`CommentHTMLTagsProperties.inc`):
//! `isHTMLEndTagOptional` and `isHTMLEndTagForbidden`, over the `Tag` defs' bits.

use super::comment_matcher;
use crate::common::emit::source_file_header;
use crate::{Backend, BackendError, BackendOptions, Output};
use std::io::Write;
use tdq_core::Evaluation;
use tdq_models::records::derived_definitions;
use tdq_models::Fields;

pub struct GenClangCommentHtmlTagsProperties;

impl Backend for GenClangCommentHtmlTagsProperties {
    fn name(&self) -> &'static str {
        "gen-clang-comment-html-tags-properties"
    }
    fn help(&self) -> &'static str {
        "Generate efficient matchers for HTML tag properties"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let f = Fields { input };
        let (mut optional, mut forbidden) = (Vec::new(), Vec::new());
        for &tag in derived_definitions(input, "Tag")?.iter() {
            let pair = (f.string(tag, "Spelling")?.to_string(), "return true;".to_string());
            if f.bit(tag, "EndTagOptional")? {
                optional.push(pair.clone());
            }
            if f.bit(tag, "EndTagForbidden")? {
                forbidden.push(pair);
            }
        }
        let mut s = String::new();
        source_file_header(&mut s, "HTML tag properties", Some(&options.input_filename));
        for (function, matches) in [("isHTMLEndTagOptional", &optional), ("isHTMLEndTagForbidden", &forbidden)] {
            s.push_str(&format!("bool {function}(StringRef Name) {{\n"));
            comment_matcher(matches, &mut s)?;
            s.push_str("  return false;\n}\n\n");
        }
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}
