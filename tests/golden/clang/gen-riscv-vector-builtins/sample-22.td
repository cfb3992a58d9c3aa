// The RVV sample in LLVM 22.
// RELEASE: 22
// ARGS: -gen-riscv-vector-builtins -I ../inc -I ../../../../../shared/corpus/llvm-22.1.8/clang/include/clang/Basic
include "RvvSample.td"
