// ARGS: --gen-searchable-tables -I inc
// Instructions need a target description: the HwMode class.
include "SearchableTable.td"
class Instruction { string Namespace = ""; bit isPseudo = 0; }
def I1 : Instruction;
