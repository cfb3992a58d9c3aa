// A codegen dag with a string where a value should be.
// RELEASE: 22
// ARGS: -gen-arm-mve-builtin-codegen -I ../../../../../shared/corpus/llvm-22.1.8/clang/include/clang/Basic
include "arm_mve_defs.td"
let params = [s32] in
def vaddq: Intrinsic<Vector, (args Vector:$a, Vector:$b), (add $a, "b")>;
