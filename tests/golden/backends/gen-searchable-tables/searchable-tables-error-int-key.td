// ARGS: --gen-searchable-tables -I inc
// An int key field.
include "SearchableTable.td"
class C<bits<4> v, string s> { bits<4> V = v; string S = s; int I = 1; }
def A : C<1, "a">;
def B : C<2, "b">;
def T : GenericTable { let FilterClass = "C"; let Fields = ["V", "I"]; }
def byI : SearchIndex { let Table = T; let Key = ["I"]; }
