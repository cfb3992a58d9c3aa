// The SVE and SME sample in LLVM 22: mfloat8, the FP8 mode register, guards ANDed with their base.
// RELEASE: 22
// ARGS: -gen-arm-sve-builtin-codegen -I ../inc
include "SveSample20.td"
