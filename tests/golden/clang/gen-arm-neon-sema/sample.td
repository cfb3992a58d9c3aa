// The NEON sample in LLVM 19.
// ARGS: -gen-arm-neon-sema -I ../inc -I ../../../../../shared/corpus/llvm-19.1.7/clang/include/clang/Basic
include "NeonSample19.td"
