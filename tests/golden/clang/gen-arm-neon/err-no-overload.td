// A call whose argument types no intrinsic of the name takes: the overloads listed.
// RELEASE: 22
// ARGS: -gen-arm-neon -I ../../../../../shared/corpus/llvm-22.1.8/clang/include/clang/Basic
include "arm_neon_incl.td"
def OP_F : Op<(call "vbar", $p0)>;
def VBAR : SInst<"vbar", "..", "sQs">;
def VFOO : SOpInst<"vfoo", "..", "cQc", OP_F>;
