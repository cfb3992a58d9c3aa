// The same in LLVM 23, with two more attribute classes.
// ARGS: -gen-clang-attr-list -I ../inc
// RELEASE: 23
include "AttrSample.td"
