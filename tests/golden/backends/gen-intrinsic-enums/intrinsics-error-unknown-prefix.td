// A prefix no intrinsic has: an error listing the known targets.
// ARGS: --gen-intrinsic-enums -intrinsic-prefix=mips -I inc
include "Intrinsics.td"
def int_trap : Intrinsic<[], [], [IntrNoReturn, IntrCold]>;
def int_memcpy : Intrinsic<[], [llvm_ptr_ty, llvm_ptr_ty, llvm_i64_ty],
                           [IntrArgMemOnly, NoCapture<FirstArg>, NoCapture<SecondArg>]>;
def int_ctpop : DefaultAttrsIntrinsic<[llvm_any_ty], [llvm_any_ty], [IntrNoMem, IntrSpeculatable]>;
def int_a_very_long_intrinsic_name_that_passes_forty_columns : Intrinsic<[], []>;
let TargetPrefix = "x86" in {
  def int_x86_sse_add : ClangBuiltin<"__builtin_ia32_addps">, MSBuiltin<"_mm_add_ps">,
      DefaultAttrsIntrinsic<[llvm_v4f32_ty], [llvm_v4f32_ty, llvm_v4f32_ty], [IntrNoMem, Commutative]>;
  def int_x86_rdtsc : ClangBuiltin<"__builtin_ia32_rdtsc">, Intrinsic<[llvm_i64_ty], [], [IntrHasSideEffects]>;
}
let TargetPrefix = "arm" in {
  def int_arm_ldrex : Intrinsic<[llvm_i32_ty], [llvm_ptr_ty], [IntrReadMem, Align<FirstArg, 4>]>;
  def int_arm_cdp : ClangBuiltin<"__builtin_arm_cdp">,
      Intrinsic<[], [llvm_i32_ty, llvm_i32_ty], [ImmArg<FirstArg>, ImmArg<SecondArg>, Dereferenceable<FirstArg, 8>],
                "llvm.arm.cdp", [SDNPHasChain]>;
}
