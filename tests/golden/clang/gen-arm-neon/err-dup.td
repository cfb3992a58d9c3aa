// A dup of a vector.
// ARGS: -gen-arm-neon -I ../../../../../shared/corpus/llvm-19.1.7/clang/include/clang/Basic
include "arm_neon_incl.td"
def OP_F : Op<(dup $p0)>;
def VFOO : SOpInst<"vfoo", "..", "c", OP_F>;
