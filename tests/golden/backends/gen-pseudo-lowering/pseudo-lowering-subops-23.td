// A complex operand given by its sub-operands, each from a source operand.
// RELEASE: 23
// ARGS: --gen-pseudo-lowering -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include -I inc
include "llvm/Target/Target.td"
include "pl-target.td"
let Namespace = "Test", isPseudo = 1 in
def PLDX : Instruction, PseudoInstExpansion<(LD GPR:$dst, (memri GPR:$base, simm:$off))> {
  let OutOperandList = (outs GPR:$dst);
  let InOperandList = (ins GPR:$base, simm:$off);
}
