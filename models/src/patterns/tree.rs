//! Tree patterns (LLVM's `TreePatternNode` and `TreePattern::ParseTreePattern`): a pattern
//! dag of an instruction, a `Pat` or a pattern fragment parsed into nodes whose operators are
//! SelectionDAG nodes, fragments, instructions, transforms, complex patterns or intrinsics, and
//! leaves (registers, operands, value types, integers, `?` and `node` arguments).
//!
//! Each node keeps the types of its results ([`super::types::TypeSetByHwMode`]): a type cast
//! such as `(i32 $x)` gives its node's at parsing, [`super::infer`] the rest.

use super::types::{MvtTable, TypeSetByHwMode};
use crate::records::{Fatal, Fields};
use tdq_core::init::{Init, InitKind};
use tdq_core::intern::Sym;
use tdq_core::types::RecId;
use tdq_core::{ByRelease, Evaluation};

/// A leaf of a tree pattern.
#[derive(Clone, Debug)]
pub enum Leaf {
    /// A value: a def (register class, operand, `node`, value type...), `?`, an integer.
    Value(Init),
    /// The intrinsic id LLVM puts first among an intrinsic node's operands.
    IntrinsicId(RecId),
}

/// What a node is: a leaf, or an operator applied to children.
#[derive(Clone, Debug)]
pub enum NodeKind {
    Leaf(Leaf),
    Op {
        /// The operator: an `SDNode`, `PatFrags`, `Instruction`, `SDNodeXForm`, `ComplexPattern`,
        /// `set` or `implicit` def (for an intrinsic, the `intrinsic_*` node LLVM picks).
        op: RecId,
        /// The intrinsic an `intrinsic_*` node stands for.
        intrinsic: Option<RecId>,
        children: Vec<TreeNode>,
    },
}

/// One node of a tree pattern (`TreePatternNode`).
#[derive(Clone, Debug)]
pub struct TreeNode {
    pub kind: NodeKind,
    /// Its name (`$x`), empty when it has none.
    pub name: Sym,
    /// The types of its results (`getExtType`), sized by inference; a type cast's before.
    pub types: Vec<TypeSetByHwMode>,
    /// The `SDNodeXForm` a fragment applies to the operand it matches (`getTransformFn`).
    pub transform: Option<RecId>,
    /// Which node of LLVM's this one is a copy of, 0 for none: inlining fragments shares a
    /// leaf or childless node (an argument, a node of the pattern) between the alternatives
    /// and the places it is substituted in, where tdq copies it; inference keeps the copies'
    /// types one (see [`super::fragments::Fragments::inline`]).
    pub share: u32,
    /// The fragment predicates this node must satisfy, in the order LLVM adds them
    /// (`getPredicateCalls`).
    pub predicates: Vec<PredicateCall>,
    /// The names it is known by as an argument of a predicate that reads its operands
    /// (`getNamesAsPredicateArg`): the predicate's scope and the argument's name.
    pub pred_args: Vec<(u32, Sym)>,
    /// The `GISelFlags` fragment it was inlined from, if any: the root of each tree a
    /// fragment deriving from `GISelFlags` expands into, unless an outer one's
    /// (`getGISelFlagsRecord`).
    pub gisel_flags: Option<RecId>,
}

/// One predicate call on a node (`TreePredicateCall`): the fragment whose predicate it is, and
/// the scope of its operand names (0 unless the predicate reads its operands).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PredicateCall {
    pub frag: RecId,
    pub scope: u32,
}

impl TreeNode {
    pub fn is_leaf(&self) -> bool {
        matches!(self.kind, NodeKind::Leaf(_))
    }

    /// The operator of a node that is not a leaf.
    pub fn operator(&self) -> Option<RecId> {
        match &self.kind {
            NodeKind::Op { op, .. } => Some(*op),
            NodeKind::Leaf(_) => None,
        }
    }

    pub fn children(&self) -> &[TreeNode] {
        match &self.kind {
            NodeKind::Op { children, .. } => children,
            NodeKind::Leaf(_) => &[],
        }
    }

    /// The def a leaf holds, if it holds one.
    pub fn leaf_def(&self) -> Option<RecId> {
        match &self.kind {
            NodeKind::Leaf(Leaf::Value(v)) => v.as_def(),
            _ => None,
        }
    }

    /// The integer a leaf holds, if it holds one.
    pub fn leaf_int(&self) -> Option<i64> {
        match &self.kind {
            NodeKind::Leaf(Leaf::Value(v)) => v.as_int(),
            _ => None,
        }
    }

    /// The instructions among the tree's operators, outermost first (`getInstructionsInTree`).
    pub fn instructions(&self, input: &Evaluation) -> Vec<RecId> {
        fn walk(node: &TreeNode, f: Fields, out: &mut Vec<RecId>) {
            let NodeKind::Op { op, children, .. } = &node.kind else { return };
            if f.is_a(*op, "Instruction") {
                out.push(*op);
            }
            for child in children {
                walk(child, f, out);
            }
        }
        let mut out = Vec::new();
        walk(self, Fields { input }, &mut out);
        out
    }

    /// The tree in TableGen's dag syntax, fragments inlined (for people: the store's
    /// pattern tables): `(st (add GPR:$a, 1), addr:$p)`; an intrinsic node by the intrinsic's
    /// name, its id leaf left out.
    pub fn text(&self, input: &Evaluation) -> String {
        let mut out = String::new();
        self.write_text(input, &mut out);
        out
    }

    /// `TreePatternNode::print`, as the selector's comments quote a pattern:
    /// `(add:{ *:[i32] } GPR:{ *:[i32] }:$a, 1:{ *:[i32] })`, each result's type set after
    /// the operator or leaf, then the node's predicates (`<<P:Predicate_x>>`), transform
    /// (`<<X:xform>>`), name and names as a predicate's argument. An intrinsic's id leaf is
    /// printed as the number `intrinsic_id` gives.
    pub fn print(&self, input: &Evaluation, table: &MvtTable, intrinsic_id: &dyn Fn(RecId) -> i64) -> String {
        let mut out = String::new();
        self.write_print(input, table, intrinsic_id, &mut out);
        out
    }

    fn write_print(&self, input: &Evaluation, table: &MvtTable, intrinsic_id: &dyn Fn(RecId) -> i64, out: &mut String) {
        use std::fmt::Write as _;
        let f = Fields { input };
        match &self.kind {
            NodeKind::Leaf(Leaf::Value(v)) => out.push_str(&v.to_string()),
            NodeKind::Leaf(Leaf::IntrinsicId(d)) => {
                let _ = write!(out, "{}", intrinsic_id(*d));
            }
            NodeKind::Op { op, .. } => {
                out.push('(');
                out.push_str(f.name(*op));
            }
        }
        for t in &self.types {
            out.push(':');
            out.push_str(&t.write(table));
        }
        if let NodeKind::Op { children, .. } = &self.kind {
            for (i, child) in children.iter().enumerate() {
                out.push_str(if i == 0 { " " } else { ", " });
                child.write_print(input, table, intrinsic_id, out);
            }
            out.push(')');
        }
        for call in &self.predicates {
            out.push_str("<<P:");
            if call.scope != 0 {
                let _ = write!(out, "{}:", call.scope);
            }
            let _ = write!(out, "Predicate_{}>>", f.name(call.frag));
        }
        if let Some(x) = self.transform {
            let _ = write!(out, "<<X:{}>>", f.name(x));
        }
        if !self.name.is_empty() {
            out.push_str(":$");
            out.push_str(self.name);
        }
        for (scope, name) in &self.pred_args {
            let _ = write!(out, ":$pred:{scope}:{name}");
        }
    }

    fn write_text(&self, input: &Evaluation, out: &mut String) {
        let f = Fields { input };
        match &self.kind {
            NodeKind::Leaf(Leaf::Value(v)) => out.push_str(&v.to_string()),
            NodeKind::Leaf(Leaf::IntrinsicId(d)) => out.push_str(f.name(*d)),
            NodeKind::Op { op, intrinsic, children } => {
                out.push('(');
                out.push_str(f.name(intrinsic.unwrap_or(*op)));
                let shown = children.iter().filter(|c| !matches!(c.kind, NodeKind::Leaf(Leaf::IntrinsicId(_))));
                for (i, child) in shown.enumerate() {
                    out.push_str(if i == 0 { " " } else { ", " });
                    child.write_text(input, out);
                }
                out.push(')');
            }
        }
        if !self.name.is_empty() {
            out.push_str(":$");
            out.push_str(self.name);
        }
    }
}

/// A parsed pattern (`TreePattern`): its record, its trees, the names of its arguments
/// (`node:$x` and `?:$x` leaves, in order), whether it is an input pattern.
#[derive(Clone, Debug)]
pub struct TreePattern {
    pub record: RecId,
    pub trees: Vec<TreeNode>,
    pub args: Vec<Sym>,
    pub is_input: bool,
    /// The error that ended the parsing where LLVM goes on with the trees before it (LLVM 23's
    /// cast operand errors), "In NAME: message"; `trees` and `args` are as LLVM's were then.
    pub error: Option<String>,
}

impl TreePattern {
    /// The pattern, or its parse error as the fatal error of a reader that stops there.
    // FIXME: LLVM 23 goes on with the trees before the error in instructions' and fragments'
    // patterns too; only a `Pat`'s input goes on here.
    pub fn or_fatal(self, input: &Evaluation) -> Result<TreePattern, Fatal> {
        match &self.error {
            Some(message) => Err(Fatal::new(&input.records.get(self.record).locs, message.clone())),
            None => Ok(self),
        }
    }
}

/// How `ParseCastOperand` checks a type cast's operand (its count, then its name).
#[derive(Clone, Copy, PartialEq, Eq)]
enum CastOperandCheck {
    /// LLVM 19: a value type cast's operand, then its name ("ValueType cast should not have
    /// a name!"); tdq stops at the error (LLVM reads an operand that may not be there).
    NameAfterOperand,
    /// LLVM 22 on: the count and the name before the operand ("Type cast should not have a
    /// name!"), and the pattern loses its trees: LLVM 23's `ParseTreePattern` returns null,
    /// 22's goes on (reading an operand that may not be there) but inlines nothing of a
    /// pattern with an error. LLVM reports it after the pattern's dump and goes on.
    NameFirstDropsTree,
}

const CAST_OPERAND_CHECK: ByRelease<CastOperandCheck> = ByRelease {
    v19: CastOperandCheck::NameAfterOperand,
    v22: CastOperandCheck::NameFirstDropsTree,
    v23: CastOperandCheck::NameFirstDropsTree,
};

/// Why a tree was not parsed: LLVM's fatal error, or an error the pattern records
/// ([`TreePattern::error`]) that drops the tree.
enum ParseStop {
    Fatal(Fatal),
    Dropped,
}

impl From<Fatal> for ParseStop {
    fn from(f: Fatal) -> ParseStop {
        ParseStop::Fatal(f)
    }
}

/// The operators an output pattern may use among the SelectionDAG nodes.
const OUTPUT_NODES: &[&str] = &[
    "imm",
    "timm",
    "fpimm",
    "tglobaltlsaddr",
    "tconstpool",
    "tjumptable",
    "tframeindex",
    "texternalsym",
    "tblockaddress",
    "tglobaladdr",
    "bb",
    "vt",
    "mcsym",
];

/// The intrinsic nodes of `TargetSelectionDAG.td`, which stand for intrinsics in patterns.
#[derive(Clone, Copy, Debug)]
pub struct IntrinsicNodes {
    pub void: Option<RecId>,
    pub w_chain: Option<RecId>,
    pub wo_chain: Option<RecId>,
}

impl IntrinsicNodes {
    pub fn find(input: &Evaluation) -> IntrinsicNodes {
        IntrinsicNodes {
            void: input.records.def("intrinsic_void"),
            w_chain: input.records.def("intrinsic_w_chain"),
            wo_chain: input.records.def("intrinsic_wo_chain"),
        }
    }
}

/// What the parser needs of an intrinsic: whether it returns nothing, and whether it touches
/// memory or has side effects (which pick its node).
pub trait IntrinsicInfo {
    fn node_for(&self, intrinsic: RecId) -> Result<IntrinsicNode, Fatal>;
}

/// Which `intrinsic_*` node an intrinsic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IntrinsicNode {
    Void,
    WithChain,
    WithoutChain,
}

pub struct Parser<'a> {
    pub input: &'a Evaluation,
    pub intrinsics: &'a dyn IntrinsicInfo,
    pub nodes: IntrinsicNodes,
}

impl Parser<'_> {
    fn f(&self) -> Fields<'_> {
        Fields { input: self.input }
    }

    /// `TreePattern::error`: an error at the pattern's record, "In NAME: message".
    // FIXME: LLVM prints the pattern (`TreePattern::dump`) before the error and carries on
    // parsing; this stops at the first one.
    fn error(&self, record: RecId, message: &str) -> ParseStop {
        ParseStop::Fatal(Fatal::new(&self.input.records.get(record).locs, self.message(record, message)))
    }

    fn message(&self, record: RecId, message: &str) -> String {
        format!("In {}: {message}", self.f().name(record))
    }

    /// `ParseCastOperand`'s checks of a cast of `args` named `name`, with the release's form.
    fn check_cast_operand(&self, p: &mut TreePattern, args: usize, name: Sym) -> Result<(), ParseStop> {
        let check = *CAST_OPERAND_CHECK.get(self.input.records.release);
        let message = if args != 1 {
            "Type cast only takes one operand!"
        } else if !name.is_empty() && check != CastOperandCheck::NameAfterOperand {
            "Type cast should not have a name!"
        } else {
            return Ok(());
        };
        match check {
            CastOperandCheck::NameFirstDropsTree => {
                p.error = Some(self.message(p.record, message));
                Err(ParseStop::Dropped)
            }
            CastOperandCheck::NameAfterOperand => Err(self.error(p.record, message)),
        }
    }

    /// A `TreePattern` of a list of dags (an instruction's `Pattern`, a fragment's
    /// `Fragments`, a `Pat`'s results).
    pub fn parse_list(&self, record: RecId, values: &[Init], is_input: bool) -> Result<TreePattern, Fatal> {
        let mut pattern = TreePattern { record, trees: Vec::new(), args: Vec::new(), is_input, error: None };
        for &value in values {
            match self.parse(&mut pattern, value, "") {
                Ok(tree) => pattern.trees.push(tree),
                Err(ParseStop::Dropped) => break,
                Err(ParseStop::Fatal(f)) => return Err(f),
            }
        }
        Ok(pattern)
    }

    /// `ParseTreePattern`.
    fn parse(&self, p: &mut TreePattern, value: Init, name: Sym) -> Result<TreeNode, ParseStop> {
        let f = self.f();
        let leaf = |v: Init, name: Sym| TreeNode {
            kind: NodeKind::Leaf(Leaf::Value(v)),
            name,
            types: Vec::new(),
            transform: None,
            share: 0,
            predicates: Vec::new(),
            pred_args: Vec::new(),
            gisel_flags: None,
        };
        match value.kind() {
            InitKind::Def(rec, ..) => {
                let rec = *rec;
                if f.is_a(rec, "SDNode") || f.is_a(rec, "PatFrags") {
                    return Ok(TreeNode {
                        kind: NodeKind::Op { op: rec, intrinsic: None, children: Vec::new() },
                        name,
                        types: Vec::new(),
                        transform: None,
                        share: 0,
                        predicates: Vec::new(),
                        pred_args: Vec::new(),
                        gisel_flags: None,
                    });
                }
                if f.name(rec) == "node" && !name.is_empty() {
                    p.args.push(name);
                }
                Ok(leaf(value, name))
            }
            InitKind::Unset => {
                if name.is_empty() {
                    return Err(self.error(p.record, "'?' argument requires a name to match with operand list"));
                }
                p.args.push(name);
                Ok(leaf(value, name))
            }
            // A bit or bits value is LLVM's integer (`convertInitializerTo(IntRecTy)`).
            InitKind::Int(_) | InitKind::Bit(_) => {
                if !name.is_empty() {
                    return Err(self.error(p.record, "Constant int or bit argument should not have a name!"));
                }
                let v = match value.kind() {
                    InitKind::Bit(b) => Init::int(i64::from(*b)),
                    _ => value,
                };
                Ok(leaf(v, name))
            }
            InitKind::Bits(_) => match crate::records::int_value(value) {
                Some(v) => self.parse(p, Init::int(v), name),
                None => Err(self.error(p.record, "Bits value must be constants!")),
            },
            InitKind::Dag(op, dag_name, args) => {
                // A list of value types casts a node of several results, one type each
                // (`([i16, i32] (int_foo))`; LLVM 19's parser takes no such dag).
                if let Some((casts, _)) = op.as_list() {
                    self.check_cast_operand(p, args.len(), name)?;
                    let (arg, arg_name) = args[0];
                    let mut node = self.parse(p, arg, arg_name.unwrap_or(""))?;
                    if casts.is_empty() {
                        return Err(self.error(p.record, "Invalid number of type casts!"));
                    }
                    // As a single type's cast: a node cast twice keeps the inner cast's types;
                    // a count that is not the node's results is an error of inference.
                    if node.types.is_empty() {
                        let hw_modes = &crate::target::Target::get(self.input)?.hw_modes;
                        for cast in casts {
                            // `getElementAsRecord`.
                            let def = cast.as_def().ok_or_else(|| Fatal::new(&[], "Expected record in list!"))?;
                            let vt = crate::target::info_by_hw_mode::value_type_by_mode(self.input, hw_modes, def)?;
                            node.types.push(TypeSetByHwMode::from_vts(&[vt]));
                        }
                    }
                    return Ok(node);
                }
                let Some(op) = op.as_def() else {
                    return Err(self.error(p.record, "Pattern has unexpected operator type!"));
                };
                if f.is_a(op, "ValueType") {
                    self.check_cast_operand(p, args.len(), name)?;
                    let (arg, arg_name) = args[0];
                    let mut node = self.parse(p, arg, arg_name.unwrap_or(""))?;
                    // The cast's types; a node cast twice keeps the inner cast's.
                    // FIXME: LLVM merges both (`UpdateNodeType`), a contradiction its error.
                    if node.types.is_empty() {
                        let hw_modes = &crate::target::Target::get(self.input)?.hw_modes;
                        let vt = crate::target::info_by_hw_mode::value_type_by_mode(self.input, hw_modes, op)?;
                        node.types = vec![TypeSetByHwMode::from_vts(&[vt])];
                    }
                    // LLVM 19 checks the name after the operand.
                    if !name.is_empty() {
                        return Err(self.error(p.record, "ValueType cast should not have a name!"));
                    }
                    return Ok(node);
                }
                let op_name = f.name(op);
                let is = |class: &str| f.is_a(op, class);
                if !is("PatFrags")
                    && !is("SDNode")
                    && !is("Instruction")
                    && !is("SDNodeXForm")
                    && !is("Intrinsic")
                    && !is("ComplexPattern")
                    && op_name != "set"
                    && op_name != "implicit"
                {
                    return Err(self.error(p.record, &format!("Unrecognized node '{op_name}'!")));
                }
                if p.is_input {
                    if is("Instruction") || is("SDNodeXForm") {
                        return Err(self.error(p.record, &format!("Cannot use '{op_name}' in an input pattern!")));
                    }
                } else if is("Intrinsic") || (is("SDNode") && !OUTPUT_NODES.contains(&op_name)) {
                    return Err(self.error(p.record, &format!("Cannot use '{op_name}' in an output pattern!")));
                }
                let mut children = Vec::with_capacity(args.len() + 1);
                for &(arg, arg_name) in args.iter() {
                    children.push(self.parse(p, arg, arg_name.unwrap_or(""))?);
                }
                let mut operator = op;
                let mut intrinsic = None;
                if is("Intrinsic") {
                    let node = match self.intrinsics.node_for(op)? {
                        IntrinsicNode::Void => self.nodes.void,
                        IntrinsicNode::WithChain => self.nodes.w_chain,
                        IntrinsicNode::WithoutChain => self.nodes.wo_chain,
                    };
                    operator = node.ok_or_else(|| Fatal::new(&[], "intrinsic node not defined"))?;
                    intrinsic = Some(op);
                    children.insert(
                        0,
                        TreeNode {
                            kind: NodeKind::Leaf(Leaf::IntrinsicId(op)),
                            name: "",
                            types: Vec::new(),
                            transform: None,
                            share: 0,
                            predicates: Vec::new(),
                            pred_args: Vec::new(),
                            gisel_flags: None,
                        },
                    );
                }
                if is("ComplexPattern") && children.iter().any(|c| c.name.is_empty()) {
                    return Err(self.error(p.record, "All arguments to a ComplexPattern must be named"));
                }
                let name = match dag_name {
                    Some(n) if name.is_empty() => n,
                    _ => name,
                };
                Ok(TreeNode {
                    kind: NodeKind::Op { op: operator, intrinsic, children },
                    name,
                    types: Vec::new(),
                    transform: None,
                    share: 0,
                    predicates: Vec::new(),
                    pred_args: Vec::new(),
                    gisel_flags: None,
                })
            }
            _ => Err(self.error(p.record, "Pattern has unexpected init kind!")),
        }
    }
}

/// `hasNullFragReference`: the dag or one of its operands, at any depth, is `null_frag`.
/// The next combination of one choice per position (the last position moving fastest), each
/// position `k` choosing among `len(k)`; false once every combination has been seen.
pub(crate) fn next_combination(idxs: &mut [usize], len: impl Fn(usize) -> usize) -> bool {
    for k in (0..idxs.len()).rev() {
        idxs[k] += 1;
        if idxs[k] == len(k) {
            idxs[k] = 0;
        } else {
            return true;
        }
    }
    false
}

pub fn has_null_frag_reference(input: &Evaluation, value: Init) -> bool {
    let InitKind::Dag(op, _, args) = value.kind() else {
        return false;
    };
    let is_null = |v: Init| v.as_def().is_some_and(|d| input.records.name_sym(d) == "null_frag");
    let Some(_) = op.as_def() else {
        return false;
    };
    if is_null(*op) {
        return true;
    }
    args.iter().any(|&(arg, _)| is_null(arg) || has_null_frag_reference(input, arg))
}
