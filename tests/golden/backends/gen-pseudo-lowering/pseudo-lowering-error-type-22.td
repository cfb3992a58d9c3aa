// A result operand of another type than the instruction's.
// RELEASE: 22
// ARGS: --gen-pseudo-lowering -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include -I inc
include "llvm/Target/Target.td"
include "pl-target.td"
let Namespace = "Test", isPseudo = 1 in def P : Instruction, PseudoInstExpansion<(ADDI GPR:$dst, GPR:$dst, GPR:$dst)> { let OutOperandList = (outs GPR:$dst); let InOperandList = (ins); }
