// The syntax nodes' classes (LLVM 22).
// RELEASE: 22
// ARGS: -gen-clang-syntax-node-classes -I ../inc
include "Syntax.td"
