// AttrArgs.td's attributes, as clang-tblgen 23 writes them.
// ARGS: -gen-clang-attr-classes -I ../inc
// RELEASE: 23
include "AttrArgs.td"
