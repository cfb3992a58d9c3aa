//! `-gen-clang-attr-parsed-attr-list` (`AttrParsedAttrList.inc`): `PARSED_ATTR(NAME)` for each
//! kind of parsed attribute Sema handles.

use crate::common::emit::source_file_header;
use crate::{Backend, BackendError, BackendOptions, Output};
use std::io::Write;
use tdq_core::Evaluation;
use tdq_models::clang::attributes::ParsedAttrs;

pub struct GenClangAttrParsedAttrList;

impl Backend for GenClangAttrParsedAttrList {
    fn name(&self) -> &'static str {
        "gen-clang-attr-parsed-attr-list"
    }
    fn help(&self) -> &'static str {
        "Generate a clang parsed attribute list"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let mut s = String::new();
        source_file_header(&mut s, "List of all attributes that Clang recognizes", Some(&options.input_filename));
        s.push_str("#ifndef PARSED_ATTR\n#define PARSED_ATTR(NAME) NAME\n#endif\n\n");
        for (name, _) in ParsedAttrs::new(input, true)?.list {
            s.push_str(&format!("PARSED_ATTR({name})\n"));
        }
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}
