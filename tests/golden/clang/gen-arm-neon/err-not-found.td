// An operation that calls an intrinsic that does not exist.
// ARGS: -gen-arm-neon -I ../../../../../shared/corpus/llvm-19.1.7/clang/include/clang/Basic
include "arm_neon_incl.td"
def OP_F : Op<(call "vmissing", $p0)>;
def VFOO : SOpInst<"vfoo", "..", "c", OP_F>;
