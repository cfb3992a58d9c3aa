// Pseudo-instructions lowered to real ones: operands by name, registers, immediates, a
// complex operand given whole and by sub-operands, variable operands.
// RELEASE: 22
// ARGS: --gen-pseudo-lowering -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include -I inc
include "llvm/Target/Target.td"
include "pl-target.td"
let Namespace = "Test", isPseudo = 1 in {
  def PMOV : Instruction, PseudoInstExpansion<(ADD GPR:$dst, GPR:$src, R0)> {
    let OutOperandList = (outs GPR:$dst);
    let InOperandList = (ins GPR:$src);
  }
  def PINC : Instruction, PseudoInstExpansion<(ADDI GPR:$dst, GPR:$dst, 1)> {
    let OutOperandList = (outs GPR:$dst);
    let InOperandList = (ins);
  }
  def PNEG : Instruction, PseudoInstExpansion<(ADDI GPR:$dst, zero_reg, -1)> {
    let OutOperandList = (outs GPR:$dst);
    let InOperandList = (ins);
  }
  def PLDB : Instruction, PseudoInstExpansion<(ADDI GPR:$dst, R1, 0b101)> {
    let OutOperandList = (outs GPR:$dst);
    let InOperandList = (ins);
  }
  def PLD : Instruction, PseudoInstExpansion<(LD GPR:$dst, memri:$addr)> {
    let OutOperandList = (outs GPR:$dst);
    let InOperandList = (ins memri:$addr);
  }
  def PCALL : Instruction, PseudoInstExpansion<(CALL simm:$func)> {
    let OutOperandList = (outs);
    let InOperandList = (ins simm:$func, variable_ops);
  }
}
