// An operand with a modifier, which the matcher cannot parse.
// ARGS: --gen-asm-matcher -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include -I inc
include "llvm/Target/Target.td"
include "am-target.td"
let Namespace = "Test" in def BAD : Instruction { let OutOperandList = (outs GPR:$dst); let InOperandList = (ins); let AsmString = "bad ${dst:hi}"; }
