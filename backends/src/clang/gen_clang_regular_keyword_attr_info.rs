//! `-gen-clang-regular-keyword-attr-info` (`RegularKeywordAttrInfo.inc`): each keyword
//! attribute without parse rules of its own (`__arm_streaming`, ...), and whether it takes
//! arguments.

use crate::common::emit::source_file_header;
use crate::{Backend, BackendError, BackendOptions, Output};
use std::io::Write;
use tdq_core::Evaluation;
use tdq_models::clang::attributes::{attributes, flattened_spellings, is_regular_keyword};
use tdq_models::Fields;

pub struct GenClangRegularKeywordAttrInfo;

impl Backend for GenClangRegularKeywordAttrInfo {
    fn name(&self) -> &'static str {
        "gen-clang-regular-keyword-attr-info"
    }
    fn help(&self) -> &'static str {
        "Generate a list of regular keyword attributes with info about their arguments"
    }
    fn emit(&self, input: &Evaluation, _options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let f = Fields { input };
        let mut s = String::new();
        source_file_header(
            &mut s,
            "A list of regular keyword attributes generated from the attribute definitions",
            None,
        );
        for &attr in attributes(input)?.iter() {
            for spelling in flattened_spellings(input, attr)? {
                if !is_regular_keyword(input, &spelling)? {
                    continue;
                }
                let mut has_args = false;
                for arg in f.defs(attr, "Args")? {
                    if !f.bit(arg, "Fake")? {
                        has_args = true;
                        break;
                    }
                }
                let name = f.string(spelling.record, "Name")?;
                s.push_str(&format!("KEYWORD_ATTRIBUTE({name}, {has_args}, )\n"));
            }
        }
        s.push_str("#undef KEYWORD_ATTRIBUTE\n");
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}
