// A result operand named after no operand of the pseudo-instruction.
// ARGS: --gen-pseudo-lowering -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include -I inc
include "llvm/Target/Target.td"
include "pl-target.td"
let Namespace = "Test", isPseudo = 1 in def P : Instruction, PseudoInstExpansion<(ADD GPR:$dst, GPR:$x, GPR:$dst)> { let OutOperandList = (outs GPR:$dst); let InOperandList = (ins); }
