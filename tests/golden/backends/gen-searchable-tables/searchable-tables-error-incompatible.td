// ARGS: --gen-searchable-tables -I inc
// Entries whose values for one field have incompatible types.
include "SearchableTable.td"
class E<bits<4> v> { bits<4> V = v; }
class F { string V = "x"; }
class G;
def A : E<1>, G;
def B : F, G;
def T : GenericTable { let FilterClass = "G"; let Fields = ["V"]; }
