// An input operand the output does not use (LLVM 19).
// RELEASE: 19
// ARGS: --gen-compress-inst-emitter -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include -I inc
include "compress-target.td"
def : CompressPat<(ADDI GPRC:$rd, GPRC:$rs1, simm6:$imm), (C_LI GPRC:$rd, simm6:$imm)>;
