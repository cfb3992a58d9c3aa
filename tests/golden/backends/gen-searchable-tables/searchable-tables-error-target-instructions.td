// ARGS: --gen-searchable-tables -I inc
// An instruction key needs more than two instructions.
include "SearchableTable.td"
class Instruction { string Namespace = ""; bit isPseudo = 0; }
def I1 : Instruction;
class HwMode; class HwModeSelect; class Target; def T1 : Target; class Fusion;
class E<Instruction i> { Instruction I = i; bits<4> V = 1; }
def : E<I1>;
def T : GenericTable { let FilterClass = "E"; let Fields = ["I", "V"]; let PrimaryKey = ["I"]; let PrimaryKeyName = "get"; }
