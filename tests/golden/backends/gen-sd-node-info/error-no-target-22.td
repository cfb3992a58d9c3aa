// Nodes but no target.
// RELEASE: 22
// ARGS: --gen-sd-node-info -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include
include "llvm/Target/Target.td"
def a_node : SDNode<"MyTargetISD::A", SDTypeProfile<0, 0, []>>;
