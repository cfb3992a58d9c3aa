// A processor listing a feature twice, and a tune feature that is also a feature: warnings.
// RELEASE: 22
// ARGS: --gen-subtarget -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include -I inc
include "mini-target.td"
def F : SubtargetFeature<"f", "HasF", "true", "F">;
def : ProcessorModel<"cpu", NoSchedModel, [F, F], [F]>;
