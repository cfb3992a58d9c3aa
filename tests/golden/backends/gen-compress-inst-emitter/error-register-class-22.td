// A fixed register outside its operand's class.
// RELEASE: 22
// ARGS: --gen-compress-inst-emitter -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include -I inc
include "compress-target.td"
def : CompressPat<(ADD GPRC:$rd, GPRC:$rd, GPRC:$rs2), (C_ADD GPRC:$rd, R0)>;
