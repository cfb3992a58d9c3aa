// A bank named as a class is (case aside): a warning with notes, then the output.
// RELEASE: 22
// ARGS: --gen-register-bank -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include -I inc
include "llvm/Target/Target.td"
def ModeA : HwMode<[]>;
def ModeB : HwMode<[]>;
include "rb-target.td"
def GPRBank : RegisterBank<"gr16", [GR16]>;
