// LLVM 22's enums: each intrinsic's definition named; an explicit name equal to the default gets a note.
// ARGS: --gen-intrinsic-enums -I ../gen-intrinsic-impl/inc
// RELEASE: 22
include "Intrinsics-22.td"
def int_trap : Intrinsic<[], [], [0], [IntrNoReturn]>;
def int_a_very_long_intrinsic_name_that_passes_forty_columns : Intrinsic<[], []>;
def int_manual : Intrinsic<[], [], [0], [], "llvm.manual">;
let TargetPrefix = "x86" in def int_x86_rdtsc : Intrinsic<[llvm_i64_ty], [], [5]>;
def ArgKind { int Any = 0; int AnyInteger = 1; }
