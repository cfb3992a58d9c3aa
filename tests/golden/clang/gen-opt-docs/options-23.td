// The same options in LLVM 23.
// RELEASE: 23
// ARGS: -gen-opt-docs -I ../inc
include "options.td"
