// A substitution using a modifier its %sub does not give is fatal.
// ARGS: -gen-clang-diags-defs -I ../inc
include "DiagnosticBase.td"
def two : TextSubstitution<"%0 and %1">;
let Component = "Common" in
def warn_sub : Warning<"%sub{two}3">;
