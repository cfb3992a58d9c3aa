// The SVE and SME sample in LLVM 23: the y modifier.
// RELEASE: 23
// ARGS: -gen-arm-sve-streaming-attrs -I ../inc
include "SveSample23.td"
