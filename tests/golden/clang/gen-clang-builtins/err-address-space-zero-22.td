// LLVM 22 refuses an address space qualifier of 0.
// RELEASE: 22
// ARGS: -gen-clang-builtins -I ../inc
include "Builtins.td"
def : Builtin { let Spellings = ["__builtin_as"]; let Prototype = "void(int address_space<0>*)"; }
