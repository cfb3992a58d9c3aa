// clang's arm_bf16.td in LLVM 23.
// RELEASE: 23
// ARGS: -gen-arm-bf16 -I ../../../../../shared/corpus/llvm-23.1.1/clang/include/clang/Basic
include "arm_bf16.td"
