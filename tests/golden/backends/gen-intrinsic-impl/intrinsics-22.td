// LLVM 22's form: name and target tables, overload and pretty-print bits, packed signatures, attribute ids, builtins.
// ARGS: --gen-intrinsic-impl -I inc
// RELEASE: 22
include "Intrinsics-22.td"
def int_trap : Intrinsic<[], [], [0], [IntrNoReturn, IntrCold]>;
def int_memcpy : Intrinsic<[], [llvm_ptr_ty, llvm_ptr_ty, llvm_i64_ty], [0, 18, 18, 5],
                           [IntrArgMemOnly, NoCapture<ArgIndex<1>>, NoCapture<ArgIndex<2>>, NoAlias<ArgIndex<1>>]>;
def int_ctpop : DefaultAttrsIntrinsic<[llvm_any_ty], [llvm_any_ty], [15, 0, 16, 0],
                                      [IntrNoMem, IntrSpeculatable, Range<ArgIndex<0>, -1, 2>], "", [], [llvm_any_ty]>;
def int_long_signature : Intrinsic<[llvm_i32_ty], [llvm_i32_ty, llvm_i32_ty, llvm_i32_ty, llvm_i32_ty],
                                   [4, 4, 4, 4, 4, 0, 0, 0], [IntrHasSideEffects, IntrNoMem]>;
def int_longer_signature : Intrinsic<[llvm_i32_ty], [], [4, 4, 4, 4, 4, 4, 4, 4, 4, 4], [Throws]>;
def int_big_code : Intrinsic<[llvm_i32_ty], [], [40, 2], [IntrConvergent, IntrNoCreateUndefOrPoison]>;
def int_printed : Intrinsic<[], [llvm_i32_ty, llvm_i32_ty], [0, 4, 4],
                            [ImmArg<ArgIndex<1>>, ArgInfo<ArgIndex<1>, [ArgName<"mode">, ImmArgPrinter<"printMode">]>,
                             ArgInfo<ArgIndex<2>, [ArgName<"flag">]>]>;
def int_reads_target : DefaultAttrsIntrinsic<[], [llvm_i64_ty], [0, 5],
                                             [IntrReadMem, IntrRead<[TargetMem0, TargetMem1]>]>;
def int_writes_inaccessible : DefaultAttrsIntrinsic<[], [llvm_i64_ty], [0, 5],
                                                    [IntrWriteMem, IntrWrite<[InaccessibleMem]>]>;
def int_a_very_long_intrinsic_name_that_passes_forty_columns : Intrinsic<[], []>;
def int_ind_builtin : ClangBuiltin<"__builtin_ind_one">, Intrinsic<[], []>;
def int_ind_builtin2 : ClangBuiltin<"__builtin_ind_two">, Intrinsic<[], []>;
let TargetPrefix = "x86" in {
  def int_x86_sse_add : ClangBuiltin<"__builtin_ia32_addps">, MSBuiltin<"_mm_add_ps">,
      DefaultAttrsIntrinsic<[llvm_i32_ty], [llvm_i32_ty, llvm_i32_ty], [4, 4, 4], [IntrNoMem, Commutative]>;
  def int_x86_rdtsc : ClangBuiltin<"__builtin_ia32_rdtsc">, Intrinsic<[llvm_i64_ty], [], [5], [IntrHasSideEffects]>;
  def int_x86_mode : Intrinsic<[], [llvm_i32_ty], [0, 4],
                               [ArgInfo<ArgIndex<1>, [ImmArgPrinter<"printX86Mode">]>]>;
}
let TargetPrefix = "arm" in {
  def int_arm_ldrex : Intrinsic<[llvm_i32_ty], [llvm_ptr_ty], [4, 18], [IntrReadMem, Align<ArgIndex<1>, 4>]>;
  def int_arm_cdp : ClangBuiltin<"__builtin_arm_cdp">,
      Intrinsic<[], [llvm_i32_ty, llvm_i32_ty], [0, 4, 4], [ImmArg<ArgIndex<1>>, ImmArg<ArgIndex<2>>],
                "llvm.arm.cdp", [SDNPHasChain]>;
}
