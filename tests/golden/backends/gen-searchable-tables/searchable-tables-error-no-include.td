// ARGS: --gen-searchable-tables -I inc
// Without SearchableTable.td, the class GenericEnum is not defined.

class C;
