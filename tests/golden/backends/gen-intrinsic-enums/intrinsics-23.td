// LLVM 23's enums: IfDefEmitter sections and the AnyKind constraint enums.
// ARGS: --gen-intrinsic-enums -I ../gen-intrinsic-impl/inc
// RELEASE: 23
include "Intrinsics-22.td"
def int_trap : Intrinsic<[], [], [0], [IntrNoReturn]>;
def int_manual : Intrinsic<[], [], [0], [], "llvm.manual">;
let TargetPrefix = "x86" in def int_x86_rdtsc : Intrinsic<[llvm_i64_ty], [], [5]>;
def AnyKindVectorConstraint { int Any = 0; int Fixed = 1; }
