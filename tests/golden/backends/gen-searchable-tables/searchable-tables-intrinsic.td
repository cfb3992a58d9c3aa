// ARGS: --gen-searchable-tables -I inc
// Intrinsic fields: Intrinsic::name, generic intrinsics first, then by target prefix and name.
include "SearchableTable.td"

class SDNodeProperty;
def SDNPHasChain : SDNodeProperty;
class Intrinsic {
  string LLVMName = "";
  string TargetPrefix = "";
  list<int> IntrProperties = [];
  bit DisableDefaultAttributes = 1;
  list<SDNodeProperty> Properties = [SDNPHasChain];
}
def int_foo_bar : Intrinsic;
def int_abc : Intrinsic { let LLVMName = "llvm.abc.custom"; }
let TargetPrefix = "zz" in def int_zz_a : Intrinsic;
let TargetPrefix = "aa" in def int_aa_b : Intrinsic;
class Info<Intrinsic i, bits<8> p> { Intrinsic Intr = i; bits<8> Payload = p; }
def : Info<int_zz_a, 1>; def : Info<int_aa_b, 2>; def : Info<int_foo_bar, 3>; def : Info<int_abc, 4>;
def InfoTable : GenericTable {
  let FilterClass = "Info";
  let Fields = ["Intr", "Payload"];
  let PrimaryKey = ["Intr"];
  let PrimaryKeyName = "getInfo";
}
