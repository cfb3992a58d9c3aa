// Two ArgInfo properties for one argument.
// ARGS: --gen-intrinsic-impl -I inc
// RELEASE: 22
include "Intrinsics-22.td"
def int_foo : Intrinsic<[], [llvm_i32_ty], [0, 4],
                        [ArgInfo<ArgIndex<1>, [ImmArgPrinter<"printA">]>, ArgInfo<ArgIndex<1>, [ArgName<"b">]>]>;
