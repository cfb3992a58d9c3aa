// An error in a warning group is fatal.
// ARGS: -gen-clang-diags-defs -I ../inc
include "DiagnosticBase.td"
def G : DiagGroup<"g">;
let Component = "Common" in
def err_grouped : Error<"grouped error">, InGroup<G>;
