// LLVM 23's form of automata.td: the terminator printed as an element, tuples in braces.
// ARGS: --gen-automata
// RELEASE: 23
class GenericAutomaton {
  string TransitionClass;
  list<string> SymbolFields;
}
class Transition { bits<4> NewState; }
class Kind;
def KA : Kind;
def KB : Kind;
class KindTransition<Kind k, bits<4> s> : Transition { Kind K = k; let NewState = s; }
def t0 : KindTransition<KA, 0b0001>;
def t1 : KindTransition<KB, 0b0010>;
def t2 : KindTransition<KA, 0b0100>;
def t3 : KindTransition<KB, 0b1100>;
def KindAutomaton : GenericAutomaton {
  let TransitionClass = "KindTransition";
  let SymbolFields = ["K"];
  string TypeOf_K = "KindEnum";
}
class TupleTransition<int n, string s, bits<4> state> : Transition {
  int N = n;
  string S = s;
  let NewState = state;
}
def u0 : TupleTransition<1, "one", {0, 0, ?, 1}>;
def u1 : TupleTransition<2, "two", 0b0011>;
def u2 : TupleTransition<1, "one", 0b0100>;
def TupleAutomaton : GenericAutomaton {
  let TransitionClass = "TupleTransition";
  let SymbolFields = ["N", "S"];
}
