// clang's arm_cde.td of LLVM 22.
// RELEASE: 22
// ARGS: -gen-arm-cde-builtin-codegen -I ../../../../../shared/corpus/llvm-22.1.8/clang/include/clang/Basic
include "arm_cde.td"
