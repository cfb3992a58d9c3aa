// Two intrinsics with one explicit name (LLVM 22 checks the sorted table).
// ARGS: --gen-intrinsic-impl -I inc
// RELEASE: 22
include "Intrinsics-22.td"
def int_foo0 : Intrinsic<[], [], [0], [], "llvm.foo">;
def int_foo1 : Intrinsic<[], [], [0], [], "llvm.foo">;
