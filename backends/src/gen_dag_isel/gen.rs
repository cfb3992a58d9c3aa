//! One pattern to its matcher (LLVM's DAGISelMatcherGen.cpp, `ConvertPatternToMatcher`):
//! the steps that walk and check the source pattern, record the nodes and operands the
//! result needs, run the complex patterns, then build the result's nodes.

use super::matcher::{EmitNode, List, Matcher, Opcode};
use super::{Layout, Model};
use crate::BackendError;
use std::collections::HashMap;
use tdq_core::init::InitKind;
use tdq_core::intern::Sym;
use tdq_core::types::RecId;
use tdq_models::patterns::dag_patterns::PatternToMatch;
use tdq_models::patterns::infer::ImpliedTypes;
use tdq_models::patterns::predicates::PredicateFn;
use tdq_models::patterns::properties::Property;
use tdq_models::patterns::tree::{Leaf, NodeKind, TreeNode};
use tdq_models::patterns::types::{MvtId, ValueTypeByHwMode};
use tdq_models::records::Fatal;

type Result<T> = std::result::Result<T, BackendError>;

/// The state of one pattern's conversion (`MatcherGen`).
pub struct MatcherGen<'m, 'c, 'a> {
    m: &'m Model<'a>,
    pattern: &'m PatternToMatch,
    pattern_index: usize,
    implied: ImpliedTypes<'c, 'a>,
    /// Each name's recorded slot plus one (`VariableMap`).
    variables: HashMap<String, u32>,
    /// Each complex pattern operand's first slot plus one.
    complex_operands: HashMap<Sym, u32>,
    next_recorded: u32,
    chain_nodes: Vec<u32>,
    /// The complex patterns matched (the path to the node) and the slot of what they match.
    complex_patterns: Vec<(Vec<usize>, u32)>,
    phys_reg_inputs: Vec<(RecId, u32)>,
    out: List,
}

fn node_at<'t>(root: &'t TreeNode, path: &[usize]) -> &'t TreeNode {
    path.iter().fold(root, |n, &i| &n.children()[i])
}

impl<'m, 'c, 'a> MatcherGen<'m, 'c, 'a> {
    pub fn new(
        m: &'m Model<'a>,
        ctx: &'c tdq_models::patterns::infer::Context<'a>,
        pattern: &'m PatternToMatch,
        pattern_index: usize,
    ) -> Result<Self> {
        let implied = ImpliedTypes::new(ctx, pattern.src_record, &pattern.src)?;
        Ok(MatcherGen {
            m,
            pattern,
            pattern_index,
            implied,
            variables: HashMap::new(),
            complex_operands: HashMap::new(),
            next_recorded: 0,
            chain_nodes: Vec::new(),
            complex_patterns: Vec::new(),
            phys_reg_inputs: Vec::new(),
            out: Vec::new(),
        })
    }

    /// How many matchers `pattern` makes: one per node a complex pattern at its root may
    /// match, else one. LLVM finds the end by making a matcher generator (with its type
    /// inference) for the variant past the last; asked first, that one is never made.
    pub fn variants(m: &Model<'_>, pattern: &PatternToMatch) -> usize {
        m.complex_of(&pattern.src).map_or(1, |cp| cp.root_nodes.len())
    }

    fn add(&mut self, m: Matcher) {
        self.out.push(m);
    }

    fn fatal(&self, message: String) -> BackendError {
        BackendError::from(Fatal::new(&[], message))
    }

    /// `ConvertPatternToMatcher`: the matcher of variant `variant` (a complex pattern at the
    /// root has one per node it may match), `None` past the last.
    pub fn run(mut self, variant: usize) -> Result<Option<List>> {
        let src = &self.pattern.src;
        if let Some(cp) = self.m.complex_of(src) {
            let Some(&node) = cp.root_nodes.get(variant) else { return Ok(None) };
            let opcode = self.m.opcode(node)?;
            self.add(Matcher::CheckOpcode(opcode));
        } else if variant != 0 {
            return Ok(None);
        }
        self.match_code(&mut Vec::new())?;
        let check = self.pattern.predicate_check(self.m.input)?;
        if !check.is_empty() {
            self.add(Matcher::CheckPatternPredicate(check));
        }
        for (path, entry) in std::mem::take(&mut self.complex_patterns) {
            let n = node_at(&self.pattern.src, &path);
            if n.is_leaf() {
                self.complex_operands.insert(n.name, self.next_recorded + 1);
            } else {
                let mut cur = self.next_recorded;
                for c in n.children() {
                    self.complex_operands.insert(c.name, cur + 1);
                    cur += self.m.num_mi_results(c)? as u32;
                }
            }
            let cp = self.m.complex_of(n).expect("a complex pattern");
            self.add(Matcher::CheckComplexPat {
                pattern: cp.def,
                match_no: entry,
                name: n.name,
                first_result: self.next_recorded,
            });
            self.next_recorded += cp.num_operands as u32;
            if cp.properties.has(Property::HasChain) {
                self.next_recorded += 1;
                self.chain_nodes.push(self.next_recorded - 1);
            }
        }
        self.result_code()?;
        Ok(Some(self.out))
    }

    /// `recordUniqueNode`: records the node under its names, or checks it is the node they
    /// name already; whether it was recorded.
    fn record_unique(&mut self, names: &[String]) -> bool {
        let entry = self.variables.get(&names[0]).copied().unwrap_or(0);
        let new = entry == 0;
        let entry = if new {
            let what_for = names.iter().map(|n| format!("${n}")).collect::<Vec<_>>().join(",");
            self.add(Matcher::RecordNode { what_for, result_no: self.next_recorded });
            self.next_recorded += 1;
            self.next_recorded
        } else {
            self.add(Matcher::CheckSame(entry - 1));
            entry
        };
        for n in names {
            self.variables.insert(n.clone(), entry);
        }
        new
    }

    fn slot_of(&self, name: &str) -> u32 {
        self.variables.get(name).copied().unwrap_or(0).wrapping_sub(1)
    }

    /// `EmitMatchCode`.
    fn match_code(&mut self, path: &mut Vec<usize>) -> Result<()> {
        let pattern = self.pattern;
        let n = node_at(&pattern.src, path);
        let to_check = self.implied.check(path, n)?;
        let mut names = Vec::new();
        if !n.name.is_empty() {
            names.push(n.name.to_string());
        }
        for (scope, name) in &n.pred_args {
            names.push(format!("pred:{scope}:{name}"));
        }
        if !names.is_empty() && !self.record_unique(&names) {
            return Ok(());
        }
        if n.is_leaf() {
            self.leaf_match_code(n, path)?;
        } else {
            self.operator_match_code(n, path)?;
        }
        for call in &n.predicates {
            let mut operands = Vec::new();
            let pred = PredicateFn { input: self.m.input, frag: call.frag };
            if pred.uses_operands() {
                for arg in self.m.dag.fragments.args(call.frag) {
                    operands.push(self.slot_of(&format!("pred:{}:{arg}", call.scope)));
                }
            }
            self.add(Matcher::CheckPredicate { frag: call.frag, operands });
        }
        for res in to_check {
            let ty = self.m.vt(n, res)?;
            self.add(Matcher::CheckType { ty, res: res as u32 });
        }
        Ok(())
    }

    /// `EmitLeafMatchCode`.
    fn leaf_match_code(&mut self, n: &TreeNode, path: &[usize]) -> Result<()> {
        let m = self.m;
        let is_root = path.is_empty();
        let value = match &n.kind {
            NodeKind::Leaf(Leaf::Value(v)) => *v,
            NodeKind::Leaf(Leaf::IntrinsicId(def)) => {
                self.add(Matcher::CheckInteger(m.intrinsic_id(*def)?));
                return Ok(());
            }
            NodeKind::Op { .. } => unreachable!("a leaf"),
        };
        if let Some(v) = tdq_models::records::int_value(value).filter(|_| matches!(value.kind(), InitKind::Int(_))) {
            if is_root {
                let imm = m.named_node("imm")?;
                self.add(Matcher::CheckOpcode(imm));
            }
            self.add(Matcher::CheckInteger(v));
            return Ok(());
        }
        if value.is_unset() {
            return Ok(());
        }
        let Some(def) = value.as_def() else {
            return Err(self.fatal(format!("Unknown leaf kind: {value}")));
        };
        let f = m.f();
        let is = |c: &str| f.is_a(def, c);
        if is("ValueType") {
            if !n.name.is_empty() {
                return Ok(());
            }
            let vt = m.value_type(def)?;
            self.add(Matcher::CheckValueType(vt));
            return Ok(());
        }
        let name = f.name(def);
        if m.form.matching_leaf_classes.iter().any(|c| is(c)) || name == "srcvalue" {
            return Ok(());
        }
        if is("Register") {
            self.add(Matcher::RecordNode { what_for: format!("physreg input {name}"), result_no: self.next_recorded });
            self.phys_reg_inputs.push((def, self.next_recorded));
            self.next_recorded += 1;
            return Ok(());
        }
        if is("CondCode") {
            self.add(Matcher::CheckCondCode(name));
            return Ok(());
        }
        if is("ComplexPattern") {
            if n.name.is_empty() {
                return Err(self.fatal("We expect complex pattern uses to have names".into()));
            }
            let input = self.slot_of(n.name);
            self.complex_patterns.push((path.to_vec(), input));
            return Ok(());
        }
        if name == "immAllOnesV" || name == "immAllZerosV" {
            if is_root {
                let vt = m.simple_type(n, 0)?;
                let node = if m.table.info(vt).is_scalable { "splat_vector" } else { "build_vector" };
                let op = m.named_node(node)?;
                self.add(Matcher::CheckOpcode(op));
            }
            self.add(if name == "immAllOnesV" { Matcher::CheckImmAllOnesV } else { Matcher::CheckImmAllZerosV });
            return Ok(());
        }
        Err(self.fatal(format!("Unknown leaf kind: {name}")))
    }

    /// `EmitOperatorMatchCode`.
    fn operator_match_code(&mut self, n: &TreeNode, path: &mut Vec<usize>) -> Result<()> {
        let m = self.m;
        let f = m.f();
        let op = n.operator().expect("an operator");
        if f.is_a(op, "ComplexPattern") {
            let mut name = f.name(op).to_string();
            for c in n.children() {
                name.push(':');
                name.push_str(c.name);
            }
            if self.record_unique(&[name]) {
                self.complex_patterns.push((path.clone(), self.next_recorded - 1));
            }
            return Ok(());
        }
        let info = m.opcode(op)?;
        let is_root = path.is_empty();
        let op_name = f.name(op);
        if (op_name == "and" || op_name == "or") && n.predicates.is_empty() {
            if let Some(c1) = n.children().get(1).filter(|c| c.predicates.is_empty()) {
                if let NodeKind::Leaf(Leaf::Value(v)) = &c1.kind {
                    if let InitKind::Int(value) = v.kind() {
                        let value = *value;
                        if (value as u32).count_ones() != 1 {
                            if is_root {
                                self.add(Matcher::CheckOpcode(info));
                            }
                            self.add(if op_name == "and" {
                                Matcher::CheckAndImm(value)
                            } else {
                                Matcher::CheckOrImm(value)
                            });
                            self.add(Matcher::MoveChild(0));
                            path.push(0);
                            self.match_code(path)?;
                            path.pop();
                            self.add(Matcher::MoveParent);
                            return Ok(());
                        }
                    }
                }
            }
        }
        self.add(Matcher::CheckOpcode(info));
        if m.node_has(n, Property::MemOperand)? {
            self.add(Matcher::RecordMemRef);
        }
        let mut op_no = 0;
        if m.node_has(n, Property::HasChain)? {
            self.add(Matcher::RecordNode {
                what_for: format!("'{op_name}' chained node"),
                result_no: self.next_recorded,
            });
            self.chain_nodes.push(self.next_recorded);
            self.next_recorded += 1;
            op_no = 1;
            if !is_root {
                let mut need_check = path.len() != 1;
                if !need_check {
                    let root_op = self.pattern.src.operator().expect("an operator root");
                    let intrinsic_nodes =
                        [m.intrinsic_nodes.void, m.intrinsic_nodes.w_chain, m.intrinsic_nodes.wo_chain];
                    let p = m.nodes.of(root_op).transpose()?;
                    need_check = intrinsic_nodes.contains(&Some(root_op))
                        || p.is_some_and(|p| {
                            p.num_operands > 1
                                || p.properties.has(Property::HasChain)
                                || p.properties.has(Property::InGlue)
                                || p.properties.has(Property::OptInGlue)
                        });
                }
                if need_check {
                    self.add(Matcher::CheckFoldableChainNode);
                }
            }
        }
        if m.node_has(n, Property::OutGlue)? && !is_root {
            self.add(Matcher::RecordNode {
                what_for: format!("'{op_name}' glue output node"),
                result_no: self.next_recorded,
            });
        }
        if m.node_has(n, Property::OptInGlue)? || m.node_has(n, Property::InGlue)? {
            self.add(Matcher::CaptureGlueInput);
        }
        for i in 0..n.children().len() {
            self.add(Matcher::MoveChild(op_no));
            path.push(i);
            self.match_code(path)?;
            path.pop();
            self.add(Matcher::MoveParent);
            op_no += 1;
        }
        Ok(())
    }

    /// `EmitResultCode`.
    fn result_code(&mut self) -> Result<()> {
        if !self.chain_nodes.is_empty() {
            self.add(Matcher::EmitMergeInputChains(self.chain_nodes.clone()));
        }
        let pattern = self.pattern;
        let mut ops = Vec::new();
        self.result_operand(&pattern.dst, true, &mut ops)?;
        let mut num_src_results = pattern.src.types.len();
        if !pattern.dst_regs.is_empty() {
            let handled = match pattern.dst.operator().and_then(|op| self.m.instructions.get_def(op)) {
                Some(inst) if self.m.ctx_implicit_def_vt(inst).is_some() => inst.implicit_defs.first().copied(),
                _ => None,
            };
            let f = self.m.f();
            num_src_results +=
                pattern.dst_regs.iter().filter(|&&r| f.is_a(r, "Register") && Some(r) != handled).count();
        }
        let mut results = ops.clone();
        // An instruction's results in the order its pattern sets them.
        for (res_no, &at) in pattern.result_perm.iter().enumerate() {
            if let (Some(r), Some(&op)) = (results.get_mut(res_no), ops.get(at as usize)) {
                *r = op;
            }
        }
        results.resize(num_src_results, 0);
        self.add(Matcher::CompleteMatch { results, pattern: self.pattern_index });
        Ok(())
    }

    /// `EmitResultOperand`.
    fn result_operand(&mut self, n: &TreeNode, is_root: bool, ops: &mut Vec<u32>) -> Result<()> {
        if !n.name.is_empty() {
            return self.result_of_named(n, ops);
        }
        let Some(op) = n.operator() else { return self.result_leaf(n, ops) };
        let f = self.m.f();
        if f.is_a(op, "Instruction") {
            return self.result_instruction(n, is_root, ops);
        }
        if f.is_a(op, "SDNodeXForm") {
            let mut inputs = Vec::new();
            self.result_operand(&n.children()[0], false, &mut inputs)?;
            self.add(Matcher::EmitNodeXForm { xform: op, slot: inputs[0], result_no: self.next_recorded });
            ops.push(self.next_recorded);
            self.next_recorded += 1;
            return Ok(());
        }
        Err(self.fatal("Unknown node in result pattern!".into()))
    }

    /// `EmitResultOfNamedOperand`.
    fn result_of_named(&mut self, n: &TreeNode, ops: &mut Vec<u32>) -> Result<()> {
        let count = self.m.num_mi_results(n)? as u32;
        if let Some(&slot) = self.complex_operands.get(n.name).filter(|&&s| s != 0) {
            ops.extend((0..count).map(|i| slot - 1 + i));
            return Ok(());
        }
        let slot = self.slot_of(n.name);
        if let Some(op) = n.operator() {
            if matches!(self.m.f().name(op), "imm" | "fpimm") {
                self.add(Matcher::EmitConvertToTarget { slot, result_no: self.next_recorded });
                ops.push(self.next_recorded);
                self.next_recorded += 1;
                return Ok(());
            }
        }
        ops.extend((0..count).map(|i| slot + i));
        Ok(())
    }

    /// `EmitResultLeafAsOperand`.
    fn result_leaf(&mut self, n: &TreeNode, ops: &mut Vec<u32>) -> Result<()> {
        let m = self.m;
        let f = m.f();
        let value = match &n.kind {
            NodeKind::Leaf(Leaf::Value(v)) => *v,
            _ => return Err(self.fatal("unhandled leaf node: an intrinsic".into())),
        };
        if let InitKind::Int(v) = value.kind() {
            let vt = m.vt(n, 0)?;
            let bits = vt.simple().map_or(0, |t| m.table.info(t).size);
            let value = match m.form.sign_extend_integers && (1..64).contains(&bits) {
                true => (*v << (64 - bits)) >> (64 - bits),
                false => *v,
            };
            self.add(Matcher::EmitInteger { value, vt, name: None, result_no: self.next_recorded });
            ops.push(self.next_recorded);
            self.next_recorded += 1;
            return Ok(());
        }
        let Some(mut def) = value.as_def() else { return Err(self.fatal(format!("unhandled leaf node: {value}"))) };
        let i32 = m.table.i32.expect("i32");
        if f.is_a(def, "Register") {
            let vt = m.vt(n, 0)?;
            self.add(Matcher::EmitRegister { reg: Some(def), vt, result_no: self.next_recorded });
        } else if f.is_a(def, "RegisterByHwMode") {
            let message = "RegisterByHwMode in SelectionDAG patterns not yet supported!";
            return Err(Fatal::new(&m.input.records.get(def).locs, message).into());
        } else if f.name(def) == "zero_reg" {
            let vt = m.vt(n, 0)?;
            self.add(Matcher::EmitRegister { reg: None, vt, result_no: self.next_recorded });
        } else if f.name(def) == "undef_tied_input" {
            let vt = m.vt(n, 0)?;
            let id = self.next_recorded;
            self.next_recorded += 1;
            let inst = m.input.records.def("IMPLICIT_DEF").ok_or_else(|| self.fatal("no IMPLICIT_DEF".into()))?;
            self.add(Matcher::EmitNode(EmitNode {
                inst,
                vts: vec![vt],
                operands: Vec::new(),
                has_chain: false,
                has_in_glue: false,
                has_out_glue: false,
                has_mem_refs: false,
                num_fixed_arity_operands: -1,
                first_result_slot: id,
            }));
            ops.push(id);
            return Ok(());
        } else {
            let result_no = self.next_recorded;
            if f.is_a(def, "RegisterOperand") {
                def = f.def(def, "RegClass")?;
            }
            if f.is_a(def, "RegisterClass") {
                let index = m.bank.class(m.input, def)?;
                let rc = &m.bank.classes[index];
                let id = match rc.namespace {
                    "" => format!("{}RegClassID", rc.name),
                    ns => format!("{ns}::{}RegClassID", rc.name),
                };
                let value = index as i64;
                self.add(match m.form.layout {
                    Layout::V19 if index <= 127 => Matcher::EmitStringInteger { value: id, vt: i32 },
                    Layout::V19 => {
                        Matcher::EmitInteger { value, vt: ValueTypeByHwMode::Simple(i32), name: None, result_no }
                    }
                    Layout::V22 | Layout::V23 => {
                        Matcher::EmitInteger { value, vt: ValueTypeByHwMode::Simple(i32), name: Some(id), result_no }
                    }
                });
            } else if f.is_a(def, "SubRegIndex") {
                let enum_value = m.bank.sub_reg_index_of(def).map(|i| i + 1).unwrap_or(0) as i64;
                let name = m.qualified_name(def);
                self.add(match m.form.layout {
                    Layout::V19 if m.bank.sub_reg_indices.len() > 127 && enum_value > 127 => Matcher::EmitInteger {
                        value: enum_value,
                        vt: ValueTypeByHwMode::Simple(i32),
                        name: None,
                        result_no,
                    },
                    Layout::V19 => Matcher::EmitStringInteger { value: name, vt: i32 },
                    Layout::V22 | Layout::V23 => Matcher::EmitInteger {
                        value: enum_value,
                        vt: ValueTypeByHwMode::Simple(i32),
                        name: Some(name),
                        result_no,
                    },
                });
            } else {
                return Err(self.fatal(format!("unhandled leaf node: {}", f.name(def))));
            }
        }
        ops.push(self.next_recorded);
        self.next_recorded += 1;
        Ok(())
    }

    /// `EmitResultInstructionAsOperand`.
    fn result_instruction(&mut self, n: &TreeNode, is_root: bool, out_ops: &mut Vec<u32>) -> Result<()> {
        let m = self.m;
        let f = m.f();
        let pattern = self.pattern;
        let op = n.operator().expect("an instruction");
        let inst = m.instructions.get_def(op).ok_or_else(|| self.fatal(format!("no instruction {}", f.name(op))))?;
        let flags = m.dag.flags.get(&op).copied().unwrap_or_default();
        let (mut tree_in_glue, mut tree_out_glue) = (false, false);
        if is_root {
            tree_in_glue =
                m.tree_has(&pattern.src, Property::OptInGlue)? || m.tree_has(&pattern.src, Property::InGlue)?;
            tree_out_glue = m.tree_has(&pattern.src, Property::OutGlue)?;
        }
        let operands = &inst.operands.operands;
        let num_results = m.dag.inst_results.get(&op).copied().unwrap_or(inst.operands.num_defs as usize);
        let num_fixed = operands.len();
        let mut inst_ops = Vec::new();
        let mut child_no = 0;
        let mut non_overridable = num_fixed;
        while non_overridable > num_results && m.has_default(operands[non_overridable - 1].rec) {
            non_overridable -= 1;
        }
        for (i, operand) in operands.iter().enumerate().take(num_fixed).skip(num_results) {
            let rec = operand.rec;
            if m.has_default(rec) && (i < non_overridable || child_no >= n.children().len()) {
                let defaults = m.dag.default_operands.get(&rec).cloned().unwrap_or_default();
                for d in &defaults {
                    self.result_operand(d, false, &mut inst_ops)?;
                }
                continue;
            }
            let mut num_sub_ops = 1;
            if f.is_a(rec, "Operand") {
                if let InitKind::Dag(_, _, args) = f.init(rec, "MIOperandInfo")?.kind() {
                    if !args.is_empty() {
                        num_sub_ops = args.len();
                    }
                }
            }
            let final_num = inst_ops.len() + num_sub_ops;
            while inst_ops.len() < final_num {
                let child = n.children().get(child_no).ok_or_else(|| self.fatal("too few operands".into()))?;
                let before = inst_ops.len();
                self.result_operand(child, false, &mut inst_ops)?;
                if child.operator().is_some_and(|o| f.is_a(o, "Instruction")) {
                    inst_ops.truncate(before + 1);
                }
                child_no += 1;
            }
        }
        if inst.operands.is_variadic {
            for c in &n.children()[child_no.min(n.children().len())..] {
                self.result_operand(c, false, &mut inst_ops)?;
            }
        }
        if is_root && !self.phys_reg_inputs.is_empty() {
            for (reg, slot) in self.phys_reg_inputs.clone() {
                self.add(Matcher::EmitCopyToReg { slot, reg });
            }
            tree_in_glue = true;
        }
        let mut vts = Vec::new();
        for i in 0..n.types.len() {
            vts.push(m.vt(n, i)?);
        }
        if is_root && !pattern.dst_regs.is_empty() {
            let handled =
                if m.ctx_implicit_def_vt(inst).is_some() { inst.implicit_defs.first().copied() } else { None };
            for &reg in &pattern.dst_regs {
                if !f.is_a(reg, "Register") || Some(reg) == handled {
                    continue;
                }
                vts.push(ValueTypeByHwMode::Simple(m.register_value_type(reg)));
            }
        }
        let mut num_fixed_arity = -1;
        if is_root && m.node_has(&pattern.src, Property::Variadic)? {
            num_fixed_arity = pattern.src.children().len() as i32;
        }
        let may_load_or_store = |def: RecId| {
            let fl = m.dag.flags.get(&def).copied().unwrap_or_default();
            fl.may_load || fl.may_store
        };
        let mut has_mem_refs = false;
        if m.tree_has(&pattern.src, Property::MemOperand)? {
            let count = m.num_load_store_nodes(&pattern.dst);
            let unique = may_load_or_store(op) && count == 1;
            has_mem_refs = unique || (is_root && (may_load_or_store(op) || count != 1));
        }
        let mut has_chain = false;
        if m.tree_has(&pattern.src, Property::HasChain)? {
            has_chain = if flags.has_chain_inferred { flags.has_chain } else { is_root };
            if inst.flags.has_ctrl_dep
                || flags.may_load
                || flags.may_store
                || inst.flags.can_fold_as_load
                || flags.has_side_effects
            {
                has_chain = true;
            }
        }
        self.add(Matcher::EmitNode(EmitNode {
            inst: op,
            vts: vts.clone(),
            operands: inst_ops,
            has_chain,
            has_in_glue: tree_in_glue,
            has_out_glue: tree_out_glue,
            has_mem_refs,
            num_fixed_arity_operands: num_fixed_arity,
            first_result_slot: self.next_recorded,
        }));
        for vt in vts {
            if vt.simple().is_some_and(|t| Some(t) == m.table.other || Some(t) == m.glue) {
                break;
            }
            out_ops.push(self.next_recorded);
            self.next_recorded += 1;
        }
        Ok(())
    }
}

/// `CheckOpcode`'s view of a node, for the optimiser's switch.
pub fn opcode_of(info: &tdq_models::patterns::sd_nodes::SdNodeInfo, known_type: Option<MvtId>) -> Opcode {
    Opcode { enum_name: info.enum_name, num_results: info.num_results, known_type }
}
