// LLVM 23's prototypes: vectors of pointers to address spaces, address space 0, bare qualifiers.
// RELEASE: 23
// ARGS: -gen-clang-builtins -I ../inc
include "Builtins.td"
include "common.inc"
def : Builtin { let Spellings = ["__builtin_nested"]; let Prototype = "_Vector<2, int address_space<0> *>(_Vector<4, char address_space<1>*>, uint8_t)"; }
def : Builtin, Template<["float"], ["f"]> { let Spellings = ["__builtin_tmpl_ptr"]; let Prototype = "void(T *)"; }
def : Builtin, Template<["int", "int *"], ["", "_p"]> { let Spellings = ["__builtin_qual"]; let Prototype = "void(T const, T*)"; }
