// A builtin whose IRName is left unset.
// ARGS: -gen-riscv-vector-builtin-sema -I ../../../../../shared/corpus/llvm-19.1.7/clang/include/clang/Basic
include "riscv_vector_common.td"
let Log2LMUL = [0], IRName = ? in
def vfoo_v : RVVOutBuiltin<"v", "vv", "c">;
