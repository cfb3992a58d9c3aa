//! The subject match rules of `#pragma clang attribute` (clang-tblgen's
//! `PragmaClangAttributeSupport`): each `AttrSubjectMatcherRule` and its constraints (sub-rules)
//! with the attribute subjects they stand for, and each `AttrSubjectMatcherAggregateRule`,
//! which stands for the rules of the declarations deriving from its subject.

use super::attributes::{flattened_spellings, late_parse_kind, LateParseKind};
use crate::records::{derived_definitions, Fatal, Fields};
use std::collections::HashMap;
use tdq_core::types::RecId;
use tdq_core::Evaluation;

/// One rule (`AttributeSubjectMatchRule`): a meta-subject, and for a sub-rule its constraint.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rule {
    pub meta_subject: RecId,
    pub constraint: Option<RecId>,
}

impl Rule {
    /// The record whose `Subjects` and `Name` the rule has: the constraint of a sub-rule.
    fn own(&self) -> RecId {
        self.constraint.unwrap_or(self.meta_subject)
    }

    pub fn subjects(&self, f: Fields) -> Result<Vec<RecId>, Fatal> {
        f.defs(self.own(), "Subjects")
    }

    /// `isAbstractRule`: a rule without subjects (only sub-rules are used).
    pub fn is_abstract(&self, f: Fields) -> Result<bool, Fatal> {
        Ok(self.subjects(f)?.is_empty())
    }

    pub fn name(&self, f: Fields) -> Result<&'static str, Fatal> {
        f.string(self.own(), "Name")
    }

    /// `isNegatedSubRule`.
    pub fn is_negated(&self, f: Fields) -> Result<bool, Fatal> {
        match self.constraint {
            Some(constraint) => f.bit(constraint, "Negated"),
            None => Ok(false),
        }
    }

    /// `getSpelling`: `variable`, `variable(is_parameter)`, `variable(unless(is_parameter))`.
    pub fn spelling(&self, f: Fields) -> Result<String, Fatal> {
        let mut s = f.string(self.meta_subject, "Name")?.to_string();
        if self.constraint.is_some() {
            let negated = self.is_negated(f)?;
            s.push('(');
            if negated {
                s.push_str("unless(");
            }
            s.push_str(self.name(f)?);
            if negated {
                s.push(')');
            }
            s.push(')');
        }
        Ok(s)
    }

    /// `getEnumValueName`: `SubjectMatchRule_variable_not_is_parameter`, `..._abstract`.
    pub fn enum_value_name(&self, f: Fields) -> Result<String, Fatal> {
        let mut s = format!("SubjectMatchRule_{}", f.string(self.meta_subject, "Name")?);
        if let Some(constraint) = self.constraint {
            s.push('_');
            if self.is_negated(f)? {
                s.push_str("not_");
            }
            s.push_str(f.string(constraint, "Name")?);
        }
        if self.is_abstract(f)? {
            s.push_str("_abstract");
        }
        Ok(s)
    }

    /// `getEnumValue`: `attr::` and the enum value name.
    pub fn enum_value(&self, f: Fields) -> Result<String, Fatal> {
        Ok(format!("attr::{}", self.enum_value_name(f)?))
    }

    /// `getLangOpts`: a sub-rule's own, if it has any, else its meta-subject's.
    pub fn lang_opts(&self, f: Fields) -> Result<Vec<RecId>, Fatal> {
        if let Some(constraint) = self.constraint {
            let opts = f.defs(constraint, "LangOpts")?;
            if !opts.is_empty() {
                return Ok(opts);
            }
        }
        f.defs(self.meta_subject, "LangOpts")
    }
}

/// What a subject stands for: one rule, or an aggregate's rules.
#[derive(Clone, Debug)]
pub enum RuleOrAggregate {
    Rule(Rule),
    Aggregate(Vec<Rule>),
}

/// `PragmaClangAttributeSupport`: the rules in order, and the subjects they cover.
pub struct PragmaSupport {
    pub rules: Vec<Rule>,
    pub subjects_to_rules: HashMap<RecId, RuleOrAggregate>,
}

const SAME_SUBJECTS: &str = "Attribute subject match rules should not representsame attribute subjects.";

/// `getValueAsOptionalDef`: the def a field holds, `None` when it is unset.
fn optional_def(f: Fields, rec: RecId, field: &str) -> Result<Option<RecId>, Fatal> {
    if f.is_unset(rec, field)? {
        return Ok(None);
    }
    f.def(rec, field).map(Some)
}

/// `doesDeclDeriveFrom`: whether `base` is among the `Base`s above declaration node `decl`.
fn derives_from(f: Fields, decl: RecId, base: RecId) -> Result<bool, Fatal> {
    let mut current = decl;
    while let Some(parent) = optional_def(f, current, "Base")? {
        if parent == base {
            return Ok(true);
        }
        current = parent;
    }
    Ok(false)
}

/// `isSupportedPragmaClangAttributeSubject`: whether `#pragma clang attribute` can apply to
/// subject `subject`: a declaration node, or a subset of one.
pub fn is_supported_subject(f: Fields, subject: RecId) -> Result<bool, Fatal> {
    if f.is_a(subject, "DeclNode") || f.is_a(subject, "DeclBase") || f.name(subject) == "DeclBase" {
        return Ok(true);
    }
    if f.is_a(subject, "SubsetSubject") {
        return is_supported_subject(f, f.def(subject, "Base")?);
    }
    Ok(false)
}

impl PragmaSupport {
    /// `isAttributedSupported`: whether `#pragma clang attribute` can apply attribute `attr`:
    /// as its `PragmaAttributeSupport` says if set, else when it is not parsed late, has a GNU
    /// or C++11 spelling, and subjects that the rules cover, at least one supported.
    pub fn is_attribute_supported(&self, input: &Evaluation, attr: RecId) -> Result<bool, Fatal> {
        let f = Fields { input };
        if !f.is_unset(attr, "PragmaAttributeSupport")? {
            return f.bit(attr, "PragmaAttributeSupport");
        }
        if late_parse_kind(input, attr)? != LateParseKind::Never {
            return Ok(false);
        }
        if !flattened_spellings(input, attr)?.iter().any(|s| matches!(s.variety, "GNU" | "CXX11")) {
            return Ok(false);
        }
        if f.is_unset(attr, "Subjects")? {
            return Ok(false);
        }
        let mut any = false;
        for subject in f.defs(f.def(attr, "Subjects")?, "Subjects")? {
            if !is_supported_subject(f, subject)? {
                continue;
            }
            if !self.subjects_to_rules.contains_key(&subject) {
                return Ok(false);
            }
            any = true;
        }
        Ok(any)
    }

    /// What supported subject `subject` of attribute `attr` stands for. An attribute that says
    /// it is supported may name a subject no rule covers, where clang-tblgen reads past its
    /// map: an error at the attribute.
    pub fn rules_of(&self, input: &Evaluation, attr: RecId, subject: RecId) -> Result<&RuleOrAggregate, Fatal> {
        self.subjects_to_rules.get(&subject).ok_or_else(|| {
            let rk = &input.records;
            let message = format!(
                "subject '{}' of attribute '{}' has no subject match rule",
                rk.name_sym(subject),
                rk.name_sym(attr)
            );
            Fatal::new(&rk.get(attr).locs, message)
        })
    }

    pub fn new(input: &Evaluation) -> Result<PragmaSupport, Fatal> {
        let f = Fields { input };
        let mut support = PragmaSupport { rules: Vec::new(), subjects_to_rules: HashMap::new() };
        let add = |support: &mut PragmaSupport, container: RecId, rule: Rule| -> Result<(), Fatal> {
            support.rules.push(rule);
            for subject in f.defs(container, "Subjects")? {
                if support.subjects_to_rules.contains_key(&subject) {
                    return Err(Fatal::new(&[], SAME_SUBJECTS));
                }
                support.subjects_to_rules.insert(subject, RuleOrAggregate::Rule(rule));
            }
            Ok(())
        };
        for &meta in derived_definitions(input, "AttrSubjectMatcherRule")?.iter() {
            add(&mut support, meta, Rule { meta_subject: meta, constraint: None })?;
            for constraint in f.defs(meta, "Constraints")? {
                add(&mut support, constraint, Rule { meta_subject: meta, constraint: Some(constraint) })?;
            }
        }
        let decl_nodes = derived_definitions(input, "DeclNode")?;
        for &aggregate in derived_definitions(input, "AttrSubjectMatcherAggregateRule")?.iter() {
            let subject = f.def(aggregate, "Subject")?;
            let mut rules = Vec::new();
            for &decl in decl_nodes.iter() {
                if !derives_from(f, decl, subject)? {
                    continue;
                }
                if let Some(RuleOrAggregate::Rule(rule)) = support.subjects_to_rules.get(&decl) {
                    if rule.constraint.is_none() {
                        rules.push(*rule);
                    }
                }
            }
            if support.subjects_to_rules.contains_key(&subject) {
                return Err(Fatal::new(&[], SAME_SUBJECTS));
            }
            support.subjects_to_rules.insert(subject, RuleOrAggregate::Aggregate(rules));
        }
        Ok(support)
    }
}
