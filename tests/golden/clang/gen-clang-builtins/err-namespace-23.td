// A namespace other than std.
// RELEASE: 23
// ARGS: -gen-clang-builtins -I ../inc
include "Builtins.td"
def : Builtin { let Spellings = ["__builtin_ns"]; let Prototype = "void()";
  let Namespace = "boost"; }
