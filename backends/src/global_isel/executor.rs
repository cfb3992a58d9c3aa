//! What every GlobalISel match-table backend writes around its table (LLVM's
//! `GlobalISelMatchTableExecutorEmitter`): the `#ifdef` sections that declare and define the
//! executor's members — type objects, subtarget feature bits, C++ predicate functions, custom
//! renderers, the table itself. A backend implements [`ExecutorEmitter`]'s hooks for its own
//! parts (`--gen-global-isel-combiner` now, `--gen-global-isel` later).

use super::match_table::{self, MatchTable};
use crate::gen_register_info::minimal_type;
use crate::Opt;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use tdq_core::{ByRelease, Evaluation, Release};
use tdq_models::global_isel::llt::{FpSemantics, Llt, ScalarKind};
use tdq_models::global_isel::matchers::RuleMatcher;
use tdq_models::target::subtarget_features::DeclaredFeatures;
use tdq_models::{Fatal, Fields};

/// What a release writes around a match table, where releases differ.
pub struct ExecutorForm {
    /// How an `#ifdef NAME` section is framed.
    pub guards: Guards,
    /// The executor has `testMOPredicate_MO` (leaf predicates on operands; LLVM 22 on).
    pub leaf_predicates: bool,
    /// How a vector type's constructor gives its element.
    pub vector_element: VectorElement,
}

/// How `LLTCodeGen::emitCxxConstructorCall` gives a vector's element.
#[derive(Clone, Copy)]
pub enum VectorElement {
    /// Its size: `LLT::vector(ElementCount::getFixed(4), 16)` (LLVM 19, 22).
    Bits,
    /// Its scalar type: `LLT::vector(ElementCount::getFixed(4), LLT::scalar(16))` (LLVM 23).
    Scalar,
}

/// `-gisel-extended-llt` (LLVM 23's `GlobalISelMatchTableExecutorEmitter.cpp`, so in the
/// general options): types tell integers from floating point.
pub static GISEL_EXTENDED_LLT: Opt<bool> = Opt {
    name: "gisel-extended-llt",
    help: "Generate extended llt names in match tables",
    value_desc: "",
    category: "General options",
    default: false,
    since: Release::V23,
};

/// How a `#ifdef NAME` section is framed.
#[derive(Clone, Copy)]
pub enum Guards {
    /// `#ifdef NAME`, the body, `#endif // ifdef NAME`, followed by a blank line in the
    /// sections [`Section::blank_after`] says.
    Plain,
    /// LLVM 23's `IfDefGuardEmitter`: a blank line after `#ifdef NAME` and before
    /// `#endif // NAME`, and one after it, in every section.
    Spaced,
}

const FORM_22: ExecutorForm =
    ExecutorForm { guards: Guards::Plain, leaf_predicates: true, vector_element: VectorElement::Bits };

/// The executor's form in each release.
pub const FORM: ByRelease<ExecutorForm> = ByRelease {
    v19: ExecutorForm { leaf_predicates: false, ..FORM_22 },
    v22: FORM_22,
    v23: ExecutorForm { guards: Guards::Spaced, vector_element: VectorElement::Scalar, ..FORM_22 },
};

/// A `#ifdef NAME` section around what `body` writes; `blank_after` is whether the plain form
/// leaves a blank line after it (LLVM 19 and 22 differ in this between sections).
pub fn ifdef_section(out: &mut String, guards: Guards, name: &str, blank_after: bool, body: impl FnOnce(&mut String)) {
    match guards {
        Guards::Plain => {
            let _ = writeln!(out, "#ifdef {name}");
            body(out);
            let _ = writeln!(out, "#endif // ifdef {name}");
            if blank_after {
                out.push('\n');
            }
        }
        Guards::Spaced => {
            let _ = write!(out, "#ifdef {name}\n\n");
            body(out);
            let _ = write!(out, "\n#endif // {name}\n\n");
        }
    }
}

/// The subtarget features an executor tests, as its sections write them.
#[derive(Default)]
pub struct FeatureTables {
    /// The declared features, in record-id order.
    pub features: Vec<FeatureBit>,
    /// The HW mode checks (`HwModes`): each one's condition and number, by condition; their
    /// bits follow the features'.
    pub hw_modes: Vec<(String, u32)>,
    /// The distinct non-empty feature sets the rules require (`FeatureBitsets`), sorted by
    /// size, then by their features' names, then by HW mode.
    pub bitsets: Vec<FeatureBitset>,
}

/// One feature's bit.
pub struct FeatureBit {
    /// `Feature_<def>Bit`.
    pub enum_bit_name: String,
    pub index: u32,
    /// The def's `CondString`.
    pub condition: String,
    /// `RecomputePerFunction`: tested in `computeAvailableFunctionFeatures`.
    pub per_function: bool,
}

/// A set of features a rule requires.
pub struct FeatureBitset {
    /// `getNameForFeatureBitset`: `GIFBS_<def>_<def>...`.
    pub name: String,
    /// The features' enum bit names, in the rule's order.
    pub bits: Vec<String>,
}

impl FeatureTables {
    /// The tables of `declared` and the HW mode checks `hw_modes` (by condition, each with
    /// its number), with the bitsets of each rule's required features and HW mode.
    pub fn new<'r>(
        input: &Evaluation,
        declared: &DeclaredFeatures,
        hw_modes: &BTreeMap<String, u32>,
        rules: impl Iterator<Item = &'r RuleMatcher>,
    ) -> Result<FeatureTables, Fatal> {
        let f = Fields { input };
        let mut features = Vec::new();
        for feature in declared.all() {
            features.push(FeatureBit {
                enum_bit_name: feature.enum_bit_name(input),
                index: feature.index,
                condition: f.string(feature.def, "CondString")?.to_string(),
                per_function: feature.recompute_per_function(input)?,
            });
        }
        let mut sets: Vec<(Vec<&str>, Option<u32>)> = rules
            .filter(|rule| !rule.required_features.is_empty() || rule.hw_mode.is_some())
            .map(|rule| (rule.required_features.iter().map(|&def| f.name(def)).collect(), rule.hw_mode))
            .collect();
        sets.sort_by(|a, b| a.0.len().cmp(&b.0.len()).then_with(|| a.cmp(b)));
        sets.dedup();
        let bitsets = sets
            .into_iter()
            .map(|(names, hw_mode)| FeatureBitset {
                name: feature_bitset_name(&names, hw_mode),
                bits: names
                    .iter()
                    .map(|name| format!("Feature_{name}Bit"))
                    .chain(hw_mode.map(|m| format!("Feature_HwMode{m}Bit")))
                    .collect(),
            })
            .collect();
        let hw_modes = hw_modes.iter().map(|(c, &m)| (c.clone(), m)).collect();
        Ok(FeatureTables { features, hw_modes, bitsets })
    }

    /// `MAX_SUBTARGET_PREDICATES`: the features' bits and the HW modes'.
    pub fn bit_count(&self) -> usize {
        self.features.len() + self.hw_modes.len()
    }
}

/// `getNameForFeatureBitset`: `GIFBS`, `_<def>` for each feature and `_HwMode<N>` for a HW mode.
pub fn feature_bitset_name(names: &[&str], hw_mode: Option<u32>) -> String {
    let mut name = String::from("GIFBS");
    for feature in names {
        name.push('_');
        name.push_str(feature);
    }
    if let Some(m) = hw_mode {
        let _ = write!(name, "_HwMode{m}");
    }
    name
}

/// The bitset name of a rule's features and HW mode.
pub fn rule_feature_bitset_name(input: &Evaluation, rule: &RuleMatcher) -> String {
    let f = Fields { input };
    let names: Vec<&str> = rule.required_features.iter().map(|&def| f.name(def)).collect();
    feature_bitset_name(&names, rule.hw_mode)
}

/// A C++ predicate the executor tests by number (`emitCxxPredicateFns`'s objects).
pub struct CxxPredicate<'a> {
    /// The name in `GICXXPred_<TYPE>_Predicate_<NAME>`.
    pub enum_name: &'a str,
    pub code: &'a str,
}

/// The kinds of `test*Predicate_*` functions (`emitMIPredicateFnsImpl`,
/// `emitLeafPredicateFnsImpl`, `emitImmPredicateFnsImpl`).
#[derive(Clone, Copy)]
pub enum PredicateFn {
    /// `testMIPredicate_MI`.
    Mi,
    /// `testMOPredicate_MO`.
    Leaf,
    /// `testImmPredicate_I64`.
    ImmI64,
    /// `testImmPredicate_APFloat`.
    ImmApFloat,
    /// `testImmPredicate_APInt`.
    ImmApInt,
}

impl PredicateFn {
    /// (type identifier, argument type, argument name, additional arguments).
    fn signature(self) -> (&'static str, &'static str, &'static str, &'static str) {
        const STATE: &str = ", const MatcherState &State";
        match self {
            PredicateFn::Mi => ("MI", "const MachineInstr &", "MI", STATE),
            PredicateFn::Leaf => ("MO", "const MachineOperand &", "MO", STATE),
            PredicateFn::ImmI64 => ("I64", "int64_t", "Imm", ""),
            PredicateFn::ImmApFloat => ("APFloat", "const APFloat &", "Imm", ""),
            PredicateFn::ImmApInt => ("APInt", "const APInt &", "Imm", ""),
        }
    }
}

/// The parts of a match-table executor a backend writes itself
/// (`GlobalISelMatchTableExecutorEmitter`'s virtual functions), and the shared sections built
/// on them.
pub trait ExecutorEmitter {
    /// The release's form.
    fn form(&self) -> &'static ExecutorForm;
    /// The target's name (`CodeGenTarget::getName`).
    fn target_name(&self) -> &str;
    /// The executor class's name, e.g. `AArch64PreLegalizerCombinerImpl`.
    fn class_name(&self) -> &str;

    /// `emitMIPredicateFns`.
    fn mi_predicate_fns(&self, out: &mut String);
    /// `emitLeafPredicateFns`.
    fn leaf_predicate_fns(&self, out: &mut String);
    /// `emitI64ImmPredicateFns`.
    fn i64_imm_predicate_fns(&self, out: &mut String);
    /// `emitAPFloatImmPredicateFns`.
    fn ap_float_imm_predicate_fns(&self, out: &mut String);
    /// `emitAPIntImmPredicateFns`.
    fn ap_int_imm_predicate_fns(&self, out: &mut String);
    /// `emitTestSimplePredicate`.
    fn test_simple_predicate(&self, out: &mut String);
    /// `emitRunCustomAction`.
    fn run_custom_action(&self, out: &mut String);
    /// `emitAdditionalImpl`: what the backend adds to the implementation section.
    fn additional_impl(&self, _out: &mut String) {}

    /// `emitCxxPredicateFns`: an enum of the predicates and the function that switches on it.
    fn cxx_predicate_fns(
        &self,
        out: &mut String,
        kind: PredicateFn,
        additional_decls: &str,
        predicates: &[CxxPredicate],
        comment: &str,
    ) {
        let (ty, arg_type, arg_name, additional_args) = kind.signature();
        if !comment.is_empty() {
            let _ = writeln!(out, "// {comment}");
        }
        if !predicates.is_empty() {
            out.push_str("enum {\n");
            let mut separator = " = GICXXPred_Invalid + 1,\n";
            for p in predicates {
                let _ = write!(out, "  GICXXPred_{ty}_Predicate_{}{separator}", p.enum_name);
                separator = ",\n";
            }
            out.push_str("};\n");
        }
        let _ = write!(
            out,
            "bool {}::test{arg_name}Predicate_{ty}(unsigned PredicateID, {arg_type} {arg_name}{additional_args}) const {{\n{additional_decls}",
            self.class_name()
        );
        if !additional_decls.is_empty() {
            out.push('\n');
        }
        if !predicates.is_empty() {
            out.push_str("  switch (PredicateID) {\n");
            for p in predicates {
                let code = p.code.split('\n').collect::<Vec<_>>().join("\n    ");
                let _ = write!(out, "  case GICXXPred_{ty}_Predicate_{}: {{\n    {code}\n", p.enum_name);
                if !code.trim_start().starts_with("return") {
                    let _ = writeln!(out, "    llvm_unreachable(\"{} should have returned\");", p.enum_name);
                }
                out.push_str("  }\n");
            }
            out.push_str("  }\n");
        }
        out.push_str("  llvm_unreachable(\"Unknown predicate\");\n  return false;\n}\n");
    }

    /// `emitTypeObjects`: the LLTs the table refers to, an enum and an array.
    fn type_objects(&self, out: &mut String, types: &[Llt]) {
        out.push_str("// LLT Objects.\nenum {\n");
        for &ty in types {
            let _ = writeln!(out, "  {},", llt_enum_value(ty));
        }
        let _ = write!(
            out,
            "}};\nconst static size_t NumTypeObjects = {};\nconst static LLT TypeObjects[] = {{\n",
            types.len()
        );
        for &ty in types {
            let _ = writeln!(out, "  {},", llt_constructor(ty, self.form().vector_element));
        }
        out.push_str("};\n\n");
    }

    /// `emitSubtargetFeatureBitsetImpl`: the feature enum, the two `computeAvailable*Features`
    /// (the features computed once per module, then those recomputed per function) and the
    /// feature bitsets the table names.
    fn subtarget_feature_bitset(&self, out: &mut String, features: &FeatureTables) {
        let (class, target) = (self.class_name(), self.target_name());
        let _ = write!(
            out,
            "// Bits for subtarget features that participate in instruction matching.\nenum SubtargetFeatureBits : {} {{\n",
            minimal_type(features.bit_count() as u64)
        );
        for feature in &features.features {
            let _ = writeln!(out, "  {} = {},", feature.enum_bit_name, feature.index);
        }
        let offset = features.features.len() as u32;
        for (_, m) in &features.hw_modes {
            let _ = writeln!(out, "  Feature_HwMode{m}Bit = {},", m + offset);
        }
        out.push_str("};\n\n");
        let compute = |out: &mut String, function: &str, extra: &str, per_function: bool| {
            let _ = write!(
                out,
                "PredicateBitset {class}::\n{function}(const {target}Subtarget *Subtarget{extra}) const {{\n  PredicateBitset Features{{}};\n"
            );
            for feature in features.features.iter().filter(|f| f.per_function == per_function) {
                let _ = write!(out, "  if ({})\n    Features.set({});\n", feature.condition, feature.enum_bit_name);
            }
            // The HW modes are checked once per module.
            for (condition, m) in features.hw_modes.iter().filter(|_| !per_function) {
                let _ = write!(out, "  if ({condition})\n    Features.set(Feature_HwMode{m}Bit);\n");
            }
            out.push_str("  return Features;\n}\n\n");
        };
        compute(out, "computeAvailableModuleFeatures", "", false);
        let _ = write!(
            out,
            "void {class}::setupGeneratedPerFunctionState(MachineFunction &MF) {{\n  AvailableFunctionFeatures = computeAvailableFunctionFeatures((const {target}Subtarget *)&MF.getSubtarget(), &MF);\n}}\n"
        );
        compute(out, "computeAvailableFunctionFeatures", ", const MachineFunction *MF", true);
        out.push_str("// Feature bitsets.\nenum {\n  GIFBS_Invalid,\n");
        for bitset in &features.bitsets {
            let _ = writeln!(out, "  {},", bitset.name);
        }
        out.push_str("};\nconstexpr static PredicateBitset FeatureBitsets[] {\n  {}, // GIFBS_Invalid\n");
        for bitset in &features.bitsets {
            out.push_str("  {");
            for bit in &bitset.bits {
                let _ = write!(out, "{bit}, ");
            }
            out.push_str("},\n");
        }
        out.push_str("};\n\n");
    }

    /// `emitComplexPredicates`: the complex operand matchers, by name and matcher function.
    fn complex_predicates(&self, out: &mut String, matchers: &[(&str, &str)]) {
        let class = self.class_name();
        out.push_str("// ComplexPattern predicates.\nenum {\n  GICP_Invalid,\n");
        for (name, _) in matchers {
            let _ = writeln!(out, "  GICP_{name},");
        }
        let _ = write!(
            out,
            "}};\n// See constructor for table contents\n\n{class}::ComplexMatcherMemFn\n{class}::ComplexPredicateFns[] = {{\n  nullptr, // GICP_Invalid\n"
        );
        for (name, function) in matchers {
            let _ = writeln!(out, "  &{class}::{function}, // {name}");
        }
        out.push_str("};\n\n");
    }

    /// `emitCustomOperandRenderers`.
    fn custom_operand_renderers(&self, out: &mut String, renderers: &[&str]) {
        let class = self.class_name();
        out.push_str("// Custom renderers.\nenum {\n  GICR_Invalid,\n");
        for name in renderers {
            let _ = writeln!(out, "  GICR_{name},");
        }
        let _ = write!(
            out,
            "}};\n{class}::CustomRendererFn\n{class}::CustomRenderers[] = {{\n  nullptr, // GICR_Invalid\n"
        );
        for name in renderers {
            let _ = writeln!(out, "  &{class}::{name},");
        }
        out.push_str("};\n\n");
    }

    /// `emitMatchTable`: `getMatchTable()` with the table, between the encoding macros.
    fn match_table(&self, out: &mut String, table: &MatchTable, table_form: &match_table::TableForm) {
        match_table::encoding_macros_def(out, table_form);
        let _ = writeln!(out, "const uint8_t *{}::getMatchTable() const {{", self.class_name());
        table.emit_declaration(out, table_form);
        let _ = writeln!(out, "  return {};\n}}", table.name());
        match_table::encoding_macros_undef(out);
        out.push('\n');
    }

    /// `emitExecutorImpl`: the implementation section.
    #[allow(clippy::too_many_arguments)]
    fn executor_impl(
        &self,
        out: &mut String,
        table: &MatchTable,
        table_form: &match_table::TableForm,
        types: &[Llt],
        complex_matchers: &[(&str, &str)],
        renderers: &[&str],
        features: &FeatureTables,
        section: &str,
    ) {
        let form = self.form();
        ifdef_section(out, form.guards, section, true, |out| {
            self.type_objects(out, types);
            self.subtarget_feature_bitset(out, features);
            self.complex_predicates(out, complex_matchers);
            self.mi_predicate_fns(out);
            if form.leaf_predicates {
                self.leaf_predicate_fns(out);
            }
            self.i64_imm_predicate_fns(out);
            self.ap_float_imm_predicate_fns(out);
            self.ap_int_imm_predicate_fns(out);
            self.test_simple_predicate(out);
            self.custom_operand_renderers(out, renderers);
            self.additional_impl(out);
            self.run_custom_action(out);
            self.match_table(out, table, table_form);
        });
    }

    /// `emitPredicateBitset`: the size of the feature bitset, `features` bits.
    fn predicate_bitset(&self, out: &mut String, features: usize, section: &str) {
        ifdef_section(out, self.form().guards, section, true, |out| {
            let _ = write!(
                out,
                "const unsigned MAX_SUBTARGET_PREDICATES = {features};\nusing PredicateBitset = llvm::Bitset<MAX_SUBTARGET_PREDICATES>;\n"
            );
        });
    }

    /// `emitTemporariesDecl`: the executor's members.
    fn temporaries_decl(&self, out: &mut String, section: &str) {
        let class = self.class_name();
        let leaf = self.form().leaf_predicates;
        ifdef_section(out, self.form().guards, section, true, |out| {
            let _ = write!(
                out,
                "  mutable MatcherState State;\n  typedef ComplexRendererFns({class}::*ComplexMatcherMemFn)(MachineOperand &) const;\n  typedef void({class}::*CustomRendererFn)(MachineInstrBuilder &, const MachineInstr &, int) const;\n  const ExecInfoTy<PredicateBitset, ComplexMatcherMemFn, CustomRendererFn> ExecInfo;\n  static {class}::ComplexMatcherMemFn ComplexPredicateFns[];\n  static {class}::CustomRendererFn CustomRenderers[];\n"
            );
            out.push_str("  bool testImmPredicate_I64(unsigned PredicateID, int64_t Imm) const override;\n  bool testImmPredicate_APInt(unsigned PredicateID, const APInt &Imm) const override;\n  bool testImmPredicate_APFloat(unsigned PredicateID, const APFloat &Imm) const override;\n  const uint8_t *getMatchTable() const override;\n  bool testMIPredicate_MI(unsigned PredicateID, const MachineInstr &MI, const MatcherState &State) const override;\n");
            if leaf {
                out.push_str("  bool testMOPredicate_MO(unsigned PredicateID, const MachineOperand &MO, const MatcherState &State) const override;\n");
            }
            out.push_str("  bool testSimplePredicate(unsigned PredicateID) const override;\n  bool runCustomAction(unsigned FnID, const MatcherState &State, NewMIVector &OutMIs) const override;\n");
        });
    }

    /// `emitTemporariesInit`: the constructor's initialisers of the executor's state.
    fn temporaries_init(&self, out: &mut String, max_temporaries: u32, section: &str) {
        ifdef_section(out, self.form().guards, section, true, |out| {
            let _ = write!(
                out,
                ", State({max_temporaries}),\nExecInfo(TypeObjects, NumTypeObjects, FeatureBitsets, ComplexPredicateFns, CustomRenderers)\n"
            );
        });
    }

    /// `emitPredicatesDecl`: the available-features members.
    fn predicates_decl(&self, out: &mut String, section: &str) {
        let target = self.target_name();
        ifdef_section(out, self.form().guards, section, false, |out| {
            let _ = write!(
                out,
                "PredicateBitset AvailableModuleFeatures;\nmutable PredicateBitset AvailableFunctionFeatures;\nPredicateBitset getAvailableFeatures() const {{\n  return AvailableModuleFeatures | AvailableFunctionFeatures;\n}}\nPredicateBitset\ncomputeAvailableModuleFeatures(const {target}Subtarget *Subtarget) const;\nPredicateBitset\ncomputeAvailableFunctionFeatures(const {target}Subtarget *Subtarget,\n                                 const MachineFunction *MF) const;\nvoid setupGeneratedPerFunctionState(MachineFunction &MF) override;\n"
            );
        });
    }

    /// `emitPredicatesInit`.
    fn predicates_init(&self, out: &mut String, section: &str) {
        ifdef_section(out, self.form().guards, section, false, |out| {
            out.push_str(
                "AvailableModuleFeatures(computeAvailableModuleFeatures(&STI)),\nAvailableFunctionFeatures()\n",
            );
        });
    }
}

/// `LLTCodeGen::emitCxxEnumValue`: `GILLT_s32`, `GILLT_v4s16`, `GILLT_nxv2s64`, `GILLT_p0s64`;
/// extended, `GILLT_i32`, `GILLT_f16`, `GILLT_v4bf16`.
pub fn llt_enum_value(ty: Llt) -> String {
    match ty {
        Llt::Scalar { bits, kind } => format!("GILLT_{}", scalar_name(bits, kind)),
        Llt::Vector { scalable, count, elem_bits, elem } => {
            format!("GILLT_{}{count}{}", if scalable { "nxv" } else { "v" }, scalar_name(elem_bits, elem))
        }
        Llt::Pointer { address_space, bits: 0 } => format!("GILLT_p{address_space}"),
        Llt::Pointer { address_space, bits } => format!("GILLT_p{address_space}s{bits}"),
    }
}

/// A scalar's part of an enum name: `s32`, `i32`, `f32`, `bf16`, `ppcf128`, `x86fp80`.
fn scalar_name(bits: u32, kind: ScalarKind) -> String {
    match kind {
        ScalarKind::Any => format!("s{bits}"),
        ScalarKind::Integer => format!("i{bits}"),
        ScalarKind::Float(FpSemantics::BFloat) => "bf16".to_string(),
        ScalarKind::Float(FpSemantics::PpcDoubleDouble) => "ppcf128".to_string(),
        ScalarKind::Float(FpSemantics::X87DoubleExtended) => "x86fp80".to_string(),
        ScalarKind::Float(
            FpSemantics::IeeeHalf | FpSemantics::IeeeSingle | FpSemantics::IeeeDouble | FpSemantics::IeeeQuad,
        ) => format!("f{bits}"),
    }
}

/// `LLTCodeGen::emitCxxConstructorCall`.
pub fn llt_constructor(ty: Llt, vector_element: VectorElement) -> String {
    match ty {
        Llt::Scalar { bits, kind } => scalar_constructor(bits, kind),
        Llt::Vector { scalable, count, elem_bits, elem } => {
            let ec = if scalable { "getScalable" } else { "getFixed" };
            let elem = match vector_element {
                VectorElement::Bits => elem_bits.to_string(),
                VectorElement::Scalar => scalar_constructor(elem_bits, elem),
            };
            format!("LLT::vector(ElementCount::{ec}({count}), {elem})")
        }
        Llt::Pointer { address_space, bits } => format!("LLT::pointer({address_space}, {bits})"),
    }
}

/// A scalar type's constructor: `LLT::scalar(32)`, or an extended kind's `LLT(...)`.
fn scalar_constructor(bits: u32, kind: ScalarKind) -> String {
    let sem = match kind {
        ScalarKind::Any => return format!("LLT::scalar({bits})"),
        ScalarKind::Integer => return format!("LLT(LLT::Kind::INTEGER, ElementCount::getFixed(0), {bits})"),
        ScalarKind::Float(sem) => sem,
    };
    let name = match sem {
        FpSemantics::IeeeHalf => "S_IEEEhalf",
        FpSemantics::BFloat => "S_BFloat",
        FpSemantics::IeeeSingle => "S_IEEEsingle",
        FpSemantics::IeeeDouble => "S_IEEEdouble",
        FpSemantics::IeeeQuad => "S_IEEEquad",
        FpSemantics::PpcDoubleDouble => "S_PPCDoubleDouble",
        FpSemantics::X87DoubleExtended => "S_x87DoubleExtended",
    };
    format!("LLT(LLT::Kind::FLOAT, ElementCount::getFixed(0), {bits}, LLT::FpSemantics::{name})")
}

#[cfg(test)]
mod tests {
    use super::feature_bitset_name;

    #[test]
    fn bitset_names_end_with_the_hw_mode() {
        assert_eq!(feature_bitset_name(&[], None), "GIFBS");
        assert_eq!(feature_bitset_name(&["HasA", "HasB"], None), "GIFBS_HasA_HasB");
        assert_eq!(feature_bitset_name(&["HasA"], Some(2)), "GIFBS_HasA_HwMode2");
        assert_eq!(feature_bitset_name(&[], Some(0)), "GIFBS_HwMode0");
    }
}
