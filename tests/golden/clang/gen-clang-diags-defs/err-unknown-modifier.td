// An unknown modifier in a diagnostic's text is fatal, at the diagnostic.
// ARGS: -gen-clang-diags-defs -I ../inc
include "DiagnosticBase.td"
let Component = "Common" in
def warn_bogus : Warning<"text with %bogus0 modifier">;
