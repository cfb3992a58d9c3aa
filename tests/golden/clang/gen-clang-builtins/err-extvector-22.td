// A vector without its number of lanes.
// RELEASE: 22
// ARGS: -gen-clang-builtins -I ../inc
include "Builtins.td"
def : Builtin { let Spellings = ["__builtin_v"]; let Prototype = "_ExtVector<float>()"; }
