// Signatures too long for 31 bits go to the long encoding table, sharing suffixes.
// ARGS: --gen-intrinsic-impl -I inc
include "Intrinsics.td"
def llvm_big_ty : LLVMType<20>;
def int_a : Intrinsic<[llvm_i32_ty], [llvm_i32_ty, llvm_i32_ty, llvm_i32_ty, llvm_i32_ty, llvm_i32_ty, llvm_i32_ty, llvm_i32_ty, llvm_i32_ty]>;
def int_b : Intrinsic<[llvm_i64_ty], [llvm_i32_ty, llvm_i32_ty, llvm_i32_ty, llvm_i32_ty, llvm_i32_ty, llvm_i32_ty, llvm_i32_ty, llvm_i32_ty]>;
def int_c : Intrinsic<[llvm_big_ty], [llvm_i32_ty]>;
def int_d : Intrinsic<[llvm_i32_ty], [llvm_i32_ty, llvm_i32_ty, llvm_i32_ty, llvm_i32_ty, llvm_i32_ty, llvm_i32_ty, llvm_i32_ty, llvm_i32_ty]>;
def int_e : Intrinsic<[], [llvm_i32_ty, llvm_i32_ty, llvm_i32_ty, llvm_i32_ty, llvm_i32_ty, llvm_i32_ty, llvm_i32_ty]>;
def int_f : Intrinsic<[], []>;
def int_g : Intrinsic<[], [], [IntrNoMem, IntrHasSideEffects]>;
def int_h : Intrinsic<[], [], [IntrWriteMem, IntrInaccessibleMemOnly, Throws, IntrWillReturn, IntrConvergent]>;
