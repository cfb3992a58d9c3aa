//! `-gen-attribute-spelling-list` (`AttributeSpellingList.inc`, LLVM 20 on): every name an
//! attribute is spelled with (`ATTR_NAME`) and every scope (`ATTR_SCOPE_NAME`), sorted.

use crate::common::emit::source_file_header;
use crate::{Backend, BackendError, BackendOptions, Output};
use std::collections::BTreeSet;
use std::io::Write;
use tdq_core::Evaluation;
use tdq_models::clang::attributes::{attributes, flattened_spellings};

pub struct GenAttributeSpellingList;

impl Backend for GenAttributeSpellingList {
    fn name(&self) -> &'static str {
        "gen-attribute-spelling-list"
    }
    fn help(&self) -> &'static str {
        "Generate attribute spelling list"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let mut names = BTreeSet::new();
        let mut scopes = BTreeSet::new();
        for &attr in attributes(input)?.iter() {
            for spelling in flattened_spellings(input, attr)? {
                names.insert(spelling.name.as_bytes());
                if !spelling.namespace.is_empty() {
                    scopes.insert(spelling.namespace.as_bytes());
                }
            }
        }
        let mut s = String::new();
        source_file_header(&mut s, "List of attribute names", Some(&options.input_filename));
        let list = |s: &mut String, name: &str, param: &str, values: &BTreeSet<&[u8]>| {
            s.push_str(&format!("#ifndef {name}\n#define {name}({param}) {param}\n#endif\n\n"));
            for value in values {
                s.push_str(&format!("{name}(\"{}\")\n", String::from_utf8_lossy(value)));
            }
            s.push_str(&format!("\n#undef {name}\n\n"));
        };
        list(&mut s, "ATTR_NAME", "NAME", &names);
        list(&mut s, "ATTR_SCOPE_NAME", "SCOPE_NAME", &scopes);
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}
