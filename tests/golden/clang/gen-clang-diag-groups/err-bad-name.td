// A group name with a character clang does not allow is fatal.
// ARGS: -gen-clang-diag-groups -I ../inc
include "DiagnosticBase.td"
def Bad : DiagGroup<"bad name">;
