// A target without nodes of its own: the enum's end, empty tables with their dummy entries.
// RELEASE: 22
// ARGS: --gen-sd-node-info -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include
include "llvm/Target/Target.td"
def MyTarget : Target;
def generic : SDNode<"ISD::GENERIC", SDTypeProfile<1, 0, []>>;
