// A node whose constraint is 'isVoid': the warning for the node before it, then the error.
// RELEASE: 22
// ARGS: --gen-sd-node-info -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include
include "llvm/Target/Target.td"
def MyTarget : Target;
def a_bad_name : SDNode<"BAD", SDTypeProfile<0, 0, []>>;
def b_void : SDNode<"MyTargetISD::VOID", SDTypeProfile<1, 0, [SDTCisVT<0, isVoid>]>>;
