// Types by HW mode checked and built by the table (LLVM 23), the 32-bit mode the default one
// (as RISCV's): one pattern for both modes, not a copy per mode.
// RELEASE: 23
// ARGS: --gen-dag-isel -omit-comments -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include -I inc
include "llvm/Target/Target.td"
def IsRV64 : Predicate<"Subtarget->is64Bit()">;
defvar RV32 = DefaultMode;
def RV64 : HwMode<[IsRV64]>;
include "hwmode-types-target.td"
