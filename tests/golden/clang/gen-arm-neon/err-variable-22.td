// An operand that names no variable.
// RELEASE: 22
// ARGS: -gen-arm-neon -I ../../../../../shared/corpus/llvm-22.1.8/clang/include/clang/Basic
include "arm_neon_incl.td"
def OP_F : Op<(op "-", $q)>;
def VFOO : SOpInst<"vfoo", "..", "c", OP_F>;
