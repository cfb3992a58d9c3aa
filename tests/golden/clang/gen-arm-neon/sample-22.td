// The NEON sample in LLVM 22.
// RELEASE: 22
// ARGS: -gen-arm-neon -I ../inc -I ../../../../../shared/corpus/llvm-22.1.8/clang/include/clang/Basic
include "NeonSample20.td"
