// A dag operand whose class is not the instruction operand's or a sub-class of it.
// RELEASE: 22
// ARGS: --gen-compress-inst-emitter -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include -I inc
include "compress-target.td"
def : CompressPat<(ADD GPR:$rd, GPR:$rd, GPR:$rs2), (C_ADD GPR:$rd, GPR:$rs2)>;
