// A shuffle of operands of two types.
// RELEASE: 22
// ARGS: -gen-arm-neon -I ../../../../../shared/corpus/llvm-22.1.8/clang/include/clang/Basic
include "arm_neon_incl.td"
def OP_F : Op<(shuffle $p0, $p1, (add mask0))>;
def VFOO : SOpInst<"vfoo", "..Q", "c", OP_F>;
