// ARGS: --gen-searchable-tables -I inc
// An enum name field that is not a string.
include "SearchableTable.td"
class C<bits<4> v, string s> { bits<4> V = v; string S = s; int I = 1; }
def A : C<1, "a">;
def B : C<2, "b">;
def E : GenericEnum { let FilterClass = "C"; let NameField = "V"; }
