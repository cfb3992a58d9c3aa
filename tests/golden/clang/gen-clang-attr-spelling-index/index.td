// Each spelling told by name, syntax and scope (LLVM 19).
// ARGS: -gen-clang-attr-spelling-index -I ../inc
include "AttrSample.td"
