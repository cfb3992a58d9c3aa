//! `--gen-compress-inst-emitter`: from the `CompressPat` defs, the C++ that rewrites an
//! instruction into its compressed form (`compressInst`), back (`uncompressInst`) and tests
//! whether a machine instruction can be compressed (`isCompressibleInst`), each a switch on the
//! opcode with a condition per pattern on the operands and features (LLVM's
//! CompressInstEmitter.cpp), over the target model's instructions and register classes.

use crate::common::emit::{ifdef_block, source_file_header};
use crate::{Backend, BackendError, BackendOptions, Output};
use std::collections::{BTreeSet, HashMap};
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::init::{Init, InitKind};
use tdq_core::types::RecId;
use tdq_core::{ByRelease, Evaluation};
use tdq_models::records::derived_definitions;
use tdq_models::target::info_by_hw_mode::RegisterByHwMode;
use tdq_models::target::inst_alias::tied_register;
use tdq_models::target::instructions::Instruction;
use tdq_models::target::registers::RegBank;
use tdq_models::target::Target;
use tdq_models::{Fatal, Fields};

mod operands19;

pub struct GenCompressInstEmitter;

type Result<T> = std::result::Result<T, Fatal>;

/// How a release maps a pattern's operands to its instructions' operands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mapping {
    /// By operand, and written in LLVM 19's way (`operands19`).
    Operands19,
    /// By machine operand, sub-operands of complex operands each mapped (LLVM 22 on).
    MachineOperands,
}

/// How a function's `#ifdef` section is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Section {
    /// A blank line, `#ifdef`/`#undef`, and `#endif //NAME` (with a blank line after but for
    /// `compressInst`'s) (LLVM 22).
    Written,
    /// LLVM 23's `IfDefEmitter`.
    IfDefEmitter,
}

/// What one release's CompressInstEmitter writes.
#[derive(Debug)]
struct Form {
    mapping: Mapping,
    section: Section,
    /// A register class is found with `get<Target>MCRegisterClass(ID)` (LLVM 23), not by
    /// indexing `<Target>MCRegisterClasses`.
    register_class_function: bool,
    /// How the message of a fixed register outside its class names it: `'Register: '` (22),
    /// `': Register '` (23).
    register_in_message: &'static str,
    fixed_registers: FixedRegisters,
}

/// How a fixed register of a pattern is checked against its operand's class.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum FixedRegisters {
    /// The class must be a plain register class that has the register (LLVM 22: a
    /// `RegClassByHwMode` is an error).
    InClass,
    /// Register and class may each be chosen by HW mode: in each mode, the class has the
    /// register (LLVM 23's `regClassContainsReg`).
    ByHwMode,
}

const FORM_22: Form = Form {
    mapping: Mapping::MachineOperands,
    section: Section::Written,
    register_class_function: false,
    register_in_message: "'Register: '",
    fixed_registers: FixedRegisters::InClass,
};

const FORM: ByRelease<Form> = ByRelease {
    v19: Form { mapping: Mapping::Operands19, ..FORM_22 },
    v22: FORM_22,
    v23: Form {
        section: Section::IfDefEmitter,
        register_class_function: true,
        register_in_message: "': Register '",
        fixed_registers: FixedRegisters::ByHwMode,
        ..FORM_22
    },
};

impl Backend for GenCompressInstEmitter {
    fn name(&self) -> &'static str {
        "gen-compress-inst-emitter"
    }
    fn help(&self) -> &'static str {
        "Generate compressed instructions."
    }
    fn emit(
        &self,
        input: &Evaluation,
        options: &BackendOptions,
        out: &mut Output,
    ) -> std::result::Result<(), BackendError> {
        let form = FORM.get(options.release);
        let target = Target::get(input)?;
        let mut e = Emitter {
            input,
            f: Fields { input },
            form,
            target: &target,
            instructions: HashMap::new(),
            patterns: Vec::new(),
            patterns19: Vec::new(),
        };
        for &def in derived_definitions(input, "CompressPat")?.iter() {
            match form.mapping {
                Mapping::Operands19 => e.evaluate19(def)?,
                Mapping::MachineOperands => e.evaluate(def)?,
            }
        }
        let asm_writer = target.asm_writer(input, options.get(&crate::gen_asm_writer::ASMWRITERNUM) as usize)?;
        let mut s = String::new();
        source_file_header(&mut s, "Compress instruction Source Fragment", Some(&options.input_filename));
        for kind in [Kind::Compress, Kind::Uncompress, Kind::CheckCompress] {
            e.sort_patterns(kind);
            e.emit(&mut s, kind, asm_writer)?;
        }
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}

/// What a machine operand of a pattern's instruction is mapped to (LLVM's `OpData`).
#[derive(Clone, Copy, Debug)]
enum OpData {
    /// A named operand of the dag: its def, the machine operand of the other instruction it
    /// maps to, and the earlier machine operand of this one it is tied to.
    Operand { dag_rec: Option<RecId>, idx: u32, tied: Option<u32> },
    /// A fixed immediate.
    Imm(i64),
    /// A fixed register.
    Reg(RecId),
}

/// An entry not mapped yet: LLVM's value-initialized `OpData`.
const UNMAPPED: OpData = OpData::Operand { dag_rec: None, idx: 0, tied: Some(0) };

/// Where a dag argument is: its position among the dag's arguments and the machine operand.
#[derive(Clone, Copy, Debug)]
struct ArgData {
    dag_op_no: u32,
    mi_op_no: u32,
}

/// One validated `CompressPat`.
struct CompressPat {
    source: RecId,
    dest: RecId,
    features: Vec<RecId>,
    source_map: Vec<OpData>,
    dest_map: Vec<OpData>,
    compress_only: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Compress,
    Uncompress,
    CheckCompress,
}

impl Kind {
    /// The function's signature, to its opening brace.
    fn head(self, target_name: &str) -> String {
        match self {
            Kind::Compress => "static bool compressInst(MCInst &OutInst,\n                         const MCInst &MI,\n                         const MCSubtargetInfo &STI) {\n".into(),
            Kind::Uncompress => "static bool uncompressInst(MCInst &OutInst,\n                           const MCInst &MI,\n                           const MCSubtargetInfo &STI) {\n".into(),
            Kind::CheckCompress => format!(
                "static bool isCompressibleInst(const MachineInstr &MI,\n                               const {target_name}Subtarget &STI) {{\n"
            ),
        }
    }

    /// The name of the function validating its `MCOperand`s (none for `isCompressibleInst`).
    fn validator(self, target_name: &str) -> String {
        match self {
            Kind::Compress => format!("{target_name}ValidateMCOperandForCompress"),
            Kind::Uncompress => format!("{target_name}ValidateMCOperandForUncompress"),
            Kind::CheckCompress => String::new(),
        }
    }

    fn guard(self) -> &'static str {
        match self {
            Kind::Compress => "GEN_COMPRESS_INSTR",
            Kind::Uncompress => "GEN_UNCOMPRESS_INSTR",
            Kind::CheckCompress => "GEN_CHECK_COMPRESS_INSTR",
        }
    }
}

type Dag = (Init, &'static [(Init, Option<&'static str>)]);

struct Emitter<'a> {
    input: &'a Evaluation,
    f: Fields<'a>,
    form: &'a Form,
    target: &'a Target,
    instructions: HashMap<RecId, Instruction>,
    patterns: Vec<CompressPat>,
    patterns19: Vec<operands19::CompressPat19>,
}

impl Emitter<'_> {
    fn locs(&self, rec: RecId) -> &[tdq_core::Loc] {
        &self.input.records.get(rec).locs
    }

    fn fatal(&self, rec: RecId, message: String) -> Fatal {
        Fatal::new(self.locs(rec), message)
    }

    fn bank(&self) -> Result<std::sync::Arc<RegBank>> {
        RegBank::get(self.input)
    }

    fn instruction(&mut self, def: RecId) -> Result<&Instruction> {
        if !self.instructions.contains_key(&def) {
            let inst = Instruction::read(self.input, def)?;
            self.instructions.insert(def, inst);
        }
        Ok(&self.instructions[&def])
    }

    fn dag(&self, rec: RecId, field: &str) -> Result<Dag> {
        match self.f.init(rec, field)?.kind() {
            InitKind::Dag(op, _, args) => Ok((*op, args)),
            _ => {
                let name = self.input.records.get(rec).name_string();
                Err(self.fatal(rec, format!("Record `{name}', field `{field}' does not have a dag initializer!")))
            }
        }
    }

    /// `getOperatorAsDef`.
    fn operator(&self, rec: RecId, dag: &Dag) -> Result<RecId> {
        dag.0.as_def().ok_or_else(|| self.fatal(rec, "Expected record as operator".into()))
    }

    /// `evaluateCompressPat`: the pattern's instructions and operand maps, checked.
    fn evaluate(&mut self, rec: RecId) -> Result<()> {
        let source_dag = self.dag(rec, "Input")?;
        let source = self.operator(rec, &source_dag)?;
        self.instruction(source)?;
        let dest_dag = self.dag(rec, "Output")?;
        let dest = self.operator(rec, &dest_dag)?;
        self.instruction(dest)?;
        self.check_smaller(rec, source, dest)?;
        let mut source_operands = HashMap::new();
        let mut source_map = self.dag_operand_mapping(rec, &source_dag, source, &mut source_operands, true)?;
        let mut dest_operands = HashMap::new();
        let mut dest_map = self.dag_operand_mapping(rec, &dest_dag, dest, &mut dest_operands, false)?;
        self.check_dag_operand_mapping(rec, &dest_operands, &source_dag, &dest_dag)?;
        self.inst_operand_mapping(rec, &dest_dag, &mut source_map, &mut dest_map, &source_operands, dest)?;
        let features = self.assembler_predicates(rec)?;
        let compress_only = self.f.bit(rec, "isCompressOnly")?;
        self.patterns.push(CompressPat { source, dest, features, source_map, dest_map, compress_only });
        Ok(())
    }

    /// The compressed instruction must be smaller than the other.
    fn check_smaller(&self, rec: RecId, source: RecId, dest: RecId) -> Result<()> {
        if self.f.int(source, "Size")? <= self.f.int(dest, "Size")? {
            return Err(self.fatal(
                rec,
                format!(
                    "Compressed instruction '{}'is not strictly smaller than the uncompressed instruction '{}' !",
                    self.f.name(dest),
                    self.f.name(source)
                ),
            ));
        }
        Ok(())
    }

    /// A record's `Predicates` that are assembler predicates (features).
    fn assembler_predicates(&self, rec: RecId) -> Result<Vec<RecId>> {
        let mut features = Vec::new();
        for predicate in self.f.defs(rec, "Predicates")? {
            if self.f.bit(predicate, "AssemblerMatcherPredicate")? {
                features.push(predicate);
            }
        }
        Ok(features)
    }

    /// The conditions on the features a pattern and its destination instruction require:
    /// each feature required by all, then a disjunction per set of which one is required.
    fn feature_conditions(&self, pattern_features: &[RecId], dest: RecId) -> Result<Vec<String>> {
        let target_name = self.target.name;
        let mut features = BTreeSet::new();
        let mut any_of = BTreeSet::new();
        self.required_features(&mut features, &mut any_of, pattern_features)?;
        self.required_features(&mut features, &mut any_of, &self.assembler_predicates(dest)?)?;
        let feature = |&(not, name): &(bool, &str)| {
            let not = if not { "!" } else { "" };
            format!("{not}STI.getFeatureBits()[{target_name}::{name}]")
        };
        let mut cond: Vec<String> = features.iter().map(feature).collect();
        for set in &any_of {
            let alternatives: Vec<String> = set.iter().map(feature).collect();
            cond.push(format!("({})", alternatives.join(" || ")));
        }
        Ok(cond)
    }

    /// The def of machine operand `sub_op` of an operand: the operand's own, or its
    /// `MIOperandInfo`'s argument when it has several.
    fn sub_operand_rec(
        &self,
        rec: RecId,
        operand: &tdq_models::target::instructions::Operand,
        sub_op: u32,
    ) -> Result<RecId> {
        if operand.mi_num_operands <= 1 {
            return Ok(operand.rec);
        }
        let arg = match operand.mi_operand_info.map(|i| i.kind()) {
            Some(InitKind::Dag(_, _, args)) => args.get(sub_op as usize).and_then(|(a, _)| a.as_def()),
            _ => None,
        };
        arg.ok_or_else(|| self.fatal(rec, format!("'{}' has a sub-operand that is no def", self.f.name(operand.rec))))
    }

    /// `addDagOperandMapping`: each machine operand of `inst` mapped from the dag's arguments
    /// (tied operands, which the dag leaves out, copied from the operand they are tied to).
    fn dag_operand_mapping(
        &self,
        rec: RecId,
        dag: &Dag,
        inst_def: RecId,
        operands: &mut HashMap<&'static str, ArgData>,
        is_source: bool,
    ) -> Result<Vec<OpData>> {
        let inst = self.instructions[&inst_def].clone();
        let list = &inst.operands.operands;
        let num_mi = list.last().map_or(0, |o| o.mi_operand_no + o.mi_num_operands);
        let mut map = vec![UNMAPPED; num_mi as usize];
        let args = dag.1;
        let mut dag_op_no = 0u32;
        let mut op_no = 0u32;
        let dag_string = || self.dag_init(rec, is_source).to_string();
        for operand in list {
            if let Some(tied) = tied_register(operand) {
                map[op_no as usize] = map[tied as usize];
                op_no += 1;
                if is_source && op_no - dag_op_no > 1 {
                    return Err(self.fatal(
                        rec,
                        format!("Input operands for Inst '{}' and input Dag operand count mismatch", inst.name),
                    ));
                }
                continue;
            }
            for sub_op in 0..operand.mi_num_operands {
                let operand_rec = self.sub_operand_rec(rec, operand, sub_op)?;
                let Some(&(arg, arg_name)) = args.get(dag_op_no as usize) else {
                    return Err(self.fatal(rec, format!("Inst '{}' and Dag operand count mismatch", inst.name)));
                };
                let arg_name = arg_name.unwrap_or("");
                if let Some(def) = arg.as_def() {
                    if self.f.is_a(def, "Register") || self.f.is_a(def, "RegisterByHwMode") {
                        if !self.validate_register(rec, def, operand_rec)? {
                            return Err(self.fatal(
                                rec,
                                format!(
                                    "Error in Dag '{}{}{}' is not in register class '{}'",
                                    dag_string(),
                                    self.form.register_in_message,
                                    self.f.name(def),
                                    self.f.name(operand_rec)
                                ),
                            ));
                        }
                        map[op_no as usize] = OpData::Reg(def);
                    } else {
                        if !self.validate_types(def, operand_rec)? {
                            return Err(self.fatal(
                                rec,
                                format!(
                                    "Error in Dag '{}'. Operand '{arg_name}' has type '{}' which does not match the type '{}' in the corresponding instruction operand!",
                                    dag_string(),
                                    self.f.name(def),
                                    self.f.name(operand_rec)
                                ),
                            ));
                        }
                        map[op_no as usize] = OpData::Operand { dag_rec: Some(def), idx: 0, tied: None };
                        if !arg_name.is_empty() {
                            if is_source {
                                if let Some(previous) = operands.get(arg_name) {
                                    let tied_to = previous.mi_op_no;
                                    if let OpData::Operand { tied, .. } = &mut map[op_no as usize] {
                                        *tied = Some(tied_to);
                                    }
                                    let same = matches!(map[tied_to as usize], OpData::Operand { dag_rec: Some(d), .. } if d == def);
                                    if !same {
                                        return Err(self.fatal(
                                            rec,
                                            format!("Input Operand '{arg_name}' has a mismatched tied operand!"),
                                        ));
                                    }
                                }
                            }
                            operands.insert(arg_name, ArgData { dag_op_no, mi_op_no: op_no });
                        }
                    }
                } else if let InitKind::Int(value) = arg.kind() {
                    if !self.f.is_a(operand_rec, "Operand") {
                        return Err(self.fatal(
                            rec,
                            format!(
                                "Error in Dag '{}' Found immediate: '{value}' but corresponding instruction operand expected a register!",
                                dag_string()
                            ),
                        ));
                    }
                    map[op_no as usize] = OpData::Imm(*value);
                } else {
                    return Err(self.fatal(rec, "Unhandled CompressPat argument type!".into()));
                }
                op_no += 1;
                dag_op_no += 1;
            }
        }
        if dag_op_no as usize != args.len() {
            return Err(self.fatal(rec, format!("Inst '{}' and Dag operand count mismatch", inst.name)));
        }
        Ok(map)
    }

    /// The pattern's `Input` (source) or `Output` dag, as a value.
    fn dag_init(&self, rec: RecId, is_source: bool) -> Init {
        let field = if is_source { "Input" } else { "Output" };
        self.f.init(rec, field).expect("read before")
    }

    /// `validateRegister`: a fixed register must be in the operand's class.
    fn validate_register(&self, rec: RecId, reg: RecId, class: RecId) -> Result<bool> {
        let bank = self.bank()?;
        let at = self.locs(rec);
        match self.form.fixed_registers {
            FixedRegisters::ByHwMode => {
                return bank.class_contains_register(self.input, &self.target.hw_modes, class, reg, at);
            }
            FixedRegisters::InClass => {}
        }
        let class = bank.class_at(self.input, class, at)?;
        let Some(reg) = bank.register_of(reg) else {
            return Err(self.fatal(rec, format!("'{}' is not a register of the target", self.f.name(reg))));
        };
        Ok(bank.classes[class].contains(reg))
    }

    /// A fixed register as the generated code names it: `Target::R`, or LLVM 23's getter of a
    /// register by HW mode for the current mode.
    fn register_value(&self, reg: RecId) -> Result<String> {
        let by_mode = match self.form.fixed_registers {
            FixedRegisters::ByHwMode => self.f.is_a(reg, "RegisterByHwMode"),
            FixedRegisters::InClass => false,
        };
        if by_mode {
            let bank = self.bank()?;
            let reg = RegisterByHwMode::read(self.input, &bank, &self.target.hw_modes, reg)?;
            return Ok(reg.resolver_call(self.input, "HwModeId"));
        }
        Ok(format!("{}::{}", self.target.name, self.f.name(reg)))
    }

    /// `validateTypes`: a dag operand's type must be the instruction operand's, or a
    /// sub-class of its register class; other operand types are checked when compressing.
    fn validate_types(&self, dag_type: RecId, inst_type: RecId) -> Result<bool> {
        if dag_type == inst_type {
            return Ok(true);
        }
        let (dag_is_class, inst_is_class) =
            (self.f.is_a(dag_type, "RegisterClass"), self.f.is_a(inst_type, "RegisterClass"));
        if dag_is_class && inst_is_class {
            let bank = self.bank()?;
            let class = bank.class(self.input, inst_type)?;
            let sub_class = bank.class(self.input, dag_type)?;
            return Ok(bank.classes[class].has_sub_class(sub_class));
        }
        Ok(!dag_is_class && !inst_is_class)
    }

    /// `checkDagOperandMapping`: every named source operand is in the output, of the same type.
    fn check_dag_operand_mapping(
        &self,
        rec: RecId,
        dest_operands: &HashMap<&'static str, ArgData>,
        source_dag: &Dag,
        dest_dag: &Dag,
    ) -> Result<()> {
        for &(arg, name) in source_dag.1 {
            let Some(name) = name.filter(|n| !n.is_empty()) else { continue };
            let Some(dest) = dest_operands.get(name) else {
                return Err(self.fatal(rec, format!("Operand {name} defined in Input Dag but not used in Output Dag!")));
            };
            if dest_dag.1[dest.dag_op_no as usize].0.as_def() != arg.as_def() {
                return Err(self.fatal(rec, format!("Type mismatch between Input and Output Dag operand '{name}'!")));
            }
        }
        Ok(())
    }

    /// `createInstOperandMapping`: each named operand's machine operand in the other
    /// instruction, both ways.
    fn inst_operand_mapping(
        &self,
        rec: RecId,
        dest_dag: &Dag,
        source_map: &mut [OpData],
        dest_map: &mut [OpData],
        source_operands: &HashMap<&'static str, ArgData>,
        dest: RecId,
    ) -> Result<()> {
        let mut tied_count = 0;
        let mut op_no = 0u32;
        for operand in &self.instructions[&dest].operands.operands {
            if let Some(tied) = tied_register(operand) {
                tied_count += 1;
                dest_map[op_no as usize] = dest_map[tied as usize];
                op_no += 1;
                continue;
            }
            for _ in 0..operand.mi_num_operands {
                if let OpData::Operand { .. } = dest_map[op_no as usize] {
                    let arg_name = dest_dag.1.get((op_no - tied_count) as usize).and_then(|a| a.1).unwrap_or("");
                    let Some(source_op) = source_operands.get(arg_name) else {
                        return Err(self.fatal(
                            rec,
                            format!("Output Dag operand '{arg_name}' has no matching input Dag operand."),
                        ));
                    };
                    let source_op_no = source_op.mi_op_no;
                    if let OpData::Operand { idx, .. } = &mut dest_map[op_no as usize] {
                        *idx = source_op_no;
                    }
                    if let OpData::Operand { idx, .. } = &mut source_map[source_op_no as usize] {
                        *idx = op_no;
                    }
                }
                op_no += 1;
            }
        }
        Ok(())
    }

    /// The patterns by source instruction (by destination for `uncompressInst`), sorted stably
    /// in place: each function's order starts from the previous one's, as LLVM sorts its one
    /// list before each.
    fn sort_patterns(&mut self, kind: Kind) {
        let f = self.f;
        let key = |(source, dest): (RecId, RecId)| match kind {
            Kind::Compress | Kind::CheckCompress => f.name(source),
            Kind::Uncompress => f.name(dest),
        };
        self.patterns.sort_by_key(|p| key((p.source, p.dest)));
        self.patterns19.sort_by_key(|p| key(p.instructions()));
    }

    /// `emitCompressInstEmitter`: one of the three functions, in its `#ifdef` section.
    fn emit(&self, s: &mut String, kind: Kind, asm_writer: RecId) -> Result<()> {
        if self.f.int(asm_writer, "PassSubtarget")? == 0 {
            return Err(self.fatal(
                asm_writer,
                "'PassSubtarget' is false. SubTargetInfo object is needed for target features.".into(),
            ));
        }
        let mut body = String::new();
        match self.form.mapping {
            Mapping::Operands19 => self.function19(&mut body, kind)?,
            Mapping::MachineOperands => self.function(&mut body, kind)?,
        }
        match self.form.section {
            Section::IfDefEmitter => ifdef_block(s, kind.guard(), false, |s| s.push_str(&body)),
            Section::Written => {
                let guard = kind.guard();
                let _ = write!(s, "\n#ifdef {guard}\n#undef {guard}\n\n{body}\n#endif //{guard}\n");
                if kind != Kind::Compress {
                    s.push('\n');
                }
            }
        }
        Ok(())
    }

    fn function(&self, out: &mut String, kind: Kind) -> Result<()> {
        let target_name = self.target.name;
        let compress_or_check = kind != Kind::Uncompress;
        let compress_or_uncompress = kind != Kind::CheckCompress;
        let patterns = &self.patterns;
        let mut head = kind.head(target_name);
        if !derived_definitions(self.input, "RegClassByHwMode")?.is_empty() {
            head.push_str("  [[maybe_unused]] unsigned HwModeId = STI.getHwMode(MCSubtargetInfo::HwMode_RegInfo);\n");
        }
        if patterns.is_empty() {
            out.push_str(&head);
            out.push_str("  return false;\n}\n");
            return Ok(());
        }
        let validator = kind.validator(target_name);
        let mut mc_predicates: Predicates = Predicates::default();
        let mut imm_predicates: Predicates = Predicates::default();
        let mut cases = String::from("  switch (MI.getOpcode()) {\n  default: return false;\n");
        let mut previous: Option<&str> = None;
        let mut current = "";
        for pattern in patterns {
            if kind == Kind::Uncompress && pattern.compress_only {
                continue;
            }
            let (source, dest, source_map, dest_map) = if compress_or_check {
                (pattern.source, pattern.dest, &pattern.source_map, &pattern.dest_map)
            } else {
                (pattern.dest, pattern.source, &pattern.dest_map, &pattern.source_map)
            };
            current = self.f.name(source);
            if previous != Some(current) {
                if let Some(previous) = previous {
                    let _ = write!(cases, "    break;\n  }} // case {previous}\n");
                }
                let _ = writeln!(cases, "  case {target_name}::{current}: {{");
            }
            let mut cond = self.feature_conditions(&pattern.features, dest)?;
            let source_inst = &self.instructions[&source];
            let mut op_no = 0usize;
            for operand in &source_inst.operands.operands {
                for _ in 0..operand.mi_num_operands {
                    match source_map[op_no] {
                        OpData::Operand { tied: Some(tied), .. } => {
                            let is_class = source_inst
                                .operands
                                .operands
                                .get(op_no)
                                .is_some_and(|o| self.f.is_a(o.rec, "RegisterClassLike"));
                            if !is_class {
                                return Err(Fatal::new(&[], "Unexpected tied operand types!"));
                            }
                            cond.push(format!("MI.getOperand({op_no}).isReg() && MI.getOperand({tied}).isReg()"));
                            cond.push(format!("(MI.getOperand({op_no}).getReg() == MI.getOperand({tied}).getReg())"));
                        }
                        OpData::Operand { .. } => {}
                        OpData::Imm(value) => {
                            cond.push(format!("MI.getOperand({op_no}).isImm()"));
                            cond.push(format!("(MI.getOperand({op_no}).getImm() == {value})"));
                        }
                        OpData::Reg(reg) => {
                            cond.push(format!("MI.getOperand({op_no}).isReg()"));
                            cond.push(format!("(MI.getOperand({op_no}).getReg() == {})", self.register_value(reg)?));
                        }
                    }
                    op_no += 1;
                }
            }
            let dest_inst = self.instructions[&dest].clone();
            let mut code = String::new();
            let _ = writeln!(code, "      // {}", dest_inst.asm_string);
            if compress_or_uncompress {
                let _ = writeln!(code, "      OutInst.setOpcode({target_name}::{});", dest_inst.name);
            }
            let mut op_no = 0usize;
            for operand in &dest_inst.operands.operands {
                let _ = writeln!(code, "      // Operand: {}", operand.name);
                for sub_op in 0..operand.mi_num_operands {
                    let dest_rec = self.sub_operand_rec(dest, operand, sub_op)?;
                    match dest_map[op_no] {
                        OpData::Operand { dag_rec, idx, .. } => {
                            let dag_rec = dag_rec.expect("a mapped operand has its dag operand");
                            if let Some(class) = self.as_reg_class_like(dag_rec)? {
                                if tied_register(operand).is_none() {
                                    let physical = if kind == Kind::CheckCompress {
                                        format!(" && MI.getOperand({idx}).getReg().isPhysical()")
                                    } else {
                                        String::new()
                                    };
                                    cond.push(format!("MI.getOperand({idx}).isReg(){physical}"));
                                    let class_name = self.f.name(class);
                                    let id = if self.f.is_a(class, "RegClassByHwMode") {
                                        format!("{target_name}RegClassByHwModeTables[HwModeId][{target_name}::{class_name}]")
                                    } else {
                                        format!("{target_name}::{class_name}RegClassID")
                                    };
                                    let (open, close) = match self.form.register_class_function {
                                        true => (format!("get{target_name}MCRegisterClass("), ")"),
                                        false => (format!("{target_name}MCRegisterClasses["), "]"),
                                    };
                                    cond.push(format!("{open}{id}{close}.contains(MI.getOperand({idx}).getReg())"));
                                }
                            } else if compress_or_uncompress {
                                for rec in
                                    [Some(dag_rec), (dag_rec != dest_rec).then_some(dest_rec)].into_iter().flatten()
                                {
                                    let entry = mc_predicates.index(self, rec, "MCOperandPredicate")?;
                                    cond.push(format!(
                                        "{validator}(MI.getOperand({idx}), STI, {entry} /* {} */)",
                                        self.f.name(rec)
                                    ));
                                }
                            } else {
                                for rec in
                                    [Some(dag_rec), (dag_rec != dest_rec).then_some(dest_rec)].into_iter().flatten()
                                {
                                    let entry = imm_predicates.index(self, rec, "ImmediateCode")?;
                                    cond.push(format!("MI.getOperand({idx}).isImm()"));
                                    cond.push(format!(
                                        "{target_name}ValidateMachineOperand(MI.getOperand({idx}), &STI, {entry} /* {} */)",
                                        self.f.name(rec)
                                    ));
                                }
                            }
                            if compress_or_uncompress {
                                let _ = writeln!(code, "      OutInst.addOperand(MI.getOperand({idx}));");
                            }
                        }
                        OpData::Imm(value) => {
                            if compress_or_uncompress {
                                let entry = mc_predicates.index(self, dest_rec, "MCOperandPredicate")?;
                                cond.push(format!(
                                    "{validator}(MCOperand::createImm({value}), STI, {entry} /* {} */)",
                                    self.f.name(dest_rec)
                                ));
                                let _ = writeln!(code, "      OutInst.addOperand(MCOperand::createImm({value}));");
                            } else {
                                let entry = imm_predicates.index(self, dest_rec, "ImmediateCode")?;
                                cond.push(format!(
                                    "{target_name}ValidateMachineOperand(MachineOperand::CreateImm({value}), &STI, {entry} /* {} */)",
                                    self.f.name(dest_rec)
                                ));
                            }
                        }
                        OpData::Reg(reg) => {
                            if compress_or_uncompress {
                                let _ = writeln!(
                                    code,
                                    "      OutInst.addOperand(MCOperand::createReg({}));",
                                    self.register_value(reg)?
                                );
                            }
                        }
                    }
                    op_no += 1;
                }
            }
            if compress_or_uncompress {
                code.push_str("      OutInst.setLoc(MI.getLoc());\n");
            }
            let cond = cond.join(" &&\n        ");
            let _ = write!(cases, "    if ({cond}) {{\n{code}      return true;\n    }} // if\n");
            previous = Some(current);
        }
        let mut func = cases;
        let _ = write!(func, "    break;\n  }} // case {current}\n  }} // switch\n  return false;\n}}\n");
        if !mc_predicates.recs.is_empty() {
            let indent = " ".repeat(validator.len() + 13);
            let _ = write!(
                out,
                "static bool {validator}(const MCOperand &MCOp,\n{indent}const MCSubtargetInfo &STI,\n{indent}unsigned PredicateIndex) {{\n  switch (PredicateIndex) {{\n  default:\n    llvm_unreachable(\"Unknown MCOperandPredicate kind\");\n    break;\n"
            );
            self.print_predicates(out, &mc_predicates.recs, "MCOperandPredicate")?;
            out.push_str("  }\n}\n\n");
        }
        if !imm_predicates.recs.is_empty() {
            let indent = " ".repeat(target_name.len() + 35);
            let _ = write!(
                out,
                "static bool {target_name}ValidateMachineOperand(const MachineOperand &MO,\n{indent}const {target_name}Subtarget *Subtarget,\n{indent}unsigned PredicateIndex) {{\n  int64_t Imm = MO.getImm();\n  switch (PredicateIndex) {{\n  default:\n    llvm_unreachable(\"Unknown ImmLeaf Predicate kind\");\n    break;\n"
            );
            self.print_predicates(out, &imm_predicates.recs, "ImmediateCode")?;
            out.push_str("  }\n}\n\n");
        }
        out.push_str(&head);
        out.push_str(&func);
        Ok(())
    }

    /// `getAsRegClassLike`: a register operand's class, or a class itself.
    fn as_reg_class_like(&self, rec: RecId) -> Result<Option<RecId>> {
        if self.f.is_a(rec, "RegisterOperand") {
            return self.f.def(rec, "RegClass").map(Some);
        }
        Ok(self.f.is_a(rec, "RegisterClassLike").then_some(rec))
    }

    /// `getReqFeatures`: the features each predicate's `AssemblerCondDag` requires, all of
    /// them (`all_of`) or one of a set (`any_of`), each possibly negated.
    fn required_features(
        &self,
        features: &mut BTreeSet<(bool, &'static str)>,
        any_of: &mut BTreeSet<BTreeSet<(bool, &'static str)>>,
        predicates: &[RecId],
    ) -> Result<()> {
        for &predicate in predicates {
            let invalid = || self.fatal(predicate, "Invalid AssemblerCondDag!".into());
            let dag = self.dag(predicate, "AssemblerCondDag")?;
            let combine = dag.0.to_string();
            if combine != "any_of" && combine != "all_of" || dag.1.is_empty() {
                return Err(invalid());
            }
            let is_or = combine == "any_of";
            let mut set = BTreeSet::new();
            for &(arg, _) in dag.1 {
                let (arg, not) = match arg.kind() {
                    InitKind::Dag(op, _, args) => {
                        if op.to_string() != "not" || args.len() != 1 {
                            return Err(invalid());
                        }
                        (args[0].0, true)
                    }
                    _ => (arg, false),
                };
                let Some(feature) = arg.as_def().filter(|&d| self.f.is_a(d, "SubtargetFeature")) else {
                    return Err(invalid());
                };
                if is_or {
                    set.insert((not, self.f.name(feature)));
                } else {
                    features.insert((not, self.f.name(feature)));
                }
            }
            if is_or {
                any_of.insert(set);
            }
        }
        Ok(())
    }

    /// `printPredicates`: a case per predicate, its code trimmed.
    fn print_predicates(&self, out: &mut String, recs: &[RecId], field: &str) -> Result<()> {
        for (i, &rec) in recs.iter().enumerate() {
            let code = self.f.string(rec, field)?.trim_matches([' ', '\t', '\n', '\x0b', '\x0c', '\r']);
            let _ = write!(out, "  case {}: {{\n    // {}\n    {code}\n  }}\n", i + 1, self.f.name(rec));
        }
        Ok(())
    }
}

/// The predicates of the operands in use, numbered from 1 as first used (`getPredicates`).
#[derive(Default)]
struct Predicates {
    recs: Vec<RecId>,
    numbers: HashMap<RecId, usize>,
}

impl Predicates {
    fn index(&mut self, e: &Emitter, rec: RecId, field: &str) -> Result<usize> {
        if let Some(&n) = self.numbers.get(&rec) {
            return Ok(n);
        }
        if !e.f.is_unset(rec, field)? {
            self.recs.push(rec);
            self.numbers.insert(rec, self.recs.len());
            return Ok(self.recs.len());
        }
        Err(e.fatal(rec, format!("No {field} predicate on this operand at all: '{}'", e.f.name(rec))))
    }
}
