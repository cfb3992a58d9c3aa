//! `-gen-clang-attr-subject-match-rule-list` (`AttrSubMatchRulesList.inc`): each subject match
//! rule of `#pragma clang attribute` (`ATTR_MATCH_RULE`) and sub-rule (`ATTR_MATCH_SUB_RULE`).

use crate::common::emit::source_file_header;
use crate::{Backend, BackendError, BackendOptions, Output};
use std::io::Write;
use tdq_core::Evaluation;
use tdq_models::clang::subject_rules::{PragmaSupport, Rule};
use tdq_models::Fields;

pub struct GenClangAttrSubjectMatchRuleList;

impl Backend for GenClangAttrSubjectMatchRuleList {
    fn name(&self) -> &'static str {
        "gen-clang-attr-subject-match-rule-list"
    }
    fn help(&self) -> &'static str {
        "Generate a clang attribute subject match rule list"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let f = Fields { input };
        let mut s = String::new();
        source_file_header(
            &mut s,
            "List of all attribute subject matching rules that Clang recognizes",
            Some(&options.input_filename),
        );
        let support = PragmaSupport::new(input)?;
        s.push_str("#ifndef ATTR_MATCH_RULE\n#define ATTR_MATCH_RULE(NAME) \n#endif\n\n");
        s.push_str("#ifndef ATTR_MATCH_SUB_RULE\n#define ATTR_MATCH_SUB_RULE(Value, Spelling, IsAbstract, Parent, IsNegated) ATTR_MATCH_RULE(Value, Spelling, IsAbstract)\n#endif\n");
        for rule in &support.rules {
            let kind = if rule.constraint.is_some() { "ATTR_MATCH_SUB_RULE" } else { "ATTR_MATCH_RULE" };
            s.push_str(&format!(
                "{kind}({}, \"{}\", {}",
                rule.enum_value_name(f)?,
                rule.spelling(f)?,
                u8::from(rule.is_abstract(f)?)
            ));
            if rule.constraint.is_some() {
                let parent = Rule { meta_subject: rule.meta_subject, constraint: None };
                s.push_str(&format!(", {}, {}", parent.enum_value(f)?, u8::from(rule.is_negated(f)?)));
            }
            s.push_str(")\n");
        }
        s.push_str("#undef ATTR_MATCH_SUB_RULE\n#undef ATTR_MATCH_RULE\n");
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}
