// The SVE and SME sample as JSON in LLVM 23.
// RELEASE: 23
// ARGS: -gen-arm-sme-builtins-json -I ../inc
include "SveSample23.td"
