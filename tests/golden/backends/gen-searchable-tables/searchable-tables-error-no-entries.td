// ARGS: --gen-searchable-tables -I inc
// A table whose filter class has no defs.
include "SearchableTable.td"
class D; def T : GenericTable { let FilterClass = "D"; let Fields = []; }
