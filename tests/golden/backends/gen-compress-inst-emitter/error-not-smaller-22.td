// A compressed instruction that is no smaller.
// RELEASE: 22
// ARGS: --gen-compress-inst-emitter -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include -I inc
include "compress-target.td"
def : CompressPat<(C_ADD GPRC:$rd, GPRC:$rs2), (ADD GPRC:$rd, GPRC:$rd, GPRC:$rs2)>;
