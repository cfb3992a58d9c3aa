// ARGS: --gen-searchable-tables -I inc
// An intrinsic with a SelectionDAG node property that does not exist.
include "SearchableTable.td"
class SDNodeProperty;
def SDNPFoo : SDNodeProperty;
class Intrinsic<list<SDNodeProperty> p> {
  string LLVMName = "";
  string TargetPrefix = "";
  list<int> IntrProperties = [];
  bit DisableDefaultAttributes = 1;
  list<SDNodeProperty> Properties = p;
}
def int_foo : Intrinsic<[SDNPFoo]>;
class Info<Intrinsic i> { Intrinsic Intr = i; }
def : Info<int_foo>;
def T : GenericTable { let FilterClass = "Info"; let Fields = ["Intr"]; }
