// A fixed register outside its operand's class (LLVM 19).
// RELEASE: 19
// ARGS: --gen-compress-inst-emitter -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include -I inc
include "compress-target.td"
def : CompressPat<(ADD GPRC:$rd, GPRC:$rd, GPRC:$rs2), (C_ADD GPRC:$rd, R0)>;
