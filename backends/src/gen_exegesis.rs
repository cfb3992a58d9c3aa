//! `--gen-exegesis`: llvm-exegesis's performance-counter tables of a target (counter names,
//! issue and validation counters per `ProcPfmCounters`, the CPU bindings), as LLVM's
//! ExegesisEmitter.cpp.

use crate::common::emit::source_file_header;
use crate::common::records::Fields;
use crate::{all_derived_definitions, Backend, BackendError, BackendOptions, Output};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::types::RecId;
use tdq_core::{ByRelease, Evaluation};

pub struct GenExegesis;

impl Backend for GenExegesis {
    fn name(&self) -> &'static str {
        "gen-exegesis"
    }
    fn help(&self) -> &'static str {
        "Generate llvm-exegesis tables"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<()> {
        let f = Fields { input };
        let counters = counter_names(&f)?;
        let targets = all_derived_definitions(input, "Target")?;
        let target = match targets.as_slice() {
            [] => return Err(BackendError::fatal(&[], "No 'Target' subclasses defined!")),
            [one] => f.name(*one),
            _ => return Err(BackendError::fatal(&[], "Multiple subclasses of Target defined!")),
        };
        let e = Emitter { raw_counters: *RAW_COUNTERS.get(options.release), f, target, counters };
        let mut s = String::new();
        source_file_header(&mut s, "Exegesis Tables", None);
        e.pfm_counters(&mut s)?;
        e.lookup_table(&mut s)?;
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}

type Result<T> = std::result::Result<T, BackendError>;

/// `collectPfmCounters`: every counter name used, numbered in name order; resource names
/// checked to be set and distinct within each `ProcPfmCounters`.
fn counter_names(f: &Fields) -> Result<BTreeMap<&'static str, usize>> {
    let mut names = BTreeSet::new();
    let mut add = |def: RecId| -> Result<()> {
        let counter = f.string(def, "Counter")?;
        if !counter.is_empty() {
            names.insert(counter);
        }
        Ok(())
    };
    for def in all_derived_definitions(f.input, "ProcPfmCounters")? {
        let mut seen = BTreeSet::new();
        for issue in f.defs(def, "IssueCounters")? {
            let resource = f.string(issue, "ResourceName")?;
            let locs = &f.input.records.get(issue).locs;
            if resource.is_empty() {
                return Err(BackendError::fatal(locs, "invalid empty ResourceName"));
            }
            if !seen.insert(resource) {
                return Err(BackendError::fatal(locs, format!("duplicate ResourceName {resource}")));
            }
            add(issue)?;
        }
        for validation in f.defs(def, "ValidationCounters")? {
            add(validation)?;
        }
        add(f.def(def, "CycleCounter")?)?;
        add(f.def(def, "UopsCounter")?)?;
    }
    Ok(names.into_iter().enumerate().map(|(i, name)| (name, i)).collect())
}

struct Emitter<'a> {
    f: Fields<'a>,
    target: &'static str,
    /// [`RAW_COUNTERS`] in the release.
    raw_counters: bool,
    counters: BTreeMap<&'static str, usize>,
}

/// A cycle or uops counter may be given as a raw event encoding (`EventSelect`, `UMask`),
/// and each counter line says whether it is (LLVM 23).
const RAW_COUNTERS: ByRelease<bool> = ByRelease { v19: false, v22: false, v23: true };

impl Emitter<'_> {
    fn counter_id(&self, name: &str) -> Result<usize> {
        self.counters
            .get(name)
            .copied()
            .ok_or_else(|| BackendError::fatal(&[], format!("no pfm counter id for {name}")))
    }

    fn pfm_counters(&self, s: &mut String) -> Result<()> {
        let (f, target) = (&self.f, self.target);
        let _ = writeln!(s, "\nstatic const char *{target}PfmCounterNames[] = {{");
        for (name, id) in &self.counters {
            let _ = writeln!(s, "  \"{name}\", // {id}");
        }
        s.push_str("};\n\n");
        let defs = all_derived_definitions(f.input, "ProcPfmCounters")?;
        let mut any_issue = false;
        for &def in &defs {
            any_issue |= !f.defs(def, "IssueCounters")?.is_empty();
        }
        if any_issue {
            let _ = writeln!(s, "static const PfmCountersInfo::IssueCounter {target}PfmIssueCounters[] = {{");
            for &def in &defs {
                for issue in f.defs(def, "IssueCounters")? {
                    let id = self.counter_id(f.string(issue, "Counter")?)?;
                    let _ =
                        writeln!(s, "  {{ {target}PfmCounterNames[{id}], \"{}\"}},", f.string(issue, "ResourceName")?);
                }
            }
            s.push_str("};\n");
        }
        let mut issue_offset = 0;
        for &def in &defs {
            self.counters_info(def, &mut issue_offset, s)?;
        }
        s.push('\n');
        Ok(())
    }

    /// `emitPfmCountersInfo`: one `PfmCountersInfo` (and its validation counters).
    fn counters_info(&self, def: RecId, issue_offset: &mut usize, s: &mut String) -> Result<()> {
        let (f, target) = (&self.f, self.target);
        let name = f.name(def);
        let cycle_def = f.def(def, "CycleCounter")?;
        let cycle = f.string(cycle_def, "Counter")?;
        let uops_def = f.def(def, "UopsCounter")?;
        let uops = f.string(uops_def, "Counter")?;
        let issues = f.defs(def, "IssueCounters")?.len();
        let validations = f.defs(def, "ValidationCounters")?;
        if !validations.is_empty() {
            let mut infos = Vec::with_capacity(validations.len());
            for &validation in &validations {
                let event = f.def(validation, "EventType")?;
                infos.push((
                    f.int(event, "EventNumber")?,
                    f.name(event),
                    self.counter_id(f.string(validation, "Counter")?)?,
                ));
            }
            infos.sort_by_key(|info| info.0);
            let _ = writeln!(
                s,
                "\nstatic const std::pair<ValidationEvent, const char*> {target}{name}ValidationCounters[] = {{"
            );
            for (_, event, id) in infos {
                let _ = writeln!(s, "  {{ {event}, {target}PfmCounterNames[{id}]}},");
            }
            s.push_str("};\n");
        }
        let _ = writeln!(s, "\nstatic const PfmCountersInfo {target}{name} = {{");
        for (kind, counter_def, name) in [("cycle", cycle_def, cycle), ("uops", uops_def, uops)] {
            self.counter_line(kind, counter_def, name, s)?;
        }
        if issues == 0 {
            s.push_str("  nullptr, 0, // No issue counters\n");
        } else {
            let _ = writeln!(s, "  {target}PfmIssueCounters + {issue_offset}, {issues}, // Issue counters.");
        }
        if validations.is_empty() {
            s.push_str("  nullptr, 0 // No validation counters.\n");
        } else {
            let _ = writeln!(s, "  {target}{name}ValidationCounters, {} // Validation counters.", validations.len());
        }
        s.push_str("};\n");
        *issue_offset += issues;
        Ok(())
    }

    /// The cycle or uops counter of a `PfmCountersInfo`: a counter name or none and, since
    /// LLVM 23, the raw event encoding (`EventSelect`, `UMask`) when the counter has one.
    fn counter_line(&self, kind: &str, counter_def: RecId, name: &str, s: &mut String) -> Result<()> {
        let (f, target) = (&self.f, self.target);
        let upper = if kind == "cycle" { "Cycle" } else { "Uops" };
        let raw = self.raw_counters;
        if raw {
            let event_select = f.int(counter_def, "EventSelect")?;
            if event_select != -1 {
                let locs = &f.input.records.get(counter_def).locs;
                if i16::try_from(event_select).is_err() {
                    return Err(BackendError::fatal(locs, "EventSelect must fit in 16 bits"));
                }
                let umask = f.int(counter_def, "UMask")?;
                if i8::try_from(umask).is_err() {
                    return Err(BackendError::fatal(locs, "UMask must fit in 8 bits"));
                }
                let _ = writeln!(s, "  nullptr,  // {upper} counter uses raw encoding below.");
                let _ = writeln!(s, "  0x{:04x}, 0x{:02x}, // Raw {kind} counter", event_select as u64, umask as u64);
                return Ok(());
            }
        }
        if name.is_empty() {
            let _ = writeln!(s, "  nullptr,  // No {kind} counter.");
        } else {
            let _ = writeln!(s, "  {target}PfmCounterNames[{}],  // {upper} counter", self.counter_id(name)?);
        }
        if raw {
            let _ = writeln!(s, "  -1, 0, // No raw {kind} counter");
        }
        Ok(())
    }

    /// `emitPfmCountersLookupTable`: the bindings sorted by CPU name.
    fn lookup_table(&self, s: &mut String) -> Result<()> {
        let (f, target) = (&self.f, self.target);
        let mut bindings = Vec::new();
        for binding in all_derived_definitions(f.input, "PfmCountersBinding")? {
            bindings.push((f.string(binding, "CpuName")?, f.name(f.def(binding, "Counters")?)));
        }
        bindings.sort_by(|a, b| a.0.cmp(b.0));
        s.push_str("// Sorted (by CpuName) array of pfm counters.\n");
        let _ = writeln!(s, "static const CpuAndPfmCounters {target}CpuPfmCounters[] = {{");
        for (cpu, counters) in bindings {
            let _ = writeln!(s, "  {{ \"{cpu}\", &{target}{counters} }},");
        }
        s.push_str("};\n\n");
        Ok(())
    }
}
