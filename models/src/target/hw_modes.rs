//! The target's hardware modes (LLVM's `CodeGenHwModes`): each `HwMode` def but
//! `DefaultMode`, numbered from 1 in name order (0 is the default mode), and what each
//! `HwModeSelect` def selects in each mode.

use crate::records::{derived_definitions, Fatal, Fields};
use std::collections::HashMap;
use tdq_core::types::RecId;
use tdq_core::{ByRelease, Evaluation};

/// The name of the mode every target has, whose def is not a mode of its own.
pub const DEFAULT_MODE_NAME: &str = "DefaultMode";

/// What a mode's predicates are read as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Predicates {
    /// `Features` and the `CondString`s of `Predicates` joined into one C++ condition
    /// (LLVM 19).
    FeaturesAndCondition,
    /// The `Predicates` defs themselves (LLVM 22 on).
    Defs,
}

const PREDICATES: ByRelease<Predicates> =
    ByRelease { v19: Predicates::FeaturesAndCondition, v22: Predicates::Defs, v23: Predicates::Defs };

/// How the model stops when a `HwModeSelect` def's `Modes` and `Objects` differ in length.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SelectSizeMismatch {
    /// The error, then `report_fatal_error("error in target description.")`: a crash (LLVM 19).
    ErrorThenCrash,
    /// `PrintFatalError`: the error and exit status 1 (LLVM 22 on).
    FatalError,
}

const SELECT_SIZE_MISMATCH: ByRelease<SelectSizeMismatch> = ByRelease {
    v19: SelectSizeMismatch::ErrorThenCrash,
    v22: SelectSizeMismatch::FatalError,
    v23: SelectSizeMismatch::FatalError,
};

/// One hardware mode.
#[derive(Clone, Debug)]
pub struct HwMode {
    pub def: RecId,
    pub name: &'static str,
    /// Its `Predicates` defs.
    pub predicates: Vec<RecId>,
    /// LLVM 19: its `Features` string, and the condition its predicates make
    /// (`(Cond1) && (Cond2)`, empty conditions left out).
    pub features: &'static str,
    pub condition: String,
}

/// The target's modes and mode selections.
#[derive(Clone, Debug, Default)]
pub struct HwModes {
    /// The modes, mode `i + 1` at index `i`.
    pub modes: Vec<HwMode>,
    ids: HashMap<RecId, u32>,
    /// Each `HwModeSelect` def's (mode, object) pairs.
    pub selects: HashMap<RecId, Vec<(u32, RecId)>>,
}

impl HwModes {
    /// LLVM's `CodeGenHwModes` constructor: the `HwMode` and `HwModeSelect` classes must exist.
    pub fn read(input: &Evaluation) -> Result<HwModes, Fatal> {
        let f = Fields { input };
        let mut hw = HwModes::default();
        let predicates = PREDICATES.get(input.records.release);
        for &def in derived_definitions(input, "HwMode")?.iter() {
            let name = f.name(def);
            if name == DEFAULT_MODE_NAME {
                continue;
            }
            let mut mode = HwMode { def, name, predicates: Vec::new(), features: "", condition: String::new() };
            match predicates {
                Predicates::FeaturesAndCondition => {
                    mode.features = f.string(def, "Features")?;
                    let mut conditions = Vec::new();
                    for pred in f.defs(def, "Predicates")? {
                        let cond = f.string(pred, "CondString")?;
                        if !cond.is_empty() {
                            conditions.push(format!("({cond})"));
                        }
                        mode.predicates.push(pred);
                    }
                    mode.condition = conditions.join(" && ");
                }
                Predicates::Defs => mode.predicates = f.defs(def, "Predicates")?,
            }
            hw.modes.push(mode);
            hw.ids.insert(def, hw.modes.len() as u32);
        }
        for &def in derived_definitions(input, "HwModeSelect")?.iter() {
            let modes = f.defs(def, "Modes")?;
            let objects = f.defs(def, "Objects")?;
            if modes.len() != objects.len() {
                let name = f.name(def);
                let error = Fatal::new(
                    &input.records.get(def).locs,
                    format!("in record {name} derived from HwModeSelect: the lists Modes and Objects should have the same size"),
                );
                return Err(match SELECT_SIZE_MISMATCH.get(input.records.release) {
                    SelectSizeMismatch::ErrorThenCrash => error.then_report_fatal_error("error in target description."),
                    SelectSizeMismatch::FatalError => error,
                });
            }
            let mut items = Vec::with_capacity(modes.len());
            for (mode, object) in modes.into_iter().zip(objects) {
                items.push((hw.id(input, mode)?, object));
            }
            hw.selects.insert(def, items);
        }
        Ok(hw)
    }

    /// `getHwModeId`: 0 for `DefaultMode`, else the mode's number.
    pub fn id(&self, input: &Evaluation, mode: RecId) -> Result<u32, Fatal> {
        let f = Fields { input };
        if f.name(mode) == DEFAULT_MODE_NAME {
            return Ok(0);
        }
        self.ids.get(&mode).copied().ok_or_else(|| {
            Fatal::new(&input.records.get(mode).locs, format!("'{}' is not a hardware mode", f.name(mode)))
        })
    }

    /// `getModeName(Id, /*IncludeDefault=*/true)`: the mode's name, `DefaultMode` for 0.
    pub fn mode_name(&self, mode: u32) -> &'static str {
        match mode {
            0 => DEFAULT_MODE_NAME,
            m => self.modes[m as usize - 1].name,
        }
    }

    /// How many modes there are, the default one included.
    pub fn num_modes(&self) -> usize {
        self.modes.len() + 1
    }
}
