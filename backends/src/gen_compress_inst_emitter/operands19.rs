//! LLVM 19's CompressInstEmitter: a pattern's dag arguments mapped to its instructions'
//! operands one per operand (LLVM 22 maps machine operands, sub-operands included), its own
//! checks and messages, and its own way of writing the conditions (each on a line of its own,
//! registers and immediates tested in parentheses, predicates numbered without comments).

use super::{Emitter, Kind, Predicates, Result};
use std::collections::HashMap;
use std::fmt::Write as _;
use tdq_core::init::InitKind;
use tdq_core::types::RecId;
use tdq_models::target::inst_alias::tied_register;
use tdq_models::Fatal;

/// What an operand of a pattern's instruction is mapped to (LLVM 19's `OpData`: a kind, its
/// datum, and the operand it is tied to, kept apart from the kind).
#[derive(Clone, Copy, Debug)]
pub(super) struct Op19 {
    data: Data,
    /// The earlier operand of the source instruction whose dag argument has the same name.
    tied: Option<usize>,
}

#[derive(Clone, Copy, Debug)]
enum Data {
    /// A dag operand: the operand of the other instruction it maps to (0 until mapped).
    Operand(usize),
    Imm(i64),
    Reg(RecId),
}

/// LLVM's value-initialized entry.
const UNMAPPED: Op19 = Op19 { data: Data::Operand(0), tied: None };

/// One validated `CompressPat` of LLVM 19.
pub(super) struct CompressPat19 {
    source: RecId,
    dest: RecId,
    features: Vec<RecId>,
    source_map: Vec<Op19>,
    dest_map: Vec<Op19>,
    compress_only: bool,
}

type Dag = super::Dag;

impl Emitter<'_> {
    /// `evaluateCompressPat` of LLVM 19.
    pub(super) fn evaluate19(&mut self, rec: RecId) -> Result<()> {
        let source_dag = self.dag(rec, "Input")?;
        let source = self.operator(rec, &source_dag)?;
        self.instruction(source)?;
        self.verify_dag_op_count(source, &source_dag, true)?;
        let dest_dag = self.dag(rec, "Output")?;
        let dest = self.operator(rec, &dest_dag)?;
        self.instruction(dest)?;
        self.verify_dag_op_count(dest, &dest_dag, false)?;
        self.check_smaller(rec, source, dest)?;
        let mut source_map = self.operand_mapping19(rec, &source_dag, source, true)?;
        let mut dest_map = self.operand_mapping19(rec, &dest_dag, dest, false)?;
        let source_operands = self.dag_operand_mapping19(rec, &source_dag, &dest_dag, &mut source_map)?;
        self.inst_operand_mapping19(rec, &dest_dag, &mut source_map, &mut dest_map, &source_operands, dest)?;
        let features = self.assembler_predicates(rec)?;
        let compress_only = self.f.bit(rec, "isCompressOnly")?;
        self.patterns19.push(CompressPat19 { source, dest, features, source_map, dest_map, compress_only });
        Ok(())
    }

    /// `verifyDagOpCount`: a source dag has an argument per operand; a destination's may
    /// leave out the tied ones. Its errors point at the instruction.
    fn verify_dag_op_count(&self, inst_def: RecId, dag: &Dag, is_source: bool) -> Result<()> {
        let inst = &self.instructions[&inst_def];
        let operands = inst.operands.operands.len();
        let args = dag.1.len();
        if args == operands {
            return Ok(());
        }
        let name = self.f.name(inst_def);
        if is_source {
            return Err(
                self.fatal(inst_def, format!("Input operands for Inst '{name}' and input Dag operand count mismatch"))
            );
        }
        let untied = inst.operands.operands.iter().filter(|o| tied_register(o).is_none()).count();
        if args > operands || args != untied {
            return Err(self.fatal(inst_def, format!("Inst '{name}' and Dag operand count mismatch")));
        }
        Ok(())
    }

    /// `addDagOperandMapping` of LLVM 19: each operand of the instruction mapped from the dag
    /// argument at its place among the untied operands; a tied operand takes the kind and
    /// datum of the operand it is tied to.
    fn operand_mapping19(&self, rec: RecId, dag: &Dag, inst_def: RecId, is_source: bool) -> Result<Vec<Op19>> {
        let operands = &self.instructions[&inst_def].operands.operands;
        let mut map = vec![UNMAPPED; operands.len()];
        let dag_string = || self.dag_init(rec, is_source).to_string();
        let mut tied_count = 0;
        for (i, operand) in operands.iter().enumerate() {
            if let Some(tied) = tied_register(operand) {
                let Some(&to) = map.get(tied as usize) else {
                    return Err(
                        self.fatal(rec, format!("operand {i} of '{}' is tied to no operand", self.f.name(inst_def)))
                    );
                };
                map[i].data = to.data;
                tied_count += 1;
                continue;
            }
            let (arg, arg_name) = dag.1[i - tied_count];
            if let Some(def) = arg.as_def() {
                if self.f.is_a(def, "Register") {
                    if !self.f.is_a(operand.rec, "RegisterClass") || !self.validate_register(rec, def, operand.rec)? {
                        return Err(self.fatal(
                            rec,
                            format!(
                                "Error in Dag '{}'Register: '{}' is not in register class '{}'",
                                dag_string(),
                                self.f.name(def),
                                self.f.name(operand.rec)
                            ),
                        ));
                    }
                    map[i].data = Data::Reg(def);
                    continue;
                }
                if !(is_source || def == operand.rec) || !self.validate_types(def, operand.rec)? {
                    return Err(self.fatal(
                        rec,
                        format!(
                            "Error in Dag '{}'. Operand '{}' has type '{}' which does not match the type '{}' in the corresponding instruction operand!",
                            dag_string(),
                            arg_name.unwrap_or(""),
                            self.f.name(def),
                            self.f.name(operand.rec)
                        ),
                    ));
                }
                map[i].data = Data::Operand(0);
            } else if let InitKind::Int(value) = arg.kind() {
                if self.f.is_a(operand.rec, "RegisterClass") {
                    return Err(self.fatal(
                        rec,
                        format!(
                            "Error in Dag '{}' Found immediate: '{value}' but corresponding instruction operand expected a register!",
                            dag_string()
                        ),
                    ));
                }
                map[i].data = Data::Imm(*value);
            } else {
                return Err(self.fatal(rec, "Unhandled CompressPat argument type!".into()));
            }
        }
        Ok(map)
    }

    /// `createDagOperandMapping`: a source argument named twice is tied to its earlier place
    /// (of the same type); every named source argument is in the output, of the same type.
    /// Returns each source name's last place.
    fn dag_operand_mapping19(
        &self,
        rec: RecId,
        source_dag: &Dag,
        dest_dag: &Dag,
        source_map: &mut [Op19],
    ) -> Result<HashMap<&'static str, usize>> {
        let mut dest_operands = HashMap::new();
        for (i, &(_, name)) in dest_dag.1.iter().enumerate() {
            if let Some(name) = name.filter(|n| !n.is_empty()) {
                dest_operands.insert(name, i);
            }
        }
        let mut source_operands = HashMap::new();
        for (i, &(arg, name)) in source_dag.1.iter().enumerate() {
            let Some(name) = name.filter(|n| !n.is_empty()) else { continue };
            if let Some(&earlier) = source_operands.get(name) {
                source_map[i].tied = Some(earlier);
                if !same_def(source_dag.1[earlier].0, arg) {
                    return Err(self.fatal(rec, format!("Input Operand '{name}' has a mismatched tied operand!\n")));
                }
            }
            let Some(&dest) = dest_operands.get(name) else {
                return Err(
                    self.fatal(rec, format!("Operand {name} defined in Input Dag but not used in Output Dag!\n"))
                );
            };
            if !same_def(dest_dag.1[dest].0, arg) {
                return Err(self.fatal(rec, format!("Type mismatch between Input and Output Dag operand '{name}'!")));
            }
            source_operands.insert(name, i);
        }
        Ok(source_operands)
    }

    /// `createInstOperandMapping` of LLVM 19: each named destination operand and the source
    /// operand of its name, mapped to each other.
    fn inst_operand_mapping19(
        &self,
        rec: RecId,
        dest_dag: &Dag,
        source_map: &mut [Op19],
        dest_map: &mut [Op19],
        source_operands: &HashMap<&'static str, usize>,
        dest: RecId,
    ) -> Result<()> {
        let mut tied_count = 0;
        for (i, operand) in self.instructions[&dest].operands.operands.iter().enumerate() {
            if let Some(tied) = tied_register(operand) {
                tied_count += 1;
                if let Some(&to) = dest_map.get(tied as usize) {
                    dest_map[i].data = to.data;
                }
                continue;
            }
            if !matches!(dest_map[i].data, Data::Operand(_)) {
                continue;
            }
            let name = dest_dag.1.get(i - tied_count).and_then(|a| a.1).unwrap_or("");
            let Some(&source_op) = source_operands.get(name) else {
                return Err(self.fatal(rec, format!("Output Dag operand '{name}' has no matching input Dag operand.")));
            };
            dest_map[i].data = Data::Operand(source_op);
            source_map[source_op].data = Data::Operand(i);
        }
        Ok(())
    }

    /// `emitCompressInstEmitter`'s function of LLVM 19, after the validators it uses.
    pub(super) fn function19(&self, out: &mut String, kind: Kind) -> Result<()> {
        let target_name = self.target.name;
        let compress_or_check = kind != Kind::Uncompress;
        let compress_or_uncompress = kind != Kind::CheckCompress;
        let head = kind.head(target_name);
        if self.patterns19.is_empty() {
            out.push_str(&head);
            out.push_str("  return false;\n}\n");
            return Ok(());
        }
        let validator = kind.validator(target_name);
        let mut mc_predicates = Predicates::default();
        let mut imm_predicates = Predicates::default();
        let mut cases = String::from("  switch (MI.getOpcode()) {\n    default: return false;\n");
        let mut previous = "";
        let mut current = "";
        for pattern in &self.patterns19 {
            if kind == Kind::Uncompress && pattern.compress_only {
                continue;
            }
            let (source, dest, source_map, dest_map) = if compress_or_check {
                (pattern.source, pattern.dest, &pattern.source_map, &pattern.dest_map)
            } else {
                (pattern.dest, pattern.source, &pattern.dest_map, &pattern.source_map)
            };
            current = self.f.name(source);
            if current != previous {
                if !previous.is_empty() {
                    let _ = writeln!(cases, "      break;\n    }} // case {previous}");
                }
                let _ = writeln!(cases, "    case {target_name}::{current}: {{");
            }
            let mut cond = self.feature_conditions(&pattern.features, dest)?;
            let source_operands = &self.instructions[&source].operands.operands;
            for (op_no, entry) in source_map.iter().enumerate().take(source_operands.len()) {
                if let Some(tied) = entry.tied {
                    if !self.f.is_a(source_operands[op_no].rec, "RegisterClass") {
                        return Err(Fatal::new(&[], "Unexpected tied operand types!\n"));
                    }
                    cond.push(format!("(MI.getOperand({op_no}).isReg()) && (MI.getOperand({tied}).isReg())"));
                    cond.push(format!("(MI.getOperand({op_no}).getReg() ==  MI.getOperand({tied}).getReg())"));
                }
                match entry.data {
                    Data::Operand(_) => {}
                    Data::Imm(value) => {
                        cond.push(format!("(MI.getOperand({op_no}).isImm())"));
                        cond.push(format!("(MI.getOperand({op_no}).getImm() == {value})"));
                    }
                    Data::Reg(reg) => {
                        cond.push(format!("(MI.getOperand({op_no}).isReg())"));
                        cond.push(format!("(MI.getOperand({op_no}).getReg() == {target_name}::{})", self.f.name(reg)));
                    }
                }
            }
            let dest_inst = &self.instructions[&dest];
            let mut code = String::new();
            let _ = writeln!(code, "      // {}", dest_inst.asm_string);
            if compress_or_uncompress {
                let _ = writeln!(code, "      OutInst.setOpcode({target_name}::{});", dest_inst.name);
            }
            for (op_no, operand) in dest_inst.operands.operands.iter().enumerate() {
                let _ = writeln!(code, "      // Operand: {}", operand.name);
                let rec = operand.rec;
                match dest_map[op_no].data {
                    Data::Operand(idx) => {
                        let is_class = self.f.is_a(rec, "RegisterClass");
                        if is_class || self.f.is_a(rec, "RegisterOperand") {
                            let class = if is_class { rec } else { self.f.def(rec, "RegClass")? };
                            if tied_register(operand).is_none() {
                                cond.push(format!("(MI.getOperand({idx}).isReg())"));
                                cond.push(format!(
                                    "({target_name}MCRegisterClasses[{target_name}::{}RegClassID].contains(MI.getOperand({idx}).getReg()))",
                                    self.f.name(class)
                                ));
                            }
                        } else if compress_or_uncompress {
                            let entry = mc_predicates.index(self, rec, "MCOperandPredicate")?;
                            cond.push(format!("{validator}(MI.getOperand({idx}), STI, {entry})"));
                        } else {
                            let entry = imm_predicates.index(self, rec, "ImmediateCode")?;
                            cond.push(format!("MI.getOperand({idx}).isImm()"));
                            cond.push(format!(
                                "{target_name}ValidateMachineOperand(MI.getOperand({idx}), &STI, {entry})"
                            ));
                        }
                        if compress_or_uncompress {
                            let _ = writeln!(code, "      OutInst.addOperand(MI.getOperand({idx}));");
                        }
                    }
                    Data::Imm(value) => {
                        if compress_or_uncompress {
                            let entry = mc_predicates.index(self, rec, "MCOperandPredicate")?;
                            cond.push(format!("{validator}(MCOperand::createImm({value}), STI, {entry})"));
                            let _ = writeln!(code, "      OutInst.addOperand(MCOperand::createImm({value}));");
                        } else {
                            let entry = imm_predicates.index(self, rec, "ImmediateCode")?;
                            cond.push(format!(
                                "{target_name}ValidateMachineOperand(MachineOperand::CreateImm({value}), &STI, {entry})"
                            ));
                        }
                    }
                    Data::Reg(reg) => {
                        if compress_or_uncompress {
                            let _ = writeln!(
                                code,
                                "      OutInst.addOperand(MCOperand::createReg({target_name}::{}));",
                                self.f.name(reg)
                            );
                        }
                    }
                }
            }
            if compress_or_uncompress {
                code.push_str("      OutInst.setLoc(MI.getLoc());\n");
            }
            let cond = cond.join(" &&\n      ");
            let _ = write!(cases, "    if ({cond}) {{\n{code}      return true;\n    }} // if\n");
            previous = current;
        }
        let mc_header = format!(
            "static bool {validator}(const MCOperand &MCOp,\n{INDENT}const MCSubtargetInfo &STI,\n{INDENT}unsigned PredicateIndex) {{\n"
        );
        self.validator19(out, &mc_header, "", ("MCOperandPredicate", "MCOperandPredicate"), &mc_predicates)?;
        let imm_header = format!(
            "static bool {target_name}ValidateMachineOperand(const MachineOperand &MO,\n{INDENT}const {target_name}Subtarget *Subtarget,\n{INDENT}unsigned PredicateIndex) {{\n"
        );
        let imm_prologue = "  int64_t Imm = MO.getImm();\n";
        self.validator19(out, &imm_header, imm_prologue, ("ImmediateCode", "ImmLeaf Predicate"), &imm_predicates)?;
        out.push_str(&head);
        out.push_str(&cases);
        let _ = write!(out, "\n    }} // case {current}\n  }} // switch\n  return false;\n}}\n");
        Ok(())
    }

    /// A validator function of LLVM 19, when any operand uses one: a case per predicate (the
    /// code in its `field`, as written), and a default that names the `kind` of predicate.
    fn validator19(
        &self,
        out: &mut String,
        header: &str,
        prologue: &str,
        (field, kind): (&str, &str),
        predicates: &Predicates,
    ) -> Result<()> {
        if predicates.recs.is_empty() {
            return Ok(());
        }
        let _ = write!(
            out,
            "{header}{prologue}  switch (PredicateIndex) {{\n  default:\n    llvm_unreachable(\"Unknown {kind} kind\");\n    break;\n"
        );
        for (i, &rec) in predicates.recs.iter().enumerate() {
            let code = self.f.string(rec, field)?;
            let _ = write!(out, "  case {}: {{\n  // {}\n  {code}\n  }}\n", i + 1, self.f.name(rec));
        }
        out.push_str("  }\n}\n\n");
        Ok(())
    }
}

/// The continuation indent of a validator's parameters in LLVM 19.
const INDENT: &str = "                  ";

/// `validateArgsTypes`: two dag arguments are the same def.
fn same_def(a: tdq_core::init::Init, b: tdq_core::init::Init) -> bool {
    matches!((a.as_def(), b.as_def()), (Some(x), Some(y)) if x == y)
}

impl CompressPat19 {
    /// Its source and destination instructions.
    pub(super) fn instructions(&self) -> (RecId, RecId) {
        (self.source, self.dest)
    }
}
