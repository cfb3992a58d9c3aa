//! A `GICombineRule` parsed and checked (the parsing half of LLVM's `CombineRuleBuilder`):
//! its defs, match and apply patterns, operand tables, roots, inferred types and the
//! permutations of its pattern fragments' alternatives; and its `-gicombiner-stop-after-parse`
//! dump.

use super::parser::Parser;
use super::patterns::*;
use crate::Fatal;
use tdq_core::init::{Init, InitKind};
use tdq_core::types::RecId;
use tdq_core::{ByRelease, Diagnostics, Loc};

/// How a release's rules are written and checked.
#[derive(Debug)]
pub struct RuleForm {
    /// Where the patterns are.
    pub actions: Actions,
    /// What the match patterns may not use after type inference.
    pub match_types: MatchTypes,
    /// The debug dump lists type equivalence classes by name (LLVM 19's `std::set`), not in
    /// order of creation.
    pub classes_by_name: bool,
}

/// Where a rule's patterns are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Actions {
    /// `Match` and `Apply` (LLVM 19).
    MatchApply,
    /// `Action0` and `Action1`: `(match ...)` and `(apply ...)`, or one `(combine ...)`.
    ActionPair,
}

/// The special types a match pattern may not have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatchTypes {
    /// No `GISpecialType` (LLVM 19).
    NoSpecialType,
    /// No `GITypeOf` (variadic packs are checked later).
    NoTypeOf,
}

pub const RULE_FORM: ByRelease<RuleForm> = ByRelease {
    v19: RuleForm { actions: Actions::MatchApply, match_types: MatchTypes::NoSpecialType, classes_by_name: true },
    v22: RuleForm { actions: Actions::ActionPair, match_types: MatchTypes::NoTypeOf, classes_by_name: false },
    v23: RuleForm { actions: Actions::ActionPair, match_types: MatchTypes::NoTypeOf, classes_by_name: false },
};

/// A `GIDefMatchData` of the rule's defs.
#[derive(Clone, Debug)]
pub struct MatchData {
    pub symbol: String,
    pub ty: &'static str,
}

/// One choice of alternative for each pattern-fragment match pattern: (match pattern, alt).
pub type Permutation = Vec<(usize, usize)>;

/// A combine rule, parsed.
#[derive(Debug)]
pub struct CombineRule {
    pub def: RecId,
    pub id: u32,
    pub name: &'static str,
    pub locs: Vec<Loc>,
    pub root_name: String,
    pub match_pats: Vec<Pattern>,
    pub apply_pats: Vec<Pattern>,
    pub match_table: OperandTable,
    pub apply_table: OperandTable,
    /// The match root: an index into `match_pats`.
    pub match_root: usize,
    /// Indexes into `apply_pats`.
    pub apply_roots: Vec<usize>,
    pub match_datas: Vec<MatchData>,
    pub permutations: Vec<Permutation>,
    /// The fragments the rule uses, in order.
    pub seen_frags: Vec<usize>,
}

/// Options of the rule parse.
#[derive(Clone, Copy, Debug, Default)]
pub struct RuleOptions {
    /// `-gicombiner-debug-typeinfer`: log type inference to standard error.
    pub debug_type_infer: bool,
}

struct Builder<'p, 'a> {
    parser: &'p mut Parser<'a>,
    form: &'static RuleForm,
    options: RuleOptions,
    def: RecId,
    name: &'static str,
    locs: Vec<Loc>,
    root_name: String,
    match_pats: Vec<Pattern>,
    apply_pats: Vec<Pattern>,
    match_table: OperandTable,
    apply_table: OperandTable,
    match_root: Option<usize>,
    apply_roots: Vec<usize>,
    match_datas: Vec<MatchData>,
    permutations: Vec<Permutation>,
}

impl CombineRule {
    /// `CombineRuleBuilder::parseAll`: the rule, or none after its errors.
    pub fn parse(
        parser: &mut Parser,
        def: RecId,
        id: u32,
        options: RuleOptions,
        diags: &mut Diagnostics,
    ) -> Result<Option<CombineRule>, Fatal> {
        let locs = parser.input.records.get(def).locs.to_vec();
        parser.diag_locs = locs.clone();
        parser.seen_frags.clear();
        let mut b = Builder {
            form: RULE_FORM.get(parser.input.records.release),
            name: parser.f.name(def),
            parser,
            options,
            def,
            locs,
            root_name: String::new(),
            match_pats: Vec::new(),
            apply_pats: Vec::new(),
            match_table: OperandTable::default(),
            apply_table: OperandTable::default(),
            match_root: None,
            apply_roots: Vec::new(),
            match_datas: Vec::new(),
            permutations: Vec::new(),
        };
        if !b.parse_all(diags)? {
            return Ok(None);
        }
        Ok(Some(CombineRule {
            def,
            id,
            name: b.name,
            locs: b.locs,
            root_name: b.root_name,
            match_pats: b.match_pats,
            apply_pats: b.apply_pats,
            match_table: b.match_table,
            apply_table: b.apply_table,
            match_root: b.match_root.expect("found"),
            apply_roots: b.apply_roots,
            match_datas: b.match_datas,
            permutations: b.permutations,
            seen_frags: b.parser.seen_frags.clone(),
        }))
    }

    /// `CombineRuleBuilder::print`: the `-gicombiner-stop-after-parse` dump.
    pub fn print(&self, frags: &PatFrags, out: &mut String) {
        out.push_str(&format!("(CombineRule name:{} id:{} root:{}\n", self.name, self.id, self.root_name));
        if !self.match_datas.is_empty() {
            out.push_str("  (MatchDatas\n");
            for md in &self.match_datas {
                out.push_str(&format!("    (MatchDataDef symbol:{} type:{})\n", md.symbol, md.ty));
            }
            out.push_str("  )\n");
        }
        if !self.seen_frags.is_empty() {
            out.push_str("  (PatFrags\n");
            for &pf in &self.seen_frags {
                frags.get(pf).print(frags, "    ", out);
                out.push('\n');
            }
            out.push_str("  )\n");
        }
        for (title, pats, is_match) in [("MatchPats", &self.match_pats, true), ("ApplyPats", &self.apply_pats, false)] {
            out.push_str(&format!("  ({title} "));
            if pats.is_empty() {
                out.push_str("<empty>)\n");
                continue;
            }
            out.push('\n');
            for (i, pat) in pats.iter().enumerate() {
                out.push_str("    ");
                if is_match && i == self.match_root {
                    out.push_str("<match_root>");
                }
                if !is_match && self.apply_roots.contains(&i) {
                    out.push_str("<apply_root>");
                }
                out.push_str(&pat.name);
                out.push(':');
                pat.print(frags, out, false);
                out.push('\n');
            }
            out.push_str("  )\n");
        }
        self.match_table.print(&self.match_pats, "MatchPats", "  ", out);
        self.apply_table.print(&self.apply_pats, "ApplyPats", "  ", out);
        if self.permutations.len() > 1 {
            out.push_str("  (PermutationsToEmit\n");
            for perm in &self.permutations {
                out.push_str("    ");
                out.push_str(&self.describe_permutation(perm));
                out.push_str(",\n");
            }
            out.push_str("  )\n");
        }
        out.push_str(")\n");
    }

    /// `print(OS, Alts)`: `[pattern[alt], ...]`, sorted.
    pub fn describe_permutation(&self, perm: &Permutation) -> String {
        let mut strings: Vec<String> =
            perm.iter().map(|&(p, alt)| format!("{}[{alt}]", self.match_pats[p].name)).collect();
        strings.sort();
        format!("[{}]", strings.join(", "))
    }

    /// `hasOnlyCXXApplyPatterns`.
    pub fn has_only_cxx_apply(&self) -> bool {
        self.apply_pats.iter().all(Pattern::is_cxx)
    }
}

fn only_cxx(pats: &[Pattern]) -> bool {
    pats.iter().all(Pattern::is_cxx)
}

fn has_erase_root(pats: &[Pattern]) -> bool {
    pats.iter().any(|p| matches!(p.inst().map(|ip| &ip.kind), Some(InstKind::Builtin(Builtin::EraseRoot))))
}

impl Builder<'_, '_> {
    fn error(&self, diags: &mut Diagnostics, msg: impl Into<String>) {
        diags.error_at(&self.locs, msg);
    }

    fn parse_all(&mut self, diags: &mut Diagnostics) -> Result<bool, Fatal> {
        let f = self.parser.f;
        if !self.parse_defs(f.init(self.def, "Defs")?, diags)? {
            return Ok(false);
        }
        let lists: Vec<(Init, &str, bool)> = match self.form.actions {
            Actions::MatchApply => {
                vec![(f.init(self.def, "Match")?, "match", true), (f.init(self.def, "Apply")?, "apply", false)]
            }
            Actions::ActionPair => {
                let act0 = f.init(self.def, "Action0")?;
                let act1 = f.init(self.def, "Action1")?;
                let operator = |a: Init| -> Result<&'static str, Fatal> {
                    match a.kind() {
                        InitKind::Dag(op, _, _) => op
                            .as_def()
                            .map(|d| f.name(d))
                            .ok_or_else(|| Fatal::new(&self.locs, "Expected record as operator")),
                        _ => Err(Fatal::new(&self.locs, "Expected a dag")),
                    }
                };
                match (operator(act0)?, operator(act1)?) {
                    ("match", "apply") => vec![(act0, "match", true), (act1, "apply", false)],
                    ("combine", "empty_action") => {
                        if !self.parse_list(act0, "combine", None, diags)? {
                            return Ok(false);
                        }
                        if self.match_pats.is_empty() || self.apply_pats.is_empty() {
                            self.error(
                                diags,
                                "'combine' action needs at least one pattern to match, and C++ code to apply",
                            );
                            return Ok(false);
                        }
                        Vec::new()
                    }
                    _ => {
                        self.error(
                            diags,
                            "expected both a 'match' and 'apply' action in combine rule, or a single 'combine' action",
                        );
                        return Ok(false);
                    }
                }
            }
        };
        for (list, operator, is_match) in lists {
            if !self.parse_list(list, operator, Some(is_match), diags)? {
                return Ok(false);
            }
        }
        Ok(self.build_operand_tables(diags)
            && self.typecheck(diags)?
            && self.find_roots(diags)
            && self.check_semantics(diags)
            && self.build_permutations(diags)?)
    }

    /// Parses a pattern list into the match patterns (`Some(true)`), the apply patterns
    /// (`Some(false)`), or, for `combine`, C++ into apply and the rest into match.
    fn parse_list(
        &mut self,
        list: Init,
        operator: &str,
        is_match: Option<bool>,
        diags: &mut Diagnostics,
    ) -> Result<bool, Fatal> {
        let prefix = format!("{}_{operator}", self.name);
        let locs = self.locs.clone();
        let mut match_pats = std::mem::take(&mut self.match_pats);
        let mut apply_pats = std::mem::take(&mut self.apply_pats);
        let result = {
            let parser = &mut *self.parser;
            let mut action = |pat: Pattern, diags: &mut Diagnostics| -> bool {
                let to_match = is_match.unwrap_or(!pat.is_cxx());
                if to_match {
                    add_match_pattern(&mut match_pats, pat, &locs, diags)
                } else {
                    add_apply_pattern(&mut apply_pats, pat, &locs, diags)
                }
            };
            parser.parse_pattern_list(list, operator, &prefix, diags, &mut action)
        };
        self.match_pats = match_pats;
        self.apply_pats = apply_pats;
        result
    }

    fn parse_defs(&mut self, defs: Init, diags: &mut Diagnostics) -> Result<bool, Fatal> {
        let f = self.parser.f;
        let InitKind::Dag(op, _, args) = defs.kind() else {
            return Err(f.wrong_kind(self.def, "Defs", "dag"));
        };
        let op = op.as_def().ok_or_else(|| Fatal::new(&self.locs, "Expected record as operator"))?;
        if f.name(op) != "defs" {
            self.error(diags, "Expected defs operator");
            return Ok(false);
        }
        let mut roots = Vec::new();
        for &(arg, name) in args.iter() {
            let name = name.unwrap_or("");
            let def = arg.as_def();
            if def.is_some_and(|d| f.name(d) == "root") {
                roots.push(name);
                continue;
            }
            if let Some(md) = def.filter(|&d| f.is_a(d, "GIDefMatchData")) {
                self.match_datas.push(MatchData { symbol: name.to_string(), ty: f.string(md, "Type")? });
                continue;
            }
            let msg = if def.is_some_and(|d| f.is_a(d, "GIDefKind")) {
                "This GIDefKind not implemented in tablegen"
            } else if def.is_some_and(|d| f.is_a(d, "GIDefKindWithArgs")) {
                "This GIDefKindWithArgs not implemented in tablegen"
            } else {
                "Expected a subclass of GIDefKind or a sub-dag whose operator is of type GIDefKindWithArgs"
            };
            self.error(diags, msg);
            return Ok(false);
        }
        if roots.len() != 1 {
            self.error(diags, "Combine rules must have exactly one root");
            return Ok(false);
        }
        self.root_name = roots[0].to_string();
        Ok(true)
    }

    fn build_operand_tables(&mut self, diags: &mut Diagnostics) -> bool {
        let locs = &self.locs;
        for (table, pats, what) in
            [(&mut self.match_table, &self.match_pats, "match"), (&mut self.apply_table, &self.apply_pats, "apply")]
        {
            for (i, pat) in pats.iter().enumerate() {
                let Some(ip) = pat.inst() else { continue };
                let redef = |name: &str| {
                    diags.error_at(locs, format!("Operand '{name}' is defined multiple times in the '{what}' patterns"))
                };
                if !table.add_pattern(i, ip, redef) {
                    return false;
                }
            }
        }
        true
    }

    fn typecheck(&mut self, diags: &mut Diagnostics) -> Result<bool, Fatal> {
        let locs = self.locs.clone();
        let mut checker = OperandTypeChecker::default();
        for pat in &self.match_pats {
            if let Some(ip) = pat.inst() {
                if !checker.check(&pat.name, ip, &locs, diags, |_, _| true) {
                    return Ok(false);
                }
            }
        }
        for pat in &self.apply_pats {
            if let Some(ip) = pat.inst() {
                let table = &self.match_table;
                let verify = |ty: &PatternType, diags: &mut Diagnostics| {
                    let PatternType::TypeOf(name) = ty else { return true };
                    if table.lookup(name).is_some() {
                        return true;
                    }
                    diags.error_at(&locs, format!("'{name}' ('{}') does not refer to a matched operand!", ty.str()));
                    false
                };
                if !checker.check(&pat.name, ip, &locs, diags, verify) {
                    return Ok(false);
                }
            }
        }
        self.infer_types(&checker, diags)?;
        for pat in &self.match_pats {
            let Some(ip) = pat.inst() else { continue };
            match self.form.match_types {
                MatchTypes::NoSpecialType => {
                    let msg = format!("{SPECIAL_TYPE_CLASS} is not supported in 'match' patterns");
                    if ip.diagnose_special_types(&pat.name, &locs, &msg, diags) {
                        return Ok(false);
                    }
                }
                MatchTypes::NoTypeOf => {
                    let mut any = false;
                    for (i, op) in ip.operands.iter().enumerate() {
                        if matches!(op.ty, PatternType::TypeOf(_)) {
                            diags.error_at(&locs, format!("{TYPE_OF_CLASS} is not supported in 'match' patterns"));
                            diags.note_at(&locs, format!("operand {i} of '{}' has type '{}'", pat.name, op.ty.str()));
                            any = true;
                        }
                    }
                    if any {
                        return Ok(false);
                    }
                }
            }
        }
        Ok(true)
    }

    /// `propagateAndInferTypes`.
    fn infer_types(&mut self, checker: &OperandTypeChecker, diags: &mut Diagnostics) -> Result<(), Fatal> {
        checker.propagate(self.match_pats.iter_mut().chain(self.apply_pats.iter_mut()).filter_map(Pattern::inst_mut));
        let classes = self.rule_classes(diags);
        let debug = self.options.debug_type_infer;
        let mut inferred_any = false;
        for p in 0..self.apply_pats.len() {
            let Some(ip) = self.apply_pats[p].inst() else { continue };
            for k in 0..ip.operands.len() {
                let ip = self.apply_pats[p].inst().expect("instruction");
                let op = &ip.operands[k];
                if (!op.is_def && op.imm.is_none()) || !op.ty.is_none() {
                    continue;
                }
                let ty = if op.is_def || op.is_named_imm() {
                    if self.match_table.lookup(&op.name).is_some() {
                        continue;
                    }
                    self.infer_named(&op.name, &classes, false)
                } else {
                    self.infer_imm(ip, k, &classes)
                };
                if !ty.is_none() {
                    if debug {
                        diags.text(format!("INFER: {} -> {}\n", op.describe(), ty.str()));
                    }
                    self.apply_pats[p].inst_mut().expect("instruction").operands[k].ty = ty;
                    inferred_any = true;
                }
            }
        }
        if !inferred_any {
            return Ok(());
        }
        let mut checker = OperandTypeChecker::default();
        for pat in &self.apply_pats {
            if let Some(ip) = pat.inst() {
                let mut scratch = Diagnostics::new();
                if !checker.check(&pat.name, ip, &self.locs, &mut scratch, |_, _| true) {
                    return Err(Fatal::new(
                        &self.locs,
                        format!("OperandTypeChecker unexpectedly failed on '{}' during Type Inference", pat.name),
                    ));
                }
            }
        }
        checker.propagate(self.apply_pats.iter_mut().filter_map(Pattern::inst_mut));
        if debug {
            let mut text = format!("Apply patterns for rule {} after inference:\n", self.name);
            for pat in &self.apply_pats {
                text.push_str("  ");
                pat.print(&self.parser.frags, &mut text, true);
                text.push('\n');
            }
            text.push('\n');
            diags.text(text);
        }
        Ok(())
    }

    /// `inferNamedOperandType`.
    fn infer_named(&self, name: &str, classes: &EqClasses, allow_self: bool) -> PatternType {
        let mut good = None;
        for member in classes.members_of(name) {
            if !allow_self && member == name {
                continue;
            }
            match self.match_table.lookup(member) {
                Some(Some(_)) => return PatternType::TypeOf(member.to_string()),
                Some(None) if good.is_none() => good = Some(member),
                _ => {}
            }
        }
        good.map_or(PatternType::None, |g| PatternType::TypeOf(g.to_string()))
    }

    /// `inferImmediateType`.
    fn infer_imm(&self, ip: &InstructionPattern, index: usize, classes: &EqClasses) -> PatternType {
        if !matches!(ip.kind, InstKind::CodeGen { intrinsic: None, .. }) {
            return PatternType::None;
        }
        let types = mcoi_operand_types(ip, &self.parser.frags);
        let imm_ty = &types[index];
        for (i, ty) in types.iter().enumerate() {
            if i == index || ty != imm_ty {
                continue;
            }
            let op = &ip.operands[i];
            if !op.is_named() {
                continue;
            }
            let inferred = self.infer_named(&op.name, classes, true);
            if !inferred.is_none() {
                return inferred;
            }
        }
        PatternType::None
    }

    /// `getRuleEqClasses`.
    fn rule_classes(&self, diags: &mut Diagnostics) -> EqClasses {
        let debug = self.options.debug_type_infer;
        let mut text = String::new();
        if debug {
            text.push_str(&format!("Rule Operand Type Equivalence Classes for {}:\n", self.name));
        }
        let mut classes = EqClasses::default();
        for pat in self.match_pats.iter().chain(&self.apply_pats) {
            let Some(ip) = pat.inst() else { continue };
            if !matches!(ip.kind, InstKind::CodeGen { intrinsic: None, .. }) {
                continue;
            }
            let types = mcoi_operand_types(ip, &self.parser.frags);
            let mut groups: Vec<(&str, Vec<usize>)> = Vec::new();
            for (i, ty) in types.iter().enumerate() {
                match groups.iter_mut().find(|g| g.0 == ty) {
                    Some(g) => g.1.push(i),
                    None => groups.push((ty, vec![i])),
                }
            }
            if debug {
                text.push_str(&format!("\tGroups for {}:\t", pat.name));
            }
            for (ty, indexes) in groups {
                if !can_be_register(ty) {
                    continue;
                }
                if debug {
                    text.push('[');
                }
                let mut leader: Option<&str> = None;
                let mut sep = "";
                for i in indexes {
                    let op = &ip.operands[i];
                    if !op.is_named() {
                        continue;
                    }
                    if debug {
                        text.push_str(sep);
                        text.push_str(&op.name);
                        sep = ", ";
                    }
                    match leader {
                        None => {
                            classes.insert(&op.name);
                            leader = Some(&op.name);
                        }
                        Some(l) => classes.union(l, &op.name),
                    }
                }
                if debug {
                    text.push_str("] ");
                }
            }
            if debug {
                text.push('\n');
            }
        }
        if debug {
            text.push_str("Final Type Equivalence Classes: ");
            for class in classes.classes(self.form.classes_by_name) {
                text.push_str(&format!("[{}] ", class.join(", ")));
            }
            text.push('\n');
            diags.text(text);
        }
        classes
    }

    fn find_roots(&mut self, diags: &mut Diagnostics) -> bool {
        let root = match self.match_pats.iter().position(|p| p.name == self.root_name) {
            Some(i) => i,
            None => match self.match_table.lookup(&self.root_name) {
                None => {
                    self.error(diags, format!("Cannot find root '{}' in match patterns!", self.root_name));
                    return false;
                }
                Some(None) => {
                    self.error(
                        diags,
                        format!("Cannot use live-in operand '{}' as match pattern root!", self.root_name),
                    );
                    return false;
                }
                Some(Some(def)) => def,
            },
        };
        self.match_root = Some(root);
        if only_cxx(&self.apply_pats) || has_erase_root(&self.apply_pats) {
            return true;
        }
        let frags = &self.parser.frags;
        let Some(ip) = self.match_pats[root].inst() else {
            return true;
        };
        if ip.num_inst_defs(frags) == 0 {
            let Some(apply_root) = self.apply_pats.iter().position(|p| p.name == self.root_name) else {
                self.error(diags, format!("Cannot find root '{}' in apply patterns!", self.root_name));
                return false;
            };
            if self.apply_pats[apply_root].inst().is_none() {
                self.error(diags, format!("apply pattern root '{}' must be an instruction pattern", self.root_name));
                return false;
            }
            self.apply_roots.push(apply_root);
            return true;
        }
        let mut roots = Vec::new();
        for op in ip.apply_defs_needed(frags) {
            let Some(redef) = self.apply_table.def(&op.name) else {
                self.error(diags, format!("'{}' must be redefined in the 'apply' pattern", op.name));
                return false;
            };
            if !roots.contains(&redef) {
                roots.push(redef);
            }
        }
        self.apply_roots = roots;
        if let Some(named) = self.apply_pats.iter().position(|p| p.name == self.root_name) {
            if !self.apply_roots.contains(&named) {
                self.error(
                    diags,
                    format!(
                        "apply pattern '{}' is supposed to be a root but it does not redefine any of the defs of the match root",
                        self.root_name
                    ),
                );
                return false;
            }
        }
        true
    }

    fn check_variadic_operands(&self, ip: &InstructionPattern, is_match: bool, diags: &mut Diagnostics) -> bool {
        let frags = &self.parser.frags;
        let mut has_variadic = false;
        for (i, op) in ip.operands.iter().enumerate() {
            if !matches!(op.ty, PatternType::VariadicPack { .. }) {
                continue;
            }
            has_variadic = true;
            if is_match && i != ip.operands.len() - 1 {
                self.error(
                    diags,
                    format!("'{}': {VARIADIC_CLASS} can only be used on the last operand", ip.inst_name(frags)),
                );
                return false;
            }
            if op.is_def {
                self.error(diags, format!("'{}': {VARIADIC_CLASS} cannot be used on defs", ip.inst_name(frags)));
                return false;
            }
        }
        if has_variadic && !ip.is_variadic() {
            self.error(
                diags,
                format!("cannot use a {VARIADIC_CLASS} operand on non-variadic instruction '{}'", ip.inst_name(frags)),
            );
            return false;
        }
        true
    }

    fn check_semantics(&mut self, diags: &mut Diagnostics) -> bool {
        let frags = &self.parser.frags;
        let mut uses_wip = false;
        for pat in &self.match_pats {
            match &pat.kind {
                PatternKind::Cxx { code, .. } => {
                    if !code.contains("return ") {
                        diags.warning_at(&self.locs, "'match' C++ code does not seem to return!");
                    }
                }
                PatternKind::Instruction(ip) => {
                    if !self.check_variadic_operands(ip, true, diags) {
                        return false;
                    }
                    if let InstKind::CodeGen { mi_flags: Some(fi), .. } = &ip.kind {
                        if !fi.copy.is_empty() {
                            self.error(diags, "'match' patterns cannot refer to flags from other instructions");
                            diags.note_at(
                                &self.locs,
                                format!("MIFlags in '{}' refer to: {}", pat.name, fi.copy.join(", ")),
                            );
                            return false;
                        }
                    }
                }
                PatternKind::AnyOpcode(_) => {
                    if uses_wip {
                        self.error(diags, "wip_opcode_match can only be present once");
                        return false;
                    }
                    uses_wip = true;
                }
            }
        }
        let mut uses_cxx: Option<bool> = None;
        for pat in &self.apply_pats {
            match uses_cxx {
                Some(c) if c != pat.is_cxx() => {
                    self.error(diags, "'apply' patterns cannot mix C++ code with other types of patterns");
                    return false;
                }
                Some(_) => {}
                None => uses_cxx = Some(pat.is_cxx()),
            }
            let Some(ip) = pat.inst() else { continue };
            if !self.check_variadic_operands(ip, false, diags) {
                return false;
            }
            if uses_wip {
                self.error(diags, "cannot use wip_match_opcode in combination with apply instruction patterns!");
                return false;
            }
            if let InstKind::CodeGen { mi_flags: Some(fi), .. } = &ip.kind {
                for inst in &fi.copy {
                    let Some(m) = self.match_pats.iter().find(|p| &p.name == inst) else {
                        self.error(
                            diags,
                            format!("unknown instruction '${inst}' referenced in MIFlags of '{}'", pat.name),
                        );
                        return false;
                    };
                    if !matches!(m.inst().map(|i| &i.kind), Some(InstKind::CodeGen { .. })) {
                        self.error(
                            diags,
                            format!("'${inst}' does not refer to a CodeGenInstruction in MIFlags of '{}'", pat.name),
                        );
                        return false;
                    }
                }
            }
            let InstKind::Builtin(builtin) = ip.kind else { continue };
            let name = ip.inst_name(frags);
            let root = self.match_root.expect("found");
            match builtin {
                Builtin::EraseRoot => {
                    if self.apply_pats.len() > 1 {
                        self.error(diags, format!("{name} must be the only 'apply' pattern"));
                        return false;
                    }
                    let iroot = self.match_pats[root].inst().filter(|i| matches!(i.kind, InstKind::CodeGen { .. }));
                    let Some(iroot) = iroot else {
                        self.error(
                            diags,
                            format!("{name} can only be used if the root is a CodeGenInstruction or Intrinsic"),
                        );
                        return false;
                    };
                    let defs = iroot.num_inst_defs(frags);
                    if defs != 0 {
                        self.error(
                            diags,
                            format!("{name} can only be used if on roots that do not have any output operand"),
                        );
                        diags.note_at(&self.locs, format!("'{}' has {defs} output operands", iroot.inst_name(frags)));
                        return false;
                    }
                }
                Builtin::ReplaceReg => {
                    let old = &ip.operands[0].name;
                    let Some(def) = self.match_table.def(old) else {
                        self.error(diags, format!("{name} cannot find a matched pattern that defines '{old}'"));
                        return false;
                    };
                    if def != root {
                        self.error(diags, format!("{name} cannot replace '{old}': this builtin can only replace a register defined by the match root"));
                        return false;
                    }
                }
            }
        }
        if !only_cxx(&self.apply_pats) && !self.match_datas.is_empty() {
            self.error(diags, "GIDefMatchData can only be used if 'apply' in entirely written in C++");
            return false;
        }
        true
    }

    fn build_permutations(&mut self, diags: &mut Diagnostics) -> Result<bool, Fatal> {
        let mut perms: Vec<Permutation> = vec![Vec::new()];
        for (i, pat) in self.match_pats.iter().enumerate() {
            let Some(InstKind::PatFrag(pf)) = pat.inst().map(|ip| &ip.kind) else { continue };
            let alts = self.parser.frags.get(*pf).alts.len();
            perms = perms
                .iter()
                .flat_map(|perm| {
                    (0..alts).map(move |k| {
                        let mut p = perm.clone();
                        p.push((i, k));
                        p
                    })
                })
                .collect();
        }
        let max = self.parser.f.int(self.def, "MaxPermutations")?;
        if max > 0 && perms.len() as i64 > max {
            self.error(
                diags,
                format!(
                    "cannot emit rule '{}'; {} permutations would be emitted, but the max is {max}",
                    self.name,
                    perms.len()
                ),
            );
            return Ok(false);
        }
        if perms.is_empty() {
            perms.push(Vec::new());
        }
        self.permutations = perms;
        Ok(true)
    }
}

/// `addMatchPattern`.
fn add_match_pattern(pats: &mut Vec<Pattern>, pat: Pattern, locs: &[Loc], diags: &mut Diagnostics) -> bool {
    if pats.iter().any(|p| p.name == pat.name) {
        diags.error_at(locs, format!("'{}' match pattern defined more than once!", pat.name));
        return false;
    }
    if let Some(InstKind::Builtin(b)) = pat.inst().map(|ip| &ip.kind) {
        let name = Builtin::KNOWN.iter().find(|k| k.1 == *b).map_or("", |k| k.0);
        diags.error_at(locs, format!("'{name}' cannot be used in a 'match' pattern"));
        return false;
    }
    pats.push(pat);
    true
}

/// `addApplyPattern`.
fn add_apply_pattern(pats: &mut Vec<Pattern>, mut pat: Pattern, locs: &[Loc], diags: &mut Diagnostics) -> bool {
    if pats.iter().any(|p| p.name == pat.name) {
        diags.error_at(locs, format!("'{}' apply pattern defined more than once!", pat.name));
        return false;
    }
    match &mut pat.kind {
        PatternKind::AnyOpcode(_) => {
            diags.error_at(locs, format!("'{}': wip_match_opcode is not supported in apply patterns", pat.name));
            return false;
        }
        PatternKind::Instruction(InstructionPattern { kind: InstKind::PatFrag(_), .. }) => {
            diags.error_at(locs, format!("'{}': using {PAT_FRAG_CLASS} is not supported in apply patterns", pat.name));
            return false;
        }
        PatternKind::Cxx { is_apply, .. } => *is_apply = true,
        PatternKind::Instruction(_) => {}
    }
    pats.push(pat);
    true
}

/// `canMCOIOperandTypeBeARegister`: `OPERAND_GENERIC_0` to `_5` (any one character after).
fn can_be_register(ty: &str) -> bool {
    let mut chars = ty.chars();
    chars.next_back();
    chars.as_str().ends_with("OPERAND_GENERIC_")
}

/// `getMCOIOperandTypes`: each operand's `MCOI::` type, variadic operands given the
/// instruction's `variadicOpsType` (or a type of their own).
pub fn mcoi_operand_types(ip: &InstructionPattern, frags: &PatFrags) -> Vec<String> {
    let InstKind::CodeGen { inst, .. } = &ip.kind else {
        return Vec::new();
    };
    let var_args = inst.var_args_type.clone().unwrap_or_else(|| "unknown_type".to_string());
    let mut types: Vec<String> = inst.operand_types[..inst.num_defs as usize].to_vec();
    let num_defs = ip.num_inst_defs(frags);
    if ip.has_variadic_defs() {
        for _ in inst.num_defs..num_defs {
            types.push(var_args.clone());
        }
    }
    let offset = inst.num_defs as i64 - num_defs as i64;
    for k in num_defs..ip.num_inst_operands(frags) {
        let cgi_index = (k as i64 + offset) as usize;
        types.push(inst.operand_types.get(cgi_index).cloned().unwrap_or_else(|| var_args.clone()));
    }
    types
}

/// `EquivalenceClasses<StringRef>`: each class's members, its leader first, classes merged by
/// appending the second's members to the first's.
#[derive(Debug, Default)]
struct EqClasses {
    /// The classes by creation; a merged class is emptied.
    classes: Vec<Vec<String>>,
    /// Every member's class.
    class_of: std::collections::HashMap<String, usize>,
    /// Every value inserted, in order.
    order: Vec<String>,
}

impl EqClasses {
    fn insert(&mut self, name: &str) {
        if !self.class_of.contains_key(name) {
            self.class_of.insert(name.to_string(), self.classes.len());
            self.classes.push(vec![name.to_string()]);
            self.order.push(name.to_string());
        }
    }

    fn union(&mut self, a: &str, b: &str) {
        self.insert(a);
        self.insert(b);
        let (ca, cb) = (self.class_of[a], self.class_of[b]);
        if ca == cb {
            return;
        }
        let moved = std::mem::take(&mut self.classes[cb]);
        for m in &moved {
            self.class_of.insert(m.clone(), ca);
        }
        self.classes[ca].extend(moved);
    }

    /// The members of `name`'s class, leader first (none when it is in no class).
    fn members_of(&self, name: &str) -> &[String] {
        self.class_of.get(name).map_or(&[], |&c| &self.classes[c])
    }

    /// The non-empty classes, in order of their leaders by name or by insertion.
    fn classes(&self, by_name: bool) -> Vec<&[String]> {
        let mut leaders: Vec<&String> =
            self.order.iter().filter(|n| self.classes[self.class_of[*n]][0] == **n).collect();
        if by_name {
            leaders.sort();
        }
        leaders.iter().map(|l| self.members_of(l)).collect()
    }
}
