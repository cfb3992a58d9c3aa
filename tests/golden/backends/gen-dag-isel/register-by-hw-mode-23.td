// A RegisterByHwMode in a result pattern: LLVM 23's "not yet supported" error.
// RELEASE: 23
// ARGS: --gen-dag-isel -omit-comments -D RESULT_REG_BY_MODE -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include -I inc
include "llvm/Target/Target.td"
def IsRV64 : Predicate<"Subtarget->is64Bit()">;
defvar RV32 = DefaultMode;
def RV64 : HwMode<[IsRV64]>;
include "hwmode-types-target.td"
