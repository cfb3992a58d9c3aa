// ARGS: --gen-searchable-tables -I inc
// A search index with no key fields: every row matches.
include "SearchableTable.td"
class C<bits<4> v> { bits<4> V = v; }
def A : C<1>; def B : C<2>;
def T : GenericTable { let FilterClass = "C"; let Fields = ["V"]; }
def I : SearchIndex { let Table = T; let Key = []; }
