// A fixed register outside the class of the operand it is given for.
// RELEASE: 23
// ARGS: --gen-asm-writer -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include -I inc
include "llvm/Target/Target.td"
include "aw-target.td"
def LowOp : RegisterOperand<LowGPR>;
def MOVL : Instruction { let Namespace = "Test"; let OutOperandList = (outs LowOp:$d); let InOperandList = (ins); let AsmString = "movl $d"; }
def : InstAlias<"bad", (MOVL SP)>;
