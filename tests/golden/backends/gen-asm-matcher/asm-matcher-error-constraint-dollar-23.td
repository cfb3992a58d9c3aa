// A two-operand alias constraint whose destination lacks its '$'.
// RELEASE: 23
// ARGS: --gen-asm-matcher -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include -I inc
include "llvm/Target/Target.td"
include "am-target.td"
let Namespace = "Test" in def BAD : Instruction { let OutOperandList = (outs GPR:$dst); let InOperandList = (ins GPR:$a); let AsmString = "bad $dst, $a"; let TwoOperandAliasConstraint = "$dst = a"; }
