// SDTCVecEltisVT of a type neither integer nor floating point.
// RELEASE: 22
// ARGS: --gen-sd-node-info -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include
include "llvm/Target/Target.td"
def MyTarget : Target;
def vec : SDNode<"MyTargetISD::VEC", SDTypeProfile<1, 0, [SDTCVecEltisVT<0, OtherVT>]>>;
