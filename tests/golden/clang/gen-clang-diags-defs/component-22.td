// One component's diagnostics, after its guard.
// ARGS: -gen-clang-diags-defs -clang-component=Sema -I ../inc
// RELEASE: 22
include "Sample.td"
