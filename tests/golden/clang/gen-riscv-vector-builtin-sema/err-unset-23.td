// A builtin whose IRName is left unset.
// RELEASE: 23
// ARGS: -gen-riscv-vector-builtin-sema -I ../../../../../shared/corpus/llvm-23.1.1/clang/include/clang/Basic
include "riscv_vector_common.td"
let Log2LMUL = [0], IRName = ? in
def vfoo_v : RVVOutBuiltin<"v", "vv", "c">;
