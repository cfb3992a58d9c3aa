// Types by HW mode in the commented table (LLVM 23): each type by mode quoted, `{(*:i32),(m1:i64)}`.
// RELEASE: 23
// ARGS: --gen-dag-isel -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include -I inc
include "llvm/Target/Target.td"
def IsRV64 : Predicate<"Subtarget->is64Bit()">;
defvar RV32 = DefaultMode;
def RV64 : HwMode<[IsRV64]>;
include "hwmode-types-target.td"
