//! What every lint reads: the evaluated records, the sources, and typed access to the fields of
//! LLVM's `Instruction` class (Target.td) that most lints are about.

use std::path::{Path, PathBuf};
use tdq_core::init::{Init, InitKind};
use tdq_core::record::{Record, RecordKeeper, RecordVal};
use tdq_core::types::RecId;
use tdq_core::{Evaluation, Loc, SourceMgr};

/// A dag's arguments: each value with its `$name`, if any.
pub type DagArgs = &'static [(Init, Option<&'static str>)];

/// A bit field's state: LLVM tells `?` (left to inference) from an explicit 0.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Flag {
    Unset,
    Off,
    On,
    /// No such field, or not a plain bit (still an expression).
    Absent,
}

/// The records of one evaluation, as the lints see them.
pub struct Context<'a> {
    /// The evaluation, for the models (`tdq_models`) that lints read.
    pub eval: &'a Evaluation,
    pub rk: &'a RecordKeeper,
    pub sm: &'a SourceMgr,
    /// The target's instructions ([`tdq_models::target::instructions::target_instruction_defs`]):
    /// LLVM's generic opcodes are no target's to fix.
    pub instructions: Vec<RecId>,
    /// The directory of the root file: a target's own sources, as opposed to LLVM's shared
    /// `include/` (for lints about what a target defines but never uses).
    root_dir: PathBuf,
}

impl<'a> Context<'a> {
    pub fn new(eval: &'a Evaluation) -> Context<'a> {
        let (rk, sm) = (&eval.records, &eval.sm);
        let instructions = tdq_models::target::instructions::target_instruction_defs(eval);
        let root_dir = sm.files.first().and_then(|f| Path::new(&f.path).parent().map(normalize)).unwrap_or_default();
        Context { eval, rk, sm, instructions, root_dir }
    }

    /// LLVM's pattern model of the target (its selection patterns, the flags inferred from them
    /// and the stated flags they contradict), when the records describe a target the pattern
    /// machinery accepts; computed once per evaluation, whichever lint asks first.
    pub fn patterns(&self) -> Option<std::sync::Arc<tdq_models::patterns::dag_patterns::DagPatterns>> {
        if self.rk.class("Target").is_none() || self.rk.class("Instruction").is_none() {
            return None;
        }
        tdq_models::patterns::dag_patterns::DagPatterns::with_conflicts(self.eval).ok()
    }

    /// The target's instructions as LLVM's `CodeGenTarget` reads them, when the records
    /// describe a target.
    pub fn target_instructions(&self) -> Option<std::sync::Arc<tdq_models::target::instructions::Instructions>> {
        tdq_models::target::instructions::Instructions::get(self.eval).ok()
    }

    pub fn record(&self, id: RecId) -> &'a Record {
        self.rk.get(id)
    }

    /// A field by name (an interned-string comparison per field).
    pub fn field(&self, id: RecId, name: &str) -> Option<&'a RecordVal> {
        let name = Init::string(name);
        self.rk.get(id).value(name)
    }

    pub fn flag(&self, id: RecId, name: &str) -> Flag {
        match self.field(id, name).map(|v| v.value.kind()) {
            Some(InitKind::Unset) => Flag::Unset,
            Some(InitKind::Bit(false)) => Flag::Off,
            Some(InitKind::Bit(true)) => Flag::On,
            Some(InitKind::Int(0)) => Flag::Off,
            Some(InitKind::Int(_)) => Flag::On,
            _ => Flag::Absent,
        }
    }

    pub fn is_on(&self, id: RecId, name: &str) -> bool {
        self.flag(id, name) == Flag::On
    }

    pub fn string(&self, id: RecId, name: &str) -> Option<&'static str> {
        self.field(id, name).and_then(|v| v.value.as_str())
    }

    /// A `dag` field's operator and arguments `(value, name)`.
    pub fn dag(&self, id: RecId, name: &str) -> Option<(Init, DagArgs)> {
        match self.field(id, name)?.value.kind() {
            InitKind::Dag(op, _, args) => Some((*op, args)),
            _ => None,
        }
    }

    /// How many operands `(outs ...)` and `(ins ...)` list together.
    pub fn operand_count(&self, id: RecId) -> usize {
        ["OutOperandList", "InOperandList"].iter().filter_map(|f| self.dag(id, f)).map(|(_, args)| args.len()).sum()
    }

    /// A `list` field's elements.
    pub fn list(&self, id: RecId, name: &str) -> &'static [Init] {
        self.field(id, name).and_then(|v| v.value.as_list()).map_or(&[], |(e, _)| e)
    }

    /// Whether def `id` derives from the class named `class`.
    pub fn is_a(&self, id: RecId, class: &str) -> bool {
        self.rk.class(class).is_some_and(|c| id == c || self.rk.get(id).is_subclass_of(c))
    }

    /// Whether `loc` is in the root file's directory or below it: the target's own sources.
    pub fn is_local(&self, loc: Loc) -> bool {
        match self.sm.file(loc) {
            Some(f) => Path::new(&f.path).parent().map(normalize).is_some_and(|d| d.starts_with(&self.root_dir)),
            None => false,
        }
    }

    /// `file:line` for messages that point at another record.
    pub fn short_loc(&self, loc: Loc) -> String {
        let (line, _) = self.sm.line_col(loc);
        format!("{}:{line}", self.sm.path(loc))
    }
}

/// A path without `.` components or a trailing `/`, for prefix comparison (no file system).
fn normalize(p: &Path) -> PathBuf {
    p.components().filter(|c| !matches!(c, std::path::Component::CurDir)).collect()
}
