// An intrinsic of target x86 whose name does not start with llvm.x86.
// ARGS: --gen-intrinsic-enums -I inc
include "Intrinsics.td"
let TargetPrefix = "x86" in
def int_arm_foo : Intrinsic<[], []>;
