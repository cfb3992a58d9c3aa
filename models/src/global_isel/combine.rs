//! The rule matchers of combine rules (the emitting half of LLVM's `CombineRuleBuilder`,
//! `emitRuleMatchers`): for each rule and each permutation of its fragments' alternatives, a
//! [`RuleMatcher`] checking the root's opcode and the C++ predicates, and running the rule's
//! C++ action; the C++ code pools (`CXXPredicateCode`) that number predicates and actions
//! across a run; and the code expander (`CodeExpander`) that writes `${name}` as the matched
//! instruction or operand.
//!
//! Rules whose match patterns are instructions or fragments, or whose apply patterns build
//! instructions, are not built yet: [`NotBuilt`] says so, and the backend refuses the combiner.

use super::llt::{llt_of_value_type, Llt, LltKinds, LltOrder};
use super::matchers::{Action, Check, InstructionMatcher, NumOperandsCheck, Opcode, OperandMatcher, RuleMatcher};
use super::patterns::{
    CgInst, InstKind, InstructionOperand, InstructionPattern, OperandTable, ParamKind, PatFrag, PatFrags, Pattern,
    PatternKind, PatternType,
};
use super::rule::{CombineRule, Permutation};
use crate::target::instructions::Instructions;
use crate::target::subtarget_features::DeclaredFeatures;
use crate::{Fatal, Fields};
use std::collections::{BTreeSet, HashMap};
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
    /// `KnownTypes`: every type a rule of the run checks or makes.
    pub known_types: BTreeSet<Llt>,
    /// `SubtargetFeatures`: the features the combiner's rules require so far (each combiner's
    /// own: the caller resets it).
    pub features: DeclaredFeatures,
}

/// The context of one rule's matchers.
pub struct RuleContext<'a> {
    pub input: &'a Evaluation,
    pub instructions: &'a Instructions,
    pub frags: &'a PatFrags,
    /// Whether types tell integers from floating point (`-gisel-extended-llt`).
    pub llt_kinds: LltKinds,
}

impl CodeExpansions {
    /// `redeclare`: the expansion replaces an earlier one.
    pub fn redeclare(&mut self, name: &str, expansion: impl Into<String>) {
        self.map.insert(name.to_string(), expansion.into());
    }
}

/// What one rule matcher's builder tracks beside the matcher (the parts of `RuleMatcher`
/// that only building needs).
#[derive(Default)]
pub(super) struct Building {
    /// The next `InsnVarID`.
    pub(super) next_insn_var: u32,
    /// `DefinedOperands`: each operand name's first operand matcher, by instruction and
    /// index, whether it is variadic, and whether it checks a type.
    pub(super) operands: HashMap<String, DefinedOperand>,
    /// Each instruction matcher's `InsnVarID`, by its symbolic name (the first stands).
    pub(super) insns: HashMap<String, u32>,
    /// `NextOutputInsnID`.
    pub(super) next_output_insn: u32,
    /// `NextTempRegID`.
    pub(super) next_temp_reg: u32,
    /// `ErasedInsnIDs`.
    pub(super) erased: Vec<u32>,
    /// Each operand's temporary type once one was asked for (`TTIdx`), by instruction and
    /// index.
    pub(super) temp_types: HashMap<(u32, u32), i32>,
    /// `NextTempTypeIdx`, counting down from -1.
    pub(super) next_temp_type: i32,
    /// C++ predicates of fragments matched below the root, for the root (`roots_front`).
    pending_root: Vec<Check>,
}

/// The patterns an instruction pattern being matched belongs to: the rule's match patterns,
/// or an alternative of a fragment with the pattern that uses it.
pub(super) struct Scope<'s> {
    pats: &'s [Pattern],
    table: &'s OperandTable,
    frag: Option<&'s FragArgs<'s>>,
}

/// A fragment pattern: its name, fragment and operands (the fragment's arguments).
pub(super) struct FragArgs<'s> {
    pat_name: &'s str,
    frag: &'s PatFrag,
    args: &'s [InstructionOperand],
}

impl Scope<'_> {
    /// The `OperandMapper`: in a fragment, a parameter stands for the fragment pattern's
    /// operand (recorded in `imports` to name it after), any other name is made the pattern's
    /// own (`pattern.name`); with a warning when both have types that differ.
    fn map_operand(
        &self,
        op: &InstructionOperand,
        imports: &mut Vec<(String, String)>,
        locs: &[Loc],
        diags: &mut Diagnostics,
    ) -> InstructionOperand {
        let Some(frag) = self.frag else { return op.clone() };
        if !op.is_named() {
            return op.clone();
        }
        let Some(idx) = frag.frag.params.iter().position(|p| p.0 == op.name) else {
            let mut renamed = op.clone();
            renamed.name = format!("{}.{}", frag.pat_name, op.name);
            return renamed;
        };
        let arg = &frag.args[idx];
        if arg.is_named() {
            imports.push((arg.name.clone(), op.name.clone()));
        }
        if !arg.ty.is_none() && !op.ty.is_none() && arg.ty != op.ty {
            diags.warning_at(
                locs,
                format!(
                    "impossible type constraints: operand {idx} of '{}' has type '{}', but '{}' constrains it to '{}'",
                    frag.pat_name,
                    arg.ty.str(),
                    frag.frag.name,
                    op.ty.str()
                ),
            );
            if arg.is_named() {
                diags.note_at(locs, format!("operand {idx} of '{}' is '{}'", frag.pat_name, arg.name));
            }
            diags.note_at(locs, format!("argument {idx} of '{}' is '{}'", frag.frag.name, op.name));
        }
        let mut mapped = arg.clone();
        mapped.is_def = op.is_def;
        mapped
    }
}

#[derive(Clone, Copy)]
pub(super) struct DefinedOperand {
    pub(super) insn: u32,
    pub(super) op: u32,
    pub(super) variadic: bool,
    has_llt: bool,
}

impl Building {
    fn allocate_insn(&mut self, name: &str) -> InstructionMatcher {
        let var = self.next_insn_var;
        self.next_insn_var += 1;
        self.insns.entry(name.to_string()).or_insert(var);
        InstructionMatcher::new(var, name)
    }

    /// `getOperandMatcher`: the first operand matcher of that name.
    pub(super) fn operand(&self, name: &str) -> Result<DefinedOperand, NotBuilt> {
        self.operands.get(name).copied().ok_or(NotBuilt { what: "operands not declared in the matcher" })
    }

    /// `tryEraseInsnID`.
    pub(super) fn try_erase(&mut self, id: u32) -> bool {
        if self.erased.contains(&id) {
            return false;
        }
        self.erased.push(id);
        true
    }
}

/// `InstructionMatcher::addOperand`: an operand matcher, defined under its name (a second
/// operand of one name checks it is the same as the first: `SameOperandMatcher`, with the
/// combiner's `GISF_IgnoreCopies`).
fn add_operand(b: &mut Building, im: &mut InstructionMatcher, op_idx: u32, name: &str, variadic: bool) -> usize {
    let mut om = OperandMatcher {
        op_idx,
        symbolic_name: name.to_string(),
        predicates: Default::default(),
        is_variadic: variadic,
    };
    if !name.is_empty() {
        match b.operands.get(name) {
            None => {
                b.operands.insert(
                    name.to_string(),
                    DefinedOperand { insn: im.insn_var, op: op_idx, variadic, has_llt: false },
                );
            }
            Some(first) => {
                let check = Check::SameOperand {
                    other_insn: first.insn,
                    other_op: first.op,
                    name: name.to_string(),
                    ignore_copies: true,
                };
                om.add_predicate(im.insn_var, check);
            }
        }
    }
    im.operands.push(om);
    im.operands.len() - 1
}

/// `declareOperandExpansion`.
fn operand_expansion(insn: u32, op: u32, variadic: bool) -> String {
    if variadic {
        format!("getRemainingOperands(*State.MIs[{insn}], {op})")
    } else {
        format!("State.MIs[{insn}]->getOperand({op})")
    }
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
        let mut expansions = CodeExpansions::default();
        for perm in &rule.permutations {
            let root = &rule.match_pats[rule.match_root];
            let built = match &root.kind {
                PatternKind::AnyOpcode(insts) => {
                    self.any_opcode(cx, rule, perm, root, insts, &features, &mut expansions, out, diags)
                }
                PatternKind::Cxx { .. } => {
                    diags.error_at(&rule.locs, "C++ code cannot be the root of a rule!");
                    Ok(false)
                }
                PatternKind::Instruction(_) => {
                    self.instruction_root(cx, rule, perm, &features, &mut expansions, out, diags)
                }
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
    fn add_rule_matcher(
        &mut self,
        rule: &CombineRule,
        perm: &Permutation,
        features: &[RecId],
        comment_tail: &str,
    ) -> RuleMatcher {
        for &feature in features {
            self.features.declare(feature);
        }
        let id = self.next_rule_id;
        self.next_rule_id += 1;
        let mut comment = format!("Combiner Rule #{}: {}", rule.id, rule.name);
        if !perm.is_empty() {
            comment.push_str(" @ ");
            comment.push_str(&rule.describe_permutation(perm));
        }
        if !comment_tail.is_empty() {
            comment.push_str("; ");
            comment.push_str(comment_tail);
        }
        RuleMatcher {
            id,
            insns: Vec::new(),
            required_features: features.to_vec(),
            hw_mode: None,
            simple_predicates: vec![format!("GICXXPred_Simple_IsRule{}Enabled", rule.id)],
            actions: vec![Action::DebugComment(comment)],
            epilogue: Vec::new(),
            custom_cxx_action: None,
            uses_record_operands: false,
            renderer_fns: 0,
        }
    }

    /// `addCXXPredicate`: a C++ match pattern as a predicate on the root, its code expanded.
    fn cxx_predicate(
        &mut self,
        rule: &CombineRule,
        perm: &Permutation,
        code: &str,
        expansions: &CodeExpansions,
        diags: &mut Diagnostics,
    ) -> Check {
        let mut text = String::new();
        if self.debug_cxx_preds {
            text.push_str(&format!("// Pattern Alternatives: {}\n", rule.describe_permutation(perm)));
        }
        text.push_str(&expand_code(code, expansions, &rule.locs, "    ", diags));
        let id = self.match_code.get(text);
        Check::GenericCxx(format!("{CXX_PRED_PREFIX}{}", CxxCodePool::base_enum_name(id)))
    }

    /// `emitMatchPattern` for a `wip_match_opcode` root: a rule matcher per opcode.
    #[allow(clippy::too_many_arguments)]
    fn any_opcode(
        &mut self,
        cx: &RuleContext,
        rule: &CombineRule,
        perm: &Permutation,
        root: &Pattern,
        insts: &[CgInst],
        features: &[RecId],
        expansions: &mut CodeExpansions,
        out: &mut Vec<RuleMatcher>,
        diags: &mut Diagnostics,
    ) -> Result<bool, NotBuilt> {
        for inst in insts {
            let m = self.add_rule_matcher(rule, perm, features, &format!("wip_match_opcode '{}'", inst.name));
            let mut b = Building::default();
            let mut im = b.allocate_insn(&root.name);
            expansions.declare(&root.name, "State.MIs[0]");
            im.add_predicate(Check::Opcode(vec![opcode(cx.instructions, inst)]));
            let mut seen = vec![rule.match_root];
            if !self.match_rest_and_apply(cx, rule, perm, m, &mut b, im, &mut seen, expansions, out, diags)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// A match pattern the root does not reach: `reportUnreachable`, or a fragment or
    /// builtin not built yet.
    fn unreachable_match(
        &self,
        cx: &RuleContext,
        rule: &CombineRule,
        pat: &Pattern,
        ip: &InstructionPattern,
        diags: &mut Diagnostics,
    ) -> Result<bool, NotBuilt> {
        match ip.kind {
            InstKind::CodeGen { .. } => {
                report_unreachable(diags, &rule.locs, &pat.name, &ip.inst_name(cx.frags));
                Ok(false)
            }
            InstKind::PatFrag(_) => Err(NotBuilt { what: "pattern fragments" }),
            InstKind::Builtin(_) => {
                diags.error_at(&rule.locs, "No known match builtins");
                Ok(false)
            }
        }
    }

    /// `emitMatchPattern` for an instruction root: its checks, the instructions that define
    /// its operands (recursively), the C++ predicates, then the apply patterns.
    #[allow(clippy::too_many_arguments)]
    fn instruction_root(
        &mut self,
        cx: &RuleContext,
        rule: &CombineRule,
        perm: &Permutation,
        features: &[RecId],
        expansions: &mut CodeExpansions,
        out: &mut Vec<RuleMatcher>,
        diags: &mut Diagnostics,
    ) -> Result<bool, NotBuilt> {
        let root = &rule.match_pats[rule.match_root];
        let Some(ip) = root.inst() else { return Ok(true) };
        let m = self.add_rule_matcher(rule, perm, features, "");
        let mut b = Building::default();
        let mut im = b.allocate_insn(&root.name);
        expansions.declare(&root.name, format!("State.MIs[{}]", im.insn_var));
        let mut seen = Vec::new();
        let scope = Scope { pats: &rule.match_pats, table: &rule.match_table, frag: None };
        let built = match &ip.kind {
            InstKind::CodeGen { .. } => self.codegen_match(
                cx,
                rule,
                perm,
                &mut b,
                &mut im,
                &scope,
                rule.match_root,
                &mut seen,
                expansions,
                diags,
            )?,
            InstKind::PatFrag(f) => {
                let pf = cx.frags.get(*f);
                if !pf.can_be_match_root() {
                    diags.error_at(&rule.locs, format!("cannot use '{} as match root", pf.name));
                    return Ok(false);
                }
                self.pat_frag_match(
                    cx,
                    rule,
                    perm,
                    &mut b,
                    &mut im,
                    Some(()),
                    rule.match_root,
                    &mut seen,
                    expansions,
                    diags,
                )?
            }
            InstKind::Builtin(_) => return Err(NotBuilt { what: "builtins as match roots" }),
        };
        if !built {
            return Ok(false);
        }
        self.match_rest_and_apply(cx, rule, perm, m, &mut b, im, &mut seen, expansions, out, diags)
    }

    /// The rest of `emitMatchPattern` once the root is matched: the match patterns not yet
    /// matched (`seen` holds those that are) — C++ predicates and fragments of C++ code only —
    /// then the apply patterns; the rule's matcher goes to `out` when all went well.
    #[allow(clippy::too_many_arguments)]
    fn match_rest_and_apply(
        &mut self,
        cx: &RuleContext,
        rule: &CombineRule,
        perm: &Permutation,
        mut m: RuleMatcher,
        b: &mut Building,
        mut im: InstructionMatcher,
        seen: &mut Vec<usize>,
        expansions: &mut CodeExpansions,
        out: &mut Vec<RuleMatcher>,
        diags: &mut Diagnostics,
    ) -> Result<bool, NotBuilt> {
        let cxx_apply = rule.has_only_cxx_apply();
        let mut cxx_matchers = Vec::new();
        for (i, pat) in rule.match_pats.iter().enumerate() {
            if seen.contains(&i) {
                continue;
            }
            match &pat.kind {
                PatternKind::AnyOpcode(_) => {
                    let message = if matches!(rule.match_pats[rule.match_root].kind, PatternKind::AnyOpcode(_)) {
                        "wip_match_opcode can only be present once!"
                    } else {
                        "wip_match_opcode can not be used with instruction patterns!"
                    };
                    diags.error_at(&rule.locs, message);
                    return Ok(false);
                }
                PatternKind::Cxx { code, .. } if cxx_apply => cxx_matchers.push(code.as_str()),
                PatternKind::Cxx { code, .. } => {
                    let check = self.cxx_predicate(rule, perm, code, expansions, diags);
                    im.add_predicate(check);
                }
                PatternKind::Instruction(ip) => {
                    if let InstKind::PatFrag(_) = ip.kind {
                        if !self.pat_frag_match(cx, rule, perm, b, &mut im, None, i, seen, expansions, diags)? {
                            return Ok(false);
                        }
                        continue;
                    }
                    return self.unreachable_match(cx, rule, pat, ip, diags);
                }
            }
        }
        m.insns.push(im);
        let done = if cxx_apply {
            self.cxx_match_apply(rule, &mut m, expansions, &cxx_matchers, diags)
        } else {
            self.apply_patterns(cx, rule, &mut m, b, expansions, diags)?
        };
        if done {
            out.push(m);
        }
        Ok(done)
    }

    /// `emitPatFragMatchPattern`: the chosen alternative of a fragment, its root matched by
    /// `im` (`reached`), its parameters standing for the pattern's operands; or, unreached
    /// from the root, a fragment of C++ code only. C++ code of the fragment checks the rule's
    /// root.
    #[allow(clippy::too_many_arguments)]
    fn pat_frag_match(
        &mut self,
        cx: &RuleContext,
        rule: &CombineRule,
        perm: &Permutation,
        b: &mut Building,
        im: &mut InstructionMatcher,
        reached: Option<()>,
        pat_index: usize,
        seen: &mut Vec<usize>,
        expansions: &mut CodeExpansions,
        diags: &mut Diagnostics,
    ) -> Result<bool, NotBuilt> {
        if seen.contains(&pat_index) {
            return Ok(true);
        }
        seen.push(pat_index);
        let pat = &rule.match_pats[pat_index];
        let Some(ip) = pat.inst() else { return Ok(true) };
        let InstKind::PatFrag(f) = ip.kind else { return Ok(true) };
        let pf = cx.frags.get(f);
        let pf_locs = cx.input.records.get(pf.def).locs.to_vec();
        if reached.is_none() && pf.num_out_params != 0 {
            report_unreachable(diags, &rule.locs, &pat.name, pf.name);
            return Ok(false);
        }
        // `mapInputCodeExpansions`.
        let mut frag_expansions = CodeExpansions::default();
        for (i, op) in ip.operands.iter().enumerate() {
            let param = &pf.params[i].0;
            if op.is_named() {
                match expansions.map.get(&op.name) {
                    Some(e) => frag_expansions.declare(param, e.clone()),
                    None => {
                        if let Some(alt) = pf.alts.iter().find(|a| a.op_table.lookup(param).is_none()) {
                            let _ = alt;
                            diags.error_at(
                                &rule.locs,
                                format!(
                                    "operand '{}' (for parameter '{param}' of '{}') cannot be unbound",
                                    op.name, pf.name
                                ),
                            );
                            diags.note_at(
                                &rule.locs,
                                format!(
                                    "one or more alternatives of '{}' do not bind '{param}' to an instruction operand; either use a bound operand or ensure '{}' binds '{param}' in all alternatives",
                                    pf.name, pf.name
                                ),
                            );
                            return Ok(false);
                        }
                    }
                }
            } else if let Some(imm) = op.imm {
                frag_expansions.declare(param, imm.to_string());
            }
        }
        let alt_index = perm.iter().find(|(p, _)| *p == pat_index).map_or(0, |&(_, a)| a);
        let alt = &pf.alts[alt_index];
        let frag = FragArgs { pat_name: &pat.name, frag: pf, args: &ip.operands };
        let scope = Scope { pats: &alt.pats, table: &alt.op_table, frag: Some(&frag) };
        let mut imports = Vec::new();
        let mut frag_seen = Vec::new();
        for (param, kind) in &pf.params[..pf.num_out_params] {
            if *kind != ParamKind::Root {
                continue;
            }
            let Some(def) = alt.op_table.def(param) else { continue };
            if !self.codegen_match_in(
                cx,
                rule,
                perm,
                b,
                im,
                &scope,
                def,
                &mut frag_seen,
                &mut frag_expansions,
                &mut imports,
                diags,
            )? {
                return Ok(false);
            }
        }
        for (i, p) in alt.pats.iter().enumerate() {
            if frag_seen.contains(&i) {
                continue;
            }
            match &p.kind {
                PatternKind::Cxx { code, .. } => {
                    let check = self.cxx_predicate(rule, perm, code, &frag_expansions, diags);
                    if im.insn_var == 0 {
                        im.add_predicate(check);
                    } else {
                        b.pending_root.push(check);
                    }
                }
                PatternKind::Instruction(ip) => {
                    report_unreachable(diags, &pf_locs, &p.name, &ip.inst_name(cx.frags));
                    return Ok(false);
                }
                PatternKind::AnyOpcode(_) => return Err(NotBuilt { what: "wip_match_opcode in fragments" }),
            }
        }
        for (arg, param) in imports {
            let e = frag_expansions.map.get(&param).cloned().unwrap_or_default();
            expansions.declare(&arg, e);
        }
        Ok(true)
    }

    /// `emitCodeGenInstructionMatchPattern` in the rule's own patterns.
    #[allow(clippy::too_many_arguments)]
    fn codegen_match(
        &mut self,
        cx: &RuleContext,
        rule: &CombineRule,
        perm: &Permutation,
        b: &mut Building,
        im: &mut InstructionMatcher,
        scope: &Scope,
        pat_index: usize,
        seen: &mut Vec<usize>,
        expansions: &mut CodeExpansions,
        diags: &mut Diagnostics,
    ) -> Result<bool, NotBuilt> {
        let mut imports = Vec::new();
        self.codegen_match_in(cx, rule, perm, b, im, scope, pat_index, seen, expansions, &mut imports, diags)
    }

    /// `emitCodeGenInstructionMatchPattern`: the instruction's opcode, intrinsic and flags,
    /// then each operand's checks: an immediate, a type, and for a use defined by another
    /// pattern of the scope, that instruction (or fragment) as a nested matcher. In a
    /// fragment, operands named after its parameters stand for the fragment pattern's.
    #[allow(clippy::too_many_arguments)]
    fn codegen_match_in(
        &mut self,
        cx: &RuleContext,
        rule: &CombineRule,
        perm: &Permutation,
        b: &mut Building,
        im: &mut InstructionMatcher,
        scope: &Scope,
        pat_index: usize,
        seen: &mut Vec<usize>,
        expansions: &mut CodeExpansions,
        imports: &mut Vec<(String, String)>,
        diags: &mut Diagnostics,
    ) -> Result<bool, NotBuilt> {
        if seen.contains(&pat_index) {
            return Ok(true);
        }
        seen.push(pat_index);
        let pat = &scope.pats[pat_index];
        let Some(ip) = pat.inst() else { return Ok(true) };
        let InstKind::CodeGen { inst, intrinsic, mi_flags } = &ip.kind else {
            return Err(NotBuilt { what: "nested pattern fragments" });
        };
        im.add_predicate(Check::Opcode(vec![opcode(cx.instructions, inst)]));
        expansions.declare(&pat.name, format!("State.MIs[{}]", im.insn_var));
        let num_defs = ip.num_inst_defs(cx.frags);
        if let Some(intrinsic) = intrinsic {
            let i = add_operand(b, im, num_defs, "$intrinsic_id", false);
            im.operands[i]
                .add_predicate(im.insn_var, Check::IntrinsicId(format!("Intrinsic::{}", intrinsic.enum_name)));
        }
        if let Some(flags) = mi_flags {
            // `MIFlagsInstructionPredicateMatcher` sorts its flags.
            for (list, not) in [(&flags.set, false), (&flags.unset, true)] {
                if !list.is_empty() {
                    let mut sorted = list.clone();
                    sorted.sort_unstable();
                    im.add_predicate(Check::MiFlags { flags: sorted, not });
                }
            }
        }
        let is_constant = matches!(inst.name, "G_CONSTANT" | "G_FCONSTANT");
        for (idx, original) in ip.operands.iter().enumerate() {
            let op = scope.map_operand(original, imports, &rule.locs, diags);
            let real_idx = if intrinsic.is_some() && !original.is_def { idx as u32 + 1 } else { idx as u32 };
            let variadic = matches!(op.ty, PatternType::VariadicPack { .. });
            if variadic && b.operands.contains_key(&op.name) {
                diags.error_at(
                    &rule.locs,
                    "each instance of a GIVariadic operand must have a unique name within the match patterns",
                );
                diags.note_at(&rule.locs, format!("'{}' is used multiple times", op.name));
                return Ok(false);
            }
            let i = add_operand(b, im, real_idx, &op.name, variadic);
            let insn_var = im.insn_var;
            if op.is_named() {
                expansions.declare(&original.name, operand_expansion(insn_var, real_idx, variadic));
            }
            if let PatternType::VariadicPack { min, max } = op.ty {
                im.add_predicate(Check::NumOperands(NumOperandsCheck::Ge, real_idx + min));
                if max != 0 {
                    im.add_predicate(Check::NumOperands(NumOperandsCheck::Le, real_idx + max));
                }
                break;
            }
            if let Some(imm) = op.imm {
                let check = if is_constant && idx == 1 { Check::LiteralInt(imm) } else { Check::ConstantInt(imm) };
                im.operands[i].add_predicate(insn_var, check);
            }
            if let PatternType::ValueType(def, _) = op.ty {
                let first = b.operands.get(&op.name).copied();
                if op.name.is_empty() || !first.is_some_and(|d| d.has_llt) {
                    let Some(ty) = llt_of_value_type(cx.input, def, cx.llt_kinds) else {
                        return Err(NotBuilt { what: "types without a low-level type" });
                    };
                    self.known_types.insert(ty);
                    let added = im.operands[i].add_predicate(insn_var, Check::Llt { ty, id: None });
                    if let Some(d) = b.operands.get_mut(&op.name) {
                        if added && d.insn == insn_var && d.op == real_idx {
                            d.has_llt = true;
                        }
                    }
                }
            } else if !op.ty.is_none() {
                return Err(NotBuilt { what: "GITypeOf in match patterns" });
            }
            if original.is_def || !original.is_named() {
                continue;
            }
            let Some(def_index) = scope.table.def(&original.name) else { continue };
            let def_pat = &scope.pats[def_index];
            if original.imm.is_some() {
                diags.error_at(
                    &rule.locs,
                    format!("'{}' is a named immediate, it cannot be defined by another instruction", op.name),
                );
                diags.note_at(&rule.locs, format!("'{}' is defined by '{}'", op.name, def_pat.name));
                return Ok(false);
            }
            let om = &im.operands[i];
            if om.is_same_as_another() || om.is_variadic {
                diags.error_at(
                    &rule.locs,
                    format!(
                        "Nested instruction '{}' cannot be the same as another operand '{}'",
                        def_pat.name, original.name
                    ),
                );
                return Ok(false);
            }
            let mut nested = b.allocate_insn(&def_pat.name);
            let built = match def_pat.inst().map(|d| &d.kind) {
                Some(InstKind::CodeGen { .. }) => self.codegen_match_in(
                    cx,
                    rule,
                    perm,
                    b,
                    &mut nested,
                    scope,
                    def_index,
                    seen,
                    expansions,
                    imports,
                    diags,
                )?,
                Some(InstKind::PatFrag(_)) if scope.frag.is_none() => {
                    self.pat_frag_match(cx, rule, perm, b, &mut nested, Some(()), def_index, seen, expansions, diags)?
                }
                _ => return Err(NotBuilt { what: "nested pattern fragments" }),
            };
            if !built {
                return Ok(false);
            }
            im.operands[i].add_predicate(insn_var, Check::Instruction { insn: Box::new(nested), ignore_copies: true });
            if insn_var == 0 {
                for check in std::mem::take(&mut b.pending_root) {
                    im.add_predicate(check);
                }
            }
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

/// `reportUnreachable`: a pattern the root's operands do not lead to.
pub(super) fn report_unreachable(diags: &mut Diagnostics, locs: &[Loc], pat_name: &str, inst_name: &str) {
    diags.error_at(locs, format!("pattern '{pat_name}' ('{inst_name}') is unreachable from the pattern root!"));
}

/// The opcode check's view of an instruction.
pub(super) fn opcode(instructions: &Instructions, inst: &CgInst) -> Opcode {
    Opcode {
        def: inst.def,
        name: inst.name,
        namespace: inst.namespace,
        value: instructions.enum_value(inst.def),
        is_variadic: inst.is_variadic,
    }
}

/// The LLTs rules check, sorted in the release's `order` (`KnownTypes`), with `s1` when
/// there are none.
pub fn type_objects(known: &[Llt], order: LltOrder) -> Vec<Llt> {
    let mut types = known.to_vec();
    types.sort_by(|a, b| a.cmp_in(b, order));
    types.dedup();
    if types.is_empty() {
        types.push(Llt::scalar(1));
    }
    types
}
