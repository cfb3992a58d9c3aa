//! The registers of a target and the relations between them (LLVM's `CodeGenRegBank`, built
//! as its constructor builds it):
//!
//! 1. the sub-register indices (`SubRegIndex` defs in name order) and their `ComposedOf` and
//!    `CoveringSubRegIndices`;
//! 2. the registers, numbered as LLVM numbers them: the `Register` defs in register order
//!    (`LessRecordRegister`: `PositionOrder`, then names compared part by part, numbers by
//!    value), then the registers each `RegisterTuples` def synthesizes, tuple by tuple (X86
//!    sorts both together);
//! 3. each register's sub-registers, named by indices (inferred ones are synthesized:
//!    `A_then_B` compositions, `A_B` concatenations), its super-registers, register units
//!    (one per leaf register and one per ad hoc alias edge) and topological signature;
//! 4. the register classes ([`classes`]), with the classes LLVM infers to complete the
//!    algebra (intersections, `_with_` sub-register classes), ordered topologically.
//!
//! What only `-gen-register-info` asks for (`computeDerivedInfo`: compositions, lane masks,
//! unit weights, pressure sets) is computed on a copy of the bank by [`RegisterInfo::get`]
//! ([`derived`]); the fields it sets are marked so.

pub mod classes;
pub mod derived;

use super::hw_modes::HwModes;
use super::info_by_hw_mode::{sub_reg_ranges, ByMode, RangeWidth, SubRegRange, SubRegRangeByMode, DEFAULT_MODE};
use super::Target;
use crate::records::{derived_definitions, Fatal, Fields};
use crate::set_theory::{Member, SetTheory, TupleRegister};
pub use classes::{RegisterCategory, RegisterClass};
pub use derived::{RegUnitSet, RegisterInfo};
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use std::cmp::Ordering;
use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::sync::Arc;
use tdq_core::types::RecId;
use tdq_core::{ByRelease, Evaluation, Loc};

/// A lane mask (`LaneBitmask`): which parts of a register a sub-register covers.
pub type LaneMask = u64;

/// What differs between releases in the register bank.
#[derive(Debug)]
pub(crate) struct Rules {
    /// The width of a sub-register range's fields.
    pub range_width: RangeWidth,
    /// How a register gets its native units.
    pub units: UnitOrder,
    /// Which explicit sub-registers offer a spelling of their concatenation.
    pub concat_spelling: ConcatSpelling,
    /// Artificial registers are left out where classes are compared and inferred (LLVM 23).
    pub classes_ignore_artificial: bool,
    /// How classes with sub-registers in other classes are inferred.
    pub matching_super: MatchingSuper,
    /// Artificial sub-register indices get no sub-class with sub-register (LLVM 19); after,
    /// only when not all of the class's registers have them.
    pub sub_class_skips_artificial_indices: bool,
    /// A synthesized class takes its properties from its nearest allocatable super-class
    /// (LLVM 22 on); before, from its last super-class, allocatable if any super-class is.
    pub inherit_from_nearest_allocatable: bool,
    /// `SpillStackID` is read (LLVM 23).
    pub spill_stack_id: bool,
    /// `CopyCost` is kept as `uint8_t` (LLVM 22 on); before, as an `int`.
    pub copy_cost_u8: bool,
    /// `RegisterTuples` of a mismatched or short size are errors (LLVM 19 and 22).
    pub checks_tuple_sizes: bool,
    /// A def that is no known register class is named, with a note where it is defined
    /// (LLVM 22 on); before, "Not a known RegisterClass!".
    pub unknown_class_named: bool,
    /// The first lane bit that is one too many for a leaf sub-register index: 64 (LLVM 23);
    /// before, 65 (the check let a 65th index through).
    pub lane_bits: u32,
    /// Artificial registers join no unit weight set and do not weigh a class (LLVM 23).
    pub weights_ignore_artificial_registers: bool,
    /// A register that inherits units has only its own weight set recomputed (LLVM 23);
    /// before, every set.
    pub weights_recompute_own_set: bool,
    /// The target's `RegistersAreIntervals` renumbers units (LLVM 23).
    pub enforces_unit_intervals: bool,
    /// Of two classes of one size, `getMatchingSubClassWithSubRegs` prefers the one with the
    /// larger `BaseClassOrder` (LLVM 23).
    pub matching_prefers_base_class_order: bool,
    /// Class inference and unit weights are phases of `--time-phases` (LLVM 22 on; with
    /// [`Rules::enforces_unit_intervals`], the intervals too).
    pub timed_phases: bool,
}

/// The order in which a register's native units are made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum UnitOrder {
    /// A leaf register's own unit first, then one per alias edge (LLVM 22 on).
    LeafFirst,
    /// Alias edges first; a register still without units then gets its own (LLVM 19).
    AliasesFirst,
}

/// Which explicit sub-registers name the concatenation of their own sub-registers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ConcatSpelling {
    /// Those with two or more sub-registers, their non-artificial indices the parts (LLVM 19).
    NonArtificialParts,
    /// Those none of whose sub-register indices is artificial (LLVM 22 on).
    NoArtificialIndex,
}

/// How `inferMatchingSuperRegClass` walks sub-register indices and classes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum MatchingSuper {
    /// Every index in order, sub-classes found by mapping each candidate's members back to
    /// their super-registers (LLVM 19).
    ByIndex,
    /// Indices in reverse post-order of composition, skipping those implied by a larger
    /// one; names of composed indices; super-register classes closed transitively (LLVM 22
    /// on).
    Topological,
}

const RULES_22: Rules = Rules {
    range_width: RangeWidth::Bits16,
    units: UnitOrder::LeafFirst,
    concat_spelling: ConcatSpelling::NoArtificialIndex,
    classes_ignore_artificial: false,
    matching_super: MatchingSuper::Topological,
    sub_class_skips_artificial_indices: false,
    inherit_from_nearest_allocatable: true,
    spill_stack_id: false,
    copy_cost_u8: true,
    checks_tuple_sizes: true,
    unknown_class_named: true,
    lane_bits: 65,
    weights_ignore_artificial_registers: false,
    weights_recompute_own_set: false,
    enforces_unit_intervals: false,
    matching_prefers_base_class_order: false,
    timed_phases: true,
};

pub(crate) const RULES: ByRelease<Rules> = ByRelease {
    v19: Rules {
        units: UnitOrder::AliasesFirst,
        concat_spelling: ConcatSpelling::NonArtificialParts,
        matching_super: MatchingSuper::ByIndex,
        sub_class_skips_artificial_indices: true,
        inherit_from_nearest_allocatable: false,
        copy_cost_u8: false,
        unknown_class_named: false,
        timed_phases: false,
        ..RULES_22
    },
    v22: RULES_22,
    v23: Rules {
        range_width: RangeWidth::Bits32,
        classes_ignore_artificial: true,
        spill_stack_id: true,
        checks_tuple_sizes: false,
        lane_bits: 64,
        weights_ignore_artificial_registers: true,
        weights_recompute_own_set: true,
        enforces_unit_intervals: true,
        matching_prefers_base_class_order: true,
        ..RULES_22
    },
};

/// LLVM's `CodeGenSubRegIndex`: a named way to reach a sub-register. Indices are numbered
/// from 1 (`EnumValue`); [`RegBank::sub_reg_indices`] holds index `n` at `n - 1`.
#[derive(Clone, Debug)]
pub struct SubRegIndex {
    /// The `SubRegIndex` def, or none for a synthesized index.
    pub def: Option<RecId>,
    pub name: String,
    pub namespace: &'static str,
    /// Its range in each mode.
    pub range: SubRegRangeByMode,
    /// What composing this index with a key index gives, by index position.
    pub composed: CompMap,
    /// The indices this one is a concatenation of.
    pub concatenation_of: Vec<usize>,
    /// No super-register reached by this index lacks `CoveredBySubRegs`.
    pub all_super_regs_covered: bool,
    /// Only artificial registers are reached by it.
    pub artificial: bool,
    /// Set by `computeDerivedInfo`: its lanes.
    pub lane_mask: LaneMask,
    /// Set by `computeDerivedInfo`: `CompositionLaneMaskTransform`, (mask, rotate-left) steps.
    pub lane_mask_transform: Vec<(LaneMask, u8)>,
}

impl SubRegIndex {
    /// An index with nothing composed or concatenated yet.
    fn new(def: Option<RecId>, name: String, namespace: &'static str, range: SubRegRangeByMode) -> SubRegIndex {
        SubRegIndex {
            def,
            name,
            namespace,
            range,
            composed: CompMap::default(),
            concatenation_of: Vec::new(),
            all_super_regs_covered: true,
            artificial: true,
            lane_mask: 0,
            lane_mask_transform: Vec::new(),
        }
    }

    /// `getQualifiedName`.
    pub fn qualified_name(&self) -> String {
        super::qualify(self.namespace, &self.name)
    }
}

/// `CodeGenSubRegIndex::CompMap`: what composing an index with each other index gives, by
/// index position (a sorted list: looked up tens of millions of times on AMDGPU).
#[derive(Clone, Debug, Default)]
pub struct CompMap(Vec<(usize, usize)>);

impl CompMap {
    /// `compose`: what this index then `a` is.
    pub fn get(&self, a: usize) -> Option<usize> {
        self.0.binary_search_by_key(&a, |&(k, _)| k).ok().map(|i| self.0[i].1)
    }

    /// `try_emplace`: `a` composes to `b` unless it composes to something already, which is
    /// returned.
    pub fn insert_if_absent(&mut self, a: usize, b: usize) -> Option<usize> {
        match self.0.binary_search_by_key(&a, |&(k, _)| k) {
            Ok(i) => Some(self.0[i].1),
            Err(i) => {
                self.0.insert(i, (a, b));
                None
            }
        }
    }

    /// The (index, composite) pairs, by index.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (usize, usize)> + '_ {
        self.0.iter().copied()
    }

    /// The composites, by index.
    pub fn values(&self) -> impl DoubleEndedIterator<Item = usize> + '_ {
        self.0.iter().map(|&(_, v)| v)
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }
}

/// One register: a `Register` def, or one a `RegisterTuples` def synthesized. Registers are
/// numbered from 1 (`EnumValue`); [`RegBank::registers`] holds register `n` at `n - 1`.
#[derive(Clone, Debug)]
pub struct Register {
    /// Which register it is.
    pub member: Member,
    /// Its name (`Record::getName`): the def's, or its sub-registers' joined with `_`.
    pub name: String,
    /// The def whose fields it has (itself, or a synthesized register's prototype) for the
    /// fields a tuple does not replace, such as `Namespace`.
    pub fields: RecId,
    /// Its `Namespace`.
    pub namespace: &'static str,
    /// Its `AsmName`.
    pub asm_name: &'static str,
    pub cost_per_use: Vec<i64>,
    pub covered_by_sub_regs: bool,
    pub has_disjunct_sub_regs: bool,
    pub artificial: bool,
    pub constant: bool,
    pub explicit_sub_reg_indices: Vec<usize>,
    pub explicit_sub_regs: Vec<usize>,
    pub explicit_aliases: Vec<usize>,
    /// The covered super-registers whose first explicit sub-register this is.
    leading_super_regs: Vec<usize>,
    /// Every sub-register, by index position.
    pub sub_regs: BTreeMap<usize, usize>,
    /// The index naming each sub-register.
    pub sub_reg_index: HashMap<usize, usize>,
    /// The super-registers, in topological order.
    pub super_regs: Vec<usize>,
    /// Its register units (native and adopted), ascending.
    pub reg_units: BTreeSet<u32>,
    /// Its native units.
    pub native_reg_units: BTreeSet<u32>,
    /// The topological signature: registers with one have the same sub-register shape.
    pub topo_sig: u32,
    /// Set by `computeDerivedInfo`: the lane mask of each native unit, in unit order.
    pub reg_unit_lane_masks: Vec<LaneMask>,
    sub_regs_complete: bool,
    super_regs_complete: bool,
}

impl Register {
    /// LLVM's `getQualifiedName`: `Namespace::Name`, or the name alone.
    pub fn qualified_name(&self) -> String {
        super::qualify(self.namespace, &self.name)
    }
}

/// A register unit (`RegUnit`): registers overlap if and only if they share one.
#[derive(Clone, Debug, Default)]
pub struct RegUnit {
    /// Its weight for register pressure.
    pub weight: u32,
    /// The one or two registers it was made for (none for an adopted unit).
    pub roots: Vec<usize>,
    /// Set by `computeDerivedInfo`: where its list of unit sets is.
    pub reg_class_unit_sets_index: usize,
    /// One of its roots is artificial.
    pub artificial: bool,
}

/// LLVM's `CodeGenRegBank`.
#[derive(Clone, Debug)]
pub struct RegBank {
    pub sub_reg_indices: Vec<SubRegIndex>,
    /// The sub-register indices in reverse post-order of composition (LLVM 22 on).
    pub sub_reg_indices_rpot: Vec<usize>,
    pub registers: Vec<Register>,
    /// The registers `RegisterTuples` defs synthesized, by [`Member::Tuple`] number.
    pub tuples: Vec<TupleRegister>,
    /// The native units first (`num_native_reg_units`), then adopted ones.
    pub reg_units: Vec<RegUnit>,
    pub num_native_reg_units: usize,
    /// How many topological signatures there are.
    pub num_topo_sigs: usize,
    /// The register classes, in topological order (a class's `EnumValue` is its position).
    pub classes: Vec<RegisterClass>,
    pub categories: Vec<RegisterCategory>,
    by_name: HashMap<String, usize>,
    by_member: HashMap<Member, usize>,
    by_asm_name: HashMap<&'static str, usize>,
    sub_reg_index_by_def: HashMap<RecId, usize>,
    class_by_def: HashMap<RecId, usize>,
}

impl RegBank {
    /// The register bank of `input`, computed once (after the target, as
    /// `CodeGenTarget::getRegBank`).
    pub fn get(input: &Evaluation) -> std::result::Result<Arc<RegBank>, Fatal> {
        let target = Target::get(input)?;
        crate::computed(input, || Builder::build(input, &target))
    }

    /// The position of the register named `name` (a def's name, or a synthesized
    /// register's).
    pub fn position_of(&self, name: &str) -> Option<usize> {
        self.by_name.get(name).copied()
    }

    /// The register named `name` (a def's name, or a synthesized register's).
    pub fn by_name(&self, name: &str) -> Option<&Register> {
        self.by_name.get(name).map(|&i| &self.registers[i])
    }

    /// `getRegistersByName`: the first register with this `AsmName`.
    pub fn by_asm_name(&self, asm_name: &str) -> Option<usize> {
        self.by_asm_name.get(asm_name).copied()
    }

    /// `getReg`: the register a def is.
    pub fn register_of(&self, def: RecId) -> Option<usize> {
        self.by_member.get(&Member::Record(def)).copied()
    }

    /// `findSubRegIdx`: the index a `SubRegIndex` def is.
    pub fn sub_reg_index_of(&self, def: RecId) -> Option<usize> {
        self.sub_reg_index_by_def.get(&def).copied()
    }

    /// `getRegClass`: the class a `RegisterClass` def is.
    pub fn class_of(&self, def: RecId) -> Option<usize> {
        self.class_by_def.get(&def).copied()
    }

    /// `getRegClass` as backends call it: the class a def is, or LLVM's error.
    pub fn class(&self, input: &Evaluation, def: RecId) -> std::result::Result<usize, Fatal> {
        self.class_of(def).ok_or_else(|| classes::unknown_class(input, def))
    }

    /// `getRegClass(Def, Loc)`: as [`Self::class`], the error at `at`.
    pub fn class_at(&self, input: &Evaluation, def: RecId, at: &[tdq_core::Loc]) -> std::result::Result<usize, Fatal> {
        self.class_of(def).ok_or_else(|| classes::unknown_class_at(input, def, at))
    }

    /// `regClassContainsReg` (LLVM 23): whether a register class contains a register, either
    /// of them possibly chosen by HW mode: in every mode that the class (else the register)
    /// has, the register of that mode is in the class of that mode.
    pub fn class_contains_register(
        &self,
        input: &Evaluation,
        hw_modes: &HwModes,
        class_def: RecId,
        reg_def: RecId,
        at: &[Loc],
    ) -> std::result::Result<bool, Fatal> {
        let f = Fields { input };
        enum Fixed {
            One(usize),
            ByMode(super::info_by_hw_mode::RegisterByHwMode),
        }
        let register = if f.is_a(reg_def, "RegisterByHwMode") {
            Fixed::ByMode(super::info_by_hw_mode::RegisterByHwMode::read(input, self, hw_modes, reg_def)?)
        } else {
            Fixed::One(
                self.register_of(reg_def)
                    .ok_or_else(|| Fatal::new(at, format!("'{}' is not a register of the target", f.name(reg_def))))?,
            )
        };
        // The register of `mode`: a register by mode without one for it takes its first
        // mode's (LLVM's const `get`).
        let register_in = |mode: u32| match &register {
            Fixed::One(reg) => Some(*reg),
            Fixed::ByMode(by_mode) => by_mode.by_mode.get(&mode).or_else(|| by_mode.by_mode.values().next()).copied(),
        };
        if f.is_a(class_def, "RegClassByHwMode") {
            let classes = super::info_by_hw_mode::reg_class_by_mode(input, self, hw_modes, class_def)?;
            return Ok(classes
                .iter()
                .all(|(mode, &class)| register_in(mode).is_some_and(|reg| self.classes[class].contains(reg))));
        }
        let class = &self.classes[self.class_at(input, class_def, at)?];
        Ok(match &register {
            Fixed::One(reg) => class.contains(*reg),
            Fixed::ByMode(by_mode) => by_mode.by_mode.values().all(|&reg| class.contains(reg)),
        })
    }

    /// `getRegClassForRegister`: the one class containing register `reg`, or of several the
    /// super-class of the others when they have the same types; none otherwise.
    pub fn class_for_register(&self, reg: usize) -> Option<usize> {
        let mut found: Option<usize> = None;
        for (i, rc) in self.classes.iter().enumerate() {
            if !rc.contains(reg) {
                continue;
            }
            let Some(f) = found else {
                found = Some(i);
                continue;
            };
            if rc.value_types != self.classes[f].value_types {
                return None;
            }
            if rc.has_sub_class(f) {
                found = Some(i);
                continue;
            }
            if self.classes[f].has_sub_class(i) {
                continue;
            }
            return None;
        }
        found
    }

    /// `computeCoveredRegisters`: the registers `regs` cover, with their sub-registers and
    /// the covered super-registers all of whose sub-registers are in the set, by number.
    pub fn covered_registers(&self, regs: &[usize]) -> Vec<bool> {
        let mut set: Vec<usize> = Vec::new();
        let mut in_set = vec![false; self.registers.len()];
        let insert = |set: &mut Vec<usize>, in_set: &mut Vec<bool>, r: usize| -> bool {
            if in_set[r] {
                return false;
            }
            in_set[r] = true;
            set.push(r);
            true
        };
        for &reg in regs {
            if insert(&mut set, &mut in_set, reg) {
                self.add_sub_regs_pre_order(reg, &mut |r| insert(&mut set, &mut in_set, r));
            }
        }
        let mut i = 0;
        while i < set.len() {
            for &sup in &self.registers[set[i]].super_regs {
                let s = &self.registers[sup];
                if !s.covered_by_sub_regs || in_set[sup] {
                    continue;
                }
                if s.sub_regs.values().all(|&sr| in_set[sr]) {
                    insert(&mut set, &mut in_set, sup);
                }
            }
            i += 1;
        }
        let mut bits = vec![false; self.registers.len() + 1];
        for r in set {
            bits[r + 1] = true;
        }
        bits
    }

    /// `addSubRegsPreOrder` into an empty set: a register's sub-registers, the explicit tree in
    /// pre-order first.
    pub fn sub_regs_pre_order(&self, reg: usize) -> Vec<usize> {
        let mut seen = HashSet::default();
        let mut order = Vec::new();
        self.add_sub_regs_pre_order(reg, &mut |r| {
            let new = seen.insert(r);
            if new {
                order.push(r);
            }
            new
        });
        order
    }

    /// `addSubRegsPreOrder`: the explicit sub-register tree in pre-order, then the rest.
    fn add_sub_regs_pre_order(&self, reg: usize, insert: &mut dyn FnMut(usize) -> bool) {
        for &sr in &self.registers[reg].explicit_sub_regs {
            if insert(sr) {
                self.add_sub_regs_pre_order(sr, insert);
            }
        }
        for &sr in self.registers[reg].sub_regs.values() {
            insert(sr);
        }
    }

    /// A register's weight: the sum of its units' weights.
    pub fn register_weight(&self, reg: usize) -> u32 {
        self.registers[reg].reg_units.iter().map(|&u| self.reg_units[u as usize].weight).sum()
    }
}

/// What the bank reads of a register, from its def or, for a synthesized register, from its
/// tuple and prototype.
struct RegisterSource {
    sub_reg_indices: Vec<RecId>,
    sub_regs: Vec<Member>,
    aliases: Vec<RecId>,
}

/// The bank under construction.
struct Builder<'a> {
    input: &'a Evaluation,
    f: Fields<'a>,
    rules: &'static Rules,
    hw_modes: &'a HwModes,
    sets: SetTheory<'a>,
    bank: RegBank,
    /// `ConcatIdx`: the index naming each concatenation.
    concat_index: HashMap<Vec<usize>, usize>,
    topo_sigs: HashMap<Vec<u32>, u32>,
}

type Result<T> = std::result::Result<T, Fatal>;

impl<'a> Builder<'a> {
    fn build(input: &'a Evaluation, target: &'a Target) -> Result<RegBank> {
        let rules = RULES.get(input.records.release);
        let sets = SetTheory::new(input, &[("RegisterClass", "MemberList"), ("CalleeSavedRegs", "SaveList")])
            .expand_tuples()
            .check_tuple_sizes(rules.checks_tuple_sizes);
        let mut b = Builder {
            input,
            f: Fields { input },
            rules,
            hw_modes: &target.hw_modes,
            sets,
            bank: RegBank {
                sub_reg_indices: Vec::new(),
                sub_reg_indices_rpot: Vec::new(),
                registers: Vec::new(),
                tuples: Vec::new(),
                reg_units: Vec::new(),
                num_native_reg_units: 0,
                num_topo_sigs: 0,
                classes: Vec::new(),
                categories: Vec::new(),
                by_name: HashMap::default(),
                by_member: HashMap::default(),
                by_asm_name: HashMap::default(),
                sub_reg_index_by_def: HashMap::default(),
                class_by_def: HashMap::default(),
            },
            concat_index: HashMap::default(),
            topo_sigs: HashMap::default(),
        };
        for &def in b.all("SubRegIndex")?.iter() {
            b.sub_reg_index(def)?;
        }
        for i in 0..b.bank.sub_reg_indices.len() {
            b.update_components(i)?;
        }
        b.read_registers()?;
        for r in 0..b.bank.registers.len() {
            b.build_object_graph(r)?;
        }
        for r in 0..b.bank.registers.len() {
            let asm_name = b.bank.registers[r].asm_name;
            b.bank.by_asm_name.entry(asm_name).or_insert(r);
        }
        for r in 0..b.bank.registers.len() {
            b.compute_sub_regs(r)?;
        }
        for i in 0..b.bank.sub_reg_indices.len() {
            b.concat_transitive_closure(i);
            let parts = b.bank.sub_reg_indices[i].concatenation_of.clone();
            if !parts.is_empty() {
                b.concat_index.entry(parts).or_insert(i);
            }
        }
        for r in 0..b.bank.registers.len() {
            if b.bank.registers[r].covered_by_sub_regs {
                b.compute_secondary_sub_regs(r)?;
            }
        }
        for r in 0..b.bank.registers.len() {
            b.compute_super_regs(r);
        }
        for r in 0..b.bank.registers.len() {
            if b.bank.registers[r].artificial {
                continue;
            }
            let pairs: Vec<(usize, usize)> = b.bank.registers[r].sub_regs.iter().map(|(&i, &s)| (i, s)).collect();
            for (idx, sr) in pairs {
                if !b.bank.registers[sr].artificial {
                    b.bank.sub_reg_indices[idx].artificial = false;
                }
            }
        }
        if b.rules.matching_super == MatchingSuper::Topological {
            b.bank.sub_reg_indices_rpot = sub_reg_indices_rpot(&b.bank.sub_reg_indices);
        }
        b.bank.num_native_reg_units = b.bank.reg_units.len();
        b.bank.num_topo_sigs = b.topo_sigs.len();
        let class_defs = b.all("RegisterClass")?;
        if class_defs.is_empty() {
            return Err(Fatal::new(&[], "No 'RegisterClass' subclasses defined!"));
        }
        classes::build(&mut b, &class_defs)?;
        b.bank.tuples = std::mem::take(&mut b.sets.tuples);
        Ok(b.bank)
    }

    /// `getAllDerivedDefinitions`, empty when the class is not defined.
    fn all(&self, class: &str) -> Result<Arc<[RecId]>> {
        if self.input.records.class(class).is_none() {
            return Ok(Arc::from(Vec::new()));
        }
        derived_definitions(self.input, class)
    }

    fn locs(&self, rec: RecId) -> &'a [Loc] {
        &self.input.records.get(rec).locs
    }

    /// `getSubRegIdx`: the index of a `SubRegIndex` def, read when first met.
    fn sub_reg_index(&mut self, def: RecId) -> Result<usize> {
        if let Some(&i) = self.bank.sub_reg_index_by_def.get(&def) {
            return Ok(i);
        }
        let f = self.f;
        let namespace = if f.value(def, "Namespace").is_some() { f.string(def, "Namespace")? } else { "" };
        let mut range = match self.optional_def(def, "SubRegRanges")? {
            Some(ranges) => sub_reg_ranges(self.input, self.hw_modes, ranges, self.rules.range_width)?,
            None => ByMode::default(),
        };
        if !range.has_default() {
            let own = SubRegRange::read(self.input, def, self.rules.range_width)?;
            range.insert_if_absent(DEFAULT_MODE, own);
        }
        let i = self.bank.sub_reg_indices.len();
        self.bank.sub_reg_indices.push(SubRegIndex::new(Some(def), f.name(def).to_string(), namespace, range));
        self.bank.sub_reg_index_by_def.insert(def, i);
        Ok(i)
    }

    /// `getValueAsOptionalDef`: the def a field holds, or none when it is unset.
    fn optional_def(&self, rec: RecId, field: &str) -> Result<Option<RecId>> {
        let value = self.f.init(rec, field)?;
        if value.is_unset() {
            return Ok(None);
        }
        self.f.def(rec, field).map(Some)
    }

    /// `createSubRegIndex`: a synthesized index.
    fn new_sub_reg_index(&mut self, name: String, namespace: &'static str) -> usize {
        let unknown = self.rules.range_width.unknown();
        let range = ByMode::simple(SubRegRange { size: unknown, offset: unknown });
        self.bank.sub_reg_indices.push(SubRegIndex::new(None, name, namespace, range));
        self.bank.sub_reg_indices.len() - 1
    }

    /// `CodeGenSubRegIndex::updateComponents`: `ComposedOf` and `CoveringSubRegIndices`.
    fn update_components(&mut self, i: usize) -> Result<()> {
        let Some(def) = self.bank.sub_reg_indices[i].def else { return Ok(()) };
        let comps = self.f.defs(def, "ComposedOf")?;
        if !comps.is_empty() {
            if comps.len() != 2 {
                return Err(Fatal::new(self.locs(def), "ComposedOf must have exactly two entries"));
            }
            let a = self.sub_reg_index(comps[0])?;
            let b = self.sub_reg_index(comps[1])?;
            if add_composite(&mut self.bank.sub_reg_indices, self.hw_modes, self.rules.range_width, a, b, i).is_some() {
                return Err(Fatal::new(self.locs(def), "Ambiguous ComposedOf entries"));
            }
        }
        let parts = self.f.defs(def, "CoveringSubRegIndices")?;
        if !parts.is_empty() {
            if parts.len() < 2 {
                return Err(Fatal::new(self.locs(def), "CoveringSubRegIndices must have two or more entries"));
            }
            let mut idx_parts = Vec::with_capacity(parts.len());
            for part in parts {
                idx_parts.push(self.sub_reg_index(part)?);
            }
            set_concatenation_of(&mut self.bank.sub_reg_indices[i], idx_parts);
        }
        Ok(())
    }

    /// The registers in LLVM's order, each read as the `CodeGenRegister` constructor reads it.
    fn read_registers(&mut self) -> Result<()> {
        let f = self.f;
        let defs = self.all("Register")?.to_vec();
        let tuple_defs = self.all("RegisterTuples")?.to_vec();
        let mut members: Vec<Member> = defs.iter().map(|&d| Member::Record(d)).collect();
        let x86 = defs.first().is_some_and(|&d| f.is_a(d, "X86Reg"));
        let sort = |sets: &SetTheory, members: &mut Vec<Member>| -> Result<()> {
            let mut keyed = Vec::with_capacity(members.len());
            for &m in members.iter() {
                keyed.push((f.int(sets.fields_of(m), "PositionOrder")?, sets.name(m), m));
            }
            keyed.sort_by(|a, b| a.0.cmp(&b.0).then_with(|| compare_register_names(&a.1, &b.1)));
            *members = keyed.into_iter().map(|(_, _, m)| m).collect();
            Ok(())
        };
        if x86 {
            // X86 lists new registers and tuples later by sorting them together.
            for &tuple in &tuple_defs {
                members.extend(self.sets.expand(tuple)?.unwrap_or_default().iter());
            }
            sort(&self.sets, &mut members)?;
        } else {
            sort(&self.sets, &mut members)?;
            for &tuple in &tuple_defs {
                let mut synthesized: Vec<Member> = self.sets.expand(tuple)?.unwrap_or_default().to_vec();
                sort(&self.sets, &mut synthesized)?;
                members.extend(synthesized);
            }
        }
        for member in members {
            if self.bank.by_member.contains_key(&member) {
                continue;
            }
            let fields = self.sets.fields_of(member);
            let name = self.sets.name(member);
            let namespace = if f.value(fields, "Namespace").is_some() { f.string(fields, "Namespace")? } else { "" };
            let (cost_per_use, covered_by_sub_regs, asm_name) = match member {
                Member::Record(def) => {
                    (f.ints(def, "CostPerUse")?, f.bit(def, "CoveredBySubRegs")?, f.string(def, "AsmName")?)
                }
                Member::Tuple(n) => {
                    let tuple = &self.sets.tuples[n as usize];
                    (f.ints(fields, "CostPerUse")?, true, tuple.asm_name)
                }
            };
            let constant = f.bit(fields, "isConstant")?;
            let artificial = f.bit(fields, "isArtificial")?;
            let r = self.bank.registers.len();
            self.bank.by_name.entry(name.clone()).or_insert(r);
            self.bank.by_member.insert(member, r);
            self.bank.registers.push(Register {
                member,
                name,
                fields,
                namespace,
                asm_name,
                cost_per_use,
                covered_by_sub_regs,
                has_disjunct_sub_regs: false,
                artificial,
                constant,
                explicit_sub_reg_indices: Vec::new(),
                explicit_sub_regs: Vec::new(),
                explicit_aliases: Vec::new(),
                leading_super_regs: Vec::new(),
                sub_regs: BTreeMap::new(),
                sub_reg_index: HashMap::default(),
                super_regs: Vec::new(),
                reg_units: BTreeSet::new(),
                native_reg_units: BTreeSet::new(),
                topo_sig: u32::MAX,
                reg_unit_lane_masks: Vec::new(),
                sub_regs_complete: false,
                super_regs_complete: false,
            });
        }
        Ok(())
    }

    fn source(&self, r: usize) -> Result<RegisterSource> {
        let f = self.f;
        match self.bank.registers[r].member {
            Member::Record(def) => Ok(RegisterSource {
                sub_reg_indices: f.defs(def, "SubRegIndices")?,
                sub_regs: f.defs(def, "SubRegs")?.into_iter().map(Member::Record).collect(),
                aliases: f.defs(def, "Aliases")?,
            }),
            Member::Tuple(n) => {
                let tuple = &self.sets.tuples[n as usize];
                Ok(RegisterSource {
                    sub_reg_indices: f.defs(tuple.tuple, "SubRegIndices")?,
                    sub_regs: tuple.sub_regs.clone(),
                    aliases: Vec::new(),
                })
            }
        }
    }

    /// The register a member is: registers not in the bank (a def that is no `Register`)
    /// are an error where LLVM would make a new one.
    fn register(&self, member: Member, at: usize) -> Result<usize> {
        self.bank.by_member.get(&member).copied().ok_or_else(|| {
            let at = &self.bank.registers[at];
            Fatal::new(
                self.locs(at.fields),
                format!("'{}' in register {} is not a register", self.sets.name(member), at.name),
            )
        })
    }

    /// `buildObjectGraph`: explicit sub-registers, leading super-registers and aliases.
    fn build_object_graph(&mut self, r: usize) -> Result<()> {
        let source = self.source(r)?;
        if source.sub_reg_indices.len() != source.sub_regs.len() {
            return Err(Fatal::new(
                self.locs(self.bank.registers[r].fields),
                "SubRegs and SubRegIndices must have the same size",
            ));
        }
        for (&sri, &sr) in source.sub_reg_indices.iter().zip(&source.sub_regs) {
            let idx = self.sub_reg_index(sri)?;
            let reg = self.register(sr, r)?;
            self.bank.registers[r].explicit_sub_reg_indices.push(idx);
            self.bank.registers[r].explicit_sub_regs.push(reg);
        }
        let reg = &self.bank.registers[r];
        if reg.covered_by_sub_regs && !reg.explicit_sub_regs.is_empty() {
            let first = reg.explicit_sub_regs[0];
            self.bank.registers[first].leading_super_regs.push(r);
        }
        for alias in source.aliases {
            let a = self.register(Member::Record(alias), r)?;
            self.bank.registers[r].explicit_aliases.push(a);
            self.bank.registers[a].explicit_aliases.push(r);
        }
        Ok(())
    }

    /// `newRegUnit`: a native unit for one or two registers.
    fn new_reg_unit(&mut self, roots: Vec<usize>) -> u32 {
        let artificial = roots.iter().any(|&r| self.bank.registers[r].artificial);
        self.bank.reg_units.push(RegUnit { weight: 0, roots, reg_class_unit_sets_index: 0, artificial });
        (self.bank.reg_units.len() - 1) as u32
    }

    /// `getCompositeSubRegIndex`: the index for A then B, synthesized if missing.
    fn composite_sub_reg_index(&mut self, a: usize, b: usize) -> usize {
        if let Some(c) = self.bank.sub_reg_indices[a].composed.get(b) {
            return c;
        }
        let name = format!("{}_then_{}", self.bank.sub_reg_indices[a].name, self.bank.sub_reg_indices[b].name);
        let namespace = self.bank.sub_reg_indices[a].namespace;
        let c = self.new_sub_reg_index(name, namespace);
        add_composite(&mut self.bank.sub_reg_indices, self.hw_modes, self.rules.range_width, a, b, c);
        c
    }

    /// `CodeGenRegister::computeSubRegs`: every sub-register of `r`, its units.
    fn compute_sub_regs(&mut self, r: usize) -> Result<()> {
        if self.bank.registers[r].sub_regs_complete {
            return Ok(());
        }
        self.bank.registers[r].sub_regs_complete = true;
        let explicit = self.bank.registers[r].explicit_sub_regs.clone();
        let explicit_indices = self.bank.registers[r].explicit_sub_reg_indices.clone();
        let mut has_disjunct = explicit.len() > 1;
        let mut sub_regs: BTreeMap<usize, usize> = BTreeMap::new();
        let mut sub_reg_index: HashMap<usize, usize> = HashMap::default();
        for (&sr, &idx) in explicit.iter().zip(&explicit_indices) {
            if !self.bank.registers[sr].artificial {
                self.bank.sub_reg_indices[idx].artificial = false;
            }
            if sub_regs.contains_key(&idx) {
                let reg = &self.bank.registers[r];
                return Err(Fatal::new(
                    self.locs(reg.fields),
                    format!(
                        "SubRegIndex {} appears twice in Register {}",
                        self.bank.sub_reg_indices[idx].name, reg.name
                    ),
                ));
            }
            sub_regs.insert(idx, sr);
            sub_reg_index.entry(sr).or_insert(idx);
        }
        let mut orphans: HashSet<usize> = HashSet::default();
        for &esr in &explicit {
            self.compute_sub_regs(esr)?;
            has_disjunct |= self.bank.registers[esr].has_disjunct_sub_regs;
            for (&k, &v) in &self.bank.registers[esr].sub_regs {
                if let std::collections::btree_map::Entry::Vacant(e) = sub_regs.entry(k) {
                    e.insert(v);
                } else {
                    orphans.insert(v);
                }
            }
        }
        // Composed indices: if dsub_2 is qsub_1 then dsub_0, and this register has qsub_1, its
        // dsub_0 sub-register is its dsub_2.
        let mut indices = explicit_indices.clone();
        let mut i = 0;
        while i < indices.len() {
            let idx = indices[i];
            let sr = sub_regs[&idx];
            self.compute_sub_regs(sr)?;
            let comps: Vec<(usize, usize)> = self.bank.sub_reg_indices[idx].composed.iter().collect();
            for (key, val) in comps {
                let Some(&sub) = self.bank.registers[sr].sub_regs.get(&key) else { continue };
                if sub_regs.contains_key(&val) || !orphans.remove(&sub) {
                    continue;
                }
                sub_regs.insert(val, sub);
                indices.push(val);
            }
            i += 1;
        }
        // The orphans left get composed indices, bottom-up.
        while !orphans.is_empty() {
            let Some(idx) = indices.pop() else { break };
            let sr = sub_regs[&idx];
            self.compute_sub_regs(sr)?;
            let map: Vec<(usize, usize)> = self.bank.registers[sr].sub_regs.iter().map(|(&k, &v)| (k, v)).collect();
            for (sri, sub) in map {
                if orphans.remove(&sub) {
                    let c = self.composite_sub_reg_index(idx, sri);
                    sub_regs.insert(c, sub);
                }
            }
        }
        let (fields, name, covered) = {
            let reg = &self.bank.registers[r];
            (reg.fields, reg.name.clone(), reg.covered_by_sub_regs)
        };
        for (&sri, &sub) in &sub_regs {
            if sub == r {
                return Err(Fatal::new(self.locs(fields), format!("Register {name} has itself as a sub-register")));
            }
            if !covered {
                self.bank.sub_reg_indices[sri].all_super_regs_covered = false;
            }
            let named = *sub_reg_index.entry(sub).or_insert(sri);
            if named != sri {
                return Err(Fatal::new(
                    self.locs(fields),
                    format!(
                        "Sub-register can't have two names: {} available as {} and {}",
                        self.bank.registers[sub].name,
                        self.bank.sub_reg_indices[sri].name,
                        self.bank.sub_reg_indices[named].name
                    ),
                ));
            }
        }
        // Names for concatenations of explicit sub-registers' own sub-registers.
        for (n, &sr) in explicit.iter().enumerate() {
            let s = &self.bank.registers[sr];
            if !s.covered_by_sub_regs || s.artificial {
                continue;
            }
            let mut parts = Vec::new();
            let mut any_artificial = false;
            match self.rules.concat_spelling {
                ConcatSpelling::NonArtificialParts => {
                    if s.explicit_sub_regs.len() <= 1 {
                        continue;
                    }
                    for (&i, &ssr) in s.explicit_sub_reg_indices.iter().zip(&s.explicit_sub_regs) {
                        if !self.bank.sub_reg_indices[i].artificial {
                            parts.push(sub_reg_index[&ssr]);
                        }
                    }
                }
                ConcatSpelling::NoArtificialIndex => {
                    for (&i, &ssr) in s.explicit_sub_reg_indices.iter().zip(&s.explicit_sub_regs) {
                        if self.bank.sub_reg_indices[i].artificial {
                            any_artificial = true;
                            break;
                        }
                        parts.push(sub_reg_index[&ssr]);
                    }
                }
            }
            if any_artificial {
                continue;
            }
            set_concatenation_of(&mut self.bank.sub_reg_indices[explicit_indices[n]], parts);
        }
        // Units, in post-order of the register hierarchy.
        let mut units: BTreeSet<u32> = std::mem::take(&mut self.bank.registers[r].reg_units);
        if self.rules.units == UnitOrder::LeafFirst && explicit.is_empty() {
            let u = self.new_reg_unit(vec![r]);
            units.insert(u);
        }
        for &sr in &explicit {
            units.extend(self.bank.registers[sr].reg_units.iter().copied());
        }
        let aliases = self.bank.registers[r].explicit_aliases.clone();
        for ar in aliases {
            if self.bank.registers[ar].sub_regs_complete {
                continue;
            }
            let u = self.new_reg_unit(vec![r, ar]);
            units.insert(u);
            self.bank.registers[ar].reg_units.insert(u);
        }
        if self.rules.units == UnitOrder::AliasesFirst && units.is_empty() {
            let u = self.new_reg_unit(vec![r]);
            units.insert(u);
        }
        let reg = &mut self.bank.registers[r];
        reg.has_disjunct_sub_regs = has_disjunct;
        reg.sub_regs = sub_regs;
        reg.sub_reg_index = sub_reg_index;
        reg.native_reg_units = units.clone();
        reg.reg_units = units;
        Ok(())
    }

    /// `computeConcatTransitiveClosure`: concatenations of concatenations flattened.
    fn concat_transitive_closure(&mut self, i: usize) {
        let parts = self.bank.sub_reg_indices[i].concatenation_of.clone();
        let mut flat = Vec::with_capacity(parts.len());
        for p in parts {
            self.concat_transitive_closure(p);
            let sub = &self.bank.sub_reg_indices[p].concatenation_of;
            if sub.is_empty() {
                flat.push(p);
            } else {
                flat.extend(sub.iter().copied());
            }
        }
        self.bank.sub_reg_indices[i].concatenation_of = flat;
    }

    /// `getConcatSubRegIndex`: the index for a concatenation, synthesized if missing, with
    /// its range in each mode.
    fn concat_sub_reg_index(&mut self, parts: Vec<usize>) -> usize {
        if let Some(&i) = self.concat_index.get(&parts) {
            return i;
        }
        let name = parts.iter().map(|&p| self.bank.sub_reg_indices[p].name.as_str()).collect::<Vec<_>>().join("_");
        let namespace = self.bank.sub_reg_indices[parts[0]].namespace;
        let idx = self.new_sub_reg_index(name, namespace);
        self.bank.sub_reg_indices[idx].concatenation_of = parts.clone();
        let width = self.rules.range_width;
        let unknown = width.unknown();
        for mode in 0..self.hw_modes.num_modes() as u32 {
            let first = *self.bank.sub_reg_indices[parts[0]].range.get(mode);
            let (mut size, mut last_offset, mut last_size) = (first.size, first.offset, first.size);
            let mut continuous = true;
            for &p in &parts[1..] {
                let range = *self.bank.sub_reg_indices[p].range.get(mode);
                size = if size == unknown || range.size == unknown { unknown } else { size.wrapping_add(range.size) };
                if last_size == unknown || range.offset != last_offset.wrapping_add(last_size) {
                    continuous = false;
                }
                last_offset = range.offset;
                last_size = range.size;
            }
            let offset = if continuous { first.offset } else { unknown };
            *self.bank.sub_reg_indices[idx].range.get_mut(mode) =
                SubRegRange { size: width.cut(size as i64), offset: width.cut(offset as i64) };
        }
        self.concat_index.insert(parts, idx);
        idx
    }

    /// `computeSecondarySubRegs`: in a covered register, the leading super-registers of its
    /// sub-registers whose parts are all its sub-registers are sub-registers too.
    fn compute_secondary_sub_regs(&mut self, r: usize) -> Result<()> {
        let mut new_sub_regs: Vec<(usize, usize)> = Vec::new();
        let mut queue: VecDeque<(usize, usize)> =
            self.bank.registers[r].sub_regs.iter().map(|(&i, &s)| (i, s)).collect();
        while let Some((_, sub)) = queue.pop_front() {
            let leads = self.bank.registers[sub].leading_super_regs.clone();
            for cand in leads {
                if cand == r || self.bank.registers[r].sub_reg_index.contains_key(&cand) {
                    continue;
                }
                if self.bank.registers[cand].explicit_sub_regs.len() == 1 {
                    continue;
                }
                let mut parts = Vec::new();
                for &csr in &self.bank.registers[cand].explicit_sub_regs {
                    match self.bank.registers[r].sub_reg_index.get(&csr) {
                        Some(&idx) => {
                            let concat = &self.bank.sub_reg_indices[idx].concatenation_of;
                            if concat.is_empty() {
                                parts.push(idx);
                            } else {
                                parts.extend(concat.iter().copied());
                            }
                        }
                        None => {
                            parts.clear();
                            break;
                        }
                    }
                }
                if parts.is_empty() {
                    continue;
                }
                let concat = self.concat_sub_reg_index(parts);
                let reg = &mut self.bank.registers[r];
                if reg.sub_regs.contains_key(&concat) {
                    continue;
                }
                reg.sub_regs.insert(concat, cand);
                reg.sub_reg_index.entry(cand).or_insert(concat);
                new_sub_regs.push((concat, cand));
                queue.push_back((concat, cand));
            }
        }
        for (new_idx, new_sub) in new_sub_regs {
            let pairs: Vec<(usize, usize)> =
                self.bank.registers[new_sub].sub_regs.iter().map(|(&i, &s)| (i, s)).collect();
            for (sri, sub) in pairs {
                let Some(&sub_idx) = self.bank.registers[r].sub_reg_index.get(&sub) else {
                    let reg = &self.bank.registers[r];
                    return Err(Fatal::new(
                        self.locs(reg.fields),
                        format!("No SubRegIndex for {} in {}", self.bank.registers[sub].name, reg.name),
                    ));
                };
                add_composite(
                    &mut self.bank.sub_reg_indices,
                    self.hw_modes,
                    self.rules.range_width,
                    new_idx,
                    sri,
                    sub_idx,
                );
            }
        }
        Ok(())
    }

    /// `computeSuperRegs`: super-register lists in topological order, and each register's
    /// topological signature, in post-order.
    fn compute_super_regs(&mut self, r: usize) {
        if self.bank.registers[r].super_regs_complete {
            return;
        }
        self.bank.registers[r].super_regs_complete = true;
        let pairs: Vec<(usize, usize)> = self.bank.registers[r].sub_regs.iter().map(|(&i, &s)| (i, s)).collect();
        for &(_, sub) in &pairs {
            self.compute_super_regs(sub);
        }
        let mut id = Vec::with_capacity(pairs.len() * 2);
        for &(idx, sub) in &pairs {
            id.push(idx as u32 + 1);
            id.push(self.bank.registers[sub].topo_sig);
            let supers = &mut self.bank.registers[sub].super_regs;
            if supers.last() != Some(&r) {
                supers.push(r);
            }
        }
        let next = self.topo_sigs.len() as u32;
        self.bank.registers[r].topo_sig = *self.topo_sigs.entry(id).or_insert(next);
    }
}

/// `setConcatenationOf`: the first spelling offered is kept.
fn set_concatenation_of(idx: &mut SubRegIndex, parts: Vec<usize>) {
    if idx.concatenation_of.is_empty() {
        idx.concatenation_of = parts;
    }
}

/// `CodeGenSubRegIndex::addComposite`: `this` then `a` is `b`; `b`'s range is placed from the
/// others' where it is unknown. Returns the index already there when it is another one.
pub(crate) fn add_composite(
    indices: &mut [SubRegIndex],
    hw_modes: &HwModes,
    width: RangeWidth,
    this: usize,
    a: usize,
    b: usize,
) -> Option<usize> {
    let previous = indices[this].composed.insert_if_absent(a, b);
    let unknown = width.unknown();
    let mut place = |mode: u32| {
        let range = *indices[this].range.get_mut(mode);
        let a_range = *indices[a].range.get_mut(mode);
        let b_range = indices[b].range.get_mut(mode);
        if range.offset != unknown && a_range.offset != unknown && b_range.offset == unknown {
            b_range.offset = width.cut(range.offset.wrapping_add(a_range.offset) as i64);
            b_range.size = a_range.size;
        }
    };
    for mode in 1..hw_modes.num_modes() as u32 {
        place(mode);
    }
    place(DEFAULT_MODE);
    match previous {
        Some(p) if p != b => Some(p),
        _ => None,
    }
}

/// `computeSubRegIndicesRPOT`: the indices in reverse post-order of a depth-first walk of
/// the composition graph from a root reaching every index (children in reverse index order).
fn sub_reg_indices_rpot(indices: &[SubRegIndex]) -> Vec<usize> {
    fn visit(indices: &[SubRegIndex], i: usize, seen: &mut [bool], post: &mut Vec<usize>) {
        seen[i] = true;
        for (_, child) in indices[i].composed.iter().rev() {
            if !seen[child] {
                visit(indices, child, seen, post);
            }
        }
        post.push(i);
    }
    let mut seen = vec![false; indices.len()];
    let mut post = Vec::with_capacity(indices.len());
    for i in (0..indices.len()).rev() {
        if !seen[i] {
            visit(indices, i, &mut seen, &mut post);
        }
    }
    post.reverse();
    post
}

/// LLVM's `LessRecordRegister` on names: names split into runs of digits and of other
/// characters; fewer runs first; then the non-digit runs compared as strings, then the digit
/// runs by length and value.
pub fn compare_register_names(a: &str, b: &str) -> Ordering {
    let (pa, pb) = (parts(a), parts(b));
    if pa.len() != pb.len() {
        return pa.len().cmp(&pb.len());
    }
    for (x, y) in pa.iter().zip(&pb).step_by(2) {
        match x.as_bytes().cmp(y.as_bytes()) {
            Ordering::Equal => {}
            other => return other,
        }
    }
    for (x, y) in pa.iter().zip(&pb).skip(1).step_by(2) {
        if x.len() != y.len() {
            return x.len().cmp(&y.len());
        }
        // Runs of equal length compare by value as strings of digits do.
        match x.as_bytes().cmp(y.as_bytes()) {
            Ordering::Equal => {}
            other => return other,
        }
    }
    Ordering::Equal
}

/// The runs of digits and of other characters in a name, in order.
fn parts(name: &str) -> Vec<&str> {
    let bytes = name.as_bytes();
    let mut parts = Vec::new();
    let mut start = 0;
    for i in 1..bytes.len() {
        if bytes[i].is_ascii_digit() != bytes[i - 1].is_ascii_digit() {
            parts.push(&name[start..i]);
            start = i;
        }
    }
    if !name.is_empty() {
        parts.push(&name[start..]);
    }
    parts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn register_names_compare_by_parts() {
        let mut names = vec!["R10", "R9", "R1", "SP", "R8_R9", "R10_R11", "F0", "X"];
        names.sort_by(|a, b| compare_register_names(a, b));
        // One run (SP, X) before two (F0, R1, ...) before four (R8_R9 ...).
        assert_eq!(names, ["SP", "X", "F0", "R1", "R9", "R10", "R8_R9", "R10_R11"]);
    }

    fn index(name: &str, composed: &[(usize, usize)]) -> SubRegIndex {
        let mut index =
            SubRegIndex::new(None, name.to_string(), "", ByMode::simple(SubRegRange { size: 0, offset: 0 }));
        index.composed = CompMap(composed.to_vec());
        index
    }

    #[test]
    fn rpot_puts_composed_indices_after_the_ones_they_compose_from() {
        // qsub_0 then dsub_1 is dsub_1's position 2 in a Q register: qsub → dsub → ssub.
        let indices = vec![index("dsub_0", &[(2, 2)]), index("qsub_0", &[(0, 0)]), index("ssub_0", &[])];
        let order = sub_reg_indices_rpot(&indices);
        let pos = |i: usize| order.iter().position(|&x| x == i).unwrap();
        assert!(pos(1) < pos(0) && pos(0) < pos(2), "{order:?}");
        assert_eq!(order.len(), 3);
    }
}
