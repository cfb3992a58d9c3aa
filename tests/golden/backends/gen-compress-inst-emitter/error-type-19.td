// An output operand whose class is not exactly the instruction operand's (LLVM 19 allows sub-classes only in the input).
// RELEASE: 19
// ARGS: --gen-compress-inst-emitter -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include -I inc
include "compress-target.td"
def : CompressPat<(ADD GPRC:$rd, GPRC:$rd, GPRC:$rs2), (C_ADD GPR:$rd, GPRC:$rs2)>;
