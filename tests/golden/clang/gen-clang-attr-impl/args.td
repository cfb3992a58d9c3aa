// AttrArgs.td's attributes, as clang-tblgen 19 writes them.
// ARGS: -gen-clang-attr-impl -I ../inc
include "AttrArgs.td"
