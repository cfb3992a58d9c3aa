// Two intrinsics with one explicit name stop the enums too.
// ARGS: --gen-intrinsic-enums -I ../gen-intrinsic-impl/inc
// RELEASE: 22
include "Intrinsics-22.td"
def int_foo0 : Intrinsic<[], [], [0], [], "llvm.foo">;
def int_foo1 : Intrinsic<[], [], [0], [], "llvm.foo">;
