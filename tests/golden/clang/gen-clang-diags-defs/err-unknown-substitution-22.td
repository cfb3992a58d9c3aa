// A %sub naming no TextSubstitution is fatal.
// RELEASE: 22
// ARGS: -gen-clang-diags-defs -I ../inc
include "DiagnosticBase.td"
let Component = "Common" in
def warn_sub : Warning<"%sub{nothing}0">;
