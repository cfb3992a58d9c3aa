//! `-gen-clang-test-pragma-attribute-supported-attributes`: the list of the attributes that
//! `#pragma clang attribute` can apply, each with the match rules of its subjects, that clang's
//! test `Misc/pragma-attribute-supported-attributes-list.test` checks.

use crate::{Backend, BackendError, BackendOptions, Output};
use std::io::Write;
use tdq_core::Evaluation;
use tdq_models::clang::attributes::ParsedAttrs;
use tdq_models::clang::subject_rules::{is_supported_subject, PragmaSupport, RuleOrAggregate};
use tdq_models::Fields;

pub struct GenClangTestPragmaAttributeSupportedAttributes;

impl Backend for GenClangTestPragmaAttributeSupportedAttributes {
    fn name(&self) -> &'static str {
        "gen-clang-test-pragma-attribute-supported-attributes"
    }
    fn help(&self) -> &'static str {
        "Generate a list of attributes supported by #pragma clang attribute for testing purposes"
    }
    fn emit(&self, input: &Evaluation, _: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let f = Fields { input };
        let support = PragmaSupport::new(input)?;
        let mut s = String::from("#pragma clang attribute supports the following attributes:\n");
        for (name, attr) in ParsedAttrs::new(input, true)?.list {
            if !support.is_attribute_supported(input, attr)? {
                continue;
            }
            s.push_str(&name);
            if f.is_unset(attr, "Subjects")? {
                s.push_str(" ()\n");
                continue;
            }
            s.push_str(" (");
            let mut first = true;
            for subject in f.defs(f.def(attr, "Subjects")?, "Subjects")? {
                if !is_supported_subject(f, subject)? {
                    continue;
                }
                if !first {
                    s.push_str(", ");
                }
                first = false;
                match support.rules_of(input, attr, subject)? {
                    RuleOrAggregate::Rule(rule) => s.push_str(&rule.enum_value_name(f)?),
                    RuleOrAggregate::Aggregate(rules) => {
                        s.push('(');
                        for (i, rule) in rules.iter().enumerate() {
                            if i > 0 {
                                s.push_str(", ");
                            }
                            s.push_str(&rule.enum_value_name(f)?);
                        }
                        s.push(')');
                    }
                }
            }
            s.push_str(")\n");
        }
        s.push_str("End of supported attributes.\n");
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}
