// A dependent type whose overload index names no overloaded type.
// ARGS: --gen-intrinsic-impl -I inc
// RELEASE: 23
include "Intrinsics-22.td"
def dep_ty : LLVMDependentType<3>;
def int_foo : Intrinsic<[llvm_any_ty], [dep_ty], [15, 0, 4], [], "", [], [llvm_any_ty]>;
