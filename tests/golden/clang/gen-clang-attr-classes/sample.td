// AttrSample.td's attributes, as clang-tblgen 19 writes them.
// ARGS: -gen-clang-attr-classes -I ../inc
include "AttrSample.td"
