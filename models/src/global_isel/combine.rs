//! The rule matchers of combine rules (the emitting half of LLVM's `CombineRuleBuilder`,
//! `emitRuleMatchers`): for each rule and each permutation of its fragments' alternatives, a
//! [`RuleMatcher`] checking the root's opcode and the C++ predicates, and running the rule's
//! C++ action; the C++ code pools (`CXXPredicateCode`) that number predicates and actions
//! across a run; and the code expander (`CodeExpander`) that writes `${name}` as the matched
//! instruction or operand.
//!
//! Rules whose match patterns are instructions or fragments, or whose apply patterns build
//! instructions, are not built yet: [`NotBuilt`] says so, and the backend refuses the combiner.

use super::llt::Llt;
use super::matchers::{Action, Check, InstructionMatcher, Opcode, RuleMatcher};
use super::patterns::{CgInst, PatFrags, Pattern, PatternKind};
use super::rule::CombineRule;
use crate::target::instructions::Instructions;
use crate::{Fatal, Fields};
use std::collections::HashMap;
use tdq_core::types::RecId;
use tdq_core::{Diagnostics, Evaluation, Loc};

/// The prefix of a C++ match predicate's enum name.
pub const CXX_PRED_PREFIX: &str = "GICXXPred_MI_Predicate_";
/// The prefix of a C++ custom action's enum name.
pub const CXX_CUSTOM_ACTION_PREFIX: &str = "GICXXCustomAction_";

/// A pool of C++ code (`CXXPredicateCodePool`): each distinct piece once, numbered in order
/// of first use, named `GICombiner<N>`.
#[derive(Debug, Default)]
pub struct CxxCodePool {
    pub code: Vec<String>,
    index: HashMap<String, usize>,
}

impl CxxCodePool {
    /// `CXXPredicateCode::get`: the code's number.
    pub fn get(&mut self, code: String) -> usize {
        if let Some(&id) = self.index.get(&code) {
            return id;
        }
        let id = self.code.len();
        self.index.insert(code.clone(), id);
        self.code.push(code);
        id
    }

    /// `BaseEnumName`.
    pub fn base_enum_name(id: usize) -> String {
        format!("GICombiner{id}")
    }
}

/// Why a rule's matchers are not built.
#[derive(Debug)]
pub struct NotBuilt {
    pub what: &'static str,
}

/// `CodeExpansions`: what each `${name}` of C++ code stands for.
#[derive(Debug, Default, Clone)]
pub struct CodeExpansions {
    map: HashMap<String, String>,
}

impl CodeExpansions {
    /// `declare`: the first declaration of a name stands.
    pub fn declare(&mut self, name: &str, expansion: impl Into<String>) {
        self.map.entry(name.to_string()).or_insert_with(|| expansion.into());
    }
}

/// `CodeExpander::emit`: `code` with each `${name}` expanded, `\$` and `\\` unescaped, and
/// each line after the first indented by `indent`.
pub fn expand_code(
    code: &str,
    expansions: &CodeExpansions,
    locs: &[Loc],
    indent: &str,
    diags: &mut Diagnostics,
) -> String {
    let mut out = String::new();
    let mut rest = code;
    while !rest.is_empty() {
        let Some(pos) = rest.find(['$', '\n', '\\']) else {
            out.push_str(rest);
            break;
        };
        out.push_str(&rest[..pos]);
        rest = &rest[pos..];
        if let Some(r) = rest.strip_prefix('\n') {
            out.push('\n');
            out.push_str(indent);
            rest = r;
            continue;
        }
        if rest.starts_with("\\$") || rest.starts_with("\\\\") {
            out.push_str(&rest[1..2]);
            rest = &rest[2..];
            continue;
        }
        if let Some(r) = rest.strip_prefix('\\') {
            rest = r;
            continue;
        }
        if let Some(r) = rest.strip_prefix("${") {
            let (var, after, terminated) = match r.find('}') {
                Some(end) => (&r[..end], &r[end + 1..], true),
                None => (r, "", false),
            };
            rest = after;
            if !terminated {
                diags.warning_at(locs, format!("Unterminated expansion '${{{var}'"));
                diags.note(Loc::NONE, format!("Code: [{{{code}}}]"));
            }
            match expansions.map.get(var) {
                Some(e) => out.push_str(e),
                None => {
                    diags.error_at(locs, format!("Attempt to expand an undeclared variable '{var}'"));
                    diags.note(Loc::NONE, format!("Code: [{{{code}}}]"));
                }
            }
            continue;
        }
        diags.warning_at(locs, "Assuming missing escape character: \\$");
        diags.note(Loc::NONE, format!("Code: [{{{code}}}]"));
        out.push('$');
        rest = &rest[1..];
    }
    out
}

/// The rule matchers of a run's combiners, with what they share across combiners: the rule
/// numbering and the C++ code pools.
#[derive(Debug, Default)]
pub struct CombineMatchers {
    /// `RuleMatcher::NextRuleID`.
    pub next_rule_id: u64,
    /// `AllCXXMatchCode`: the C++ match predicates.
    pub match_code: CxxCodePool,
    /// `AllCXXCustomActionCode`: the C++ actions.
    pub custom_actions: CxxCodePool,
    /// `-gicombiner-debug-cxxpreds`: a comment before each C++ predicate.
    pub debug_cxx_preds: bool,
}

/// The context of one rule's matchers.
pub struct RuleContext<'a> {
    pub input: &'a Evaluation,
    pub instructions: &'a Instructions,
    pub frags: &'a PatFrags,
}

impl CombineMatchers {
    /// `CombineRuleBuilder::emitRuleMatchers`: the rule's matchers, appended to `out`; false
    /// after an error.
    pub fn rule_matchers(
        &mut self,
        cx: &RuleContext,
        rule: &CombineRule,
        out: &mut Vec<RuleMatcher>,
        diags: &mut Diagnostics,
    ) -> Result<Result<bool, NotBuilt>, Fatal> {
        let features = match self.feature_predicates(cx.input, rule.def, diags)? {
            Some(features) => features,
            None => return Ok(Ok(false)),
        };
        if !features.is_empty() {
            return Ok(Err(NotBuilt { what: "subtarget feature predicates" }));
        }
        for perm in &rule.permutations {
            if !perm.is_empty() {
                return Ok(Err(NotBuilt { what: "pattern fragments" }));
            }
            let root = &rule.match_pats[rule.match_root];
            let built = match &root.kind {
                PatternKind::AnyOpcode(insts) => self.any_opcode(cx, rule, root, insts, &features, out, diags),
                PatternKind::Cxx { .. } => {
                    diags.error_at(&rule.locs, "C++ code cannot be the root of a rule!");
                    Ok(false)
                }
                PatternKind::Instruction(_) => Err(NotBuilt { what: "instruction patterns" }),
            };
            match built {
                Ok(true) => {}
                other => return Ok(other),
            }
        }
        Ok(Ok(true))
    }

    /// `addFeaturePredicates`: the rule's `Predicates` that have a condition; none after an
    /// error.
    fn feature_predicates(
        &self,
        input: &Evaluation,
        def: RecId,
        diags: &mut Diagnostics,
    ) -> Result<Option<Vec<RecId>>, Fatal> {
        let f = Fields { input };
        let mut features = Vec::new();
        if f.value(def, "Predicates").is_none() {
            return Ok(Some(features));
        }
        for pred in f.list(def, "Predicates")?.iter().filter_map(|p| p.as_def()) {
            if !f.is_a(pred, "Predicate") {
                diags.error_at(&input.records.get(pred).locs, "Unknown 'Predicate' Type");
                return Ok(None);
            }
            if f.string(pred, "CondString")?.is_empty() {
                continue;
            }
            features.push(pred);
        }
        Ok(Some(features))
    }

    /// `addRuleMatcher`: a rule matcher with the rule's enable check and comment.
    fn add_rule_matcher(&mut self, rule: &CombineRule, features: &[RecId], comment_tail: &str) -> RuleMatcher {
        let id = self.next_rule_id;
        self.next_rule_id += 1;
        let mut comment = format!("Combiner Rule #{}: {}", rule.id, rule.name);
        if !comment_tail.is_empty() {
            comment.push_str("; ");
            comment.push_str(comment_tail);
        }
        RuleMatcher {
            id,
            insns: Vec::new(),
            required_features: features.to_vec(),
            simple_predicates: vec![format!("GICXXPred_Simple_IsRule{}Enabled", rule.id)],
            actions: vec![Action::DebugComment(comment)],
            epilogue: Vec::new(),
            custom_cxx_action: None,
            uses_record_operands: false,
            renderer_fns: 0,
        }
    }

    /// `emitMatchPattern` for a `wip_match_opcode` root: a rule matcher per opcode.
    #[allow(clippy::too_many_arguments)]
    fn any_opcode(
        &mut self,
        cx: &RuleContext,
        rule: &CombineRule,
        root: &Pattern,
        insts: &[CgInst],
        features: &[RecId],
        out: &mut Vec<RuleMatcher>,
        diags: &mut Diagnostics,
    ) -> Result<bool, NotBuilt> {
        let cxx_apply = rule.has_only_cxx_apply();
        if !cxx_apply {
            return Err(NotBuilt { what: "apply instruction patterns" });
        }
        for inst in insts {
            let mut m = self.add_rule_matcher(rule, features, &format!("wip_match_opcode '{}'", inst.name));
            let mut im = InstructionMatcher::new(0, root.name.clone());
            im.add_predicate(Check::Opcode(vec![opcode(cx.instructions, inst)]));
            m.insns.push(im);
            let mut expansions = CodeExpansions::default();
            expansions.declare(&root.name, "State.MIs[0]");
            let mut cxx_matchers = Vec::new();
            for pat in &rule.match_pats {
                if std::ptr::eq(pat, root) {
                    continue;
                }
                match &pat.kind {
                    PatternKind::AnyOpcode(_) => {
                        diags.error_at(&rule.locs, "wip_match_opcode can only be present once!");
                        return Ok(false);
                    }
                    PatternKind::Cxx { code, .. } => cxx_matchers.push(code.as_str()),
                    PatternKind::Instruction(_) => return Err(NotBuilt { what: "instruction patterns" }),
                }
            }
            if !self.cxx_match_apply(rule, &mut m, &expansions, &cxx_matchers, diags) {
                return Ok(false);
            }
            out.push(m);
        }
        Ok(true)
    }

    /// `emitCXXMatchApply`: the match predicates and apply code as one custom action.
    fn cxx_match_apply(
        &mut self,
        rule: &CombineRule,
        m: &mut RuleMatcher,
        expansions: &CodeExpansions,
        matchers: &[&str],
        diags: &mut Diagnostics,
    ) -> bool {
        let mut expansions = expansions.clone();
        for md in &rule.match_datas {
            expansions.declare(&md.symbol, format!("GIMatchData_{}", md.symbol));
        }
        let mut code = String::new();
        for md in &rule.match_datas {
            code.push_str(&format!("{} GIMatchData_{};\n", md.ty, md.symbol));
        }
        const INDENT: &str = "    ";
        if !matchers.is_empty() {
            code.push_str("// Match Patterns\n");
            for matcher in matchers {
                code.push_str("if(![&](){");
                code.push_str(&expand_code(matcher, &expansions, &rule.locs, INDENT, diags));
                code.push_str("}()) {\n  return false;\n}\n");
            }
        }
        code.push_str("// Apply Patterns\n");
        let mut first = true;
        for pat in &rule.apply_pats {
            let PatternKind::Cxx { code: apply, .. } = &pat.kind else { continue };
            if !first {
                code.push('\n');
            }
            first = false;
            code.push_str(&expand_code(apply, &expansions, &rule.locs, INDENT, diags));
        }
        let id = self.custom_actions.get(code);
        m.custom_cxx_action = Some(format!("{CXX_CUSTOM_ACTION_PREFIX}{}", CxxCodePool::base_enum_name(id)));
        // LLVM goes on after an expansion error; the run fails at the end.
        true
    }
}

/// The opcode check's view of an instruction.
fn opcode(instructions: &Instructions, inst: &CgInst) -> Opcode {
    Opcode {
        def: inst.def,
        name: inst.name,
        namespace: inst.namespace,
        value: instructions.enum_value(inst.def),
        is_variadic: inst.is_variadic,
    }
}

/// The LLTs rules check, sorted (`KnownTypes`), with `s1` when there are none.
pub fn type_objects(known: &[Llt]) -> Vec<Llt> {
    let mut types = known.to_vec();
    types.sort();
    types.dedup();
    if types.is_empty() {
        types.push(Llt::Scalar { bits: 1 });
    }
    types
}
