//! Value types by HW mode and the operations of type inference (LLVM's `MachineValueTypeSet`,
//! `TypeSetByHwMode` and `TypeInfer` in `CodeGenDAGPatterns`): each node result of a tree
//! pattern has, per HW mode, the set of machine value types it may still have; constraints
//! narrow the sets until nothing changes ([`super::infer`] applies them over trees).
//!
//! A set is a bit set over MVT numbers (the enumerators of the release's `ValueTypes.td`,
//! [`crate::target::value_types`]), so that "the first type" of a set is the smallest MVT, as in
//! LLVM. The properties each operation reads (integer, floating point, vector, scalable, sizes,
//! element type and count) are the `ValueType` def's fields, kept in an [`MvtTable`].

use crate::records::{Fatal, Fields};
use crate::target::info_by_hw_mode::{VtByMode, DEFAULT_MODE};
use crate::target::value_types::ValueTypes;
use smallvec::{smallvec, SmallVec};
use tdq_core::Evaluation;

/// How many MVT numbers a set can hold.
const CAPACITY: usize = 512;
const WORDS: usize = CAPACITY / 64;

/// An MVT by its number (`MVT::SimpleValueType`).
pub type MvtId = u16;

/// LLVM's `MachineValueTypeSet`: a set of MVTs, iterated in MVT order.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct MvtSet([u64; WORDS]);

/// The positions of a word's set bits, lowest first.
struct SetBits(u64);

impl Iterator for SetBits {
    type Item = usize;
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let b = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(b)
    }
}

impl std::fmt::Debug for MvtSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl MvtSet {
    pub fn one(t: MvtId) -> MvtSet {
        let mut s = MvtSet::default();
        s.insert(t);
        s
    }
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }
    pub fn contains(&self, t: MvtId) -> bool {
        let t = t as usize;
        t < CAPACITY && self.0[t / 64] & (1 << (t % 64)) != 0
    }
    /// Inserts `t`; whether it was new.
    pub fn insert(&mut self, t: MvtId) -> bool {
        let t = t as usize;
        let had = self.0[t / 64] & (1 << (t % 64)) != 0;
        self.0[t / 64] |= 1 << (t % 64);
        !had
    }
    pub fn remove(&mut self, t: MvtId) {
        let t = t as usize;
        self.0[t / 64] &= !(1 << (t % 64));
    }
    pub fn insert_all(&mut self, other: &MvtSet) {
        for (a, b) in self.0.iter_mut().zip(other.0.iter()) {
            *a |= b;
        }
    }
    pub fn clear(&mut self) {
        self.0 = [0; WORDS];
    }
    /// The types in MVT order.
    pub fn iter(&self) -> impl Iterator<Item = MvtId> + '_ {
        self.0.iter().enumerate().flat_map(|(w, &bits)| SetBits(bits).map(move |b| (w * 64 + b) as MvtId))
    }
    pub fn first(&self) -> Option<MvtId> {
        self.iter().next()
    }
    /// `berase_if`: removes the types `p` holds for; whether any was removed.
    pub fn erase_if(&mut self, mut p: impl FnMut(MvtId) -> bool) -> bool {
        let mut removed = false;
        for (w, word) in self.0.iter_mut().enumerate() {
            for b in SetBits(*word) {
                if p((w * 64 + b) as MvtId) {
                    *word &= !(1u64 << b);
                    removed = true;
                }
            }
        }
        removed
    }
}

/// What type inference reads of one MVT (`MVT`'s queries).
#[derive(Clone, Copy, Debug, Default)]
pub struct MvtInfo {
    pub name: &'static str,
    pub is_integer: bool,
    pub is_fp: bool,
    pub is_vector: bool,
    pub is_scalable: bool,
    pub is_overloaded: bool,
    /// A CHERI capability (LLVM 22 on).
    pub is_cheri_capability: bool,
    /// `getSizeInBits().getKnownMinValue()` (0 for `iPTR` and the overloaded types).
    pub size: i64,
    /// `getVectorElementCount().getKnownMinValue()`; 0 for a scalar.
    pub num_elements: i64,
    /// The element type of a vector.
    pub element: Option<MvtId>,
}

/// The release's MVTs by number, with the special ones inference names.
#[derive(Debug)]
pub struct MvtTable {
    info: Vec<Option<MvtInfo>>,
    pub other: Option<MvtId>,
    pub i32: Option<MvtId>,
    pub untyped: Option<MvtId>,
    pub iptr: Option<MvtId>,
    /// `iPTRAny` (LLVM 19) or `pAny` (22 on).
    pub ptr_any: Option<MvtId>,
    pub iany: Option<MvtId>,
    pub fany: Option<MvtId>,
    pub vany: Option<MvtId>,
    pub any: Option<MvtId>,
    /// `cPTR`, the CHERI capability wildcard (LLVM 22 on).
    pub cptr: Option<MvtId>,
    /// The wildcards that stand for a part of the types (`iPTR`, `cPTR`), made once.
    wild_parts: Vec<(MvtId, WildMember)>,
}

impl MvtTable {
    /// The MVTs of `input`'s `ValueTypes.td`.
    pub fn read(input: &Evaluation) -> Result<MvtTable, Fatal> {
        let types = ValueTypes::get(input)?;
        let f = Fields { input };
        let mut info: Vec<Option<MvtInfo>> = Vec::new();
        let mut elements = Vec::new();
        // By number, the first def of a number winning (ValueTypes.td comes first; SPIR-V's
        // `p32` has `i32`'s number and is no MVT).
        let mut mvts: Vec<_> = types.all().copied().collect();
        mvts.sort_by_key(|m| m.def);
        for mvt in mvts {
            let Some(id) = mvt.value.filter(|&v| v >= 0 && (v as usize) < CAPACITY) else { continue };
            let id = id as usize;
            if info.len() <= id {
                info.resize(id + 1, None);
            }
            if info[id].is_some() {
                continue;
            }
            let def = mvt.def;
            let bit = |field: &str| {
                f.value(def, field).is_some_and(|v| matches!(v.value.kind(), tdq_core::init::InitKind::Bit(true)))
            };
            let int = |field: &str| f.value(def, field).and_then(|v| v.value.as_int()).unwrap_or(0);
            if mvt.is_vector {
                if let Some(elt) = f.value(def, "ElementType").and_then(|v| v.value.as_def()) {
                    elements.push((id, elt));
                }
            }
            info[id] = Some(MvtInfo {
                name: mvt.name,
                is_integer: mvt.is_integer,
                is_fp: mvt.is_fp,
                is_vector: mvt.is_vector,
                // LLVM's size table marks aarch64svcount scalable though its def does not
                // ("FIXME: Not in the td").
                is_scalable: bit("isScalable") || mvt.name == "aarch64svcount",
                is_overloaded: bit("isOverloaded"),
                is_cheri_capability: bit("isCheriCapability"),
                size: mvt.size,
                num_elements: if mvt.is_vector { int("nElem") } else { 0 },
                element: None,
            });
        }
        let mut table = MvtTable {
            info,
            other: None,
            i32: None,
            untyped: None,
            iptr: None,
            ptr_any: None,
            iany: None,
            fany: None,
            vany: None,
            any: None,
            cptr: None,
            wild_parts: Vec::new(),
        };
        for (id, elt) in elements {
            let elt = types.of(input, elt).ok().and_then(|m| m.value).map(|v| v as MvtId);
            if let Some(Some(i)) = table.info.get_mut(id) {
                i.element = elt;
            }
        }
        let find = |name: &str| types.named(name).and_then(|m| m.value).map(|v| v as MvtId);
        table.other = find("Other");
        table.i32 = find("i32");
        table.untyped = find("Untyped");
        table.iptr = find("iPTR");
        table.ptr_any = find("iPTRAny").or_else(|| find("pAny"));
        table.iany = find("iAny");
        table.fany = find("fAny");
        table.vany = find("vAny");
        table.any = find("Any");
        table.cptr = find("cPTR");
        table.wild_parts = table.find_wild_parts();
        Ok(table)
    }

    pub fn info(&self, t: MvtId) -> MvtInfo {
        self.info.get(t as usize).copied().flatten().unwrap_or_default()
    }

    /// The MVT's enumerator name (`getEnumName` without `MVT::`).
    pub fn name(&self, t: MvtId) -> &'static str {
        self.info(t).name
    }

    /// `isIntegerOrPtr`.
    pub fn is_integer_or_ptr(&self, t: MvtId) -> bool {
        self.info(t).is_integer || Some(t) == self.iptr
    }
    pub fn is_fp(&self, t: MvtId) -> bool {
        self.info(t).is_fp
    }
    pub fn is_vector(&self, t: MvtId) -> bool {
        self.info(t).is_vector
    }
    fn is_scalar_integer(&self, t: MvtId) -> bool {
        let i = self.info(t);
        i.is_integer && !i.is_vector
    }
    /// `getScalarSizeInBits`.
    fn scalar_size(&self, t: MvtId) -> i64 {
        match self.info(t).element {
            Some(e) => self.info(e).size,
            None => self.info(t).size,
        }
    }
    /// `(isScalable, getKnownMinValue)` of `getSizeInBits`.
    fn type_size(&self, t: MvtId) -> (bool, i64) {
        let i = self.info(t);
        (i.is_scalable, i.size)
    }
    /// The element count as `ElementCount`: (scalable, minimum), `(false, 0)` for a scalar.
    fn element_count(&self, t: MvtId) -> (bool, i64) {
        let i = self.info(t);
        if i.is_vector {
            (i.is_scalable, i.num_elements)
        } else {
            (false, 0)
        }
    }

    /// The value-type set of one value type by mode.
    pub fn set_of(&self, vt: &VtByMode) -> TypeSetByHwMode {
        TypeSetByHwMode::from_vts(std::slice::from_ref(vt))
    }

    /// The set of one MVT in the default mode.
    pub fn simple(&self, t: MvtId) -> TypeSetByHwMode {
        TypeSetByHwMode::simple(MvtSet::one(t))
    }

    /// The wildcard partitions of `intersect`: a wildcard and the types it stands for (they
    /// do not overlap). `iPTR` for the scalar integers; from LLVM 22, `cPTR` for the CHERI
    /// capabilities, where the release's value types define it.
    fn wild_parts(&self) -> &[(MvtId, WildMember)] {
        &self.wild_parts
    }

    /// The wildcards that stand for a part of the types, with how to tell their members.
    fn find_wild_parts(&self) -> Vec<(MvtId, WildMember)> {
        let mut parts: Vec<(MvtId, WildMember)> = Vec::new();
        if let Some(iptr) = self.iptr {
            parts.push((iptr, |tab, w, t| tab.is_scalar_integer(t) || t == w));
        }
        if let Some(cptr) = self.cptr {
            parts.push((cptr, |tab, w, t| tab.info(t).is_cheri_capability || t == w));
        }
        parts
    }
}

/// Whether a type (the third) is one a wildcard (the second) stands for.
type WildMember = fn(&MvtTable, MvtId, MvtId) -> bool;

/// The MVT number of a value type of a [`VtByMode`].
fn id_of(m: &crate::target::value_types::Mvt) -> MvtId {
    m.value.unwrap_or(0) as MvtId
}

/// LLVM's `TypeSetByHwMode`: for each mode (the default mode, 0, first), the types still
/// possible. No mode at all is "unknown"; a mode with an empty set is a contradiction in that
/// mode.
#[derive(Clone, Debug, Default)]
pub struct TypeSetByHwMode {
    /// By mode, in mode order. Nearly every set has the default mode alone: kept inline, as
    /// type inference copies sets at every step.
    map: SmallVec<[(u32, MvtSet); 1]>,
    /// `AddrSpace`: the pointer address space of the first value type it was made from
    /// (none: not a pointer). Copied with the set, kept when it is constrained, and no part
    /// of its identity, as in LLVM.
    addr_space: Option<u32>,
}

impl TypeSetByHwMode {
    pub fn simple(set: MvtSet) -> TypeSetByHwMode {
        TypeSetByHwMode { map: smallvec![(DEFAULT_MODE, set)], addr_space: None }
    }

    /// `isPointer`'s address space (`getPtrAddrSpace`), if the set is a pointer's.
    pub fn ptr_addr_space(&self) -> Option<u32> {
        self.addr_space
    }

    /// The constructor from a list of value types by mode (a register class's types, the
    /// legal types): each inserted in turn, the address space the first one's.
    pub fn from_vts(vts: &[VtByMode]) -> TypeSetByHwMode {
        let addr_space = vts.first().and_then(|vt| vt.iter().next()).and_then(|(_, t)| t.ptr_addr_space);
        let mut s = TypeSetByHwMode { addr_space, ..Default::default() };
        for vt in vts {
            s.insert_vt(vt);
        }
        s
    }

    /// `insert(ValueTypeByHwMode)`: the type of each mode; the default mode's type also into
    /// the modes of this set that `vt` does not name.
    pub fn insert_vt(&mut self, vt: &VtByMode) -> bool {
        let mut changed = false;
        let mut default = None;
        for (m, t) in vt.iter() {
            changed |= self.get_or_create(m).insert(id_of(t));
            if m == DEFAULT_MODE {
                default = Some(id_of(t));
            }
        }
        if let Some(d) = default {
            for (m, s) in self.map.iter_mut() {
                if !vt.has_mode(*m) {
                    changed |= s.insert(d);
                }
            }
        }
        changed
    }

    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }
    /// The mode's set, replaced.
    pub fn insert_set(&mut self, m: u32, set: MvtSet) {
        *self.get_or_create(m) = set;
    }
    pub fn modes(&self) -> impl Iterator<Item = (u32, &MvtSet)> {
        self.map.iter().map(|(m, s)| (*m, s))
    }
    pub fn has_mode(&self, m: u32) -> bool {
        self.map.iter().any(|(k, _)| *k == m)
    }
    pub fn has_default(&self) -> bool {
        self.map.first().is_some_and(|(m, _)| *m == DEFAULT_MODE)
    }
    /// `isSimple`: only the default mode.
    pub fn is_simple(&self) -> bool {
        self.map.len() == 1 && self.has_default()
    }
    fn get_or_create(&mut self, m: u32) -> &mut MvtSet {
        let at = match self.map.binary_search_by_key(&m, |(k, _)| *k) {
            Ok(at) => at,
            Err(at) => {
                self.map.insert(at, (m, MvtSet::default()));
                at
            }
        };
        &mut self.map[at].1
    }
    /// The const `get`: the mode's set, or the default mode's (empty when there is neither).
    pub fn get(&self, m: u32) -> MvtSet {
        match self.map.iter().find(|(k, _)| *k == m) {
            Some((_, s)) => *s,
            None => self.map.first().map(|(_, s)| *s).unwrap_or_default(),
        }
    }
    /// The mutable `get`: the mode's set, a copy of the default mode's made when it has none.
    fn get_mut(&mut self, m: u32) -> &mut MvtSet {
        if !self.has_mode(m) {
            let first = self.map.first().map(|(_, s)| *s).unwrap_or_default();
            *self.get_or_create(m) = first;
        }
        self.get_or_create(m)
    }

    /// Two copies of one node of LLVM's ([`super::tree::TreeNode::share`]), each already merged
    /// with the other: where they are equal but one spells out modes the other reads from its
    /// default, both take the fuller form, as the one node would have (a node's modes only
    /// grow: a constraint met through either copy expanded it). Whether either changed.
    pub fn unify_copies(a: &mut TypeSetByHwMode, b: &mut TypeSetByHwMode) -> bool {
        if a.map.len() == b.map.len() || !a.same_as(b) {
            return false;
        }
        if a.map.len() > b.map.len() {
            *b = a.clone();
        } else {
            *a = b.clone();
        }
        true
    }

    /// `isValueTypeByHwMode`: at most one type in each mode (and, unless `allow_empty`, one).
    pub fn is_value_type_by_hw_mode(&self, allow_empty: bool) -> bool {
        self.map.iter().all(|(_, s)| s.len() <= 1 && (allow_empty || !s.is_empty()))
    }

    /// `isMachineValueType`: one type, in the default mode only.
    pub fn machine_value_type(&self) -> Option<MvtId> {
        match self.map[..] {
            [(DEFAULT_MODE, s)] if s.len() == 1 => s.first(),
            _ => None,
        }
    }

    /// `isPossible`: some mode has a type.
    pub fn is_possible(&self) -> bool {
        self.map.iter().any(|(_, s)| !s.is_empty())
    }

    /// `validate`: unknown, or some mode has a type.
    pub fn validate(&self) -> bool {
        self.is_empty() || self.is_possible()
    }

    /// `makeSimple`: the mode's types (or the default's) as the default mode's only.
    pub fn make_simple(&mut self, m: u32) {
        let s = self.get(m);
        self.map = smallvec![(DEFAULT_MODE, s)];
    }

    /// `constrain(Predicate)`: keeps in every mode the types `p` holds for.
    fn constrain_if(&mut self, mut p: impl FnMut(MvtId) -> bool) -> bool {
        let mut changed = false;
        for (_, s) in self.map.iter_mut() {
            changed |= s.erase_if(|t| !p(t));
        }
        changed
    }

    /// `assign_if`: `from`'s types that `p` holds for, into this unknown set.
    fn assign_if(&mut self, from: &TypeSetByHwMode, mut p: impl FnMut(MvtId) -> bool) -> bool {
        for (m, s) in from.modes() {
            let out = self.get_or_create(m);
            for t in s.iter().filter(|&t| p(t)) {
                out.insert(t);
            }
        }
        !self.is_empty()
    }

    /// `constrain(TypeSetByHwMode)`: the intersection with `other`, mode by mode (a mode
    /// `other` lacks, without a default there, loses every type).
    fn constrain(&mut self, other: &TypeSetByHwMode, tab: &MvtTable) -> bool {
        let mut changed = false;
        if self.has_default() {
            for (m, _) in other.modes() {
                if m == DEFAULT_MODE || self.has_mode(m) {
                    continue;
                }
                let d = self.get(DEFAULT_MODE);
                *self.get_or_create(m) = d;
                changed = true;
            }
        }
        for (m, s) in self.map.iter_mut() {
            if other.has_mode(*m) || other.has_default() {
                changed |= intersect(s, &other.get(*m), tab);
            } else if !s.is_empty() {
                s.clear();
                changed = true;
            }
        }
        changed
    }

    /// LLVM's `operator==`: with a default mode on both sides each mode's set compared (a
    /// missing mode read as the default); without, a missing mode equals an empty set.
    pub fn same_as(&self, other: &TypeSetByHwMode) -> bool {
        let (a_simple, b_simple) = (self.is_simple(), other.is_simple());
        if a_simple && b_simple {
            return self.map[0].1 == other.map[0].1;
        }
        let a_default = a_simple || self.has_default();
        let b_default = b_simple || other.has_default();
        if a_default != b_default {
            return false;
        }
        let mut modes: Vec<u32> = self.modes().chain(other.modes()).map(|(m, _)| m).collect();
        modes.sort_unstable();
        modes.dedup();
        modes.into_iter().all(|m| {
            if a_default {
                self.get(m) == other.get(m)
            } else {
                let a = if self.has_mode(m) { self.get(m) } else { MvtSet::default() };
                let b = if other.has_mode(m) { other.get(m) } else { MvtSet::default() };
                a == b
            }
        })
    }

    /// `writeToStream`: `{ *:[i32 i64] m1:[...] }`, `{}` when unknown.
    pub fn write(&self, tab: &MvtTable) -> String {
        if self.map.is_empty() {
            return "{}".into();
        }
        let mut out = String::from("{");
        for (m, s) in self.modes() {
            let names: Vec<&str> = s.iter().map(|t| tab.name(t)).collect();
            out.push_str(&format!(" {}:[{}]", mode_name(m), names.join(" ")));
        }
        out.push_str(" }");
        out
    }
}

/// `getModeName`: how a type's text names a mode (`*` for the default mode, `m1`...).
pub fn mode_name(mode: u32) -> String {
    match mode {
        DEFAULT_MODE => "*".into(),
        m => format!("m{m}"),
    }
}

/// LLVM's `ValueTypeByHwMode` as a pattern node's result has it once inference is done
/// (`getValueTypeByHwMode`): one type per mode, or one type for every mode (the default
/// mode's alone, kept without allocating: it is what nearly every node has).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ValueTypeByHwMode {
    Simple(MvtId),
    /// The (mode, type) pairs by mode; never the default mode alone.
    ByMode(Box<[(u32, MvtId)]>),
}

impl ValueTypeByHwMode {
    /// The type when it is the default mode's alone (`isSimple`, `getSimple`).
    pub fn simple(&self) -> Option<MvtId> {
        match self {
            ValueTypeByHwMode::Simple(t) => Some(*t),
            ValueTypeByHwMode::ByMode(_) => None,
        }
    }

    /// The (mode, type) pairs, by mode.
    pub fn modes(&self) -> impl Iterator<Item = (u32, MvtId)> + '_ {
        let (simple, pairs): (_, &[(u32, MvtId)]) = match self {
            ValueTypeByHwMode::Simple(t) => (Some((DEFAULT_MODE, *t)), &[]),
            ValueTypeByHwMode::ByMode(pairs) => (None, pairs),
        };
        simple.into_iter().chain(pairs.iter().copied())
    }

    /// `hasMode`.
    pub fn has_mode(&self, mode: u32) -> bool {
        self.modes().any(|(m, _)| m == mode)
    }

    /// `writeToStream`: the type's name, or `{(*:i32),(m1:i64)}` by mode.
    pub fn write(&self, tab: &MvtTable) -> String {
        if let Some(t) = self.simple() {
            return tab.name(t).to_string();
        }
        let pairs: Vec<String> = self.modes().map(|(m, t)| format!("({}:{})", mode_name(m), tab.name(t))).collect();
        format!("{{{}}}", pairs.join(","))
    }

    /// `get`: the mode's type, or the default mode's; `None` with neither.
    pub fn get(&self, mode: u32) -> Option<MvtId> {
        let mut default = None;
        for (m, t) in self.modes() {
            if m == mode {
                return Some(t);
            }
            if m == DEFAULT_MODE {
                default = Some(t);
            }
        }
        default
    }
}

/// `std::map`'s `operator<`: the (mode, type) pairs compared in mode order.
impl Ord for ValueTypeByHwMode {
    fn cmp(&self, other: &ValueTypeByHwMode) -> std::cmp::Ordering {
        match (self, other) {
            (ValueTypeByHwMode::Simple(a), ValueTypeByHwMode::Simple(b)) => a.cmp(b),
            _ => self.modes().cmp(other.modes()),
        }
    }
}

impl PartialOrd for ValueTypeByHwMode {
    fn partial_cmp(&self, other: &ValueTypeByHwMode) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl TypeSetByHwMode {
    /// `getValueTypeByHwMode(SkipEmpty=true)`: each mode's one type (modes left without a
    /// type skipped); `None` where a mode still has several types or none has one.
    pub fn value_type_by_hw_mode(&self) -> Option<ValueTypeByHwMode> {
        let mut pairs = Vec::with_capacity(self.map.len());
        for (m, s) in &self.map {
            match s.len() {
                0 => continue,
                1 => pairs.push((*m, s.first()?)),
                _ => return None,
            }
        }
        match pairs[..] {
            [] => None,
            [(DEFAULT_MODE, t)] => Some(ValueTypeByHwMode::Simple(t)),
            _ => Some(ValueTypeByHwMode::ByMode(pairs.into_boxed_slice())),
        }
    }
}

/// `TypeSetByHwMode::intersect` of one mode's sets: the plain intersection, except that a
/// wildcard (`iPTR`) present on one side only stands for the types of its partition: it is
/// more specific than two or more of them and less specific than one.
fn intersect(out: &mut MvtSet, input: &MvtSet, tab: &MvtTable) -> bool {
    let parts = tab.wild_parts();
    let in_part = |t: MvtId| parts.iter().any(|&(w, p)| p(tab, w, t));
    let mut changed = false;
    for &(wild, p) in parts {
        let p = |t: MvtId| p(tab, wild, t);
        let comp_in = |t: MvtId| !input.contains(t) && p(t);
        let (out_w, in_w) = (out.contains(wild), input.contains(wild));
        if out_w == in_w {
            changed |= out.erase_if(comp_in);
            continue;
        }
        let leftovers = |a: &MvtSet, b: &MvtSet| {
            let mut diff = *a;
            diff.erase_if(|t| b.contains(t) || !p(t));
            diff
        };
        if in_w {
            if leftovers(out, input).len() < 2 {
                continue;
            }
            out.erase_if(comp_in);
            out.insert(wild);
            changed = true;
            continue;
        }
        let in_leftovers = leftovers(input, out);
        let size_out = out.len();
        out.erase_if(comp_in);
        if in_leftovers.len() < 2 {
            out.insert_all(&in_leftovers);
            changed = true;
            continue;
        }
        out.insert(wild);
        changed |= size_out != out.len();
    }
    changed |= out.erase_if(|t| !input.contains(t) && !in_part(t));
    changed
}

/// Why inference failed: LLVM's messages, as data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TypeError {
    /// `MergeInTypeInfo` left no mode ("Type contradiction").
    Contradiction,
    /// `EnforceSmallerThan` of an integer and a floating-point set ("Incompatible types").
    IncompatibleTypes,
    /// Any other error a tree pattern reports, already worded as LLVM words it.
    Pattern(String),
}

impl std::fmt::Display for TypeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TypeError::Contradiction => f.write_str("Type contradiction"),
            TypeError::IncompatibleTypes => f.write_str("Incompatible types"),
            TypeError::Pattern(m) => f.write_str(m),
        }
    }
}

/// LLVM's `TypeInfer` for one tree pattern: the operations that narrow type sets, each
/// returning whether it changed anything. The first error is kept (`TreePattern::error`
/// reports only that) and every operation after it does nothing. A set left empty in every
/// mode is `ValidateOnExit`'s fatal error, unless validation is off (pattern fragments).
pub struct TypeInfer<'a> {
    pub table: &'a MvtTable,
    /// Every legal type of every mode, in the default mode (`getLegalTypes`).
    pub legal: &'a TypeSetByHwMode,
    pub error: Option<TypeError>,
    /// A set became empty in every mode.
    pub emptied: bool,
    pub validate: bool,
}

impl TypeInfer<'_> {
    pub fn has_error(&self) -> bool {
        self.error.is_some()
    }

    /// `TreePattern::error`: the first error only.
    pub fn fail(&mut self, e: TypeError) {
        if self.error.is_none() {
            self.error = Some(e);
        }
    }

    fn check(&mut self, s: &TypeSetByHwMode) {
        if self.validate && !s.validate() {
            self.emptied = true;
        }
    }

    fn legal_set(&self) -> MvtSet {
        self.legal.get(DEFAULT_MODE)
    }

    /// `expandOverloads`: an overloaded type replaced by the legal types it stands for.
    pub fn expand_overloads(&self, vts: &mut TypeSetByHwMode) {
        let legal = self.legal_set();
        let tab = self.table;
        for (_, out) in vts.map.iter_mut() {
            let take = |out: &mut MvtSet, w: Option<MvtId>| match w {
                Some(w) if out.contains(w) => {
                    out.remove(w);
                    true
                }
                _ => false,
            };
            let add_legal = |out: &mut MvtSet, p: &dyn Fn(MvtInfo) -> bool| {
                for t in legal.iter().filter(|&t| p(tab.info(t))) {
                    out.insert(t);
                }
            };
            if take(out, tab.ptr_any) {
                if let Some(iptr) = tab.iptr {
                    out.insert(iptr);
                }
                if let Some(cptr) = tab.cptr {
                    if legal.iter().any(|t| tab.info(t).is_cheri_capability) {
                        out.insert(cptr);
                    }
                }
            } else if take(out, tab.iany) {
                add_legal(out, &|i| i.is_integer);
            } else if take(out, tab.fany) {
                add_legal(out, &|i| i.is_fp);
            } else if take(out, tab.vany) {
                add_legal(out, &|i| i.is_vector);
            } else if take(out, tab.any) {
                add_legal(out, &|_| true);
            }
        }
    }

    /// `MergeInTypeInfo`: `out` constrained to `input`.
    pub fn merge_in(&mut self, out: &mut TypeSetByHwMode, input: &TypeSetByHwMode) -> bool {
        if input.is_empty() || out.same_as(input) || self.has_error() {
            return false;
        }
        if out.is_empty() {
            *out = input.clone();
            return true;
        }
        let changed = out.constrain(input, self.table);
        if changed && out.is_empty() {
            self.fail(TypeError::Contradiction);
        }
        self.check(out);
        changed
    }

    /// `UpdateNodeType`: overloads expanded, then merged in.
    pub fn update(&mut self, out: &mut TypeSetByHwMode, input: &TypeSetByHwMode) -> bool {
        let mut vts = input.clone();
        self.expand_overloads(&mut vts);
        self.merge_in(out, &vts)
    }

    /// `forceArbitrary`: the first type of each mode with several.
    pub fn force_arbitrary(&mut self, out: &mut TypeSetByHwMode) -> bool {
        if self.has_error() {
            return false;
        }
        let mut changed = false;
        for (_, s) in out.map.iter_mut() {
            if s.len() > 1 {
                *s = MvtSet::one(s.first().expect("non-empty"));
                changed = true;
            }
        }
        changed
    }

    fn enforce(&mut self, out: &mut TypeSetByHwMode, p: impl Fn(&MvtTable, MvtId) -> bool) -> bool {
        if self.has_error() {
            return false;
        }
        let tab = self.table;
        let changed = if !out.is_empty() {
            out.constrain_if(|t| p(tab, t))
        } else {
            let legal = self.legal.clone();
            out.assign_if(&legal, |t| p(tab, t))
        };
        self.check(out);
        changed
    }

    /// `EnforceInteger`.
    pub fn enforce_integer(&mut self, out: &mut TypeSetByHwMode) -> bool {
        self.enforce(out, MvtTable::is_integer_or_ptr)
    }
    /// `EnforceFloatingPoint`.
    pub fn enforce_fp(&mut self, out: &mut TypeSetByHwMode) -> bool {
        self.enforce(out, MvtTable::is_fp)
    }
    /// `EnforceScalar`.
    pub fn enforce_scalar(&mut self, out: &mut TypeSetByHwMode) -> bool {
        self.enforce(out, |tab, t| !tab.is_vector(t))
    }
    /// `EnforceVector`.
    pub fn enforce_vector(&mut self, out: &mut TypeSetByHwMode) -> bool {
        self.enforce(out, MvtTable::is_vector)
    }
    /// `EnforceAny`: an unknown set becomes the legal types.
    pub fn enforce_any(&mut self, out: &mut TypeSetByHwMode) -> bool {
        if self.has_error() || !out.is_empty() {
            return false;
        }
        *out = self.legal.clone();
        true
    }

    /// `EnforceSmallerThan`: for each type of `small` a larger one in `big` (both integer or
    /// both floating point, both vectors or neither).
    pub fn enforce_smaller_than(
        &mut self,
        small: &mut TypeSetByHwMode,
        big: &mut TypeSetByHwMode,
        small_is_vt: bool,
    ) -> bool {
        if self.has_error() {
            return false;
        }
        let tab = self.table;
        let mut changed = false;
        if small.is_empty() {
            changed |= self.enforce_any(small);
        }
        if big.is_empty() {
            changed |= self.enforce_any(big);
        }
        let modes = union_modes(small, big);
        for &m in &modes {
            let s = small.get_mut(m);
            let b = big.get_mut(m);
            let int = |t| tab.is_integer_or_ptr(t);
            let fp = |t| tab.is_fp(t);
            if s.iter().any(int) && b.iter().any(int) {
                changed |= s.erase_if(|t| !int(t));
                changed |= b.erase_if(|t| !int(t));
            } else if s.iter().any(fp) && b.iter().any(fp) {
                changed |= s.erase_if(|t| !fp(t));
                changed |= b.erase_if(|t| !fp(t));
            } else if small_is_vt && b.is_empty() {
                s.clear();
            } else if s.is_empty() || b.is_empty() {
                changed = !s.is_empty() || !b.is_empty();
                s.clear();
                b.clear();
            } else {
                self.fail(TypeError::IncompatibleTypes);
                return changed;
            }
            let vec = |t| tab.is_vector(t);
            if !s.iter().any(vec) || !b.iter().any(vec) {
                changed |= s.erase_if(vec);
                changed |= b.erase_if(vec);
            }
        }
        let key = |t: MvtId| {
            let (scalable, size) = tab.type_size(t);
            (scalable, tab.scalar_size(t), size)
        };
        let same_kind_le = |a: MvtId, b: MvtId| {
            let (ia, ib) = (tab.info(a), tab.info(b));
            if (ia.is_vector, ia.is_scalable) != (ib.is_vector, ib.is_scalable) {
                return false;
            }
            (tab.scalar_size(a), ia.size) <= (tab.scalar_size(b), ib.size)
        };
        let min_if = |s: &MvtSet, p: &dyn Fn(MvtId) -> bool| {
            let mut best: Option<MvtId> = None;
            for t in s.iter().filter(|&t| p(t)) {
                if best.is_none_or(|b| key(t) < key(b)) {
                    best = Some(t);
                }
            }
            best
        };
        let max_if = |s: &MvtSet, p: &dyn Fn(MvtId) -> bool| {
            let mut best: Option<MvtId> = None;
            for t in s.iter().filter(|&t| p(t)) {
                if best.is_none_or(|b| key(b) < key(t)) {
                    best = Some(t);
                }
            }
            best
        };
        let scalar = |t| !tab.is_vector(t);
        let vector = |t| tab.is_vector(t);
        for &m in &modes {
            let s = small.get_mut(m);
            let b = big.get_mut(m);
            if let Some(min) = min_if(s, &scalar) {
                changed |= b.erase_if(|t| same_kind_le(t, min));
            }
            if let Some(max) = max_if(b, &scalar) {
                changed |= s.erase_if(|t| same_kind_le(max, t));
            }
            if let Some(min) = min_if(s, &vector) {
                changed |= b.erase_if(|t| same_kind_le(t, min));
            }
            if let Some(max) = max_if(b, &vector) {
                changed |= s.erase_if(|t| same_kind_le(max, t));
            }
        }
        self.check(small);
        self.check(big);
        changed
    }

    /// `EnforceVectorEltTypeIs`: `vec` vectors whose element types are in `elem`, scalars.
    pub fn enforce_vector_elt_type_is(&mut self, vec: &mut TypeSetByHwMode, elem: &mut TypeSetByHwMode) -> bool {
        if self.has_error() {
            return false;
        }
        let tab = self.table;
        let mut changed = false;
        if vec.is_empty() {
            changed |= self.enforce_vector(vec);
        }
        if elem.is_empty() {
            changed |= self.enforce_scalar(elem);
        }
        for m in union_modes(vec, elem) {
            let v = vec.get_mut(m);
            let e = elem.get_mut(m);
            changed |= v.erase_if(|t| !tab.is_vector(t));
            changed |= e.erase_if(|t| tab.is_vector(t));
            let mut vt = MvtSet::default();
            for t in v.iter() {
                if let Some(el) = tab.info(t).element {
                    vt.insert(el);
                }
            }
            let st = *e;
            changed |= v.erase_if(|t| !tab.info(t).element.is_some_and(|el| st.contains(el)));
            changed |= e.erase_if(|t| !vt.contains(t));
        }
        self.check(vec);
        self.check(elem);
        changed
    }

    /// `EnforceVectorSubVectorTypeIs`: `sub` vectors with fewer elements of a type of `vec`'s.
    pub fn enforce_vector_sub_vector_type_is(&mut self, vec: &mut TypeSetByHwMode, sub: &mut TypeSetByHwMode) -> bool {
        if self.has_error() {
            return false;
        }
        let tab = self.table;
        let is_sub_vec = |b: MvtId, p: MvtId| {
            let (ib, ip) = (tab.info(b), tab.info(p));
            ib.is_vector
                && ip.is_vector
                && ib.is_scalable == ip.is_scalable
                && ib.element == ip.element
                && ib.num_elements < ip.num_elements
        };
        let mut changed = false;
        if vec.is_empty() {
            changed |= self.enforce_vector(vec);
        }
        if sub.is_empty() {
            changed |= self.enforce_vector(sub);
        }
        for m in union_modes(vec, sub) {
            let s = sub.get_mut(m);
            let v = vec.get_mut(m);
            changed |= s.erase_if(|t| !tab.is_vector(t));
            let vv = *v;
            changed |= s.erase_if(|t| !vv.iter().any(|i| is_sub_vec(t, i)));
            let ss = *s;
            changed |= v.erase_if(|t| !ss.iter().any(|i| is_sub_vec(i, t)));
        }
        self.check(vec);
        self.check(sub);
        changed
    }

    /// `EnforceSameNumElts`: scalars as vectors of no elements.
    pub fn enforce_same_num_elts(&mut self, v: &mut TypeSetByHwMode, w: &mut TypeSetByHwMode) -> bool {
        if self.has_error() {
            return false;
        }
        let tab = self.table;
        let mut changed = false;
        if v.is_empty() {
            changed |= self.enforce_any(v);
        }
        if w.is_empty() {
            changed |= self.enforce_any(w);
        }
        for m in union_modes(v, w) {
            let vs = v.get_mut(m);
            let ws = w.get_mut(m);
            let vn: Vec<(bool, i64)> = vs.iter().map(|t| tab.element_count(t)).collect();
            let wn: Vec<(bool, i64)> = ws.iter().map(|t| tab.element_count(t)).collect();
            changed |= vs.erase_if(|t| !wn.contains(&tab.element_count(t)));
            changed |= ws.erase_if(|t| !vn.contains(&tab.element_count(t)));
        }
        self.check(v);
        self.check(w);
        changed
    }

    /// `EnforceSameSize`: types of equal size in bits on both sides.
    pub fn enforce_same_size(&mut self, a: &mut TypeSetByHwMode, b: &mut TypeSetByHwMode) -> bool {
        if self.has_error() {
            return false;
        }
        let tab = self.table;
        let mut changed = false;
        if a.is_empty() {
            changed |= self.enforce_any(a);
        }
        if b.is_empty() {
            changed |= self.enforce_any(b);
        }
        for m in union_modes(a, b) {
            let as_ = a.get_mut(m);
            let bs = b.get_mut(m);
            let an: Vec<(bool, i64)> = as_.iter().map(|t| tab.type_size(t)).collect();
            let bn: Vec<(bool, i64)> = bs.iter().map(|t| tab.type_size(t)).collect();
            changed |= as_.erase_if(|t| !bn.contains(&tab.type_size(t)));
            changed |= bs.erase_if(|t| !an.contains(&tab.type_size(t)));
        }
        self.check(a);
        self.check(b);
        changed
    }
}

/// `union_modes`: the modes of both sets other than the default, in order, then the default
/// mode if either has it.
fn union_modes(a: &TypeSetByHwMode, b: &TypeSetByHwMode) -> Vec<u32> {
    let mut modes: Vec<u32> = a.modes().chain(b.modes()).map(|(m, _)| m).filter(|&m| m != DEFAULT_MODE).collect();
    modes.sort_unstable();
    modes.dedup();
    if a.has_default() || b.has_default() {
        modes.push(DEFAULT_MODE);
    }
    modes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_iterate_in_mvt_order_and_erase() {
        let mut s = MvtSet::default();
        for t in [70, 3, 300, 64] {
            assert!(s.insert(t));
        }
        assert!(!s.insert(3));
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![3, 64, 70, 300]);
        assert!(s.erase_if(|t| t >= 70));
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![3, 64]);
        assert_eq!(s.first(), Some(3));
    }

    #[test]
    fn equality_reads_a_missing_mode_as_the_default() {
        let a = TypeSetByHwMode { map: smallvec![(0, MvtSet::one(7)), (2, MvtSet::one(8))], addr_space: None };
        let b = TypeSetByHwMode {
            map: smallvec![(0, MvtSet::one(7)), (1, MvtSet::one(7)), (2, MvtSet::one(8))],
            addr_space: None,
        };
        assert!(a.same_as(&b));
        let c = TypeSetByHwMode { map: smallvec![(1, MvtSet::one(7))], addr_space: None };
        let d = TypeSetByHwMode { map: smallvec![(1, MvtSet::one(7)), (2, MvtSet::default())], addr_space: None };
        assert!(c.same_as(&d));
        assert!(!a.same_as(&c));
        assert_eq!(union_modes(&a, &c), vec![1, 2, 0]);
    }
}
