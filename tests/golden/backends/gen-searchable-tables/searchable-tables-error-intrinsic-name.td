// ARGS: --gen-searchable-tables -I inc
// An intrinsic whose name does not start with int_.
include "SearchableTable.td"
class Intrinsic { string LLVMName = ""; string TargetPrefix = ""; list<int> IntrProperties = []; bit DisableDefaultAttributes = 1; list<int> Properties = []; }
def bad : Intrinsic;
class Info<Intrinsic i> { Intrinsic Intr = i; }
def : Info<bad>;
def T : GenericTable { let FilterClass = "Info"; let Fields = ["Intr"]; }
