//! `--gen-fast-isel`: the target's "fast" instruction selector (LLVM's FastISelEmitter.cpp):
//! the patterns of the pattern model ([`DagPatterns`]) that select one instruction from one
//! node whose operands are registers of one class, immediates or floating-point constants,
//! grouped by operand signature, opcode, operand type and result type, each group written as
//! a `fastEmit_*` function that tries its instructions, most complex first, under their
//! predicates.

use crate::common::emit::source_file_header;
use crate::{Backend, BackendError, BackendOptions, Output};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::types::RecId;
use tdq_core::{ByRelease, Evaluation};
use tdq_models::patterns::dag_patterns::{DagPatterns, PatternToMatch};
use tdq_models::patterns::predicates::PredicateFn;
use tdq_models::patterns::sd_nodes::SdNodes;
use tdq_models::patterns::tree::{NodeKind, TreeNode};
use tdq_models::patterns::types::{MvtId, MvtTable};
use tdq_models::records::{Fatal, Fields};
use tdq_models::target::instructions::Instructions;
use tdq_models::target::registers::RegBank;
use tdq_models::target::value_types::ValueTypes;
use tdq_models::target::Target;

pub struct GenFastIsel;

type Result<T> = std::result::Result<T, BackendError>;

/// How a release names a value type in the functions' names and cases.
#[derive(Clone, Copy, Debug)]
enum TypeNames {
    /// `getName`: `MVT::` and the enumerator, but `UNKNOWN` for `Other` and
    /// `TLI.getPointerTy()` for the pointer types (LLVM 19).
    Legacy,
    /// `getEnumName`: always `MVT::` and the enumerator (LLVM 22 on).
    Enum,
}

/// What a release's FastISelEmitter writes differently.
struct Form {
    /// The type of a register operand and of a function's result (`unsigned` in LLVM 19).
    register: &'static str,
    /// What a function returns when nothing matched (`0` in LLVM 19).
    no_register: &'static str,
    type_names: TypeNames,
}

const FORM_22: Form = Form { register: "Register", no_register: "Register()", type_names: TypeNames::Enum };
static FORM: ByRelease<Form> = ByRelease {
    v19: Form { register: "unsigned", no_register: "0", type_names: TypeNames::Legacy },
    v22: FORM_22,
    v23: FORM_22,
};

/// One operand of a signature (`OperandsSignature::OpKind`), ordered as LLVM orders them: a
/// register, a floating-point constant, an immediate (with the number of its predicate, 0
/// for none).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum OpKind {
    Reg,
    Fp,
    Imm(u32),
}

/// The operands of a selected node, in order (`OperandsSignature`).
type Signature = Vec<OpKind>;

fn has_immediate_codes(sig: &Signature) -> bool {
    sig.iter().any(|k| matches!(k, OpKind::Imm(c) if *c != 0))
}

fn without_immediate_codes(sig: &Signature) -> Signature {
    sig.iter().map(|k| if let OpKind::Imm(_) = k { OpKind::Imm(0) } else { *k }).collect()
}

/// One instruction a group may emit (`InstructionMemo`).
struct Memo {
    name: &'static str,
    /// The result's register class (none for an `EXTRACT_SUBREG`).
    class: Option<usize>,
    /// The sub-register index an `EXTRACT_SUBREG` takes.
    sub_reg: String,
    /// For each operand, the physical register it is copied to, or empty.
    phys_regs: Vec<String>,
    predicate_check: String,
}

/// The instructions of one (signature, opcode, type, result type), with their complexity, in
/// the order met.
type Memos = Vec<(i64, Memo)>;

/// The groups of patterns: by signature, opcode, operand type and result type.
type Groups = BTreeMap<Signature, BTreeMap<&'static str, BTreeMap<MvtId, BTreeMap<MvtId, Memos>>>>;

/// Everything collected from the patterns (`FastISelMap`).
struct Selector<'a> {
    input: &'a Evaluation,
    form: &'static Form,
    table: &'a MvtTable,
    /// The immediate predicates, in the order first used; an immediate's code is its place
    /// here plus one.
    imm_predicates: Vec<RecId>,
    imm_ids: HashMap<RecId, u32>,
    simple: Groups,
    seen: BTreeSet<(Signature, &'static str, MvtId, MvtId, String)>,
    /// The signatures with immediate predicates, by the signature without them.
    constant_forms: BTreeMap<Signature, Vec<Signature>>,
}

/// What a pattern's checks read of the models.
struct Models<'a> {
    input: &'a Evaluation,
    dag: &'a DagPatterns,
    nodes: &'a SdNodes,
    instructions: &'a Instructions,
    bank: &'a RegBank,
    table: &'a MvtTable,
    void: MvtId,
}

impl Models<'_> {
    fn f(&self) -> Fields<'_> {
        Fields { input: self.input }
    }

    fn operator_name(&self, n: &TreeNode) -> Option<&str> {
        n.operator().map(|op| self.f().name(op))
    }

    fn simple_type(&self, n: &TreeNode, i: usize) -> std::result::Result<MvtId, Fatal> {
        n.types
            .get(i)
            .and_then(|t| t.machine_value_type())
            .ok_or_else(|| Fatal::new(&[], "Cannot use variable value types with fast isel"))
    }

    /// The register class a register operand's def stands for: a register class, a register
    /// operand's class, a register's only class (`getRegClassForRegister`).
    fn class_of_leaf(&self, def: RecId) -> std::result::Result<Option<ClassOf>, Fatal> {
        let f = self.f();
        let def = if f.is_a(def, "RegisterOperand") { f.def(def, "RegClass")? } else { def };
        Ok(if f.is_a(def, "RegisterClass") {
            self.bank.class_of(def).map(ClassOf::Class)
        } else if f.is_a(def, "Register") {
            Some(
                self.bank
                    .register_of(def)
                    .and_then(|r| self.bank.class_for_register(r))
                    .map_or(ClassOf::None, ClassOf::Class),
            )
        } else if f.is_a(def, "ValueType") {
            Some(ClassOf::Destination)
        } else {
            None
        })
    }

    /// `PhysRegForNode`: `Namespace::Name` of a register leaf, else empty.
    fn phys_reg(&self, n: &TreeNode) -> String {
        let f = self.f();
        match n.leaf_def() {
            Some(def) if n.is_leaf() && f.is_a(def, "Register") => {
                let ns = f.value(def, "Namespace").and_then(|v| v.value.as_str()).unwrap_or("");
                format!("{ns}::{}", f.name(def))
            }
            _ => String::new(),
        }
    }
}

/// The class an operand's leaf gives (`RC` in `OperandsSignature::initialize`).
enum ClassOf {
    Class(usize),
    /// A register in no single class.
    None,
    /// A value type: the destination's class.
    Destination,
}

impl<'a> Selector<'a> {
    fn new(input: &'a Evaluation, table: &'a MvtTable) -> Self {
        Selector {
            input,
            form: FORM.get(input.records.release),
            table,
            imm_predicates: Vec::new(),
            imm_ids: HashMap::new(),
            simple: BTreeMap::new(),
            seen: BTreeSet::new(),
            constant_forms: BTreeMap::new(),
        }
    }

    /// `ImmPredicateSet::getIDFor`.
    fn imm_id(&mut self, frag: RecId) -> u32 {
        *self.imm_ids.entry(frag).or_insert_with(|| {
            self.imm_predicates.push(frag);
            self.imm_predicates.len() as u32
        }) - 1
    }

    /// `OperandsSignature::initialize`: the signature of a source node whose operands all
    /// have type `vt` and one register class (or subclasses of it), immediates aside; `None`
    /// where fast isel does not handle it.
    fn signature(
        &mut self,
        m: &Models,
        node: &TreeNode,
        vt: MvtId,
        dst_class: Option<usize>,
    ) -> std::result::Result<Option<Signature>, Fatal> {
        let f = m.f();
        match m.operator_name(node) {
            None => return Ok(None),
            Some("imm") => return Ok(Some(vec![OpKind::Imm(0)])),
            Some("fpimm") => return Ok(Some(vec![OpKind::Fp])),
            Some(_) => {}
        }
        let mut sig = Vec::new();
        let mut class: Option<usize> = None;
        for op in node.children() {
            if m.operator_name(op) == Some("imm") {
                let mut code = 0;
                if let Some(first) = op.predicates.first() {
                    let pred = PredicateFn { input: self.input, frag: first.frag };
                    if op.predicates.len() > 1 || !pred.has_imm_code() || pred.uses_operands() {
                        return Ok(None);
                    }
                    if f.bit(first.frag, "FastIselShouldIgnore")? {
                        return Ok(None);
                    }
                    code = self.imm_id(first.frag) + 1;
                }
                sig.push(OpKind::Imm(code));
                continue;
            }
            if !op.predicates.is_empty() || op.types.len() != 1 {
                return Ok(None);
            }
            if !op.is_leaf() {
                if m.operator_name(op) == Some("fpimm") {
                    sig.push(OpKind::Fp);
                    continue;
                }
                return Ok(None);
            }
            if m.simple_type(op, 0)? != vt {
                return Ok(None);
            }
            let Some(def) = op.leaf_def() else { return Ok(None) };
            let rc = match m.class_of_leaf(def)? {
                None | Some(ClassOf::None) => return Ok(None),
                Some(ClassOf::Class(c)) => c,
                Some(ClassOf::Destination) => match dst_class {
                    Some(c) => c,
                    None => return Ok(None),
                },
            };
            match class {
                Some(c) if c != rc && !m.bank.classes[c].has_sub_class(rc) => return Ok(None),
                Some(_) => {}
                None => class = Some(rc),
            }
            sig.push(OpKind::Reg);
        }
        Ok(Some(sig))
    }

    /// `collectPatterns`: one pattern, remembered if fast isel can select it.
    fn collect(&mut self, m: &Models, p: &PatternToMatch) -> std::result::Result<(), Fatal> {
        let f = m.f();
        let dst = &p.dst;
        let Some(op) = dst.operator() else { return Ok(()) };
        if !f.is_a(op, "Instruction") {
            return Ok(());
        }
        let Some(inst) = m.instructions.get_def(op) else { return Ok(()) };
        let Some(first) = inst.operands.operands.first() else { return Ok(()) };
        if inst.flags.fast_isel_should_ignore {
            return Ok(());
        }
        let is_instruction = |c: &TreeNode| c.operator().is_some_and(|o| f.is_a(o, "Instruction"));
        if dst.children().iter().any(is_instruction) {
            return Ok(());
        }
        let extract = f.name(op) == "EXTRACT_SUBREG";
        let mut dst_class = None;
        let mut sub_reg = String::new();
        if !extract {
            let mut rec = first.rec;
            if f.is_a(rec, "RegisterOperand") {
                rec = f.def(rec, "RegClass")?;
            }
            if !f.is_a(rec, "RegisterClass") {
                return Ok(());
            }
            let Some(c) = m.bank.class_of(rec) else { return Ok(()) };
            dst_class = Some(c);
        } else {
            let Some(index) = dst.children().get(1).filter(|c| c.is_leaf()) else { return Ok(()) };
            sub_reg = match &index.kind {
                NodeKind::Leaf(tdq_models::patterns::tree::Leaf::Value(v)) => match v.as_def() {
                    Some(def) => tdq_models::target::qualified_name(m.input, def)?,
                    None => v.to_string(),
                },
                _ => return Ok(()),
            };
        }
        let src = &p.src;
        if src.is_leaf() || src.types.len() > 1 || !src.predicates.is_empty() {
            return Ok(());
        }
        let Some(src_op) = src.operator() else { return Ok(()) };
        let Some(info) = m.nodes.of(src_op).transpose()? else { return Ok(()) };
        let opcode = info.enum_name;
        let ret_vt = if src.types.is_empty() { m.void } else { m.simple_type(src, 0)? };
        let vt = match src.children().first() {
            Some(c) => m.simple_type(c, 0)?,
            None => ret_vt,
        };
        let Some(sig) = self.signature(m, src, vt, dst_class)? else { return Ok(()) };
        let mut phys_regs = Vec::new();
        if matches!(f.name(src_op), "imm" | "fpimm") {
            phys_regs.push(String::new());
        } else {
            let mut dst_index = 0;
            for child in src.children() {
                let reg = m.phys_reg(child);
                if reg.is_empty() {
                    if dst.children().get(dst_index).is_none_or(|d| d.name != child.name) {
                        return Ok(());
                    }
                    dst_index += 1;
                }
                phys_regs.push(reg);
            }
            if !extract && dst_index < dst.children().len() {
                return Ok(());
            }
        }
        let stripped: String = sig.iter().map(|k| suffix_letter(*k)).collect();
        if !matches!(stripped.as_str(), "" | "r" | "rr" | "ri" | "i" | "f") {
            return Ok(());
        }
        let predicate_check = p.predicate_check(self.input)?;
        let complexity = p.complexity(self.input, &m.dag.complex_patterns, m.table);
        if !self.seen.insert((sig.clone(), opcode, vt, ret_vt, predicate_check.clone())) {
            let locs = &self.input.records.get(p.src_record).locs;
            return Err(Fatal::new(locs, "Duplicate predicate in FastISel table!"));
        }
        let memo = Memo { name: f.name(op), class: dst_class, sub_reg, phys_regs, predicate_check };
        self.simple
            .entry(sig.clone())
            .or_default()
            .entry(opcode)
            .or_default()
            .entry(vt)
            .or_default()
            .entry(ret_vt)
            .or_default()
            .push((complexity, memo));
        if has_immediate_codes(&sig) {
            self.constant_forms.entry(without_immediate_codes(&sig)).or_default().push(sig);
        }
        Ok(())
    }

    /// A value type's name as the release writes it.
    fn type_name(&self, vt: MvtId) -> String {
        let name = self.table.name(vt);
        match self.form.type_names {
            TypeNames::Legacy if Some(vt) == self.table.other => "UNKNOWN".to_string(),
            TypeNames::Legacy if Some(vt) == self.table.iptr || Some(vt) == self.table.ptr_any => {
                "TLI.getPointerTy()".to_string()
            }
            TypeNames::Legacy | TypeNames::Enum => format!("MVT::{name}"),
        }
    }

    /// `PrintManglingSuffix`: a letter per operand, an immediate's predicate after it unless
    /// `strip`; operands copied to physical registers left out where `phys_regs` says so.
    fn suffix(&self, sig: &Signature, phys_regs: Option<&[String]>, strip: bool) -> String {
        let mut s = String::new();
        for (i, k) in sig.iter().enumerate() {
            if phys_regs.is_some_and(|r| !r[i].is_empty()) {
                continue;
            }
            s.push(suffix_letter(*k));
            if let (OpKind::Imm(code), false) = (k, strip) {
                if *code != 0 {
                    let frag = self.imm_predicates[*code as usize - 1];
                    let _ = write!(s, "_{}", PredicateFn { input: self.input, frag }.fn_name());
                }
            }
        }
        s
    }

    /// `PrintParameters`.
    fn parameters(&self, sig: &Signature) -> String {
        let params: Vec<String> = sig
            .iter()
            .enumerate()
            .map(|(i, k)| match k {
                OpKind::Reg => format!("{} Op{i}", self.form.register),
                OpKind::Imm(_) => format!("uint64_t imm{i}"),
                OpKind::Fp => format!("const ConstantFP *f{i}"),
            })
            .collect();
        params.join(", ")
    }

    /// `PrintArguments`, without the operands copied to physical registers.
    fn arguments(&self, sig: &Signature, phys_regs: Option<&[String]>) -> String {
        let args: Vec<String> = sig
            .iter()
            .enumerate()
            .filter(|(i, _)| phys_regs.is_none_or(|r| r[*i].is_empty()))
            .map(|(i, k)| argument(i, *k))
            .collect();
        args.join(", ")
    }

    /// `printImmediatePredicates`.
    fn write_immediate_predicates(&self, s: &mut String) -> std::result::Result<(), Fatal> {
        if self.imm_predicates.is_empty() {
            return Ok(());
        }
        s.push_str("\n// FastEmit Immediate Predicate functions.\n");
        let f = Fields { input: self.input };
        for &frag in &self.imm_predicates {
            let name = PredicateFn { input: self.input, frag }.fn_name();
            let code = f.string(frag, "ImmediateCode")?;
            let _ = write!(s, "static bool {name}(int64_t Imm) {{\n{code}\n}}\n");
        }
        s.push_str("\n\n");
        Ok(())
    }

    /// `emitInstructionCode`: each instruction of a group, the most complex (and, among
    /// equals, the last met) first.
    fn write_instructions(
        &self,
        s: &mut String,
        m: &Models,
        ns: &str,
        sig: &Signature,
        memos: &Memos,
        ret_vt_name: &str,
    ) -> std::result::Result<(), Fatal> {
        let mut order: Vec<&(i64, Memo)> = memos.iter().collect();
        order.sort_by_key(|(c, _)| *c);
        let mut one_had_no_predicate = false;
        for (_, memo) in order.into_iter().rev() {
            let check = &memo.predicate_check;
            if check.is_empty() {
                one_had_no_predicate = true;
            } else {
                if one_had_no_predicate {
                    return Err(Fatal::new(
                        &[],
                        format!(
                            "Multiple instructions match and one with no predicate came before one with a predicate!  name:{}  predicate: {check}",
                            memo.name
                        ),
                    ));
                }
                let _ = write!(s, "  if ({check}) {{\n  ");
            }
            for (i, reg) in memo.phys_regs.iter().enumerate() {
                if !reg.is_empty() {
                    let _ = writeln!(
                        s,
                        "  BuildMI(*FuncInfo.MBB, FuncInfo.InsertPt, MIMD, TII.get(TargetOpcode::COPY), {reg}).addReg(Op{i});"
                    );
                }
            }
            s.push_str("  return fastEmitInst_");
            match memo.class {
                Some(class) if memo.sub_reg.is_empty() => {
                    s.push_str(&self.suffix(sig, Some(&memo.phys_regs), true));
                    let class_name = &m.bank.classes[class].name;
                    let _ = write!(s, "({ns}::{}, &{ns}::{class_name}RegClass", memo.name);
                    if !sig.is_empty() {
                        s.push_str(", ");
                    }
                    s.push_str(&self.arguments(sig, Some(&memo.phys_regs)));
                    s.push_str(");\n");
                }
                _ => {
                    let _ = writeln!(s, "extractsubreg({ret_vt_name}, Op0, {});", memo.sub_reg);
                }
            }
            if !check.is_empty() {
                s.push_str("  }\n");
            }
        }
        if !one_had_no_predicate {
            let _ = writeln!(s, "  return {};", self.form.no_register);
        }
        s.push_str("}\n\n");
        Ok(())
    }

    /// `printFunctionDefinitions`.
    fn write_functions(&self, s: &mut String, m: &Models, ns: &str) -> std::result::Result<(), Fatal> {
        let reg = self.form.register;
        let none = self.form.no_register;
        for (sig, by_opcode) in &self.simple {
            let suffix = self.suffix(sig, None, false);
            let params = self.parameters(sig);
            let args = self.arguments(sig, None);
            let comma = if sig.is_empty() { "" } else { ", " };
            for (opcode, by_vt) in by_opcode {
                let op = legal_c_name(opcode);
                let _ = write!(s, "// FastEmit functions for {opcode}.\n\n");
                for (&vt, by_ret) in by_vt {
                    let vt_c = legal_c_name(&self.type_name(vt));
                    if by_ret.len() != 1 {
                        for (&ret, memos) in by_ret {
                            let ret_name = self.type_name(ret);
                            let ret_c = legal_c_name(&ret_name);
                            let _ = writeln!(s, "{reg} fastEmit_{op}_{vt_c}_{ret_c}_{suffix}({params}) {{");
                            self.write_instructions(s, m, ns, sig, memos, &ret_name)?;
                        }
                        let _ = write!(s, "{reg} fastEmit_{op}_{vt_c}_{suffix}(MVT RetVT{comma}{params}) {{\nswitch (RetVT.SimpleTy) {{\n");
                        for &ret in by_ret.keys() {
                            let ret_name = self.type_name(ret);
                            let ret_c = legal_c_name(&ret_name);
                            let _ =
                                writeln!(s, "  case {ret_name}: return fastEmit_{op}_{vt_c}_{ret_c}_{suffix}({args});");
                        }
                        let _ = write!(s, "  default: return {none};\n}}\n}}\n\n");
                    } else if let Some((&ret, memos)) = by_ret.iter().next() {
                        let _ = writeln!(s, "{reg} fastEmit_{op}_{vt_c}_{suffix}(MVT RetVT{comma}{params}) {{");
                        let _ = write!(s, "  if (RetVT.SimpleTy != {})\n    return {none};\n", self.type_name(ret));
                        self.write_instructions(s, m, ns, sig, memos, "RetVT")?;
                    }
                }
                let _ = write!(
                    s,
                    "{reg} fastEmit_{op}_{suffix}(MVT VT, MVT RetVT{comma}{params}) {{\n  switch (VT.SimpleTy) {{\n"
                );
                for &vt in by_vt.keys() {
                    let name = self.type_name(vt);
                    let vt_c = legal_c_name(&name);
                    let _ = writeln!(s, "  case {name}: return fastEmit_{op}_{vt_c}_{suffix}(RetVT{comma}{args});");
                }
                let _ = write!(s, "  default: return {none};\n  }}\n}}\n\n");
            }
            s.push_str("// Top-level FastEmit function.\n\n");
            let _ = write!(s, "{reg} fastEmit_{suffix}(MVT VT, MVT RetVT, unsigned Opcode{comma}{params}) ");
            if !has_immediate_codes(sig) {
                s.push_str("override ");
            }
            s.push_str("{\n");
            if let Some(forms) = self.constant_forms.get(sig) {
                let mut forms = forms.clone();
                forms.sort();
                forms.dedup();
                for form in &forms {
                    let _ = write!(
                        s,
                        "  if ({})\n    if ({reg} Reg = fastEmit_{}(VT, RetVT, Opcode{}{}))\n      return Reg;\n\n",
                        self.immediate_checks(m, form)?,
                        self.suffix(form, None, false),
                        if form.is_empty() { "" } else { ", " },
                        self.arguments(form, None)
                    );
                }
            }
            s.push_str("  switch (Opcode) {\n");
            for opcode in by_opcode.keys() {
                let _ = writeln!(
                    s,
                    "  case {opcode}: return fastEmit_{}_{suffix}(VT, RetVT{comma}{args});",
                    legal_c_name(opcode)
                );
            }
            let _ = write!(s, "  default: return {none};\n  }}\n}}\n\n");
        }
        Ok(())
    }

    /// `emitImmediatePredicate`: for each immediate with a predicate, the type its fragment
    /// matches and the predicate.
    fn immediate_checks(&self, m: &Models, sig: &Signature) -> std::result::Result<String, Fatal> {
        let mut parts = Vec::new();
        for (i, k) in sig.iter().enumerate() {
            let OpKind::Imm(code) = k else { continue };
            if *code == 0 {
                continue;
            }
            let frag = self.imm_predicates[*code as usize - 1];
            let tree = m.dag.fragments.trees(frag).first();
            let vt = tree.and_then(|t| t.types.first()).and_then(|t| t.machine_value_type()).ok_or_else(|| {
                Fatal::new(&self.input.records.get(frag).locs, "Cannot use variable value types with fast isel")
            })?;
            let name = PredicateFn { input: self.input, frag }.fn_name();
            // `getEnumName` in every release, where the functions' names use `getName`.
            parts.push(format!("VT == MVT::{} && {name}(imm{i})", self.table.name(vt)));
        }
        Ok(parts.join(" &&\n        "))
    }
}

/// `printManglingSuffix`'s letter for an operand.
fn suffix_letter(k: OpKind) -> char {
    match k {
        OpKind::Reg => 'r',
        OpKind::Fp => 'f',
        OpKind::Imm(_) => 'i',
    }
}

fn argument(i: usize, k: OpKind) -> String {
    match k {
        OpKind::Reg => format!("Op{i}"),
        OpKind::Imm(_) => format!("imm{i}"),
        OpKind::Fp => format!("f{i}"),
    }
}

/// `getLegalCName`: the first `::` made `_`.
fn legal_c_name(name: &str) -> String {
    name.replacen("::", "_", 1)
}

impl Backend for GenFastIsel {
    fn name(&self) -> &'static str {
        "gen-fast-isel"
    }
    fn help(&self) -> &'static str {
        "Generate a \"fast\" instruction selector"
    }
    fn emit(&self, input: &Evaluation, _options: &BackendOptions, out: &mut Output) -> Result<()> {
        let target = Target::get(input)?;
        let dag = DagPatterns::get(input)?;
        for d in &dag.diags.list {
            out.diags.push(d.clone());
        }
        let nodes = SdNodes::get(input)?;
        let instructions = Instructions::get(input)?;
        let bank = RegBank::get(input)?;
        let table = MvtTable::read(input)?;
        let void = ValueTypes::get(input)?
            .named("isVoid")
            .and_then(|vt| vt.value)
            .ok_or_else(|| Fatal::new(&[], "the value types have no isVoid"))? as MvtId;
        let m =
            Models { input, dag: &dag, nodes: &nodes, instructions: &instructions, bank: &bank, table: &table, void };
        let mut selector = Selector::new(input, &table);
        for p in &dag.patterns {
            selector.collect(&m, p)?;
        }
        let ns = instructions.namespace();
        let mut s = String::new();
        source_file_header(&mut s, &format!("\"Fast\" Instruction Selector for the {} target", target.name), None);
        selector.write_immediate_predicates(&mut s)?;
        selector.write_functions(&mut s, &m, ns)?;
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}
