//! `--gen-global-isel-combiner`: the GlobalISel combiners `-combiners=` names, each rule
//! parsed and checked (tdq_models::global_isel), then matched by the shared match table
//! (LLVM's GlobalISelCombinerEmitter.cpp). With `-gicombiner-stop-after-parse`, the parsed
//! rules are dumped instead.
//!
//! Rules are built into matchers (tdq_models::global_isel::combine), optimised and written
//! as the table. A rule tdq does not build yet (fragments in apply patterns, C++ beside apply
//! instructions, some apply operand types) makes its combiner refused with an error rather than
//! given a wrong table.

use crate::common::emit::source_file_header;
use crate::common::std_sort::std_stable_sorted;
use crate::common::string_matcher::{self, StringPair};
use crate::global_isel::executor::{
    self, ifdef_section, rule_feature_bitset_name, CxxPredicate, ExecutorEmitter, ExecutorForm, FeatureTables,
    PredicateFn,
};
use crate::global_isel::match_table::{self, MatchTable};
use crate::global_isel::matchers::{Emitter, EMIT_FORM};
use crate::{AnyOption, Backend, BackendError, BackendOptions, Opt, Output, StrList};
use std::cmp::Ordering;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::types::RecId;
use tdq_core::{phases, ByRelease, Diagnostics, Evaluation, Loc, Release};
use tdq_models::global_isel::combine::{
    type_objects, CombineMatchers, CxxCodePool, RuleContext, CXX_CUSTOM_ACTION_PREFIX,
};
use tdq_models::global_isel::llt::{Llt, LltKinds, LLT_ORDER};
use tdq_models::global_isel::matchers::{number_types, optimize_ruleset, Opcode, RuleMatcher, OPTIMIZE_FORM};
use tdq_models::global_isel::parser::Parser;
use tdq_models::global_isel::rule::{CombineRule, RuleOptions};
use tdq_models::target::instructions::Instructions;
use tdq_models::target::subtarget_features::DeclaredFeatures;
use tdq_models::target::Target;
use tdq_models::{Fatal, Fields};

pub struct GenGlobalIselCombiner;

const CATEGORY: &str = "Options for -gen-global-isel-combiner";

/// `-combiners=`: the combiners to write, comma-separated, the values of every occurrence in
/// order (`cl::list`, `cl::CommaSeparated`).
pub static COMBINERS: Opt<StrList> = Opt {
    name: "combiners",
    help: "Emit the specified combiners",
    value_desc: "",
    category: CATEGORY,
    default: StrList,
    since: Release::V19,
};

/// `-gicombiner-stop-after-parse`.
pub static STOP_AFTER_PARSE: Opt<bool> = Opt {
    name: "gicombiner-stop-after-parse",
    help: "Stop processing after parsing rules and dump state",
    value_desc: "",
    category: CATEGORY,
    default: false,
    since: Release::V19,
};

/// `-gicombiner-debug-cxxpreds`.
pub static DEBUG_CXX_PREDS: Opt<bool> = Opt {
    name: "gicombiner-debug-cxxpreds",
    help: "Add Contextual/Debug comments to all C++ predicates",
    value_desc: "",
    category: CATEGORY,
    default: false,
    since: Release::V19,
};

/// `-gicombiner-debug-typeinfer`.
pub static DEBUG_TYPE_INFER: Opt<bool> = Opt {
    name: "gicombiner-debug-typeinfer",
    help: "Print type inference debug logs",
    value_desc: "",
    category: CATEGORY,
    default: false,
    since: Release::V19,
};

type Result<T> = std::result::Result<T, BackendError>;

impl Backend for GenGlobalIselCombiner {
    fn name(&self) -> &'static str {
        "gen-global-isel-combiner"
    }
    fn help(&self) -> &'static str {
        "Generate GlobalISel Combiner"
    }
    fn options(&self) -> &'static [&'static dyn AnyOption] {
        static OPTIONS: [&dyn AnyOption; 5] =
            [&COMBINERS, &DEBUG_CXX_PREDS, &DEBUG_TYPE_INFER, &STOP_AFTER_PARSE, &executor::GISEL_EXTENDED_LLT];
        &OPTIONS
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<()> {
        Target::get(input)?;
        let selected = options.get(&COMBINERS);
        if selected.is_empty() {
            return Err(Fatal::new(&[], "No combiners selected with -combiners").into());
        }
        let instructions = Instructions::get(input)?;
        let mut parser = Parser::new(input, &instructions);
        let mut built =
            CombineMatchers { debug_cxx_preds: options.get(&DEBUG_CXX_PREDS), ..CombineMatchers::default() };
        let mut diags = Diagnostics::new();
        let mut text = String::new();
        for name in selected {
            let Some(combiner) = input.records.def(name) else {
                return Err(Fatal::new(&[], format!("Could not find {name}")).into());
            };
            let result = run(input, options, &mut parser, &mut built, combiner, &mut diags, &mut text);
            if let Err(e) = result {
                return Err(with_earlier(diags, e));
            }
        }
        out.write_all(text.as_bytes())?;
        out.diags.list.extend(diags.list);
        Ok(())
    }
}

/// A fatal error after the diagnostics printed before it.
fn with_earlier(mut earlier: Diagnostics, error: BackendError) -> BackendError {
    match error {
        BackendError::Fatal(d) => {
            for diag in d.list {
                earlier.push(diag);
            }
            BackendError::Fatal(earlier)
        }
        io => io,
    }
}

/// One combiner (`GICombinerEmitter::run`).
fn run(
    input: &Evaluation,
    options: &BackendOptions,
    parser: &mut Parser,
    built: &mut CombineMatchers,
    combiner: RecId,
    diags: &mut Diagnostics,
    text: &mut String,
) -> Result<()> {
    let f = Fields { input };
    let rule_options = RuleOptions { debug_type_infer: options.get(&DEBUG_TYPE_INFER) };
    let stop_after_parse = options.get(&STOP_AFTER_PARSE);
    let instructions = Instructions::get(input)?;
    phases::start("Gather rules");
    built.features = DeclaredFeatures::default();
    let mut gather = Gather {
        seen: Vec::new(),
        next_id: 0,
        rule_names: Vec::new(),
        matchers: Vec::new(),
        not_built: None,
        options: rule_options,
        stop_after_parse,
        llt_kinds: if options.get(&executor::GISEL_EXTENDED_LLT) { LltKinds::Extended } else { LltKinds::SizeOnly },
    };
    gather.rules_of(input, &instructions, parser, built, &f.defs(combiner, "Rules")?, diags, text)?;
    let locs: Vec<Loc> = input.records.get(combiner).locs.to_vec();
    if diags.error_count() > 0 {
        let mut d = std::mem::take(diags);
        d.error_at(&locs, "Failed to parse one or more rules");
        return Err(BackendError::Fatal(d));
    }
    if stop_after_parse {
        return Ok(());
    }
    if let Some(what) = gather.not_built {
        let message = format!("tdq does not build the match table of a combiner whose rules use {what} yet");
        return Err(Fatal::new(&locs, message).into());
    }
    phases::start("Creating Match Table");
    let release = options.release;
    let optimize_form = OPTIMIZE_FORM.get(release);
    let mut rules = gather.matchers;
    let known_types: Vec<Llt> = built.known_types.iter().copied().collect();
    let types = type_objects(&known_types, *LLT_ORDER.get(release));
    number_types(&mut rules, &types);
    let max_temporaries = rules.iter().map(|r| r.renderer_fns).max().unwrap_or(0);
    let features = FeatureTables::new(input, &built.features, &BTreeMap::new(), rules.iter())?;
    let rules = std_stable_sorted(rules, |a, b| a.priority_order(b, optimize_form) == Ordering::Less);
    let mut match_opcodes: Vec<Opcode> = Vec::new();
    for rule in &rules {
        for op in rule.root().opcodes() {
            if !match_opcodes.iter().any(|o| o.def == op.def) {
                match_opcodes.push(op.clone());
            }
        }
    }
    let table_form = match_table::FORM.get(release);
    let optimized = optimize_ruleset(rules, optimize_form);
    let mut table = MatchTable::new(0, true);
    let bitset_name = |rule: &RuleMatcher| rule_feature_bitset_name(input, rule);
    let writer = Emitter { form: EMIT_FORM.get(release), table_form, feature_bitset_name: &bitset_name };
    writer.table(&optimized, &mut table);
    phases::start("Emit combiner");
    let target = Target::get(input)?;
    let emitter = CombinerEmitter {
        form: FORM.get(release),
        executor: executor::FORM.get(release),
        table: table_form,
        target: target.name,
        class: f.string(combiner, "Classname")?,
        combine_all_method: f.string(combiner, "CombineAllMethodName")?,
        name: f.name(combiner),
        rule_names: gather.rule_names,
        match_opcodes,
        built,
        max_temporaries,
        types,
        features,
    };
    emitter.emit(&table, text);
    Ok(())
}

/// What a release writes for a combiner, where releases differ (beyond the executor's and the
/// table's own forms).
struct CombinerForm {
    /// How the `llvm` namespace around the option category's declaration is written.
    llvm_namespace: LlvmNamespace,
    /// What `tryCombineAll` does before running the table.
    combine_all: CombineAll,
}

#[derive(Clone, Copy)]
enum LlvmNamespace {
    /// `namespace llvm {` ... `} // end namespace llvm`.
    EndComment,
    /// LLVM 23's `NamespaceEmitter`: blank lines inside, `} // namespace llvm`.
    Spaced,
}

#[derive(Clone, Copy)]
enum CombineAll {
    /// Takes the instruction, register and register-bank info from the subtarget, and sets
    /// the builder's insertion point.
    SubtargetInfo,
    /// LLVM 23: returns early for an opcode no rule matches (`<Class>_canMatchOpcode`), and
    /// takes the infos from the combiner helper.
    OpcodeFilter,
}

const FORM_19: CombinerForm =
    CombinerForm { llvm_namespace: LlvmNamespace::EndComment, combine_all: CombineAll::SubtargetInfo };

static FORM: ByRelease<CombinerForm> = ByRelease {
    v19: FORM_19,
    v22: FORM_19,
    v23: CombinerForm { llvm_namespace: LlvmNamespace::Spaced, combine_all: CombineAll::OpcodeFilter },
};

/// One combiner's output (`GICombinerEmitter`).
struct CombinerEmitter<'a> {
    form: &'static CombinerForm,
    executor: &'static ExecutorForm,
    table: &'static match_table::TableForm,
    target: &'a str,
    /// `Classname`, the executor class.
    class: &'a str,
    combine_all_method: &'a str,
    /// The combiner def's name, which names its command-line options.
    name: &'a str,
    /// The rules' names, by rule id (`AllCombineRules`).
    rule_names: Vec<&'a str>,
    /// The opcodes the rules' roots match, in order (`MatchOpcodes`).
    match_opcodes: Vec<Opcode>,
    /// The run's rule matchers so far: the C++ code pools.
    built: &'a CombineMatchers,
    /// The most temporaries a rule needs.
    max_temporaries: u32,
    /// The type objects: the run's known types, sorted (`s1` when there are none).
    types: Vec<Llt>,
    /// The subtarget features the rules require.
    features: FeatureTables,
}

impl CombinerEmitter<'_> {
    /// `GICombinerEmitter::run`'s output.
    fn emit(&self, table: &MatchTable, out: &mut String) {
        let types = &self.types;
        source_file_header(out, &format!("{} Combiner Match Table", self.class), None);
        let guards = self.executor.guards;
        ifdef_section(out, guards, "GET_GICOMBINER_DEPS", true, |out| {
            out.push_str("#include \"llvm/ADT/SparseBitVector.h\"\n");
            const DECL: &str = "extern cl::OptionCategory GICombinerOptionCategory;\n";
            match self.form.llvm_namespace {
                LlvmNamespace::EndComment => {
                    let _ = write!(out, "namespace llvm {{\n{DECL}}} // end namespace llvm\n");
                }
                LlvmNamespace::Spaced => crate::common::emit::namespace(out, "llvm", |out| out.push_str(DECL)),
            }
        });
        ifdef_section(out, guards, "GET_GICOMBINER_TYPES", true, |out| self.rule_config(out));
        self.predicate_bitset(out, self.features.bit_count(), "GET_GICOMBINER_TYPES");
        self.predicates_decl(out, "GET_GICOMBINER_CLASS_MEMBERS");
        self.temporaries_decl(out, "GET_GICOMBINER_CLASS_MEMBERS");
        self.executor_impl(out, table, self.table, types, &[], &[], &self.features, "GET_GICOMBINER_IMPL");
        self.predicates_init(out, "GET_GICOMBINER_CONSTRUCTOR_INITS");
        self.temporaries_init(out, self.max_temporaries, "GET_GICOMBINER_CONSTRUCTOR_INITS");
    }

    /// `emitRuleConfigImpl`: the rule-config class and the options that disable rules.
    fn rule_config(&self, out: &mut String) {
        let config = format!("{}RuleConfig", self.class);
        let _ = write!(
            out,
            "struct {config} {{\n  SparseBitVector<> DisabledRules;\n\n  bool isRuleEnabled(unsigned RuleID) const;\n  bool parseCommandLineOption();\n  bool setRuleEnabled(StringRef RuleIdentifier);\n  bool setRuleDisabled(StringRef RuleIdentifier);\n}};\n\n"
        );
        out.push_str("static std::optional<uint64_t> getRuleIdxForIdentifier(StringRef RuleIdentifier) {\n  uint64_t I;\n  // getAtInteger(...) returns false on success\n  bool Parsed = !RuleIdentifier.getAsInteger(0, I);\n  if (Parsed)\n    return I;\n\n#ifndef NDEBUG\n");
        let cases: Vec<StringPair> = self
            .rule_names
            .iter()
            .enumerate()
            .map(|(id, name)| (name.to_string(), format!("return {id};\n")))
            .collect();
        // Rule names are def names, so never the same twice.
        let _ = string_matcher::emit("RuleIdentifier", &cases, 0, out);
        let _ = write!(
            out,
            "#endif // ifndef NDEBUG\n\n  return std::nullopt;\n}}\nstatic std::optional<std::pair<uint64_t, uint64_t>> getRuleRangeForIdentifier(StringRef RuleIdentifier) {{\n  std::pair<StringRef, StringRef> RangePair = RuleIdentifier.split('-');\n  if (!RangePair.second.empty()) {{\n    const auto First = getRuleIdxForIdentifier(RangePair.first);\n    const auto Last = getRuleIdxForIdentifier(RangePair.second);\n    if (!First || !Last)\n      return std::nullopt;\n    if (First >= Last)\n      report_fatal_error(\"Beginning of range should be before end of range\");\n    return {{{{*First, *Last + 1}}}};\n  }}\n  if (RangePair.first == \"*\") {{\n    return {{{{0, {}}}}};\n  }}\n  const auto I = getRuleIdxForIdentifier(RangePair.first);\n  if (!I)\n    return std::nullopt;\n  return {{{{*I, *I + 1}}}};\n}}\n\n",
            self.rule_names.len()
        );
        for (which, call) in [("Enabled", "reset"), ("Disabled", "set")] {
            let _ = write!(
                out,
                "bool {config}::setRule{which}(StringRef RuleIdentifier) {{\n  auto MaybeRange = getRuleRangeForIdentifier(RuleIdentifier);\n  if (!MaybeRange)\n    return false;\n  for (auto I = MaybeRange->first; I < MaybeRange->second; ++I)\n    DisabledRules.{call}(I);\n  return true;\n}}\n\n"
            );
        }
        let name = self.name;
        let lower = name.to_ascii_lowercase();
        let _ = write!(
            out,
            "static std::vector<std::string> {name}Option;\nstatic cl::list<std::string> {name}DisableOption(\n    \"{lower}-disable-rule\",\n    cl::desc(\"Disable one or more combiner rules temporarily in the {name} pass\"),\n    cl::CommaSeparated,\n    cl::Hidden,\n    cl::cat(GICombinerOptionCategory),\n    cl::callback([](const std::string &Str) {{\n      {name}Option.push_back(Str);\n    }}));\nstatic cl::list<std::string> {name}OnlyEnableOption(\n    \"{lower}-only-enable-rule\",\n    cl::desc(\"Disable all rules in the {name} pass then re-enable the specified ones\"),\n    cl::Hidden,\n    cl::cat(GICombinerOptionCategory),\n    cl::callback([](const std::string &CommaSeparatedArg) {{\n      StringRef Str = CommaSeparatedArg;\n      {name}Option.push_back(\"*\");\n      do {{\n        auto X = Str.split(\",\");\n        {name}Option.push_back((\"!\" + X.first).str());\n        Str = X.second;\n      }} while (!Str.empty());\n    }}));\n\n\nbool {config}::isRuleEnabled(unsigned RuleID) const {{\n    return  !DisabledRules.test(RuleID);\n}}\nbool {config}::parseCommandLineOption() {{\n  for (StringRef Identifier : {name}Option) {{\n    bool Enabled = Identifier.consume_front(\"!\");\n    if (Enabled && !setRuleEnabled(Identifier))\n      return false;\n    if (!Enabled && !setRuleDisabled(Identifier))\n      return false;\n  }}\n  return true;\n}}\n\n"
        );
    }

    /// `emitCanMatchOpcodeFn`: whether any rule's root has the opcode (LLVM 23).
    fn can_match_opcode(&self, out: &mut String, function: &str) {
        let _ = writeln!(out, "static bool {function}(unsigned Opc) {{");
        if self.match_opcodes.is_empty() {
            out.push_str("  (void)Opc;\n  return false;\n}\n\n");
            return;
        }
        out.push_str("  switch (Opc) {\n");
        for op in &self.match_opcodes {
            let _ = writeln!(out, "  case {}::{}:", op.namespace, op.name);
        }
        out.push_str("    return true;\n  default:\n    return false;\n  }\n}\n\n");
    }
}

impl ExecutorEmitter for CombinerEmitter<'_> {
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
        let names: Vec<String> = (0..self.built.match_code.code.len()).map(CxxCodePool::base_enum_name).collect();
        let predicates: Vec<CxxPredicate> = names
            .iter()
            .zip(&self.built.match_code.code)
            .map(|(enum_name, code)| CxxPredicate { enum_name, code })
            .collect();
        self.cxx_predicate_fns(out, PredicateFn::Mi, "", &predicates, "");
    }
    fn leaf_predicate_fns(&self, out: &mut String) {
        self.cxx_predicate_fns(out, PredicateFn::Leaf, "", &[], "");
    }
    fn i64_imm_predicate_fns(&self, out: &mut String) {
        self.cxx_predicate_fns(out, PredicateFn::ImmI64, "", &[], "");
    }
    fn ap_float_imm_predicate_fns(&self, out: &mut String) {
        self.cxx_predicate_fns(out, PredicateFn::ImmApFloat, "", &[], "");
    }
    fn ap_int_imm_predicate_fns(&self, out: &mut String) {
        self.cxx_predicate_fns(out, PredicateFn::ImmApInt, "", &[], "");
    }

    fn test_simple_predicate(&self, out: &mut String) {
        if !self.rule_names.is_empty() {
            out.push_str("enum {\n");
            let mut separator = " = GICXXPred_Invalid + 1,\n";
            for id in 0..self.rule_names.len() {
                let _ = write!(out, "  GICXXPred_Simple_IsRule{id}Enabled{separator}");
                separator = ",\n";
            }
            out.push_str("};\n\n");
        }
        let _ = write!(
            out,
            "bool {}::testSimplePredicate(unsigned Predicate) const {{\n    return RuleConfig.isRuleEnabled(Predicate - GICXXPred_Invalid - 1);\n}}\n",
            self.class
        );
    }

    fn run_custom_action(&self, out: &mut String) {
        let actions = &self.built.custom_actions.code;
        let name = |id: usize| format!("{CXX_CUSTOM_ACTION_PREFIX}{}", CxxCodePool::base_enum_name(id));
        if !actions.is_empty() {
            out.push_str("enum {\n");
            let mut separator = " = GICXXCustomAction_Invalid + 1,\n";
            for id in 0..actions.len() {
                let _ = write!(out, "  {}{separator}", name(id));
                separator = ",\n";
            }
            out.push_str("};\n");
        }
        let _ = write!(
            out,
            "bool {}::runCustomAction(unsigned ApplyID, const MatcherState &State, NewMIVector &OutMIs) const {{\n  Helper.getBuilder().setInstrAndDebugLoc(*State.MIs[0]);\n",
            self.class
        );
        if !actions.is_empty() {
            out.push_str("  switch(ApplyID) {\n");
            for (id, code) in actions.iter().enumerate() {
                let code = code.split('\n').collect::<Vec<_>>().join("\n    ");
                let _ = write!(out, "  case {}:{{\n    {code}\n    return true;\n  }}\n", name(id));
            }
            out.push_str("  }\n");
        }
        out.push_str("  llvm_unreachable(\"Unknown Apply Action\");\n}\n");
    }

    fn additional_impl(&self, out: &mut String) {
        let (class, method) = (self.class, self.combine_all_method);
        match self.form.combine_all {
            CombineAll::SubtargetInfo => {
                let _ = write!(
                    out,
                    "bool {class}::{method}(MachineInstr &I) const {{\n  const TargetSubtargetInfo &ST = MF.getSubtarget();\n  const PredicateBitset AvailableFeatures = getAvailableFeatures();\n  B.setInstrAndDebugLoc(I);\n  State.MIs.clear();\n  State.MIs.push_back(&I);\n  if (executeMatchTable(*this, State, ExecInfo, B, getMatchTable(), *ST.getInstrInfo(), MRI, *MRI.getTargetRegisterInfo(), *ST.getRegBankInfo(), AvailableFeatures, /*CoverageInfo*/ nullptr)) {{\n    return true;\n  }}\n\n  return false;\n}}\n\n"
                );
            }
            CombineAll::OpcodeFilter => {
                let filter = format!("{class}_canMatchOpcode");
                self.can_match_opcode(out, &filter);
                let _ = write!(
                    out,
                    "bool {class}::{method}(MachineInstr &I) const {{\n  if (!{filter}(I.getOpcode()))\n    return false;\n  const PredicateBitset AvailableFeatures = getAvailableFeatures();\n  State.MIs.clear();\n  State.MIs.push_back(&I);\n  if (executeMatchTable(*this, State, ExecInfo, B, getMatchTable(), Helper.getTII(), MRI, Helper.getTRI(), Helper.getRBI(), AvailableFeatures, /*CoverageInfo*/ nullptr)) {{\n    return true;\n  }}\n\n  return false;\n}}\n\n"
                );
            }
        }
    }
}

/// `gatherRules`: the rules of a combiner, groups flattened, each parsed once and its
/// matchers built.
struct Gather {
    /// The names of the rules seen.
    seen: Vec<&'static str>,
    next_id: u32,
    /// Every rule's name, by id (`AllCombineRules`).
    rule_names: Vec<&'static str>,
    matchers: Vec<RuleMatcher>,
    /// What a rule needs that tdq does not build yet.
    not_built: Option<&'static str>,
    options: RuleOptions,
    /// `-gisel-extended-llt`.
    llt_kinds: LltKinds,
    stop_after_parse: bool,
}

impl Gather {
    #[allow(clippy::too_many_arguments)]
    fn rules_of(
        &mut self,
        input: &Evaluation,
        instructions: &Instructions,
        parser: &mut Parser,
        built: &mut CombineMatchers,
        rules: &[RecId],
        diags: &mut Diagnostics,
        text: &mut String,
    ) -> Result<()> {
        let f = Fields { input };
        for &rec in rules {
            if !f.is_unset(rec, "Rules")? {
                self.rules_of(input, instructions, parser, built, &f.defs(rec, "Rules")?, diags, text)?;
                continue;
            }
            let name = f.name(rec);
            if self.seen.contains(&name) {
                diags.warning_at(
                    &input.records.get(rec).locs,
                    format!("skipping rule '{name}' because it has already been processed"),
                );
                continue;
            }
            self.seen.push(name);
            self.rule_names.push(name);
            let id = self.next_id;
            self.next_id += 1;
            let Some(rule) = CombineRule::parse(parser, rec, id, self.options, diags)? else {
                continue;
            };
            if self.stop_after_parse {
                rule.print(&parser.frags, text);
                continue;
            }
            if self.not_built.is_some() {
                continue;
            }
            let cx = RuleContext { input, instructions, frags: &parser.frags, llt_kinds: self.llt_kinds };
            if let Err(not_built) = built.rule_matchers(&cx, &rule, &mut self.matchers, diags)? {
                self.not_built = Some(not_built.what);
            }
        }
        Ok(())
    }
}
