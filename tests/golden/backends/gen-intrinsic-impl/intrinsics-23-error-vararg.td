// llvm_vararg_ty before the last parameter.
// ARGS: --gen-intrinsic-impl -I inc
// RELEASE: 23
include "Intrinsics-22.td"
def int_foo : Intrinsic<[], [llvm_vararg_ty, llvm_i32_ty], [0, 4]>;
