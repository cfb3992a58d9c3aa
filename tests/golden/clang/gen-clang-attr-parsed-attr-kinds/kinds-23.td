// The same in LLVM 23.
// ARGS: -gen-clang-attr-parsed-attr-kinds -I ../inc
// RELEASE: 23
include "AttrSample.td"
