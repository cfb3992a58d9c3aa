// A fragment's own type cast merged with its node's cast by HW mode (LLVM 19): the W patterns are selected in the 64-bit mode only.
// RELEASE: 19
// ARGS: --gen-dag-isel -omit-comments -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include -I inc
include "llvm/Target/Target.td"
def Feature64Bit : SubtargetFeature<"64bit", "HasRV64", "true", "">;
def IsRV64 : Predicate<"Subtarget->is64Bit()">, AssemblerPredicate<(all_of Feature64Bit)>;
def IsRV32 : Predicate<"!Subtarget->is64Bit()">, AssemblerPredicate<(all_of (not Feature64Bit))>;
def RV32 : HwMode<"-64bit", [IsRV32]>;
def RV64 : HwMode<"+64bit", [IsRV64]>;
include "hwmode-target.td"
