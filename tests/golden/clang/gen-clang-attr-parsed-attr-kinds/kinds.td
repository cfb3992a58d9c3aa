// getAttrKind: a string matcher a syntax.
// ARGS: -gen-clang-attr-parsed-attr-kinds -I ../inc
include "AttrSample.td"
