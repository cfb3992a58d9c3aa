// A group of an opcode without types, which LLVM 22 accepts.
// RELEASE: 22
// ARGS: -gen-clang-opcodes -I ../inc
include "Opcodes.td"
def Nop : Opcode { let HasGroup = 1; }
