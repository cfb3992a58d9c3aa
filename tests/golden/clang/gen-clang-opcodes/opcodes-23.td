// The opcodes of a small model of the constant interpreter, LLVM 23 (tail calls).
// RELEASE: 23
// ARGS: -gen-clang-opcodes -I ../inc
include "Opcodes.td"
