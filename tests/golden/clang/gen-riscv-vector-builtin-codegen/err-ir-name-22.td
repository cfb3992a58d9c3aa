// Two defs make a builtin of the same name lowered to different LLVM intrinsics.
// RELEASE: 22
// ARGS: -gen-riscv-vector-builtin-codegen -I ../../../../../shared/corpus/llvm-22.1.8/clang/include/clang/Basic
include "riscv_vector_common.td"
let Log2LMUL = [0], Name = "vfoo_v" in {
  def vfoo_a : RVVOutBuiltin<"v", "vv", "c">;
  def vfoo_b : RVVOutBuiltin<"v", "vv", "s">;
}
