// A transition whose record symbol is unset.
// ARGS: --gen-automata
class GenericAutomaton { string TransitionClass; list<string> SymbolFields; }
class Kind;
class T { bits<2> NewState = 1; Kind K = ?; }
def t0 : T;
def A : GenericAutomaton { let TransitionClass = "T"; let SymbolFields = ["K"]; }
