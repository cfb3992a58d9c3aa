// clang's arm_bf16.td in LLVM 22.
// RELEASE: 22
// ARGS: -gen-arm-bf16 -I ../../../../../shared/corpus/llvm-22.1.8/clang/include/clang/Basic
include "arm_bf16.td"
