// No RegisterBank def (LLVM 23: an error; LLVM 19: an empty bank list).
// ARGS: --gen-register-bank -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include -I inc
include "llvm/Target/Target.td"
def ModeA : HwMode<"", []>;
def ModeB : HwMode<"", []>;
include "rb-target.td"
