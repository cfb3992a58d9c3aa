// No GenericAutomaton class.
// ARGS: --gen-automata
class Transition { bits<4> NewState; }
