// AttrMore.td's attributes, as clang-tblgen 22 writes them.
// ARGS: -gen-clang-attr-parsed-attr-impl -I ../inc
// RELEASE: 22
include "AttrMore.td"
