// A constraint of no known kind.
// RELEASE: 23
// ARGS: --gen-sd-node-info -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include
include "llvm/Target/Target.td"
def MyTarget : Target;
def Bogus : SDTypeConstraint<0>;
def a_node : SDNode<"MyTargetISD::A", SDTypeProfile<1, 0, [Bogus]>>;
