// A template of more substitutions than affixes.
// ARGS: -gen-clang-builtins -I ../inc
include "Builtins.td"
def : Builtin, Template<["int", "float"], [""]> { let Spellings = ["__builtin_tl"]; let Prototype = "T()"; }
