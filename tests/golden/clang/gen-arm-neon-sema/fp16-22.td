// clang's arm_fp16.td in LLVM 22.
// RELEASE: 22
// ARGS: -gen-arm-neon-sema -I ../../../../../shared/corpus/llvm-22.1.8/clang/include/clang/Basic
include "arm_fp16.td"
