// ARGS: --gen-searchable-tables -I inc
// An intrinsic without the fields of LLVM's Intrinsic class.
include "SearchableTable.td"
class Intrinsic { string LLVMName = ""; string TargetPrefix = ""; }
def int_foo : Intrinsic;
class Info<Intrinsic i> { Intrinsic Intr = i; }
def : Info<int_foo>;
def T : GenericTable { let FilterClass = "Info"; let Fields = ["Intr"]; }
