// A target with no instructions of its own, and a few intrinsics, for combine rules.
include "llvm/Target/Target.td"
include "llvm/Target/GlobalISel/Combine.td"

def MyTargetISA : InstrInfo;
def MyTarget : Target { let InstructionSet = MyTargetISA; }

def int_one_in_one_out : DefaultAttrsIntrinsic<[llvm_i32_ty], [llvm_i32_ty], []>;
def int_effects : DefaultAttrsIntrinsic<[llvm_i32_ty], [llvm_i32_ty], [IntrHasSideEffects]>;
def int_convergent : DefaultAttrsIntrinsic<[llvm_i32_ty], [llvm_i32_ty], [IntrConvergent]>;
