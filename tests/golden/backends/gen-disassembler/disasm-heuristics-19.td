// LLVM 19's choices: three encodings no filter splits but an island does, a soft-fail bit on
// an unknown bit (a message, no mask), an instruction decoder that may not complete, an
// operand tied to another, a 32-bit instruction in a table of its own.
// RELEASE: 19
// ARGS: --gen-disassembler -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include -I ../gen-emitter/inc
include "llvm/Target/Target.td"
def ModeA : HwMode<"", []>;
def ModeB : HwMode<"", []>;
include "emit-target.td"
def A3 : TInst<(outs), (ins GR:$a), "a3"> {
  bits<3> a;
  let Inst{15-8} = 0b11100000;
  let Inst{7-5} = a;
  let Inst{4-0} = 0b10101;
}
def B3 : TInst<(outs), (ins GR:$b), "b3"> {
  bits<3> b;
  let Inst{15-8} = 0b11100000;
  let Inst{7-3} = 0b01010;
  let Inst{2-0} = b;
}
def C3 : TInst<(outs), (ins GR:$c), "c3"> {
  bits<3> c;
  let Inst{15-8} = 0b11100000;
  let Inst{7} = 1;
  let Inst{6-4} = c;
  let Inst{3-0} = 0b0110;
}
def SF : TInst<(outs GR:$rd), (ins), "sf"> {
  bits<3> rd;
  let Inst{15-3} = 0b1111000000000;
  let Inst{2-0} = rd;
  let SoftFail{1} = 1;
}
def TRY : TInst<(outs), (ins), "try"> {
  let Inst = 0xf100;
  let DecoderMethod = "decodeTry";
  let hasCompleteDecoder = 0;
}
def TIED : TInst<(outs GR:$rd), (ins GR:$rs), "tied"> {
  bits<3> rd;
  let Inst{15-3} = 0b1111001000000;
  let Inst{2-0} = rd;
  let Constraints = "$rs = $rd";
}
def WIDE : Instruction {
  let Namespace = "Test";
  let OutOperandList = (outs GR:$rd);
  let InOperandList = (ins);
  let AsmString = "wide";
  let Size = 4;
  field bits<32> Inst;
  bits<3> rd;
  let Inst{31-3} = 0x1234567;
  let Inst{2-0} = rd;
}
