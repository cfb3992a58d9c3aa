// A default argument value on a parameter that is not an integer.
// ARGS: --gen-intrinsic-impl -I inc
// RELEASE: 23
include "Intrinsics-22.td"
def int_foo : Intrinsic<[llvm_i32_ty], [llvm_i32_ty, llvm_float_ty], [4, 4, 7], [ImmArg<ArgIndex<2>, DefaultValue<1>>]>;
