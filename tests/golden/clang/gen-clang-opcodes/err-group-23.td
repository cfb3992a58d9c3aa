// A group of an opcode without types, an error from LLVM 23.
// RELEASE: 23
// ARGS: -gen-clang-opcodes -I ../inc
include "Opcodes.td"
def Nop : Opcode { let HasGroup = 1; }
