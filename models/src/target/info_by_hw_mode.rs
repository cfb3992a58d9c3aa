//! Values that differ between hardware modes (LLVM's `InfoByHwMode.h`): a map from mode
//! number (0, the default mode, first) to a value, read from a `HwModeSelect` def or made from
//! one value for the default mode. What is kept by mode here: value types
//! ([`VtByMode`]), register and spill sizes ([`RegSizeInfo`]) and sub-register ranges
//! ([`SubRegRange`]).

use super::hw_modes::HwModes;
use super::value_types::{Mvt, ValueTypes};
use crate::records::{Fatal, Fields};
use tdq_core::types::RecId;
use tdq_core::Evaluation;

/// The default mode's number.
pub const DEFAULT_MODE: u32 = 0;

/// LLVM's `InfoByHwMode<T>`: one value per mode, ordered by mode. Kept dense, by mode number
/// (a target has a handful of modes, and sub-register ranges are looked up hundreds of
/// millions of times on AMDGPU).
#[derive(Clone, Debug)]
pub struct ByMode<T>(Vec<Option<T>>);

impl<T> Default for ByMode<T> {
    fn default() -> ByMode<T> {
        ByMode(Vec::new())
    }
}

impl<T: PartialEq> PartialEq for ByMode<T> {
    fn eq(&self, other: &ByMode<T>) -> bool {
        let len = self.0.len().max(other.0.len());
        (0..len).all(|m| self.0.get(m).and_then(Option::as_ref) == other.0.get(m).and_then(Option::as_ref))
    }
}

impl<T: Eq> Eq for ByMode<T> {}

/// `std::map`'s `operator<`: the (mode, value) pairs compared in mode order.
impl<T: Ord + Clone> PartialOrd for ByMode<T> {
    fn partial_cmp(&self, other: &ByMode<T>) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl<T: Ord + Clone> Ord for ByMode<T> {
    fn cmp(&self, other: &ByMode<T>) -> std::cmp::Ordering {
        self.iter().cmp(other.iter())
    }
}

impl<T: Clone> ByMode<T> {
    /// One value, for the default mode.
    pub fn simple(value: T) -> ByMode<T> {
        ByMode(vec![Some(value)])
    }

    fn slot(&self, mode: u32) -> Option<&T> {
        self.0.get(mode as usize).and_then(Option::as_ref)
    }

    /// `hasDefault`.
    pub fn has_default(&self) -> bool {
        self.slot(DEFAULT_MODE).is_some()
    }

    /// `isSimple`: only the default mode.
    pub fn is_simple(&self) -> bool {
        self.has_default() && self.0.iter().filter(|v| v.is_some()).count() == 1
    }

    /// Whether `mode` has a value of its own.
    pub fn has_mode(&self, mode: u32) -> bool {
        self.slot(mode).is_some()
    }

    /// The const `get`: the mode's value, or the first (the default mode's).
    pub fn get(&self, mode: u32) -> &T {
        match self.slot(mode) {
            Some(v) => v,
            None => self.first(),
        }
    }

    /// [`Self::get`], or none when no mode has a value (where LLVM's `get` reads past an
    /// empty map).
    pub fn try_get(&self, mode: u32) -> Option<&T> {
        self.slot(mode).or_else(|| self.0.iter().flatten().next())
    }

    /// The mutable `get`: the mode's value, made a copy of the first when the mode has none.
    pub fn get_mut(&mut self, mode: u32) -> &mut T {
        let m = mode as usize;
        if self.slot(mode).is_none() {
            let first = self.first().clone();
            if m >= self.0.len() {
                self.0.resize(m + 1, None);
            }
            self.0[m] = Some(first);
        }
        self.0[m].as_mut().expect("filled above")
    }

    /// `try_emplace`: a value for `mode` unless it has one.
    pub fn insert_if_absent(&mut self, mode: u32, value: T) {
        let m = mode as usize;
        if m >= self.0.len() {
            self.0.resize(m + 1, None);
        }
        if self.0[m].is_none() {
            self.0[m] = Some(value);
        }
    }

    /// The first mode's value, which is what comparisons of register sizes look at.
    pub fn first(&self) -> &T {
        self.0.iter().flatten().next().expect("a value for some mode")
    }

    /// The first mode.
    pub fn first_mode(&self) -> u32 {
        self.0.iter().position(Option::is_some).expect("a value for some mode") as u32
    }

    /// The (mode, value) pairs, by mode.
    pub fn iter(&self) -> impl Iterator<Item = (u32, &T)> {
        self.0.iter().enumerate().filter_map(|(m, v)| v.as_ref().map(|v| (m as u32, v)))
    }
}

/// Reads what a `HwModeSelect` def selects in each mode with `read`, as the `...ByHwMode`
/// constructors do: a mode named twice is an error naming `what`.
fn select<T: Clone>(
    input: &Evaluation,
    hw_modes: &HwModes,
    def: RecId,
    what: &str,
    mut read: impl FnMut(RecId) -> Result<T, Fatal>,
) -> Result<ByMode<T>, Fatal> {
    let f = Fields { input };
    let mut map = ByMode::default();
    let items = hw_modes.selects.get(&def).map(Vec::as_slice).unwrap_or_default();
    for &(mode, object) in items {
        if map.has_mode(mode) {
            let mode_name = hw_modes.mode_name(mode);
            return Err(Fatal::new(
                &input.records.get(def).locs,
                format!("duplicate {what} entry for HwMode {mode_name}: {}", f.name(object)),
            ));
        }
        let value = read(object)?;
        map.insert_if_absent(mode, value);
    }
    Ok(map)
}

/// LLVM's `ValueTypeByHwMode`: a value type, or one per mode.
pub type VtByMode = ByMode<Mvt>;

impl PartialEq for Mvt {
    fn eq(&self, other: &Mvt) -> bool {
        self.name == other.name
    }
}
impl Eq for Mvt {}

/// MVTs order as their enumerators do (`MVT::operator<`).
impl PartialOrd for Mvt {
    fn partial_cmp(&self, other: &Mvt) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Mvt {
    fn cmp(&self, other: &Mvt) -> std::cmp::Ordering {
        self.value.cmp(&other.value).then_with(|| self.name.cmp(other.name))
    }
}

/// `getValueTypeByHwMode`: the value type `rec` (a `ValueType` def) stands for, by mode when
/// it is also a `HwModeSelect`.
pub fn value_type_by_mode(input: &Evaluation, hw_modes: &HwModes, rec: RecId) -> Result<VtByMode, Fatal> {
    let types = ValueTypes::get(input)?;
    let f = Fields { input };
    // A pointer's address space, by mode too (`PtrValueTypeByHwMode`).
    let addr_space = f.is_a(rec, "PtrValueType").then(|| f.int(rec, "AddrSpace").ok()?.try_into().ok()).flatten();
    if f.is_a(rec, "HwModeSelect") {
        return select(input, hw_modes, rec, "ValueType", |vt| {
            let mut mvt = types.of(input, vt)?;
            if addr_space.is_some() {
                mvt.ptr_addr_space = addr_space;
            }
            Ok(mvt)
        });
    }
    let mut mvt = types.of(input, rec)?;
    if addr_space.is_some() {
        mvt.ptr_addr_space = addr_space;
    }
    Ok(ByMode::simple(mvt))
}

/// LLVM's `RegSizeInfo`: a register's size, its spill slot's size and alignment, in bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct RegSizeInfo {
    pub reg_size: u32,
    pub spill_size: u32,
    pub spill_alignment: u32,
}

impl RegSizeInfo {
    /// From a `RegInfo` def.
    fn read(input: &Evaluation, rec: RecId) -> Result<RegSizeInfo, Fatal> {
        let f = Fields { input };
        Ok(RegSizeInfo {
            reg_size: f.int(rec, "RegSize")? as u32,
            spill_size: f.int(rec, "SpillSize")? as u32,
            spill_alignment: f.int(rec, "SpillAlignment")? as u32,
        })
    }

    /// `isSubClassOf`: registers of this size may stand where `other`'s are expected.
    pub fn is_sub_class_of(&self, other: &RegSizeInfo) -> bool {
        self.reg_size <= other.reg_size
            && self.spill_alignment != 0
            && other.spill_alignment.is_multiple_of(self.spill_alignment)
            && self.spill_size <= other.spill_size
    }
}

/// `RegSizeInfoByHwMode`. Comparisons look at the first mode's sizes (the default mode's, which
/// every register class has).
pub type RegSizeByMode = ByMode<RegSizeInfo>;

impl RegSizeByMode {
    /// From a `RegInfoByHwMode` def.
    pub fn read(input: &Evaluation, hw_modes: &HwModes, rec: RecId) -> Result<RegSizeByMode, Fatal> {
        select(input, hw_modes, rec, "RegInfo", |info| RegSizeInfo::read(input, info))
    }

    /// `hasStricterSpillThan`.
    pub fn has_stricter_spill_than(&self, other: &RegSizeByMode) -> bool {
        let (a, b) = (self.first(), other.get(self.first_mode()));
        (a.spill_size, a.spill_alignment) > (b.spill_size, b.spill_alignment)
    }

    /// `isSubClassOf`.
    pub fn is_sub_class_of(&self, other: &RegSizeByMode) -> bool {
        self.first().is_sub_class_of(other.get(self.first_mode()))
    }

    /// The order of `operator<`.
    pub fn key(&self) -> RegSizeInfo {
        *self.first()
    }
}

/// LLVM's `SubRegRange`: where a sub-register lies in its register, in bits; the all-ones
/// value of the release's width means unknown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SubRegRange {
    pub size: u32,
    pub offset: u32,
}

impl SubRegRange {
    /// From a `SubRegRange` or `SubRegIndex` def (`Size`, `Offset`), cut to `width`.
    pub fn read(input: &Evaluation, rec: RecId, width: RangeWidth) -> Result<SubRegRange, Fatal> {
        let f = Fields { input };
        Ok(SubRegRange { size: width.cut(f.int(rec, "Size")?), offset: width.cut(f.int(rec, "Offset")?) })
    }
}

/// The width of a [`SubRegRange`]'s fields: `uint16_t` (LLVM 19 and 22) or `uint32_t` (23).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RangeWidth {
    Bits16,
    Bits32,
}

impl RangeWidth {
    /// The value meaning unknown: all ones.
    pub fn unknown(self) -> u32 {
        match self {
            RangeWidth::Bits16 => u16::MAX as u32,
            RangeWidth::Bits32 => u32::MAX,
        }
    }

    /// `value` stored in a field of this width.
    pub fn cut(self, value: i64) -> u32 {
        match self {
            RangeWidth::Bits16 => value as u16 as u32,
            RangeWidth::Bits32 => value as u32,
        }
    }
}

/// `SubRegRangeByHwMode`.
pub type SubRegRangeByMode = ByMode<SubRegRange>;

/// From a `SubRegRangeByHwMode` def.
pub fn sub_reg_ranges(
    input: &Evaluation,
    hw_modes: &HwModes,
    rec: RecId,
    width: RangeWidth,
) -> Result<SubRegRangeByMode, Fatal> {
    select(input, hw_modes, rec, "SubRegRange", |range| SubRegRange::read(input, range, width))
}

/// LLVM's `RegClassByHwMode` (LLVM 22 on): the register class (its position in the bank) a
/// `RegClassByHwMode` def names in each mode; a mode named twice is LLVM's error.
pub fn reg_class_by_mode(
    input: &Evaluation,
    bank: &super::registers::RegBank,
    hw_modes: &HwModes,
    rec: RecId,
) -> Result<ByMode<usize>, Fatal> {
    select(input, hw_modes, rec, "RegisterClass", |class| bank.class(input, class))
}

/// LLVM 23's `RegisterByHwMode`: the register a `RegisterByHwMode` def names in each mode,
/// each checked to be in its register class (or in the class a `RegClassByHwMode` gives that
/// mode).
#[derive(Clone, Debug)]
pub struct RegisterByHwMode {
    pub def: RecId,
    /// Each mode's register (its position in the register bank), by mode.
    pub by_mode: std::collections::BTreeMap<u32, usize>,
    /// The namespace of the target's first register class, which the getters live in.
    pub namespace: &'static str,
}

impl RegisterByHwMode {
    /// The `RegisterByHwMode(R, RegBank)` constructor.
    pub fn read(
        input: &Evaluation,
        bank: &super::registers::RegBank,
        modes: &HwModes,
        rec: RecId,
    ) -> Result<RegisterByHwMode, Fatal> {
        use std::collections::BTreeMap;
        let f = Fields { input };
        let mut by_mode: BTreeMap<u32, usize> = BTreeMap::new();
        let mode_defs = f.defs(rec, "Modes")?;
        let objects = f.defs(rec, "Objects")?;
        let class_def = f.def(rec, "RegClass")?;
        let locs = &input.records.get(rec).locs;
        let class_by_mode = if f.is_a(class_def, "RegClassByHwMode") {
            Some(reg_class_by_mode(input, bank, modes, class_def)?)
        } else {
            None
        };
        for (m, r) in mode_defs.into_iter().zip(objects) {
            let id = modes.id(input, m)?;
            let reg = bank.register_of(r).ok_or_else(|| Fatal::new(locs, "Register value must subclass Register"))?;
            let class = match &class_by_mode {
                // A mode without a class of its own takes the first mode's (the default's).
                Some(by_mode) => *by_mode
                    .try_get(id)
                    .ok_or_else(|| Fatal::new(locs, format!("no register class for HwMode {}", modes.mode_name(id))))?,
                None => bank.class_at(input, class_def, locs)?,
            };
            if !bank.classes[class].contains(reg) {
                return Err(Fatal::new(
                    locs,
                    format!(
                        "Register {} for HwMode {} is not a member of register class {}",
                        bank.registers[reg].name,
                        modes.mode_name(id),
                        bank.classes[class].name
                    ),
                ));
            }
            if by_mode.insert(id, reg).is_some() {
                return Err(Fatal::new(
                    locs,
                    format!("duplicate Register for HwMode {}: {}", modes.mode_name(id), bank.registers[reg].name),
                ));
            }
        }
        let namespace = bank.classes.first().map_or("", |c| c.namespace);
        Ok(RegisterByHwMode { def: rec, by_mode, namespace })
    }

    /// `emitResolverCall`: the call of the getter of this register for the mode `hw_mode`.
    pub fn resolver_call(&self, input: &Evaluation, hw_mode: &str) -> String {
        format!("{}::RegisterByHwMode::get{}({hw_mode})", self.namespace, Fields { input }.name(self.def))
    }
}
