// An operand in braces that never closes.
// ARGS: --gen-asm-writer -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include -I inc
include "llvm/Target/Target.td"
include "aw-target.td"
def BAD : Instruction { let Namespace = "Test"; let OutOperandList = (outs); let InOperandList = (ins GPR:$a); let AsmString = "bad ${a x"; }
