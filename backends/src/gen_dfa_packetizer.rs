//! `--gen-dfa-packetizer`: for a VLIW target's itineraries, the automaton its packetizer tracks
//! functional units with (LLVM's DFAPacketizerEmitter.cpp). Each itinerary class is a vector of
//! the units each stage may use; the NFA's states are the units taken, its actions the classes;
//! the DFA is written as `--gen-automata` writes its automata, with tables mapping each
//! processor's scheduling classes to their resource vectors.

use crate::common::emit::source_file_header;
use crate::common::records::Fields;
use crate::gen_automata::{emit_dfa, Dfa, FORM};
use crate::{all_derived_definitions, Backend, BackendError, BackendOptions, Output};
use std::collections::{BTreeSet, HashMap, VecDeque};
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::{ByRelease, Evaluation};
use tdq_models::string_map::{string_map_order, unordered_map_order};
use tdq_models::target::schedule::{ProcModel, SchedModels};
use tdq_models::target::Target;

pub struct GenDfaPacketizer;

type Result<T> = std::result::Result<T, BackendError>;

/// The order in which the itineraries' functional units are numbered (the last itinerary to
/// name a unit decides its bit).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ItineraryOrder {
    /// A set of record pointers: the order the records were made (LLVM 19, 22).
    Created,
    /// By name (`LessRecord`, LLVM 23).
    ByName,
}

const ITINERARY_ORDER: ByRelease<ItineraryOrder> =
    ByRelease { v19: ItineraryOrder::Created, v22: ItineraryOrder::Created, v23: ItineraryOrder::ByName };

/// The order in which the packetizers of several `PacketizerNamespace`s are written: that
/// of the hash map the emitter groups the processors in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum NamespaceOrder {
    /// A `std::unordered_map<std::string, ...>` (LLVM 19, 22).
    UnorderedMap,
    /// A `StringMap` (LLVM 23).
    StringMap,
}

const NAMESPACE_ORDER: ByRelease<NamespaceOrder> =
    ByRelease { v19: NamespaceOrder::UnorderedMap, v22: NamespaceOrder::UnorderedMap, v23: NamespaceOrder::StringMap };

/// How the packetizer finds a processor's first scheduling class.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ProcLookup {
    /// `ProcResourceIndexStart` indexed by the processor's ID (LLVM 19).
    ById,
    /// Through `GetResourceIndex`, a sorted table from IDs to indexes (LLVM 22 on).
    Table,
}

const PROC_LOOKUP: ByRelease<ProcLookup> =
    ByRelease { v19: ProcLookup::ById, v22: ProcLookup::Table, v23: ProcLookup::Table };

/// The units an itinerary class uses, stage by stage.
type ResourceVector = Vec<u64>;

impl Backend for GenDfaPacketizer {
    fn name(&self) -> &'static str {
        "gen-dfa-packetizer"
    }
    fn help(&self) -> &'static str {
        "Generate DFA Packetizer for VLIW targets"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<()> {
        let f = Fields { input };
        let target = Target::get(input)?;
        let sched = SchedModels::get(input)?;
        let mut s = String::new();
        source_file_header(&mut s, "Target DFA Packetizer Tables", None);
        s.push_str("\n#include \"llvm/CodeGen/DFAPacketizer.h\"\nnamespace llvm {\n");
        let mut namespaces: Vec<(&str, Vec<&ProcModel>)> = Vec::new();
        for model in sched.proc_models.iter().filter(|m| m.has_itineraries()) {
            let namespace = f.string(model.itins_def, "PacketizerNamespace")?;
            match namespaces.iter_mut().find(|(n, _)| *n == namespace) {
                Some((_, models)) => models.push(model),
                None => namespaces.push((namespace, vec![model])),
            }
        }
        let names = namespaces.iter().map(|(n, _)| *n);
        let order = match NAMESPACE_ORDER.get(options.release) {
            NamespaceOrder::UnorderedMap => unordered_map_order(names),
            NamespaceOrder::StringMap => string_map_order(options.release, names),
        };
        let mut state = Packetizer::default();
        for name in order {
            let (namespace, models) = namespaces.iter().find(|(n, _)| *n == name).expect("a namespace of the map");
            state.emit(&f, target.name, namespace, models, options, &mut s)?;
        }
        s.push_str("} // end namespace llvm\n");
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}

/// What LLVM's emitter keeps from one namespace to the next.
#[derive(Default)]
struct Packetizer {
    unit_bits: HashMap<&'static str, u64>,
    combo_bits: HashMap<u64, u64>,
    /// The distinct resource vectors, numbered from 1 in order of insertion (`UniqueVector`).
    unique: Vec<ResourceVector>,
    /// (resource vector number, 0 for none) of each scheduling class of each model.
    classes: Vec<usize>,
}

impl Packetizer {
    fn emit(
        &mut self,
        f: &Fields,
        target: &str,
        namespace: &str,
        models: &[&ProcModel],
        options: &BackendOptions,
        s: &mut String,
    ) -> Result<()> {
        s.push_str("} // end namespace llvm\n\nnamespace {\n");
        // `collectAllFuncUnits`.
        let mut itineraries: Vec<_> = models.iter().map(|m| m.itins_def).collect::<BTreeSet<_>>().into_iter().collect();
        match ITINERARY_ORDER.get(options.release) {
            ItineraryOrder::Created => {}
            ItineraryOrder::ByName => itineraries.sort_by_key(|&def| f.name(def)),
        }
        for itinerary in itineraries {
            for (j, unit) in f.defs(itinerary, "FU")?.into_iter().enumerate().take(64) {
                self.unit_bits.insert(f.name(unit), 1 << j);
            }
        }
        // `collectAllComboFuncs`.
        for combos in all_derived_definitions(f.input, "ComboFuncUnits")? {
            for data in f.defs(combos, "CFD")? {
                let combo = f.name(f.def(data, "TheComboFunc")?);
                let combo_bit = self.unit_bits.get(combo).copied().unwrap_or(0);
                let mut resources = combo_bit;
                for unit in f.defs(data, "FuncList")? {
                    resources |= self.unit_bits.get(f.name(unit)).copied().unwrap_or(0);
                }
                self.combo_bits.insert(combo_bit, resources);
            }
        }
        // `createScheduleClasses`.
        let mut starts = Vec::new();
        for model in models {
            starts.push(self.classes.len());
            for itinerary in &model.itin_def_list {
                let Some(itinerary) = *itinerary else {
                    self.classes.push(0);
                    continue;
                };
                let mut resources = Vec::new();
                for stage in f.defs(itinerary, "Stages")? {
                    let mut bits = 0;
                    for unit in f.defs(stage, "Units")? {
                        bits |= self.unit_bits.get(f.name(unit)).copied().unwrap_or(0);
                    }
                    if bits != 0 {
                        resources.push(bits);
                    }
                }
                let id = match self.unique.iter().position(|r| *r == resources) {
                    Some(i) => i + 1,
                    None => {
                        self.unique.push(resources);
                        self.unique.len()
                    }
                };
                self.classes.push(id);
            }
        }
        let prefix = format!("{target}{namespace}");
        let _ = write!(s, "constexpr unsigned {prefix}ResourceIndices[] = {{");
        for (i, id) in self.classes.iter().enumerate() {
            if i % 32 == 0 {
                s.push_str("\n  ");
            }
            let _ = write!(s, "{id}, ");
        }
        s.push_str("\n};\n\n");
        let _ = write!(s, "constexpr unsigned {prefix}ProcResourceIndexStart[] = {{\n  0, // NoSchedModel\n");
        for (model, start) in models.iter().zip(&starts) {
            let _ = writeln!(s, "  {start}, // {}", model.model_name);
        }
        let _ = write!(s, "  {}\n}};\n\n", self.classes.len());
        let lookup = PROC_LOOKUP.get(options.release);
        match lookup {
            ProcLookup::ById => {}
            ProcLookup::Table => {
                let _ = write!(
                    s,
                    "int {prefix}GetResourceIndex(unsigned ProcID) {{ \n  static const unsigned {prefix}ProcIdToProcResourceIdxTable[][2] = {{\n"
                );
                for (i, model) in models.iter().enumerate() {
                    let _ = writeln!(s, "    {{ {},  {} }}, // {}", model.index, i + 1, model.model_name);
                }
                let _ = write!(
                    s,
                    "  }};\n  auto It = llvm::lower_bound({prefix}ProcIdToProcResourceIdxTable, ProcID,\n      [](const unsigned LHS[], unsigned Val) {{ return LHS[0] < Val; }});\n  assert(*It[0] == ProcID);\n  return (*It)[1];\n}}\n\n"
                );
            }
        }
        // The NFA: the units taken, from none, each class applied stage by stage.
        let mut dfa = Dfa::default();
        let mut worklist = VecDeque::from([0u64]);
        let mut seen = BTreeSet::from([0u64]);
        while let Some(state) = worklist.pop_front() {
            for (i, resources) in self.unique.iter().enumerate() {
                if resources.iter().any(|&r| state | r == state) {
                    continue;
                }
                for new_state in self.apply(resources, state) {
                    if seen.insert(new_state) {
                        worklist.push_back(new_state);
                    }
                    dfa.add_transition(state, new_state, i as u64 + 1);
                }
            }
        }
        let name = format!("{target}{namespace}");
        let print_action = |s: &mut String, action: u64| {
            let _ = write!(s, "{action}");
        };
        emit_dfa(s, &name, &mut dfa, *FORM.get(options.release), "uint64_t", &print_action);
        s.push_str("} // end anonymous namespace\n\n");
        let _ = write!(
            s,
            "namespace llvm {{\nDFAPacketizer *{target}GenSubtargetInfo::create{namespace}DFAPacketizer(const InstrItineraryData *IID) const {{\n  \
             static Automaton<uint64_t> A(ArrayRef<{name}Transition>({name}Transitions), {name}TransitionInfo);\n"
        );
        match lookup {
            ProcLookup::ById => {
                let _ = write!(
                    s,
                    "  unsigned ProcResIdxStart = {name}ProcResourceIndexStart[IID->SchedModel.ProcID];\n  \
                     unsigned ProcResIdxNum = {name}ProcResourceIndexStart[IID->SchedModel.ProcID + 1] - ProcResIdxStart;\n"
                );
            }
            ProcLookup::Table => {
                let _ = write!(
                    s,
                    "  unsigned Index = {prefix}GetResourceIndex(IID->SchedModel.ProcID);\n  \
                     unsigned ProcResIdxStart = {name}ProcResourceIndexStart[Index];\n  \
                     unsigned ProcResIdxNum = {name}ProcResourceIndexStart[Index + 1] - ProcResIdxStart;\n"
                );
            }
        }
        let _ = write!(
            s,
            "  return new DFAPacketizer(IID, A, {{&{name}ResourceIndices[ProcResIdxStart], ProcResIdxNum}});\n\n}}\n\n"
        );
        Ok(())
    }

    /// `ApplyInsnClass`: the states `state` goes to when each stage takes one of its units (a
    /// combo unit with the units it combines, when they are free).
    fn apply(&self, resources: &ResourceVector, state: u64) -> VecDeque<u64> {
        let mut states = VecDeque::from([state]);
        for &stage in resources {
            for _ in 0..states.len() {
                let Some(s) = states.pop_front() else { break };
                for j in 0..64 {
                    let mask = 1u64 << j;
                    if mask & stage == 0 {
                        continue;
                    }
                    let combo = self.combo_bits.get(&mask).copied().unwrap_or(0);
                    if combo != 0 && (!s & combo) != combo {
                        continue;
                    }
                    let next = s | mask | combo;
                    if next != s {
                        states.push_back(next);
                    }
                }
            }
        }
        states
    }
}
