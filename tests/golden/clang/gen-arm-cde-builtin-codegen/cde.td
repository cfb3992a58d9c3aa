// clang's arm_cde.td of LLVM 19.
// ARGS: -gen-arm-cde-builtin-codegen -I ../../../../../shared/corpus/llvm-19.1.7/clang/include/clang/Basic
include "arm_cde.td"
