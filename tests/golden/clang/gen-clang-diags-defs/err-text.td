// Malformed texts: a select without its index, an unknown substitution, a bad mapping.
// ARGS: -gen-clang-diags-defs -I ../inc -DCASE1
include "DiagnosticBase.td"
let Component = "Common" in {
#ifdef CASE1
def warn_select : Warning<"%select{a|b}">;
#endif
}
