// An input dag with fewer arguments than its instruction has operands: LLVM 19 points at the instruction.
// RELEASE: 19
// ARGS: --gen-compress-inst-emitter -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include -I inc
include "compress-target.td"
def : CompressPat<(ADDI GPRC:$rd, simm6:$imm), (C_LI GPRC:$rd, simm6:$imm)>;
