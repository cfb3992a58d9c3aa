// A prototype of a type clang does not know.
// ARGS: -gen-clang-builtins -I ../inc
include "Builtins.td"
def : Builtin { let Spellings = ["__builtin_bad"]; let Prototype = "int(quux)"; }
