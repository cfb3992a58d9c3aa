// A policy scheme without its Value.
// ARGS: -gen-riscv-vector-builtin-codegen -I ../../../../../shared/corpus/llvm-19.1.7/clang/include/clang/Basic
include "riscv_vector_common.td"
def BadPolicy : PolicyScheme<0> { let Value = ?; }
let Log2LMUL = [0], MaskedPolicyScheme = BadPolicy in
def vfoo_v : RVVOutBuiltin<"v", "vv", "c">;
