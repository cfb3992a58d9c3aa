//! `-gen-clang-comment-html-named-character-references`
//! (`CommentHTMLNamedCharacterReferences.inc`): `translateHTMLNamedCharacterReferenceToUTF8`,
//! the UTF-8 bytes of each `NCR` def's code point, found by its `Spelling`.

use super::comment_matcher;
use crate::common::emit::source_file_header;
use crate::{Backend, BackendError, BackendOptions, Output};
use std::io::Write;
use tdq_core::Evaluation;
use tdq_models::records::derived_definitions;
use tdq_models::Fields;

pub struct GenClangCommentHtmlNamedCharacterReferences;

impl Backend for GenClangCommentHtmlNamedCharacterReferences {
    fn name(&self) -> &'static str {
        "gen-clang-comment-html-named-character-references"
    }
    fn help(&self) -> &'static str {
        "Generate function to translate named character references to UTF-8 sequences"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let f = Fields { input };
        let mut matches = Vec::new();
        for &ncr in derived_definitions(input, "NCR")?.iter() {
            let spelling = f.string(ncr, "Spelling")?.to_string();
            // clang-tblgen keeps the code point as `unsigned`.
            let code_point = f.int(ncr, "CodePoint")? as u32;
            let Some(c) = char::from_u32(code_point) else {
                // Reported (not counted as an error, as clang-tblgen's source manager prints it),
                // and the reference left out; the output is still written.
                let loc = input.records.get(ncr).locs.first().copied().unwrap_or(tdq_core::Loc::NONE);
                out.diags.error_uncounted(loc, "invalid code point");
                continue;
            };
            let mut literal = String::from("return \"");
            for byte in c.to_string().bytes() {
                literal.push_str(&format!("\\x{byte:x}"));
            }
            literal.push_str("\";");
            matches.push((spelling, literal));
        }
        let mut s = String::new();
        source_file_header(
            &mut s,
            "HTML named character reference to UTF-8 translation",
            Some(&options.input_filename),
        );
        s.push_str("StringRef translateHTMLNamedCharacterReferenceToUTF8(\n                                             StringRef Name) {\n");
        comment_matcher(&matches, &mut s)?;
        s.push_str("  return StringRef();\n}\n\n");
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}
