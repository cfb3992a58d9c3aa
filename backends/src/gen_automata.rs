//! `--gen-automata`: each `GenericAutomaton` as a deterministic automaton — the states its
//! `Transition`s reach from state 0 (a transition sets the bits of its `NewState` that are
//! clear), made deterministic over the tuples of their symbol fields, with the table of NFA
//! state pairs behind each DFA transition (LLVM's DFAEmitter.cpp).

use crate::common::emit::SequenceToOffsetTable;
use crate::common::records::Fields;
use crate::{all_derived_definitions, Backend, BackendError, BackendOptions, Output};
use rustc_hash::FxHashMap as HashMap;
use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::init::InitKind;
use tdq_core::types::{RecId, TyKind};
use tdq_core::{ByRelease, Evaluation};

pub struct GenAutomata;

impl Backend for GenAutomata {
    fn name(&self) -> &'static str {
        "gen-automata"
    }
    fn help(&self) -> &'static str {
        "Generate generic automata"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<()> {
        let form = *FORM.get(options.release);
        let f = Fields { input };
        let mut s = String::new();
        for automaton in all_derived_definitions(input, "GenericAutomaton")? {
            let name = f.name(automaton);
            let _ = writeln!(s, "#ifdef GET_{name}_DECL");
            emit_automaton(&f, automaton, form, &mut s)?;
            let _ = writeln!(s, "#endif  // GET_{name}_DECL");
        }
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}

type Result<T> = std::result::Result<T, BackendError>;

/// What differs between releases: how the transition-info table ends its sequences (LLVM 19
/// writes `{0ULL, 0ULL}`; later releases print the terminator as an element, and a `dummy` one
/// when the table is empty) and how an action tuple is written (`std::tuple(...)` in LLVM 19,
/// braces later).
#[derive(Clone, Copy)]
pub(crate) struct Form {
    terminator: &'static str,
    dummy_when_empty: bool,
    tuple: (&'static str, &'static str),
}

const FORM_19: Form = Form { terminator: "{0ULL, 0ULL}", dummy_when_empty: false, tuple: ("std::tuple(", ")") };
const FORM_22: Form = Form { terminator: "{0, 0}", dummy_when_empty: true, tuple: ("{", "}") };
pub(crate) const FORM: ByRelease<Form> = ByRelease { v19: FORM_19, v22: FORM_22, v23: FORM_22 };

/// One symbol of an action tuple.
#[derive(Clone, PartialEq, Eq, Hash)]
enum Symbol {
    Record(RecId),
    Unsigned(u32),
    Str(&'static str),
}

/// One `Transition` def: the state bits it sets, its action tuple and the tuple's C++ types.
struct Transition {
    new_state: u64,
    actions: Vec<Symbol>,
    types: Vec<String>,
}

fn read_transition(f: &Fields, def: RecId, automaton: RecId, symbol_fields: &[&str]) -> Result<Transition> {
    // `convertKnownBitsToInt`: unknown bits count as clear.
    let new_state =
        f.bits(def, "NewState")?.iter().take(64).enumerate().fold(0u64, |state, (i, bit)| match bit.kind() {
            InitKind::Bit(true) => state | 1 << i,
            _ => state,
        });
    let mut actions = Vec::new();
    let mut types = Vec::new();
    for &field in symbol_fields {
        // LLVM reads a field that is not there (and crashes); tdq says it is missing.
        f.init(def, field)?;
        let Some(value) = f.value(def, field) else { continue };
        match value.ty.kind() {
            TyKind::Record(_) => {
                actions.push(Symbol::Record(f.def(def, field)?));
                types.push(value.ty.to_string());
            }
            TyKind::Int => {
                actions.push(Symbol::Unsigned(f.int(def, field)? as u32));
                types.push("unsigned".to_string());
            }
            TyKind::String => {
                actions.push(Symbol::Str(f.string(def, field)?));
                types.push("std::string".to_string());
            }
            _ => return Err(tdq_models::Fatal::report_fatal_error("Unhandled symbol type!").into()),
        }
        let type_field = format!("TypeOf_{field}");
        if f.value(automaton, &type_field).is_some() {
            let overridden = f.string(automaton, &type_field)?;
            if !overridden.is_empty() {
                *types.last_mut().expect("pushed above") = overridden.to_string();
            }
        }
    }
    Ok(Transition { new_state, actions, types })
}

/// The NFA transitions, (from, to), that one DFA transition stands for.
type TransitionInfo = Vec<(u64, u64)>;

/// LLVM's `DfaEmitter`: the NFA's transitions, made deterministic by subset construction.
#[derive(Default)]
pub(crate) struct Dfa {
    /// Action ids seen (from 1).
    actions: BTreeSet<u64>,
    nfa_states: BTreeSet<u64>,
    nfa_transitions: BTreeMap<(u64, u64), Vec<u64>>,
    num_nfa_transitions: usize,
    /// DFA states (sets of NFA states), numbered from 1 in order of discovery.
    states: Vec<Vec<u64>>,
    state_ids: HashMap<Vec<u64>, usize>,
    /// (from, action) to (to, the NFA (from, to) pairs it stands for).
    transitions: BTreeMap<(usize, u64), (usize, TransitionInfo)>,
}

impl Dfa {
    pub(crate) fn add_transition(&mut self, from: u64, to: u64, action: u64) {
        self.actions.insert(action);
        self.nfa_states.insert(from);
        self.nfa_states.insert(to);
        self.nfa_transitions.entry((from, action)).or_default().push(to);
        self.num_nfa_transitions += 1;
    }

    fn state_id(&mut self, state: Vec<u64>) -> usize {
        if let Some(&id) = self.state_ids.get(&state) {
            return id;
        }
        self.states.push(state.clone());
        self.state_ids.insert(state, self.states.len());
        self.states.len()
    }

    fn construct(&mut self) {
        self.state_id(vec![0]);
        let mut id = 1;
        while id <= self.states.len() {
            let state = self.states[id - 1].clone();
            for action in self.actions.clone() {
                let mut to_states = Vec::new();
                let mut info = Vec::new();
                for &from in &state {
                    for &to in self.nfa_transitions.get(&(from, action)).into_iter().flatten() {
                        to_states.push(to);
                        info.push((from, to));
                    }
                }
                if to_states.is_empty() {
                    continue;
                }
                to_states.sort_unstable();
                to_states.dedup();
                info.sort_unstable();
                info.dedup();
                let to = self.state_id(to_states);
                self.transitions.entry((id, action)).or_insert((to, info));
            }
            id += 1;
        }
    }
}

fn emit_automaton(f: &Fields, automaton: RecId, form: Form, s: &mut String) -> Result<()> {
    let symbol_fields = f.strings(automaton, "SymbolFields")?;
    let transition_class = f.string(automaton, "TransitionClass")?;
    let mut transitions = Vec::new();
    let mut action_ids: HashMap<Vec<Symbol>, u64> = HashMap::default();
    let mut action_tuples: Vec<Vec<Symbol>> = Vec::new();
    for def in all_derived_definitions(f.input, transition_class)? {
        let transition = read_transition(f, def, automaton, &symbol_fields)?;
        if !action_ids.contains_key(&transition.actions) {
            action_tuples.push(transition.actions.clone());
            action_ids.insert(transition.actions.clone(), action_tuples.len() as u64);
        }
        transitions.push(transition);
    }
    let Some(last) = transitions.last() else {
        // LLVM reads the types of the last transition, which is not there (and crashes).
        let message = format!("automaton '{}' has no transitions", f.name(automaton));
        return Err(BackendError::fatal(&f.input.records.get(automaton).locs, message));
    };
    let name = f.name(automaton);

    // The NFA: every state reachable from 0, breadth first.
    let mut dfa = Dfa::default();
    let mut worklist = VecDeque::from([0u64]);
    let mut seen = BTreeSet::from([0u64]);
    while let Some(state) = worklist.pop_front() {
        for transition in &transitions {
            if state & transition.new_state != 0 {
                continue;
            }
            let new_state = state | transition.new_state;
            if seen.insert(new_state) {
                worklist.push_back(new_state);
            }
            dfa.add_transition(state, new_state, action_ids[&transition.actions]);
        }
    }

    let _ = writeln!(s, "// The type of an action in the {name} automaton.");
    if last.types.len() == 1 {
        let _ = writeln!(s, "using {name}Action = {};", last.types[0]);
    } else {
        let _ = writeln!(s, "using {name}Action = std::tuple<{}>;", last.types.join(", "));
    }
    s.push('\n');

    let print_action = |s: &mut String, action: u64| {
        let tuple = &action_tuples[action as usize - 1];
        if tuple.len() > 1 {
            s.push_str(form.tuple.0);
        }
        for (i, symbol) in tuple.iter().enumerate() {
            if i > 0 {
                s.push_str(", ");
            }
            match symbol {
                Symbol::Record(def) => s.push_str(f.name(*def)),
                Symbol::Str(text) => {
                    let _ = write!(s, "\"{text}\"");
                }
                Symbol::Unsigned(n) => {
                    let _ = write!(s, "{n}");
                }
            }
        }
        if tuple.len() > 1 {
            s.push_str(form.tuple.1);
        }
    };
    emit_dfa(s, name, &mut dfa, form, &format!("{name}Action"), &print_action);
    Ok(())
}

/// `DfaEmitter::emit`: the DFA of `dfa`'s NFA as the table of NFA transitions behind each DFA
/// transition and the table of DFA transitions, actions of type `action_type` printed by
/// `print_action`.
pub(crate) fn emit_dfa(
    s: &mut String,
    name: &str,
    dfa: &mut Dfa,
    form: Form,
    action_type: &str,
    print_action: &dyn Fn(&mut String, u64),
) {
    dfa.construct();
    let _ =
        writeln!(s, "// Input NFA has {} states with {} transitions.", dfa.nfa_states.len(), dfa.num_nfa_transitions);
    let _ =
        write!(s, "// Generated DFA has {} states with {} transitions.\n\n", dfa.states.len(), dfa.transitions.len());
    s.push_str("// A zero-terminated sequence of NFA state transitions. Every DFA\n");
    s.push_str("// transition implies a set of NFA transitions. These are referred\n");
    let _ = writeln!(s, "// to by index in {name}Transitions[].");
    let mut table = SequenceToOffsetTable::default();
    for (_, info) in dfa.transitions.values() {
        table.add(info);
    }
    table.layout();
    let _ = writeln!(s, "const std::array<NfaStatePair, {}> {name}TransitionInfo = {{{{", table.size());
    table.emit(
        s,
        |out, (from, to)| {
            let _ = write!(out, "{{{from}, {to}}}");
        },
        form.terminator,
    );
    if form.dummy_when_empty && table.is_empty() {
        let _ = writeln!(s, "  /* dummy */ {}", form.terminator);
    }
    s.push_str("}};\n\n");

    let _ = writeln!(s, "// A transition in the generated {name} DFA.");
    let _ = writeln!(s, "struct {name}Transition {{");
    s.push_str("  unsigned FromDfaState; // The transitioned-from DFA state.\n");
    let _ = writeln!(s, "  {action_type} Action;       // The input symbol that causes this transition.");
    s.push_str("  unsigned ToDfaState;   // The transitioned-to DFA state.\n");
    let _ = write!(s, "  unsigned InfoIdx;      // Start index into {name}TransitionInfo.\n}};\n\n");
    s.push_str("// A table of DFA transitions, ordered by {FromDfaState, Action}.\n");
    s.push_str("// The initial state is 1, not zero.\n");
    let _ = writeln!(s, "const std::array<{name}Transition, {}> {name}Transitions = {{{{", dfa.transitions.len());
    for (&(from, action), (to, info)) in &dfa.transitions {
        let _ = write!(s, "  {{{from}, ");
        print_action(s, action);
        let _ = writeln!(s, ", {to}, {}}},", table.get(info));
    }
    s.push_str("\n}};\n\n");
}
