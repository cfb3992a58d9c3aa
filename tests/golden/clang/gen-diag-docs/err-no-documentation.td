// The reference needs GlobalDocumentation.
// ARGS: -gen-diag-docs -I ../inc
include "DiagnosticBase.td"
