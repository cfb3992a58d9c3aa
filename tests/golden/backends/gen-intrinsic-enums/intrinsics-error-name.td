// An intrinsic whose def name does not start with int_.
// ARGS: --gen-intrinsic-enums -I inc
include "Intrinsics.td"
def foo : Intrinsic<[], []>;
