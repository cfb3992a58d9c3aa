//! `-gen-clang-attr-subject-match-rules-parser-string-switches`
//! (`AttrSubMatchRulesParserStringSwitches.inc`): the functions the parser of `#pragma clang
//! attribute` finds a subject match rule and its sub-rules by name with.

use crate::{Backend, BackendError, BackendOptions, Output};
use std::io::Write;
use tdq_core::types::RecId;
use tdq_core::Evaluation;
use tdq_models::clang::subject_rules::{PragmaSupport, Rule};
use tdq_models::Fields;

pub struct GenClangAttrSubjectMatchRulesParserStringSwitches;

const SUB_RULE_RESULT: &str = "std::optional<attr::SubjectMatchRule>";

impl Backend for GenClangAttrSubjectMatchRulesParserStringSwitches {
    fn name(&self) -> &'static str {
        "gen-clang-attr-subject-match-rules-parser-string-switches"
    }
    fn help(&self) -> &'static str {
        "Generate all parser-related attribute subject match rulestring switches"
    }
    fn emit(&self, input: &Evaluation, _options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let f = Fields { input };
        let support = PragmaSupport::new(input)?;
        let mut s = String::new();
        s.push_str(&format!(
            "{SUB_RULE_RESULT} defaultIsAttributeSubjectMatchSubRuleFor(StringRef, bool) {{\n  return std::nullopt;\n}}\n\n"
        ));
        // The sub-rules of each meta-subject, in the order the meta-subjects first have one.
        let mut sub_rules: Vec<(RecId, Vec<Rule>)> = Vec::new();
        for rule in support.rules.iter().filter(|r| r.constraint.is_some()) {
            match sub_rules.iter_mut().find(|(meta, _)| *meta == rule.meta_subject) {
                Some((_, rules)) => rules.push(*rule),
                None => sub_rules.push((rule.meta_subject, vec![*rule])),
            }
        }
        let string_switch = "llvm::StringSwitch<std::optional<attr::SubjectMatchRule>>(Name).";
        for (meta, rules) in &sub_rules {
            s.push_str(&format!(
                "{SUB_RULE_RESULT} isAttributeSubjectMatchSubRuleFor_{}(StringRef Name, bool IsUnless) {{\n  if (IsUnless)\n    return {string_switch}\n",
                f.string(*meta, "Name")?
            ));
            for rule in rules {
                if rule.is_negated(f)? {
                    s.push_str(&format!("    Case(\"{}\", {}).\n", rule.name(f)?, rule.enum_value(f)?));
                }
            }
            s.push_str(&format!("    Default(std::nullopt);\n  return {string_switch}\n"));
            for rule in rules {
                if !rule.is_negated(f)? {
                    s.push_str(&format!("  Case(\"{}\", {}).\n", rule.name(f)?, rule.enum_value(f)?));
                }
            }
            s.push_str("  Default(std::nullopt);\n}\n\n");
        }
        let pair = "std::pair<std::optional<attr::SubjectMatchRule>, std::optional<attr::SubjectMatchRule> (*)(StringRef, bool)>";
        s.push_str(&format!("{pair} isAttributeSubjectMatchRule(StringRef Name) {{\n  return llvm::StringSwitch<std::pair<std::optional<attr::SubjectMatchRule>, std::optional<attr::SubjectMatchRule> (*) (StringRef, bool)>>(Name).\n"));
        for rule in support.rules.iter().filter(|r| r.constraint.is_none()) {
            let name = rule.name(f)?;
            let function = if sub_rules.iter().any(|(meta, _)| *meta == rule.meta_subject) {
                format!("isAttributeSubjectMatchSubRuleFor_{name}")
            } else {
                "defaultIsAttributeSubjectMatchSubRuleFor".to_string()
            };
            s.push_str(&format!("  Case(\"{name}\", std::make_pair({}, {function})).\n", rule.enum_value(f)?));
        }
        s.push_str("  Default(std::make_pair(std::nullopt, defaultIsAttributeSubjectMatchSubRuleFor));\n}\n\n");
        s.push_str(
            "const char *validAttributeSubjectMatchSubRules(attr::SubjectMatchRule Rule) {\n  switch (Rule) {\n",
        );
        for (meta, rules) in &sub_rules {
            let parent = Rule { meta_subject: *meta, constraint: None };
            s.push_str(&format!("  case {}:\n  return \"'", parent.enum_value(f)?));
            for (i, rule) in rules.iter().enumerate() {
                if i > 0 {
                    s.push_str(", '");
                }
                if rule.is_negated(f)? {
                    s.push_str(&format!("unless({})", rule.name(f)?));
                } else {
                    s.push_str(rule.name(f)?);
                }
                s.push('\'');
            }
            s.push_str("\";\n");
        }
        s.push_str("  default: return nullptr;\n  }\n}\n\n");
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}
