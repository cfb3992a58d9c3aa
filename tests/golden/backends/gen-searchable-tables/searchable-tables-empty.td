// ARGS: --gen-searchable-tables -I inc
// No tables: no output.
include "SearchableTable.td"

class C;
