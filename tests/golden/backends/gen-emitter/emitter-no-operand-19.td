// An encoding that names a field no operand has: an error, the record dumped (LLVM 19).
// ARGS: --gen-emitter -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include -I inc
include "llvm/Target/Target.td"
def ModeA : HwMode<"", []>;
def ModeB : HwMode<"", []>;
include "emit-target.td"
def BAD : TInst<(outs GR:$rd), (ins), "bad"> {
  bits<3> rd;
  bits<3> rx;
  let Inst{15-6} = 0b1000000000;
  let Inst{5-3} = rx;
  let Inst{2-0} = rd;
}
