//! What `-gen-register-info` derives from the register bank (LLVM's
//! `CodeGenRegBank::computeDerivedInfo`), on a copy of the bank of [`RegBank::get`]:
//!
//! 1. compositions of sub-register indices implied by the registers (`A` then `B` reaching
//!    what `C` reaches), with a warning when two disagree;
//! 2. lane masks: a bit per leaf index, a non-leaf index the union of its parts, a class the
//!    lanes its registers have, and the mask-and-rotate steps that compose a lane mask through
//!    an index;
//! 3. register unit weights, normalized so that every register of a class weighs the same
//!    (units adopted where no unit can be made heavier);
//! 4. with the target's `RegistersAreIntervals` (LLVM 23), units renumbered so that each
//!    register's native units are consecutive;
//! 5. the register pressure sets: a unit set per allocatable class, nearly equal sets merged,
//!    unions of overlapping sets added, and for each class and unit the sets it counts in;
//! 6. each register's units' lane masks and each class's `HasDisjunctSubRegs` and
//!    `CoveredBySubRegs`.

use super::{add_composite, LaneMask, RegBank, Rules, RULES};
use crate::records::{Fatal, Fields};
use crate::target::Target;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;
use tdq_core::{phases, Evaluation};

/// A register pressure set (`RegUnitSet`): a named set of register units.
#[derive(Clone, Debug)]
pub struct RegUnitSet {
    pub name: String,
    /// The units, ascending.
    pub units: Vec<u32>,
    /// The sum of its units' weights.
    pub weight: u32,
    /// Its position when the sets are ordered by size.
    pub order: usize,
}

/// For one sub-register index, the classes that have super-register classes by it, bigger
/// first ([`RegisterInfo::super_reg_classes_by_size`]).
pub struct SuperRegClassesBySize(Vec<usize>);

/// The register bank with everything `computeDerivedInfo` adds.
#[derive(Debug)]
pub struct RegisterInfo {
    /// The bank, its indices', registers', units' and classes' derived fields set.
    pub bank: RegBank,
    /// `CoveringLanes`: the lanes that together cover every register.
    pub covering_lanes: LaneMask,
    /// The pressure sets (`RegUnitSets`), by ID.
    pub pressure_sets: Vec<RegUnitSet>,
    /// The pressure set IDs by size (`RegUnitSetOrder`).
    pub pressure_set_order: Vec<usize>,
    /// `RegClassUnitSets`: for each class (by position), then for each list that only units
    /// needed, the pressure set IDs that count it.
    pub class_pressure_sets: Vec<Vec<usize>>,
    /// Whether units were renumbered into intervals (`RegistersAreIntervals`).
    pub registers_are_intervals: bool,
    /// The warnings computing it gave (compositions that disagree), in order.
    pub warnings: Vec<String>,
    rules: &'static Rules,
}

impl RegisterInfo {
    /// The derived register information of `input`, computed once.
    pub fn get(input: &Evaluation) -> Result<Arc<RegisterInfo>, Fatal> {
        let bank = RegBank::get(input)?;
        let target = Target::get(input)?;
        crate::computed(input, || derive(input, &target, (*bank).clone()))
    }

    /// `getRegSetAt`: the pressure set at `order` when ordered by size.
    pub fn pressure_set_at(&self, order: usize) -> &RegUnitSet {
        &self.pressure_sets[self.pressure_set_order[order]]
    }

    /// A register unit set's weight (`getRegUnitSetWeight`).
    pub fn unit_set_weight(&self, units: &[u32]) -> u32 {
        units.iter().map(|&u| self.bank.reg_units[u as usize].weight).sum()
    }

    /// `getMatchingSubClassWithSubRegs` for every index, for class `rc`: the largest
    /// sub-class of `rc` and class `C` such that the `idx` sub-register of every register of
    /// the sub-class is in `C` (smaller `C`s, as big as the sub-class, preferred), by index
    /// position.
    pub fn matching_sub_classes(&self, rc: usize, by_index: &[SuperRegClassesBySize]) -> Vec<Option<(usize, usize)>> {
        (0..self.bank.sub_reg_indices.len()).map(|idx| self.matching_sub_class(rc, idx, &by_index[idx])).collect()
    }

    /// For each index, the classes with super-register classes by it, in the order
    /// `getMatchingSubClassWithSubRegs` tries them.
    pub fn super_reg_classes_by_size(&self) -> Vec<SuperRegClassesBySize> {
        (0..self.bank.sub_reg_indices.len())
            .map(|idx| {
                let mut classes: Vec<usize> = (0..self.bank.classes.len())
                    .filter(|&c| self.bank.classes[c].super_reg_classes(idx).next().is_some())
                    .collect();
                classes.sort_by_key(|&c| self.size_key(c));
                SuperRegClassesBySize(classes)
            })
            .collect()
    }

    /// The order of `WeakSizeOrder` (bigger first; LLVM 23: then the larger `BaseClassOrder`),
    /// the class asked about aside.
    fn size_key(&self, c: usize) -> (std::cmp::Reverse<usize>, std::cmp::Reverse<Option<i64>>) {
        let class = &self.bank.classes[c];
        let order = if self.rules.matching_prefers_base_class_order { class.base_class_order } else { None };
        (std::cmp::Reverse(class.members.len()), std::cmp::Reverse(order))
    }

    /// `classes` in `WeakSizeOrder` for `this`: as sorted, `this` first among its equals.
    fn with_this_first(&self, classes: &[usize], this: usize) -> Vec<usize> {
        let mut out = classes.to_vec();
        if let Some(at) = out.iter().position(|&c| c == this) {
            let key = self.size_key(this);
            let first = out.iter().position(|&c| self.size_key(c) == key).expect("this is among them");
            out.remove(at);
            out.insert(first, this);
        }
        out
    }

    fn matching_sub_class(
        &self,
        rc: usize,
        idx: usize,
        super_reg_classes: &SuperRegClassesBySize,
    ) -> Option<(usize, usize)> {
        let bank = &self.bank;
        let biggest = *bank.classes[rc].sub_class_with_sub_reg.get(&idx)?;
        let mut super_reg_rcs: Vec<usize> = bank.classes[biggest].sub_classes.ones().collect();
        super_reg_rcs.sort_by_key(|&c| self.size_key(c));
        let super_reg_rcs = self.with_this_first(&super_reg_rcs, rc);
        let candidates = self.with_this_first(&super_reg_classes.0, rc);
        for &super_rc in &super_reg_rcs {
            let mut chosen = None;
            for &sub_rc in &candidates {
                if bank.classes[sub_rc].super_reg_classes.get(&idx).is_some_and(|supers| supers.test(super_rc)) {
                    chosen = Some((super_rc, sub_rc));
                    if bank.classes[super_rc].members.len() >= bank.classes[sub_rc].members.len() {
                        return chosen;
                    }
                }
            }
            if chosen.is_some() {
                return chosen;
            }
        }
        None
    }

    /// `CodeGenRegisterClass::buildRegUnitSet`: the class's registers' non-artificial units,
    /// ascending, once each.
    pub fn class_unit_set(&self, class: usize) -> Vec<u32> {
        class_units(&self.bank, class)
    }

    /// `CodeGenRegisterClass::getWeight`: the def's `Weight`, or that of its first register
    /// (LLVM 23: its first non-artificial one).
    pub fn class_weight(&self, class: usize) -> u32 {
        let rc = &self.bank.classes[class];
        if let Some(w) = rc.weight {
            return w as u32;
        }
        if rc.artificial {
            return 0;
        }
        let first = if self.rules.weights_ignore_artificial_registers {
            rc.members.iter().copied().find(|&r| !self.bank.registers[r].artificial)
        } else {
            rc.members.first().copied()
        };
        first.map_or(0, |r| self.bank.register_weight(r))
    }
}

fn class_units(bank: &RegBank, class: usize) -> Vec<u32> {
    let mut units: Vec<u32> = bank.classes[class]
        .members
        .iter()
        .flat_map(|&r| bank.registers[r].reg_units.iter().copied())
        .filter(|&u| !bank.reg_units[u as usize].artificial)
        .collect();
    units.sort_unstable();
    units.dedup();
    units
}

/// `f` as the phase `name` of `--time-phases` when `timed`.
fn timed<R>(timed: bool, name: &'static str, f: impl FnOnce() -> R) -> R {
    if !timed {
        return f();
    }
    phases::start(name);
    let result = f();
    phases::stop();
    result
}

fn derive(input: &Evaluation, target: &Target, bank: RegBank) -> Result<RegisterInfo, Fatal> {
    let rules = RULES.get(input.records.release);
    let registers_are_intervals =
        rules.enforces_unit_intervals && Fields { input }.bit(target.def, "RegistersAreIntervals")?;
    let mut info = RegisterInfo {
        bank,
        covering_lanes: LaneMask::MAX,
        pressure_sets: Vec::new(),
        pressure_set_order: Vec::new(),
        class_pressure_sets: Vec::new(),
        registers_are_intervals,
        warnings: Vec::new(),
        rules,
    };
    compute_composites(&mut info, target, rules);
    compute_lane_masks(&mut info, rules)?;
    timed(rules.timed_phases, "Compute reg unit weights", || compute_unit_weights(&mut info.bank, rules))?;
    // LLVM 23 times the intervals whether or not the target asks for them.
    timed(rules.timed_phases && rules.enforces_unit_intervals, "Enforce regunit intervals", || {
        if registers_are_intervals {
            enforce_unit_intervals(&mut info.bank)
        } else {
            Ok(())
        }
    })?;
    compute_unit_sets(&mut info)?;
    compute_unit_lane_masks(&mut info.bank);
    let bank = &mut info.bank;
    for c in 0..bank.classes.len() {
        let members = &bank.classes[c].members;
        let disjunct = members.iter().any(|&r| bank.registers[r].has_disjunct_sub_regs);
        let covered = members.iter().all(|&r| bank.registers[r].covered_by_sub_regs);
        bank.classes[c].has_disjunct_sub_regs = disjunct;
        bank.classes[c].covered_by_sub_regs = covered;
    }
    for s in 0..info.pressure_sets.len() {
        info.pressure_sets[s].weight = info.unit_set_weight(&info.pressure_sets[s].units);
    }
    let mut order: Vec<usize> = (0..info.pressure_sets.len()).collect();
    order.sort_by_key(|&s| info.pressure_sets[s].units.len());
    for (position, &s) in order.iter().enumerate() {
        info.pressure_sets[s].order = position;
    }
    info.pressure_set_order = order;
    Ok(info)
}

/// `computeComposites`: every `Idx1` then `Idx2` that some register's sub-registers show is
/// another index.
fn compute_composites(info: &mut RegisterInfo, target: &Target, rules: &Rules) {
    let bank = &mut info.bank;
    let user_defined: BTreeSet<(usize, usize)> = bank
        .sub_reg_indices
        .iter()
        .enumerate()
        .flat_map(|(i, idx)| idx.composed.iter().map(move |(a, _)| (i, a)))
        .collect();
    let mut seen_sigs = vec![false; bank.num_topo_sigs];
    for r1 in 0..bank.registers.len() {
        let sig = bank.registers[r1].topo_sig as usize;
        if seen_sigs[sig] {
            continue;
        }
        seen_sigs[sig] = true;
        let pairs: Vec<(usize, usize)> = bank.registers[r1].sub_regs.iter().map(|(&i, &s)| (i, s)).collect();
        for (idx1, r2) in pairs {
            if r1 == r2 {
                continue;
            }
            let inner: Vec<(usize, usize)> = bank.registers[r2].sub_regs.iter().map(|(&i, &s)| (i, s)).collect();
            for (idx2, r3) in inner {
                if r2 == r3 {
                    continue;
                }
                let idx3 = bank.registers[r1].sub_reg_index[&r3];
                let previous =
                    add_composite(&mut bank.sub_reg_indices, &target.hw_modes, rules.range_width, idx1, idx2, idx3);
                if let Some(previous) = previous {
                    if !user_defined.contains(&(idx1, idx2)) || agree(bank, idx1, idx2, idx3) {
                        let q = |i: usize| bank.sub_reg_indices[i].qualified_name();
                        info.warnings.push(format!(
                            "SubRegIndex {} and {} compose ambiguously as {} or {}",
                            q(idx1),
                            q(idx2),
                            q(previous),
                            q(idx3)
                        ));
                    }
                }
            }
        }
    }
}

/// The map from each register to its sub-register by `idx` (`SubRegAction`).
fn action(bank: &RegBank, idx: usize) -> BTreeMap<usize, usize> {
    (0..bank.registers.len()).filter_map(|r| bank.registers[r].sub_regs.get(&idx).map(|&s| (r, s))).collect()
}

/// Whether `a` then `b`, as the registers compose them, agrees with `c` wherever both reach
/// (and neither is empty).
fn agree(bank: &RegBank, a: usize, b: usize, c: usize) -> bool {
    let (first, second) = (action(bank, a), action(bank, b));
    let composed: BTreeMap<usize, usize> = first.iter().filter_map(|(&r, s)| second.get(s).map(|&t| (r, t))).collect();
    let direct = action(bank, c);
    !composed.is_empty() && !direct.is_empty() && composed.iter().all(|(r, t)| direct.get(r) == Some(t))
}

/// The mask of lane `bit` (`LaneBitmask::getLane`; a shift past the width wraps, as the
/// machine llvm-tblgen runs on does).
fn lane(bit: u32) -> LaneMask {
    1u64.wrapping_shl(bit)
}

fn highest_lane(mask: LaneMask) -> u32 {
    63 - mask.leading_zeros()
}

/// `computeSubRegLaneMasks`.
fn compute_lane_masks(info: &mut RegisterInfo, rules: &Rules) -> Result<(), Fatal> {
    let indices = &mut info.bank.sub_reg_indices;
    let mut bit = 0u32;
    for idx in indices.iter_mut() {
        if idx.composed.is_empty() {
            if bit >= rules.lane_bits {
                return Err(Fatal::new(&[], format!("Ran out of lanemask bits to represent subregister {}", idx.name)));
            }
            idx.lane_mask = lane(bit);
            bit += 1;
        } else {
            idx.lane_mask = 0;
        }
    }
    let leaves: Vec<usize> = (0..indices.len()).filter(|&i| indices[i].composed.is_empty()).collect();
    for i in 0..indices.len() {
        let mut steps: Vec<(LaneMask, u8)> = Vec::new();
        if indices[i].composed.is_empty() {
            steps.push((lane(0), highest_lane(indices[i].lane_mask) as u8));
        } else {
            let mut next_bit = 0u32;
            for &leaf in &leaves {
                let src_bit = next_bit;
                let mut src_mask = lane(src_bit);
                if next_bit < 63 {
                    next_bit += 1;
                }
                let Some(composite) = indices[i].composed.get(leaf) else { continue };
                let dst_bit = highest_lane(indices[composite].lane_mask) as i32;
                let shift = dst_bit - src_bit as i32;
                let rotate = if shift >= 0 { shift as u8 } else { (64 + shift) as u8 };
                for step in steps.iter_mut() {
                    if step.1 == rotate {
                        step.0 |= src_mask;
                        src_mask = 0;
                    }
                }
                if src_mask != 0 {
                    steps.push((src_mask, rotate));
                }
            }
        }
        if steps.len() == 1 {
            steps[0].0 = LaneMask::MAX;
        }
        if steps.is_empty() {
            steps.push((LaneMask::MAX, 0));
        }
        indices[i].lane_mask_transform = steps;
    }
    let mut covering = LaneMask::MAX;
    for i in 0..indices.len() {
        let mask = inherit_lane_mask(indices, i);
        if !indices[i].all_super_regs_covered {
            covering &= !mask;
        }
    }
    info.covering_lanes = covering;
    let bank = &mut info.bank;
    for c in 0..bank.classes.len() {
        let mut mask = 0;
        for (i, idx) in bank.sub_reg_indices.iter().enumerate() {
            if bank.classes[c].sub_class_with_sub_reg.contains_key(&i) {
                mask |= idx.lane_mask;
            }
        }
        bank.classes[c].lane_mask = if mask == 0 { lane(0) } else { mask };
    }
    Ok(())
}

/// `computeLaneMask`: an index's lanes, the union of its parts' (computed once).
fn inherit_lane_mask(indices: &mut [super::SubRegIndex], i: usize) -> LaneMask {
    if indices[i].lane_mask != 0 {
        return indices[i].lane_mask;
    }
    indices[i].lane_mask = LaneMask::MAX;
    let parts: Vec<usize> = indices[i].composed.values().collect();
    let mut mask = 0;
    for p in parts {
        mask |= inherit_lane_mask(indices, p);
    }
    indices[i].lane_mask = mask;
    mask
}

/// An `UberRegSet`: registers joined by allocatable classes, and the weight each should have.
#[derive(Default)]
struct UberSet {
    regs: Vec<usize>,
    weight: u32,
    singular_determinants: BTreeSet<u32>,
}

/// `computeRegUnitWeights`.
fn compute_unit_weights(bank: &mut RegBank, rules: &Rules) -> Result<(), Fatal> {
    let (mut sets, reg_sets) = uber_sets(bank, rules);
    uber_weights(bank, &mut sets);
    // LLVM asserts that the fix point comes within as many rounds as there are native units
    // (its release builds go round for ever); tdq stops there with the assertion's words.
    let mut changed = true;
    let mut rounds = 0;
    while changed {
        if rounds > bank.num_native_reg_units {
            return Err(Fatal::new(&[], "Runaway register unit weights"));
        }
        rounds += 1;
        changed = false;
        for r in 0..bank.registers.len() {
            let mut normal_units = BTreeSet::new();
            let mut normal_regs = vec![false; bank.registers.len()];
            changed |= normalize_weight(bank, rules, r, &mut sets, &reg_sets, &mut normal_regs, &mut normal_units);
        }
    }
    Ok(())
}

/// `computeUberSets`: the registers partitioned by the allocatable classes that join them, set
/// 0 holding every register in no allocatable class; and each register's set.
fn uber_sets(bank: &RegBank, rules: &Rules) -> (Vec<UberSet>, Vec<usize>) {
    let n = bank.registers.len() + 1;
    // Union-find over register numbers (a register's number is its position plus one), the
    // smaller number leading, as `IntEqClasses`.
    let mut leader: Vec<usize> = (0..n).collect();
    fn find(leader: &mut [usize], mut x: usize) -> usize {
        while leader[x] != x {
            leader[x] = leader[leader[x]];
            x = leader[x];
        }
        x
    }
    fn join(leader: &mut [usize], a: usize, b: usize) {
        let (a, b) = (find(leader, a), find(leader, b));
        if a != b {
            let (lo, hi) = if a < b { (a, b) } else { (b, a) };
            leader[hi] = lo;
        }
    }
    let mut allocatable = vec![false; n];
    for class in &bank.classes {
        if !class.allocatable {
            continue;
        }
        let regs: Vec<usize> = if rules.weights_ignore_artificial_registers {
            class.members.iter().copied().filter(|&r| !bank.registers[r].artificial).collect()
        } else {
            class.members.clone()
        };
        let Some((&first, rest)) = regs.split_first() else { continue };
        let set = find(&mut leader, first + 1);
        allocatable[first + 1] = true;
        for &r in rest {
            allocatable[r + 1] = true;
            join(&mut leader, set, r + 1);
        }
    }
    for r in 0..bank.registers.len() {
        if !allocatable[r + 1] {
            join(&mut leader, 0, r + 1);
        }
    }
    // `compress`: classes numbered by their smallest member.
    let mut class_of = vec![0usize; n];
    let mut classes = 0;
    for x in 0..n {
        let l = find(&mut leader, x);
        if l == x {
            class_of[x] = classes;
            classes += 1;
        } else {
            class_of[x] = class_of[l];
        }
    }
    let mut sets: Vec<UberSet> = (0..classes).map(|_| UberSet::default()).collect();
    let mut reg_sets = vec![0; bank.registers.len()];
    for r in 0..bank.registers.len() {
        let s = class_of[r + 1];
        sets[s].regs.push(r);
        reg_sets[r] = s;
    }
    (sets, reg_sets)
}

/// `computeUberWeights`: every set's weight but the first's (the unallocatable registers).
fn uber_weights(bank: &mut RegBank, sets: &mut [UberSet]) {
    for set in sets.iter_mut().skip(1) {
        uber_weight(bank, set);
    }
}

/// `computeUberWeight`: a set's weight, the largest of its registers' (units without a weight
/// get 1), and the registers with one unit that weigh as much.
fn uber_weight(bank: &mut RegBank, set: &mut UberSet) {
    let mut max = 0;
    for &r in &set.regs {
        let mut weight = 0;
        for &u in &bank.registers[r].reg_units {
            let unit = &mut bank.reg_units[u as usize];
            if !unit.artificial {
                if unit.weight == 0 {
                    unit.weight = 1;
                }
                weight += unit.weight;
            }
        }
        max = max.max(weight);
    }
    set.weight = max;
    for &r in &set.regs {
        let units = &bank.registers[r].reg_units;
        if units.len() == 1 && bank.register_weight(r) == set.weight {
            set.singular_determinants.extend(units.iter().copied());
        }
    }
}

/// `normalizeWeight`: makes `r` (its sub-registers first) weigh what its set weighs.
fn normalize_weight(
    bank: &mut RegBank,
    rules: &Rules,
    r: usize,
    sets: &mut [UberSet],
    reg_sets: &[usize],
    normal_regs: &mut [bool],
    normal_units: &mut BTreeSet<u32>,
) -> bool {
    if normal_regs[r] {
        return false;
    }
    normal_regs[r] = true;
    let mut changed = false;
    let subs: Vec<usize> = bank.registers[r].sub_regs.values().copied().collect();
    for &sr in &subs {
        if sr != r {
            changed |= normalize_weight(bank, rules, sr, sets, reg_sets, normal_regs, normal_units);
        }
    }
    // `inheritRegUnits`.
    let before = bank.registers[r].reg_units.len();
    let mut units = std::mem::take(&mut bank.registers[r].reg_units);
    for &sr in &subs {
        units.extend(bank.registers[sr].reg_units.iter().copied());
    }
    let inherited = units.len() != before;
    bank.registers[r].reg_units = units;
    if inherited {
        if rules.weights_recompute_own_set {
            uber_weight(bank, &mut sets[reg_sets[r]]);
        } else {
            uber_weights(bank, sets);
        }
    }
    let set = reg_sets[r];
    let weight = bank.register_weight(r);
    if sets[set].weight > weight {
        let units = &bank.registers[r].reg_units;
        let first = units.iter().next().copied();
        let adjustable = match first {
            Some(u)
                if units.len() == 1 && !normal_units.contains(&u) && !sets[set].singular_determinants.contains(&u) =>
            {
                Some(u)
            }
            _ => None,
        };
        let missing = sets[set].weight - weight;
        match adjustable {
            None => {
                bank.reg_units.push(super::RegUnit { weight: missing, ..Default::default() });
                let adopted = (bank.reg_units.len() - 1) as u32;
                bank.registers[r].reg_units.insert(adopted);
            }
            Some(u) => {
                if !bank.reg_units[u as usize].artificial {
                    bank.reg_units[u as usize].weight += missing;
                }
                uber_weights(bank, sets);
            }
        }
        changed = true;
    }
    normal_units.extend(bank.registers[r].reg_units.iter().copied());
    changed
}

/// `enforceRegUnitIntervals` (LLVM 23): swaps units so that each register's native units are
/// consecutive, registers in order; a unit swapped once is not swapped again.
fn enforce_unit_intervals(bank: &mut RegBank) -> Result<(), Fatal> {
    let mut renumbered: Vec<Option<u32>> = vec![None; bank.reg_units.len()];
    let mut fixed = BTreeSet::new();
    for r in 0..bank.registers.len() {
        let units: BTreeSet<u32> =
            bank.registers[r].native_reg_units.iter().map(|&u| renumbered[u as usize].unwrap_or(u)).collect();
        let mut iter = units.iter().copied();
        let Some(mut last) = iter.next() else { continue };
        for mut this in iter {
            if this != last + 1 {
                if fixed.contains(&(last + 1)) {
                    let root =
                        bank.reg_units[(last + 1) as usize].roots.first().map_or("", |&x| &bank.registers[x].name);
                    return Err(Fatal::new(
                        &[],
                        format!(
                            "cannot enforce regunit intervals for register {}: unit {} (root: {root}) has already been renumbered and cannot be swapped",
                            bank.registers[r].name,
                            last + 1
                        ),
                    ));
                }
                renumbered[(last + 1) as usize] = Some(this);
                renumbered[this as usize] = Some(last + 1);
                fixed.insert(last + 1);
                this = last + 1;
            }
            last = this;
        }
    }
    let renumber = |u: &u32| renumbered[*u as usize].unwrap_or(*u);
    for r in 0..bank.registers.len() {
        let reg = &mut bank.registers[r];
        reg.reg_units = reg.reg_units.iter().map(renumber).collect();
        let native: BTreeSet<u32> = reg.native_reg_units.iter().map(renumber).collect();
        let contiguous = native.iter().zip(native.iter().skip(1)).all(|(a, b)| *b == a + 1);
        if !contiguous {
            return Err(Fatal::new(
                &[],
                format!(
                    "cannot enforce regunit intervals, final renumbering did not produce contiguous units for register {}\n",
                    reg.name
                ),
            ));
        }
        reg.native_reg_units = native;
    }
    Ok(())
}

fn is_subset(sub: &[u32], sup: &[u32]) -> bool {
    let mut it = sup.iter();
    sub.iter().all(|x| it.by_ref().any(|y| y == x))
}

/// `pruneUnitSets`: a set nearly equal to a larger one (at most two units fewer, units of the
/// same weight) is merged into it, which takes the shorter name.
fn prune_unit_sets(bank: &RegBank, sets: &mut Vec<RegUnitSet>) {
    let end = sets.len();
    let mut kept = Vec::new();
    for sub in 0..end {
        let mut found = false;
        for sup in 0..end {
            if sup == sub {
                continue;
            }
            let weight = bank.reg_units[sets[sub].units[0] as usize].weight;
            let (s, p) = (&sets[sub], &sets[sup]);
            if is_subset(&s.units, &p.units)
                && s.units.len() + 3 > p.units.len()
                && weight == bank.reg_units[p.units[0] as usize].weight
                && weight == bank.reg_units[*p.units.last().expect("a unit set is never empty") as usize].weight
            {
                if sets[sub].name.len() < sets[sup].name.len() {
                    sets[sup].name = sets[sub].name.clone();
                }
                found = true;
                break;
            }
        }
        if !found {
            kept.push(sub);
        }
    }
    let old = std::mem::take(sets);
    let mut old: Vec<Option<RegUnitSet>> = old.into_iter().map(Some).collect();
    for k in kept {
        sets.push(old[k].take().expect("each set is kept once"));
    }
}

/// `computeRegUnitSets`.
fn compute_unit_sets(info: &mut RegisterInfo) -> Result<(), Fatal> {
    let bank = &info.bank;
    let mut sets: Vec<RegUnitSet> = Vec::new();
    for (c, class) in bank.classes.iter().enumerate() {
        if !class.allocatable || class.artificial || !class.generate_pressure_set {
            continue;
        }
        let units = class_units(bank, c);
        if !sets.iter().any(|s| s.units == units) {
            sets.push(RegUnitSet { name: class.name.clone(), units, weight: 0, order: 0 });
        }
    }
    if sets.is_empty() {
        return Err(Fatal::new(&[], "RegUnitSets cannot be empty!"));
    }
    prune_unit_sets(bank, &mut sets);
    let end = sets.len();
    for i in 0..end {
        for j in i + 1..end {
            let (a, b) = (&sets[i].units, &sets[j].units);
            let mut union = Vec::with_capacity(a.len() + b.len());
            let (mut x, mut y, mut common) = (0, 0, false);
            while x < a.len() || y < b.len() {
                if y == b.len() || (x < a.len() && a[x] < b[y]) {
                    union.push(a[x]);
                    x += 1;
                } else if x == a.len() || b[y] < a[x] {
                    union.push(b[y]);
                    y += 1;
                } else {
                    union.push(a[x]);
                    common = true;
                    x += 1;
                    y += 1;
                }
            }
            if !common {
                continue;
            }
            if !sets.iter().any(|s| s.units == union) {
                let name = format!("{}_with_{}", sets[i].name, sets[j].name);
                sets.push(RegUnitSet { name, units: union, weight: 0, order: 0 });
            }
        }
    }
    prune_unit_sets(bank, &mut sets);
    let mut class_sets: Vec<Vec<usize>> = vec![Vec::new(); bank.classes.len()];
    for (c, class) in bank.classes.iter().enumerate() {
        if !class.allocatable {
            continue;
        }
        let units = class_units(bank, c);
        if units.is_empty() {
            continue;
        }
        class_sets[c] = sets.iter().enumerate().filter(|(_, s)| is_subset(&units, &s.units)).map(|(i, _)| i).collect();
    }
    let mut unit_lists = Vec::with_capacity(bank.num_native_reg_units);
    for unit in 0..bank.num_native_reg_units as u32 {
        let in_sets: Vec<usize> =
            sets.iter().enumerate().filter(|(_, s)| s.units.binary_search(&unit).is_ok()).map(|(i, _)| i).collect();
        let position = match class_sets.iter().position(|l| *l == in_sets) {
            Some(p) => p,
            None => {
                class_sets.push(in_sets);
                class_sets.len() - 1
            }
        };
        unit_lists.push(position);
    }
    for (unit, position) in unit_lists.into_iter().enumerate() {
        info.bank.reg_units[unit].reg_class_unit_sets_index = position;
    }
    info.pressure_sets = sets;
    info.class_pressure_sets = class_sets;
    Ok(())
}

/// `computeRegUnitLaneMasks`: for each of a register's units, the lanes of the leaf
/// sub-registers that have it.
fn compute_unit_lane_masks(bank: &mut RegBank) {
    for r in 0..bank.registers.len() {
        let reg = &bank.registers[r];
        let units: Vec<u32> = reg.reg_units.iter().copied().collect();
        let mut masks = vec![LaneMask::MAX; units.len()];
        for (&idx, &sr) in &reg.sub_regs {
            let sub = &bank.registers[sr];
            if !sub.sub_regs.is_empty() {
                continue;
            }
            let lanes = bank.sub_reg_indices[idx].lane_mask;
            for u in &sub.reg_units {
                if let Ok(at) = units.binary_search(u) {
                    masks[at] &= lanes;
                }
            }
        }
        bank.registers[r].reg_unit_lane_masks = masks;
    }
}
