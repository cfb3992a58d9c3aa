// TSFlags with a bit left unset.
// RELEASE: 22
// ARGS: --gen-sd-node-info -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include
include "llvm/Target/Target.td"
def MyTarget : Target;
def a_node : SDNode<"MyTargetISD::A", SDTypeProfile<0, 0, []>> {
  let TSFlags{3} = ?;
}
