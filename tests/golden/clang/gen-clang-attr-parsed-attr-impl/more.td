// AttrMore.td's attributes, as clang-tblgen 19 writes them.
// ARGS: -gen-clang-attr-parsed-attr-impl -I ../inc
include "AttrMore.td"
