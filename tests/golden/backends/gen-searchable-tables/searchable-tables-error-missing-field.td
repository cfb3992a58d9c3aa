// ARGS: --gen-searchable-tables -I inc
// An entry without a value for a field of the table.
include "SearchableTable.td"
class C<bits<4> v, string s> { bits<4> V = v; string S = s; int I = 1; }
def A : C<1, "a">;
def B : C<2, "b">;
def Q : C<3, ?>;
def T : GenericTable { let FilterClass = "C"; let Fields = ["V", "S"]; }
