//! The machine value types records name (LLVM's `MVT` and `getValueType`): a `ValueType` def
//! such as `i32` or `v4f32` stands for one MVT, whose enum name backends print
//! (`getEnumName`: `MVT::i32`).
//!
//! llvm-tblgen knows the MVTs of its own build (`GenVT.inc`, made from the `ValueTypes.td` that
//! every target includes); tdq reads the same table from the records. How a def names its MVT
//! differs: LLVM 19 reads its `Value` (the MVT's number), later releases its `LLVMName`.

use crate::records::{derived_definitions, Fatal, Fields};
use std::collections::HashMap;
use std::sync::Arc;
use tdq_core::types::RecId;
use tdq_core::{ByRelease, Evaluation};

/// How a record names the MVT it stands for (`getValueType`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Key {
    /// By number: its `Value` is the MVT's `SimpleValueType` (LLVM 19).
    Value,
    /// By name: its `LLVMName` is the MVT's (LLVM 22 on).
    LlvmName,
}

const KEY: ByRelease<Key> = ByRelease { v19: Key::Value, v22: Key::LlvmName, v23: Key::LlvmName };

/// One machine value type, as the `ValueType` def that defines it says.
#[derive(Clone, Copy, Debug)]
pub struct Mvt {
    /// The defining `ValueType` def.
    pub def: RecId,
    /// Its `LLVMName`: the enumerator's name.
    pub name: &'static str,
    /// `isFP`: a floating-point scalar or vector (`MVT::isFloatingPoint`).
    pub is_fp: bool,
    /// `isInteger`.
    pub is_integer: bool,
    /// `isVector`.
    pub is_vector: bool,
    /// Its `Size` in bits (`getSizeInBits`; the minimum for a scalable vector).
    pub size: i64,
    /// The enumerator's number, which orders MVTs: its `Value` (LLVM 19; none if it has
    /// none), else its position among the `ValueType` defs in the order they are defined,
    /// from 1 (as `-gen-vt` numbers them).
    pub value: Option<i64>,
    /// The address space of a pointer type read from a `PtrValueType` def (LLVM keeps it on
    /// the `ValueTypeByHwMode` made from that def, `PtrAddrSpace`); none otherwise.
    pub ptr_addr_space: Option<u32>,
}

impl Mvt {
    /// LLVM's `getEnumName`: `MVT::` and the name.
    pub fn enum_name(&self) -> String {
        format!("MVT::{}", self.name)
    }
}

/// The MVTs of an evaluation, found by number or by name.
#[derive(Debug)]
pub struct ValueTypes {
    by_value: HashMap<i64, Mvt>,
    by_name: HashMap<&'static str, Mvt>,
}

impl ValueTypes {
    /// The value types of `input`, computed once: every `ValueType` def whose fields say what
    /// an MVT is.
    pub fn get(input: &Evaluation) -> Result<Arc<ValueTypes>, Fatal> {
        crate::computed(input, || {
            let f = Fields { input };
            let mut types = ValueTypes { by_value: HashMap::new(), by_name: HashMap::new() };
            let Some(_) = input.records.class("ValueType") else {
                return Ok(types);
            };
            // LLVM's table is compiled from ValueTypes.td, which targets include first: of defs
            // with one number or name the first defined is the one found (AMDGPU's `p6` is a
            // pointer type with `i32`'s number, and is no MVT). Records whose fields say no
            // MVT (anonymous ones a target's intrinsics make) are not in the table.
            let mut defs = derived_definitions(input, "ValueType")?.to_vec();
            defs.sort_unstable();
            let key = KEY.get(input.records.release);
            for (position, def) in defs.into_iter().enumerate() {
                let value = match key {
                    Key::Value => f.value(def, "Value").and_then(|v| v.value.as_int()),
                    Key::LlvmName => Some(position as i64 + 1),
                };
                let read = || -> Result<Mvt, Fatal> {
                    Ok(Mvt {
                        def,
                        name: f.string(def, "LLVMName")?,
                        is_fp: f.bit(def, "isFP")?,
                        is_integer: f.bit(def, "isInteger")?,
                        is_vector: f.bit(def, "isVector")?,
                        size: f.int(def, "Size")?,
                        value,
                        ptr_addr_space: None,
                    })
                };
                let Ok(mvt) = read() else { continue };
                if let (Key::Value, Some(value)) = (key, mvt.value) {
                    types.by_value.entry(value).or_insert(mvt);
                }
                types.by_name.entry(mvt.name).or_insert(mvt);
            }
            Ok(types)
        })
    }

    /// Every MVT of the table (one per name).
    pub fn all(&self) -> impl Iterator<Item = &Mvt> {
        self.by_name.values()
    }

    /// The MVT whose `LLVMName` is `name`.
    pub fn named(&self, name: &str) -> Option<Mvt> {
        self.by_name.get(name).copied()
    }

    /// LLVM's `getValueType(Rec)`: the MVT that `rec` (a `ValueType` def, or any record with
    /// its fields) stands for in this release. A record that names no MVT of the table is an
    /// error (undefined behaviour in LLVM).
    pub fn of(&self, input: &Evaluation, rec: RecId) -> Result<Mvt, Fatal> {
        let f = Fields { input };
        let found = match KEY.get(input.records.release) {
            Key::Value => self.by_value.get(&f.int(rec, "Value")?),
            Key::LlvmName => self.by_name.get(f.string(rec, "LLVMName")?),
        };
        found.copied().ok_or_else(|| {
            let name = f.name(rec);
            Fatal::new(
                &input.records.get(rec).locs,
                format!("'{name}' is not a value type of this target's ValueTypes.td"),
            )
        })
    }
}
