// A shuffle mask of three times the lanes.
// ARGS: -gen-arm-neon -I ../../../../../shared/corpus/llvm-19.1.7/clang/include/clang/Basic
include "arm_neon_incl.td"
def sequence;
def OP_F : Op<(shuffle $p0, $p0, (add mask0, mask1, (sequence "sv%u", 16, 23)))>;
def VFOO : SOpInst<"vfoo", "..", "c", OP_F>;
