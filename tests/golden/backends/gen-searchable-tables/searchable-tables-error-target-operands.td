// ARGS: --gen-searchable-tables -I inc
// An instruction key checks the operand lists of every instruction.
include "SearchableTable.td"
def outs; def ins;
class Instruction { string Namespace = ""; bit isPseudo = 0; dag OutOperandList = (outs); dag InOperandList = (outs); }
def I1 : Instruction;
def I2 : Instruction; def I3 : Instruction;
class HwMode; class HwModeSelect; class Target; def T1 : Target; class Fusion;
class E<Instruction i> { Instruction I = i; bits<4> V = 1; }
def : E<I1>;
def T : GenericTable { let FilterClass = "E"; let Fields = ["I", "V"]; let PrimaryKey = ["I"]; let PrimaryKeyName = "get"; }
