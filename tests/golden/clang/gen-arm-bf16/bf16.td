// clang's arm_bf16.td in LLVM 19.
// ARGS: -gen-arm-bf16 -I ../../../../../shared/corpus/llvm-19.1.7/clang/include/clang/Basic
include "arm_bf16.td"
