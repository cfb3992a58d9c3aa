// Each kind of builtin, templates and attributes, as LLVM 19's X-macros.
// ARGS: -gen-clang-builtins -I ../inc
include "Builtins.td"
include "common.inc"
def : CustomEntry { let Entry = "#define CUSTOM 1"; }
