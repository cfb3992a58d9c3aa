// A name_replace of a part the name does not have.
// RELEASE: 23
// ARGS: -gen-arm-neon -I ../../../../../shared/corpus/llvm-23.1.1/clang/include/clang/Basic
include "arm_neon_incl.td"
def OP_F : Op<(call (name_replace "_high_", "_"), $p0)>;
def VFOO : SOpInst<"vfoo_high", "..", "c", OP_F>;
