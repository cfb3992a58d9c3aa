//! The patterns of GlobalISel combine rules and pattern fragments (LLVM's
//! `Common/GlobalISel/Patterns`): operand types, instruction patterns and their operands, the
//! operand tables that tie patterns together, `GICombinePatFrag`s, and how each prints in the
//! `-gicombiner-stop-after-parse` dump.

use std::collections::HashMap;
use tdq_core::types::RecId;
use tdq_core::Diagnostics;
use tdq_core::Loc;

/// The `GITypeOf` class.
pub const TYPE_OF_CLASS: &str = "GITypeOf";
/// The `GIVariadic` class.
pub const VARIADIC_CLASS: &str = "GIVariadic";
/// The base class of `GITypeOf` and `GIVariadic`.
pub const SPECIAL_TYPE_CLASS: &str = "GISpecialType";
/// The pattern fragments' class.
pub const PAT_FRAG_CLASS: &str = "GICombinePatFrag";
/// The builtins' class.
pub const BUILTIN_CLASS: &str = "GIBuiltinInst";

/// An operand's type (`PatternType`).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum PatternType {
    #[default]
    None,
    /// A `ValueType` def (an LLT), with its name.
    ValueType(RecId, &'static str),
    /// `GITypeOf<"$x">`: the type of operand `x`.
    TypeOf(String),
    /// `GIVariadic<min, max>`.
    VariadicPack { min: u32, max: u32 },
}

impl PatternType {
    pub fn is_none(&self) -> bool {
        matches!(self, PatternType::None)
    }
    pub fn is_special(&self) -> bool {
        matches!(self, PatternType::TypeOf(_) | PatternType::VariadicPack { .. })
    }

    /// `PatternType::str`.
    pub fn str(&self) -> String {
        match self {
            PatternType::None => String::new(),
            PatternType::ValueType(_, name) => name.to_string(),
            PatternType::TypeOf(op) => format!("{TYPE_OF_CLASS}<${op}>"),
            PatternType::VariadicPack { min, max } => format!("{VARIADIC_CLASS}<{min},{max}>"),
        }
    }
}

/// One operand of an instruction pattern (`InstructionOperand`).
#[derive(Clone, Debug, Default)]
pub struct InstructionOperand {
    pub imm: Option<i64>,
    /// Empty when unnamed.
    pub name: String,
    pub ty: PatternType,
    pub is_def: bool,
}

impl InstructionOperand {
    pub fn is_named(&self) -> bool {
        !self.name.is_empty()
    }
    pub fn is_named_imm(&self) -> bool {
        self.imm.is_some() && self.is_named()
    }

    /// `InstructionOperand::describe`.
    pub fn describe(&self) -> String {
        match self.imm {
            None => format!("MachineOperand ${}", self.name),
            Some(imm) if self.is_named() => format!("imm {imm}:${}", self.name),
            Some(imm) => format!("imm {imm}"),
        }
    }

    fn print(&self, out: &mut String) {
        if self.is_def {
            out.push_str("<def>");
        }
        let mut needs_colon = true;
        match (&self.ty, self.imm) {
            (PatternType::None, Some(imm)) => out.push_str(&imm.to_string()),
            (PatternType::None, None) => needs_colon = false,
            (ty, Some(imm)) => out.push_str(&format!("({} {imm})", ty.str())),
            (ty, None) => out.push_str(&ty.str()),
        }
        if self.is_named() {
            if needs_colon {
                out.push(':');
            }
            out.push('$');
            out.push_str(&self.name);
        }
    }
}

/// What a `CodeGenInstruction` tells a pattern of it.
#[derive(Clone, Debug)]
pub struct CgInst {
    pub def: RecId,
    pub name: &'static str,
    pub namespace: &'static str,
    /// `Operands.NumDefs`.
    pub num_defs: u32,
    /// `Operands.size()`.
    pub num_operands: u32,
    /// `Operands.isVariadic`.
    pub is_variadic: bool,
    /// `variadicOpsAreDefs`, or the outputs end in `variable_ops`.
    pub variadic_defs: bool,
    /// Each operand's `MCOI::` type.
    pub operand_types: Vec<String>,
    /// A generic instruction's `variadicOpsType`'s `MCOI::` type.
    pub var_args_type: Option<String>,
}

/// What an intrinsic tells a pattern of it.
#[derive(Clone, Debug)]
pub struct IntrinsicInfo {
    pub name: String,
    /// The name in the `Intrinsic::` enum.
    pub enum_name: &'static str,
    pub num_rets: u32,
    pub num_params: u32,
}

/// `MIFlagsInfo`: the flags an instruction pattern sets, unsets or copies, each in order of
/// first mention.
#[derive(Clone, Debug, Default)]
pub struct MiFlags {
    pub set: Vec<&'static str>,
    pub unset: Vec<&'static str>,
    pub copy: Vec<String>,
}

fn insert_unique<T: PartialEq>(list: &mut Vec<T>, value: T) {
    if !list.contains(&value) {
        list.push(value);
    }
}

impl MiFlags {
    pub fn add_set(&mut self, enum_name: &'static str) {
        insert_unique(&mut self.set, enum_name);
    }
    pub fn add_unset(&mut self, enum_name: &'static str) {
        insert_unique(&mut self.unset, enum_name);
    }
    pub fn add_copy(&mut self, inst: String) {
        insert_unique(&mut self.copy, inst);
    }
}

/// The builtins (`BuiltinKind`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Builtin {
    ReplaceReg,
    EraseRoot,
}

impl Builtin {
    /// `KnownBuiltins`: (def name, kind, operands, defs).
    pub const KNOWN: [(&'static str, Builtin, u32, u32); 2] =
        [("GIReplaceReg", Builtin::ReplaceReg, 2, 1), ("GIEraseRoot", Builtin::EraseRoot, 0, 0)];

    fn info(self) -> (&'static str, u32, u32) {
        let (name, _, ops, defs) = Builtin::KNOWN.iter().find(|k| k.1 == self).copied().expect("known");
        (name, ops, defs)
    }
}

/// What an instruction pattern instantiates.
#[derive(Clone, Debug)]
pub enum InstKind {
    CodeGen {
        inst: CgInst,
        intrinsic: Option<Box<IntrinsicInfo>>,
        mi_flags: Option<MiFlags>,
    },
    /// A pattern fragment, by its index in [`PatFrags`].
    PatFrag(usize),
    Builtin(Builtin),
}

/// `InstructionPattern`: an instruction, pattern fragment or builtin with its operands.
#[derive(Clone, Debug)]
pub struct InstructionPattern {
    pub kind: InstKind,
    pub operands: Vec<InstructionOperand>,
}

/// One pattern of a rule or fragment (`Pattern`).
#[derive(Clone, Debug)]
pub struct Pattern {
    pub name: String,
    pub kind: PatternKind,
}

#[derive(Clone, Debug)]
pub enum PatternKind {
    /// `wip_match_opcode`: its instructions.
    AnyOpcode(Vec<CgInst>),
    /// C++ code (trimmed).
    Cxx {
        code: String,
        is_apply: bool,
    },
    Instruction(InstructionPattern),
}

impl Pattern {
    pub fn inst(&self) -> Option<&InstructionPattern> {
        match &self.kind {
            PatternKind::Instruction(ip) => Some(ip),
            _ => None,
        }
    }
    pub fn inst_mut(&mut self) -> Option<&mut InstructionPattern> {
        match &mut self.kind {
            PatternKind::Instruction(ip) => Some(ip),
            _ => None,
        }
    }
    pub fn is_cxx(&self) -> bool {
        matches!(self.kind, PatternKind::Cxx { .. })
    }

    /// `getKindName`.
    pub fn kind_name(&self) -> &'static str {
        match &self.kind {
            PatternKind::AnyOpcode(_) => "AnyOpcodePattern",
            PatternKind::Cxx { .. } => "CXXPattern",
            PatternKind::Instruction(ip) => match ip.kind {
                InstKind::CodeGen { .. } => "CodeGenInstructionPattern",
                InstKind::PatFrag(_) => "PatFragPattern",
                InstKind::Builtin(_) => "BuiltinPattern",
            },
        }
    }

    /// `Pattern::print`.
    pub fn print(&self, frags: &PatFrags, out: &mut String, print_name: bool) {
        out.push('(');
        out.push_str(self.kind_name());
        out.push(' ');
        if print_name {
            out.push_str("name:");
            out.push_str(&self.name);
            out.push(' ');
        }
        match &self.kind {
            PatternKind::AnyOpcode(insts) => {
                out.push('[');
                out.push_str(&insts.iter().map(|i| i.name).collect::<Vec<_>>().join(", "));
                out.push(']');
            }
            PatternKind::Cxx { code, is_apply } => {
                out.push_str(if *is_apply { "apply" } else { "match" });
                out.push_str(" code:\"");
                escape(code, out);
                out.push('"');
            }
            PatternKind::Instruction(ip) => {
                out.push_str(&ip.inst_name(frags));
                out.push_str(" operands:[");
                for (i, op) in ip.operands.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    op.print(out);
                }
                out.push(']');
                if let InstKind::CodeGen { intrinsic, mi_flags, .. } = &ip.kind {
                    if let Some(intrinsic) = intrinsic {
                        out.push_str(&format!(" intrinsic(@{})", intrinsic.name));
                    }
                    if let Some(fi) = mi_flags {
                        out.push_str(" (MIFlags");
                        if !fi.set.is_empty() {
                            out.push_str(&format!(" (set {})", fi.set.join(", ")));
                        }
                        if !fi.unset.is_empty() {
                            out.push_str(&format!(" (unset {})", fi.unset.join(", ")));
                        }
                        if !fi.copy.is_empty() {
                            out.push_str(&format!(" (copy {})", fi.copy.join(", ")));
                        }
                        out.push(')');
                    }
                }
            }
        }
        out.push(')');
    }
}

/// LLVM's `printEscapedString`.
fn escape(s: &str, out: &mut String) {
    for &b in s.as_bytes() {
        if b == b'\\' {
            out.push_str("\\\\");
        } else if (0x20..0x7f).contains(&b) && b != b'"' {
            out.push(b as char);
        } else {
            out.push_str(&format!("\\{b:02X}"));
        }
    }
}

impl InstructionPattern {
    /// `getInstName`.
    pub fn inst_name(&self, frags: &PatFrags) -> String {
        match &self.kind {
            InstKind::CodeGen { inst, .. } => inst.name.to_string(),
            InstKind::PatFrag(i) => frags.get(*i).name.to_string(),
            InstKind::Builtin(b) => b.info().0.to_string(),
        }
    }

    pub fn is_intrinsic(&self) -> bool {
        matches!(&self.kind, InstKind::CodeGen { intrinsic: Some(_), .. })
    }

    /// `isVariadic`.
    pub fn is_variadic(&self) -> bool {
        match &self.kind {
            InstKind::CodeGen { inst, intrinsic, .. } => intrinsic.is_none() && inst.is_variadic,
            _ => false,
        }
    }

    /// `CodeGenInstructionPattern::hasVariadicDefs`.
    pub fn has_variadic_defs(&self) -> bool {
        match &self.kind {
            InstKind::CodeGen { inst, .. } => self.is_variadic() && inst.variadic_defs,
            _ => false,
        }
    }

    /// `getNumInstDefs`.
    pub fn num_inst_defs(&self, frags: &PatFrags) -> u32 {
        match &self.kind {
            InstKind::CodeGen { inst, intrinsic, .. } => {
                if let Some(intrinsic) = intrinsic {
                    return intrinsic.num_rets;
                }
                if !self.has_variadic_defs() {
                    return inst.num_defs;
                }
                let num_outs = inst.num_operands - inst.num_defs;
                inst.num_defs.max((self.operands.len() as u32).wrapping_sub(num_outs))
            }
            InstKind::PatFrag(i) => frags.get(*i).num_out_params as u32,
            InstKind::Builtin(b) => b.info().2,
        }
    }

    /// `getNumInstOperands`.
    pub fn num_inst_operands(&self, frags: &PatFrags) -> u32 {
        match &self.kind {
            InstKind::CodeGen { inst, intrinsic, .. } => {
                if let Some(intrinsic) = intrinsic {
                    return intrinsic.num_rets + intrinsic.num_params;
                }
                if self.is_variadic() {
                    inst.num_operands.max(self.operands.len() as u32)
                } else {
                    inst.num_operands
                }
            }
            InstKind::PatFrag(i) => frags.get(*i).params.len() as u32,
            InstKind::Builtin(b) => b.info().1,
        }
    }

    /// `getApplyDefsNeeded`: the defs (for a fragment, its root) the apply patterns redefine.
    pub fn apply_defs_needed(&self, frags: &PatFrags) -> Vec<&InstructionOperand> {
        match &self.kind {
            InstKind::PatFrag(i) => {
                let pf = frags.get(*i);
                let root = pf.params[..pf.num_out_params].iter().position(|p| p.1 == ParamKind::Root);
                root.and_then(|r| self.operands.get(r)).into_iter().collect()
            }
            _ => self.operands.iter().take(self.num_inst_defs(frags) as usize).collect(),
        }
    }

    /// `InstructionPattern::checkSemantics` and its overrides: the operand count, then which
    /// operands are defs; a fragment's and a builtin's operand kinds.
    pub fn check_semantics(&mut self, frags: &PatFrags, locs: &[Loc], diags: &mut Diagnostics) -> bool {
        let expected = self.num_inst_operands(frags);
        let got = self.operands.len();
        let name = self.inst_name(frags);
        if self.is_variadic() {
            if (got as u32) < expected {
                diags.error_at(locs, format!("'{name}' expected at least {expected} operands, got {got}"));
                return false;
            }
        } else if expected as usize != got {
            diags.error_at(locs, format!("'{name}' expected {expected} operands, got {got}"));
            return false;
        }
        let num_defs = self.num_inst_defs(frags) as usize;
        for (i, op) in self.operands.iter_mut().enumerate() {
            op.is_def = i < num_defs;
        }
        match &self.kind {
            InstKind::PatFrag(f) => {
                let pf = frags.get(*f);
                for (i, op) in self.operands.iter().enumerate() {
                    match pf.params[i].1 {
                        ParamKind::Imm => {
                            if op.imm.is_none() {
                                diags.error_at(
                                    locs,
                                    format!(
                                        "expected operand {i} of '{name}' to be an immediate; got {}",
                                        op.describe()
                                    ),
                                );
                                return false;
                            }
                            if op.is_named_imm() {
                                diags.error_at(locs, format!("operand {i} of '{name}' cannot be a named immediate"));
                                return false;
                            }
                        }
                        ParamKind::Root | ParamKind::MachineOperand => {
                            if !op.is_named() || op.is_named_imm() {
                                diags.error_at(
                                    locs,
                                    format!(
                                        "expected operand {i} of '{name}' to be a MachineOperand; got {}",
                                        op.describe()
                                    ),
                                );
                                return false;
                            }
                        }
                    }
                }
            }
            InstKind::Builtin(_) => {
                for (i, op) in self.operands.iter().enumerate() {
                    if !op.is_named() || op.is_named_imm() {
                        diags.error_at(locs, format!("expected operand {i} of '{name}' to be a name"));
                        return false;
                    }
                }
            }
            InstKind::CodeGen { .. } => {}
        }
        true
    }

    /// `diagnoseAllSpecialTypes`: an error for each operand of a special type.
    pub fn diagnose_special_types(&self, pattern: &str, locs: &[Loc], msg: &str, diags: &mut Diagnostics) -> bool {
        let mut any = false;
        for (i, op) in self.operands.iter().enumerate() {
            if op.ty.is_special() {
                diags.error_at(locs, msg);
                diags.note_at(locs, format!("operand {i} of '{pattern}' has type '{}'", op.ty.str()));
                any = true;
            }
        }
        any
    }
}

/// `OperandTable`: each operand name a list of patterns mentions, with the pattern that
/// defines it (an index into the list), or none for a live-in.
#[derive(Clone, Debug, Default)]
pub struct OperandTable {
    pub table: HashMap<String, Option<usize>>,
}

impl OperandTable {
    /// `addPattern`: records the pattern's named operands; `false` after `redef` reported a
    /// second def of one.
    pub fn add_pattern(&mut self, index: usize, ip: &InstructionPattern, mut redef: impl FnMut(&str)) -> bool {
        for op in ip.operands.iter().filter(|o| o.is_named()) {
            let entry = self.table.entry(op.name.clone()).or_insert(None);
            if !op.is_def {
                continue;
            }
            if entry.is_some() {
                redef(&op.name);
                return false;
            }
            *entry = Some(index);
        }
        true
    }

    /// Whether the name is used (`Found`), and its def.
    pub fn lookup(&self, name: &str) -> Option<Option<usize>> {
        self.table.get(name).copied()
    }

    pub fn def(&self, name: &str) -> Option<usize> {
        self.lookup(name).flatten()
    }

    /// `OperandTable::print`, naming defs from `pats`.
    pub fn print(&self, pats: &[Pattern], name: &str, indent: &str, out: &mut String) {
        out.push_str(indent);
        out.push_str("(OperandTable ");
        if !name.is_empty() {
            out.push_str(name);
            out.push(' ');
        }
        if self.table.is_empty() {
            out.push_str("<empty>)\n");
            return;
        }
        let mut keys: Vec<&String> = self.table.keys().collect();
        keys.sort();
        out.push('\n');
        for key in keys {
            let def = self.table[key].map_or("<live-in>", |d| pats[d].name.as_str());
            out.push_str(&format!("{indent}  {key} -> {def}\n"));
        }
        out.push_str(indent);
        out.push_str(")\n");
    }
}

/// A fragment parameter's kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParamKind {
    Root,
    MachineOperand,
    Imm,
}

impl ParamKind {
    fn name(self) -> &'static str {
        match self {
            ParamKind::Root => "root",
            ParamKind::MachineOperand => "machine_operand",
            ParamKind::Imm => "imm",
        }
    }
}

/// One alternative of a fragment.
#[derive(Clone, Debug, Default)]
pub struct Alternative {
    pub op_table: OperandTable,
    pub pats: Vec<Pattern>,
}

/// `PatFrag`: a parsed `GICombinePatFrag`.
#[derive(Clone, Debug)]
pub struct PatFrag {
    pub def: RecId,
    pub name: &'static str,
    /// The out parameters, then the in parameters.
    pub params: Vec<(String, ParamKind)>,
    pub num_out_params: usize,
    pub alts: Vec<Alternative>,
}

impl PatFrag {
    pub fn num_roots(&self) -> usize {
        self.params[..self.num_out_params].iter().filter(|p| p.1 == ParamKind::Root).count()
    }

    pub fn can_be_match_root(&self) -> bool {
        self.num_roots() == 1
    }

    fn print_params(params: &[(String, ParamKind)], out: &mut String) {
        let list: Vec<String> = params.iter().map(|(n, k)| format!("{n}:{}", k.name())).collect();
        out.push('[');
        out.push_str(&list.join(", "));
        out.push(']');
    }

    /// `PatFrag::print`.
    pub fn print(&self, frags: &PatFrags, indent: &str, out: &mut String) {
        out.push_str(&format!("{indent}(PatFrag name:{}\n", self.name));
        let (outs, ins) = self.params.split_at(self.num_out_params);
        if !ins.is_empty() {
            out.push_str(&format!("{indent}  (ins "));
            PatFrag::print_params(ins, out);
            out.push_str(")\n");
        }
        if !outs.is_empty() {
            out.push_str(&format!("{indent}  (outs "));
            PatFrag::print_params(outs, out);
            out.push_str(")\n");
        }
        out.push_str(&format!("{indent}  (alternatives [\n"));
        for alt in &self.alts {
            out.push_str(&format!("{indent}    [\n"));
            for pat in &alt.pats {
                out.push_str(&format!("{indent}      "));
                pat.print(frags, out, true);
                out.push_str(",\n");
            }
            out.push_str(&format!("{indent}    ],\n"));
        }
        out.push_str(&format!("{indent}  ])\n"));
        out.push_str(indent);
        out.push(')');
    }
}

/// The fragments parsed so far in a run: LLVM parses each `GICombinePatFrag` once (a failed
/// one is not reported again).
#[derive(Debug, Default)]
pub struct PatFrags {
    pub frags: Vec<PatFrag>,
    /// Each parsed fragment def: its index in `frags`, or none if it failed.
    pub parsed: HashMap<RecId, Option<usize>>,
}

impl PatFrags {
    pub fn get(&self, index: usize) -> &PatFrag {
        &self.frags[index]
    }
}

/// `OperandTypeChecker`: each named operand's type across patterns, checked consistent.
#[derive(Debug, Default)]
pub struct OperandTypeChecker {
    /// Each operand name's type and the pattern it was first seen with it in.
    types: HashMap<String, (PatternType, String)>,
}

impl OperandTypeChecker {
    /// Checks a pattern's operand types against the others; `verify_type_of` checks each
    /// `GITypeOf`.
    pub fn check(
        &mut self,
        pat_name: &str,
        ip: &InstructionPattern,
        locs: &[Loc],
        diags: &mut Diagnostics,
        mut verify_type_of: impl FnMut(&PatternType, &mut Diagnostics) -> bool,
    ) -> bool {
        for op in &ip.operands {
            if op.ty.is_none() {
                continue;
            }
            if matches!(op.ty, PatternType::TypeOf(_)) && !verify_type_of(&op.ty, diags) {
                return false;
            }
            if !op.is_named() {
                continue;
            }
            match self.types.get(&op.name) {
                None => {
                    self.types.insert(op.name.clone(), (op.ty.clone(), pat_name.to_string()));
                }
                Some((ty, _)) if *ty == op.ty => {}
                Some((ty, first)) => {
                    diags.error_at(
                        locs,
                        format!("conflicting types for operand '{}': '{}' vs '{}'", op.name, ty.str(), op.ty.str()),
                    );
                    diags.note_at(locs, format!("'{}' seen with type '{}' in '{pat_name}'", op.name, op.ty.str()));
                    diags.note_at(locs, format!("'{}' seen with type '{}' in '{first}'", op.name, ty.str()));
                    return false;
                }
            }
        }
        true
    }

    /// `propagateTypes`: gives each named operand of `pats` its checked type.
    pub fn propagate<'p>(&self, pats: impl Iterator<Item = &'p mut InstructionPattern>) {
        for ip in pats {
            for op in ip.operands.iter_mut().filter(|o| o.is_named()) {
                if let Some((ty, _)) = self.types.get(&op.name) {
                    op.ty = ty.clone();
                }
            }
        }
    }
}
