// A result operator that is not an instruction.
// RELEASE: 22
// ARGS: --gen-pseudo-lowering -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include -I inc
include "llvm/Target/Target.td"
include "pl-target.td"
def NotInst; let Namespace = "Test", isPseudo = 1 in def P : Instruction, PseudoInstExpansion<(NotInst GPR:$dst)> { let OutOperandList = (outs GPR:$dst); let InOperandList = (ins); }
