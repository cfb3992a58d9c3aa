// A target-independent intrinsic named like a target's.
// ARGS: --gen-intrinsic-impl -I inc
// RELEASE: 22
include "Intrinsics-22.td"
def int_x86_foo : Intrinsic<[], []>;
let TargetPrefix = "x86" in def int_x86_bar : Intrinsic<[], []>;
