//! The target's instructions (LLVM's `CodeGenInstruction`, its operand list `CGIOperandList`,
//! and `CodeGenTarget::getInstructions`/`getInstructionsByEnumValue`): each `Instruction` def's
//! operands (with their sub-operands, printing and encoding methods, constraints), flags as the
//! record states them, implicit defs and uses, and the order of the target's instruction enum.
//!
//! Instructions are read in name order, as LLVM constructs them, so that the first error is
//! LLVM's. What LLVM infers from patterns (`hasChain`, the flags left unset) is not here: that is
//! the pattern model's.

use crate::records::{derived_definitions, Fatal, Fields};
use std::collections::HashMap;
use std::sync::Arc;
use tdq_core::init::{Init, InitKind};
use tdq_core::types::RecId;
use tdq_core::{ByRelease, Evaluation};

type Result<T> = std::result::Result<T, Fatal>;

/// What differs between releases in how instructions are read.
#[derive(Debug)]
struct Rules {
    /// The class an operand derives from to be a register operand (`OPERAND_REGISTER`).
    register_class: &'static str,
    /// A sub-operand name list is checked against the operand's `MIOperandInfo`, with its own
    /// message when the operand has none (LLVM 22 on); LLVM 19 compares it with the number of
    /// machine operands and ends its message with a period.
    sub_args_need_sub_operands: bool,
    /// `DisableEncoding` names operands not to encode, and an operand with its own encoder
    /// method encodes its sub-operands itself (LLVM 19).
    disable_encoding: bool,
    /// `TargetSpecializedStandardPseudoInstruction` defs get no value in the enum (LLVM 22 on).
    skip_specialized_pseudos: bool,
}

const RULES_19: Rules = Rules {
    register_class: "RegisterClass",
    sub_args_need_sub_operands: false,
    disable_encoding: true,
    skip_specialized_pseudos: false,
};

const RULES_22: Rules = Rules {
    register_class: "RegisterClassLike",
    sub_args_need_sub_operands: true,
    disable_encoding: false,
    skip_specialized_pseudos: true,
};

const RULES: ByRelease<Rules> = ByRelease { v19: RULES_19, v22: RULES_22, v23: RULES_22 };

/// A constraint on one machine operand (`CGIOperandList::ConstraintInfo`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Constraint {
    #[default]
    None,
    /// `@earlyclobber $op`.
    EarlyClobber,
    /// `$src = $dst`: tied to the machine operand with this flat number.
    Tied(u32),
}

/// One operand of an instruction (`CGIOperandList::OperandInfo`).
#[derive(Clone, Debug)]
pub struct Operand {
    /// The operand's def: an `Operand`, `RegisterOperand`, register class, pointer-like class...
    pub rec: RecId,
    /// Its name in the operand list (without `$`).
    pub name: &'static str,
    /// Names given to its sub-operands (`(ops $a, $b):$name`), empty where none.
    pub sub_op_names: Vec<&'static str>,
    /// `PrintMethod` (`printOperand` by default).
    pub print_method: &'static str,
    /// The encoder method of each machine operand, empty where none.
    pub encoder_methods: Vec<&'static str>,
    /// `Namespace::Type`, e.g. `MCOI::OPERAND_REGISTER`.
    pub operand_type: String,
    /// The number of its first machine operand.
    pub mi_operand_no: u32,
    /// How many machine operands it is (its `MIOperandInfo`'s arguments, or one).
    pub mi_num_operands: u32,
    /// `MIOperandInfo`, for `Operand` defs.
    pub mi_operand_info: Option<Init>,
    /// The constraint on each machine operand.
    pub constraints: Vec<Constraint>,
    /// Each machine operand is left out of the encoding (LLVM 19's `DisableEncoding`).
    pub do_not_encode: Vec<bool>,
}

/// An instruction's operands (`CGIOperandList`): the outputs, then the inputs.
#[derive(Clone, Debug, Default)]
pub struct OperandList {
    pub operands: Vec<Operand>,
    /// How many of `operands` are outputs (`variable_ops` among the outputs not counted).
    pub num_defs: u32,
    /// An operand derives from `PredicateOp`.
    pub is_predicable: bool,
    /// An operand derives from `OptionalDefOperand`.
    pub has_optional_def: bool,
    /// The list has `variable_ops`.
    pub is_variadic: bool,
    /// Sub-operand names to (operand, sub-operand).
    pub sub_op_aliases: HashMap<&'static str, (u32, u32)>,
}

impl OperandList {
    /// `findOperandNamed`: the index of the operand of this name.
    pub fn find_operand_named(&self, name: &str) -> Option<usize> {
        self.operands.iter().position(|op| op.name == name)
    }

    /// `getSubOperandNumber`: the operand a flat machine operand number falls in, and which of
    /// its machine operands it is.
    pub fn sub_operand_number(&self, flat: u32) -> Option<(usize, u32)> {
        let i = self.operands.iter().position(|op| op.mi_operand_no + op.mi_num_operands > flat)?;
        Some((i, flat - self.operands[i].mi_operand_no))
    }
}

/// One instruction, as LLVM's `CodeGenInstruction` reads it.
#[derive(Clone, Debug)]
pub struct Instruction {
    pub def: RecId,
    pub name: &'static str,
    pub namespace: &'static str,
    pub asm_string: &'static str,
    pub operands: OperandList,
    pub flags: Flags,
    /// `mayLoad`, `mayStore`, `hasSideEffects`: `None` where the record leaves them `?`.
    pub may_load: Option<bool>,
    pub may_store: Option<bool>,
    pub has_side_effects: Option<bool>,
    /// `Defs` and `Uses`.
    pub implicit_defs: Vec<RecId>,
    pub implicit_uses: Vec<RecId>,
    /// `ComplexDeprecationPredicate`'s name, or `DeprecatedFeatureMask` as written, or empty.
    pub deprecated_reason: String,
    pub has_complex_deprecation_predicate: bool,
    /// `Inst` is a dag (a variable-length encoding).
    pub variable_length_encoding: bool,
}

macro_rules! flags {
    ($($field:ident: $name:literal,)*) => {
        /// The instruction's bits that the record states (`isReturn`, `isCall`, ...).
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        pub struct Flags {
            $(#[doc = concat!("`", $name, "`.")] pub $field: bool,)*
        }
    };
}

flags! {
    is_pre_isel_opcode: "isPreISelOpcode",
    is_return: "isReturn",
    is_eh_scope_return: "isEHScopeReturn",
    is_branch: "isBranch",
    is_indirect_branch: "isIndirectBranch",
    is_compare: "isCompare",
    is_move_imm: "isMoveImm",
    is_move_reg: "isMoveReg",
    is_bitcast: "isBitcast",
    is_select: "isSelect",
    is_barrier: "isBarrier",
    is_call: "isCall",
    is_add: "isAdd",
    is_trap: "isTrap",
    can_fold_as_load: "canFoldAsLoad",
    is_predicable: "isPredicable (unless isUnpredicable; or a predicate operand)",
    is_convertible_to_three_address: "isConvertibleToThreeAddress",
    is_commutable: "isCommutable",
    is_terminator: "isTerminator",
    is_re_materializable: "isReMaterializable",
    has_delay_slot: "hasDelaySlot",
    uses_custom_inserter: "usesCustomInserter",
    has_post_isel_hook: "hasPostISelHook",
    has_ctrl_dep: "hasCtrlDep",
    is_not_duplicable: "isNotDuplicable",
    is_reg_sequence: "isRegSequence",
    is_extract_subreg: "isExtractSubreg",
    is_insert_subreg: "isInsertSubreg",
    is_convergent: "isConvergent",
    has_no_scheduling_info: "hasNoSchedulingInfo",
    fast_isel_should_ignore: "FastISelShouldIgnore",
    variadic_ops_are_defs: "variadicOpsAreDefs",
    is_authenticated: "isAuthenticated",
    may_raise_fp_exception: "mayRaiseFPException",
    is_as_cheap_as_a_move: "isAsCheapAsAMove",
    has_extra_src_reg_alloc_req: "hasExtraSrcRegAllocReq",
    has_extra_def_reg_alloc_req: "hasExtraDefRegAllocReq",
    is_code_gen_only: "isCodeGenOnly",
    is_pseudo: "isPseudo",
    is_meta: "isMeta",
}

/// The target's instructions (`CodeGenTarget::getInstructions`), in name order, and their
/// order in the target's enum.
#[derive(Debug)]
pub struct Instructions {
    /// Every `Instruction` def, in name order.
    pub all: Vec<Instruction>,
    /// Indexes into `all` in enum order: the target-independent instructions of the release's
    /// `TargetOpcodes.def`, then pseudo-instructions by name, then the others by name.
    pub by_enum: Vec<usize>,
    /// Each instruction's index in `all`, by def.
    index: HashMap<RecId, usize>,
    /// Each instruction's enum value, by def.
    values: HashMap<RecId, u32>,
    /// How many of `by_enum` are the release's target-independent instructions.
    num_fixed: usize,
}

impl Instructions {
    /// The instructions of `input`, computed once. Fewer than three `Instruction` defs is
    /// LLVM's "No 'Instruction' subclasses defined!"; a target-independent instruction missing
    /// is "Could not find 'X' instruction!".
    pub fn get(input: &Evaluation) -> Result<Arc<Instructions>> {
        crate::computed(input, || Instructions::compute(input))
    }

    fn compute(input: &Evaluation) -> Result<Instructions> {
        let rules = RULES.get(input.records.release);
        let defs = derived_definitions(input, "Instruction")?;
        if defs.len() <= 2 {
            return Err(Fatal::new(&[], "No 'Instruction' subclasses defined!"));
        }
        let mut all = Vec::with_capacity(defs.len());
        for &def in defs.iter() {
            all.push(read_instruction(input, rules, def)?);
        }
        let index: HashMap<RecId, usize> = all.iter().enumerate().map(|(i, inst)| (inst.def, i)).collect();
        let mut by_enum = Vec::with_capacity(all.len());
        for name in crate::target_opcodes::target_opcodes(input.records.release) {
            match input.records.def(name).and_then(|def| index.get(&def)) {
                Some(&i) => by_enum.push(i),
                None => return Err(Fatal::new(&[], format!("Could not find '{name}' instruction!"))),
            }
        }
        let num_fixed = by_enum.len();
        let f = Fields { input };
        let mut rest = Vec::new();
        for (i, inst) in all.iter().enumerate() {
            if inst.namespace == "TargetOpcode" {
                continue;
            }
            if rules.skip_specialized_pseudos && f.is_a(inst.def, "TargetSpecializedStandardPseudoInstruction") {
                continue;
            }
            rest.push((!inst.flags.is_pseudo, inst.name, i));
        }
        rest.sort_unstable();
        by_enum.extend(rest.into_iter().map(|(_, _, i)| i));
        let values = by_enum.iter().enumerate().map(|(value, &i)| (all[i].def, value as u32)).collect();
        Ok(Instructions { all, by_enum, index, values, num_fixed })
    }

    /// The instruction `def` is, if it is one.
    pub fn get_def(&self, def: RecId) -> Option<&Instruction> {
        self.index.get(&def).map(|&i| &self.all[i])
    }

    /// `CodeGenTarget::getInstrIntValue`: the instruction's value in the target's enum.
    pub fn enum_value(&self, def: RecId) -> Option<u32> {
        self.values.get(&def).copied()
    }

    /// The instructions in enum order.
    pub fn in_enum_order(&self) -> impl Iterator<Item = &Instruction> {
        self.by_enum.iter().map(|&i| &self.all[i])
    }

    /// `getTargetInstructions`: the instructions in enum order after the target-independent
    /// ones (its pseudo-instructions first).
    pub fn target_instructions(&self) -> impl Iterator<Item = &Instruction> {
        self.by_enum[self.num_fixed..].iter().map(|&i| &self.all[i])
    }

    /// `CodeGenTarget::getInstNamespace`: the namespace of the first instruction in enum order
    /// that is not target-independent.
    pub fn namespace(&self) -> &'static str {
        self.in_enum_order().map(|inst| inst.namespace).find(|&ns| ns != "TargetOpcode").unwrap_or("")
    }
}

impl Instruction {
    /// One instruction read alone, as a backend that makes its own `CodeGenInstruction` of a
    /// def does (the pseudo-instruction lowering reads its expansions' instructions so).
    pub fn read(input: &Evaluation, def: RecId) -> Result<Instruction> {
        read_instruction(input, RULES.get(input.records.release), def)
    }
}

/// The dag of an operand list, checked to be `(outs ...)` or `(ins ...)`.
fn operand_dag(
    f: &Fields,
    inst: RecId,
    field: &str,
    operator: &str,
    what: &str,
) -> Result<&'static [(Init, Option<&'static str>)]> {
    let value = f.init(inst, field)?;
    let InitKind::Dag(op, _, args) = value.kind() else {
        return Err(f.wrong_kind(inst, field, "dag"));
    };
    let name = f.name(inst);
    let locs = &f.input.records.get(inst).locs;
    match op.as_def() {
        Some(def) if f.name(def) == operator => Ok(args),
        Some(_) => Err(Fatal::new(locs, format!("{name}: invalid def name for {what} list: use '{operator}'"))),
        None => Err(Fatal::new(locs, format!("{name}: invalid {what} list: use '{operator}'"))),
    }
}

/// The target's own instruction defs, in name order, without reading them: every def deriving
/// from `Instruction` but LLVM's generic opcodes (`Namespace = "TargetOpcode"`: `COPY`,
/// `G_ADD`, ...), which `include/llvm/Target` defines once with meanings of their own. What
/// the lints look at, also where the records are not a whole target.
pub fn target_instruction_defs(input: &Evaluation) -> Vec<RecId> {
    let rk = &input.records;
    let Some(class) = rk.class("Instruction") else { return Vec::new() };
    let generic = tdq_core::init::Init::string("TargetOpcode");
    let namespace = tdq_core::init::Init::string("Namespace");
    rk.defs
        .values()
        .copied()
        .filter(|&d| rk.get(d).is_subclass_of(class))
        .filter(|&d| rk.get(d).value(namespace).map(|v| v.value) != Some(generic))
        .collect()
}

/// `CGIOperandList::CGIOperandList`.
fn read_operands(f: &Fields, rules: &Rules, inst: RecId) -> Result<OperandList> {
    let outs = operand_dag(f, inst, "OutOperandList", "outs", "output")?;
    let mut list = OperandList { num_defs: outs.len() as u32, ..OperandList::default() };
    let ins = operand_dag(f, inst, "InOperandList", "ins", "input")?;
    let name = f.name(inst);
    let locs = &f.input.records.get(inst).locs;
    let fail = |message: String| Fatal::new(locs, message);
    let mut names = std::collections::BTreeSet::new();
    let mut mi_operand_no = 0u32;
    let mut variadic_outs = false;
    for (i, &(arg, arg_name)) in outs.iter().chain(ins).enumerate() {
        let arg_name = arg_name.unwrap_or("");
        let (arg, sub_args) = match arg.kind() {
            InitKind::Dag(op, _, sub_args) => (*op, Some(sub_args)),
            _ => (arg, None),
        };
        let Some(rec) = arg.as_def() else {
            return Err(fail(format!("Illegal operand for the '{name}' instruction!")));
        };
        let mut print_method = "printOperand";
        let mut encoder_method = "";
        let mut operand_type = "OPERAND_UNKNOWN";
        let mut namespace = "MCOI";
        let mut num_ops = 1u32;
        let mut mi_info = None;
        if f.is_a(rec, "RegisterOperand") {
            print_method = f.string(rec, "PrintMethod")?;
            operand_type = f.string(rec, "OperandType")?;
            namespace = f.string(rec, "OperandNamespace")?;
            encoder_method = f.string(rec, "EncoderMethod")?;
        } else if f.is_a(rec, "Operand") {
            print_method = f.string(rec, "PrintMethod")?;
            operand_type = f.string(rec, "OperandType")?;
            namespace = f.string(rec, "OperandNamespace")?;
            encoder_method = f.string(rec, "EncoderMethod")?;
            let info = f.init(rec, "MIOperandInfo")?;
            let InitKind::Dag(op, _, info_args) = info.kind() else {
                return Err(f.wrong_kind(rec, "MIOperandInfo", "dag"));
            };
            if op.as_def().is_none_or(|d| f.name(d) != "ops") {
                return Err(fail(format!("Bad value for MIOperandInfo in operand '{}'\n", f.name(rec))));
            }
            if !info_args.is_empty() {
                num_ops = info_args.len() as u32;
            }
            mi_info = Some(info);
            if f.is_a(rec, "PredicateOp") {
                list.is_predicable = true;
            } else if f.is_a(rec, "OptionalDefOperand") {
                list.has_optional_def = true;
            }
        } else if f.name(rec) == "variable_ops" {
            if (i as u32) < list.num_defs {
                variadic_outs = true;
            }
            list.is_variadic = true;
            continue;
        } else if f.is_a(rec, rules.register_class) {
            operand_type = "OPERAND_REGISTER";
        } else if !f.is_a(rec, "PointerLikeRegClass") && !f.is_a(rec, "unknown_class") {
            return Err(fail(format!("Unknown operand class '{}' in '{name}' instruction!", f.name(rec))));
        }
        if arg_name.is_empty() {
            return Err(fail(format!("In instruction '{name}', operand #{i} has no name!")));
        }
        if !names.insert(arg_name) {
            return Err(fail(format!(
                "In instruction '{name}', operand #{i} has the same name as a previous operand!"
            )));
        }
        let n = num_ops as usize;
        let mut operand = Operand {
            rec,
            name: arg_name,
            sub_op_names: vec![""; n],
            print_method,
            encoder_methods: vec![""; n],
            operand_type: format!("{namespace}::{operand_type}"),
            mi_operand_no,
            mi_num_operands: num_ops,
            mi_operand_info: mi_info,
            constraints: vec![Constraint::None; n],
            do_not_encode: vec![false; n],
        };
        let operand_index = list.operands.len() as u32;
        if let Some(sub_args) = sub_args {
            let info_args = match mi_info.map(|info| info.kind()) {
                Some(InitKind::Dag(_, _, info_args)) => Some(info_args),
                _ => None,
            };
            let count = sub_args.len();
            if rules.sub_args_need_sub_operands {
                let Some(info_args) = info_args else {
                    return Err(fail(format!(
                        "In instruction '{name}', operand #{i} has {count} sub-arg names, but no sub-operands"
                    )));
                };
                if count != info_args.len() {
                    let expected = info_args.len();
                    return Err(fail(format!(
                        "In instruction '{name}', operand #{i} has {count} sub-arg names, expected {expected}"
                    )));
                }
            } else if count != n {
                return Err(fail(format!(
                    "In instruction '{name}', operand #{i} has {count} sub-arg names, expected {n}."
                )));
            }
            for j in 0..n {
                let (sub_arg, sub_name) = sub_args[j];
                if !sub_arg.is_unset() {
                    return Err(fail(format!(
                        "In instruction '{name}', operand #{i} sub-arg #{j} has unexpected operand (expected only $name)."
                    )));
                }
                let sub_name = sub_name.unwrap_or("");
                if sub_name.is_empty() {
                    return Err(fail(format!("In instruction '{name}', operand #{i} has no name!")));
                }
                if !names.insert(sub_name) {
                    return Err(fail(format!(
                        "In instruction '{name}', operand #{i} sub-arg #{j} has the same name as a previous operand!"
                    )));
                }
                // LLVM takes the sub-operand's def (its own check would crash on another value).
                if let Some(sub_def) = info_args.and_then(|a| a.get(j)).and_then(|(v, _)| v.as_def()) {
                    if let Some(method) = f.optional_string(sub_def, "EncoderMethod")? {
                        operand.encoder_methods[j] = method;
                    }
                }
                operand.sub_op_names[j] = sub_name;
                list.sub_op_aliases.insert(sub_name, (operand_index, j as u32));
            }
        } else if !encoder_method.is_empty() {
            operand.encoder_methods[0] = encoder_method;
            if rules.disable_encoding {
                for j in 1..n {
                    operand.do_not_encode[j] = true;
                }
            }
        }
        mi_operand_no += num_ops;
        list.operands.push(operand);
    }
    if variadic_outs {
        list.num_defs -= 1;
    }
    Ok(list)
}

/// Reads one instruction as LLVM's `CodeGenInstruction` constructor does, in its order.
fn read_instruction(input: &Evaluation, rules: &Rules, def: RecId) -> Result<Instruction> {
    let f = Fields { input };
    let mut operands = read_operands(&f, rules, def)?;
    let namespace = f.string(def, "Namespace")?;
    let asm_string = f.string(def, "AsmString")?;
    let bit = |name: &str| f.bit(def, name);
    let mut flags = Flags {
        is_pre_isel_opcode: bit("isPreISelOpcode")?,
        is_return: bit("isReturn")?,
        is_eh_scope_return: bit("isEHScopeReturn")?,
        is_branch: bit("isBranch")?,
        is_indirect_branch: bit("isIndirectBranch")?,
        is_compare: bit("isCompare")?,
        is_move_imm: bit("isMoveImm")?,
        is_move_reg: bit("isMoveReg")?,
        is_bitcast: bit("isBitcast")?,
        is_select: bit("isSelect")?,
        is_barrier: bit("isBarrier")?,
        is_call: bit("isCall")?,
        is_add: bit("isAdd")?,
        is_trap: bit("isTrap")?,
        can_fold_as_load: bit("canFoldAsLoad")?,
        ..Flags::default()
    };
    flags.is_predicable = !bit("isUnpredicable")? && (operands.is_predicable || bit("isPredicable")?);
    flags.is_convertible_to_three_address = bit("isConvertibleToThreeAddress")?;
    flags.is_commutable = bit("isCommutable")?;
    flags.is_terminator = bit("isTerminator")?;
    flags.is_re_materializable = bit("isReMaterializable")?;
    flags.has_delay_slot = bit("hasDelaySlot")?;
    flags.uses_custom_inserter = bit("usesCustomInserter")?;
    flags.has_post_isel_hook = bit("hasPostISelHook")?;
    flags.has_ctrl_dep = bit("hasCtrlDep")?;
    flags.is_not_duplicable = bit("isNotDuplicable")?;
    flags.is_reg_sequence = bit("isRegSequence")?;
    flags.is_extract_subreg = bit("isExtractSubreg")?;
    flags.is_insert_subreg = bit("isInsertSubreg")?;
    flags.is_convergent = bit("isConvergent")?;
    flags.has_no_scheduling_info = bit("hasNoSchedulingInfo")?;
    flags.fast_isel_should_ignore = bit("FastISelShouldIgnore")?;
    flags.variadic_ops_are_defs = bit("variadicOpsAreDefs")?;
    flags.is_authenticated = bit("isAuthenticated")?;
    let bit_or_unset = |name: &str| -> Result<Option<bool>> {
        if f.is_unset(def, name)? {
            Ok(None)
        } else {
            f.bit(def, name).map(Some)
        }
    };
    let may_load = bit_or_unset("mayLoad")?;
    let may_store = bit_or_unset("mayStore")?;
    flags.may_raise_fp_exception = bit("mayRaiseFPException")?;
    let has_side_effects = bit_or_unset("hasSideEffects")?;
    flags.is_as_cheap_as_a_move = bit("isAsCheapAsAMove")?;
    flags.has_extra_src_reg_alloc_req = bit("hasExtraSrcRegAllocReq")?;
    flags.has_extra_def_reg_alloc_req = bit("hasExtraDefRegAllocReq")?;
    flags.is_code_gen_only = bit("isCodeGenOnly")?;
    flags.is_pseudo = bit("isPseudo")?;
    flags.is_meta = bit("isMeta")?;
    let implicit_defs = f.defs(def, "Defs")?;
    let implicit_uses = f.defs(def, "Uses")?;
    let name = f.name(def);
    let locs = &input.records.get(def).locs;
    let constraints = f.string(def, "Constraints")?;
    parse_constraints(constraints, &mut operands, name, locs)?;
    if rules.disable_encoding {
        let disabled = f.string(def, "DisableEncoding")?;
        for op_name in disabled.split([' ', ',', '\t']).filter(|s| !s.is_empty()) {
            let (op, sub) = parse_operand_name(&operands, name, locs, op_name, false)?;
            operands.operands[op as usize].do_not_encode[sub as usize] = true;
        }
    }
    let (deprecated_reason, has_complex_deprecation_predicate) =
        if f.value(def, "ComplexDeprecationPredicate").is_some() {
            (f.string(def, "ComplexDeprecationPredicate")?.to_string(), true)
        } else if let Some(mask) = f.value(def, "DeprecatedFeatureMask") {
            (mask.value.to_string(), false)
        } else {
            (String::new(), false)
        };
    let variable_length_encoding = f.value(def, "Inst").is_some_and(|v| matches!(v.value.kind(), InitKind::Dag(..)));
    Ok(Instruction {
        def,
        name,
        namespace,
        asm_string,
        operands,
        flags,
        may_load,
        may_store,
        has_side_effects,
        implicit_defs,
        implicit_uses,
        deprecated_reason,
        has_complex_deprecation_predicate,
        variable_length_encoding,
    })
}

/// `CGIOperandList::parseOperandName`: `$name` or `$name.sub` to (operand, sub-operand).
pub fn parse_operand_name(
    list: &OperandList,
    inst: &str,
    locs: &[tdq_core::Loc],
    op: &str,
    allow_whole_op: bool,
) -> Result<(u32, u32)> {
    let fail = |message: String| Fatal::new(locs, message);
    let Some(mut op_name) = op.strip_prefix('$') else {
        return Err(fail(format!("{inst}: Illegal operand name: '{op}'")));
    };
    let mut sub_op_name = "";
    if let Some(dot) = op_name.find('.') {
        sub_op_name = &op_name[dot + 1..];
        if sub_op_name.is_empty() {
            return Err(fail(format!("{inst}: illegal empty suboperand name in '{op}'")));
        }
        op_name = &op_name[..dot];
    }
    if let Some(&alias) = list.sub_op_aliases.get(op_name) {
        if !sub_op_name.is_empty() {
            return Err(fail(format!("{inst}: Cannot use dotted suboperand name within suboperand '{op_name}'")));
        }
        return Ok(alias);
    }
    let Some(index) = list.operands.iter().position(|o| o.name == op_name) else {
        return Err(fail(format!("'{inst}' does not have an operand named '${op_name}'!")));
    };
    let operand = &list.operands[index];
    if sub_op_name.is_empty() {
        if operand.mi_num_operands > 1 && !allow_whole_op {
            return Err(fail(format!("{inst}: Illegal to refer to whole operand part of complex operand '{op}'")));
        }
        return Ok((index as u32, 0));
    }
    let unknown = || fail(format!("{inst}: unknown suboperand name in '{op}'"));
    let Some(InitKind::Dag(_, _, info_args)) = operand.mi_operand_info.map(|i| i.kind()) else {
        return Err(unknown());
    };
    match info_args.iter().position(|(_, n)| n.unwrap_or("") == sub_op_name) {
        Some(sub) => Ok((index as u32, sub as u32)),
        None => Err(unknown()),
    }
}

/// `CodeGenInstruction::FlattenAsmStringVariants`: `{a|b|c}` groups replaced by their
/// `variant`-th alternative (empty when there are fewer), `${`...`}` and `\{` left as written.
pub fn flatten_asm_string_variants(s: &str, variant: u32) -> String {
    let bytes = s.as_bytes();
    let mut out = String::new();
    let mut cur = 0;
    loop {
        let mut start = cur;
        while start < bytes.len() {
            if bytes[start] == b'{' && (start == cur || (bytes[start - 1] != b'$' && bytes[start - 1] != b'\\')) {
                break;
            }
            start += 1;
        }
        out.push_str(&s[cur..start]);
        if start == bytes.len() {
            break;
        }
        start += 1;
        let mut end = start;
        let mut nested = 1;
        while end < bytes.len() {
            if bytes[end] == b'}' && bytes[end - 1] != b'\\' {
                nested -= 1;
                if nested == 0 {
                    break;
                }
            } else if bytes[end] == b'{' {
                nested += 1;
            }
            end += 1;
        }
        let mut selection = &s[start..end];
        for _ in 0..variant {
            selection = selection.split_once('|').map_or("", |(_, rest)| rest);
        }
        out.push_str(selection.split('|').next().unwrap_or(""));
        // An unterminated group ends the string (LLVM asserts).
        if end >= bytes.len() {
            break;
        }
        cur = end + 1;
    }
    out
}

const BLANKS: &[u8] = b" \t";

/// C++'s `find_first_of(set, from)` on bytes; `None` for `npos`.
fn find_first_of(s: &[u8], set: &[u8], from: usize) -> Option<usize> {
    (from..s.len()).find(|&i| set.contains(&s[i]))
}

fn find_first_not_of(s: &[u8], set: &[u8], from: usize) -> Option<usize> {
    (from..s.len()).find(|&i| !set.contains(&s[i]))
}

/// C++'s `find_last_of(set, from)`: the last position at or before `from`.
fn find_last_of(s: &[u8], set: &[u8], from: usize) -> Option<usize> {
    if s.is_empty() {
        return None;
    }
    (0..=from.min(s.len() - 1)).rev().find(|&i| set.contains(&s[i]))
}

/// `StringRef::substr(start, n)`, with `npos` as `usize::MAX` and C++'s unsigned arithmetic.
fn substr(s: &str, start: usize, n: usize) -> &str {
    let start = start.min(s.len());
    let end = start + n.min(s.len() - start);
    &s[start..end]
}

const NPOS: usize = usize::MAX;

/// `ParseConstraints`: the comma-separated `Constraints` string.
fn parse_constraints(constraints: &str, list: &mut OperandList, inst: &str, locs: &[tdq_core::Loc]) -> Result<()> {
    for piece in constraints.split(',').filter(|p| !p.is_empty()) {
        parse_constraint(piece, list, inst, locs)?;
    }
    Ok(())
}

/// `ParseConstraint`: `@earlyclobber $op` or `$src = $dst`.
fn parse_constraint(c: &str, list: &mut OperandList, inst: &str, locs: &[tdq_core::Loc]) -> Result<()> {
    let fail = |message: String| Fatal::new(locs, message);
    let bytes = c.as_bytes();
    let wpos = find_first_of(bytes, BLANKS, 0).unwrap_or(NPOS);
    let start = find_first_not_of(bytes, BLANKS, 0).unwrap_or(NPOS);
    if substr(c, start, wpos.wrapping_sub(start)) == "@earlyclobber" {
        let name = substr(c, wpos.wrapping_add(1), NPOS);
        let Some(first) = find_first_not_of(name.as_bytes(), BLANKS, 0) else {
            return Err(fail(format!("Illegal format for @earlyclobber constraint in '{inst}': '{c}'")));
        };
        let name = &name[first..];
        let (op, sub) = parse_operand_name(list, inst, locs, name, false)?;
        let slot = &mut list.operands[op as usize].constraints[sub as usize];
        if *slot != Constraint::None {
            return Err(fail(format!("Operand '{name}' of '{inst}' cannot have multiple constraints!")));
        }
        *slot = Constraint::EarlyClobber;
        return Ok(());
    }
    let pos = match c.find('=') {
        Some(pos)
            if pos != 0
                && find_first_of(bytes, BLANKS, pos) == Some(pos + 1)
                && find_last_of(bytes, BLANKS, pos) == Some(pos - 1) =>
        {
            pos
        }
        _ => return Err(fail(format!("Unrecognized constraint '{c}' in '{inst}'"))),
    };
    let start = find_first_not_of(bytes, BLANKS, 0).unwrap_or(NPOS);
    let wpos = match find_first_of(bytes, BLANKS, start.min(bytes.len())) {
        Some(w) if w <= pos => w,
        _ => return Err(fail(format!("Illegal format for tied-to constraint in '{inst}': '{c}'"))),
    };
    let lhs_name = substr(c, start, wpos - start);
    let lhs = parse_operand_name(list, inst, locs, lhs_name, false)?;
    let Some(rhs_start) = find_first_not_of(bytes, BLANKS, pos + 1) else {
        return Err(fail(format!("Illegal format for tied-to constraint: '{c}'")));
    };
    let rhs_name = &c[rhs_start..];
    let rhs = parse_operand_name(list, inst, locs, rhs_name, false)?;
    let first_is_dest = lhs < rhs;
    let (dest, dest_name, src, src_name) =
        if first_is_dest { (lhs, lhs_name, rhs, rhs_name) } else { (rhs, rhs_name, lhs, lhs_name) };
    if dest.0 >= list.num_defs {
        return Err(fail(format!("Input operands '{lhs_name}' and '{rhs_name}' of '{inst}' cannot be tied!")));
    }
    if src.0 < list.num_defs {
        return Err(fail(format!("Output operands '{lhs_name}' and '{rhs_name}' of '{inst}' cannot be tied!")));
    }
    if list.operands[src.0 as usize].constraints[src.1 as usize] != Constraint::None {
        return Err(fail(format!("Operand '{src_name}' of '{inst}' cannot have multiple constraints!")));
    }
    let tied = Constraint::Tied(list.operands[dest.0 as usize].mi_operand_no + dest.1);
    if list.operands.iter().any(|o| o.constraints.contains(&tied)) {
        return Err(fail(format!("Operand '{dest_name}' of '{inst}' cannot have multiple operands tied to it!")));
    }
    list.operands[src.0 as usize].constraints[src.1 as usize] = tied;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn asm_string_variants_flatten() {
        assert_eq!(flatten_asm_string_variants("add{l}\t{$src, $dst|$dst, $src}", 0), "addl\t$src, $dst");
        assert_eq!(flatten_asm_string_variants("add{l}\t{$src, $dst|$dst, $src}", 1), "add\t$dst, $src");
        assert_eq!(flatten_asm_string_variants("mov ${a}, \\{x}", 0), "mov ${a}, \\{x}");
    }

    #[test]
    fn substr_clamps_as_string_ref_does() {
        assert_eq!(substr("abc", 1, NPOS), "bc");
        assert_eq!(substr("abc", NPOS, 2), "");
        assert_eq!(substr("abc", 0, NPOS.wrapping_sub(0)), "abc");
    }

    #[test]
    fn find_last_of_searches_backwards_from_a_position() {
        assert_eq!(find_last_of(b"a = b", BLANKS, 2), Some(1));
        assert_eq!(find_last_of(b"a=b", BLANKS, 1), None);
    }
}
