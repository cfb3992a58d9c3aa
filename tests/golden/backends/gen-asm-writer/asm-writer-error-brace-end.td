// A string that ends inside an operand in braces.
// RELEASE: 22
// ARGS: --gen-asm-writer -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include -I inc
include "llvm/Target/Target.td"
include "aw-target.td"
def BAD : Instruction { let Namespace = "Test"; let OutOperandList = (outs); let InOperandList = (ins GPR:$a); let AsmString = "bad ${a"; }
