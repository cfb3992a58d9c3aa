// The diagnostics reference of a small set of groups.
// ARGS: -gen-diag-docs -I ../inc

include "Sample.td"
