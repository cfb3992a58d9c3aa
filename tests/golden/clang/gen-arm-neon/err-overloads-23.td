// Two intrinsics of one name and the same argument types.
// RELEASE: 23
// ARGS: -gen-arm-neon -I ../../../../../shared/corpus/llvm-23.1.1/clang/include/clang/Basic
include "arm_neon_incl.td"
def OP_F : Op<(call "vbar", $p0)>;
def VBAR : SInst<"vbar", "..", "c">;
def VBAR2 : SInst<"vbar", "..", "c">;
def VFOO : SOpInst<"vfoo", "..", "c", OP_F>;
