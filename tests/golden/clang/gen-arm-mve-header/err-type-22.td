// A return type that is no type MveEmitter knows.
// RELEASE: 22
// ARGS: -gen-arm-mve-header -I ../../../../../shared/corpus/llvm-22.1.8/clang/include/clang/Basic
include "arm_mve_defs.td"
def Opaque : Type;
let params = [s32] in
def vfooq: Intrinsic<Opaque, (args Vector:$a), (add $a, $a)>;
