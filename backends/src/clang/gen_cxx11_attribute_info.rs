//! `-gen-cxx11-attribute-info` (`CXX11AttributeInfo.inc`, LLVM 20 on): for each `[[name]]`
//! spelling without a scope, whether its arguments are required, optional or none.

use crate::{Backend, BackendError, BackendOptions, Output};
use std::io::Write;
use tdq_core::Evaluation;
use tdq_models::clang::arguments::ArgCounts;
use tdq_models::clang::attributes::{attributes, flattened_spellings};
use tdq_models::Fields;

pub struct GenCxx11AttributeInfo;

impl Backend for GenCxx11AttributeInfo {
    fn name(&self) -> &'static str {
        "gen-cxx11-attribute-info"
    }
    fn help(&self) -> &'static str {
        "Generate CXX11 attributes info"
    }
    fn emit(&self, input: &Evaluation, _options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let f = Fields { input };
        let mut s = String::from("#if defined(CXX11_ATTR_ARGS_INFO)\n");
        for &attr in attributes(input)?.iter() {
            for spelling in flattened_spellings(input, attr)? {
                if spelling.variety != "CXX11" || !spelling.namespace.is_empty() {
                    continue;
                }
                let counts = ArgCounts::new(input, attr)?;
                let kind = if counts.required > 0 {
                    "Required"
                } else if counts.optional > 0 {
                    "Optional"
                } else {
                    "None"
                };
                let name = f.string(spelling.record, "Name")?;
                s.push_str(&format!(".Case(\"{name}\",AttributeCommonInfo::AttrArgsInfo::{kind})\n"));
            }
        }
        s.push_str("#endif // CXX11_ATTR_ARGS_INFO\n");
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}
