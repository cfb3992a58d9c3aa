// A cast to twice the lanes of a 128-bit vector.
// RELEASE: 22
// ARGS: -gen-arm-neon -I ../../../../../shared/corpus/llvm-22.1.8/clang/include/clang/Basic
include "arm_neon_incl.td"
def OP_F : Op<(cast "D", $p0)>;
def VFOO : SOpInst<"vfoo", "..", "Qc", OP_F>;
