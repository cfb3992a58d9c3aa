// The RVV sample in LLVM 19.
// ARGS: -gen-riscv-vector-header -I ../inc -I ../../../../../shared/corpus/llvm-19.1.7/clang/include/clang/Basic
include "RvvSample.td"
