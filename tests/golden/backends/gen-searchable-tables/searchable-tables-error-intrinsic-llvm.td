// ARGS: --gen-searchable-tables -I inc
// An intrinsic whose LLVMName does not start with llvm.
include "SearchableTable.td"
class Intrinsic { string LLVMName = ""; string TargetPrefix = ""; list<int> IntrProperties = []; bit DisableDefaultAttributes = 1; list<int> Properties = []; }
def int_foo : Intrinsic { let LLVMName = "foo"; }
class Info<Intrinsic i> { Intrinsic Intr = i; }
def : Info<int_foo>;
def T : GenericTable { let FilterClass = "Info"; let Fields = ["Intr"]; }
