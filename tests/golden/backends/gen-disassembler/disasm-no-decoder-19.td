// A complex operand with neither a decoder method nor named sub-operands: an error, the record
// dumped; and an operand the encoding has no field for (LLVM 19).
// RELEASE: 19
// ARGS: --gen-disassembler -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include -I ../gen-emitter/inc
include "llvm/Target/Target.td"
def ModeA : HwMode<"", []>;
def ModeB : HwMode<"", []>;
include "emit-target.td"
def pair : Operand<i32> { let MIOperandInfo = (ops GR, GR); }
def LDP : TInst<(outs GR:$rd), (ins pair:$p), "ldp"> {
  bits<3> rd;
  let Inst{15-3} = 0b1010000000000;
  let Inst{2-0} = rd;
}
def LDQ : TInst<(outs GR:$rd), (ins GR:$q), "ldq"> {
  bits<3> rd;
  let Inst{15-3} = 0b1011000000000;
  let Inst{2-0} = rd;
}
