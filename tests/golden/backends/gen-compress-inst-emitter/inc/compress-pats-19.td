// The patterns of LLVM 19, which maps no sub-operands: tied operands, fixed immediates and registers, a compress-only
// pattern, two compressions of one instruction.
let Predicates = [HasC] in {
def : CompressPat<(ADDI GPRC:$rd, GPRC:$rd, simm6:$imm), (C_ADDI GPRC:$rd, simm6:$imm)>;
def : CompressPat<(ADDI GPRC:$rd, R0, simm6:$imm), (C_LI GPRC:$rd, simm6:$imm)>;
def : CompressPat<(ADDI GPRC:$rd, GPRC:$rd, 1), (C_INC GPRC:$rd)>;
def : CompressPat<(ADD GPRC:$rd, GPRC:$rd, GPRC:$rs2), (C_ADD GPRC:$rd, GPRC:$rs2)>;
def : CompressPat<(SLLI GPRC:$rd, GPRC:$rd, uimm5:$sh), (C_SLLI GPRC:$rd, uimm5:$sh)>;
}
let isCompressOnly = true in
def : CompressPat<(ADD GPR:$rd, R0, GPR:$rs2), (C_MV GPR:$rd, GPR:$rs2)>;
