// A default argument value LLVM 23 refuses (gap).
// ARGS: --gen-intrinsic-impl -I inc
// RELEASE: 23
include "Intrinsics-22.td"
def int_foo : Intrinsic<[llvm_i32_ty], [llvm_i32_ty, llvm_i8_ty], [4, 4, 2], [ImmArg<ArgIndex<1>, DefaultValue<1>>]>;
