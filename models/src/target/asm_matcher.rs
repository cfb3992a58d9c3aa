//! What the assembly matcher knows of a target (LLVM's `AsmMatcherInfo` in
//! AsmMatcherEmitter.cpp): the classes operands are matched by (tokens, the register sets that
//! instructions and register classes make, register classes chosen by hardware mode, the
//! `AsmOperandClass` defs), and each matchable: an instruction or `InstAlias` of one assembly
//! parser variant, its assembly string split into tokens and operands, the class of each, and
//! the operands of the instruction it makes.
//!
//! Built by [`MatcherInfo::build`] for one assembly parser and instruction prefix
//! (`-asmparsernum`, `-match-prefix`); the emitter sorts the matchables and writes the tables.

use crate::records::{derived_definitions, Fatal, Fields};
use crate::set_theory::Member;
use crate::target::inst_alias::{tied_register, InstAlias, InstAliases, ResultOperand};
use crate::target::instructions::{flatten_asm_string_variants, Instruction, Instructions, Operand};
use crate::target::registers::RegBank;
use crate::target::subtarget_features::SubtargetFeatures;
use crate::target::Target;
use std::cmp::Ordering;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::Arc;
use tdq_core::init::InitKind;
use tdq_core::types::RecId;
use tdq_core::{ByRelease, Evaluation};

type Result<T> = std::result::Result<T, Fatal>;

/// How a release splits a two-operand alias constraint (`$src = $dst`) into names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ConstraintSplit {
    /// LLVM 19: each side from its first `$`, the source cut at its last blank (and, by a
    /// slip, cut again where the destination's last blank is).
    FromDollar,
    /// LLVM 22 on: each side trimmed of blanks, and must start with `$`.
    Trimmed,
}

/// What differs between releases in the matcher's model.
#[derive(Debug)]
struct Rules {
    /// `RegClassByHwMode` defs are operand classes of their own, and a register operand's
    /// class may be any `RegisterClassLike` (LLVM 22 on).
    reg_class_by_hw_mode: bool,
    constraint_split: ConstraintSplit,
}

const RULES_22: Rules = Rules { reg_class_by_hw_mode: true, constraint_split: ConstraintSplit::Trimmed };

const RULES: ByRelease<Rules> = ByRelease {
    v19: Rules { reg_class_by_hw_mode: false, constraint_split: ConstraintSplit::FromDollar },
    v22: RULES_22,
    v23: RULES_22,
};

/// What a class matches (`ClassInfo::Kind`), in the order classes sort by kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum ClassKind {
    /// A literal token.
    Token,
    /// The `n`-th set of registers.
    RegisterClass(u32),
    /// The `n`-th `RegClassByHwMode` def.
    RegClassByHwMode(u32),
    /// The `n`-th `AsmOperandClass` def, in name order.
    User(u32),
}

/// One operand class (`ClassInfo`).
#[derive(Clone, Debug)]
pub struct ClassInfo {
    pub kind: ClassKind,
    /// Indexes of its super-classes in [`MatcherInfo::classes`].
    pub super_classes: Vec<usize>,
    /// The enumerator (`MCK_...`).
    pub name: String,
    pub class_name: String,
    pub value_name: String,
    pub predicate_method: String,
    pub render_method: String,
    pub parser_method: String,
    /// For a register class: its registers (positions in the register bank), in record-id order.
    pub registers: Vec<usize>,
    pub diagnostic_type: String,
    pub diagnostic_string: String,
    pub is_optional: bool,
    pub default_method: String,
}

impl ClassInfo {
    fn new(kind: ClassKind) -> ClassInfo {
        ClassInfo {
            kind,
            super_classes: Vec::new(),
            name: String::new(),
            class_name: String::new(),
            value_name: String::new(),
            predicate_method: String::new(),
            render_method: String::new(),
            parser_method: String::new(),
            registers: Vec::new(),
            diagnostic_type: String::new(),
            diagnostic_string: String::new(),
            is_optional: false,
            default_method: String::new(),
        }
    }

    pub fn is_register_class(&self) -> bool {
        matches!(self.kind, ClassKind::RegisterClass(_))
    }

    pub fn is_reg_class_by_hw_mode(&self) -> bool {
        matches!(self.kind, ClassKind::RegClassByHwMode(_))
    }

    pub fn is_user_class(&self) -> bool {
        matches!(self.kind, ClassKind::User(_))
    }
}

/// One operand of a matchable's assembly string (`MatchableInfo::AsmOperand`).
#[derive(Clone, Debug)]
pub struct AsmOperand {
    pub token: String,
    /// Its class, in [`MatcherInfo::classes`].
    pub class: usize,
    /// The instruction operand it gives (after a tie, the operand it is tied to).
    pub src_op_name: String,
    /// The operand named in the assembly string.
    pub orig_src_op_name: String,
    /// The sub-operand it is, or -1 for the whole operand.
    pub sub_op_idx: i32,
    pub is_isolated_token: bool,
    /// The register the token names, if it names one.
    pub singleton_reg: Option<usize>,
}

/// How one operand of the result instruction is made (`MatchableInfo::ResOperand`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResOperand {
    /// From an assembly operand, `mi_num` machine operands.
    Render {
        asm_op: u32,
        mi_num: u32,
    },
    /// A copy of operand `res` (`u32::MAX`: none), with the two parsed operands to check equal.
    Tied {
        res: u32,
        src1: u32,
        src2: u32,
    },
    Imm(i64),
    /// A fixed register (a `Register` def, or none for `zero_reg`).
    Reg(Option<RecId>),
}

/// What a matchable is made from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// An instruction, by index into [`Instructions::all`].
    Instruction(usize),
    /// An `InstAlias`, by index into [`InstAliases::all`].
    Alias(usize),
}

/// One way to match an instruction (`MatchableInfo`).
#[derive(Clone, Debug)]
pub struct Matchable {
    pub asm_variant_id: i64,
    pub asm_string: String,
    pub def: RecId,
    pub res_inst_size: i64,
    pub source: Source,
    /// The instruction it makes.
    pub result_inst: RecId,
    pub res_operands: Vec<ResOperand>,
    pub mnemonic: String,
    pub asm_operands: Vec<AsmOperand>,
    /// Indexes into [`SubtargetFeatures::all`].
    pub required_features: Vec<usize>,
    pub conversion_fn_kind: String,
    pub has_deprecation: bool,
    pub use_inst_asm_match_converter: bool,
}

impl Matchable {
    /// A matchable of `def` (an instruction or alias) before `initialize`.
    fn new(
        def: RecId,
        asm_string: &str,
        source: Source,
        result_inst: RecId,
        res_inst_size: i64,
        use_inst_asm_match_converter: bool,
    ) -> Matchable {
        Matchable {
            asm_variant_id: 0,
            asm_string: asm_string.to_string(),
            def,
            res_inst_size,
            source,
            result_inst,
            res_operands: Vec::new(),
            mnemonic: String::new(),
            asm_operands: Vec::new(),
            required_features: Vec::new(),
            conversion_fn_kind: String::new(),
            has_deprecation: false,
            use_inst_asm_match_converter,
        }
    }

    /// `findAsmOperand`.
    pub fn find_asm_operand(&self, name: &str, sub_op_idx: i32) -> Option<usize> {
        self.asm_operands.iter().position(|op| op.src_op_name == name && op.sub_op_idx == sub_op_idx)
    }

    /// `findAsmOperandNamed(N, LastIdx)`: the first after `last`.
    pub fn find_asm_operand_named(&self, name: &str, last: i64) -> Option<usize> {
        let from = (last + 1).max(0) as usize;
        (from..self.asm_operands.len()).find(|&i| self.asm_operands[i].src_op_name == name)
    }

    fn find_asm_operand_originally_named(&self, name: &str) -> Option<usize> {
        self.asm_operands.iter().position(|op| op.orig_src_op_name == name)
    }
}

/// One operand class a matchable parses with a custom parser (`OperandMatchEntry`).
#[derive(Clone, Copy, Debug)]
pub struct OperandMatchEntry {
    pub operand_mask: u32,
    /// Index into [`MatcherInfo::matchables`].
    pub matchable: usize,
    pub class: usize,
}

/// One assembly parser variant (`AsmVariantInfo`).
#[derive(Clone, Debug)]
pub struct AsmVariant {
    pub def: RecId,
    pub comment_delimiter: &'static str,
    pub register_prefix: &'static str,
    pub tokenizing_characters: &'static str,
    pub separator_characters: &'static str,
    pub break_characters: &'static str,
    pub name: &'static str,
    pub number: i64,
}

/// `CodeGenTarget::getAsmParser`: the target's `number`-th assembly parser.
pub fn asm_parser(input: &Evaluation, target: &Target, number: usize) -> Result<RecId> {
    let parsers = Fields { input }.defs(target.def, "AssemblyParsers")?;
    parsers.get(number).copied().ok_or_else(|| Fatal::new(&[], format!("Target does not have an AsmParser #{number}!")))
}

/// `getAsmParserVariant` for each of `getAsmParserVariantCount`.
pub fn asm_parser_variants(input: &Evaluation, target: &Target) -> Result<Vec<AsmVariant>> {
    let f = Fields { input };
    let mut variants = Vec::new();
    for def in f.defs(target.def, "AssemblyParserVariants")? {
        variants.push(AsmVariant {
            def,
            comment_delimiter: f.string(def, "CommentDelimiter")?,
            register_prefix: f.string(def, "RegisterPrefix")?,
            tokenizing_characters: f.string(def, "TokenizingCharacters")?,
            separator_characters: f.string(def, "SeparatorCharacters")?,
            break_characters: f.string(def, "BreakCharacters")?,
            name: f.string(def, "Name")?,
            number: f.int(def, "Variant")?,
        });
    }
    Ok(variants)
}

/// A register's place in LLVM's `LessRecordByID` order: defs by id, then the registers tuples
/// synthesize, which LLVM makes records for after every parsed one.
pub type RegKey = (u8, u32);

/// The matcher's model of the target (`AsmMatcherInfo`).
pub struct MatcherInfo {
    /// Every class, in creation order; [`Self::order`] is the sorted order.
    pub classes: Vec<ClassInfo>,
    /// The classes sorted (`Classes.sort()`): the enum order.
    pub order: Vec<usize>,
    pub matchables: Vec<Matchable>,
    /// The class of each register that is in a set (`RegisterClasses`), by register position.
    pub register_classes: BTreeMap<usize, usize>,
    /// Each `AsmOperandClass` def's class.
    pub asm_operand_classes: BTreeMap<RecId, usize>,
    /// Each register class def's (and `RegClassByHwMode` def's) class.
    pub register_class_classes: BTreeMap<RecId, usize>,
    pub features: Arc<SubtargetFeatures>,
    pub bank: Arc<RegBank>,
    pub instructions: Arc<Instructions>,
    pub aliases: Arc<InstAliases>,
    pub asm_parser: RecId,
    pub variants: Vec<AsmVariant>,
    /// The `RegClassByHwMode` defs, in name order (LLVM 22 on; empty before).
    pub reg_classes_by_hw_mode: Vec<RecId>,
    token_classes: HashMap<String, usize>,
    /// Each class's `isSubsetOf` answers: every class its super-classes reach, sorted.
    supersets: Vec<Vec<usize>>,
    /// Each token and user class's root (the end of its first super-classes) and depth (how
    /// many steps to it), which `operator<` compares by.
    roots: Vec<(usize, usize)>,
}

struct Builder<'a> {
    input: &'a Evaluation,
    f: Fields<'a>,
    rules: &'static Rules,
    info: MatcherInfo,
}

fn locs(input: &Evaluation, rec: RecId) -> &[tdq_core::Loc] {
    &input.records.get(rec).locs
}

/// `getEnumNameForToken`: a token as part of a C++ identifier.
pub fn enum_name_for_token(s: &str) -> String {
    let mut res = String::new();
    for &c in s.as_bytes() {
        match c {
            b'*' => res.push_str("_STAR_"),
            b'%' => res.push_str("_PCT_"),
            b':' => res.push_str("_COLON_"),
            b'!' => res.push_str("_EXCLAIM_"),
            b'.' => res.push_str("_DOT_"),
            b'<' => res.push_str("_LT_"),
            b'>' => res.push_str("_GT_"),
            b'-' => res.push_str("_MINUS_"),
            b'#' => res.push_str("_HASH_"),
            c if c.is_ascii_alphanumeric() => res.push(c as char),
            // `(unsigned)C` of a signed `char`.
            c => res.push_str(&format!("_{}_", c as i8 as i32 as u32)),
        }
    }
    res
}

impl MatcherInfo {
    /// `AsmMatcherInfo::buildInfo` for the assembly parser `asm_parser` and the instructions
    /// whose names start with `match_prefix`.
    pub fn build(input: &Evaluation, asm_parser: RecId, match_prefix: &str) -> Result<MatcherInfo> {
        let target = Target::get(input)?;
        let f = Fields { input };
        let features = SubtargetFeatures::get(input)?;
        let has_mnemonic_first = f.bit(asm_parser, "HasMnemonicFirst")?;
        let report_multiple_near_misses = f.bit(asm_parser, "ReportMultipleNearMisses")?;
        let variants = asm_parser_variants(input, &target)?;
        let instructions = Instructions::get(input)?;
        let bank = RegBank::get(input)?;
        let info = MatcherInfo {
            classes: Vec::new(),
            order: Vec::new(),
            matchables: Vec::new(),
            register_classes: BTreeMap::new(),
            asm_operand_classes: BTreeMap::new(),
            register_class_classes: BTreeMap::new(),
            features,
            bank,
            instructions,
            aliases: Arc::new(InstAliases { all: Vec::new() }),
            asm_parser,
            variants,
            reg_classes_by_hw_mode: Vec::new(),
            token_classes: HashMap::new(),
            supersets: Vec::new(),
            roots: Vec::new(),
        };
        let mut b = Builder { input, f, rules: RULES.get(input.records.release), info };
        let mut singletons: BTreeSet<usize> = BTreeSet::new();
        let alias_defs = derived_definitions(input, "InstAlias")?;
        for variant in b.info.variants.clone() {
            let instructions = b.info.instructions.clone();
            for (index, inst) in instructions.by_enum.iter().map(|&i| (i, &instructions.all[i])) {
                if !inst.name.starts_with(match_prefix) || f.bit(inst.def, "isCodeGenOnly")? {
                    continue;
                }
                let v = f.string(inst.def, "AsmVariantName")?;
                if !v.is_empty() && v != variant.name {
                    continue;
                }
                let size = f.int(inst.def, "Size")?;
                let mut m = Matchable::new(inst.def, inst.asm_string, Source::Instruction(index), inst.def, size, true);
                b.initialize(&mut m, &mut singletons, &variant, has_mnemonic_first)?;
                if b.validate(&m, variant.comment_delimiter, false)? {
                    b.info.matchables.push(m);
                }
            }
            if !alias_defs.is_empty() && b.info.aliases.all.is_empty() {
                b.info.aliases = InstAliases::get(input)?;
            }
            let aliases = b.info.aliases.clone();
            for (index, (_, alias)) in aliases.all.iter().enumerate() {
                let alias = alias.as_ref().map_err(Clone::clone)?;
                if !f.name(alias.result_inst).starts_with(match_prefix) {
                    continue;
                }
                let v = f.string(alias.def, "AsmVariantName")?;
                if !v.is_empty() && v != variant.name {
                    continue;
                }
                let size = f.int(alias.result_inst, "Size")?;
                let converter = f.bit(alias.def, "UseInstAsmMatchConverter")?;
                let mut m = Matchable::new(
                    alias.def,
                    alias.asm_string,
                    Source::Alias(index),
                    alias.result_inst,
                    size,
                    converter,
                );
                b.initialize(&mut m, &mut singletons, &variant, has_mnemonic_first)?;
                b.validate(&m, variant.comment_delimiter, true)?;
                b.info.matchables.push(m);
            }
        }
        b.build_register_classes(&singletons)?;
        b.build_operand_classes()?;
        let mut new_matchables = Vec::new();
        let mut matchables = std::mem::take(&mut b.info.matchables);
        for m in &mut matchables {
            let mut idx = 0;
            while idx < m.asm_operands.len() {
                let op = &m.asm_operands[idx];
                if let Some(reg) = op.singleton_reg {
                    m.asm_operands[idx].class = b.info.register_classes[&reg];
                    idx += 1;
                    continue;
                }
                let token = op.token.clone();
                let bytes = token.as_bytes();
                if bytes.first() != Some(&b'$') || (bytes.len() > 1 && bytes[1].is_ascii_digit()) {
                    m.asm_operands[idx].class = b.token_class(&token);
                    idx += 1;
                    continue;
                }
                let operand_name = if bytes.get(1) == Some(&b'{') {
                    token.get(2..token.len().saturating_sub(1).max(2)).unwrap_or("").to_string()
                } else {
                    token[1..].to_string()
                };
                match m.source {
                    Source::Instruction(i) => {
                        let instructions = b.info.instructions.clone();
                        b.instruction_operand_reference(m, &instructions.all[i], &operand_name, idx)?
                    }
                    Source::Alias(i) => {
                        let aliases = b.info.aliases.clone();
                        let alias = aliases.all[i].1.as_ref().map_err(Clone::clone)?;
                        b.alias_operand_reference(m, alias, &operand_name, idx)?
                    }
                }
                idx += 1;
            }
            match m.source {
                Source::Instruction(i) => {
                    let instructions = b.info.instructions.clone();
                    b.instruction_result_operands(m, &instructions.all[i])?;
                    let constraint = f.string(m.def, "TwoOperandAliasConstraint")?;
                    if !constraint.is_empty() {
                        let mut alias = m.clone();
                        b.form_two_operand_alias(&mut alias, constraint)?;
                        new_matchables.push(alias);
                    }
                }
                Source::Alias(i) => {
                    let aliases = b.info.aliases.clone();
                    let alias = aliases.all[i].1.as_ref().map_err(Clone::clone)?;
                    b.alias_result_operands(m, alias, !report_multiple_near_misses)?;
                }
            }
        }
        matchables.extend(new_matchables);
        b.info.matchables = matchables;
        for &rec in derived_definitions(input, "TokenAlias")?.iter() {
            let from = b.token_class(f.string(rec, "FromToken")?);
            let to = b.token_class(f.string(rec, "ToToken")?);
            if from == to {
                return Err(Fatal::new(locs(input, rec), "error: Destination value identical to source value."));
            }
            b.info.classes[from].super_classes.push(to);
        }
        b.info.supersets = (0..b.info.classes.len()).map(|c| b.info.reachable_supers(c)).collect();
        b.info.roots = (0..b.info.classes.len()).map(|c| b.info.root_and_depth(c)).collect();
        // `std::forward_list::sort` of a list built front-first: stable, from the newest.
        let mut order: Vec<usize> = (0..b.info.classes.len()).rev().collect();
        let info = &b.info;
        order.sort_by(|&a, &c| info.class_cmp(a, c));
        b.info.order = order;
        Ok(b.info)
    }

    /// `hasOptionalOperands`.
    pub fn has_optional_operands(&self) -> bool {
        self.classes.iter().any(|c| c.is_optional)
    }

    /// The class at the end of `class`'s first super-classes, and how many steps away; none
    /// for a register class (their order does not ask, and they have no first-super chain
    /// worth walking).
    fn root_and_depth(&self, mut class: usize) -> (usize, usize) {
        if !matches!(self.classes[class].kind, ClassKind::Token | ClassKind::User(_)) {
            return (class, 0);
        }
        let mut depth = 0;
        while let Some(&first) = self.classes[class].super_classes.first() {
            depth += 1;
            class = first;
        }
        (class, depth)
    }

    /// The classes `class`'s super-classes reach (a walk of the super-class graph), sorted.
    fn reachable_supers(&self, class: usize) -> Vec<usize> {
        let mut worklist: Vec<usize> = self.classes[class].super_classes.clone();
        let mut visited: BTreeSet<usize> = worklist.iter().copied().collect();
        while let Some(c) = worklist.pop() {
            for &sup in &self.classes[c].super_classes {
                if visited.insert(sup) {
                    worklist.push(sup);
                }
            }
        }
        visited.into_iter().collect()
    }

    /// `ClassInfo::isSubsetOf`.
    pub fn is_subset_of(&self, a: usize, b: usize) -> bool {
        a == b || self.supersets[a].binary_search(&b).is_ok()
    }

    /// `ClassInfo::operator<` as an ordering (`Equal` where neither is less).
    pub fn class_cmp(&self, a: usize, b: usize) -> Ordering {
        if a == b {
            return Ordering::Equal;
        }
        let (x, y) = (&self.classes[a], &self.classes[b]);
        let category = |k: ClassKind| match k {
            ClassKind::Token => 0,
            ClassKind::RegisterClass(_) => 1,
            ClassKind::RegClassByHwMode(_) => 2,
            ClassKind::User(_) => 3,
        };
        let by_category = category(x.kind).cmp(&category(y.kind));
        if by_category != Ordering::Equal {
            return by_category;
        }
        match x.kind {
            ClassKind::Token | ClassKind::User(_) => {
                // Tokens are all related; user classes when they share a root.
                let ((root_a, depth_a), (root_b, depth_b)) = (self.roots[a], self.roots[b]);
                let related = x.kind == ClassKind::Token || root_a == root_b;
                if related {
                    let depth = depth_b.cmp(&depth_a);
                    if depth != Ordering::Equal {
                        return depth;
                    }
                } else {
                    return self.classes[root_a].value_name.cmp(&self.classes[root_b].value_name);
                }
            }
            ClassKind::RegisterClass(_) => {
                if x.registers.len() != y.registers.len() {
                    return x.registers.len().cmp(&y.registers.len());
                }
            }
            ClassKind::RegClassByHwMode(_) => return x.kind.cmp(&y.kind),
        }
        x.value_name.cmp(&y.value_name)
    }

    /// `ClassInfo::operator<`.
    pub fn class_less(&self, a: usize, b: usize) -> bool {
        self.class_cmp(a, b) == Ordering::Less
    }

    /// `buildOperandMatchInfo`: for each matchable (in its current order), each class of an
    /// operand with a custom parser and the operand positions it may be at.
    pub fn operand_match_info(&self, call_custom_parser_for_all_operands: bool) -> Vec<OperandMatchEntry> {
        let mut entries = Vec::new();
        for (mi, m) in self.matchables.iter().enumerate() {
            // A map ordered by the classes' `operator<`: classes neither less than the other
            // share one entry, the first one's.
            let mut masks: Vec<(usize, u32)> = Vec::new();
            let mut num_optional = 0u32;
            for (idx, op) in m.asm_operands.iter().enumerate() {
                let class = &self.classes[op.class];
                if call_custom_parser_for_all_operands || !class.parser_method.is_empty() {
                    let bits = if num_optional + 1 >= 32 { u32::MAX } else { (1u32 << (num_optional + 1)) - 1 };
                    let mask = bits.wrapping_shl(idx as u32 - num_optional);
                    match masks.binary_search_by(|&(c, _)| self.class_cmp(c, op.class)) {
                        Ok(at) => masks[at].1 |= mask,
                        Err(at) => masks.insert(at, (op.class, mask)),
                    }
                }
                if class.is_optional {
                    num_optional += 1;
                }
            }
            entries.extend(masks.into_iter().map(|(class, operand_mask)| OperandMatchEntry {
                operand_mask,
                matchable: mi,
                class,
            }));
        }
        entries
    }

    /// The register at a position's `LessRecordByID` key.
    pub fn reg_key(&self, reg: usize) -> RegKey {
        match self.bank.registers[reg].member {
            Member::Record(def) => (0, def.0),
            Member::Tuple(n) => (1, n),
        }
    }
}

/// For each register (by position), the positions in `sets` of the sets holding it, ascending.
fn holders_by_register(sets: &[Vec<RegKey>], by_key: &HashMap<RegKey, usize>, registers: usize) -> Vec<Vec<u32>> {
    let mut holders: Vec<Vec<u32>> = vec![Vec::new(); registers];
    for (i, set) in sets.iter().enumerate() {
        for k in set {
            holders[by_key[k]].push(i as u32);
        }
    }
    holders
}

/// Whether every element of the ascending `a` is in the ascending `b`.
fn is_sorted_subset(a: &[u32], b: &[u32]) -> bool {
    let mut rest = b.iter();
    a.iter().all(|x| rest.by_ref().find(|&y| y >= x) == Some(x))
}

/// The string value of a field, if it holds one (`dyn_cast<StringInit>(getValueInit(F))`).
fn string_init(f: &Fields, rec: RecId, field: &str) -> Result<Option<&'static str>> {
    Ok(f.init(rec, field)?.as_str())
}

impl Builder<'_> {
    fn fatal(&self, rec: RecId, message: impl Into<String>) -> Fatal {
        Fatal::new(locs(self.input, rec), message)
    }

    /// `MatchableInfo::initialize`.
    fn initialize(
        &mut self,
        m: &mut Matchable,
        singletons: &mut BTreeSet<usize>,
        variant: &AsmVariant,
        has_mnemonic_first: bool,
    ) -> Result<()> {
        let f = self.f;
        m.asm_variant_id = variant.number;
        m.asm_string = flatten_asm_string_variants(&m.asm_string, variant.number as u32);
        self.tokenize(m, variant)?;
        if m.asm_operands.is_empty() {
            return Err(self.fatal(m.def, format!("Instruction '{}' has no tokens", f.name(m.def))));
        }
        if has_mnemonic_first {
            m.mnemonic = m.asm_operands[0].token.clone();
            if m.mnemonic.starts_with('$') {
                return Err(self.fatal(m.def, format!("Invalid instruction mnemonic '{}'!", m.mnemonic)));
            }
            m.asm_operands.remove(0);
        } else if !m.asm_operands[0].token.starts_with('$') {
            m.mnemonic = m.asm_operands[0].token.clone();
        }
        for pred in f.defs(m.def, "Predicates")? {
            if let Some(i) = self.info.features.all.iter().position(|feature| feature.def == pred) {
                m.required_features.push(i);
            }
        }
        for op in &mut m.asm_operands {
            if !op.is_isolated_token {
                continue;
            }
            let reg = if variant.register_prefix.is_empty() {
                self.info.bank.by_asm_name(&op.token.to_ascii_lowercase())
            } else {
                match op.token.strip_prefix(variant.register_prefix) {
                    Some(name) => self.info.bank.by_asm_name(name),
                    None => None,
                }
            };
            if let Some(reg) = reg {
                op.singleton_reg = Some(reg);
                singletons.insert(reg);
            }
        }
        let dep = f.value(m.def, "DeprecatedFeatureMask").or_else(|| f.value(m.def, "ComplexDeprecationPredicate"));
        m.has_deprecation = dep.is_some_and(|v| !v.value.unquoted().is_empty());
        Ok(())
    }

    /// `tokenizeAsmString`.
    fn tokenize(&self, m: &mut Matchable, variant: &AsmVariant) -> Result<()> {
        let s = m.asm_string.clone();
        let bytes = s.as_bytes();
        let mut ops: Vec<AsmOperand> = Vec::new();
        let mut add = |token: &[u8], isolated: bool| {
            ops.push(AsmOperand {
                token: String::from_utf8_lossy(token).into_owned(),
                class: usize::MAX,
                src_op_name: String::new(),
                orig_src_op_name: String::new(),
                sub_op_idx: -1,
                is_isolated_token: isolated,
                singleton_reg: None,
            })
        };
        let mut prev = 0;
        let mut in_tok = false;
        let mut isolated = true;
        let mut i = 0;
        while i < bytes.len() {
            let c = bytes[i];
            if variant.break_characters.as_bytes().contains(&c) {
                if in_tok {
                    add(&bytes[prev..i], false);
                    prev = i;
                    isolated = false;
                }
                in_tok = true;
                i += 1;
                continue;
            }
            if variant.tokenizing_characters.as_bytes().contains(&c) {
                if in_tok {
                    add(&bytes[prev..i], isolated);
                    in_tok = false;
                    isolated = false;
                }
                add(&bytes[i..i + 1], isolated);
                prev = i + 1;
                isolated = true;
                i += 1;
                continue;
            }
            if variant.separator_characters.as_bytes().contains(&c) {
                if in_tok {
                    add(&bytes[prev..i], isolated);
                    in_tok = false;
                }
                prev = i + 1;
                isolated = true;
                i += 1;
                continue;
            }
            match c {
                b'\\' => {
                    if in_tok {
                        add(&bytes[prev..i], false);
                        in_tok = false;
                        isolated = false;
                    }
                    i += 1;
                    if i == bytes.len() {
                        return Err(self.fatal(m.def, "Invalid quoted character"));
                    }
                    add(&bytes[i..i + 1], isolated);
                    prev = i + 1;
                    isolated = false;
                }
                b'$' => {
                    if in_tok {
                        add(&bytes[prev..i], isolated);
                        in_tok = false;
                        isolated = false;
                    }
                    if i + 1 == bytes.len() || bytes[i + 1] != b'{' {
                        prev = i;
                    } else {
                        let Some(end) = bytes[i..].iter().position(|&b| b == b'}').map(|p| p + i) else {
                            return Err(self.fatal(m.def, "Missing brace in operand reference!"));
                        };
                        add(&bytes[i..end + 1], isolated);
                        prev = end + 1;
                        i = end;
                        isolated = false;
                    }
                }
                _ => in_tok = true,
            }
            i += 1;
        }
        if in_tok && prev != bytes.len() {
            add(&bytes[prev..], isolated);
        }
        m.asm_operands = ops;
        Ok(())
    }

    /// `MatchableInfo::validate`: whether to keep an instruction (an alias is always kept).
    fn validate(&self, m: &Matchable, comment_delimiter: &str, is_alias: bool) -> Result<bool> {
        if m.asm_string.is_empty() {
            return Err(self.fatal(m.def, "instruction with empty asm string"));
        }
        if m.asm_string.contains('\n') {
            return Err(
                self.fatal(m.def, "multiline instruction is not valid for the asmparser, mark it isCodeGenOnly")
            );
        }
        if !comment_delimiter.is_empty() && m.asm_string.contains(comment_delimiter) {
            return Err(
                self.fatal(m.def, "asmstring for instruction has comment character in it, mark it isCodeGenOnly")
            );
        }
        let mut names: BTreeSet<&str> = BTreeSet::new();
        for op in &m.asm_operands {
            let tok = op.token.as_str();
            if tok.starts_with('$') && tok.contains(':') {
                return Err(self.fatal(
                    m.def,
                    format!(
                        "matchable with operand modifier '{tok}' not supported by asm matcher.  Mark isCodeGenOnly!"
                    ),
                ));
            }
            if !is_alias
                && tok.starts_with('$')
                && self.f.string(m.def, "AsmMatchConverter")?.is_empty()
                && !names.insert(tok)
            {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// `getTokenClass`.
    fn token_class(&mut self, token: &str) -> usize {
        if let Some(&class) = self.info.token_classes.get(token) {
            return class;
        }
        let mut class = ClassInfo::new(ClassKind::Token);
        class.class_name = "Token".to_string();
        class.name = format!("MCK_{}", enum_name_for_token(token));
        class.value_name = token.to_string();
        class.predicate_method = "<invalid>".to_string();
        class.render_method = "<invalid>".to_string();
        class.default_method = "<invalid>".to_string();
        self.info.classes.push(class);
        let index = self.info.classes.len() - 1;
        self.info.token_classes.insert(token.to_string(), index);
        index
    }

    /// `getOperandClass(OperandInfo, SubOpIdx)`.
    fn operand_info_class(&self, op: &Operand, sub_op_idx: i32) -> Result<usize> {
        let mut rec = op.rec;
        if sub_op_idx != -1 {
            let arg = match op.mi_operand_info.map(|i| i.kind()) {
                Some(InitKind::Dag(_, _, args)) => args.get(sub_op_idx as usize).and_then(|a| a.0.as_def()),
                _ => None,
            };
            rec = arg.ok_or_else(|| self.fatal(op.rec, "sub-operand is not a def"))?;
        }
        self.operand_class(rec)
    }

    /// `getOperandClass(Record, SubOpIdx)`.
    fn operand_class(&self, rec: RecId) -> Result<usize> {
        let f = self.f;
        let name = f.name(rec);
        let no_info = || self.fatal(rec, "register class has no class info!");
        if f.is_a(rec, "RegisterOperand") {
            let value = f.value(rec, "ParserMatchClass");
            let Some(value) = value.filter(|v| !v.lost) else {
                return Err(self.fatal(rec, format!("Record `{name}' does not have a ParserMatchClass!\n")));
            };
            if let Some(class) = value.value.as_def().and_then(|d| self.info.asm_operand_classes.get(&d)) {
                return Ok(*class);
            }
            let class_rec = f.def(rec, "RegClass")?;
            if !self.rules.reg_class_by_hw_mode || f.is_a(class_rec, "RegisterClassLike") {
                return self.info.register_class_classes.get(&class_rec).copied().ok_or_else(no_info);
            }
        }
        if f.is_a(rec, "RegisterClass") {
            return self.info.register_class_classes.get(&rec).copied().ok_or_else(no_info);
        }
        if f.is_a(rec, "Operand") {
            let match_class = f.def(rec, "ParserMatchClass")?;
            if let Some(&class) = self.info.asm_operand_classes.get(&match_class) {
                return Ok(class);
            }
        } else if self.rules.reg_class_by_hw_mode && f.is_a(rec, "RegisterClassLike") {
            return self.info.register_class_classes.get(&rec).copied().ok_or_else(no_info);
        } else {
            return Err(self.fatal(rec, format!("Operand `{name}' does not derive from class Operand!\n")));
        }
        Err(self.fatal(rec, "operand has no match class!"))
    }

    /// `buildRegisterClasses`.
    fn build_register_classes(&mut self, singletons: &BTreeSet<usize>) -> Result<()> {
        let info = &self.info;
        let bank = info.bank.clone();
        let set_of = |regs: &[usize]| -> Vec<RegKey> {
            let mut set: Vec<RegKey> = regs.iter().map(|&r| info.reg_key(r)).collect();
            set.sort_unstable();
            set.dedup();
            set
        };
        let mut by_key: HashMap<RegKey, usize> = HashMap::new();
        for reg in 0..bank.registers.len() {
            by_key.insert(info.reg_key(reg), reg);
        }
        let mut sets: BTreeSet<Vec<RegKey>> = BTreeSet::new();
        for class in &bank.classes {
            sets.insert(set_of(class.orders.first().map_or(&[][..], |o| &o[..])));
        }
        for &reg in singletons {
            sets.insert(vec![info.reg_key(reg)]);
        }
        // The intersection of the sets holding a register. It depends only on which of these
        // sets hold the register (one added for another register holds this one only when every
        // set holding that register does, so it never narrows the intersection): computed once
        // per distinct list of holders, as the members of the smallest holder that every holder
        // holds. (AMDGPU has thousands of registers in hundreds of sets.)
        let original: Vec<Vec<RegKey>> = sets.iter().cloned().collect();
        let holders = holders_by_register(&original, &by_key, bank.registers.len());
        let mut intersections: HashMap<&[u32], Vec<RegKey>> = HashMap::new();
        let mut register_map: Vec<(usize, Vec<RegKey>)> = Vec::new();
        for (reg, held_by) in holders.iter().enumerate() {
            let Some(&smallest) = held_by.iter().min_by_key(|&&i| original[i as usize].len()) else { continue };
            let c = intersections.entry(held_by).or_insert_with(|| {
                let members = original[smallest as usize].iter();
                members.filter(|k| is_sorted_subset(held_by, &holders[by_key[*k]])).copied().collect()
            });
            sets.insert(c.clone());
            register_map.push((reg, c.clone()));
        }
        let mut set_classes: BTreeMap<Vec<RegKey>, usize> = BTreeMap::new();
        for (index, set) in sets.iter().enumerate() {
            let mut class = ClassInfo::new(ClassKind::RegisterClass(index as u32));
            class.class_name = format!("Reg{index}");
            class.name = format!("MCK_Reg{index}");
            class.render_method = "addRegOperands".to_string();
            class.registers = set.iter().map(|k| by_key[k]).collect();
            self.info.classes.push(class);
            set_classes.insert(set.clone(), self.info.classes.len() - 1);
        }
        // A set's super-classes are the larger sets holding all its registers, among those
        // holding the one register that the fewest sets hold.
        let all: Vec<Vec<RegKey>> = sets.iter().cloned().collect();
        let holders = holders_by_register(&all, &by_key, bank.registers.len());
        let every: Vec<u32> = (0..all.len() as u32).collect();
        for (i, set) in all.iter().enumerate() {
            let candidates = match set.iter().map(|k| &holders[by_key[k]]).min_by_key(|h| h.len()) {
                Some(h) => h,
                None => &every,
            };
            let class = set_classes[set];
            for &j in candidates {
                let set2 = &all[j as usize];
                if j as usize != i && set.len() < set2.len() && set.iter().all(|k| set2.binary_search(k).is_ok()) {
                    self.info.classes[class].super_classes.push(set_classes[set2]);
                }
            }
        }
        let f = self.f;
        for rc in &bank.classes {
            let Some(def) = rc.def else { continue };
            let info = &self.info;
            let set = {
                let mut set: Vec<RegKey> =
                    rc.orders.first().map_or(&[][..], |o| &o[..]).iter().map(|&r| info.reg_key(r)).collect();
                set.sort_unstable();
                set.dedup();
                set
            };
            let ci = set_classes[&set];
            let class = &mut self.info.classes[ci];
            if class.value_name.is_empty() {
                class.class_name = rc.name.clone();
                class.name = format!("MCK_{}", rc.name);
                class.value_name = rc.name.clone();
            } else {
                class.value_name = format!("{},{}", class.value_name, rc.name);
            }
            if let Some(s) = string_init(&f, def, "DiagnosticType")? {
                class.diagnostic_type = s.to_string();
            }
            if let Some(s) = string_init(&f, def, "DiagnosticString")? {
                class.diagnostic_string = s.to_string();
            }
            if !class.diagnostic_string.is_empty() && class.diagnostic_type.is_empty() {
                class.diagnostic_type = rc.name.clone();
            }
            self.info.register_class_classes.entry(def).or_insert(ci);
        }
        if self.rules.reg_class_by_hw_mode {
            let defs = derived_definitions(self.input, "RegClassByHwMode")?;
            for (index, &def) in defs.iter().enumerate() {
                let name = f.name(def);
                let mut class = ClassInfo::new(ClassKind::RegClassByHwMode(index as u32));
                class.class_name = format!("RegByHwMode_{name}");
                class.name = format!("MCK_{}", class.class_name);
                class.value_name = name.to_string();
                class.render_method = "addRegOperands".to_string();
                self.info.classes.push(class);
                let ci = self.info.classes.len() - 1;
                self.info.register_class_classes.entry(def).or_insert(ci);
            }
            self.info.reg_classes_by_hw_mode = defs.to_vec();
        }
        for (reg, set) in register_map {
            self.info.register_classes.insert(reg, set_classes[&set]);
        }
        for &reg in singletons {
            let ci = self.info.register_classes[&reg];
            let name = bank.registers[reg].name.clone();
            let class = &mut self.info.classes[ci];
            if class.value_name.is_empty() {
                class.class_name = name.clone();
                class.name = format!("MCK_{name}");
                class.value_name = name;
            } else {
                class.value_name = format!("{},{}", class.value_name, name);
            }
        }
        Ok(())
    }

    /// `buildOperandClasses`.
    fn build_operand_classes(&mut self) -> Result<()> {
        let f = self.f;
        let defs = derived_definitions(self.input, "AsmOperandClass")?;
        let first = self.info.classes.len();
        for (index, &rec) in defs.iter().enumerate() {
            self.info.classes.push(ClassInfo::new(ClassKind::User(index as u32)));
            self.info.asm_operand_classes.insert(rec, first + index);
        }
        for (index, &rec) in defs.iter().enumerate() {
            let ci = first + index;
            let (supers, _) =
                f.init(rec, "SuperClasses")?.as_list().ok_or_else(|| f.wrong_kind(rec, "SuperClasses", "list"))?;
            for sup in supers {
                match sup.as_def().and_then(|d| self.info.asm_operand_classes.get(&d)) {
                    Some(&sc) => self.info.classes[ci].super_classes.push(sc),
                    None => return Err(self.fatal(rec, "Invalid super class reference!")),
                }
            }
            let class_name = f.string(rec, "Name")?.to_string();
            let mut class = std::mem::replace(&mut self.info.classes[ci], ClassInfo::new(ClassKind::Token));
            class.name = format!("MCK_{class_name}");
            class.value_name = f.name(rec).to_string();
            class.predicate_method =
                string_init(&f, rec, "PredicateMethod")?.map_or_else(|| format!("is{class_name}"), str::to_string);
            class.render_method = string_init(&f, rec, "RenderMethod")?
                .map_or_else(|| format!("add{class_name}Operands"), str::to_string);
            if let Some(s) = string_init(&f, rec, "ParserMethod")? {
                class.parser_method = s.to_string();
            }
            if let Some(s) = string_init(&f, rec, "DiagnosticType")? {
                class.diagnostic_type = s.to_string();
            }
            if let Some(s) = string_init(&f, rec, "DiagnosticString")? {
                class.diagnostic_string = s.to_string();
            }
            if !class.diagnostic_string.is_empty() && class.diagnostic_type.is_empty() {
                class.diagnostic_type = class_name.clone();
            }
            if let InitKind::Bit(b) = f.init(rec, "IsOptional")?.kind() {
                class.is_optional = *b;
            }
            class.default_method = string_init(&f, rec, "DefaultMethod")?
                .map_or_else(|| format!("default{class_name}Operands"), str::to_string);
            class.class_name = class_name;
            self.info.classes[ci] = class;
        }
        Ok(())
    }

    /// `buildInstructionOperandReference`.
    fn instruction_operand_reference(
        &mut self,
        m: &mut Matchable,
        inst: &Instruction,
        operand_name: &str,
        asm_op_idx: usize,
    ) -> Result<()> {
        let f = self.f;
        let operands = &inst.operands;
        let Some(idx) = operands.find_operand_named(operand_name) else {
            return Err(self.fatal(m.def, format!("error: unable to find operand: '{operand_name}'")));
        };
        let operand = &operands.operands[idx];
        if m.asm_operands[asm_op_idx].sub_op_idx == -1 && operand.mi_num_operands > 1 {
            let match_class = f.def(operand.rec, "ParserMatchClass")?;
            if f.string(match_class, "Name")? == "Imm" {
                let token = m.asm_operands[asm_op_idx].token.clone();
                for si in 1..operand.mi_num_operands {
                    let new_op = AsmOperand {
                        token: token.clone(),
                        class: usize::MAX,
                        src_op_name: String::new(),
                        orig_src_op_name: String::new(),
                        sub_op_idx: si as i32,
                        is_isolated_token: true,
                        singleton_reg: None,
                    };
                    m.asm_operands.insert(asm_op_idx + si as usize, new_op);
                }
                m.asm_operands[asm_op_idx].sub_op_idx = 0;
            }
        }
        let class = self.operand_info_class(operand, m.asm_operands[asm_op_idx].sub_op_idx)?;
        let op = &mut m.asm_operands[asm_op_idx];
        op.class = class;
        op.orig_src_op_name = operand_name.to_string();
        let mut name = operand_name.to_string();
        let tied = if operand.mi_num_operands == 1 { tied_register(operand) } else { None };
        if let Some(tied) = tied {
            let Some((op_idx, sub)) = operands.sub_operand_number(tied) else {
                return Err(self.fatal(m.def, format!("tied operand {tied} out of range")));
            };
            name = operands.operands[op_idx].name.to_string();
            op.sub_op_idx = sub as i32;
        }
        op.src_op_name = name;
        Ok(())
    }

    /// `buildAliasOperandReference`.
    fn alias_operand_reference(
        &mut self,
        m: &mut Matchable,
        alias: &InstAlias,
        operand_name: &str,
        asm_op_idx: usize,
    ) -> Result<()> {
        for (result, &(_, sub)) in alias.result_operands.iter().zip(&alias.result_inst_operand_index) {
            if let ResultOperand::Record { name, rec } = result {
                if name == operand_name {
                    let sub_op_idx = sub.map_or(-1, |s| s as i32);
                    let class = self.operand_class(*rec)?;
                    let op = &mut m.asm_operands[asm_op_idx];
                    op.sub_op_idx = sub_op_idx;
                    op.class = class;
                    op.src_op_name = operand_name.to_string();
                    op.orig_src_op_name = operand_name.to_string();
                    return Ok(());
                }
            }
        }
        Err(self.fatal(m.def, format!("error: unable to find operand: '{operand_name}'")))
    }

    /// `buildInstructionResultOperands`.
    fn instruction_result_operands(&self, m: &mut Matchable, inst: &Instruction) -> Result<()> {
        for op in &inst.operands.operands {
            let tied = if op.mi_num_operands == 1 { tied_register(op) } else { None };
            if let Some(tied) = tied {
                let src = m.find_asm_operand_originally_named(op.name);
                let target = m.res_operands.get(tied as usize).copied();
                m.res_operands.push(match (src, target) {
                    (Some(src), Some(ResOperand::Render { asm_op, .. })) => {
                        ResOperand::Tied { res: tied, src1: asm_op, src2: src as u32 }
                    }
                    _ => ResOperand::Tied { res: tied, src1: 0, src2: 0 },
                });
                continue;
            }
            let src = m.find_asm_operand_named(op.name, -1);
            let Some(src) = src.filter(|_| !op.name.is_empty()) else {
                m.res_operands.push(ResOperand::Imm(0));
                continue;
            };
            if m.asm_operands[src].sub_op_idx == -1 {
                m.res_operands.push(ResOperand::Render { asm_op: src as u32, mi_num: op.mi_num_operands });
                continue;
            }
            for ai in 0..op.mi_num_operands {
                m.res_operands.push(ResOperand::Render { asm_op: src as u32 + ai, mi_num: 1 });
            }
        }
        Ok(())
    }

    /// `buildAliasResultOperands`.
    fn alias_result_operands(&self, m: &mut Matchable, alias: &InstAlias, constraints_checked: bool) -> Result<()> {
        let f = self.f;
        let inst = self.info.instructions.get_def(alias.result_inst).ok_or_else(|| self.fatal(m.def, "no result"))?;
        let mut refs: Vec<(String, i64)> = Vec::new();
        let mut alias_op_no = 0usize;
        let last_op_no = alias.result_inst_operand_index.len();
        for (idx, op) in inst.operands.operands.iter().enumerate() {
            let tied = if op.mi_num_operands == 1 { tied_register(op) } else { None };
            if let Some(tied) = tied {
                let mut src1 = 0u32;
                let mut src2 = 0u32;
                let target = m.res_operands.get(tied as usize).copied();
                if let Some(ResOperand::Render { asm_op, .. }) = target {
                    src1 = asm_op;
                    let name = m.asm_operands[src1 as usize].src_op_name.clone();
                    let at = match refs.iter().position(|(n, _)| *n == name) {
                        Some(at) => at,
                        None => {
                            refs.push((name.clone(), i64::from(src1)));
                            refs.len() - 1
                        }
                    };
                    let found = m.find_asm_operand_named(&name, refs[at].1).map_or(-1, |i| i as i64);
                    if constraints_checked {
                        refs[at].1 = found;
                    }
                    src2 = if found == -1 { src1 } else { found as u32 };
                }
                let tied_rec = inst.operands.operands.get(tied as usize).map(|o| o.rec);
                if tied_rec.map(|r| f.name(r)) != Some(f.name(op.rec)) {
                    src1 = match target {
                        Some(ResOperand::Render { asm_op, .. }) => asm_op,
                        Some(ResOperand::Tied { res, .. }) => res,
                        Some(ResOperand::Imm(v)) => v as u32,
                        _ => 0,
                    };
                    let sub =
                        alias.result_inst_operand_index.get(alias_op_no).and_then(|x| x.1).map_or(-1, |s| s as i32);
                    let name = match alias.result_operands.get(alias_op_no) {
                        Some(ResultOperand::Record { name, .. }) => name.as_str(),
                        _ => "",
                    };
                    src2 = m.find_asm_operand(name, sub).map_or(u32::MAX, |i| i as u32);
                    m.res_operands.push(ResOperand::Tied { res: u32::MAX, src1, src2 });
                } else {
                    m.res_operands.push(ResOperand::Tied { res: tied, src1, src2 });
                    continue;
                }
            }
            while alias_op_no < last_op_no && alias.result_inst_operand_index[alias_op_no].0 as usize == idx {
                let sub = alias.result_inst_operand_index[alias_op_no].1.map_or(-1, |s| s as i32);
                match &alias.result_operands[alias_op_no] {
                    ResultOperand::Record { name, .. } => {
                        let Some(src) = m.find_asm_operand(name, sub) else {
                            return Err(self.fatal(
                                m.def,
                                format!(
                                    "Instruction '{}' has operand '{}' that doesn't appear in asm string!",
                                    f.name(m.def),
                                    op.name
                                ),
                            ));
                        };
                        if !refs.iter().any(|(n, _)| n == name) {
                            refs.push((name.clone(), src as i64));
                        }
                        let num = if sub == -1 { op.mi_num_operands } else { 1 };
                        m.res_operands.push(ResOperand::Render { asm_op: src as u32, mi_num: num });
                    }
                    ResultOperand::Imm(v) => m.res_operands.push(ResOperand::Imm(*v)),
                    ResultOperand::Reg(r) => m.res_operands.push(ResOperand::Reg(*r)),
                }
                alias_op_no += 1;
            }
        }
        for (name, at) in &refs {
            if *at != -1 && m.find_asm_operand_named(name, *at).is_some() {
                return Err(self.fatal(m.def, format!("Operand '{name}' can never be matched")));
            }
        }
        Ok(())
    }

    /// `parseTwoOperandConstraint`.
    fn parse_two_operand_constraint(&self, s: &str, def: RecId) -> Result<(String, String)> {
        let (src, dst) = s.split_once('=').unwrap_or((s, ""));
        if dst.is_empty() {
            return Err(self.fatal(def, "missing '=' in two-operand alias constraint"));
        }
        let no_dollar = || self.fatal(def, "expected '$' prefix on asm operand name");
        match self.rules.constraint_split {
            ConstraintSplit::Trimmed => {
                let trim = |side: &str| -> Result<String> {
                    let side = side.trim_matches(|c| c == ' ' || c == '\t');
                    side.strip_prefix('$').map(str::to_string).ok_or_else(no_dollar)
                };
                Ok((trim(src)?, trim(dst)?))
            }
            ConstraintSplit::FromDollar => {
                let cut = |side: &str, end: Option<usize>| -> String {
                    match end {
                        Some(e) => side[..e.min(side.len())].to_string(),
                        None => side.to_string(),
                    }
                };
                let start = src.find('$').ok_or_else(no_dollar)?;
                let first = &src[start + 1..];
                let first = cut(first, first.rfind([' ', '\t']));
                let start = dst.find('$').ok_or_else(no_dollar)?;
                let second = &dst[start + 1..];
                let first = cut(&first, second.rfind([' ', '\t']));
                Ok((first, second.to_string()))
            }
        }
    }

    /// `formTwoOperandAlias`.
    fn form_two_operand_alias(&self, m: &mut Matchable, constraint: &str) -> Result<()> {
        let (src, dst) = self.parse_two_operand_constraint(constraint, m.def)?;
        let Some(src_op) = m.find_asm_operand_named(&src, -1) else {
            return Err(self.fatal(m.def, format!("unknown source two-operand alias operand '{src}'.")));
        };
        let Some(dst_op) = m.find_asm_operand_named(&dst, -1) else {
            return Err(self.fatal(m.def, format!("unknown destination two-operand alias operand '{dst}'.")));
        };
        for op in &mut m.res_operands {
            if let ResOperand::Render { asm_op, .. } = op {
                if *asm_op == src_op as u32 {
                    *asm_op = dst_op as u32;
                    break;
                }
            }
        }
        m.asm_operands.remove(src_op);
        for op in &mut m.res_operands {
            if let ResOperand::Render { asm_op, .. } = op {
                if *asm_op > src_op as u32 {
                    *asm_op -= 1;
                }
            }
        }
        Ok(())
    }
}
