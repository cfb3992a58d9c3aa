// A diagnostic may not share its name with a TextSubstitution.
// ARGS: -gen-clang-diags-defs -I ../inc
include "DiagnosticBase.td"
def twin : Warning<"y">, TextSubstitution<"x"> { let Component = "Common"; }
