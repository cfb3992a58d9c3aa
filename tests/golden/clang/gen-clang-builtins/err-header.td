// A library builtin's header with a character no enumerator can hold.
// ARGS: -gen-clang-builtins -I ../inc
include "Builtins.td"
def : LibBuiltin<"Stdio.h"> { let Spellings = ["puts"]; let Prototype = "int(char const*)"; }
