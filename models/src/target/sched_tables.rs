//! The per-operand machine model's tables (LLVM's `SubtargetEmitter::GenSchedClassTables`):
//! for each processor with a scheduling model, each scheduling class's description
//! (`MCSchedClassDesc`: micro-ops, grouping, and where its write resources, latencies and read
//! advances start in the shared tables), and the three shared tables, each run of entries kept
//! once. The resolution per processor follows LLVM: an `InstRW` of the processor replaces the
//! class's SchedRWs, else an `ItinRW` of its itinerary class; each write is expanded through
//! the processor's aliases and sequences to the `SchedWriteRes` (or `WriteRes`) that gives its
//! latency, micro-ops and resources, the resources widened to their super-resources and the
//! groups that cover them; each read to its `ReadAdvance`. Computed once per evaluation
//! ([`SchedClassTables::get`]); `--gen-subtarget` prints it, the store's scheduling tables read
//! it.

use crate::records::{Fatal, Fields};
use crate::target::schedule::{ProcModel, SchedModels, SchedRw};
use std::collections::HashMap;
use std::hash::Hash;
use std::rc::Rc;
use std::sync::Arc;
use tdq_core::types::RecId;
use tdq_core::{ByRelease, Evaluation};

type Result<T> = std::result::Result<T, Fatal>;

/// What differs between releases.
#[derive(Debug)]
struct Rules {
    /// `ReadAdvance`s have `CycleTunables` (LLVM 22 on).
    cycle_tunables: bool,
    /// The acquire/release check's message says `<=` (LLVM 22 on) or `<`.
    acquire_release_op: &'static str,
}

const RULES_22: Rules = Rules { cycle_tunables: true, acquire_release_op: "<=" };

const RULES: ByRelease<Rules> =
    ByRelease { v19: Rules { cycle_tunables: false, acquire_release_op: "<" }, v22: RULES_22, v23: RULES_22 };

/// `MCSchedClassDesc::InvalidNumMicroOps` and `VariantNumMicroOps` (a 13-bit field).
pub const INVALID_MICRO_OPS: u16 = (1 << 13) - 1;
pub const VARIANT_MICRO_OPS: u16 = INVALID_MICRO_OPS - 1;

/// `MCWriteProcResEntry`: a processor resource a write holds, from its acquire to its release
/// cycle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct WriteProcRes {
    /// The resource's index in its processor's resource table.
    pub resource: u16,
    pub release: u16,
    pub acquire: u16,
}

/// `MCWriteLatencyEntry`: a write's latency, and the write (0 unless some read advance names
/// it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct WriteLatency {
    pub cycles: i16,
    pub write: u16,
}

/// `MCReadAdvanceEntry`: operand `use_index`'s read advance after `write` (0: any write).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ReadAdvanceEntry {
    pub use_index: u32,
    pub write: u32,
    pub cycles: i32,
}

/// `MCSchedClassDesc`: one scheduling class on one processor. Each range is (first entry,
/// number of entries) in the shared table.
#[derive(Clone, Copy, Debug, Default)]
pub struct ClassDesc {
    /// [`INVALID_MICRO_OPS`] when the processor does not support the class,
    /// [`VARIANT_MICRO_OPS`] when it resolves to another class.
    pub micro_ops: u16,
    pub begin_group: bool,
    pub end_group: bool,
    pub retire_ooo: bool,
    pub write_proc_res: (usize, usize),
    pub write_latency: (usize, usize),
    pub read_advance: (usize, usize),
}

/// Every processor's class descriptions and the shared tables; each table's entry 0 is the
/// invalid one.
#[derive(Debug)]
pub struct SchedClassTables {
    /// By processor model index (entry 0, the no-model processor, has none), then by scheduling
    /// class index; empty for a processor without a scheduling model.
    pub classes: Vec<Vec<ClassDesc>>,
    pub write_proc_res: Vec<WriteProcRes>,
    pub write_latencies: Vec<WriteLatency>,
    /// The writes each latency entry was made for, joined by `_` where entries are shared.
    pub writer_names: Vec<String>,
    pub read_advances: Vec<ReadAdvanceEntry>,
}

impl SchedClassTables {
    /// The tables of `input`'s schedule model, computed once.
    pub fn get(input: &Evaluation) -> Result<Arc<SchedClassTables>> {
        crate::computed(input, || {
            let m = SchedModels::get(input)?;
            let b = Builder { input, f: Fields { input }, m: &m, rules: RULES.get(input.records.release) };
            let mut tables = SchedClassTables {
                classes: vec![Vec::new()],
                write_proc_res: vec![WriteProcRes::default()],
                write_latencies: vec![WriteLatency::default()],
                writer_names: vec!["InvalidWrite".into()],
                read_advances: vec![ReadAdvanceEntry::default()],
            };
            let mut positions = TablePositions {
                write_proc_res: Positions::of(&tables.write_proc_res),
                write_latencies: Positions::of(&tables.write_latencies),
                read_advances: Positions::of(&tables.read_advances),
            };
            for pm in &m.proc_models {
                b.processor(pm, &mut tables, &mut positions)?;
            }
            Ok(tables)
        })
    }
}

/// Where the entries of each shared table are.
struct TablePositions {
    write_proc_res: Positions<WriteProcRes>,
    write_latencies: Positions<WriteLatency>,
    read_advances: Positions<ReadAdvanceEntry>,
}

/// Where each value of a shared table occurs, so that finding a run of entries (LLVM's
/// `std::search` over the whole table, for each class on each processor) looks only at the
/// places its first entry occurs: X86's write-resource table has some 18,000 entries.
struct Positions<T>(HashMap<T, Vec<usize>>);

impl<T: Copy + Eq + Hash> Positions<T> {
    fn of(table: &[T]) -> Positions<T> {
        let mut positions = Positions(HashMap::new());
        positions.appended(table, 0);
        positions
    }

    /// Notes the entries `table[from..]`.
    fn appended(&mut self, table: &[T], from: usize) {
        for (i, &value) in table.iter().enumerate().skip(from) {
            self.0.entry(value).or_default().push(i);
        }
    }

    /// `std::search`: where `needle` first occurs in `table` (0 for an empty needle).
    fn search(&self, table: &[T], needle: &[T]) -> Option<usize> {
        let Some(first) = needle.first() else {
            return if table.is_empty() { None } else { Some(0) };
        };
        let starts = self.0.get(first)?;
        starts.iter().copied().find(|&i| table.get(i..i + needle.len()) == Some(needle))
    }

    /// Where `run` is in `table`: its first occurrence, or appended at the end.
    fn find_or_append(&mut self, table: &mut Vec<T>, run: Vec<T>) -> (usize, bool) {
        if let Some(i) = self.search(table, &run) {
            return (i, true);
        }
        let start = table.len();
        table.extend(run);
        self.appended(table, start);
        (start, false)
    }
}

/// A write resource def as [`Builder::held`] reads it for one processor.
struct Held {
    latency: i16,
    micro_ops: u16,
    begin_group: bool,
    end_group: bool,
    retire_ooo: bool,
    /// Its resources (widened as `expandProcResources` does) with their cycles.
    entries: Vec<WriteProcRes>,
}

struct Builder<'a> {
    input: &'a Evaluation,
    f: Fields<'a>,
    m: &'a SchedModels,
    rules: &'static Rules,
}

impl Builder<'_> {
    fn fatal(&self, rec: RecId, message: impl Into<String>) -> Fatal {
        Fatal::new(&self.input.records.get(rec).locs, message)
    }

    /// The aliased RW that applies to `proc`, if any (`findWriteResources`' and
    /// `findReadAdvance`'s first step).
    fn alias_for(&self, rw: &SchedRw, proc: &ProcModel) -> Result<Option<RecId>> {
        let f = self.f;
        let mut alias_def = None;
        for &alias in &rw.aliases {
            let alias_rw = self.m.rw_of(self.input, f.def(alias, "AliasRW")?);
            let def = alias_rw.def.expect("an alias names a def");
            if f.init(def, "SchedModel")?.is_complete() {
                let model = f.def(def, "SchedModel")?;
                if self.m.proc_model(self.input, model)?.index != proc.index {
                    continue;
                }
            }
            if alias_def.is_some() {
                return Err(self.fatal(
                    def,
                    format!(
                        "Multiple aliases defined for processor {} Ensure only one SchedAlias exists per RW.",
                        proc.model_name
                    ),
                ));
            }
            alias_def = Some(def);
        }
        Ok(alias_def)
    }

    fn find_write_resources(&self, write: &SchedRw, proc: &ProcModel) -> Result<RecId> {
        let def = write.def.expect("an expanded write has a def");
        let res = self.find_resource(def, write, proc, "SchedWriteRes", &proc.write_res_map, "SchedWrite")?;
        res.ok_or_else(|| {
            self.fatal(proc.model_def, format!("Processor does not define resources for {}", self.f.name(def)))
        })
    }

    fn find_read_advance(&self, read: &SchedRw, proc: &ProcModel) -> Result<Option<RecId>> {
        let def = read.def.expect("a read has a def");
        let res = self.find_resource(def, read, proc, "SchedReadAdvance", &proc.read_advance_map, "SchedRead")?;
        if res.is_none() && self.f.name(def) != "ReadDefault" {
            let message = format!("Processor does not define resources for {}", self.f.name(def));
            return Err(self.fatal(proc.model_def, message));
        }
        Ok(res)
    }

    /// What `findWriteResources` and `findReadAdvance` share: the def itself when it is of
    /// `class`, else its alias on the processor when that is, else what the processor maps the
    /// def or its alias to (both mapped is an error naming `kind`).
    fn find_resource(
        &self,
        def: RecId,
        rw: &SchedRw,
        proc: &ProcModel,
        class: &str,
        map: &HashMap<RecId, RecId>,
        kind: &str,
    ) -> Result<Option<RecId>> {
        let f = self.f;
        if f.is_a(def, class) {
            return Ok(Some(def));
        }
        let alias = self.alias_for(rw, proc)?;
        if let Some(alias) = alias.filter(|&a| f.is_a(a, class)) {
            return Ok(Some(alias));
        }
        let mut res = map.get(&def).copied();
        if let Some(&other) = alias.and_then(|alias| map.get(&alias)) {
            if res.is_some() {
                let message =
                    format!("Resources are defined for both {kind} and its alias on processor {}", proc.model_name);
                return Err(self.fatal(other, message));
            }
            res = Some(other);
        }
        Ok(res)
    }

    /// What a write resource def (`WriteRes` or `SchedWriteRes`) gives each write that resolves
    /// to it on `proc`, read in `GenSchedClassTables`' order: `None` when it is unsupported.
    /// Many scheduling classes share a def, so each processor reads each def once.
    fn held(
        &self,
        res: RecId,
        proc: &ProcModel,
        group_resources: &mut HashMap<RecId, Vec<RecId>>,
    ) -> Result<Option<Held>> {
        let f = self.f;
        let input = self.input;
        if f.bit(res, "Unsupported")? {
            return Ok(None);
        }
        let latency = f.int(res, "Latency")? as i16;
        let micro_ops = f.int(res, "NumMicroOps")? as u16;
        let begin_group = f.bit(res, "BeginGroup")? || f.bit(res, "SingleIssue")?;
        let end_group = f.bit(res, "EndGroup")? || f.bit(res, "SingleIssue")?;
        let retire_ooo = f.bit(res, "RetireOOO")?;
        let mut resources = f.defs(res, "ProcResources")?;
        let mut release = f.ints(res, "ReleaseAtCycles")?;
        let mut acquire = f.ints(res, "AcquireAtCycles")?;
        if !release.is_empty() && release.len() != resources.len() {
            return Err(self.fatal(
                res,
                format!(
                    "Inconsistent release at cycles: size(ReleaseAtCycles) != size(ProcResources): {} vs {}",
                    resources.len(),
                    release.len()
                ),
            ));
        }
        if !acquire.is_empty() && acquire.len() != resources.len() {
            return Err(self.fatal(
                res,
                format!(
                    "Inconsistent resource cycles: size(AcquireAtCycles) != size(ProcResources): {} vs {}",
                    acquire.len(),
                    resources.len()
                ),
            ));
        }
        if release.is_empty() {
            release = vec![1; resources.len()];
        }
        if acquire.is_empty() {
            acquire = vec![0; resources.len()];
        }
        self.expand_proc_resources(&mut resources, &mut release, &mut acquire, proc, group_resources)?;
        let mut entries = Vec::with_capacity(resources.len());
        for k in 0..resources.len() {
            let entry = WriteProcRes {
                resource: proc.proc_resource_index(input, resources[k])? as u16,
                release: release[k] as u16,
                acquire: acquire[k] as u16,
            };
            if acquire[k] > release[k] {
                return Err(self.fatal(
                    res,
                    format!(
                        "Inconsistent resource cycles: AcquireAtCycles {} ReleaseAtCycles must hold.",
                        self.rules.acquire_release_op
                    ),
                ));
            }
            if acquire[k] < 0 {
                return Err(self.fatal(res, "Invalid value: AcquireAtCycle must be a non-negative value."));
            }
            entries.push(entry);
        }
        Ok(Some(Held { latency, micro_ops, begin_group, end_group, retire_ooo, entries }))
    }

    /// `expandProcResources`: the resources with the super-resources and groups that cover
    /// them.
    fn expand_proc_resources(
        &self,
        resources: &mut Vec<RecId>,
        release: &mut Vec<i64>,
        acquire: &mut Vec<i64>,
        proc: &ProcModel,
        group_resources: &mut HashMap<RecId, Vec<RecId>>,
    ) -> Result<()> {
        let f = self.f;
        for i in 0..resources.len() {
            let mut pr = resources[i];
            let subs = if f.is_a(pr, "ProcResGroup") {
                f.defs(pr, "Resources")?
            } else {
                let subs = vec![pr];
                pr = self.m.find_proc_res_units(self.input, pr, &self.input.records.get(pr).locs)?;
                let mut sub = pr;
                while f.init(sub, "Super")?.is_complete() {
                    if f.is_a(sub, "ProcResGroup") {
                        return Err(self.fatal(sub, "Processor resource group  cannot be a super resources."));
                    }
                    let super_def = self.m.find_proc_res_units(
                        self.input,
                        f.def(sub, "Super")?,
                        &self.input.records.get(sub).locs,
                    )?;
                    resources.push(super_def);
                    release.push(release[i]);
                    acquire.push(acquire[i]);
                    sub = super_def;
                }
                subs
            };
            for &group in &proc.proc_resource_defs {
                if group == pr || !f.is_a(group, "ProcResGroup") {
                    continue;
                }
                let supers = match group_resources.get(&group) {
                    Some(supers) => supers,
                    None => group_resources.entry(group).or_insert(f.defs(group, "Resources")?),
                };
                if subs.iter().all(|s| supers.contains(s)) {
                    resources.push(group);
                    release.push(release[i]);
                    acquire.push(acquire[i]);
                }
            }
        }
        Ok(())
    }

    /// `GenSchedClassTables` for one processor: its class descriptions, with the entries they
    /// point at added to the shared tables (a run already there is reused).
    fn processor(&self, proc: &ProcModel, tables: &mut SchedClassTables, positions: &mut TablePositions) -> Result<()> {
        let f = self.f;
        let input = self.input;
        let mut descs = Vec::new();
        if !proc.has_instr_sched_model() {
            tables.classes.push(descs);
            return Ok(());
        }
        // What each write resolves to on this processor, and what each resource def gives it:
        // LLVM finds them again for every class that names them.
        let mut write_resources: HashMap<u32, RecId> = HashMap::new();
        let mut held_by: HashMap<RecId, Rc<Option<Held>>> = HashMap::new();
        let mut group_resources: HashMap<RecId, Vec<RecId>> = HashMap::new();
        for class in &self.m.sched_classes {
            let mut desc = ClassDesc::default();
            if class.transitions.iter().any(|t| t.proc_index == proc.index) {
                desc.micro_ops = VARIANT_MICRO_OPS;
                descs.push(desc);
                continue;
            }
            if class.proc_indices[0] != 0 && !class.proc_indices.contains(&proc.index) {
                descs.push(desc);
                continue;
            }
            let mut writes = class.writes.clone();
            let mut reads = class.reads.clone();
            if !class.inst_rws.is_empty() {
                let mut rw_def = None;
                for &rw in &class.inst_rws {
                    if self.m.proc_model(input, f.def(rw, "SchedModel")?)?.index == proc.index {
                        rw_def = Some(rw);
                        break;
                    }
                }
                if let Some(rw) = rw_def {
                    (writes, reads) = self.m.find_rws(input, &f.defs(rw, "OperandReadWrites")?);
                }
            }
            if writes.is_empty() {
                for &itin_rw in &proc.itin_rw_defs {
                    let matched = f.defs(itin_rw, "MatchedItinClasses")?;
                    if class.itin_class.is_some_and(|c| matched.contains(&c)) {
                        let (w, r) = self.m.find_rws(input, &f.defs(itin_rw, "OperandReadWrites")?);
                        writes.extend(w);
                        reads.extend(r);
                        break;
                    }
                }
                if writes.is_empty() {
                    desc.micro_ops = INVALID_MICRO_OPS;
                }
            }
            let mut write_proc_res: Vec<WriteProcRes> = Vec::new();
            let mut latencies = Vec::new();
            let mut writer_names = Vec::new();
            let mut read_advances = Vec::new();
            for &w in &writes {
                let mut seq = Vec::new();
                self.m.expand_rw_seq_for_proc(input, w, false, proc, &mut seq)?;
                let mut write_id = *seq.last().expect("a write expands to a write");
                let last = &self.m.sched_writes[write_id as usize];
                writer_names.push(last.name.clone());
                if !last.def.is_some_and(|d| proc.read_of_write.contains(&d)) {
                    write_id = 0;
                }
                let mut latency = WriteLatency { cycles: 0, write: write_id as u16 };
                for &ws in &seq {
                    let res = match write_resources.get(&ws) {
                        Some(&res) => res,
                        None => {
                            let res = self.find_write_resources(&self.m.sched_writes[ws as usize], proc)?;
                            write_resources.insert(ws, res);
                            res
                        }
                    };
                    let held = match held_by.get(&res) {
                        Some(held) => Rc::clone(held),
                        None => {
                            let held = Rc::new(self.held(res, proc, &mut group_resources)?);
                            held_by.insert(res, Rc::clone(&held));
                            held
                        }
                    };
                    let Some(held) = &*held else {
                        desc.micro_ops = INVALID_MICRO_OPS;
                        break;
                    };
                    latency.cycles = latency.cycles.wrapping_add(held.latency);
                    desc.micro_ops = (desc.micro_ops.wrapping_add(held.micro_ops)) & INVALID_MICRO_OPS;
                    desc.begin_group |= held.begin_group;
                    desc.end_group |= held.end_group;
                    desc.retire_ooo |= held.retire_ooo;
                    for &entry in &held.entries {
                        match write_proc_res.iter_mut().find(|e| e.resource == entry.resource) {
                            Some(e) => e.release = e.release.wrapping_add(entry.release),
                            None => write_proc_res.push(entry),
                        }
                    }
                }
                latencies.push(latency);
            }
            for (use_index, &r) in reads.iter().enumerate() {
                let Some(advance) = self.find_read_advance(&self.m.sched_reads[r as usize], proc)? else {
                    continue;
                };
                if f.bit(advance, "Unsupported")? {
                    desc.micro_ops = INVALID_MICRO_OPS;
                    break;
                }
                let valid = f.defs(advance, "ValidWrites")?;
                let mut tunables =
                    if self.rules.cycle_tunables { f.ints(advance, "CycleTunables")? } else { Vec::new() };
                tunables.resize(valid.len(), 0);
                let mut ids: Vec<(u32, i64)> = if valid.is_empty() {
                    vec![(0, 0)]
                } else {
                    valid.iter().zip(&tunables).map(|(&v, &t)| (self.m.rw_index(v, false), t)).collect()
                };
                ids.sort_unstable();
                let cycles = f.int(advance, "Cycles")?;
                for (write, tunable) in ids {
                    read_advances.push(ReadAdvanceEntry {
                        use_index: use_index as u32,
                        write,
                        cycles: (cycles + tunable) as i32,
                    });
                }
            }
            if desc.micro_ops == INVALID_MICRO_OPS {
                write_proc_res.clear();
                latencies.clear();
                read_advances.clear();
            }
            write_proc_res.sort_by_key(|e| e.resource);
            let count = write_proc_res.len();
            let (i, _) = positions.write_proc_res.find_or_append(&mut tables.write_proc_res, write_proc_res);
            desc.write_proc_res = (i, count);
            let count = latencies.len();
            let (i, found) = positions.write_latencies.find_or_append(&mut tables.write_latencies, latencies);
            desc.write_latency = (i, count);
            if found {
                for (k, name) in writer_names.iter().enumerate().take(count) {
                    if !tables.writer_names[i + k].contains(name.as_str()) {
                        tables.writer_names[i + k].push('_');
                        tables.writer_names[i + k].push_str(name);
                    }
                }
            } else {
                tables.writer_names.extend(writer_names);
            }
            let count = read_advances.len();
            desc.read_advance =
                (positions.read_advances.find_or_append(&mut tables.read_advances, read_advances).0, count);
            descs.push(desc);
        }
        tables.classes.push(descs);
        Ok(())
    }
}
