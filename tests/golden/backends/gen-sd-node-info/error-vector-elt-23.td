// SDTCVecEltisVT of a vector type.
// RELEASE: 23
// ARGS: --gen-sd-node-info -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include
include "llvm/Target/Target.td"
def MyTarget : Target;
def vec : SDNode<"MyTargetISD::VEC", SDTypeProfile<1, 0, [SDTCVecEltisVT<0, v4i32>]>>;
