// A temporary saved twice under one name.
// ARGS: -gen-arm-neon -I ../../../../../shared/corpus/llvm-19.1.7/clang/include/clang/Basic
include "arm_neon_incl.td"
def OP_F : LOp<[(save_temp $t, $p0), (save_temp $t, $p0), (op "-", $t)]>;
def VFOO : SOpInst<"vfoo", "..", "c", OP_F>;
