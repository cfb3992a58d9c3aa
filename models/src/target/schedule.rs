//! The schedule model (LLVM's `CodeGenSchedModels`, CodeGenSchedule.cpp): the processor
//! models, the SchedReadWrites (with the sequences variant expansion infers), the scheduling
//! classes (an instruction's itinerary class and SchedRW list, the classes `InstRW` defs split
//! off, and the classes inferred from `SchedVariant`s with their predicated transitions), each
//! processor's resources, write resources and read advances, itineraries, register files and
//! queues, and the `STIPredicate` functions with their opcode groups. Computed once per
//! evaluation ([`SchedModels::get`]), in the constructor's order, with llvm-tblgen's fatal
//! errors.

use crate::records::{compare_numeric, derived_definitions, Fatal, Fields};
use crate::set_theory::{InstructionNames, Member, SetTheory};
use crate::target::instructions::Instructions;
use std::collections::{HashMap, HashSet};
use std::rc::Rc;
use std::sync::Arc;
use tdq_core::types::RecId;
use tdq_core::{ByRelease, Evaluation, Loc};

type Result<T> = std::result::Result<T, Fatal>;

/// What differs between releases in the model.
#[derive(Debug)]
struct Rules {
    /// How processors are sorted and a duplicate name reported.
    duplicate_processors: DuplicateProcessors,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum DuplicateProcessors {
    /// By `Name` only; "Duplicate processor name X" at the first (LLVM 19).
    DuplicateName,
    /// By `Name`, then by definition order; "Processor `X` is already defined." at the second,
    /// a note at the first (LLVM 22 on: `sortAndReportDuplicates`).
    AlreadyDefined,
}

const RULES_22: Rules = Rules { duplicate_processors: DuplicateProcessors::AlreadyDefined };

const RULES: ByRelease<Rules> =
    ByRelease { v19: Rules { duplicate_processors: DuplicateProcessors::DuplicateName }, v22: RULES_22, v23: RULES_22 };

/// A SchedWrite or SchedRead (`CodeGenSchedRW`): a def, or a sequence that variant expansion
/// inferred (no def).
#[derive(Clone, Debug, Default)]
pub struct SchedRw {
    pub index: u32,
    pub name: String,
    pub def: Option<RecId>,
    pub is_read: bool,
    /// Some `SchedAlias` maps a RW to this one.
    pub is_alias: bool,
    /// A `SchedVariant`.
    pub has_variants: bool,
    pub is_variadic: bool,
    /// A `WriteSequence`, or an inferred sequence.
    pub is_sequence: bool,
    pub sequence: Vec<u32>,
    /// The `SchedAlias` defs whose `MatchRW` this is.
    pub aliases: Vec<RecId>,
}

/// A transition from a variant class to another, on one processor (`CodeGenSchedTransition`).
#[derive(Clone, Debug)]
pub struct Transition {
    pub to_class: u32,
    pub proc_index: u32,
    /// The predicates that guard it, all of which must hold.
    pub pred_term: Vec<RecId>,
}

/// A scheduling class (`CodeGenSchedClass`).
#[derive(Clone, Debug)]
pub struct SchedClass {
    pub index: u32,
    pub name: String,
    /// The itinerary class; `None` for an inferred class.
    pub itin_class: Option<RecId>,
    pub writes: Vec<u32>,
    pub reads: Vec<u32>,
    /// Sorted processor indices; 0 means every processor.
    pub proc_indices: Vec<u32>,
    pub transitions: Vec<Transition>,
    /// The `InstRW` defs of the class (some may no longer map an instruction to it).
    pub inst_rws: Vec<RecId>,
    /// The processors of `InstRW`s that inference visited.
    pub inst_rw_proc_indices: HashSet<u32>,
}

impl SchedClass {
    /// `isInferred`: made from variants, never an instruction's own class.
    pub fn is_inferred(&self) -> bool {
        self.itin_class.is_none()
    }
}

/// A register class's cost in a register file (`CodeGenRegisterCost`).
#[derive(Clone, Debug)]
pub struct RegisterCost {
    pub class: RecId,
    pub cost: i64,
    pub allow_move_elimination: bool,
}

/// A processor register file (`CodeGenRegisterFile`).
#[derive(Clone, Debug)]
pub struct RegisterFile {
    pub name: &'static str,
    pub def: RecId,
    pub max_moves_eliminated_per_cycle: i64,
    pub allow_zero_move_elimination_only: bool,
    pub num_phys_regs: i64,
    pub costs: Vec<RegisterCost>,
}

/// A processor model (`CodeGenProcModel`).
#[derive(Clone, Debug)]
pub struct ProcModel {
    pub index: u32,
    pub model_name: String,
    pub model_def: RecId,
    pub itins_def: RecId,
    /// The `InstrItinData` of each instruction scheduling class, when the model has
    /// itineraries.
    pub itin_def_list: Vec<Option<RecId>>,
    pub itin_rw_defs: Vec<RecId>,
    pub unsupported_features: Vec<RecId>,
    pub write_res_defs: Vec<RecId>,
    pub read_advance_defs: Vec<RecId>,
    pub write_res_map: HashMap<RecId, RecId>,
    pub read_advance_map: HashMap<RecId, RecId>,
    /// The writes some `ReadAdvance` names.
    pub read_of_write: HashSet<RecId>,
    pub proc_resource_defs: Vec<RecId>,
    pub register_files: Vec<RegisterFile>,
    pub retire_control_unit: Option<RecId>,
    pub load_queue: Option<RecId>,
    pub store_queue: Option<RecId>,
    has_itineraries: bool,
    /// What `write_res_defs`, `read_advance_defs` and `proc_resource_defs` hold, as sets: LLVM
    /// scans each list before adding to it (`is_contained`), which grows with the model
    /// (RISC-V's processors have hundreds of write resources each).
    listed: [HashSet<RecId>; 3],
    /// Each of `proc_resource_defs`' position, once they are in their final order.
    resource_positions: HashMap<RecId, u32>,
}

/// Which of a processor model's lists of defs ([`ProcModel::listed`]).
#[derive(Clone, Copy)]
enum Listed {
    WriteRes,
    ReadAdvance,
    ProcResource,
}

impl ProcModel {
    /// `hasItineraries`: the itineraries def has `IID` entries.
    pub fn has_itineraries(&self) -> bool {
        self.has_itineraries
    }

    /// Appends `def` to the list unless it is there already; whether it was appended.
    fn list(&mut self, which: Listed, def: RecId) -> bool {
        if !self.listed[which as usize].insert(def) {
            return false;
        }
        match which {
            Listed::WriteRes => &mut self.write_res_defs,
            Listed::ReadAdvance => &mut self.read_advance_defs,
            Listed::ProcResource => &mut self.proc_resource_defs,
        }
        .push(def);
        true
    }

    /// `hasInstrSchedModel`.
    pub fn has_instr_sched_model(&self) -> bool {
        !self.write_res_defs.is_empty() || !self.itin_rw_defs.is_empty()
    }

    /// `hasExtraProcessorInfo`.
    pub fn has_extra_processor_info(&self) -> bool {
        self.retire_control_unit.is_some()
            || self.load_queue.is_some()
            || self.store_queue.is_some()
            || !self.register_files.is_empty()
    }

    /// `getProcResourceIdx`: the resource's number in this model's table (from 1).
    pub fn proc_resource_index(&self, input: &Evaluation, def: RecId) -> Result<u32> {
        match self.resource_positions.get(&def) {
            Some(&i) => Ok(i + 1),
            None => Err(Fatal::new(
                &input.records.get(def).locs,
                format!("ProcResource def is not included in the ProcResources list for {}", self.model_name),
            )),
        }
    }
}

/// A set of processor models (`APInt` of one bit a model, LLVM's `ProcModelMask`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProcMask(Vec<u64>);

impl ProcMask {
    fn new(width: usize) -> ProcMask {
        ProcMask(vec![0; width.div_ceil(64).max(1)])
    }
    fn set(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }
    pub fn test(&self, i: usize) -> bool {
        self.0[i / 64] & (1 << (i % 64)) != 0
    }
    fn union_with(&mut self, other: &ProcMask) {
        for (a, b) in self.0.iter_mut().zip(&other.0) {
            *a |= b;
        }
    }
    fn popcount(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    /// `getActiveBits`: one past the highest bit set.
    pub fn active_bits(&self) -> usize {
        for (i, w) in self.0.iter().enumerate().rev() {
            if *w != 0 {
                return i * 64 + 64 - w.leading_zeros() as usize;
            }
        }
        0
    }
}

/// The operands a predicate applies to (an `APInt` as wide as the highest index plus one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OperandMask {
    pub width: u32,
    pub bits: u128,
}

impl OperandMask {
    pub fn is_zero(&self) -> bool {
        self.bits == 0
    }
    /// The value as `raw_ostream << APInt` prints it: signed, in decimal.
    pub fn signed(&self) -> i128 {
        if self.width > 0 && self.width < 128 && self.bits >> (self.width - 1) & 1 == 1 {
            self.bits as i128 - (1i128 << self.width)
        } else {
            self.bits as i128
        }
    }
}

/// `PredicateInfo`: the processors that give an opcode the same predicate and operand mask.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PredicateInfo {
    pub proc_models: ProcMask,
    pub operands: OperandMask,
    pub predicate: RecId,
}

/// `OpcodeGroup`: opcodes with the same predicates.
#[derive(Clone, Debug)]
pub struct OpcodeGroup {
    pub predicates: Vec<PredicateInfo>,
    pub opcodes: Vec<RecId>,
}

/// `STIPredicateFunction`: a declaration, its definitions (one per processor model) and its
/// opcode groups.
#[derive(Clone, Debug)]
pub struct StiPredicateFunction {
    pub declaration: RecId,
    pub definitions: Vec<RecId>,
    pub groups: Vec<OpcodeGroup>,
}

/// The schedule model of a target (`CodeGenSchedModels`).
#[derive(Debug)]
pub struct SchedModels {
    pub proc_models: Vec<ProcModel>,
    proc_model_map: HashMap<RecId, u32>,
    pub sched_writes: Vec<SchedRw>,
    pub sched_reads: Vec<SchedRw>,
    write_index: HashMap<RecId, u32>,
    read_index: HashMap<RecId, u32>,
    pub sched_classes: Vec<SchedClass>,
    /// Classes of instructions (and of `InstRW`s) come first; inferred ones after.
    pub num_instr_sched_classes: u32,
    instr_class_map: HashMap<RecId, u32>,
    pub sti_predicates: Vec<StiPredicateFunction>,
}

/// LLVM's `LessRecord` on two defs.
fn less_record(input: &Evaluation, a: RecId, b: RecId) -> std::cmp::Ordering {
    let f = Fields { input };
    compare_numeric(f.name(a).as_bytes(), f.name(b).as_bytes())
}

fn locs(input: &Evaluation, rec: RecId) -> &[Loc] {
    &input.records.get(rec).locs
}

/// What identifies a scheduling class: its itinerary class, writes and reads.
type ClassKey = (Option<RecId>, Vec<u32>, Vec<u32>);

/// The state of the computation: the model and the SetTheory that expands `InstRW`s.
struct Builder<'a> {
    input: &'a Evaluation,
    f: Fields<'a>,
    m: SchedModels,
    sets: SetTheory<'a>,
    /// Each sequence's first RW (writes, reads): `findOrInsertRW`'s search.
    sequences: [HashMap<Vec<u32>, u32>; 2],
    /// Each class key's first class: `addSchedClass`'s search.
    class_keys: HashMap<ClassKey, u32>,
    /// Every `ProcResourceUnits` and `ProcResGroup` def while resources are collected.
    all_proc_resources: Vec<RecId>,
    all_proc_res_groups: Vec<RecId>,
    /// `all_proc_resources` by their `Kind`, made at the first search; `None` inside when some
    /// `Kind` cannot be read (the search then reads every one, to fail where LLVM does).
    units_by_kind: Option<Option<HashMap<RecId, Vec<RecId>>>>,
}

impl SchedModels {
    /// The schedule model of `input`, computed once.
    pub fn get(input: &Evaluation) -> Result<Arc<SchedModels>> {
        crate::computed(input, || compute(input))
    }

    /// `getSchedRW(Idx, IsRead)`.
    pub fn rw(&self, index: u32, is_read: bool) -> &SchedRw {
        if is_read {
            &self.sched_reads[index as usize]
        } else {
            &self.sched_writes[index as usize]
        }
    }

    /// `getSchedRWIdx`: the RW of a def, 0 if there is none.
    pub fn rw_index(&self, def: RecId, is_read: bool) -> u32 {
        let map = if is_read { &self.read_index } else { &self.write_index };
        map.get(&def).copied().unwrap_or(0)
    }

    /// `getSchedRW(Def)`.
    pub fn rw_of(&self, input: &Evaluation, def: RecId) -> &SchedRw {
        let is_read = Fields { input }.is_a(def, "SchedRead");
        self.rw(self.rw_index(def, is_read), is_read)
    }

    /// `getProcModel(ModelDef)`.
    pub fn proc_model(&self, input: &Evaluation, model_def: RecId) -> Result<&ProcModel> {
        match self.proc_model_map.get(&model_def) {
            Some(&i) => Ok(&self.proc_models[i as usize]),
            None => Err(Fatal::new(
                locs(input, model_def),
                format!("Undefined SchedMachineModel {}", input.records.name_sym(model_def)),
            )),
        }
    }

    /// `getModelOrItinDef`: the processor's itineraries when it has some, else its model.
    pub fn model_or_itin_def(input: &Evaluation, processor: RecId) -> Result<RecId> {
        let f = Fields { input };
        let model = f.def(processor, "SchedModel")?;
        let itins = f.def(processor, "ProcItin")?;
        if !f.defs(itins, "IID")?.is_empty() {
            return Ok(itins);
        }
        Ok(model)
    }

    /// `getModelIndexForProc`.
    pub fn model_index_for_proc(&self, input: &Evaluation, processor: RecId) -> Result<u32> {
        let key = Self::model_or_itin_def(input, processor)?;
        Ok(self.proc_model_map.get(&key).copied().unwrap_or(0))
    }

    /// `hasItineraries`: some processor has itineraries.
    pub fn has_itineraries(&self) -> bool {
        self.proc_models.iter().any(ProcModel::has_itineraries)
    }

    /// `getSchedClassIdx`: an instruction's class, 0 for none.
    pub fn sched_class_index(&self, inst: RecId) -> u32 {
        self.instr_class_map.get(&inst).copied().unwrap_or(0)
    }

    /// `findRWs` of one kind: the RW of each def.
    pub fn find_rws_of(&self, defs: &[RecId], is_read: bool) -> Vec<u32> {
        defs.iter().map(|&d| self.rw_index(d, is_read)).collect()
    }

    /// `findRWs`: the writes and the reads among `defs`.
    pub fn find_rws(&self, input: &Evaluation, defs: &[RecId]) -> (Vec<u32>, Vec<u32>) {
        let f = Fields { input };
        let (mut writes, mut reads) = (Vec::new(), Vec::new());
        for &d in defs {
            if f.is_a(d, "SchedWrite") {
                writes.push(self.rw_index(d, false));
            } else {
                reads.push(self.rw_index(d, true));
            }
        }
        (writes, reads)
    }

    /// `expandRWSequence`: a RW with its sequences expanded (each repeated `Repeat` times).
    pub fn expand_rw_sequence(&self, input: &Evaluation, rw: u32, is_read: bool, out: &mut Vec<u32>) -> Result<()> {
        let r = self.rw(rw, is_read);
        if !r.is_sequence {
            out.push(rw);
            return Ok(());
        }
        let repeat = match r.def {
            Some(def) => Fields { input }.int(def, "Repeat")?,
            None => 1,
        };
        for _ in 0..repeat {
            for &i in &r.sequence {
                self.expand_rw_sequence(input, i, is_read, out)?;
            }
        }
        Ok(())
    }

    /// `expandRWSeqForProc`: as [`Self::expand_rw_sequence`], following the aliases that
    /// apply to `proc`.
    pub fn expand_rw_seq_for_proc(
        &self,
        input: &Evaluation,
        rw: u32,
        is_read: bool,
        proc: &ProcModel,
        out: &mut Vec<u32>,
    ) -> Result<()> {
        let f = Fields { input };
        let r = self.rw(rw, is_read);
        let mut alias_def = None;
        for &alias in &r.aliases {
            let alias_rw = self.rw_of(input, f.def(alias, "AliasRW")?);
            if f.init(alias, "SchedModel")?.is_complete() {
                let model = f.def(alias, "SchedModel")?;
                if self.proc_model(input, model)?.index != proc.index {
                    continue;
                }
            }
            if alias_def.is_some() {
                let def = alias_rw.def.expect("an alias names a def");
                return Err(Fatal::new(
                    locs(input, def),
                    format!(
                        "Multiple aliases defined for processor {} Ensure only one SchedAlias exists per RW.",
                        proc.model_name
                    ),
                ));
            }
            alias_def = alias_rw.def;
        }
        if let Some(alias) = alias_def {
            return self.expand_rw_seq_for_proc(input, self.rw_index(alias, is_read), is_read, proc, out);
        }
        if !r.is_sequence {
            out.push(rw);
            return Ok(());
        }
        let repeat = match r.def {
            Some(def) => f.int(def, "Repeat")?,
            None => 1,
        };
        for _ in 0..repeat {
            for &i in &r.sequence {
                self.expand_rw_seq_for_proc(input, i, is_read, proc, out)?;
            }
        }
        Ok(())
    }

    /// `findProcResUnits` as the emitters call it, once the model is built (LLVM has cleared
    /// its lists of resources by then, so only a `ProcResourceUnits` is found).
    pub fn find_proc_res_units(&self, input: &Evaluation, kind: RecId, locs: &[Loc]) -> Result<RecId> {
        let f = Fields { input };
        if f.is_a(kind, "ProcResourceUnits") {
            return Ok(kind);
        }
        Err(Fatal::new(locs, format!("No ProcessorResources associated with {}", f.name(kind))))
    }
}

fn compute(input: &Evaluation) -> Result<SchedModels> {
    // LLVM reads the processors before the instructions.
    derived_definitions(input, "Processor")?;
    let instructions = Instructions::get(input)?;
    let release = input.records.release;
    let f = Fields { input };
    let mut names = InstructionNames::default();
    let fixed = crate::target_opcodes::target_opcodes(release).count();
    for (i, inst) in instructions.in_enum_order().enumerate() {
        let entry = (inst.name, inst.def);
        if i < fixed {
            names.generics.push(entry);
        } else if inst.flags.is_pseudo {
            names.pseudos.push(entry);
        } else {
            names.non_pseudos.push(entry);
        }
    }
    const EXPANDERS: &[(&str, &str)] = &[("InstRW", "Instrs")];
    let mut b = Builder {
        input,
        f,
        m: SchedModels {
            proc_models: Vec::new(),
            proc_model_map: HashMap::new(),
            sched_writes: Vec::new(),
            sched_reads: Vec::new(),
            write_index: HashMap::new(),
            read_index: HashMap::new(),
            sched_classes: Vec::new(),
            num_instr_sched_classes: 0,
            instr_class_map: HashMap::new(),
            sti_predicates: Vec::new(),
        },
        sets: SetTheory::new(input, EXPANDERS).with_instructions(&names),
        sequences: [HashMap::new(), HashMap::new()],
        class_keys: HashMap::new(),
        all_proc_resources: Vec::new(),
        all_proc_res_groups: Vec::new(),
        units_by_kind: None,
    };
    b.collect_proc_models()?;
    b.collect_sched_rw(&instructions)?;
    b.collect_sched_classes(&instructions)?;
    b.collect_proc_itins()?;
    b.collect_proc_itin_rw()?;
    for pm in &mut b.m.proc_models {
        pm.unsupported_features = f.defs(pm.model_def, "UnsupportedFeatures")?;
    }
    b.infer_sched_classes()?;
    b.collect_proc_resources()?;
    b.collect_optional_processor_info(&instructions)?;
    b.check_mc_inst_predicates()?;
    b.check_sti_predicates()?;
    b.collect_sti_predicates()?;
    b.check_completeness(&instructions)?;
    Ok(b.m)
}

/// One step of variant expansion (`TransVariant`).
#[derive(Clone, Copy)]
struct TransVariant {
    var_or_seq: RecId,
    rw: u32,
    trans_vec_index: usize,
}

/// A predicate and the variant RW it guards (`PredCheck`).
#[derive(Clone, Copy)]
struct PredCheck {
    is_read: bool,
    rw: u32,
    predicate: RecId,
}

/// RW sequences guarded by a conjunction of predicates, on one processor (`PredTransition`).
#[derive(Clone, Default)]
struct PredTransition {
    pred_term: Vec<PredCheck>,
    write_sequences: Vec<Vec<u32>>,
    read_sequences: Vec<Vec<u32>>,
    proc_index: u32,
}

impl<'a> Builder<'a> {
    fn fatal(&self, rec: RecId, message: impl Into<String>) -> Fatal {
        Fatal::new(locs(self.input, rec), message)
    }

    fn proc_index(&self, model_def: RecId) -> Result<u32> {
        Ok(self.m.proc_model(self.input, model_def)?.index)
    }

    fn expand(&mut self, rec: RecId) -> Result<Rc<[Member]>> {
        Ok(self.sets.expand(rec)?.unwrap_or_else(|| Rc::from(Vec::new())))
    }

    fn collect_proc_models(&mut self) -> Result<()> {
        let f = self.f;
        let input = self.input;
        let mut processors = Vec::new();
        for &p in derived_definitions(input, "Processor")?.iter() {
            processors.push((f.string(p, "Name")?, p));
        }
        match RULES.get(input.records.release).duplicate_processors {
            DuplicateProcessors::DuplicateName => {
                processors.sort_by(|a, b| a.0.cmp(b.0));
                if let Some(pair) = processors.windows(2).find(|w| w[0].0 == w[1].0) {
                    return Err(self.fatal(pair[0].1, format!("Duplicate processor name {}", pair[0].0)));
                }
            }
            DuplicateProcessors::AlreadyDefined => {
                processors.sort_by(|a, b| a.0.cmp(b.0).then(a.1 .0.cmp(&b.1 .0)));
                if let Some(pair) = processors.windows(2).find(|w| w[0].0 == w[1].0) {
                    let mut fatal = self.fatal(pair[1].1, format!("Processor `{}` is already defined.", pair[0].0));
                    fatal.note(locs(input, pair[0].1), "Previous definition here.");
                    return Err(fatal);
                }
            }
        }
        let no_model = input.records.def("NoSchedModel");
        let no_itins = input.records.def("NoItineraries");
        let (Some(no_model), Some(no_itins)) = (no_model, no_itins) else {
            // LLVM goes on with no defs and crashes on them later.
            return Err(Fatal::new(&[], "NoSchedModel and NoItineraries must be defined"));
        };
        self.m.proc_models.push(self.new_proc_model(0, "NoSchedModel".into(), no_model, no_itins)?);
        self.m.proc_model_map.insert(no_model, 0);
        for (_, processor) in processors {
            let key = SchedModels::model_or_itin_def(input, processor)?;
            if self.m.proc_model_map.contains_key(&key) {
                continue;
            }
            let index = self.m.proc_models.len() as u32;
            self.m.proc_model_map.insert(key, index);
            let mut name = f.name(key).to_string();
            let model = if f.is_a(key, "SchedMachineModel") {
                let itins = f.def(key, "Itineraries")?;
                self.new_proc_model(index, name, key, itins)?
            } else {
                if !f.defs(key, "IID")?.is_empty() {
                    name.push_str("Model");
                }
                let model_def = f.def(processor, "SchedModel")?;
                self.new_proc_model(index, name, model_def, key)?
            };
            self.m.proc_models.push(model);
        }
        Ok(())
    }

    fn new_proc_model(&self, index: u32, model_name: String, model_def: RecId, itins_def: RecId) -> Result<ProcModel> {
        Ok(ProcModel {
            index,
            model_name,
            model_def,
            itins_def,
            itin_def_list: Vec::new(),
            itin_rw_defs: Vec::new(),
            unsupported_features: Vec::new(),
            write_res_defs: Vec::new(),
            read_advance_defs: Vec::new(),
            write_res_map: HashMap::new(),
            read_advance_map: HashMap::new(),
            read_of_write: HashSet::new(),
            proc_resource_defs: Vec::new(),
            register_files: Vec::new(),
            retire_control_unit: None,
            load_queue: None,
            store_queue: None,
            has_itineraries: !self.f.defs(itins_def, "IID")?.is_empty(),
            listed: Default::default(),
            resource_positions: HashMap::new(),
        })
    }

    /// `scanSchedRW`: a RW and every RW its sequence or variants reach, once each.
    fn scan_sched_rw(&self, rw: RecId, out: &mut Vec<RecId>, seen: &mut HashSet<RecId>) -> Result<()> {
        if !seen.insert(rw) {
            return Ok(());
        }
        out.push(rw);
        let f = self.f;
        if f.is_a(rw, "WriteSequence") {
            for w in f.defs(rw, "Writes")? {
                self.scan_sched_rw(w, out, seen)?;
            }
        } else if f.is_a(rw, "SchedVariant") {
            for variant in f.defs(rw, "Variants")? {
                for selected in f.defs(variant, "Selected")? {
                    self.scan_sched_rw(selected, out, seen)?;
                }
            }
        }
        Ok(())
    }

    fn scan_list(
        &self,
        defs: &[RecId],
        writes: &mut Vec<RecId>,
        reads: &mut Vec<RecId>,
        seen: &mut HashSet<RecId>,
    ) -> Result<()> {
        for &rw in defs {
            if self.f.is_a(rw, "SchedWrite") {
                self.scan_sched_rw(rw, writes, seen)?;
            } else {
                self.scan_sched_rw(rw, reads, seen)?;
            }
        }
        Ok(())
    }

    fn collect_sched_rw(&mut self, instructions: &Instructions) -> Result<()> {
        let f = self.f;
        let input = self.input;
        self.m.sched_writes.push(SchedRw::default());
        self.m.sched_reads.push(SchedRw { is_read: true, ..SchedRw::default() });
        let mut seen = HashSet::new();
        let (mut writes, mut reads) = (Vec::new(), Vec::new());
        for inst in instructions.in_enum_order() {
            if f.is_unset(inst.def, "SchedRW")? {
                continue;
            }
            self.scan_list(&f.defs(inst.def, "SchedRW")?, &mut writes, &mut reads, &mut seen)?;
        }
        for class in ["InstRW", "ItinRW"] {
            for &rw in derived_definitions(input, class)?.iter() {
                self.scan_list(&f.defs(rw, "OperandReadWrites")?, &mut writes, &mut reads, &mut seen)?;
            }
        }
        let alias_defs = derived_definitions(input, "SchedAlias")?;
        for &alias in alias_defs.iter() {
            let matched = f.def(alias, "MatchRW")?;
            let aliased = f.def(alias, "AliasRW")?;
            if f.is_a(matched, "SchedWrite") {
                if !f.is_a(aliased, "SchedWrite") {
                    return Err(self.fatal(alias, "SchedWrite Alias must be SchedWrite"));
                }
                self.scan_sched_rw(aliased, &mut writes, &mut seen)?;
            } else {
                if !f.is_a(aliased, "SchedRead") {
                    return Err(self.fatal(alias, "SchedRead Alias must be SchedRead"));
                }
                self.scan_sched_rw(aliased, &mut reads, &mut seen)?;
            }
        }
        writes.sort_by(|&a, &b| less_record(input, a, b));
        reads.sort_by(|&a, &b| less_record(input, a, b));
        for (defs, is_read) in [(writes, false), (reads, true)] {
            for def in defs {
                let list = if is_read { &mut self.m.sched_reads } else { &mut self.m.sched_writes };
                let index = list.len() as u32;
                let has_variants = f.is_a(def, "SchedVariant");
                list.push(SchedRw {
                    index,
                    name: f.name(def).to_string(),
                    def: Some(def),
                    is_read: f.is_a(def, "SchedRead"),
                    is_alias: false,
                    has_variants,
                    is_variadic: has_variants && f.bit(def, "Variadic")?,
                    is_sequence: f.is_a(def, "WriteSequence"),
                    sequence: Vec::new(),
                    aliases: Vec::new(),
                });
                let map = if is_read { &mut self.m.read_index } else { &mut self.m.write_index };
                map.entry(def).or_insert(index);
            }
        }
        for i in 0..self.m.sched_writes.len() {
            let rw = &self.m.sched_writes[i];
            if !rw.is_sequence {
                continue;
            }
            let def = rw.def.expect("an explicit sequence has a def");
            let sequence = self.m.find_rws_of(&f.defs(def, "Writes")?, false);
            self.sequences[0].entry(sequence.clone()).or_insert(i as u32);
            self.m.sched_writes[i].sequence = sequence;
        }
        for &alias in alias_defs.iter() {
            let aliased = f.def(alias, "AliasRW")?;
            let is_read = f.is_a(aliased, "SchedRead");
            let index = self.m.rw_index(aliased, is_read) as usize;
            self.rw_list(is_read)[index].is_alias = true;
            let matched = f.def(alias, "MatchRW")?;
            let is_read = f.is_a(matched, "SchedRead");
            let index = self.m.rw_index(matched, is_read) as usize;
            if self.rw_list(is_read)[index].is_alias {
                return Err(self.fatal(alias, "Cannot Alias an Alias"));
            }
            self.rw_list(is_read)[index].aliases.push(alias);
        }
        Ok(())
    }

    fn rw_list(&mut self, is_read: bool) -> &mut Vec<SchedRw> {
        if is_read {
            &mut self.m.sched_reads
        } else {
            &mut self.m.sched_writes
        }
    }

    /// `findOrInsertRW`: the RW of a sequence, made if it is new.
    fn find_or_insert_rw(&mut self, seq: &[u32], is_read: bool) -> u32 {
        if seq.len() == 1 {
            return seq[0];
        }
        let k = usize::from(is_read);
        if let Some(&i) = self.sequences[k].get(seq) {
            return i;
        }
        let names: Vec<&str> = seq.iter().map(|&i| self.m.rw(i, is_read).name.as_str()).collect();
        let name = format!("({})", names.join("_"));
        let list = self.rw_list(is_read);
        let index = list.len() as u32;
        list.push(SchedRw {
            index,
            name,
            def: None,
            is_read,
            is_sequence: true,
            sequence: seq.to_vec(),
            ..SchedRw::default()
        });
        self.sequences[k].insert(seq.to_vec(), index);
        index
    }

    fn collect_sched_classes(&mut self, instructions: &Instructions) -> Result<()> {
        let f = self.f;
        let input = self.input;
        let no_itinerary = input.records.def("NoItinerary");
        self.m.sched_classes.push(SchedClass {
            index: 0,
            name: "NoInstrModel".into(),
            itin_class: no_itinerary,
            writes: Vec::new(),
            reads: Vec::new(),
            proc_indices: vec![0],
            transitions: Vec::new(),
            inst_rws: Vec::new(),
            inst_rw_proc_indices: HashSet::new(),
        });
        self.class_keys.insert((no_itinerary, Vec::new(), Vec::new()), 0);
        for inst in instructions.in_enum_order() {
            let itin = f.def(inst.def, "Itinerary")?;
            let (writes, reads) = if f.is_unset(inst.def, "SchedRW")? {
                (Vec::new(), Vec::new())
            } else {
                self.m.find_rws(input, &f.defs(inst.def, "SchedRW")?)
            };
            let class = self.add_sched_class(Some(itin), writes, reads, &[0]);
            self.m.instr_class_map.insert(inst.def, class);
        }
        for &inst_rw in derived_definitions(input, "InstRW")?.iter() {
            self.create_inst_rw_class(inst_rw)?;
        }
        self.m.num_instr_sched_classes = self.m.sched_classes.len() as u32;
        Ok(())
    }

    /// `createSchedClassName` of an itinerary class and RWs.
    fn class_name(&self, itin: Option<RecId>, writes: &[u32], reads: &[u32]) -> String {
        let mut name = String::new();
        if let Some(itin) = itin {
            let itin_name = self.f.name(itin);
            if itin_name != "NoItinerary" {
                name.push_str(itin_name);
            }
        }
        for &w in writes {
            if !name.is_empty() {
                name.push('_');
            }
            name.push_str(&self.m.sched_writes[w as usize].name);
        }
        for &r in reads {
            name.push('_');
            name.push_str(&self.m.sched_reads[r as usize].name);
        }
        name
    }

    /// `addSchedClass`: the class of this key (its processors joined with `procs`), made if
    /// it is new.
    fn add_sched_class(&mut self, itin: Option<RecId>, writes: Vec<u32>, reads: Vec<u32>, procs: &[u32]) -> u32 {
        let key = (itin, writes, reads);
        if let Some(&i) = self.class_keys.get(&key) {
            let class = &mut self.m.sched_classes[i as usize];
            let mut union: Vec<u32> = class.proc_indices.iter().chain(procs).copied().collect();
            union.sort_unstable();
            union.dedup();
            class.proc_indices = union;
            return i;
        }
        let index = self.m.sched_classes.len() as u32;
        let name = self.class_name(key.0, &key.1, &key.2);
        self.m.sched_classes.push(SchedClass {
            index,
            name,
            itin_class: key.0,
            writes: key.1.clone(),
            reads: key.2.clone(),
            proc_indices: procs.to_vec(),
            transitions: Vec::new(),
            inst_rws: Vec::new(),
            inst_rw_proc_indices: HashSet::new(),
        });
        self.class_keys.insert(key, index);
        index
    }

    fn overlap(&self, inst_rw: RecId, first: RecId, previous: RecId) -> Result<Fatal> {
        let instrs = self.f.init(previous, "Instrs")?;
        let mut fatal = self.fatal(
            inst_rw,
            format!("Overlapping InstRW definition for \"{}\" also matches previous \"{instrs}\".", self.f.name(first)),
        );
        fatal.note(locs(self.input, previous), "Previous match was here.");
        Ok(fatal)
    }

    fn create_inst_rw_class(&mut self, inst_rw: RecId) -> Result<()> {
        let f = self.f;
        let inst_defs = self.expand(inst_rw)?;
        if inst_defs.is_empty() {
            return Err(self.fatal(inst_rw, "No matching instruction opcodes"));
        }
        let mut by_class: Vec<(u32, Vec<RecId>)> = Vec::new();
        for member in inst_defs.iter() {
            let inst = self.sets.fields_of(*member);
            let Some(&class) = self.m.instr_class_map.get(&inst) else {
                return Err(self.fatal(inst, "No sched class for instruction."));
            };
            match by_class.iter_mut().find(|(c, _)| *c == class) {
                Some((_, list)) => list.push(inst),
                None => by_class.push((class, vec![inst])),
            }
        }
        let model = f.def(inst_rw, "SchedModel")?;
        for (old, insts) in by_class {
            if old != 0 {
                let rw_defs = self.m.sched_classes[old as usize].inst_rws.clone();
                if let Some(&first) = rw_defs.first() {
                    let orig = self.expand(first)?;
                    let count = orig
                        .iter()
                        .filter(|m| self.m.instr_class_map.get(&self.sets.fields_of(**m)).copied().unwrap_or(0) == old)
                        .count();
                    if count == insts.len() {
                        for &previous in &rw_defs {
                            if f.def(previous, "SchedModel")? == model && f.bit(model, "FullInstRWOverlapCheck")? {
                                return Err(self.overlap(inst_rw, insts[0], previous)?);
                            }
                        }
                        self.m.sched_classes[old as usize].inst_rws.push(inst_rw);
                        continue;
                    }
                }
            }
            let index = self.m.sched_classes.len() as u32;
            let names: Vec<&str> = insts.iter().map(|&i| f.name(i)).collect();
            let old_class = &self.m.sched_classes[old as usize];
            let mut class = SchedClass {
                index,
                name: names.join("_"),
                itin_class: old_class.itin_class,
                writes: old_class.writes.clone(),
                reads: old_class.reads.clone(),
                proc_indices: vec![0],
                transitions: Vec::new(),
                inst_rws: Vec::new(),
                inst_rw_proc_indices: HashSet::new(),
            };
            if old != 0 {
                for &previous in &old_class.inst_rws {
                    if f.def(previous, "SchedModel")? == model {
                        return Err(self.overlap(inst_rw, insts[0], previous)?);
                    }
                    class.inst_rws.push(previous);
                }
            }
            class.inst_rws.push(inst_rw);
            self.class_keys.entry((class.itin_class, class.writes.clone(), class.reads.clone())).or_insert(index);
            self.m.sched_classes.push(class);
            for inst in insts {
                self.m.instr_class_map.insert(inst, index);
            }
        }
        Ok(())
    }

    fn collect_proc_itins(&mut self) -> Result<()> {
        let f = self.f;
        let mut by_itin: HashMap<RecId, Vec<usize>> = HashMap::new();
        for class in &self.m.sched_classes {
            if let Some(itin) = class.itin_class {
                by_itin.entry(itin).or_default().push(class.index as usize);
            }
        }
        let n = self.m.num_instr_sched_classes as usize;
        for pm in &mut self.m.proc_models {
            if !pm.has_itineraries {
                continue;
            }
            pm.itin_def_list = vec![None; n];
            for data in f.defs(pm.itins_def, "IID")? {
                let itin = f.def(data, "TheClass")?;
                for &i in by_itin.get(&itin).map(Vec::as_slice).unwrap_or(&[]) {
                    pm.itin_def_list[i] = Some(data);
                }
            }
        }
        Ok(())
    }

    fn collect_proc_itin_rw(&mut self) -> Result<()> {
        let f = self.f;
        for &rw in derived_definitions(self.input, "ItinRW")?.iter() {
            if !f.init(rw, "SchedModel")?.is_complete() {
                return Err(self.fatal(rw, "SchedModel is undefined"));
            }
            let model = f.def(rw, "SchedModel")?;
            let Some(&i) = self.m.proc_model_map.get(&model) else {
                return Err(self.fatal(rw, format!("Undefined SchedMachineModel {}", f.name(model))));
            };
            self.m.proc_models[i as usize].itin_rw_defs.push(rw);
        }
        Ok(())
    }

    fn infer_sched_classes(&mut self) -> Result<()> {
        let mut i = 0;
        while i < self.m.sched_classes.len() {
            let class = &self.m.sched_classes[i];
            let itin = class.itin_class;
            let has_inst_rws = !class.inst_rws.is_empty();
            if let Some(itin) = itin {
                self.infer_from_itin_class(itin, i as u32)?;
            }
            if has_inst_rws {
                self.infer_from_inst_rws(i as u32)?;
            }
            let class = &self.m.sched_classes[i];
            if !class.writes.is_empty() {
                let (writes, reads, procs) = (class.writes.clone(), class.reads.clone(), class.proc_indices.clone());
                self.infer_from_rw(&writes, &reads, i as u32, &procs)?;
            }
            i += 1;
        }
        Ok(())
    }

    /// The `ItinRW` of each processor that maps `itin` (LLVM's duplicate check included).
    fn itin_rws_for(&self, itin: RecId) -> Result<Vec<(u32, RecId)>> {
        let f = self.f;
        let mut found = Vec::new();
        for pm in &self.m.proc_models {
            let mut matched_once = false;
            for &rw in &pm.itin_rw_defs {
                if !f.defs(rw, "MatchedItinClasses")?.contains(&itin) {
                    continue;
                }
                if matched_once {
                    return Err(self.fatal(
                        rw,
                        format!("Duplicate itinerary class {} in ItinResources for {}", f.name(itin), pm.model_name),
                    ));
                }
                matched_once = true;
                found.push((pm.index, rw));
            }
        }
        Ok(found)
    }

    fn infer_from_itin_class(&mut self, itin: RecId, from: u32) -> Result<()> {
        for (proc, rw) in self.itin_rws_for(itin)? {
            let (writes, reads) = self.m.find_rws(self.input, &self.f.defs(rw, "OperandReadWrites")?);
            self.infer_from_rw(&writes, &reads, from, &[proc])?;
        }
        Ok(())
    }

    fn infer_from_inst_rws(&mut self, class: u32) -> Result<()> {
        let f = self.f;
        let count = self.m.sched_classes[class as usize].inst_rws.len();
        for i in 0..count {
            let rec = self.m.sched_classes[class as usize].inst_rws[i];
            let insts = self.expand(rec)?;
            let maps_here = insts
                .iter()
                .any(|m| self.m.instr_class_map.get(&self.sets.fields_of(*m)).copied().unwrap_or(0) == class);
            if !maps_here {
                continue;
            }
            let (writes, reads) = self.m.find_rws(self.input, &f.defs(rec, "OperandReadWrites")?);
            let proc = self.proc_index(f.def(rec, "SchedModel")?)?;
            self.infer_from_rw(&writes, &reads, class, &[proc])?;
            self.m.sched_classes[class as usize].inst_rw_proc_indices.insert(proc);
        }
        Ok(())
    }

    fn infer_from_rw(&mut self, writes: &[u32], reads: &[u32], from: u32, procs: &[u32]) -> Result<()> {
        let input = self.input;
        let mut seed = PredTransition::default();
        for &w in writes {
            let mut seq = Vec::new();
            self.m.expand_rw_sequence(input, w, false, &mut seq)?;
            seed.write_sequences.push(seq);
        }
        for &r in reads {
            let mut seq = Vec::new();
            self.m.expand_rw_sequence(input, r, true, &mut seq)?;
            seed.read_sequences.push(seq);
        }
        let all: Vec<u32>;
        let procs = if procs.contains(&0) {
            let mut ids: Vec<u32> = self.m.proc_model_map.values().copied().filter(|&i| i != 0).collect();
            ids.sort_unstable();
            all = ids;
            &all[..]
        } else {
            procs
        };
        let mut last: Vec<PredTransition> =
            procs.iter().map(|&p| PredTransition { proc_index: p, ..seed.clone() }).collect();
        loop {
            let mut trans_vec = Vec::new();
            let mut substituted = false;
            for t in &last {
                substituted |= self.substitute_variants(&mut trans_vec, t)?;
            }
            last = trans_vec;
            if !substituted {
                break;
            }
        }
        self.infer_from_transitions(&last, from)
    }

    fn substitute_variants(&self, trans_vec: &mut Vec<PredTransition>, t: &PredTransition) -> Result<bool> {
        let start = trans_vec.len();
        let mut substituted = false;
        trans_vec.push(PredTransition {
            pred_term: t.pred_term.clone(),
            proc_index: t.proc_index,
            ..Default::default()
        });
        for seq in &t.write_sequences {
            for pt in &mut trans_vec[start..] {
                pt.write_sequences.push(Vec::new());
            }
            substituted |= self.substitute_variant_operand(trans_vec, seq, false, start)?;
        }
        for seq in &t.read_sequences {
            for pt in &mut trans_vec[start..] {
                pt.read_sequences.push(Vec::new());
            }
            substituted |= self.substitute_variant_operand(trans_vec, seq, true, start)?;
        }
        Ok(substituted)
    }

    fn substitute_variant_operand(
        &self,
        trans_vec: &mut Vec<PredTransition>,
        seq: &[u32],
        is_read: bool,
        start: usize,
    ) -> Result<bool> {
        let mut substituted = false;
        for &rw in seq {
            let end = trans_vec.len();
            for t in start..end {
                let variants = self.intersecting_variants(trans_vec, rw, is_read, t)?;
                for v in &variants {
                    self.push_variant(trans_vec, v, is_read)?;
                }
                if variants.is_empty() {
                    let pt = &mut trans_vec[t];
                    let seqs = if is_read { &mut pt.read_sequences } else { &mut pt.write_sequences };
                    seqs.last_mut().expect("an operand sequence").push(rw);
                } else {
                    substituted = true;
                }
            }
        }
        Ok(substituted)
    }

    /// `mutuallyExclusive`.
    fn mutually_exclusive(&self, pred: RecId, preds: &[RecId], term: &[PredCheck]) -> Result<bool> {
        let f = self.f;
        for pc in term {
            if pc.predicate == pred {
                return Ok(false);
            }
            let rw = self.m.rw(pc.rw, pc.is_read);
            let def = rw.def.expect("a predicate guards a variant def");
            let mut guards = false;
            for variant in f.defs(def, "Variants")? {
                if f.def(variant, "Predicate")? == pred {
                    guards = true;
                    break;
                }
            }
            if guards {
                if !preds.contains(&pc.predicate) {
                    continue;
                }
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// `getIntersectingVariants`.
    fn intersecting_variants(
        &self,
        trans_vec: &mut Vec<PredTransition>,
        rw_index: u32,
        is_read: bool,
        t: usize,
    ) -> Result<Vec<TransVariant>> {
        let f = self.f;
        let rw = self.m.rw(rw_index, is_read);
        let mut generic = false;
        let mut variants: Vec<TransVariant> = Vec::new();
        let proc_index = trans_vec[t].proc_index;
        if rw.has_variants {
            let def = rw.def.expect("a variant has a def");
            let mut var_proc = 0;
            if f.init(def, "SchedModel")?.is_complete() {
                var_proc = self.proc_index(f.def(def, "SchedModel")?)?;
            }
            if var_proc == 0 || var_proc == proc_index {
                for v in f.defs(def, "Variants")? {
                    variants.push(TransVariant { var_or_seq: v, rw: rw.index, trans_vec_index: 0 });
                }
                if var_proc == 0 {
                    generic = true;
                }
            }
        }
        for &alias in &rw.aliases {
            let mut alias_proc = 0;
            if f.init(alias, "SchedModel")?.is_complete() {
                alias_proc = self.proc_index(f.def(alias, "SchedModel")?)?;
            }
            if alias_proc != 0 && alias_proc != proc_index {
                continue;
            }
            if !variants.is_empty() {
                let pm = &self.m.proc_models[alias_proc as usize];
                return Err(self.fatal(
                    alias,
                    format!(
                        "Multiple variants defined for processor {} Ensure only one SchedAlias exists per RW.",
                        pm.model_name
                    ),
                ));
            }
            let alias_rw = self.m.rw_of(self.input, f.def(alias, "AliasRW")?);
            if alias_rw.has_variants {
                for v in f.defs(alias_rw.def.expect("a variant has a def"), "Variants")? {
                    variants.push(TransVariant { var_or_seq: v, rw: alias_rw.index, trans_vec_index: 0 });
                }
            }
            if alias_rw.is_sequence {
                if let Some(def) = alias_rw.def {
                    variants.push(TransVariant { var_or_seq: def, rw: rw.index, trans_vec_index: 0 });
                }
            }
            if alias_proc == 0 {
                generic = true;
            }
        }
        let mut all_preds = Vec::new();
        for v in &variants {
            if f.is_a(v.var_or_seq, "SchedVar") {
                all_preds.push(f.def(v.var_or_seq, "Predicate")?);
            }
        }
        let mut intersecting = Vec::new();
        for mut v in variants {
            if f.is_a(v.var_or_seq, "SchedVar") {
                let pred = f.def(v.var_or_seq, "Predicate")?;
                if self.mutually_exclusive(pred, &all_preds, &trans_vec[t].pred_term)? {
                    continue;
                }
            }
            if intersecting.is_empty() {
                v.trans_vec_index = t;
            } else {
                v.trans_vec_index = trans_vec.len();
                let copy = trans_vec[t].clone();
                trans_vec.push(copy);
            }
            intersecting.push(v);
        }
        if generic && intersecting.is_empty() {
            let def = rw.def.expect("a generic variant has a def");
            return Err(self.fatal(def, "No variant of this type has a matching predicate on any processor"));
        }
        Ok(intersecting)
    }

    /// `pushVariant`.
    fn push_variant(&self, trans_vec: &mut [PredTransition], v: &TransVariant, is_read: bool) -> Result<()> {
        let f = self.f;
        let input = self.input;
        let trans = &mut trans_vec[v.trans_vec_index];
        let selected: Vec<u32> = if f.is_a(v.var_or_seq, "SchedVar") {
            let pred = f.def(v.var_or_seq, "Predicate")?;
            trans.pred_term.push(PredCheck { is_read, rw: v.rw, predicate: pred });
            self.m.find_rws_of(&f.defs(v.var_or_seq, "Selected")?, is_read)
        } else {
            vec![self.m.rw_index(v.var_or_seq, is_read)]
        };
        let rw = self.m.rw(v.rw, is_read);
        let sequences = if is_read { &mut trans.read_sequences } else { &mut trans.write_sequences };
        let expand = |s: u32, out: &mut Vec<u32>| -> Result<()> {
            if is_read {
                out.push(s);
                Ok(())
            } else {
                self.m.expand_rw_sequence(input, s, false, out)
            }
        };
        if rw.is_variadic {
            let mut oper = sequences.len() - 1;
            let last = sequences[oper].clone();
            for _ in 1..selected.len() {
                sequences.push(last.clone());
            }
            for &s in &selected {
                let mut expanded = Vec::new();
                expand(s, &mut expanded)?;
                sequences[oper].extend(expanded);
                oper += 1;
            }
        } else {
            let mut expanded = Vec::new();
            for &s in &selected {
                expand(s, &mut expanded)?;
            }
            sequences.last_mut().expect("an operand sequence").extend(expanded);
        }
        Ok(())
    }

    fn infer_from_transitions(&mut self, last: &[PredTransition], from: u32) -> Result<()> {
        for t in last {
            if t.pred_term.is_empty() {
                continue;
            }
            let mut writes = Vec::new();
            for s in t.write_sequences.iter().filter(|s| !s.is_empty()) {
                writes.push(self.find_or_insert_rw(s, false));
            }
            let mut reads = Vec::new();
            for s in t.read_sequences.iter().filter(|s| !s.is_empty()) {
                reads.push(self.find_or_insert_rw(s, true));
            }
            if self.m.sched_classes[from as usize].inst_rw_proc_indices.contains(&t.proc_index) {
                continue;
            }
            let to_class = self.add_sched_class(None, writes, reads, &[t.proc_index]);
            let mut preds: Vec<RecId> = t.pred_term.iter().map(|p| p.predicate).collect();
            preds.dedup();
            self.m.sched_classes[from as usize].transitions.push(Transition {
                to_class,
                proc_index: t.proc_index,
                pred_term: preds,
            });
        }
        Ok(())
    }

    fn collect_proc_resources(&mut self) -> Result<()> {
        let f = self.f;
        let input = self.input;
        self.all_proc_resources = derived_definitions(input, "ProcResourceUnits")?.to_vec();
        self.all_proc_res_groups = derived_definitions(input, "ProcResGroup")?.to_vec();
        for i in 0..self.m.sched_classes.len() {
            let class = &self.m.sched_classes[i];
            if let Some(itin) = class.itin_class {
                for (proc, rw) in self.itin_rws_for(itin)? {
                    let (writes, reads) = self.m.find_rws(input, &f.defs(rw, "OperandReadWrites")?);
                    self.collect_rw_resources(&writes, &reads, &[proc])?;
                }
                continue;
            }
            for rw in class.inst_rws.clone() {
                let proc = self.proc_index(f.def(rw, "SchedModel")?)?;
                let (writes, reads) = self.m.find_rws(input, &f.defs(rw, "OperandReadWrites")?);
                self.collect_rw_resources(&writes, &reads, &[proc])?;
            }
            let class = &self.m.sched_classes[i];
            let (writes, reads, procs) = (class.writes.clone(), class.reads.clone(), class.proc_indices.clone());
            self.collect_rw_resources(&writes, &reads, &procs)?;
        }
        for class in ["WriteRes", "SchedWriteRes"] {
            for &wr in derived_definitions(input, class)?.iter() {
                let proc = self.proc_index(f.def(wr, "SchedModel")?)?;
                self.add_write_res(wr, proc)?;
            }
        }
        for &ra in derived_definitions(input, "ReadAdvance")?.iter() {
            let proc = self.proc_index(f.def(ra, "SchedModel")?)?;
            self.add_read_advance(ra, proc)?;
        }
        for &ra in derived_definitions(input, "SchedReadAdvance")?.iter() {
            if f.init(ra, "SchedModel")?.is_complete() {
                let proc = self.proc_index(f.def(ra, "SchedModel")?)?;
                self.add_read_advance(ra, proc)?;
            }
        }
        for class in ["ProcResGroup", "ProcResourceUnits"] {
            for &pr in derived_definitions(input, class)?.iter() {
                if !f.init(pr, "SchedModel")?.is_complete() {
                    continue;
                }
                let proc = self.proc_index(f.def(pr, "SchedModel")?)?;
                self.m.proc_models[proc as usize].list(Listed::ProcResource, pr);
            }
        }
        for i in 0..self.m.proc_models.len() {
            let pm = &mut self.m.proc_models[i];
            pm.write_res_defs.sort_by(|&a, &b| less_record(input, a, b));
            pm.read_advance_defs.sort_by(|&a, &b| less_record(input, a, b));
            pm.proc_resource_defs.sort_by(|&a, &b| less_record(input, a, b));
            pm.resource_positions = pm.proc_resource_defs.iter().enumerate().map(|(i, &d)| (d, i as u32)).collect();
            self.verify_proc_resource_groups(i)?;
        }
        self.all_proc_resources.clear();
        self.all_proc_res_groups.clear();
        self.units_by_kind = None;
        Ok(())
    }

    fn collect_rw_resources(&mut self, writes: &[u32], reads: &[u32], procs: &[u32]) -> Result<()> {
        for &w in writes {
            self.collect_rw_resources_of(w, false, procs)?;
        }
        for &r in reads {
            self.collect_rw_resources_of(r, true, procs)?;
        }
        Ok(())
    }

    fn collect_rw_resources_of(&mut self, rw: u32, is_read: bool, procs: &[u32]) -> Result<()> {
        let f = self.f;
        let r = self.m.rw(rw, is_read).clone();
        if let Some(def) = r.def {
            if !is_read && f.is_a(def, "SchedWriteRes") {
                for &p in procs {
                    self.add_write_res(def, p)?;
                }
            } else if is_read && f.is_a(def, "SchedReadAdvance") {
                for &p in procs {
                    self.add_read_advance(def, p)?;
                }
            }
        }
        for &alias in &r.aliases {
            let alias_procs = if f.init(alias, "SchedModel")?.is_complete() {
                vec![self.proc_index(f.def(alias, "SchedModel")?)?]
            } else {
                procs.to_vec()
            };
            let alias_rw = self.m.rw_of(self.input, f.def(alias, "AliasRW")?).index;
            let mut expanded = Vec::new();
            self.m.expand_rw_sequence(self.input, alias_rw, is_read, &mut expanded)?;
            for e in expanded {
                self.collect_rw_resources_of(e, is_read, &alias_procs)?;
            }
        }
        Ok(())
    }

    /// `findProcResUnits` while resources are collected.
    fn find_proc_res_units(&mut self, kind: RecId, proc: u32, at: &[Loc]) -> Result<RecId> {
        let f = self.f;
        if f.is_a(kind, "ProcResourceUnits") {
            return Ok(kind);
        }
        let model = self.m.proc_models[proc as usize].model_def;
        let mut found = None;
        let multiple = || Fatal::new(at, format!("Multiple ProcessorResourceUnits associated with {}", f.name(kind)));
        let all = &self.all_proc_resources;
        let by_kind = self.units_by_kind.get_or_insert_with(|| {
            let mut by_kind: HashMap<RecId, Vec<RecId>> = HashMap::new();
            for &pr in all {
                by_kind.entry(f.def(pr, "Kind").ok()?).or_default().push(pr);
            }
            Some(by_kind)
        });
        // LLVM's scan of every resource, or only those of the kind.
        let candidates = match by_kind {
            Some(by_kind) => by_kind.get(&kind).map_or(&[][..], Vec::as_slice),
            None => all.as_slice(),
        };
        for &pr in candidates {
            if f.def(pr, "Kind")? == kind && f.def(pr, "SchedModel")? == model {
                if found.is_some() {
                    return Err(multiple());
                }
                found = Some(pr);
            }
        }
        for &group in &self.all_proc_res_groups {
            if group == kind && f.def(group, "SchedModel")? == model {
                if found.is_some() {
                    return Err(multiple());
                }
                found = Some(group);
            }
        }
        found.ok_or_else(|| Fatal::new(at, format!("No ProcessorResources associated with {}", f.name(kind))))
    }

    fn add_proc_resource(&mut self, mut kind: RecId, proc: u32, at: &[Loc]) -> Result<()> {
        let f = self.f;
        loop {
            let units = self.find_proc_res_units(kind, proc, at)?;
            if !self.m.proc_models[proc as usize].list(Listed::ProcResource, units) {
                return Ok(());
            }
            if f.is_a(units, "ProcResGroup") || !f.init(units, "Super")?.is_complete() {
                return Ok(());
            }
            kind = f.def(units, "Super")?;
        }
    }

    fn add_write_res(&mut self, def: RecId, proc: u32) -> Result<()> {
        let f = self.f;
        if !self.m.proc_models[proc as usize].list(Listed::WriteRes, def) {
            return Ok(());
        }
        if f.is_a(def, "WriteRes") {
            let write = f.def(def, "WriteType")?;
            let pm = &mut self.m.proc_models[proc as usize];
            if pm.write_res_map.contains_key(&write) {
                return Err(self.fatal(def, format!("WriteType of {} already used in another WriteRes", f.name(write))));
            }
            pm.write_res_map.insert(write, def);
        }
        let at = locs(self.input, def).to_vec();
        for pr in f.defs(def, "ProcResources")? {
            self.add_proc_resource(pr, proc, &at)?;
        }
        Ok(())
    }

    fn add_read_advance(&mut self, def: RecId, proc: u32) -> Result<()> {
        let f = self.f;
        for valid in f.defs(def, "ValidWrites")? {
            if self.m.rw_index(valid, false) == 0 {
                return Err(self.fatal(
                    def,
                    format!(
                        "ReadAdvance referencing a ValidWrite that is not used by any instruction ({})",
                        f.name(valid)
                    ),
                ));
            }
            self.m.proc_models[proc as usize].read_of_write.insert(valid);
        }
        if !self.m.proc_models[proc as usize].list(Listed::ReadAdvance, def) {
            return Ok(());
        }
        if f.is_a(def, "ReadAdvance") {
            let read = f.def(def, "ReadType")?;
            let pm = &mut self.m.proc_models[proc as usize];
            if pm.read_advance_map.contains_key(&read) {
                return Err(
                    self.fatal(def, format!("ReadType of {} already used in another ReadAdvance", f.name(read)))
                );
            }
            pm.read_advance_map.insert(read, def);
        }
        Ok(())
    }

    fn verify_proc_resource_groups(&self, proc: usize) -> Result<()> {
        let f = self.f;
        let pm = &self.m.proc_models[proc];
        let defs = &pm.proc_resource_defs;
        for i in 0..defs.len() {
            if !f.is_a(defs[i], "ProcResGroup") {
                continue;
            }
            let check = f.defs(defs[i], "Resources")?;
            for &other_def in &defs[i + 1..] {
                if !f.is_a(other_def, "ProcResGroup") {
                    continue;
                }
                let mut other = f.defs(other_def, "Resources")?;
                if check.iter().any(|c| other.contains(c)) {
                    other.extend(check.iter().copied());
                    let mut has_super = false;
                    for &group in defs {
                        if !f.is_a(group, "ProcResGroup") {
                            continue;
                        }
                        let supers = f.defs(group, "Resources")?;
                        if other.iter().all(|u| supers.contains(u)) {
                            has_super = true;
                            break;
                        }
                    }
                    if !has_super {
                        return Err(self.fatal(
                            defs[i],
                            format!(
                                "proc resource group overlaps with {} but no supergroup contains both.",
                                f.name(other_def)
                            ),
                        ));
                    }
                }
            }
        }
        Ok(())
    }

    fn collect_optional_processor_info(&mut self, instructions: &Instructions) -> Result<()> {
        let f = self.f;
        let input = self.input;
        for &rf in derived_definitions(input, "RegisterFile")?.iter() {
            let proc = self.proc_index(f.def(rf, "SchedModel")?)?;
            let num_phys_regs = {
                let max = f.int(rf, "MaxMovesEliminatedPerCycle")?;
                let zero_only = f.bit(rf, "AllowZeroMoveEliminationOnly")?;
                let n = f.int(rf, "NumPhysRegs")?;
                if n == 0 {
                    return Err(self.fatal(rf, "Invalid RegisterFile with zero physical registers"));
                }
                (max, zero_only, n)
            };
            let classes = f.defs(rf, "RegClasses")?;
            let costs = f.ints(rf, "RegCosts")?;
            let move_elim = f.list(rf, "AllowMoveElimination")?;
            let mut entries = Vec::new();
            for (i, &class) in classes.iter().enumerate() {
                let cost = costs.get(i).copied().unwrap_or(1);
                let allow = move_elim.get(i).is_some_and(|b| matches!(b.kind(), tdq_core::init::InitKind::Bit(true)));
                entries.push(RegisterCost { class, cost, allow_move_elimination: allow });
            }
            self.m.proc_models[proc as usize].register_files.push(RegisterFile {
                name: f.name(rf),
                def: rf,
                max_moves_eliminated_per_cycle: num_phys_regs.0,
                allow_zero_move_elimination_only: num_phys_regs.1,
                num_phys_regs: num_phys_regs.2,
                costs: entries,
            });
        }
        for &rcu in derived_definitions(input, "RetireControlUnit")?.iter() {
            let proc = self.proc_index(f.def(rcu, "SchedModel")?)?;
            self.m.proc_models[proc as usize].retire_control_unit = Some(rcu);
        }
        for &queue in derived_definitions(input, "MemoryQueue")?.iter() {
            let proc = self.proc_index(f.def(queue, "SchedModel")?)? as usize;
            if f.is_a(queue, "LoadQueue") {
                self.m.proc_models[proc].load_queue = Some(queue);
            }
            if f.is_a(queue, "StoreQueue") {
                self.m.proc_models[proc].store_queue = Some(queue);
            }
        }
        self.check_completeness(instructions)
    }

    fn check_mc_inst_predicates(&self) -> Result<()> {
        let f = self.f;
        let mut seen: HashMap<&str, RecId> = HashMap::new();
        for &pred in derived_definitions(self.input, "TIIPredicate")?.iter() {
            let name = f.string(pred, "FunctionName")?;
            if let Some(&previous) = seen.get(name) {
                let mut fatal = self.fatal(pred, format!("TIIPredicate {name} is multiply defined."));
                fatal.note(locs(self.input, previous), format!(" Previous definition of {name} was here."));
                return Err(fatal);
            }
            seen.insert(name, pred);
        }
        Ok(())
    }

    fn check_sti_predicates(&self) -> Result<()> {
        let f = self.f;
        let mut seen: HashMap<&str, RecId> = HashMap::new();
        for &decl in derived_definitions(self.input, "STIPredicateDecl")?.iter() {
            let name = f.string(decl, "Name")?;
            if let Some(&previous) = seen.get(name) {
                let mut fatal = self.fatal(decl, format!("STIPredicate {name} multiply declared."));
                fatal.note(locs(self.input, previous), "Previous declaration was here.");
                return Err(fatal);
            }
            seen.insert(name, decl);
        }
        for &class in derived_definitions(self.input, "InstructionEquivalenceClass")?.iter() {
            if f.defs(class, "Opcodes")?.is_empty() {
                return Err(self.fatal(class, "Invalid InstructionEquivalenceClass defined with an empty opcode list."));
            }
        }
        Ok(())
    }

    fn collect_sti_predicates(&mut self) -> Result<()> {
        let f = self.f;
        let mut by_decl: HashMap<RecId, usize> = HashMap::new();
        for &def in derived_definitions(self.input, "STIPredicate")?.iter() {
            let decl = f.def(def, "Declaration")?;
            match by_decl.get(&decl) {
                Some(&i) => self.m.sti_predicates[i].definitions.push(def),
                None => {
                    by_decl.insert(decl, self.m.sti_predicates.len());
                    self.m.sti_predicates.push(StiPredicateFunction {
                        declaration: decl,
                        definitions: vec![def],
                        groups: Vec::new(),
                    });
                }
            }
        }
        for i in 0..self.m.sti_predicates.len() {
            let groups = self.process_sti_predicate(&self.m.sti_predicates[i].definitions)?;
            self.m.sti_predicates[i].groups = groups;
        }
        Ok(())
    }

    /// `processSTIPredicate`: the opcodes of a function's definitions, grouped by the
    /// predicates processors give them.
    fn process_sti_predicate(&self, definitions: &[RecId]) -> Result<Vec<OpcodeGroup>> {
        let f = self.f;
        let num_models = self.m.proc_model_map.len();
        let mut opcode_index: HashMap<RecId, usize> = HashMap::new();
        let mut opcodes: Vec<(RecId, Vec<PredicateInfo>)> = Vec::new();
        let mut predicate_index: HashMap<RecId, usize> = HashMap::new();
        for &def in definitions {
            for class in f.defs(def, "Classes")? {
                let pred = f.def(class, "Predicate")?;
                let n = predicate_index.len();
                predicate_index.entry(pred).or_insert(n);
                for opcode in f.defs(class, "Opcodes")? {
                    if let std::collections::hash_map::Entry::Vacant(e) = opcode_index.entry(opcode) {
                        e.insert(opcodes.len());
                        opcodes.push((opcode, Vec::new()));
                    }
                }
            }
        }
        let mut masks: Vec<(ProcMask, ProcMask)> =
            vec![(ProcMask::new(num_models), ProcMask::new(predicate_index.len())); opcodes.len()];
        for &def in definitions {
            let model = f.def(def, "SchedModel")?;
            let proc = self.m.proc_model_map.get(&model).copied().unwrap_or(0) as usize;
            let mut proc_mask = ProcMask::new(num_models);
            proc_mask.set(proc);
            for class in f.defs(def, "Classes")? {
                let indices = f.ints(class, "OperandIndices")?;
                let mut operands = OperandMask { width: 0, bits: 0 };
                if let Some(&max) = indices.iter().max() {
                    operands.width = max as u32 + 1;
                    for &i in &indices {
                        operands.bits |= 1 << i;
                    }
                }
                let pred = f.def(class, "Predicate")?;
                let mut pred_mask = ProcMask::new(predicate_index.len());
                pred_mask.set(predicate_index[&pred]);
                for opcode in f.defs(class, "Opcodes")? {
                    let i = opcode_index[&opcode];
                    if masks[i].0.test(proc) {
                        return Err(self.fatal(
                            class,
                            format!(
                                "Opcode {} used by multiple InstructionEquivalenceClass definitions.",
                                f.name(opcode)
                            ),
                        ));
                    }
                    masks[i].0.union_with(&proc_mask);
                    masks[i].1.union_with(&pred_mask);
                    let infos = &mut opcodes[i].1;
                    match infos.iter_mut().find(|p| p.predicate == pred && p.operands.bits == operands.bits) {
                        Some(p) => p.proc_models.union_with(&proc_mask),
                        None => infos.push(PredicateInfo { proc_models: proc_mask.clone(), operands, predicate: pred }),
                    }
                }
            }
        }
        let key = |m: &ProcMask| (m.popcount(), m.active_bits());
        let mut order: Vec<usize> = (0..opcodes.len()).collect();
        order.sort_by(|&a, &b| {
            key(&masks[a].0).cmp(&key(&masks[b].0)).then(key(&masks[a].1).cmp(&key(&masks[b].1))).then(a.cmp(&b))
        });
        let mut groups: Vec<OpcodeGroup> = Vec::new();
        for i in order {
            let (opcode, infos) = &opcodes[i];
            let same = groups.last().is_some_and(|g| {
                g.predicates.len() == infos.len()
                    && g.predicates.iter().zip(infos).all(|(a, b)| {
                        a.proc_models == b.proc_models
                            && a.operands.bits == b.operands.bits
                            && a.predicate == b.predicate
                    })
            });
            if !same {
                groups.push(OpcodeGroup { predicates: infos.clone(), opcodes: Vec::new() });
            }
            groups.last_mut().expect("a group").opcodes.push(*opcode);
        }
        Ok(groups)
    }

    fn check_completeness(&self, instructions: &Instructions) -> Result<()> {
        let f = self.f;
        let mut errors: Option<Fatal> = None;
        let mut add = |locs: &[Loc], message: String| match &mut errors {
            Some(fatal) => fatal.0.error_at(locs, message),
            None => errors = Some(Fatal::new(locs, message)),
        };
        for pm in &self.m.proc_models {
            if !f.bit(pm.model_def, "CompleteModel")? {
                continue;
            }
            for inst in instructions.in_enum_order() {
                if inst.flags.has_no_scheduling_info {
                    continue;
                }
                let preds = f.defs(inst.def, "Predicates")?;
                let unsupported =
                    pm.unsupported_features.iter().any(|&u| preds.iter().any(|&p| f.name(p) == f.name(u)));
                if unsupported {
                    continue;
                }
                let class = self.m.sched_class_index(inst.def);
                if class == 0 {
                    if f.is_unset(inst.def, "SchedRW")? {
                        add(
                            locs(self.input, inst.def),
                            format!(
                                "No schedule information for instruction '{}' in SchedMachineModel '{}'",
                                inst.name,
                                f.name(pm.model_def)
                            ),
                        );
                    }
                    continue;
                }
                let sc = &self.m.sched_classes[class as usize];
                if !sc.writes.is_empty() {
                    continue;
                }
                if pm.has_itineraries && sc.itin_class.is_some_and(|i| f.name(i) != "NoItinerary") {
                    continue;
                }
                let mut found = false;
                for &rw in &sc.inst_rws {
                    if f.def(rw, "SchedModel")? == pm.model_def {
                        found = true;
                        break;
                    }
                }
                if !found {
                    add(
                        locs(self.input, inst.def),
                        format!("'{}' lacks information for '{}'", pm.model_name, inst.name),
                    );
                }
            }
        }
        match errors {
            None => Ok(()),
            Some(mut fatal) => {
                fatal.0.text(INCOMPLETE_MODELS);
                fatal.0.error(Loc::NONE, "Incomplete schedule model");
                Err(fatal)
            }
        }
    }
}

/// What llvm-tblgen writes to stderr between the instructions a complete model misses and
/// its fatal error.
const INCOMPLETE_MODELS: &str = "\n\nIncomplete schedule models found.\n\
- Consider setting 'CompleteModel = 0' while developing new models.\n\
- Pseudo instructions can be marked with 'hasNoSchedulingInfo = 1'.\n\
- Instructions should usually have Sched<[...]> as a superclass, you may temporarily use an empty list.\n\
- Instructions related to unsupported features can be excluded with list<Predicate> UnsupportedFeatures = [HasA,..,HasY]; in the processor model.\n\n";
