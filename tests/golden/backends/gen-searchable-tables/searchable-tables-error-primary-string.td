// ARGS: --gen-searchable-tables -I inc
// A primary key on a string field, which compares case-insensitively.
include "SearchableTable.td"
class C<bits<4> v, string s> { bits<4> V = v; string S = s; int I = 1; }
def A : C<1, "a">;
def B : C<2, "b">;
def T : GenericTable { let FilterClass = "C"; let Fields = ["V", "S"]; let PrimaryKey = ["S"]; let PrimaryKeyName = "get"; }
