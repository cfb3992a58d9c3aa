// One sub-register index twice in a register.
// RELEASE: 23
// ARGS: --gen-register-bank -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include -I inc
include "llvm/Target/Target.td"
def ModeA : HwMode<[]>;
def ModeB : HwMode<[]>;
include "rb-target.td"
def DUP : TReg<"dup", [B0L, B1L], [lo, lo]>;
def GPRBank : RegisterBank<"GPR", [GR16]>;
