// ARGS: --gen-searchable-tables -I inc
// A GenericTable whose filter class does not exist.
include "SearchableTable.td"
def T : GenericTable { let FilterClass = "Nope"; let Fields = []; }
