//! `--gen-pseudo-lowering`: for each pseudo-instruction with a `PseudoInstExpansion`, the C++
//! that lowers it to the real instruction its `ResultInst` dag names, operand by operand
//! (LLVM's PseudoLoweringEmitter.cpp).

use crate::common::emit::source_file_header;
use crate::{Backend, BackendError, BackendOptions, Output};
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::init::{Init, InitKind};
use tdq_core::types::RecId;
use tdq_core::{phases, ByRelease, Evaluation, Loc};
use tdq_models::records::{derived_definitions, int_value};
use tdq_models::target::info_by_hw_mode::RegisterByHwMode;
use tdq_models::target::instructions::Instruction;
use tdq_models::target::registers::RegBank;
use tdq_models::target::Target;
use tdq_models::{Fatal, Fields};

pub struct GenPseudoLowering;

impl Backend for GenPseudoLowering {
    fn name(&self) -> &'static str {
        "gen-pseudo-lowering"
    }
    fn help(&self) -> &'static str {
        "Generate pseudo instruction lowering"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<()> {
        let form = FORM.get(options.release);
        let target = Target::get(input)?;
        phases::start("Process definitions");
        let mut expansions = Vec::new();
        for &def in pseudo_expansions(input)?.iter() {
            expansions.push(evaluate(input, form, def)?);
        }
        phases::start("Emit expansion code");
        let text = emit(input, form, target.name, &expansions)?;
        out.write_all(text.as_bytes())?;
        Ok(())
    }
}

type Result<T> = std::result::Result<T, BackendError>;

/// How a release maps the result dag's arguments to the real instruction's machine operands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mapping {
    /// By the dag's argument positions (LLVM 19's `addDagOperandMapping`): a constant is put
    /// at its argument's index, an operand marks as many entries as it has machine operands,
    /// and a sub-dag's constants follow it; source operands are then matched by name for the
    /// entries left as operands.
    ByArgument,
    /// By the real instruction's operands (LLVM 22's `addOperandMapping`): each operand, or
    /// each sub-operand of a sub-dag, at its machine operand number, matched with the source
    /// operand of its name, sub-operand counts checked.
    ByOperand,
}

/// What one release's PseudoLoweringEmitter writes.
#[derive(Debug)]
struct Form {
    mapping: Mapping,
    /// The lowering function: LLVM 19's `emitPseudoExpansionLowering` builds a `TmpInst` and
    /// streams it; later releases fill the caller's `Inst` (`lowerPseudoInstExpansion`).
    fills_caller_inst: bool,
    /// A `RegisterByHwMode` operand is a register (LLVM 23).
    registers_by_hw_mode: bool,
}

const FORM_22: Form = Form { mapping: Mapping::ByOperand, fills_caller_inst: true, registers_by_hw_mode: false };

const FORM: ByRelease<Form> = ByRelease {
    v19: Form { mapping: Mapping::ByArgument, fills_caller_inst: false, registers_by_hw_mode: false },
    v22: FORM_22,
    v23: Form { registers_by_hw_mode: true, ..FORM_22 },
};

/// The defs deriving from both `PseudoInstExpansion` and `Instruction`, in name order.
fn pseudo_expansions(input: &Evaluation) -> Result<Vec<RecId>> {
    let expansions = derived_definitions(input, "PseudoInstExpansion")?;
    let instruction = input.records.class("Instruction");
    let Some(instruction) = instruction else {
        return Err(Fatal::new(&[], "The class 'Instruction' is not defined\n").into());
    };
    Ok(expansions.iter().copied().filter(|&d| input.records.get(d).is_subclass_of(instruction)).collect())
}

/// What a machine operand of the real instruction is given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum OpData {
    /// The source's machine operand of this number (LLVM 22), or of this operand (LLVM 19).
    Operand(u32),
    Imm(u64),
    Reg(RecId),
}

struct Expansion {
    source: Instruction,
    dest: Instruction,
    map: Vec<OpData>,
}

fn evaluate(input: &Evaluation, form: &'static Form, rec: RecId) -> Result<Expansion> {
    let f = Fields { input };
    let name = f.name(rec);
    let locs = &input.records.get(rec).locs;
    let result = f.init(rec, "ResultInst")?;
    let InitKind::Dag(op, _, args) = result.kind() else {
        return Err(f.wrong_kind(rec, "ResultInst", "dag").into());
    };
    // LLVM 19 adds a note at the field; later releases say the error alone.
    let fail = |message: String| -> BackendError {
        let mut fatal = Fatal::new(locs, message);
        if form.mapping == Mapping::ByArgument {
            let loc = f.value(rec, "ResultInst").map_or(Loc::NONE, |v| v.loc);
            fatal.0.note_at(&[loc], "Result was assigned at the following location:");
        }
        fatal.into()
    };
    let Some(operator) = op.as_def() else {
        return Err(fail(format!("In pseudo instruction '{name}', result operator is not a record")));
    };
    let operator_name = f.name(operator);
    if !f.is_a(operator, "Instruction") {
        return Err(fail(format!(
            "In pseudo instruction '{name}', result operator '{operator_name}' is not an instruction"
        )));
    }
    let dest = Instruction::read(input, operator)?;
    if dest.flags.is_code_gen_only || dest.flags.is_pseudo {
        return Err(fail(format!(
            "In pseudo instruction '{name}', result operator '{operator_name}' cannot be a pseudo instruction"
        )));
    }
    if dest.operands.operands.len() != args.len() {
        return Err(fail(format!(
            "In pseudo instruction '{name}', result operator '{operator_name}' has the wrong number of operands"
        )));
    }
    let mi_operands: u32 = dest.operands.operands.iter().map(|o| o.mi_num_operands).sum();
    let mut mapper = Mapper { input, f, form, rec, name, locs, map: vec![OpData::Operand(0); mi_operands as usize] };
    let source = match form.mapping {
        Mapping::ByArgument => {
            mapper.by_argument(args, &dest, 0)?;
            let source = Instruction::read(input, rec)?;
            mapper.name_sources_by_argument(args, &dest, &source)?;
            source
        }
        Mapping::ByOperand => {
            let source = Instruction::read(input, rec)?;
            for (index, operand) in dest.operands.operands.iter().enumerate() {
                let mi = operand.mi_operand_no;
                if let InitKind::Dag(_, _, sub_args) = args[index].0.kind() {
                    let info = match operand.mi_operand_info.map(|i| i.kind()) {
                        Some(InitKind::Dag(_, _, info)) if !info.is_empty() => info,
                        _ => {
                            let rec_name = f.name(operand.rec);
                            return Err(mapper.fatal(format!(
                                "In pseudo instruction '{name}', operand '{rec_name}' does not have suboperands"
                            )));
                        }
                    };
                    if operand.mi_num_operands as usize != sub_args.len() {
                        let rec_name = f.name(operand.rec);
                        return Err(mapper.fatal(format!(
                            "In pseudo instruction '{name}', '{}' has wrong number of operands for operand type '{rec_name}'",
                            args[index].0
                        )));
                    }
                    for i in 0..operand.mi_num_operands as usize {
                        let Some(sub_rec) = info[i].0.as_def() else {
                            return Err(mapper.fatal(format!(
                                "In pseudo instruction '{name}', sub-operand #{i} of '{}' is not a record",
                                f.name(operand.rec)
                            )));
                        };
                        mapper.by_operand(mi + i as u32, 1, sub_args, i, sub_rec, &source)?;
                    }
                } else {
                    mapper.by_operand(mi, operand.mi_num_operands, args, index, operand.rec, &source)?;
                }
            }
            source
        }
    };
    Ok(Expansion { source, dest, map: mapper.map })
}

struct Mapper<'a> {
    input: &'a Evaluation,
    f: Fields<'a>,
    form: &'static Form,
    rec: RecId,
    name: &'static str,
    locs: &'a [Loc],
    map: Vec<OpData>,
}

impl Mapper<'_> {
    fn fatal(&self, message: String) -> BackendError {
        Fatal::new(self.locs, message).into()
    }

    /// A physical register operand: a `Register`, `zero_reg`, or (LLVM 23) `RegisterByHwMode`.
    fn is_register(&self, def: RecId) -> bool {
        self.f.is_a(def, "Register")
            || (self.form.registers_by_hw_mode && self.f.is_a(def, "RegisterByHwMode"))
            || self.f.name(def) == "zero_reg"
    }

    fn immediate(&self, value: Init) -> Result<u64> {
        int_value(value)
            .map(|v| v as u64)
            .ok_or_else(|| self.fatal(format!("In pseudo instruction '{}', '{value}' is not an integer", self.name)))
    }

    fn set(&mut self, index: usize, data: OpData) -> Result<()> {
        match self.map.get_mut(index) {
            Some(slot) => {
                *slot = data;
                Ok(())
            }
            None => Err(self.fatal(format!(
                "In pseudo instruction '{}', the result has more operands than its instruction",
                self.name
            ))),
        }
    }

    /// LLVM 22's `addOperandMapping`.
    fn by_operand(
        &mut self,
        mi: u32,
        num_ops: u32,
        dag: &[(Init, Option<&'static str>)],
        index: usize,
        op_rec: RecId,
        source: &Instruction,
    ) -> Result<()> {
        let (arg, arg_name) = dag[index];
        let name = self.name;
        match arg.kind() {
            InitKind::Def(def, _, _) => {
                let def = *def;
                if self.is_register(def) {
                    return self.set(mi as usize, OpData::Reg(def));
                }
                if def != op_rec {
                    return Err(self.fatal(format!(
                        "In pseudo instruction '{name}', operand type '{}' does not match expansion operand type '{}'",
                        self.f.name(def),
                        self.f.name(op_rec)
                    )));
                }
                let arg_name = arg_name.unwrap_or("");
                let Some(src) = source.operands.operands.iter().rev().find(|o| o.name == arg_name) else {
                    return Err(self.fatal(format!(
                        "In pseudo instruction '{name}', output operand '{arg_name}' has no matching source operand"
                    )));
                };
                if num_ops != src.mi_num_operands {
                    return Err(self.fatal(format!(
                        "In pseudo instruction '{name}', output operand '{}' has a different number of sub operands than source operand '{}'",
                        self.f.name(op_rec),
                        self.f.name(src.rec)
                    )));
                }
                for i in 0..num_ops {
                    self.set((mi + i) as usize, OpData::Operand(src.mi_operand_no + i))?;
                }
                Ok(())
            }
            InitKind::Int(_) | InitKind::Bits(_) => {
                let imm = self.immediate(arg)?;
                self.set(mi as usize, OpData::Imm(imm))
            }
            _ => {
                Err(self.fatal(format!("In pseudo instruction '{name}', unhandled pseudo-expansion argument '{arg}'")))
            }
        }
    }

    /// LLVM 19's `addDagOperandMapping`: entries by argument index from `base`; returns how
    /// many it added.
    fn by_argument(&mut self, dag: &[(Init, Option<&'static str>)], dest: &Instruction, base: usize) -> Result<usize> {
        let mut base = base;
        let mut added = 0;
        let name = self.name;
        for (i, &(arg, _)) in dag.iter().enumerate() {
            match arg.kind() {
                InitKind::Def(def, _, _) => {
                    let def = *def;
                    if self.is_register(def) {
                        self.set(base + i, OpData::Reg(def))?;
                        added += 1;
                        continue;
                    }
                    let Some(operand) = dest.operands.operands.get(base + i) else {
                        return Err(self.fatal(format!(
                            "In pseudo instruction '{name}', the result has more operands than its instruction"
                        )));
                    };
                    if def != operand.rec {
                        let mut fatal = Fatal::new(
                            self.locs,
                            format!(
                                "In pseudo instruction '{name}', operand type '{}' does not match expansion operand type '{}'",
                                self.f.name(def),
                                self.f.name(operand.rec)
                            ),
                        );
                        fatal.0.note_at(
                            &self.input.records.get(def).locs,
                            "Value was assigned at the following location:",
                        );
                        return Err(fatal.into());
                    }
                    // LLVM counts the machine operands of the i-th operand, not of base + i.
                    let count = dest.operands.operands.get(i).map_or(0, |o| o.mi_num_operands) as usize;
                    for j in 0..count {
                        self.set(base + i + j, OpData::Operand(0))?;
                    }
                    added += count;
                }
                InitKind::Int(_) | InitKind::Bits(_) => {
                    let imm = self.immediate(arg)?;
                    self.set(base + i, OpData::Imm(imm))?;
                    added += 1;
                }
                InitKind::Dag(_, _, sub_args) => {
                    let new = self.by_argument(sub_args, dest, base + i)?;
                    added += new;
                    base = (base + new).wrapping_sub(1);
                }
                _ => {
                    return Err(self
                        .fatal(format!("In pseudo instruction '{name}', unhandled pseudo-expansion argument '{arg}'")))
                }
            }
        }
        Ok(added)
    }

    /// LLVM 19: each real operand whose first entry is still an operand takes the source
    /// operand of the dag argument's name (the entries hold the source operand's index).
    fn name_sources_by_argument(
        &mut self,
        dag: &[(Init, Option<&'static str>)],
        dest: &Instruction,
        source: &Instruction,
    ) -> Result<()> {
        let name = self.name;
        for (i, operand) in dest.operands.operands.iter().enumerate() {
            let first = operand.mi_operand_no as usize;
            if !matches!(self.map.get(first), Some(OpData::Operand(_))) {
                continue;
            }
            let arg_name = dag.get(i).and_then(|(_, n)| *n).unwrap_or("");
            let Some(src) = source.operands.operands.iter().rposition(|o| o.name == arg_name) else {
                let mut fatal = Fatal::new(
                    self.locs,
                    format!(
                        "In pseudo instruction '{name}', output operand '{arg_name}' has no matching source operand"
                    ),
                );
                let loc = self.f.value(self.rec, "ResultInst").map_or(Loc::NONE, |v| v.loc);
                fatal.0.note_at(&[loc], "Value was assigned at the following location:");
                return Err(fatal.into());
            };
            // LLVM writes the source operand into every entry of the operand, whatever its
            // kind (a register or immediate entry there would be garbage); tdq keeps those.
            for j in 0..operand.mi_num_operands as usize {
                if let Some(OpData::Operand(slot)) = self.map.get_mut(first + j) {
                    *slot = src as u32;
                }
            }
        }
        Ok(())
    }
}

fn emit(input: &Evaluation, form: &Form, target: &str, expansions: &[Expansion]) -> Result<String> {
    let f = Fields { input };
    let mut s = String::new();
    source_file_header(&mut s, "Pseudo-instruction MC lowering Source Fragment", None);
    let inst = if form.fills_caller_inst {
        let _ =
            write!(s, "bool {target}AsmPrinter::\nlowerPseudoInstExpansion(const MachineInstr *MI, MCInst &Inst) {{\n");
        "Inst"
    } else {
        let _ = write!(
            s,
            "bool {target}AsmPrinter::\nemitPseudoExpansionLowering(MCStreamer &OutStreamer,\n                            const MachineInstr *MI) {{\n"
        );
        "TmpInst"
    };
    if expansions.is_empty() {
        s.push_str("  return false;");
    } else {
        if form.fills_caller_inst {
            s.push_str("  Inst.clear();\n");
        }
        s.push_str("  switch (MI->getOpcode()) {\n  default: return false;\n");
        for e in expansions {
            let _ = writeln!(s, "  case {}::{}: {{", e.source.namespace, e.source.name);
            if !form.fills_caller_inst {
                s.push_str("    MCInst TmpInst;\n");
            }
            s.push_str("    MCOperand MCOp;\n");
            let _ = writeln!(s, "    {inst}.setOpcode({}::{});", e.dest.namespace, e.dest.name);
            let mut mi_op = 0usize;
            for operand in &e.dest.operands.operands {
                let _ = writeln!(s, "    // Operand: {}", operand.name);
                if form.mapping == Mapping::ByOperand {
                    mi_op = operand.mi_operand_no as usize;
                }
                for i in 0..operand.mi_num_operands as usize {
                    match e.map[mi_op + i] {
                        OpData::Operand(n) => {
                            let number = match form.mapping {
                                Mapping::ByOperand => n as usize,
                                // LLVM 19 reads the source operand from the operand's first entry.
                                Mapping::ByArgument => {
                                    let OpData::Operand(src) = e.map[mi_op] else {
                                        unreachable!("an operand entry's first entry is an operand")
                                    };
                                    e.source.operands.operands.get(src as usize).map_or(0, |o| o.mi_operand_no as usize)
                                        + i
                                }
                            };
                            let _ = write!(
                                s,
                                "    lowerOperand(MI->getOperand({number}), MCOp);\n    {inst}.addOperand(MCOp);\n"
                            );
                        }
                        OpData::Imm(v) => {
                            let _ = writeln!(s, "    {inst}.addOperand(MCOperand::createImm({v}));");
                        }
                        OpData::Reg(reg) => {
                            let _ = write!(s, "    {inst}.addOperand(MCOperand::createReg(");
                            if f.name(reg) == "zero_reg" {
                                s.push('0');
                            } else if form.registers_by_hw_mode && f.is_a(reg, "RegisterByHwMode") {
                                let (target, bank) = (Target::get(input)?, RegBank::get(input)?);
                                let by_mode = RegisterByHwMode::read(input, &bank, &target.hw_modes, reg)?;
                                s.push_str(
                                    &by_mode.resolver_call(input, "STI->getHwMode(MCSubtargetInfo::HwMode_RegInfo)"),
                                );
                            } else {
                                let _ = write!(s, "{}::{}", f.string(reg, "Namespace")?, f.name(reg));
                            }
                            s.push_str("));\n");
                        }
                    }
                }
                if form.mapping == Mapping::ByArgument {
                    mi_op += operand.mi_num_operands as usize;
                }
            }
            if e.dest.operands.is_variadic {
                let first = match form.mapping {
                    Mapping::ByOperand => e.source.operands.operands.iter().map(|o| o.mi_num_operands).sum::<u32>(),
                    // LLVM 19 starts after as many operands as the source has, plus one.
                    Mapping::ByArgument => e.source.operands.operands.len() as u32 + 1,
                };
                let _ = write!(
                    s,
                    "    // variable_ops\n    for (unsigned i = {first}, e = MI->getNumOperands(); i != e; ++i)\n      if (lowerOperand(MI->getOperand(i), MCOp))\n        {inst}.addOperand(MCOp);\n"
                );
            }
            if !form.fills_caller_inst {
                s.push_str("    EmitToStreamer(OutStreamer, TmpInst);\n");
            }
            s.push_str("    break;\n  }\n");
        }
        s.push_str("  }\n  return true;");
    }
    s.push_str("\n}\n\n");
    Ok(s)
}
