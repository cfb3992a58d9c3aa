// clang's own riscv_andes_vector.td in LLVM 22.
// RELEASE: 22
// ARGS: -gen-riscv-andes-vector-builtin-sema -I ../../../../../shared/corpus/llvm-22.1.8/clang/include/clang/Basic
include "riscv_andes_vector.td"
