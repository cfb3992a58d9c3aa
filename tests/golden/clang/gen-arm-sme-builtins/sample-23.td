// The SVE and SME sample in LLVM 23: the y modifier.
// RELEASE: 23
// ARGS: -gen-arm-sme-builtins -I ../inc
include "SveSample23.td"
