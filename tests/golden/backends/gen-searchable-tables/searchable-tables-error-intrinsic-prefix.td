// ARGS: --gen-searchable-tables -I inc
// A target intrinsic whose name does not start with its prefix.
include "SearchableTable.td"
class Intrinsic { string LLVMName = ""; string TargetPrefix = ""; list<int> IntrProperties = []; bit DisableDefaultAttributes = 1; list<int> Properties = []; }
let TargetPrefix = "x86" in def int_arm_foo : Intrinsic;
class Info<Intrinsic i> { Intrinsic Intr = i; }
def : Info<int_arm_foo>;
def T : GenericTable { let FilterClass = "Info"; let Fields = ["Intr"]; }
