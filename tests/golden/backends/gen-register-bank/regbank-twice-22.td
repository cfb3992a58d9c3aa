// One sub-register index twice in a register.
// RELEASE: 22
// ARGS: --gen-register-bank -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include -I inc
include "llvm/Target/Target.td"
def ModeA : HwMode<[]>;
def ModeB : HwMode<[]>;
include "rb-target.td"
def DUP : TReg<"dup", [B0L, B1L], [lo, lo]>;
def GPRBank : RegisterBank<"GPR", [GR16]>;
