// The opcodes of a small model of the constant interpreter, LLVM 22.
// RELEASE: 22
// ARGS: -gen-clang-opcodes -I ../inc
include "Opcodes.td"
