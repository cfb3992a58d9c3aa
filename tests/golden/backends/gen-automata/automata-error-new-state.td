// A transition whose NewState is an int, not bits.
// ARGS: --gen-automata
class GenericAutomaton { string TransitionClass; list<string> SymbolFields; }
class T { int NewState = 1; int K = 0; }
def t0 : T;
def A : GenericAutomaton { let TransitionClass = "T"; let SymbolFields = ["K"]; }
