//! `--gen-global-isel`: the GlobalISel instruction selector (LLVM's GlobalISelEmitter.cpp):
//! the target's SelectionDAG patterns imported as selection rules
//! (tdq_models::global_isel::select), the skipped ones explained with
//! `-warn-on-skipped-patterns`, and the executor around the match table.
//!
//! The rules of the imported patterns are the model's; a run that imports a pattern whose rule
//! tdq does not build yet is refused with an error (after the warnings) rather than given a
//! wrong table, with a note for each form not built and how many patterns it held back. The rules are ordered by their pattern's complexity, then by priority, and
//! written as the match table (optimised unless `-optimize-match-table=false`).

use crate::common::emit::source_file_header;
use crate::common::std_sort::std_stable_sorted;
use crate::global_isel::executor::{
    self, rule_feature_bitset_name, CxxPredicate, ExecutorEmitter, ExecutorForm, FeatureTables, PredicateFn,
};
use crate::global_isel::match_table::{self, MatchTable};
use crate::global_isel::matchers::{Emitter, EMIT_FORM};
use crate::{AnyOption, Backend, BackendError, BackendOptions, Opt, Output};
use std::cmp::Ordering;
use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::types::RecId;
use tdq_core::{Evaluation, Release};
use tdq_models::global_isel::llt::{Llt, LltKinds, LLT_ORDER};
use tdq_models::global_isel::matchers::{number_types, optimize_ruleset, Matcher, RuleMatcher, OPTIMIZE_FORM};
use tdq_models::global_isel::select::{Importer, IntrinsicFacts, NotBuilt};
use tdq_models::intrinsics::{ArgAttrKind, IntrinsicTable};
use tdq_models::patterns::dag_patterns::DagPatterns;
use tdq_models::patterns::types::MvtTable;
use tdq_models::records::derived_definitions;
use tdq_models::target::instructions::Instructions;
use tdq_models::target::registers::RegBank;
use tdq_models::target::subtarget_features::DeclaredFeatures;
use tdq_models::target::Target;
use tdq_models::{Fatal, Fields};

pub struct GenGlobalIsel;

const CATEGORY: &str = "Options for -gen-global-isel";

/// `-warn-on-skipped-patterns`.
pub static WARN_ON_SKIPPED_PATTERNS: Opt<bool> = Opt {
    name: "warn-on-skipped-patterns",
    help: "Explain why a pattern was skipped for inclusion in the GlobalISel selector",
    value_desc: "",
    category: CATEGORY,
    default: false,
    since: Release::V19,
};

/// `-instrument-gisel-coverage`.
pub static INSTRUMENT_COVERAGE: Opt<bool> = Opt {
    name: "instrument-gisel-coverage",
    help: "Generate coverage instrumentation for GlobalISel",
    value_desc: "",
    category: CATEGORY,
    default: false,
    since: Release::V19,
};

/// `-gisel-coverage-file`.
pub static COVERAGE_FILE: Opt<&str> = Opt {
    name: "gisel-coverage-file",
    help: "Specify file to retrieve coverage information from",
    value_desc: "",
    category: CATEGORY,
    default: "",
    since: Release::V19,
};

/// `-optimize-match-table`.
pub static OPTIMIZE_MATCH_TABLE: Opt<bool> = Opt {
    name: "optimize-match-table",
    help: "Generate an optimized version of the match table",
    value_desc: "",
    category: CATEGORY,
    default: true,
    since: Release::V19,
};

type Result<T> = std::result::Result<T, BackendError>;

impl Backend for GenGlobalIsel {
    fn name(&self) -> &'static str {
        "gen-global-isel"
    }
    fn help(&self) -> &'static str {
        "Generate GlobalISel selector"
    }
    fn options(&self) -> &'static [&'static dyn AnyOption] {
        // `-gisel-extended-llt` is read too; the combiner declares it (a general option).
        static OPTIONS: [&dyn AnyOption; 4] =
            [&COVERAGE_FILE, &INSTRUMENT_COVERAGE, &OPTIMIZE_MATCH_TABLE, &WARN_ON_SKIPPED_PATTERNS];
        &OPTIONS
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<()> {
        let target = Target::get(input)?;
        let dag = DagPatterns::get(input)?;
        for d in &dag.diags.list {
            out.diags.push(d.clone());
        }
        let f = Fields { input };
        let table = MvtTable::read(input)?;
        let instructions = Instructions::get(input)?;
        let bank = RegBank::get(input)?;
        let mut diags = tdq_core::Diagnostics::new();
        let intrinsic_table = IntrinsicTable::read(input, input.records.release, &mut diags)?;
        let ids: HashMap<RecId, i64> =
            intrinsic_table.intrinsics.iter().enumerate().map(|(i, x)| (x.def, i as i64 + 1)).collect();
        let by_def: HashMap<RecId, usize> =
            intrinsic_table.intrinsics.iter().enumerate().map(|(i, x)| (x.def, i)).collect();
        let print =
            |n: &tdq_models::patterns::tree::TreeNode| n.print(input, &table, &|d| ids.get(&d).copied().unwrap_or(0));
        let intrinsics = |def: RecId| {
            let i = &intrinsic_table.intrinsics[*by_def.get(&def)?];
            let pointer_params = i
                .param_tys
                .iter()
                .map(|&t| f.is_a(t, "LLVMQualPointerType") || f.is_a(t, "LLVMAnyPointerType"))
                .collect();
            let imm_params = (0..i.param_tys.len())
                .map(|p| {
                    i.arg_attributes.get(p + 1).is_some_and(|attrs| attrs.iter().any(|a| a.0 == ArgAttrKind::ImmArg))
                })
                .collect();
            Some(IntrinsicFacts { enum_name: i.enum_name, is_convergent: i.is_convergent, pointer_params, imm_params })
        };
        let llt_kinds =
            if options.get(&executor::GISEL_EXTENDED_LLT) { LltKinds::Extended } else { LltKinds::SizeOnly };
        let importer = Importer::new(input, &dag, &table, &instructions, &bank, &print, &intrinsics, llt_kinds)?;
        let warn = options.get(&WARN_ON_SKIPPED_PATTERNS);
        let mut features = DeclaredFeatures::default();
        let mut not_built: HashMap<NotBuilt, usize> = HashMap::new();
        let mut rules: Vec<(i64, RuleMatcher)> = Vec::new();
        // `declareHwModeCheck`: each HW mode condition's number, in the order first met.
        let mut hw_modes: BTreeMap<String, u32> = BTreeMap::new();
        for (index, p) in dag.patterns.iter().enumerate() {
            if importer.ignored(p) {
                continue;
            }
            let mut required = Vec::new();
            for def in predicate_records(input, p) {
                if !f.string(def, "CondString")?.is_empty() {
                    features.declare(def);
                    required.push(def);
                }
            }
            let hw_mode = (!p.hw_mode_features.is_empty()).then(|| {
                let next = hw_modes.len() as u32;
                *hw_modes.entry(p.hw_mode_features.clone()).or_insert(next)
            });
            match importer.run_on_pattern(index, p) {
                Ok(imported) => match imported.rule {
                    Ok(mut rule) => {
                        rule.required_features = required;
                        rule.hw_mode = hw_mode;
                        rules.push((p.complexity(input, &dag.complex_patterns, &table), rule));
                    }
                    Err(why) => *not_built.entry(why).or_default() += 1,
                },
                Err(skip) => {
                    if warn {
                        let locs = &input.records.get(p.src_record).locs;
                        out.diags.warning_at(locs, format!("Skipped pattern: {}", skip.0));
                    }
                }
            }
        }
        let locs = &input.records.get(target.def).locs;
        if !not_built.is_empty() {
            return Err(not_built_error(locs, not_built).into());
        }
        if !rules.is_empty() && options.get(&INSTRUMENT_COVERAGE) {
            return Err(Fatal::new(locs, "tdq does not write --gen-global-isel's coverage instrumentation yet").into());
        }
        let release = input.records.release;
        // `KnownTypes` is ordered as the release orders LLTs.
        let mut known: Vec<Llt> = importer.known_types();
        known.sort_by(|a, b| a.cmp_in(b, *LLT_ORDER.get(release)));
        let optimize_form = OPTIMIZE_FORM.get(release);
        // The run's order: higher complexity first, then higher priority.
        let rules = std_stable_sorted(rules, |(a_score, a), (b_score, b)| {
            a_score > b_score || (a_score == b_score && a.priority_order(b, optimize_form) == Ordering::Less)
        });
        let mut rules: Vec<RuleMatcher> = rules.into_iter().map(|(_, r)| r).collect();
        let max_temporaries = rules.iter().map(|r| r.renderer_fns).max().unwrap_or(0);
        number_types(&mut rules, &known);
        let tables = FeatureTables::new(input, &features, &hw_modes, rules.iter())?;
        let mut complex: Vec<RecId> = derived_definitions(input, "GIComplexOperandMatcher")?.to_vec();
        complex.sort_by(|&a, &b| f.name(a).cmp(f.name(b)));
        let complex: Vec<(&str, &str)> = complex
            .iter()
            .map(|&d| Ok((f.name(d), f.string(d, "MatcherFn")?)))
            .collect::<std::result::Result<_, Fatal>>()?;
        let mut renderers: Vec<&str> = derived_definitions(input, "GICustomOperandRenderer")?
            .iter()
            .map(|&d| f.string(d, "RendererFn"))
            .collect::<std::result::Result<_, Fatal>>()?;
        renderers.sort_unstable();
        renderers.dedup();
        let pat_frags = derived_definitions(input, "PatFrags")?.to_vec();
        let class = format!("{}InstructionSelector", target.name);
        let emitter = SelectorEmitter {
            input,
            executor: executor::FORM.get(release),
            target: target.name,
            class: &class,
            pat_frags,
        };
        let table_form = match_table::FORM.get(release);
        let matchers: Vec<Matcher> = if options.get(&OPTIMIZE_MATCH_TABLE) {
            optimize_ruleset(rules, optimize_form)
        } else {
            rules.into_iter().map(|r| Matcher::Rule(Box::new(r))).collect()
        };
        let bitset_name = |rule: &RuleMatcher| rule_feature_bitset_name(input, rule);
        let writer = Emitter { form: EMIT_FORM.get(release), table_form, feature_bitset_name: &bitset_name };
        let mut match_table = MatchTable::new(0, false);
        writer.table(&matchers, &mut match_table);
        let mut text = String::new();
        source_file_header(&mut text, &format!("Global Instruction Selector for the {} target", target.name), None);
        let guards = emitter.executor.guards;
        emitter.predicate_bitset(&mut text, tables.bit_count(), "GET_GLOBALISEL_PREDICATE_BITSET");
        emitter.temporaries_decl(&mut text, "GET_GLOBALISEL_TEMPORARIES_DECL");
        emitter.temporaries_init(&mut text, max_temporaries, "GET_GLOBALISEL_TEMPORARIES_INIT");
        emitter.executor_impl(
            &mut text,
            &match_table,
            table_form,
            &known,
            &complex,
            &renderers,
            &tables,
            "GET_GLOBALISEL_IMPL",
        );
        emitter.predicates_decl(&mut text, "GET_GLOBALISEL_PREDICATES_DECL");
        emitter.predicates_init(&mut text, "GET_GLOBALISEL_PREDICATES_INIT");
        let _ = guards;
        out.write_all(text.as_bytes())?;
        Ok(())
    }
}

/// The refusal of a run that imports patterns of forms not built yet: how many, then a note
/// for each form with its count, the commonest first.
fn not_built_error(locs: &[tdq_core::Loc], not_built: HashMap<NotBuilt, usize>) -> Fatal {
    let total: usize = not_built.values().sum();
    let message = format!("tdq does not build the rules of {total} imported pattern(s) of --gen-global-isel yet");
    let mut error = Fatal::new(locs, message);
    let mut forms: Vec<(NotBuilt, usize)> = not_built.into_iter().collect();
    forms.sort_by(|(a, a_count), (b, b_count)| b_count.cmp(a_count).then(a.cmp(b)));
    for (form, count) in forms {
        error.0.note(tdq_core::Loc::NONE, format!("{count} pattern(s): {form}"));
    }
    error
}

/// `getPredicateRecords`: the pattern's `Predicate` defs, sorted by name, without repeats.
fn predicate_records(input: &Evaluation, p: &tdq_models::patterns::dag_patterns::PatternToMatch) -> Vec<RecId> {
    let f = Fields { input };
    let mut recs: Vec<RecId> = p.predicates.iter().filter_map(|p| p.as_def()).collect();
    recs.sort_by(|&a, &b| tdq_core::record::compare_numeric(f.name(a).as_bytes(), f.name(b).as_bytes()));
    recs.dedup();
    recs
}

/// The selector's own parts of the executor (`GlobalISelEmitter`'s overrides).
struct SelectorEmitter<'a> {
    input: &'a Evaluation,
    executor: &'static ExecutorForm,
    target: &'a str,
    class: &'a str,
    /// Every `PatFrags` def, in name order (`AllPatFrags`).
    pat_frags: Vec<RecId>,
}

impl SelectorEmitter<'_> {
    fn f(&self) -> Fields<'_> {
        Fields { input: self.input }
    }

    /// The fragments whose `field` holds code, as predicates by their def's name.
    fn frags_with<'s>(&'s self, field: &str, keep: impl Fn(RecId) -> bool) -> Vec<CxxPredicate<'s>> {
        let f = self.f();
        self.pat_frags
            .iter()
            .filter(|&&d| keep(d))
            .filter_map(|&d| {
                let code = f.value(d, field).and_then(|v| v.value.as_str()).unwrap_or("");
                (!code.is_empty()).then(|| CxxPredicate { enum_name: f.name(d), code })
            })
            .collect()
    }

    fn bit_or_unset(&self, def: RecId, field: &str) -> bool {
        self.f().value(def, field).is_some_and(|v| matches!(v.value.kind(), tdq_core::init::InitKind::Bit(true)))
    }
}

impl ExecutorEmitter for SelectorEmitter<'_> {
    fn form(&self) -> &'static ExecutorForm {
        self.executor
    }
    fn target_name(&self) -> &str {
        self.target
    }
    fn class_name(&self) -> &str {
        self.class
    }

    fn mi_predicate_fns(&self, out: &mut String) {
        let predicates = self.frags_with("GISelPredicateCode", |_| true);
        self.cxx_predicate_fns(
            out,
            PredicateFn::Mi,
            "  const MachineFunction &MF = *MI.getParent()->getParent();\n  const MachineRegisterInfo &MRI = MF.getRegInfo();\n  const auto &Operands = State.RecordedOperands;\n  (void)Operands;\n  (void)MRI;",
            &predicates,
            "PatFrag predicates.",
        );
    }
    fn leaf_predicate_fns(&self, out: &mut String) {
        let predicates = self.frags_with("GISelLeafPredicateCode", |_| true);
        self.cxx_predicate_fns(
            out,
            PredicateFn::Leaf,
            "  const auto &Operands = State.RecordedOperands;\n  Register Reg = MO.getReg();\n  (void)Operands;\n  (void)Reg;",
            &predicates,
            "PatFrag predicates.",
        );
    }
    fn i64_imm_predicate_fns(&self, out: &mut String) {
        let predicates = self
            .frags_with("ImmediateCode", |d| !self.bit_or_unset(d, "IsAPFloat") && !self.bit_or_unset(d, "IsAPInt"));
        self.cxx_predicate_fns(out, PredicateFn::ImmI64, "", &predicates, "PatFrag predicates.");
    }
    fn ap_float_imm_predicate_fns(&self, out: &mut String) {
        let predicates = self.frags_with("ImmediateCode", |d| self.bit_or_unset(d, "IsAPFloat"));
        self.cxx_predicate_fns(out, PredicateFn::ImmApFloat, "", &predicates, "PatFrag predicates.");
    }
    fn ap_int_imm_predicate_fns(&self, out: &mut String) {
        let predicates = self.frags_with("ImmediateCode", |d| self.bit_or_unset(d, "IsAPInt"));
        self.cxx_predicate_fns(out, PredicateFn::ImmApInt, "", &predicates, "PatFrag predicates.");
    }

    fn test_simple_predicate(&self, out: &mut String) {
        let class = self.class;
        let _ = write!(
            out,
            "bool {class}::testSimplePredicate(unsigned) const {{\n    llvm_unreachable(\"{class} does not support simple predicates!\");\n  return false;\n}}\n"
        );
    }

    fn run_custom_action(&self, out: &mut String) {
        let class = self.class;
        let _ = write!(
            out,
            "bool {class}::runCustomAction(unsigned, const MatcherState&, NewMIVector &) const {{\n    llvm_unreachable(\"{class} does not support custom C++ actions!\");\n}}\n"
        );
    }

    fn additional_impl(&self, out: &mut String) {
        let _ = write!(
            out,
            "bool {}::selectImpl(MachineInstr &I, CodeGenCoverage &CoverageInfo) const {{\n  const PredicateBitset AvailableFeatures = getAvailableFeatures();\n  MachineIRBuilder B(I);\n  State.MIs.clear();\n  State.MIs.push_back(&I);\n\n  if (executeMatchTable(*this, State, ExecInfo, B, getMatchTable(), TII, MF->getRegInfo(), TRI, RBI, AvailableFeatures, &CoverageInfo)) {{\n    return true;\n  }}\n\n  return false;\n}}\n\n",
            self.class
        );
    }
}
