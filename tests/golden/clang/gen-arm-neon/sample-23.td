// The NEON sample in LLVM 23.
// RELEASE: 23
// ARGS: -gen-arm-neon -I ../inc -I ../../../../../shared/corpus/llvm-23.1.1/clang/include/clang/Basic
include "NeonSample20.td"
