// A type class that is no def.
// ARGS: -gen-clang-opcodes -I ../inc
include "Opcodes.td"
def Bad : Opcode { let Types = [?]; }
