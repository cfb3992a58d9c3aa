// IntrReadMem after IntrNoMem.
// ARGS: --gen-intrinsic-enums -I inc
include "Intrinsics.td"
def int_foo : Intrinsic<[], [], [IntrNoMem, IntrReadMem]>;
