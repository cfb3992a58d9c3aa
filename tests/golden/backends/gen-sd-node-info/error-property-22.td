// An unknown property on a node, and a constraint of no known kind on another.
// RELEASE: 22
// ARGS: --gen-sd-node-info -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include
include "llvm/Target/Target.td"
def MyTarget : Target;
def SDNPBogus : SDNodeProperty;
def a_node : SDNode<"MyTargetISD::A", SDTypeProfile<0, 0, []>, [SDNPBogus]>;
