// clang's own riscv_sifive_vector.td in LLVM 22.
// RELEASE: 22
// ARGS: -gen-riscv-sifive-vector-builtins -I ../../../../../shared/corpus/llvm-22.1.8/clang/include/clang/Basic
include "riscv_sifive_vector.td"
