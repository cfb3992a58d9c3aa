// Intrinsics whose names extend an overloaded one's with a mangled-type-like suffix: errors that do not stop the backend.
// ARGS: --gen-intrinsic-impl -I inc
// RELEASE: 22
include "Intrinsics-22.td"
def int_foo : Intrinsic<[llvm_any_ty], [], [15, 0], [], "", [], [llvm_any_ty]>;
def int_foo_bar : Intrinsic<[llvm_i32_ty], [], [4]>;
def int_foo_f32 : Intrinsic<[llvm_i32_ty], [], [4]>;
def int_foo_i65_bar : Intrinsic<[llvm_i32_ty], [], [4]>;
def int_foo_tfoo : Intrinsic<[llvm_i32_ty], [], [4]>;
def int_foo_v4 : Intrinsic<[llvm_i32_ty], [], [4]>;
