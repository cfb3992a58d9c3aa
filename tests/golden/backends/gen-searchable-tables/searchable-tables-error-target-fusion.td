// ARGS: --gen-searchable-tables -I inc
// Instructions need a target description: the Fusion class.
include "SearchableTable.td"
class Instruction { string Namespace = ""; bit isPseudo = 0; }
def I1 : Instruction;
class HwMode; class HwModeSelect; class Target; def T1 : Target;
