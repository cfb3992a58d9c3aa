// An operand both a dag and a name.
// ARGS: -gen-arm-neon -I ../../../../../shared/corpus/llvm-19.1.7/clang/include/clang/Basic
include "arm_neon_incl.td"
def OP_F : Op<(op "-", (op "-", $p0):$x)>;
def VFOO : SOpInst<"vfoo", "..", "c", OP_F>;
