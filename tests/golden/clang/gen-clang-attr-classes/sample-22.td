// AttrSample.td's attributes, as clang-tblgen 22 writes them.
// ARGS: -gen-clang-attr-classes -I ../inc
// RELEASE: 22
include "AttrSample.td"
