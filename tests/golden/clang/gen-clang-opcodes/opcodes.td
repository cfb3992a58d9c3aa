// The opcodes of a small model of the constant interpreter.
// ARGS: -gen-clang-opcodes -I ../inc
include "Opcodes.td"
