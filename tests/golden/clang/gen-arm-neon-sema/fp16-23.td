// clang's arm_fp16.td in LLVM 23.
// RELEASE: 23
// ARGS: -gen-arm-neon-sema -I ../../../../../shared/corpus/llvm-23.1.1/clang/include/clang/Basic
include "arm_fp16.td"
