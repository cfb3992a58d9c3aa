// An ArgInfo of the return value.
// ARGS: --gen-intrinsic-impl -I inc
// RELEASE: 22
include "Intrinsics-22.td"
def int_foo : Intrinsic<[llvm_i32_ty], [], [4], [ArgInfo<ArgIndex<0>, [ArgName<"r">]>]>;
