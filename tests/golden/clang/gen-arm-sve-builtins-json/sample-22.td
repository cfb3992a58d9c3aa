// The SVE and SME sample as JSON in LLVM 22.
// RELEASE: 22
// ARGS: -gen-arm-sve-builtins-json -I ../inc
include "SveSample20.td"
