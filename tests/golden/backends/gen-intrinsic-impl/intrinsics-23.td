// LLVM 23's form: IfDefEmitter sections, target features, scalarizable bits, default argument values.
// ARGS: --gen-intrinsic-impl -I inc
// RELEASE: 23
include "Intrinsics-22.td"
def int_trap : Intrinsic<[], [], [0], [IntrNoReturn, IntrCold]>;
def int_memcpy : Intrinsic<[], [llvm_ptr_ty, llvm_ptr_ty, llvm_i64_ty], [0, 18, 18, 5],
                           [IntrArgMemOnly, NoCapture<ArgIndex<1>>, NoAlias<ArgIndex<1>>]>;
def int_ctpop : DefaultAttrsIntrinsic<[llvm_any_ty], [llvm_any_ty], [15, 0, 16, 0],
                                      [IntrNoMem, IntrSpeculatable, IntrTriviallyScalarizable], "", [], [llvm_any_ty]>;
def int_long_signature : Intrinsic<[llvm_i32_ty], [llvm_i32_ty, llvm_i32_ty, llvm_i32_ty, llvm_i32_ty],
                                   [4, 4, 4, 4, 4, 0, 0, 0], [IntrHasSideEffects, IntrNoMem]>;
def int_one_default : Intrinsic<[llvm_i32_ty], [llvm_i32_ty, llvm_i32_ty], [4, 4, 4],
                                [ImmArg<ArgIndex<2>, DefaultValue<255>>]>;
def int_two_defaults : Intrinsic<[llvm_i32_ty], [llvm_i32_ty, llvm_i64_ty, llvm_i32_ty], [4, 4, 5, 4],
                                 [ImmArg<ArgIndex<2>, DefaultValue<50>>, ImmArg<ArgIndex<3>, DefaultValue<14>>]>;
def int_printed : Intrinsic<[], [llvm_i32_ty, llvm_i32_ty], [0, 4, 4],
                            [ArgInfo<ArgIndex<1>, [ImmArgPrinter<"printMode">]>, ArgInfo<ArgIndex<2>, [ArgName<"flag">]>]>;
def int_arg_target : DefaultAttrsIntrinsic<[], [llvm_i64_ty], [0, 5], [IntrRead<[ArgMem, TargetMem1]>, IntrWrite<[TargetMem1]>]>;
def int_ind_builtin : ClangBuiltin<"__builtin_ind_one">, Intrinsic<[], []>;
let TargetPrefix = "x86" in {
  def int_x86_sse_add : ClangBuiltin<"__builtin_ia32_addps">,
      DefaultAttrsIntrinsic<[llvm_i32_ty], [llvm_i32_ty, llvm_i32_ty], [4, 4, 4], [IntrNoMem, Commutative]> {
    let TargetFeatures = "sse";
  }
  def int_x86_avx_add : DefaultAttrsIntrinsic<[llvm_i32_ty], [llvm_i32_ty], [4, 4], [IntrNoMem]> {
    let TargetFeatures = "avx,sse";
  }
}
