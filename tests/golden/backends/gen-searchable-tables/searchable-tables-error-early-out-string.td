// ARGS: --gen-searchable-tables -I inc
// Early-out on a string key.
include "SearchableTable.td"
class C<bits<4> v, string s> { bits<4> V = v; string S = s; int I = 1; }
def A : C<1, "a">;
def B : C<2, "b">;
def T : GenericTable { let FilterClass = "C"; let Fields = ["V", "S"]; }
def byS : SearchIndex { let Table = T; let Key = ["S"]; let EarlyOut = 1; }
