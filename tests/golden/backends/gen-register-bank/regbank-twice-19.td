// One sub-register index twice in a register.
// ARGS: --gen-register-bank -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include -I inc
include "llvm/Target/Target.td"
def ModeA : HwMode<"", []>;
def ModeB : HwMode<"", []>;
include "rb-target.td"
def DUP : TReg<"dup", [B0L, B1L], [lo, lo]>;
def GPRBank : RegisterBank<"GPR", [GR16]>;
