//! The matcher table and its functions (LLVM's DAGISelMatcherEmitter.cpp): `SelectCode`'s
//! byte table, then the pattern predicates, the node predicates (one case per distinct code,
//! most used first), the complex patterns and the node transforms the table refers to by
//! number.

use super::matcher::{List, Matcher};
use super::{Layout, Model};
use crate::common::emit::SequenceToOffsetTable;
use crate::common::std_sort::std_sort_by;
use crate::BackendError;
use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use tdq_core::types::RecId;
use tdq_models::patterns::dag_patterns::PatternToMatch;
use tdq_models::patterns::predicates::PredicateFn;
use tdq_models::patterns::properties::Property;
use tdq_models::patterns::types::ValueTypeByHwMode;
use tdq_models::records::Fatal;

type Result<T> = std::result::Result<T, BackendError>;

/// What the table numbers (`MatcherTableEmitter`).
pub struct TableEmitter<'m, 'a> {
    m: &'m Model<'a>,
    /// Node predicates by their code, the fragments of each in name order, in first use.
    by_code: Vec<(String, Vec<RecId>)>,
    code_of: HashMap<RecId, usize>,
    node_predicates: Vec<usize>,
    node_predicates_with_operands: Vec<usize>,
    pattern_predicates: Vec<String>,
    complex_patterns: Vec<RecId>,
    xforms: Vec<RecId>,
    layout: Layout,
    /// The types by HW mode the table names, each with its number plus one (0 until it has
    /// one) and its uses (`ValueTypeMap`; LLVM 23), in `std::map` order.
    vt_ids: BTreeMap<ValueTypeByHwMode, (u32, u32)>,
    /// The nodes' operand lists, as ULEB128 bytes (`OperandTable`; LLVM 23).
    operand_table: SequenceToOffsetTable<u8>,
    /// The patterns in the order the matchers number them (what the comments quote).
    patterns: &'m [&'m PatternToMatch],
    /// Whether the table has its comments (no `-omit-comments`).
    comments: bool,
    /// The sizes of the lists within scopes and switches, in the order they are written
    /// (`MatcherList::getSize`), and the next one's place.
    sizes: Vec<usize>,
    cursor: usize,
    /// The steps of each kind (`OpcodeCounts`), by [`Matcher::kind`].
    counts: [usize; 38],
    /// With `-instrument-coverage`: each completed pattern's text (`src -> dst`) and where it
    /// was written (`file:line`), in first use (`VecPatterns`, `VecIncludeStrings`).
    coverage: Option<Vec<(String, String)>>,
}

/// A map that keeps the order of first insertion (`MapVector`) counting uses.
fn count<K: PartialEq + Clone>(uses: &mut Vec<(K, usize)>, key: &K) {
    match uses.iter_mut().find(|(k, _)| k == key) {
        Some((_, n)) => *n += 1,
        None => uses.push((key.clone(), 1)),
    }
}

/// What the table uses, counted before it is written (`MatcherTableEmitter`'s constructor).
#[derive(Default)]
struct Uses {
    cps: Vec<(RecId, usize)>,
    pps: Vec<(String, usize)>,
    preds: Vec<(RecId, usize)>,
    /// LLVM 23's: the types by HW mode, and the operand lists.
    vt_ids: BTreeMap<ValueTypeByHwMode, (u32, u32)>,
    operand_table: SequenceToOffsetTable<u8>,
}

/// `getValueTypeID`: the type's number (by first use until numbered by uses), a use counted.
fn value_type_id(ids: &mut BTreeMap<ValueTypeByHwMode, (u32, u32)>, vt: &ValueTypeByHwMode) -> u32 {
    let len = ids.len() as u32;
    let (id, uses) = ids.entry(vt.clone()).or_insert((0, 0));
    if *id == 0 {
        *id = len + 1;
    }
    *uses += 1;
    *id - 1
}

/// A node's operand numbers as ULEB128 bytes (the form `OperandLists` keeps them in).
fn operand_bytes_of(operands: &[u32]) -> Vec<u8> {
    let mut bytes = Vec::new();
    for &o in operands {
        crate::common::leb128::encode_uleb128(u64::from(o), &mut bytes);
    }
    bytes
}

fn statistic(list: &List, uses: &mut Uses, layout: Layout) {
    for n in list {
        match n {
            Matcher::Scope(children) => children.iter().for_each(|c| statistic(c, uses, layout)),
            Matcher::SwitchOpcode(cases) => cases.iter().for_each(|(_, c)| statistic(c, uses, layout)),
            Matcher::SwitchType(cases) => cases.iter().for_each(|(_, c)| statistic(c, uses, layout)),
            Matcher::CheckComplexPat { pattern, .. } => count(&mut uses.cps, pattern),
            Matcher::CheckPatternPredicate(p) => count(&mut uses.pps, p),
            Matcher::CheckPredicate { frag, .. } => count(&mut uses.preds, frag),
            Matcher::CheckType { ty: vt, .. }
            | Matcher::CheckChildType { ty: vt, .. }
            | Matcher::EmitInteger { vt, .. }
            | Matcher::EmitRegister { vt, .. }
                if vt.simple().is_none() =>
            {
                value_type_id(&mut uses.vt_ids, vt);
            }
            Matcher::EmitNode(en) | Matcher::MorphNodeTo { node: en, .. } if layout.operand_lists() => {
                uses.operand_table.add(&operand_bytes_of(&en.operands));
            }
            _ => {}
        }
    }
}

fn by_uses<K>(mut v: Vec<(K, usize)>) -> Vec<K> {
    v.sort_by_key(|&(_, uses)| std::cmp::Reverse(uses));
    v.into_iter().map(|(k, _)| k).collect()
}

/// What follows a value: `, ` in LLVM 19, `,` from 22.
fn sep(layout: Layout) -> &'static str {
    match layout {
        Layout::V19 => ", ",
        Layout::V22 | Layout::V23 => ",",
    }
}

/// `GetVBRSize`: how many bytes a VBR of `v` takes.
fn vbr_len(mut v: u64) -> usize {
    let mut n = 1;
    while v >= 128 {
        v >>= 7;
        n += 1;
    }
    n
}

/// The kinds' names in the histogram of the commented table (`getOpcodeString`), by
/// [`Matcher::kind`].
const OPCODE_NAMES: [&str; 38] = [
    "OPC_Scope",
    "OPC_RecordNode",
    "OPC_RecordChild",
    "OPC_RecordMemRef",
    "OPC_CaptureGlueInput",
    "OPC_MoveChild",
    "OPC_MoveSibling",
    "OPC_MoveParent",
    "OPC_CheckSame",
    "OPC_CheckChildSame",
    "OPC_CheckPatternPredicate",
    "OPC_CheckPredicate",
    "OPC_CheckOpcode",
    "OPC_SwitchOpcode",
    "OPC_CheckType",
    "OPC_SwitchType",
    "OPC_CheckChildType",
    "OPC_CheckInteger",
    "OPC_CheckChildInteger",
    "OPC_CheckCondCode",
    "OPC_CheckChild2CondCode",
    "OPC_CheckValueType",
    "OPC_CheckComplexPat",
    "OPC_CheckAndImm",
    "OPC_CheckOrImm",
    "OPC_CheckImmAllOnesV",
    "OPC_CheckImmAllZerosV",
    "OPC_CheckFoldableChainNode",
    "OPC_EmitInteger",
    "OPC_EmitStringInteger",
    "OPC_EmitRegister",
    "OPC_EmitConvertToTarget",
    "OPC_EmitMergeInputChains",
    "OPC_EmitCopyToReg",
    "OPC_EmitNode",
    "OPC_EmitNodeXForm",
    "OPC_CompleteMatch",
    "OPC_MorphNodeTo",
];

fn indent(out: &mut String, n: usize) {
    out.extend(std::iter::repeat_n(' ', n));
}

impl<'m, 'a> TableEmitter<'m, 'a> {
    pub fn new(
        m: &'m Model<'a>,
        root: &List,
        patterns: &'m [&'m PatternToMatch],
        comments: bool,
        instrument: bool,
    ) -> Result<Self> {
        let mut uses = Uses { operand_table: SequenceToOffsetTable::unterminated(), ..Uses::default() };
        statistic(root, &mut uses, m.form.layout);
        // Numbered by uses, the most used first (ties as `llvm::sort` leaves them).
        let mut vts: Vec<(ValueTypeByHwMode, u32)> = uses.vt_ids.iter().map(|(vt, &(_, n))| (vt.clone(), n)).collect();
        std_sort_by(&mut vts, |a, b| a.1 > b.1);
        for (id, (vt, _)) in vts.iter().enumerate() {
            uses.vt_ids.get_mut(vt).expect("counted").0 = id as u32 + 1;
        }
        uses.operand_table.layout();
        let Uses { cps, pps, preds, vt_ids, operand_table } = uses;
        let mut by_code: Vec<(String, Vec<RecId>)> = Vec::new();
        let mut code_of = HashMap::new();
        for (frag, _) in &preds {
            let code = PredicateFn { input: m.input, frag: *frag }.code_to_run_on_sdnode(m.nodes, &m.dag.fragments)?;
            let at = match by_code.iter().position(|(c, _)| *c == code) {
                Some(at) => at,
                None => {
                    by_code.push((code, Vec::new()));
                    by_code.len() - 1
                }
            };
            by_code[at].1.push(*frag);
            code_of.insert(*frag, at);
        }
        let f = m.f();
        let mut groups = Vec::new();
        for (at, (_, frags)) in by_code.iter_mut().enumerate() {
            frags.sort_by(|&a, &b| f.name(a).cmp(f.name(b)));
            let uses = frags.iter().map(|fr| preds.iter().find(|(p, _)| p == fr).map_or(0, |(_, n)| *n)).sum();
            groups.push((at, uses));
        }
        let mut node_predicates = Vec::new();
        let mut node_predicates_with_operands = Vec::new();
        for at in by_uses(groups) {
            let first = by_code[at].1[0];
            if (PredicateFn { input: m.input, frag: first }).uses_operands() {
                node_predicates_with_operands.push(at);
            } else {
                node_predicates.push(at);
            }
        }
        Ok(TableEmitter {
            m,
            by_code,
            code_of,
            node_predicates,
            node_predicates_with_operands,
            pattern_predicates: by_uses(pps),
            complex_patterns: by_uses(cps),
            xforms: Vec::new(),
            layout: m.form.layout,
            vt_ids,
            operand_table,
            patterns,
            comments,
            sizes: Vec::new(),
            cursor: 0,
            counts: [0; 38],
            coverage: instrument.then(Vec::new),
        })
    }

    fn node_predicate(&self, frag: RecId) -> (usize, bool) {
        let at = self.code_of[&frag];
        let first = self.by_code[at].1[0];
        let with_ops = (PredicateFn { input: self.m.input, frag: first }).uses_operands();
        let list = if with_ops { &self.node_predicates_with_operands } else { &self.node_predicates };
        (list.iter().position(|&g| g == at).unwrap_or(list.len()), with_ops)
    }

    fn xform_id(&mut self, xform: RecId) -> usize {
        match self.xforms.iter().position(|&x| x == xform) {
            Some(i) => i,
            None => {
                self.xforms.push(xform);
                self.xforms.len() - 1
            }
        }
    }

    /// `SizeMatcherList`: the list's size in bytes, the sizes of the lists within recorded
    /// in the order [`Self::emit_list`] meets them.
    pub fn size_list(&mut self, list: &List) -> Result<usize> {
        let mut size = 0;
        for n in list {
            size += self.size(n)?;
        }
        Ok(size)
    }

    /// `SizeMatcher`: a scope or switch by its alternatives, any other step as written.
    fn size(&mut self, n: &Matcher) -> Result<usize> {
        self.counts[usize::from(n.kind())] += 1;
        let children: Vec<(&List, usize)> = match n {
            Matcher::Scope(children) => children.iter().map(|c| (c, 0)).collect(),
            Matcher::SwitchOpcode(cases) => cases.iter().map(|(_, c)| (c, 2)).collect(),
            Matcher::SwitchType(cases) => cases
                .iter()
                .map(|(t, c)| (c, if self.layout.types_as_bytes() { 1 } else { vbr_len(u64::from(*t)) }))
                .collect(),
            _ => {
                let comments = std::mem::replace(&mut self.comments, false);
                let size = self.emit(n, 0, 0, &mut String::new());
                self.comments = comments;
                return size;
            }
        };
        let mut size = 1;
        for (child, label) in children {
            let slot = self.sizes.len();
            self.sizes.push(0);
            let child_size = self.size_list(child)?;
            self.sizes[slot] = child_size;
            size += label + vbr_len(child_size as u64) + child_size;
        }
        Ok(size + 1)
    }

    /// `EmitMatcherList`: the list's steps, the first at index `at` of the table; its size in
    /// bytes.
    pub fn emit_list(&mut self, list: &List, ind: usize, mut at: usize, out: &mut String) -> Result<usize> {
        let mut size = 0;
        for n in list {
            if self.comments {
                let _ = write!(out, "/*{at:>w$}*/", w = self.layout.index_width());
            }
            let n_size = self.emit(n, ind, at, out)?;
            size += n_size;
            at += n_size;
        }
        Ok(size)
    }

    /// The size of the next list within a scope or switch, as [`Self::size_list`] found it.
    fn next_size(&mut self) -> usize {
        let size = self.sizes[self.cursor];
        self.cursor += 1;
        size
    }

    fn vt(&self, vt: u16) -> String {
        format!("MVT::{}", self.m.table.name(vt))
    }

    /// `EmitVBRValue`: the value, `/*value*/` after its last byte where it takes several.
    fn vbr(&self, out: &mut String, v: u64) -> usize {
        let n = vbr_len(v);
        let mut rest = v;
        while rest >= 128 {
            let _ = write!(out, "{}|128,", rest & 127);
            rest >>= 7;
        }
        let _ = write!(out, "{rest}");
        if n > 1 && self.comments {
            let _ = write!(out, "/*{v}*/");
        }
        out.push_str(sep(self.layout));
        n
    }

    /// `EmitSignedVBRValue`: LLVM 19 shifts the magnitude and puts the sign in bit 0 (its
    /// comment the shifted value); LLVM 22 writes SLEB128 (its comment the value, where it
    /// takes several bytes or is negative).
    fn signed_vbr(&self, out: &mut String, v: i64) -> usize {
        match self.layout {
            Layout::V19 => {
                let u = if v >= 0 { (v as u64) << 1 } else { ((v as u64).wrapping_neg() << 1) | 1 };
                self.vbr(out, u)
            }
            Layout::V22 | Layout::V23 => {
                let mut bytes = Vec::new();
                crate::common::leb128::encode_sleb128(v, &mut bytes);
                let (last, rest) = bytes.split_last().expect("a byte");
                for b in rest {
                    let _ = write!(out, "{}|128,", b & 127);
                }
                let _ = write!(out, "{last}");
                if (!rest.is_empty() || v < 0) && self.comments {
                    let _ = write!(out, "/*{v}*/");
                }
                out.push(',');
                bytes.len()
            }
        }
    }

    /// A type in the table: LLVM 19's `MVT::x, ` (one byte); LLVM 22's `MVT::x,`, or its
    /// number as a VBR past 127 (after `/*MVT::x*/`).
    fn emit_mvt(&self, out: &mut String, vt: u16) -> usize {
        match self.layout {
            Layout::V19 => {
                let _ = write!(out, "{}, ", self.vt(vt));
                1
            }
            Layout::V22 | Layout::V23 if vt <= 127 => {
                let _ = write!(out, "{},", self.vt(vt));
                1
            }
            Layout::V22 | Layout::V23 => {
                if self.comments {
                    let _ = write!(out, "/*{}*/", self.vt(vt));
                }
                self.vbr(out, u64::from(vt))
            }
        }
    }

    /// `emitValueTypeByHwMode`: a type by HW mode's number (after the type, commented).
    fn emit_vt_by_hw_mode(&mut self, out: &mut String, vt: &ValueTypeByHwMode) -> usize {
        let id = self.vt_id(vt);
        self.vt_comment(out, vt);
        let _ = write!(out, "{id},");
        1
    }

    /// `/*{(*:i32),(m1:i64)}*/` in the commented table.
    fn vt_comment(&self, out: &mut String, vt: &ValueTypeByHwMode) {
        if self.comments {
            let _ = write!(out, "/*{}*/", vt.write(self.m.table));
        }
    }

    /// A pattern as the comments quote it.
    fn pattern_text(&self, n: &tdq_models::patterns::tree::TreeNode) -> String {
        let m = self.m;
        n.print(m.input, m.table, &|d| m.intrinsic_id(d).unwrap_or(0))
    }

    /// The `Src:` and `Dst:` lines of a pattern, each after `indent` spaces and `lead`.
    fn src_dst(&self, out: &mut String, pattern: usize, indent_by: usize, lead: &str, last_newline: bool) {
        let m = self.m;
        let p = self.patterns[pattern];
        let complexity = p.complexity(m.input, &m.dag.complex_patterns, m.table);
        indent(out, indent_by);
        let _ = writeln!(out, "{lead}// Src: {} - Complexity = {complexity}", self.pattern_text(&p.src));
        indent(out, indent_by);
        let _ = write!(out, "{lead}// Dst: {}", self.pattern_text(&p.dst));
        if last_newline {
            out.push('\n');
        }
    }

    /// With `-instrument-coverage`, `OPC_Coverage` and the pattern's number in the coverage
    /// tables (then the step's line again): LLVM counts 3 bytes for it.
    fn emit_coverage(&mut self, out: &mut String, pattern: usize, ind: usize) -> usize {
        let Some(coverage) = &self.coverage else { return 0 };
        let m = self.m;
        let p = self.patterns[pattern];
        let text = format!("{} -> {}", self.pattern_text(&p.src), self.pattern_text(&p.dst));
        let index = match coverage.iter().position(|(t, _)| *t == text) {
            Some(i) => i,
            None => {
                // `getIncludePath`: where the pattern's record was instantiated, or defined.
                let locs = &m.input.records.get(p.src_record).locs;
                let loc = locs.get(1).or(locs.first()).copied().unwrap_or(tdq_core::Loc::NONE);
                let include = format!("{}:{}", m.input.sm.path(loc), m.input.sm.line_col(loc).0);
                let coverage = self.coverage.as_mut().expect("instrumented");
                coverage.push((text, include));
                coverage.len() - 1
            }
        };
        let index_macro = if self.layout.spaced_and_coverage() { "COVERAGE_IDX_VAL" } else { "TARGET_VAL" };
        let _ = writeln!(out, "OPC_Coverage, {index_macro}({index}),");
        indent(out, self.layout.index_width() + 4 + ind);
        3
    }

    /// `EmitPatternMatchTable`: with `-instrument-coverage`, the patterns and where they were
    /// written, by their numbers in the table.
    pub fn pattern_match_table(&self, out: &mut String) {
        let Some(coverage) = &self.coverage else { return };
        let tables: [(&str, &str, Vec<&String>); 2] = [
            ("getPatternForIndex", "PATTERN_MATCH_TABLE", coverage.iter().map(|(text, _)| text).collect()),
            ("getIncludePathForIndex", "INCLUDE_PATH_TABLE", coverage.iter().map(|(_, include)| include).collect()),
        ];
        for (function, table, entries) in tables {
            begin_function(out, "StringRef", &format!("{function}(unsigned Index)"), true);
            let _ = writeln!(out, "{{\nstatic const char *{table}[] = {{");
            for entry in entries {
                let _ = writeln!(out, "\"{entry}\",");
            }
            let _ = writeln!(out, "\n}};\nreturn StringRef({table}[Index]);\n}}");
            end_function(out);
        }
    }

    /// `EmitMatcher`: the step at index `at` of the table; its size in bytes.
    fn emit(&mut self, n: &Matcher, ind: usize, at: usize, out: &mut String) -> Result<usize> {
        indent(out, ind);
        let m = self.m;
        let comments = self.comments;
        let width = self.layout.index_width();
        Ok(match n {
            Matcher::Scope(children) => {
                let mut idx = at + 1;
                let form_22 = match self.layout {
                    Layout::V19 => false,
                    Layout::V22 | Layout::V23 => true,
                };
                if form_22 {
                    out.push_str("OPC_Scope");
                    if comments {
                        let _ = write!(out, " /*{} children */", children.len());
                    }
                    out.push_str(", ");
                }
                for (i, child) in children.iter().enumerate() {
                    if i == 0 && !form_22 {
                        out.push_str("OPC_Scope, ");
                    } else if i != 0 {
                        if comments {
                            let _ = write!(out, "/*{idx:>width$}*/");
                            indent(out, ind);
                            out.push_str("/*Scope*/ ");
                        } else {
                            indent(out, ind);
                        }
                    }
                    let child_size = self.next_size();
                    idx += self.vbr(out, child_size as u64);
                    if comments {
                        match form_22 {
                            true => {
                                let _ = write!(out, " // ->{}", idx + child_size);
                            }
                            false => {
                                let _ = write!(out, "/*->{}*/", idx + child_size);
                                if i == 0 {
                                    let _ = write!(out, " // {} children in Scope", children.len());
                                }
                            }
                        }
                    }
                    out.push('\n');
                    idx += self.emit_list(child, ind + 1, idx, out)?;
                }
                if comments {
                    let _ = write!(out, "/*{idx:>width$}*/");
                }
                indent(out, ind);
                out.push_str(match (form_22, comments) {
                    (false, false) => "0, \n",
                    (false, true) => "0, /*End of Scope*/\n",
                    (true, false) => "0,\n",
                    (true, true) => "0, // End of Scope\n",
                });
                idx - at + 1
            }
            Matcher::RecordNode { what_for, result_no } => {
                out.push_str("OPC_RecordNode,");
                if comments {
                    let _ = write!(out, " // #{result_no} = {what_for}");
                }
                out.push('\n');
                1
            }
            Matcher::RecordChild { child, what_for, result_no } => {
                let _ = write!(out, "OPC_RecordChild{child},");
                if comments {
                    let _ = write!(out, " // #{result_no} = {what_for}");
                }
                out.push('\n');
                1
            }
            Matcher::RecordMemRef => {
                out.push_str("OPC_RecordMemRef,\n");
                1
            }
            Matcher::CaptureGlueInput => {
                out.push_str("OPC_CaptureGlueInput,\n");
                1
            }
            Matcher::MoveChild(c) | Matcher::MoveSibling(c) => {
                let name = if matches!(n, Matcher::MoveChild(_)) { "OPC_MoveChild" } else { "OPC_MoveSibling" };
                if *c >= 8 {
                    let _ = writeln!(out, "{name}, {c},");
                    2
                } else {
                    let _ = writeln!(out, "{name}{c},");
                    1
                }
            }
            Matcher::MoveParent => {
                out.push_str("OPC_MoveParent,\n");
                1
            }
            Matcher::CheckSame(k) => {
                let _ = writeln!(out, "OPC_CheckSame, {k},");
                2
            }
            Matcher::CheckChildSame { child, match_no } => {
                let _ = writeln!(out, "OPC_CheckChild{child}Same, {match_no},");
                2
            }
            Matcher::CheckPatternPredicate(p) => {
                let no = self.pattern_predicates.iter().position(|q| q == p).unwrap_or(0);
                if no > 255 {
                    let _ = write!(out, "OPC_CheckPatternPredicateTwoByte, TARGET_VAL({no}),");
                } else if no < 8 {
                    let _ = write!(out, "OPC_CheckPatternPredicate{no},");
                } else {
                    let _ = write!(out, "OPC_CheckPatternPredicate, {no},");
                }
                if comments {
                    let _ = write!(out, " // {p}");
                }
                out.push('\n');
                2 + usize::from(no > 255) - usize::from(no < 8)
            }
            Matcher::CheckPredicate { frag, operands } => {
                let (no, with_ops) = self.node_predicate(*frag);
                let mut bytes: isize = 2;
                if with_ops {
                    let _ = write!(out, "OPC_CheckPredicateWithOperands, {}/*#Ops*/, ", operands.len());
                    for o in operands {
                        let _ = write!(out, "{o}, ");
                    }
                    bytes += 1 + operands.len() as isize;
                } else if no < 8 {
                    bytes -= 1;
                    let _ = write!(out, "OPC_CheckPredicate{no}{}", sep(self.layout));
                } else {
                    out.push_str("OPC_CheckPredicate, ");
                }
                if no >= 8 || with_ops {
                    let _ = write!(out, "{no},");
                }
                if comments {
                    let _ = write!(out, " // Predicate_{}", m.f().name(*frag));
                }
                out.push('\n');
                bytes as usize
            }
            Matcher::CheckOpcode(op) => {
                let _ = writeln!(out, "OPC_CheckOpcode, TARGET_VAL({}),", op.enum_name);
                3
            }
            Matcher::SwitchOpcode(_) | Matcher::SwitchType(_) => {
                let is_opcode = matches!(n, Matcher::SwitchOpcode(_));
                out.push_str(if is_opcode { "OPC_SwitchOpcode " } else { "OPC_SwitchType " });
                let cases: Vec<(String, usize, &List)> = match n {
                    Matcher::SwitchOpcode(cases) => {
                        cases.iter().map(|(op, l)| (format!("TARGET_VAL({}),", op.enum_name), 2, l)).collect()
                    }
                    Matcher::SwitchType(cases) => cases
                        .iter()
                        .map(|(t, l)| {
                            let mut label = String::new();
                            let label_size = self.emit_mvt(&mut label, *t);
                            if self.layout.types_as_bytes() {
                                label.truncate(label.len() - 1);
                            }
                            (label, label_size, l)
                        })
                        .collect(),
                    _ => unreachable!(),
                };
                if comments {
                    let _ = write!(out, "/*{} cases */", cases.len());
                }
                out.push_str(", ");
                let mut idx = at + 1;
                for (i, (label, label_size, child)) in cases.iter().enumerate() {
                    if i != 0 {
                        if comments {
                            let _ = write!(out, "/*{idx:>width$}*/");
                        }
                        indent(out, ind);
                        if comments {
                            out.push_str(if is_opcode { "/*SwitchOpcode*/ " } else { "/*SwitchType*/ " });
                        }
                    }
                    let child_size = self.next_size();
                    idx += self.vbr(out, child_size as u64) + label_size;
                    if self.layout.spaced_and_coverage() {
                        out.push(' ');
                    }
                    out.push_str(label);
                    if comments {
                        let lead = if self.layout.spaced_and_coverage() { " " } else { "" };
                        let _ = write!(out, "{lead}// ->{}", idx + child_size);
                    }
                    out.push('\n');
                    idx += self.emit_list(child, ind + 1, idx, out)?;
                }
                if comments {
                    let _ = write!(out, "/*{idx:>width$}*/");
                }
                indent(out, ind);
                out.push_str("0,");
                if comments {
                    out.push_str(if is_opcode { " // EndSwitchOpcode" } else { " // EndSwitchType" });
                }
                out.push('\n');
                idx - at + 1
            }
            Matcher::CheckType { ty, res } => match (ty.simple(), *res) {
                (Some(ty), 0) => match m.table.name(ty) {
                    "i32" | "i64" => {
                        let _ = writeln!(out, "OPC_CheckTypeI{},", m.table.info(ty).size);
                        1
                    }
                    _ => {
                        out.push_str("OPC_CheckType, ");
                        1 + self.emit_mvt_line(out, ty)
                    }
                },
                (Some(ty), res) => {
                    let _ = write!(out, "OPC_CheckTypeRes, {res}, ");
                    2 + self.emit_mvt_line(out, ty)
                }
                (None, 0) => match self.vt_id(ty) {
                    0 => {
                        out.push_str("OPC_CheckTypeByHwMode0");
                        self.vt_comment(out, ty);
                        out.push_str(",\n");
                        1
                    }
                    _ => {
                        out.push_str("OPC_CheckTypeByHwMode, ");
                        let b = 1 + self.emit_vt_by_hw_mode(out, ty);
                        out.push('\n');
                        b
                    }
                },
                (None, res) => {
                    let _ = write!(out, "OPC_CheckTypeResByHwMode, {res}, ");
                    let b = 2 + self.emit_vt_by_hw_mode(out, ty);
                    out.push('\n');
                    b
                }
            },
            Matcher::CheckChildType { child, ty } => match ty.simple() {
                Some(ty) => match m.table.name(ty) {
                    "i32" | "i64" => {
                        let _ = writeln!(out, "OPC_CheckChild{child}TypeI{},", m.table.info(ty).size);
                        1
                    }
                    _ => {
                        let _ = write!(out, "OPC_CheckChild{child}Type, ");
                        1 + self.emit_mvt_line(out, ty)
                    }
                },
                None => match self.vt_id(ty) {
                    0 => {
                        let _ = write!(out, "OPC_CheckChild{child}TypeByHwMode0");
                        self.vt_comment(out, ty);
                        out.push_str(",\n");
                        1
                    }
                    _ => {
                        let _ = write!(out, "OPC_CheckChild{child}TypeByHwMode, ");
                        let b = 1 + self.emit_vt_by_hw_mode(out, ty);
                        out.push('\n');
                        b
                    }
                },
            },
            Matcher::CheckInteger(v) => {
                out.push_str("OPC_CheckInteger, ");
                let b = 1 + self.signed_vbr(out, *v);
                out.push('\n');
                b
            }
            Matcher::CheckChildInteger { child, value } => {
                let _ = write!(out, "OPC_CheckChild{child}Integer, ");
                let b = 1 + self.signed_vbr(out, *value);
                out.push('\n');
                b
            }
            Matcher::CheckCondCode(cc) => {
                let _ = writeln!(out, "OPC_CheckCondCode, ISD::{cc},");
                2
            }
            Matcher::CheckChild2CondCode(cc) => {
                let _ = writeln!(out, "OPC_CheckChild2CondCode, ISD::{cc},");
                2
            }
            Matcher::CheckValueType(vt) => {
                out.push_str("OPC_CheckValueType, ");
                1 + self.emit_mvt_line(out, *vt)
            }
            Matcher::CheckComplexPat { pattern, match_no, name, first_result } => {
                let no = self.complex_patterns.iter().position(|p| p == pattern).unwrap_or(0);
                if no < 8 {
                    let _ = write!(out, "OPC_CheckComplexPat{no}, /*#*/{match_no},");
                } else {
                    let _ = write!(out, "OPC_CheckComplexPat, /*CP*/{no}, /*#*/{match_no},");
                }
                if comments {
                    let cp =
                        m.dag.complex_patterns.of(*pattern).ok_or_else(|| Fatal::new(&[], "no complex pattern"))?;
                    let _ = write!(out, " // {}:${name}", cp.select_func);
                    for i in 0..cp.num_operands as u32 {
                        let _ = write!(out, " #{}", first_result + i);
                    }
                    if cp.properties.has(Property::HasChain) {
                        out.push_str(" + chain result");
                    }
                }
                out.push('\n');
                if no < 8 {
                    2
                } else {
                    3
                }
            }
            Matcher::CheckAndImm(v) | Matcher::CheckOrImm(v) => {
                out.push_str(if matches!(n, Matcher::CheckAndImm(_)) {
                    "OPC_CheckAndImm, "
                } else {
                    "OPC_CheckOrImm, "
                });
                let b = 1 + self.vbr(out, *v as u64);
                out.push('\n');
                b
            }
            Matcher::CheckFoldableChainNode => {
                out.push_str("OPC_CheckFoldableChainNode,\n");
                1
            }
            Matcher::CheckImmAllOnesV => {
                out.push_str("OPC_CheckImmAllOnesV,\n");
                1
            }
            Matcher::CheckImmAllZerosV => {
                out.push_str("OPC_CheckImmAllZerosV,\n");
                1
            }
            Matcher::EmitInteger { value, vt, name, result_no } => {
                let ops = match vt.simple() {
                    Some(vt) => {
                        let sized = matches!(m.table.name(vt), "i8" | "i16" | "i32" | "i64");
                        let bits = m.table.info(vt).size;
                        match (self.layout, sized) {
                            (Layout::V19, true) => {
                                let _ = write!(out, "OPC_EmitInteger{bits}, ");
                                1
                            }
                            (Layout::V19, false) => {
                                let _ = write!(out, "OPC_EmitInteger, {}, ", self.vt(vt));
                                2
                            }
                            (Layout::V22 | Layout::V23, true) => {
                                let _ = write!(out, "OPC_EmitIntegerI{bits}, ");
                                1
                            }
                            (Layout::V22 | Layout::V23, false) => {
                                out.push_str("OPC_EmitInteger, ");
                                let b = self.emit_mvt(out, vt);
                                out.push(' ');
                                1 + b
                            }
                        }
                    }
                    None => match self.vt_id(vt) {
                        0 => {
                            out.push_str("OPC_EmitIntegerByHwMode0");
                            self.vt_comment(out, vt);
                            out.push_str(", ");
                            1
                        }
                        _ => {
                            out.push_str("OPC_EmitIntegerByHwMode, ");
                            let b = self.emit_vt_by_hw_mode(out, vt);
                            out.push(' ');
                            1 + b
                        }
                    },
                };
                let b = match name {
                    Some(name) if *value <= 63 => {
                        let _ = write!(out, "{name},");
                        ops + 1
                    }
                    _ => ops + self.signed_vbr(out, *value),
                };
                if comments {
                    match self.layout {
                        Layout::V19 => {}
                        Layout::V22 | Layout::V23 => {
                            let _ = write!(out, " // #{result_no} = ");
                            match name {
                                Some(name) => out.push_str(name),
                                None => {
                                    let _ = write!(out, "{value}");
                                }
                            }
                        }
                    }
                }
                out.push('\n');
                b
            }
            Matcher::EmitStringInteger { value, vt } => {
                let ops = if m.table.name(*vt) == "i32" {
                    out.push_str("OPC_EmitStringInteger32, ");
                    1
                } else {
                    let _ = write!(out, "OPC_EmitStringInteger, {}, ", self.vt(*vt));
                    2
                };
                let _ = writeln!(out, "{value},");
                ops + 1
            }
            Matcher::EmitRegister { reg, vt, result_no } => {
                let enum_value = reg.and_then(|r| m.bank.register_of(r)).map(|i| i + 1).unwrap_or(0);
                let spaced = self.layout.spaced_registers();
                let wide = match reg {
                    Some(r) if enum_value > 255 => Some(m.qualified_name(*r)),
                    _ => None,
                };
                let ops = match (vt.simple(), wide) {
                    (Some(t), Some(name)) => {
                        out.push_str("OPC_EmitRegister2, ");
                        let b = self.emit_mvt(out, t);
                        let _ = writeln!(out, "{}TARGET_VAL({name}),", if spaced { " " } else { "" });
                        return Ok(b + 3);
                    }
                    (None, Some(name)) => {
                        out.push_str("OPC_EmitRegisterByHwMode2, ");
                        let b = self.emit_vt_by_hw_mode(out, vt);
                        let _ = writeln!(out, " TARGET_VAL({name}),");
                        return Ok(b + 3);
                    }
                    (Some(t), None) => match m.table.name(t) {
                        "i32" | "i64" => {
                            let _ = write!(out, "OPC_EmitRegisterI{}, ", m.table.info(t).size);
                            1
                        }
                        _ => {
                            out.push_str("OPC_EmitRegister, ");
                            let b = self.emit_mvt(out, t) + 1;
                            if spaced {
                                out.push(' ');
                            }
                            b
                        }
                    },
                    (None, None) => {
                        out.push_str("OPC_EmitRegisterByHwMode, ");
                        let b = self.emit_vt_by_hw_mode(out, vt) + 1;
                        out.push(' ');
                        b
                    }
                };
                match (reg, spaced) {
                    (Some(r), _) => out.push_str(&m.qualified_name(*r)),
                    (None, false) if comments => out.push_str("0 /*zero_reg*/"),
                    (None, false) => out.push_str("0 "),
                    (None, true) => out.push_str("MCRegister::NoRegister"),
                }
                out.push(',');
                if comments {
                    match self.layout {
                        Layout::V19 => {}
                        Layout::V22 | Layout::V23 => {
                            let _ = write!(out, " // #{result_no}");
                        }
                    }
                }
                out.push('\n');
                ops + 1
            }
            Matcher::EmitConvertToTarget { slot, result_no } => {
                out.push_str("OPC_EmitConvertToTarget");
                if *slot >= 8 {
                    out.push_str(", ");
                }
                let _ = write!(out, "{slot},");
                if comments {
                    match self.layout {
                        Layout::V19 => {}
                        Layout::V22 => {
                            let _ = write!(out, " // #{result_no}");
                        }
                        Layout::V23 => {
                            let _ = write!(out, " // #{result_no} = ConvertToTarget #{slot}");
                        }
                    }
                }
                out.push('\n');
                1 + usize::from(*slot >= 8)
            }
            Matcher::EmitMergeInputChains(nodes) => {
                if nodes.len() == 1 && nodes[0] < 3 {
                    let _ = writeln!(out, "OPC_EmitMergeInputChains1_{},", nodes[0]);
                    return Ok(1);
                }
                match self.layout {
                    Layout::V19 => {
                        let _ = write!(out, "OPC_EmitMergeInputChains, {}, ", nodes.len());
                        for k in nodes {
                            let _ = write!(out, "{k}, ");
                        }
                    }
                    Layout::V22 | Layout::V23 => {
                        let _ = write!(out, "OPC_EmitMergeInputChains, {},", nodes.len());
                        for k in nodes {
                            let _ = write!(out, " {k},");
                        }
                    }
                }
                out.push('\n');
                2 + nodes.len()
            }
            Matcher::EmitCopyToReg { slot, reg } => {
                let enum_value = m.bank.register_of(*reg).map(|i| i + 1).unwrap_or(0);
                let name = m.qualified_name(*reg);
                let size = if enum_value > 255 {
                    let _ = write!(out, "OPC_EmitCopyToRegTwoByte, {slot}, TARGET_VAL({name}),");
                    4
                } else if *slot < 8 {
                    let _ = write!(out, "OPC_EmitCopyToReg{slot}, {name},");
                    2
                } else {
                    let _ = write!(out, "OPC_EmitCopyToReg, {slot}, {name},");
                    3
                };
                if comments {
                    match self.layout {
                        Layout::V19 | Layout::V22 => {}
                        Layout::V23 => {
                            let _ = write!(out, " // = #{slot}");
                        }
                    }
                }
                out.push('\n');
                size
            }
            Matcher::EmitNodeXForm { xform, slot, result_no } => {
                let id = self.xform_id(*xform);
                let _ = write!(out, "OPC_EmitNodeXForm, {id}, {slot},");
                if comments {
                    let name = m.f().name(*xform);
                    let _ = match self.layout {
                        Layout::V19 => write!(out, " // {name}"),
                        Layout::V22 => write!(out, " // {name} #{result_no}"),
                        Layout::V23 => write!(out, " // #{result_no} = {name} #{slot}"),
                    };
                }
                out.push('\n');
                3
            }
            Matcher::EmitNode(en) | Matcher::MorphNodeTo { node: en, .. } => {
                let covered = match n {
                    Matcher::MorphNodeTo { pattern, .. } => self.emit_coverage(out, *pattern, ind),
                    _ => 0,
                };
                let is_emit = matches!(n, Matcher::EmitNode(_));
                let v22 = self.layout.node_form_22();
                let full_index_width = width + 4;
                let deactivation = v22
                    && m.f()
                        .value(en.inst, "supportsDeactivationSymbol")
                        .is_some_and(|v| matches!(v.value.kind(), tdq_core::init::InitKind::Bit(true)));
                if deactivation {
                    out.push_str("OPC_CaptureDeactivationSymbol,\n");
                    indent(out, full_index_width + ind);
                }
                out.push_str(if is_emit { "OPC_EmitNode" } else { "OPC_MorphNodeTo" });
                let by_hw_mode = en.vts.iter().any(|vt| vt.simple().is_none());
                let compress_vts = !by_hw_mode && en.vts.len() < 3;
                let mut compress_info = false;
                let plain = !en.has_mem_refs && en.num_fixed_arity_operands == -1;
                // LLVM 22 compresses the glue and `None` forms only of a node with results.
                let has_vts = !v22 || !en.vts.is_empty();
                if compress_vts {
                    let _ = write!(out, "{}", en.vts.len());
                    if has_vts && !en.has_chain && !en.has_in_glue && !en.has_out_glue && plain {
                        compress_info = true;
                        out.push_str("None");
                    } else if en.has_chain && !en.has_in_glue && !en.has_out_glue && plain {
                        compress_info = true;
                        out.push_str("Chain");
                    } else if has_vts && !is_emit && !en.has_chain && en.has_in_glue && !en.has_out_glue && plain {
                        compress_info = true;
                        out.push_str("GlueInput");
                    } else if has_vts && !is_emit && !en.has_chain && !en.has_in_glue && en.has_out_glue && plain {
                        compress_info = true;
                        out.push_str("GlueOutput");
                    }
                }
                if by_hw_mode {
                    out.push_str("ByHwMode");
                }
                let inst = m.instructions.get_def(en.inst).ok_or_else(|| Fatal::new(&[], "no instruction"))?;
                let _ = write!(out, ", TARGET_VAL({}::{})", inst.namespace, inst.name);
                if !compress_info {
                    out.push_str(", 0");
                    if en.has_chain {
                        out.push_str("|OPFL_Chain");
                    }
                    if en.has_in_glue {
                        out.push_str("|OPFL_GlueInput");
                    }
                    if en.has_out_glue {
                        out.push_str("|OPFL_GlueOutput");
                    }
                    if en.has_mem_refs {
                        out.push_str("|OPFL_MemRefs");
                    }
                    if en.num_fixed_arity_operands != -1 {
                        let _ = write!(out, "|OPFL_Variadic{}", en.num_fixed_arity_operands);
                    }
                }
                out.push_str(",\n");
                indent(out, full_index_width + ind + 4);
                let space = if v22 { " " } else { "" };
                if !compress_vts {
                    let _ = write!(out, "{}", en.vts.len());
                    if comments {
                        out.push_str("/*#VTs*/");
                    }
                    out.push_str(sep(self.layout));
                }
                let mut type_bytes = 0;
                for vt in &en.vts {
                    out.push_str(space);
                    type_bytes += match (by_hw_mode, vt.simple()) {
                        (false, Some(t)) => self.emit_mvt(out, t),
                        _ => self.emit_vt_by_hw_mode(out, vt),
                    };
                }
                let _ = write!(out, "{space}{}", en.operands.len());
                if comments {
                    out.push_str("/*#Ops*/");
                }
                out.push_str(sep(self.layout));
                let mut operand_bytes = 0;
                if self.layout.operand_lists() {
                    if !en.operands.is_empty() {
                        let offset = self.operand_table.get(&operand_bytes_of(&en.operands));
                        out.push(' ');
                        if comments {
                            out.push_str("/*OperandList*/");
                        }
                        operand_bytes = self.vbr(out, u64::from(offset));
                    }
                } else {
                    for o in &en.operands {
                        out.push_str(space);
                        operand_bytes += self.vbr(out, u64::from(*o));
                    }
                }
                if comments {
                    let results = match self.layout {
                        Layout::V19 | Layout::V22 => " // Results =",
                        Layout::V23 => {
                            out.push_str(" // Ops =");
                            if en.operands.is_empty() {
                                out.push_str(" None");
                            }
                            for o in &en.operands {
                                let _ = write!(out, " #{o}");
                            }
                            " Results ="
                        }
                    };
                    if is_emit && !en.vts.is_empty() {
                        out.push_str(results);
                        for i in 0..en.vts.len() as u32 {
                            let _ = write!(out, " #{}", en.first_result_slot + i);
                        }
                    }
                    out.push('\n');
                    if let Matcher::MorphNodeTo { pattern, .. } = n {
                        self.src_dst(out, *pattern, full_index_width + ind, "", true);
                    }
                } else {
                    out.push('\n');
                }
                4 + usize::from(deactivation)
                    + usize::from(!compress_vts)
                    + usize::from(!compress_info)
                    + type_bytes
                    + operand_bytes
                    + covered
            }
            Matcher::CompleteMatch { results, pattern } => {
                let covered = self.emit_coverage(out, *pattern, ind);
                let _ = write!(out, "OPC_CompleteMatch, {}{}", results.len(), sep(self.layout));
                let mut bytes = 0;
                for r in results {
                    if self.layout.spaced_and_coverage() {
                        out.push(' ');
                    }
                    bytes += self.vbr(out, u64::from(*r));
                }
                out.push('\n');
                if comments {
                    self.src_dst(out, *pattern, width + 4 + ind, " ", false);
                }
                out.push('\n');
                2 + bytes + covered
            }
        })
    }

    /// `EmitHistogram`: how many steps of each kind the table has (in the commented table).
    pub fn histogram(&self, out: &mut String) {
        if !self.comments {
            return;
        }
        out.push_str("  // Opcode Histogram:\n");
        for (kind, name) in OPCODE_NAMES.iter().enumerate() {
            if *name == "OPC_EmitStringInteger" && !self.layout.string_integers() {
                continue;
            }
            let _ = writeln!(out, "  // #{name:<40} = {}", self.counts[kind]);
        }
        out.push('\n');
    }

    /// `getValueTypeID`.
    fn vt_id(&mut self, vt: &ValueTypeByHwMode) -> u32 {
        value_type_id(&mut self.vt_ids, vt)
    }

    /// `EmitOperandLists`: the body of `OperandLists`.
    pub fn operand_lists(&self, out: &mut String) {
        self.operand_table.emit_unterminated(
            out,
            |out, b| {
                let _ = write!(out, "{b}");
            },
            "0",
        );
    }

    /// `EmitValueTypeFunction`: `getValueTypeForHwMode`, each numbered type by HW mode's
    /// type in the mode the selector runs in (LLVM 23; nothing where the table names none).
    pub fn value_type_function(&self, out: &mut String) {
        if self.vt_ids.is_empty() {
            return;
        }
        let m = self.m;
        begin_function(out, "MVT", "getValueTypeForHwMode(unsigned Index) const", true);
        out.push_str("{\n  switch (Index) {\n  default: llvm_unreachable(\"Unexpected index\");\n");
        for (vt, &(id, _)) in &self.vt_ids {
            let _ = writeln!(out, "  case {}:", id - 1);
            if let Some(t) = vt.simple() {
                let _ = writeln!(out, "    return {};", self.vt(t));
                continue;
            }
            out.push_str("    switch (HwMode) {\n");
            if !vt.has_mode(tdq_models::target::info_by_hw_mode::DEFAULT_MODE) {
                out.push_str("    default:\n      return MVT();\n");
            }
            for (mode, t) in vt.modes() {
                if mode == tdq_models::target::info_by_hw_mode::DEFAULT_MODE {
                    out.push_str("    default:\n");
                } else {
                    let _ = writeln!(out, "    case {mode}:");
                }
                let _ = writeln!(out, "      return MVT::{};", m.table.name(t));
            }
            out.push_str("    }\n    break;\n");
        }
        out.push_str("  }\n}\n");
        end_function(out);
    }

    /// A type and the end of its line.
    fn emit_mvt_line(&self, out: &mut String, vt: u16) -> usize {
        let b = self.emit_mvt(out, vt);
        if self.layout.types_as_bytes() {
            out.truncate(out.len() - 1);
        }
        out.push('\n');
        b
    }

    /// `EmitPredicateFunctions`.
    pub fn predicate_functions(&self, out: &mut String) -> Result<()> {
        let m = self.m;
        let f = m.f();
        if !self.pattern_predicates.is_empty() {
            begin_function(out, "bool", "CheckPatternPredicate(unsigned PredNo) const", true);
            out.push_str("{\n  switch (PredNo) {\n  default: llvm_unreachable(\"Invalid predicate in table?\");\n");
            for (i, p) in self.pattern_predicates.iter().enumerate() {
                let _ = writeln!(out, "  case {i}: return {p};");
            }
            out.push_str("  }\n}\n");
            end_function(out);
        }
        for (groups, decl) in [
            (&self.node_predicates, match self.layout {
                Layout::V19 => "CheckNodePredicate(SDNode *Node, unsigned PredNo) const",
                Layout::V22 | Layout::V23 => "CheckNodePredicate(SDValue Op, unsigned PredNo) const",
            }),
            (&self.node_predicates_with_operands, match self.layout {
                Layout::V19 => "CheckNodePredicateWithOperands(SDNode *Node, unsigned PredNo, const SmallVectorImpl<SDValue> &Operands) const",
                Layout::V22 | Layout::V23 => "CheckNodePredicateWithOperands(SDValue Op, unsigned PredNo, ArrayRef<SDValue> Operands) const",
            }),
        ] {
            if groups.is_empty() {
                continue;
            }
            begin_function(out, "bool", decl, true);
            out.push_str("{\n  switch (PredNo) {\n  default: llvm_unreachable(\"Invalid predicate in table?\");\n");
            for (i, &g) in groups.iter().enumerate() {
                let (code, frags) = &self.by_code[g];
                let _ = writeln!(out, "  case {i}: {{");
                for fr in frags {
                    let _ = writeln!(out, "    // Predicate_{}", f.name(*fr));
                }
                let _ = write!(out, "{code}\n  }}\n");
            }
            out.push_str("  }\n}\n");
            end_function(out);
        }
        if !self.complex_patterns.is_empty() {
            begin_function(
                out,
                "bool",
                "CheckComplexPattern(SDNode *Root, SDNode *Parent,\n      SDValue N, unsigned PatternNo,\n      SmallVectorImpl<std::pair<SDValue, SDNode *>> &Result)",
                true,
            );
            out.push_str("{\n  unsigned NextRes = Result.size();\n  switch (PatternNo) {\n  default: llvm_unreachable(\"Invalid pattern # in table?\");\n");
            for (i, &def) in self.complex_patterns.iter().enumerate() {
                let cp = m.dag.complex_patterns.of(def).ok_or_else(|| Fatal::new(&[], "no complex pattern"))?;
                let mut num_ops = cp.num_operands;
                if cp.properties.has(Property::HasChain) {
                    num_ops += 1;
                }
                let _ = writeln!(out, "  case {i}:");
                let instrument = self.coverage.is_some();
                if instrument {
                    out.push_str("  {\n");
                }
                let _ = writeln!(out, "    Result.resize(NextRes+{num_ops});");
                match instrument {
                    true => write!(out, "    bool Succeeded = {}(", cp.select_func),
                    false => write!(out, "  return {}(", cp.select_func),
                }
                .expect("a String");
                if cp.want_root {
                    out.push_str("Root, ");
                }
                if cp.want_parent {
                    out.push_str("Parent, ");
                }
                out.push('N');
                for k in 0..num_ops {
                    let _ = write!(out, ", Result[NextRes+{k}].first");
                }
                out.push_str(");\n");
                if instrument {
                    out.push_str("    if (Succeeded)\n");
                    let _ = writeln!(out, "       dbgs() << \"\\nCOMPLEX_PATTERN: {}\\n\" ;", cp.select_func);
                    out.push_str("    return Succeeded;\n    }\n");
                }
            }
            out.push_str("  }\n}\n");
            end_function(out);
        }
        if !self.xforms.is_empty() {
            begin_function(out, "SDValue", "RunSDNodeXForm(SDValue V, unsigned XFormNo)", true);
            out.push_str("{\n  switch (XFormNo) {\n  default: llvm_unreachable(\"Invalid xform # in table?\");\n");
            for (i, &x) in self.xforms.iter().enumerate() {
                let node = f.def(x, "Opcode")?;
                let code = f.string(x, "XFormFunction")?;
                let _ = write!(out, "  case {i}: {{  ");
                if self.comments {
                    let _ = write!(out, "// {}", f.name(x));
                }
                out.push('\n');
                let class = m.nodes.of(node).transpose()?.map(|n| n.sd_class_name).unwrap_or("SDNode");
                if class == "SDNode" {
                    out.push_str("    SDNode *N = V.getNode();\n");
                } else {
                    let _ = writeln!(out, "    {class} *N = cast<{class}>(V.getNode());");
                }
                let _ = write!(out, "{code}\n  }}\n");
            }
            out.push_str("  }\n}\n");
            end_function(out);
        }
        Ok(())
    }
}

/// `BeginEmitFunction`.
pub fn begin_function(out: &mut String, ret: &str, decl: &str, add_override: bool) {
    let _ = write!(out, "#ifdef GET_DAGISEL_DECL\n{ret} {decl}");
    if add_override {
        out.push_str(" override");
    }
    out.push_str(";\n#endif\n#if defined(GET_DAGISEL_BODY) || DAGISEL_INLINE\n");
    let _ = writeln!(out, "{ret} DAGISEL_CLASS_COLONCOLON {decl}");
    if add_override {
        out.push_str("#if DAGISEL_INLINE\n  override\n#endif\n");
    }
}

/// `EndEmitFunction`.
pub fn end_function(out: &mut String) {
    out.push_str("#endif // GET_DAGISEL_BODY\n\n");
}
