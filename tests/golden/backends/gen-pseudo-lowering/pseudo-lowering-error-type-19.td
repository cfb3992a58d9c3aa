// A result operand of another type than the instruction's.
// ARGS: --gen-pseudo-lowering -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include -I inc
include "llvm/Target/Target.td"
include "pl-target.td"
let Namespace = "Test", isPseudo = 1 in def P : Instruction, PseudoInstExpansion<(ADDI GPR:$dst, GPR:$dst, GPR:$dst)> { let OutOperandList = (outs GPR:$dst); let InOperandList = (ins); }
