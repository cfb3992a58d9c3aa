// More argument names than the prototype has parameters.
// RELEASE: 23
// ARGS: -gen-builtin-docs -I ../inc
include "Builtins.td"
def GlobalDocumentation { code Intro = [{Intro}]; }
def : Builtin { let Spellings = ["__builtin_x"]; let Prototype = "int(int)"; let ArgNames = ["a", "b"]; }
