// clang's own riscv_sifive_vector.td in LLVM 19.
// ARGS: -gen-riscv-sifive-vector-builtin-sema -I ../../../../../shared/corpus/llvm-19.1.7/clang/include/clang/Basic
include "riscv_sifive_vector.td"
