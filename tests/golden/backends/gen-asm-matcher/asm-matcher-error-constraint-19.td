// A two-operand alias constraint without '='.
// ARGS: --gen-asm-matcher -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include -I inc
include "llvm/Target/Target.td"
include "am-target.td"
let Namespace = "Test" in def BAD : Instruction { let OutOperandList = (outs GPR:$dst); let InOperandList = (ins GPR:$a); let AsmString = "bad $dst, $a"; let TwoOperandAliasConstraint = "$dst"; }
