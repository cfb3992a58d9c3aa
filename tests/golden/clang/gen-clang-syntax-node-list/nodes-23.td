// The syntax nodes under their bases (LLVM 23).
// RELEASE: 23
// ARGS: -gen-clang-syntax-node-list -I ../inc
include "Syntax.td"
