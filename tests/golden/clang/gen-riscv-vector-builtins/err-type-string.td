// Two defs make a builtin of the same name with different type strings.
// ARGS: -gen-riscv-vector-builtins -I ../../../../../shared/corpus/llvm-19.1.7/clang/include/clang/Basic
include "riscv_vector_common.td"
let HasBuiltinAlias = false, Log2LMUL = [0], Name = "vfoo_v" in {
  def vfoo_a : RVVOutBuiltin<"v", "vv", "c">;
  def vfoo_b : RVVOutBuiltin<"v", "vvv", "c">;
}
