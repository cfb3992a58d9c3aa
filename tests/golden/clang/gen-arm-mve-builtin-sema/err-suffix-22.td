// A parameter type with no ACLE suffix: a vector.
// RELEASE: 22
// ARGS: -gen-arm-mve-builtin-sema -I ../../../../../shared/corpus/llvm-22.1.8/clang/include/clang/Basic
include "arm_mve_defs.td"
let params = [VecOf<s32>] in
def vaddq: Intrinsic<Void, (args), (add)>;
