// An automaton whose TransitionClass names no class.
// ARGS: --gen-automata
class GenericAutomaton { string TransitionClass; list<string> SymbolFields; }
def A : GenericAutomaton { let TransitionClass = "Missing"; let SymbolFields = ["K"]; }
