// Two intrinsics of one target with the same Clang builtin.
// ARGS: --gen-intrinsic-impl -I inc
include "Intrinsics.td"
let TargetPrefix = "x86" in {
  def int_x86_a : ClangBuiltin<"__builtin_same">, Intrinsic<[], []>;
  def int_x86_b : ClangBuiltin<"__builtin_same">, Intrinsic<[], []>;
}
