// ARGS: --gen-searchable-tables -I inc
// A bits key wider than 64.
include "SearchableTable.td"
class W<bits<65> v> { bits<65> V = v; }
def A : W<1>;
def T : GenericTable { let FilterClass = "W"; let Fields = ["V"]; }
def byV : SearchIndex { let Table = T; let Key = ["V"]; }
