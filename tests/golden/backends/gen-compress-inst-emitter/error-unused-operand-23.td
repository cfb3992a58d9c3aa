// An input operand the output does not use.
// RELEASE: 23
// ARGS: --gen-compress-inst-emitter -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include -I inc
include "compress-target.td"
def : CompressPat<(ADDI GPRC:$rd, GPRC:$rs1, simm6:$imm), (C_LI GPRC:$rd, simm6:$imm)>;
