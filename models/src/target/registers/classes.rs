//! Register classes (LLVM's `CodeGenRegisterClass`, `CodeGenRegisterCategory` and the parts
//! of `CodeGenRegBank` that make them): the `RegisterClass` defs, the classes LLVM infers so
//! that every intersection, every "registers with sub-register index I" and every "registers
//! whose I sub-register is in class C" is a class, the topological order that numbers them,
//! and their sub- and super-classes.

use super::{Builder, MatchingSuper, Result};
use crate::bit_vector::BitVector;
use crate::records::{Fatal, Fields};
use crate::set_theory::Member;
use crate::target::info_by_hw_mode::{value_type_by_mode, ByMode, RegSizeByMode, RegSizeInfo, VtByMode, DEFAULT_MODE};
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use std::collections::BTreeMap;
use tdq_core::phases;
use tdq_core::types::RecId;

/// One register class; its `EnumValue` is its position in [`super::RegBank::classes`].
#[derive(Clone, Debug)]
pub struct RegisterClass {
    /// The `RegisterClass` def, or none for an inferred class.
    pub def: Option<RecId>,
    pub name: String,
    /// The registers, by number order, once each.
    pub members: Vec<usize>,
    member_set: BitVector,
    /// The allocation orders: the members in the def's order, then each `AltOrders` list.
    pub orders: Vec<Vec<usize>>,
    /// The classes whose registers may stand for this class's (itself included), by position.
    pub sub_classes: BitVector,
    /// The classes this is a sub-class of, by position, itself left out.
    pub super_classes: Vec<usize>,
    /// The largest sub-class all of whose registers have each sub-register index.
    pub sub_class_with_sub_reg: HashMap<usize, usize>,
    /// For each index, the classes whose registers' sub-registers by it are all in this class.
    pub super_reg_classes: BTreeMap<usize, BitVector>,
    /// The topological signatures of its members (LLVM 22 on: only of those with
    /// super-registers).
    topo_sigs: BitVector,
    /// The index and class an inferred `_with_I_in_C` class was made for.
    pub inferred_from: Option<(usize, usize)>,
    pub namespace: &'static str,
    pub value_types: Vec<VtByMode>,
    pub rsi: RegSizeByMode,
    /// `CopyCost` (an `int` in LLVM 19, a `uint8_t` after).
    pub copy_cost: i64,
    pub allocatable: bool,
    pub alt_order_select: &'static str,
    pub allocation_priority: u8,
    pub global_priority: bool,
    pub ts_flags: u8,
    pub spill_stack_id: u8,
    /// Set by `computeDerivedInfo`.
    pub lane_mask: super::LaneMask,
    pub has_disjunct_sub_regs: bool,
    pub covered_by_sub_regs: bool,
    /// All of its registers are artificial.
    pub artificial: bool,
    pub generate_pressure_set: bool,
    /// Its def's `BaseClassOrder`, if set.
    pub base_class_order: Option<i64>,
    /// Its def's `Weight`, if set.
    pub weight: Option<i64>,
}

impl RegisterClass {
    /// `contains`.
    pub fn contains(&self, reg: usize) -> bool {
        self.member_set.test(reg)
    }

    /// `hasSubClass`: `class` (a position) is a sub-class of this one.
    pub fn has_sub_class(&self, class: usize) -> bool {
        self.sub_classes.test(class)
    }

    /// `getSuperRegClasses`: the classes whose registers' `idx` sub-registers are all in this
    /// class.
    pub fn super_reg_classes(&self, idx: usize) -> impl Iterator<Item = usize> + '_ {
        self.super_reg_classes.get(&idx).into_iter().flat_map(BitVector::ones)
    }

    /// `getNamespaceQualification`.
    pub fn namespace_qualification(&self) -> String {
        if self.namespace.is_empty() {
            String::new()
        } else {
            format!("{}::", self.namespace)
        }
    }

    /// `getQualifiedName`.
    pub fn qualified_name(&self) -> String {
        format!("{}{}", self.namespace_qualification(), self.name)
    }

    /// `getIdName`.
    pub fn id_name(&self) -> String {
        format!("{}RegClassID", self.name)
    }

    /// `getQualifiedIdName`.
    pub fn qualified_id_name(&self) -> String {
        format!("{}{}", self.namespace_qualification(), self.id_name())
    }

    /// `hasType`: one of the class's types is `vt`, or, for a simple `vt`, holds it in some
    /// mode.
    pub fn has_type(&self, vt: &VtByMode) -> bool {
        if self.value_types.contains(vt) {
            return true;
        }
        if vt.is_simple() {
            let t = vt.first();
            return self.value_types.iter().any(|ours| ours.iter().any(|(_, v)| v == t));
        }
        false
    }
}

/// LLVM's `CodeGenRegisterCategory`: a `RegisterCategory` def and its classes.
#[derive(Clone, Debug)]
pub struct RegisterCategory {
    pub def: RecId,
    pub name: &'static str,
    pub classes: Vec<usize>,
}

/// `CodeGenRegisterClass::Key`: what makes two classes the same for inference.
type Key = (Vec<usize>, RegSizeInfo);

/// The classes under construction, in creation order until they are sorted.
struct Classes<'b, 'a> {
    b: &'b mut Builder<'a>,
    classes: Vec<RegisterClass>,
    by_key: HashMap<Key, usize>,
    /// The names of the classes so far.
    names: HashSet<String>,
}

/// Reads the classes, infers the missing ones, numbers them topologically and relates them.
pub(super) fn build(b: &mut Builder<'_>, defs: &[RecId]) -> Result<()> {
    let mut c = Classes { b, classes: Vec::new(), by_key: HashMap::default(), names: HashSet::default() };
    for &def in defs {
        let rc = c.read(def)?;
        let artificial = rc.artificial;
        c.names.insert(rc.name.clone());
        c.classes.push(rc);
        if !artificial {
            c.add_to_maps(c.classes.len() - 1);
        }
    }
    c.infer()?;
    let Classes { b, classes, .. } = c;
    let mut classes = sort_topologically(classes);
    compute_sub_classes(&mut classes, b.rules.inherit_from_nearest_allocatable);
    // `addToMaps`: a class all of whose registers are artificial is no class of the bank.
    for (i, rc) in classes.iter().enumerate() {
        if let (Some(def), false) = (rc.def, rc.artificial) {
            b.bank.class_by_def.entry(def).or_insert(i);
        }
    }
    b.bank.classes = classes;
    let f = b.f;
    for &def in b.all("RegisterCategory")?.iter() {
        let mut category = RegisterCategory { def, name: f.name(def), classes: Vec::new() };
        for class in f.defs(def, "Classes")? {
            category.classes.push(b.bank.class(b.input, class)?);
        }
        b.bank.categories.push(category);
    }
    Ok(())
}

/// `getRegClass`'s error for a def that is no register class of the bank.
pub(super) fn unknown_class(input: &tdq_core::Evaluation, class: RecId) -> Fatal {
    unknown_class_at(input, class, &[])
}

/// `getRegClass(Def, Loc)`'s error: at `at` (the def's own location when empty), with a note
/// where the def is.
pub(super) fn unknown_class_at(input: &tdq_core::Evaluation, class: RecId, at: &[tdq_core::Loc]) -> Fatal {
    let f = Fields { input };
    let name = f.name(class);
    let locs = &input.records.get(class).locs;
    if !super::RULES.get(input.records.release).unknown_class_named {
        return Fatal::new(locs, "Not a known RegisterClass!");
    }
    let at = if at.is_empty() { &locs[..] } else { at };
    let message = if f.is_a(class, "RegClassByHwMode") {
        format!("cannot resolve HwMode for {name}")
    } else {
        format!("{name} is not a known RegisterClass!")
    };
    let mut fatal = Fatal::new(at, message);
    fatal.note(locs, format!("{name} defined here"));
    fatal
}

impl Classes<'_, '_> {
    fn key(&self, members: &[usize], rsi: &RegSizeByMode) -> Key {
        let registers = &self.b.bank.registers;
        let members = if self.b.rules.classes_ignore_artificial {
            members.iter().copied().filter(|&r| !registers[r].artificial).collect()
        } else {
            members.to_vec()
        };
        (members, rsi.key())
    }

    /// `addToMaps`: the first class with a key is the one found for it.
    fn add_to_maps(&mut self, i: usize) {
        let key = self.key(&self.classes[i].members, &self.classes[i].rsi);
        self.by_key.entry(key).or_insert(i);
    }

    /// The register a class member is.
    fn register(&self, member: Member, class: RecId) -> Result<usize> {
        self.b.bank.by_member.get(&member).copied().ok_or_else(|| {
            Fatal::new(
                self.b.locs(class),
                format!("'{}' in register class {} is not a register", self.b.sets.name(member), self.b.f.name(class)),
            )
        })
    }

    /// The `CodeGenRegisterClass` constructor for a def.
    fn read(&mut self, def: RecId) -> Result<RegisterClass> {
        let f: Fields = self.b.f;
        let locs = self.b.locs(def);
        let fatal = |message: String| Fatal::new(locs, message);
        let generate_pressure_set = f.bit(def, "GeneratePressureSet")?;
        let types = f.defs(def, "RegTypes")?;
        if types.is_empty() {
            return Err(fatal("RegTypes list must not be empty!".into()));
        }
        let mut value_types = Vec::with_capacity(types.len());
        for ty in types {
            if !f.is_a(ty, "ValueType") {
                return Err(fatal(format!(
                    "RegTypes list member '{}' does not derive from the ValueType class!",
                    f.name(ty)
                )));
            }
            value_types.push(value_type_by_mode(self.b.input, self.b.hw_modes, ty)?);
        }
        let elements = self.b.sets.expand(def)?.unwrap_or_default();
        let alt_orders = f.list(def, "AltOrders")?;
        let mut orders = vec![Vec::new(); 1 + alt_orders.len()];
        for &element in elements.iter() {
            orders[0].push(self.register(element, def)?);
        }
        let mut members = orders[0].clone();
        members.sort_unstable();
        members.dedup();
        // Members, their set and signatures, artificial: as an inferred class has them.
        let base = self.synthesized(f.name(def).to_string(), members, ByMode::default());
        for (i, &alt) in alt_orders.iter().enumerate() {
            let order = self.b.sets.evaluate_members(alt, locs)?;
            let mut regs = Vec::with_capacity(order.len());
            for &m in &order {
                regs.push(self.register(m, def)?);
            }
            if let Some(&outside) = regs.iter().rev().find(|&&r| !base.contains(r)) {
                let name = &self.b.bank.registers[outside].name;
                return Err(fatal(format!(" AltOrder register {name} is not a class member")));
            }
            orders[1 + i] = regs;
        }
        let namespace = f.string(def, "Namespace")?;
        let mut rsi = match self.b.optional_def(def, "RegInfos")? {
            Some(infos) => RegSizeByMode::read(self.b.input, self.b.hw_modes, infos)?,
            None => ByMode::default(),
        };
        let size = f.int(def, "Size")? as u32;
        if !rsi.has_default() {
            if size == 0 && !value_types[0].is_simple() {
                return Err(fatal("Impossible to determine register size".into()));
            }
            let size = if size != 0 { size } else { value_types[0].first().size as u32 };
            let alignment = f.int(def, "Alignment")? as u32;
            rsi.insert_if_absent(
                DEFAULT_MODE,
                RegSizeInfo { reg_size: size, spill_size: size, spill_alignment: alignment },
            );
        }
        let copy_cost_parsed = f.int(def, "CopyCost")?;
        let allocatable = f.bit(def, "isAllocatable")?;
        let alt_order_select = f.string(def, "AltOrderSelect")?;
        let mut spill_stack_id = 0;
        if self.b.rules.spill_stack_id {
            let id = f.int(def, "SpillStackID")?;
            if !(0..=255).contains(&id) {
                return Err(fatal("SpillStackID out of range [0,255]".into()));
            }
            spill_stack_id = id as u8;
        }
        let allocation_priority = f.int(def, "AllocationPriority")?;
        if !(0..32).contains(&allocation_priority) {
            return Err(fatal("AllocationPriority out of range [0,31]".into()));
        }
        let global_priority = f.bit(def, "GlobalPriority")?;
        let mut ts_flags = 0u8;
        for (i, bit) in f.bits(def, "TSFlags")?.iter().enumerate().take(8) {
            if matches!(bit.kind(), tdq_core::init::InitKind::Bit(true)) {
                ts_flags |= 1 << i;
            }
        }
        let copy_cost = if self.b.rules.copy_cost_u8 {
            if copy_cost_parsed > 255 {
                return Err(fatal("'CopyCost' must be an 8-bit value".into()));
            }
            copy_cost_parsed as u8 as i64
        } else {
            copy_cost_parsed
        };
        let base_class_order = if f.value(def, "BaseClassOrder").is_some() && !f.is_unset(def, "BaseClassOrder")? {
            Some(f.int(def, "BaseClassOrder")?)
        } else {
            None
        };
        let weight = if !f.is_unset(def, "Weight")? { Some(f.int(def, "Weight")?) } else { None };
        Ok(RegisterClass {
            def: Some(def),
            orders,
            namespace,
            value_types,
            rsi,
            copy_cost,
            allocatable,
            alt_order_select,
            allocation_priority: allocation_priority as u8,
            global_priority,
            ts_flags,
            spill_stack_id,
            generate_pressure_set,
            base_class_order,
            weight,
            ..base
        })
    }

    /// The constructor of an inferred class: its members and sizes; the rest is inherited
    /// from its super-classes once they are known.
    fn synthesized(&self, name: String, members: Vec<usize>, rsi: RegSizeByMode) -> RegisterClass {
        let registers = &self.b.bank.registers;
        let mut member_set = BitVector::new(registers.len());
        let mut topo_sigs = BitVector::new(self.b.bank.num_topo_sigs);
        let sigs_of_all = self.b.rules.matching_super == MatchingSuper::ByIndex;
        let mut artificial = true;
        for &r in &members {
            member_set.set(r);
            if sigs_of_all || !registers[r].super_regs.is_empty() {
                topo_sigs.set(registers[r].topo_sig as usize);
            }
            artificial &= registers[r].artificial;
        }
        RegisterClass {
            def: None,
            name,
            members,
            member_set,
            orders: Vec::new(),
            sub_classes: BitVector::new(0),
            super_classes: Vec::new(),
            sub_class_with_sub_reg: HashMap::default(),
            super_reg_classes: BTreeMap::new(),
            topo_sigs,
            inferred_from: None,
            namespace: "",
            value_types: Vec::new(),
            rsi,
            copy_cost: 0,
            allocatable: true,
            alt_order_select: "",
            allocation_priority: 0,
            global_priority: false,
            ts_flags: 0,
            spill_stack_id: 0,
            lane_mask: 0,
            has_disjunct_sub_regs: false,
            covered_by_sub_regs: true,
            artificial,
            generate_pressure_set: false,
            base_class_order: None,
            weight: None,
        }
    }

    /// `getOrCreateSubClass`: the class with these members and `rc`'s sizes, made if missing.
    fn get_or_create_sub_class(&mut self, rc: usize, members: &[usize], name: String) -> (usize, bool) {
        let rsi = self.classes[rc].rsi.clone();
        let key = self.key(members, &rsi);
        if let Some(&found) = self.by_key.get(&key) {
            return (found, false);
        }
        let class = self.synthesized(name, members.to_vec(), rsi);
        self.names.insert(class.name.clone());
        self.classes.push(class);
        let i = self.classes.len() - 1;
        self.by_key.insert(key, i);
        (i, true)
    }

    fn non_artificial_count(&self, rc: usize) -> usize {
        let registers = &self.b.bank.registers;
        if self.b.rules.classes_ignore_artificial {
            self.classes[rc].members.iter().filter(|&&r| !registers[r].artificial).count()
        } else {
            self.classes[rc].members.len()
        }
    }

    /// `computeInferredRegisterClasses`.
    fn infer(&mut self) -> Result<()> {
        let timed = self.b.rules.timed_phases;
        if timed {
            phases::start("Compute inferred register classes");
        }
        let mut first_new = self.classes.len() - 1;
        let mut i = 0;
        while i < self.classes.len() {
            if !self.classes[i].artificial {
                self.infer_sub_class_with_sub_reg(i);
                self.infer_common_sub_class(i);
                self.infer_matching_super_reg_class(i, 0);
                if i == first_new {
                    let next_new = self.classes.len() - 1;
                    for i2 in 0..=first_new {
                        self.infer_matching_super_reg_class(i2, first_new + 1);
                    }
                    first_new = next_new;
                }
            }
            i += 1;
        }
        if timed {
            phases::start("Extend super-register classes");
        }
        if self.b.rules.matching_super == MatchingSuper::Topological {
            let rpot = self.b.bank.sub_reg_indices_rpot.clone();
            for idx in rpot {
                for rc in 0..self.classes.len() {
                    self.extend_super_reg_classes(rc, idx);
                }
            }
        }
        if timed {
            phases::stop();
        }
        Ok(())
    }

    /// `inferSubClassWithSubReg`: for each index some of the class's registers have, the
    /// sub-class of those registers.
    fn infer_sub_class_with_sub_reg(&mut self, rc: usize) {
        let registers = &self.b.bank.registers;
        let mut sets: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
        for &r in &self.classes[rc].members {
            if registers[r].artificial {
                continue;
            }
            for &idx in registers[r].sub_regs.keys() {
                sets.entry(idx).or_default().push(r);
            }
        }
        let all = self.non_artificial_count(rc);
        for (idx, regs) in sets {
            if self.b.rules.sub_class_skips_artificial_indices && self.b.bank.sub_reg_indices[idx].artificial {
                continue;
            }
            if regs.len() == all {
                self.classes[rc].sub_class_with_sub_reg.insert(idx, rc);
                continue;
            }
            if self.b.bank.sub_reg_indices[idx].artificial {
                continue;
            }
            let name = format!("{}_with_{}", self.classes[rc].name, self.b.bank.sub_reg_indices[idx].name);
            let (sub, _) = self.get_or_create_sub_class(rc, &regs, name);
            self.classes[rc].sub_class_with_sub_reg.insert(idx, sub);
        }
    }

    /// `inferCommonSubClass`: the intersection of the class with each other one.
    fn infer_common_sub_class(&mut self, rc: usize) {
        let last = self.classes.len();
        for other in 0..last {
            if other == rc {
                continue;
            }
            let (a, b) = (&self.classes[rc].members, &self.classes[other].members);
            let intersection = sorted_intersection(a, b);
            if intersection.is_empty() {
                continue;
            }
            let registers = &self.b.bank.registers;
            if self.b.rules.classes_ignore_artificial && intersection.iter().all(|&r| registers[r].artificial) {
                continue;
            }
            let (mut rc1, mut rc2) = (rc, other);
            if self.classes[rc2].rsi.has_stricter_spill_than(&self.classes[rc1].rsi) {
                std::mem::swap(&mut rc1, &mut rc2);
            }
            let name = format!("{}_and_{}", self.classes[rc1].name, self.classes[rc2].name);
            self.get_or_create_sub_class(rc1, &intersection, name);
        }
    }

    /// `inferMatchingSuperRegClass`: for each index all of the class's registers have and
    /// each candidate class from `first_sub`, the sub-class of registers whose sub-register
    /// by the index is in the candidate.
    fn infer_matching_super_reg_class(&mut self, rc: usize, first_sub: usize) {
        match self.b.rules.matching_super {
            MatchingSuper::ByIndex => self.infer_matching_by_index(rc, first_sub),
            MatchingSuper::Topological => self.infer_matching_topologically(rc, first_sub),
        }
    }

    fn infer_matching_by_index(&mut self, rc: usize, first_sub: usize) {
        for idx in 0..self.b.bank.sub_reg_indices.len() {
            if self.classes[rc].sub_class_with_sub_reg.get(&idx) != Some(&rc) {
                continue;
            }
            let registers = &self.b.bank.registers;
            let mut sub_to_supers: HashMap<usize, Vec<usize>> = HashMap::default();
            let mut sigs = BitVector::new(self.b.bank.num_topo_sigs);
            for &sup in &self.classes[rc].members {
                let sub = registers[sup].sub_regs[&idx];
                sub_to_supers.entry(sub).or_default().push(sup);
                sigs.set(registers[sub].topo_sig as usize);
            }
            let end = self.classes.len();
            for sub_rc in first_sub..end {
                let candidate = &self.classes[sub_rc];
                if candidate.artificial || !sigs.any_common(&candidate.topo_sigs) {
                    continue;
                }
                let mut subset: Vec<usize> = Vec::new();
                for r in &candidate.members {
                    if let Some(supers) = sub_to_supers.get(r) {
                        subset.extend(supers);
                    }
                }
                if subset.is_empty() {
                    continue;
                }
                subset.sort_unstable();
                subset.dedup();
                if subset.len() == self.classes[rc].members.len() {
                    self.classes[sub_rc].super_reg_classes.entry(idx).or_default().set(rc);
                    continue;
                }
                let name = format!(
                    "{}_with_{}_in_{}",
                    self.classes[rc].name, self.b.bank.sub_reg_indices[idx].name, self.classes[sub_rc].name
                );
                self.get_or_create_sub_class(rc, &subset, name);
            }
        }
    }

    fn infer_matching_topologically(&mut self, rc: usize, first_sub: usize) {
        let ignore_artificial = self.b.rules.classes_ignore_artificial;
        let mut implied: HashSet<usize> = HashSet::default();
        let rpot = self.b.bank.sub_reg_indices_rpot.clone();
        for idx in rpot {
            if self.classes[rc].sub_class_with_sub_reg.get(&idx) != Some(&rc) || implied.contains(&idx) {
                continue;
            }
            let registers = &self.b.bank.registers;
            let mut pairs: Vec<(usize, usize)> = Vec::new();
            let mut sigs = BitVector::new(self.b.bank.num_topo_sigs);
            for &sup in &self.classes[rc].members {
                if ignore_artificial && registers[sup].artificial {
                    continue;
                }
                let sub = registers[sup].sub_regs[&idx];
                pairs.push((sub, sup));
                sigs.set(registers[sub].topo_sig as usize);
            }
            let all = self.non_artificial_count(rc);
            let end = self.classes.len();
            for sub_rc in first_sub..end {
                let candidate = &self.classes[sub_rc];
                if candidate.artificial || !sigs.any_common(&candidate.topo_sigs) {
                    continue;
                }
                let subset: Vec<usize> =
                    pairs.iter().filter(|&&(sub, _)| candidate.contains(sub)).map(|&(_, sup)| sup).collect();
                if subset.is_empty() {
                    continue;
                }
                if subset.len() == all {
                    self.classes[sub_rc].super_reg_classes.entry(idx).or_default().set(rc);
                    implied.extend(self.b.bank.sub_reg_indices[idx].composed.values());
                    continue;
                }
                let indices = &self.b.bank.sub_reg_indices;
                let (mut composite_idx, mut composite_rc) = (idx, sub_rc);
                if let Some((sub_sub_idx, from_rc)) = self.classes[sub_rc].inferred_from {
                    if let Some(c) = indices[idx].composed.get(sub_sub_idx) {
                        composite_idx = c;
                        composite_rc = from_rc;
                    }
                }
                let mut name = format!(
                    "{}_with_{}_in_{}",
                    self.classes[rc].name, indices[composite_idx].name, self.classes[composite_rc].name
                );
                if ignore_artificial && self.names.contains(&name) {
                    name = format!(
                        "{}_with_{}_in_{}",
                        self.classes[rc].name, indices[idx].name, self.classes[sub_rc].name
                    );
                }
                let (made, inserted) = self.get_or_create_sub_class(rc, &subset, name);
                if inserted {
                    self.classes[made].inferred_from = Some((composite_idx, composite_rc));
                }
            }
        }
    }

    /// `extendSuperRegClasses`: super-register classes through a middle class, composed.
    fn extend_super_reg_classes(&mut self, rc: usize, idx: usize) {
        let Some(mids) = self.classes[rc].super_reg_classes.get(&idx) else { return };
        let mids: Vec<usize> = mids.ones().collect();
        let mut added: BTreeMap<usize, BitVector> = BTreeMap::new();
        for mid in mids {
            for (&idx2, supers) in &self.classes[mid].super_reg_classes {
                let Some(composed) = self.b.bank.sub_reg_indices[idx2].composed.get(idx) else { continue };
                added.entry(composed).or_default().union_with(supers);
            }
        }
        for (composed, supers) in added {
            self.classes[rc].super_reg_classes.entry(composed).or_default().union_with(&supers);
        }
    }
}

/// The members both sorted lists have.
fn sorted_intersection(a: &[usize], b: &[usize]) -> Vec<usize> {
    let (mut i, mut j) = (0, 0);
    let mut out = Vec::new();
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                out.push(a[i]);
                i += 1;
                j += 1;
            }
        }
    }
    out
}

/// `sorted(a) ⊇ sorted(b)`.
fn includes(a: &[usize], b: &[usize]) -> bool {
    let mut i = 0;
    for &x in b {
        while i < a.len() && a[i] < x {
            i += 1;
        }
        if i == a.len() || a[i] != x {
            return false;
        }
        i += 1;
    }
    true
}

/// `testSubClass`: `b` may stand for `a`.
fn test_sub_class(a: &RegisterClass, b: &RegisterClass) -> bool {
    a.rsi.is_sub_class_of(&b.rsi) && includes(&a.members, &b.members)
}

/// `TopoOrderRC` (a stable sort): by sizes, then more members first, then name; every class
/// reference renumbered to the new positions.
fn sort_topologically(classes: Vec<RegisterClass>) -> Vec<RegisterClass> {
    let mut order: Vec<usize> = (0..classes.len()).collect();
    order.sort_by(|&a, &b| {
        let (x, y) = (&classes[a], &classes[b]);
        x.rsi
            .key()
            .cmp(&y.rsi.key())
            .then(y.members.len().cmp(&x.members.len()))
            .then(x.name.as_bytes().cmp(y.name.as_bytes()))
    });
    let mut position = vec![0; classes.len()];
    for (new, &old) in order.iter().enumerate() {
        position[old] = new;
    }
    let mut slots: Vec<Option<RegisterClass>> = classes.into_iter().map(Some).collect();
    let mut sorted = Vec::with_capacity(slots.len());
    for &old in &order {
        let mut rc = slots[old].take().expect("each class once");
        for v in rc.sub_class_with_sub_reg.values_mut() {
            *v = position[*v];
        }
        for set in rc.super_reg_classes.values_mut() {
            let mut renumbered = BitVector::new(position.len());
            for c in set.ones() {
                renumbered.set(position[c]);
            }
            *set = renumbered;
        }
        if let Some((_, from)) = rc.inferred_from.as_mut() {
            *from = position[*from];
        }
        sorted.push(rc);
    }
    sorted
}

/// `computeSubClasses`, then `inheritProperties` for inferred classes.
fn compute_sub_classes(classes: &mut [RegisterClass], nearest_allocatable: bool) {
    let n = classes.len();
    for i in (0..n).rev() {
        let mut subs = BitVector::new(n);
        subs.set(i);
        if !classes[i].artificial {
            for j in i + 1..n {
                if subs.test(j) || !test_sub_class(&classes[i], &classes[j]) {
                    continue;
                }
                let below = classes[j].sub_classes.clone();
                subs.union_with(&below);
            }
            // Clique members just before this class.
            let mut j = i;
            while j > 0 && test_sub_class(&classes[i], &classes[j - 1]) {
                subs.set(j - 1);
                j -= 1;
            }
        }
        classes[i].sub_classes = subs;
    }
    for i in 0..n {
        let subs: Vec<usize> = classes[i].sub_classes.ones().filter(|&s| s != i).collect();
        for s in subs {
            classes[s].super_classes.push(i);
        }
    }
    for i in 0..n {
        if classes[i].def.is_none() {
            inherit_properties(classes, i, nearest_allocatable);
        }
    }
}

/// `inheritProperties`: an inferred class takes its super-class's properties and the
/// super-class's allocation orders, its own registers kept.
fn inherit_properties(classes: &mut [RegisterClass], i: usize, nearest_allocatable: bool) {
    let supers = &classes[i].super_classes;
    let Some(&last) = supers.last() else { return };
    let (from, allocatable) = if nearest_allocatable {
        let from = supers.iter().rev().copied().find(|&s| classes[s].allocatable).unwrap_or(last);
        (from, classes[from].allocatable)
    } else {
        (last, supers.iter().any(|&s| classes[s].allocatable))
    };
    let sup = classes[from].clone();
    let rc = &mut classes[i];
    rc.namespace = sup.namespace;
    rc.value_types = sup.value_types;
    rc.copy_cost = sup.copy_cost;
    rc.allocatable = allocatable;
    rc.alt_order_select = sup.alt_order_select;
    rc.allocation_priority = sup.allocation_priority;
    rc.global_priority = sup.global_priority;
    rc.ts_flags = sup.ts_flags;
    rc.spill_stack_id = sup.spill_stack_id;
    rc.generate_pressure_set |= sup.generate_pressure_set;
    rc.orders =
        sup.orders.iter().map(|order| order.iter().copied().filter(|&r| rc.member_set.test(r)).collect()).collect();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn includes_and_intersection_follow_sorted_lists() {
        assert!(includes(&[1, 3, 5, 7], &[3, 7]));
        assert!(!includes(&[1, 3, 5], &[2]));
        assert!(includes(&[1], &[]));
        assert_eq!(sorted_intersection(&[1, 2, 4, 8], &[2, 3, 4, 9]), vec![2, 4]);
    }
}
