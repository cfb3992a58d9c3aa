//! `--gen-asm-matcher`: the target's assembly instruction matcher (LLVM's AsmMatcherEmitter.cpp),
//! over the matcher's model ([`tdq_models::target::asm_matcher`]): the matchables sorted in
//! the order they are tried, the operand classes as an enum with their subclass relation, the
//! converters that turn parsed operands into an `MCInst`, the register and token matchers, the
//! mnemonic aliases, the match tables per assembly variant, `MatchInstructionImpl`, the custom
//! operand parsers and the mnemonic spell checker.

use crate::common::emit::{source_file_header, StringToOffsetTable};
use crate::common::std_sort::std_stable_sort_by;
use crate::common::string_matcher::{self, StringPair};
use crate::gen_register_info::minimal_type;
use crate::{AnyOption, Backend, BackendError, BackendOptions, Opt, Output};
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::types::RecId;
use tdq_core::{ByRelease, Evaluation, Release};
use tdq_models::target::asm_matcher::{asm_parser, enum_name_for_token, ClassKind, Matchable, MatcherInfo, ResOperand};
use tdq_models::target::info_by_hw_mode::RegisterByHwMode;
use tdq_models::target::subtarget_features::features_aux;
use tdq_models::target::{qualified_name, Target};
use tdq_models::{all_derived_definitions, Fatal, Fields};

pub struct GenAsmMatcher;

/// `-match-prefix`: only instructions whose names start with it are matched.
pub static MATCH_PREFIX: Opt<&str> = Opt {
    name: "match-prefix",
    help: "Only match instructions with the given prefix",
    value_desc: "",
    category: "Options for -gen-asm-matcher",
    default: "",
    since: Release::V19,
};

/// `-asmparsernum` (a `CodeGenTarget` option): which of the target's `AssemblyParsers` to use.
pub static ASMPARSERNUM: Opt<u32> = Opt {
    name: "asmparsernum",
    help: "Make -gen-asm-parser emit assembly parser #N",
    value_desc: "",
    category: "Options for -gen-asm-parser",
    default: 0,
    since: Release::V19,
};

/// How `isSubclass` is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Subclass {
    /// A switch on `A`, one on `B` within (LLVM 19).
    Switch,
    /// A table of bit ranges over packed bits (LLVM 22 on).
    BitTable,
}

/// What one release writes.
#[derive(Debug)]
struct Form {
    subclass: Subclass,
    /// `validateOperandClass` takes the subtarget, to resolve classes by hardware mode, and
    /// maps a register to its class with a table (LLVM 22 on; before, a switch).
    validate_with_sti: bool,
    /// Each user class's case in `validateOperandClass` is preceded by a comment naming it, and
    /// its block closes at four spaces (LLVM 19).
    user_class_comment: bool,
    /// `applyMnemonicAliases` leaves out an unnamed variant's switch (LLVM 22 on).
    skip_unnamed_alias_variant: bool,
    /// A feature's `AssemblerCondDag` that cannot be written is an error (LLVM 22 on).
    invalid_cond_dag_is_error: bool,
    /// How an operand prints itself in the debug output.
    operand_print: &'static str,
    /// The typo of LLVM 19's comment ("reprrt").
    report_word: &'static str,
    /// The last argument of the deprecation warning.
    warning_ranges: &'static str,
    /// The conversion table's shortest row (LLVM 23 counts the operand index of a custom
    /// converter).
    min_row_length: usize,
    /// `OptionalOperandsMask` counts the mnemonic, and optional operands are marked at their
    /// position among all operands (LLVM 23).
    mask_counts_mnemonic: bool,
    /// A comment names each feature bitset (LLVM 23).
    feature_bitset_comment: bool,
    /// `MatchEntry::Opcode`'s type.
    opcode_type: &'static str,
    /// Near-miss reports keep a fallback list and reject surplus operands (LLVM 23).
    near_miss_fallback: bool,
    /// The mnemonic table splits a literal after an octal escape a digit follows (LLVM 23).
    separate_octal: bool,
    /// The indentation of the statement that maps a class by hardware mode to its mode's
    /// class (LLVM 22 writes none).
    hw_mode_kind_indent: &'static str,
    /// A fixed register of an alias may be a `RegisterByHwMode`, resolved by the subtarget's
    /// mode (LLVM 23).
    register_by_hw_mode: bool,
}

const FORM_22: Form = Form {
    subclass: Subclass::BitTable,
    validate_with_sti: true,
    user_class_comment: false,
    skip_unnamed_alias_variant: true,
    invalid_cond_dag_is_error: true,
    operand_print: "Operands[ActualIdx]->print(dbgs(), *getContext().getAsmInfo());",
    report_word: "report",
    warning_ranges: "{}",
    min_row_length: 2,
    mask_counts_mnemonic: false,
    feature_bitset_comment: false,
    opcode_type: "uint16_t",
    near_miss_fallback: false,
    separate_octal: false,
    hw_mode_kind_indent: "",
    register_by_hw_mode: false,
};

const FORM: ByRelease<Form> = ByRelease {
    v19: Form {
        subclass: Subclass::Switch,
        validate_with_sti: false,
        user_class_comment: true,
        skip_unnamed_alias_variant: false,
        invalid_cond_dag_is_error: false,
        operand_print: "Operands[ActualIdx]->print(dbgs());",
        report_word: "reprrt",
        warning_ranges: "std::nullopt",
        ..FORM_22
    },
    v22: FORM_22,
    v23: Form {
        operand_print: "Operands[ActualIdx]->print(dbgs(), getContext().getAsmInfo());",
        min_row_length: 3,
        mask_counts_mnemonic: true,
        feature_bitset_comment: true,
        opcode_type: "uint32_t",
        near_miss_fallback: true,
        separate_octal: true,
        hw_mode_kind_indent: "    ",
        register_by_hw_mode: true,
        ..FORM_22
    },
};

type Result<T> = std::result::Result<T, BackendError>;

impl Backend for GenAsmMatcher {
    fn name(&self) -> &'static str {
        "gen-asm-matcher"
    }
    fn help(&self) -> &'static str {
        "Generate assembly instruction matcher"
    }
    fn options(&self) -> &'static [&'static dyn AnyOption] {
        static OPTIONS: [&dyn AnyOption; 2] = [&MATCH_PREFIX, &ASMPARSERNUM];
        &OPTIONS
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<()> {
        let f = Fields { input };
        let target = Target::get(input)?;
        let parser = asm_parser(input, &target, options.get(&ASMPARSERNUM) as usize)?;
        let class_name = f.string(parser, "AsmParserClassName")?;
        let match_prefix = options.get(&MATCH_PREFIX);
        let mut s = String::new();
        source_file_header(&mut s, "Assembly Matcher Source Fragment", Some(&options.input_filename));
        let mut info = MatcherInfo::build(input, parser, match_prefix)?;
        let prefer_smaller = f.bit(parser, "PreferSmallerInstructions")?;
        let position_order: Vec<bool> = info
            .matchables
            .iter()
            .map(|m| Ok(f.is_a(m.result_inst, "Instruction") && f.bit(m.result_inst, "HasPositionOrder")?))
            .collect::<std::result::Result<_, Fatal>>()?;
        let mut order: Vec<usize> = (0..info.matchables.len()).collect();
        let lower_mnemonics: Vec<Vec<u8>> =
            info.matchables.iter().map(|m| m.mnemonic.to_ascii_lowercase().into_bytes()).collect();
        std_stable_sort_by(&mut order, |&a, &b| {
            matched_before(
                &info,
                [&info.matchables[a], &info.matchables[b]],
                [&lower_mnemonics[a], &lower_mnemonics[b]],
                prefer_smaller,
                position_order[a] && position_order[b],
            )
        });
        let mut sorted: Vec<Option<Matchable>> = info.matchables.drain(..).map(Some).collect();
        info.matchables = order.iter().map(|&i| sorted[i].take().unwrap_or_else(|| unreachable!())).collect();
        let operand_match_info = info.operand_match_info(f.bit(parser, "CallCustomParserForAllOperands")?);
        let mut e = Emitter {
            input,
            f,
            form: FORM.get(options.release),
            target: target.name,
            class_name,
            match_prefix,
            parser,
            has_mnemonic_first: f.bit(parser, "HasMnemonicFirst")?,
            report_near_misses: f.bit(parser, "ReportMultipleNearMisses")?,
            has_optional: info.has_optional_operands(),
            info,
            operand_match_info,
        };
        e.run(&mut s)?;
        // The matcher's tables (a target's tens of thousands of matchables, each with its
        // operands' strings) are left to the process's exit rather than freed one by one, as
        // LLVM's BuryPointer leaves its compiler's: freeing them was 5% of X86's command.
        std::mem::forget(e);
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}

/// `MatchableInfo::shouldBeMatchedBefore`, given the two matchables' mnemonics in lower case
/// (`StringRef::compare_insensitive`'s order: ASCII letters folded once, not at every comparison
/// of the sort).
fn matched_before(
    info: &MatcherInfo,
    [a, b]: [&Matchable; 2],
    [a_mnemonic, b_mnemonic]: [&[u8]; 2],
    prefer_smaller: bool,
    by_position: bool,
) -> bool {
    match a_mnemonic.cmp(b_mnemonic) {
        std::cmp::Ordering::Less => return true,
        std::cmp::Ordering::Greater => return false,
        std::cmp::Ordering::Equal => {}
    }
    if prefer_smaller && a.res_inst_size != b.res_inst_size {
        return a.res_inst_size < b.res_inst_size;
    }
    if a.asm_operands.len() != b.asm_operands.len() {
        return a.asm_operands.len() < b.asm_operands.len();
    }
    for (x, y) in a.asm_operands.iter().zip(&b.asm_operands) {
        if info.class_less(x.class, y.class) {
            return true;
        }
        if info.class_less(y.class, x.class) {
            return false;
        }
    }
    if by_position {
        return a.result_inst < b.result_inst;
    }
    if a.required_features.len() != b.required_features.len() {
        return a.required_features.len() > b.required_features.len();
    }
    false
}

struct Emitter<'a> {
    input: &'a Evaluation,
    f: Fields<'a>,
    form: &'static Form,
    target: &'static str,
    class_name: &'static str,
    match_prefix: &'a str,
    parser: RecId,
    has_mnemonic_first: bool,
    report_near_misses: bool,
    has_optional: bool,
    info: MatcherInfo,
    operand_match_info: Vec<tdq_models::target::asm_matcher::OperandMatchEntry>,
}

/// `char(len) + lower(mnemonic)`: a mnemonic's entry in the mnemonic table.
fn len_mnemonic(m: &str) -> Vec<u8> {
    let mut v = vec![m.len() as u8];
    v.extend(m.bytes().map(|c| c.to_ascii_lowercase()));
    v
}

impl Emitter<'_> {
    fn fatal(&self, rec: RecId, message: impl Into<String>) -> BackendError {
        Fatal::new(&self.input.records.get(rec).locs, message).into()
    }

    fn feature_name(&self, feature: usize) -> &'static str {
        self.f.name(self.info.features.all[feature].def)
    }

    fn enum_bit_name(&self, feature: usize) -> String {
        format!("Feature_{}Bit", self.feature_name(feature))
    }

    fn run(&mut self, s: &mut String) -> Result<()> {
        let f = self.f;
        let t = self.target;
        let near = self.report_near_misses;
        s.push_str("\n#ifdef GET_ASSEMBLER_HEADER\n#undef GET_ASSEMBLER_HEADER\n");
        s.push_str("  // This should be included into the middle of the declaration of\n");
        s.push_str("  // your subclasses implementation of MCTargetAsmParser.\n");
        s.push_str("  FeatureBitset ComputeAvailableFeatures(const FeatureBitset &FB) const;\n");
        if self.has_optional {
            s.push_str("  void convertToMCInst(unsigned Kind, MCInst &Inst, unsigned Opcode,\n                       const OperandVector &Operands,\n                       const SmallBitVector &OptionalOperandsMask,\n                       ArrayRef<unsigned> DefaultsOffset);\n");
        } else {
            s.push_str("  void convertToMCInst(unsigned Kind, MCInst &Inst, unsigned Opcode,\n                       const OperandVector &Operands);\n");
        }
        s.push_str("  void convertToMapAndConstraints(unsigned Kind,\n                           const OperandVector &Operands) override;\n");
        s.push_str("  unsigned MatchInstructionImpl(const OperandVector &Operands,\n                                MCInst &Inst,\n");
        if near {
            s.push_str("                                SmallVectorImpl<NearMissInfo> *NearMisses,\n");
        } else {
            s.push_str("                                uint64_t &ErrorInfo,\n                                FeatureBitset &MissingFeatures,\n");
        }
        s.push_str("                                bool matchingInlineAsm,\n                                unsigned VariantID = 0);\n");
        if !near {
            s.push_str("  unsigned MatchInstructionImpl(const OperandVector &Operands,\n                                MCInst &Inst,\n                                uint64_t &ErrorInfo,\n                                bool matchingInlineAsm,\n                                unsigned VariantID = 0) {\n    FeatureBitset MissingFeatures;\n    return MatchInstructionImpl(Operands, Inst, ErrorInfo, MissingFeatures,\n                                matchingInlineAsm, VariantID);\n  }\n\n");
        }
        if !self.operand_match_info.is_empty() {
            s.push_str("  ParseStatus MatchOperandParserImpl(\n    OperandVector &Operands,\n    StringRef Mnemonic,\n    bool ParseForAllFeatures = false);\n");
            s.push_str("  ParseStatus tryCustomParseOperand(\n    OperandVector &Operands,\n    unsigned MCK);\n\n");
        }
        s.push_str("#endif // GET_ASSEMBLER_HEADER\n\n");

        s.push_str("\n#ifdef GET_OPERAND_DIAGNOSTIC_TYPES\n#undef GET_OPERAND_DIAGNOSTIC_TYPES\n\n");
        self.operand_diagnostic_types(s);
        s.push_str("#endif // GET_OPERAND_DIAGNOSTIC_TYPES\n\n");

        s.push_str("\n#ifdef GET_REGISTER_MATCHER\n#undef GET_REGISTER_MATCHER\n\n");
        self.feature_bit_enumeration(s);
        if f.bit(self.parser, "ShouldEmitMatchRegisterName")? {
            self.match_register_name(s, false)?;
        }
        if f.bit(self.parser, "ShouldEmitMatchRegisterAltName")? {
            self.match_register_name(s, true)?;
        }
        s.push_str("#endif // GET_REGISTER_MATCHER\n\n");

        s.push_str("\n#ifdef GET_SUBTARGET_FEATURE_NAME\n#undef GET_SUBTARGET_FEATURE_NAME\n\n");
        self.subtarget_feature_name(s)?;
        s.push_str("#endif // GET_SUBTARGET_FEATURE_NAME\n\n");

        s.push_str("\n#ifdef GET_MATCHER_IMPLEMENTATION\n#undef GET_MATCHER_IMPLEMENTATION\n\n");
        let has_mnemonic_aliases = self.mnemonic_aliases(s)?;
        let num_converters = self.convert_funcs(s)?;
        self.match_class_enumeration(s);
        self.operand_match_error_diag_strings(s);
        self.register_match_error_func(s);
        self.match_token_string(s)?;
        self.is_subclass(s);
        self.validate_operand_class(s)?;
        self.match_class_kind_names(s);
        self.compute_available_features(s)?;
        if !near {
            self.tied_operand_constraints(s);
        }

        let mut strings = StringToOffsetTable::default();
        let mut offsets: BTreeMap<Vec<u8>, u32> = BTreeMap::new();
        let mut max_num_operands = 0;
        let mut max_mnemonic_index = 0;
        let mut has_deprecation = false;
        for m in &self.info.matchables {
            max_num_operands = max_num_operands.max(m.asm_operands.len());
            has_deprecation |= m.has_deprecation;
            let key = len_mnemonic(&m.mnemonic);
            let offset = strings.get_or_add_bytes(&key, false);
            offsets.insert(key, offset);
            max_mnemonic_index = max_mnemonic_index.max(offset);
        }
        s.push_str("static const char MnemonicTable[] =\n");
        if self.form.separate_octal {
            strings.emit_string_separating_octal(s);
        } else {
            strings.emit_string(s);
        }
        s.push_str(";\n\n");

        let mut bitsets: Vec<Vec<usize>> = self
            .info
            .matchables
            .iter()
            .filter(|m| !m.required_features.is_empty())
            .map(|m| m.required_features.clone())
            .collect();
        bitsets.sort_by(|a, b| {
            a.len()
                .cmp(&b.len())
                .then_with(|| a.iter().map(|&x| self.feature_name(x)).cmp(b.iter().map(|&x| self.feature_name(x))))
        });
        bitsets.dedup();
        let bitset_name = |fs: &[usize]| {
            let mut n = "AMFBS".to_string();
            for &x in fs {
                n.push('_');
                n.push_str(self.feature_name(x));
            }
            n
        };
        let _ = writeln!(s, "// Feature bitsets.\nenum : {} {{\n  AMFBS_None,", minimal_type(bitsets.len() as u64));
        for fs in &bitsets {
            let _ = writeln!(s, "  {},", bitset_name(fs));
        }
        s.push_str("};\n\nstatic constexpr FeatureBitset FeatureBitsets[] = {\n  {}, // AMFBS_None\n");
        for fs in &bitsets {
            s.push_str("  {");
            for &x in fs {
                let _ = write!(s, "{}, ", self.enum_bit_name(x));
            }
            if self.form.feature_bitset_comment {
                let _ = writeln!(s, "}}, // {}", bitset_name(fs));
            } else {
                s.push_str("},\n");
            }
        }
        s.push_str("};\n\n");

        let num_classes = self.info.order.len() as u64 + 2;
        let _ = write!(
            s,
            "namespace {{\n  struct MatchEntry {{\n    {} Mnemonic;\n    {} Opcode;\n    {} ConvertFn;\n    {} RequiredFeaturesIdx;\n    {} Classes[{}];\n",
            minimal_type(u64::from(max_mnemonic_index)),
            self.form.opcode_type,
            minimal_type(num_converters as u64),
            minimal_type(bitsets.len() as u64),
            minimal_type(num_classes),
            max_num_operands
        );
        s.push_str("    StringRef getMnemonic() const {\n      return StringRef(MnemonicTable + Mnemonic + 1,\n                       MnemonicTable[Mnemonic]);\n    }\n  };\n\n");
        s.push_str("  // Predicate for searching for an opcode.\n  struct LessOpcode {\n    bool operator()(const MatchEntry &LHS, StringRef RHS) {\n      return LHS.getMnemonic() < RHS;\n    }\n    bool operator()(StringRef LHS, const MatchEntry &RHS) {\n      return LHS < RHS.getMnemonic();\n    }\n    bool operator()(const MatchEntry &LHS, const MatchEntry &RHS) {\n      return LHS.getMnemonic() < RHS.getMnemonic();\n    }\n  };\n} // end anonymous namespace\n\n");

        let namespace = self.info.instructions.namespace();
        for (vc, variant) in self.info.variants.iter().enumerate() {
            let _ = writeln!(s, "static const MatchEntry MatchTable{vc}[] = {{");
            for m in &self.info.matchables {
                if m.asm_variant_id != variant.number {
                    continue;
                }
                let _ = write!(
                    s,
                    "  {{ {} /* {} */, {}::{}, {}, AMFBS",
                    offsets[&len_mnemonic(&m.mnemonic)],
                    m.mnemonic,
                    namespace,
                    f.name(m.result_inst),
                    m.conversion_fn_kind
                );
                if m.required_features.is_empty() {
                    s.push_str("_None");
                }
                for &x in &m.required_features {
                    let _ = write!(s, "_{}", self.feature_name(x));
                }
                s.push_str(", { ");
                for (i, op) in m.asm_operands.iter().enumerate() {
                    if i > 0 {
                        s.push_str(", ");
                    }
                    s.push_str(&self.info.classes[op.class].name);
                }
                s.push_str(" }, },\n");
            }
            s.push_str("};\n\n");
        }

        self.match_instruction_impl(s, max_num_operands, has_mnemonic_aliases, has_deprecation)?;

        if !self.operand_match_info.is_empty() {
            self.custom_operand_parsing(s, &offsets, max_mnemonic_index, bitsets.len())?;
        }
        s.push_str("#endif // GET_MATCHER_IMPLEMENTATION\n\n");

        s.push_str("\n#ifdef GET_MNEMONIC_SPELL_CHECKER\n#undef GET_MNEMONIC_SPELL_CHECKER\n\n");
        let _ = writeln!(
            s,
            "static std::string {t}MnemonicSpellCheck(StringRef S, const FeatureBitset &FBS, unsigned VariantID) {{"
        );
        if self.info.variants.is_empty() {
            s.push_str("  return \"\";");
        } else {
            s.push_str(
                "  const unsigned MaxEditDist = 2;\n  std::vector<StringRef> Candidates;\n  StringRef Prev = \"\";\n\n",
            );
            self.variant_switch(s);
            s.push_str("\n  for (auto I = Start; I < End; I++) {\n    // Ignore unsupported instructions.\n    const FeatureBitset &RequiredFeatures = FeatureBitsets[I->RequiredFeaturesIdx];\n    if ((FBS & RequiredFeatures) != RequiredFeatures)\n      continue;\n\n    StringRef T = I->getMnemonic();\n    // Avoid recomputing the edit distance for the same string.\n    if (T == Prev)\n      continue;\n\n    Prev = T;\n    unsigned Dist = S.edit_distance(T, false, MaxEditDist);\n    if (Dist <= MaxEditDist)\n      Candidates.push_back(T);\n  }\n\n  if (Candidates.empty())\n    return \"\";\n\n  std::string Res = \", did you mean: \";\n  unsigned i = 0;\n  for (; i < Candidates.size() - 1; i++)\n    Res += Candidates[i].str() + \", \";\n  return Res + Candidates[i].str() + \"?\";\n");
        }
        s.push_str("}\n\n#endif // GET_MNEMONIC_SPELL_CHECKER\n\n");

        s.push_str("\n#ifdef GET_MNEMONIC_CHECKER\n#undef GET_MNEMONIC_CHECKER\n\n");
        let _ = write!(
            s,
            "static bool {t}CheckMnemonic(StringRef Mnemonic,\n                                const FeatureBitset &AvailableFeatures,\n                                unsigned VariantID) {{\n"
        );
        if self.info.variants.is_empty() {
            s.push_str("  return false;\n");
        } else {
            if has_mnemonic_aliases {
                s.push_str("  // Process all MnemonicAliases to remap the mnemonic.\n  applyMnemonicAliases(Mnemonic, AvailableFeatures, VariantID);\n\n");
            }
            self.variant_switch(s);
            s.push_str("\n  // Search the table.\n");
            self.mnemonic_range(s);
            s.push_str("  if (MnemonicRange.first == MnemonicRange.second)\n    return false;\n\n  for (const MatchEntry *it = MnemonicRange.first, *ie = MnemonicRange.second;\n       it != ie; ++it) {\n    const FeatureBitset &RequiredFeatures =\n      FeatureBitsets[it->RequiredFeaturesIdx];\n    if ((AvailableFeatures & RequiredFeatures) == RequiredFeatures)\n      return true;\n  }\n  return false;\n");
        }
        s.push_str("}\n\n#endif // GET_MNEMONIC_CHECKER\n\n");
        Ok(())
    }

    /// The switch choosing the match table of `VariantID`, without its last newline.
    fn variant_switch(&self, s: &mut String) {
        s.push_str("  // Find the appropriate table for this asm variant.\n  const MatchEntry *Start, *End;\n  switch (VariantID) {\n  default: llvm_unreachable(\"invalid variant!\");\n");
        for (vc, variant) in self.info.variants.iter().enumerate() {
            let _ = writeln!(
                s,
                "  case {}: Start = std::begin(MatchTable{vc}); End = std::end(MatchTable{vc}); break;",
                variant.number
            );
        }
        s.push_str("  }\n");
    }

    fn mnemonic_range(&self, s: &mut String) {
        if self.has_mnemonic_first {
            s.push_str("  auto MnemonicRange = std::equal_range(Start, End, Mnemonic, LessOpcode());\n\n");
        } else {
            s.push_str("  auto MnemonicRange = std::pair(Start, End);\n  unsigned SIndex = Mnemonic.empty() ? 0 : 1;\n  if (!Mnemonic.empty())\n    MnemonicRange = std::equal_range(Start, End, Mnemonic.lower(), LessOpcode());\n\n");
        }
    }

    /// `emitOperandDiagnosticTypes`.
    fn operand_diagnostic_types(&self, s: &mut String) {
        let mut types: BTreeSet<&str> = BTreeSet::new();
        for &c in self.info.asm_operand_classes.values().chain(self.info.register_class_classes.values()) {
            let t = self.info.classes[c].diagnostic_type.as_str();
            if !t.is_empty() {
                types.insert(t);
            }
        }
        if types.is_empty() {
            return;
        }
        for t in types {
            let _ = writeln!(s, "  Match_{t},");
        }
        s.push_str("  END_OPERAND_DIAGNOSTIC_TYPES\n");
    }

    /// `emitSubtargetFeatureBitEnumeration`.
    fn feature_bit_enumeration(&self, s: &mut String) {
        let features = &self.info.features.all;
        let _ = writeln!(
            s,
            "// Bits for subtarget features that participate in instruction matching.\nenum SubtargetFeatureBits : {} {{",
            minimal_type(features.len() as u64)
        );
        for (i, feature) in features.iter().enumerate() {
            let _ = writeln!(s, "  {} = {},", self.enum_bit_name(i), feature.index);
        }
        s.push_str("};\n\n");
    }

    /// `emitMatchRegisterName` and `emitMatchRegisterAltName`.
    fn match_register_name(&self, s: &mut String, alt: bool) -> Result<()> {
        let f = self.f;
        let bank = &self.info.bank;
        let namespace = bank.registers.first().map_or("", |r| r.namespace);
        let mut matches: Vec<StringPair> = Vec::new();
        for reg in &bank.registers {
            let code = format!("return {namespace}::{};", reg.name);
            if alt {
                for name in f.strings(reg.fields, "AltNames")? {
                    let name = name.trim_matches(|c: char| " \t\n\x0b\x0c\r".contains(c));
                    if !name.is_empty() {
                        matches.push((name.to_string(), code.clone()));
                    }
                }
            } else if !reg.asm_name.is_empty() {
                matches.push((reg.asm_name.to_string(), code));
            }
        }
        let _ = writeln!(
            s,
            "static MCRegister {}(StringRef Name) {{",
            if alt { "MatchRegisterAltName" } else { "MatchRegisterName" }
        );
        let ignore = f.bit(self.parser, "AllowDuplicateRegisterNames")?;
        string_matcher::emit_with("Name", &matches, 0, ignore, s).map_err(Fatal::from)?;
        let _ = writeln!(s, "  return {namespace}::NoRegister;\n}}\n");
        Ok(())
    }

    /// `emitGetSubtargetFeatureName`.
    fn subtarget_feature_name(&self, s: &mut String) -> Result<()> {
        s.push_str("// User-level names for subtarget features that participate in\n// instruction matching.\nstatic const char *getSubtargetFeatureName(uint64_t Val) {\n");
        if self.info.features.is_empty() {
            s.push_str("  return \"(unknown)\";\n");
        } else {
            s.push_str("  switch(Val) {\n");
            for (i, feature) in self.info.features.all.iter().enumerate() {
                let _ = writeln!(
                    s,
                    "  case {}: return \"{}\";",
                    self.enum_bit_name(i),
                    self.f.string(feature.def, "PredicateName")?
                );
            }
            s.push_str("  default: return \"(unknown)\";\n  }\n");
        }
        s.push_str("}\n\n");
        Ok(())
    }

    /// `GetAliasRequiredFeatures`.
    fn alias_required_features(&self, r: RecId) -> Result<String> {
        let mut result = String::new();
        for pred in self.f.defs(r, "Predicates")? {
            let Some(i) = self.info.features.all.iter().position(|x| x.def == pred) else {
                return Err(
                    self.fatal(r, format!("Predicate '{}' is not marked as an AssemblerPredicate!", self.f.name(pred)))
                );
            };
            if !result.is_empty() {
                result.push_str(" && ");
            }
            let _ = write!(result, "Features.test({})", self.enum_bit_name(i));
        }
        Ok(result)
    }

    /// `emitMnemonicAliasVariant`.
    fn mnemonic_alias_variant(&self, s: &mut String, aliases: &[RecId], indent: usize, variant: &str) -> Result<()> {
        let f = self.f;
        let mut by_mnemonic: BTreeMap<String, Vec<RecId>> = BTreeMap::new();
        for &r in aliases {
            if f.string(r, "AsmVariantName")? != variant {
                continue;
            }
            by_mnemonic.entry(f.string(r, "FromMnemonic")?.to_ascii_lowercase()).or_default().push(r);
        }
        if by_mnemonic.is_empty() {
            return Ok(());
        }
        let mut cases: Vec<StringPair> = Vec::new();
        for (from, to_vec) in &by_mnemonic {
            let mut code = String::new();
            let mut no_predicate: Option<usize> = None;
            for (idx, &r) in to_vec.iter().enumerate() {
                let mask = self.alias_required_features(r)?;
                if mask.is_empty() {
                    if let Some(p) = no_predicate {
                        if f.string(r, "ToMnemonic")? != f.string(to_vec[p], "ToMnemonic")? {
                            let mut fatal = Fatal::new(
                                &self.input.records.get(to_vec[p]).locs,
                                "two different MnemonicAliases with the same 'from' mnemonic!",
                            );
                            fatal.0.error_at(&self.input.records.get(r).locs, "this is the other MnemonicAlias.");
                            return Err(fatal.into());
                        }
                    }
                    no_predicate = Some(idx);
                    continue;
                }
                if f.string(r, "ToMnemonic")? == from {
                    return Err(self.fatal(r, "MnemonicAlias to the same string"));
                }
                if !code.is_empty() {
                    code.push_str("else ");
                }
                let _ = write!(
                    code,
                    "if ({mask})\n  Mnemonic = \"{}\";\n",
                    f.string(r, "ToMnemonic")?.to_ascii_lowercase()
                );
            }
            if let Some(p) = no_predicate {
                if !code.is_empty() {
                    code.push_str("else\n  ");
                }
                let _ = writeln!(code, "Mnemonic = \"{}\";", f.string(to_vec[p], "ToMnemonic")?.to_ascii_lowercase());
            }
            code.push_str("return;");
            cases.push((from.clone(), code));
        }
        string_matcher::emit("Mnemonic", &cases, indent, s).map_err(Fatal::from)?;
        Ok(())
    }

    /// `emitMnemonicAliases`: whether it wrote `applyMnemonicAliases`.
    fn mnemonic_aliases(&self, s: &mut String) -> Result<bool> {
        if !self.match_prefix.is_empty() {
            return Ok(false);
        }
        let aliases = all_derived_definitions(self.input, "MnemonicAlias")?;
        if aliases.is_empty() {
            return Ok(false);
        }
        s.push_str("static void applyMnemonicAliases(StringRef &Mnemonic, const FeatureBitset &Features, unsigned VariantID) {\n");
        let count = self.info.variants.len();
        if !self.form.skip_unnamed_alias_variant {
            s.push_str("  switch (VariantID) {\n");
        }
        for (vc, variant) in self.info.variants.iter().enumerate() {
            if self.form.skip_unnamed_alias_variant {
                if variant.name.is_empty() {
                    continue;
                }
                if vc == 0 {
                    s.push_str("  switch (VariantID) {\n");
                }
            }
            let _ = writeln!(s, "  case {}:", variant.number);
            self.mnemonic_alias_variant(s, &aliases, 2, variant.name)?;
            s.push_str("    break;\n");
            if self.form.skip_unnamed_alias_variant && vc == count - 1 {
                s.push_str("  }\n");
            }
        }
        if !self.form.skip_unnamed_alias_variant {
            s.push_str("  }\n");
        }
        self.mnemonic_alias_variant(s, &aliases, 0, "")?;
        s.push_str("}\n\n");
        Ok(true)
    }

    /// `emitConvertFuncs`: the converters; returns how many conversion rows there are.
    fn convert_funcs(&mut self, s: &mut String) -> Result<usize> {
        let f = self.f;
        let t = self.target;
        let cn = self.class_name;
        let opt = self.has_optional;
        let mnemonic_first = u32::from(self.has_mnemonic_first);
        let operand_class = format!("{t}Operand");
        let mut operand_kinds: Vec<String> = Vec::new();
        let mut instruction_kinds: Vec<String> = Vec::new();
        let mut table: Vec<Vec<u8>> = Vec::new();
        let mut max_row = self.form.min_row_length;
        let mut cvt = String::new();
        if opt {
            let _ = write!(cvt, "void {t}{cn}::\nconvertToMCInst(unsigned Kind, MCInst &Inst, unsigned Opcode,\n                const OperandVector &Operands,\n                const SmallBitVector &OptionalOperandsMask,\n                ArrayRef<unsigned> DefaultsOffset) {{\n");
        } else {
            let _ = write!(cvt, "void {t}{cn}::\nconvertToMCInst(unsigned Kind, MCInst &Inst, unsigned Opcode,\n                const OperandVector &Operands) {{\n");
        }
        cvt.push_str("  assert(Kind < CVT_NUM_SIGNATURES && \"Invalid signature!\");\n  const uint8_t *Converter = ConversionTable[Kind];\n  Inst.setOpcode(Opcode);\n  for (const uint8_t *p = Converter; *p; p += 2) {\n");
        if opt {
            cvt.push_str("    unsigned OpIdx = *(p + 1) - DefaultsOffset[*(p + 1)];\n");
        } else {
            cvt.push_str("    unsigned OpIdx = *(p + 1);\n");
        }
        let _ = write!(cvt, "    switch (*p) {{\n    default: llvm_unreachable(\"invalid conversion entry!\");\n    case CVT_Reg:\n      static_cast<{operand_class} &>(*Operands[OpIdx]).addRegOperands(Inst, 1);\n      break;\n    case CVT_Tied: {{\n      assert(*(p + 1) < (size_t)(std::end(TiedAsmOperandTable) -\n                              std::begin(TiedAsmOperandTable)) &&\n             \"Tied operand not found\");\n      unsigned TiedResOpnd = TiedAsmOperandTable[*(p + 1)][0];\n      if (TiedResOpnd != (uint8_t)-1)\n        Inst.addOperand(Inst.getOperand(TiedResOpnd));\n      break;\n    }}\n");
        let mut ops = String::new();
        let _ = write!(ops, "void {t}{cn}::\nconvertToMapAndConstraints(unsigned Kind,\n                           const OperandVector &Operands) {{\n  assert(Kind < CVT_NUM_SIGNATURES && \"Invalid signature!\");\n  unsigned NumMCOperands = 0;\n  const uint8_t *Converter = ConversionTable[Kind];\n  for (const uint8_t *p = Converter; *p; p += 2) {{\n    switch (*p) {{\n    default: llvm_unreachable(\"invalid conversion entry!\");\n    case CVT_Reg:\n      Operands[*(p + 1)]->setMCOperandNum(NumMCOperands);\n      Operands[*(p + 1)]->setConstraint(\"r\");\n      ++NumMCOperands;\n      break;\n    case CVT_Tied:\n      ++NumMCOperands;\n      break;\n");
        for k in ["CVT_Done", "CVT_Reg", "CVT_Tied"] {
            operand_kinds.push(k.to_string());
        }
        const CVT_TIED: u8 = 2;
        let mut tied_enum: BTreeMap<(u8, u8, u8), String> = BTreeMap::new();
        // The kinds' positions, and the signatures written so far (X86 has thousands).
        let mut operand_kind_ids: HashMap<String, u8> =
            operand_kinds.iter().enumerate().map(|(i, k)| (k.clone(), i as u8)).collect();
        let mut signatures: HashSet<String> = HashSet::new();
        let id_of = |kinds: &mut Vec<String>, ids: &mut HashMap<String, u8>, name: &str| -> (u8, bool) {
            match ids.get(name) {
                Some(&i) => (i, false),
                None => {
                    let i = kinds.len() as u8;
                    kinds.push(name.to_string());
                    ids.insert(name.to_string(), i);
                    (i, true)
                }
            }
        };
        let mut matchables = std::mem::take(&mut self.info.matchables);
        for m in &mut matchables {
            let converter = f.string(m.result_inst, "AsmMatchConverter")?;
            if !converter.is_empty() && m.use_inst_asm_match_converter {
                let signature = format!("ConvertCustom_{converter}");
                m.conversion_fn_kind = signature.clone();
                if !signatures.insert(signature.clone()) {
                    continue;
                }
                instruction_kinds.push(signature);
                let kind_id = operand_kinds.len() as u8;
                let name = format!("CVT_{}", enum_name_for_token(converter));
                id_of(&mut operand_kinds, &mut operand_kind_ids, &name);
                table.push(vec![kind_id, 0]);
                let _ = write!(cvt, "    case {name}:\n      {converter}(Inst, Operands);\n      break;\n");
                continue;
            }
            let mut signature = "Convert".to_string();
            let mut row: Vec<u8> = Vec::new();
            max_row = max_row.max(m.res_operands.len() * 2 + 1);
            for res in &m.res_operands {
                match *res {
                    ResOperand::Render { asm_op, mi_num } => {
                        let class = &self.info.classes[m.asm_operands[asm_op as usize].class];
                        let class_part = if class.is_register_class() { "Reg" } else { &class.class_name };
                        let _ = write!(signature, "__{class_part}{mi_num}_{asm_op}");
                        let mut name =
                            format!("CVT_{}", if class.is_register_class() { "Reg" } else { &class.render_method });
                        if class.is_optional {
                            let _ = write!(name, "_{}", class.default_method);
                        }
                        let name = enum_name_for_token(&name);
                        let (id, is_new) = id_of(&mut operand_kinds, &mut operand_kind_ids, &name);
                        row.push(id);
                        row.push((asm_op + mnemonic_first) as u8);
                        if !is_new {
                            continue;
                        }
                        let _ = writeln!(cvt, "    case {name}:");
                        if class.is_optional {
                            let index = if self.form.mask_counts_mnemonic { "*(p + 1)" } else { "*(p + 1) - 1" };
                            let _ = write!(
                                cvt,
                                "      if (OptionalOperandsMask[{index}]) {{\n        {}()->{}(Inst, {mi_num});\n      }} else {{\n        static_cast<{operand_class} &>(*Operands[OpIdx]).{}(Inst, {mi_num});\n      }}\n",
                                class.default_method, class.render_method, class.render_method
                            );
                        } else {
                            let _ = writeln!(
                                cvt,
                                "      static_cast<{operand_class} &>(*Operands[OpIdx]).{}(Inst, {mi_num});",
                                class.render_method
                            );
                        }
                        cvt.push_str("      break;\n");
                        let _ = write!(
                            ops,
                            "    case {name}:\n      Operands[*(p + 1)]->setMCOperandNum(NumMCOperands);\n      Operands[*(p + 1)]->setConstraint(\"{}\");\n      NumMCOperands += {mi_num};\n      break;\n",
                            if class.is_register_class() { "r" } else { "m" }
                        );
                    }
                    ResOperand::Tied { res, src1, src2 } => {
                        let tied = res as u8;
                        let s1 = (src1 + mnemonic_first) as u8;
                        let s2 = (src2.wrapping_add(mnemonic_first)) as u8;
                        let tuple_name = format!("Tie{tied}_{s1}_{s2}");
                        let _ = write!(signature, "__{tuple_name}");
                        row.extend([CVT_TIED, tied, s1, s2]);
                        tied_enum.entry((tied, s1, s2)).or_insert(tuple_name);
                    }
                    ResOperand::Imm(val) => {
                        let ty = enum_name_for_token(&format!("imm_{val}"));
                        let _ = write!(signature, "__{ty}");
                        let name = format!("CVT_{ty}");
                        let (id, is_new) = id_of(&mut operand_kinds, &mut operand_kind_ids, &name);
                        row.extend([id, 0]);
                        if !is_new {
                            continue;
                        }
                        let _ = write!(
                            cvt,
                            "    case {name}:\n      Inst.addOperand(MCOperand::createImm({val}));\n      break;\n"
                        );
                        let _ = write!(ops, "    case {name}:\n      Operands[*(p + 1)]->setMCOperandNum(NumMCOperands);\n      Operands[*(p + 1)]->setConstraint(\"\");\n      ++NumMCOperands;\n      break;\n");
                    }
                    ResOperand::Reg(reg) => {
                        let (reg_code, name, by_mode) = match reg {
                            None => ("0".to_string(), "reg0".to_string(), None),
                            Some(r) => {
                                let by_mode = self.form.register_by_hw_mode && f.is_a(r, "RegisterByHwMode");
                                (qualified_name(self.input, r)?, format!("reg{}", f.name(r)), by_mode.then_some(r))
                            }
                        };
                        let _ = write!(signature, "__{name}");
                        let name = format!("CVT_{name}");
                        let (id, is_new) = id_of(&mut operand_kinds, &mut operand_kind_ids, &name);
                        row.extend([id, 0]);
                        if !is_new {
                            continue;
                        }
                        let reg_code = match by_mode {
                            Some(r) => {
                                let target = Target::get(self.input)?;
                                RegisterByHwMode::read(self.input, &self.info.bank, &target.hw_modes, r)?
                                    .resolver_call(self.input, "STI->getHwMode(MCSubtargetInfo::HwMode_RegInfo)")
                            }
                            None => reg_code,
                        };
                        let _ = write!(cvt, "    case {name}:\n      Inst.addOperand(MCOperand::createReg({reg_code}));\n      break;\n");
                        let _ = write!(ops, "    case {name}:\n      Operands[*(p + 1)]->setMCOperandNum(NumMCOperands);\n      Operands[*(p + 1)]->setConstraint(\"m\");\n      ++NumMCOperands;\n      break;\n");
                    }
                }
            }
            if signature == "Convert" {
                signature.push_str("_NoOperands");
            }
            m.conversion_fn_kind = signature.clone();
            if !signatures.insert(signature.clone()) {
                continue;
            }
            instruction_kinds.push(signature);
            table.push(row);
        }
        self.info.matchables = matchables;
        cvt.push_str("    }\n  }\n}\n\n");
        ops.push_str("    }\n  }\n}\n\n");
        if tied_enum.is_empty() {
            s.push_str("static const uint8_t TiedAsmOperandTable[][3] = { /* empty  */ {0, 0, 0} };\n\n");
        } else {
            s.push_str("enum {\n");
            for name in tied_enum.values() {
                let _ = writeln!(s, "  {name},");
            }
            s.push_str("};\n\nstatic const uint8_t TiedAsmOperandTable[][3] = {\n");
            for ((a, b, c), name) in &tied_enum {
                let _ = writeln!(s, "  /* {name} */ {{ {a}, {b}, {c} }},");
            }
            s.push_str("};\n\n");
        }
        s.push_str("namespace {\nenum OperatorConversionKind {\n");
        for k in &operand_kinds {
            let _ = writeln!(s, "  {k},");
        }
        s.push_str("  CVT_NUM_CONVERTERS\n};\n\nenum InstructionConversionKind {\n");
        for k in &instruction_kinds {
            let _ = writeln!(s, "  {k},");
        }
        s.push_str("  CVT_NUM_SIGNATURES\n};\n\n} // end anonymous namespace\n\n");
        let _ = writeln!(s, "static const uint8_t ConversionTable[CVT_NUM_SIGNATURES][{max_row}] = {{");
        for (row, kind) in table.iter().zip(&instruction_kinds) {
            let _ = write!(s, "  // {kind}\n  {{ ");
            let mut i = 0;
            while i < row.len() {
                let ock = operand_kinds.get(row[i] as usize).map_or("", String::as_str);
                let _ = write!(s, "{ock}, ");
                if ock != "CVT_Tied" {
                    let _ = write!(s, "{}, ", row[i + 1]);
                    i += 2;
                    continue;
                }
                let key = (row[i + 1], row[i + 2], row[i + 3]);
                let _ = write!(s, "{}, ", tied_enum.get(&key).map_or("", String::as_str));
                i += 4;
            }
            s.push_str("CVT_Done },\n");
        }
        s.push_str("};\n\n");
        s.push_str(&cvt);
        s.push_str(&ops);
        Ok(table.len())
    }

    /// `emitMatchClassEnumeration`.
    fn match_class_enumeration(&self, s: &mut String) {
        s.push_str("namespace {\n\n/// MatchClassKind - The kinds of classes which participate in\n/// instruction matching.\nenum MatchClassKind {\n  InvalidMatchClass = 0,\n  OptionalMatchClass = 1,\n");
        let mut last = ClassKind::Token;
        let mut last_name = "OptionalMatchClass";
        for &ci in &self.info.order {
            let c = &self.info.classes[ci];
            let by_mode = |k: ClassKind| matches!(k, ClassKind::RegClassByHwMode(_) | ClassKind::User(_));
            let user = |k: ClassKind| matches!(k, ClassKind::User(_));
            if last == ClassKind::Token && c.kind != ClassKind::Token {
                let _ = writeln!(s, "  MCK_LAST_TOKEN = {last_name},");
            } else if self.form.validate_with_sti && !by_mode(last) && by_mode(c.kind) {
                let _ = writeln!(s, "  MCK_LAST_REGISTER = {last_name},");
            } else if !user(last) && user(c.kind) {
                let label =
                    if self.form.validate_with_sti { "MCK_LAST_REGCLASS_BY_HWMODE" } else { "MCK_LAST_REGISTER" };
                let _ = writeln!(s, "  {label} = {last_name},");
            }
            last = c.kind;
            last_name = &c.name;
            let _ = write!(s, "  {}, // ", c.name);
            match c.kind {
                ClassKind::Token => {
                    let _ = writeln!(s, "'{}'", c.value_name);
                }
                ClassKind::RegisterClass(_) if c.value_name.is_empty() => s.push_str("derived register class\n"),
                ClassKind::RegisterClass(_) => {
                    let _ = writeln!(s, "register class '{}'", c.value_name);
                }
                ClassKind::RegClassByHwMode(_) => s.push_str("register class by hwmode\n"),
                ClassKind::User(_) => {
                    let _ = writeln!(s, "user defined class '{}'", c.value_name);
                }
            }
        }
        s.push_str("  NumMatchClassKinds\n};\n\n} // end anonymous namespace\n\n");
    }

    /// `emitOperandMatchErrorDiagStrings`.
    fn operand_match_error_diag_strings(&self, s: &mut String) {
        let t = self.target;
        if self.info.order.iter().all(|&c| self.info.classes[c].diagnostic_string.is_empty()) {
            return;
        }
        let _ = write!(s, "static const char *getMatchKindDiag({t}AsmParser::{t}MatchResultTy MatchResult) {{\n  switch (MatchResult) {{\n");
        for &ci in &self.info.order {
            let c = &self.info.classes[ci];
            if !c.diagnostic_string.is_empty() {
                let _ = write!(
                    s,
                    "  case {t}AsmParser::Match_{}:\n    return \"{}\";\n",
                    c.diagnostic_type, c.diagnostic_string
                );
            }
        }
        s.push_str("  default:\n    return nullptr;\n  }\n}\n\n");
    }

    /// `emitRegisterMatchErrorFunc`.
    fn register_match_error_func(&self, s: &mut String) {
        s.push_str("static unsigned getDiagKindFromRegisterClass(MatchClassKind RegisterClass) {\n");
        let classes: Vec<_> = self
            .info
            .order
            .iter()
            .map(|&c| &self.info.classes[c])
            .filter(|c| c.is_register_class() && !c.diagnostic_type.is_empty())
            .collect();
        if classes.is_empty() {
            s.push_str("  return MCTargetAsmParser::Match_InvalidOperand;\n");
        } else {
            s.push_str("  switch (RegisterClass) {\n");
            for c in classes {
                let _ = write!(
                    s,
                    "  case {}:\n    return {}AsmParser::Match_{};\n",
                    c.name, self.target, c.diagnostic_type
                );
            }
            s.push_str("  default:\n    return MCTargetAsmParser::Match_InvalidOperand;\n  }\n");
        }
        s.push_str("}\n\n");
    }

    /// `emitMatchTokenString`.
    fn match_token_string(&self, s: &mut String) -> Result<()> {
        let matches: Vec<StringPair> = self
            .info
            .order
            .iter()
            .map(|&c| &self.info.classes[c])
            .filter(|c| c.kind == ClassKind::Token)
            .map(|c| (c.value_name.clone(), format!("return {};", c.name)))
            .collect();
        s.push_str("static MatchClassKind matchTokenString(StringRef Name) {\n");
        string_matcher::emit("Name", &matches, 0, s).map_err(Fatal::from)?;
        s.push_str("  return InvalidMatchClass;\n}\n\n");
        Ok(())
    }

    /// `emitIsSubclass`.
    fn is_subclass(&self, s: &mut String) {
        s.push_str("/// isSubclass - Compute whether \\p A is a subclass of \\p B.\nstatic bool isSubclass(MatchClassKind A, MatchClassKind B) {\n  if (A == B)\n    return true;\n\n");
        let order = &self.info.order;
        match self.form.subclass {
            Subclass::Switch => {
                let mut emitted = false;
                for &a in order {
                    let mut supers: Vec<&str> = Vec::new();
                    if self.info.classes[a].is_optional {
                        supers.push("OptionalMatchClass");
                    }
                    for &b in order {
                        if a != b && self.info.is_subset_of(a, b) {
                            supers.push(&self.info.classes[b].name);
                        }
                    }
                    if supers.is_empty() {
                        continue;
                    }
                    if !emitted {
                        s.push_str("  switch (A) {\n  default:\n    return false;\n");
                        emitted = true;
                    }
                    let _ = writeln!(s, "\n  case {}:", self.info.classes[a].name);
                    if supers.len() == 1 {
                        let _ = writeln!(s, "    return B == {};", supers[0]);
                        continue;
                    }
                    s.push_str("    switch (B) {\n    default: return false;\n");
                    for sc in supers {
                        let _ = writeln!(s, "    case {sc}: return true;");
                    }
                    s.push_str("    }\n");
                }
                if emitted {
                    s.push_str("  }\n");
                } else {
                    s.push_str("  return false;\n");
                }
            }
            Subclass::BitTable => {
                let mut data: Vec<bool> = Vec::new();
                s.push_str("  [[maybe_unused]] static constexpr struct {\n    uint32_t Offset;\n    uint16_t Start;\n    uint16_t Length;\n  } Table[] = {\n    {0, 0, 0},\n    {0, 0, 0},\n");
                for &a in order {
                    let mut supers = vec![false, self.info.classes[a].is_optional];
                    supers.extend(order.iter().map(|&b| a != b && self.info.is_subset_of(a, b)));
                    let end = supers.iter().rposition(|&x| x).map_or(0, |p| p + 1);
                    let start = supers[..end].iter().position(|&x| x).unwrap_or(end);
                    let offset = data.len();
                    data.extend_from_slice(&supers[start..end]);
                    let _ = writeln!(s, "    {{{offset}, {start}, {}}},", end - start);
                }
                s.push_str("  };\n\n");
                if data.is_empty() {
                    s.push_str("  return false;\n");
                } else {
                    while !data.len().is_multiple_of(8) {
                        data.push(false);
                    }
                    s.push_str("  static constexpr uint8_t Data[] = {\n");
                    for chunk in data.chunks(8) {
                        let byte = chunk.iter().enumerate().fold(0u32, |acc, (j, &b)| acc | (u32::from(b) << j));
                        let _ = writeln!(s, "    0x{byte:02X},");
                    }
                    s.push_str("  };\n\n  auto &Entry = Table[A];\n  unsigned Idx = B - Entry.Start;\n  if (Idx >= Entry.Length)\n    return false;\n  Idx += Entry.Offset;\n  return (Data[Idx / 8] >> (Idx % 8)) & 1;\n");
                }
            }
        }
        s.push_str("}\n\n");
    }

    /// `emitValidateOperandClass`.
    fn validate_operand_class(&self, s: &mut String) -> Result<()> {
        let t = self.target;
        let _ = write!(
            s,
            "static unsigned validateOperandClass(MCParsedAsmOperand &GOp, MatchClassKind Kind{}) {{\n  {t}Operand &Operand = ({t}Operand &)GOp;\n",
            if self.form.validate_with_sti { ", const MCSubtargetInfo &STI" } else { "" }
        );
        s.push_str("  if (Kind == InvalidMatchClass)\n    return MCTargetAsmParser::Match_InvalidOperand;\n\n");
        s.push_str("  if (Operand.isToken() && Kind <= MCK_LAST_TOKEN)\n    return isSubclass(matchTokenString(Operand.getToken()), Kind) ?\n             MCTargetAsmParser::Match_Success :\n             MCTargetAsmParser::Match_InvalidOperand;\n\n");
        s.push_str("  switch (Kind) {\n  default: break;\n");
        for &ci in &self.info.order {
            let c = &self.info.classes[ci];
            if !c.is_user_class() {
                continue;
            }
            if self.form.user_class_comment {
                let _ = writeln!(s, "  // '{}' class", c.class_name);
            }
            let _ = write!(
                s,
                "  case {}: {{\n    DiagnosticPredicate DP(Operand.{}());\n    if (DP.isMatch())\n      return MCTargetAsmParser::Match_Success;\n",
                c.name, c.predicate_method
            );
            if !c.diagnostic_type.is_empty() {
                let _ =
                    write!(s, "    if (DP.isNearMatch())\n      return {t}AsmParser::Match_{};\n", c.diagnostic_type);
            }
            s.push_str("    break;\n");
            s.push_str(if self.form.user_class_comment { "    }\n" } else { "  }\n" });
        }
        s.push_str("  } // end switch (Kind)\n\n");
        let bank = &self.info.bank;
        if !self.form.validate_with_sti {
            s.push_str("  if (Operand.isReg()) {\n    MatchClassKind OpKind;\n    switch (Operand.getReg().id()) {\n    default: OpKind = InvalidMatchClass; break;\n");
            let mut by_id: Vec<_> =
                self.info.register_classes.iter().map(|(&reg, &class)| (self.info.reg_key(reg), reg, class)).collect();
            by_id.sort_unstable();
            for (_, reg, class) in by_id {
                let reg = &bank.registers[reg];
                let _ = writeln!(
                    s,
                    "    case {}::{}: OpKind = {}; break;",
                    reg.namespace, reg.name, self.info.classes[class].name
                );
            }
            s.push_str("    }\n");
        } else {
            let by_mode = &self.info.reg_classes_by_hw_mode;
            if !by_mode.is_empty() {
                let target = Target::get(self.input)?;
                let modes = &target.hw_modes;
                s.push_str(
                    "  if (Operand.isReg() && Kind > MCK_LAST_REGISTER && Kind <= MCK_LAST_REGCLASS_BY_HWMODE) {\n",
                );
                let _ = writeln!(
                    s,
                    "    static constexpr MatchClassKind RegClassByHwModeMatchTable[{}][{}] = {{",
                    modes.num_modes(),
                    by_mode.len()
                );
                for m in 0..modes.num_modes() as u32 {
                    let _ = writeln!(s, "      {{ // {}", modes.mode_name(m));
                    for &class in by_mode {
                        let name = self.f.name(class);
                        let found = modes.selects.get(&class).and_then(|items| items.iter().find(|p| p.0 == m));
                        match found {
                            None => {
                                let _ = writeln!(s, "        InvalidMatchClass, // Missing mode entry for {name}");
                            }
                            Some(&(_, rc)) => {
                                let ci = bank.class(self.input, rc)?;
                                let def = bank.classes[ci].def.unwrap_or(rc);
                                let class_info = self
                                    .info
                                    .register_class_classes
                                    .get(&def)
                                    .ok_or_else(|| Fatal::new(&[], "map::at"))?;
                                let _ = writeln!(s, "        {}, // {name}", self.info.classes[*class_info].name);
                            }
                        }
                    }
                    s.push_str("      },\n");
                }
                s.push_str("    };\n\n");
                let _ = writeln!(
                    s,
                    "    static_assert(MCK_LAST_REGCLASS_BY_HWMODE - MCK_LAST_REGISTER == {});",
                    by_mode.len()
                );
                s.push_str("    const unsigned HwMode = STI.getHwMode(MCSubtargetInfo::HwMode_RegInfo);\n");
                s.push_str(self.form.hw_mode_kind_indent);
                s.push_str("Kind = RegClassByHwModeMatchTable[HwMode][Kind - (MCK_LAST_REGISTER + 1)];\n  }\n\n");
            }
            let namespace = bank.registers.first().map_or("", |r| r.namespace);
            let mut table = vec!["InvalidMatchClass"; bank.registers.len() + 1];
            for (&reg, &class) in &self.info.register_classes {
                table[reg + 1] = &self.info.classes[class].name;
            }
            let _ = writeln!(
                s,
                "  if (Operand.isReg()) {{\n    static constexpr uint16_t Table[{namespace}::NUM_TARGET_REGS] = {{"
            );
            for name in table {
                let _ = writeln!(s, "      {name},");
            }
            s.push_str("    };\n\n    MCRegister Reg = Operand.getReg();\n    MatchClassKind OpKind = Reg.isPhysical() ? (MatchClassKind)Table[Reg.id()] : InvalidMatchClass;\n");
        }
        s.push_str("    return isSubclass(OpKind, Kind) ? (unsigned)MCTargetAsmParser::Match_Success :\n                                      getDiagKindFromRegisterClass(Kind);\n  }\n\n");
        s.push_str("  if (Kind > MCK_LAST_TOKEN && Kind <= MCK_LAST_REGISTER)\n    return getDiagKindFromRegisterClass(Kind);\n\n  return MCTargetAsmParser::Match_InvalidOperand;\n}\n\n");
        Ok(())
    }

    /// `emitMatchClassKindNames`.
    fn match_class_kind_names(&self, s: &mut String) {
        s.push_str("#ifndef NDEBUG\nconst char *getMatchClassName(MatchClassKind Kind) {\n  switch (Kind) {\n  case InvalidMatchClass: return \"InvalidMatchClass\";\n  case OptionalMatchClass: return \"OptionalMatchClass\";\n");
        for &ci in &self.info.order {
            let name = &self.info.classes[ci].name;
            let _ = writeln!(s, "  case {name}: return \"{name}\";");
        }
        s.push_str("  case NumMatchClassKinds: return \"NumMatchClassKinds\";\n  }\n  llvm_unreachable(\"unhandled MatchClassKind!\");\n}\n\n#endif // NDEBUG\n");
    }

    /// `emitComputeAssemblerAvailableFeatures`.
    fn compute_available_features(&self, s: &mut String) -> Result<()> {
        let f = self.f;
        let _ = write!(s, "FeatureBitset {}{}::\nComputeAvailableFeatures(const FeatureBitset &FB) const {{\n  FeatureBitset Features;\n", self.target, self.class_name);
        for (i, feature) in self.info.features.all.iter().enumerate() {
            s.push_str("  if (");
            let dag = f.init(feature.def, "AssemblerCondDag")?;
            if !matches!(dag.kind(), tdq_core::init::InitKind::Dag(..)) {
                return Err(f.wrong_kind(feature.def, "AssemblerCondDag", "dag").into());
            }
            if features_aux(f, self.target, s, dag, false) && self.form.invalid_cond_dag_is_error {
                return Err(self.fatal(feature.def, "Invalid AssemblerCondDag!"));
            }
            let _ = write!(s, ")\n    Features.set({});\n", self.enum_bit_name(i));
        }
        s.push_str("  return Features;\n}\n\n");
        Ok(())
    }

    /// `emitAsmTiedOperandConstraints`.
    fn tied_operand_constraints(&self, s: &mut String) {
        let _ = write!(
            s,
            "static bool checkAsmTiedOperandConstraints(const {}{}&AsmParser,\n                               unsigned Kind, const OperandVector &Operands,\n",
            self.target,
            self.f.string(self.parser, "AsmParserClassName").unwrap_or("")
        );
        if self.has_optional {
            s.push_str("                               ArrayRef<unsigned> DefaultsOffset,\n");
        }
        s.push_str("                               uint64_t &ErrorInfo) {\n  assert(Kind < CVT_NUM_SIGNATURES && \"Invalid signature!\");\n  const uint8_t *Converter = ConversionTable[Kind];\n  for (const uint8_t *p = Converter; *p; p += 2) {\n    switch (*p) {\n    case CVT_Tied: {\n      unsigned OpIdx = *(p + 1);\n      assert(OpIdx < (size_t)(std::end(TiedAsmOperandTable) -\n                              std::begin(TiedAsmOperandTable)) &&\n             \"Tied operand not found\");\n      unsigned OpndNum1 = TiedAsmOperandTable[OpIdx][1];\n      unsigned OpndNum2 = TiedAsmOperandTable[OpIdx][2];\n");
        if self.has_optional {
            s.push_str("      OpndNum1 = OpndNum1 - DefaultsOffset[OpndNum1];\n      OpndNum2 = OpndNum2 - DefaultsOffset[OpndNum2];\n");
        }
        s.push_str("      if (OpndNum1 != OpndNum2) {\n        auto &SrcOp1 = Operands[OpndNum1];\n        auto &SrcOp2 = Operands[OpndNum2];\n        if (!AsmParser.areEqualRegs(*SrcOp1, *SrcOp2)) {\n          ErrorInfo = OpndNum2;\n          return false;\n        }\n      }\n      break;\n    }\n    default:\n      break;\n    }\n  }\n  return true;\n}\n\n");
    }

    /// `emitCustomOperandParsing`.
    fn custom_operand_parsing(
        &self,
        s: &mut String,
        offsets: &BTreeMap<Vec<u8>, u32>,
        max_mnemonic_index: u32,
        max_features_index: usize,
    ) -> Result<()> {
        let t = self.target;
        let cn = self.class_name;
        let max_mask = self.operand_match_info.iter().fold(0, |acc, e| acc | e.operand_mask);
        let _ = write!(
            s,
            "namespace {{\n  struct OperandMatchEntry {{\n    {} Mnemonic;\n    {} OperandMask;\n    {} Class;\n    {} RequiredFeaturesIdx;\n\n",
            minimal_type(u64::from(max_mnemonic_index)),
            minimal_type(u64::from(max_mask)),
            minimal_type(self.info.order.len() as u64 + 2),
            minimal_type(max_features_index as u64)
        );
        s.push_str("    StringRef getMnemonic() const {\n      return StringRef(MnemonicTable + Mnemonic + 1,\n                       MnemonicTable[Mnemonic]);\n    }\n  };\n\n  // Predicate for searching for an opcode.\n  struct LessOpcodeOperand {\n    bool operator()(const OperandMatchEntry &LHS, StringRef RHS) {\n      return LHS.getMnemonic()  < RHS;\n    }\n    bool operator()(StringRef LHS, const OperandMatchEntry &RHS) {\n      return LHS < RHS.getMnemonic();\n    }\n    bool operator()(const OperandMatchEntry &LHS, const OperandMatchEntry &RHS) {\n      return LHS.getMnemonic() < RHS.getMnemonic();\n    }\n  };\n} // end anonymous namespace\n\n");
        let _ = write!(
            s,
            "static const OperandMatchEntry OperandMatchTable[{}] = {{\n  /* Operand List Mnemonic, Mask, Operand Class, Features */\n",
            self.operand_match_info.len()
        );
        for e in &self.operand_match_info {
            let m = &self.info.matchables[e.matchable];
            let _ =
                write!(s, "  {{ {} /* {} */, {} /* ", offsets[&len_mnemonic(&m.mnemonic)], m.mnemonic, e.operand_mask);
            let bits: Vec<String> = (0..31).filter(|i| e.operand_mask & (1 << i) != 0).map(|i| i.to_string()).collect();
            let _ = write!(s, "{} */, {}, AMFBS", bits.join(", "), self.info.classes[e.class].name);
            if m.required_features.is_empty() {
                s.push_str("_None");
            }
            for &x in &m.required_features {
                let _ = write!(s, "_{}", self.feature_name(x));
            }
            s.push_str(" },\n");
        }
        s.push_str("};\n\n");
        let _ = write!(s, "ParseStatus {t}{cn}::\ntryCustomParseOperand(OperandVector &Operands,\n                      unsigned MCK) {{\n\n  switch(MCK) {{\n");
        for &ci in &self.info.order {
            let c = &self.info.classes[ci];
            if !c.parser_method.is_empty() {
                let _ = write!(s, "  case {}:\n    return {}(Operands);\n", c.name, c.parser_method);
            }
        }
        s.push_str("  default:\n    return ParseStatus::NoMatch;\n  }\n  return ParseStatus::NoMatch;\n}\n\n");
        let _ = write!(s, "ParseStatus {t}{cn}::\nMatchOperandParserImpl(OperandVector &Operands,\n                       StringRef Mnemonic,\n                       bool ParseForAllFeatures) {{\n");
        s.push_str("  // Get the current feature set.\n  const FeatureBitset &AvailableFeatures = getAvailableFeatures();\n\n  // Get the next operand index.\n");
        let _ =
            writeln!(s, "  unsigned NextOpNum = Operands.size(){};", if self.has_mnemonic_first { " - 1" } else { "" });
        s.push_str("  // Search the table.\n");
        if self.has_mnemonic_first {
            s.push_str("  auto MnemonicRange =\n    std::equal_range(std::begin(OperandMatchTable), std::end(OperandMatchTable),\n                     Mnemonic, LessOpcodeOperand());\n\n");
        } else {
            s.push_str("  auto MnemonicRange = std::pair(std::begin(OperandMatchTable), std::end(OperandMatchTable));\n  if (!Mnemonic.empty())\n    MnemonicRange =\n      std::equal_range(std::begin(OperandMatchTable), std::end(OperandMatchTable),\n                       Mnemonic, LessOpcodeOperand());\n\n");
        }
        s.push_str("  if (MnemonicRange.first == MnemonicRange.second)\n    return ParseStatus::NoMatch;\n\n  for (const OperandMatchEntry *it = MnemonicRange.first,\n       *ie = MnemonicRange.second; it != ie; ++it) {\n    // equal_range guarantees that instruction mnemonic matches.\n    assert(Mnemonic == it->getMnemonic());\n\n    // check if the available features match\n    const FeatureBitset &RequiredFeatures = FeatureBitsets[it->RequiredFeaturesIdx];\n    if (!ParseForAllFeatures && (AvailableFeatures & RequiredFeatures) != RequiredFeatures)\n      continue;\n\n    // check if the operand in question has a custom parser.\n    if (!(it->OperandMask & (1 << NextOpNum)))\n      continue;\n\n");
        let parser_name = match self.f.string(self.parser, "OperandParserMethod")? {
            "" => "tryCustomParseOperand",
            name => name,
        };
        let _ = write!(s, "    // call custom parse method to handle the operand\n    ParseStatus Result = {parser_name}(Operands, it->Class);\n    if (!Result.isNoMatch())\n      return Result;\n  }}\n\n  // Okay, we had no match.\n  return ParseStatus::NoMatch;\n}}\n\n");
        Ok(())
    }

    /// The call of `checkAsmTiedOperandConstraints` that returns `Match_InvalidTiedOperand`:
    /// the `if` at `indent` spaces, its second line at `continuation`.
    fn tied_check(&self, s: &mut String, indent: usize, continuation: usize) {
        let offsets = if self.has_optional { "DefaultsOffset, " } else { "" };
        let _ = write!(
            s,
            "{:indent$}if (!checkAsmTiedOperandConstraints(*this, it->ConvertFn, Operands,\n{:continuation$}{offsets}ErrorInfo))\n{:indent$}  return Match_InvalidTiedOperand;\n\n",
            "", "", ""
        );
    }

    /// The body of `MatchInstructionImpl`.
    fn match_instruction_impl(
        &self,
        s: &mut String,
        max_ops: usize,
        has_mnemonic_aliases: bool,
        has_deprecation: bool,
    ) -> Result<()> {
        let t = self.target;
        let cn = self.class_name;
        let near = self.report_near_misses;
        let opt = self.has_optional;
        let mf = self.has_mnemonic_first;
        let form = self.form;
        let mask_size = if form.mask_counts_mnemonic { max_ops + usize::from(mf) } else { max_ops };
        let formal_pos = if form.mask_counts_mnemonic && mf { "FormalIdx + 1" } else { "FormalIdx" };
        s.push_str("#include \"llvm/Support/Debug.h\"\n#include \"llvm/Support/Format.h\"\n\n");
        let _ = write!(s, "unsigned {t}{cn}::\nMatchInstructionImpl(const OperandVector &Operands,\n                     MCInst &Inst,\n");
        if near {
            s.push_str("                     SmallVectorImpl<NearMissInfo> *NearMisses,\n");
        } else {
            s.push_str(
                "                     uint64_t &ErrorInfo,\n                     FeatureBitset &MissingFeatures,\n",
            );
        }
        s.push_str("                     bool matchingInlineAsm, unsigned VariantID) {\n");
        if !near {
            let n = max_ops + usize::from(mf);
            let _ = write!(s, "  // Eliminate obvious mismatches.\n  if (Operands.size() > {n}) {{\n    ErrorInfo = {n};\n    return Match_InvalidOperand;\n  }}\n\n");
        }
        s.push_str("  // Get the current feature set.\n  const FeatureBitset &AvailableFeatures = getAvailableFeatures();\n\n  // Get the instruction mnemonic, which is the first token.\n");
        if mf {
            let _ = write!(s, "  StringRef Mnemonic = (({t}Operand &)*Operands[0]).getToken();\n\n");
        } else {
            let _ = write!(s, "  StringRef Mnemonic;\n  if (Operands[0]->isToken())\n    Mnemonic = (({t}Operand &)*Operands[0]).getToken();\n\n");
        }
        if has_mnemonic_aliases {
            s.push_str("  // Process all MnemonicAliases to remap the mnemonic.\n  applyMnemonicAliases(Mnemonic, AvailableFeatures, VariantID);\n\n");
        }
        if !near {
            s.push_str("  // Some state to try to produce better error messages.\n  bool HadMatchOtherThanFeatures = false;\n  bool HadMatchOtherThanPredicate = false;\n  unsigned RetCode = Match_InvalidOperand;\n  MissingFeatures.set();\n  // Set ErrorInfo to the operand that mismatches if it is\n  // wrong for all instances of the instruction.\n  ErrorInfo = ~0ULL;\n");
        }
        if opt {
            let _ = writeln!(s, "  SmallBitVector OptionalOperandsMask({mask_size});");
        }
        self.variant_switch(s);
        s.push_str("  // Search the table.\n");
        self.mnemonic_range(s);
        s.push_str("  DEBUG_WITH_TYPE(\"asm-matcher\", dbgs() << \"AsmMatcher: found \" <<\n  std::distance(MnemonicRange.first, MnemonicRange.second) <<\n  \" encodings with mnemonic '\" << Mnemonic << \"'\\n\");\n\n");
        s.push_str("  // Return a more specific error code if no mnemonics match.\n  if (MnemonicRange.first == MnemonicRange.second)\n    return Match_MnemonicFail;\n\n");
        if near && form.near_miss_fallback {
            s.push_str("  // First operand near-miss of each opcode that mismatched in\n  // more than one operand. Used only if no opcode yields a\n  // near-miss of its own (see below).\n  SmallVector<NearMissInfo, 4> MultiMismatchFallback;\n\n");
        }
        s.push_str("  for (const MatchEntry *it = MnemonicRange.first, *ie = MnemonicRange.second;\n       it != ie; ++it) {\n    const FeatureBitset &RequiredFeatures = FeatureBitsets[it->RequiredFeaturesIdx];\n    bool HasRequiredFeatures =\n      (AvailableFeatures & RequiredFeatures) == RequiredFeatures;\n    DEBUG_WITH_TYPE(\"asm-matcher\", dbgs() << \"Trying to match opcode \"\n                                          << MII.getName(it->Opcode) << \"\\n\");\n");
        if near {
            s.push_str("    // Some state to record ways in which this instruction did not match.\n    NearMissInfo OperandNearMiss = NearMissInfo::getSuccess();\n    NearMissInfo FeaturesNearMiss = NearMissInfo::getSuccess();\n    NearMissInfo EarlyPredicateNearMiss = NearMissInfo::getSuccess();\n    NearMissInfo LatePredicateNearMiss = NearMissInfo::getSuccess();\n    bool MultipleInvalidOperands = false;\n");
        }
        if mf {
            s.push_str("    // equal_range guarantees that instruction mnemonic matches.\n    assert(Mnemonic == it->getMnemonic());\n");
        }
        if !near {
            s.push_str("    bool OperandsValid = true;\n");
        }
        if opt {
            let _ = writeln!(s, "    OptionalOperandsMask.reset(0, {mask_size});");
        }
        let start = if mf { "1" } else { "SIndex" };
        if form.mask_counts_mnemonic {
            let _ = writeln!(s, "    unsigned ActualIdx = {start};");
            let _ = writeln!(
                s,
                "    for (unsigned FormalIdx = {}; FormalIdx != {max_ops}; ++FormalIdx) {{",
                if mf { "0" } else { "SIndex" }
            );
        } else {
            let _ = writeln!(
                s,
                "    for (unsigned FormalIdx = {}, ActualIdx = {start}; FormalIdx != {max_ops}; ++FormalIdx) {{",
                if mf { "0" } else { "SIndex" }
            );
        }
        let _ = write!(s, "      auto Formal = static_cast<MatchClassKind>(it->Classes[FormalIdx]);\n      DEBUG_WITH_TYPE(\"asm-matcher\",\n                      dbgs() << \"  Matching formal operand class \" << getMatchClassName(Formal)\n                             << \" against actual operand at index \" << ActualIdx);\n      if (ActualIdx < Operands.size())\n        DEBUG_WITH_TYPE(\"asm-matcher\", dbgs() << \" (\";\n                        {} dbgs() << \"): \");\n      else\n        DEBUG_WITH_TYPE(\"asm-matcher\", dbgs() << \": \");\n      if (ActualIdx >= Operands.size()) {{\n        DEBUG_WITH_TYPE(\"asm-matcher\", dbgs() << \"actual operand index out of range\\n\");\n", form.operand_print);
        if near {
            s.push_str("        bool ThisOperandValid = (Formal == InvalidMatchClass) || isSubclass(Formal, OptionalMatchClass);\n        if (!ThisOperandValid) {\n          if (!OperandNearMiss) {\n            // Record info about match failure for later use.\n            DEBUG_WITH_TYPE(\"asm-matcher\", dbgs() << \"recording too-few-operands near miss\\n\");\n            OperandNearMiss =\n                NearMissInfo::getTooFewOperands(Formal, it->Opcode);\n          } else if (OperandNearMiss.getKind() != NearMissInfo::NearMissTooFewOperands) {\n            // If more than one operand is invalid, give up on this match entry.\n            DEBUG_WITH_TYPE(\n                \"asm-matcher\",\n                dbgs() << \"second invalid operand, giving up on this opcode\\n\");\n            MultipleInvalidOperands = true;\n            break;\n          }\n        } else {\n          DEBUG_WITH_TYPE(\"asm-matcher\", dbgs() << \"but formal operand not required\\n\");\n          if (isSubclass(Formal, OptionalMatchClass)) {\n");
            let _ = writeln!(s, "            OptionalOperandsMask.set({formal_pos});");
            s.push_str("          }\n        }\n        continue;\n");
        } else {
            s.push_str("        if (Formal == InvalidMatchClass) {\n");
            if opt {
                let _ = writeln!(
                    s,
                    "          OptionalOperandsMask.set({}, {mask_size});",
                    if form.mask_counts_mnemonic && mf { "FormalIdx + 1" } else { "FormalIdx" }
                );
            }
            s.push_str("          break;\n        }\n        if (isSubclass(Formal, OptionalMatchClass)) {\n");
            if opt {
                let _ = writeln!(s, "          OptionalOperandsMask.set({formal_pos});");
            }
            s.push_str("          continue;\n        }\n        OperandsValid = false;\n        ErrorInfo = ActualIdx;\n        break;\n");
        }
        s.push_str("      }\n      MCParsedAsmOperand &Actual = *Operands[ActualIdx];\n");
        let _ = writeln!(
            s,
            "      unsigned Diag = validateOperandClass(Actual, Formal{});",
            if form.validate_with_sti { ", *STI" } else { "" }
        );
        s.push_str("      if (Diag == Match_Success) {\n        DEBUG_WITH_TYPE(\"asm-matcher\",\n                        dbgs() << \"match success using generic matcher\\n\");\n        ++ActualIdx;\n        continue;\n      }\n      // If the generic handler indicates an invalid operand\n      // failure, check for a special case.\n      if (Diag != Match_Success) {\n        unsigned TargetDiag = validateTargetOperandClass(Actual, Formal);\n        if (TargetDiag == Match_Success) {\n          DEBUG_WITH_TYPE(\"asm-matcher\",\n                          dbgs() << \"match success using target matcher\\n\");\n          ++ActualIdx;\n          continue;\n        }\n        // If the target matcher returned a specific error code use\n        // that, else use the one from the generic matcher.\n        if (TargetDiag != Match_InvalidOperand && HasRequiredFeatures)\n          Diag = TargetDiag;\n      }\n      // If current formal operand wasn't matched and it is optional\n      // then try to match next formal operand\n      if (Diag == Match_InvalidOperand && isSubclass(Formal, OptionalMatchClass)) {\n");
        if opt {
            let _ = writeln!(s, "        OptionalOperandsMask.set({formal_pos});");
        }
        s.push_str("        DEBUG_WITH_TYPE(\"asm-matcher\", dbgs() << \"ignoring optional operand\\n\");\n        continue;\n      }\n");
        if near {
            s.push_str("      if (!OperandNearMiss) {\n        // If this is the first invalid operand we have seen, record some\n        // information about it.\n        DEBUG_WITH_TYPE(\n            \"asm-matcher\",\n            dbgs()\n                << \"operand match failed, recording near-miss with diag code \"\n                << Diag << \"\\n\");\n        OperandNearMiss =\n            NearMissInfo::getMissedOperand(Diag, Formal, it->Opcode, ActualIdx);\n        ++ActualIdx;\n      } else {\n        // If more than one operand is invalid, give up on this match entry.\n        DEBUG_WITH_TYPE(\n            \"asm-matcher\",\n            dbgs() << \"second operand mismatch, skipping this opcode\\n\");\n        MultipleInvalidOperands = true;\n        break;\n      }\n    }\n\n");
            if form.near_miss_fallback {
                s.push_str("    // Reject surplus operands as one more operand mismatch.\n    if (!MultipleInvalidOperands && ActualIdx < Operands.size()) {\n      if (!OperandNearMiss) {\n        DEBUG_WITH_TYPE(\"asm-matcher\", dbgs() << \"too many operands, recording near-miss at index \"\n                        << ActualIdx << \"\\n\");\n        OperandNearMiss = NearMissInfo::getMissedOperand(\n            Match_InvalidOperand, InvalidMatchClass, it->Opcode, ActualIdx);\n      } else {\n        DEBUG_WITH_TYPE(\"asm-matcher\", dbgs() << \"too many operands after an earlier mismatch, skipping this opcode\\n\");\n        MultipleInvalidOperands = true;\n      }\n    }\n\n");
            }
            s.push_str("    if (MultipleInvalidOperands) {\n");
        } else {
            s.push_str("      // If this operand is broken for all of the instances of this\n      // mnemonic, keep track of it so we can report loc info.\n      // If we already had a match that only failed due to a\n      // target predicate, that diagnostic is preferred.\n      if (!HadMatchOtherThanPredicate &&\n          (it == MnemonicRange.first || ErrorInfo <= ActualIdx)) {\n        if (HasRequiredFeatures && (ErrorInfo != ActualIdx || Diag != Match_InvalidOperand))\n          RetCode = Diag;\n        ErrorInfo = ActualIdx;\n      }\n      // Otherwise, just reject this instance of the mnemonic.\n      OperandsValid = false;\n      break;\n    }\n\n");
            s.push_str("    if (!OperandsValid) {\n");
        }
        s.push_str("      DEBUG_WITH_TYPE(\"asm-matcher\", dbgs() << \"Opcode result: multiple \"\n                                               \"operand mismatches, ignoring \"\n                                               \"this opcode\\n\");\n");
        if near && form.near_miss_fallback {
            s.push_str("      // Too many invalid operands to report a single near-miss;\n      // keep the first one as a fallback in case no opcode\n      // matches more closely.\n      if (OperandNearMiss)\n        MultiMismatchFallback.push_back(OperandNearMiss);\n");
        }
        s.push_str("      continue;\n    }\n    if (!HasRequiredFeatures) {\n");
        if !near {
            s.push_str("      HadMatchOtherThanFeatures = true;\n");
        }
        s.push_str("      FeatureBitset NewMissingFeatures = RequiredFeatures & ~AvailableFeatures;\n      DEBUG_WITH_TYPE(\"asm-matcher\", dbgs() << \"Missing target features:\";\n                      for (unsigned I = 0, E = NewMissingFeatures.size(); I != E; ++I)\n                        if (NewMissingFeatures[I])\n                          dbgs() << ' ' << I;\n                      dbgs() << \"\\n\");\n");
        if near {
            s.push_str("      FeaturesNearMiss = NearMissInfo::getMissedFeature(NewMissingFeatures);\n");
        } else {
            s.push_str("      if (NewMissingFeatures.count() <=\n          MissingFeatures.count())\n        MissingFeatures = NewMissingFeatures;\n      continue;\n");
        }
        s.push_str("    }\n\n    Inst.clear();\n\n    Inst.setOpcode(it->Opcode);\n    // We have a potential match but have not rendered the operands.\n    // Check the target predicate to handle any context sensitive\n    // constraints.\n    // For example, Ties that are referenced multiple times must be\n    // checked here to ensure the input is the same for each match\n    // constraints. If we leave it any later the ties will have been\n    // canonicalized\n    unsigned MatchResult;\n    if ((MatchResult = checkEarlyTargetMatchPredicate(Inst, Operands)) != Match_Success) {\n      Inst.clear();\n      DEBUG_WITH_TYPE(\n          \"asm-matcher\",\n          dbgs() << \"Early target match predicate failed with diag code \"\n                 << MatchResult << \"\\n\");\n");
        if near {
            s.push_str("      EarlyPredicateNearMiss = NearMissInfo::getMissedPredicate(MatchResult);\n");
        } else {
            s.push_str("      RetCode = MatchResult;\n      HadMatchOtherThanPredicate = true;\n      continue;\n");
        }
        s.push_str("    }\n\n");
        if near {
            let _ = write!(s, "    // If we did not successfully match the operands, then we can't convert to\n    // an MCInst, so bail out on this instruction variant now.\n    if (OperandNearMiss) {{\n      // If the operand mismatch was the only problem, {} it as a near-miss.\n      if (NearMisses && !FeaturesNearMiss && !EarlyPredicateNearMiss) {{\n        DEBUG_WITH_TYPE(\n            \"asm-matcher\",\n            dbgs()\n                << \"Opcode result: one mismatched operand, adding near-miss\\n\");\n        NearMisses->push_back(OperandNearMiss);\n      }} else {{\n        DEBUG_WITH_TYPE(\"asm-matcher\", dbgs() << \"Opcode result: multiple \"\n                                                 \"types of mismatch, so not \"\n                                                 \"reporting near-miss\\n\");\n      }}\n      continue;\n    }}\n\n", form.report_word);
        }
        if opt {
            let _ = write!(s, "    unsigned DefaultsOffset[{}] = {{ 0 }};\n    assert(OptionalOperandsMask.size() == {mask_size});\n    for (unsigned i = 0, NumDefaults = 0; i < {max_ops}; ++i) {{\n", max_ops + 1);
            if form.mask_counts_mnemonic {
                s.push_str("      NumDefaults += (OptionalOperandsMask[i] ? 1 : 0);\n      DefaultsOffset[i + 1] = NumDefaults;\n    }\n\n");
            } else {
                s.push_str("      DefaultsOffset[i + 1] = NumDefaults;\n      NumDefaults += (OptionalOperandsMask[i] ? 1 : 0);\n    }\n\n");
            }
        }
        s.push_str("    if (matchingInlineAsm) {\n      convertToMapAndConstraints(it->ConvertFn, Operands);\n");
        if !near {
            self.tied_check(s, 6, 42);
        }
        s.push_str("      return Match_Success;\n    }\n\n    // We have selected a definite instruction, convert the parsed\n    // operands into the appropriate MCInst.\n");
        if opt {
            s.push_str("    convertToMCInst(it->ConvertFn, Inst, it->Opcode, Operands,\n                    OptionalOperandsMask, DefaultsOffset);\n");
        } else {
            s.push_str("    convertToMCInst(it->ConvertFn, Inst, it->Opcode, Operands);\n");
        }
        s.push_str("\n    // We have a potential match. Check the target predicate to\n    // handle any context sensitive constraints.\n    if ((MatchResult = checkTargetMatchPredicate(Inst)) != Match_Success) {\n      DEBUG_WITH_TYPE(\"asm-matcher\",\n                      dbgs() << \"Target match predicate failed with diag code \"\n                             << MatchResult << \"\\n\");\n      Inst.clear();\n");
        if near {
            s.push_str("      LatePredicateNearMiss = NearMissInfo::getMissedPredicate(MatchResult);\n");
        } else {
            s.push_str("      RetCode = MatchResult;\n      HadMatchOtherThanPredicate = true;\n      continue;\n");
        }
        s.push_str("    }\n\n");
        if near {
            s.push_str("    int NumNearMisses = ((int)(bool)OperandNearMiss +\n                         (int)(bool)FeaturesNearMiss +\n                         (int)(bool)EarlyPredicateNearMiss +\n                         (int)(bool)LatePredicateNearMiss);\n    if (NumNearMisses == 1) {\n      // We had exactly one type of near-miss, so add that to the list.\n      assert(!OperandNearMiss && \"OperandNearMiss was handled earlier\");\n      DEBUG_WITH_TYPE(\"asm-matcher\", dbgs() << \"Opcode result: found one type of \"\n                                            \"mismatch, so reporting a \"\n                                            \"near-miss\\n\");\n      if (NearMisses && FeaturesNearMiss)\n        NearMisses->push_back(FeaturesNearMiss);\n      else if (NearMisses && EarlyPredicateNearMiss)\n        NearMisses->push_back(EarlyPredicateNearMiss);\n      else if (NearMisses && LatePredicateNearMiss)\n        NearMisses->push_back(LatePredicateNearMiss);\n\n      continue;\n    } else if (NumNearMisses > 1) {\n      // This instruction missed in more than one way, so ignore it.\n      DEBUG_WITH_TYPE(\"asm-matcher\", dbgs() << \"Opcode result: multiple \"\n                                               \"types of mismatch, so not \"\n                                               \"reporting near-miss\\n\");\n      continue;\n    }\n");
        }
        let cleanup = self.f.string(self.parser, "AsmParserInstCleanup")?;
        if !cleanup.is_empty() {
            let _ = writeln!(s, "    {cleanup}(Inst);");
        }
        if has_deprecation {
            let _ = write!(s, "    std::string Info;\n    if (!getParser().getTargetParser().getTargetOptions().MCNoDeprecatedWarn &&\n        MII.getDeprecatedInfo(Inst, getSTI(), Info)) {{\n      SMLoc Loc = (({t}Operand &)*Operands[0]).getStartLoc();\n      getParser().Warning(Loc, Info, {});\n    }}\n", form.warning_ranges);
        }
        if !near {
            self.tied_check(s, 4, 41);
        }
        s.push_str("    DEBUG_WITH_TYPE(\n        \"asm-matcher\",\n        dbgs() << \"Opcode result: complete match, selecting this opcode\\n\");\n    return Match_Success;\n  }\n\n");
        if near {
            if form.near_miss_fallback {
                s.push_str("  // No instruction variants matched exactly. If nothing produced\n  // a near-miss, fall back to the multi-mismatch list so we can\n  // still give a specific diagnostic rather than a generic\n  // \"invalid instruction\".\n  if (NearMisses && NearMisses->empty())\n    NearMisses->append(MultiMismatchFallback.begin(),\n                       MultiMismatchFallback.end());\n");
            } else {
                s.push_str("  // No instruction variants matched exactly.\n");
            }
            s.push_str("  return Match_NearMisses;\n");
        } else {
            s.push_str("  // Okay, we had no match.  Try to return a useful error code.\n  if (HadMatchOtherThanPredicate || !HadMatchOtherThanFeatures)\n    return RetCode;\n\n  ErrorInfo = 0;\n  return Match_MissingFeature;\n");
        }
        s.push_str("}\n\n");
        Ok(())
    }
}
