// One input name on two operands of different classes (LLVM 19).
// RELEASE: 19
// ARGS: --gen-compress-inst-emitter -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include -I inc
include "compress-target.td"
def : CompressPat<(ADD GPRC:$rd, GPR:$rd, GPRC:$rs2), (C_ADD GPRC:$rd, GPRC:$rs2)>;
