// clang's own riscv_andes_vector.td in LLVM 23.
// RELEASE: 23
// ARGS: -gen-riscv-andes-vector-builtin-codegen -I ../../../../../shared/corpus/llvm-23.1.1/clang/include/clang/Basic
include "riscv_andes_vector.td"
