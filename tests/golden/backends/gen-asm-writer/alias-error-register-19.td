// A fixed register outside the class of the operand it is given for.
// ARGS: --gen-asm-writer -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include -I inc
include "llvm/Target/Target.td"
include "aw-target.td"
def LowOp : RegisterOperand<LowGPR>;
def MOVL : Instruction { let Namespace = "Test"; let OutOperandList = (outs LowGPR:$d); let InOperandList = (ins); let AsmString = "movl $d"; }
def : InstAlias<"bad", (MOVL SP)>;
