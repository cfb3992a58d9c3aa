//! LLVM's `PatternParser`: the pattern lists of combine rules and pattern fragments read into
//! [`Pattern`]s, with the parser's errors at the rule's (or fragment's) location.

use super::patterns::*;
use crate::intrinsics::IntrinsicReader;
use crate::records::Fields;
use crate::target::instructions::Instructions;
use crate::Fatal;
use tdq_core::init::{Init, InitKind};
use tdq_core::types::RecId;
use tdq_core::{ByRelease, Diagnostics, Evaluation, Loc};

/// What a release's parser accepts.
#[derive(Debug)]
pub struct ParserForm {
    /// `GIVariadic` is an operand type (LLVM 22 on).
    pub variadic_packs: bool,
    /// Intrinsics are read with the default intrinsic properties (LLVM 22's `CodeGenTarget`
    /// table; LLVM 19 reads each alone).
    pub intrinsic_defaults: bool,
}

pub const PARSER_FORM: ByRelease<ParserForm> = ByRelease {
    v19: ParserForm { variadic_packs: false, intrinsic_defaults: false },
    v22: ParserForm { variadic_packs: true, intrinsic_defaults: true },
    v23: ParserForm { variadic_packs: true, intrinsic_defaults: true },
};

/// The run's parsing state: the evaluation, the target's instructions and the fragments
/// parsed so far (kept across rules and combiners, as LLVM's are).
pub struct Parser<'a> {
    pub input: &'a Evaluation,
    pub f: Fields<'a>,
    pub form: &'static ParserForm,
    pub instructions: &'a Instructions,
    pub frags: PatFrags,
    /// The fragments the current rule used, in order (`getSeenPatFrags`).
    pub seen_frags: Vec<usize>,
    /// Where errors are reported.
    pub diag_locs: Vec<Loc>,
}

/// The result of a parse step that reports its errors: `Ok(None)` after an error.
pub type Parsed<T> = Result<Option<T>, Fatal>;

impl<'a> Parser<'a> {
    pub fn new(input: &'a Evaluation, instructions: &'a Instructions) -> Parser<'a> {
        Parser {
            input,
            f: Fields { input },
            form: PARSER_FORM.get(input.records.release),
            instructions,
            frags: PatFrags::default(),
            seen_frags: Vec::new(),
            diag_locs: Vec::new(),
        }
    }

    fn locs(&self, rec: RecId) -> Vec<Loc> {
        self.input.records.get(rec).locs.to_vec()
    }

    fn is_a(&self, rec: RecId, class: &str) -> bool {
        self.f.is_a(rec, class)
    }

    /// `getOperatorAsDef`.
    fn operator_def(&self, op: Init) -> Result<RecId, Fatal> {
        op.as_def().ok_or_else(|| Fatal::new(&self.diag_locs, "Expected record as operator"))
    }

    /// The instruction model of an `Instruction` def.
    pub fn cg_inst(&self, def: RecId) -> Result<CgInst, Fatal> {
        let Some(inst) = self.instructions.get_def(def) else {
            return Err(Fatal::new(&[], format!("Could not find '{}' instruction!", self.f.name(def))));
        };
        let ops = &inst.operands;
        let outs_end_in_variable_ops = match self.f.init(def, "OutOperandList")?.kind() {
            InitKind::Dag(_, _, args) => {
                args.last().and_then(|(a, _)| a.as_def()).is_some_and(|d| self.f.name(d) == "variable_ops")
            }
            _ => false,
        };
        let var_args_type = if self.is_a(def, "GenericInstruction") {
            match self.f.optional_def(def, "variadicOpsType")? {
                Some(ty) => Some(format!("MCOI::{}", self.f.string(ty, "OperandType")?)),
                None => None,
            }
        } else {
            None
        };
        Ok(CgInst {
            def,
            name: inst.name,
            namespace: inst.namespace,
            num_defs: ops.num_defs,
            num_operands: ops.operands.len() as u32,
            is_variadic: ops.is_variadic,
            variadic_defs: inst.flags.variadic_ops_are_defs || outs_end_in_variable_ops,
            operand_types: ops.operands.iter().map(|o| o.operand_type.clone()).collect(),
            var_args_type,
        })
    }

    /// `PatternType::get`.
    fn pattern_type(&self, rec: RecId, ctx: &str, diags: &mut Diagnostics) -> Parsed<PatternType> {
        if self.is_a(rec, "ValueType") {
            return Ok(Some(PatternType::ValueType(rec, self.f.name(rec))));
        }
        if self.is_a(rec, TYPE_OF_CLASS) {
            let raw = self.f.string(rec, "OpName")?;
            let Some(name) = raw.strip_prefix('$') else {
                diags.error_at(
                    &self.diag_locs,
                    format!(
                        "{ctx}: invalid operand name format '{raw}' in {TYPE_OF_CLASS}: expected '$' followed by an operand name"
                    ),
                );
                return Ok(None);
            };
            return Ok(Some(PatternType::TypeOf(name.to_string())));
        }
        if self.form.variadic_packs && self.is_a(rec, VARIADIC_CLASS) {
            let min = self.f.int(rec, "MinArgs")?;
            let max = self.f.int(rec, "MaxArgs")?;
            if min == 0 {
                diags.error_at(
                    &self.diag_locs,
                    format!("{ctx}: minimum number of arguments must be greater than zero in {VARIADIC_CLASS}"),
                );
                return Ok(None);
            }
            if max <= min && max != 0 {
                diags.error_at(&self.diag_locs, format!("{ctx}: maximum number of arguments ({max}) must be zero, or greater than the minimum number of arguments ({min}) in {VARIADIC_CLASS}"));
                return Ok(None);
            }
            return Ok(Some(PatternType::VariadicPack { min: min as u32, max: max as u32 }));
        }
        diags.error_at(&self.diag_locs, format!("{ctx}: unknown type '{}'", self.f.name(rec)));
        Ok(None)
    }

    /// `parsePatternList`: each argument of `list` (whose operator must be `operator`) parsed
    /// and given to `action`; `false` after an error.
    pub fn parse_pattern_list(
        &mut self,
        list: Init,
        operator: &str,
        anon_prefix: &str,
        diags: &mut Diagnostics,
        action: &mut dyn FnMut(Pattern, &mut Diagnostics) -> bool,
    ) -> Result<bool, Fatal> {
        let InitKind::Dag(op, _, args) = list.kind() else {
            return Err(Fatal::new(&self.diag_locs, "Expected a dag"));
        };
        let op = self.operator_def(*op)?;
        if self.f.name(op) != operator {
            diags.error_at(&self.diag_locs, format!("Expected {operator} operator"));
            return Ok(false);
        }
        if args.is_empty() {
            diags.error_at(&self.diag_locs, format!("{operator} pattern list is empty"));
            return Ok(false);
        }
        for (i, &(arg, arg_name)) in args.iter().enumerate() {
            let name = match arg_name {
                Some(n) => n.to_string(),
                None => format!("__{anon_prefix}_{i}"),
            };
            if let Some(pat) = self.parse_instruction_pattern(arg, &name, diags)? {
                if !action(pat, diags) {
                    return Ok(false);
                }
                continue;
            }
            if let Some(pat) = self.parse_wip_match_opcode(arg, &name, diags)? {
                if !action(pat, diags) {
                    return Ok(false);
                }
                continue;
            }
            if let InitKind::Str(code, _) = arg.kind() {
                let pat = Pattern { name, kind: PatternKind::Cxx { code: trim(code).to_string(), is_apply: false } };
                if !action(pat, diags) {
                    return Ok(false);
                }
                continue;
            }
            diags.error_at(&self.diag_locs, format!("Failed to parse pattern: '{arg}'"));
            return Ok(false);
        }
        Ok(true)
    }

    /// The operator def of a dag whose operator is a def of `class`.
    fn dag_operator_of_class(&self, arg: Init, class: &str) -> Option<RecId> {
        match arg.kind() {
            InitKind::Dag(op, _, _) => op.as_def().filter(|&d| self.is_a(d, class)),
            _ => None,
        }
    }

    /// `getDagWithSpecificOperator`: the arguments of a non-empty dag whose operator is the
    /// def `name`.
    fn dag_with_operator(&self, arg: Init, name: &str) -> Option<&'static [(Init, Option<&'static str>)]> {
        match arg.kind() {
            InitKind::Dag(op, _, args) if !args.is_empty() => {
                op.as_def().filter(|&d| self.f.name(d) == name).map(|_| &args[..])
            }
            _ => None,
        }
    }

    fn parse_instruction_pattern(&mut self, arg: Init, name: &str, diags: &mut Diagnostics) -> Parsed<Pattern> {
        let InitKind::Dag(_, _, args) = arg.kind() else {
            return Ok(None);
        };
        let kind = if let Some(def) = self.dag_operator_of_class(arg, "Instruction") {
            InstKind::CodeGen { inst: self.cg_inst(def)?, intrinsic: None, mi_flags: None }
        } else if let Some(def) = self.dag_operator_of_class(arg, "Intrinsic") {
            let reader = match self.form.intrinsic_defaults {
                true => IntrinsicReader::new(self.input, self.input.records.release)?,
                false => IntrinsicReader::without_defaults(self.input, self.input.records.release),
            };
            let intrinsic = reader.read(def, diags)?;
            let opcode = match (intrinsic.is_convergent, intrinsic.has_side_effects) {
                (true, true) => "G_INTRINSIC_CONVERGENT_W_SIDE_EFFECTS",
                (true, false) => "G_INTRINSIC_CONVERGENT",
                (false, true) => "G_INTRINSIC_W_SIDE_EFFECTS",
                (false, false) => "G_INTRINSIC",
            };
            let Some(inst_def) = self.input.records.def(opcode) else {
                return Err(Fatal::new(&[], format!("Could not find '{opcode}' instruction!")));
            };
            let info = IntrinsicInfo {
                name: intrinsic.name.clone(),
                enum_name: intrinsic.enum_name,
                num_rets: intrinsic.ret_tys.len() as u32,
                num_params: intrinsic.param_tys.len() as u32,
            };
            InstKind::CodeGen { inst: self.cg_inst(inst_def)?, intrinsic: Some(Box::new(info)), mi_flags: None }
        } else if let Some(def) = self.dag_operator_of_class(arg, PAT_FRAG_CLASS) {
            match self.parse_pat_frag(def, diags)? {
                Some(index) => InstKind::PatFrag(index),
                None => return Ok(None),
            }
        } else if let Some(def) = self.dag_operator_of_class(arg, BUILTIN_CLASS) {
            let def_name = self.f.name(def);
            match Builtin::KNOWN.iter().find(|k| k.0 == def_name) {
                Some(k) => InstKind::Builtin(k.1),
                None => {
                    return Err(Fatal::new(&self.locs(def), format!("Unimplemented {BUILTIN_CLASS} def '{def_name}'")))
                }
            }
        } else {
            return Ok(None);
        };
        let mut ip = InstructionPattern { kind, operands: Vec::new() };
        for &(op, op_name) in args.iter() {
            if let Some(flags) = self.dag_with_operator(op, "MIFlags") {
                if !self.parse_mi_flags(&mut ip, flags, diags)? {
                    return Ok(None);
                }
                continue;
            }
            if !self.parse_operand(&mut ip, op, op_name, diags)? {
                return Ok(None);
            }
        }
        if !ip.check_semantics(&self.frags, &self.diag_locs, diags) {
            return Ok(None);
        }
        Ok(Some(Pattern { name: name.to_string(), kind: PatternKind::Instruction(ip) }))
    }

    fn parse_wip_match_opcode(&mut self, arg: Init, name: &str, diags: &mut Diagnostics) -> Parsed<Pattern> {
        let Some(args) = self.dag_with_operator(arg, "wip_match_opcode") else {
            return Ok(None);
        };
        let mut insts = Vec::new();
        for &(a, _) in args {
            match a.as_def().filter(|&d| self.is_a(d, "Instruction")) {
                Some(def) => insts.push(self.cg_inst(def)?),
                None => {
                    diags.error_at(&self.diag_locs, "Arguments to wip_match_opcode must be instructions");
                    return Ok(None);
                }
            }
        }
        Ok(Some(Pattern { name: name.to_string(), kind: PatternKind::AnyOpcode(insts) }))
    }

    fn parse_operand(
        &mut self,
        ip: &mut InstructionPattern,
        op: Init,
        op_name: Option<&'static str>,
        diags: &mut Diagnostics,
    ) -> Result<bool, Fatal> {
        let parse_error = |diags: &mut Diagnostics, locs: &[Loc]| {
            diags.error_at(locs, format!("cannot parse operand '{}' ", op.unquoted()));
            if let Some(n) = op_name {
                diags.note_at(locs, format!("operand name is '{n}'"));
            }
            false
        };
        let name = op_name.unwrap_or("").to_string();
        match op.kind() {
            InitKind::Int(v) => {
                ip.operands.push(InstructionOperand { imm: Some(*v), name, ..Default::default() });
                Ok(true)
            }
            InitKind::Dag(ty_op, _, dag_args) => {
                if dag_args.len() != 1 {
                    return Ok(parse_error(diags, &self.diag_locs));
                }
                let ty_def = self.operator_def(*ty_op)?;
                let ctx = format!("cannot parse immediate '{}'", op.unquoted());
                let Some(ty) = self.pattern_type(ty_def, &ctx, diags)? else {
                    return Ok(false);
                };
                if (ip.operands.len() as u32) < ip.num_inst_defs(&self.frags) {
                    diags.error_at(
                        &self.diag_locs,
                        format!("out operand of '{}' cannot be an immediate", ip.inst_name(&self.frags)),
                    );
                    return Ok(false);
                }
                let InitKind::Int(v) = dag_args[0].0.kind() else {
                    return Ok(parse_error(diags, &self.diag_locs));
                };
                ip.operands.push(InstructionOperand { imm: Some(*v), name, ty, is_def: false });
                Ok(true)
            }
            InitKind::Def(def, def_name, _) => {
                if op_name.is_none() {
                    diags.error_at(&self.diag_locs, format!("expected an operand name after '{def_name}'"));
                    return Ok(false);
                }
                let Some(ty) = self.pattern_type(*def, "cannot parse operand type", diags)? else {
                    return Ok(false);
                };
                ip.operands.push(InstructionOperand { imm: None, name, ty, is_def: false });
                Ok(true)
            }
            InitKind::Unset if op_name.is_some() => {
                ip.operands.push(InstructionOperand { imm: None, name, ..Default::default() });
                Ok(true)
            }
            _ => Ok(parse_error(diags, &self.diag_locs)),
        }
    }

    fn parse_mi_flags(
        &mut self,
        ip: &mut InstructionPattern,
        args: &'static [(Init, Option<&'static str>)],
        diags: &mut Diagnostics,
    ) -> Result<bool, Fatal> {
        const ENUM_CLASS: &str = "MIFlagEnum";
        let locs = self.diag_locs.clone();
        let InstKind::CodeGen { mi_flags, .. } = &mut ip.kind else {
            diags.error_at(&locs, "matching/writing MIFlags is only allowed on CodeGenInstruction patterns");
            return Ok(false);
        };
        if mi_flags.is_some() {
            diags.error_at(&locs, "MIFlags can only be present once on an instruction");
            return Ok(false);
        }
        let fi = mi_flags.insert(MiFlags::default());
        let check = |rec: RecId, diags: &mut Diagnostics| {
            if self.is_a(rec, ENUM_CLASS) {
                return true;
            }
            diags.error_at(&locs, format!("'{}' is not a subclass of '{ENUM_CLASS}'", self.f.name(rec)));
            false
        };
        for &(arg, arg_name) in args {
            if let Some(rec) = arg.as_def() {
                if !check(rec, diags) {
                    return Ok(false);
                }
                fi.add_set(self.f.string(rec, "EnumName")?);
                continue;
            }
            if let Some(nots) = self.dag_with_operator(arg, "not") {
                for &(not_arg, _) in nots {
                    let Some(rec) = not_arg.as_def() else {
                        diags.error_at(
                            &locs,
                            format!("cannot parse '{}': expected a '{ENUM_CLASS}'", not_arg.unquoted()),
                        );
                        return Ok(false);
                    };
                    if !check(rec, diags) {
                        return Ok(false);
                    }
                    fi.add_unset(self.f.string(rec, "EnumName")?);
                }
                continue;
            }
            if arg.is_unset() {
                fi.add_copy(arg_name.unwrap_or("").to_string());
            }
        }
        Ok(true)
    }

    /// `parsePatFrag`: the fragment's index, parsing it the first time it is used; none (and
    /// no further error after the first time) when it does not parse.
    fn parse_pat_frag(&mut self, def: RecId, diags: &mut Diagnostics) -> Result<Option<usize>, Fatal> {
        if let Some(&parsed) = self.frags.parsed.get(&def) {
            if let Some(index) = parsed {
                if !self.seen_frags.contains(&index) {
                    self.seen_frags.push(index);
                }
            }
            return Ok(parsed);
        }
        let Some(frag) = self.parse_pat_frag_impl(def, diags)? else {
            diags.error_at(&self.locs(def), format!("Could not parse {PAT_FRAG_CLASS} '{}'", self.f.name(def)));
            self.frags.parsed.insert(def, None);
            return Ok(None);
        };
        let index = self.frags.frags.len();
        self.frags.frags.push(frag);
        self.frags.parsed.insert(def, Some(index));
        self.seen_frags.push(index);
        Ok(Some(index))
    }

    fn param_list(&self, dag: Init, diags: &mut Diagnostics) -> Parsed<Vec<(String, ParamKind)>> {
        let InitKind::Dag(_, _, args) = dag.kind() else {
            return Ok(Some(Vec::new()));
        };
        let mut params = Vec::new();
        for &(ty, name) in args.iter() {
            let Some(name) = name else {
                diags.error_at(&self.diag_locs, "all operands must be named'");
                return Ok(None);
            };
            let def_name = ty.as_def().map(|d| self.f.name(d));
            let kind = match def_name {
                Some("gi_imm") => ParamKind::Imm,
                Some("root") => ParamKind::Root,
                Some("gi_mo") => ParamKind::MachineOperand,
                None if ty.is_unset() => ParamKind::MachineOperand,
                _ => {
                    diags.error_at(
                        &self.diag_locs,
                        format!("'{name}' operand type was expected to be 'root', 'gi_imm' or 'gi_mo'"),
                    );
                    return Ok(None);
                }
            };
            params.push((name.to_string(), kind));
        }
        Ok(Some(params))
    }

    fn parse_pat_frag_impl(&mut self, def: RecId, diags: &mut Diagnostics) -> Parsed<PatFrag> {
        let locs = self.locs(def);
        let name = self.f.name(def);
        let ins = self.f.init(def, "InOperands")?;
        let outs = self.f.init(def, "OutOperands")?;
        for (dag, operator, what) in [(ins, "ins", "in operands list"), (outs, "outs", "out operands list")] {
            let InitKind::Dag(op, _, _) = dag.kind() else {
                return Err(self.f.wrong_kind(
                    def,
                    if operator == "ins" { "InOperands" } else { "OutOperands" },
                    "dag",
                ));
            };
            let op = op.as_def().ok_or_else(|| Fatal::new(&locs, "Expected record as operator"))?;
            if self.f.name(op) != operator {
                diags.error_at(&locs, format!("expected '{operator}' operator for {PAT_FRAG_CLASS} {what}"));
                return Ok(None);
            }
        }
        let Some(out_params) = self.param_list(outs, diags)? else {
            return Ok(None);
        };
        let Some(in_params) = self.param_list(ins, diags)? else {
            return Ok(None);
        };
        let num_out_params = out_params.len();
        let mut frag = PatFrag { def, name, params: out_params, num_out_params, alts: Vec::new() };
        frag.params.extend(in_params);
        for (i, &alt) in self.f.list(def, "Alternatives")?.iter().enumerate() {
            if !matches!(alt.kind(), InitKind::Dag(..)) {
                diags.error_at(&locs, "expected dag init for PatFrag pattern alternative");
                return Ok(None);
            }
            let saved = std::mem::replace(&mut self.diag_locs, locs.clone());
            let mut pats = Vec::new();
            let ok = self.parse_pattern_list(alt, "pattern", &format!("{name}_alt{i}_pattern"), diags, &mut |p, _| {
                pats.push(p);
                true
            });
            self.diag_locs = saved;
            frag.alts.push(Alternative { op_table: OperandTable::default(), pats });
            if !ok? {
                return Ok(None);
            }
        }
        if !self.build_frag_operand_tables(&mut frag, &locs, diags) || !self.check_frag(&mut frag, &locs, diags) {
            return Ok(None);
        }
        Ok(Some(frag))
    }

    fn build_frag_operand_tables(&self, frag: &mut PatFrag, locs: &[Loc], diags: &mut Diagnostics) -> bool {
        for (i, alt) in frag.alts.iter_mut().enumerate() {
            for (p, pat) in alt.pats.iter().enumerate() {
                let Some(ip) = pat.inst() else { continue };
                let redef = |name: &str| {
                    diags.error_at(
                        locs,
                        format!("Operand '{name}' is defined multiple times in patterns of alternative #{i}"),
                    )
                };
                if !alt.op_table.add_pattern(p, ip, redef) {
                    return false;
                }
            }
        }
        true
    }

    /// `PatFrag::checkSemantics`.
    fn check_frag(&self, frag: &mut PatFrag, locs: &[Loc], diags: &mut Diagnostics) -> bool {
        for alt in &frag.alts {
            for pat in &alt.pats {
                match &pat.kind {
                    PatternKind::AnyOpcode(_) => {
                        diags.error_at(locs, format!("wip_match_opcode cannot be used in {PAT_FRAG_CLASS}"));
                        return false;
                    }
                    PatternKind::Cxx { .. } => {}
                    PatternKind::Instruction(ip) => match ip.kind {
                        InstKind::Builtin(_) => {
                            diags.error_at(locs, format!("Builtin instructions cannot be used in {PAT_FRAG_CLASS}"));
                            return false;
                        }
                        InstKind::CodeGen { .. } => {
                            let msg = format!("{SPECIAL_TYPE_CLASS} is not supported in {PAT_FRAG_CLASS}");
                            if ip.diagnose_special_types(&pat.name, locs, &msg, diags) {
                                return false;
                            }
                        }
                        InstKind::PatFrag(_) => {
                            diags.error_at(locs, format!("nested {PAT_FRAG_CLASS} are not supported"));
                            return false;
                        }
                    },
                }
            }
        }
        let mut seen: Vec<&str> = Vec::new();
        let (outs, ins) = frag.params.split_at(frag.num_out_params);
        for (name, kind) in ins {
            if seen.contains(&name.as_str()) {
                diags.error_at(locs, format!("duplicate parameter '{name}'"));
                return false;
            }
            if frag.alts.iter().any(|a| a.op_table.def(name).is_some()) {
                diags.error_at(locs, format!("input parameter '{name}' cannot be redefined!"));
                return false;
            }
            if *kind == ParamKind::Root {
                diags.error_at(locs, format!("input parameterr '{name}' cannot be a root!"));
                return false;
            }
            seen.push(name);
        }
        for (name, kind) in outs {
            if *kind != ParamKind::Root && *kind != ParamKind::MachineOperand {
                diags.error_at(locs, format!("output parameter '{name}' must be 'root' or 'gi_mo'"));
                return false;
            }
            if seen.contains(&name.as_str()) {
                diags.error_at(locs, format!("duplicate parameter '{name}'"));
                return false;
            }
            for alt in &frag.alts {
                let Some(def) = alt.op_table.def(name) else {
                    diags.error_at(
                        locs,
                        format!(
                            "output parameter '{name}' must be defined by all alternative patterns in '{}'",
                            frag.name
                        ),
                    );
                    return false;
                };
                let def_ip = alt.pats[def].inst().expect("defs are instruction patterns");
                if *kind == ParamKind::Root && def_ip.num_inst_defs(&self.frags) != 1 {
                    diags.error_at(
                        locs,
                        format!(
                            "all instructions that define root '{name}' in '{}' can only have a single output operand",
                            frag.name
                        ),
                    );
                    return false;
                }
            }
            seen.push(name);
        }
        if frag.num_out_params != 0 && frag.num_roots() == 0 {
            diags.error_at(locs, format!("{PAT_FRAG_CLASS} must have one root in its 'out' operands"));
            return false;
        }
        if frag.num_roots() > 1 {
            diags.error_at(locs, format!("{PAT_FRAG_CLASS} can only have one root"));
            return false;
        }
        for alt in &mut frag.alts {
            let mut checker = OperandTypeChecker::default();
            for pat in &alt.pats {
                if let Some(ip) = pat.inst() {
                    if !checker.check(&pat.name, ip, locs, diags, |_, _| true) {
                        return false;
                    }
                }
            }
            checker.propagate(alt.pats.iter_mut().filter_map(Pattern::inst_mut));
        }
        true
    }

    /// `PatFrag::handleUnboundInParam`.
    pub fn handle_unbound_in_param(
        &self,
        frag: usize,
        param: &str,
        arg: &str,
        locs: &[Loc],
        diags: &mut Diagnostics,
    ) -> bool {
        let pf = self.frags.get(frag);
        if pf.alts.iter().all(|a| a.op_table.lookup(param).is_some()) {
            return true;
        }
        diags.error_at(locs, format!("operand '{arg}' (for parameter '{param}' of '{}') cannot be unbound", pf.name));
        diags.note_at(locs, format!("one or more alternatives of '{0}' do not bind '{param}' to an instruction operand; either use a bound operand or ensure '{0}' binds '{param}' in all alternatives", pf.name));
        false
    }
}

/// `StringRef::trim`: without leading and trailing whitespace (" \t\n\v\f\r").
fn trim(s: &str) -> &str {
    s.trim_matches(|c| matches!(c, ' ' | '\t' | '\n' | '\x0b' | '\x0c' | '\r'))
}
