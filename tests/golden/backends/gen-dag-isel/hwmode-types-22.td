// The target of hwmode-types-23.td under LLVM 22: one copy of each pattern per HW mode, each
// predicated on its mode.
// RELEASE: 22
// ARGS: --gen-dag-isel -omit-comments -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include -I inc
include "llvm/Target/Target.td"
def IsRV64 : Predicate<"Subtarget->is64Bit()">;
defvar RV32 = DefaultMode;
def RV64 : HwMode<[IsRV64]>;
include "hwmode-types-target.td"
