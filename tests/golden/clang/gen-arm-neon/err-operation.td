// An operation no intrinsic emitter knows.
// ARGS: -gen-arm-neon -I ../../../../../shared/corpus/llvm-19.1.7/clang/include/clang/Basic
include "arm_neon_incl.td"
def frob;
def OP_F : Op<(frob $p0)>;
def VFOO : SOpInst<"vfoo", "..", "c", OP_F>;
