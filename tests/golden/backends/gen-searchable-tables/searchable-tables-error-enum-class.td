// ARGS: --gen-searchable-tables -I inc
// A GenericEnum whose filter class does not exist.
include "SearchableTable.td"
def E : GenericEnum { let FilterClass = "Nope"; }
