// A prototype whose modifier group is not closed.
// RELEASE: 22
// ARGS: -gen-arm-neon -I ../../../../../shared/corpus/llvm-22.1.8/clang/include/clang/Basic
include "arm_neon_incl.td"
def VFOO : SInst<"vfoo", ".(>Q", "c">;
