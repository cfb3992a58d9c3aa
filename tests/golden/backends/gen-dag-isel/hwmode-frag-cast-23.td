// A fragment's own type cast merged with its node's cast by HW mode (LLVM 23, the 32-bit mode the default one as in RISCV): the W patterns are selected in the 64-bit mode only.
// RELEASE: 23
// ARGS: --gen-dag-isel -omit-comments -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include -I inc
include "llvm/Target/Target.td"
def Feature64Bit : SubtargetFeature<"64bit", "HasRV64", "true", "">;
def IsRV64 : Predicate<"Subtarget->is64Bit()">, AssemblerPredicate<(all_of Feature64Bit)>;
def IsRV32 : Predicate<"!Subtarget->is64Bit()">, AssemblerPredicate<(all_of (not Feature64Bit))>;
defvar RV32 = DefaultMode;
def RV64 : HwMode<[IsRV64]>;
include "hwmode-target.td"
