// The RVV sample in LLVM 23.
// RELEASE: 23
// ARGS: -gen-riscv-vector-builtins -I ../inc -I ../../../../../shared/corpus/llvm-23.1.1/clang/include/clang/Basic
include "RvvSample.td"
