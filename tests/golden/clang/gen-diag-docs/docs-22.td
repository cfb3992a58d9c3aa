// The diagnostics reference of a small set of groups.
// ARGS: -gen-diag-docs -I ../inc
// RELEASE: 22
include "Sample.td"
