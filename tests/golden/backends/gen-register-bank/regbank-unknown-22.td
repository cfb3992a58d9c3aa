// A bank's class that is no class of the bank (all its registers artificial) (LLVM 19: "Not a known RegisterClass!"; after,
// named, with a note).
// RELEASE: 22
// ARGS: --gen-register-bank -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include -I inc
include "llvm/Target/Target.td"
def ModeA : HwMode<[]>;
def ModeB : HwMode<[]>;
include "rb-target.td"
def OnlyArtificial : RegisterClass<"Test", [i16], 16, (add FLAGS)>;
def Bad : RegisterBank<"Bad", [GR16, OnlyArtificial]>;
