//! The target's instruction aliases (LLVM's `CodeGenInstAlias`): each `InstAlias` def's
//! result instruction and the operands its result dag gives that instruction, matched against
//! the instruction's operands as the release does (LLVM 19's `tryAliasOpMatch`, which tries
//! the whole operand and then its sub-operands; LLVM 22's simple and complex operands, where a
//! complex operand is given whole or as a dag of its sub-operands).
//!
//! The assembly writer reads the aliases it prints (`EmitPriority` above 0) and the assembly
//! matcher all of them, so each alias keeps its own outcome: a backend meets the error of the
//! first alias it reads, as llvm-tblgen does.

use crate::records::{derived_definitions, int_value, Fatal, Fields};
use crate::target::instructions::{Constraint, Instruction, Instructions, Operand};
use crate::target::registers::RegBank;
use std::collections::HashMap;
use std::sync::Arc;
use tdq_core::init::{Init, InitKind};
use tdq_core::types::RecId;
use tdq_core::{ByRelease, Evaluation, Loc};

type Result<T> = std::result::Result<T, Fatal>;

/// How a release matches a result dag's arguments to the instruction's operands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Matching {
    /// `tryAliasOpMatch`: an argument matches the whole operand (an operand with sub-operands
    /// and no custom match class is then split into `$name.sub` operands), else each
    /// sub-operand takes an argument of its own (LLVM 19).
    WholeThenSubOperands,
    /// `matchSimpleOperand`/`matchComplexOperand`: a complex operand takes one `Operand`
    /// argument or a dag of one argument per sub-operand (LLVM 22 on).
    SimpleOrComplex,
}

/// What differs between releases in reading aliases.
#[derive(Debug)]
struct Rules {
    matching: Matching,
    /// A `RegisterByHwMode` argument of a register-class operand is a fixed register (LLVM 23).
    register_by_hw_mode: bool,
}

const RULES_22: Rules = Rules { matching: Matching::SimpleOrComplex, register_by_hw_mode: false };

const RULES: ByRelease<Rules> = ByRelease {
    v19: Rules { matching: Matching::WholeThenSubOperands, ..RULES_22 },
    v22: RULES_22,
    v23: Rules { register_by_hw_mode: true, ..RULES_22 },
};

/// One operand the alias gives its result instruction (`CodeGenInstAlias::ResultOperand`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResultOperand {
    /// An operand of the alias's own syntax (`GPR:$rd`, `imm:$off`): its name and record.
    Record { name: String, rec: RecId },
    /// A literal value.
    Imm(i64),
    /// A fixed register; `None` for `zero_reg`.
    Reg(Option<RecId>),
}

impl ResultOperand {
    /// `getMINumOperands`: how many machine operands it stands for (an `Operand`'s
    /// `MIOperandInfo` arguments, or one).
    pub fn mi_num_operands(&self, input: &Evaluation) -> Result<u32> {
        let ResultOperand::Record { rec, .. } = self else {
            return Ok(1);
        };
        let f = Fields { input };
        if !f.is_a(*rec, "Operand") {
            return Ok(1);
        }
        let (_, _, args) = dag(&f, *rec, "MIOperandInfo")?;
        Ok(args.len().max(1) as u32)
    }
}

/// One `InstAlias` def, read (`CodeGenInstAlias`).
#[derive(Clone, Debug)]
pub struct InstAlias {
    pub def: RecId,
    /// `AsmString`.
    pub asm_string: &'static str,
    /// `ResultInst`, the dag.
    pub result: Init,
    /// The instruction the alias stands for.
    pub result_inst: RecId,
    pub result_operands: Vec<ResultOperand>,
    /// For each result operand, the instruction operand and sub-operand (`None`: the whole
    /// operand) it gives.
    pub result_inst_operand_index: Vec<(u32, Option<u32>)>,
}

/// Every `InstAlias` def in name order, each read or with the error reading it gave.
#[derive(Debug)]
pub struct InstAliases {
    pub all: Vec<(RecId, Result<InstAlias>)>,
}

impl InstAliases {
    /// The aliases of `input`, read once. No `InstAlias` class is LLVM's error of
    /// `getAllDerivedDefinitions`.
    pub fn get(input: &Evaluation) -> Result<Arc<InstAliases>> {
        crate::computed(input, || {
            let defs = derived_definitions(input, "InstAlias")?;
            let instructions = Instructions::get(input)?;
            let bank = RegBank::get(input)?;
            let reader = Reader {
                input,
                f: Fields { input },
                rules: RULES.get(input.records.release),
                instructions: &instructions,
                bank: &bank,
            };
            let all = defs.iter().map(|&def| (def, reader.read(def))).collect();
            Ok(InstAliases { all })
        })
    }
}

/// A dag's arguments, each with its name.
type DagArgs = &'static [(Init, Option<&'static str>)];

/// `getValueAsDag`: the field's dag (operator, name, arguments).
fn dag(f: &Fields, rec: RecId, field: &str) -> Result<(Init, Option<&'static str>, DagArgs)> {
    match f.init(rec, field)?.kind() {
        InitKind::Dag(op, name, args) => Ok((*op, *name, args)),
        _ => {
            let name = f.input.records.get(rec).name_string();
            Err(Fatal::new(
                &f.input.records.get(rec).locs,
                format!("Record `{name}', field `{field}' does not have a dag initializer!"),
            ))
        }
    }
}

/// `getTiedRegister`: the machine operand an operand's first tied constraint names.
pub fn tied_register(op: &Operand) -> Option<u32> {
    op.constraints.iter().find_map(|c| match c {
        Constraint::Tied(n) => Some(*n),
        _ => None,
    })
}

/// Whether an operand of one machine operand is tied to an operand of the same record, so
/// that aliases leave it out. LLVM indexes the operand list with the tied machine operand's
/// number.
pub fn is_skipped_tied_operand(inst: &Instruction, op: &Operand) -> bool {
    if op.mi_num_operands != 1 {
        return false;
    }
    match tied_register(op).and_then(|n| inst.operands.operands.get(n as usize)) {
        Some(tied) => tied.rec == op.rec,
        None => false,
    }
}

struct Reader<'a> {
    input: &'a Evaluation,
    f: Fields<'a>,
    rules: &'static Rules,
    instructions: &'a Instructions,
    bank: &'a RegBank,
}

/// A failure to match one argument (22's `createStringError`), worded later with where.
type Mismatch = String;

impl Reader<'_> {
    fn locs(&self, rec: RecId) -> &[Loc] {
        &self.input.records.get(rec).locs
    }

    fn read(&self, def: RecId) -> Result<InstAlias> {
        let f = &self.f;
        let locs = self.locs(def);
        let (op, _, args) = dag(f, def, "ResultInst")?;
        let result = f.init(def, "ResultInst")?;
        let asm_string = f.string(def, "AsmString")?;
        let inst_def = match op.kind() {
            InitKind::Def(id, ..) if f.is_a(*id, "Instruction") => *id,
            _ => return Err(Fatal::new(locs, "result of inst alias should be an instruction")),
        };
        let Some(inst) = self.instructions.get_def(inst_def) else {
            return Err(Fatal::new(locs, "result of inst alias should be an instruction"));
        };
        let mut name_class: HashMap<&str, RecId> = HashMap::new();
        for (arg, name) in args.iter() {
            let (Some(arg_def), Some(name)) = (arg.as_def(), name) else {
                continue;
            };
            match name_class.get(name) {
                Some(&entry) if entry != arg_def => {
                    return Err(Fatal::new(
                        locs,
                        format!("result value ${name} is both {} and {}!", f.name(entry), f.name(arg_def)),
                    ))
                }
                _ => {
                    name_class.insert(name, arg_def);
                }
            }
        }
        let mut alias = InstAlias {
            def,
            asm_string,
            result,
            result_inst: inst_def,
            result_operands: Vec::new(),
            result_inst_operand_index: Vec::new(),
        };
        match self.rules.matching {
            Matching::WholeThenSubOperands => self.match_19(&mut alias, inst, args)?,
            Matching::SimpleOrComplex => self.match_22(&mut alias, inst, args)?,
        }
        Ok(alias)
    }

    /// LLVM 22's loop over the result instruction's operands.
    fn match_22(&self, alias: &mut InstAlias, inst: &Instruction, args: DagArgs) -> Result<()> {
        let f = &self.f;
        let def = alias.def;
        let locs = self.locs(def);
        let mut arg_idx = 0;
        for (op_idx, op) in inst.operands.operands.iter().enumerate() {
            if is_skipped_tied_operand(inst, op) {
                continue;
            }
            let Some(&(arg, arg_name)) = args.get(arg_idx) else {
                return Err(Fatal::new(locs, "not enough arguments for instruction!"));
            };
            let sub_ops = match op.mi_operand_info.map(|i| i.kind()) {
                Some(InitKind::Dag(_, _, sub_ops)) if f.is_a(op.rec, "Operand") && !sub_ops.is_empty() => Some(sub_ops),
                _ => None,
            };
            if let Some(sub_ops) = sub_ops {
                if let InitKind::Dag(operator, _, sub_args) = arg.kind() {
                    let op_name = f.name(op.rec);
                    if operator.as_def().is_none_or(|o| f.name(o) != op_name) {
                        return Err(Fatal::new(locs, format!("argument #{arg_idx} operator must be {op_name}")));
                    }
                    if sub_args.len() != sub_ops.len() {
                        return Err(Fatal::new(
                            locs,
                            format!("argument #{arg_idx} must have exactly {} sub-arguments", sub_ops.len()),
                        ));
                    }
                    for (sub_idx, ((sub_arg, sub_name), (sub_op, _))) in sub_args.iter().zip(sub_ops.iter()).enumerate()
                    {
                        let matched = match sub_op.as_def() {
                            Some(sub_op) => self.match_simple(*sub_arg, *sub_name, sub_op, locs)?,
                            None => Err("argument must be a subclass of Operand".to_string()),
                        };
                        let operand =
                            matched.map_err(|e| Fatal::new(locs, format!("in argument #{arg_idx}.{sub_idx}: {e}")))?;
                        alias.result_operands.push(operand);
                        alias.result_inst_operand_index.push((op_idx as u32, Some(sub_idx as u32)));
                    }
                } else {
                    let operand = match (arg.as_def(), arg_name) {
                        (Some(d), Some(name)) if f.is_a(d, "Operand") => {
                            Ok(ResultOperand::Record { name: name.to_string(), rec: d })
                        }
                        (Some(d), None) if f.is_a(d, "Operand") => Err("argument must have a name"),
                        _ => Err("argument must be a subclass of Operand"),
                    };
                    let operand = operand.map_err(|e| Fatal::new(locs, format!("in argument #{arg_idx}: {e}")))?;
                    alias.result_operands.push(operand);
                    alias.result_inst_operand_index.push((op_idx as u32, None));
                }
            } else {
                let operand = self
                    .match_simple(arg, arg_name, op.rec, locs)?
                    .map_err(|e| Fatal::new(locs, format!("in argument #{arg_idx}: {e}")))?;
                alias.result_operands.push(operand);
                alias.result_inst_operand_index.push((op_idx as u32, None));
            }
            arg_idx += 1;
        }
        if arg_idx != args.len() {
            return Err(Fatal::new(locs, "too many operands for instruction!"));
        }
        Ok(())
    }

    /// `getAsRegClassLike`: the register class a register operand or class-like record is.
    fn as_reg_class_like(&self, rec: RecId) -> Result<Option<RecId>> {
        let f = &self.f;
        if f.is_a(rec, "RegisterOperand") {
            return f.def(rec, "RegClass").map(Some);
        }
        Ok(f.is_a(rec, "RegisterClassLike").then_some(rec))
    }

    /// `getRegisterClass(Def, Loc)` of LLVM 22: the class, or an error at the alias.
    fn class_at(&self, class: RecId, locs: &[Loc]) -> Result<usize> {
        if let Some(c) = self.bank.class_of(class) {
            return Ok(c);
        }
        let name = self.f.name(class);
        let message = if self.f.is_a(class, "RegClassByHwMode") {
            format!("cannot resolve HwMode for {name}")
        } else {
            format!("{name} is not a known RegisterClass!")
        };
        let mut fatal = Fatal::new(locs, message);
        fatal.note(self.locs(class), format!("{name} defined here"));
        Err(fatal)
    }

    /// `matchSimpleOperand`: an argument for an operand of one machine operand.
    fn match_simple(
        &self,
        arg: Init,
        arg_name: Option<&'static str>,
        op: RecId,
        locs: &[Loc],
    ) -> Result<std::result::Result<ResultOperand, Mismatch>> {
        let f = &self.f;
        if let Some(op_rc) = self.as_reg_class_like(op)? {
            if let Some(arg_rec) = arg.as_def() {
                if let Some(arg_rc) = self.as_reg_class_like(arg_rec)? {
                    if self.rules.register_by_hw_mode && f.is_a(arg_rec, "RegisterByHwMode") {
                        return Ok(Ok(ResultOperand::Reg(Some(arg_rec))));
                    }
                    if f.is_a(arg_rc, "RegisterClass") {
                        let subclass = f.is_a(op_rc, "RegisterClass") && {
                            let op_class = self.class_at(op_rc, locs)?;
                            let arg_class = self.class_at(arg_rc, locs)?;
                            self.bank.classes[op_class].has_sub_class(arg_class)
                        };
                        if !subclass {
                            return Ok(Err(format!(
                                "argument register class {} is not a subclass of operand register class {}",
                                f.name(arg_rc),
                                f.name(op_rc)
                            )));
                        }
                        if arg_name.is_none() {
                            return Ok(Err("register class argument must have a name".into()));
                        }
                    }
                    let name = arg_name.unwrap_or("").to_string();
                    return Ok(Ok(ResultOperand::Record { name, rec: arg_rec }));
                }
                if f.is_a(arg_rec, "Register") {
                    let class = self.class_at(op_rc, locs)?;
                    let member =
                        self.bank.register_of(arg_rec).is_some_and(|reg| self.bank.classes[class].contains(reg));
                    if !member {
                        return Ok(Err(format!(
                            "register argument {} is not a member of operand register class {}",
                            f.name(arg_rec),
                            f.name(op_rc)
                        )));
                    }
                    if arg_name.is_some() {
                        return Ok(Err("register argument must not have a name".into()));
                    }
                    return Ok(Ok(ResultOperand::Reg(Some(arg_rec))));
                }
                if f.name(arg_rec) == "zero_reg" {
                    if arg_name.is_some() {
                        return Ok(Err("register argument must not have a name".into()));
                    }
                    return Ok(Ok(ResultOperand::Reg(None)));
                }
            }
            return Ok(Err("argument must be a subclass of RegisterClass, RegisterOperand, or zero_reg".into()));
        }
        if f.is_a(op, "Operand") {
            if let Some(value) = as_int(arg) {
                if arg_name.is_some() {
                    return Ok(Err("integer argument must not have a name".into()));
                }
                return Ok(Ok(ResultOperand::Imm(value)));
            }
            if let Some(arg_def) = arg.as_def().filter(|&d| f.is_a(d, "Operand")) {
                let Some(name) = arg_name else {
                    return Ok(Err("argument must have a name".into()));
                };
                return Ok(Ok(ResultOperand::Record { name: name.to_string(), rec: arg_def }));
            }
        }
        Ok(Err(format!("argument must be a subclass of 'Operand' but got {} instead", f.name(op))))
    }

    /// LLVM 19's loop over the result instruction's operands.
    fn match_19(&self, alias: &mut InstAlias, inst: &Instruction, args: DagArgs) -> Result<()> {
        let f = &self.f;
        let locs = self.locs(alias.def);
        let mut alias_op_no = 0;
        for (i, op) in inst.operands.operands.iter().enumerate() {
            if is_skipped_tied_operand(inst, op) {
                continue;
            }
            if alias_op_no >= args.len() {
                return Err(Fatal::new(locs, "not enough arguments for instruction!"));
            }
            let num_sub_ops = op.mi_num_operands;
            let sub_info = match op.mi_operand_info.map(|i| i.kind()) {
                Some(InitKind::Dag(_, _, sub)) => &sub[..],
                _ => &[],
            };
            if let Some(operand) = self.try_alias_op_match(args, alias_op_no, op.rec, num_sub_ops > 1, locs)? {
                let whole = num_sub_ops == 1
                    || match f.value(op.rec, "ParserMatchClass") {
                        Some(_) => {
                            let class = f.def(op.rec, "ParserMatchClass")?;
                            f.string(class, "Name")? != "Imm"
                        }
                        None => false,
                    };
                if whole {
                    alias.result_operands.push(operand);
                    alias.result_inst_operand_index.push((i as u32, None));
                } else {
                    let arg_name = args[alias_op_no].1.unwrap_or("");
                    for sub in 0..num_sub_ops as usize {
                        let Some(&(sub_op, sub_name)) = sub_info.get(sub) else {
                            break;
                        };
                        let Some(sub_rec) = sub_op.as_def() else {
                            return Err(Fatal::new(locs, "sub-operand is not a record"));
                        };
                        let name = format!("{arg_name}.{}", sub_name.unwrap_or(""));
                        alias.result_operands.push(ResultOperand::Record { name, rec: sub_rec });
                        alias.result_inst_operand_index.push((i as u32, Some(sub as u32)));
                    }
                }
                alias_op_no += 1;
                continue;
            }
            if num_sub_ops > 1 {
                for sub in 0..num_sub_ops as usize {
                    if alias_op_no >= args.len() {
                        return Err(Fatal::new(locs, "not enough arguments for instruction!"));
                    }
                    let Some(sub_rec) = sub_info.get(sub).and_then(|(v, _)| v.as_def()) else {
                        return Err(Fatal::new(locs, "sub-operand is not a record"));
                    };
                    match self.try_alias_op_match(args, alias_op_no, sub_rec, false, locs)? {
                        Some(operand) => {
                            alias.result_operands.push(operand);
                            alias.result_inst_operand_index.push((i as u32, Some(sub as u32)));
                            alias_op_no += 1;
                        }
                        None => {
                            let class = if sub == 0 { f.name(op.rec) } else { f.name(sub_rec) };
                            return Err(Fatal::new(
                                locs,
                                format!(
                                    "result argument #{alias_op_no} does not match instruction operand class {class}"
                                ),
                            ));
                        }
                    }
                }
                continue;
            }
            return Err(Fatal::new(
                locs,
                format!("result argument #{alias_op_no} does not match instruction operand class {}", f.name(op.rec)),
            ));
        }
        if alias_op_no != args.len() {
            return Err(Fatal::new(locs, "too many operands for instruction!"));
        }
        Ok(())
    }

    /// LLVM 19's `tryAliasOpMatch`: whether argument `no` matches operand record `inst_op`.
    fn try_alias_op_match(
        &self,
        args: DagArgs,
        no: usize,
        mut inst_op: RecId,
        has_sub_ops: bool,
        locs: &[Loc],
    ) -> Result<Option<ResultOperand>> {
        let f = &self.f;
        let (arg, arg_name) = args[no];
        let result_record = arg.as_def();
        let name = || arg_name.unwrap_or("").to_string();
        if let Some(rec) = result_record.filter(|&r| r == inst_op) {
            if arg_name.is_none() {
                return Err(Fatal::new(locs, format!("result argument #{no} must have a name!")));
            }
            return Ok(Some(ResultOperand::Record { name: name(), rec }));
        }
        if f.is_a(inst_op, "RegisterOperand") {
            inst_op = f.def(inst_op, "RegClass")?;
        }
        let mut adi = result_record;
        if let Some(d) = adi.filter(|&d| f.is_a(d, "RegisterOperand")) {
            adi = Some(f.def(d, "RegClass")?);
        }
        if let Some(d) = adi.filter(|&d| f.is_a(d, "RegisterClass")) {
            if !f.is_a(inst_op, "RegisterClass") {
                return Ok(None);
            }
            let op_class = self.bank.class(self.input, inst_op)?;
            let arg_class = self.bank.class(self.input, d)?;
            if !self.bank.classes[op_class].has_sub_class(arg_class) {
                return Ok(None);
            }
            return Ok(result_record.map(|rec| ResultOperand::Record { name: name(), rec }));
        }
        if let Some(d) = adi.filter(|&d| f.is_a(d, "Register")) {
            if f.is_a(inst_op, "OptionalDefOperand") {
                let (_, _, info) = dag(f, inst_op, "MIOperandInfo")?;
                match info.first().and_then(|(v, _)| v.as_def()) {
                    Some(reg_class) => inst_op = reg_class,
                    None => return Ok(None),
                }
            }
            if !f.is_a(inst_op, "RegisterClass") {
                return Ok(None);
            }
            let class = self.bank.class(self.input, inst_op)?;
            if !self.bank.register_of(d).is_some_and(|reg| self.bank.classes[class].contains(reg)) {
                return Err(Fatal::new(
                    locs,
                    format!("fixed register {} is not a member of the {} register class!", f.name(d), f.name(inst_op)),
                ));
            }
            if arg_name.is_some() {
                return Err(Fatal::new(locs, "result fixed register argument must not have a name!"));
            }
            return Ok(Some(ResultOperand::Reg(Some(d))));
        }
        if adi.is_some_and(|d| f.name(d) == "zero_reg") {
            return Ok(Some(ResultOperand::Reg(None)));
        }
        if let InitKind::Int(value) = arg.kind() {
            if has_sub_ops || !f.is_a(inst_op, "Operand") {
                return Ok(None);
            }
            if arg_name.is_some() {
                return Err(Fatal::new(locs, format!("result argument #{no} must not have a name!")));
            }
            return Ok(Some(ResultOperand::Imm(*value)));
        }
        if let InitKind::Bits(_) = arg.kind() {
            if has_sub_ops || !f.is_a(inst_op, "Operand") {
                return Ok(None);
            }
            return Ok(int_value(arg).map(ResultOperand::Imm));
        }
        if let Some(d) = adi.filter(|&d| f.is_a(inst_op, "Operand") && f.is_a(d, "Operand")) {
            if f.init(inst_op, "Type")? != f.init(d, "Type")? {
                return Ok(None);
            }
            return Ok(Some(ResultOperand::Record { name: name(), rec: d }));
        }
        Ok(None)
    }
}

/// `convertInitializerTo(IntRecTy)` as an integer: an int, a bit, or complete bits.
fn as_int(value: Init) -> Option<i64> {
    match value.kind() {
        InitKind::Bit(b) => Some(i64::from(*b)),
        _ => int_value(value),
    }
}
