// A memory operand's sub-operands as dag arguments: LLVM 19 maps operands, not machine operands.
// RELEASE: 19
// ARGS: --gen-compress-inst-emitter -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include -I inc
include "compress-target.td"
def : CompressPat<(LW GPRC:$rd, GPRC:$rs1, simm6:$off), (C_LW GPRC:$rd, GPRC:$rs1, simm6:$off)>;
