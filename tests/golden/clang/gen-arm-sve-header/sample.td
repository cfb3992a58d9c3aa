// The SVE and SME sample in LLVM 19: the flags type model, its guards as written.
// ARGS: -gen-arm-sve-header -I ../inc
include "SveSample.td"
