// Register and class errors the bank reports: an AltOrder register outside its class.
// ARGS: --gen-register-bank -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include -I inc
include "llvm/Target/Target.td"
def ModeA : HwMode<"", []>;
def ModeB : HwMode<"", []>;
include "rb-target.td"
def BadOrder : RegisterClass<"Test", [i16], 16, (add R0, R1)> { let AltOrders = [(add R1, R2, R0)]; }
def GPRBank : RegisterBank<"GPR", [GR16]>;
