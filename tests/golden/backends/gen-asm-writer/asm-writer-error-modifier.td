// An empty operand modifier.
// RELEASE: 23
// ARGS: --gen-asm-writer -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include -I inc
include "llvm/Target/Target.td"
include "aw-target.td"
def BAD : Instruction { let Namespace = "Test"; let OutOperandList = (outs); let InOperandList = (ins GPR:$a); let AsmString = "bad ${a:}"; }
