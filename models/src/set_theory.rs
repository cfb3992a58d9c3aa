//! LLVM's SetTheory: the ordered sets of records that dag expressions such as
//! `(add R0, (sequence "R%u", 1, 7))` denote (`--print-sets`, register classes and tuples,
//! RuntimeLibcalls' predicates, scheduling models' resource lists).

use crate::records::{Fatal, Fields};
use std::collections::{HashMap, HashSet};
use std::rc::Rc;
use tdq_core::init::{Init, InitKind};
use tdq_core::types::RecId;
use tdq_core::{Evaluation, Loc};

/// An element of a set: a def, or a register that a `RegisterTuples` def synthesized (LLVM
/// makes a `Record` for it that is not in the keeper; tdq numbers them in
/// [`SetTheory::tuples`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Member {
    Record(RecId),
    Tuple(u32),
}

impl Member {
    /// The def, if the member is one.
    pub fn record(self) -> Option<RecId> {
        match self {
            Member::Record(id) => Some(id),
            Member::Tuple(_) => None,
        }
    }
}

/// A register synthesized by a `RegisterTuples` def (LLVM's `TupleExpander`): its sub-registers
/// zipped from the def's `SubRegs` lists, named by joining theirs with `_`. Its other fields are
/// its prototype's (the first sub-register), with `SubRegs`, `AsmName`, `CostPerUse`,
/// `CoveredBySubRegs` and `SubRegIndices` replaced and the Dwarf fields and `Aliases` reset.
#[derive(Clone, Debug)]
pub struct TupleRegister {
    pub name: String,
    /// The `RegisterTuples` def: where the register comes from, and its `SubRegIndices`.
    pub tuple: RecId,
    /// The first sub-register, whose other fields the register has.
    pub proto: Member,
    pub sub_regs: Vec<Member>,
    /// `RegAsmNames`' element for this register, or empty.
    pub asm_name: &'static str,
}

/// LLVM's `SetTheory::RecSet`, a `SetVector<Record *>`: members in insertion order, once each.
#[derive(Default)]
struct RecSet {
    order: Vec<Member>,
    members: HashSet<Member>,
}

impl RecSet {
    fn insert(&mut self, member: Member) {
        if self.members.insert(member) {
            self.order.push(member);
        }
    }
    fn extend(&mut self, members: &[Member]) {
        for &m in members {
            self.insert(m);
        }
    }
    fn contains(&self, member: Member) -> bool {
        self.members.contains(&member)
    }
    fn len(&self) -> usize {
        self.order.len()
    }
}

/// The set operators SetTheory's constructor registers, by the name of the dag operator's def.
#[derive(Clone, Copy)]
enum Operator {
    /// `(add a, b, ...)`: the union, in order.
    Add,
    /// `(sub S, T, ...)`: S without the elements of the others.
    Sub,
    /// `(and S, T)`: the elements of S also in T.
    And,
    /// `(shl S, N)`: S without its first N elements.
    Shl,
    /// `(trunc S, N)`: the first N elements of S.
    Trunc,
    /// `(rotl S, N)`, `(rotr S, N)`: S rotated left (or right) by N, which may be negative.
    Rot { reverse: bool },
    /// `(decimate S, N)`: every Nth element of S.
    Decimate,
    /// `(interleave S, T, ...)`: the first elements of each, then the second ones, ...
    Interleave,
    /// `(sequence "Format", From, To[, Step])`: the defs named by printf-formatting each number.
    Sequence,
    /// `(instrs a, b, ...)` (scheduling models' `InstRW`): the union, as `add`.
    Instrs,
    /// `(instregex "Pattern", ...)`: the instructions whose names match each pattern.
    InstRegex,
}

impl Operator {
    fn named(name: &str) -> Option<Operator> {
        Some(match name {
            "add" => Operator::Add,
            "sub" => Operator::Sub,
            "and" => Operator::And,
            "shl" => Operator::Shl,
            "trunc" => Operator::Trunc,
            "rotl" => Operator::Rot { reverse: false },
            "rotr" => Operator::Rot { reverse: true },
            "decimate" => Operator::Decimate,
            "interleave" => Operator::Interleave,
            "sequence" => Operator::Sequence,
            "instrs" => Operator::Instrs,
            "instregex" => Operator::InstRegex,
            _ => return None,
        })
    }
}

/// Operators and expanders an emitter adds to SetTheory's own (LLVM's `addOperator` and
/// `addExpander` with its own classes): NeonEmitter's `lowhalf`, `highhalf`, `rev` and
/// `MaskExpand`.
pub trait Extension {
    /// The members of `(name args...)` if the extension has an operator `name`. It reads its
    /// operands with [`SetTheory::evaluate_all_members`].
    fn apply(
        &self,
        sets: &mut SetTheory<'_>,
        name: &str,
        expr: Init,
        args: &[Init],
        locs: &[Loc],
    ) -> Option<SetResult<Vec<Member>>>;

    /// The members def `rec` denotes if the extension expands the defs of class `class`.
    fn expand(&self, class: &str, rec: RecId) -> Option<SetResult<Vec<Member>>>;
}

/// LLVM's `SetTheory` with field expanders: a def deriving from one of the expander classes
/// denotes the set its field evaluates to; other defs denote themselves. With
/// [`SetTheory::expand_tuples`], a `RegisterTuples` def denotes the registers it synthesizes.
pub struct SetTheory<'a> {
    input: &'a Evaluation,
    /// (class name, field name) pairs (`addFieldExpander`).
    expanders: &'a [(&'a str, &'a str)],
    /// `RegisterTuples` defs are expanded (the register bank's `TupleExpander`).
    tuple_expander: bool,
    /// A tuple whose lists and indices differ in number, or with fewer than two, is an error
    /// (LLVM 19 and 22; LLVM 23's `Target.td` asserts it instead).
    check_tuple_sizes: bool,
    /// Each expanded def, entered before its evaluation starts so that a recursive definition
    /// sees the (empty) set being built, as in LLVM.
    expansions: HashMap<RecId, Rc<[Member]>>,
    /// Every def expanded (not found in `expansions`), with its set, in the order the
    /// expansions finished: what an LLVM expander with side effects (RuntimeLibcalls'
    /// `LibcallPredicateExpander`) sees, in the order it sees it.
    pub finished: Vec<(RecId, Rc<[Member]>)>,
    /// The registers `RegisterTuples` defs synthesized, numbered by [`Member::Tuple`].
    pub tuples: Vec<TupleRegister>,
    tuple_names: HashSet<String>,
    /// The instructions `instrs` and `instregex` see (the schedule model's SetTheory); without
    /// them these operators are unknown, as in every other SetTheory.
    instructions: Option<&'a InstructionNames>,
    /// Each `instregex` pattern compiled once.
    regexes: HashMap<String, Option<regex::Regex>>,
    /// The emitter's own operators and expanders.
    extension: Option<&'a dyn Extension>,
}

/// The instruction names `(instregex ...)` searches (LLVM's `InstRegexOp`): the
/// target-independent instructions in enum order, then the pseudo-instructions and the others,
/// each sorted by name.
#[derive(Debug, Default)]
pub struct InstructionNames {
    pub generics: Vec<(&'static str, RecId)>,
    pub pseudos: Vec<(&'static str, RecId)>,
    pub non_pseudos: Vec<(&'static str, RecId)>,
}

pub type SetResult<T> = Result<T, Fatal>;

impl<'a> SetTheory<'a> {
    pub fn new(input: &'a Evaluation, expanders: &'a [(&'a str, &'a str)]) -> SetTheory<'a> {
        SetTheory {
            input,
            expanders,
            tuple_expander: false,
            check_tuple_sizes: true,
            expansions: HashMap::new(),
            finished: Vec::new(),
            tuples: Vec::new(),
            tuple_names: HashSet::new(),
            instructions: None,
            regexes: HashMap::new(),
            extension: None,
        }
    }

    /// Adds an emitter's own operators and expanders.
    pub fn with_extension(mut self, extension: &'a dyn Extension) -> SetTheory<'a> {
        self.extension = Some(extension);
        self
    }

    /// Adds the schedule model's `instrs` and `instregex` operators over `instructions`.
    pub fn with_instructions(mut self, instructions: &'a InstructionNames) -> SetTheory<'a> {
        self.instructions = Some(instructions);
        self
    }

    /// Expands `RegisterTuples` defs too, as the register bank's SetTheory does.
    pub fn expand_tuples(mut self) -> SetTheory<'a> {
        self.tuple_expander = true;
        self
    }

    /// Whether a tuple's sizes are checked (see [`SetTheory::check_tuple_sizes`]'s field).
    pub fn check_tuple_sizes(mut self, check: bool) -> SetTheory<'a> {
        self.check_tuple_sizes = check;
        self
    }

    /// `SetTheory::evaluate` into a new set: the members `expr` denotes, in order.
    pub fn evaluate_members(&mut self, expr: Init, locs: &[Loc]) -> SetResult<Vec<Member>> {
        Ok(self.evaluate_new(expr, locs)?.order)
    }

    /// `SetTheory::evaluate(begin, end)` into a new set: the members of `exprs`, in order,
    /// each once.
    pub fn evaluate_all_members(&mut self, exprs: &[Init], locs: &[Loc]) -> SetResult<Vec<Member>> {
        let mut set = RecSet::default();
        self.evaluate_all(exprs, &mut set, locs)?;
        Ok(set.order)
    }

    /// The name of a member (`Record::getName`).
    pub fn name(&self, member: Member) -> String {
        match member {
            Member::Record(id) => self.input.records.get(id).name_string(),
            Member::Tuple(n) => self.tuples[n as usize].name.clone(),
        }
    }

    fn fatal(&self, locs: &[Loc], message: impl Into<String>) -> Fatal {
        Fatal::new(locs, message)
    }

    /// `SetTheory::expand`: the set `rec` denotes, if it derives from an expander class.
    pub fn expand(&mut self, rec: RecId) -> SetResult<Option<Rc<[Member]>>> {
        if let Some(done) = self.expansions.get(&rec) {
            return Ok(Some(done.clone()));
        }
        let rk = &self.input.records;
        let record = rk.get(rec);
        for &(sc, _) in &record.superclasses {
            let class_name = rk.get(sc).name_string();
            if let Some(members) = self.extension.and_then(|e| e.expand(&class_name, rec)) {
                // This breaks recursive definitions.
                self.expansions.insert(rec, Rc::from(Vec::new()));
                let mut elts = RecSet::default();
                elts.extend(&members?);
                let result: Rc<[Member]> = Rc::from(elts.order);
                self.expansions.insert(rec, result.clone());
                self.finished.push((rec, result.clone()));
                return Ok(Some(result));
            }
            let field = self.expanders.iter().find(|(c, _)| *c == class_name).map(|&(_, field)| field);
            let tuples = self.tuple_expander && class_name == "RegisterTuples";
            if field.is_none() && !tuples {
                continue;
            }
            self.expansions.insert(rec, Rc::from(Vec::new()));
            let mut elts = RecSet::default();
            match field {
                Some(field) => {
                    let value = Fields { input: self.input }.init(rec, field)?;
                    self.evaluate(value, &mut elts, &record.locs)?;
                }
                None => self.expand_tuple(rec, &mut elts)?,
            }
            let result: Rc<[Member]> = Rc::from(elts.order);
            self.expansions.insert(rec, result.clone());
            self.finished.push((rec, result.clone()));
            return Ok(Some(result));
        }
        Ok(None)
    }

    /// The def whose fields a member has: itself, or a synthesized register's prototype's
    /// (its own replaced fields aside, see [`TupleRegister`]).
    pub fn fields_of(&self, member: Member) -> RecId {
        let mut member = member;
        loop {
            match member {
                Member::Record(id) => return id,
                Member::Tuple(n) => member = self.tuples[n as usize].proto,
            }
        }
    }

    /// LLVM's `TupleExpander::expand`: the registers a `RegisterTuples` def synthesizes, each
    /// the n-th member of every `SubRegs` list, zipped to the shortest list.
    fn expand_tuple(&mut self, def: RecId, elts: &mut RecSet) -> SetResult<()> {
        let f = Fields { input: self.input };
        let locs = &self.input.records.get(def).locs;
        let dim = f.defs(def, "SubRegIndices")?.len();
        let sub_regs = f.list(def, "SubRegs")?;
        if self.check_tuple_sizes && dim != sub_regs.len() {
            return Err(self.fatal(locs, "SubRegIndices and SubRegs size mismatch"));
        }
        if self.check_tuple_sizes && dim < 2 {
            return Err(self.fatal(locs, "Tuples must have at least 2 sub-registers"));
        }
        let mut lists = Vec::with_capacity(dim);
        // One list per index (LLVM 23 leaves the sizes to Target.td's assert: a missing list
        // zips to nothing).
        for i in 0..dim {
            match sub_regs.get(i) {
                Some(&list) => lists.push(self.evaluate_new(list, locs)?.order),
                None => lists.push(Vec::new()),
            }
        }
        let length = lists.iter().map(Vec::len).min().unwrap_or(0);
        if length == 0 {
            return Ok(());
        }
        let asm_names = f.strings(def, "RegAsmNames")?;
        for n in 0..length {
            let members: Vec<Member> = lists.iter().map(|list| list[n]).collect();
            let name = members.iter().map(|&m| self.name(m)).collect::<Vec<_>>().join("_");
            let proto = members[0];
            f.list(self.fields_of(proto), "CostPerUse")?;
            let asm_name = if asm_names.is_empty() {
                ""
            } else {
                match asm_names.get(n) {
                    Some(&asm_name) => asm_name,
                    None => {
                        return Err(self.fatal(locs, format!("Register tuple definition missing name for '{name}'.")))
                    }
                }
            };
            let number = u32::try_from(self.tuples.len()).expect("fewer tuple registers than records");
            elts.insert(Member::Tuple(number));
            if !self.tuple_names.insert(name.clone()) {
                return Err(self.fatal(locs, format!("Register tuple redefines register '{name}'.")));
            }
            self.tuples.push(TupleRegister { name, tuple: def, proto, sub_regs: members, asm_name });
        }
        Ok(())
    }

    /// `SetTheory::evaluate`: adds the records `expr` denotes to `elts`.
    fn evaluate(&mut self, expr: Init, elts: &mut RecSet, locs: &[Loc]) -> SetResult<()> {
        match expr.kind() {
            InitKind::Def(id, _, _) => {
                match self.expand(*id)? {
                    Some(set) => elts.extend(&set),
                    None => elts.insert(Member::Record(*id)),
                }
                Ok(())
            }
            InitKind::List(items, _) => self.evaluate_all(items, elts, locs),
            InitKind::Dag(op, _, args) => {
                let InitKind::Def(op_id, _, _) = op.kind() else {
                    return Err(self.fatal(locs, format!("Bad set expression: {expr}")));
                };
                let name = self.input.records.get(*op_id).name_string();
                if let Some(extension) = self.extension {
                    let args: Vec<Init> = args.iter().map(|a| a.0).collect();
                    if let Some(members) = extension.apply(self, &name, expr, &args, locs) {
                        elts.extend(&members?);
                        return Ok(());
                    }
                }
                let operator = Operator::named(&name)
                    .filter(|op| self.instructions.is_some() || !matches!(op, Operator::Instrs | Operator::InstRegex));
                let Some(operator) = operator else {
                    return Err(self.fatal(locs, format!("Unknown set operator: {expr}")));
                };
                let args: Vec<Init> = args.iter().map(|a| a.0).collect();
                self.apply(operator, expr, &args, elts, locs)
            }
            _ => Err(self.fatal(locs, format!("Invalid set element: {expr}"))),
        }
    }

    fn evaluate_all(&mut self, exprs: &[Init], elts: &mut RecSet, locs: &[Loc]) -> SetResult<()> {
        for &e in exprs {
            self.evaluate(e, elts, locs)?;
        }
        Ok(())
    }

    fn evaluate_new(&mut self, expr: Init, locs: &[Loc]) -> SetResult<RecSet> {
        let mut set = RecSet::default();
        self.evaluate(expr, &mut set, locs)?;
        Ok(set)
    }

    fn apply(&mut self, op: Operator, expr: Init, args: &[Init], elts: &mut RecSet, locs: &[Loc]) -> SetResult<()> {
        match op {
            Operator::Add => self.evaluate_all(args, elts, locs),
            Operator::Sub => {
                if args.len() < 2 {
                    return Err(self.fatal(locs, format!("Set difference needs at least two arguments: {expr}")));
                }
                let add = self.evaluate_new(args[0], locs)?;
                let mut sub = RecSet::default();
                self.evaluate_all(&args[1..], &mut sub, locs)?;
                for &r in &add.order {
                    if !sub.contains(r) {
                        elts.insert(r);
                    }
                }
                Ok(())
            }
            Operator::And => {
                if args.len() != 2 {
                    return Err(self.fatal(locs, format!("Set intersection requires two arguments: {expr}")));
                }
                let s1 = self.evaluate_new(args[0], locs)?;
                let s2 = self.evaluate_new(args[1], locs)?;
                for &r in &s1.order {
                    if s2.contains(r) {
                        elts.insert(r);
                    }
                }
                Ok(())
            }
            Operator::Shl | Operator::Trunc | Operator::Rot { .. } | Operator::Decimate => {
                if args.len() != 2 {
                    return Err(self.fatal(locs, format!("Operator requires (Op Set, Int) arguments: {expr}")));
                }
                let set = self.evaluate_new(args[0], locs)?;
                let Some(n) = args[1].as_int() else {
                    return Err(self.fatal(locs, format!("Second argument must be an integer: {expr}")));
                };
                self.apply_int(op, expr, &set.order, n, elts, locs)
            }
            Operator::Interleave => {
                let mut values = Vec::with_capacity(args.len());
                for &a in args {
                    values.push(self.evaluate_new(a, locs)?);
                }
                let max = values.iter().map(RecSet::len).max().unwrap_or(0);
                for n in 0..max {
                    for v in &values {
                        if let Some(&r) = v.order.get(n) {
                            elts.insert(r);
                        }
                    }
                }
                Ok(())
            }
            Operator::Sequence => self.sequence(expr, args, elts, locs),
            Operator::Instrs => self.evaluate_all(args, elts, locs),
            Operator::InstRegex => self.inst_regex(expr, args, elts, locs),
        }
    }

    /// `InstRegexOp::apply`: for each pattern, the instructions whose names match it from
    /// their start (a prefix without metacharacters narrows the sorted ranges first).
    fn inst_regex(&mut self, expr: Init, args: &[Init], elts: &mut RecSet, locs: &[Loc]) -> SetResult<()> {
        let instructions = self.instructions.expect("instregex is only known with instructions");
        for &arg in args {
            let Some(original) = arg.as_str() else {
                return Err(self.fatal(locs, format!("instregex requires pattern string: {expr}")));
            };
            let (had_anchor, pattern) = match original.strip_prefix('^') {
                Some(rest) => (true, rest),
                None => (false, original),
            };
            const METACHARS: &[char] = &['(', ')', '^', '$', '|', '*', '+', '?', '.', '[', ']', '\\', '{', '}'];
            let mut first_meta = pattern.find(METACHARS).unwrap_or(pattern.len());
            if first_meta > 0
                && first_meta < pattern.len()
                && matches!(pattern.as_bytes()[first_meta], b'+' | b'*' | b'?')
            {
                first_meta -= 1;
            }
            if remove_parens(pattern).contains(['|', '?']) {
                first_meta = 0;
            }
            let (prefix, rest) = pattern.split_at(first_meta);
            let regex = if rest.is_empty() {
                None
            } else {
                let rest = posix_brackets(rest);
                let full = if had_anchor { format!("^{rest}") } else { format!("^({rest})") };
                // An invalid pattern matches nothing, as LLVM's `Regex::match` says.
                Some(self.regexes.entry(full.clone()).or_insert_with(|| regex::Regex::new(&full).ok()).clone())
            };
            let matches = |name: &str| match &regex {
                None => true,
                Some(Some(r)) => r.is_match(&name[prefix.len()..]),
                Some(None) => false,
            };
            let mut count = 0;
            for &(name, rec) in &instructions.generics {
                if name.starts_with(prefix) && matches(name) {
                    elts.insert(Member::Record(rec));
                    count += 1;
                }
            }
            for range in [&instructions.pseudos, &instructions.non_pseudos] {
                let start = range.partition_point(|(name, _)| *name < prefix);
                for &(name, rec) in range[start..].iter().take_while(|(name, _)| name.starts_with(prefix)) {
                    if matches(name) {
                        elts.insert(Member::Record(rec));
                        count += 1;
                    }
                }
            }
            if count == 0 {
                return Err(self.fatal(locs, format!("instregex has no matches: {pattern}")));
            }
        }
        Ok(())
    }

    /// The `(Op Set, Int)` operators.
    fn apply_int(
        &self,
        op: Operator,
        expr: Init,
        set: &[Member],
        n: i64,
        elts: &mut RecSet,
        locs: &[Loc],
    ) -> SetResult<()> {
        let len = set.len();
        match op {
            Operator::Shl => {
                if n < 0 {
                    return Err(self.fatal(locs, format!("Positive shift required: {expr}")));
                }
                if (n as u64) < len as u64 {
                    elts.extend(&set[n as usize..]);
                }
            }
            Operator::Trunc => {
                if n < 0 {
                    return Err(self.fatal(locs, format!("Positive length required: {expr}")));
                }
                elts.extend(&set[..(n as u64).min(len as u64) as usize]);
            }
            Operator::Rot { reverse } => {
                if len == 0 {
                    return Ok(());
                }
                let n = if reverse { n.wrapping_neg() } else { n };
                // N > 0 rotates left, N < 0 right.
                let len = len as i64;
                let k = if n < 0 { len - n.unsigned_abs().rem_euclid(len as u64) as i64 } else { n % len } as usize;
                elts.extend(&set[k..]);
                elts.extend(&set[..k]);
            }
            Operator::Decimate => {
                if n <= 0 {
                    return Err(self.fatal(locs, format!("Positive stride required: {expr}")));
                }
                for &r in set.iter().step_by(usize::try_from(n).unwrap_or(usize::MAX)) {
                    elts.insert(r);
                }
            }
            _ => unreachable!("not an (Op Set, Int) operator"),
        }
        Ok(())
    }

    /// `(sequence "Format", From, To[, Step])`.
    fn sequence(&mut self, expr: Init, args: &[Init], elts: &mut RecSet, locs: &[Loc]) -> SetResult<()> {
        if args.len() > 4 {
            return Err(self.fatal(locs, format!("Bad args to (sequence \"Format\", From, To): {expr}")));
        }
        // LLVM keeps the stride in an `int`.
        let mut step: i32 = 1;
        if args.len() == 4 {
            match args[3].as_int() {
                Some(s) => step = s as i32,
                None => return Err(self.fatal(locs, format!("Stride must be an integer: {expr}"))),
            }
        }
        let Some(format) = args.first().and_then(|a| a.as_str()) else {
            return Err(self.fatal(locs, format!("Format must be a string: {expr}")));
        };
        let Some(mut from) = args.get(1).and_then(|a| a.as_int()) else {
            return Err(self.fatal(locs, format!("From must be an integer: {expr}")));
        };
        if !(0..1 << 30).contains(&from) {
            return Err(self.fatal(locs, "From out of range"));
        }
        let Some(to) = args.get(2).and_then(|a| a.as_int()) else {
            return Err(self.fatal(locs, format!("To must be an integer: {expr}")));
        };
        if !(0..1 << 30).contains(&to) {
            return Err(self.fatal(locs, "To out of range"));
        }
        if step == 0 {
            // FIXME: llvm-tblgen 19 loops forever here; tdq stops with an error instead.
            return Err(self.fatal(locs, format!("Stride must not be zero: {expr}")));
        }
        let step = i64::from(if from <= to { step } else { step.wrapping_neg() });
        loop {
            if (step > 0 && from > to) || (step < 0 && from < to) {
                break;
            }
            let name = printf_unsigned(format, from as u32);
            let Some(rec) = self.input.records.def(&name) else {
                return Err(self.fatal(locs, format!("No def named '{name}': {expr}")));
            };
            match self.expand(rec)? {
                Some(set) => elts.extend(&set),
                None => elts.insert(Member::Record(rec)),
            }
            from += step;
        }
        Ok(())
    }
}

/// C's `printf(format, value)` for one `unsigned` argument, as `sequence` formats names.
///
/// Conversions `d i u x X o c` with flags, width and precision; `%%`. Every conversion takes
/// the one value (C would read past it); an unknown conversion is copied as written.
fn printf_unsigned(format: &str, value: u32) -> String {
    let mut out = String::new();
    let mut rest = format;
    while let Some(p) = rest.find('%') {
        out.push_str(&rest[..p]);
        let spec = &rest[p + 1..];
        let bytes = spec.as_bytes();
        let mut i = 0;
        let (mut left, mut zero, mut plus, mut space, mut alt) = (false, false, false, false, false);
        while i < bytes.len() {
            match bytes[i] {
                b'-' => left = true,
                b'0' => zero = true,
                b'+' => plus = true,
                b' ' => space = true,
                b'#' => alt = true,
                _ => break,
            }
            i += 1;
        }
        let digits = |i: &mut usize| {
            let start = *i;
            while *i < bytes.len() && bytes[*i].is_ascii_digit() {
                *i += 1;
            }
            spec[start..*i].parse::<usize>().unwrap_or(0)
        };
        let width = digits(&mut i);
        let precision = if bytes.get(i) == Some(&b'.') {
            i += 1;
            Some(digits(&mut i))
        } else {
            None
        };
        while i < bytes.len() && matches!(bytes[i], b'h' | b'l' | b'j' | b'z' | b't' | b'L' | b'q') {
            i += 1;
        }
        let Some(&conv) = bytes.get(i) else {
            out.push('%');
            out.push_str(spec);
            break;
        };
        let (sign, body, prefix) = match conv {
            b'%' => {
                out.push('%');
                rest = &spec[i + 1..];
                continue;
            }
            b'd' | b'i' => {
                let v = value as i32;
                let sign = if v < 0 {
                    "-"
                } else if plus {
                    "+"
                } else if space {
                    " "
                } else {
                    ""
                };
                (sign, v.unsigned_abs().to_string(), "")
            }
            b'u' => ("", value.to_string(), ""),
            b'x' => ("", format!("{value:x}"), if alt && value != 0 { "0x" } else { "" }),
            b'X' => ("", format!("{value:X}"), if alt && value != 0 { "0X" } else { "" }),
            b'o' => ("", format!("{value:o}"), ""),
            b'c' => {
                let c = char::from(value as u8).to_string();
                pad(&mut out, &c, width, left);
                rest = &spec[i + 1..];
                continue;
            }
            _ => {
                let end = i + spec[i..].chars().next().map_or(1, char::len_utf8);
                out.push('%');
                out.push_str(&spec[..end]);
                rest = &spec[end..];
                continue;
            }
        };
        // A precision is the minimum number of digits; an explicit zero precision prints
        // nothing for zero.
        let mut digits_str = match precision {
            Some(0) if value == 0 => String::new(),
            Some(p) if body.len() < p => format!("{}{body}", "0".repeat(p - body.len())),
            _ => body,
        };
        if conv == b'o' && alt && !digits_str.starts_with('0') {
            digits_str.insert(0, '0');
        }
        let text = format!("{sign}{prefix}{digits_str}");
        if zero && !left && precision.is_none() && text.len() < width {
            let lead = sign.len() + prefix.len();
            let zeros = "0".repeat(width - text.len());
            out.push_str(&text[..lead]);
            out.push_str(&zeros);
            out.push_str(&text[lead..]);
        } else {
            pad(&mut out, &text, width, left);
        }
        rest = &spec[i + 1..];
    }
    out.push_str(rest);
    out
}

/// Pads `text` with spaces to `width`, on the left unless `left` (the `-` flag).
fn pad(out: &mut String, text: &str, width: usize, left: bool) {
    let fill = width.saturating_sub(text.len());
    if !left {
        out.push_str(&" ".repeat(fill));
    }
    out.push_str(text);
    if left {
        out.push_str(&" ".repeat(fill));
    }
}

#[cfg(test)]
mod tests {
    use super::printf_unsigned;

    #[test]
    fn printf_formats_one_unsigned_as_c_does() {
        assert_eq!(printf_unsigned("R%u", 7), "R7");
        assert_eq!(printf_unsigned("D%u_D%u", 3), "D3_D3");
        assert_eq!(printf_unsigned("x%02u", 7), "x07");
        assert_eq!(printf_unsigned("%-3d|", 7), "7  |");
        assert_eq!(printf_unsigned("%#x %X %o %#o", 255), "0xff FF 377 0377");
        assert_eq!(printf_unsigned("%.3u %5.2u", 5), "005    05");
        assert_eq!(printf_unsigned("100%%", 1), "100%");
        assert_eq!(printf_unsigned("%+d", 1), "+1");
    }
}

/// `InstRegexOp::removeParens`: the pattern without the text inside parentheses.
fn remove_parens(s: &str) -> String {
    let mut depth = 0i32;
    let mut out = String::new();
    for c in s.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out
}

/// A POSIX extended regular expression (LLVM's `Regex`) in the `regex` crate's syntax: inside
/// a bracket expression `[`, `\\`, `&` and `~` are literal characters (the crate reads them
/// as nested classes, escapes and set operators); `[:alpha:]` classes are kept.
fn posix_brackets(pattern: &str) -> String {
    let chars: Vec<char> = pattern.chars().collect();
    let mut out = String::with_capacity(pattern.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '\\' && i + 1 < chars.len() {
            out.push(c);
            out.push(chars[i + 1]);
            i += 2;
            continue;
        }
        if c != '[' {
            out.push(c);
            i += 1;
            continue;
        }
        out.push('[');
        i += 1;
        if chars.get(i) == Some(&'^') {
            out.push('^');
            i += 1;
        }
        let mut first = true;
        while i < chars.len() && (first || chars[i] != ']') {
            let c = chars[i];
            if c == '[' && chars.get(i + 1) == Some(&':') {
                let end = (i + 2..chars.len().saturating_sub(1)).find(|&k| chars[k] == ':' && chars[k + 1] == ']');
                if let Some(end) = end {
                    out.extend(&chars[i..end + 2]);
                    i = end + 2;
                    first = false;
                    continue;
                }
            }
            if matches!(c, '[' | '\\' | '&' | '~' | ']') {
                out.push('\\');
            }
            out.push(c);
            i += 1;
            first = false;
        }
        if i < chars.len() {
            out.push(']');
            i += 1;
        }
    }
    out
}

#[cfg(test)]
mod instregex_tests {
    use super::posix_brackets;

    #[test]
    fn posix_bracket_expressions_become_the_regex_crates() {
        // A `[` inside brackets is a character, not a nested class (AArch64's Neoverse N2 model).
        assert_eq!(posix_brackets("[32|64)[XZ]v2f(32|64)$"), "[32|64)\\[XZ]v2f(32|64)$");
        assert_eq!(posix_brackets("[]a]"), "[\\]a]");
        assert_eq!(posix_brackets("[^[:digit:]&]x"), "[^[:digit:]\\&]x");
        assert_eq!(posix_brackets("ADD(8|16)rr\\.x"), "ADD(8|16)rr\\.x");
    }
}
