// The code emitter with a 96-bit instruction: values and operands as APInt (LLVM 22).
// RELEASE: 22
// ARGS: --gen-emitter -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include -I inc
include "llvm/Target/Target.td"
def ModeA : HwMode<[]>;
def ModeB : HwMode<[]>;
include "emit-target.td"
def WIDE : Instruction {
  let Namespace = "Test";
  let OutOperandList = (outs GR:$rd);
  let InOperandList = (ins imm8:$imm);
  let AsmString = "wide";
  let Size = 12;
  field bits<96> Inst;
  bits<3> rd;
  bits<80> imm;
  let Inst{95-93} = rd;
  let Inst{92-13} = imm;
  let Inst{12-0} = 0b1010101010101;
}
