// clang's arm_fp16.td in LLVM 19.
// ARGS: -gen-arm-fp16 -I ../../../../../shared/corpus/llvm-19.1.7/clang/include/clang/Basic
include "arm_fp16.td"
