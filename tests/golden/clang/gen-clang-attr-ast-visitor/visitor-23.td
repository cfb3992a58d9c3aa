// The same in LLVM 23.
// ARGS: -gen-clang-attr-ast-visitor -I ../inc
// RELEASE: 23
include "AttrSample.td"
