//! `--gen-instr-info`: the target's instruction descriptions (LLVM's InstrInfoEmitter.cpp and
//! CodeGenMapTable.cpp): the instruction and scheduling-class enums, each instruction's
//! `MCInstrDesc` (operand counts, size, scheduling class, implicit registers, operand info,
//! flags as written and as inferred from the patterns by the pattern model, `TSFlags`), the
//! operand info and implicit-register tables, the name table, the operand name and type
//! mappings, the `TIIPredicate` helpers, the required-feature verifier, and the
//! `InstrMapping` relation tables.

use crate::common::emit::{
    ifdef_block, namespace as namespace_block, source_file_header, write_escaped, SequenceToOffsetTable,
};
use crate::gen_register_info::minimal_type;
use crate::{AnyOption, Backend, BackendError, BackendOptions, Opt, Output};
use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::init::{Init, InitKind};
use tdq_core::types::RecId;
use tdq_core::{phases, ByRelease, Diagnostics, Evaluation, Release};
use tdq_models::patterns::dag_patterns::DagPatterns;
use tdq_models::records::{all_derived_definitions, derived_definitions};
use tdq_models::target::instructions::{Constraint, Instruction, Instructions};
use tdq_models::target::predicate_expander::PredicateExpander;
use tdq_models::target::schedule::SchedModels;
use tdq_models::target::subtarget_features::{features_aux, SubtargetFeatures};
use tdq_models::target::{qualified_name, Target};
use tdq_models::{Fatal, Fields};

pub struct GenInstrInfo;

/// `-instr-info-expand-mi-operand-info`: `getOperandType`'s table lists each sub-operand of
/// an operand with `MIOperandInfo`, not the operand once.
pub static EXPAND_MI_OPERAND_INFO: Opt<bool> = Opt {
    name: "instr-info-expand-mi-operand-info",
    help: "Expand operand's MIOperandInfo DAG into suboperands",
    value_desc: "",
    category: "Options for -gen-instr-info",
    default: true,
    since: Release::V19,
};

type Result<T> = std::result::Result<T, BackendError>;

/// How a release lays out its output.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Layout {
    /// LLVM 19: hand-written `#ifdef` sections, `OpName` a plain enum with a switch per
    /// instruction, operand types and logical operand types for every target.
    V19,
    /// LLVM 22 on: `IfDefEmitter`/`NamespaceEmitter` sections, the descriptors with operand
    /// info after the implicit registers, `enum class OpName` looked up by instruction index,
    /// `RegClassByHwMode` tables, operand types only for X86, target-specialized pseudos.
    V22,
}

/// What one release's InstrInfoEmitter and CodeGenMapTable write.
#[derive(Debug)]
struct Form {
    layout: Layout,
    /// The type of the `Opcode` parameter of the lookup functions (`uint32_t` in LLVM 23).
    opcode_type: &'static str,
    /// Complex deprecation predicates as one function switching on the opcode (LLVM 23),
    /// not a table of function pointers.
    complex_deprecation_switch: bool,
    /// A relation table's missing column (`(uint16_t)-1U`, 23's `INSTRUCTION_LIST_END`), its
    /// element type, what a lookup with no matching column does, and the function's type.
    map_missing: &'static str,
    map_element: &'static str,
    map_no_column: &'static str,
    map_function_type: &'static str,
    /// The instruction names' terminator in their string literals (`\0`; `\000` from 22).
    string_terminator: &'static str,
    /// `--time-phases`: the target and pattern models are computed within "Analyze DAG
    /// patterns" (LLVM 19 starts it before making the emitter); from 22 the emitter starts it
    /// once they are there, so they are timed with the backend as a whole.
    models_in_analyze_phase: bool,
}

const FORM_22: Form = Form {
    layout: Layout::V22,
    opcode_type: "uint16_t",
    complex_deprecation_switch: false,
    map_missing: "(uint16_t)-1U",
    map_element: "uint16_t",
    map_no_column: "  return -1;",
    map_function_type: "int",
    string_terminator: "\\000",
    models_in_analyze_phase: false,
};

const FORM: ByRelease<Form> = ByRelease {
    v19: Form { layout: Layout::V19, string_terminator: "\\0", models_in_analyze_phase: true, ..FORM_22 },
    v22: FORM_22,
    v23: Form {
        opcode_type: "uint32_t",
        complex_deprecation_switch: true,
        map_missing: "INSTRUCTION_LIST_END",
        map_element: "uint32_t",
        map_no_column: "  llvm_unreachable(\"Unrecognized column value!\");\n",
        map_function_type: "int32_t",
        ..FORM_22
    },
};

impl Backend for GenInstrInfo {
    fn name(&self) -> &'static str {
        "gen-instr-info"
    }
    fn help(&self) -> &'static str {
        "Generate instruction descriptions"
    }
    fn options(&self) -> &'static [&'static dyn AnyOption] {
        static OPTIONS: [&dyn AnyOption; 1] = [&EXPAND_MI_OPERAND_INFO];
        &OPTIONS
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<()> {
        let form = FORM.get(options.release);
        if form.models_in_analyze_phase {
            phases::start("Analyze DAG patterns");
        }
        let target = Target::get(input)?;
        let instructions = Instructions::get(input)?;
        let patterns = DagPatterns::get(input)?;
        for d in &patterns.diags.list {
            out.diags.push(d.clone());
        }
        let sched = SchedModels::get(input)?;
        let e = Emitter {
            input,
            f: Fields { input },
            target: target.name,
            allow_register_renaming: target.allow_register_renaming(input)?,
            insts: &instructions,
            patterns: &patterns,
            sched: &sched,
            expand_mi_operand_info: options.get(&EXPAND_MI_OPERAND_INFO),
            form,
            diags: RefCell::new(Diagnostics::new()),
        };
        if !form.models_in_analyze_phase {
            phases::start("Analyze DAG patterns");
        }
        let mut s = String::new();
        source_file_header(&mut s, "Target Instruction Enum Values and Descriptors", None);
        let result = match form.layout {
            Layout::V19 => e.run(&mut s),
            Layout::V22 => e.run_22(&mut s),
        };
        for d in e.diags.take().list {
            out.diags.push(d);
        }
        result?;
        phases::start("Emit map table");
        map_table(input, form, &instructions, &mut s)?;
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}

struct Emitter<'a> {
    input: &'a Evaluation,
    f: Fields<'a>,
    target: &'static str,
    allow_register_renaming: bool,
    insts: &'a Instructions,
    patterns: &'a DagPatterns,
    sched: &'a SchedModels,
    expand_mi_operand_info: bool,
    form: &'static Form,
    /// Errors LLVM prints and carries on after (22's `PointerLikeRegClass` operands).
    diags: RefCell<Diagnostics>,
}

/// One operand's `MCOperandInfo` initializers, one per machine operand.
type OperandInfo = Vec<String>;

impl Emitter<'_> {
    fn numbered(&self) -> Vec<&Instruction> {
        self.insts.in_enum_order().collect()
    }

    fn run(&self, s: &mut String) -> Result<()> {
        let numbered = self.numbered();
        let namespace = self.insts.namespace();
        self.enums(s, namespace)?;
        let t = self.target;

        // Operand info.
        phases::start("Collect operand info");
        let mut operand_info_list: Vec<OperandInfo> = Vec::new();
        let mut operand_info_map: HashMap<OperandInfo, u32> = HashMap::new();
        let mut operand_info_size = 0u32;
        for inst in &numbered {
            let info = self.operand_info(inst)?;
            if !operand_info_map.contains_key(&info) {
                operand_info_map.insert(info.clone(), operand_info_size);
                operand_info_size += info.len() as u32;
                operand_info_list.push(info);
            }
        }
        // Implicit uses and defs.
        phases::start("Collect uses/defs");
        let mut emitted_lists: HashMap<Vec<RecId>, u32> = HashMap::new();
        let mut implicit_lists: Vec<Vec<RecId>> = Vec::new();
        let mut implicit_list_size = 0u32;
        for inst in &numbered {
            let ops = implicit_ops(inst);
            if !emitted_lists.contains_key(&ops) {
                emitted_lists.insert(ops.clone(), implicit_list_size);
                implicit_list_size += ops.len() as u32;
                implicit_lists.push(ops);
            }
        }

        s.push_str("#if defined(GET_INSTRINFO_MC_DESC) || defined(GET_INSTRINFO_CTOR_DTOR)\nnamespace llvm {\n\n");
        let _ = write!(
            s,
            "struct {t}InstrTable {{\n  MCInstrDesc Insts[{}];\n  static_assert(alignof(MCInstrDesc) >= alignof(MCOperandInfo), \"Unwanted padding between Insts and OperandInfo\");\n  MCOperandInfo OperandInfo[{operand_info_size}];\n  static_assert(alignof(MCOperandInfo) >= alignof(MCPhysReg), \"Unwanted padding between OperandInfo and ImplicitOps\");\n  MCPhysReg ImplicitOps[{}];\n}};\n\n",
            numbered.len(),
            implicit_list_size.max(1)
        );
        s.push_str(
            "} // end namespace llvm\n#endif // defined(GET_INSTRINFO_MC_DESC) || defined(GET_INSTRINFO_CTOR_DTOR)\n\n",
        );

        s.push_str("#ifdef GET_INSTRINFO_MC_DESC\n#undef GET_INSTRINFO_MC_DESC\nnamespace llvm {\n\n");
        phases::start("Emit InstrDesc records");
        let _ = write!(
            s,
            "static_assert(sizeof(MCOperandInfo) % sizeof(MCPhysReg) == 0);\nstatic constexpr unsigned {t}ImpOpBase = sizeof {t}InstrTable::OperandInfo / (sizeof(MCPhysReg));\n\n"
        );
        let _ = write!(s, "extern const {t}InstrTable {t}Descs = {{\n  {{\n");
        let mut names = SequenceToOffsetTable::<u8>::default();
        for (num, inst) in numbered.iter().enumerate().rev() {
            names.add(inst.name.as_bytes());
            self.record(s, inst, num, &emitted_lists, &operand_info_map)?;
        }
        s.push_str("  }, {\n");
        phases::start("Emit operand info");
        let mut offset = 0;
        for info in &operand_info_list {
            let _ = write!(s, "    /* {offset} */");
            for entry in info {
                let _ = write!(s, " {{ {entry} }},");
            }
            s.push('\n');
            offset += info.len();
        }
        s.push_str("  }, {\n");
        phases::start("Emit uses/defs");
        for list in &implicit_lists {
            let _ = write!(s, "    /* {} */", emitted_lists[list]);
            for &reg in list {
                let _ = write!(s, " {},", qualified_name(self.input, reg)?);
            }
            s.push('\n');
        }
        s.push_str("  }\n};\n\n");

        phases::start("Emit instruction names");
        names.layout();
        string_literal_def(s, &names, &format!("extern const char {t}InstrNameData[]"), self.form.string_terminator);
        let _ = write!(s, "extern const unsigned {t}InstrNameIndices[] = {{");
        for (num, inst) in numbered.iter().enumerate() {
            if num % 8 == 0 {
                s.push_str("\n    ");
            }
            let _ = write!(s, "{}U, ", names.get(inst.name.as_bytes()));
        }
        s.push_str("\n};\n\n");

        let has_deprecation_features =
            numbered.iter().any(|i| !i.has_complex_deprecation_predicate && !i.deprecated_reason.is_empty());
        if has_deprecation_features {
            let _ = write!(s, "extern const uint8_t {t}InstrDeprecationFeatures[] = {{");
            for (num, inst) in numbered.iter().enumerate() {
                if num % 8 == 0 {
                    s.push_str("\n    ");
                }
                if !inst.has_complex_deprecation_predicate && !inst.deprecated_reason.is_empty() {
                    let _ = write!(s, "{namespace}::{}, ", inst.deprecated_reason);
                } else {
                    s.push_str("uint8_t(-1), ");
                }
            }
            s.push_str("\n};\n\n");
        }
        let has_complex = numbered.iter().any(|i| i.has_complex_deprecation_predicate);
        if has_complex {
            let _ = write!(
                s,
                "extern const MCInstrInfo::ComplexDeprecationPredicate {t}InstrComplexDeprecationInfos[] = {{"
            );
            for (num, inst) in numbered.iter().enumerate() {
                if num % 8 == 0 {
                    s.push_str("\n    ");
                }
                if inst.has_complex_deprecation_predicate {
                    let _ = write!(s, "&get{}DeprecationInfo, ", inst.deprecated_reason);
                } else {
                    s.push_str("nullptr, ");
                }
            }
            s.push_str("\n};\n\n");
        }
        let init_args = |s: &mut String| {
            let _ = write!(s, "{t}Descs.Insts, {t}InstrNameIndices, {t}InstrNameData, ");
            if has_deprecation_features {
                let _ = write!(s, "{t}InstrDeprecationFeatures, ");
            } else {
                s.push_str("nullptr, ");
            }
            if has_complex {
                let _ = write!(s, "{t}InstrComplexDeprecationInfos, ");
            } else {
                s.push_str("nullptr, ");
            }
            let _ = write!(s, "{});\n}}\n", numbered.len());
        };
        phases::start("Emit initialization routine");
        let _ = write!(s, "static inline void Init{t}MCInstrInfo(MCInstrInfo *II) {{\n  II->InitMCInstrInfo(");
        init_args(s);
        s.push_str("\n} // end namespace llvm\n#endif // GET_INSTRINFO_MC_DESC\n\n");

        let class = format!("{t}GenInstrInfo");
        let _ = write!(
            s,
            "#ifdef GET_INSTRINFO_HEADER\n#undef GET_INSTRINFO_HEADER\nnamespace llvm {{\nstruct {class} : public TargetInstrInfo {{\n  explicit {class}(unsigned CFSetupOpcode = ~0u, unsigned CFDestroyOpcode = ~0u, unsigned CatchRetOpcode = ~0u, unsigned ReturnOpcode = ~0u);\n  ~{class}() override = default;\n\n}};\n}} // end namespace llvm\n#endif // GET_INSTRINFO_HEADER\n\n"
        );
        s.push_str("#ifdef GET_INSTRINFO_HELPER_DECLS\n#undef GET_INSTRINFO_HELPER_DECLS\n\n");
        self.tii_helper_methods(s, false)?;
        s.push_str("\n#endif // GET_INSTRINFO_HELPER_DECLS\n\n");
        s.push_str("#ifdef GET_INSTRINFO_HELPERS\n#undef GET_INSTRINFO_HELPERS\n\n");
        self.tii_helper_methods(s, true)?;
        s.push_str("#endif // GET_INSTRINFO_HELPERS\n\n");

        s.push_str("#ifdef GET_INSTRINFO_CTOR_DTOR\n#undef GET_INSTRINFO_CTOR_DTOR\nnamespace llvm {\n");
        let _ = writeln!(s, "extern const {t}InstrTable {t}Descs;");
        let _ = writeln!(s, "extern const unsigned {t}InstrNameIndices[];");
        let _ = writeln!(s, "extern const char {t}InstrNameData[];");
        if has_deprecation_features {
            let _ = writeln!(s, "extern const uint8_t {t}InstrDeprecationFeatures[];");
        }
        if has_complex {
            let _ =
                writeln!(s, "extern const MCInstrInfo::ComplexDeprecationPredicate {t}InstrComplexDeprecationInfos[];");
        }
        let _ = write!(
            s,
            "{class}::{class}(unsigned CFSetupOpcode, unsigned CFDestroyOpcode, unsigned CatchRetOpcode, unsigned ReturnOpcode)\n  : TargetInstrInfo(CFSetupOpcode, CFDestroyOpcode, CatchRetOpcode, ReturnOpcode) {{\n  InitMCInstrInfo("
        );
        init_args(s);
        s.push_str("} // end namespace llvm\n#endif // GET_INSTRINFO_CTOR_DTOR\n\n");

        phases::start("Emit operand name mappings");
        self.operand_name_mappings(s, namespace, &numbered)?;
        phases::start("Emit operand type mappings");
        self.operand_type_mappings(s, namespace, &numbered)?;
        phases::start("Emit logical operand size mappings");
        self.logical_operand_size_mappings(s, t, &numbered)?;
        phases::start("Emit logical operand type mappings");
        self.logical_operand_type_mappings(s, t, &numbered)?;
        phases::start("Emit helper methods");
        self.mc_helper_methods(s)?;
        phases::start("Emit verifier methods");
        self.feature_verifier(s, &numbered)?;
        Ok(())
    }

    /// `emitEnums`: the instruction enum and the scheduling classes'.
    fn enums(&self, s: &mut String, namespace: &str) -> Result<()> {
        s.push_str("#ifdef GET_INSTRINFO_ENUM\n#undef GET_INSTRINFO_ENUM\nnamespace llvm {\n\n");
        if namespace.is_empty() {
            return Err(Fatal::new(&[], "No instructions defined!").into());
        }
        let _ = write!(s, "namespace {namespace} {{\n  enum {{\n");
        let mut num = 0;
        for (i, inst) in self.insts.in_enum_order().enumerate() {
            num = i;
            let _ = writeln!(s, "    {}\t= {i},", inst.name);
        }
        let _ = write!(s, "    INSTRUCTION_LIST_END = {}\n  }};\n\n", num + 1);
        let _ =
            write!(s, "}} // end namespace {namespace}\n}} // end namespace llvm\n#endif // GET_INSTRINFO_ENUM\n\n");
        let _ = write!(
            s,
            "#ifdef GET_INSTRINFO_SCHED_ENUM\n#undef GET_INSTRINFO_SCHED_ENUM\nnamespace llvm {{\n\nnamespace {namespace} {{\nnamespace Sched {{\n  enum {{\n"
        );
        let n = self.sched.num_instr_sched_classes as usize;
        for class in &self.sched.sched_classes[..n] {
            let _ = writeln!(s, "    {}\t= {},", class.name, class.index);
        }
        let _ = write!(
            s,
            "    SCHED_LIST_END = {n}\n  }};\n}} // end namespace Sched\n}} // end namespace {namespace}\n}} // end namespace llvm\n#endif // GET_INSTRINFO_SCHED_ENUM\n\n"
        );
        Ok(())
    }

    /// `GetOperandInfo`: each machine operand's register class, flags, type and constraint.
    fn operand_info(&self, inst: &Instruction) -> Result<OperandInfo> {
        let f = self.f;
        let mut result = Vec::new();
        for op in &inst.operands.operands {
            let mut recs = Vec::new();
            match mi_operand_args(op.mi_operand_info) {
                Some(args) if !args.is_empty() => {
                    for j in 0..op.mi_num_operands as usize {
                        let arg = args.get(j).and_then(|(a, _)| a.as_def());
                        recs.push(arg.ok_or_else(|| Fatal::new(&[], "MIOperandInfo argument is not a def"))?);
                    }
                }
                _ => recs.push(op.rec),
            }
            for (j, &rec) in recs.iter().enumerate() {
                let mut op_r = rec;
                if f.is_a(op_r, "RegisterOperand") {
                    op_r = f.def(op_r, "RegClass")?;
                }
                let mut res = String::new();
                let v22 = self.form.layout == Layout::V22;
                if v22 && f.is_a(op_r, "RegClassByHwMode") {
                    let _ = write!(res, "{}::{}, ", self.insts.namespace(), f.name(op_r));
                } else if f.is_a(op_r, "RegisterClass") {
                    let _ = write!(res, "{}RegClassID, ", qualified_name(self.input, op_r)?);
                } else if f.is_a(op_r, "PointerLikeRegClass") {
                    if v22 {
                        let mut diags = self.diags.borrow_mut();
                        let locs = &self.input.records.get(inst.def).locs;
                        if inst.flags.is_pseudo {
                            diags.error_at(
                                locs,
                                "missing target override for pseudoinstruction using PointerLikeRegClass",
                            );
                            diags.note_at(&self.input.records.get(op_r).locs, "target should define equivalent instruction with RegisterClassLike replacement; (use RemapAllTargetPseudoPointerOperands?)");
                        } else {
                            diags.error_at(locs, "non-pseudoinstruction user of PointerLikeRegClass");
                        }
                    } else {
                        let _ = write!(res, "{}, ", f.int(op_r, "RegClassKind")? as u64);
                    }
                } else {
                    res.push_str("-1, ");
                }
                res.push('0');
                if v22 {
                    if f.is_a(op_r, "RegClassByHwMode") {
                        res.push_str("|(1<<MCOI::LookupRegClassByHwMode)");
                    }
                } else if f.is_a(op_r, "PointerLikeRegClass") {
                    res.push_str("|(1<<MCOI::LookupPtrRegClass)");
                }
                if f.is_a(op.rec, "PredicateOp") {
                    res.push_str("|(1<<MCOI::Predicate)");
                }
                if f.is_a(op.rec, "OptionalDefOperand") {
                    res.push_str("|(1<<MCOI::OptionalDef)");
                }
                if f.is_a(op.rec, "BranchTargetOperand") {
                    res.push_str("|(1<<MCOI::BranchTarget)");
                }
                res.push_str(", ");
                res.push_str(&op.operand_type);
                res.push_str(", ");
                match op.constraints.get(j).copied().unwrap_or_default() {
                    Constraint::None => res.push('0'),
                    Constraint::EarlyClobber => res.push_str("MCOI_EARLY_CLOBBER"),
                    Constraint::Tied(to) => {
                        let _ = write!(res, "MCOI_TIED_TO({to})");
                    }
                }
                result.push(res);
            }
        }
        Ok(result)
    }

    /// `emitRecord`: one `MCInstrDesc`.
    fn record(
        &self,
        s: &mut String,
        inst: &Instruction,
        num: usize,
        emitted_lists: &HashMap<Vec<RecId>, u32>,
        operand_info_map: &HashMap<OperandInfo, u32>,
    ) -> Result<()> {
        let f = self.f;
        let ops = &inst.operands;
        let min_operands = ops.operands.last().map_or(0, |op| op.mi_operand_no + op.mi_num_operands);
        let def_operands = match ops.num_defs {
            0 => 0,
            n => {
                let op = &ops.operands[n as usize - 1];
                op.mi_operand_no + op.mi_num_operands
            }
        };
        let t = self.target;
        let _ = write!(
            s,
            "    {{ {num},\t{min_operands},\t{def_operands},\t{},\t{},\t{},\t{},\t",
            f.int(inst.def, "Size")?,
            self.sched.sched_class_index(inst.def),
            inst.implicit_uses.len(),
            inst.implicit_defs.len(),
        );
        // LLVM's `EmittedLists[...]` gives 0 for a list it has not seen (a specialized
        // pseudo's own).
        let implicit = emitted_lists.get(&implicit_ops(inst)).copied().unwrap_or(0);
        let operand_info = operand_info_map.get(&self.operand_info(inst)?).copied().unwrap_or(0);
        match self.form.layout {
            Layout::V19 => {
                let _ = write!(s, "{t}ImpOpBase + {implicit},\t{operand_info},\t0");
            }
            Layout::V22 => {
                let _ = write!(s, "{t}OpInfoBase + {operand_info},\t{implicit},\t0");
            }
        }
        let fl = &inst.flags;
        let inferred = self.patterns.flags.get(&inst.def).copied().unwrap_or_default();
        let allow_renaming = self.allow_register_renaming;
        let flags: [(bool, &str); 38] = [
            (fl.is_pre_isel_opcode, "PreISelOpcode"),
            (fl.is_pseudo, "Pseudo"),
            (fl.is_meta, "Meta"),
            (fl.is_return, "Return"),
            (fl.is_eh_scope_return, "EHScopeReturn"),
            (fl.is_branch, "Branch"),
            (fl.is_indirect_branch, "IndirectBranch"),
            (fl.is_compare, "Compare"),
            (fl.is_move_imm, "MoveImm"),
            (fl.is_move_reg, "MoveReg"),
            (inferred.is_bitcast, "Bitcast"),
            (fl.is_add, "Add"),
            (fl.is_trap, "Trap"),
            (fl.is_select, "Select"),
            (fl.is_barrier, "Barrier"),
            (fl.has_delay_slot, "DelaySlot"),
            (fl.is_call, "Call"),
            (fl.can_fold_as_load, "FoldableAsLoad"),
            (inferred.may_load, "MayLoad"),
            (inferred.may_store, "MayStore"),
            (fl.may_raise_fp_exception, "MayRaiseFPException"),
            (fl.is_predicable, "Predicable"),
            (fl.is_convertible_to_three_address, "ConvertibleTo3Addr"),
            (fl.is_commutable, "Commutable"),
            (fl.is_terminator, "Terminator"),
            (fl.is_re_materializable, "Rematerializable"),
            (fl.is_not_duplicable, "NotDuplicable"),
            (ops.has_optional_def, "HasOptionalDef"),
            (fl.uses_custom_inserter, "UsesCustomInserter"),
            (fl.has_post_isel_hook, "HasPostISelHook"),
            (ops.is_variadic, "Variadic"),
            (inferred.has_side_effects, "UnmodeledSideEffects"),
            (fl.is_as_cheap_as_a_move, "CheapAsAMove"),
            (!allow_renaming || fl.has_extra_src_reg_alloc_req, "ExtraSrcRegAllocReq"),
            (!allow_renaming || fl.has_extra_def_reg_alloc_req, "ExtraDefRegAllocReq"),
            (fl.is_reg_sequence, "RegSequence"),
            (fl.is_extract_subreg, "ExtractSubreg"),
            (fl.is_insert_subreg, "InsertSubreg"),
        ];
        for (set, name) in flags {
            if set {
                let _ = write!(s, "|(1ULL<<MCID::{name})");
            }
        }
        for (set, name) in [
            (fl.is_convergent, "Convergent"),
            (fl.variadic_ops_are_defs, "VariadicOpsAreDefs"),
            (fl.is_authenticated, "Authenticated"),
        ] {
            if set {
                let _ = write!(s, "|(1ULL<<MCID::{name})");
            }
        }
        let bits = f.bits(inst.def, "TSFlags")?;
        let mut value = 0u64;
        for (i, bit) in bits.iter().enumerate() {
            match bit.kind() {
                InitKind::Bit(b) => value |= u64::from(*b) << i,
                _ => {
                    let message = format!("Invalid TSFlags bit in {}", inst.name);
                    return Err(Fatal::new(&self.input.records.get(inst.def).locs, message).into());
                }
            }
        }
        match self.form.layout {
            Layout::V19 => {
                let _ = writeln!(s, ", 0x{value:x}ULL }},  // Inst #{num} = {}", inst.name);
            }
            Layout::V22 => {
                let _ = writeln!(s, ", 0x{value:x}ULL }},  // {}", inst.name);
            }
        }
        Ok(())
    }

    /// `emitOperandNameMappings`.
    fn operand_name_mappings(&self, s: &mut String, namespace: &str, numbered: &[&Instruction]) -> Result<()> {
        let f = self.f;
        let mut operands: BTreeMap<&str, u32> = BTreeMap::new();
        let mut operand_map: BTreeMap<Vec<(u32, u32)>, Vec<String>> = BTreeMap::new();
        for inst in numbered {
            if !f.bit(inst.def, "UseNamedOperandTable")? {
                continue;
            }
            let mut op_list: BTreeMap<u32, u32> = BTreeMap::new();
            for info in &inst.operands.operands {
                let next = operands.len() as u32;
                let id = *operands.entry(info.name).or_insert(next);
                op_list.insert(id, info.mi_operand_no);
            }
            operand_map.entry(op_list.into_iter().collect()).or_default().push(format!("{namespace}::{}", inst.name));
        }
        let _ = write!(
            s,
            "#ifdef GET_INSTRINFO_OPERAND_ENUM\n#undef GET_INSTRINFO_OPERAND_ENUM\nnamespace llvm {{\nnamespace {namespace} {{\nnamespace OpName {{\nenum {{\n"
        );
        for (name, id) in &operands {
            let _ = writeln!(s, "  {name} = {id},");
        }
        let _ = write!(
            s,
            "  OPERAND_LAST\n}};\n}} // end namespace OpName\n}} // end namespace {namespace}\n}} // end namespace llvm\n#endif //GET_INSTRINFO_OPERAND_ENUM\n\n"
        );
        let _ = write!(
            s,
            "#ifdef GET_INSTRINFO_NAMED_OPS\n#undef GET_INSTRINFO_NAMED_OPS\nnamespace llvm {{\nnamespace {namespace} {{\nLLVM_READONLY\nint16_t getNamedOperandIdx(uint16_t Opcode, uint16_t NamedIdx) {{\n"
        );
        if !operands.is_empty() {
            let _ = writeln!(s, "  static const int16_t OperandMap [][{}] = {{", operands.len());
            for op_list in operand_map.keys() {
                s.push('{');
                let map: HashMap<u32, u32> = op_list.iter().copied().collect();
                for i in 0..operands.len() as u32 {
                    match map.get(&i) {
                        Some(v) => {
                            let _ = write!(s, "{v}, ");
                        }
                        None => s.push_str("-1, "),
                    }
                }
                s.push_str("},\n");
            }
            s.push_str("};\n  switch(Opcode) {\n");
            for (index, names) in operand_map.values().enumerate() {
                for name in names {
                    let _ = writeln!(s, "  case {name}:");
                }
                let _ = writeln!(s, "    return OperandMap[{index}][NamedIdx];");
            }
            s.push_str("  default: return -1;\n  }\n");
        } else {
            s.push_str("  return -1;\n");
        }
        let _ = write!(
            s,
            "}}\n}} // end namespace {namespace}\n}} // end namespace llvm\n#endif //GET_INSTRINFO_NAMED_OPS\n\n"
        );
        Ok(())
    }

    /// Whether a def is an operand type (an `Operand`, `RegisterOperand` or register class
    /// with a name).
    fn is_operand_type(&self, rec: RecId) -> bool {
        let f = self.f;
        (f.is_a(rec, "Operand") || f.is_a(rec, "RegisterOperand") || f.is_a(rec, "RegisterClass"))
            && !self.input.records.get(rec).is_anonymous()
    }

    /// The entries of `OpcodeOperandTypes` (both releases' forms): each instruction's operand
    /// types from its offset on, under its name (instructions without operands named together),
    /// `-1` where an operand has no type.
    fn operand_type_rows(&self, s: &mut String, records: &[RecId], offsets: &[usize], numbered: &[&Instruction]) {
        let mut cur = 0usize;
        for (i, &rec) in records.iter().enumerate() {
            if i == offsets[cur] {
                let _ = write!(s, "\n    /* {} */\n    ", numbered[cur].name);
                cur += 1;
                while offsets[cur] == i {
                    let _ = write!(s, "/* {} */\n    ", numbered[cur].name);
                    cur += 1;
                }
            }
            s.push_str(if self.is_operand_type(rec) { self.f.name(rec) } else { "-1" });
            s.push_str(", ");
        }
    }

    /// `emitOperandTypeMappings`.
    fn operand_type_mappings(&self, s: &mut String, namespace: &str, numbered: &[&Instruction]) -> Result<()> {
        let f = self.f;
        let operands = all_derived_definitions(self.input, "Operand")?;
        let register_operands = all_derived_definitions(self.input, "RegisterOperand")?;
        let register_classes = all_derived_definitions(self.input, "RegisterClass")?;
        let _ = write!(
            s,
            "#ifdef GET_INSTRINFO_OPERAND_TYPES_ENUM\n#undef GET_INSTRINFO_OPERAND_TYPES_ENUM\nnamespace llvm {{\nnamespace {namespace} {{\nnamespace OpTypes {{\nenum OperandType {{\n"
        );
        let mut enum_val = 0u32;
        for list in [&operands, &register_operands, &register_classes] {
            for &op in list.iter() {
                if !self.input.records.get(op).is_anonymous() {
                    let _ = writeln!(s, "  {} = {enum_val},", f.name(op));
                }
                enum_val += 1;
            }
        }
        let _ = write!(
            s,
            "  OPERAND_TYPE_LIST_END\n}};\n}} // end namespace OpTypes\n}} // end namespace {namespace}\n}} // end namespace llvm\n#endif // GET_INSTRINFO_OPERAND_TYPES_ENUM\n\n"
        );
        let _ = write!(
            s,
            "#ifdef GET_INSTRINFO_OPERAND_TYPE\n#undef GET_INSTRINFO_OPERAND_TYPE\nnamespace llvm {{\nnamespace {namespace} {{\nLLVM_READONLY\nstatic int getOperandType(uint16_t Opcode, uint16_t OpIdx) {{\n"
        );
        if numbered.is_empty() {
            s.push_str("  llvm_unreachable(\"No instructions defined\");\n");
        } else {
            let mut offsets = Vec::with_capacity(numbered.len() + 1);
            let mut records: Vec<RecId> = Vec::new();
            for inst in numbered {
                offsets.push(records.len());
                for op in &inst.operands.operands {
                    match mi_operand_args(op.mi_operand_info) {
                        Some(args) if self.expand_mi_operand_info && !args.is_empty() => {
                            for (arg, _) in args {
                                records.push(
                                    arg.as_def()
                                        .ok_or_else(|| Fatal::new(&[], "MIOperandInfo argument is not a def"))?,
                                );
                            }
                        }
                        _ => records.push(op.rec),
                    }
                }
            }
            let _ = writeln!(s, "  static const {} Offsets[] = {{", minimal_type(records.len() as u64));
            for (i, offset) in offsets.iter().enumerate() {
                let _ = write!(s, "    /* {} */\n    {offset},\n", numbered[i].name);
            }
            s.push_str("  };\n");
            offsets.push(records.len());
            s.push_str("\n  using namespace OpTypes;\n  static");
            s.push_str(if enum_val <= i8::MAX as u32 { " const int8_t" } else { " const int16_t" });
            s.push_str(" OpcodeOperandTypes[] = {\n    ");
            self.operand_type_rows(s, &records, &offsets, numbered);
            s.push_str("\n  };\n  return OpcodeOperandTypes[Offsets[Opcode] + OpIdx];\n");
        }
        let _ = write!(
            s,
            "}}\n}} // end namespace {namespace}\n}} // end namespace llvm\n#endif // GET_INSTRINFO_OPERAND_TYPE\n\n"
        );
        let _ = write!(
            s,
            "#ifdef GET_INSTRINFO_MEM_OPERAND_SIZE\n#undef GET_INSTRINFO_MEM_OPERAND_SIZE\nnamespace llvm {{\nnamespace {namespace} {{\nLLVM_READONLY\nstatic int getMemOperandSize(int OpType) {{\n  switch (OpType) {{\n"
        );
        let mut sizes: BTreeMap<i64, Vec<&str>> = BTreeMap::new();
        for &op in operands.iter() {
            if !f.is_a(op, "X86MemOperand") {
                continue;
            }
            let size = f.int(op, "Size")? as i32;
            if size != 0 {
                sizes.entry(size as i64).or_default().push(f.name(op));
            }
        }
        s.push_str("  default: return 0;\n");
        for (size, names) in &sizes {
            for name in names {
                let _ = writeln!(s, "  case OpTypes::{name}:");
            }
            let _ = write!(s, "    return {size};\n\n");
        }
        let _ = write!(
            s,
            "  }}\n}}\n}} // end namespace {namespace}\n}} // end namespace llvm\n#endif // GET_INSTRINFO_MEM_OPERAND_SIZE\n\n"
        );
        Ok(())
    }

    /// `emitLogicalOperandSizeMappings`.
    fn logical_operand_size_mappings(&self, s: &mut String, namespace: &str, numbered: &[&Instruction]) -> Result<()> {
        let body = self.logical_operand_size_body(namespace, numbered)?;
        let _ = write!(
            s,
            "#ifdef GET_INSTRINFO_LOGICAL_OPERAND_SIZE_MAP\n#undef GET_INSTRINFO_LOGICAL_OPERAND_SIZE_MAP\nnamespace llvm {{\nnamespace {namespace} {{\n{body}}} // end namespace {namespace}\n}} // end namespace llvm\n#endif // GET_INSTRINFO_LOGICAL_OPERAND_SIZE_MAP\n\n"
        );
        Ok(())
    }

    /// `getLogicalOperandSize` and `getLogicalOperandIdx`: each instruction's operands'
    /// machine operand counts, a row per distinct list, by first use.
    fn logical_operand_size_body(&self, namespace: &str, insts: &[&Instruction]) -> Result<String> {
        let f = self.f;
        let op = self.form.opcode_type;
        let mut rows: Vec<Vec<u32>> = Vec::new();
        let mut index: HashMap<Vec<u32>, usize> = HashMap::new();
        let mut inst_map: BTreeMap<usize, Vec<String>> = BTreeMap::new();
        let mut width = 0;
        for inst in insts {
            if !f.bit(inst.def, "UseLogicalOperandMappings")? {
                continue;
            }
            let list: Vec<u32> = inst
                .operands
                .operands
                .iter()
                .map(|op| match mi_operand_args(op.mi_operand_info) {
                    Some(args) if !args.is_empty() => args.len() as u32,
                    _ => 1,
                })
                .collect();
            width = width.max(list.len());
            let i = *index.entry(list.clone()).or_insert_with(|| {
                rows.push(list);
                rows.len() - 1
            });
            inst_map.entry(i).or_default().push(format!("{namespace}::{}", inst.name));
        }
        let mut s =
            format!("LLVM_READONLY static unsigned\ngetLogicalOperandSize({op} Opcode, uint16_t LogicalOpIdx) {{\n");
        if !inst_map.is_empty() {
            let _ = writeln!(s, "  static const unsigned SizeMap[][{width}] = {{");
            for row in &rows {
                s.push_str("   {");
                for v in row {
                    let _ = write!(s, "{v}, ");
                }
                for _ in row.len()..width {
                    s.push_str("0, ");
                }
                s.push_str("}, \n");
            }
            s.push_str("  };\n  switch (Opcode) {\n  default: return LogicalOpIdx;\n");
            for (i, insts) in &inst_map {
                for inst in insts {
                    let _ = writeln!(s, "  case {inst}:");
                }
                let _ = writeln!(s, "    return SizeMap[{i}][LogicalOpIdx];");
            }
            s.push_str("  }\n");
        } else {
            s.push_str("  return LogicalOpIdx;\n");
        }
        let _ = write!(s, "}}\nLLVM_READONLY static inline unsigned\ngetLogicalOperandIdx({op} Opcode, uint16_t LogicalOpIdx) {{\n  auto S = 0U;\n  for (auto i = 0U; i < LogicalOpIdx; ++i)\n    S += getLogicalOperandSize(Opcode, i);\n  return S;\n}}\n");
        Ok(s)
    }

    /// `emitLogicalOperandTypeMappings`.
    fn logical_operand_type_mappings(&self, s: &mut String, namespace: &str, numbered: &[&Instruction]) -> Result<()> {
        let f = self.f;
        let mut rows: Vec<Vec<String>> = Vec::new();
        let mut index: HashMap<Vec<String>, usize> = HashMap::new();
        let mut inst_map: BTreeMap<usize, Vec<String>> = BTreeMap::new();
        let mut width = 0;
        for inst in numbered {
            if !f.bit(inst.def, "UseLogicalOperandMappings")? {
                continue;
            }
            let list: Vec<String> = inst
                .operands
                .operands
                .iter()
                .map(|op| match self.is_operand_type(op.rec) {
                    true => format!("{namespace}::OpTypes::{}", f.name(op.rec)),
                    false => "-1".to_string(),
                })
                .collect();
            width = width.max(list.len());
            let i = *index.entry(list.clone()).or_insert_with(|| {
                rows.push(list);
                rows.len() - 1
            });
            inst_map.entry(i).or_default().push(format!("{namespace}::{}", inst.name));
        }
        let _ = write!(
            s,
            "#ifdef GET_INSTRINFO_LOGICAL_OPERAND_TYPE_MAP\n#undef GET_INSTRINFO_LOGICAL_OPERAND_TYPE_MAP\nnamespace llvm {{\nnamespace {namespace} {{\nLLVM_READONLY static int\ngetLogicalOperandType(uint16_t Opcode, uint16_t LogicalOpIdx) {{\n"
        );
        if !inst_map.is_empty() {
            let _ = writeln!(s, "  static const int TypeMap[][{width}] = {{");
            for (r, row) in rows.iter().enumerate() {
                s.push_str("   {");
                for i in 0..width {
                    if i > 0 {
                        s.push_str(", ");
                    }
                    s.push_str(row.get(i).map_or("-1", String::as_str));
                }
                s.push('}');
                if r != rows.len() - 1 {
                    s.push(',');
                }
                s.push('\n');
            }
            s.push_str("  };\n  switch (Opcode) {\n  default: return -1;\n");
            for (i, insts) in &inst_map {
                for inst in insts {
                    let _ = writeln!(s, "  case {inst}:");
                }
                let _ = writeln!(s, "    return TypeMap[{i}][LogicalOpIdx];");
            }
            s.push_str("  }\n");
        } else {
            s.push_str("  return -1;\n");
        }
        let _ = write!(
            s,
            "}}\n}} // end namespace {namespace}\n}} // end namespace llvm\n#endif // GET_INSTRINFO_LOGICAL_OPERAND_TYPE_MAP\n\n"
        );
        Ok(())
    }

    /// `emitTIIHelperMethods`.
    fn tii_helper_methods(&self, s: &mut String, definition: bool) -> Result<()> {
        let f = self.f;
        let t = self.target;
        let predicates = derived_definitions(self.input, "TIIPredicate")?;
        if predicates.is_empty() {
            return Ok(());
        }
        let mut pe = PredicateExpander::new(self.input, t);
        pe.expand_for_mc = false;
        for &rec in predicates.iter() {
            s.push_str(if definition { "bool " } else { "static bool " });
            if definition {
                let _ = write!(s, "{t}InstrInfo::");
            }
            s.push_str(f.string(rec, "FunctionName")?);
            s.push_str("(const MachineInstr &MI)");
            if !definition {
                s.push_str(";\n");
                continue;
            }
            s.push_str(" {\n");
            s.push_str(&"  ".repeat(pe.indent));
            pe.expand_statement(s, f.def(rec, "Body")?)?;
            s.push_str("\n}\n\n");
        }
        Ok(())
    }

    /// `emitMCIIHelperMethods`.
    fn mc_helper_methods(&self, s: &mut String) -> Result<()> {
        let f = self.f;
        let t = self.target;
        let predicates = derived_definitions(self.input, "TIIPredicate")?;
        s.push_str("#ifdef GET_INSTRINFO_MC_HELPER_DECLS\n#undef GET_INSTRINFO_MC_HELPER_DECLS\n\nnamespace llvm {\nclass MCInst;\nclass FeatureBitset;\n\n");
        let _ = write!(s, "namespace {t}_MC {{\n\n");
        for &rec in predicates.iter() {
            let _ = writeln!(s, "bool {}(const MCInst &MI);", f.string(rec, "FunctionName")?);
        }
        s.push_str("void verifyInstructionPredicates(unsigned Opcode, const FeatureBitset &Features);\n");
        let _ = write!(
            s,
            "\n}} // end namespace {t}_MC\n}} // end namespace llvm\n\n#endif // GET_INSTRINFO_MC_HELPER_DECLS\n\n"
        );
        let _ = write!(s, "#ifdef GET_INSTRINFO_MC_HELPERS\n#undef GET_INSTRINFO_MC_HELPERS\n\nnamespace llvm {{\nnamespace {t}_MC {{\n\n");
        let mut pe = PredicateExpander::new(self.input, t);
        pe.expand_for_mc = true;
        for &rec in predicates.iter() {
            let _ = writeln!(s, "bool {}(const MCInst &MI) {{", f.string(rec, "FunctionName")?);
            s.push_str(&"  ".repeat(pe.indent));
            pe.expand_statement(s, f.def(rec, "Body")?)?;
            s.push_str("\n}\n\n");
        }
        let _ = write!(
            s,
            "}} // end namespace {t}_MC\n}} // end namespace llvm\n\n#endif // GET_GENISTRINFO_MC_HELPERS\n\n"
        );
        Ok(())
    }

    /// `emitFeatureVerifier`.
    fn feature_verifier(&self, s: &mut String, numbered: &[&Instruction]) -> Result<()> {
        let t = self.target;
        let (compute, checker, verifier) = self.feature_verifier_bodies(numbered, true)?;
        s.push_str(COMPUTE_FEATURES_GUARD);
        let _ = write!(s, "#ifdef GET_COMPUTE_FEATURES\n#undef GET_COMPUTE_FEATURES\nnamespace llvm {{\nnamespace {t}_MC {{\n\n{compute}}} // end namespace {t}_MC\n}} // end namespace llvm\n#endif // GET_COMPUTE_FEATURES\n\n");
        let _ = write!(s, "#ifdef GET_AVAILABLE_OPCODE_CHECKER\n#undef GET_AVAILABLE_OPCODE_CHECKER\nnamespace llvm {{\nnamespace {t}_MC {{\n{checker}}} // end namespace {t}_MC\n}} // end namespace llvm\n#endif // GET_AVAILABLE_OPCODE_CHECKER\n\n");
        let _ = write!(s, "#ifdef ENABLE_INSTR_PREDICATE_VERIFIER\n#undef ENABLE_INSTR_PREDICATE_VERIFIER\n#include <sstream>\n\nnamespace llvm {{\nnamespace {t}_MC {{\n\n{verifier}}} // end namespace {t}_MC\n}} // end namespace llvm\n#endif // ENABLE_INSTR_PREDICATE_VERIFIER\n\n");
        Ok(())
    }

    /// What `emitFeatureVerifier` writes in its three sections: the feature bits and their
    /// computation with each instruction's required features (its comment with the opcode's
    /// value in LLVM 19), the opcode checker, and the verifier with the feature names.
    fn feature_verifier_bodies(
        &self,
        numbered: &[&Instruction],
        numbered_comments: bool,
    ) -> Result<(String, String, String)> {
        let f = self.f;
        let t = self.target;
        let features = SubtargetFeatures::get(self.input)?;
        let mut s = String::new();
        s.push_str("// Bits for subtarget features that participate in instruction matching.\n");
        let _ = writeln!(s, "enum SubtargetFeatureBits : {} {{", minimal_type(features.all.len() as u64));
        for feature in &features.all {
            let _ = writeln!(s, "  {} = {},", feature.enum_bit_name(self.input), feature.index);
        }
        s.push_str("};\n\n");
        s.push_str(
            "inline FeatureBitset computeAvailableFeatures(const FeatureBitset &FB) {\n  FeatureBitset Features;\n",
        );
        for feature in &features.all {
            s.push_str("  if (");
            let dag = f.init(feature.def, "AssemblerCondDag")?;
            features_aux(f, t, &mut s, dag, false);
            let _ = write!(s, ")\n    Features.set({});\n", feature.enum_bit_name(self.input));
        }
        s.push_str("  return Features;\n}\n\n");

        let required = |inst: &Instruction| -> Result<Vec<RecId>> {
            Ok(f.defs(inst.def, "Predicates")?.into_iter().filter(|&p| features.of(p).is_some()).collect())
        };
        let mut bitsets: Vec<Vec<RecId>> = Vec::with_capacity(numbered.len());
        for inst in numbered {
            bitsets.push(required(inst)?);
        }
        let names = |set: &Vec<RecId>| -> Vec<&str> { set.iter().map(|&d| f.name(d)).collect::<Vec<_>>() };
        bitsets.sort_by(|a, b| a.len().cmp(&b.len()).then_with(|| names(a).cmp(&names(b))));
        bitsets.dedup();
        let ty = minimal_type(bitsets.len() as u64);
        let _ = write!(
            s,
            "inline FeatureBitset computeRequiredFeatures(unsigned Opcode) {{\n  enum : {ty} {{\n    CEFBS_None,\n"
        );
        let bitset_name = |set: &[RecId]| -> String {
            let mut name = String::from("CEFBS");
            for &d in set {
                name.push('_');
                name.push_str(f.name(d));
            }
            name
        };
        for set in bitsets.iter().filter(|s| !s.is_empty()) {
            let _ = writeln!(s, "    {},", bitset_name(set));
        }
        s.push_str("  };\n\n  static constexpr FeatureBitset FeatureBitsets[] = {\n    {}, // CEFBS_None\n");
        for set in bitsets.iter().filter(|s| !s.is_empty()) {
            s.push_str("    {");
            for &d in set {
                let _ = write!(s, "{}, ", features.of(d).expect("a feature").enum_bit_name(self.input));
            }
            s.push_str("},\n");
        }
        let _ = writeln!(s, "  }};\n  static constexpr {ty} RequiredFeaturesRefs[] = {{");
        for (i, inst) in numbered.iter().enumerate() {
            let set = required(inst)?;
            let name = if set.is_empty() { "CEFBS_None".to_string() } else { bitset_name(&set) };
            if numbered_comments {
                let _ = writeln!(s, "    {name}, // {} = {i}", inst.name);
            } else {
                let _ = writeln!(s, "    {name}, // {}", inst.name);
            }
        }
        let _ = write!(
            s,
            "  }};\n\n  assert(Opcode < {});\n  return FeatureBitsets[RequiredFeaturesRefs[Opcode]];\n}}\n\n",
            numbered.len()
        );
        let checker = String::from("bool isOpcodeAvailable(unsigned Opcode, const FeatureBitset &Features) {\n  FeatureBitset AvailableFeatures = computeAvailableFeatures(Features);\n  FeatureBitset RequiredFeatures = computeRequiredFeatures(Opcode);\n  FeatureBitset MissingFeatures =\n      (AvailableFeatures & RequiredFeatures) ^\n      RequiredFeatures;\n  return !MissingFeatures.any();\n}\n");
        let mut names_by_index = vec![String::new(); features.all.len()];
        for feature in &features.all {
            names_by_index[feature.index as usize] = format!("Feature_{}", f.name(feature.def));
        }
        let mut v = String::from("#ifndef NDEBUG\nstatic const char *SubtargetFeatureNames[] = {\n");
        for name in &names_by_index {
            let _ = writeln!(v, "  \"{name}\",");
        }
        v.push_str("  nullptr\n};\n\n#endif // NDEBUG\n\n");
        let _ = write!(
            v,
            "void verifyInstructionPredicates(\n    unsigned Opcode, const FeatureBitset &Features) {{\n#ifndef NDEBUG\n  FeatureBitset AvailableFeatures = computeAvailableFeatures(Features);\n  FeatureBitset RequiredFeatures = computeRequiredFeatures(Opcode);\n  FeatureBitset MissingFeatures =\n      (AvailableFeatures & RequiredFeatures) ^\n      RequiredFeatures;\n  if (MissingFeatures.any()) {{\n    std::ostringstream Msg;\n    Msg << \"Attempting to emit \" << &{t}InstrNameData[{t}InstrNameIndices[Opcode]]\n        << \" instruction but the \";\n    for (unsigned i = 0, e = MissingFeatures.size(); i != e; ++i)\n      if (MissingFeatures.test(i))\n        Msg << SubtargetFeatureNames[i] << \" \";\n    Msg << \"predicate(s) are not met\";\n    report_fatal_error(Msg.str().c_str());\n  }}\n#endif // NDEBUG\n}}\n"
        );
        Ok((s, checker, v))
    }
}

/// The guard before the verifier's sections, which defines `GET_COMPUTE_FEATURES` for them.
const COMPUTE_FEATURES_GUARD: &str = "#if (defined(ENABLE_INSTR_PREDICATE_VERIFIER) && !defined(NDEBUG)) ||\\\n    defined(GET_AVAILABLE_OPCODE_CHECKER)\n#define GET_COMPUTE_FEATURES\n#endif\n";

/// An instruction's implicit uses, then its implicit defs.
fn implicit_ops(inst: &Instruction) -> Vec<RecId> {
    inst.implicit_uses.iter().chain(&inst.implicit_defs).copied().collect()
}

/// The arguments of an operand's `MIOperandInfo` dag, if it has one.
fn mi_operand_args(info: Option<Init>) -> Option<&'static [(Init, Option<&'static str>)]> {
    match info?.kind() {
        InitKind::Dag(_, _, args) => Some(args),
        _ => None,
    }
}

/// `emitStringLiteralDef` of the instruction names.
fn string_literal_def(s: &mut String, table: &SequenceToOffsetTable<u8>, decl: &str, terminator: &str) {
    let _ = write!(
        s,
        "\n#ifdef __GNUC__\n#pragma GCC diagnostic push\n#pragma GCC diagnostic ignored \"-Woverlength-strings\"\n#endif\n{decl} = {{\n"
    );
    for (seq, offset) in table.sequences() {
        let _ = write!(s, "  /* {offset} */ \"");
        write_escaped(s, &seq);
        s.push_str(terminator);
        s.push_str("\"\n");
    }
    s.push_str("};\n#ifdef __GNUC__\n#pragma GCC diagnostic pop\n#endif\n\n");
}

/// `EmitMapTable` (CodeGenMapTable.cpp): the `InstrMapping` relations.
fn map_table(input: &Evaluation, form: &Form, insts: &Instructions, s: &mut String) -> Result<()> {
    let f = Fields { input };
    let maps = tdq_models::records::all_derived_definitions_if_defined(input, "InstrMapping");
    if maps.is_empty() {
        return Ok(());
    }
    let namespace = insts.namespace();
    let mut body = String::new();
    let s_outer = s;
    let s = &mut body;
    // emitEnums: each column field's values, in order, once each.
    let mut col_values: BTreeMap<String, Vec<Init>> = BTreeMap::new();
    for &map in &maps {
        let col_fields = f.list(map, "ColFields")?;
        let value_cols = f.list(map, "ValueCols")?;
        let mut cols = Vec::new();
        for col in value_cols {
            let (col, _) = col.as_list().ok_or_else(|| Fatal::new(&[], "ValueCols entry is not a list"))?;
            if col.len() != col_fields.len() {
                let message = format!(
                    "Record `{}', field `ValueCols' entries don't match with the entries in 'ColFields' !",
                    f.name(map)
                );
                return Err(Fatal::new(&[], message).into());
            }
            cols.push(col);
        }
        for (j, field) in col_fields.iter().enumerate() {
            for col in &cols {
                col_values.entry(field.unquoted()).or_default().push(col[j]);
            }
        }
    }
    for (name, values) in &col_values {
        let mut unique: Vec<Init> = Vec::new();
        for &v in values {
            if !unique.contains(&v) {
                unique.push(v);
            }
        }
        let _ = writeln!(s, "enum {name} {{");
        match form.layout {
            Layout::V19 => {
                for (i, v) in unique.iter().enumerate() {
                    let _ = write!(s, "\t{name}_{}", v.unquoted());
                    s.push_str(if i + 1 != unique.len() { ",\n" } else { "\n};\n\n" });
                }
            }
            Layout::V22 => {
                let entries: Vec<String> = unique.iter().map(|v| format!("  {name}_{}", v.unquoted())).collect();
                s.push_str(&entries.join(",\n"));
                s.push_str("\n};\n\n");
            }
        }
    }
    for &map in &maps {
        map_table_one(input, form, insts, map, namespace, s)?;
    }
    match form.layout {
        Layout::V19 => {
            let _ = write!(
                s_outer,
                "#ifdef GET_INSTRMAP_INFO\n#undef GET_INSTRMAP_INFO\nnamespace llvm {{\n\nnamespace {namespace} {{\n\n{body}}} // end namespace {namespace}\n}} // end namespace llvm\n#endif // GET_INSTRMAP_INFO\n\n"
            );
        }
        Layout::V22 => ifdef_block(s_outer, "GET_INSTRMAP_INFO", false, |s| {
            namespace_block(s, &format!("llvm::{namespace}"), |s| s.push_str(&body))
        }),
    }
    Ok(())
}

/// One relation's table and lookup function (`MapTableEmitter`).
fn map_table_one(
    input: &Evaluation,
    form: &Form,
    insts: &Instructions,
    map: RecId,
    namespace: &str,
    s: &mut String,
) -> Result<()> {
    let f = Fields { input };
    let name = f.name(map);
    let filter = f.init(map, "FilterClass")?.unquoted();
    let row_fields = f.list(map, "RowFields")?;
    let col_fields = f.list(map, "ColFields")?;
    let key_col = f.list(map, "KeyCol")?;
    let value_cols_list = f.list(map, "ValueCols")?;
    let locs = &input.records.get(map).locs;
    if value_cols_list.is_empty() {
        return Err(Fatal::new(locs, format!("InstrMapping record `{name}' has empty `ValueCols' field!")).into());
    }
    let mut value_cols = Vec::new();
    for col in value_cols_list {
        let (col, _) = col.as_list().ok_or_else(|| Fatal::new(&[], "ValueCols entry is not a list"))?;
        if col.len() != col_fields.len() {
            let message =
                format!("Record `{name}', field `ValueCols' entries don't match with  the entries in 'ColFields'!");
            return Err(Fatal::new(locs, message).into());
        }
        value_cols.push(col);
    }
    let field_value = |rec: RecId, field: Init| -> Option<Init> {
        let field = field.as_str().map(str::to_string).unwrap_or_else(|| field.unquoted());
        f.value(rec, &field).map(|v| v.value)
    };
    // buildRowInstrMap.
    let defs = derived_definitions(input, &filter)?;
    let mut row_map: HashMap<Vec<Init>, Vec<RecId>> = HashMap::new();
    let mut key_instrs = Vec::new();
    for &inst in defs.iter() {
        let mut key = Vec::new();
        for &field in row_fields {
            let Some(v) = field_value(inst, field) else {
                let message = format!("No value {} found in \"{}\" instruction description.", field, f.name(inst));
                return Err(Fatal::new(&input.records.get(inst).locs, message).into());
            };
            key.push(v);
        }
        let is_key = col_fields
            .iter()
            .zip(key_col)
            .all(|(&field, k)| field_value(inst, field).map(|v| v.unquoted()) == Some(k.unquoted()));
        if is_key {
            key_instrs.push(inst);
        }
        row_map.entry(key).or_default().push(inst);
    }
    // buildMapTable.
    let mut table: HashMap<RecId, Vec<Option<RecId>>> = HashMap::new();
    for &key_inst in &key_instrs {
        let mut cols = Vec::new();
        for col in &value_cols {
            let key: Vec<Init> = row_fields.iter().filter_map(|&field| field_value(key_inst, field)).collect();
            let mut found = None;
            for &cur in row_map.get(&key).map_or(&[][..], Vec::as_slice) {
                let matches = col_fields
                    .iter()
                    .zip(col.iter())
                    .all(|(&field, v)| field_value(cur, field).map(|x| x.unquoted()) == Some(v.unquoted()));
                if matches {
                    if found.is_some() {
                        let key_str: Vec<String> = key.iter().map(|v| v.to_string()).collect();
                        let col_str: Vec<String> = col.iter().map(|v| v.to_string()).collect();
                        let message = format!(
                            "Multiple matches found for `{}', for the relation `{name}', row fields [{}], column `[{}]'",
                            f.name(key_inst),
                            key_str.join(", "),
                            col_str.join(", ")
                        );
                        return Err(Fatal::new(&[], message).into());
                    }
                    found = Some(cur);
                }
            }
            cols.push(found);
        }
        table.insert(key_inst, cols);
    }
    // emitTablesWithFunc.
    let ret = match form.layout {
        Layout::V19 => "int",
        Layout::V22 => form.map_function_type,
    };
    let _ = write!(s, "// {name}\nLLVM_READONLY\n{ret} {name}({} Opcode", form.opcode_type);
    if value_cols.len() > 1 {
        for field in col_fields {
            let col = field.unquoted();
            let _ = write!(s, ", enum {col} in{col}");
        }
    }
    s.push_str(") {\n");
    let rows: Vec<(&Instruction, &Vec<Option<RecId>>)> = insts
        .in_enum_order()
        .filter_map(|inst| table.get(&inst.def).map(|cols| (inst, cols)))
        .filter(|(_, cols)| cols.iter().any(Option::is_some))
        .collect();
    let size = rows.len();
    match form.layout {
        Layout::V19 => {
            let _ = writeln!(s, "static const uint16_t {name}Table[][{}] = {{", value_cols.len() + 1);
            for (inst, cols) in &rows {
                let _ = write!(s, "  {{ {namespace}::{}", inst.name);
                for col in cols.iter() {
                    match col {
                        Some(c) => {
                            let _ = write!(s, ", {namespace}::{}", f.name(*c));
                        }
                        None => s.push_str(", (uint16_t)-1U"),
                    }
                }
                s.push_str(" },\n");
            }
            if size == 0 {
                let _ = write!(s, "  {{ {namespace}::INSTRUCTION_LIST_END, {namespace}::INSTRUCTION_LIST_END }}");
            }
            let _ = write!(s, "}}; // End of {name}Table\n\n");
            let _ = write!(
                s,
                "  unsigned mid;\n  unsigned start = 0;\n  unsigned end = {size};\n  while (start < end) {{\n    mid = start + (end - start) / 2;\n    if (Opcode == {name}Table[mid][0]) {{\n      break;\n    }}\n    if (Opcode < {name}Table[mid][0])\n      end = mid;\n    else\n      start = mid + 1;\n  }}\n  if (start == end)\n    return -1; // Instruction doesn't exist in this table.\n\n"
            );
        }
        Layout::V22 => {
            let _ = writeln!(s, "  using namespace {namespace};");
            for (i, (inst, cols)) in rows.iter().enumerate() {
                if i == 0 {
                    let _ =
                        writeln!(s, "  static constexpr {} Table[][{}] = {{", form.map_element, value_cols.len() + 1);
                }
                let _ = write!(s, "    {{ {}", inst.name);
                for col in cols.iter() {
                    match col {
                        Some(c) => {
                            let _ = write!(s, ", {}", f.name(*c));
                        }
                        None => {
                            let _ = write!(s, ", {}", form.map_missing);
                        }
                    }
                }
                s.push_str(" },\n");
            }
            if size != 0 {
                s.push_str("  }; // End of Table\n\n");
            }
            if size == 0 {
                s.push_str("  return -1;\n}\n\n");
                return Ok(());
            }
            let _ = write!(
                s,
                "  unsigned mid;\n  unsigned start = 0;\n  unsigned end = {size};\n  while (start < end) {{\n    mid = start + (end - start) / 2;\n    if (Opcode == Table[mid][0]) \n      break;\n    if (Opcode < Table[mid][0])\n      end = mid;\n    else\n      start = mid + 1;\n  }}\n  if (start == end)\n    return -1; // Instruction doesn't exist in this table.\n\n"
            );
        }
    }
    let table_name = match form.layout {
        Layout::V19 => format!("{name}Table"),
        Layout::V22 => "Table".to_string(),
    };
    if value_cols.len() > 1 {
        for (i, col) in value_cols.iter().enumerate() {
            s.push_str("  if (");
            for (j, v) in col.iter().enumerate() {
                let col_name = col_fields[j].unquoted();
                let _ = write!(s, "in{col_name} == {col_name}_{}", v.unquoted());
                if j + 1 < col.len() {
                    s.push_str(" && ");
                }
            }
            let _ = write!(s, ")\n    return {table_name}[mid][{}];\n", i + 1);
        }
        match form.layout {
            Layout::V19 => s.push_str("  return -1;"),
            Layout::V22 => s.push_str(form.map_no_column),
        }
    } else {
        let _ = writeln!(s, "  return {table_name}[mid][1];");
    }
    s.push_str("}\n\n");
    Ok(())
}

/// LLVM 22's and 23's layout.
impl Emitter<'_> {
    fn run_22(&self, s: &mut String) -> Result<()> {
        let f = self.f;
        let numbered = self.numbered();
        let namespace = self.insts.namespace();
        let t = self.target;
        self.enums_22(s, namespace, &numbered)?;

        // buildTargetSpecializedPseudoInstsMap.
        let mut overrides: HashMap<RecId, RecId> = HashMap::new();
        for &special in tdq_models::records::all_derived_definitions_if_defined(
            self.input,
            "TargetSpecializedStandardPseudoInstruction",
        )
        .iter()
        {
            let base = f.def(special, "Instruction")?;
            if overrides.insert(base, special).is_some() {
                let message = format!("multiple overrides of '{}' defined", f.name(base));
                return Err(Fatal::new(&self.input.records.get(special).locs, message).into());
            }
        }
        let overridden = |inst: &Instruction| -> Result<Instruction> {
            match overrides.get(&inst.def) {
                Some(&special) => match self.insts.get_def(special) {
                    Some(i) => Ok(i.clone()),
                    None => Ok(Instruction::read(self.input, special)?),
                },
                None => Ok(inst.clone()),
            }
        };

        phases::start("Collect operand info");
        let mut operand_info_list: Vec<OperandInfo> = Vec::new();
        let mut operand_info_map: HashMap<OperandInfo, u32> = HashMap::new();
        let mut operand_info_size = 0u32;
        for inst in &numbered {
            let info = self.operand_info(&overridden(inst)?)?;
            if !operand_info_map.contains_key(&info) {
                operand_info_map.insert(info.clone(), operand_info_size);
                operand_info_size += info.len() as u32;
                operand_info_list.push(info);
            }
        }
        phases::start("Collect uses/defs");
        let mut has_logical = false;
        let mut has_named = false;
        let mut emitted_lists: HashMap<Vec<RecId>, u32> = HashMap::new();
        let mut implicit_lists: Vec<Vec<RecId>> = Vec::new();
        let mut implicit_list_size = 0u32;
        for inst in &numbered {
            has_logical |= f.bit(inst.def, "UseLogicalOperandMappings")?;
            has_named |= f.bit(inst.def, "UseNamedOperandTable")?;
            let ops = implicit_ops(inst);
            if !emitted_lists.contains_key(&ops) {
                emitted_lists.insert(ops.clone(), implicit_list_size);
                implicit_list_size += ops.len() as u32;
                implicit_lists.push(ops);
            }
        }

        let guard = "defined(GET_INSTRINFO_MC_DESC) || defined(GET_INSTRINFO_CTOR_DTOR)";
        let _ = write!(s, "#if {guard}\n\n");
        namespace_block(s, "llvm", |s| {
            let _ = write!(
                s,
                "struct {t}InstrTable {{\n  MCInstrDesc Insts[{}];\n  static_assert(alignof(MCInstrDesc) >= alignof(MCPhysReg), \"Unwanted padding between Insts and ImplicitOps\");\n  MCPhysReg ImplicitOps[{}];\n  char Padding[sizeof(MCOperandInfo) - sizeof ImplicitOps % sizeof(MCOperandInfo)];\n  static_assert(alignof(MCInstrDesc) >= alignof(MCOperandInfo), \"Unwanted padding between Insts and OperandInfo\");\n  MCOperandInfo OperandInfo[{operand_info_size}];\n}};",
                numbered.len(),
                implicit_list_size.max(1)
            );
        });
        let _ = write!(s, "\n#endif // {guard}\n\n");

        let target = Target::get(self.input)?;
        let modes = &target.hw_modes;
        let by_hw_mode = tdq_models::records::all_derived_definitions_if_defined(self.input, "RegClassByHwMode");
        let has_deprecation_features =
            numbered.iter().any(|i| !i.has_complex_deprecation_predicate && !i.deprecated_reason.is_empty());
        let has_complex = numbered.iter().any(|i| i.has_complex_deprecation_predicate);

        let mut body = String::new();
        {
            let s = &mut body;
            let _ = write!(
                s,
                "static_assert((sizeof {t}InstrTable::ImplicitOps + sizeof {t}InstrTable::Padding) % sizeof(MCOperandInfo) == 0);\nstatic constexpr unsigned {t}OpInfoBase = (sizeof {t}InstrTable::ImplicitOps + sizeof {t}InstrTable::Padding) / sizeof(MCOperandInfo);\n\n"
            );
            phases::start("Emit InstrDesc records");
            let _ = write!(s, "extern const {t}InstrTable {t}Descs = {{\n  {{\n");
            let mut names = SequenceToOffsetTable::<u8>::default();
            for (num, inst) in numbered.iter().enumerate().rev() {
                names.add(inst.name.as_bytes());
                self.record(s, &overridden(inst)?, num, &emitted_lists, &operand_info_map)?;
            }
            s.push_str("  }, {\n");
            phases::start("Emit uses/defs");
            for list in &implicit_lists {
                let _ = write!(s, "    /* {} */", emitted_lists[list]);
                for &reg in list {
                    let _ = write!(s, " {},", qualified_name(self.input, reg)?);
                }
                s.push('\n');
            }
            s.push_str("  }, {\n    0\n  }, {\n");
            phases::start("Emit operand info");
            let mut offset = 0;
            for info in &operand_info_list {
                let _ = write!(s, "    /* {offset} */");
                for entry in info {
                    let _ = write!(s, " {{ {entry} }},");
                }
                s.push('\n');
                offset += info.len();
            }
            s.push_str("  }\n};\n\n");
            phases::start("Emit instruction names");
            names.layout();
            string_literal_def(
                s,
                &names,
                &format!("extern const char {t}InstrNameData[]"),
                self.form.string_terminator,
            );
            let _ = write!(s, "extern const unsigned {t}InstrNameIndices[] = {{");
            for (num, inst) in numbered.iter().enumerate() {
                if num % 8 == 0 {
                    s.push_str("\n    ");
                }
                let _ = write!(s, "{}U, ", names.get(inst.name.as_bytes()));
            }
            s.push_str("\n};\n\n");
            if has_deprecation_features {
                let _ = write!(s, "extern const uint8_t {t}InstrDeprecationFeatures[] = {{");
                for (num, inst) in numbered.iter().enumerate() {
                    if num % 8 == 0 {
                        s.push_str("\n    ");
                    }
                    if !inst.has_complex_deprecation_predicate && !inst.deprecated_reason.is_empty() {
                        let _ = write!(s, "{namespace}::{}, ", inst.deprecated_reason);
                    } else {
                        s.push_str("uint8_t(-1), ");
                    }
                }
                s.push_str("\n};\n\n");
            }
            if has_complex {
                if self.form.complex_deprecation_switch {
                    let _ = write!(s, "bool {t}InstrComplexDeprecationInfo(MCInst &Inst, const MCSubtargetInfo &STI, std::string &Info) {{\n  switch (Inst.getOpcode()) {{\n");
                    for inst in &numbered {
                        if inst.has_complex_deprecation_predicate {
                            let _ = writeln!(
                                s,
                                "  case {}: return get{}DeprecationInfo(Inst, STI, Info);",
                                qualified_name(self.input, inst.def)?,
                                inst.deprecated_reason
                            );
                        }
                    }
                    s.push_str("  }\n  return false;\n}\n\n");
                } else {
                    let _ = write!(
                        s,
                        "extern const MCInstrInfo::ComplexDeprecationPredicate {t}InstrComplexDeprecationInfos[] = {{"
                    );
                    for (num, inst) in numbered.iter().enumerate() {
                        if num % 8 == 0 {
                            s.push_str("\n    ");
                        }
                        if inst.has_complex_deprecation_predicate {
                            let _ = write!(s, "&get{}DeprecationInfo, ", inst.deprecated_reason);
                        } else {
                            s.push_str("nullptr, ");
                        }
                    }
                    s.push_str("\n};\n\n");
                }
            }
            phases::start("Emit initialization routine");
            if !by_hw_mode.is_empty() {
                let bank = tdq_models::target::registers::RegBank::get(self.input)?;
                let _ = writeln!(
                    s,
                    "extern const int16_t {t}RegClassByHwModeTables[{}][{}] = {{",
                    modes.num_modes(),
                    by_hw_mode.len()
                );
                for m in 0..modes.num_modes() as u32 {
                    let _ = writeln!(s, "  {{ // {}", modes.mode_name(m));
                    for &class in &by_hw_mode {
                        let name = f.name(class);
                        let found = modes.selects.get(&class).and_then(|items| items.iter().find(|p| p.0 == m));
                        match found {
                            None => {
                                let _ = writeln!(s, "    -1, // Missing mode entry for {name}");
                            }
                            Some(&(_, rc)) => {
                                let ci = bank.class(self.input, rc)?;
                                let _ = writeln!(s, "    {}, // {name}", bank.classes[ci].qualified_id_name());
                            }
                        }
                    }
                    s.push_str("  },\n");
                }
                s.push_str("};\n\n");
            }
            let complex_name = if self.form.complex_deprecation_switch {
                "InstrComplexDeprecationInfo"
            } else {
                "InstrComplexDeprecationInfos"
            };
            let _ = write!(s, "static inline void Init{t}MCInstrInfo(MCInstrInfo *II) {{\n  II->InitMCInstrInfo({t}Descs.Insts, {t}InstrNameIndices, {t}InstrNameData, ");
            if has_deprecation_features {
                let _ = write!(s, "{t}InstrDeprecationFeatures, ");
            } else {
                s.push_str("nullptr, ");
            }
            if has_complex {
                let _ = write!(s, "{t}{complex_name}, ");
            } else {
                s.push_str("nullptr, ");
            }
            let _ = write!(s, "{}, ", numbered.len());
            if by_hw_mode.is_empty() {
                s.push_str("nullptr, 0");
            } else {
                let _ = write!(s, "&{t}RegClassByHwModeTables[0][0], {}", by_hw_mode.len());
            }
            s.push_str(");\n}\n\n");
        }
        ifdef_block(s, "GET_INSTRINFO_MC_DESC", false, |s| namespace_block(s, "llvm", |s| s.push_str(&body)));

        let class = format!("{t}GenInstrInfo");
        let mut subops = String::new();
        for &op in all_derived_definitions(self.input, "Operand")?.iter() {
            if self.input.records.get(op).is_anonymous() {
                continue;
            }
            let InitKind::Dag(_, _, args) = f.init(op, "MIOperandInfo")?.kind() else { continue };
            for (i, (_, name)) in args.iter().enumerate() {
                if let Some(name) = name {
                    let _ = writeln!(subops, "constexpr unsigned SUBOP_{}_{name} = {i};", f.name(op));
                }
            }
        }
        ifdef_block(s, "GET_INSTRINFO_HEADER", false, |s| {
            namespace_block(s, "llvm", |s| {
                let _ = write!(
                    s,
                    "struct {class} : public TargetInstrInfo {{\n  explicit {class}(const TargetSubtargetInfo &STI, const TargetRegisterInfo &TRI, unsigned CFSetupOpcode = ~0u, unsigned CFDestroyOpcode = ~0u, unsigned CatchRetOpcode = ~0u, unsigned ReturnOpcode = ~0u);\n  ~{class}() override = default;\n}};\n"
                );
                if !by_hw_mode.is_empty() {
                    let _ = writeln!(
                        s,
                        "extern const int16_t {t}RegClassByHwModeTables[{}][{}];",
                        modes.num_modes(),
                        by_hw_mode.len()
                    );
                }
            });
            s.push('\n');
            namespace_block(s, &format!("llvm::{namespace}"), |s| s.push_str(&subops));
        });
        let mut decls = String::new();
        self.tii_helper_methods(&mut decls, false)?;
        ifdef_block(s, "GET_INSTRINFO_HELPER_DECLS", false, |s| s.push_str(&decls));
        let mut defs = String::new();
        self.tii_helper_methods(&mut defs, true)?;
        ifdef_block(s, "GET_INSTRINFO_HELPERS", false, |s| s.push_str(&defs));

        ifdef_block(s, "GET_INSTRINFO_CTOR_DTOR", false, |s| {
            namespace_block(s, "llvm", |s| {
                let _ = writeln!(s, "extern const {t}InstrTable {t}Descs;");
                let _ = writeln!(s, "extern const unsigned {t}InstrNameIndices[];");
                let _ = writeln!(s, "extern const char {t}InstrNameData[];");
                if has_deprecation_features {
                    let _ = writeln!(s, "extern const uint8_t {t}InstrDeprecationFeatures[];");
                }
                if has_complex {
                    if self.form.complex_deprecation_switch {
                        let _ = writeln!(s, "bool {t}InstrComplexDeprecationInfo(MCInst &Inst, const MCSubtargetInfo &STI, std::string &Info);");
                    } else {
                        let _ = writeln!(
                            s,
                            "extern const MCInstrInfo::ComplexDeprecationPredicate {t}InstrComplexDeprecationInfos[];"
                        );
                    }
                }
                let _ = write!(
                    s,
                    "{class}::{class}(const TargetSubtargetInfo &STI, const TargetRegisterInfo &TRI, unsigned CFSetupOpcode, unsigned CFDestroyOpcode, unsigned CatchRetOpcode, unsigned ReturnOpcode)\n  : TargetInstrInfo(TRI, CFSetupOpcode, CFDestroyOpcode, CatchRetOpcode, ReturnOpcode"
                );
                if !by_hw_mode.is_empty() {
                    let _ = write!(s, ", {t}RegClassByHwModeTables[STI.getHwMode(MCSubtargetInfo::HwMode_RegInfo)]");
                }
                let _ = write!(s, ") {{\n  InitMCInstrInfo({t}Descs.Insts, {t}InstrNameIndices, {t}InstrNameData, ");
                if has_deprecation_features {
                    let _ = write!(s, "{t}InstrDeprecationFeatures, ");
                } else {
                    s.push_str("nullptr, ");
                }
                if has_complex {
                    let complex_name = if self.form.complex_deprecation_switch {
                        "InstrComplexDeprecationInfo"
                    } else {
                        "InstrComplexDeprecationInfos"
                    };
                    let _ = write!(s, "{t}{complex_name}, ");
                } else {
                    s.push_str("nullptr, ");
                }
                let _ = write!(s, "{}", numbered.len());
                if !by_hw_mode.is_empty() {
                    let _ = write!(s, ", &{t}RegClassByHwModeTables[0][0], {}", by_hw_mode.len());
                }
                s.push_str(");\n}\n");
            });
        });

        let target_insts: Vec<&Instruction> = self.insts.target_instructions().collect();
        if has_named {
            phases::start("Emit operand name mappings");
            self.operand_name_mappings_22(s, namespace, &numbered, &target_insts)?;
        }
        phases::start("Emit operand type mappings");
        self.operand_type_mappings_22(s, namespace, &numbered)?;
        if has_logical {
            phases::start("Emit logical operand size mappings");
            self.logical_operand_size_mappings_22(s, t, &target_insts)?;
        }
        phases::start("Emit helper methods");
        self.mc_helper_methods_22(s)?;
        phases::start("Emit verifier methods");
        self.feature_verifier_22(s, &numbered)?;
        Ok(())
    }

    /// 22's `emitEnums`: names padded to the longest, each with where it is defined.
    fn enums_22(&self, s: &mut String, namespace: &str, numbered: &[&Instruction]) -> Result<()> {
        if namespace.is_empty() {
            return Err(Fatal::new(&[], "No instructions defined!").into());
        }
        let width = numbered.iter().map(|i| i.name.len()).max().unwrap_or(0);
        let by_hw_mode = tdq_models::records::all_derived_definitions_if_defined(self.input, "RegClassByHwMode");
        let mut body = String::from("  enum {\n");
        for (i, inst) in numbered.iter().enumerate() {
            let loc = self.input.records.get(inst.def).locs.first().copied().unwrap_or(tdq_core::Loc::NONE);
            let _ = writeln!(body, "    {:width$} = {i}, // {}", inst.name, self.input.sm.json_loc(loc));
        }
        let _ = write!(body, "    INSTRUCTION_LIST_END = {}\n  }};\n", numbered.len());
        if !by_hw_mode.is_empty() {
            body.push_str("  enum RegClassByHwModeUses : uint16_t {\n");
            for &class in &by_hw_mode {
                let _ = writeln!(body, "    {},", self.f.name(class));
            }
            body.push_str("  };\n");
        }
        ifdef_block(s, "GET_INSTRINFO_ENUM", false, |s| {
            namespace_block(s, &format!("llvm::{namespace}"), |s| s.push_str(&body))
        });
        let n = self.sched.num_instr_sched_classes as usize;
        let mut body = String::from("  enum {\n");
        for (i, class) in self.sched.sched_classes[..n].iter().enumerate() {
            let _ = writeln!(body, "    {}\t= {i},", class.name);
        }
        let _ = write!(body, "    SCHED_LIST_END = {n}\n  }};\n");
        ifdef_block(s, "GET_INSTRINFO_SCHED_ENUM", false, |s| {
            namespace_block(s, &format!("llvm::{namespace}::Sched"), |s| s.push_str(&body))
        });
        Ok(())
    }

    /// 22's `emitOperandNameMappings`: `enum class OpName`, rows of operand indices by name
    /// id (the first, for instructions without a table, empty), an index per instruction.
    fn operand_name_mappings_22(
        &self,
        s: &mut String,
        namespace: &str,
        numbered: &[&Instruction],
        target_insts: &[&Instruction],
    ) -> Result<()> {
        let f = self.f;
        let op = self.form.opcode_type;
        let mut name_ids: Vec<&str> = Vec::new();
        let mut name_index: HashMap<&str, usize> = HashMap::new();
        let mut rows: Vec<Vec<i64>> = vec![Vec::new()];
        let mut row_index: HashMap<Vec<i64>, usize> = HashMap::from([(Vec::new(), 0)]);
        let mut max_operand_no = 0u32;
        let first_target = numbered.len() - target_insts.len();
        let mut instruction_index: Vec<usize> = vec![0; first_target];
        for inst in target_insts {
            if !f.bit(inst.def, "UseNamedOperandTable")? {
                instruction_index.push(0);
                continue;
            }
            let mut list: Vec<i64> = Vec::new();
            for info in &inst.operands.operands {
                let id = *name_index.entry(info.name).or_insert_with(|| {
                    name_ids.push(info.name);
                    name_ids.len() - 1
                });
                if list.len() < id + 1 {
                    list.resize(id + 1, -1);
                }
                list[id] = i64::from(info.mi_operand_no);
                max_operand_no = max_operand_no.max(info.mi_operand_no);
            }
            let i = *row_index.entry(list.clone()).or_insert_with(|| {
                rows.push(list);
                rows.len() - 1
            });
            instruction_index.push(i);
        }
        let num_names = name_ids.len();
        let max_num_operands = max_operand_no as usize + 1;
        let ns = format!("llvm::{namespace}");
        ifdef_block(s, "GET_INSTRINFO_OPERAND_ENUM", false, |s| {
            namespace_block(s, &ns, |s| {
                let _ = writeln!(s, "enum class OpName : {} {{", minimal_type(num_names as u64));
                for (i, name) in name_ids.iter().enumerate() {
                    let _ = writeln!(s, "  {name} = {i},");
                }
                let _ = write!(s, "  NUM_OPERAND_NAMES = {num_names},\n}}; // enum class OpName\n\n");
                let _ = writeln!(s, "LLVM_READONLY int16_t getNamedOperandIdx({op} Opcode, OpName Name);");
                let _ = writeln!(s, "LLVM_READONLY OpName getOperandIdxName({op} Opcode, int16_t Idx);");
            })
        });
        ifdef_block(s, "GET_INSTRINFO_NAMED_OPS", false, |s| {
            namespace_block(s, &ns, |s| {
                let ty = if rows.len() <= u8::MAX as usize + 1 { "uint8_t" } else { "uint16_t" };
                let _ = write!(s, "LLVM_READONLY static {ty} getInstructionIndexForOpLookup({op} Opcode) {{\n  static constexpr {ty} InstructionIndex[] = {{");
                for (i, entry) in instruction_index.iter().enumerate() {
                    s.push_str(if i % 16 == 0 { "\n    " } else { " " });
                    let _ = write!(s, "{entry},");
                }
                s.push_str("\n  };\n  return InstructionIndex[Opcode];\n}\n");
                let _ = write!(s, "LLVM_READONLY int16_t getNamedOperandIdx({op} Opcode, OpName Name) {{\n  assert(Name != OpName::NUM_OPERAND_NAMES);\n");
                if num_names == 0 {
                    s.push_str("  return -1;\n}\n");
                } else {
                    let ty = if max_operand_no <= i8::MAX as u32 { "int8_t" } else { "int16_t" };
                    let _ = writeln!(s, "  static constexpr {ty} OperandMap[][{num_names}] = {{");
                    for row in &rows {
                        s.push_str("    {");
                        for id in 0..num_names {
                            let _ = write!(s, "{}, ", row.get(id).copied().unwrap_or(-1));
                        }
                        s.push_str("},\n");
                    }
                    s.push_str("  };\n  unsigned InstrIdx = getInstructionIndexForOpLookup(Opcode);\n  return OperandMap[InstrIdx][(unsigned)Name];\n}\n");
                }
                let _ = write!(s, "LLVM_READONLY OpName getOperandIdxName({op} Opcode, int16_t Idx) {{\n  assert(Idx >= 0 && Idx < {max_num_operands});\n");
                let _ = writeln!(s, "  static constexpr OpName OperandMap[][{max_num_operands}] = {{");
                for row in &rows {
                    let mut ids = vec![num_names; max_num_operands];
                    for (id, &idx) in row.iter().enumerate() {
                        if idx >= 0 {
                            ids[idx as usize] = id;
                        }
                    }
                    s.push_str("    {");
                    for id in ids {
                        if id == num_names {
                            s.push_str("OpName::NUM_OPERAND_NAMES, ");
                        } else {
                            let _ = write!(s, "OpName::{}, ", name_ids[id]);
                        }
                    }
                    s.push_str("},\n");
                }
                s.push_str("  };\n  unsigned InstrIdx = getInstructionIndexForOpLookup(Opcode);\n  return OperandMap[InstrIdx][(unsigned)Idx];\n}\n");
            })
        });
        Ok(())
    }

    /// 22's `emitOperandTypeMappings`, written for X86 only.
    fn operand_type_mappings_22(&self, s: &mut String, namespace: &str, numbered: &[&Instruction]) -> Result<()> {
        if namespace != "X86" {
            return Ok(());
        }
        let f = self.f;
        let op = self.form.opcode_type;
        let operands = all_derived_definitions(self.input, "Operand")?;
        let register_operands = all_derived_definitions(self.input, "RegisterOperand")?;
        let register_classes = all_derived_definitions(self.input, "RegisterClass")?;
        let mut enum_val = 0u32;
        let mut body = String::from("enum OperandType {\n");
        for list in [&operands, &register_operands, &register_classes] {
            for &o in list.iter() {
                if !self.input.records.get(o).is_anonymous() {
                    let _ = writeln!(body, "  {} = {enum_val},", f.name(o));
                }
                enum_val += 1;
            }
        }
        body.push_str("  OPERAND_TYPE_LIST_END\n};\n");
        ifdef_block(s, "GET_INSTRINFO_OPERAND_TYPES_ENUM", false, |s| {
            namespace_block(s, &format!("llvm::{namespace}::OpTypes"), |s| s.push_str(&body))
        });
        let mut offsets = Vec::with_capacity(numbered.len() + 1);
        let mut records: Vec<RecId> = Vec::new();
        for inst in numbered {
            offsets.push(records.len());
            for o in &inst.operands.operands {
                match mi_operand_args(o.mi_operand_info) {
                    Some(args) if self.expand_mi_operand_info && !args.is_empty() => {
                        for (arg, _) in args {
                            records.push(
                                arg.as_def().ok_or_else(|| Fatal::new(&[], "MIOperandInfo argument is not a def"))?,
                            );
                        }
                    }
                    _ => records.push(o.rec),
                }
            }
        }
        let mut body = format!("LLVM_READONLY\nstatic int getOperandType({op} Opcode, uint16_t OpIdx) {{\n");
        let _ = writeln!(body, "  static constexpr {} Offsets[] = {{", minimal_type(records.len() as u64));
        for (i, offset) in offsets.iter().enumerate() {
            let _ = writeln!(body, "    {offset}, // {}", numbered[i].name);
        }
        body.push_str("  };\n");
        offsets.push(records.len());
        body.push_str("\n  using namespace OpTypes;\n  static");
        body.push_str(if enum_val <= i8::MAX as u32 { " constexpr int8_t" } else { " constexpr int16_t" });
        body.push_str(" OpcodeOperandTypes[] = {");
        self.operand_type_rows(&mut body, &records, &offsets, numbered);
        body.push_str("\n  };\n  return OpcodeOperandTypes[Offsets[Opcode] + OpIdx];\n}\n");
        ifdef_block(s, "GET_INSTRINFO_OPERAND_TYPE", false, |s| {
            namespace_block(s, &format!("llvm::{namespace}"), |s| s.push_str(&body))
        });
        let mut sizes: BTreeMap<i64, Vec<&str>> = BTreeMap::new();
        for &o in operands.iter() {
            if !f.is_a(o, "X86MemOperand") {
                continue;
            }
            let size = f.int(o, "Size")? as i32;
            if size != 0 {
                sizes.entry(size as i64).or_default().push(f.name(o));
            }
        }
        let mut body = String::from(
            "LLVM_READONLY\nstatic int getMemOperandSize(int OpType) {\n  switch (OpType) {\n  default: return 0;\n",
        );
        for (size, names) in &sizes {
            for name in names {
                let _ = writeln!(body, "  case OpTypes::{name}:");
            }
            let _ = write!(body, "    return {size};\n\n");
        }
        body.push_str("  }\n}\n");
        ifdef_block(s, "GET_INSTRINFO_MEM_OPERAND_SIZE", false, |s| {
            namespace_block(s, &format!("llvm::{namespace}"), |s| s.push_str(&body))
        });
        Ok(())
    }

    /// 22's `emitLogicalOperandSizeMappings`.
    fn logical_operand_size_mappings_22(&self, s: &mut String, namespace: &str, insts: &[&Instruction]) -> Result<()> {
        let body = self.logical_operand_size_body(namespace, insts)?;
        ifdef_block(s, "GET_INSTRINFO_LOGICAL_OPERAND_SIZE_MAP", false, |s| {
            namespace_block(s, &format!("llvm::{namespace}"), |s| s.push_str(&body))
        });
        Ok(())
    }

    /// 22's `emitMCIIHelperMethods`.
    fn mc_helper_methods_22(&self, s: &mut String) -> Result<()> {
        let f = self.f;
        let t = self.target;
        let predicates = derived_definitions(self.input, "TIIPredicate")?;
        let mut decls = String::new();
        for &rec in predicates.iter() {
            let _ = writeln!(decls, "bool {}(const MCInst &MI);", f.string(rec, "FunctionName")?);
        }
        decls.push_str("void verifyInstructionPredicates(unsigned Opcode, const FeatureBitset &Features);\n");
        ifdef_block(s, "GET_INSTRINFO_MC_HELPER_DECLS", false, |s| {
            namespace_block(s, "llvm", |s| {
                s.push_str("class MCInst;\nclass FeatureBitset;\n\n");
                namespace_block(s, &format!("{t}_MC"), |s| s.push_str(&decls));
            })
        });
        let mut defs = String::new();
        let mut pe = PredicateExpander::new(self.input, t);
        pe.expand_for_mc = true;
        for &rec in predicates.iter() {
            let _ = writeln!(defs, "bool {}(const MCInst &MI) {{", f.string(rec, "FunctionName")?);
            defs.push_str(&"  ".repeat(pe.indent));
            pe.expand_statement(&mut defs, f.def(rec, "Body")?)?;
            defs.push_str("\n}\n\n");
        }
        ifdef_block(s, "GET_INSTRINFO_MC_HELPERS", false, |s| {
            namespace_block(s, &format!("llvm::{t}_MC"), |s| s.push_str(&defs))
        });
        Ok(())
    }

    /// 22's `emitFeatureVerifier`.
    fn feature_verifier_22(&self, s: &mut String, numbered: &[&Instruction]) -> Result<()> {
        let t = self.target;
        let (compute, checker, verifier) = self.feature_verifier_bodies(numbered, false)?;
        s.push_str(COMPUTE_FEATURES_GUARD);
        let ns = format!("llvm::{t}_MC");
        ifdef_block(s, "GET_COMPUTE_FEATURES", false, |s| namespace_block(s, &ns, |s| s.push_str(&compute)));
        ifdef_block(s, "GET_AVAILABLE_OPCODE_CHECKER", false, |s| namespace_block(s, &ns, |s| s.push_str(&checker)));
        ifdef_block(s, "ENABLE_INSTR_PREDICATE_VERIFIER", false, |s| {
            s.push_str("#include <sstream>\n\n");
            namespace_block(s, &ns, |s| s.push_str(&verifier));
        });
        Ok(())
    }
}
