// LLVM 22's header of one target's intrinsics.
// ARGS: --gen-intrinsic-enums -I ../gen-intrinsic-impl/inc -intrinsic-prefix=x86
// RELEASE: 22
include "Intrinsics-22.td"
def int_trap : Intrinsic<[], [], [0], [IntrNoReturn]>;
let TargetPrefix = "x86" in {
  def int_x86_rdtsc : Intrinsic<[llvm_i64_ty], [], [5]>;
  def int_x86_pause : Intrinsic<[], []>;
}
