// A prototype whose modifier group is not closed.
// ARGS: -gen-arm-neon -I ../../../../../shared/corpus/llvm-19.1.7/clang/include/clang/Basic
include "arm_neon_incl.td"
def VFOO : SInst<"vfoo", ".(>Q", "c">;
