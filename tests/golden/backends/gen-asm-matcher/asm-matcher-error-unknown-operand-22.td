// An assembly string naming an operand the instruction does not have.
// RELEASE: 22
// ARGS: --gen-asm-matcher -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include -I inc
include "llvm/Target/Target.td"
include "am-target.td"
let Namespace = "Test" in def BAD : Instruction { let OutOperandList = (outs GPR:$dst); let InOperandList = (ins); let AsmString = "bad $dst, $nosuch"; }
