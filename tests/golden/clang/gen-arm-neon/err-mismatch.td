// A binary operation on operands of two types.
// ARGS: -gen-arm-neon -I ../../../../../shared/corpus/llvm-19.1.7/clang/include/clang/Basic
include "arm_neon_incl.td"
def OP_F : Op<(op "+", $p0, $p1)>;
def VFOO : SOpInst<"vfoo", "..Q", "c", OP_F>;
