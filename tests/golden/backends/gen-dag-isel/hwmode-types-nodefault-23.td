// Types by HW mode checked and built by the table (LLVM 23), both modes named and no default
// one: getValueTypeForHwMode answers MVT() in a mode a type lacks.
// RELEASE: 23
// ARGS: --gen-dag-isel -omit-comments -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include -I inc
include "llvm/Target/Target.td"
def IsRV64 : Predicate<"Subtarget->is64Bit()">;
def IsRV32 : Predicate<"!Subtarget->is64Bit()">;
def RV32 : HwMode<[IsRV32]>;
def RV64 : HwMode<[IsRV64]>;
include "hwmode-types-target.td"
